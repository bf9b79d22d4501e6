"""Whatever a browser (or anything else) sends the companion gets a defined answer: a page with one
clear line and a 4xx status, never a 500 or a traceback. Hypothesis writes the forms: every field
a page has, filled with hostile text, for every registered game's dispute, tables and drills."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.registry import all_games
from tests.web.conftest import csrf_of

TEXT = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", " ", "0", "-1", "99999999999999999999", "1e309", "nan", "../../etc/passwd", "<script>",
                     "top 3-bee; hand", "|||", "7b 7b 7b 7b 7b", "table | ; rack", "%00", "\x00", "é" * 200]),
)
GAMES = [g.name for g in all_games()]
OK = {200, 303, 400, 403, 404, 409, 413, 422, 429}
FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


def _fields(html: str, form_action: str) -> list[str]:
    """The names of the inputs of the form posting to ``form_action`` (the first one)."""
    start = html.find(f'action="{form_action}"')
    end = html.find("</form>", start)
    return sorted(set(re.findall(r'name="([^"]+)"', html[start:end]))) if start >= 0 else []


def _check(r):
    assert r.status_code in OK, (r.status_code, r.text[-800:])
    assert "Traceback" not in r.text and "File \"" not in r.text


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_dispute_forms_take_anything(client, game, data):
    page = client.get(f"/g/{game}")
    names = [n for n in _fields(page.text, f"/g/{game}/judge") if n != "csrf"]
    form = {"csrf": csrf_of(page.text)}
    for name in data.draw(st.lists(st.sampled_from(names + ["answer", "preset", "junk"]), max_size=8), label="fields"):
        form[name] = data.draw(TEXT, label=name)
    for action in ("judge", "draw"):
        _check(client.post(f"/g/{game}/{action}", data=form))


@pytest.mark.parametrize("game", [g.name for g in all_games() if g.plays_whole()])
@FUZZ
@given(data=st.data())
def test_table_forms_take_anything(client, game, data):
    page = client.get(f"/t/{game}")
    names = [n for n in _fields(page.text, f"/t/{game}/new") if n != "csrf"]
    form = {"csrf": csrf_of(page.text)}
    for name in data.draw(st.lists(st.sampled_from(names + ["junk"]), max_size=8), label="fields"):
        form[name] = data.draw(TEXT, label=name)
    r = client.post(f"/t/{game}/new", data=form, follow_redirects=False)
    _check(r)
    if r.status_code == 303:  # a table was made: anything typed as a move
        url = r.headers["location"]
        table = client.get(url)
        _check(table)
        token = csrf_of(table.text)
        version = re.search(r'name="v" value="(\d+)"', table.text)
        move = {"csrf": token, "v": version.group(1) if version else "0", "move": data.draw(TEXT, label="move"),
                "player": data.draw(TEXT, label="player")}
        for action in ("move", "undo", "hint", "ready", "next"):
            _check(client.post(f"{url}/{action}", data=move, follow_redirects=False))


@FUZZ
@given(data=st.data())
def test_drill_and_class_forms_take_anything(client, data):
    page = client.get("/drill")
    form = {"csrf": csrf_of(page.text), "drill": data.draw(st.one_of(TEXT, st.sampled_from(
        [f"{g}:{lvl}" for g in GAMES for lvl in ("", "basic", "mul", "zzz")])), label="drill"),
        "count": data.draw(TEXT, label="count"), "learner": data.draw(TEXT, label="learner")}
    r = client.post("/drill/start", data=form, follow_redirects=False)
    _check(r)
    if r.status_code == 303:
        url = r.headers["location"]
        shown = client.get(url)
        _check(shown)
        _check(client.post(url + "/answer", data={"csrf": csrf_of(shown.text), "answer": data.draw(TEXT)}))
        _check(client.post(url + "/typed", data={"csrf": csrf_of(shown.text), "typed": data.draw(TEXT)}))
        _check(client.post(url + "/answer", data={"csrf": csrf_of(shown.text), "command": "quit"}))
    client.get("/join?code=123456")
    for path in ("/class/learner", "/class/worksheet", "/class/report"):
        _check(client.get(path, params={"name": data.draw(TEXT), "count": data.draw(TEXT), "seed": data.draw(TEXT)}))
