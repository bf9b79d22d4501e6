"""Benchmark: building Nam Nam's endgame tables, tablecalc's builders against a plain C retrograde
builder (``benchmarks/tables.c``, built here when a C compiler is found), in the same run.

    python benchmarks/bench_tables.py [--seeds 14] [--runs 1] [--engines compiled,pure]
    python benchmarks/bench_tables.py --seeds 20 --i-have-the-memory --engines compiled

Every build runs in a process of its own, from nothing up to ``--seeds`` seeds, runs interleaved
(C, then each of tablecalc's engines: ``solver.namnam.tables.build(seeds, engine=...)``, the
default rules). Each gives its CPU time and peak memory (the whole process: Python, NumPy and
Numba's compiler included; for C, the output file is written after the time is taken), and a
SHA-256 of every value then every layer's packed ``cyclic`` flags (the payload of a table file),
which must be the same for all (the tables are equal bit for bit). Prints the medians, the bytes
a board of the last layer, and the ratios tablecalc ÷ C for time and for memory: issue 26 asks
that the compiled builder be at most as slow as C at 20 seeds and take at most 2 GB.

Keep ``--seeds`` at 16 or below on a shared machine (the NumPy builder takes about 1.5 GB at 15);
beyond that, up to the largest build tablecalc accepts, only with ``--i-have-the-memory``: at
20 seeds the C builder needs about 2.4 GiB (27 bytes a board of layer 20, 84.7 million boards,
plus one byte a board of every layer) and the NumPy builder some 17 GB (it is left out above 16
seeds unless named in ``--engines``).

The C builder alone (``nice -n 10 ./tables N``, this 2-core machine shared, load 1.3–1.5):

    seeds  boards (last layer)     in place               --jacobi
    14      9.7 M ( 4.5 M)         3.19 s, 125 MiB        5.06 s, 134 MiB
    15     17.4 M ( 7.7 M)         5.86 s, 217 MiB        9.35 s, 231 MiB
    16     30.4 M (13.0 M)         9.59 s, 366 MiB       16.15 s, 391 MiB

about 29 bytes a board of the last layer, all included; issue 26 quoted "a C retrograde builder"
at 50.1 s and 380 MiB for 15 seeds: this one is some 9 times faster (in place, a board whose
bounds met is skipped). This benchmark (load 1.3–2.6 at the start, up to 3.3 at the end):

    14 seeds: C 2.97 s, 125 MiB; compiled 2.69 s, 305 MiB; NumPy 25.8 s, 844 MiB
              compiled ÷ C 0.90× the time, 2.43× the memory; NumPy ÷ C 8.69×, 6.74×
    16 seeds (--engines compiled): C 12.15 s, 366 MiB; compiled 10.02 s, 606 MiB
              compiled ÷ C 0.82× the time, 1.66× the memory

the same tables bit for bit each time (the builders of tablecalc as they were before issue 26's
one-byte rewrite).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
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

from benchmarks.process import compile_c  # noqa: E402

SHARED_LIMIT = 16
"""The largest ``--seeds`` without ``--i-have-the-memory``."""
NAMES = {"compiled": "compiled", "pure": "NumPy"}


def worker(engine: str, seeds: int) -> None:
    import numpy as np

    from solver.namnam.tables import build, layer_size

    if engine == "compiled":
        build(2, engine="compiled")  # loads (or compiles) the kernel: not timed
    folder = tempfile.mkdtemp(prefix="tablecalc-bench-")
    cpu, wall = time.process_time(), time.perf_counter()
    t = build(seeds, engine=engine, path=os.path.join(folder, "t.tables"))  # as `namnam tables --build` does
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # before the checksum's buffers
    digest = hashlib.sha256()
    for v in t.values:
        digest.update(np.ascontiguousarray(v, dtype=np.int8).tobytes())
    for c in t.cyclic:
        digest.update(np.packbits(np.asarray(c, dtype=bool)).tobytes())
    shutil.rmtree(folder)
    print(json.dumps({"cpu": cpu, "wall": wall, "peak_mib": peak, "sha256": digest.hexdigest(),
                      "boards": sum(layer_size(k) for k in range(seeds + 1)), "last": layer_size(seeds)}))


def run_python(engine: str, seeds: int) -> dict:
    done = subprocess.run([sys.executable, __file__, "--worker", engine, "--seeds", str(seeds)],
                          check=False, capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        why = done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]
        sys.exit(f"the {NAMES[engine]} build failed: {why[0]}")
    return json.loads(done.stdout)


def c_memory(seeds: int) -> int:
    """About the bytes the C builder takes at its peak: 27 a board of the last layer (its moves and
    bounds), one a board of every layer (the values) and their cyclic flags."""
    from solver.namnam.tables import layer_size

    boards = sum(layer_size(k) for k in range(seeds + 1))
    return 27 * layer_size(seeds) + boards + boards // 8


def run_c(exe: str, seeds: int, folder: str) -> dict:
    """One build by the C program: its own summary (CPU time of the build, peak memory) and the
    SHA-256 of the file it wrote, which is then removed."""
    out = os.path.join(folder, "tables.bin")
    wall = time.perf_counter()
    done = subprocess.run([exe, "--out", out, str(seeds)], check=False, capture_output=True, text=True)
    wall = time.perf_counter() - wall  # the process's whole life, writing its file included
    if done.returncode:
        sys.exit(f"the C builder failed (exit {done.returncode}): {done.stderr.strip()}")
    result = json.loads(done.stdout)
    digest = hashlib.sha256()
    with open(out, "rb") as f:
        while block := f.read(1 << 24):
            digest.update(block)
    os.remove(out)
    return result | {"sha256": digest.hexdigest(), "wall": wall}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=14)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--engines", help="tablecalc's engines, comma-separated: compiled, pure "
                                      f"(default: both, only compiled above {SHARED_LIMIT} seeds)")
    ap.add_argument("--i-have-the-memory", action="store_true",
                    help=f"allow more than {SHARED_LIMIT} seeds (20 seeds: several GB for each build)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker, args.seeds)
        return
    from solver.namnam.tables import MAX_BUILD

    most = MAX_BUILD if args.i_have_the_memory else SHARED_LIMIT
    if not 1 <= args.seeds <= most:
        sys.exit(f"--seeds {args.seeds}: expected 1 to {most}" + (
            "" if args.i_have_the_memory else f" (up to {MAX_BUILD} with --i-have-the-memory: the machine is shared)"))
    if args.runs < 1:
        sys.exit(f"--runs {args.runs}: expected at least 1")
    engines = (args.engines.split(",") if args.engines
               else ["compiled", "pure"] if args.seeds <= SHARED_LIMIT else ["compiled"])
    if unknown := [e for e in engines if e not in NAMES]:
        sys.exit(f"--engines: unknown engine {unknown[0]!r}, expected compiled or pure")
    if "compiled" in engines and importlib.util.find_spec("numba") is None:
        print("Numba is not installed: the compiled builder is left out")
        engines.remove("compiled")
    from solver.budget import available_memory

    have = available_memory()
    if have is not None and c_memory(args.seeds) > have:
        sys.exit(f"--seeds {args.seeds}: the C builder alone needs about {c_memory(args.seeds) / 2**30:.1f} GiB "
                 f"and {have / 2**30:.1f} GiB is available")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; tables up to {args.seeds} seeds, "
          f"{args.runs} run(s); the C builder needs about {c_memory(args.seeds) / 2**20:,.0f} MiB")
    with tempfile.TemporaryDirectory(prefix="tablecalc-bench-") as folder:
        exe = compile_c("tables", folder)
        if exe is None:
            print("no C compiler found: the C builder is left out")
        results: dict[str, list[dict]] = {name: [] for name in ((["C"] if exe else []) + [NAMES[e] for e in engines])}
        for _ in range(args.runs):
            if exe:
                results["C"].append(run_c(exe, args.seeds, folder))
            for e in engines:
                results[NAMES[e]].append(run_python(e, args.seeds))
    if not results:
        sys.exit("nothing to measure")
    digests = {name: {r["sha256"] for r in rs} for name, rs in results.items()}
    first = next(iter(results.values()))[0]
    if len(set().union(*digests.values())) != 1:
        sys.exit("the tables differ: " + "; ".join(f"{name} SHA-256 {', '.join(sorted(d))}"
                                                   for name, d in digests.items()))
    print(f"  {first['boards']:,} boards ({first['last']:,} in the last layer); the same tables from "
          f"{', '.join(results)}, bit for bit (SHA-256 {first['sha256'][:16]}…)")
    cpu = {name: statistics.median(r["cpu"] for r in rs) for name, rs in results.items()}
    wall = {name: statistics.median(r["wall"] for r in rs) for name, rs in results.items()}
    peak = {name: max(r["peak_mib"] for r in rs) for name, rs in results.items()}
    for name in results:
        print(f"  {name:<9} CPU {cpu[name]:8.2f} s   wall {wall[name]:8.2f} s   peak {peak[name]:7.0f} MiB "
              f"({peak[name] * 2**20 / first['last']:.0f} bytes a board of the last layer, all included)")
    pairs = [(n, "C") for n in results if n != "C" and "C" in results]
    if "NumPy" in results and "compiled" in results:
        pairs.append(("NumPy", "compiled"))
    for a, b in pairs:
        goal = "   (issue 26, at 20 seeds: time at most 1×, at most 2 GB)" if (a, b) == ("compiled", "C") else ""
        print(f"  {a} ÷ {b}: {cpu[a] / cpu[b]:.2f}× the CPU time, {wall[a] / wall[b]:.2f}× the wall-clock time "
              f"(tablecalc on {os.cpu_count()} cores, C on one), {peak[a] / peak[b]:.2f}× the memory{goal}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
