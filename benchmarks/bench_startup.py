"""Benchmark: how long `tablecalc nambarz best` takes as a whole process, against a bare
`python -c "import typer"` measured in the same run (interleaved, so load hits both alike).

The search itself takes about 0.1 ms: the rest is starting Python, importing the CLI and
parsing the command line. Prints both medians and the ratio (issue goal: at most 2×).

    python benchmarks/bench_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from process import ROOT, installed_env

COMMANDS = {
    "import typer": [sys.executable, "-c", "import typer"],
    "tablecalc nambarz best": [sys.executable, "-m", "trainer", "nambarz", "best", "--target", "3-bee",
                                "--hand", "6 5 2 10"],
    "tablecalc --version": [sys.executable, "-m", "trainer", "--version"],
}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args(argv)
    env = installed_env()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for cmd in COMMANDS.values():  # the warm-up run writes the bytecode; it is not counted
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
    for _ in range(args.runs):
        for name, cmd in COMMANDS.items():
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
            times[name].append(time.perf_counter() - start)
    base = statistics.median(times["import typer"])
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.runs} runs each, interleaved")
    for name, ts in times.items():
        m = statistics.median(ts)
        print(f"  {name:<26} median {m * 1000:6.0f} ms   {m / base:4.2f}× import typer")


if __name__ == "__main__":
    main()
