"""The Ramikubic rule options, as one frozen :class:`Rules` object with named presets.

>>> Rules.preset("standard").describe()
'standard: initial meld >= 20 (a joker counts the tile it stands for), a 1 may end a run after the 10, best lay = most tiles, jokers may be laid, penalty: draw 1, 50 s a turn'
>>> r = Rules.preset("standard").with_options(wrap="full", objective="points")
>>> r.name, r.wrap.value, r.objective.value
('standard+custom', 'full', 'points')
>>> Rules.preset("standard").with_options(wrap="none") == Rules.preset("no-wrap")
False
>>> Rules.preset("standard").with_options(wrap="sideways")
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown wrap 'sideways': expected one of none, end, full
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields

from solver.errors import TablecalcError, quoted
from solver.parsing import is_whole, pick_preset, with_changes

__all__ = ["Rules", "Wrap", "MeldJoker", "Objective", "PRESETS", "MIN_SIZE", "GROUP_MAX"]

MIN_SIZE = 3
"""Every combination has at least 3 tiles (seed)."""
GROUP_MAX = 4
"""A group has at most one tile of each colour, so at most 4 (seed)."""


class _Option(enum.StrEnum):
    """A rule option's values; the value is the stable name used on the command line and in JSON."""


class Wrap(_Option):
    """Whether a run may go on from the highest number back to 1."""

    NONE = "none"
    """Never: 8-9-10 ends a run (Rummikub's rule)."""
    END = "end"
    """Default (seed): a 1 may follow the 10, and then ends the run: 9-10-1, not 10-1-2."""
    FULL = "full"
    """Full wrap-around: 10-1-2 is a run too (at most 11 tiles: only its two ends may share a number)."""


class MeldJoker(_Option):
    """What a joker is worth towards the initial meld's 20 points."""

    STANDS_FOR = "stands-for"
    """Default: the number of the tile it stands for (the best reading of its combination)."""
    JOKER_POINTS = "joker-points"
    """Its end-of-round value (50 with the shipped tiles)."""


class Objective(_Option):
    """What the best lay maximises (ties broken by the other)."""

    TILES = "tiles"
    """Default: the most tiles from the rack."""
    POINTS = "points"
    """The most points from the rack (a joker counts its end-of-round value, 50)."""


@dataclass(frozen=True)
class Rules:
    """Every Ramikubic rule option; build one with :meth:`preset` and :meth:`with_options`.

    * ``meld_points``: the initial meld is worth at least this much (20);
    * ``meld_joker``: a joker in the initial meld counts the tile it ``stands-for`` (default) or its
      ``joker-points``;
    * ``wrap``: ``end`` (default: ...9-10-1), ``none`` or ``full`` (10-1-2 too);
    * ``objective``: the best lay lays the most ``tiles`` (default) or ``points``;
    * ``keep_jokers``: the best lay keeps the rack's jokers (default: no);
    * ``penalty_draw``: tiles drawn for an illegal lay or an overtime turn (1);
    * ``turn_seconds``: the time for a turn (50);
    * ``rack_size``: tiles dealt to each player (14);
    * ``first_turn_not_laid``, ``first_turn_laid``: what opponents lose when a player lays
      every tile on their first turn, if they had laid nothing yet (200) or had laid (100).
    """

    name: str = "standard"
    meld_points: int = 20
    meld_joker: MeldJoker = MeldJoker.STANDS_FOR
    wrap: Wrap = Wrap.END
    objective: Objective = Objective.TILES
    keep_jokers: bool = False
    penalty_draw: int = 1
    turn_seconds: int = 50
    rack_size: int = 14
    first_turn_not_laid: int = 200
    first_turn_laid: int = 100

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """One of :data:`PRESETS`: ``standard`` (the default), ``no-wrap`` or ``wrap``."""
        return pick_preset(name, PRESETS, _PRESET_ALIASES)

    def with_options(self, **options) -> "Rules":
        """A copy with some options changed (``None`` leaves one as it is); the name gets ``+custom``."""
        known = {f.name for f in fields(self)} - {"name"}
        changes: dict = {}
        for key, value in options.items():
            if value is None:
                continue
            if key not in known:
                raise TablecalcError(f"unknown rule option {key!r}: expected one of {', '.join(sorted(known))}")
            current = getattr(self, key)
            if isinstance(current, enum.Enum):
                try:
                    value = type(current)(str(value).strip().lower())
                except ValueError:
                    allowed = ", ".join(o.value for o in type(current))
                    raise TablecalcError(f"unknown {key.replace('_', '-')} {quoted(value)}: expected one of {allowed}") from None
            elif isinstance(current, bool):
                value = bool(value)
            else:
                if isinstance(value, bool) or not is_whole(str(value).strip()):
                    raise TablecalcError(f"bad {key.replace('_', '-')} {quoted(value)}: expected a whole number")
                value = int(value)
                if key in ("turn_seconds", "rack_size") and value < 1:
                    raise TablecalcError(f"bad {key.replace('_', '-')} {value}: expected at least 1")
                if key == "rack_size" and value > 40:
                    raise TablecalcError(f"bad rack-size {value}: expected at most 40 tiles")
            changes[key] = value
        return with_changes(self, changes, PRESETS)

    def describe(self) -> str:
        """One line: every option in words."""
        joker = "a joker counts the tile it stands for" if self.meld_joker is MeldJoker.STANDS_FOR \
            else "a joker counts its end-of-round points"
        wrap = {Wrap.NONE: "no 1 after the 10", Wrap.END: "a 1 may end a run after the 10",
                Wrap.FULL: "runs wrap around (10-1-2)"}[self.wrap]
        jokers = "jokers kept in the rack" if self.keep_jokers else "jokers may be laid"
        return (f"{self.name}: initial meld >= {self.meld_points} ({joker}), {wrap}, best lay = most {self.objective}, "
                f"{jokers}, penalty: draw {self.penalty_draw}, {self.turn_seconds} s a turn")

    def as_dict(self) -> dict:
        out: dict = {"preset": self.name}
        for f in fields(self):
            if f.name != "name":
                v = getattr(self, f.name)
                out[f.name] = v.value if isinstance(v, enum.Enum) else v
        return out


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "no-wrap": Rules(name="no-wrap", wrap=Wrap.NONE),
    "wrap": Rules(name="wrap", wrap=Wrap.FULL),
}
"""The seed's rules (``standard``), and the two other readings of "a 1 may follow the 10"."""

_PRESET_ALIASES = {"seed": "standard", "classic": "standard", "nowrap": "no-wrap", "rummikub": "no-wrap",
                   "wrap-around": "wrap", "full-wrap": "wrap"}
