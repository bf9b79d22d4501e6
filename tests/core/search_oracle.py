"""A deliberately naive brute-force oracle for :func:`solver.search.reach`.

It is meant to be obviously correct by reading, and nothing else: no pruning, no early
exit, no memoisation of values, nothing shared with ``solver/search.py``. For every
allowed size ``k`` it tries

* every ordered selection of ``k`` positions of the hand (``itertools.permutations``),
* every assignment of the ``k - 1`` operators (``itertools.product``),
* every bracketing: all binary trees over the sequence (TREE) or only the left fold
  ``((a op b) op c) op d`` (CHAIN),

evaluates each candidate with :class:`fractions.Fraction`, checking every intermediate
result against the intermediates rule, and keeps those equal to the target. The answer
is the smallest size that has a hit, with the set of ``normal_key`` of its hits.
:func:`naive_values` walks the same candidates and keeps every value instead.

Only ``Num``, ``BinOp`` and ``normal_key`` come from ``solver.expr`` (to build the
candidate tree and name its class); the intermediates rule is re-implemented here.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from solver.expr import BinOp, Intermediates, Num, Order, normal_key

__all__ = ["naive_reach", "naive_values", "shapes"]

# A bracketing shape over k leaves: LEAF, or a pair (left shape, right shape).
LEAF = None


def shapes(k: int, order: Order) -> list:
    """Every bracketing of ``k`` leaves in a row: all binary trees (TREE) or the left fold (CHAIN)."""
    if k == 1:
        return [LEAF]
    if Order(order) is Order.CHAIN:
        return [(shapes(k - 1, order)[0], LEAF)]
    out = []
    for left_size in range(1, k):
        for left in shapes(left_size, order):
            for right in shapes(k - left_size, order):
                out.append((left, right))
    return out


def allowed(intermediates: Intermediates, value: Fraction | None) -> bool:
    """The intermediates rule: ``None`` (division by zero) never; then natural / integer / rational."""
    if value is None:
        return False
    if intermediates is Intermediates.RATIONAL:
        return True
    if value.denominator != 1:
        return False
    if intermediates is Intermediates.INTEGER:
        return True
    return value >= 0  # NATURAL


def apply(op: str, a: Fraction, b: Fraction) -> Fraction | None:
    """``a op b`` exactly, or ``None`` for a division by zero."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        if b == 0:
            return None
        return a / b
    raise ValueError(f"unknown operation {op!r}")


def build(shape, numbers: list[int], ops: list[str]):
    """Fill a shape: leaves take ``numbers`` left to right, operators take ``ops`` in reading order.

    In any binary tree over a row, reading it in order alternates number, operator,
    number, ...; so the operator written between number ``i`` and number ``i + 1`` is
    ``ops[i]``. Returns the tree as ``Num``/``BinOp``.
    """
    numbers = list(numbers)
    ops = list(ops)

    def fill(s):
        if s is LEAF:
            return Num(numbers.pop(0))
        left = fill(s[0])
        op = ops.pop(0)
        right = fill(s[1])
        return BinOp(op, left, right)

    tree = fill(shape)
    assert not numbers and not ops
    return tree


def value_if_allowed(shape, row: list[Fraction], op_row: tuple[str, ...], intermediates: Intermediates):
    """The exact value of ``shape`` filled like :func:`build`, or ``None`` if some operation is forbidden.

    Same filling as :func:`build` (numbers left to right, the operator between number
    ``i`` and ``i + 1`` is ``op_row[i]``), without building the tree.
    """
    next_number = 0
    next_op = 0

    def walk(s):
        nonlocal next_number, next_op
        if s is LEAF:
            v = row[next_number]
            next_number += 1
            return v
        a = walk(s[0])
        op = op_row[next_op]
        next_op += 1
        b = walk(s[1])
        if a is None or b is None:
            return None
        v = apply(op, a, b)
        return v if allowed(intermediates, v) else None

    return walk(shape)


def naive_reach(
    numbers,
    target,
    order,
    ops,
    intermediates,
    use_all: bool = False,
    min_numbers: int = 1,
    stop_at_first_size: bool = False,
) -> tuple[int | None, set[str]]:
    """The minimum count of numbers reaching ``target`` and the normal keys of all calculations of that size.

    Sizes considered: ``max(1, min_numbers) .. len(numbers)``, only ``len(numbers)``
    when ``use_all``. Returns ``(None, set())`` when nothing reaches the target.
    ``stop_at_first_size`` skips the sizes above the first one with a hit (a fairer
    speed baseline; the answer is the same).
    """
    numbers = list(numbers)
    order = Order(order)
    intermediates = Intermediates(intermediates)
    ops = sorted(set(ops))
    target = Fraction(target)
    n = len(numbers)

    hits_by_size: dict[int, set[str]] = {}
    for k in range(1, n + 1):
        if k < min_numbers:
            continue
        if use_all and k != n:
            continue
        hits: set[str] = set()
        bracketings = shapes(k, order)
        for positions in itertools.permutations(range(n), k):
            row = [numbers[p] for p in positions]
            exact_row = [Fraction(x) for x in row]
            for op_row in itertools.product(ops, repeat=k - 1):
                for shape in bracketings:
                    v = value_if_allowed(shape, exact_row, op_row, intermediates)
                    if v is not None and v == target:
                        hits.add(normal_key(build(shape, row, op_row)))
        hits_by_size[k] = hits
        if hits and stop_at_first_size:
            break

    reached = [k for k, hits in hits_by_size.items() if hits]
    if not reached:
        return None, set()
    best = min(reached)
    return best, hits_by_size[best]


def naive_values(numbers, order, ops, intermediates, *, some: bool = False) -> set[Fraction]:
    """Every value of a calculation using each of ``numbers`` once (``some``: any non-empty part of them).

    The same candidates as :func:`naive_reach` (every ordered selection, operator row and
    bracketing), every value kept instead of compared with a target.
    """
    numbers = list(numbers)
    order = Order(order)
    intermediates = Intermediates(intermediates)
    ops = sorted(set(ops))
    n = len(numbers)
    out: set[Fraction] = set()
    for k in range(1 if some else n, n + 1):
        if k == 0:
            continue
        bracketings = shapes(k, order)
        for positions in itertools.permutations(range(n), k):
            row = [Fraction(numbers[p]) for p in positions]
            for op_row in itertools.product(ops, repeat=k - 1):
                for shape in bracketings:
                    v = value_if_allowed(shape, row, op_row, intermediates)
                    if v is not None:
                        out.add(v)
    return out
