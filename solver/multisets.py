"""Multisets of whole numbers, as sorted tuples: what every value-set search is built over
(:mod:`solver.search`, :mod:`solver.valuearrays`, the Countdown table).

>>> as_multiset([6, 3, 6])
(3, 6, 6)
>>> list(sub_multisets((1, 1, 2), 2)), minus((1, 1, 2), (1,))
([(1, 1), (1, 2)], (1, 2))
>>> split_pairs((1, 2, 3))
(((1,), (2, 3)), ((2,), (1, 3)), ((3,), (1, 2)))
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, Iterator

from solver.errors import TablecalcError, quoted
from solver.i18n import _

__all__ = ["MultiSet", "as_multiset", "sub_multisets", "minus", "split_pairs", "fits_int64", "SPLITS_REMEMBERED"]

MultiSet = tuple[int, ...]
"""A multiset of whole numbers: a sorted tuple."""

def as_multiset(numbers: Iterable[int]) -> MultiSet:
    """``numbers`` as a sorted tuple, after checking each is a whole number ≥ 0."""
    numbers = list(numbers)
    for n in numbers:
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise TablecalcError(_("bad number {n}: expected whole numbers ≥ 0").format(n=quoted(n)))
    return tuple(sorted(numbers))


def minus(ms: MultiSet, part: MultiSet) -> MultiSet:
    """``ms`` without the elements of ``part`` (both sorted; the result stays sorted)."""
    rest = list(ms)
    for x in part:
        rest.remove(x)
    return tuple(rest)


def sub_multisets(ms: MultiSet, k: int) -> Iterator[MultiSet]:
    """The distinct sub-multisets of size ``k`` of the sorted ``ms``, each once, in sorted order
    (``sorted(set(combinations(ms, k)))`` without making every combination: thirty 1s have one
    part of each size, not 155 million).

    >>> list(sub_multisets((1, 1, 1, 2), 2))
    [(1, 1), (1, 2)]
    >>> sum(1 for _ in sub_multisets((1,) * 30, 15))
    1
    """
    counts = sorted(Counter(ms).items())

    def rec(i: int, left: int) -> Iterator[MultiSet]:
        if left == 0:
            yield ()
            return
        if i == len(counts):
            return
        value, have = counts[i]
        for take in range(min(have, left), -1, -1):
            for tail in rec(i + 1, left - take):
                yield (value,) * take + tail

    if 0 <= k <= len(ms):
        yield from rec(0, k)


SPLITS_REMEMBERED = 8
"""The splits of multisets of up to this many numbers are remembered across questions (at most 127 each)."""


@lru_cache(maxsize=1 << 15)
def split_pairs(ms: MultiSet) -> tuple[tuple[MultiSet, MultiSet], ...]:
    """Unordered splits of ``ms`` into two non-empty parts (each split once)."""
    got = []
    n = len(ms)
    for i in range(1, n // 2 + 1):
        for a in sub_multisets(ms, i):
            b = minus(ms, a)
            if i * 2 == n and b < a:
                continue
            got.append((a, b))
    return tuple(got)


def fits_int64(ms: MultiSet) -> bool:
    """Whether no calculation over ``ms`` can leave 64-bit integers: none can pass the product of the
    numbers, each counted as at least 2 (``a + b``, ``a - b`` ≤ 2·max ≤ the product; ``a ÷ b`` ≤ ``a``)."""
    bound = 1
    for n in ms:
        bound *= max(n, 2)
        if bound >= 1 << 62:
            return False
    return True
