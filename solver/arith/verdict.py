"""The referee's verdict on an arithmetic answer, as data: the violation codes, the penalty and the
verdict itself. Nothing here is a sentence (:mod:`solver.arith.words` words a verdict).

>>> [(str(v), v.not_understood) for v in (Violation.NOT_A_NUMBER, Violation.NOT_IN_HAND, Violation.WRONG_RESULT)]
[('not-a-number', True), ('not-in-hand', True), ('wrong-result', False)]
>>> Penalty().amount, Penalty().as_dict()
(0, {})
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solver.arith.best import Solution
from solver.arith.position import Fact, Problem
from solver.arith.rules import Rules
from solver.expr import Step, json_value
from solver.game import Code, clauses_of

__all__ = ["Violation", "Penalty", "Verdict", "EXPECTED"]

EXPECTED = 5
"""How many correct answers a verdict lists."""


class Violation(Code):
    """Why an answer is wrong; the value is the stable code used in JSON."""

    NOT_A_NUMBER = "not-a-number", True, "1.1"
    """A fact's answer that is no number (not understood: a drill asks again)."""
    NOT_A_CALCULATION = "not-a-calculation", True, "1.2"
    """A problem's answer that is no calculation (not understood: a drill asks again)."""
    NOT_IN_HAND = "not-in-hand", True, "2.1"
    """A number that is not among the problem's, or used more often than it is there (not understood,
    as a card not in hand in Nambarz: a drill asks again)."""
    NOT_ALL_USED = "not-all-used", "2.2"
    OPERATION_NOT_ALLOWED = "operation-not-allowed", "3.1"
    NEEDS_PARENTHESES = "needs-parentheses", "3.2"
    """Brackets that left-to-right order (``--order chain``) does not allow."""
    BAD_INTERMEDIATE = "bad-intermediate", "3.3"
    WRONG_RESULT = "wrong-result", "1.3"


@dataclass(frozen=True)
class Penalty:
    """Arithmetic drills cost nothing but the point: ``amount`` is always 0."""

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
    penalty: Penalty = Penalty()

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of(self.violations)

    def as_dict(self) -> dict:
        return {
            "situation": str(self.situation), "answer": self.answer, "rules": self.rules.as_dict(),
            "legal": self.legal, "violations": [str(v) for v in self.violations], "clauses": list(self.clauses),
            "value": json_value(self.value), "numbers_used": self.used, "min_cards": self.solution.min_cards,
            "expected": list(self.solution.expressions[:EXPECTED]),
            "bad_step": str(self.bad_step) if self.bad_step else None, "error": self.error,
            "error_position": self.error_position,
        }
