"""The rule options of a "make the target" problem, as one frozen :class:`Rules` object.

>>> Rules.preset("make24").describe()
'make24: any brackets, + - × ÷, fractions allowed, every number used once'
>>> Rules.preset("countdown").with_options(ops="+-").name
'countdown+custom'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.expr import OPS, SYMBOL, Intermediates, Order
from solver.parsing import pick_preset, with_changes
from solver.search import SearchRules

__all__ = ["Rules", "PRESETS"]

_INTERMEDIATES = {
    Intermediates.NATURAL: "whole numbers ≥ 0",
    Intermediates.INTEGER: "negative numbers allowed",
    Intermediates.RATIONAL: "fractions allowed",
}


@dataclass(frozen=True)
class Rules:
    """What a calculation may do (``search``) under a preset's ``name``.

    Countdown (the default): any of the numbers, each at most once, any brackets, whole
    numbers ≥ 0 on the way. The 24 game: every number exactly once, fractions allowed.

    * ``order``: ``tree`` = any brackets (default), ``chain`` = strictly left to right;
    * ``ops``: the operations allowed (default + - × ÷);
    * ``intermediates``: ``natural`` (whole numbers ≥ 0, Countdown), ``integer`` or ``rational`` (the 24 game);
    * ``all``: every number must be used (the 24 game) or any of them (Countdown).
    """

    name: str = "countdown"
    search: SearchRules = field(default_factory=SearchRules)

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """One of :data:`PRESETS`: ``countdown`` or ``make24``."""
        return pick_preset(name, PRESETS, _ALIASES)

    def with_options(self, *, order=None, ops=None, intermediates=None, use_all=None) -> "Rules":
        """A copy with some options changed (``None`` keeps one); the name gets ``+custom``."""
        s = self.search
        search = SearchRules.from_options(
            order if order is not None else s.order,
            ops if ops is not None else s.ops,
            intermediates if intermediates is not None else s.intermediates,
            use_all if use_all is not None else s.use_all,
        )
        return with_changes(self, {"search": search}, PRESETS)

    def describe(self) -> str:
        s = self.search
        order = "left to right" if s.order is Order.CHAIN else "any brackets"
        ops = " ".join(SYMBOL[o] for o in OPS if o in s.ops)
        used = "every number used once" if s.use_all else "any of the numbers, each at most once"
        return f"{self.name}: {order}, {ops}, {_INTERMEDIATES[s.intermediates]}, {used}"

    def as_dict(self) -> dict:
        return {"preset": self.name, **self.search.as_dict()}


PRESETS: dict[str, Rules] = {
    "countdown": Rules("countdown", SearchRules()),
    "make24": Rules("make24", SearchRules(intermediates=Intermediates.RATIONAL, use_all=True)),
}
"""Countdown (des chiffres et des lettres: "le compte est bon") and the 24 game."""

_ALIASES = {"24": "make24", "le-compte-est-bon": "countdown", "compte-est-bon": "countdown"}
