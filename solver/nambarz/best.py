"""The Nambarz solver: every way a hand covers the top card, and every simplest calculation.

>>> deck = Deck.default()
>>> sol = best(deck.parse_card("3-bee"), deck.parse_hand("6 5 2 10"))
>>> sol.min_cards, [p.expression for p in sol.plays], [play_text(p) for p in sol.plays]
(2, ['5-2', '6÷2'], ['5-2', '6÷2'])
>>> sol = best(deck.parse_card("8"), deck.parse_hand("1 3 3"), Rules.preset("basic"))
>>> [(p.expression, [str(c) for c in p.cards]) for p in sol.plays]
[('3×3-1', ['3', '3', '1'])]

The legality of a calculation is the search's (:mod:`solver.search`, under the rules'
:attr:`~solver.nambarz.rules.Rules.search_rules`) and the cards' (:func:`~solver.nambarz.cards.is_concordant`):
the referee (:mod:`solver.nambarz.referee`) judges a play by the same rules and asks here for
the simplest plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from solver.errors import TablecalcError
from solver.i18n import _
from solver.expr import Expr, label_leaves, leaves, parse_expression, render
from solver.nambarz.cards import Card, Deck, Family, card_name, is_concordant
from solver.nambarz.rules import Rules
from solver.search import reach

__all__ = ["Play", "Solution", "best", "simplest_plays", "play_from", "play_text"]


@dataclass(frozen=True)
class Play:
    """A calculation made of cards, in laying order."""

    cards: tuple[Card, ...]
    expression: str

    @property
    def family(self) -> Family:
        return self.cards[0].family

    def as_dict(self) -> dict:
        return {"cards": [str(c) for c in self.cards], "expression": self.expression, "count": len(self.cards)}


def play_from(expr: Expr, pool: Sequence[Card]) -> Play:
    """Attach cards of ``pool`` to the numbers of ``expr`` (which uses a sub-multiset of them)."""
    free = list(pool)
    cards = []
    for leaf in leaves(expr):
        card = next(c for c in free if c.number == leaf.value)
        free.remove(card)
        cards.append(card)
    return Play(tuple(cards), render(expr))


def _calc_pools(target: Card, cards: Iterable[Card]) -> dict[Family, list[Card]]:
    """The cards that may take part in a calculation on ``target``, by family."""
    pools: dict[Family, list[Card]] = {Family.SYMBOL: [], Family.DRAWING: []}
    for c in cards:
        if not c.is_joker and not is_concordant(c, target):
            pools[c.family].append(c)
    for pool in pools.values():
        pool.sort()
    return pools


def simplest_plays(target: Card, cards: Iterable[Card], rules: Rules) -> tuple[int | None, tuple[Play, ...]]:
    """The fewest cards of a legal calculation on ``target`` and every such calculation.

    Legal means: one family, no concordant card, at least 2 cards, within ``rules``.
    """
    best: int | None = None
    plays: list[Play] = []
    for family, pool in _calc_pools(target, cards).items():
        if len(pool) < 2:
            continue
        r = reach([c.number for c in pool], target.number, rules.search_rules, min_numbers=2)
        if r.min_cards is None or (best is not None and r.min_cards > best):
            continue
        if best is None or r.min_cards < best:
            best, plays = r.min_cards, []
        plays += [play_from(e, pool) for e in r.expressions]
    return best, tuple(plays)


@dataclass(frozen=True)
class Solution:
    """What a hand can do on a top card: concordant cards, jokers, and the simplest calculations
    (none on a change joker laid alone: then ``concordant`` are the cards that follow it)."""

    target: Card
    hand: tuple[Card, ...]
    rules: Rules
    concordant: tuple[Card, ...]
    jokers: tuple[Card, ...]
    min_cards: int | None
    plays: tuple[Play, ...]
    joker_moves: tuple[str, ...] = ()
    """When the card to cover is a change joker laid alone (``target`` is then its announcement):
    one move of each joker held that the rules allow, as typed (``change-number 5``)."""

    @property
    def playable(self) -> bool:
        return bool(self.concordant or self.jokers or self.plays)

    def as_dict(self) -> dict:
        return {
            "target": str(self.target),
            "hand": [str(c) for c in self.hand],
            "rules": self.rules.as_dict(),
            "concordant": [str(c) for c in self.concordant],
            "jokers": [str(c) for c in self.jokers],
            "min_cards": self.min_cards,
            "plays": [p.as_dict() for p in self.plays],
            "coup_bonus": self.rules.coup_bonus(self.min_cards or 0),
        }


def _validate(target: Card, hand: Sequence[Card], deck: Deck) -> None:
    if target.is_joker:
        raise TablecalcError(
            _("the top card {target} is a joker: give the card it announced instead (e.g. --target 5 or --target 5-cat)").format(target=target)
        )
    if not hand:
        raise TablecalcError(_("the hand is empty: expected at least one card, e.g. --hand \"6 5 2 10\""))
    deck.check_available([*hand, target], "hand and top card")


def best(target: Card, hand: Sequence[Card], rules: Rules = Rules(), deck: Deck | None = None) -> Solution:
    """Every way ``hand`` can cover ``target``: by concordance, by joker, and the simplest calculations."""
    deck = deck or Deck.default()
    _validate(target, hand, deck)
    concordant = tuple(sorted(set(c for c in hand if is_concordant(c, target))))
    jokers = tuple(sorted(set(c for c in hand if c.is_joker)))
    n, plays = simplest_plays(target, hand, rules)
    return Solution(target, tuple(hand), rules, concordant, jokers, n, plays)


def play_text(p: Play) -> str:
    """A play as players type it: ``6÷2`` or, for drawing cards, ``8-lion - 5-cat`` (the cards
    named in the player's language, which the deck reads back)."""
    if not any(c.animal for c in p.cards):
        return p.expression
    return render(label_leaves(parse_expression(p.expression), [card_name(c) for c in p.cards]), labels=True)
