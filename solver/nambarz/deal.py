"""Random Nambarz situations, as the game deals them: a number card turned up and a hand from
a shuffled deck (a whole round's deal is :meth:`solver.nambarz.round.RoundState.deal`).

>>> import random
>>> d = deal(random.Random(1), Deck.default(), 5)
>>> len(d.hand), d.top.is_joker, Deal.parse(str(d), Deck.default()) == d
(5, False, True)
"""

from __future__ import annotations

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nambarz.cards import Deck
from solver.nambarz.state import Deal

__all__ = ["deal"]


def deal(rng, deck: Deck, hand_size: int = 7, *, jokers: bool = False) -> Deal:
    """A random deal from a shuffled ``deck``: a number card on top and ``hand_size`` cards
    (jokers among them only when ``jokers``)."""
    if not 1 <= hand_size < deck.size():
        raise TablecalcError(_("bad hand size {hand_size}: expected 1 to {size} cards").format(hand_size=hand_size, size=deck.size() - 1))
    stock = [c for c in deck.cards() if jokers or not c.is_joker for _ in range(deck.copies(c))]
    while True:
        cards = rng.sample(stock, hand_size + 1)
        if not cards[0].is_joker:
            return Deal(cards[0], tuple(cards[1:]))
