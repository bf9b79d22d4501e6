"""How hard a Nmbrs! number is to lay: the count of valid sequences it can be part of, and
the difficulty estimate behind the points of the default deck.

The published rules give every card 1, 2 or 3 points "depending on its difficulty" but do
not publish the table, so ``solver/data/nmbrs_deck.toml`` ships an estimate computed here:
count the valid 3-card sequences under the advanced rules (within 1–100) that contain the
number — the fewer, the harder the card — and cut that count into thirds (at most 14 → 3
points, 15–21 → 2 points, 22 or more → 1 point).

>>> adv, basic = Rules.preset("advanced"), Rules.preset("basic")
>>> sequences_containing(2, adv), sequences_containing(36, adv), sequences_containing(36, basic)
(3, 30, 84)
>>> estimated_points(2), estimated_points(36), estimated_points(50)
(3, 1, 2)

Under the advanced rules every number of a sequence with step ``d`` leaves the same
remainder 0 or 1 when divided by ``d``, so a number ``n`` fits the steps that divide ``n``
or ``n - 1`` (:func:`fitting_steps`): it is easy when ``n`` or ``n - 1`` is in many
multiplication tables, hard when both have few divisors (and near the edges).

>>> fitting_steps(37, adv)
(1, 2, 3, 4, 6, 9, 12, 18, 36)
"""

from __future__ import annotations

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nmbrs.rules import MIN_LENGTH, Rules

__all__ = [
    "ESTIMATE_RULES", "ESTIMATE_LENGTH", "POINT_TIERS",
    "sequences_containing", "sequences_containing_step", "sequences_through", "sequence_counts", "fitting_steps",
    "points_for_count", "estimated_points", "estimated_points_table",
]

ESTIMATE_RULES = Rules.preset("advanced")
"""The rules the estimate counts sequences under: advanced (counting back lands on 0 or 1), cards 1–100."""

ESTIMATE_LENGTH = 3
"""The estimate counts sequences of exactly this many cards (the shortest a player can lay)."""

POINT_TIERS = ((14, 3), (21, 2))
"""``(at most this many sequences, points)`` in order; a count above the last bound is worth 1 point.
The bounds are the cuts nearest to thirds of the 100 counts (ties cannot be split): 31, 37 and 32 numbers."""


def _check_number(n: int, high: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= high:
        raise TablecalcError(_("no card {n}: expected a number 1-{high}").format(n=repr(n), high=high))


def _check_length(length: int | None) -> None:
    if length is not None and (isinstance(length, bool) or not isinstance(length, int) or length < MIN_LENGTH):
        raise TablecalcError(_("bad sequence length {length}: expected a whole number ≥ {least}, or None for any").format(length=repr(length), least=MIN_LENGTH))


def sequences_containing(n: int, rules: Rules = ESTIMATE_RULES, length: int | None = ESTIMATE_LENGTH) -> int:
    """How many valid sequences of ``length`` cards within 1–``rules.high`` contain the number ``n``.

    ``length=None`` counts the valid sequences of every length from 3 up (as a set of
    numbers: 5-10-15 and 5-10-15-20 are two sequences). Only the rules' ``sequence`` and
    ``high`` options matter. Exact, by counting the places ``n`` can take for each step.

    >>> basic, adv = Rules.preset("basic"), Rules.preset("advanced")
    >>> sequences_containing(1, basic), sequences_containing(50, basic), sequences_containing(100, basic)
    (49, 98, 49)
    >>> sequences_containing(7, adv)  # steps 1, 2, 3: three each; 6: 1-7-13, 7-13-19; 7: 7-14-21
    12
    >>> sequences_containing(7, adv, length=4), sequences_containing(7, adv, length=None)
    (14, 974)
    >>> sequences_containing(50, Rules.preset("simple"))  # the simple version: 1-50, any progression
    24
    """
    _check_length(length)
    _check_number(n, rules.high)
    return sum(_containing_step(n, d, rules, length) for d in range(1, rules.high))


def sequences_through(n: int, rules: Rules = ESTIMATE_RULES, length: int | None = ESTIMATE_LENGTH) -> list[tuple[int, ...]]:
    """The valid sequences :func:`sequences_containing` counts, listed: by step, then by first number.

    >>> sequences_through(2, Rules.preset("advanced"))
    [(1, 2, 3), (2, 3, 4), (2, 4, 6)]
    >>> len(sequences_through(50, Rules.preset("basic"), None)) == sequences_containing(50, Rules.preset("basic"), None)
    True
    """
    _check_length(length)
    _check_number(n, rules.high)
    out = []
    for d in range(1, rules.high):
        below, above = (n - 1) // d, (rules.high - n) // d
        for j in range(below + 1):
            first = n - j * d
            if not rules.accepts(first, d):
                continue
            lengths = range(max(MIN_LENGTH, j + 1), j + above + 2) if length is None else (length,)
            for k in lengths:
                if j < k <= j + above + 1:
                    out.append(tuple(range(first, first + k * d, d)))
    out.sort(key=lambda seq: (seq[1] - seq[0], seq[0], len(seq)))
    return out


def sequence_counts(rules: Rules = ESTIMATE_RULES, length: int | None = ESTIMATE_LENGTH) -> dict[int, int]:
    """:func:`sequences_containing` for every number 1–``rules.high``.

    >>> counts = sequence_counts(Rules.preset("advanced"))
    >>> min(counts, key=counts.get), max(counts, key=counts.get), counts[2], counts[49]
    (2, 1, 3, 31)
    """
    return {n: sequences_containing(n, rules, length) for n in range(1, rules.high + 1)}


def sequences_containing_step(n: int, step: int, rules: Rules = ESTIMATE_RULES,
                              length: int | None = ESTIMATE_LENGTH) -> int:
    """How many valid sequences of ``length`` cards (``None``: any length ≥ 3) and this ``step``
    contain ``n``, within 1–``rules.high``.

    >>> adv = Rules.preset("advanced")
    >>> sequences_containing_step(50, 10, adv), sequences_containing_step(50, 8, adv), sequences_containing_step(50, 10, adv, None)
    (3, 0, 27)
    """
    _check_length(length)
    _check_number(n, rules.high)
    if isinstance(step, bool) or not isinstance(step, int) or step < 1:
        raise TablecalcError(_("bad step {step}: expected a whole number ≥ 1").format(step=repr(step)))
    return _containing_step(n, step, rules, length)


def _containing_step(n: int, step: int, rules: Rules, length: int | None) -> int:
    below = (n - 1) // step  # cards of this step that fit under n (down to 1)
    above = (rules.high - n) // step  # ... and over n (up to high)
    total = 0
    for j in range(below + 1):  # j cards under n: the sequence starts at n - j*step
        if not rules.accepts(n - j * step, step):
            continue
        if length is None:  # k cards over n, with j + 1 + k >= MIN_LENGTH and k <= above
            total += max(0, above - max(0, MIN_LENGTH - 1 - j) + 1)
        elif j <= length - 1 and length - 1 - j <= above:
            total += 1
    return total


def fitting_steps(n: int, rules: Rules = ESTIMATE_RULES) -> tuple[int, ...]:
    """The steps of the valid sequences that can hold ``n`` — at least 3 cards of that step
    fit in 1–``rules.high`` around ``n``. Under the advanced rules: the divisors of ``n`` and of
    ``n - 1`` that are small enough.

    >>> fitting_steps(74, Rules.preset("advanced")), fitting_steps(73, Rules.preset("advanced"))
    ((1, 2), (1, 2, 3, 4, 6, 8, 9, 12, 18, 24, 36))
    >>> len(fitting_steps(50, Rules.preset("basic")))
    49
    """
    _check_number(n, rules.high)
    return tuple(d for d in range(1, rules.high) if _containing_step(n, d, rules, MIN_LENGTH))


def points_for_count(count: int) -> int:
    """The points the estimate gives a number contained in ``count`` sequences (:data:`POINT_TIERS`).

    >>> [points_for_count(c) for c in (3, 14, 15, 21, 22, 49)]
    [3, 3, 2, 2, 1, 1]
    """
    for bound, points in POINT_TIERS:
        if count <= bound:
            return points
    return 1


def estimated_points(n: int) -> int:
    """The estimated points of card ``n`` (1–100): the points of the default deck file.

    >>> estimated_points(47), estimated_points(52), estimated_points(60)
    (3, 2, 1)
    >>> estimated_points(101)
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: no card 101: expected a number 1-100
    """
    return points_for_count(sequences_containing(n, ESTIMATE_RULES, ESTIMATE_LENGTH))


def estimated_points_table() -> dict[int, int]:
    """:func:`estimated_points` for every number 1–100, the ``points`` of ``solver/data/nmbrs_deck.toml``.

    >>> points = list(estimated_points_table().values())
    >>> len(points), points.count(3), points.count(2), points.count(1)
    (100, 31, 37, 32)
    """
    return {n: points_for_count(c) for n, c in sequence_counts(ESTIMATE_RULES, ESTIMATE_LENGTH).items()}
