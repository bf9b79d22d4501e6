"""Benchmark: the best lay of Le Nain Jaune, the memoised search against brute force.

For random 3-player deals cut to ``--cards`` cards in the hand of the player to move (the
others keep their 15), prints the median time of ``solver.nainjaune.best_lay`` and of
``solver.nainjaune.all_lays`` (every lay enumerated, no memory), measured in the same run on
the same positions, their ratio, and checks that both find the same best (cards, stakes).
Then the engine alone on full 15-card hands (the largest deal) and on the Grand Opéra
question, where no brute force finishes in reasonable time.

    python benchmarks/bench_nainjaune.py [--positions 10] [--cards 15] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.nainjaune import Board, Goal, Position, Rules, all_lays, best_lay, full_deck, grand_opera  # noqa: E402


def _deal(rng: random.Random, cards: int) -> Position:
    deck = full_deck()
    rng.shuffle(deck)
    hands = (tuple(deck[:cards]), tuple(deck[15:30]), tuple(deck[30:45]))
    return Position(hands, Board().staked(3), 0)


def _timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--cards", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    rules = Rules()
    fast, slow, lays = [], [], []
    for _ in range(args.positions):
        pos = _deal(rng, args.cards)
        t1, best = _timed(lambda: best_lay(pos, rules, Goal.CARDS))
        t2, every = _timed(lambda: all_lays(pos, rules))
        assert best.score(Goal.CARDS) == max(lay.score(Goal.CARDS) for lay in every), str(pos)
        fast.append(t1)
        slow.append(t2)
        lays.append(len(every))
    print(f"{args.positions} positions, {args.cards} cards in the hand to move (3 players), same answers")
    print(f"  best_lay (search):          median {statistics.median(fast) * 1e3:8.2f} ms")
    print(f"  all_lays (brute force):     median {statistics.median(slow) * 1e3:8.2f} ms "
          f"(median {statistics.median(lays):.0f} lays, max {max(lays)})")
    print(f"  speed-up: {statistics.median(slow) / statistics.median(fast):.1f}x (medians), "
          f"{sum(slow) / sum(fast):.1f}x (totals)")
    full, opera = [], []
    for _ in range(args.positions):
        pos = _deal(rng, 15)
        full.append(_timed(lambda: best_lay(pos, rules, Goal.STAKES))[0])
        opera.append(_timed(lambda: grand_opera(pos.hands[0], rules))[0])
    print(f"15-card hands: best_lay median {statistics.median(full) * 1e3:.1f} ms (max {max(full) * 1e3:.1f}); "
          f"grand_opera median {statistics.median(opera) * 1e3:.1f} ms (max {max(opera) * 1e3:.1f})")
    # the hardest kind of position for the search: the others hold a card or two, so almost
    # every "sans" gives the lead back and the lay can go on in very many ways
    hard = []
    for _ in range(args.positions * 5):
        deck = full_deck()
        rng.shuffle(deck)
        pos = Position((tuple(deck[:15]), tuple(deck[15:15 + rng.randint(1, 3)]), tuple(deck[20:20 + rng.randint(1, 3)])),
                       Board().staked(3), 0)
        hard.append(max(_timed(lambda: best_lay(pos, rules, g))[0] for g in Goal))
    print(f"15 cards against 1-3 cards each ({len(hard)} positions): best_lay median "
          f"{statistics.median(hard) * 1e3:.1f} ms, max {max(hard) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
