"""Benchmark: the best Ramikubic lay for a 14-tile rack against a 40-tile table.

Prints, over dealt positions, with and without jokers:

* the median time of ``solver.ramikubic.best_lay`` (one integer programme: the most tiles, then
  points, then old combinations kept whole; HiGHS through SciPy's ``milp``), against its
  reference path measured in the same run on the same positions (``reference=True``: the exact
  optimum, then a second solve for the layout), with the ratio; both lay the same tiles and points,
  and the referee replays every answer;
* against the package index's ``rummikub-solver`` (the test-only extra; skipped, saying so, when it
  is not installed), timed interleaved on the same positions under the rules both follow (preset
  ``no-wrap``), with the ratio (tablecalc / rummikub-solver: under 1, tablecalc is ahead) and how
  often the two lay as many tiles (always without jokers, where their rules agree);
* on small positions (a table of about 9 tiles, a rack of 5), the integer programme against the
  brute-force oracle (``tests/games/ramikubic/oracle.py``), with the ratio; both must agree.

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

from tests.games.ramikubic.anchor import anchor  # noqa: E402
from tests.games.ramikubic.oracle import oracle_best_lay  # noqa: E402
from solver.ramikubic import Rules, TileSet, best_lay, judge  # noqa: E402
from solver.ramikubic.best import optimise  # noqa: E402
from solver.ramikubic.deal import deal  # noqa: E402

GOAL_MS = 50.0
JOKERS = (("jokers dealt as they come", 0.15), ("no joker on the table or in the rack", 0.0))


def _timed(fn):
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def _deals(rng, rules, ts, n, joker_rate):
    out = []
    while len(out) < n:
        p = deal(rng, rules, ts, table_tiles=40, rack_size=14, melded=True, joker_rate=joker_rate)
        if joker_rate == 0 and any(t.is_joker for t in p.rack):
            continue
        out.append(p)
    return out


def _ms(times) -> float:
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=25, help="40-tile tables timed (median)")
    ap.add_argument("--small", type=int, default=25, help="small positions timed against the oracle")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    ts, rules = TileSet.default(), Rules()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (times grow with it; the ratio is what to trust)")
    rng = random.Random(args.seed)
    warm = deal(rng, rules, ts, table_tiles=40, rack_size=14, melded=True)
    best_lay(warm, rules, ts), best_lay(warm, rules, ts, reference=True)  # warm-up: imports

    for label, joker_rate in JOKERS:
        fast, ref, exact, laid = [], [], [], []
        for i, p in enumerate(_deals(rng, rules, ts, args.deals, joker_rate)):
            t_exact, _ = _timed(lambda: optimise(p.table, p.rack, rules, ts, goal=("tiles", "points"), keep_old=False))
            runs = [lambda: best_lay(p, rules, ts), lambda: best_lay(p, rules, ts, reference=True)]
            if i % 2:  # interleaved: each goes first on every other position
                (t_ref, old), (t_fast, lay) = _timed(runs[1]), _timed(runs[0])
            else:
                (t_fast, lay), (t_ref, old) = _timed(runs[0]), _timed(runs[1])
            if (lay.tiles_placed, lay.points_placed) != (old.tiles_placed, old.points_placed):
                raise SystemExit(f"MISMATCH on {p}: one solve lays {lay.answer}, the reference path {old.answer}")
            if not judge(p, lay.answer, rules, ts).legal:
                raise SystemExit(f"REFEREE REFUSES the best lay of {p}: {lay.answer}")
            fast.append(t_fast)
            ref.append(t_ref)
            exact.append(t_exact)
            laid.append(lay.tiles_placed)
        med = _ms(fast)
        print(f"best lay, 14-tile rack vs a 40-tile table, {label} ({args.deals} deals, {rules.name}):")
        print(f"  median {med:8.2f} ms   max {max(fast) * 1000:8.2f} ms   goal {GOAL_MS:.0f} ms "
              f"({'met' if med <= GOAL_MS else 'NOT met'}); tiles laid: median {statistics.median(laid)}, "
              f"min {min(laid)}, max {max(laid)}")
        print(f"  reference path (the optimum, then a second solve for the layout): median {_ms(ref):.2f} ms, "
              f"max {max(ref) * 1000:.2f} ms; ratio one solve / reference {med / _ms(ref):.2f}")
        print(f"  the exact optimum alone (tiles, then points; no layout): median {_ms(exact):.2f} ms")

    _against_anchor(rng, ts, args.deals)

    mine, oracle = [], []
    for _ in range(args.small):
        p = deal(rng, rules, ts, table_tiles=9, rack_size=5, melded=True)
        t1, lay = _timed(lambda: best_lay(p, rules, ts))
        t2, want = _timed(lambda: oracle_best_lay(p.table, p.rack, rules, ts))
        if (lay.tiles_placed, lay.points_placed) != want:
            raise SystemExit(f"MISMATCH on {p}: the ILP lays {(lay.tiles_placed, lay.points_placed)}, the oracle {want}")
        mine.append(t1)
        oracle.append(t2)
    m1, m2 = _ms(mine), _ms(oracle)
    print(f"small positions (table ~9 tiles, rack 5; {args.small} deals, same answers):")
    print(f"  integer programme median {m1:8.2f} ms")
    print(f"  brute-force oracle median {m2:8.2f} ms")
    print(f"  ratio oracle / ILP        {m2 / m1:8.2f}x")


def _against_anchor(rng, ts: TileSet, deals: int) -> None:
    """tablecalc's whole best lay (the layout included) against rummikub-solver's, interleaved."""
    rules = Rules.preset("no-wrap")
    for label, joker_rate in JOKERS:
        other = anchor(ts, rules, jokers=joker_rate > 0)
        if other is None:
            print("rummikub-solver is not installed (pip install 'tablecalc[test]'): no comparison with it")
            return
        positions = _deals(rng, rules, ts, deals, joker_rate)
        states = [other.state(p) for p in positions]
        other.solve(states[0]), best_lay(positions[0], rules, ts)  # warm-up: its problems, our imports
        mine, theirs, same = [], [], 0
        for i, (p, s) in enumerate(zip(positions, states)):
            if i % 2:
                (t2, n2), (t1, lay) = _timed(lambda: other.solve(s)), _timed(lambda: best_lay(p, rules, ts))
            else:
                (t1, lay), (t2, n2) = _timed(lambda: best_lay(p, rules, ts)), _timed(lambda: other.solve(s))
            mine.append(t1)
            theirs.append(t2)
            same += lay.tiles_placed == n2
            if joker_rate == 0 and lay.tiles_placed != n2:
                raise SystemExit(f"MISMATCH on {p}: tablecalc lays {lay.tiles_placed} tiles, rummikub-solver {n2}")
        m1, m2 = _ms(mine), _ms(theirs)
        print(f"against rummikub-solver (package index, HiGHS through cvxpy; {other.ruleset.backend}), {label} "
              f"({deals} deals, {rules.name}, interleaved):")
        print(f"  tablecalc best lay median {m1:8.2f} ms (the layout included)   rummikub-solver median {m2:8.2f} ms")
        print(f"  ratio tablecalc / rummikub-solver {m1 / m2:.2f} ({'ahead' if m1 < m2 else 'BEHIND'}); "
              f"as many tiles laid on {same} of {deals}")


if __name__ == "__main__":
    main()
