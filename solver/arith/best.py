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

from dataclasses import dataclass

from solver.arith.position import Fact, Problem
from solver.arith.rules import Rules
from solver.expr import SearchRules, format_value
from solver.search import ValueSets, reach

__all__ = ["Solution", "best", "nearest"]


@dataclass(frozen=True)
class Solution:
    """The answers: the fewest numbers and every distinct calculation of that size, or a fact's value."""

    situation: Problem | Fact
    rules: Rules
    min_cards: int | None
    expressions: tuple[str, ...]

    def as_dict(self) -> dict:
        return {"situation": str(self.situation), "rules": self.rules.as_dict(),
                "min_cards": self.min_cards, "answers": list(self.expressions)}


def best(situation: Problem | Fact, rules: Rules = Rules()) -> Solution:
    """A fact's value, or the fewest numbers reaching a problem's target (:func:`solver.search.reach`)."""
    if isinstance(situation, Fact):
        return Solution(situation, rules, None, (format_value(situation.value),))
    r = reach(situation.numbers, situation.target, rules.search)
    return Solution(situation, rules, r.min_cards, tuple(str(e) for e in r.expressions))


def nearest(problem: Problem, rules: Rules = Rules()) -> int | None:
    """The reachable whole number nearest the target (the smaller of two as near), from the
    search's value sets; ``None`` when nothing is reachable. ``rules.use_all`` is ignored:
    on the show any of the numbers may be used.

    >>> from solver.arith.position import parse_situation
    >>> nearest(parse_situation("numbers 1 2; target 10")), nearest(parse_situation("numbers 25 50 75 100 3 6; target 952"))
    (3, 952)
    """
    search = SearchRules(rules.order, rules.ops, rules.intermediates, False)
    values = [v for v in ValueSets(search).reachable(problem.numbers) if v == int(v)]
    if not values:
        return None
    return int(min(values, key=lambda v: (abs(v - problem.target), v)))
