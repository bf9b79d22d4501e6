"""``tablecalc serve`` as a person starts it: the address printed, the page served, a bad or taken
port refused in one line, ``--lan`` printing the join code and its QR code."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from tests.web.conftest import _free_port

CLI = [sys.executable, "-m", "trainer"]


def _run(*args):
    return subprocess.run([*CLI, "serve", *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_a_bad_port_is_one_line():
    r = _run("--port", "70000", "--no-browser")
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "--port" in r.stderr


def test_a_taken_port_is_one_line():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        r = _run("--port", str(s.getsockname()[1]), "--no-browser")
    assert r.returncode == 2 and "taken" in r.stderr and "Traceback" not in r.stderr


def _start(*args, env=None):
    port = _free_port()
    proc = subprocess.Popen([*CLI, "serve", "--port", str(port), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
                            env={**os.environ, **(env or {})})
    return proc, port


def _wait_served(url: str):
    for _ in range(300):
        try:
            return urllib.request.urlopen(url, timeout=2)
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing served at {url}")


def test_serve_answers_on_loopback_and_stops_on_ctrl_c(tmp_path):
    proc, port = _start("--no-browser", env={"TABLECALC_HOME": str(tmp_path)})
    try:
        page = _wait_served(f"http://127.0.0.1:{port}/").read().decode()
        assert "tablecalc" in page
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert f"http://127.0.0.1:{port}/" in out
    assert re.search(r"code \d{6}", out)  # the class page's code
    assert "Traceback" not in err


def test_lan_prints_the_join_code_and_its_qr_code(tmp_path):
    proc, port = _start("--lan", env={"TABLECALC_HOME": str(tmp_path)})
    try:
        response = _wait_served(f"http://127.0.0.1:{port}/g/nambarz")
        assert "/join" in response.url  # without the code, the join page
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    code = re.search(r"code (\d{6})", out).group(1)
    assert "█" in out or "▀" in out  # the QR code, drawn in block characters
    assert "Traceback" not in err and code
