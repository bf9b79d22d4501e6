"""Scores: the points of Countdown's numbers round, from the referee's verdict.

>>> from solver.arith.position import parse_situation
>>> from solver.arith.referee import judge
>>> p = parse_situation("numbers 25 50 75 100 3 6; target 952")
>>> [points(judge(p, a)) for a in ("((100+6)×75×3-50)÷25", "50×(25-6)-3", "(100+50+3)×6+25", "100×100", "9×100")]
[10, 7, 5, 0, 0]
"""

from __future__ import annotations

from solver.arith.position import Problem
from solver.arith.verdict import Verdict, Violation

__all__ = ["SHOW_POINTS", "points"]

SHOW_POINTS = ((0, 10), (5, 7), (10, 5))
"""Countdown's numbers round: 10 points for the target exactly, 7 within 5 of it, 5 within 10
(each pair: the largest distance, the points)."""


def points(v: Verdict) -> int:
    """What an answer scores on the Countdown show (:data:`SHOW_POINTS`): a calculation that keeps
    every rule but misses the target still scores when it lands near; one that breaks another
    rule (a number not there, a fraction on the way...) scores nothing."""
    if not isinstance(v.situation, Problem) or v.value is None:
        return 0
    if any(code is not Violation.WRONG_RESULT for code in v.violations):
        return 0
    distance = abs(v.value - v.situation.target)
    return next((pts for most, pts in SHOW_POINTS if distance <= most), 0)
