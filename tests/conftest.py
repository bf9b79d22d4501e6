"""Shared test set-up: English whatever the machine's locale (a test that wants French or Dutch
asks for it), and the fuzz suite's end-of-run line (see tests/core/test_fuzz.py)."""

from __future__ import annotations

import os
import sys

import pytest

os.environ["TABLECALC_LANG"] = "en"  # subprocesses and CliRunner runs too: docs and tests expect English


@pytest.fixture(autouse=True)
def _english():
    """Every test starts and ends in English (one that switches language cannot leak it)."""
    from solver.i18n import use

    use("en")
    yield
    use("en")

def pytest_terminal_summary(terminalreporter):
    load = sys.modules.get("tests.web.test_load")
    for line in getattr(load, "RESULT", ()):  # the web companion's load test: a measure, not a test
        terminalreporter.write_line(line)
    fuzz = sys.modules.get("tests.core.test_fuzz")
    if fuzz is None or not fuzz.SLOWEST:
        return
    inputs = sum(len(t) for t in fuzz.TIMES.values())
    target, (took, args) = max(fuzz.SLOWEST.items(), key=lambda kv: kv[1][0])
    terminalreporter.write_line(
        f"fuzz ({fuzz.PROFILE} profile): {inputs:,} inputs over {len(fuzz.TIMES)} targets; "
        f"slowest {took:.3f} s ({target}: {args})"
    )
    for name in sorted(fuzz.TIMES):
        times = fuzz.TIMES[name]
        terminalreporter.write_line(f"  {name:<22} {len(times):>7,} inputs, slowest {max(times):.3f} s")
