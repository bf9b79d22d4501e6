"""The two kinds of arithmetic situation, each with a notation that round-trips:

* a :class:`Problem` — reach a target with some numbers (Countdown, the 24 game):
  ``numbers 25 50 75 100 3 6; target 952``;
* a :class:`Fact` — work out one operation (mental arithmetic): ``calculate 17 + 25``.

>>> p = parse_situation("numbers 6 1 5 5; target 24")
>>> p, str(p)
(Problem(numbers=(1, 5, 5, 6), target=24), 'numbers 1 5 5 6; target 24')
>>> f = parse_situation("calculate 84 : 7")
>>> str(f), f.value, f.kind
('calculate 84 ÷ 7', Fraction(12, 1), <FactKind.DIV: 'div'>)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.expr import SYMBOL, BinOp, Num, evaluate, leaves, parse_expression
from solver.parsing import format_fields, parse_fields, parse_whole

__all__ = ["Problem", "Fact", "FactKind", "parse_situation", "MAX_NUMBERS"]

MAX_NUMBERS = 8
"""The most numbers a problem may hold (the search grows fast with each one)."""


@dataclass(frozen=True)
class Problem:
    """Reach ``target`` with ``numbers`` (sorted)."""

    numbers: tuple[int, ...]
    target: int

    def __str__(self) -> str:
        return format_fields([("numbers", " ".join(map(str, self.numbers))), ("target", str(self.target))])


class FactKind(enum.StrEnum):
    """The mental-arithmetic ranges people practise: sums 2–100 + 2–100, products 2–12 × 2–100,
    differences and quotients as their inverses (every answer a whole number ≥ 0)."""

    ADD = "add"
    SUB = "sub"
    MUL = "mul"
    DIV = "div"


KINDS = {"+": FactKind.ADD, "-": FactKind.SUB, "*": FactKind.MUL, "/": FactKind.DIV}
"""The kind of fact each operation makes."""


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
    def kind(self) -> FactKind:
        return KINDS[self.op]

    @property
    def text(self) -> str:
        return f"{self.a} {SYMBOL[self.op]} {self.b}"

    def __str__(self) -> str:
        return format_fields([("calculate", self.text)])


def parse_situation(text: str) -> Problem | Fact:
    """Read ``numbers N...; target T`` or ``calculate A op B``."""
    fields = parse_fields(text, N_("problem"), ["numbers", "target", "calculate"])
    if "calculate" in fields:
        if len(fields) > 1:
            raise TablecalcError(_("bad problem {text}: 'calculate' stands alone; expected calculate A op B").format(text=quoted(text.strip())))
        return _fact(str(fields["calculate"]))
    if "numbers" not in fields or "target" not in fields:
        raise TablecalcError(
            _("bad problem {text}: expected numbers N N ...; target T, or calculate A op B").format(text=quoted(text.strip()))
        )
    nums = [parse_whole(n, "number") for n in str(fields["numbers"]).replace(",", " ").split()]
    if not 1 <= len(nums) <= MAX_NUMBERS:
        raise TablecalcError(_("bad problem {text}: expected 1 to {max_numbers} numbers, got {nums}").format(text=quoted(text.strip()), max_numbers=MAX_NUMBERS, nums=len(nums)))
    return Problem(tuple(sorted(nums)), parse_whole(str(fields["target"]), "target"))


def _fact(text: str) -> Fact:
    expr = parse_expression(text)
    if len(leaves(expr)) != 2 or any(leaf.label for leaf in leaves(expr)):
        raise TablecalcError(_("bad fact {text}: expected one operation on two numbers, like 17 + 25").format(text=quoted(text)))
    if evaluate(expr) is None:
        raise TablecalcError(_("bad fact {text}: it divides by zero; expected an operation with a value").format(text=quoted(text)))
    left, right = leaves(expr)
    return Fact(left.value, expr.op, right.value)  # type: ignore[union-attr]
