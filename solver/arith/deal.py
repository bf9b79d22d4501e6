"""Random situations, as the games deal them: facts from Zetamac's ranges (or yours), four numbers
making 24, six Countdown tiles and a target.

>>> import random
>>> str(random_fact(random.Random(1), "mul")), str(random_fact(random.Random(1), "div", FactRanges.parse("mul 7 2-9")))
('calculate 4 × 74', 'calculate 21 ÷ 7')
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.arith.best import best
from solver.arith.position import Fact, FactKind, Problem
from solver.arith.rules import Rules
from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.parsing import format_fields, parse_fields, parse_range

__all__ = ["COUNTDOWN_NUMBERS", "MAKE24_NUMBERS", "FactRanges", "MAX_FACT_NUMBER", "random_fact", "random_problem"]

COUNTDOWN_NUMBERS = (*range(1, 11), *range(1, 11), 25, 50, 75, 100)
"""The 24 number tiles of Countdown: 1–10 twice, and 25, 50, 75, 100."""
MAKE24_NUMBERS = range(1, 14)
"""The numbers of the 24 game: the cards Ace (1) to King (13)."""
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
        fields = parse_fields(text, N_("fact ranges"), ["add", "mul"])
        if not fields:
            raise TablecalcError(_("bad fact ranges {text}: expected add A-B C-D; mul E-F G-H").format(text=quoted(text.strip())))
        out = {}
        for key, value in fields.items():
            parts = str(value).split()
            if len(parts) != 2:
                raise TablecalcError(
                    _("bad fact ranges {text}: expected two ranges after {key}, one per number, like {key} 2-100 2-100").format(
                        text=quoted(text.strip()), key=key))
            pair = []
            for part in parts:
                r = parse_range(part, _("{key} range").format(key=key), MAX_FACT_NUMBER + 1)
                if r.stop - 1 > MAX_FACT_NUMBER:
                    raise TablecalcError(_("bad {key} range {part}: expected numbers up to {most:,}").format(
                        key=key, part=quoted(part), most=MAX_FACT_NUMBER))
                pair.append((r.start, r.stop - 1))
            out[key] = tuple(pair)
        ranges = cls(**out)
        if ranges.mul[0][0] == 0:
            raise TablecalcError(_("bad fact ranges {text}: the first factor is the divisor of a quotient, so it cannot be 0; "
                                   "expected it to start at 1 or more, like mul 1-12 2-100").format(text=quoted(text.strip())))
        return ranges

    def __str__(self) -> str:
        def pair(p):
            return " ".join(f"{lo}-{hi}" if lo != hi else str(lo) for lo, hi in p)

        return format_fields([("add", pair(self.add)), ("mul", pair(self.mul))])


def random_fact(rng, kind: FactKind | str, ranges: FactRanges = FactRanges()) -> Fact:
    """A random fact of ``kind``, its numbers from ``ranges``."""
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
        if rules.use_all:
            p = Problem(tuple(sorted(rng.randint(MAKE24_NUMBERS[0], MAKE24_NUMBERS[-1]) for _ in range(4))), 24)
        else:
            p = Problem(tuple(sorted(rng.sample(COUNTDOWN_NUMBERS, 6))), rng.randint(100, 999))
        if best(p, rules).min_cards is not None:
            return p
