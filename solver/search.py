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

How it works: for every sub-multiset (never the same one twice, however many copies a
number has) it builds the set of reachable values from the sets of its parts, smallest
parts first; the target is tested at each size with inverse operations, so the largest
sets are only built when a smaller size failed; calculations are then rebuilt top-down
from the value sets, deduplicated by normal form at every level.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Iterable, Iterator

from solver.errors import TablecalcError
from solver.expr import (
    OPS,
    BinOp,
    Expr,
    Intermediates,
    Num,
    Order,
    canonical,
    json_value,
    normal_key,
    operations,
    parse_ops,
    render_ops,
)

__all__ = ["SearchRules", "Reach", "reach"]

Value = int | Fraction

MAX_VALUES = 4_000_000
"""Work budget: the most intermediate values one search may store (about 400 MB)."""
MultiSet = tuple[int, ...]


@dataclass(frozen=True)
class SearchRules:
    """What a calculation may do.

    ``order``: tree (any bracketing) or chain (left to right); ``ops``: allowed
    operations among ``+-*/``; ``intermediates``: natural, integer or rational;
    ``use_all``: every number must be used (the 24 game).

    >>> SearchRules.from_options(order="chain", ops="+-").as_dict()
    {'order': 'chain', 'ops': '+-', 'intermediates': 'natural', 'all': False}
    """

    order: Order = Order.TREE
    ops: frozenset[str] = field(default=frozenset(OPS))
    intermediates: Intermediates = Intermediates.NATURAL
    use_all: bool = False

    @classmethod
    def from_options(
        cls,
        order: str | Order = Order.TREE,
        ops: str | frozenset[str] = OPS,
        intermediates: str | Intermediates = Intermediates.NATURAL,
        use_all: bool = False,
    ) -> "SearchRules":
        """Build from the spellings used on the command line and in batch files."""
        try:
            order = Order(order)
        except ValueError:
            raise TablecalcError(f"unknown order {order!r}: expected 'tree' or 'chain'") from None
        try:
            intermediates = Intermediates(intermediates)
        except ValueError:
            raise TablecalcError(
                f"unknown intermediates {intermediates!r}: expected 'natural', 'integer' or 'rational'"
            ) from None
        if isinstance(ops, str):
            ops = parse_ops(ops)
        elif not (isinstance(ops, (set, frozenset)) and ops and set(ops) <= set(OPS)):
            raise TablecalcError(f"bad operations {ops!r}: expected some of + - × ÷ written as text, e.g. '+-*/'")
        if not isinstance(use_all, bool):
            raise TablecalcError(f"'all' must be true or false, not {use_all!r}")
        return cls(order, frozenset(ops), intermediates, use_all)

    def as_dict(self) -> dict:
        return {
            "order": self.order.value,
            "ops": render_ops(self.ops),
            "intermediates": self.intermediates.value,
            "all": self.use_all,
        }


@dataclass(frozen=True)
class Reach:
    """The answer of :func:`reach`: the minimum count (``None`` when unreachable) and the calculations."""

    numbers: MultiSet
    target: Value
    rules: SearchRules
    min_cards: int | None
    expressions: tuple[Expr, ...]

    def as_dict(self) -> dict:
        return {
            "numbers": list(self.numbers),
            "target": json_value(self.target),
            **self.rules.as_dict(),
            "min_cards": self.min_cards,
            "expressions": [str(e) for e in self.expressions],
        }


def _norm(v: Value) -> Value:
    """Keep whole numbers as ints (fast), fractions only when needed."""
    if isinstance(v, Fraction) and v.denominator == 1:
        return v.numerator
    return v


def _minus(ms: MultiSet, part: MultiSet) -> MultiSet:
    """``ms`` without the elements of ``part`` (both sorted; the result stays sorted)."""
    rest = list(ms)
    for x in part:
        rest.remove(x)
    return tuple(rest)


class _Searcher:
    """Value sets and calculations over the sub-multisets of one multiset."""

    def __init__(self, rules: SearchRules, numbers: MultiSet, max_values: int = MAX_VALUES):
        self.rules = rules
        self.numbers = numbers
        self.max_values = max_values
        self.stored = 0
        self.ops = rules.ops
        self.natural = rules.intermediates is Intermediates.NATURAL
        self.rational = rules.intermediates is Intermediates.RATIONAL
        self._values: dict[MultiSet, frozenset] = {}
        self._splits: dict[MultiSet, list[tuple[MultiSet, MultiSet]]] = {}
        self._exprs: dict[tuple[MultiSet, Value], dict[str, Expr]] = {}

    # -- structure --------------------------------------------------------

    def splits(self, ms: MultiSet) -> list[tuple[MultiSet, MultiSet]]:
        """Unordered splits of ``ms`` into two non-empty parts (each split once)."""
        got = self._splits.get(ms)
        if got is None:
            got = []
            n = len(ms)
            for i in range(1, n // 2 + 1):
                for a in sorted(set(combinations(ms, i))):
                    b = _minus(ms, a)
                    if i * 2 == n and b < a:
                        continue
                    got.append((a, b))
            self._splits[ms] = got
        return got

    # -- the value of one operation ----------------------------------------

    def _div(self, a: Value, b: Value) -> Value | None:
        if b == 0:
            return None
        if self.rational:
            return _norm(Fraction(a) / b)
        if a % b:
            return None
        return a // b

    def results(self, a: Value, b: Value) -> Iterator[tuple[str, bool, Value]]:
        """Every allowed ``(op, swapped, value)`` for the operands ``a`` and ``b`` in either order."""
        ops = self.ops
        if "+" in ops:
            yield "+", False, a + b
        if "*" in ops:
            yield "*", False, a * b
        if "-" in ops:
            if not self.natural or a >= b:
                yield "-", False, a - b
            if (not self.natural or b >= a) and a != b:
                yield "-", True, b - a
        if "/" in ops:
            q = self._div(a, b)
            if q is not None:
                yield "/", False, q
            if a != b:
                q = self._div(b, a)
                if q is not None:
                    yield "/", True, q

    # -- value sets --------------------------------------------------------

    def values(self, ms: MultiSet) -> frozenset:
        """Every value a calculation using exactly the numbers ``ms`` can take."""
        got = self._values.get(ms)
        if got is not None:
            return got
        if len(ms) == 1:
            got = frozenset(ms)
        elif self.rules.order is Order.CHAIN:
            out: set = set()
            for x in sorted(set(ms)):
                rest = self.values(_minus(ms, (x,)))
                for u in rest:
                    for op, swapped, v in self.results(u, x):
                        if not swapped:
                            out.add(v)
            got = frozenset(out)
        else:
            out = set()
            for a_ms, b_ms in self.splits(ms):
                va, vb = self.values(a_ms), self.values(b_ms)
                for a in va:
                    for b in vb:
                        for _, _, v in self.results(a, b):
                            out.add(v)
            got = frozenset(out)
        self.stored += len(got)
        if self.stored > self.max_values:
            raise TablecalcError(
                f"search too large: {' '.join(map(str, self.numbers))} would need more than "
                f"{self.max_values:,} intermediate values; expected fewer numbers (or fewer large ones)"
            )
        self._values[ms] = got
        return got

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

    def _matches(self, ms: MultiSet, t: Value) -> Iterator[tuple]:
        """Ways the last operation of a calculation over ``ms`` can produce ``t``."""
        if self.rules.order is Order.CHAIN:
            for x in sorted(set(ms)):
                rest = _minus(ms, (x,))
                vr = self.values(rest)
                for op, u in self._needed_right(t, x):
                    if u in vr and self._check(u, op, x, t):
                        yield rest, u, op, x
                if "*" in self.ops and x == 0 and t == 0:
                    for u in vr:
                        yield rest, u, "*", x
        else:
            for a_ms, b_ms in self.splits(ms):
                va, vb = self.values(a_ms), self.values(b_ms)
                for a in va:
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

    def display(self, e: Expr) -> Expr:
        """How a found calculation is shown: a chain as laid; in tree order the canonical
        form (largest terms first), unless that needs an operation the rules refuse
        (``a-(b-c)`` would become ``a+c-b``)."""
        if self.rules.order is Order.CHAIN:
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
        elif self.rules.order is Order.CHAIN:
            for rest, u, op, x in self._matches(ms, t):
                for left in self.expressions(rest, u).values():
                    e = BinOp(op, left, Num(x))
                    out.setdefault(normal_key(e), e)
        else:
            for a_ms, a, b_ms, b, op, swapped in self._matches(ms, t):
                for ea in self.expressions(a_ms, a).values():
                    for eb in self.expressions(b_ms, b).values():
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
) -> Reach:
    """The fewest of ``numbers`` that reach ``target``, and every distinct calculation of that size.

    ``min_numbers`` raises the smallest size considered (Nambarz calculations use at
    least 2 cards). With ``rules.use_all`` only calculations using every number count.
    Numbers are whole numbers ≥ 0; the result lists calculations shortest-written first.
    A search that would store more than ``max_values`` intermediate values raises
    :class:`TablecalcError` instead of exhausting memory.
    """
    numbers = list(numbers)
    for n in numbers:
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise TablecalcError(f"bad number {n!r}: expected whole numbers ≥ 0")
    nums = tuple(sorted(numbers))
    if not nums:
        raise TablecalcError("no numbers given: expected at least one number to calculate with")
    if isinstance(target, bool) or not isinstance(target, (int, Fraction)):
        raise TablecalcError(f"bad target {target!r}: expected a whole number or a fraction")
    target = _norm(target)
    s = _Searcher(rules, nums, max_values)
    smallest = max(1, min_numbers)
    sizes = range(max(smallest, len(nums) if rules.use_all else 1), len(nums) + 1)
    for k in sizes:
        hits = [ms for ms in sorted(set(combinations(nums, k))) if s.reaches(ms, target)]
        if hits:
            found: dict[str, Expr] = {}
            for ms in hits:
                for key, e in s.expressions(ms, target).items():
                    found.setdefault(key, e)
            exprs = tuple(sorted((s.display(e) for e in found.values()), key=_sort_key))
            return Reach(nums, target, rules, k, exprs)
    return Reach(nums, target, rules, None, ())
