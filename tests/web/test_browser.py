"""The companion in a real browser (headless Chromium): pages at phone and desktop widths, a dispute
settled, the language switched. Screenshots in build/screenshots/."""

from __future__ import annotations

import pytest

from tests.web.conftest import DESKTOP, PHONE, no_horizontal_scroll, screenshot


def wait_for(driver, css: str, timeout: float = 10):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(ec.presence_of_element_located((By.CSS_SELECTOR, css)))


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
