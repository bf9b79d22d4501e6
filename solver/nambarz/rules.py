"""The Nambarz rule options a table chooses before play, as one frozen :class:`Rules` object.

>>> Rules.preset("beginner").describe()
'beginner: left to right, + -, whole numbers ≥ 0, simplest judged against the whole hand'
>>> Rules.preset("basic").with_options(order="tree").name
'basic+custom'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.parsing import pick_preset, with_changes
from solver.expr import OPS, SYMBOL, Intermediates, Order, parse_ops, render_ops
from solver.search import SearchRules

__all__ = ["Rules", "SimplestScope", "HolderPlace", "PRESETS", "JOKER_LEVELS", "MAX_HAND_SIZE"]

JOKER_LEVELS = (0, 4, 8, 12)
"""The jokers a table may play with: the seed's beginner 12, confirmed 8 (2 of each kind),
experienced 4 (1 of each kind); 0 plays without jokers."""
MAX_HAND_SIZE = 20


class SimplestScope(enum.StrEnum):
    """Against which cards "is there a calculation with fewer cards?" is judged."""

    HAND = "hand"
    """Every card of the player's hand (both families) — the seed's example."""
    PLAYED = "played"
    """Only subsets of the cards the player actually laid."""


class HolderPlace(enum.StrEnum):
    """What the player left holding cards when a round of 2-5 players ends scores."""

    NONE = "none"
    """No place: only players who finished their cards are ranked (the seed's "le premier qui finit")."""
    LAST = "last"
    """The last place (with 5 players: 14 points)."""


@dataclass(frozen=True)
class Rules:
    """Every Nambarz rule option; build one with :meth:`preset` and :meth:`with_options`.

    * ``order``: ``chain`` = strictly left to right (basic rule), ``tree`` = parentheses variant;
    * ``ops``: the operations allowed (beginners start with + and −);
    * ``intermediates``: ``natural`` (default), ``integer`` or ``rational``;
    * ``simplest``: judge "simplest" against the whole ``hand`` (default) or the ``played`` cards;
    * ``penalty_draw``: cards drawn for a penalised play (3);
    * ``coup_points``: points per card of a calculation beyond 3 (7: 4 cards = 7, 5 = 14...);
    * ``jokers``: jokers in the deck of a round: 12 (beginner level, the default), 8 (confirmed:
      2 of each kind) or 4 (experienced: 1 of each kind), 0 for none;
    * ``hand_size``: cards dealt to each player (7);
    * ``joker_on_joker``: after a change joker laid alone, the next player may answer with a
      joker too (true, the default) or only with a card of the announced number or drawing;
    * ``play_drawn``: a player who drew because nothing covered the top card may play at once
      if the new hand now covers it (false: the turn passes, the default);
    * ``holder_place``: with 2-5 players, the player left holding cards scores no place
      (none, the default) or the last place (last).
    """

    name: str = "basic"
    order: Order = Order.CHAIN
    ops: frozenset[str] = field(default=frozenset(OPS))
    intermediates: Intermediates = Intermediates.NATURAL
    simplest: SimplestScope = SimplestScope.HAND
    penalty_draw: int = 3
    coup_points: int = 7
    jokers: int = 12
    hand_size: int = 7
    joker_on_joker: bool = True
    play_drawn: bool = False
    holder_place: HolderPlace = HolderPlace.NONE

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
        jokers: int | str | None = None,
        hand_size: int | str | None = None,
        joker_on_joker: bool | str | None = None,
        play_drawn: bool | str | None = None,
        holder_place: str | HolderPlace | None = None,
    ) -> "Rules":
        """A copy with some options changed; its name gets ``+custom`` when anything differs.

        >>> r = Rules.preset("basic").with_options(jokers=4)
        >>> r.name, r.jokers, r.jokers_per_kind
        ('basic+custom', 4, 1)
        >>> Rules().with_options(jokers=5)
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: bad number of jokers 5: expected 12, 8 or 4 (the seed's levels) or 0
        """
        changes: dict = {}
        if jokers is not None:
            n = _whole(jokers, "number of jokers")
            if n not in JOKER_LEVELS:
                raise TablecalcError(_("bad number of jokers {n}: expected 12, 8 or 4 (the seed's levels) or 0").format(n=n))
            changes["jokers"] = n
        if hand_size is not None:
            n = _whole(hand_size, "hand size")
            if not 1 <= n <= MAX_HAND_SIZE:
                raise TablecalcError(_("bad hand size {n}: expected 1 to {most} cards").format(n=n, most=MAX_HAND_SIZE))
            changes["hand_size"] = n
        if joker_on_joker is not None:
            changes["joker_on_joker"] = _flag(joker_on_joker, "joker_on_joker")
        if play_drawn is not None:
            changes["play_drawn"] = _flag(play_drawn, "play_drawn")
        if holder_place is not None:
            try:
                changes["holder_place"] = HolderPlace(str(holder_place).strip().lower())
            except ValueError:
                raise TablecalcError(_("unknown holder place {value}: expected none or last").format(
                    value=quoted(str(holder_place)))) from None
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
        return with_changes(self, changes, PRESETS)

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
        text = f"{self.name}: {order}, {ops}, {inter}, simplest judged against {scope}"
        # the round options are named only when they differ from the defaults, so a one-turn
        # verdict reads as it always has
        extra = []
        if self.jokers != 12:
            extra.append(f"{self.jokers} jokers")
        if self.hand_size != 7:
            extra.append(f"{self.hand_size} cards dealt")
        if not self.joker_on_joker:
            extra.append("no joker on a joker laid alone")
        if self.play_drawn:
            extra.append("a drawn card may be played at once")
        if self.holder_place is HolderPlace.LAST:
            extra.append("the player left holding cards takes the last place")
        return ", ".join([text, *extra])

    def as_dict(self) -> dict:
        return {
            "preset": self.name,
            "order": self.order.value,
            "ops": render_ops(self.ops),
            "intermediates": self.intermediates.value,
            "simplest": self.simplest.value,
            "penalty_draw": self.penalty_draw,
            "coup_points": self.coup_points,
            "jokers": self.jokers,
            "hand_size": self.hand_size,
            "joker_on_joker": self.joker_on_joker,
            "play_drawn": self.play_drawn,
            "holder_place": self.holder_place.value,
        }

    @property
    def jokers_per_kind(self) -> int:
        """Copies of each joker kind in a round's deck (12 jokers = 3 of each of the 4 kinds)."""
        return self.jokers // 4


def _whole(value, what: str) -> int:
    if isinstance(value, bool):
        raise TablecalcError(_("bad {what} {value}: expected a whole number").format(what=what, value=quoted(str(value))))
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not text.isdigit() or len(text) > 6:
        raise TablecalcError(_("bad {what} {value}: expected a whole number").format(what=what, value=quoted(text)))
    return int(text)


def _flag(value, what: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise TablecalcError(_("bad {what} {value}: expected true or false").format(what=what, value=quoted(str(value))))


PRESETS: dict[str, Rules] = {
    "beginner": Rules(name="beginner", ops=parse_ops("+-")),
    "basic": Rules(name="basic"),
    "parentheses": Rules(name="parentheses", order=Order.TREE),
    "confirmed": Rules(name="confirmed", jokers=8),
    "experienced": Rules(name="experienced", jokers=4),
}
"""The named presets: beginner (+ and − only), basic (left to right), parentheses; and the
seed's joker levels: beginner and basic play with all 12 jokers, confirmed with 8,
experienced with 4."""

_PRESET_ALIASES = {"debutant": "beginner", "débutant": "beginner", "brackets": "parentheses", "parenthèses": "parentheses",
                   "confirme": "confirmed", "confirmé": "confirmed", "experimente": "experienced",
                   "expérimenté": "experienced"}
