"""Drills in the browser play the CLI's own session: answers judged and recorded in the history,
hints, skips, quitting, the clock, Zetamac's answer taken when right, bad settings in one line."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import csrf_of


def _start(client, drill="arith:mul", count="3", **extra):
    token = csrf_of(client.get("/drill").text)
    return client.post("/drill/start", data={"csrf": token, "drill": drill, "count": count, **extra})


def _answer(client, page, text=None, command=None):
    key = re.search(r'action="/d/([^/]+)/answer"', page.text).group(1)
    data = {"csrf": csrf_of(page.text)}
    if command:
        data["command"] = command
    else:
        data["answer"] = text
    return client.post(f"/d/{key}/answer", data=data)


def _product(page) -> int:
    a, b = re.search(r'<h1 class="prompt">(\d+) × (\d+)</h1>', page.text).groups()
    return int(a) * int(b)


def test_a_drill_is_answered_judged_and_recorded(client, web):
    from trainer.history import History

    page = _start(client)
    assert page.status_code == 200 and "Puzzle 1" in page.text
    page = _answer(client, page, str(_product(page)))
    assert "Right!" in page.text and "Puzzle 2" in page.text
    page = _answer(client, page, "1")
    assert "Not right" in page.text
    page = _answer(client, page, str(_product(page)))
    assert "Session over" in page.text and "2 right out of 3" in page.text
    assert '<div class="chart"><svg' in page.text  # the learner's chart
    with History.open(web.history, read_only=True) as h:
        answers = h.answers()
    assert [a.correct for a in answers] == [True, False, True]


def test_an_answer_that_does_not_read_is_asked_again_and_not_recorded(client, web):
    from trainer.history import History

    page = _start(client, count="1")
    page = _answer(client, page, "banana")
    assert 'class="error"' in page.text and "Puzzle 1" in page.text
    with History.open(web.history, read_only=True) as h:
        assert h.count() == 0


def test_hint_skip_and_stop(client, web):
    page = _start(client, drill="arith:countdown", count="3")
    page = _answer(client, page, command="hint")
    assert 'class="hint"' in page.text
    page = _answer(client, page, command="skip")
    assert "Skipped" in page.text and "Puzzle 2" in page.text
    page = _answer(client, page, command="quit")
    assert "Session over" in page.text and "Practise again" in page.text


def test_a_drill_in_french(client):
    client.get("/lang/fr")
    page = _start(client)
    page = _answer(client, page, str(_product(page)))
    assert "Énigme 2" in page.text and "Juste !" in page.text


def test_zetamac_takes_the_answer_when_the_digits_make_it(client):
    page = _start(client, drill="arith:mul", count="2", **{"opt.arith.mode": "zetamac"})
    assert 'data-typed="/d/' in page.text
    key = re.search(r'action="/d/([^/]+)/answer"', page.text).group(1)
    token = csrf_of(page.text)
    answer = str(_product(page))
    statuses = [client.post(f"/d/{key}/typed", data={"csrf": token, "typed": answer[:k]}).json()["status"]
                for k in range(1, len(answer) + 1)]
    assert statuses[-1] == "right" and all(s in ("on-the-way", "right") for s in statuses)
    wrong = "9" + answer if answer[0] != "9" else "8" + answer
    assert client.post(f"/d/{key}/typed", data={"csrf": token, "typed": wrong}).json()["status"] == "wrong"
    page = _answer(client, page, answer)
    assert "Puzzle 2" in page.text


@pytest.mark.parametrize("extra,word", [({"drill": "chess:mul"}, "chess"), ({"drill": "arith:hard"}, "hard"),
                                        ({"count": "5000"}, "200"), ({"opt.arith.mode": "fast"}, "fast"),
                                        ({"learner": "<script>"}, "")])
def test_bad_drill_settings_are_one_line(client, extra, word):
    data = {"drill": "arith:mul", "count": "3", **extra}
    token = csrf_of(client.get("/drill").text)
    r = client.post("/drill/start", data={"csrf": token, **data})
    assert r.status_code == 400 and r.text.count('class="error"') == 1 and word in r.text
    assert "Traceback" not in r.text


def test_an_unknown_session_is_a_clear_404(client):
    r = client.get("/d/nothing-here")
    assert r.status_code == 404 and "start a new one" in r.text


def test_every_registered_drill_starts_in_the_browser(client):
    from solver.registry import game_names
    from trainer.drills import drill_class

    for name in game_names():
        level = drill_class(name).default_level
        page = _start(client, drill=f"{name}:{level}", count="1")
        assert page.status_code == 200 and "Puzzle 1" in page.text, (name, page.text[-1500:])
        page = _answer(client, page, command="quit")
        assert "Session over" in page.text


def test_a_web_drill_takes_steps_and_undo(client, web):
    """The web drill runs the CLI's session: a step shows where the move stands and an Undo button."""
    from trainer.history import History

    page = _start(client, drill="ramikubic:rearrange", count="1")
    page = _answer(client, page, "take 1")
    assert 'class="pre step"' in page.text and "Taken from the table, to lay again" in page.text
    assert 'value="undo"' in page.text
    page = _answer(client, page, "done")
    assert 'class="error"' in page.text and "before done" in page.text
    page = _answer(client, page, command="undo")
    assert "Undone: take 1." in page.text
    page = _answer(client, page, "done")
    assert "Not right" in page.text  # nothing laid where something could be: a pass
    with History.open(web.history, read_only=True) as h:
        (a,) = h.answers()
    assert a.answer == "done" and not a.correct
