"""Benchmark: the whole Countdown table (every selection of 6 of the 24 tiles, targets 100-999),
compiled (Numba, :mod:`solver.arith.kernel`) against a C program of the same method
(``benchmarks/countdown_table.c``, built here when a C compiler is found) and against the pure
Python/NumPy path, all in the same run; then the 7-number variant (27,522 selections).

    python benchmarks/bench_countdown_table.py [--runs 3] [--pure-runs 1] [--no-seven]

Each engine runs in a process of its own, interleaved with the others run after run, so load
from elsewhere hits them alike; each prints its CPU time for the table alone (the compiled
engine's code is loaded by a first, tiny table, untimed) and its peak memory. The three tables
must agree (selections reaching every target, and how many selections reach each target), or
the benchmark stops. Prints the medians and the ratios: compiled ÷ C (issue 26's goal: at most
2), pure ÷ compiled.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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

TILES = (*range(1, 11), *range(1, 11), 25, 50, 75, 100)
LO, HI = 100, 999


def worker(engine: str, size: int) -> None:
    """One engine in this process: print its table's summary, CPU seconds and peak memory as JSON."""
    from solver.arith.countdown import countdown_table

    if engine == "compiled":  # load (or compile) the kernel first: a start-up cost, not the table's
        countdown_table(range(1, 3), tiles=[1, 2, 3], size=2, engine="compiled")
    cpu, wall = time.process_time(), time.perf_counter()
    table = countdown_table(range(LO, HI + 1), tiles=TILES, size=size, engine=engine)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    counts = table.per_target()
    print(json.dumps({"cpu": cpu, "wall": wall, "selections": len(table.rows), "every": table.reach_every_target(),
                      "per_target": [counts[t] for t in range(LO, HI + 1)],
                      "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def build_c(folder: str) -> str | None:
    """Compile the C reference with the first compiler found; None when there is none."""
    cc = next((c for c in (os.environ.get("CC"), "cc", "gcc", "clang") if c and shutil.which(c)), None)
    if cc is None:
        return None
    exe = os.path.join(folder, "countdown_table")
    subprocess.run([cc, "-O2", "-o", exe, str(ROOT / "benchmarks" / "countdown_table.c"), "-lm"], check=True)
    return exe


def run_python(engine: str, size: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--worker", engine, "--size", str(size)],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout)


def run_c(exe: str, size: int) -> dict:
    wall = time.perf_counter()
    proc = subprocess.Popen([exe, str(LO), str(HI), str(size), *map(str, TILES)], stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - wall
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        sys.exit(f"the C reference failed (exit {proc.returncode})")
    head, counts = out.splitlines()[:2]
    selections, every = map(int, head.split())
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": wall, "selections": selections, "every": every,
            "per_target": [int(c) for c in counts.split()], "peak_mib": usage.ru_maxrss / 1024}


def same(results: dict[str, list[dict]]) -> None:
    """Stop unless every run of every engine gave the same table."""
    first = None
    for name, runs in results.items():
        for r in runs:
            key = (r["selections"], r["every"], r["per_target"])
            if first is None:
                first = key
            elif key != first:
                sys.exit(f"{name} disagrees: {r['selections']} selections, {r['every']} reach every target")


def report(title: str, results: dict[str, list[dict]]) -> None:
    same(results)
    r0 = next(iter(results.values()))[0]
    print(f"{title}: {r0['selections']:,} selections, {r0['every']:,} reach every target, "
          f"947 reached by {r0['per_target'][947 - LO]:,}")
    med = {name: statistics.median(r["cpu"] for r in runs) for name, runs in results.items()}
    for name, runs in results.items():
        print(f"  {name:<9} CPU {med[name]:7.2f} s (median of {len(runs)}; wall "
              f"{statistics.median(r['wall'] for r in runs):6.2f} s)   peak {max(r['peak_mib'] for r in runs):6.0f} MiB")
    if "C" in med:
        print(f"  compiled ÷ C: {med['compiled'] / med['C']:.2f}× (goal: at most 2×)")
    if "pure" in med:
        print(f"  pure ÷ compiled: {med['pure'] / med['compiled']:.1f}×")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of the compiled engine and of C (interleaved)")
    ap.add_argument("--pure-runs", type=int, default=1, help="runs of the pure path (about 12 s CPU each)")
    ap.add_argument("--no-seven", action="store_true", help="leave out the 7-number variant")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--size", type=int, default=6, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker, args.size)
        return
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="tablecalc-bench-") as folder:
        exe = build_c(folder)
        if exe is None:
            print("no C compiler found: the C reference is left out")
        run_python("compiled", 2)  # writes Numba's cache if it is not there yet: not timed
        results: dict[str, list[dict]] = {"compiled": []}
        if exe:
            results["C"] = []
        if args.pure_runs:
            results["pure"] = []
        for i in range(max(args.runs, args.pure_runs)):
            if i < args.runs:
                results["compiled"].append(run_python("compiled", 6))
                if exe:
                    results["C"].append(run_c(exe, 6))
            if i < args.pure_runs:
                results["pure"].append(run_python("pure", 6))
        report("Countdown table, 6 numbers", results)
        if not args.no_seven:
            seven: dict[str, list[dict]] = {"compiled": [run_python("compiled", 7)]}
            if exe:
                seven["C"] = [run_c(exe, 7)]
            report("7-number variant", seven)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
