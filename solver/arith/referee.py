"""The referee: whether a typed answer is right, and why not (the one home of legality: the drills,
the known cases and the command line all ask here).

>>> from solver.arith.position import parse_situation
>>> p = parse_situation("numbers 1 5 5 5; target 24")
>>> [str(v) for v in judge(p, "5×5-1", Rules.preset("make24")).violations]
['not-all-used']
>>> judge(parse_situation("calculate 4 × 74"), "296", Rules()).legal
True
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from solver.arith.best import best
from solver.arith.position import Fact, Problem
from solver.arith.rules import Rules
from solver.arith.verdict import Verdict, Violation
from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.expr import leaves, parse_expression

__all__ = ["judge", "read_number"]

_NUMBER = re.compile(r"-?[0-9]{1,12}(/[0-9]{1,12})?")


def read_number(text: str) -> Fraction | None:
    """A typed number (``12``, ``-3``, ``7/2``), or ``None`` when the text is no number.

    >>> read_number(" 7/2 "), read_number("1/0"), read_number("twelve")
    (Fraction(7, 2), None, None)
    """
    text = text.strip()
    m = _NUMBER.fullmatch(text)
    if not m or (m.group(1) and not int(m.group(1)[1:])):
        return None
    return Fraction(text)


def judge(situation: Problem | Fact, answer: str, rules: Rules = Rules()) -> Verdict:
    """Judge a typed answer: a number for a fact, a calculation for a problem."""
    sol = best(situation, rules)
    text = answer.strip()
    base = dict(situation=situation, answer=answer, rules=rules, solution=sol)
    if isinstance(situation, Fact):
        value = read_number(text)
        if value is None:
            return Verdict(**base, violations=(Violation.NOT_A_NUMBER,), value=None)
        ok = value == situation.value
        return Verdict(**base, violations=() if ok else (Violation.WRONG_RESULT,), value=value)
    s = rules.search
    try:
        expr = parse_expression(text, s.order)
        if any(leaf.label for leaf in leaves(expr)):
            raise TablecalcError(_("{text} names a card: expected numbers only, like 5×(5-1÷5)").format(text=quoted(text)))
    except TablecalcError as e:
        return Verdict(**base, violations=(Violation.NOT_A_CALCULATION,), value=None, error=str(e),
                       error_position=e.position)
    used = Counter(leaf.value for leaf in leaves(expr))
    have = Counter(situation.numbers)
    vs = []
    extra = tuple(sorted(v for v, n in used.items() if n > have[v]))
    if extra:
        vs.append(Violation.NOT_IN_HAND)
    if s.use_all and used != have:
        vs.append(Violation.NOT_ALL_USED)
    faults = s.faults(expr)
    bad, value = faults.bad_step, faults.value
    if faults.refused:
        vs.append(Violation.OPERATION_NOT_ALLOWED)
    if faults.needs_parentheses:
        vs.append(Violation.NEEDS_PARENTHESES)
    if bad is not None:
        vs.append(Violation.BAD_INTERMEDIATE)
    if value != situation.target:
        vs.append(Violation.WRONG_RESULT)
    return Verdict(**base, violations=tuple(vs), value=value, used=sum(used.values()), extra=extra, bad_step=bad)
