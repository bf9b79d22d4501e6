"""Shared test set-up: the fuzz suite's end-of-run line (see tests/test_fuzz.py)."""

from __future__ import annotations

import sys


def pytest_terminal_summary(terminalreporter):
    fuzz = sys.modules.get("test_fuzz")
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
