"""Game-independent arithmetic search: the fewest numbers that reach a target.

Given a multiset of numbers and a target, :func:`reach` finds the smallest count of
numbers whose calculation equals the target and every distinct calculation of that size
(distinct up to commutativity and associativity, see :func:`solver.expr.normal_key`).
It serves Nambarz (left-to-right chains over a hand), the 24 game (all four numbers) and
Countdown (any subset, any bracketing).

>>> r = reach([6, 5, 2, 10], 3, SearchRules(order=Order.CHAIN))
>>> r.min_cards, [str(e) for e in r.expressions]
(2, ['5-2', '6÷2'])
>>> r = reach([9, 8, 2], 5, SearchRules(order=Order.CHAIN))
>>> r.min_cards is None
True
>>> [str(e) for e in reach([9, 8, 2], 5).expressions]
['9-(8÷2)']
>>> twenty_four = SearchRules(intermediates=Intermediates.RATIONAL, use_all=True)
>>> [str(e) for e in reach([1, 5, 5, 5], 24, twenty_four).expressions]
['5×(5-(1÷5))']

:class:`ValueSets` is the machinery underneath, public for questions about whole value
sets (which targets can these numbers reach at all?); :class:`Query` is one question
read from a JSON line (``tablecalc reach --batch``).

How it works: for every sub-multiset (never the same one twice, however many copies a
number has) it builds the set of reachable values from the sets of its parts, smallest
parts first; the target is tested at each size with inverse operations, so the largest
sets are only built when a smaller size failed; calculations are then rebuilt top-down
from the value sets, deduplicated by normal form at every level.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Iterable, Iterator

from solver.errors import SearchTooLarge, TablecalcError, quoted
from solver.i18n import _
from solver.parsing import MAX_DIGITS
from solver.budget import MAX_VALUES, MAX_WORK, SPLIT_STEPS, Budgeted
from solver.multisets import SPLITS_REMEMBERED, MultiSet, as_multiset, fits_int64, minus, split_pairs, sub_multisets
from solver.expr import (
    Faults,
    SearchRules,
    MAX_NUMBERS,
    BinOp,
    Expr,
    Intermediates,
    Num,
    Order,
    canonical,
    json_value,
    normal_key,
    operations,
)

__all__ = ["SearchRules", "Faults", "Near", "Reach", "reach", "TargetsReach", "reach_targets", "ValueSets", "Query", "MAX_VALUES",
           "MAX_TARGETS"]

Value = int | Fraction

RATIONAL_STEP = 16
EXPRESSION_STEPS = 20
"""Steps charged for building one calculation and its normal form (tens of microseconds): three
zeros among six numbers make 20,000 distinct calculations equal to 0."""
SCAN_VALUES = 16
"""Values looked at per step when the nearest values to a target are sought among a set."""
MAX_TARGETS = 100_000
"""The most targets one :func:`reach_targets` question may ask about (Countdown asks 900)."""
VECTORISE_PAIRS = 64
"""A vectorised :class:`ValueSets` builds a set with NumPy from this many operand pairs on."""
EXPRESSIONS_WORK_FACTOR = 10
"""``reach_targets(expressions=True)`` finds its calculations within this many times ``max_work``
steps in all (Countdown's 900 targets take about 300,000; seven numbers about 1,300,000)."""


@dataclass(frozen=True)
class Near:
    """A value some calculation reaches when the target is not reached: the nearest one below
    or above it, its distance from the target and one calculation (with the fewest numbers).

    >>> from solver.expr import parse_expression
    >>> Near(947, 5, parse_expression("50×(25-6)-3")).as_dict()
    {'value': 947, 'distance': 5, 'expression': '50×(25-6)-3'}
    """

    value: Value
    distance: Value
    expression: Expr

    def as_dict(self) -> dict:
        return {"value": json_value(self.value), "distance": json_value(self.distance), "expression": str(self.expression)}


@dataclass(frozen=True)
class Reach:
    """The answer of :func:`reach`: the minimum count (``None`` when unreachable) and the calculations.

    ``nearest`` (asked for with ``reach(..., nearest=True)``): when the target is not reached,
    the nearest value below it and the nearest above it that a calculation reaches (those that
    exist), nearest first; ``()`` when the target is reached or the nearest was not asked for;
    ``None`` when seeking them passed the step budget.
    """

    numbers: MultiSet
    target: Value
    rules: SearchRules
    min_cards: int | None
    expressions: tuple[Expr, ...]
    nearest: tuple[Near, ...] | None = ()

    def as_dict(self) -> dict:
        return {
            "numbers": list(self.numbers),
            "target": json_value(self.target),
            **self.rules.as_dict(),
            "min_cards": self.min_cards,
            "expressions": [str(e) for e in self.expressions],
            "nearest": None if self.nearest is None else [n.as_dict() for n in self.nearest],
        }


def _norm(v: Value) -> Value:
    """Keep whole numbers as ints (fast), fractions only when needed."""
    if isinstance(v, Fraction) and v.denominator == 1:
        return v.numerator
    return v


# ---------------------------------------------------------------- value sets


class ValueSets(Budgeted):
    """Every value a calculation over exactly a given multiset of numbers can take, under one :class:`SearchRules`.

    Each multiset's set is built once from the sets of its parts and remembered, so one
    object asked about many multisets builds the parts they share only once (Countdown
    selections in sorted order share most of theirs). The sets depend on the rules'
    order, operations and intermediates; ``use_all`` changes nothing here. An object
    serves one set of rules only: :func:`reach` and the functions built on this class
    refuse a ``ValueSets`` made for other rules, so a cache shared between calls never
    mixes sets computed under different rules.

    Memory is bounded by ``max_values`` values held in all (``stored`` says how many are
    held now). When a new set would pass it, sets kept from earlier questions are
    dropped, those of no use to the current question first; a question that needs more
    than ``max_values`` values by itself raises :class:`TablecalcError`, as :func:`reach`
    does.

    ``vectorise``: build large sets with NumPy (:func:`solver.valuearrays.combine_sets`,
    the same sets: ``tests/core/test_reach_targets.py``) when the rules keep whole numbers and
    the question's numbers cannot overflow 64 bits. It pays once many questions share the
    object (a batch); a single question would spend more on importing NumPy than it saves.

    >>> sets = ValueSets(SearchRules(order=Order.CHAIN, ops=frozenset("+-")))
    >>> sorted(sets.of([2, 3, 7]))
    [2, 6, 8, 12]
    >>> sorted(sets.reachable([2, 3, 7]))
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]
    >>> sorted(sets.of([3, 7]))          # built on the way, not again
    [4, 10]
    >>> reach([2, 3, 7], 11, sets.rules, value_sets=sets).min_cards is None
    True
    """

    def __init__(self, rules: SearchRules = SearchRules(), *, max_values: int = MAX_VALUES, max_work: int = MAX_WORK,
                 vectorise: bool = False):
        self._rules = rules
        self._vectorise = vectorise
        self._numpy = False
        self.max_values = max_values
        self.max_work = max_work
        self.stored = 0
        self._ops = rules.ops
        self._chain = rules.order is Order.CHAIN
        self._natural = rules.intermediates is Intermediates.NATURAL
        self._rational = rules.intermediates is Intermediates.RATIONAL
        self._step = RATIONAL_STEP if self._rational else 1
        self._sets: dict[MultiSet, frozenset] = {}
        self._splits: dict[MultiSet, list[tuple[MultiSet, MultiSet]]] = {}
        self._question: MultiSet = ()
        self.work = 0  # operand pairs combined for the current question
        self._earlier = 0  # how many of the sets (the first ones in ``_sets``) predate the current question

    @property
    def rules(self) -> SearchRules:
        """The rules every set was computed under."""
        return self._rules

    def __repr__(self) -> str:
        return f"ValueSets({self._rules!r}, {len(self._sets):,} multisets, {self.stored:,} values)"

    def serves(self, rules: SearchRules) -> bool:
        """Whether these sets are the ones ``rules`` allow (same order, operations and intermediates).

        >>> ValueSets(SearchRules()).serves(SearchRules(use_all=True))
        True
        >>> ValueSets(SearchRules()).serves(SearchRules(order=Order.CHAIN))
        False
        """
        mine = self._rules
        return (mine.order, mine.ops, mine.intermediates) == (rules.order, rules.ops, rules.intermediates)

    def check_serves(self, rules: SearchRules) -> None:
        """Raise :class:`TablecalcError` unless :meth:`serves` ``rules``."""
        if not self.serves(rules):
            raise TablecalcError(
                _("these value sets were computed under {theirs}, not {ours}: "
                  "expected a ValueSets made for the same order, operations and intermediates").format(
                    theirs=self._rules.as_dict(), ours=rules.as_dict())
            )

    def of(self, numbers: Iterable[int]) -> frozenset:
        """Every value of a calculation that uses each of ``numbers`` exactly once (empty for no numbers).

        >>> sorted(ValueSets().of([4, 4]))
        [0, 1, 8, 16]
        """
        ms = as_multiset(numbers)
        if not ms:
            return frozenset()
        self._begin(ms)
        return self._values(ms)

    def reachable(self, numbers: Iterable[int]) -> frozenset:
        """Every value of a calculation over some of ``numbers``, each used at most once.

        ``t`` is in the result exactly when ``reach(numbers, t, rules)`` finds a
        calculation (with ``use_all`` false). The sets of the parts are remembered, the
        set of all the numbers together is not (the largest, and seldom a part of a
        later question) unless it was already.

        >>> v = ValueSets().reachable([25, 50, 75, 100, 3, 6])
        >>> 952 in v, 953 in v, reach([25, 50, 75, 100, 3, 6], 953).min_cards
        (True, True, 4)
        """
        ms = as_multiset(numbers)
        self._begin(ms)
        out: set = set()
        for k in range(1, len(ms) + 1):
            for part in sub_multisets(ms, k):
                out |= self._values(part, keep=k < len(ms))
        return frozenset(out)

    def _begin(self, ms: MultiSet) -> None:
        """Start a question about ``ms`` (and its parts)."""
        self._question = ms
        self.work = 0
        self._earlier = len(self._sets)
        self._numpy = self._vectorise and not self._rational and fits_int64(ms)
        self._splits = {}  # cheap to rebuild; keeping them all costs more in memory than it saves

    # -- structure --------------------------------------------------------

    def _splits_of(self, ms: MultiSet) -> list[tuple[MultiSet, MultiSet]]:
        """Unordered splits of ``ms`` into two non-empty parts (each split once)."""
        got = self._splits.get(ms)
        if got is None:
            got = split_pairs(ms) if len(ms) <= SPLITS_REMEMBERED else split_pairs.__wrapped__(ms)
            self._spend(SPLIT_STEPS * len(got))  # charged per question, remembered or not: the same budget
            self._splits[ms] = got
        return got

    # -- the value of one operation ----------------------------------------

    def _div(self, a: Value, b: Value) -> Value | None:
        if b == 0:
            return None
        if self._rational:
            return _norm(Fraction(a) / b)
        if a % b:
            return None
        return a // b

    def _results(self, a: Value, b: Value) -> Iterator[tuple[str, bool, Value]]:
        """Every allowed ``(op, swapped, value)`` for the operands ``a`` and ``b`` in either order."""
        ops = self._ops
        if "+" in ops:
            yield "+", False, a + b
        if "*" in ops:
            yield "*", False, a * b
        if "-" in ops:
            if not self._natural or a >= b:
                yield "-", False, a - b
            if (not self._natural or b >= a) and a != b:
                yield "-", True, b - a
        if "/" in ops:
            q = self._div(a, b)
            if q is not None:
                yield "/", False, q
            if a != b:
                q = self._div(b, a)
                if q is not None:
                    yield "/", True, q

    # -- the sets ------------------------------------------------------------

    def _combine(self, pairs: list[tuple[frozenset, frozenset]], *, chain: bool) -> frozenset:
        """Every result of an operation between a value of the left and one of the right set of each
        pair (left to right only when ``chain``): with NumPy when this question is vectorised and the
        pairs are many enough to pay for it, else one pair of operands at a time."""
        if self._numpy and sum(len(va) * len(vb) for va, vb in pairs) >= VECTORISE_PAIRS:
            from solver.valuearrays import combine_sets

            return combine_sets(pairs, self._ops, natural=self._natural, chain=chain)
        if self._rational:
            return self._combine_each(pairs, chain=chain)
        return self._combine_whole(pairs, chain=chain)

    def _combine_each(self, pairs: list[tuple[frozenset, frozenset]], *, chain: bool) -> frozenset:
        """:meth:`_combine` one pair of operands at a time through :meth:`_results`, the definition
        of what an operation may give (fractions take this way)."""
        out: set = set()
        for va, vb in pairs:
            for a in va:
                for b in vb:
                    for _, swapped, v in self._results(a, b):
                        if not (chain and swapped):
                            out.add(v)
        return frozenset(out)

    def _combine_whole(self, pairs: list[tuple[frozenset, frozenset]], *, chain: bool) -> frozenset:
        """:meth:`_combine_each` for whole-number intermediates with the operation table inlined:
        the same results as :meth:`_results` (a property test checks it, under every rules
        combination), without a generator and its tuples per pair of operands — most of the time
        of a query is spent here."""
        ops, natural = self._ops, self._natural
        add, mul, sub, div = "+" in ops, "*" in ops, "-" in ops, "/" in ops
        swap = not chain
        out: set = set()
        put = out.add
        for va, vb in pairs:
            for a in va:
                for b in vb:
                    if add:
                        put(a + b)
                    if mul:
                        put(a * b)
                    if sub:
                        if a >= b or not natural:
                            put(a - b)
                        if swap and a != b and (b >= a or not natural):
                            put(b - a)
                    if div:
                        if b and not a % b:
                            put(a // b)
                        if swap and a != b and a and not b % a:
                            put(b // a)
        return frozenset(out)

    def _values(self, ms: MultiSet, keep: bool = True) -> frozenset:
        """The set of ``ms`` (a sorted, non-empty part of the current question); ``keep``: remember it."""
        got = self._sets.get(ms)
        if got is not None:
            return got
        if len(ms) == 1:
            got = frozenset(ms)
        elif self._chain:
            pairs = []
            for x in sorted(set(ms)):
                rest = self._values(minus(ms, (x,)))
                self._spend(len(rest) + 2)
                pairs.append((rest, frozenset((x,))))
            got = self._combine(pairs, chain=True)
        else:
            pairs = []
            for a_ms, b_ms in self._splits_of(ms):
                va, vb = self._values(a_ms), self._values(b_ms)
                self._spend(len(va) * len(vb) + 1)
                pairs.append((va, vb))
            got = self._combine(pairs, chain=False)
        self._sets[ms] = got
        self.stored += len(got)
        if self.stored > self.max_values:
            self._make_room()
        if not keep:
            self.stored -= len(self._sets.pop(ms))
        return got

    def _forget(self) -> None:
        self._splits.clear()


# ---------------------------------------------------------------- calculations equal to a target


class _Search:
    """The calculations over parts of one question that equal a target, found from its value sets."""

    def __init__(self, sets: ValueSets, rules: SearchRules):
        self.rules = rules
        self.ops = sets._ops
        self.chain = sets._chain
        self.values = sets._values
        self.spend = sets._spend
        self.spend_plain = sets._spend_plain
        self.splits = sets._splits_of
        self.results = sets._results
        self._div = sets._div
        self._exprs: dict[tuple[MultiSet, Value], dict[str, Expr]] = {}

    # -- inverse operations: which operand is needed to reach t -----------

    def _needed_right(self, t: Value, x: Value) -> Iterator[tuple[str, Value]]:
        """(op, u) with ``u op x == t`` — for chains, where ``x`` is the last card."""
        ops = self.ops
        if "+" in ops:
            yield "+", t - x
        if "-" in ops:
            yield "-", t + x
        if "*" in ops and x != 0:
            q = self._div(t, x)
            if q is not None:
                yield "*", q
        if "/" in ops and x != 0:
            yield "/", t * x

    def _partners(self, t: Value, a: Value) -> Iterator[tuple[str, bool, Value]]:
        """(op, swapped, b) with ``a op b == t`` (or ``b op a`` when swapped)."""
        ops = self.ops
        if "+" in ops:
            yield "+", False, t - a
        if "*" in ops and a != 0:
            q = self._div(t, a)
            if q is not None:
                yield "*", False, q
        if "-" in ops:
            yield "-", False, a - t
            yield "-", True, a + t
        if "/" in ops:
            if t != 0:
                q = self._div(a, t)
                if q is not None:
                    yield "/", False, q
            if a != 0:
                yield "/", True, t * a

    def _matches(self, ms: MultiSet, t: Value, ordered: bool = False) -> Iterator[tuple]:
        """Ways the last operation of a calculation over ``ms`` can produce ``t`` (``ordered``: the
        operands of each split from the smallest up, so that the first way does not depend on how a
        value set was built)."""
        if self.chain:
            for x in sorted(set(ms)):
                rest = minus(ms, (x,))
                vr = self.values(rest)
                self.spend(3)
                for op, u in self._needed_right(t, x):
                    if u in vr and self._check(u, op, x, t):
                        yield rest, u, op, x
                if "*" in self.ops and x == 0 and t == 0:
                    for u in vr:
                        yield rest, u, "*", x
        else:
            for a_ms, b_ms in self.splits(ms):
                va, vb = self.values(a_ms), self.values(b_ms)
                self.spend(len(va) + 1)
                for a in sorted(va) if ordered else va:
                    for op, swapped, b in self._partners(t, a):
                        if b in vb and self._check(*((b, op, a) if swapped else (a, op, b)), t):
                            yield a_ms, a, b_ms, b, op, swapped
                    if "*" in self.ops and a == 0 and t == 0:
                        for b in vb:
                            yield a_ms, a, b_ms, b, "*", False
                    if "/" in self.ops and a == 0 and t == 0:
                        for b in vb:
                            if b != 0:
                                yield a_ms, a, b_ms, b, "/", False

    def _check(self, left: Value, op: str, right: Value, t: Value) -> bool:
        """Re-check one operation exactly (guards the inverse arithmetic)."""
        for o, swapped, v in self.results(left, right):
            if o == op and not swapped and v == t:
                return True
        return False

    def reaches(self, ms: MultiSet, t: Value) -> bool:
        """Whether a calculation using exactly ``ms`` equals ``t``."""
        if len(ms) == 1:
            return ms[0] == t
        return next(self._matches(ms, t), None) is not None

    # -- rebuilding calculations ----------------------------------------------

    def one_expression(self, ms: MultiSet, t: Value, ordered: bool = False) -> Expr:
        """One calculation over exactly ``ms`` equal to ``t``, which must be one of its values
        (the first the search meets, not the shortest; ``ordered``: the same whichever way the
        value sets were built, at the cost of sorting them)."""
        if len(ms) == 1:
            return Num(ms[0])
        match = next(self._matches(ms, t, ordered))
        self.spend_plain(EXPRESSION_STEPS)
        if self.chain:
            rest, u, op, x = match
            return BinOp(op, self.one_expression(rest, u, ordered), Num(x))
        a_ms, a, b_ms, b, op, swapped = match
        ea, eb = self.one_expression(a_ms, a, ordered), self.one_expression(b_ms, b, ordered)
        return BinOp(op, eb, ea) if swapped else BinOp(op, ea, eb)

    def display(self, e: Expr) -> Expr:
        """How a found calculation is shown: a chain as laid; in tree order the canonical
        form (largest terms first), unless that needs an operation the rules refuse
        (``a-(b-c)`` would become ``a+c-b``)."""
        if self.chain:
            return e
        c = canonical(e)
        return c if operations(c) <= self.ops else e

    def expressions(self, ms: MultiSet, t: Value) -> dict[str, Expr]:
        """Every distinct calculation over exactly ``ms`` equal to ``t``, keyed by normal form."""
        memo_key = (ms, t)
        got = self._exprs.get(memo_key)
        if got is not None:
            return got
        out: dict[str, Expr] = {}
        if len(ms) == 1:
            if ms[0] == t:
                out[str(ms[0])] = Num(ms[0])
        elif self.chain:
            for rest, u, op, x in self._matches(ms, t):
                for left in self.expressions(rest, u).values():
                    self.spend_plain(EXPRESSION_STEPS)
                    e = BinOp(op, left, Num(x))
                    out.setdefault(normal_key(e), e)
        else:
            for a_ms, a, b_ms, b, op, swapped in self._matches(ms, t):
                for ea in self.expressions(a_ms, a).values():
                    for eb in self.expressions(b_ms, b).values():
                        self.spend_plain(EXPRESSION_STEPS)
                        e = BinOp(op, eb, ea) if swapped else BinOp(op, ea, eb)
                        out.setdefault(normal_key(e), e)
        self._exprs[memo_key] = out
        return out


def _sort_key(e: Expr) -> tuple:
    """Shortest written first, then alphabetical: a stable, readable order."""
    return (len(str(e)), str(e))


def reach(
    numbers: Iterable[int],
    target: Value,
    rules: SearchRules = SearchRules(),
    *,
    min_numbers: int = 1,
    max_values: int = MAX_VALUES,
    max_work: int = MAX_WORK,
    value_sets: ValueSets | None = None,
    nearest: bool = False,
) -> Reach:
    """The fewest of ``numbers`` that reach ``target``, and every distinct calculation of that size.

    ``min_numbers`` raises the smallest size considered (Nambarz calculations use at
    least 2 cards). With ``rules.use_all`` only calculations using every number count.
    Numbers are whole numbers ≥ 0; the result lists calculations shortest-written first.
    A search that would store more than ``max_values`` intermediate values, or take more
    than ``max_work`` steps (about a second), raises :class:`~solver.errors.SearchTooLarge`
    (a :class:`TablecalcError`) instead of exhausting memory or time.

    ``value_sets`` shares the value sets of one :class:`ValueSets` between calls (it must
    serve ``rules``; its own memory limit then applies instead of ``max_values``);
    without it each call starts afresh, and the answers of the last :data:`REACH_CACHE` questions are
    kept (a referee judging a whole game asks the same one again and again).

    ``nearest``: when the target is not reached, also seek the nearest values below and above
    it that a calculation reaches, and one calculation for each (:attr:`Reach.nearest`), within
    the same step budget as the question (a search that passes it there gives ``None``, not an
    error: the target is known to be unreachable).

    >>> [n.as_dict() for n in reach([1, 1, 2, 2, 3, 3], 999, nearest=True).nearest]
    [{'value': 81, 'distance': 918, 'expression': '3×3×(2+1)×(2+1)'}]
    """
    nums = as_multiset(numbers)  # read once: ``numbers`` may be an iterator
    if value_sets is None:
        try:
            return _reach_cached(nums, target, rules, min_numbers, max_values, max_work, nearest)
        except TypeError:  # a target that cannot be a key (a list...): refused below, one line
            pass
    return _reach(nums, target, rules, min_numbers=min_numbers, max_values=max_values, max_work=max_work,
                  value_sets=value_sets, nearest=nearest)


REACH_CACHE = 4096
"""How many answers of :func:`reach` (without shared value sets) are kept, the oldest dropped first."""


@functools.lru_cache(maxsize=REACH_CACHE, typed=True)
def _reach_cached(nums, target, rules, min_numbers, max_values, max_work, nearest) -> Reach:
    return _reach(nums, target, rules, min_numbers=min_numbers, max_values=max_values, max_work=max_work,
                  nearest=nearest)


def _reach(numbers, target, rules, *, min_numbers, max_values, max_work, value_sets=None, nearest=False) -> Reach:
    nums = as_multiset(numbers)
    if not nums:
        raise TablecalcError(_("no numbers given: expected at least one number to calculate with"))
    if len(nums) > MAX_NUMBERS:
        raise SearchTooLarge(_("search too large: {n} numbers; expected at most {most}, as in a calculation").format(
            n=len(nums), most=MAX_NUMBERS))
    if isinstance(target, bool) or not isinstance(target, (int, Fraction)):
        raise TablecalcError(_("bad target {target}: expected a whole number or a fraction").format(target=quoted(target)))
    target = _norm(target)
    if value_sets is None:
        value_sets = ValueSets(rules, max_values=max_values, max_work=max_work)
    else:
        value_sets.check_serves(rules)
    value_sets._begin(nums)
    s = _Search(value_sets, rules)
    smallest = max(1, min_numbers)
    sizes = range(max(smallest, len(nums) if rules.use_all else 1), len(nums) + 1)
    for k in sizes:
        hits = [ms for ms in sub_multisets(nums, k) if s.reaches(ms, target)]
        if hits:
            found: dict[str, Expr] = {}
            for ms in hits:
                for key, e in s.expressions(ms, target).items():
                    found.setdefault(key, e)
            exprs = tuple(sorted((s.display(e) for e in found.values()), key=_sort_key))
            return Reach(nums, target, rules, k, exprs)
    if not nearest:
        return Reach(nums, target, rules, None, ())
    try:
        near = _nearest(s, value_sets, nums, target, sizes)
    except SearchTooLarge:
        return Reach(nums, target, rules, None, (), None)
    return Reach(nums, target, rules, None, (), near)


def _nearest(s: _Search, sets: ValueSets, nums: MultiSet, target: Value, sizes: range) -> tuple[Near, ...]:
    """The nearest values below and above ``target`` that a calculation over a part of ``nums`` of
    one of ``sizes`` reaches, each with one calculation over the smallest part that reaches it;
    nearest first (below first when both are as near). Counted on ``sets``' current question."""
    below: tuple[Value, MultiSet] | None = None
    above: tuple[Value, MultiSet] | None = None
    n = len(nums)
    for k in sizes:
        for part in sub_multisets(nums, k):
            values = sets._values(part, keep=k < n)
            sets._spend_plain(len(values) // SCAN_VALUES + 1)
            low = max((v for v in values if v < target), default=None)
            high = min((v for v in values if v > target), default=None)
            if low is not None and (below is None or low > below[0]):
                below = (low, part)
            if high is not None and (above is None or high < above[0]):
                above = (high, part)
    out = [Near(v, abs(v - target), s.display(s.one_expression(part, v, ordered=True)))
           for v, part in filter(None, (below, above))]
    return tuple(sorted(out, key=lambda near: near.distance))


# ---------------------------------------------------------------- every target at once


@dataclass(frozen=True)
class TargetsReach:
    """The answer of :func:`reach_targets`: for each target, the fewest numbers that reach it
    (``None``: unreachable) and, when asked for, one calculation (``expressions`` is ``None`` otherwise)."""

    numbers: MultiSet
    targets: range
    rules: SearchRules
    min_cards: tuple[int | None, ...]
    expressions: tuple[Expr | None, ...] | None = None
    nearest: tuple[tuple[Near, ...] | None, ...] = ()
    """For each target, as :attr:`Reach.nearest`: ``()`` when it is reached, the nearest values
    below and above it when it is not, ``None`` when they were not found within the budget."""

    @property
    def reached(self) -> list[int]:
        """The targets some calculation reaches, in order."""
        return [t for t, k in zip(self.targets, self.min_cards) if k is not None]

    def as_dict(self) -> dict:
        rows = []
        for i, (t, k) in enumerate(zip(self.targets, self.min_cards)):
            row: dict = {"target": t, "min_cards": k}
            if self.expressions is not None:
                e = self.expressions[i]
                row["expression"] = None if e is None else str(e)
            if k is None and self.nearest:
                near = self.nearest[i]
                row["nearest"] = None if near is None else [n.as_dict() for n in near]
            rows.append(row)
        return {"numbers": list(self.numbers), **self.rules.as_dict(), "targets": rows}


def reach_targets(
    numbers: Iterable[int],
    targets: range,
    rules: SearchRules = SearchRules(),
    *,
    expressions: bool = False,
    max_values: int = MAX_VALUES,
    max_work: int = MAX_WORK,
) -> TargetsReach:
    """For every target in ``targets``, the fewest of ``numbers`` that reach it: :func:`reach`'s
    ``min_cards`` for each, from one pass over the value sets instead of one search per target.

    Each sub-multiset's value set is built once, smallest first, and marks the targets it
    holds that no smaller part reached; the set of all the numbers together is only looked
    at within the targets' range. Whole-number rules build the sets with NumPy
    (:class:`solver.valuearrays.ValueArrays`), fractions with :class:`ValueSets`; both
    within ``max_values`` and ``max_work``. ``expressions``: also one calculation per
    reached target (a search per target, each within ``max_work`` steps and all within
    :data:`EXPRESSIONS_WORK_FACTOR` times that). At most :data:`MAX_TARGETS` targets.

    Each target not reached gets the nearest values below and above it that a calculation
    reaches, with one calculation each (:attr:`TargetsReach.nearest`): the values from one
    more pass over the value sets within ``max_work``, the calculations (one per value,
    however many targets it is nearest to) within :data:`EXPRESSIONS_WORK_FACTOR` times that;
    past either budget the targets left get ``None``.

    >>> r = reach_targets([2, 3, 5], range(9, 13), expressions=True)
    >>> r.min_cards
    (3, 2, 3, None)
    >>> [str(e) for e in r.expressions]
    ['3×(5-2)', '5×2', '3×2+5', 'None']
    >>> r.as_dict()["targets"][3]  # doctest: +NORMALIZE_WHITESPACE
    {'target': 12, 'min_cards': None, 'expression': None,
     'nearest': [{'value': 11, 'distance': 1, 'expression': '3×2+5'}, {'value': 13, 'distance': 1, 'expression': '5×3-2'}]}
    """
    nums = as_multiset(numbers)
    if not nums:
        raise TablecalcError(_("no numbers given: expected at least one number to calculate with"))
    if not isinstance(targets, range) or targets.step != 1 or targets.start < 0:
        raise TablecalcError(_("bad targets {targets}: expected a range of whole numbers ≥ 0").format(targets=quoted(targets)))
    if len(targets) > MAX_TARGETS:
        raise TablecalcError(_("too many targets ({n:,}): expected at most {most:,}").format(n=len(targets), most=MAX_TARGETS))
    lo, hi = targets.start, targets.stop - 1
    found: list[int | None]
    from solver.valuearrays import ValueArrays  # NumPy: imported only when asked

    arrays = ValueArrays(rules, max_values=max_values, max_work=max_work) if ValueArrays.serves(rules, nums) else None
    if arrays is not None:
        marks = arrays.min_cards(nums, lo, hi, use_all=rules.use_all).tolist() if len(targets) else []
        found = [k or None for k in marks]
    else:
        found = _min_cards_by_sets(ValueSets(rules, max_values=max_values, max_work=max_work), nums, targets)
    sets = ValueSets(rules, max_values=max_values, max_work=max_work)
    calculations = _Calculations(sets, rules, nums, EXPRESSIONS_WORK_FACTOR * max_work)
    exprs = None
    if expressions:
        exprs = tuple(None if k is None else calculations.one(t, range(k, k + 1)) for t, k in zip(targets, found))
    missed = [t for t, k in zip(targets, found) if k is None]
    near: tuple = ()
    if missed:
        near = tuple(_nearest_each(arrays, sets, nums, targets, found, calculations))
    return TargetsReach(nums, targets, rules, tuple(found), exprs, near)


class _Calculations:
    """One calculation for each of many values over parts of ``nums``: each search within the
    sets' ``max_work``, all of them within ``total`` steps (past it :meth:`one` raises
    :class:`SearchTooLarge`); a value asked again is answered from memory."""

    def __init__(self, sets: ValueSets, rules: SearchRules, nums: MultiSet, total: int):
        self.sets, self.nums, self.left = sets, nums, total
        self.limit = sets.max_work
        self.search = _Search(sets, rules)
        self.sizes = range(len(nums) if rules.use_all else 1, len(nums) + 1)
        self.found: dict[Value, Expr] = {}

    def one(self, t: Value, sizes: range | None = None, ordered: bool = False) -> Expr:
        """A calculation equal to ``t`` over the smallest part that reaches it (``t`` must be reachable;
        ``ordered``: see :meth:`_Search.one_expression`)."""
        got = self.found.get(t)
        if got is not None:
            return got
        sets, s = self.sets, self.search
        sets.max_work = min(self.limit, self.left)
        sets._begin(self.nums)
        try:
            part = next(ms for k in (sizes or self.sizes) for ms in sub_multisets(self.nums, k) if s.reaches(ms, t))
            got = self.found[t] = s.display(s.one_expression(part, t, ordered))
        finally:
            self.left -= sets.work
        return got


def _nearest_each(arrays, sets: ValueSets, nums: MultiSet, targets: range, found: list[int | None],
                  calculations: _Calculations) -> Iterator[tuple[Near, ...] | None]:
    """:attr:`TargetsReach.nearest`, target by target."""
    import bisect

    use_all = sets.rules.use_all
    try:
        if arrays is not None:
            values = arrays.reachable(nums, use_all=use_all).tolist()
        else:
            sets._begin(nums)
            values = sorted(sets.of(nums) if use_all else sets.reachable(nums))
    except SearchTooLarge:
        yield from (() if k else None for k in found)
        return
    for t, k in zip(targets, found):
        if k is not None:
            yield ()
            continue
        i = bisect.bisect_left(values, t)
        sides = [v for v in (values[i - 1] if i else None, values[i] if i < len(values) else None) if v is not None]
        try:
            near = [Near(v, abs(v - t), calculations.one(v, ordered=True)) for v in sides]
        except SearchTooLarge:
            yield None
            continue
        yield tuple(sorted(near, key=lambda n: n.distance))


def _min_cards_by_sets(sets: ValueSets, nums: MultiSet, targets: range) -> list[int | None]:
    """:func:`reach_targets`'s marks with Python value sets (the rules NumPy does not serve)."""
    sets._begin(nums)
    found: list[int | None] = [None] * len(targets)
    n = len(nums)
    for k in range(n if sets.rules.use_all else 1, n + 1):
        for part in sub_multisets(nums, k):
            values = sets._values(part, keep=k < n)
            for v in values:  # a Fraction may be whole (0 × ½): it marks its target too
                if v.denominator == 1:
                    i = int(v) - targets.start
                    if 0 <= i < len(found) and found[i] is None:
                        found[i] = k
    return found


# ---------------------------------------------------------------- one question as a JSON line


@dataclass(frozen=True)
class Query:
    """One question for :func:`reach`: reach ``target`` with some of ``numbers`` under ``rules``.

    The form of a line of ``tablecalc reach --batch``: a JSON object with ``numbers`` and
    ``target`` and, optionally, ``order``, ``ops``, ``intermediates`` and ``all`` (the
    defaults come from the command line). :meth:`to_json` writes one back.

    >>> q = Query.from_json('{"numbers": [1, 3, 3], "target": 8, "order": "chain"}')
    >>> q.numbers, q.target, q.rules.order
    ((1, 3, 3), 8, <Order.CHAIN: 'chain'>)
    >>> [str(e) for e in q.reach().expressions]
    ['3×3-1']
    >>> Query.from_json(q.to_json()) == q
    True
    >>> Query.from_json('{"numbers": [6, 2], "target": 3, "colour": "red"}')
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: unknown key 'colour': expected all, intermediates, numbers, ops, order, target
    """

    numbers: tuple[int, ...]
    target: int
    rules: SearchRules = SearchRules()

    KEYS: ClassVar[tuple[str, ...]] = ("all", "intermediates", "numbers", "ops", "order", "target")
    """The keys a JSON line may hold."""
    LIMIT: ClassVar[int] = 10**MAX_DIGITS
    """Numbers and targets in a JSON line stay below this size."""

    @classmethod
    def from_json(cls, line: str, defaults: SearchRules = SearchRules()) -> "Query":
        """Read one JSON line; a missing rule option takes its value from ``defaults``.

        Raises :class:`TablecalcError` saying what is wrong with the line: not JSON, not
        an object, an unknown or missing key, a value of the wrong type or too large.

        >>> Query.from_json('{"numbers": [1, 2], "target": 3.5}')
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: bad target 3.5: expected a whole number ≥ 0 of at most 12 digits
        """
        try:
            item = json.loads(line)
        except json.JSONDecodeError as e:
            raise TablecalcError(_("not JSON ({error} at column {column})").format(error=e.msg, column=e.colno)) from None
        except ValueError as e:  # e.g. an integer too long to convert
            raise TablecalcError(_("not usable JSON ({error})").format(error=e)) from None
        except RecursionError:
            raise TablecalcError(_("not usable JSON (nested too deeply)")) from None
        if not isinstance(item, dict):
            raise TablecalcError(_("expected a JSON object like {example}").format(example='{"numbers": [...], "target": N}'))
        unknown = sorted(set(item) - set(cls.KEYS))
        if unknown:
            raise TablecalcError(_("unknown key {key}: expected {keys}").format(key=quoted(unknown[0]), keys=", ".join(cls.KEYS)))
        if "numbers" not in item or "target" not in item:
            raise TablecalcError(_("expected both \"numbers\" and \"target\""))
        nums = item["numbers"]
        if not isinstance(nums, list) or not all(type(n) is int and 0 <= n < cls.LIMIT for n in nums):
            raise TablecalcError(
                _("\"numbers\" must be a list of whole numbers ≥ 0 of at most {digits} digits, not {value}").format(
                    digits=MAX_DIGITS, value=quoted(nums))
            )
        for key in ("order", "ops", "intermediates"):
            if key in item and not isinstance(item[key], str):
                raise TablecalcError(_("{key} must be a string like {example}, not {value}").format(
                    key=quoted(key), example=quoted(defaults.as_dict()[key]), value=quoted(item[key])))
        rules = SearchRules.from_options(
            item.get("order", defaults.order),
            item.get("ops", defaults.ops),
            item.get("intermediates", defaults.intermediates),
            item.get("all", defaults.use_all),
        )
        target = item["target"]
        if type(target) is not int or not 0 <= target < cls.LIMIT:
            raise TablecalcError(_("bad target {target}: expected a whole number ≥ 0 of at most {digits} digits").format(
                target=quoted(target), digits=MAX_DIGITS))
        return cls(tuple(nums), target, rules)

    def to_json(self) -> str:
        """The question as one JSON line, every rule option spelled out.

        >>> Query((6, 2), 3, SearchRules(ops=frozenset("+-"))).to_json()
        '{"numbers": [6, 2], "target": 3, "order": "tree", "ops": "+-", "intermediates": "natural", "all": false}'
        """
        return json.dumps({"numbers": list(self.numbers), "target": self.target, **self.rules.as_dict()})

    def reach(self, **options) -> Reach:
        """Answer the question with :func:`reach` (``options``: its keyword arguments)."""
        return reach(self.numbers, self.target, self.rules, **options)
