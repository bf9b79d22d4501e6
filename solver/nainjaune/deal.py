"""Random Le Nain Jaune positions, as a table would reach them: a deal for 3 to 8 players on a
board carried over, then a few random legal moves.

>>> import random
>>> from solver.nainjaune.rules import Rules
>>> p = random_position(random.Random(1), Rules())
>>> Position.parse(str(p)) == p and not p.is_over() and 3 <= p.players <= 8
True
"""

from __future__ import annotations

from solver.nainjaune.cards import full_deck
from solver.nainjaune.round import Position, apply, legal_moves
from solver.nainjaune.rules import MAX_PLAYERS, MIN_PLAYERS, Board, Rules, hand_size

__all__ = ["random_position"]


def random_position(rng, rules: Rules, players: int | None = None, moves: int | None = None) -> Position:
    """A deal for 3 to 8 players (or ``players``) with a board carried over, then up to a few random
    legal moves (or ``moves``), never to the end of the round."""
    n = players or rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    deck = full_deck()
    rng.shuffle(deck)
    size = hand_size(n)
    carried = Board(tuple(rng.choice((0, 0, rng.randint(1, 30))) for _ in range(5)))  # type: ignore[arg-type]
    pos = Position(tuple(tuple(deck[i * size:(i + 1) * size]) for i in range(n)), carried.staked(n), rng.randrange(n))
    for _ in range(rng.randint(0, 8) if moves is None else moves):
        nxt = apply(pos, rng.choice(legal_moves(pos, rules)), rules)
        if nxt.is_over():
            break
        pos = nxt
    return pos
