"""Nmbrs! sequences: when cards form a valid sequence, why not, and every sequence a hand can lay.

A sequence is at least 3 cards whose numbers go up by the same step (basic rules);
under the advanced rules, counting it back must also land exactly on 0 or 1. The
order in which cards are typed does not matter: a sequence is laid in increasing order.

>>> deck = Deck.default()
>>> check_sequence(deck.parse_hand("14 20 26"), Rules.preset("basic")).valid
True
>>> v = check_sequence(deck.parse_hand("14 20 26"), Rules.preset("advanced"))
>>> v.valid, v.why.code, v.why.count_back
(False, <Violation.COUNT_BACK: 'count-back'>, (26, 20, 14, 8, 2))

A joker takes whatever number makes the sequence valid; every possibility is listed:

>>> check_sequence(deck.parse_hand("10 joker 30"), Rules.preset("basic")).resolutions
((10, 20, 30), (10, 30, 50))
>>> check_sequence(deck.parse_hand("10 joker 30"), Rules.preset("advanced")).resolutions
((10, 20, 30),)
>>> [str(s) for s in valid_sequences(deck.parse_hand("11 16 21 6"), Rules.preset("advanced"))]
['6 11 16 21', '6 11 16', '11 16 21']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, reduce
from math import gcd
from typing import Iterable, Iterator, Sequence

from solver.errors import SearchTooLarge, TablecalcError
from solver.i18n import _, ngettext
from solver.nmbrs.cards import JOKER, Card, Deck, Placed, fixed_value, is_free_joker  # noqa: F401 (Deck: the doctests use it)
from solver.nmbrs.rules import MIN_LENGTH, Rules, count_back
from solver.nmbrs.verdict import SequenceVerdict, SequenceWhy, Violation

__all__ = [
    "Completion", "completions", "exact_completions", "count_back", "why_not", "check_sequence", "LaidSequence",
    "valid_sequences", "joker_only_count", "divisors",
]


# ---------------------------------------------------------------- the search core


@dataclass(frozen=True)
class Completion:
    """A valid sequence grown from some fixed numbers: all its ``numbers``, the hand numbers
    it uses (``reals``) and the numbers its jokers stand for (``jokers``)."""

    numbers: tuple[int, ...]
    reals: tuple[int, ...]
    jokers: tuple[int, ...]

    @property
    def step(self) -> int:
        return self.numbers[1] - self.numbers[0]

    @property
    def new_cards(self) -> int:
        return len(self.reals) + len(self.jokers)


@lru_cache(maxsize=None)
def divisors(n: int) -> tuple[int, ...]:
    """The divisors of ``n`` ≥ 1, in increasing order: the steps a progression through two numbers
    ``n`` apart can have.

    >>> divisors(12)
    (1, 2, 3, 4, 6, 12)
    """
    return tuple(d for d in range(1, n + 1) if n % d == 0)


def _grow(
    fixed: tuple[int, ...],
    anchors: tuple[int, ...],
    d: int,
    pool: frozenset[int],
    free_from: int,
    jokers: int,
    high: int,
    taken: frozenset[int],
) -> Iterator[tuple[tuple[int, ...], list[int], list[int]]]:
    """Every progression of step ``d`` through ``fixed`` (sorted, all ≡ mod ``d``) whose other
    cells are hand numbers (from ``pool``, only those ≥ ``free_from``) or jokers (at most
    ``jokers``); ``anchors`` are fixed cells that are hand numbers. No cell may be ``taken``."""
    if (fixed[-1] - fixed[0]) // d + 1 - len(fixed) > len(pool) + jokers:
        return  # more gaps than cards to fill them
    fixed_set = set(fixed)
    inner = [v for v in range(fixed[0], fixed[-1] + 1, d) if v not in fixed_set]
    need_jokers = 0
    for v in inner:
        if v in taken:
            return
        if v not in pool or v < free_from:
            need_jokers += 1
    if need_jokers > jokers:
        return

    def fill_inner(i: int, budget: int, reals: list[int], jvals: list[int]):
        if i == len(inner):
            yield budget, reals, jvals
            return
        v = inner[i]
        if v in pool and v >= free_from:
            yield from fill_inner(i + 1, budget, reals + [v], jvals)
        if budget:
            yield from fill_inner(i + 1, budget - 1, reals, jvals + [v])

    def extend(v: int, direction: int, budget: int, reals: list[int], jvals: list[int], cells: list[int]):
        yield budget, reals, jvals, cells
        if not 1 <= v <= high or v in taken:
            return
        if v in pool and v >= free_from:
            yield from extend(v + direction, direction, budget, reals + [v], jvals, cells + [v])
        if budget:
            yield from extend(v + direction, direction, budget - 1, reals, jvals + [v], cells + [v])

    lo, hi = fixed[0], fixed[-1]
    for b1, r1, j1 in fill_inner(0, jokers, list(anchors), []):
        for b2, r2, j2, low_cells in extend(lo - d, -d, b1, r1, j1, []):
            for _, r3, j3, high_cells in extend(hi + d, d, b2, r2, j2, []):
                first = low_cells[-1] if low_cells else lo
                last = high_cells[-1] if high_cells else hi
                yield tuple(range(first, last + 1, d)), r3, j3


def _around(
    centre: int, length_max: int, high: int, taken: frozenset[int]
) -> Iterator[tuple[int, ...]]:
    """Every progression of 3..``length_max`` cells in 1..``high`` through ``centre`` (other cells not taken)."""
    if length_max < MIN_LENGTH:
        return
    for d in range(1, high):
        for length in range(MIN_LENGTH, length_max + 1):
            for pos in range(length):
                first = centre - pos * d
                last = first + (length - 1) * d
                if first < 1 or last > high:
                    continue
                cells = tuple(range(first, last + 1, d))
                if any(v in taken for v in cells if v != centre):
                    continue
                yield cells


MAX_CANDIDATES = 60_000
"""The most candidate sequences one question may try (about half a second): a real hand tries a
few hundred, 20 cards with two jokers about 15,000; 40 cards with four jokers would fill gigabytes."""


def completions(
    fixed: Iterable[int],
    pool: Iterable[int],
    jokers: int,
    rules: Rules,
    *,
    taken: Iterable[int] = (),
    min_new: int = 0,
    joker_only: bool = False,
) -> list[Completion]:
    """Every valid sequence containing all of ``fixed`` whose other cards come from the hand.

    ``pool`` holds the hand's numbered cards and ``jokers`` how many jokers it holds; a
    joker may stand for any number not ``taken`` (numbers already on the table), even one
    whose card is in the hand. ``min_new`` is the least number of hand cards to use.
    ``fixed`` is empty for a new sequence, one table card for a crossing, a sequence (or two)
    for an addition. Sequences made of jokers only (and of ``fixed``) are listed only when
    ``joker_only`` is set.

    >>> rules = Rules.preset("basic")
    >>> [c.numbers for c in completions([10, 20, 30], [15, 25, 40], 0, rules, min_new=1)]
    [(10, 15, 20, 25, 30), (10, 20, 30, 40)]
    """
    fixed_t = tuple(sorted(set(fixed)))
    taken_s = frozenset(taken) - set(fixed_t)
    pool_s = frozenset(pool) - set(fixed_t) - taken_s  # a number already on the table cannot be laid again
    high = rules.high
    found: dict[tuple, Completion] = {}

    tried = 0

    def keep(cells: tuple[int, ...], reals: list[int], jvals: list[int]) -> None:
        nonlocal tried
        tried += 1
        if tried > MAX_CANDIDATES:
            raise SearchTooLarge(
                ngettext("these cards make more than {most:,} candidate sequences ({numbers} numbers, {jokers} joker): "
                         "expected fewer cards or jokers",
                         "these cards make more than {most:,} candidate sequences ({numbers} numbers, {jokers} jokers): "
                         "expected fewer cards or jokers", jokers).format(most=MAX_CANDIDATES, numbers=len(pool_s), jokers=jokers)
            )
        if len(cells) < MIN_LENGTH or len(reals) + len(jvals) < min_new:
            return
        d = cells[1] - cells[0]
        if not rules.accepts(cells[0], d):
            return
        c = Completion(cells, tuple(sorted(reals)), tuple(sorted(jvals)))
        found[(c.numbers, c.reals, c.jokers)] = c

    if len(fixed_t) >= 2:
        g = reduce(gcd, (b - a for a, b in zip(fixed_t, fixed_t[1:])))
        for d in divisors(g):
            for cells, reals, jvals in _grow(fixed_t, (), d, pool_s, 0, jokers, high, taken_s):
                keep(cells, reals, jvals)
    else:
        # the hand numbers used, if any: the smallest one (or two, for a new sequence) anchors
        # the progression; hand numbers below the last anchor are not used (jokers may stand there)
        reals = sorted(pool_s)
        if fixed_t:
            (c,) = fixed_t
            for r in reals:
                for d in divisors(abs(r - c)):
                    for cells, rs, js in _grow(tuple(sorted((c, r))), (r,), d, pool_s, r + 1, jokers, high, taken_s):
                        keep(cells, rs, js)
            for cells in _around(c, jokers + 1, high, taken_s):
                keep(cells, [], [v for v in cells if v != c])
        else:
            for i, r1 in enumerate(reals):
                for r2 in reals[i + 1:]:
                    for d in divisors(r2 - r1):
                        if (r2 - r1) // d - 1 > jokers:
                            continue
                        for cells, rs, js in _grow((r1, r2), (r1, r2), d, pool_s, r2 + 1, jokers, high, taken_s):
                            keep(cells, rs, js)
                for cells in _around(r1, jokers + 1, high, taken_s):
                    keep(cells, [r1], [v for v in cells if v != r1])
            if joker_only and jokers >= MIN_LENGTH:
                for cells in _all_progressions(jokers, high, taken_s):
                    keep(cells, [], list(cells))
    return sorted(found.values(), key=lambda c: (c.numbers, c.reals))


def _all_progressions(length_max: int, high: int, taken: frozenset[int]) -> Iterator[tuple[int, ...]]:
    for d in range(1, high):
        for first in range(1, high + 1):
            for length in range(MIN_LENGTH, length_max + 1):
                last = first + (length - 1) * d
                if last > high:
                    break
                cells = tuple(range(first, last + 1, d))
                if not any(v in taken for v in cells):
                    yield cells


def joker_only_count(jokers: int, rules: Rules) -> int:
    """How many valid sequences ``jokers`` jokers alone could form (not listed one by one)."""
    if jokers < MIN_LENGTH:
        return 0
    return sum(1 for cells in _all_progressions(jokers, rules.high, frozenset())
               if rules.accepts(cells[0], cells[1] - cells[0]))


# ---------------------------------------------------------------- why a sequence is not valid


def exact_completions(
    values: Sequence[int], free_jokers: int, rules: Rules, taken: Iterable[int] = ()
) -> list[Completion]:
    """The valid sequences made of exactly ``values`` and ``free_jokers`` jokers (none standing
    for a ``taken`` number): every number the jokers can take.

    >>> [c.numbers for c in exact_completions([10, 30], 1, Rules())]
    [(10, 20, 30), (10, 30, 50)]
    """
    return [
        c for c in completions(values, (), free_jokers, rules, taken=taken, joker_only=True)
        if len(c.jokers) == free_jokers and len(c.numbers) == len(values) + free_jokers
    ]


def why_not(fixed: Iterable[int], free_jokers: int, rules: Rules, taken: Iterable[int] = ()) -> SequenceWhy | None:
    """Why ``fixed`` numbers plus ``free_jokers`` jokers (each standing anywhere but on a
    ``taken`` number) make no valid sequence; ``None`` when they do.

    The answer is data (:class:`~solver.nmbrs.verdict.SequenceWhy`); :mod:`solver.nmbrs.words` words it.

    >>> why = why_not([14, 20, 27], 0, Rules())
    >>> why.code, why.steps
    (<Violation.NOT_A_PROGRESSION: 'not-a-progression'>, (6, 7))
    >>> why = why_not([10, 33], 1, Rules.preset("advanced"))
    >>> why.code, why.could, why.count_back
    (<Violation.JOKER_COUNT_BACK: 'joker-count-back'>, ((10, 33, 56),), (56, 33, 10))
    """
    values = tuple(sorted(fixed))
    if len(values) + free_jokers < MIN_LENGTH:
        return SequenceWhy(Violation.TOO_SHORT, values, free_jokers)
    if len(set(values)) != len(values):
        return SequenceWhy(Violation.NUMBER_TWICE, values, free_jokers)
    if free_jokers == 0:
        steps = {b - a for a, b in zip(values, values[1:])}
        if len(steps) > 1:
            return SequenceWhy(Violation.NOT_A_PROGRESSION, values)
        if not rules.accepts(values[0], steps.pop()):
            return SequenceWhy(Violation.COUNT_BACK, values)
        return None
    if exact_completions(values, free_jokers, rules, taken):
        return None
    plain = exact_completions(values, free_jokers, Rules(high=rules.high), taken)
    if not plain:
        taken_s = set(taken)
        blocked = [c for c in exact_completions(values, free_jokers, rules) if set(c.jokers) & taken_s]
        if blocked:
            on_table = tuple(sorted(set(blocked[0].jokers) & taken_s))
            return SequenceWhy(Violation.JOKER_BLOCKED, values, free_jokers, (blocked[0].numbers,),
                               on_table=on_table)
        return SequenceWhy(Violation.NO_JOKER_NUMBER, values, free_jokers)
    shown = tuple(c.numbers for c in plain[:3])
    return SequenceWhy(Violation.JOKER_COUNT_BACK, values, free_jokers, shown, more=len(plain) > 3)


# ---------------------------------------------------------------- check


def check_sequence(cards: Sequence[Card | Placed], rules: Rules = Rules()) -> SequenceVerdict:
    """Judge typed cards as one sequence. A :class:`Placed` joker (``joker=20``) has its number fixed.

    >>> deck = Deck.default()
    >>> check_sequence([deck.parse_card(c) for c in ("11", "21", "16")], Rules.preset("advanced")).numbers
    (11, 16, 21)
    """
    fixed = [fixed_value(c) for c in cards if not is_free_joker(c)]
    if len(set(fixed)) != len(fixed):
        twice = next(v for v in fixed if fixed.count(v) > 1)
        raise TablecalcError(_("{twice} is there twice: the deck has one card of each number").format(twice=twice))
    free = sum(1 for c in cards if is_free_joker(c))
    why = why_not(fixed, free, rules)
    resolutions = tuple(c.numbers for c in exact_completions(fixed, free, rules)) if why is None else ()
    return SequenceVerdict(tuple(cards), rules, resolutions, why)


# ---------------------------------------------------------------- every sequence of a hand


@dataclass(frozen=True)
class LaidSequence:
    """A valid sequence of hand cards: the cards as typed, in laying order, and their numbers."""

    cards: tuple[Card, ...]
    numbers: tuple[int, ...]

    @property
    def step(self) -> int:
        return self.numbers[1] - self.numbers[0]

    @property
    def placed(self) -> tuple[Placed, ...]:
        return tuple(Placed(c, v) for c, v in zip(self.cards, self.numbers))

    @property
    def joker_values(self) -> tuple[int, ...]:
        return tuple(v for c, v in zip(self.cards, self.numbers) if c.is_joker)

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.placed)

    def as_dict(self) -> dict:
        return {
            "cards": [str(c) for c in self.cards],
            "numbers": list(self.numbers),
            "step": self.step,
            "length": len(self.numbers),
            "jokers": [{"card": "joker", "value": v} for v in self.joker_values],
        }


def laid_from(completion: Completion, hand: Sequence[Card], extra: Sequence[Placed] = ()) -> LaidSequence:
    """The hand cards (as typed) that lay ``completion``; ``extra`` are cards already placed."""
    by_number = {c.number: c for c in hand if not c.is_joker}
    joker = next((c for c in hand if c.is_joker), JOKER)
    placed = {p.value: p.card for p in extra}
    jset = set(completion.jokers)
    cards = []
    for v in completion.numbers:
        if v in placed:
            cards.append(placed[v])
        elif v in jset:
            cards.append(joker)
        else:
            cards.append(by_number[v])
    return LaidSequence(tuple(cards), completion.numbers)


def valid_sequences(hand: Sequence[Card], rules: Rules = Rules(), *, joker_only: bool = False) -> list[LaidSequence]:
    """Every valid sequence of 3 or more cards of ``hand`` (every subset, every joker number).

    Longest first, then by numbers. Sequences of jokers only are left out unless
    ``joker_only`` (3 jokers alone make thousands; see :func:`joker_only_count`).

    >>> deck = Deck.default()
    >>> [str(s) for s in valid_sequences(deck.parse_hand("10r 20 30 joker"), Rules.preset("advanced"))][:4]
    ['10r 20 30 joker=40', '10r joker=15 20', '10r 20 30', '10r 20 joker=30']
    """
    reals = [c.number for c in hand if not c.is_joker]
    jokers = sum(1 for c in hand if c.is_joker)
    out = [laid_from(c, hand) for c in completions((), reals, jokers, rules, min_new=MIN_LENGTH, joker_only=joker_only)]
    out.sort(key=lambda s: (-len(s.numbers), s.numbers, [str(c) for c in s.cards]))
    return out
