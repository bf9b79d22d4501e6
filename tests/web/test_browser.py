"""The companion in a real browser (headless Chromium): pages at phone and desktop widths, a dispute
settled, the language switched, a move tapped against the computer, a real game followed, a
screen passed between two people. Screenshots in build/screenshots/."""

from __future__ import annotations

import pytest

from solver.registry import all_games
from tests.web.conftest import DESKTOP, PHONE, no_horizontal_scroll, screenshot, until_gone, wait_for


@pytest.mark.parametrize("size,name", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_home_fits_the_screen(live, browser, size, name):
    browser.set_window_size(*size)
    browser.get(live.url + "/")
    assert "tablecalc" in browser.title
    assert no_horizontal_scroll(browser)
    screenshot(browser, f"home-{name}")


def test_a_typed_dispute_is_drawn_then_judged(live, browser):
    from selenium.webdriver.common.by import By

    browser.get(live.url + "/lang/fr?next=/g/nambarz")
    situation = browser.find_element(By.NAME, "s.situation")
    situation.send_keys("top 3-bee; hand 6 5 2 10")
    wait_for(browser, "#preview .drawing")
    browser.find_element(By.NAME, "answer").send_keys("6+5+2-10")
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    verdict = wait_for(browser, "#verdict")
    assert "Pas légal" in verdict.text
    assert no_horizontal_scroll(browser)
    screenshot(browser, "dispute-typed-fr-phone")


def test_a_drill_answered_in_french_with_the_number_pad(live, browser):
    import re

    from selenium.webdriver.common.by import By

    browser.get(live.url + "/lang/fr?next=/drill")
    browser.find_element(By.XPATH, "//input[@value='arith:mul']/ancestor::details/summary").click()
    browser.find_element(By.CSS_SELECTOR, "input[value='arith:mul']").click()
    browser.find_element(By.ID, "count").send_keys("2")
    browser.find_element(By.CSS_SELECTOR, "button[type=submit].primary").click()
    prompt = wait_for(browser, "h1.prompt").text
    a, b = map(int, re.findall(r"\d+", prompt))
    screenshot(browser, "drill-fr-phone")
    for digit in str(a * b):
        browser.find_element(By.CSS_SELECTOR, f".numpad button[data-text='{digit}']").click()
    browser.find_element(By.CSS_SELECTOR, "#answer-form button[type=submit].primary").click()
    verdict = wait_for(browser, "#verdict")
    assert "Juste" in verdict.text
    assert no_horizontal_scroll(browser)
    screenshot(browser, "drill-fr-verdict-phone")


def test_a_teacher_opens_the_class_with_the_code_and_prints_a_worksheet(live, browser, web):
    import base64
    import shutil
    import subprocess

    from selenium.webdriver.common.by import By

    _seed_class(web)
    browser.set_window_size(*DESKTOP)
    browser.get(live.url + "/lang/fr?next=/class")
    assert "/join" in browser.current_url  # no code, no class
    assert "Léa" not in browser.page_source
    browser.find_element(By.ID, "code").send_keys("123456")
    browser.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    wait_for(browser, "table.class")
    assert "Léa" in browser.page_source and "Tom" in browser.page_source
    screenshot(browser, "class-fr-desktop")
    browser.find_element(By.LINK_TEXT, "Léa").click()
    wait_for(browser, "table.facts")
    screenshot(browser, "learner-fr-desktop")
    browser.set_window_size(*PHONE)
    assert no_horizontal_scroll(browser)
    screenshot(browser, "learner-fr-phone")
    browser.find_element(By.PARTIAL_LINK_TEXT, "fiche").click()
    wait_for(browser, ".sheet-lines")
    pdf = SHOTS_DIR() / "worksheet-fr.pdf"
    pdf.write_bytes(base64.b64decode(browser.print_page()))
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftoppm"):  # the printed pages as pictures, to look at
        subprocess.run(["pdftoppm", "-png", "-r", "50", str(pdf), str(pdf.with_suffix(""))], check=True)


def SHOTS_DIR():
    from tests.web.conftest import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def _seed_class(web):
    from datetime import datetime, timedelta, timezone

    from trainer.classroom import record_answer
    from trainer.drills import make_drill
    from trainer.history import History

    drill = make_drill("arith", level="mul")
    at = datetime.now(timezone.utc) - timedelta(hours=1)
    with History.open(web.history) as h:
        for name, wrong in (("Léa", {(7, 8), (6, 9)}), ("Tom", set())):
            for k, (a, b) in enumerate([(7, 8), (6, 7), (3, 4), (9, 9), (6, 9), (12, 11)]):
                puzzle = drill.from_situation(f"calculate {a} × {b}")
                record_answer(h, name, drill, puzzle, str(a * b + ((a, b) in wrong)), 2.0 + k,
                              at=at + timedelta(seconds=k))

def _start_form(browser, mode: str):
    from selenium.webdriver.common.by import By

    return browser.find_element(By.CSS_SELECTOR, f"section#{mode} form")


@pytest.mark.parametrize("size,name", [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_nam_nam_move_is_tapped_against_the_computer_in_french(live, browser, size, name):
    from selenium.webdriver.common.by import By

    browser.set_window_size(*size)
    browser.get(live.url + "/lang/fr?next=/")
    browser.find_element(By.CSS_SELECTOR, 'a[href="/t/namnam"]').click()
    wait_for(browser, "section#play")
    assert no_horizontal_scroll(browser)
    screenshot(browser, f"tables-start-fr-{name}")
    form = _start_form(browser, "play")
    form.find_element(By.CSS_SELECTOR, 'input[name="bot"][value="greedy"]').click()
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, "#play .token.move")
    assert browser.find_element(By.CSS_SELECTOR, "#play h2").text == "Joueur, votre coup"
    screenshot(browser, f"tables-namnam-fr-{name}")
    tapped = browser.find_element(By.CSS_SELECTOR, '#play .token.move[value="3"]')
    tapped.click()
    until_gone(browser, tapped)
    just = wait_for(browser, "#just")
    assert "Joueur joue 3." in just.text and "Ordinateur joue" in just.text  # my move, then the computer's
    assert no_horizontal_scroll(browser)
    screenshot(browser, f"tables-namnam-played-fr-{name}")
    undo = browser.find_element(By.XPATH, '//button[normalize-space()="Annuler"]')
    undo.click()
    until_gone(browser, undo)
    wait_for(browser, "p.notice")
    assert "#just" not in browser.page_source and "Repris" in browser.find_element(By.CSS_SELECTOR, "p.notice").text


def test_a_nambarz_game_is_followed_a_few_moves(live, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from solver.registry import find_game
    from solver.whole.simulate import simulate

    game = find_game("nambarz")
    rules = game.rules()
    played = simulate(game, rules, game.load_data(rules), ("Ann", "Bob"), rounds=1, seed=5, bots=("greedy",))
    rnd = played.rounds[0]
    browser.set_window_size(*PHONE)
    browser.get(live.url + "/t/nambarz")
    form = _start_form(browser, "follow")
    form.find_element(By.NAME, "names").send_keys("Ann, Bob")
    form.find_element(By.NAME, "deal").send_keys(rnd.deal)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, "#play form.typed")
    for k, (seat, move) in enumerate(rnd.moves[:4]):
        Select(browser.find_element(By.ID, "player")).select_by_index(seat)
        browser.find_element(By.NAME, "typed").send_keys(move)
        button = browser.find_element(By.CSS_SELECTOR, "form.typed button[type=submit]")
        button.click()
        until_gone(browser, button)
        just = wait_for(browser, "#just")
        assert f"{played.names[seat]} plays" in just.text and "Not legal" not in just.text
    assert no_horizontal_scroll(browser)
    screenshot(browser, "tables-nambarz-followed-phone")
    browser.set_window_size(*DESKTOP)
    browser.get(browser.current_url)
    screenshot(browser, "tables-nambarz-followed-desktop")
    browser.find_element(By.CSS_SELECTOR, 'a[href$="/analysis"]').click()
    wait_for(browser, "ol.analysis")
    screenshot(browser, "tables-nambarz-analysis-desktop")


def test_two_people_at_one_screen_pass_it_and_play_to_the_end_of_the_game(live, browser):
    from selenium.webdriver.common.by import By

    def tap(css):
        button = browser.find_element(By.CSS_SELECTOR, css)
        button.click()
        until_gone(browser, button)

    browser.set_window_size(*PHONE)
    browser.get(live.url + "/lang/nl?next=/t/namnam")
    form = _start_form(browser, "play")
    people = form.find_element(By.NAME, "people")
    people.clear()
    people.send_keys("2")
    form.find_element(By.NAME, "names").send_keys("Ann, Bea")
    form.find_element(By.CSS_SELECTOR, "details.more summary").click()
    form.find_element(By.NAME, "deal").send_keys("0.0.0.0.1.2/1.0.0.0.0.0 s 24-20")
    tap("section#play form button[type=submit]")
    passing = wait_for(browser, "#pass")
    assert "Ann" in passing.text and not browser.find_elements(By.CSS_SELECTOR, "#table")
    assert no_horizontal_scroll(browser)
    screenshot(browser, "tables-hotseat-pass-nl-phone")
    while not browser.find_elements(By.CSS_SELECTOR, "#round-over"):
        if browser.find_elements(By.CSS_SELECTOR, "#pass"):
            tap("#pass button[type=submit]")
        tap("#play .token.move")
    assert "De partij is voorbij." in browser.find_element(By.CSS_SELECTOR, "#round-over").text
    assert no_horizontal_scroll(browser)
    screenshot(browser, "tables-hotseat-over-nl-phone")


@pytest.mark.parametrize("game", [g.name for g in all_games() if g.plays_whole()])
def test_every_table_fits_a_phone(live, browser, game):
    from selenium.webdriver.common.by import By

    browser.set_window_size(*PHONE)
    browser.get(live.url + f"/t/{game}")
    assert no_horizontal_scroll(browser)
    _start_form(browser, "play").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, "#play")
    assert no_horizontal_scroll(browser)
    screenshot(browser, f"tables-{game}-phone")
