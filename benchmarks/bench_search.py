#!/usr/bin/env python
"""Benchmark of :func:`solver.search.reach` (a script, not a test).

    python benchmarks/bench_search.py           # full run, about 2 minutes
    python benchmarks/bench_search.py --quick   # smaller samples, under 30 s

With a fixed seed it prints:

1. the speed-up of ``reach`` over the naive oracle ``tests/core/search_oracle.py`` on random 5-card
   Nambarz hands (cards 1-10, target 1-10, at least 2 cards, natural intermediates, all
   four operations), for chain and tree order: total oracle time / total reach time over
   the same hands (goal: at least 50x); it aborts if the two disagree on min_cards;
2. the median time of one ``reach`` query on random 7-card hands, both orders;
3. the median and max time of one query on 6-number Countdown selections (drawn without
   replacement from 1-10 twice, 25, 50, 75, 100; target 100-999; tree order, any subset,
   natural intermediates) and the share of targets reached exactly;
4. every value a Countdown selection can reach (``ValueSets.reachable``) for a run of
   consecutive distinct selections in sorted order: one ``ValueSets`` shared by the run
   against a fresh one per selection (the same answers; the ratio is what sharing saves);
5. every target at once (``reach_targets``, targets 100-999) for a few Countdown selections:
   one ``reach`` per target (today's way to ask it) and the Python value sets
   (``ValueSets.reachable``) against the NumPy pass, with the same answers checked;
6. building value sets, NumPy (``ValueArrays``) against Python (``ValueSets``), the same run of
   consecutive selections as in 4, the same sets checked on every selection;
7. the whole Countdown table (every selection, targets 100-999), pure path, on 1 and 2 processes, against
   the Python reference (``unreachable_targets``) timed on a sample of selections and
   extrapolated; the sample must agree, and the figures players quote are printed
   (full run: the whole table; quick run: a slice of it);
8. a batch of Countdown lines (target 947, one line per selection): a fresh ``reach`` per line
   (the old loop) against value sets kept across the batch, on 1 and 2 processes;
9. the machine and the total wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solver.expr import OPS, Intermediates, Order  # noqa: E402
from solver.search import Query, SearchRules, ValueSets, reach, reach_targets  # noqa: E402
from solver.valuearrays import ValueArrays  # noqa: E402
from solver.arith.countdown import countdown_table, selections, unreachable_targets, _table_chunk  # noqa: E402
from solver.batch import _KEPT, answer_batch  # noqa: E402
from tests.core.search_oracle import naive_reach  # noqa: E402

SEED = 20240521
SPEEDUP_GOAL = 50.0
COUNTDOWN_POOL = [*range(1, 11), *range(1, 11), 25, 50, 75, 100]
REACH_REPEATS = 5
"""Each reach query in the speed-up section is timed this many times (mean taken): it is
~1000x faster than the oracle, so one run would be mostly timer noise."""


def fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.0f} µs"


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = "  ".join("-" * w for w in widths)
    out = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)), line]
    for r in rows:
        out.append("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))))
    return "\n".join(out)


def nambarz_hand(rng: random.Random, size: int) -> tuple[list[int], int]:
    return [rng.randint(1, 10) for _ in range(size)], rng.randint(1, 10)


def bench_speedup(rng: random.Random, n: int) -> list[list[str]]:
    """reach vs the naive oracle on the same 5-card hands, per order."""
    rows = []
    for order in (Order.CHAIN, Order.TREE):
        rules = SearchRules(order=order, ops=frozenset(OPS), intermediates=Intermediates.NATURAL)
        hands = [nambarz_hand(rng, 5) for _ in range(n)]
        oracle_total = early_total = reach_total = 0.0
        for hand, target in hands:
            t0 = time.perf_counter()
            want, _ = naive_reach(hand, target, order, OPS, Intermediates.NATURAL, min_numbers=2)
            oracle_total += time.perf_counter() - t0

            t0 = time.perf_counter()
            early, _ = naive_reach(
                hand, target, order, OPS, Intermediates.NATURAL, min_numbers=2, stop_at_first_size=True
            )
            early_total += time.perf_counter() - t0
            assert early == want

            t0 = time.perf_counter()
            for _ in range(REACH_REPEATS):
                got = reach(hand, target, rules, min_numbers=2)
            reach_total += (time.perf_counter() - t0) / REACH_REPEATS

            if got.min_cards != want:
                sys.exit(
                    f"\n*** DISAGREEMENT: reach({hand}, {target}, order={order.value}, min_numbers=2) "
                    f"gives min_cards {got.min_cards}, the naive oracle {want} ***"
                )
        speedup = oracle_total / reach_total
        verdict = "ok" if speedup >= SPEEDUP_GOAL else "BELOW GOAL"
        rows.append(
            [
                order.value,
                str(n),
                fmt_time(oracle_total),
                fmt_time(reach_total),
                f"{speedup:,.0f}×",
                f"(goal ≥ {SPEEDUP_GOAL:.0f}×) {verdict}",
                fmt_time(early_total),
                f"{early_total / reach_total:,.0f}×",
            ]
        )
    return rows


def time_queries(queries, rules: SearchRules, min_numbers: int) -> tuple[list[float], int]:
    times, reached = [], 0
    for numbers, target in queries:
        t0 = time.perf_counter()
        r = reach(numbers, target, rules, min_numbers=min_numbers)
        times.append(time.perf_counter() - t0)
        reached += r.min_cards is not None
    return times, reached


def bench_seven(rng: random.Random, n: int) -> list[list[str]]:
    rows = []
    for order in (Order.CHAIN, Order.TREE):
        queries = [nambarz_hand(rng, 7) for _ in range(n)]
        times, reached = time_queries(queries, SearchRules(order=order), min_numbers=2)
        rows.append(
            [
                f"7 cards, {order.value}",
                str(n),
                fmt_time(statistics.median(times)),
                fmt_time(max(times)),
                f"{reached / n:.0%}",
            ]
        )
    return rows


def bench_countdown(rng: random.Random, n: int) -> list[list[str]]:
    queries = [(rng.sample(COUNTDOWN_POOL, 6), rng.randint(100, 999)) for _ in range(n)]
    rules = SearchRules(order=Order.TREE, intermediates=Intermediates.NATURAL)
    times, reached = time_queries(queries, rules, min_numbers=1)
    return [
        [
            "Countdown 6 numbers, tree",
            str(n),
            fmt_time(statistics.median(times)),
            fmt_time(max(times)),
            f"{reached / n:.0%}",
        ]
    ]


def countdown_selections() -> list[tuple[int, ...]]:
    """Every distinct 6-tile Countdown selection, sorted."""
    return sorted({tuple(sorted(c)) for c in combinations(COUNTDOWN_POOL, 6)})


def bench_value_sets(rng: random.Random, n: int) -> list[list[str]]:
    """ValueSets.reachable over n consecutive selections: fresh object each time vs one shared."""
    every = countdown_selections()
    start = rng.randrange(len(every) - n)
    run = every[start : start + n]
    t0 = time.perf_counter()
    fresh = [ValueSets().reachable(sel) for sel in run]
    fresh_total = time.perf_counter() - t0
    shared_sets = ValueSets()
    t0 = time.perf_counter()
    shared = [shared_sets.reachable(sel) for sel in run]
    shared_total = time.perf_counter() - t0
    if shared != fresh:
        sys.exit("\n*** DISAGREEMENT: a shared ValueSets gave other values than fresh ones ***")
    return [
        [
            f"{n} selections from {' '.join(map(str, run[0]))}",
            fmt_time(fresh_total / n),
            fmt_time(shared_total / n),
            f"{fresh_total / shared_total:,.1f}×",
        ]
    ]


def bench_targets(rng: random.Random, n: int) -> list[list[str]]:
    """reach_targets against a reach per target and against Python value sets, n selections."""
    targets = range(100, 1000)
    sels = [tuple(sorted(rng.sample(COUNTDOWN_POOL, 6))) for _ in range(n)]
    t_reach = t_sets = t_fast = 0.0
    for sel in sels:
        t0 = time.perf_counter()
        slow = [reach(sel, t).min_cards for t in targets]
        t_reach += time.perf_counter() - t0
        t0 = time.perf_counter()
        values = ValueSets().reachable(sel)
        t_sets += time.perf_counter() - t0
        t0 = time.perf_counter()
        fast = reach_targets(sel, targets).min_cards
        t_fast += time.perf_counter() - t0
        if list(fast) != slow or {t for t in targets if t in values} != {t for t, k in zip(targets, fast) if k}:
            sys.exit(f"\n*** DISAGREEMENT: reach_targets({sel}) differs from reach per target ***")
    return [[f"{n} selections", fmt_time(t_reach / n), fmt_time(t_sets / n), fmt_time(t_fast / n),
             f"{t_reach / t_fast:,.0f}×", f"{t_sets / t_fast:,.1f}×"]]


def bench_arrays(rng: random.Random, n: int) -> list[list[str]]:
    """Every value set of n consecutive selections: ValueSets against ValueArrays, each shared by the run."""
    every = countdown_selections()
    start = rng.randrange(len(every) - n)
    run = every[start : start + n]
    sets, arrays = ValueSets(), ValueArrays()
    t0 = time.perf_counter()
    py = [sets.of(sel) for sel in run]
    t_py = time.perf_counter() - t0
    t0 = time.perf_counter()
    npy = [arrays._values(arrays._start(sel)) for sel in run]
    t_np = time.perf_counter() - t0
    if any(frozenset(a.tolist()) != b for a, b in zip(npy, py)):
        sys.exit("\n*** DISAGREEMENT: ValueArrays and ValueSets built different sets ***")
    return [[f"{n} selections from {' '.join(map(str, run[0]))}", fmt_time(t_py / n), fmt_time(t_np / n),
             f"{t_py / t_np:,.1f}×"]]


def bench_table(rng: random.Random, quick: bool) -> tuple[list[list[str]], list[str]]:
    """The whole table on 1 and 2 processes against the Python reference on a sample."""
    targets = range(100, 1000)
    every = selections()
    sample = sorted(rng.sample(every, 40 if quick else 150))
    t0 = time.perf_counter()
    ref = unreachable_targets(sample, targets)
    per_ref = (time.perf_counter() - t0) / len(sample)
    got = dict(_table_chunk((sample, targets, SearchRules())))
    if {s: set(m) for s, m in got.items()} != ref:
        sys.exit("\n*** DISAGREEMENT: the table and the Python reference differ on the sample ***")
    tiles, size = (COUNTDOWN_POOL[:12] + COUNTDOWN_POOL[20:], 6) if quick else (COUNTDOWN_POOL, 6)
    rows, notes = [], []
    for processes in (1, 2):
        t0 = time.perf_counter()
        table = countdown_table(targets, tiles=tiles, size=size, processes=processes, engine="pure")
        wall = time.perf_counter() - t0
        n = len(table.rows)
        rows.append([f"{processes} process{'es' * (processes > 1)}", f"{n:,}", f"{wall:.1f} s",
                     fmt_time(wall / n), f"{per_ref * n:.0f} s", f"{per_ref * n / wall:,.1f}×"])
    hardest, count = table.hardest()
    notes.append(f"   selections: {n:,}; hardest target {hardest}, reached by {count:,}; "
                 f"{table.reach_every_target():,} selections reach every target")
    notes.append(f"   (reference: unreachable_targets, Python value sets, {fmt_time(per_ref)} per selection "
                 f"on {len(sample)} sampled selections, agreeing with the table on every one)")
    return rows, notes


def _busy(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def free_cores() -> float:
    """How much faster two processes run a pure-Python loop than one: the parallelism this
    shared machine offers right now (2.0 on two idle cores), to read the 2-process rows by."""
    from solver.batch import run_in_order

    jobs = [3_000_000] * 4
    t0 = time.perf_counter()
    list(run_in_order(_busy, jobs, 1))
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    list(run_in_order(_busy, jobs, 2))
    return one / (time.perf_counter() - t0)


def bench_variants(rng: random.Random, n: int) -> list[list[str]]:
    """Per-selection time of the table for a 7-number variant and a larger deck, on a sample, extrapolated."""
    rows = []
    variants = [("Countdown, 6 numbers", COUNTDOWN_POOL, 6), ("Countdown deck, 7 numbers", COUNTDOWN_POOL, 7),
                ("deck + 125 150, 6 numbers", COUNTDOWN_POOL + [125, 150], 6)]
    for name, tiles, size in variants:
        every = selections(tiles, size)
        start = rng.randrange(len(every) - n)
        run = every[start : start + n]  # neighbours, as the table hands them out
        t0 = time.perf_counter()
        _table_chunk((run, range(100, 1000), SearchRules()))
        per = (time.perf_counter() - t0) / n
        rows.append([name, f"{len(every):,}", fmt_time(per), f"{per * len(every):.0f} s"])
    return rows


def bench_batch(n: int) -> list[list[str]]:
    """n lines of target 947 (consecutive selections): the old loop against kept value sets, 1 and 2 processes."""
    lines = [(i, json.dumps({"numbers": list(sel), "target": 947})) for i, sel in enumerate(selections()[:n], 1)]
    t0 = time.perf_counter()
    base = [{"line": i, **Query.from_json(line).reach().as_dict()} for i, line in lines]
    t_base = time.perf_counter() - t0
    rows = [["a fresh reach per line (before)", fmt_time(t_base), "1.0×"]]
    for processes in (1, 2):
        _KEPT.clear()
        t0 = time.perf_counter()
        got = list(answer_batch(lines, processes=processes))
        wall = time.perf_counter() - t0
        if got != base:
            sys.exit("\n*** DISAGREEMENT: the batch answered differently from a fresh reach per line ***")
        rows.append([f"kept value sets, {processes} process{'es' * (processes > 1)}", fmt_time(wall), f"{t_base / wall:,.1f}×"])
    return rows


class _PerPairValueSets(ValueSets):
    """Today's algorithm before the inlined operation table: every pair of operands through the
    ``_results`` generator (kept in the library for fractions), for the baseline of section 8."""

    def _combine_whole(self, pairs, *, chain):
        return self._combine_each(pairs, chain=chain)


def bench_inner_loop(rng: random.Random, n: int) -> list[list[str]]:
    """Countdown queries and 7-card hands answered with the inlined table and with the per-pair
    generator, alternately on the same queries, in the same run (same answers checked)."""
    rows = []
    cases = [
        ("Countdown 6 numbers, tree", SearchRules(order=Order.TREE), 1,
         [(rng.sample(COUNTDOWN_POOL, 6), rng.randint(100, 999)) for _ in range(n)]),
        ("7 cards, chain", SearchRules(order=Order.CHAIN), 2, [nambarz_hand(rng, 7) for _ in range(n)]),
        ("7 cards, tree", SearchRules(order=Order.TREE), 2, [nambarz_hand(rng, 7) for _ in range(n)]),
    ]
    for name, rules, min_numbers, queries in cases:
        new, old = [], []
        for i, (numbers, target) in enumerate(queries):
            answers = {}
            for kind in ((ValueSets, _PerPairValueSets) if i % 2 else (_PerPairValueSets, ValueSets)):  # alternate who goes first
                t0 = time.perf_counter()
                answers[kind] = reach(numbers, target, rules, min_numbers=min_numbers, value_sets=kind(rules))
                (new if kind is ValueSets else old).append(time.perf_counter() - t0)
            assert answers[ValueSets] == answers[_PerPairValueSets], (numbers, target)
        ratio = statistics.median(old) / statistics.median(new)
        rows.append([name, str(n), fmt_time(statistics.median(old)), fmt_time(statistics.median(new)), f"{ratio:.2f}×"])
    for order in (Order.TREE, Order.CHAIN):  # building whole value sets, where the table is the work
        rules = SearchRules(order=order)
        new, old = [], []
        for i in range(max(10, n // 5)):
            selection = rng.sample(COUNTDOWN_POOL, 6)
            values = {}
            for kind in ((ValueSets, _PerPairValueSets) if i % 2 else (_PerPairValueSets, ValueSets)):
                t0 = time.perf_counter()
                values[kind] = kind(rules).reachable(selection)
                (new if kind is ValueSets else old).append(time.perf_counter() - t0)
            assert values[ValueSets] == values[_PerPairValueSets], selection
        ratio = statistics.median(old) / statistics.median(new)
        rows.append([f"every value of a Countdown selection, {order.value}", str(len(new)),
                     fmt_time(statistics.median(old)), fmt_time(statistics.median(new)), f"{ratio:.2f}×"])
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples (under 30 s)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"random seed (default {SEED})")
    args = parser.parse_args(argv)

    n_speedup, n_seven, n_countdown = (5, 40, 30) if args.quick else (30, 200, 100)
    n_selections = 60 if args.quick else 300
    rng = random.Random(args.seed)
    start = time.perf_counter()

    print(f"bench_search — {'quick' if args.quick else 'full'} run, seed {args.seed}")
    print(
        f"machine: {platform.platform()}; {platform.machine()}; {os.cpu_count()} CPUs; "
        f"Python {platform.python_version()} ({platform.python_implementation()})"
    )
    print()

    print("1. reach vs naive oracle — 5-card Nambarz hands (cards 1-10, target 1-10, ≥2 cards, natural, +-×÷)")
    speed = bench_speedup(rng, n_speedup)
    print(table(["order", "hands", "oracle total", "reach total", "speed-up", "goal", "early-stop oracle", "speed-up"], speed))
    print("   (the naive oracle tries every size; the early-stop oracle stops at the first size with a hit)")
    print("   min_cards agreed on every hand.")
    print()

    print("2. time per reach query — random hands (≥2 cards, natural, +-×÷) and Countdown")
    rows = bench_seven(rng, n_seven) + bench_countdown(rng, n_countdown)
    print(table(["query", "N", "median", "max", "reached"], rows))
    print()

    print("3. every reachable value of Countdown selections (tree, natural) — consecutive distinct selections")
    rows = bench_value_sets(random.Random(args.seed), n_selections)
    print(table(["run", "fresh ValueSets each", "one shared ValueSets", "speed-up"], rows))
    print("   (mean time per selection; both give the same values)")
    print()
    print("4. every target 100-999 of a Countdown selection at once")
    rows = bench_targets(random.Random(args.seed), 2 if args.quick else 5)
    print(table(["run", "reach per target", "Python value sets", "reach_targets", "vs reach", "vs Python sets"], rows))
    print("   (mean time per selection; the same min_cards for every target)")
    print()

    print("5. building value sets: Python ValueSets against NumPy ValueArrays (each shared by the run)")
    rows = bench_arrays(random.Random(args.seed), n_selections)
    print(table(["run", "ValueSets", "ValueArrays", "speed-up"], rows))
    print()

    print("6. the whole Countdown table, targets 100-999" + (" (quick: a 16-tile deck)" if args.quick else ""))
    rows, notes = bench_table(random.Random(args.seed), args.quick)
    print(table(["processes", "selections", "wall", "per selection", "reference (extrapolated)", "speed-up"], rows))
    print("\n".join(notes))
    print()

    print(f"   free cores now: two processes run a pure-Python loop {free_cores():.2f}× as fast as one (2.00 when idle)")
    print()

    print("6b. the table for variants, one process, per selection on a run of neighbours, extrapolated")
    rows = bench_variants(random.Random(args.seed), 100 if args.quick else 400)
    print(table(["variant", "selections", "per selection", "whole table"], rows))
    print()

    print("7. reach --batch: Countdown lines, target 947, consecutive selections")
    rows = bench_batch(300 if args.quick else 2000)
    print(table(["how", "wall", "speed-up"], rows))
    print()
    print("8. the inner loop: the operation table inlined against one generator call per pair of operands")
    rows = bench_inner_loop(rng, 30 if args.quick else 100)
    print(table(["query", "N", "per pair (before)", "inlined (now)", "speed-up"], rows))
    print("   (median time per query, the two alternated on the same queries, each going first half the time;")
    print("   the same answers. A single query spends most of its time matching the target, not building sets)")
    print()
    print(f"total wall time: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
