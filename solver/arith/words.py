"""Arithmetic verdicts in words: one sentence saying what was wrong, and one correct answer.

>>> from solver.arith.problems import check, parse_situation
>>> from solver.arith.rules import Rules
>>> explain_verdict(check(parse_situation("calculate 4 × 74"), "295", Rules()))
'Not quite: 4 × 74 = 296.'
>>> explain_verdict(check(parse_situation("numbers 1 5 5 5; target 24"), "5*5-1", Rules.preset("make24")))
'Every number must be used exactly once. One way: 5×(5-(1÷5)).'
"""

from __future__ import annotations

from solver.i18n import _
from solver.expr import SYMBOL, format_value
from solver.arith.problems import Fact, Solution, Verdict, Violation

__all__ = ["explain_verdict", "best_line"]


def _reason(v: Verdict, code: Violation) -> str:
    if code is Violation.NOT_A_CALCULATION:
        return v.error or _("{answer} is not a calculation").format(answer=repr(v.answer))
    if code is Violation.NOT_IN_HAND:
        return _("{numbers} is not among the numbers (or used too often)").format(numbers=", ".join(map(str, v.extra)))
    if code is Violation.NOT_ALL_USED:
        return _("every number must be used exactly once")
    if code is Violation.OPERATION_NOT_ALLOWED:
        return _("only {ops} are allowed").format(ops=" ".join(SYMBOL[o] for o in "+-*/" if o in v.rules.search.ops))
    if code is Violation.NEEDS_PARENTHESES:
        return _("left to right, each number works on the result so far: no other brackets")
    if code is Violation.BAD_INTERMEDIATE:
        return _("{step} is not allowed here").format(step=v.bad_step)
    shown = _("undefined") if v.value is None else format_value(v.value)
    return _("it makes {value}, not {target}").format(value=shown, target=v.situation.target)  # type: ignore[union-attr]


def best_line(sol: Solution) -> str:
    """One correct answer, as a sentence."""
    if isinstance(sol.situation, Fact):
        return f"{sol.situation.text} = {sol.expressions[0]}."
    return _("One way: {expression}.").format(expression=sol.expressions[0]) if sol.expressions else _("No calculation reaches it.")


def explain_verdict(v: Verdict) -> str:
    """Right or wrong, why, and a correct answer."""
    s = v.situation
    if isinstance(s, Fact):
        if Violation.NOT_A_NUMBER in v.violations:
            return _("{answer} is not a number: {best}").format(answer=repr(v.answer.strip()), best=best_line(v.solution))
        if v.legal:
            return _("Right: {best}").format(best=best_line(v.solution))
        return _("Not quite: {best}").format(best=best_line(v.solution))
    if not v.legal:
        return f"{_reason(v, v.violations[0]).capitalize()}. {best_line(v.solution)}"
    sol = v.solution
    note = ""
    if not v.rules.search.use_all and sol.min_cards is not None and v.used > sol.min_cards:
        note = " " + _("(it can be done with {n} numbers: {expression})").format(n=sol.min_cards, expression=sol.expressions[0])
    return _("Right: {answer} = {target}{note}.").format(answer=v.answer.strip(), target=s.target, note=note)
