"""Benchmark: building Nam Nam's endgame tables, the compiled layer solver
(:func:`solver.namnam.kernel.solve_layer`, Numba) against the NumPy builder, in the same run.

    python benchmarks/bench_tables.py [--seeds 14] [--runs 1]

Each build runs in a process of its own (runs interleaved), from nothing up to ``--seeds``
seeds; each prints its CPU time and peak memory, and a SHA-256 of every value and ``cyclic``
flag, which must be the same for both (the tables are equal bit for bit). Keep ``--seeds`` at
16 or below on a shared machine: the NumPy builder takes about 1.5 GB at 15.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def worker(engine: str, seeds: int) -> None:
    import numpy as np

    from solver.namnam.tables import build, layer_size

    if engine == "compiled":
        build(2, engine="compiled")  # loads (or compiles) the kernel: not timed
    cpu = time.process_time()
    t = build(seeds, engine=engine)
    cpu = time.process_time() - cpu
    digest = hashlib.sha256()
    for v, c in zip(t.values, t.cyclic):
        digest.update(np.ascontiguousarray(v, dtype=np.int8).tobytes())
        digest.update(np.packbits(c).tobytes())
    print(json.dumps({"cpu": cpu, "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                      "sha256": digest.hexdigest(), "boards": sum(layer_size(k) for k in range(seeds + 1)),
                      "last": layer_size(seeds)}))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=14)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker, args.seeds)
        return
    if args.seeds > 16:
        sys.exit("at most 16 seeds here (the machine is shared)")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; tables up to {args.seeds} seeds")

    def run(engine: str) -> dict:
        out = subprocess.run([sys.executable, __file__, "--worker", engine, "--seeds", str(args.seeds)],
                             check=True, capture_output=True, text=True, cwd=ROOT)
        return json.loads(out.stdout)

    results: dict[str, list[dict]] = {"compiled": [], "NumPy": []}
    for _ in range(args.runs):
        for engine, name in (("compiled", "compiled"), ("pure", "NumPy")):
            results[name].append(run(engine))
    digests = {r["sha256"] for rs in results.values() for r in rs}
    if len(digests) != 1:
        sys.exit("the compiled and NumPy tables differ")
    r0 = results["compiled"][0]
    print(f"  {r0['boards']:,} boards ({r0['last']:,} in the last layer); the same tables, bit for bit "
          f"(SHA-256 {r0['sha256'][:16]}…)")
    med = {k: statistics.median(r["cpu"] for r in rs) for k, rs in results.items()}
    for name, rs in results.items():
        peak = max(r["peak_mib"] for r in rs)
        print(f"  {name:<9} CPU {med[name]:7.2f} s   peak {peak:6.0f} MiB "
              f"({peak * 2**20 / r0['last']:.0f} bytes a board of the last layer, all included)")
    print(f"  NumPy ÷ compiled: {med['NumPy'] / med['compiled']:.1f}× the time, "
          f"{max(r['peak_mib'] for r in results['NumPy']) / max(r['peak_mib'] for r in results['compiled']):.1f}× "
          "the memory")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
