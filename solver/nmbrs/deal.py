"""Random Nmbrs! positions, as a table deals them: a hand and, optionally, sequences already
on the table.

>>> import random
>>> p = deal(random.Random(2), Rules.preset("basic"), Deck.default(), table_sequences=3)
>>> len(p.hand), len(p.table.sequences), p.opened
(7, 3, True)
"""

from __future__ import annotations

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nmbrs.cards import JOKER, Card, Deck, Placed
from solver.nmbrs.position import Position
from solver.nmbrs.rules import Rules, SequenceRule
from solver.nmbrs.table import Table

__all__ = ["deal", "random_sequence", "JOKER_CHANCE", "MAX_STEP"]

JOKER_CHANCE = 0.2
"""How often a dealt hand holds one joker (more would slow the best-turn search down a lot)."""
MAX_STEP = 12
"""The largest step of a dealt table sequence."""


def random_sequence(rng, rules: Rules, used: set[int] | frozenset[int] = frozenset()) -> list[int] | None:
    """One try at a table sequence of 3 or 4 cards that ``rules`` accept and that avoids ``used``;
    ``None`` when the try fails (the caller tries again).

    >>> import random
    >>> random_sequence(random.Random(3), Rules.preset("advanced"))
    [45, 49, 53]
    """
    step, length = rng.randint(1, MAX_STEP), rng.randint(3, 4)
    span = step * (length - 1)
    if span >= rules.high:
        return None
    if rules.sequence is SequenceRule.PROGRESSION:
        start = rng.randint(1, rules.high - span)
    else:  # counting back must land on 0 or 1
        start = step * rng.randint(0, (rules.high - span) // step) + rng.choice([0, 1])
    nums = [start + step * i for i in range(length)]
    if start < 1 or nums[-1] > rules.high or set(used) & set(nums) or not rules.accepts(start, step):
        return None
    return nums


def deal(
    rng,
    rules: Rules,
    deck: Deck,
    *,
    hand_size: int | None = None,
    table_sequences: int = 0,
    joker_chance: float = JOKER_CHANCE,
    opened: bool | None = None,
) -> Position:
    """A random position: ``table_sequences`` separate sequences on the table (3-4 cards, steps
    up to 12), then ``hand_size`` cards (``rules.hand_size`` by default) drawn from the numbers
    left, in increasing order and in their deck colours; with chance ``joker_chance`` one of
    them is a joker. ``opened`` defaults to whether the table holds sequences (the player came
    out in an earlier turn). ``rng`` is a :class:`random.Random`.
    """
    high = min(rules.high, deck.high)
    size = rules.hand_size if hand_size is None else hand_size
    used: set[int] = set()
    sequences: list[list[int]] = []
    for _attempt in range(1000):
        if len(sequences) == table_sequences:
            break
        seq = random_sequence(rng, rules, used)
        if seq:
            sequences.append(seq)
            used |= set(seq)
    free = [n for n in range(deck.low, high + 1) if n not in used]
    if not 1 <= size <= len(free):
        raise TablecalcError(_("bad hand size {size}: expected 1 to {most} cards").format(size=size, most=len(free)))
    hand = [Card(n, deck.colours[n]) for n in sorted(rng.sample(free, size))]
    if rng.random() < joker_chance:
        hand[rng.randrange(len(hand))] = JOKER
    table = Table.build([[Placed(Card(n), n) for n in s] for s in sequences], deck, rules)
    return Position(tuple(hand), table, bool(sequences) if opened is None else opened)
