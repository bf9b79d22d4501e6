"""The browser faces of Ramikubic, Nam Nam and Le Nain Jaune: the tapping form and its notation
(round trips on many dealt situations), the drawings (every tile, card, seed and token shown,
every text escaped), the answer's taps and a round in play's moves; then, in a real browser at
phone width and in French, a dispute of each game settled by taps only."""

from __future__ import annotations

import random
import re
from collections import Counter
from html import escape

import pytest

from solver.registry import find_game
from tests.web.conftest import DESKTOP, no_horizontal_scroll, screenshot
from tests.web.conftest import wait_for
from trainer.web.face import face_of

GAMES = ("ramikubic", "namnam", "nainjaune")


def _setup(name: str, preset: str | None = None):
    game = find_game(name)
    rules = game.rules(preset)
    return game, face_of(game), rules, game.load_data(rules)


# -- the form and its notation ---------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_each_game_has_its_own_face(name):
    game, face, _rules, _data = _setup(name)
    assert type(face).__module__ == f"trainer.games.{name}.web"


@pytest.mark.parametrize("name", GAMES)
def test_the_form_gives_back_every_dealt_situation(name):
    """``situation_text(fields_from(n))`` reads as ``n`` itself, on many dealt situations under every
    preset; the values fill only the face's own fields."""
    game = find_game(name)
    for preset in game.presets:
        _game, face, rules, data = _setup(name, preset)
        names = {f.name for f in face.situation_fields(rules, data)}
        rng = random.Random(f"{name}-{preset}")
        for _ in range(60):
            situation = game.random_situation(rng, rules, data)
            values = face.fields_from(str(situation))
            assert set(values) <= names
            again = game.parse_situation(face.situation_text(values), data)
            assert str(again) == str(situation)


def test_the_form_reads_a_nain_jaune_round_end_too():
    game, face, rules, data = _setup("nainjaune")
    text = "settle; hands Ann: 3c Qs | Bob: - | Cid: 2c; board 10:3 J:6 Q:9 K:12 7:15; opera; ask Ann; tokens 30 40 50"
    again = game.parse_situation(face.situation_text(face.fields_from(text)), data)
    assert str(again) == str(game.parse_situation(text, data))
    assert face.answer_field(again, rules, data).mode == "number"


def test_ramikubic_taps_too_many_separators_and_still_reads():
    game, face, rules, data = _setup("ramikubic")
    text = face.situation_text({"table": "| 7b 8b 9b | | 5r 5y 5g |", "rack": "10b 7y", "melded": "ja"})
    assert str(game.parse_situation(text, data)) == "table 7b 8b 9b | 5r 5y 5g; rack 10b 7y; melded"
    assert face.situation_text({"table": "", "rack": "", "melded": "oui"}) == ""
    assert "melded" not in face.situation_text({"table": "", "rack": "7b", "melded": "non"})


def test_nam_nam_reads_the_side_in_any_language_and_blank_pits_as_empty():
    game, face, rules, data = _setup("namnam")
    values = face.fields_from("start")
    values.update({"to": "Nord", "s1": "", "captured_s": "4"})
    assert face.situation_text(values) == "0.4.4.4.4.4/4.4.4.4.4.4 n 4-0"


def test_every_situation_field_is_named_and_translated():
    from solver.i18n import speaking

    for name in GAMES:
        game, face, rules, data = _setup(name)
        english = [f.label for f in face.situation_fields(rules, data)]
        with speaking("fr"):
            french = [f.label for f in face.situation_fields(rules, data)]
        assert all(english) and len(set(f.name for f in face.situation_fields(rules, data))) == len(english)
        assert sum(e != f for e, f in zip(english, french)) >= 2, name


def test_a_ramikubic_palette_is_grouped_by_colour():
    game, face, rules, data = _setup("ramikubic")
    table = face.situation_fields(rules, data)[0]
    groups = [t.group for t in table.tokens]
    runs = [g for k, g in enumerate(groups) if k == 0 or groups[k - 1] != g]
    assert runs == ["blue", "yellow", "green", "red", ""]
    assert Counter(groups)["blue"] == 10 and table.tokens[-1].text == "|"


def test_a_nain_jaune_palette_is_grouped_by_suit():
    game, face, rules, data = _setup("nainjaune")
    hands = face.situation_fields(rules, data)[0]
    assert len(hands.tokens) == 53 and len({t.group for t in hands.tokens[:52]}) == 4
    assert [t.text for t in hands.tokens[:13]] == ["Ac", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "Jc",
                                                   "Qc", "Kc"]


# -- the drawings --------------------------------------------------------------------------------


def _values(html: str, attribute: str) -> list[str]:
    return re.findall(rf'{attribute}="([^"]*)"', html)


def test_a_ramikubic_drawing_shows_every_tile():
    game, face, rules, data = _setup("ramikubic")
    rng = random.Random(5)
    for _ in range(20):
        p = game.random_situation(rng, rules, data)
        shown = Counter(_values(face.draw(p, rules, data), "data-tile"))
        assert shown == Counter(str(t) for t in (*p.rack, *(t for c in p.table for t in c)))


def test_a_nam_nam_drawing_shows_every_seed_count():
    """Every pit's count, the mover's row nearest (from its pit 1 on the left), the other above from its 6."""
    game, face, rules, data = _setup("namnam")
    rng = random.Random(5)
    movers = set()
    for _ in range(20):
        p = game.random_situation(rng, rules, data)
        html = face.draw(p, rules, data)
        pits = [int(n) for n in _values(html, "data-seeds")]
        mover, other = p.row(p.to_move), p.row(1 - p.to_move)
        assert pits[0::2] == list(other[::-1]) and pits[1::2] == list(mover)
        assert [int(n) for n in _values(html, "data-store")] == [p.captured[1 - p.to_move], p.captured[p.to_move]]
        tapped = [t.text for t in face.answer_field(p, rules, data).tokens]
        assert tapped == ["1", "2", "3", "4", "5", "6"]  # the mover's pits as the drawing shows them
        movers.add(p.to_move)
    assert movers == {0, 1}


def test_a_nain_jaune_drawing_shows_every_card_and_token():
    game, face, rules, data = _setup("nainjaune")
    rng = random.Random(5)
    for _ in range(20):
        p = game.random_situation(rng, rules, data)
        html = face.draw(p, rules, data)
        cards = Counter(_values(html, "data-card"))
        assert cards == Counter([str(c) for h in p.hands for c in h] + [str(c) for c in rules.board_cards])
        assert [int(n) for n in _values(html, "data-tokens")] == list(p.board.stakes)


def test_drawings_escape_what_people_named():
    from solver.nainjaune.round import Position as Table

    game, face, rules, data = _setup("ramikubic")
    state = game.new_match(("<b>Ann", "Bob&Co"), rules, data).deal(random.Random(1))
    for seat in (None, 0, 1):
        html = face.draw_state(state, seat)
        assert "<b>Ann" not in html and escape("<b>Ann") in html and escape("Bob&Co") in html
    game, face, rules, data = _setup("nainjaune")
    p = game.random_situation(random.Random(2), rules, data)
    named = Table(p.hands, p.board, p.to, p.mode, p.need, names=tuple(f"<i>{k}" for k in range(p.players)))
    html = face.draw(named, rules, data)
    assert "<i>0" not in html and escape("<i>0") in html
    for field in (face.answer_field(named, rules, data),):
        assert all("<i>" not in t.svg for t in field.tokens)


# -- the answer and the round in play ----------------------------------------------------------------


def test_the_ramikubic_answer_is_tapped_from_the_table_and_rack():
    game, face, rules, data = _setup("ramikubic")
    p = game.parse_situation("table 7b 8b 9b | 5y 5b 5g; rack 10b 7y 7g 5r 2r; melded", data)
    field = face.answer_field(p, rules, data)
    texts = [t.text for t in field.tokens]
    assert field.mode == "many" and {"1", "2", ":", "|", "+", "pass"} <= set(texts)
    assert Counter(texts) >= Counter(["7b", "8b", "9b", "5y", "5b", "5g", "10b", "7y", "7g", "5r", "2r"])
    taps = ["1", "2", ":", "8b", "9b", "10b", "|", "7b", "7y", "7g", "|", "5y", "5b", "5g", "5r"]
    assert all(t in texts for t in taps)
    verdict = game.judge(p, " ".join(taps), rules, data)
    assert verdict.legal and len(verdict.placed) == 4


def test_the_nam_nam_answer_is_a_pit_of_the_mover():
    """The mover's row is drawn nearest, from its pit 1 on the left: South or North alike."""
    game, face, rules, data = _setup("namnam")
    for text, order in (("start", ["1", "2", "3", "4", "5", "6"]),
                        ("4.4.0.5.5.5/5.4.4.4.4.4 n 0-0", ["1", "2", "3", "4", "5", "6"])):
        field = face.answer_field(game.parse_situation(text, data), rules, data)
        assert field.mode == "one" and [t.text for t in field.tokens] == order


def test_the_nain_jaune_answer_is_tapped_from_the_movers_cards():
    game, face, rules, data = _setup("nainjaune")
    p = game.parse_situation("hands Ann: 9c 10d Jc 2s 3s | Bob: 8h Qs | Cid: 4h 5h; board 10:3 J:6 Q:9 K:12 7:15", data)
    field = face.answer_field(p, rules, data)
    texts = [t.text for t in field.tokens]
    assert texts[:5] == ["2s", "3s", "9c", "10d", "Jc"] and "sans Q" in texts and "!" not in texts
    assert game.judge(p, "9c 10d Jc sans Q", rules, data).legal
    strict = game.rules("announce")
    assert "!" in [t.text for t in face.answer_field(p, strict, data).tokens]


@pytest.mark.parametrize("name", GAMES)
def test_a_round_in_play_is_drawn_and_its_moves_tapped(name):
    """``draw_state`` for every seat and for a table that shows everything; every move token is a
    move the round accepts."""
    game, face, rules, data = _setup(name)
    names = ("Ann", "Bob") if name != "nainjaune" else ("Ann", "Bob", "Cid")
    match = game.new_match(names, rules, data)
    state = match.deal(random.Random(3))
    rng = random.Random(4)
    for _ in range(12):
        if state.is_terminal():
            break
        for seat in (None, *range(len(names))):
            assert face.draw_state(state, seat).startswith("<div")
        tokens = face.move_tokens(state)
        assert tokens
        for token in tokens:
            assert state.judge(token.text).legal, (str(state), token.text)
        state = state.after(state.judge(rng.choice(tokens).text))
    face.draw_state(state, None)


def test_hidden_hands_stay_hidden():
    game, face, rules, data = _setup("ramikubic")
    state = game.new_match(("Ann", "Bob"), rules, data).deal(random.Random(1))
    mine = Counter(_values(face.draw_state(state, 0), "data-tile"))
    assert mine == Counter(str(t) for t in state.racks[0])
    assert sum(Counter(_values(face.draw_state(state, None), "data-tile")).values()) == 28
    game, face, rules, data = _setup("nainjaune")
    state = game.new_match(("Ann", "Bob", "Cid"), rules, data).deal(random.Random(1))
    shown = Counter(_values(face.draw_state(state, 1), "data-card"))
    assert shown == Counter([str(c) for c in state.position.hands[1]] + [str(c) for c in rules.board_cards])


def test_a_nam_nam_board_turns_to_its_seat():
    game, face, rules, data = _setup("namnam")
    state = game.new_match(("Ann", "Bob"), rules, data).deal(random.Random(1))
    state = state.after(state.judge("3"))
    south_below = [int(n) for n in _values(face.draw_state(state, 0), "data-seeds")]
    north_below = [int(n) for n in _values(face.draw_state(state, 1), "data-seeds")]
    assert south_below[1::2] == list(state.position.south) and north_below[1::2] == list(state.position.north)
    assert [t.text for t in face.move_tokens(state)] == ["1", "2", "3", "4", "5", "6"]


def test_a_dispute_is_judged_through_the_tapping_form(client):
    """The faces' fields posted as the page sends them: the verdict, the penalty and the better play."""
    from tests.web.conftest import csrf_of

    token = csrf_of(client.get("/g/ramikubic").text)
    form = {"csrf": token, "s.table": "7b 8b 9b | 5y 5b 5g", "s.rack": "10b 7y 7g 5r 2r", "s.melded": "yes",
            "answer": "1 : 8b 9b 10b | 7y 7g 7b", "preset": "standard", "shown_preset": "standard"}
    r = client.post("/g/ramikubic/judge", data=form)
    assert r.status_code == 200 and 'class="verdict legal"' in r.text
    r = client.post("/g/ramikubic/judge", data={**form, "answer": "1 : 8b 9b 10b | 7y 7g"})
    assert 'class="verdict illegal"' in r.text and "Penalty" in r.text and "Best play" in r.text
    r = client.post("/g/ramikubic/draw", data={k: v for k, v in form.items() if k != "answer"})
    assert r.status_code == 200 and r.text.count('data-for="f-answer"') > 10


# -- in a real browser ---------------------------------------------------------------------------------


def _tap(browser, field: str, text: str):
    from selenium.webdriver.common.by import By

    selector = f'button.token[data-for="f-{field}"][data-text="{text}"]'
    browser.find_element(By.CSS_SELECTOR, selector).click()


def _tap_all(browser, field: str, texts):
    for text in texts:
        _tap(browser, field, text)


def _value(browser, name: str) -> str:
    from selenium.webdriver.common.by import By

    return browser.find_element(By.NAME, name).get_attribute("value")


def _judge(browser):
    from selenium.webdriver.common.by import By

    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    return wait_for(browser, "#verdict")


def _targets_are_big_enough(browser) -> list[str]:
    """Every visible button smaller than 44 px either way."""
    return browser.execute_script("""
        return Array.from(document.querySelectorAll('main button')).filter(function (b) {
          var r = b.getBoundingClientRect();
          return r.width > 0 && (r.width < 43.5 || r.height < 43.5);
        }).map(function (b) { return (b.dataset.text || b.textContent) + ' ' + b.getBoundingClientRect().width; });""")


def test_a_ramikubic_manipulation_settled_by_taps_in_french_on_a_phone(live, browser):
    browser.get(live.url + "/lang/fr?next=/g/ramikubic")
    assert no_horizontal_scroll(browser) and not _targets_are_big_enough(browser)
    screenshot(browser, "ramikubic-empty-fr-phone")
    _tap(browser, "s.melded", "oui")
    _tap_all(browser, "s.table", ["7b", "8b", "9b", "|", "5y", "5b", "5g"])
    _tap_all(browser, "s.rack", ["10b", "7y", "7g", "5r", "2r"])
    assert _value(browser, "s.table") == "7b 8b 9b | 5y 5b 5g"
    wait_for(browser, 'button.token[data-for="f-answer"][data-text="2r"]')
    wait_for(browser, 'button.token[data-for="f-answer"][data-text="2"]')
    _tap_all(browser, "answer", ["1", "2", ":", "8b", "9b", "10b", "|", "7b", "7y", "7g", "|", "5y", "5b", "5g", "5r"])
    assert _value(browser, "answer") == "1 2 : 8b 9b 10b | 7b 7y 7g | 5y 5b 5g 5r"
    assert no_horizontal_scroll(browser)
    screenshot(browser, "ramikubic-built-fr-phone")
    verdict = _judge(browser)
    assert "Légal" in verdict.text and "Pas légal" not in verdict.text
    assert "Règles supposées" in verdict.text or "Règles" in verdict.text
    assert no_horizontal_scroll(browser)
    screenshot(browser, "ramikubic-verdict-fr-phone")


def test_a_wrong_ramikubic_manipulation_gets_its_penalty(live, browser):
    browser.get(live.url + "/lang/fr?next=/g/ramikubic")
    _tap_all(browser, "s.table", ["7b", "8b", "9b"])
    _tap_all(browser, "s.rack", ["10b", "7y", "7g"])
    wait_for(browser, 'button.token[data-for="f-answer"][data-text="7g"]')
    _tap_all(browser, "answer", ["1", ":", "8b", "9b", "10b", "|", "7y", "7g"])
    verdict = _judge(browser)
    assert "Pas légal" in verdict.text and "Pénalité" in verdict.text
    browser.set_window_size(*DESKTOP)
    assert no_horizontal_scroll(browser)
    screenshot(browser, "ramikubic-verdict-fr-desktop")


def test_a_nam_nam_position_built_with_the_steppers_and_a_pit_tapped(live, browser):
    from selenium.webdriver.common.by import By

    def step(field: str, by: int):
        button = browser.find_element(By.CSS_SELECTOR, f'button.step[data-for="f-s.{field}"][data-step="{1 if by > 0 else -1}"]')
        for _ in range(abs(by)):
            button.click()

    browser.get(live.url + "/lang/fr?next=/g/namnam")
    assert not _targets_are_big_enough(browser)
    # South sowed pit 3: 4.4.0.5.5.5/5.4.4.4.4.4, North to move
    step("s3", -4)
    for pit in ("s4", "s5", "s6", "n1"):
        step(pit, 1)
    _tap(browser, "s.to", "n")
    wait_for(browser, 'button.token[data-for="f-answer"][aria-label^="Nord 6"]')
    assert browser.find_element(By.CSS_SELECTOR, "#preview .drawing svg")
    assert no_horizontal_scroll(browser)
    screenshot(browser, "namnam-built-fr-phone")
    _tap(browser, "answer", "1")
    verdict = _judge(browser)
    assert "Légal" in verdict.text and "Nord sème la case 1" in verdict.text, verdict.text
    assert "4.4.0.5.5.5/5.4.4.4.4.4 n 0-0" in browser.page_source
    assert no_horizontal_scroll(browser)
    screenshot(browser, "namnam-verdict-fr-phone")
    browser.set_window_size(*DESKTOP)
    assert no_horizontal_scroll(browser)
    screenshot(browser, "namnam-verdict-fr-desktop")


def test_a_nain_jaune_situation_built_and_a_lay_tapped(live, browser):
    browser.get(live.url + "/lang/fr?next=/g/nainjaune")
    assert not _targets_are_big_enough(browser)
    _tap_all(browser, "s.hands", ["9c", "10d", "Jc", "2s", "3s", "|", "8h", "Qs", "|", "4h", "5h"])
    wait_for(browser, 'button.token[data-for="f-answer"][data-text="Jc"]')
    assert no_horizontal_scroll(browser)
    screenshot(browser, "nainjaune-built-fr-phone")
    _tap_all(browser, "answer", ["9c", "10d", "Jc", "sans Q"])
    assert _value(browser, "answer") == "9c 10d Jc sans Q"
    verdict = _judge(browser)
    assert "Légal" in verdict.text and "Pas légal" not in verdict.text, verdict.text
    assert no_horizontal_scroll(browser)
    screenshot(browser, "nainjaune-verdict-fr-phone")
    browser.set_window_size(*DESKTOP)
    assert no_horizontal_scroll(browser)
    screenshot(browser, "nainjaune-verdict-fr-desktop")


@pytest.mark.parametrize("name", GAMES)
def test_each_face_at_desktop_width(live, browser, name):
    browser.set_window_size(*DESKTOP)
    browser.get(live.url + f"/lang/nl?next=/g/{name}")
    assert no_horizontal_scroll(browser)
    screenshot(browser, f"{name}-empty-nl-desktop")
