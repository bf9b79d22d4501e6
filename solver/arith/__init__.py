"""Arithmetic on the game-independent search: mental sums, the 24 game and Countdown.

>>> from solver.arith import Rules, judge, parse_situation
>>> judge(parse_situation("numbers 3 3 8 8; target 24"), "8÷(3-8÷3)", Rules.preset("make24")).legal
True
"""

from solver.arith.rules import PRESETS, Rules
from solver.arith.position import Fact, FactKind, Problem, parse_situation
from solver.arith.best import Solution, best, nearest
from solver.arith.verdict import Penalty, Verdict, Violation
from solver.arith.referee import judge
from solver.arith.scoring import SHOW_POINTS, points
from solver.arith.deal import COUNTDOWN_NUMBERS, FactRanges, random_fact, random_problem
from solver.arith.game import GAME

__all__ = [
    "PRESETS", "Rules", "Fact", "FactKind", "Problem", "parse_situation", "Solution", "best", "nearest", "Penalty",
    "Verdict", "Violation", "judge", "SHOW_POINTS", "points", "COUNTDOWN_NUMBERS", "FactRanges", "random_fact",
    "random_problem", "GAME",
]
