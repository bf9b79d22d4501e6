"""Hypothesis strategies for Le Nain Jaune: cards, small hands, small positions."""

from __future__ import annotations

from hypothesis import strategies as st

from solver.nainjaune.cards import Card, full_deck
from solver.nainjaune.round import Position, apply, legal_moves
from solver.nainjaune.rules import Board, Rules

cards = st.builds(Card, st.integers(1, 13), st.sampled_from("cdhs"))
boards = st.builds(lambda xs: Board(tuple(xs)), st.lists(st.integers(0, 40), min_size=5, max_size=5))


@st.composite
def small_positions(draw, max_hand: int = 5, players=(3, 4)) -> Position:
    """A few players with small hands (drawn from the whole deck, so ranks often collide), a board,
    and a few random legal moves played from the start."""
    n = draw(st.sampled_from(players))
    deck = draw(st.permutations(full_deck()))
    sizes = [draw(st.integers(1, max_hand)) for _ in range(n)]
    hands, k = [], 0
    for size in sizes:
        hands.append(tuple(deck[k:k + size]))
        k += size
    pos = Position(tuple(hands), draw(boards), draw(st.integers(0, n - 1)))
    rules = Rules()
    for _ in range(draw(st.integers(0, 4))):
        nxt = apply(pos, draw(st.sampled_from(legal_moves(pos, rules))), rules)
        if nxt.is_over():
            break
        pos = nxt
    return pos
