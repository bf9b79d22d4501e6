"""The companion's core, in process: pages in three languages, the dispute form of every registered
game, and every bad request answered with one clear message (never a traceback)."""

from __future__ import annotations

import re

import pytest

from solver.registry import all_games, game_names
from tests.web.conftest import csrf_of


def test_home_lists_every_registered_game(client):
    html = client.get("/").text
    for game in all_games():
        assert f'href="/g/{game.name}"' in html


@pytest.mark.parametrize("lang,word", [("fr", "Régler un litige"), ("nl", "Een geschil beslechten"), ("en", "Settle a dispute")])
def test_the_browser_language_is_spoken(client, lang, word):
    assert word in client.get("/", headers={"accept-language": f"{lang};q=0.9"}).text


def test_a_chosen_language_sticks_and_returns_to_the_page(client):
    r = client.get("/lang/nl?next=/g/nambarz", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/g/nambarz"
    assert "Een geschil beslechten" in client.get("/", headers={"accept-language": "fr"}).text


def test_the_next_page_is_always_on_this_server(client):
    for target in ("https://evil.example/", "//evil.example/", "/\\evil"):
        r = client.get(f"/lang/fr?next={target}", follow_redirects=False)
        assert r.headers["location"] == "/"


def _judge(client, game, situation, answer, **extra):
    token = csrf_of(client.get(f"/g/{game}").text)
    preset = find(game).default_preset
    return client.post(f"/g/{game}/judge", data={"csrf": token, "s.situation": situation, "answer": answer,
                                                 "preset": preset, "shown_preset": preset, **extra})


def find(name):
    from solver.registry import find_game

    return find_game(name)


@pytest.mark.parametrize("name", game_names())
def test_every_game_judges_its_best_answer_legal_in_the_browser(client, name):
    """Conformance: the default face of every game takes the situation as typed; the solver's best
    answer is judged legal, and a known refused answer illegal, exactly as the CLI judges them."""
    import random

    game = find(name)
    rules = game.rules()
    data = game.load_data(rules)
    situation = game.random_situation(random.Random(7), rules, data)
    from trainer.web.face import face_of

    face = face_of(game)
    fields = face.situation_fields(rules, data)
    values = {f"s.{k}": v for k, v in face.fields_from(str(situation)).items()}
    assert set(values) <= {f"s.{f.name}" for f in fields}
    best = game.best_answers(game.best(situation, rules, data))[0]
    token = csrf_of(client.get(f"/g/{name}").text)
    preset = game.default_preset
    r = client.post(f"/g/{name}/judge", data={"csrf": token, **values, "answer": best, "preset": preset,
                                              "shown_preset": preset})
    assert r.status_code == 200, r.text[:2000]
    assert 'class="verdict legal"' in r.text
    refused = game.refused_answer(situation, rules, data)
    if refused is not None:
        r = client.post(f"/g/{name}/judge", data={"csrf": token, **values, "answer": refused, "preset": preset,
                                                  "shown_preset": preset})
        assert 'class="verdict illegal"' in r.text
        verdict = game.judge(situation, refused, rules, data)
        from html import escape

        from solver.rulebook import explained

        assert escape(explained(game, verdict, rules), quote=True) in r.text


def test_a_judged_dispute_names_verdict_penalty_better_play_and_rules(client):
    r = _judge(client, "nambarz", "top 3-bee; hand 6 5 2 10", "6+5+2-10")
    assert r.status_code == 200
    assert 'class="verdict illegal"' in r.text and "Penalty" in r.text and "Best play" in r.text
    assert "Rules assumed" in r.text


def test_a_verdict_in_french(client):
    client.get("/lang/fr")
    r = _judge(client, "nambarz", "top 3-bee; hand 6 5 2 10", "6+5+2-10")
    assert "Légal" in r.text or "légal" in r.text


def test_a_situation_that_does_not_read_is_one_line_and_keeps_the_form(client):
    r = _judge(client, "nambarz", "top 3-bee; hand 6 5 2 banana", "6+5")
    assert r.status_code == 400
    assert r.text.count('class="error"') == 1 and "banana" in r.text
    assert "Traceback" not in r.text and 'value="6+5"' in r.text


def test_a_form_without_its_token_is_refused(client):
    r = client.post("/g/nambarz/judge", data={"s.situation": "top 3-bee; hand 6 5 2 10", "answer": "6+5+2-10"})
    assert r.status_code == 403 and "reload the page" in r.text


def test_a_request_too_large_is_refused_before_it_is_read(client):
    r = client.post("/g/nambarz/judge", content=b"x" * (70 * 1024),
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413


def test_a_field_too_long_is_refused(client):
    token = csrf_of(client.get("/g/nambarz").text)
    r = client.post("/g/nambarz/judge", data={"csrf": token, "s.situation": "1 " * 5000, "answer": "1"})
    assert r.status_code == 400 and "too long" in r.text


def test_a_file_upload_is_refused(client):
    token = csrf_of(client.get("/g/nambarz").text)
    r = client.post("/g/nambarz/judge", data={"csrf": token}, files={"answer": ("x.txt", b"6+5")})
    assert r.status_code == 400 and "Traceback" not in r.text


@pytest.mark.parametrize("path", ["/g/chess", "/nothing/here", "/lang/de", "/static/../../etc/passwd"])
def test_unknown_pages_are_a_clear_404(client, path):
    r = client.get(path)
    assert r.status_code == 404 and "Traceback" not in r.text


def test_bad_rules_from_a_form_are_one_line(client):
    r = _judge(client, "nambarz", "top 3-bee; hand 6 5 2 10", "6+5+2-10", **{"rule.order": "sideways"})
    assert r.status_code == 400 and "sideways" in r.text


def test_a_changed_rule_is_applied_and_shown(client):
    r = _judge(client, "arith", "numbers 1 2 3 4; target 10", "1+2+3+4", **{"rule.ops": "+-"})
    assert r.status_code == 200, r.text[:1500]
    assert "Rules assumed" in r.text


def test_the_preview_draws_or_says_why_not(client):
    token = csrf_of(client.get("/g/nambarz").text)
    ok = client.post("/g/nambarz/draw", data={"csrf": token, "s.situation": "top 3-bee; hand 6 5 2 10"})
    assert ok.status_code == 200 and 'name="answer"' in ok.text
    bad = client.post("/g/nambarz/draw", data={"csrf": token, "s.situation": "top 3-bee; hand"})
    assert bad.status_code == 422 and 'class="error"' in bad.text and 'name="answer"' in bad.text


class TestJoinCode:
    @pytest.fixture
    def lan(self, web):
        from starlette.testclient import TestClient

        from trainer.web.app import create_app

        web.guard.lan, web.address = True, "http://192.168.1.20:8765/"
        with TestClient(create_app(web), base_url="http://192.168.1.20:8765") as c:
            yield c

    def test_every_page_needs_the_code_on_a_lan(self, lan):
        r = lan.get("/g/nambarz", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/join")

    def test_the_code_in_the_qr_link_lets_the_phone_in(self, lan):
        r = lan.get("/join?code=123456&next=/g/nambarz", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/g/nambarz"
        assert lan.get("/g/nambarz").status_code == 200

    def test_a_wrong_code_is_refused_and_many_wrong_codes_wait(self, lan):
        assert lan.get("/join?code=000000").status_code == 403
        for _ in range(12):
            r = lan.get("/join?code=000001")
        assert r.status_code == 429
        assert lan.get("/join?code=123456").status_code == 429  # even the right one, for a minute

    def test_the_join_form_is_csrf_checked_too(self, lan):
        r = lan.post("/join", data={"code": "123456"})
        assert r.status_code == 403


def test_the_share_page_shows_the_code_on_this_computer_only(client, web):
    assert "123456" in client.get("/share").text  # the test client is this computer
    web.address, web.guard.lan = "http://192.168.1.20:8765/", True
    r = client.get("/share")  # on a LAN, with the code already given (the cookie), the QR code
    assert r.status_code in (200, 303)


def test_the_share_page_draws_the_qr_code_of_the_join_link(web):
    from starlette.testclient import TestClient

    from trainer.web.app import create_app

    web.address, web.guard.lan = "http://192.168.1.20:8765/", True
    with TestClient(create_app(web), base_url="http://192.168.1.20:8765") as c:
        assert c.get("/join?code=123456").status_code == 200
        page = c.get("/share").text
    assert "<svg" in page and "http://192.168.1.20:8765/join?code=123456" in page


def test_a_request_for_another_host_name_is_refused(client):
    """DNS rebinding: a site whose name points at this computer cannot read the pages (nor the code)."""
    r = client.get("/share", headers={"host": "evil.example:8765"})
    assert r.status_code == 421 and "123456" not in r.text


@pytest.mark.parametrize("path", ["/g/nosuch", "/d/nokey", "/class/worksheet?count=0"])
def test_refusals_speak_the_page_language(client, path):
    client.get("/join?code=123456")
    r = client.get(path, headers={"accept-language": "fr"})
    assert r.status_code in (400, 404) and 'lang="fr"' in r.text
    message = re.search(r'class="error" role="alert">([^<]*)<', r.text).group(1)
    from solver.i18n import _

    assert message not in {"There is no game called nosuch here.", "A worksheet has 1 to 200 facts.",
                           _("This drill session is over (or the server was restarted): start a new one.")}


@pytest.mark.parametrize("query", ["count=%C2%B2", "count=5&seed=%C2%B2", "count=5&seed=" + "9" * 5000,
                                   "count=" + "9" * 5000])
def test_numbers_in_unicode_or_too_long_are_one_line(client, query):
    client.get("/join?code=123456")
    r = client.get("/class/worksheet?name=&" + query)
    assert r.status_code == 400 and "Traceback" not in r.text


@pytest.mark.parametrize("lang, game, fields, answer, wanted", [
    ("fr", "nambarz", {"s.situation": "top 3-bee; hand 6 5 2 10"}, "6-5+", "n'est pas un calcul"),
    ("nl", "nambarz", {"s.situation": "top 3-bee; hand 6 5 2 10"}, "6-5+", "is geen berekening"),
    ("fr", "namnam", {"s.s1": "zz"}, "3", "position incorrecte"),
    ("nl", "ramikubic", {"s.table": "7b 8b 9b", "s.rack": "10b zz?"}, "pass", "steen 'zz\\?' klopt niet"),
    ("fr", "ramikubic", {"s.table": "7b 8b 9b", "s.rack": "10b zz?"}, "pass", "tuile incorrecte"),
    ("fr", "nainjaune", {"s.hands": "Ann: 9c 10d | Bob: 8h Qs | Cid: 4h zz?"}, "9c", "carte inconnue"),
])
def test_a_game_s_parser_error_reaches_the_page_in_its_language(client, lang, game, fields, answer, wanted):
    """The games' own errors (a calculation, a card, a position that does not read) are worded in the
    page's language, as the verdicts are."""
    import html

    client.get(f"/lang/{lang}")
    token = csrf_of(client.get(f"/g/{game}").text)
    preset = find(game).default_preset
    r = client.post(f"/g/{game}/judge", data={"csrf": token, "answer": answer, "preset": preset,
                                               "shown_preset": preset, **fields})
    text = html.unescape(r.text)
    assert re.search(wanted, text), re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))[:3000]
