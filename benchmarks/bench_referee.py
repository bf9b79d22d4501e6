"""Benchmark: how fast the whole-game layer judges a recorded game, and answers a bad log.

For every registered game played whole: bots (``random``, the longest games) play seeded matches
until their logs hold at least ``--moves`` moves (10,000 by default); then, on those same logs,

* the **baseline**: reading them as JSON lines (``json.loads`` of every line, the least any reader
  of the format does), measured in this run;
* ``read``: the log checked and read into rounds and moves (:func:`solver.whole.log.read`);
* ``referee``: every move judged from the deal (:func:`solver.whole.referee.referee`), read included:
  the first pass (as a ``tablecalc GAME referee`` process does it), then again in the same process;

each as seconds per 10,000 moves and as a ratio to the baseline. Issue 22 asks for an answer
within a second per 10,000 moves. Then, through the installed command (a process each, start-up
included), bad input: a log of another game, a binary file, a log of 10⁶ lines, a move out of
turn, with the exit code and the wall time of each.

    python3 benchmarks/bench_referee.py               # every game
    python3 benchmarks/bench_referee.py nambarz       # some
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))
from process import installed_env  # noqa: E402
from solver.registry import all_games, find_game  # noqa: E402


def logs_of(game, moves: int) -> list[str]:
    """Seeded logs of ``random`` bots at the fewest players, until they hold ``moves`` moves."""
    from solver.whole.simulate import simulate

    rules = game.rules()
    data = game.load_data(rules)
    for n in range(1, 9):
        names = tuple(f"P{i + 1}" for i in range(n))
        try:
            match = game.new_match(names, rules, data)
            break
        except Exception:  # noqa: BLE001 - too few players for this game: one more
            continue
    bot = "random" if "random" in match.bots else next(iter(match.bots))
    out, total, seed = [], 0, 1
    while total < moves:
        played = simulate(game, rules, data, names, rounds=50, seed=seed, bots=(bot,))
        lines = list(played.log_lines())
        total += sum(1 for line in lines if line.get("type") == "move")
        out.append("\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n")
        seed += 1
    return out


def timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def cli(args: list[str], env: dict[str, str]) -> tuple[int, float, str]:
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "trainer", *args], capture_output=True, text=True, env=env,
                       stdin=subprocess.DEVNULL)
    return r.returncode, time.perf_counter() - t0, (r.stderr.strip().splitlines() or [""])[-1]


def bench(game, moves: int, env: dict[str, str], folder: Path) -> bool:
    from solver.whole.log import read
    from solver.whole.referee import referee

    logs = logs_of(game, moves)
    n = sum(text.count('"type": "move"') for text in logs)
    size = sum(len(text.encode()) for text in logs)
    per = 10_000 / n
    base = timed(lambda: [json.loads(line) for text in logs for line in text.splitlines()]) * per
    reading = timed(lambda: [read(text, "log") for text in logs]) * per
    judging = timed(lambda: [referee(game, read(text, "log")) for text in logs], repeat=1) * per  # cold
    warm = timed(lambda: [referee(game, read(text, "log")) for text in logs], repeat=2) * per
    ok = judging <= 1.0
    print(f"{game.name}: {len(logs)} logs, {n:,} moves, {size / 1e6:.2f} MB")
    print(f"  baseline json.loads  {base * 1000:8.1f} ms / 10k moves   1.0x")
    print(f"  read                 {reading * 1000:8.1f} ms / 10k moves {reading / base:6.1f}x")
    print(f"  referee, first pass  {judging * 1000:8.1f} ms / 10k moves {judging / base:6.1f}x   "
          f"within 1 s: {'PASS' if ok else 'FAIL'}")
    print(f"  referee, again       {warm * 1000:8.1f} ms / 10k moves {warm / base:6.1f}x   "
          "(what this process learnt on the way kept: combinations read, searches answered)")
    # bad input, through the command as a person runs it
    good = folder / f"{game.name}.jsonl"
    good.write_text(logs[0])
    other = next(g for g in all_games() if g.plays_whole() and g.name != game.name)
    foreign = folder / f"{other.name}-log.jsonl"
    foreign.write_text(logs_of(other, 1)[0])
    binary = folder / "binary.jsonl"
    binary.write_bytes(bytes(range(256)) * 64)
    huge = folder / "huge.jsonl"
    first = logs[0].splitlines()
    huge.write_text("\n".join(first[:2] + [first[2]] * 1_000_000) + "\n")
    lines = logs[0].splitlines()
    moved = [i for i, line in enumerate(lines) if '"type": "move"' in line]
    tampered = folder / "out-of-turn.jsonl"
    swapped = list(lines)
    if len(moved) >= 2:
        a, b = moved[0], moved[1]
        swapped[a], swapped[b] = lines[b], lines[a]
    tampered.write_text("\n".join(swapped) + "\n")
    cli(["--help"], env)  # bytecode written, untimed
    for what, path in (("a good log", good), ("another game's log", foreign), ("a binary file", binary),
                       ("10^6 lines", huge), ("a move out of turn", tampered)):
        code, seconds, last = cli([game.name, "referee", str(path)], env)
        print(f"  {what:<20} exit {code}  {seconds:5.2f} s  {last[:110]}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_bench", nargs="*", help="game names (default: every game played whole)")
    parser.add_argument("--moves", type=int, default=10_000, help="moves to judge per game (default 10,000)")
    args = parser.parse_args(argv)
    chosen = [find_game(g) for g in args.games_to_bench] or [g for g in all_games() if g.plays_whole()]
    env = installed_env()
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        for game in chosen:
            ok &= bench(game, args.moves, env, Path(folder))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
