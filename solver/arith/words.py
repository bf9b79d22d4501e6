"""Arithmetic verdicts in words: one sentence saying what was wrong, and one correct answer.

>>> from solver.arith.position import parse_situation
>>> from solver.arith.referee import judge
>>> from solver.arith.rules import Rules
>>> explain_verdict(judge(parse_situation("calculate 4 × 74"), "295", Rules()))
'Not quite: 4 × 74 = 296.'
>>> explain_verdict(judge(parse_situation("numbers 1 5 5 5; target 24"), "5*5-1", Rules.preset("make24")))
'Every number must be used exactly once. One way: 5×(5-(1÷5)).'
"""

from __future__ import annotations

from solver.expr import SYMBOL, Order, format_value, leaves, parse_expression, steps
from solver.errors import quoted
from solver.i18n import _, ngettext
from solver.arith.best import Solution
from solver.arith.position import Fact, Problem
from solver.arith.verdict import Verdict, Violation

__all__ = ["explain_verdict", "not_understood_line", "best_line", "points_line", "hints"]


def _reason(v: Verdict, code: Violation) -> str:
    if code is Violation.NOT_A_CALCULATION:
        return v.error or _("{answer} is not a calculation").format(answer=repr(v.answer))
    if code is Violation.NOT_IN_HAND:
        return _("{numbers} is not among the numbers (or used too often)").format(numbers=", ".join(map(str, v.extra)))
    if code is Violation.NOT_ALL_USED:
        return _("every number must be used exactly once")
    if code is Violation.OPERATION_NOT_ALLOWED:
        return _("only {ops} are allowed").format(ops=" ".join(SYMBOL[o] for o in "+-*/" if o in v.rules.ops))
    if code is Violation.NEEDS_PARENTHESES:
        return _("left to right, each number works on the result so far: no other brackets")
    if code is Violation.BAD_INTERMEDIATE:
        return _("{step} is not allowed here").format(step=v.bad_step)
    shown = _("undefined") if v.value is None else format_value(v.value)
    return _("it makes {value}, not {target}").format(value=shown, target=v.situation.target)  # type: ignore[union-attr]


def not_understood_line(v: Verdict) -> str:
    """What was wrong with an answer that was not understood (its first violation's code says so),
    and what was expected, without giving the answer away: a drill asks the same puzzle again.

    >>> from solver.arith.position import parse_situation
    >>> from solver.arith.referee import judge
    >>> from solver.arith.rules import Rules
    >>> not_understood_line(judge(parse_situation("numbers 2 3 6 9; target 24"), "2*10+13", Rules.preset("make24")))
    '10, 13 are not among your numbers: expected a calculation with 2 3 6 9, each used once.'
    >>> not_understood_line(judge(parse_situation("numbers 25 50 75 100 3 6; target 952"), "3*3"))
    '3 is used more often than it is given: expected a calculation with 3 6 25 50 75 100, each at most once.'
    """
    code = v.violations[0]
    if isinstance(v.situation, Fact) or code is Violation.NOT_A_NUMBER:
        return _("{answer} is not a number: expected a whole number, like 12.").format(answer=quoted(v.answer.strip()))
    if code is Violation.NOT_A_CALCULATION:
        return v.error or _("{answer} is not a calculation").format(answer=repr(v.answer))
    given = " ".join(map(str, v.situation.numbers))
    expected = (_("expected a calculation with {numbers}, each used once.") if v.rules.use_all
                else _("expected a calculation with {numbers}, each at most once.")).format(numbers=given)
    absent = [n for n in v.extra if n not in v.situation.numbers]
    if absent:
        line = ngettext("{numbers} is not among your numbers", "{numbers} are not among your numbers", len(absent))
        return f"{line.format(numbers=', '.join(map(str, absent)))}: {expected}"
    line = ngettext("{numbers} is used more often than it is given", "{numbers} are used more often than they are given",
                    len(v.extra))
    return f"{line.format(numbers=', '.join(map(str, v.extra)))}: {expected}"


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
    if not v.rules.use_all and sol.min_cards is not None and v.used > sol.min_cards:
        note = " " + _("(it can be done with {n} numbers: {expression})").format(n=sol.min_cards, expression=sol.expressions[0])
    return _("Right: {answer} = {target}{note}.").format(answer=v.answer.strip(), target=s.target, note=note)


def points_line(points: int, v: Verdict) -> str:
    """The show's points for a Countdown answer, in words (``""`` for an exact answer, which
    :func:`explain_verdict` already calls right).

    >>> from solver.arith import judge, parse_situation, points
    >>> v = judge(parse_situation("numbers 25 50 75 100 3 6; target 952"), "50×(25-6)-3")
    >>> points_line(points(v), v)
    '7 points: 947 is 5 away from 952.'
    """
    if v.legal or not isinstance(v.situation, Problem):
        return ""
    if not points:
        if v.violations != (Violation.WRONG_RESULT,):
            return ""  # a broken rule: explain_verdict says which
        return _("No points: only an answer within 10 of the target scores.")
    away = abs(v.value - v.situation.target)  # type: ignore[operator]
    return ngettext("{points} point: {value} is {away} away from {target}.",
                    "{points} points: {value} is {away} away from {target}.", points).format(
        points=points, value=format_value(v.value), away=format_value(away), target=v.situation.target)  # type: ignore[arg-type]


def hints(sol: Solution, nearest: int | None = None) -> list[str]:
    """Graded hints, mildest first, each giving away a little more of :attr:`Solution.expressions`'s
    first answer; none but the last gives the answer away.

    A problem: whether the target can be reached (else the nearest reachable number,
    ``nearest``), how many numbers the simplest calculation uses, its first step, the numbers it
    uses, then most of it (every step but the last). In the 24 game, where every number is used,
    their count and list say nothing: its first step, then its second. A fact: the number of
    digits, a way to split it, the last digit.

    >>> from solver.arith import Rules, best, parse_situation
    >>> hints(best(parse_situation("numbers 25 50 75 100 3 6; target 952")))  # doctest: +NORMALIZE_WHITESPACE
    ['952 can be reached exactly.', 'The simplest calculation uses 6 numbers.', 'Its first step: 100+3 = 103.',
     'It uses 100 3 75 6 50 25.', 'Most of it: 100+3 = 103, 103×75 = 7725, 7725×6 = 46350, 46350÷50 = 927.']
    >>> hints(best(parse_situation("numbers 25 50 75 100 3 6; target 150")))
    ['150 can be reached exactly.', 'The simplest calculation uses 2 numbers.', 'It uses 25 6.']
    >>> hints(best(parse_situation("numbers 3 3 8 8; target 24"), Rules.preset("make24")))
    ['24 can be reached exactly.', 'Its first step: 8÷3 = 8/3.', 'Then: 3-8/3 = 1/3.']
    >>> hints(best(parse_situation("calculate 4 × 74")))
    ['The answer has 3 digits.', 'Split it: 4 × 70 + 4 × 4.', 'It ends in 6.']
    >>> hints(best(parse_situation("calculate 7 × 8")))
    ['The answer has 2 digits.', 'Split it: 7 × 4 × 2.', 'It ends in 6.']
    """
    s = sol.situation
    if isinstance(s, Fact):
        return _fact_hints(s)
    if not sol.expressions:
        if nearest is None:
            return [_("{target} cannot be reached with these numbers.").format(target=s.target)]
        return [_("{target} cannot be reached exactly: the nearest reachable number is {nearest}.").format(
            target=s.target, nearest=nearest)]
    out = [_("{target} can be reached exactly.").format(target=s.target)]
    expr = parse_expression(sol.expressions[0], Order.TREE)
    done = steps(expr)
    if sol.rules.use_all:  # every number is used: their count and list say nothing
        out += [_("Its first step: {step}.").format(step=done[0])] if done else []
        out += [_("Then: {step}.").format(step=done[1])] if len(done) > 2 else []
        return out
    n = sol.min_cards or 0
    out.append(ngettext("The simplest calculation uses {n} number.",
                        "The simplest calculation uses {n} numbers.", n).format(n=n))
    if len(done) > 1:  # a single step is the whole answer: only the last hint may give it
        out.append(_("Its first step: {step}.").format(step=done[0]))
    out.append(_("It uses {numbers}.").format(numbers=" ".join(str(leaf.value) for leaf in leaves(expr))))
    if len(done) > 2:
        out.append(_("Most of it: {steps}.").format(steps=", ".join(map(str, done[:-1]))))
    return out


def _fact_hints(f: Fact) -> list[str]:
    """How many digits, a way to split it, how it ends (how its fraction is written, when it is one)."""
    value = f.value
    digits = len(str(abs(value.numerator)))
    if value.denominator != 1:
        return [_("The answer is not a whole number: {a} ÷ {b} leaves a remainder.").format(a=f.a, b=f.b), _split(f),
                _("In lowest terms, the fraction is over {d}.").format(d=value.denominator)]
    out = [_("The answer is below zero.")] if value < 0 else []
    return [*out, ngettext("The answer has {n} digit.", "The answer has {n} digits.", digits).format(n=digits),
            _split(f), _("It ends in {digit}.").format(digit=str(value.numerator)[-1])]


def _split(f: Fact) -> str:
    """A way to work a fact out in two easier parts: by tens and units, by doubling, or the other way round."""
    a, b = f.a, f.b
    tens, units = b - b % 10, b % 10
    if f.op == "/":
        return _("Think of it the other way: {b} × what = {a}?").format(a=a, b=b)
    if f.op == "*" and b > 3 and (not tens or not units):
        if not units:  # 7 × 40 = 7 × 4 × 10
            return _("Split it: {a} × {b} × {c}.").format(a=a, b=b // 10, c=10)
        if b % 2 == 0:  # 7 × 8 = 7 × 4 × 2
            return _("Split it: {a} × {b} × {c}.").format(a=a, b=b // 2, c=2)
        if b == 9:  # 7 × 9 = 7 × 10 - 7
            return _("Split it: {a} × 10 - {a}.").format(a=a)
    if not tens or not units:
        return _("Think of {b} as {half} + {rest}.").format(b=b, half=b // 2, rest=b - b // 2)
    if f.op == "*":
        return _("Split it: {a} × {tens} + {a} × {units}.").format(a=a, tens=tens, units=units)
    sign = SYMBOL[f.op]
    return _("Split it: {a} {sign} {tens} {sign} {units}.").format(a=a, sign=sign, tens=tens, units=units)
