"""Value sets as NumPy arrays: the same sets as :class:`solver.search.ValueSets`, built a whole
operation at a time instead of one pair of operands at a time.

Questions about every target at once (``tablecalc reach --targets``, the Countdown table)
spend nearly all their time building value sets. :class:`ValueArrays` builds each set as a
sorted ``int64`` array: the operand pairs of every way to split a multiset in two are laid
side by side, and each operation is one NumPy call over all of them. The arithmetic is the one of
``ValueSets._results`` written over arrays (``tests/core/test_reach_targets.py`` checks the two
give the same sets under every combination of rules this module serves).

It serves whole-number intermediates (natural or integer), either order, any operations,
as long as no value can leave ``int64`` (:meth:`ValueArrays.serves`); fractions and huge
numbers stay with :class:`~solver.search.ValueSets`. Work is counted in the same steps
and against the same budgets, so a question refused there is refused here.

>>> arrays = ValueArrays()
>>> sorted(arrays.of([4, 4]))
[0, 1, 8, 16]
>>> arrays.min_cards([25, 50, 75, 100, 3, 6], 952, 954).tolist()
[6, 4, 5]
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

import numpy as np

from solver.errors import TablecalcError
from solver.i18n import _
from solver.budget import MAX_VALUES, MAX_WORK, SPLIT_STEPS, Budgeted
from solver.expr import Intermediates, Order, SearchRules
from solver.multisets import MultiSet, as_multiset, fits_int64, minus, split_pairs, sub_multisets

__all__ = ["ValueArrays", "combine", "combine_sets"]

class ValueArrays(Budgeted):
    """Every value of a calculation over exactly a multiset of numbers, as a sorted NumPy array.

    Like :class:`~solver.search.ValueSets`: one object serves one set of rules, remembers
    the sets it built (parts shared by later questions are built once), holds at most
    ``max_values`` values (sets of earlier questions are dropped first) and counts its work
    per question against ``max_work``.
    """

    def __init__(self, rules: SearchRules = SearchRules(), *, max_values: int = MAX_VALUES, max_work: int = MAX_WORK):
        if rules.intermediates is Intermediates.RATIONAL:
            raise TablecalcError(_('ValueArrays serves whole-number intermediates only: use ValueSets for fractions'))
        self.rules = rules
        self.max_values = max_values
        self.max_work = max_work
        self.stored = 0
        self.work = 0
        self._ops = rules.ops
        self._chain = rules.order is Order.CHAIN
        self._natural = rules.intermediates is Intermediates.NATURAL
        self._sets: dict[MultiSet, np.ndarray] = {}
        self._question: MultiSet = ()
        self._earlier = 0

    @staticmethod
    def serves(rules: SearchRules, numbers: Iterable[int] = ()) -> bool:
        """Whether arrays can hold every value of ``numbers`` under ``rules`` (whole-number
        intermediates, and no calculation able to leave ``int64``).

        >>> ValueArrays.serves(SearchRules(), [25, 50, 75, 100, 3, 6])
        True
        >>> ValueArrays.serves(SearchRules(), [10**12] * 6)
        False
        """
        if rules.intermediates is Intermediates.RATIONAL:
            return False
        return fits_int64(tuple(numbers))

    # -- questions ------------------------------------------------------------

    def of(self, numbers: Iterable[int]) -> frozenset:
        """The values of every calculation using each of ``numbers`` once, as a frozenset (for comparison with
        ``ValueSets.of``)."""
        ms = self._start(numbers)
        if not ms:
            return frozenset()
        return frozenset(self._values(ms).tolist())

    def min_cards(self, numbers: Iterable[int], lo: int, hi: int, *, use_all: bool = False) -> np.ndarray:
        """For each target ``lo``..``hi``, the fewest of ``numbers`` whose calculation equals it (0: none).

        The set of all the numbers together is never built: only its values between
        ``lo`` and ``hi`` are marked. With ``use_all`` only calculations over every number count.

        >>> ValueArrays().min_cards([2, 3, 5], 9, 12).tolist()
        [3, 2, 3, 0]
        """
        ms = self._start(numbers)
        out = np.zeros(max(0, hi - lo + 1), dtype=np.int8)
        if not ms or hi < lo:
            return out
        n = len(ms)
        for k in range(n if use_all else 1, n + 1):
            for part in _parts(ms, k):
                if k < n:
                    self._mark(self._values(part), lo, out, k)
                else:
                    self._mark_top(part, lo, out, k)
        return out

    def reachable(self, numbers: Iterable[int], *, use_all: bool = False) -> np.ndarray:
        """Every value of a calculation over some of ``numbers`` (every one of them with
        ``use_all``), sorted; the set of all the numbers together is built but not kept.

        >>> ValueArrays().reachable([2, 3]).tolist(), ValueArrays().reachable([2, 3], use_all=True).tolist()
        ([1, 2, 3, 5, 6], [1, 5, 6])
        """
        ms = self._start(numbers)
        if not ms:
            return np.zeros(0, dtype=np.int64)
        n = len(ms)
        parts = [self._values(part) for k in range(n if use_all else 1, n) for part in _parts(ms, k)]
        parts.append(self._values(ms) if n == 1 else np.concatenate(self._results_of(ms)))
        return np.unique(np.concatenate(parts))

    def _start(self, numbers: Iterable[int]) -> MultiSet:
        ms = as_multiset(numbers)
        if not self.serves(self.rules, ms):
            raise TablecalcError(_('these numbers are too large for value arrays: use ValueSets'))
        self._question = ms
        self.work = 0
        self._earlier = len(self._sets)
        return ms

    @staticmethod
    def _mark(values: np.ndarray, lo: int, out: np.ndarray, k: int) -> None:
        """Set ``out[v - lo] = k`` for the values in range not marked yet."""
        i = np.searchsorted(values, lo, side="left")
        j = np.searchsorted(values, lo + len(out) - 1, side="right")
        idx = values[i:j] - lo
        fresh = idx[out[idx] == 0]
        out[fresh] = k

    def _mark_top(self, ms: MultiSet, lo: int, out: np.ndarray, k: int) -> None:
        """Mark the values of the whole multiset ``ms`` within range, without building its set."""
        if len(ms) == 1:
            self._mark(np.array(ms, dtype=np.int64), lo, out, k)
            return
        hi = lo + len(out) - 1
        values = np.concatenate(self._results_of(ms))
        v = values[(values >= lo) & (values <= hi)] - lo
        out[v[out[v] == 0]] = k

    # -- building -------------------------------------------------------------

    def _values(self, ms: MultiSet) -> np.ndarray:
        got = self._sets.get(ms)
        if got is not None:
            return got
        if len(ms) == 1:
            got = np.array(ms, dtype=np.int64)
        else:
            got = np.unique(np.concatenate(self._results_of(ms)))
        self._sets[ms] = got
        self.stored += len(got)
        if self.stored > self.max_values:
            self._make_room()
        return got

    def _results_of(self, ms: MultiSet) -> list[np.ndarray]:
        """Arrays whose union is the set of ``ms`` (two or more numbers), charging work as ``ValueSets`` does.

        The operand pairs of every split are laid side by side in two flat arrays first,
        so that each operation is one NumPy call per multiset, not one per split.
        """
        if self._chain:
            lefts, rights = [], []
            for x in sorted(set(ms)):
                rest = self._values(minus(ms, (x,)))
                self._spend(len(rest) + 2)
                lefts.append(rest)
                rights.append(np.full(len(rest), x, dtype=np.int64))
            return self._combine(np.concatenate(lefts), np.concatenate(rights), chain=True)
        splits = split_pairs(ms)
        self._spend(SPLIT_STEPS * len(splits))
        lefts, rights = [], []
        for a_ms, b_ms in splits:
            va, vb = self._values(a_ms), self._values(b_ms)
            self._spend(len(va) * len(vb) + 1)
            lefts.append(np.repeat(va, len(vb)))
            rights.append(np.tile(vb, len(va)))
        return self._combine(np.concatenate(lefts), np.concatenate(rights), chain=False)

    def _combine(self, a: np.ndarray, b: np.ndarray, *, chain: bool) -> list[np.ndarray]:
        return combine(a, b, self._ops, natural=self._natural, chain=chain)


def combine(a: np.ndarray, b: np.ndarray, ops: frozenset[str], *, natural: bool, chain: bool) -> list[np.ndarray]:
    """Every allowed result of ``a[i] op b[i]`` (and ``b[i] op a[i]`` unless ``chain``), in arrays
    whose union is the set: ``ValueSets._results`` over arrays of operand pairs.

    >>> [x.tolist() for x in combine(np.array([6]), np.array([2]), frozenset("+-*/"), natural=True, chain=False)]
    [[8], [12], [4], [3], []]
    """
    out = []
    if "+" in ops:
        out.append(a + b)
    if "*" in ops:
        out.append(a * b)
    if "-" in ops:
        d = a - b
        if chain:
            out.append(d[d >= 0] if natural else d)
        elif natural:
            out.append(np.abs(d))
        else:
            out += [d, -d]
    if "/" in ops:
        out.append(_exact_quotients(a, b))
        if not chain:
            out.append(_exact_quotients(b, a))
    return out


def combine_sets(pairs: list[tuple[frozenset, frozenset]], ops: frozenset[str], *, natural: bool, chain: bool) -> frozenset:
    """The union of every allowed result over the operand pairs of each ``(left values, right values)``:
    :class:`~solver.search.ValueSets` builds a large set with this when asked to (``vectorise``).

    >>> sorted(combine_sets([(frozenset({6}), frozenset({2, 3}))], frozenset("+-*/"), natural=True, chain=False))
    [2, 3, 4, 8, 9, 12, 18]
    """
    lefts, rights = [], []
    for va, vb in pairs:
        a = np.fromiter(va, dtype=np.int64, count=len(va))
        b = np.fromiter(vb, dtype=np.int64, count=len(vb))
        lefts.append(np.repeat(a, len(b)))
        rights.append(np.tile(b, len(a)))
    a, b = np.concatenate(lefts), np.concatenate(rights)
    return frozenset(np.unique(np.concatenate(combine(a, b, ops, natural=natural, chain=chain))).tolist())


@lru_cache(maxsize=1 << 16)
def _parts(ms: MultiSet, k: int) -> tuple[MultiSet, ...]:
    """``sub_multisets(ms, k)``, remembered (a table asks for the same parts again and again)."""
    return tuple(sub_multisets(ms, k))


def _exact_quotients(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a[i] // b[i]`` where ``b[i]`` divides ``a[i]`` exactly and is not 0."""
    if not b.all():
        ok = b != 0
        a, b = a[ok], b[ok]
    q, r = np.divmod(a, b)
    return q[r == 0]
