"""Arithmetic as the registry sees it: :class:`solver.game.BaseGame` over this package.

A situation is a :class:`~solver.arith.position.Problem` (reach a target) or a
:class:`~solver.arith.position.Fact` (one operation to work out); an answer is a calculation or a
number. ``best`` finds the fewest numbers and every calculation of that size (or a fact's value),
and ``judge`` is the referee on a typed answer.

>>> p = GAME.parse_situation("numbers 25 50 75 100 3 6; target 952", None)
>>> rules = GAME.rules("countdown")
>>> GAME.judge(p, GAME.best_answers(GAME.best(p, rules, None))[0], rules, None).legal
True
>>> GAME.explain(GAME.judge(GAME.parse_situation("calculate 7 × 8", None), "54", rules, None))
'Not quite: 7 × 8 = 56.'
"""

from __future__ import annotations

from solver.arith.best import Solution, best
from solver.arith.deal import random_problem
from solver.arith.position import Fact, Problem, parse_situation
from solver.arith.referee import judge
from solver.arith.rules import Rules
from solver.arith.verdict import JUDGED, Verdict, Violation
from solver.arith.words import explain_verdict
from solver.game import BaseGame
from solver.i18n import N_

__all__ = ["Arith", "GAME"]


class Arith(BaseGame):
    """Mental arithmetic, the 24 game and Countdown, judged by the game-independent search."""

    name = "arith"
    title = N_("Arithmetic (Countdown, the 24 game)")
    aliases = ("countdown", "le-compte-est-bon", "calcul-mental", "hoofdrekenen")
    summary = N_("mental sums against the clock, the 24 game and Countdown, judged by the arithmetic search")
    seed = N_("no seed: the 24 game (every number once, fractions allowed) and Countdown "
            "(any of six tiles, whole numbers) as commonly played")
    penalty_unit = N_("penalties")
    Rules = Rules
    violations = Violation
    judged = JUDGED

    def parse_situation(self, text: str, data: None) -> Problem | Fact:
        return parse_situation(text)

    def random_situation(self, rng, rules: Rules, data: None) -> Problem:
        return random_problem(rng, rules)

    def best(self, situation: Problem | Fact, rules: Rules, data: None) -> Solution:
        return best(situation, rules)

    def best_answers(self, solution: Solution) -> tuple[str, ...]:
        return solution.expressions

    def judge(self, situation: Problem | Fact, answer: str, rules: Rules, data: None) -> Verdict:
        return judge(situation, answer, rules)

    def refused_answer(self, situation: Problem | Fact, rules: Rules, data: None) -> str:
        """A number one off for a fact; for a problem, its numbers added up when that misses the target."""
        if isinstance(situation, Fact):
            return str(situation.value.numerator + 1)
        total = sum(situation.numbers)
        return "+".join(map(str, situation.numbers)) + ("+1" if total == situation.target else "")

    def explain(self, verdict: Verdict) -> str:
        return explain_verdict(verdict)


GAME = Arith()
"""The registry's entry for arithmetic (mental sums, the 24 game, Countdown)."""
