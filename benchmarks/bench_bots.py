"""Benchmark: how strong each game's best bot is, in seeded games against the game's other bots.

For every registered game played whole (``GAME.new_match``), head to head at the smallest number
of players the game allows: the best bot (the first of ``Match.bots``) against ``random`` and
against ``greedy``, the best bot's seat turning round the table from game to game. A game is a
whole match under the default rules, played until the match is over as the game's rules say
(Nambarz: its rounds and any tie-break rounds; Le Nain Jaune: until a player cannot pay; Nam
Nam: one game), at most ``--max-rounds`` rounds; the best bot wins it when its score is the
highest (a tie with another seat counts half).
It prints, per pairing, the games played, the best bot's win rate with its 95% Wilson interval, and
whether it meets the bar of issue 22: at least 90% against ``random`` and 60% against ``greedy``.

At least ``--games`` games per pairing (1,000 by default) where a game is fast; a game whose
rounds are slow (a deep search per move) plays what fits in ``--budget`` seconds per pairing,
never fewer than ``--min-games``, and says so.

    python3 benchmarks/bench_bots.py                 # every game
    python3 benchmarks/bench_bots.py nambarz namnam  # some
    python3 benchmarks/bench_bots.py --games 200 --budget 60
    python3 benchmarks/bench_bots.py ramikubic --max-rounds 1   # a round a game (docs/ramikubic.md)

A Ramikubic match has no end of its own (a table plays as many rounds as it likes): without
``--max-rounds`` each of its games is 200 rounds, about 40 s.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solver.registry import all_games, find_game  # noqa: E402

BARS = {"random": 0.90, "greedy": 0.60}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seats(game) -> int:
    rules = game.rules()
    for n in range(1, 9):
        try:
            game.new_match(tuple(f"P{i + 1}" for i in range(n)), rules, game.load_data(rules))
            return n
        except Exception:  # noqa: BLE001 - a match refusing this many players: try one more
            continue
    raise SystemExit(f"{game.name}: no match of 1 to 8 players")


def one_game(game, rules, data, n: int, best: str, other: str, seat: int, seed: int, max_rounds: int) -> float:
    """The best bot's share of the win in one seeded match (1, 0, or 1/k for a k-way tie at the top)."""
    from solver.whole.simulate import simulate

    names = tuple(f"P{i + 1}" for i in range(n))
    bots = tuple(best if i == seat else other for i in range(n))
    scores = simulate(game, rules, data, names, rounds=max_rounds, seed=seed, bots=bots).scores
    top = max(scores)
    winners = [i for i, s in enumerate(scores) if s == top]
    return 1 / len(winners) if seat in winners else 0.0


def pairing(game, best: str, other: str, games: int, budget: float, min_games: int,
            max_rounds: int) -> tuple[int, float, bool]:
    rules = game.rules()
    data = game.load_data(rules)
    n = seats(game)
    won, played, start = 0.0, 0, time.perf_counter()
    cut = False
    while played < games:
        won += one_game(game, rules, data, n, best, other, played % n, 1_000_003 * played + 17, max_rounds)
        played += 1
        if played >= min_games and time.perf_counter() - start > budget:
            cut = played < games
            break
    return played, won, cut


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_bench", nargs="*", help="game names (default: every game played whole)")
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--budget", type=float, default=300.0, help="seconds per pairing at most (default 300)")
    parser.add_argument("--min-games", type=int, default=100, help="games per pairing at least (default 100)")
    parser.add_argument("--max-rounds", type=int, default=200, help="rounds of one match at most (default 200)")
    args = parser.parse_args(argv)
    chosen = [find_game(g) for g in args.games_to_bench] or [g for g in all_games() if g.plays_whole()]
    failed = False
    for game in chosen:
        if not game.plays_whole():
            print(f"{game.name}: not played whole, skipped")
            continue
        rules = game.rules()
        bots = list(game.new_match(tuple(f"P{i + 1}" for i in range(seats(game))), rules, game.load_data(rules)).bots)
        best = bots[0]
        print(f"{game.name}: best bot '{best}' at {seats(game)} players (a whole match a game)")
        for other, bar in BARS.items():
            if other not in bots or other == best:
                print(f"  vs {other:<7} no such bot")
                continue
            n, won, cut = pairing(game, best, other, args.games, args.budget, args.min_games, args.max_rounds)
            lo, hi = wilson(won, n)
            ok = won / n >= bar
            failed |= not ok
            note = f" (cut at {n} by the {args.budget:g} s budget)" if cut else ""
            print(f"  vs {other:<7} {n:>5} games: wins {won / n:6.1%}  95% CI {lo:.1%}-{hi:.1%}   "
                  f"bar {bar:.0%}: {'PASS' if ok else 'FAIL'}{note}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
