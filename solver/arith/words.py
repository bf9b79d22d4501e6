"""Arithmetic verdicts in words: one sentence saying what was wrong, and one correct answer.

>>> from solver.arith.problems import check, parse_situation
>>> from solver.arith.rules import Rules
>>> explain_verdict(check(parse_situation("calculate 4 × 74"), "295", Rules()))
'Not quite: 4 × 74 = 296.'
>>> explain_verdict(check(parse_situation("numbers 1 5 5 5; target 24"), "5*5-1", Rules.preset("make24")))
'Every number must be used exactly once. One way: 5×(5-(1÷5)).'
"""

from __future__ import annotations

from solver.expr import SYMBOL, format_value
from solver.arith.problems import Fact, Solution, Verdict, Violation

__all__ = ["explain_verdict", "best_line"]


def _reason(v: Verdict, code: Violation) -> str:
    if code is Violation.NOT_A_CALCULATION:
        return v.error or f"{v.answer!r} is not a calculation"
    if code is Violation.NOT_IN_HAND:
        return f"{', '.join(map(str, v.extra))} is not among the numbers (or used too often)"
    if code is Violation.NOT_ALL_USED:
        return "every number must be used exactly once"
    if code is Violation.OPERATION_NOT_ALLOWED:
        return f"only {' '.join(SYMBOL[o] for o in '+-*/' if o in v.rules.search.ops)} are allowed"
    if code is Violation.NEEDS_PARENTHESES:
        return "left to right, each number works on the result so far: no other brackets"
    if code is Violation.BAD_INTERMEDIATE:
        return f"{v.bad_step} is not allowed here"
    shown = "undefined" if v.value is None else format_value(v.value)
    return f"it makes {shown}, not {v.situation.target}"  # type: ignore[union-attr]


def best_line(sol: Solution) -> str:
    """One correct answer, as a sentence."""
    if isinstance(sol.situation, Fact):
        return f"{sol.situation.text} = {sol.expressions[0]}."
    return f"One way: {sol.expressions[0]}." if sol.expressions else "No calculation reaches it."


def explain_verdict(v: Verdict) -> str:
    """Right or wrong, why, and a correct answer."""
    s = v.situation
    if isinstance(s, Fact):
        if Violation.NOT_A_NUMBER in v.violations:
            return f"{v.answer.strip()!r} is not a number: {best_line(v.solution)}"
        return f"{'Right' if v.legal else 'Not quite'}: {best_line(v.solution)}"
    if not v.legal:
        return f"{_reason(v, v.violations[0]).capitalize()}. {best_line(v.solution)}"
    sol = v.solution
    note = ""
    if not v.rules.search.use_all and sol.min_cards is not None and v.used > sol.min_cards:
        note = f" (it can be done with {sol.min_cards} numbers: {sol.expressions[0]})"
    return f"Right: {v.answer.strip()} = {s.target}{note}."
