"""Benchmark: the best Nmbrs! turn for a 9-card hand against a table of 6 sequences.

Prints the median time of ``solver.nmbrs.best.best_turn`` and of the brute-force oracle
(``tests/games/nmbrs/oracle.naive_best``: every order of every move, every subset of the hand,
no memory, no pruning), measured in the same run on the same position, and the speed-up.
The two must agree on the best (score, cards laid).

    python benchmarks/bench_nmbrs.py [--runs 7] [--oracle-runs 3]

The hand has no joker: with a joker the oracle tries every number 1-100 for it in every
subset and every order, which takes far too long to time. The engine's own times with
one and two jokers are printed below the comparison.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.games.nmbrs.oracle import naive_best  # noqa: E402
from solver.nmbrs import Deck, Rules  # noqa: E402
from solver.nmbrs.best import best_turn  # noqa: E402
from solver.nmbrs.table import Table  # noqa: E402

TABLE = "10 20 30 | 4 10 16 | 41 43 45 47 | 60 65 70 | 81 84 87 | 22 33 44 55"
"""Six sequences, two of them crossing at 10."""
HAND = "40 75 2 17 38 59 62 95 99"
"""Nine cards: some extend or cross the table, some make new sequences, some are dead."""
JOKER_HANDS = ("40 75 2 17 38 59 62 95 joker", "40 50 75 90 49 8 12 joker joker")


def _median_time(fn, runs: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="timed runs of best_turn (median)")
    ap.add_argument("--oracle-runs", type=int, default=3, help="timed runs of the brute-force oracle (median)")
    ap.add_argument("--joker-runs", type=int, default=1, help="timed runs of best_turn for the hands with jokers")
    args = ap.parse_args(argv)

    deck, rules = Deck.default(), Rules.preset("basic")
    table = Table.parse(TABLE, deck, rules)
    hand = deck.parse_hand(HAND)
    best_turn(table, hand, rules, deck, opened=True)  # warm-up (imports, caches of the deck)

    t_best, found = _median_time(lambda: best_turn(table, hand, rules, deck, opened=True), args.runs)
    t_oracle, oracle = _median_time(lambda: naive_best(table, hand, rules, deck, opened=True), args.oracle_runs)
    mine = (found.score, sum(len(r.laid) for r in found.verdict.results))
    if mine != oracle:
        raise SystemExit(f"MISMATCH: best_turn gives {mine}, the oracle {oracle}")

    print(f"table ({len(table.sequences)} sequences): {TABLE}")
    print(f"hand  ({len(hand)} cards, {rules.name}, already come out): {HAND}")
    print(f"best turn: {'; '.join(str(r.move) for r in found.verdict.results)} "
          f"-> score {found.score} (points are an estimate), {found.states} positions searched")
    print(f"best_turn        median {t_best * 1000:9.2f} ms over {args.runs} runs")
    print(f"brute-force      median {t_oracle * 1000:9.2f} ms over {args.oracle_runs} runs")
    print(f"speed-up         {t_oracle / t_best:9.1f}x (same position, same run, same answer {mine})")
    for joker_hand in JOKER_HANDS:
        h = deck.parse_hand(joker_hand)
        t, b = _median_time(lambda: best_turn(table, h, rules, deck, opened=True), args.joker_runs)
        print(f"best_turn with {sum(c.is_joker for c in h)} joker(s) ({joker_hand}): median {t * 1000:.1f} ms, "
              f"score {b.score}, {b.states} positions (no oracle: too slow)")


if __name__ == "__main__":
    main()
