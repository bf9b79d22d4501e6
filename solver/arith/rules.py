"""The rule options of a "make the target" problem, declared once (:mod:`solver.rules` builds the rest).

>>> Rules.preset("make24").describe()
'make24: any brackets, + - × ÷, fractions allowed, every number used once'
>>> Rules.preset("countdown").with_options(ops="+-").name
'countdown+custom'
>>> Rules.preset("24").as_dict()
{'preset': 'make24', 'order': 'tree', 'ops': '+-*/', 'intermediates': 'rational', 'all': True}
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.expr import INTERMEDIATES_WORDS, OPS, Intermediates, Order, SearchRules, ops_words, parse_ops, render_ops
from solver.i18n import N_
from solver.rules import BaseRules, option

__all__ = ["Rules", "PRESETS"]


@dataclass(frozen=True)
class Rules(BaseRules):
    """What a calculation may do, every option declared once.

    Countdown (the default): any of the numbers, each at most once, any brackets, whole
    numbers ≥ 0 on the way. The 24 game: every number exactly once, fractions allowed.
    """

    PRESETS = {
        "countdown": {},
        "make24": {"intermediates": Intermediates.RATIONAL, "use_all": True},
    }
    """Countdown (des chiffres et des lettres: "le compte est bon") and the 24 game."""
    PRESET_ALIASES = {"24": "make24", "24-game": "make24", "vingt-quatre": "make24", "le-compte-est-bon": "countdown",
                      "compte-est-bon": "countdown", "des-chiffres-et-des-lettres": "countdown"}

    name: str = "countdown"
    order: Order = option(
        Order.TREE, N_("How a calculation is read: tree (any brackets) or chain (strictly left to right)."),
        words={Order.TREE: N_("any brackets"), Order.CHAIN: N_("left to right")})
    ops: frozenset = option(
        frozenset(OPS), N_("The operations allowed, e.g. '+-*/' (× and ÷ may be written x and : too)."),
        read=parse_ops, write=render_ops, words=ops_words)
    intermediates: Intermediates = option(
        Intermediates.NATURAL, N_("The numbers a calculation may pass through: natural (whole numbers ≥ 0), "
                                  "integer (negatives too) or rational (fractions too)."),
        words=INTERMEDIATES_WORDS)
    use_all: bool = option(
        False, N_("Whether every number must be used (the 24 game) or any of them, each at most once (Countdown)."),
        key="all", flag="--all/--any",
        words={True: N_("every number used once"), False: N_("any of the numbers, each at most once")})

    @property
    def search(self) -> SearchRules:
        """These rules as the game-independent search reads them (:mod:`solver.search`)."""
        return SearchRules(self.order, self.ops, self.intermediates, self.use_all)


PRESETS = Rules.presets()
"""The named presets, by name: ``countdown`` and ``make24``."""
