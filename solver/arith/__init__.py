"""Arithmetic on the game-independent search: mental sums, the 24 game and Countdown.

>>> from solver.arith import Rules, check, parse_situation
>>> check(parse_situation("numbers 3 3 8 8; target 24"), "8÷(3-8÷3)", Rules.preset("make24")).legal
True
"""

from solver.arith.rules import PRESETS, Rules
from solver.arith.problems import (
    Fact, FactKind, FactRanges, Problem, Solution, Verdict, Violation, check, parse_situation, random_fact, random_problem, solve,
)
from solver.arith.game import GAME

__all__ = [
    "PRESETS", "Rules", "Fact", "FactKind", "FactRanges", "Problem", "Solution", "Verdict", "Violation", "check",
    "parse_situation", "random_fact", "random_problem", "solve", "GAME",
]
