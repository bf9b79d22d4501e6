"""The Nambarz rule options a table chooses before play, as one frozen :class:`Rules` object.

>>> Rules.preset("beginner").describe()
'beginner: left to right, + -, whole numbers ≥ 0, simplest judged against the whole hand'
>>> Rules.preset("basic").with_options(order="tree").name
'basic+custom'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from solver.errors import TablecalcError
from solver.parsing import pick_preset
from solver.expr import OPS, SYMBOL, Intermediates, Order, parse_ops, render_ops
from solver.search import SearchRules

__all__ = ["Rules", "SimplestScope", "PRESETS"]


class SimplestScope(enum.StrEnum):
    """Against which cards "is there a calculation with fewer cards?" is judged."""

    HAND = "hand"
    """Every card of the player's hand (both families) — the seed's example."""
    PLAYED = "played"
    """Only subsets of the cards the player actually laid."""


@dataclass(frozen=True)
class Rules:
    """Every Nambarz rule option; build one with :meth:`preset` and :meth:`with_options`.

    * ``order``: ``chain`` = strictly left to right (basic rule), ``tree`` = parentheses variant;
    * ``ops``: the operations allowed (beginners start with + and −);
    * ``intermediates``: ``natural`` (default), ``integer`` or ``rational``;
    * ``simplest``: judge "simplest" against the whole ``hand`` (default) or the ``played`` cards;
    * ``penalty_draw``: cards drawn for a penalised play (3);
    * ``coup_points``: points per card of a calculation beyond 3 (7: 4 cards = 7, 5 = 14...).
    """

    name: str = "basic"
    order: Order = Order.CHAIN
    ops: frozenset[str] = field(default=frozenset(OPS))
    intermediates: Intermediates = Intermediates.NATURAL
    simplest: SimplestScope = SimplestScope.HAND
    penalty_draw: int = 3
    coup_points: int = 7

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """One of :data:`PRESETS`: ``beginner``, ``basic`` (the default) or ``parentheses``."""
        return pick_preset(name, PRESETS, _PRESET_ALIASES)

    def with_options(
        self,
        *,
        order: str | Order | None = None,
        ops: str | frozenset[str] | None = None,
        intermediates: str | Intermediates | None = None,
        simplest: str | SimplestScope | None = None,
    ) -> "Rules":
        """A copy with some options changed; its name gets ``+custom`` when anything differs."""
        changes: dict = {}
        search = SearchRules.from_options(
            order=order if order is not None else self.order,
            ops=ops if ops is not None else self.ops,
            intermediates=intermediates if intermediates is not None else self.intermediates,
        )
        changes.update(order=search.order, ops=search.ops, intermediates=search.intermediates)
        if simplest is not None:
            try:
                changes["simplest"] = SimplestScope(simplest)
            except ValueError:
                raise TablecalcError(f"unknown simplest scope {simplest!r}: expected 'hand' or 'played'") from None
        new = replace(self, **changes)
        if new != replace(self):
            base = self.name.removesuffix("+custom")
            new = replace(new, name=f"{base}+custom")
            if replace(new, name=base) == PRESETS.get(base):
                new = PRESETS[base]
        return new

    @property
    def search_rules(self) -> SearchRules:
        """The arithmetic-search options these rules imply."""
        return SearchRules(order=self.order, ops=self.ops, intermediates=self.intermediates)

    def coup_bonus(self, cards: int) -> int:
        """Points for a legal calculation of ``cards`` cards: 0 below 4, then 7, 14, 21...

        >>> [Rules().coup_bonus(n) for n in (2, 3, 4, 5, 6)]
        [0, 0, 7, 14, 21]
        """
        return max(0, cards - 3) * self.coup_points

    def describe(self) -> str:
        order = "left to right" if self.order is Order.CHAIN else "with parentheses"
        ops = " ".join(SYMBOL[o] for o in OPS if o in self.ops)
        inter = {
            Intermediates.NATURAL: "whole numbers ≥ 0",
            Intermediates.INTEGER: "negative numbers allowed",
            Intermediates.RATIONAL: "fractions allowed",
        }[self.intermediates]
        scope = "the whole hand" if self.simplest is SimplestScope.HAND else "the cards played"
        return f"{self.name}: {order}, {ops}, {inter}, simplest judged against {scope}"

    def as_dict(self) -> dict:
        return {
            "preset": self.name,
            "order": self.order.value,
            "ops": render_ops(self.ops),
            "intermediates": self.intermediates.value,
            "simplest": self.simplest.value,
            "penalty_draw": self.penalty_draw,
            "coup_points": self.coup_points,
        }


PRESETS: dict[str, Rules] = {
    "beginner": Rules(name="beginner", ops=parse_ops("+-")),
    "basic": Rules(name="basic"),
    "parentheses": Rules(name="parentheses", order=Order.TREE),
}
"""The named presets: beginner (+ and − only), basic (left to right), parentheses."""

_PRESET_ALIASES = {"debutant": "beginner", "débutant": "beginner", "brackets": "parentheses", "parenthèses": "parentheses"}
