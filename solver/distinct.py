"""When two calculations are the same solution: distinct up to commutativity, or algebraically.

The search (:mod:`solver.search`) keeps one calculation per *commutative* class, named by
:func:`solver.expr.normal_key`: the same terms added or subtracted, the same factors
multiplied or divided, in any order and under any brackets (``a-(b-c)`` is ``a+c-b``,
``a÷(b÷c)`` is ``a×c÷b``), equal numbers being interchangeable.

*Algebraic* classes follow the theory of distinct solutions of the 24 game published by
4nums.com: replace each card by a symbol of its own, and two calculations are the same when
they are the same expression in those symbols, once written in SymPy's canonical form
(sums and products flattened and sorted, a minus or a division moved across brackets);
cards of equal value may swap symbols; and multiplying or dividing by a card 1 is the same
(``x×1`` is ``x÷1``), as is adding or subtracting a card 0 (``x+0`` is ``x-0``).
:func:`algebraic_key` names that class; two calculations of one commutative class always
have the same algebraic key (``tests/core/test_distinct.py`` checks it with Hypothesis).

>>> from solver.expr import parse_expression as p
>>> algebraic_key(p("8×3÷1")) == algebraic_key(p("8×3×1")), normal_key(p("8×3÷1")) == normal_key(p("8×3×1"))
(True, False)
>>> [(str(c.representative), c.size) for c in classes([p("8×3×1"), p("8×3÷1"), p("8×(4-1)")], Distinct.ALGEBRAIC)]
[('8×3×1', 2), ('8×(4-1)', 1)]

SymPy is imported only when an algebraic key is asked for (it takes a third of a second).
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.expr import BinOp, Expr, Num, leaves, normal_key

__all__ = ["Distinct", "SolutionClass", "algebraic_key", "classes", "parse_distinct", "MAX_RELABELLINGS"]

MAX_RELABELLINGS = 720
"""The most ways of giving equal cards their symbols that :func:`algebraic_key` tries (six equal
cards); past it, the cards of each value keep their writing order (a finer key, never coarser)."""


class Distinct(enum.StrEnum):
    """How calculations are told apart when they are listed."""

    COMMUTATIVE = "commutative"
    """Up to commutativity and associativity, subtraction and division moved across brackets
    (:func:`solver.expr.normal_key`): fast, no SymPy."""
    ALGEBRAIC = "algebraic"
    """4nums.com's distinct solutions (:func:`algebraic_key`): also ``×1``/``÷1`` and ``+0``/``-0``."""


def parse_distinct(text: str | Distinct) -> Distinct:
    """``commutative`` or ``algebraic``; anything else is refused in one line.

    >>> parse_distinct("algebraic")
    <Distinct.ALGEBRAIC: 'algebraic'>
    >>> parse_distinct("maths")
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: unknown way of telling calculations apart 'maths': expected commutative or algebraic
    """
    try:
        return Distinct(str(text).strip().lower())
    except ValueError:
        raise TablecalcError(_("unknown way of telling calculations apart {text}: expected {choices}").format(
            text=quoted(text), choices=_("{first} or {last}").format(
                first=", ".join(d.value for d in list(Distinct)[:-1]), last=list(Distinct)[-1].value))) from None


@dataclass(frozen=True)
class SolutionClass:
    """Calculations that are the same solution: the one shown, and how many distinct
    (commutative) calculations the class holds."""

    representative: Expr
    size: int


def classes(exprs: Iterable[Expr], distinct: Distinct = Distinct.COMMUTATIVE) -> tuple[SolutionClass, ...]:
    """``exprs`` grouped into classes, in the order of each class's first calculation (its
    representative); calculations of one commutative class count once."""
    keyed: dict[str, list] = {}
    seen: set[str] = set()
    for e in exprs:
        fast = normal_key(e)
        if fast in seen:
            continue
        seen.add(fast)
        key = fast if distinct is Distinct.COMMUTATIVE else algebraic_key(e)
        keyed.setdefault(key, [e, 0])[1] += 1
    return tuple(SolutionClass(e, n) for e, n in keyed.values())


def algebraic_key(e: Expr) -> str:
    """The algebraic class of a calculation (see the module's docstring), as a string.

    >>> from solver.expr import parse_expression as p
    >>> algebraic_key(p("5-(3-2)")) == algebraic_key(p("5+2-3")), algebraic_key(p("6÷(3÷2)")) == algebraic_key(p("6×2÷3"))
    (True, True)
    >>> algebraic_key(p("2+2")) == algebraic_key(p("2×2")), algebraic_key(p("3+3-3")) == algebraic_key(p("3×3÷3"))
    (False, False)
    """
    return _algebraic_key(e)


@lru_cache(maxsize=65536)
def _algebraic_key(e: Expr) -> str:
    values = [leaf.value for leaf in leaves(e)]
    groups: dict[int, list[int]] = {}
    for i, v in enumerate(values):
        groups.setdefault(v, []).append(i)
    ways = 1
    for positions in groups.values():
        for n in range(2, len(positions) + 1):
            ways *= n
    orders = [list(itertools.permutations(range(len(p)))) for p in groups.values()] if ways <= MAX_RELABELLINGS \
        else [[tuple(range(len(p)))] for p in groups.values()]
    return min(_written(e, _labelling(groups, choice)) for choice in itertools.product(*orders))


def _labelling(groups: dict[int, list[int]], choice: tuple) -> list[str]:
    """Each leaf's symbol name: the cards of one value take that value's symbols in the order ``choice`` says."""
    names: dict[int, str] = {}
    for (value, positions), order in zip(groups.items(), choice):
        for position, k in zip(positions, order):
            names[position] = f"v{value}_{k}"
    return [names[i] for i in range(len(names))]


def _written(e: Expr, names: list[str]) -> str:
    """The calculation with its leaves named ``names`` (writing order), in SymPy's canonical form
    with the ``×1``/``÷1`` and ``+0``/``-0`` identities applied, as text."""
    import sympy

    symbols = [sympy.Symbol(n) for n in names]
    it = iter(symbols)
    ones, zeros = [], []

    def build(node: Expr):
        if isinstance(node, Num):
            s = next(it)
            if node.value == 1:
                ones.append(s)
            elif node.value == 0:
                zeros.append(s)
            return s
        a, b = build(node.left), build(node.right)
        if node.op == "+":
            return sympy.Add(a, b)
        if node.op == "-":
            return sympy.Add(a, sympy.Mul(sympy.S.NegativeOne, b))
        if node.op == "*":
            return sympy.Mul(a, b)
        return sympy.Mul(a, sympy.Pow(b, sympy.S.NegativeOne))

    expr = build(e)
    same = {sympy.Pow(s, -1): s for s in ones} | {sympy.Mul(sympy.S.NegativeOne, s): s for s in zeros}
    if same:
        expr = expr.xreplace(same)
    return sympy.srepr(expr)
