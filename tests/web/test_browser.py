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
