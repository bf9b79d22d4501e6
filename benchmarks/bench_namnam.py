#!/usr/bin/env python
"""Benchmark of the Nam Nam engine (a script, not a test).

    python benchmarks/bench_namnam.py           # about a minute
    python benchmarks/bench_namnam.py --quick   # about 15 s

It prints, measured in the same run:

1. perft: leaf nodes per second of the engine (:mod:`solver.namnam.perft`, canonical tuples)
   and of the plain recursive generator of ``tests/games/namnam/oracle.py`` (a dict of named pits,
   one seed at a time) on the same positions and depths, and the ratio; it aborts if the two
   counts differ;
2. search: nodes per second of the best-move search (negamax, alpha-beta, transposition
   table) and the time it takes against a plain recursive minimax over the oracle's
   generator to the same depth, with the ratio; it aborts if the two values differ;
3. endgame tables: the time to build every board up to N seeds, and boards per second;
4. the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT,):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import tests.games.namnam.oracle as oracle  # noqa: E402
from solver.namnam import Position, Rules  # noqa: E402
from solver.namnam.deal import random_position  # noqa: E402
from solver.namnam.perft import perft  # noqa: E402
from solver.namnam.best import Searcher  # noqa: E402
from solver.namnam.tables import build, layer_size  # noqa: E402

SEED = 20261123


def plain_minimax(board: dict, mover: int, depth: int) -> tuple[int, int]:
    """Minimax over the oracle's generator, the horizon counted as 0: (value, nodes)."""
    moves = oracle.legal_moves(board, mover, "ccw")
    if not moves:
        mine = sum(n for (side, _), n in board.items() if side == mover)
        return mine - (sum(board.values()) - mine), 1
    if depth == 0:
        return 0, 1
    best, nodes = -10_000, 1
    for pit in moves:
        after, cap, _ = oracle.play(board, mover, pit, "ccw")
        v, n = plain_minimax(after, 1 - mover, depth - 1)
        best, nodes = max(best, cap - v), nodes + n
    return best, nodes


def bench_perft(positions, depth: int) -> None:
    rules = Rules()
    engine_t = oracle_t = 0.0
    total = 0
    for p in positions:
        t0 = time.perf_counter()
        n = perft(p, depth, rules)
        engine_t += time.perf_counter() - t0
        t0 = time.perf_counter()
        m = oracle.perft(oracle.board_of(p.south, p.north), p.to_move, depth)
        oracle_t += time.perf_counter() - t0
        if n != m:
            sys.exit(f"perft disagrees on {p} at depth {depth}: engine {n}, plain generator {m}")
        total += n
    print(f"perft, {len(positions)} positions at depth {depth}: {total} leaf nodes")
    print(f"  engine          {total / engine_t:12,.0f} nodes/s  ({engine_t:.2f} s)")
    print(f"  plain generator {total / oracle_t:12,.0f} nodes/s  ({oracle_t:.2f} s)")
    print(f"  ratio           {oracle_t / engine_t:12.1f}x")


def bench_search(positions, depth: int) -> None:
    rules = Rules()
    search_t = plain_t = 0.0
    search_nodes = plain_nodes = 0
    for p in positions:
        c = p.canonical(rules.direction)
        s = Searcher(rules)
        t0 = time.perf_counter()
        v = s.negamax(c, depth, -10_000, 10_000)
        search_t += time.perf_counter() - t0
        search_nodes += s.nodes
        t0 = time.perf_counter()
        w, n = plain_minimax(oracle.board_of(p.south, p.north), p.to_move, depth)
        plain_t += time.perf_counter() - t0
        plain_nodes += n
        if v != w:
            sys.exit(f"search disagrees on {p} at depth {depth}: alpha-beta {v}, plain minimax {w}")
    print(f"search, {len(positions)} positions at depth {depth} (same values):")
    print(f"  alpha-beta + TT {search_nodes / search_t:12,.0f} nodes/s  {search_nodes:10,} nodes  ({search_t:.2f} s)")
    print(f"  plain minimax   {plain_nodes / plain_t:12,.0f} nodes/s  {plain_nodes:10,} nodes  ({plain_t:.2f} s)")
    print(f"  ratio (time)    {plain_t / search_t:12.1f}x")


def bench_tables(n: int) -> None:
    t0 = time.perf_counter()
    build(n)
    dt = time.perf_counter() - t0
    boards = sum(layer_size(k) for k in range(n + 1))
    print(f"endgame tables up to {n} seeds: {boards:,} boards in {dt:.1f} s ({boards / dt:,.0f} boards/s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller samples")
    args = ap.parse_args()
    rng = random.Random(SEED)
    t0 = time.perf_counter()
    positions = [Position.start(), *(random_position(rng, Rules()) for _ in range(3 if args.quick else 7))]
    bench_perft(positions, 5 if args.quick else 6)
    print()
    bench_search(positions, 5 if args.quick else 6)
    print()
    bench_tables(8 if args.quick else 10)
    print()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; total {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
