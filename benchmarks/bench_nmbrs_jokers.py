"""Benchmark: the best Nmbrs! turn with jokers, today's search against the baseline, in the same run.

Deals a fixed set of seeded positions as a table deals them (:func:`solver.nmbrs.deal.deal`:
9-card hands, 3 to 6 sequences on the table, the player already came out, basic rules), then
turns 0, 1, 2 or 3 of the hand's cards into jokers. For each number of jokers it prints:

* the median time of ``solver.nmbrs.best.best_turn`` (the search, in this process) and of the
  baseline (``benchmarks/baseline_nmbrs_best.py``, the search as it was before issue 9), the
  median of the per-hand speed-ups, and how many hands each answered; the two must find the
  same best (score, cards laid) on every hand both answer;
* the median time of the whole process ``python -m trainer nmbrs best`` for the first few
  hands, and of the same command for the same hands with their jokers taken out (the issue's
  goal: two jokers at most 0.2 s, and at most 3 times the hand without jokers).

    python benchmarks/bench_nmbrs_jokers.py [--hands 12] [--runs 3] [--process-hands 6]
                                            [--three-jokers-budget 4000000] [--jokers 0 1 2 3]

The baseline runs with its own step budget (40 million) except with three jokers, where it
gets ``--three-jokers-budget`` steps per hand: with its own budget it gives up after about 20 s
a hand. A hand a search gives up on counts as not answered. The process timings run the command
of this checkout (``python -m trainer``), not the baseline.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import baseline_nmbrs_best as baseline  # noqa: E402
from process import installed_env  # noqa: E402
from solver.errors import SearchTooLarge  # noqa: E402
from solver.nmbrs import JOKER, Deck, Rules  # noqa: E402
from solver.nmbrs.best import best_turn  # noqa: E402
from solver.nmbrs.deal import deal  # noqa: E402

SEED = 2026
TABLE_SEQUENCES = (3, 4, 5, 6)


def positions(count: int, jokers: int, rules: Rules, deck: Deck) -> list:
    """``count`` seeded deals (the same for every number of jokers), with ``jokers`` cards made jokers."""
    rng = random.Random(SEED)
    out = []
    for i in range(count):
        p = deal(rng, rules, deck, hand_size=9, table_sequences=TABLE_SEQUENCES[i % len(TABLE_SEQUENCES)],
                 joker_chance=0.0, opened=True)
        hand = list(p.hand)
        for k in random.Random(SEED * 100 + i).sample(range(len(hand)), 3)[:jokers]:
            hand[k] = JOKER
        out.append((p.table, hand))
    return out


def _timed(fn, runs: int):
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        try:
            result = fn()
        except SearchTooLarge:
            result = None
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def _laid(b) -> tuple[int, int]:
    return b.score, sum(len(r.laid) for r in b.verdict.results)


_ENV = installed_env()


def _process_time(table, hand, runs: int) -> float:
    cmd = [sys.executable, "-m", "trainer", "nmbrs", "best", "--hand", " ".join(map(str, hand)),
           "--table", str(table), "--opened"]
    env = _ENV
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)  # writes the bytecode
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        times.append(time.perf_counter() - t0)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()}")
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=12, help="seeded positions per number of jokers")
    ap.add_argument("--runs", type=int, default=3, help="timed runs of each search per hand (median)")
    ap.add_argument("--process-hands", type=int, default=6, help="hands timed as a whole process")
    ap.add_argument("--three-jokers-budget", type=int, default=4_000_000,
                    help="steps the baseline may take per hand with three jokers (its own budget: 40 million)")
    ap.add_argument("--jokers", type=int, nargs="*", default=[0, 1, 2, 3])
    args = ap.parse_args(argv)

    deck, rules = Deck.default(), Rules.preset("basic").with_options(doubling_per="move")  # as the baseline scores
    best_turn(*positions(1, 0, rules, deck)[0], rules, deck, opened=True)  # warm-up: imports, deck caches
    print(f"load average {os.getloadavg()[0]:.1f} (2 shared cores); "
          f"{args.hands} seeded 9-card hands (seed {SEED}), basic rules, come out, tables of "
          f"{'/'.join(map(str, TABLE_SEQUENCES))} sequences; times are medians")
    print(f"{'jokers':>6} {'new search':>11} {'baseline':>11} {'speed-up':>9} {'answered new/base':>18} "
          f"{'process':>9} {'no jokers':>9} {'ratio':>6}")
    for jokers in args.jokers:
        new_t, base_t, ratios, answered, base_answered = [], [], [], 0, 0
        for table, hand in positions(args.hands, jokers, rules, deck):
            t_new, b_new = _timed(lambda: best_turn(table, hand, rules, deck, opened=True), args.runs)
            base_runs = args.runs if jokers < 2 else 1
            budget = baseline.MAX_WORK if jokers < 3 else args.three_jokers_budget
            t_base, b_base = _timed(lambda: baseline.best_turn(table, hand, rules, deck, opened=True,
                                                               max_work=budget), base_runs)
            new_t.append(t_new)
            base_t.append(t_base)
            answered += b_new is not None
            base_answered += b_base is not None
            if b_new is not None and b_base is not None:
                if _laid(b_new) != _laid(b_base):
                    raise SystemExit(f"MISMATCH on hand {' '.join(map(str, hand))} | table {table}: "
                                     f"new {_laid(b_new)}, baseline {_laid(b_base)}")
                ratios.append(t_base / t_new)
        proc, plain = [], []
        for table, hand in positions(args.process_hands, jokers, rules, deck):
            proc.append(_process_time(table, hand, args.runs))
            plain.append(_process_time(table, [c for c in hand if not c.is_joker], args.runs))
        p, q = statistics.median(proc), statistics.median(plain)
        speed = f"{statistics.median(ratios):8.1f}x" if ratios else f"{'-':>9}"
        print(f"{jokers:>6} {statistics.median(new_t) * 1000:>8.1f} ms {statistics.median(base_t) * 1000:>8.1f} ms "
              f"{speed} {f'{answered}/{base_answered} of {args.hands}':>18} {p * 1000:>6.0f} ms {q * 1000:>6.0f} ms "
              f"{p / q:>5.2f}x")
    print("new search and baseline agree on the best (score, cards laid) of every hand both answered")


if __name__ == "__main__":
    main()
