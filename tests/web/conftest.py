"""Fixtures of the web companion's tests: an in-process client (Starlette's TestClient), a real
server on 127.0.0.1 (uvicorn on a thread), and a real browser (Debian's Chromium through its
chromedriver, as ``.ci/run`` installs them). Screenshots go to ``build/screenshots/`` (look at them).

On CI (``CI=true``) a missing browser fails the browser tests; elsewhere they are skipped.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
PHONE = (360, 780)
DESKTOP = (1280, 900)


def csrf_of(html: str) -> str:
    """The CSRF token of the first form of a page."""
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


@pytest.fixture
def web(tmp_path):
    from trainer.web.app import Web
    from trainer.web.guard import Guard

    return Web(guard=Guard(code="123456"), history=tmp_path / "history.sqlite3")


@pytest.fixture
def client(web):
    from starlette.testclient import TestClient

    from trainer.web.app import create_app

    with TestClient(create_app(web), base_url="http://127.0.0.1") as c:
        yield c


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """uvicorn serving a :class:`trainer.web.app.Web` on a thread, on a free loopback port."""

    def __init__(self, web):
        import uvicorn

        from trainer.web.app import create_app

        self.web = web
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(web), host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                return self
            time.sleep(0.01)
        raise RuntimeError("the test server did not start")

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def live(web):
    with LiveServer(web) as server:
        yield server


def _chromium() -> tuple[str, str] | None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


@pytest.fixture
def browser(tmp_path):
    """A headless Chromium (phone width to start with; ``browser.set_window_size`` changes it)."""
    found = _chromium()
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium and chromedriver are needed on CI: .ci/run installs them (apt: chromium chromium-driver)")
        pytest.skip("no Chromium here (apt install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                 "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={tmp_path / 'chromium'}", f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(found[1]))
    driver.set_page_load_timeout(30)
    _emulate_sizes(driver)
    driver.set_window_size(*PHONE)
    try:
        yield driver
    finally:
        driver.quit()


def _emulate_sizes(driver) -> None:
    """Make ``set_window_size`` give the page exactly that viewport. Chromium will not make a window
    narrower than 500 px (a "phone" at 360 was laid out at 500), so the size is set through the
    DevTools device metrics, as a phone (``mobile``) below 600 px; ``get_window_size`` reports it."""
    window = driver.set_window_size
    size = {"width": PHONE[0], "height": PHONE[1]}

    def set_window_size(width, height, windowHandle="current"):
        size.update(width=int(width), height=int(height))
        window(max(int(width), 500), int(height))
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": int(width), "height": int(height), "deviceScaleFactor": 1, "mobile": int(width) < 600})

    driver.set_window_size = set_window_size
    driver.get_window_size = lambda windowHandle="current": dict(size)


def screenshot(driver, name: str) -> Path:
    """Save what the browser shows as ``build/screenshots/NAME.png`` (the whole page's height), then
    give the window its size back (a page that grows after it is tapped on as on a phone, not
    inside a window as tall as the page was)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    before = driver.get_window_size()
    height = driver.execute_script("return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)")
    driver.set_window_size(before["width"], min(max(height + 120, 600), 4000))
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    driver.set_window_size(before["width"], before["height"])
    return path


def no_horizontal_scroll(driver) -> bool:
    return driver.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")


WAIT = 30.0
"""How long a browser test waits for a page or an element (a loaded CI machine is slow)."""


def _navigating():
    """What Chromium may answer while it swaps one document for the next: any WebDriver error
    (a stale element, or "node does not belong to the document") means "not yet"."""
    from selenium.common.exceptions import WebDriverException

    return (WebDriverException,)


def wait_for(driver, css: str, timeout: float = WAIT):
    """The first element matching ``css``, once the page has one."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=_navigating()).until(
        ec.presence_of_element_located((By.CSS_SELECTOR, css)))


def until_gone(driver, element, timeout: float = WAIT) -> None:
    """Wait until the page holding ``element`` has been replaced (a form sent, a link followed) and
    the next one has loaded."""
    from selenium.webdriver.support.ui import WebDriverWait

    def gone(_driver) -> bool:
        try:
            element.is_enabled()
        except _navigating():
            return True
        return False

    WebDriverWait(driver, timeout).until(gone)
    WebDriverWait(driver, timeout, ignored_exceptions=_navigating()).until(
        lambda d: d.execute_script("return document.readyState") == "complete")


def pytest_collection_modifyitems(items):
    """Every test in a real browser is slow (Chromium starts for each): the full run and CI have
    them, the quick loop not."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
