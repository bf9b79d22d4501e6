"""Benchmark: one Countdown question, tablecalc's :func:`solver.search.reach` against the package
index's ``countdown-numbers-solver`` (the test-only extra; one line and nothing else when it is not
installed), in the same process, on the same questions.

    python benchmarks/bench_countdown_anchor.py [--queries 60] [--runs 3] [--seed 20261126]

The questions: ``--queries`` selections of 6 tiles drawn from the Countdown deck (1-10 twice, 25,
50, 75, 100), each with a target 100-999, seeded, the same in every run. Both answer the same
question under the same rules (tablecalc's ``countdown`` preset: any of the numbers, each at most
once, any brackets, whole numbers on the way): is the target reached exactly, and how?
``countdown-numbers-solver`` lists every solution of every size (it searches exhaustively, see
``tests/games/arith/anchor.py``), tablecalc the fewest numbers and every distinct calculation of
that size, with no nearest value when the target is missed (``reach(..., nearest=False)``, the
library's default; a fresh ``ValueSets`` per question, so no answer comes from a cache). The two
are timed alternately, each going first on every other question; a third line times
``reach(..., nearest=True)``, what ``tablecalc reach`` and ``arith best`` answer (the nearest values
too when the target is missed: more than the anchor gives). Every call is timed on the CPU clock
of the process and on the wall clock. Each run prints the medians and the ratio anchor ÷ tablecalc
on both; the end, the range of the medians and of the ratios over the runs. The
two must agree on every question about whether the target is reached exactly and with how few
numbers; a disagreement is printed with its selection and the script exits with status 1.

Measured on this 2-core machine, shared (``nice -n 5``; 60 questions, 3 runs, two invocations,
load average 3.6-4.2), medians of CPU time per question, the range over the runs:

    tablecalc reach                    1.23-1.51 ms, then 1.17-1.26 ms
    countdown-numbers-solver           109-120 ms,   then 104-112 ms
    ratio anchor / tablecalc           79-91x,       then 84-90x   (wall time: 82-98x, 84-90x)
    reach with the nearest values      1.50-1.82 ms, then 1.42-1.76 ms
    agreed on all 60 questions (58 reached exactly, with as few numbers)

A third invocation at load 1.1-1.2: 1.12-1.30 ms against 110-112 ms, 85-98x (CPU and wall alike).

Earlier the same day, wall time only, load 3.4-4.7: 1.34-2.09 ms against 161-206 ms, 99-121x; the
anchor's search alone (``place_operators``, printing left out) took as long as its whole answer.
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
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solver.arith.deal import COUNTDOWN_NUMBERS  # noqa: E402
from solver.arith.rules import Rules  # noqa: E402
from solver.search import ValueSets, reach  # noqa: E402
from tests.games.arith.anchor import installed, solutions  # noqa: E402

SEED = 20261126
RULES = Rules.preset("countdown").search


def questions(seed: int, n: int) -> list[tuple[list[int], int]]:
    """``n`` seeded Countdown questions: 6 tiles from the deck, a target 100-999."""
    rng = random.Random(seed)
    return [(sorted(rng.sample(COUNTDOWN_NUMBERS, 6)), rng.randint(100, 999)) for _ in range(n)]


def ours(numbers, target):
    """tablecalc's answer to the anchor's question: a fresh search, no cache, no nearest value."""
    return reach(numbers, target, RULES, value_sets=ValueSets(RULES))


def ours_nearest(numbers, target):
    """What ``tablecalc reach`` answers: the nearest values too when the target is missed."""
    return reach(numbers, target, RULES, value_sets=ValueSets(RULES), nearest=True)


CLOCKS = ("CPU", "wall")


def _timed(fn, *args):
    """The CPU time and the wall time of ``fn(*args)``, and its result. CPU time counts only this
    process's work: on a loaded machine a 200 ms call is interrupted many times, a 1.5 ms one seldom,
    so wall times stretch the long call more and the wall ratio drifts with the load."""
    c0, t0 = time.process_time(), time.perf_counter()
    result = fn(*args)
    return (time.process_time() - c0, time.perf_counter() - t0), result


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms" if seconds < 0.01 else f"{seconds * 1e3:.1f} ms"


def _span(values: list[float], fmt) -> str:
    lo, hi = min(values), max(values)
    return fmt(lo) if fmt(lo) == fmt(hi) else f"{fmt(lo)} – {fmt(hi)}"


def one_run(qs, run: int) -> tuple[dict[str, list[tuple[float, float]]], list[str], int]:
    """Time every question with the three, rotating who goes first; the times, the disagreements
    and how many targets were reached exactly."""
    solvers = {"reach": ours, "anchor": solutions, "nearest": ours_nearest}
    names = list(solvers)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    disagreements, reached = [], 0
    for i, (numbers, target) in enumerate(qs):
        k = (i + run) % len(names)
        answers = {}
        for name in names[k:] + names[:k]:
            t, answers[name] = _timed(solvers[name], numbers, target)
            times[name].append(t)
        theirs = min(answers["anchor"].values(), default=None)
        mine = answers["reach"].min_cards
        reached += mine is not None
        if mine != theirs or answers["nearest"].min_cards != mine:
            disagreements.append(f"numbers {' '.join(map(str, numbers))}; target {target}: tablecalc "
                                 f"{'fewest numbers ' + str(mine) if mine else 'unreached'}, countdown-numbers-solver "
                                 f"{'fewest numbers ' + str(theirs) if theirs else 'unreached'}"
                                 + (f" (tablecalc with the nearest values: {answers['nearest'].min_cards})"
                                    if answers["nearest"].min_cards != mine else ""))
    return times, disagreements, reached


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=60, help="questions per run (default 60)")
    ap.add_argument("--runs", type=int, default=3, help="runs over the same questions (default 3)")
    ap.add_argument("--seed", type=int, default=SEED, help=f"random seed (default {SEED})")
    args = ap.parse_args(argv)
    if args.queries < 1 or args.runs < 1:
        ap.error("--queries and --runs must be at least 1")
    if not installed():
        print("countdown-numbers-solver is not installed (pip install 'tablecalc[test]'): no comparison with it")
        return

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (times grow with it; the ratio is what "
          f"to trust); {args.queries} Countdown questions (6 tiles, targets 100-999, seed {args.seed}), "
          f"{args.runs} run{'s' * (args.runs != 1)}, interleaved")
    qs = questions(args.seed, args.queries)
    ours(*qs[0]), solutions(*qs[0]), ours_nearest(*qs[0])  # warm-up: imports, first calls
    names = {"reach": "tablecalc reach (fewest numbers, every calculation of that size)",
             "anchor": "countdown-numbers-solver (every solution of every size)",
             "nearest": "tablecalc reach with the nearest values (`tablecalc reach`)"}
    medians = {(name, clock): [] for name in names for clock in range(len(CLOCKS))}
    ratios: dict[int, list[float]] = {clock: [] for clock in range(len(CLOCKS))}
    problems, reached = [], 0
    for run in range(args.runs):
        times, disagreements, reached = one_run(qs, run)
        problems += [d for d in disagreements if d not in problems]
        parts = []
        for clock, clock_name in enumerate(CLOCKS):
            for name, ts in times.items():
                medians[name, clock].append(statistics.median(t[clock] for t in ts))
            ratios[clock].append(medians["anchor", clock][-1] / medians["reach", clock][-1])
            parts.append(f"{clock_name}: reach {_ms(medians['reach', clock][-1])}, countdown-numbers-solver "
                         f"{_ms(medians['anchor', clock][-1])}, ratio {ratios[clock][-1]:.0f}×, "
                         f"reach with the nearest {_ms(medians['nearest', clock][-1])}")
        print(f"run {run + 1}: " + "; ".join(parts))
    print()
    width = max(map(len, names.values()))
    print(f"{'median per question (range over the runs)':{width}}  {'CPU time':>19}  {'wall time':>19}")
    for name, label in names.items():
        print(f"{label:{width}}  " + "  ".join(f"{_span(medians[name, c], _ms):>19}" for c in range(len(CLOCKS))))
    print(f"{'ratio countdown-numbers-solver ÷ tablecalc reach':{width}}  "
          + "  ".join(f"{_span(ratios[c], lambda r: f'{r:.0f}×'):>19}" for c in range(len(CLOCKS))))
    print("tablecalc faster" if min(min(r) for r in ratios.values()) > 1 else "tablecalc NOT always faster")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    if problems:
        print(f"\nDISAGREEMENT on {len(problems)} of {args.queries} questions:")
        print("\n".join(f"  {p}" for p in problems))
        sys.exit(1)
    print(f"the two agreed on all {args.queries} questions ({reached} reached exactly, with as few numbers)")


if __name__ == "__main__":
    main()
