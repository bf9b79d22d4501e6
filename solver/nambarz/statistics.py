"""Exact Nambarz statistics over every deal, for the analyses in ``notebooks/``.

How likely is a hand to calculate, to hold a concordant card or a joker, to allow a coup
de maître? :func:`hand_profiles` gives the exact probability of every
:class:`HandProfile` — what a random hand can do on a random top card under several
rule sets at once. It enumerates hands *reduced to what the rules can see* (below),
weighted by how many real hands share the reduction, instead of dealing them.

>>> from solver.nambarz import Rules
>>> p = hand_profiles([Rules.preset("basic")], hand_size=2)
>>> sum(p.values())
Fraction(1, 1)
>>> sum(q for h, q in p.items() if h.min_cards[0] == 2)   # a 2-card hand that calculates
Fraction(4657, 81900)

**The reduction.** A calculation uses cards of one family (symbol or drawing) and no
card concordant with the top card, and only the cards' numbers enter it. So a hand is
reduced to: how many concordant cards it holds, how many jokers, and the multiset of
numbers of its other symbol cards and of its other drawing cards. The number of real
hands behind a reduced hand is a product of binomial coefficients (each card type
contributes ``C(copies left, copies in hand)``; the animals of drawing cards of one
number merge by Vandermonde's identity), so the probabilities are exact fractions. The
fewest cards of each family's multiset comes from a table built once per top number and
rule set (:func:`min_cards_table`), which calls :func:`solver.search.reach` only on the
multisets none of whose parts calculates.

Import it as ``solver.nambarz.statistics``: ``solver.nambarz`` itself does not load it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb
from typing import Iterable, Iterator, Sequence

from solver.nambarz.cards import Card, Deck, Family, is_concordant
from solver.nambarz.rules import Rules
from solver.search import reach

__all__ = ["HandProfile", "min_cards_table", "hand_profiles"]

MultiSet = tuple[int, ...]


def min_cards_table(
    target: int, numbers: Iterable[int], rules: Rules, *, max_copies: int = 4, max_size: int = 7
) -> dict[MultiSet, int | None]:
    """The fewest cards of a calculation on ``target`` for every multiset of ``numbers`` (one family).

    Keys are sorted tuples holding at most ``max_copies`` of each number and at most
    ``max_size`` numbers in all (the empty one included); the value is the count
    :func:`solver.nambarz.simplest_plays` reports for a pool of cards with those numbers
    — at least 2 — or ``None`` when no calculation reaches ``target``. A multiset's answer
    is the best of its sub-multisets with one number fewer; only when none of those
    calculates is :func:`solver.search.reach` asked whether all the numbers together do.

    >>> basic = min_cards_table(5, [2, 8, 9], Rules.preset("basic"), max_size=3)
    >>> brackets = min_cards_table(5, [2, 8, 9], Rules.preset("parentheses"), max_size=3)
    >>> basic[(2, 8, 9)], brackets[(2, 8, 9)], basic[(2, 2, 8)], basic[(8,)]
    (None, 3, 3, None)
    """
    search = rules.search_rules
    table: dict[MultiSet, int | None] = {}
    for ms in _multisets(sorted(set(numbers)), max_copies, max_size):
        if len(ms) < 2:
            table[ms] = None
            continue
        parts = (table[ms[:i] + ms[i + 1 :]] for i in range(len(ms)) if i == 0 or ms[i] != ms[i - 1])
        best = min((m for m in parts if m is not None), default=None)
        if best is None and reach(ms, target, search, min_numbers=len(ms)).min_cards is not None:
            best = len(ms)
        table[ms] = best
    return table


def _multisets(numbers: Sequence[int], max_copies: int, max_size: int) -> Iterator[MultiSet]:
    """Sorted multisets of ``numbers``, smallest first (so every part comes before the whole)."""
    for k in range(max_size + 1):
        for ms in combinations_with_replacement(numbers, k):
            if not ms or max(Counter(ms).values()) <= max_copies:
                yield ms


def _weighted_multisets(caps: dict[int, int], max_size: int) -> Iterator[tuple[MultiSet, int]]:
    """Each multiset of at most ``max_size`` numbers with ``caps[n]`` copies available, and how many ways to draw it."""
    numbers = sorted(caps)

    def walk(i: int, room: int) -> Iterator[tuple[MultiSet, int]]:
        if i == len(numbers):
            yield (), 1
            return
        n = numbers[i]
        for k in range(min(caps[n], room) + 1):
            for rest, w in walk(i + 1, room - k):
                yield (n,) * k + rest, comb(caps[n], k) * w

    yield from walk(0, max_size)


@dataclass(frozen=True)
class HandProfile:
    """What a dealt hand can do on the top card, as far as the statistics are concerned.

    ``top``: the top card; ``concordant``: the hand holds a card of the top card's number or drawing;
    ``joker``: it holds a joker; ``min_cards``: for each rule set asked about, the fewest
    cards of a calculation (``None``: the hand cannot calculate).
    """

    top: Card
    concordant: bool
    joker: bool
    min_cards: tuple[int | None, ...]


def hand_profiles(
    rules: Sequence[Rules], deck: Deck | None = None, *, hand_size: int = 7
) -> dict[HandProfile, Fraction]:
    """The exact probability of every :class:`HandProfile`, for a random top card and a random hand.

    The top card is a random number card of ``deck`` (a joker never starts the pile),
    every copy equally likely; the hand is ``hand_size`` cards dealt at random from the
    other cards of the deck, jokers included. Each profile's ``min_cards`` lists the
    fewest cards of a calculation under each of ``rules``, in order. The probabilities
    are exact and sum to 1.

    >>> p = hand_profiles([Rules.preset("beginner"), Rules.preset("parentheses")], hand_size=1)
    >>> {h.min_cards for h in p}, sum(q for h, q in p.items() if h.concordant)
    ({(None, None)}, Fraction(8, 91))
    """
    deck = deck or Deck.default()
    rules = tuple(rules)
    tops = [c for c in deck.cards() if not c.is_joker]
    deals = {top: _deal_pools(top, deck) for top in tops}
    max_copies = max(max(caps.values(), default=0) for _, _, pools in deals.values() for caps in pools)
    tables: dict[tuple[int, int], dict[MultiSet, int | None]] = {}
    weights: dict[HandProfile, int] = defaultdict(int)
    for top, (concordant, jokers, pools) in deals.items():
        for i, r in enumerate(rules):
            if (top.number, i) not in tables:
                others = [n for n in range(deck.low, deck.high + 1) if n != top.number]
                tables[top.number, i] = min_cards_table(
                    top.number, others, r, max_copies=max_copies, max_size=hand_size
                )
        families = []
        for caps in pools:
            dist: dict[tuple[int, tuple], int] = defaultdict(int)
            for ms, w in _weighted_multisets(caps, hand_size):
                dist[len(ms), tuple(tables[top.number, i][ms] for i in range(len(rules)))] += w
            families.append(dist)
        top_copies = deck.copies(top)
        for (s, sym_min), ws in families[0].items():
            for (d, draw_min), wd in families[1].items():
                rest = hand_size - s - d
                if rest < 0:
                    continue
                mins = tuple(_best(a, b) for a, b in zip(sym_min, draw_min))
                for c in range(rest + 1):
                    w = ws * wd * comb(concordant, c) * comb(jokers, rest - c)
                    if w:
                        weights[HandProfile(top, c > 0, rest > c, mins)] += top_copies * w
    total = sum(deck.copies(t) for t in tops) * comb(deck.size() - 1, hand_size)
    if sum(weights.values()) != total:  # pragma: no cover - the reduction lost hands
        raise AssertionError(f"hand enumeration counted {sum(weights.values())} hands, expected {total}")
    return {h: Fraction(w, total) for h, w in weights.items()}


def _deal_pools(top: Card, deck: Deck) -> tuple[int, int, tuple[dict[int, int], dict[int, int]]]:
    """Copies left once ``top`` is dealt: concordant cards, jokers, and per family the other cards by number."""
    concordant = jokers = 0
    pools: dict[Family, dict[int, int]] = {Family.SYMBOL: Counter(), Family.DRAWING: Counter()}
    for card in deck.cards():
        left = deck.copies(card) - (card == top)
        if left <= 0:
            continue
        if card.is_joker:
            jokers += left
        elif is_concordant(card, top):
            concordant += left
        else:
            pools[card.family][card.number] += left
    return concordant, jokers, (dict(pools[Family.SYMBOL]), dict(pools[Family.DRAWING]))


def _best(a: int | None, b: int | None) -> int | None:
    """The smaller of two card counts, ``None`` standing for no calculation."""
    return b if a is None else a if b is None else min(a, b)
