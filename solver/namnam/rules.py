"""The Nam Nam rule options a table chooses before play, as one frozen :class:`Rules` object.

>>> Rules.preset("standard").describe()
'standard: counter-clockwise sowing, a grand slam may be played and captures nothing, seeds left go to the owner of their row'
>>> Rules.preset("standard").with_options(direction="cw").name
'standard+custom'
>>> Rules.preset("standard").with_options(direction="horaire").direction.value
'cw'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from solver.errors import TablecalcError, quoted
from solver.parsing import pick_preset, with_changes

__all__ = ["Rules", "Direction", "GrandSlam", "Leftover", "PRESETS"]


class Direction(enum.StrEnum):
    """The direction of sowing, chosen once for the whole game."""

    CCW = "ccw"
    """Counter-clockwise (the seed's default): from a player's left towards their right, then on into
    the opponent's row."""
    CW = "cw"
    """Clockwise: from a player's right towards their left."""


class GrandSlam(enum.StrEnum):
    """What happens to a move whose captures would take every seed of the opponent's row."""

    NO_CAPTURE = "no-capture"
    """The seed's rule: the move may be played, but captures nothing (the opponent is not starved)."""
    FORBIDDEN = "forbidden"
    """A common variant (abapa): such a move is illegal unless every legal move is one."""


class Leftover(enum.StrEnum):
    """Who takes the seeds still on the board when the game ends (no feeding move, or an endless cycle)."""

    OWN_ROW = "own-row"
    """Each player takes the seeds of their own row (the default)."""
    CANNOT_FEED = "cannot-feed-takes-all"
    """The player who cannot feed the opponent takes every seed left (after a cycle: each their own row)."""


@dataclass(frozen=True)
class Rules:
    """Every Nam Nam rule option; build one with :meth:`preset` and :meth:`with_options`.

    * ``direction``: ``ccw`` (default) or ``cw``; pits are always numbered 1-6 from each
      player's own left, so the direction decides which way the seeds run;
    * ``grand_slam``: ``no-capture`` (default, the seed) or ``forbidden``;
    * ``leftover``: ``own-row`` (default: at the end each player takes the seeds of their own
      row) or ``cannot-feed-takes-all``. The two agree on every end the rules can reach: when
      the player to move cannot feed, the starving opponent's row is empty, so every seed left
      is in the row of the player who cannot feed (a property test checks it).

    Fixed by the seed (not options): 12 or more seeds skip the starting pit on every lap;
    captures of 2 or 3 run backwards from the last pit while in the opponent's row; feeding a
    starving opponent is compulsory and the game ends when it is impossible.
    """

    name: str = "standard"
    direction: Direction = Direction.CCW
    grand_slam: GrandSlam = GrandSlam.NO_CAPTURE
    leftover: Leftover = Leftover.OWN_ROW

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """One of :data:`PRESETS`: ``standard`` (the default), ``clockwise`` or ``no-grand-slam``."""
        return pick_preset(name, PRESETS, _PRESET_ALIASES)

    def with_options(self, *, direction: str | Direction | None = None,
                     grand_slam: str | GrandSlam | None = None, leftover: str | Leftover | None = None) -> "Rules":
        """A copy with some options changed; its name gets ``+custom`` when anything differs."""
        changes: dict = {}
        if direction is not None:
            changes["direction"] = _pick(Direction, direction, "direction", _DIRECTION_ALIASES)
        if grand_slam is not None:
            changes["grand_slam"] = _pick(GrandSlam, grand_slam, "grand slam rule", {})
        if leftover is not None:
            changes["leftover"] = _pick(Leftover, leftover, "leftover rule", {"cannot-feed": "cannot-feed-takes-all"})
        return with_changes(self, changes, PRESETS)

    def describe(self) -> str:
        way = "counter-clockwise" if self.direction is Direction.CCW else "clockwise"
        slam = ("a grand slam may be played and captures nothing" if self.grand_slam is GrandSlam.NO_CAPTURE
                else "a grand slam is forbidden unless it is the only kind of move")
        left = ("seeds left go to the owner of their row" if self.leftover is Leftover.OWN_ROW
                else "the player who cannot feed takes the seeds left")
        return f"{self.name}: {way} sowing, {slam}, {left}"

    def as_dict(self) -> dict:
        return {"preset": self.name, "direction": self.direction.value, "grand_slam": self.grand_slam.value,
                "leftover": self.leftover.value}


def _pick(enum_type, value, what: str, aliases: dict):
    key = str(value).strip().lower()
    key = aliases.get(key, key)
    try:
        return enum_type(key)
    except ValueError:
        raise TablecalcError(
            f"unknown {what} {quoted(value)}: expected one of {', '.join(e.value for e in enum_type)}") from None


PRESETS: dict[str, Rules] = {
    "standard": Rules(name="standard"),
    "clockwise": Rules(name="clockwise", direction=Direction.CW),
    "no-grand-slam": Rules(name="no-grand-slam", grand_slam=GrandSlam.FORBIDDEN),
}
"""The named presets: the seed's rules (counter-clockwise), clockwise sowing, grand slam forbidden."""

_PRESET_ALIASES = {"awale": "standard", "anti-horaire": "standard", "horaire": "clockwise", "abapa": "no-grand-slam"}
_DIRECTION_ALIASES = {"counter-clockwise": "ccw", "anticlockwise": "ccw", "anti-horaire": "ccw",
                      "clockwise": "cw", "horaire": "cw"}
