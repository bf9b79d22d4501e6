#!/usr/bin/env python
"""Benchmark: what ``tablecalc countdown table --summary`` adds to the table (a script, not a test).

    python benchmarks/bench_countdown_summary.py           # the whole Countdown table, a few minutes
    python benchmarks/bench_countdown_summary.py --quick   # one copy of each small tile (3,003 selections)

It times :func:`solver.arith.countdown.countdown_table` on one process, targets 100-999, without
the summary (the table as it was) and with it (values within 10 of the targets marked, the
counts within 5 and 10 kept, the breakdown made), alternately ``--rounds`` times each so that
a machine busy with other work weighs on both alike; it prints the best time of each (the
CPU time of this process, which the work of other processes on a shared machine disturbs far
less than the wall time, and the wall time) and their ratio (the goal: at most 1.10, the
summary adding at most 10%), and checks that both tables give the same missed targets.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from solver.arith.countdown import countdown_table  # noqa: E402
from solver.arith.deal import COUNTDOWN_NUMBERS  # noqa: E402

GOAL = 1.10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one copy of each small tile: a fifth of the table")
    parser.add_argument("--rounds", type=int, default=2, help="times each way is run (the best is kept)")
    args = parser.parse_args()
    tiles = sorted(set(COUNTDOWN_NUMBERS)) if args.quick else COUNTDOWN_NUMBERS
    targets = range(100, 1000)
    plain_times, summary_times = [], []
    plain = summary = None
    for _ in range(args.rounds):
        c0, t0 = time.process_time(), time.perf_counter()
        plain = countdown_table(targets, tiles=tiles)
        plain_times.append((time.process_time() - c0, time.perf_counter() - t0))
        c0, t0 = time.process_time(), time.perf_counter()
        table = countdown_table(targets, tiles=tiles, summary=True)
        summary = table.summary()
        summary_times.append((time.process_time() - c0, time.perf_counter() - t0))
        if table.rows != plain.rows:
            raise SystemExit("the table with a summary misses other targets than the table without: a bug")
    (a, wall_a), (b, wall_b) = min(plain_times), min(summary_times)
    print(f"Countdown table, {len(plain.rows):,} selections, targets 100-999, one process, best of {args.rounds}:")
    print(f"  without --summary: {a:.2f} s CPU ({wall_a:.2f} s wall)")
    print(f"  with --summary:    {b:.2f} s CPU ({wall_b:.2f} s wall)")
    print(f"  ratio: {b / a:.3f} (goal: at most {GOAL:.2f}) — {'met' if b / a <= GOAL else 'NOT met'}")
    for r in summary.rows:
        name = "all" if r.large is None else f"{r.large} large"
        print(f"  {name:>8}: {r.selections:>6,} selections, exactly {r.exact:.2%} (weighted {r.weighted_exact:.2%})")


if __name__ == "__main__":
    main()
