"""The faces of Nambarz, Nmbrs! and arith (Countdown, the 24 game): each situation's notation goes
into the tapping form and back, every drawing holds every card and escapes what it writes, the
tokens write what the games read; and in a real browser, at phone width, disputes settled by taps
only (the README's Nambarz example in French, a Countdown problem, an Nmbrs! turn)."""

from __future__ import annotations

import random
import re

import pytest

from solver.i18n import speaking
from solver.registry import find_game
from tests.web.conftest import DESKTOP, PHONE, WAIT, csrf_of, no_horizontal_scroll, screenshot, wait_for
from trainer.web.face import face_of

FACES = ("nambarz", "nmbrs", "arith")


def _setup(name, preset=None):
    game = find_game(name)
    rules = game.rules(preset)
    return game, rules, game.load_data(rules), face_of(game)


# -- notation <-> fields --------------------------------------------------------------------------


@pytest.mark.parametrize("name,preset", [("nambarz", None), ("nambarz", "experienced"), ("nmbrs", None),
                                         ("nmbrs", "simple"), ("arith", "countdown"), ("arith", "make24")])
@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_fields_and_notation_round_trip(name, preset, lang):
    """``situation_text(fields_from(str(s)))`` reads back as ``s``, for many random situations, in
    every language (the fields name cards in the player's words; the game reads them all)."""
    game, rules, data, face = _setup(name, preset)
    names = {f.name for f in face.situation_fields(rules, data)}
    rng = random.Random(hash((name, preset, lang)) & 0xFFFF)
    with speaking(lang):
        for _ in range(60):
            situation = game.random_situation(rng, rules, data)
            values = face.fields_from(str(situation))
            assert set(values) <= names
            if "situation" in values:
                assert not values["situation"], "a dealt situation is tapped, not typed"
            back = game.parse_situation(face.situation_text(values), data)
            assert str(back) == str(situation)


@pytest.mark.parametrize("name", FACES)
def test_a_situation_typed_whole_is_kept_as_typed(name):
    game, rules, data, face = _setup(name)
    typed = {"nambarz": "hands Ann: 6 1 5-cat | Bob: 7; top change-number 5",
             "nmbrs": "hand 15 25 40 7 8; table 10 20 30; opened",
             "arith": "calculate 7 × 8"}[name]
    values = face.fields_from(typed)
    assert str(game.parse_situation(face.situation_text(values), data)) == str(game.parse_situation(typed, data))


@pytest.mark.parametrize("name", FACES)
def test_every_token_of_the_situation_reads_back(name):
    """Each token of a situation field, alone in its field, is notation the game reads."""
    game, rules, data, face = _setup(name)
    with speaking("fr"):
        fields = face.situation_fields(rules, data)
        example = face.fields_from(str(game.random_situation(random.Random(3), rules, data)))
        for f in fields:
            for t in f.tokens:
                if not t.text.strip() or t.text.strip() == "|":
                    continue
                if name == "nmbrs" and f.name == "table":  # one card is no sequence: the card alone reads
                    data.parse_card(t.text)
                    continue
                values = dict(example)
                if f.name == "hand" and name == "nmbrs":  # one card of each number: clear it from the table
                    values["table"] = ""
                values[f.name] = t.text.strip()
                if name == "nambarz" and f.name == "hand" and values["top"]:
                    values["top"] = "1" if t.text.strip() != "1" else "2"
                try:
                    game.parse_situation(face.situation_text(values), data)
                except Exception as e:  # pragma: no cover - the message says which token
                    raise AssertionError(f"{name} {f.name} token {t.text!r}: {e}") from e


def _dealt(name, seed=5, preset=None):
    game, rules, data, face = _setup(name, preset)
    return game, rules, data, face, game.random_situation(random.Random(seed), rules, data)


@pytest.mark.parametrize("name", FACES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_best_answer_is_tappable(name, lang):
    """The solver's best answer is made of the answer field's tokens only (the play can be tapped)."""
    with speaking(lang):
        for seed in range(12):
            game, rules, data, face, situation = _dealt(name, seed)
            field = face.answer_field(situation, rules, data)
            best = game.best_answers(game.best(situation, rules, data))[0]
            pieces = sorted({t.text.strip() for t in field.tokens if t.text.strip()}, key=len, reverse=True)
            if name == "nmbrs":  # each move's word in the player's language; a card's colour is the deck's
                spoken = " ; ".join(game.say_move(part.strip()) for part in best.split(";"))
                words = [re.sub(r"^(\d+)[rgbo]$", r"\1", w) for w in spoken.replace(":", " ").split()]
                assert all(w in pieces for w in words), (best, pieces)
                continue
            rest = best.replace(" ", "").replace("-", "−")
            for p in pieces:
                rest = rest.replace(p.replace(" ", "").replace("-", "−"), "")
            assert rest == "", (best, rest)


def _labels_of(name, situation, data):
    """What each card of ``situation`` is called aloud, as the face names it."""
    if name == "nambarz":
        from solver.nambarz import Announcement
        from trainer.games.nambarz.web import announcement_label, card_label

        top = situation.top
        return [card_label(c) for c in situation.hand] + [
            announcement_label(top) if isinstance(top, Announcement) else card_label(top)]
    if name == "nmbrs":
        from trainer.games.nmbrs.web import card_label

        table = [card_label(p.card, data, p.value if p.is_joker else None)
                 for s in situation.table.sequences for p in s]
        return [card_label(c, data) for c in situation.hand] + table
    return [str(n) for n in situation.numbers] + [f"target {situation.target}"]


@pytest.mark.parametrize("name", FACES)
def test_the_drawing_holds_every_card_and_escapes_text(name):
    from collections import Counter

    for seed in range(8):
        game, rules, data, face, situation = _dealt(name, seed)
        html = face.draw(situation, rules, data)
        labels = Counter(re.findall(r'aria-label="([^"]*)"', html))
        for label, n in Counter(_labels_of(name, situation, data)).items():
            # a crossing card is named with its sequences: it counts once under its own name
            found = sum(k for found_label, k in labels.items() if found_label.startswith(label))
            assert found >= n, (label, labels)
        for svg_text in re.findall(r"<text[^>]*>([^<]*)</text>", html):
            assert "<" not in svg_text and '"' not in svg_text
        assert "<script" not in html


def test_a_card_named_by_a_deck_file_is_escaped():
    from solver.nambarz import Card
    from trainer.games.nambarz.web import card_svg

    drawn = card_svg(Card(3, '<b>"x"'))
    assert "<b>" not in drawn and "&lt;b&gt;" in drawn


@pytest.mark.parametrize("name,typed,answer", [
    ("nambarz", "hands Ann: 6 1 5-cat | Bob: 7; top change-number 5", "5-cat"),
    ("arith", "calculate 7 × 8", "56"),
    ("nmbrs", "hand 15 25 40 7 8; table 10 20 30; opened", "cross 20: 15 25; add 1: 40"),
])
def test_a_situation_typed_whole_is_drawn_and_judged(client, name, typed, answer):
    """What the taps cannot build (a moment of a round, a fact) is typed whole, drawn and judged."""
    game = find_game(name)
    preset = game.default_preset
    token = csrf_of(client.get(f"/g/{name}").text)
    r = client.post(f"/g/{name}/judge", data={"csrf": token, "s.situation": typed, "answer": answer,
                                              "preset": preset, "shown_preset": preset})
    assert r.status_code == 200, r.text[:1500]
    assert 'class="verdict legal"' in r.text and '<div class="game-table' in r.text


@pytest.mark.parametrize("name", FACES)
def test_a_half_built_situation_asks_for_the_rest(client, name):
    token = csrf_of(client.get(f"/g/{name}").text)
    first = {"nambarz": {"s.top": "3-bee"}, "nmbrs": {"s.table": "10 20 30"}, "arith": {"s.numbers": "25 3"}}[name]
    r = client.post(f"/g/{name}/draw", data={"csrf": token, **first})
    assert r.status_code == 422 and "Build the situation first" in r.text


def test_the_readme_example_in_fields_is_judged_like_the_cli(client):
    game, rules, data, face = _setup("nambarz", "basic")
    values = {f"s.{k}": v for k, v in face.fields_from("top 3-bee; hand 6 5 2 10").items()}
    token = csrf_of(client.get("/g/nambarz").text)
    r = client.post("/g/nambarz/judge", data={"csrf": token, **values, "answer": "6+5+2−10", "preset": "basic",
                                              "shown_preset": "basic"})
    assert r.status_code == 200
    assert 'class="verdict illegal"' in r.text and "6÷2" in r.text


# -- a round in play ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["nambarz", "nmbrs"])
def test_a_round_is_drawn_as_a_seat_sees_it(name):
    """Seat 0 sees its own cards and the others' backs; ``None`` sees every card; the names, and
    the points once the round is over."""
    from collections import Counter

    game, rules, data, face = _setup(name)
    match = game.new_match(("Ann", "Bob", "Cid"), rules, data)
    state = match.deal(random.Random(4))
    mine = face.draw_state(state, 0)
    everyone = face.draw_state(state, None)
    assert mine.count('aria-label="a hidden card"') == len(state.hands[1]) + len(state.hands[2])
    assert 'aria-label="a hidden card"' not in everyone
    if name == "nambarz":
        from trainer.games.nambarz.web import card_label

        named = lambda c: card_label(c)
    else:
        from trainer.games.nmbrs.web import card_label

        named = lambda c: card_label(c, state.deck)
    seen = Counter(re.findall(r'aria-label="([^"]*)"', mine))
    for label, n in Counter(named(c) for c in state.hands[0]).items():
        assert seen[label] >= n
    every = Counter(re.findall(r'aria-label="([^"]*)"', everyone))
    for label, n in Counter(named(c) for h in state.hands for c in h).items():
        assert every[label] >= n
    for player in ("Ann", "Bob", "Cid"):
        assert player in mine
    assert face.move_tokens(state) and all(t.text for t in face.move_tokens(state))
    assert (face.move_field(state) is not None) == (name == "nambarz")  # Nmbrs! starts at the draw
    rng = random.Random(1)
    for _ in range(3000):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    assert state.is_terminal()
    over = face.draw_state(state, 1)
    assert face.move_tokens(state) == () and face.move_field(state) is None
    assert "point" in over


def test_nambarz_moves_are_built_from_their_pieces():
    """Every legal move of a round, in the player's words, is made of the move field's pieces
    (or is the one token, draw); the field gives no move away whole."""
    game, rules, data, face = _setup("nambarz")
    for seed in range(6):
        state = game.new_match(("Ann", "Bob"), rules, data).deal(random.Random(seed))
        with speaking("fr"):
            field = face.move_field(state)
            tokens = [t.text for t in face.move_tokens(state)]
            pieces = sorted({t.text.strip() for t in field.tokens}, key=len, reverse=True)
            for move in state.legal_moves():
                said = game.say_move(str(move))
                assert state.parse_move(said) == move
                if said in tokens:
                    continue
                rest = re.sub(r"(\d+)-symbol", r"\1", said).replace(" ", "").replace("-", "−")  # a tapped 5 is any 5
                for piece in pieces:
                    rest = rest.replace(piece.replace(" ", "").replace("-", "−"), "")
                assert rest == "", (said, rest)
            assert all(state.parse_move(t) for t in tokens)
            assert not any(t.text == str(m) for t in field.tokens for m in state.legal_moves() if "÷" in str(m))


def test_nmbrs_moves_follow_the_phase():
    """At the draw every move is a token; in the turn the discards are, and the rest is built."""
    game, rules, data, face = _setup("nmbrs")
    state = game.new_match(("Ann", "Bob"), rules, data).deal(random.Random(2))
    assert face.move_field(state) is None
    with speaking("nl"):
        for t in face.move_tokens(state):
            state.parse_move(t.text)
        state = state.apply(state.legal_moves()[0])
        tokens = [t.text for t in face.move_tokens(state)]
        assert tokens and all(state.judge(t).legal for t in tokens)
        words = {t.text for t in face.move_field(state).tokens}
    assert {"leggen", "aanleggen", "kruisen"} <= words and "afleggen" not in words


@pytest.mark.parametrize("name", ["nambarz", "nmbrs"])
def test_a_table_in_play_builds_the_move_in_the_face_field(client, name):
    """The tables' page shows the face's move field; a move built from it is played."""
    from tests.web.test_tables import _post, _start, _weakest

    game = find_game(name)
    r = _start(client, game, mode="play", people="1", bot=_weakest(game), seed="3")
    assert r.status_code == 303, r.text[:1500]
    url = r.headers["location"]
    html = client.get(url).text
    if name == "nmbrs":  # the draw first: its moves are tapped whole
        moves = re.findall(r'class="token move" name="move" value="([^"]*)"', html)
        assert moves
        r = _post(client, url, "move", html, move=moves[0])
        assert r.status_code == 303
        html = client.get(url).text
    assert 'data-for="f-typed"' in html and 'name="typed"' in html


# -- in a real browser ---------------------------------------------------------------------------


def tap(driver, field: str, text: str):
    """Tap the token writing ``text`` into ``field``, opening its group first when it is folded (a
    token the page has just drawn again is looked up again)."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(5):
        try:
            return _tap(driver, field, text)
        except StaleElementReferenceException:
            continue
    return _tap(driver, field, text)


def drawn(driver, text: str):
    """Wait until the drawing of the situation holds ``text`` (the page redraws after each tap)."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, WAIT).until(lambda d: text in d.execute_script(
        "var p = document.querySelector('#preview .drawing'); return p ? p.innerHTML : ''"))


def _tap(driver, field: str, text: str):
    from selenium.webdriver.common.by import By

    button = driver.find_element(By.CSS_SELECTOR, f'button[data-for="{field}"][data-text="{text}"]')
    details = driver.execute_script("return arguments[0].closest('details')", button)
    if details is not None and not details.get_attribute("open"):
        details.find_element(By.TAG_NAME, "summary").click()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def _tokens_ready(driver, field: str, texts):
    from selenium.webdriver.support.ui import WebDriverWait

    def ready(d):
        found = d.execute_script(
            "return Array.from(document.querySelectorAll('button[data-for=\"' + arguments[0] + '\"]'))"
            ".map(b => b.dataset.text)", field)
        return all(t in found for t in texts)

    WebDriverWait(driver, WAIT).until(ready)


def _tap_sizes_ok(driver) -> bool:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('button.token')).filter(b => b.offsetParent !== null)"
        ".every(b => b.getBoundingClientRect().width >= 44 && b.getBoundingClientRect().height >= 44)")


@pytest.mark.parametrize("size,name", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_the_readme_nambarz_example_settled_by_taps_in_french(live, browser, size, name):
    from selenium.webdriver.common.by import By

    browser.set_window_size(*size)
    browser.get(live.url + "/lang/fr?next=/g/nambarz")
    assert "Nambarz" in browser.title
    tap(browser, "f-s.top", "3-abeille")
    for card in ("6", "5", "2", "10"):
        tap(browser, "f-s.hand", card)
    assert browser.find_element(By.ID, "f-s.top").get_attribute("value") == "3-abeille"
    assert browser.find_element(By.ID, "f-s.hand").get_attribute("value") == "6 5 2 10"
    drawn(browser, 'aria-label="3 abeille"')
    _tokens_ready(browser, "f-answer", ["6", "5", "2", "10", "+", "−"])
    for key in ("6", "+", "5", "+", "2", "−", "10"):
        tap(browser, "f-answer", key)
    assert browser.find_element(By.ID, "f-answer").get_attribute("value") == "6+5+2−10"
    assert no_horizontal_scroll(browser) and _tap_sizes_ok(browser)
    screenshot(browser, f"dispute-nambarz-taps-fr-{name}-before")
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    verdict = wait_for(browser, "#verdict")
    assert verdict.get_attribute("class").split() == ["verdict", "illegal"]
    assert "Pas légal" in verdict.text
    assert "Pénalité" in verdict.text and "3" in verdict.text
    assert "6÷2" in verdict.text
    assert no_horizontal_scroll(browser)
    screenshot(browser, f"dispute-nambarz-taps-fr-{name}")


@pytest.mark.parametrize("size,name", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_countdown_problem_settled_by_taps(live, browser, size, name):
    from selenium.webdriver.common.by import By

    browser.set_window_size(*size)
    browser.get(live.url + "/lang/en?next=/g/arith")
    for n in ("25", "50", "75", "100", "3", "6"):
        tap(browser, "f-s.numbers", n)
    for d in "952":
        tap(browser, "f-s.target", d)
    drawn(browser, 'aria-label="target 952"')
    _tokens_ready(browser, "f-answer", ["25", "50", "75", "100", "3", "6", "×"])
    # (100+6)×3×75−50)÷25 = 952, the famous one
    for k in ("(", "(", "100", "+", "6", ")", "×", "3", "×", "75", "−", "50", ")", "÷", "25"):
        tap(browser, "f-answer", k)
    assert no_horizontal_scroll(browser) and _tap_sizes_ok(browser)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    verdict = wait_for(browser, "#verdict")
    assert verdict.get_attribute("class").split() == ["verdict", "legal"], verdict.text
    assert no_horizontal_scroll(browser)
    screenshot(browser, f"dispute-countdown-taps-{name}")


@pytest.mark.parametrize("size,name", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_an_nmbrs_turn_settled_by_taps_in_dutch(live, browser, size, name):
    from selenium.webdriver.common.by import By

    browser.set_window_size(*size)
    browser.get(live.url + "/lang/nl?next=/g/nmbrs")
    for card in ("15", "25", "40", "7", "8"):
        tap(browser, "f-s.hand", card)
    for card in ("10", "20", "30"):
        tap(browser, "f-s.table", card)
    tap(browser, "f-s.opened", browser.find_element(
        By.CSS_SELECTOR, 'button[data-for="f-s.opened"][aria-label="ja"]').get_attribute("data-text"))
    drawn(browser, "Al uitgekomen")
    _tokens_ready(browser, "f-answer", ["15", "25", "40", "20"])
    words = {b.get_attribute("aria-label"): b.get_attribute("data-text")
             for b in browser.find_elements(By.CSS_SELECTOR, 'button[data-for="f-answer"]')}
    # cross 20: 15 25 ; add 1: 40 ; discard 7 — the crossing scores, the 7 goes
    for k in (words["kruisen"], "20", "15", "25", ";", words["aanleggen"], "1", "40", ";", words["afleggen"], "7"):
        tap(browser, "f-answer", k)
    assert no_horizontal_scroll(browser) and _tap_sizes_ok(browser)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    verdict = wait_for(browser, "#verdict")
    assert verdict.get_attribute("class").split() == ["verdict", "legal"], verdict.text
    assert no_horizontal_scroll(browser)
    screenshot(browser, f"dispute-nmbrs-taps-nl-{name}")
