"""Arithmetic problems, their answers and the verdict on a player's answer.

Two kinds of situation, each with a notation that round-trips:

* a :class:`Problem` — reach a target with some numbers (Countdown, the 24 game):
  ``numbers 25 50 75 100 3 6; target 952``;
* a :class:`Fact` — work out one operation (mental arithmetic): ``calculate 17 + 25``.

>>> p = parse_situation("numbers 1 5 5 5; target 24")
>>> str(p), [str(e) for e in solve(p, Rules.preset("make24")).expressions]
('numbers 1 5 5 5; target 24', ['5×(5-(1÷5))'])
>>> [str(v) for v in check(p, "5×5-1", Rules.preset("make24")).violations]
['not-all-used']
>>> check(parse_situation("calculate 4 × 74"), "296", Rules()).legal
True
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from solver.errors import TablecalcError, quoted
from solver.expr import SYMBOL, BinOp, Num, Step, evaluate, format_value, json_value, leaves, parse_expression
from solver.game import Code
from solver.parsing import format_fields, parse_fields, parse_whole
from solver.search import reach
from solver.arith.rules import Rules

__all__ = [
    "Problem", "Fact", "FactKind", "FactRanges", "parse_situation", "random_fact", "random_problem", "COUNTDOWN_NUMBERS",
    "Solution", "solve", "Violation", "NoPenalty", "Verdict", "check", "SHOW_POINTS", "points", "nearest",
]

COUNTDOWN_NUMBERS = (*range(1, 11), *range(1, 11), 25, 50, 75, 100)
"""The 24 number tiles of Countdown: 1–10 twice, and 25, 50, 75, 100."""
MAX_NUMBERS = 8
"""The most numbers a problem may hold (the search grows fast with each one)."""
EXPECTED = 5
"""How many correct answers a verdict lists."""


@dataclass(frozen=True)
class Problem:
    """Reach ``target`` with ``numbers`` (sorted)."""

    numbers: tuple[int, ...]
    target: int

    def __str__(self) -> str:
        return format_fields([("numbers", " ".join(map(str, self.numbers))), ("target", str(self.target))])


@dataclass(frozen=True)
class Fact:
    """One operation to work out in your head: ``a op b`` with ``op`` one of ``+-*/``."""

    a: int
    op: str
    b: int

    @property
    def value(self) -> Fraction:
        return evaluate(BinOp(self.op, Num(self.a), Num(self.b)))  # type: ignore[return-value]

    @property
    def kind(self) -> "FactKind":
        return FactKind(_KINDS[self.op])

    @property
    def text(self) -> str:
        return f"{self.a} {SYMBOL[self.op]} {self.b}"

    def __str__(self) -> str:
        return format_fields([("calculate", self.text)])


def parse_situation(text: str) -> Problem | Fact:
    """Read ``numbers N...; target T`` or ``calculate A op B``."""
    fields = parse_fields(text, "problem", ["numbers", "target", "calculate"])
    if "calculate" in fields:
        if len(fields) > 1:
            raise TablecalcError(f"bad problem {quoted(text.strip())}: 'calculate' stands alone; expected calculate A op B")
        return _fact(str(fields["calculate"]))
    if "numbers" not in fields or "target" not in fields:
        raise TablecalcError(
            f"bad problem {quoted(text.strip())}: expected numbers N N ...; target T, or calculate A op B"
        )
    nums = [parse_whole(n, "number") for n in str(fields["numbers"]).replace(",", " ").split()]
    if not 1 <= len(nums) <= MAX_NUMBERS:
        raise TablecalcError(f"bad problem {quoted(text.strip())}: expected 1 to {MAX_NUMBERS} numbers, got {len(nums)}")
    return Problem(tuple(sorted(nums)), parse_whole(str(fields["target"]), "target"))


def _fact(text: str) -> Fact:
    expr = parse_expression(text)
    if len(leaves(expr)) != 2 or any(leaf.label for leaf in leaves(expr)):
        raise TablecalcError(f"bad fact {quoted(text)}: expected one operation on two numbers, like 17 + 25")
    if evaluate(expr) is None:
        raise TablecalcError(f"bad fact {quoted(text)}: it divides by zero; expected an operation with a value")
    left, right = leaves(expr)
    return Fact(left.value, expr.op, right.value)  # type: ignore[union-attr]


_KINDS = {"+": "add", "-": "sub", "*": "mul", "/": "div"}
"""The kind of fact each operation makes."""


class FactKind(enum.StrEnum):
    """The mental-arithmetic ranges people practise: sums 2–100 + 2–100, products 2–12 × 2–100,
    differences and quotients as their inverses (every answer a whole number ≥ 0)."""

    ADD = "add"
    SUB = "sub"
    MUL = "mul"
    DIV = "div"


MAX_FACT_NUMBER = 1_000_000
"""The largest number a fact range may hold."""


@dataclass(frozen=True)
class FactRanges:
    """Where facts are dealt from, as on arithmetic.zetamac.com: ``add``, the range of each
    number of a sum (differences are sums reversed), and ``mul``, the range of each factor of a
    product (quotients are products reversed, so the first factor is the divisor: never 0).
    Each range is ``(lowest, highest)``, both included. The default is Zetamac's.

    >>> r = FactRanges.parse("mul 2-9 2-12")
    >>> str(r), FactRanges.parse(str(r)) == r, str(FactRanges())
    ('add 2-100 2-100; mul 2-9 2-12', True, 'add 2-100 2-100; mul 2-12 2-100')
    """

    add: tuple[tuple[int, int], tuple[int, int]] = ((2, 100), (2, 100))
    mul: tuple[tuple[int, int], tuple[int, int]] = ((2, 12), (2, 100))

    @classmethod
    def parse(cls, text: str) -> "FactRanges":
        """Read ``add A-B C-D; mul E-F G-H`` (a part left out keeps its default; ``A`` alone is ``A-A``)."""
        from solver.parsing import parse_range

        fields = parse_fields(text, "fact ranges", ["add", "mul"])
        if not fields:
            raise TablecalcError(f"bad fact ranges {quoted(text.strip())}: expected add A-B C-D; mul E-F G-H")
        out = {}
        for key, value in fields.items():
            parts = str(value).split()
            if len(parts) != 2:
                raise TablecalcError(
                    f"bad fact ranges {quoted(text.strip())}: expected two ranges after {key}, one per number, like {key} 2-100 2-100")
            pair = []
            for part in parts:
                r = parse_range(part, f"{key} range", MAX_FACT_NUMBER + 1)
                if r.stop - 1 > MAX_FACT_NUMBER:
                    raise TablecalcError(f"bad {key} range {quoted(part)}: expected numbers up to {MAX_FACT_NUMBER:,}")
                pair.append((r.start, r.stop - 1))
            out[key] = tuple(pair)
        ranges = cls(**out)
        if ranges.mul[0][0] == 0:
            raise TablecalcError(f"bad fact ranges {quoted(text.strip())}: the first factor is the divisor of a quotient, "
                                 "so it cannot be 0; expected it to start at 1 or more, like mul 1-12 2-100")
        return ranges

    def __str__(self) -> str:
        def pair(p):
            return " ".join(f"{lo}-{hi}" if lo != hi else str(lo) for lo, hi in p)

        return format_fields([("add", pair(self.add)), ("mul", pair(self.mul))])


def random_fact(rng, kind: FactKind | str, ranges: FactRanges = FactRanges()) -> Fact:
    """A random fact of ``kind``, its numbers from ``ranges``.

    >>> import random
    >>> str(random_fact(random.Random(1), "mul")), str(random_fact(random.Random(1), "div", FactRanges.parse("mul 7 2-9")))
    ('calculate 4 × 74', 'calculate 21 ÷ 7')
    """
    kind = FactKind(kind)
    if kind in (FactKind.ADD, FactKind.SUB):
        a, b = rng.randint(*ranges.add[0]), rng.randint(*ranges.add[1])
        return Fact(a, "+", b) if kind is FactKind.ADD else Fact(a + b, "-", a)
    a, b = rng.randint(*ranges.mul[0]), rng.randint(*ranges.mul[1])
    return Fact(a, "*", b) if kind is FactKind.MUL else Fact(a * b, "/", a)


def random_problem(rng, rules: Rules) -> Problem:
    """A problem that can be solved under ``rules``: four numbers 1–13 making 24 when every
    number must be used, else six Countdown tiles and a target 100–999."""
    while True:
        if rules.search.use_all:
            p = Problem(tuple(sorted(rng.randint(1, 13) for _ in range(4))), 24)
        else:
            p = Problem(tuple(sorted(rng.sample(COUNTDOWN_NUMBERS, 6))), rng.randint(100, 999))
        if solve(p, rules).min_cards is not None:
            return p


# ---------------------------------------------------------------- answers


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


def solve(situation: Problem | Fact, rules: Rules = Rules()) -> Solution:
    """A fact's value, or the fewest numbers reaching a problem's target (:func:`solver.search.reach`)."""
    if isinstance(situation, Fact):
        return Solution(situation, rules, None, (format_value(situation.value),))
    r = reach(situation.numbers, situation.target, rules.search)
    return Solution(situation, rules, r.min_cards, tuple(str(e) for e in r.expressions))


class Violation(Code):
    """Why an answer is wrong; the value is the stable code used in JSON."""

    NOT_A_NUMBER = "not-a-number"
    NOT_A_CALCULATION = "not-a-calculation"
    NOT_IN_HAND = "not-in-hand"
    """A number that is not among the problem's (or used more often than it is there)."""
    NOT_ALL_USED = "not-all-used"
    OPERATION_NOT_ALLOWED = "operation-not-allowed"
    NEEDS_PARENTHESES = "needs-parentheses"
    """Brackets that left-to-right order (``--order chain``) does not allow."""
    BAD_INTERMEDIATE = "bad-intermediate"
    WRONG_RESULT = "wrong-result"


@dataclass(frozen=True)
class NoPenalty:
    """Arithmetic drills cost nothing but the point."""

    amount: int = 0

    def as_dict(self) -> dict:
        return {}


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer, as data; :mod:`solver.arith.words` words it."""

    situation: Problem | Fact
    answer: str
    rules: Rules
    violations: tuple[Violation, ...]
    value: Fraction | None
    solution: Solution
    used: int = 0
    extra: tuple[int, ...] = ()
    bad_step: Step | None = None
    error: str | None = None
    error_position: int | None = None
    penalty: NoPenalty = NoPenalty()

    @property
    def legal(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict:
        return {
            "situation": str(self.situation), "answer": self.answer, "rules": self.rules.as_dict(),
            "legal": self.legal, "violations": [str(v) for v in self.violations],
            "value": json_value(self.value), "numbers_used": self.used, "min_cards": self.solution.min_cards,
            "expected": list(self.solution.expressions[:EXPECTED]),
            "bad_step": str(self.bad_step) if self.bad_step else None, "error": self.error,
            "error_position": self.error_position,
        }


_NUMBER = re.compile(r"-?[0-9]{1,12}(/[0-9]{1,12})?")


def check(situation: Problem | Fact, answer: str, rules: Rules = Rules()) -> Verdict:
    """Judge a typed answer: a number for a fact, a calculation for a problem."""
    sol = solve(situation, rules)
    text = answer.strip()
    base = dict(situation=situation, answer=answer, rules=rules, solution=sol)
    if isinstance(situation, Fact):
        m = _NUMBER.fullmatch(text)
        if not m or (m.group(1) and not int(m.group(1)[1:])):
            return Verdict(**base, violations=(Violation.NOT_A_NUMBER,), value=None)
        value = Fraction(text)
        ok = value == situation.value
        return Verdict(**base, violations=() if ok else (Violation.WRONG_RESULT,), value=value)
    s = rules.search
    try:
        expr = parse_expression(text, s.order)
        if any(leaf.label for leaf in leaves(expr)):
            raise TablecalcError(f"{quoted(text)} names a card: expected numbers only, like 5×(5-1÷5)")
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


# ---------------------------------------------------------------- the show's points

SHOW_POINTS = ((0, 10), (5, 7), (10, 5))
"""Countdown's numbers round: 10 points for the target exactly, 7 within 5 of it, 5 within 10
(each pair: the largest distance, the points)."""


def points(v: Verdict) -> int:
    """What an answer scores on the Countdown show (:data:`SHOW_POINTS`): a calculation that keeps
    every rule but misses the target still scores when it lands near; one that breaks another
    rule (a number not there, a fraction on the way...) scores nothing.

    >>> p = parse_situation("numbers 25 50 75 100 3 6; target 952")
    >>> [points(check(p, a)) for a in ("((100+6)×75×3-50)÷25", "50×(25-6)-3", "(100+50+3)×6+25", "100×100", "9×100")]
    [10, 7, 5, 0, 0]
    """
    if not isinstance(v.situation, Problem) or v.value is None:
        return 0
    if any(code is not Violation.WRONG_RESULT for code in v.violations):
        return 0
    distance = abs(v.value - v.situation.target)
    return next((pts for most, pts in SHOW_POINTS if distance <= most), 0)


def nearest(problem: Problem, rules: Rules = Rules()) -> int | None:
    """The reachable whole number nearest the target (the smaller of two as near), from the
    search's value sets; ``None`` when nothing is reachable. ``rules.use_all`` is ignored:
    on the show any of the numbers may be used.

    >>> nearest(parse_situation("numbers 1 2; target 10")), nearest(parse_situation("numbers 25 50 75 100 3 6; target 952"))
    (3, 952)
    """
    from solver.search import SearchRules, ValueSets

    search = SearchRules.from_options(rules.search.order, rules.search.ops, rules.search.intermediates, False)
    values = [v for v in ValueSets(search).reachable(problem.numbers) if v == int(v)]
    if not values:
        return None
    return int(min(values, key=lambda v: (abs(v - problem.target), v)))
