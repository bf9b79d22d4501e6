"""The solver: a fact's value, or the fewest numbers reaching a problem's target and every distinct
calculation of that size (the game-independent search, :func:`solver.search.reach`).

>>> from solver.arith.position import parse_situation
>>> p = parse_situation("numbers 1 5 5 5; target 24")
>>> best(p, Rules.preset("make24")).expressions
('5×(5-(1÷5))',)
>>> best(parse_situation("calculate 4 × 74")).expressions
('296',)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.arith.position import Fact, Problem
from solver.arith.rules import Rules
from solver.distinct import Distinct, SolutionClass, classes
from solver.expr import SearchRules, format_value, parse_expression
from solver.search import Near, Value, reach

__all__ = ["Solution", "best", "grouped", "nearest"]


@dataclass(frozen=True)
class Solution:
    """The answers: the fewest numbers and every distinct calculation of that size, or a fact's value."""

    situation: Problem | Fact
    rules: Rules
    min_cards: int | None
    expressions: tuple[str, ...]
    nearest: tuple[Near, ...] | None = ()
    """A problem whose target is not reached: the nearest values below and above it, one
    calculation each (:attr:`solver.search.Reach.nearest`; ``None``: past the step budget)."""
    distinct: Distinct = Distinct.COMMUTATIVE
    """How ``expressions`` were told apart (:func:`grouped`)."""
    class_sizes: tuple[int, ...] | None = None
    """With ``distinct`` algebraic, how many (commutatively) distinct calculations each answer stands for."""

    def classes(self) -> tuple[SolutionClass, ...]:
        """The answers as classes: each with its size (1 each when not grouped)."""
        sizes = self.class_sizes or (1,) * len(self.expressions)
        return tuple(SolutionClass(parse_expression(e), n) for e, n in zip(self.expressions, sizes))

    def as_dict(self) -> dict:
        near = None if self.nearest is None else [n.as_dict() for n in self.nearest]
        return {"situation": str(self.situation), "rules": self.rules.as_dict(),
                "min_cards": self.min_cards, "answers": list(self.expressions), "nearest": near,
                "distinct": self.distinct.value, "class_sizes": [c.size for c in self.classes()]}


def best(situation: Problem | Fact, rules: Rules = Rules()) -> Solution:
    """A fact's value, or the fewest numbers reaching a problem's target (:func:`solver.search.reach`)
    and, when it is not reached, the nearest values on each side.

    >>> from solver.arith.position import parse_situation
    >>> best(parse_situation("numbers 1 1 2 2 3 3; target 999")).as_dict()["nearest"]
    [{'value': 81, 'distance': 918, 'expression': '3×3×(2+1)×(2+1)'}]
    """
    if isinstance(situation, Fact):
        return Solution(situation, rules, None, (format_value(situation.value),))
    r = reach(situation.numbers, situation.target, rules.search, nearest=True)
    return Solution(situation, rules, r.min_cards, tuple(str(e) for e in r.expressions), r.nearest)


def grouped(sol: Solution, distinct: Distinct) -> Solution:
    """The same answer with its calculations told apart as ``distinct`` says: one per class
    (:func:`solver.distinct.classes`), with the classes' sizes.

    >>> from solver.arith.position import parse_situation
    >>> s = grouped(best(parse_situation("numbers 1 2 3 4; target 24"), Rules.preset("make24")), Distinct.ALGEBRAIC)
    >>> s.expressions, s.class_sizes
    (('4×3×2×1', '(3+2+1)×4', '(4+2)×(3+1)'), (2, 1, 1))
    """
    if isinstance(sol.situation, Fact) or distinct is Distinct.COMMUTATIVE:
        return replace(sol, distinct=distinct)
    found = classes((parse_expression(e) for e in sol.expressions), distinct)
    return replace(sol, expressions=tuple(str(c.representative) for c in found), distinct=distinct,
                   class_sizes=tuple(c.size for c in found))


def nearest(problem: Problem, rules: Rules = Rules()) -> Value | None:
    """The reachable number nearest the target (the smaller of two as near; the target itself
    when it is reached), from the search (:attr:`solver.search.Reach.nearest`); ``None`` when
    nothing is reachable or the search passes its budget. ``rules.use_all`` is ignored: on the
    show any of the numbers may be used.

    >>> from solver.arith.position import parse_situation
    >>> nearest(parse_situation("numbers 1 2; target 10")), nearest(parse_situation("numbers 25 50 75 100 3 6; target 952"))
    (3, 952)
    """
    search = SearchRules(rules.order, rules.ops, rules.intermediates, False)
    r = reach(problem.numbers, problem.target, search, nearest=True)
    if r.min_cards is not None:
        return problem.target
    if not r.nearest:
        return None
    return min(r.nearest, key=lambda n: (n.distance, n.value)).value
