"""Thirty learners drilling at once on one history lose no answer (issue 23's load test).

A real server (``tablecalc serve`` in its own process, on 127.0.0.1) and thirty simulated learners,
each on a thread with its own browser session, answering multiplication drills for
:data:`SECONDS` (60; ``TABLECALC_LOAD_SECONDS`` shortens it for a try). Every answer the server
judged must be in the history, under its learner; the latency of an answer (post to verdict page)
is printed at the 50th and 95th percentiles, a measure, not a test.
"""

from __future__ import annotations

import os
import re
import signal
import statistics
import subprocess
import sys
import threading
import time

import pytest

from tests.web.conftest import _free_port, csrf_of

RESULT: list[str] = []
"""The measured line, printed at the end of the run (tests/conftest.py)."""
LEARNERS = 30
SECONDS = float(os.environ.get("TABLECALC_LOAD_SECONDS", "60"))


def _learner(base: str, name: str, stop_at: float, results: dict, latencies: list, lock: threading.Lock):
    import httpx2 as httpx

    judged = 0
    with httpx.Client(base_url=base, timeout=60, follow_redirects=True) as c:
        page = None
        k = 0
        while time.monotonic() < stop_at:
            m = page and re.search(r'<h1 class="prompt">(\d+) × (\d+)</h1>', page.text)
            if not m:  # no session yet, or its puzzles are all answered: the learner starts another
                start = c.get("/drill")
                page = c.post("/drill/start", data={"csrf": csrf_of(start.text), "drill": "arith:mul", "count": "200",
                                                    "learner": name})
                assert page.status_code == 200, page.text[-500:]
                continue
            a, b = map(int, m.groups())
            k += 1
            answer = str(a * b) if k % 4 else str(a * b + 1)  # one in four wrong: misses are recorded too
            key = re.search(r'action="/d/([^/]+)/answer"', page.text).group(1)
            begin = time.perf_counter()
            page = c.post(f"/d/{key}/answer", data={"csrf": csrf_of(page.text), "answer": answer})
            took = time.perf_counter() - begin
            assert page.status_code == 200
            if 'id="verdict"' in page.text:
                judged += 1
                with lock:
                    latencies.append(took)
    with lock:
        results[name] = judged


@pytest.mark.slow
def test_thirty_learners_drilling_at_once_lose_no_answer(tmp_path):
    from trainer.history import History

    port = _free_port()
    env = {**os.environ, "TABLECALC_HOME": str(tmp_path)}
    server = subprocess.Popen([sys.executable, "-m", "trainer", "serve", "--no-browser", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                              stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        import httpx2 as httpx

        for _ in range(400):
            try:
                httpx.get(base + "/", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        results: dict[str, int] = {}
        latencies: list[float] = []
        lock = threading.Lock()
        stop_at = time.monotonic() + SECONDS
        names = [f"Élève {k:02d}" for k in range(LEARNERS)]
        threads = [threading.Thread(target=_learner, args=(base, n, stop_at, results, latencies, lock)) for n in names]
        for t in threads:
            t.start()
        for t in threads:
            t.join(SECONDS + 120)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    assert len(results) == LEARNERS, "a learner's thread failed"
    for name in names:
        with History.open(tmp_path / "history.sqlite3", read_only=True, learner=name) as h:
            assert h.count() == results[name], f"{name}: {results[name]} judged, {h.count()} in the history"
    total = sum(results.values())
    q = statistics.quantiles(latencies, n=20)
    RESULT.append(f"load: {LEARNERS} learners for {SECONDS:g} s: {total} answers judged and recorded, 0 lost; "
                  f"answer latency median {statistics.median(latencies) * 1000:.0f} ms, p95 {q[18] * 1000:.0f} ms")
