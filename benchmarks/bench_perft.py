"""Benchmark: Nam Nam perft, leaves per second, compiled (Numba, :mod:`solver.namnam.kernel`)
against a C perft of the same method (``benchmarks/perft.c``, built here when a C compiler is
found) and against the pure Python path, in the same run.

    python benchmarks/bench_perft.py [--runs 3] [--depth 10] [--pure-depth 7]

Positions: the opening and 5 positions reached by seeded random moves. The compiled engine and
C count every position at ``--depth`` (C in a process per position, its CPU time taken from the
kernel), interleaved run after run; the pure path counts them at ``--pure-depth`` (it is some 50
times slower), once. Every count must agree with the others' (at the pure depth, the compiled
engine counts again). Prints the medians, in leaves per second, and the ratios: compiled ÷ C
(issue 26's goal: at least one half) and compiled ÷ pure.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solver.namnam import Position, Rules  # noqa: E402
from solver.namnam.deal import random_position  # noqa: E402
from solver.namnam.perft import count  # noqa: E402

SEED = 20261126


def build_c(folder: str) -> str | None:
    cc = next((c for c in (os.environ.get("CC"), "cc", "gcc", "clang") if c and shutil.which(c)), None)
    if cc is None:
        return None
    exe = os.path.join(folder, "perft")
    subprocess.run([cc, "-O2", "-o", exe, str(ROOT / "benchmarks" / "perft.c")], check=True)
    return exe


def run_c(exe: str, boards, depth: int) -> tuple[int, float]:
    total, cpu = 0, 0.0
    for c in boards:
        proc = subprocess.Popen([exe, str(depth), *map(str, c)], stdout=subprocess.PIPE, text=True)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status):
            sys.exit("the C perft failed")
        total += int(out)
        cpu += usage.ru_utime + usage.ru_stime
    return total, cpu


def run_py(boards, depth: int, engine: str) -> tuple[int, float]:
    cpu = time.process_time()
    total = sum(count(c, depth, False, engine) for c in boards)
    return total, time.process_time() - cpu


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--pure-depth", type=int, default=7)
    args = ap.parse_args(argv)
    rules = Rules()
    rng = random.Random(SEED)
    positions = [Position.start(), *(random_position(rng, rules) for _ in range(5))]
    boards = [p.canonical(rules.direction) for p in positions]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {len(boards)} positions")
    run_py(boards[:1], 2, "compiled")  # loads (or compiles) the kernel: not timed
    with tempfile.TemporaryDirectory(prefix="tablecalc-bench-") as folder:
        exe = build_c(folder)
        if exe is None:
            print("no C compiler found: the C perft is left out")
        rates: dict[str, list[float]] = {"compiled": [], "C": []} if exe else {"compiled": []}
        leaves = None
        for _ in range(args.runs):
            n, cpu = run_py(boards, args.depth, "compiled")
            rates["compiled"].append(n / cpu)
            leaves = n
            if exe:
                m, cpu = run_c(exe, boards, args.depth)
                if m != n:
                    sys.exit(f"C counts {m:,} leaves, the compiled engine {n:,}")
                rates["C"].append(m / cpu)
        p, cpu = run_py(boards, args.pure_depth, "pure")
        if p != run_py(boards, args.pure_depth, "compiled")[0]:
            sys.exit("the pure and compiled counts differ")
        rates["pure"] = [p / cpu]
    print(f"depth {args.depth}: {leaves:,} leaves in all (pure path: depth {args.pure_depth}, {p:,} leaves)")
    med = {name: statistics.median(r) for name, r in rates.items()}
    for name, r in rates.items():
        print(f"  {name:<9} {med[name] / 1e6:8.1f} M leaves/s (median of {len(r)})")
    if "C" in med:
        print(f"  compiled ÷ C: {med['compiled'] / med['C']:.2f} (goal: at least 0.5)")
    print(f"  compiled ÷ pure: {med['compiled'] / med['pure']:.0f}×")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
