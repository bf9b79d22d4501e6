"""Benchmark: the best Ramikubic lay for a 14-tile rack against a 40-tile table.

Prints the median time of ``solver.ramikubic.best_lay`` (the integer programme, HiGHS
through SciPy's ``milp``) over dealt positions — the literature's ILP needs about 1 s, the
goal here is 50 ms — and, on small positions (a table of about 9 tiles, a rack of 5),
the median time of the integer programme and of the brute-force oracle
(``tests/games/ramikubic/oracle.py``: every sub-multiset of the rack, every split into
combinations), measured in the same run on the same positions, with the ratio. Both must
agree on every position; the referee replays every answer.

    python benchmarks/bench_ramikubic.py [--deals 25] [--small 25] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.games.ramikubic.oracle import oracle_best_lay  # noqa: E402
from solver.ramikubic import Rules, TileSet, best_lay, judge  # noqa: E402
from solver.ramikubic.best import optimise  # noqa: E402
from solver.ramikubic.deal import deal  # noqa: E402

GOAL_MS = 50.0


def _timed(fn):
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=25, help="40-tile tables timed (median)")
    ap.add_argument("--small", type=int, default=25, help="small positions timed against the oracle")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    ts, rules = TileSet.default(), Rules()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (times grow with it; the ratio is what to trust)")
    rng = random.Random(args.seed)
    best_lay(deal(rng, rules, ts, table_tiles=40, rack_size=14, melded=True), rules, ts)  # warm-up: imports

    for label, joker_rate in (("jokers dealt as they come", 0.15), ("no joker on the table or in the rack", 0.0)):
        big, laid, exact = [], [], []
        while len(big) < args.deals:
            p = deal(rng, rules, ts, table_tiles=40, rack_size=14, melded=True, joker_rate=joker_rate)
            if joker_rate == 0 and any(t.is_joker for t in p.rack):
                continue
            exact.append(_timed(lambda: optimise(p.table, p.rack, rules, ts, goal=("tiles", "points"), keep_old=False))[0])
            t, lay = _timed(lambda: best_lay(p, rules, ts))
            if not judge(p, lay.answer, rules, ts).legal:
                raise SystemExit(f"REFEREE REFUSES the best lay of {p}: {lay.answer}")
            big.append(t)
            laid.append(lay.tiles_placed)
        med = statistics.median(big) * 1000
        print(f"best lay, 14-tile rack vs a 40-tile table, {label} ({args.deals} deals, {rules.name}):")
        print(f"  median {med:8.2f} ms   max {max(big) * 1000:8.2f} ms   goal {GOAL_MS:.0f} ms "
              f"({'met' if med <= GOAL_MS else 'NOT met'}); tiles laid: median {statistics.median(laid)}, "
              f"min {min(laid)}, max {max(laid)}")
        print(f"  of which the exact optimum alone (tiles, then points): median {statistics.median(exact) * 1000:.2f} ms; "
              "the rest keeps old combinations whole (a node budget, no clock)")

    mine, oracle = [], []
    for _ in range(args.small):
        p = deal(rng, rules, ts, table_tiles=9, rack_size=5, melded=True)
        t1, lay = _timed(lambda: best_lay(p, rules, ts))
        t2, want = _timed(lambda: oracle_best_lay(p.table, p.rack, rules, ts))
        if (lay.tiles_placed, lay.points_placed) != want:
            raise SystemExit(f"MISMATCH on {p}: the ILP lays {(lay.tiles_placed, lay.points_placed)}, the oracle {want}")
        mine.append(t1)
        oracle.append(t2)
    m1, m2 = statistics.median(mine) * 1000, statistics.median(oracle) * 1000
    print(f"small positions (table ~9 tiles, rack 5; {args.small} deals, same answers):")
    print(f"  integer programme median {m1:8.2f} ms")
    print(f"  brute-force oracle median {m2:8.2f} ms")
    print(f"  ratio oracle / ILP        {m2 / m1:8.2f}x")


if __name__ == "__main__":
    main()
