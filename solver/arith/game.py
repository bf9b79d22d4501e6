"""Arithmetic as the registry sees it: the :class:`solver.game.Game` protocol over this package.

>>> p = GAME.parse_situation("numbers 25 50 75 100 3 6; target 952", None)
>>> rules = GAME.rules("countdown")
>>> GAME.judge(p, GAME.best_answers(GAME.best(p, rules, None))[0], rules, None).legal
True
"""

from __future__ import annotations

from pathlib import Path

from solver.errors import TablecalcError
from solver.arith.problems import Fact, Problem, Verdict, Violation, check, parse_situation, random_problem, solve
from solver.arith.rules import PRESETS, Rules
from solver.arith.words import explain_verdict
from solver.i18n import N_
from solver.game import BaseGame

__all__ = ["Arith", "GAME"]


class Arith(BaseGame):
    """Mental arithmetic, the 24 game and Countdown, judged by the game-independent search."""

    name = "arith"
    title = "Arithmetic (Countdown, the 24 game)"
    aliases = ("countdown", "le-compte-est-bon", "calcul-mental", "hoofdrekenen")
    summary = "mental sums against the clock, the 24 game and Countdown, judged by the arithmetic search"
    seed = ("no seed: the 24 game (every number once, fractions allowed) and Countdown "
            "(any of six tiles, whole numbers) as commonly played")
    default_preset = "countdown"
    penalty_unit = N_("penalties")
    violations = Violation
    presets = PRESETS

    def rules(self, preset: str | None = None, **options) -> Rules:
        return Rules.preset(preset or self.default_preset).with_options(**options)

    def load_data(self, rules: Rules, path: str | Path | None = None) -> None:
        """Nothing to load: the numbers are part of each problem."""
        if path is not None:
            raise TablecalcError(f"arith reads no data file ({str(path)!r}): the numbers are part of each problem")
        return None

    def parse_situation(self, text: str, data: None) -> Problem | Fact:
        return parse_situation(text)

    def check_situation(self, situation, rules: Rules, data: None) -> None:
        """Every problem can be asked under every preset (it may have no answer)."""

    def random_situation(self, rng, rules: Rules, data: None) -> Problem:
        return random_problem(rng, rules)

    def best(self, situation, rules: Rules, data: None):
        return solve(situation, rules)

    def best_answers(self, solution) -> tuple[str, ...]:
        return solution.expressions

    def judge(self, situation, answer: str, rules: Rules, data: None) -> Verdict:
        return check(situation, answer, rules)

    def refused_answer(self, situation, rules: Rules, data: None) -> str:
        """A number one off for a fact; for a problem, its numbers added up when that misses the target."""
        if isinstance(situation, Fact):
            return str(situation.value.numerator + 1)
        total = sum(situation.numbers)
        return "+".join(map(str, situation.numbers)) + ("+1" if total == situation.target else "")

    def explain(self, verdict: Verdict) -> str:
        return explain_verdict(verdict)

    def new_state(self, situation, rules: Rules, data: None) -> None:
        """Not played move by move: one answer per problem."""
        return None


GAME = Arith()
"""The registry's entry for arithmetic (mental sums, the 24 game, Countdown)."""
