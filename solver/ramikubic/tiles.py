"""Ramikubic tiles: numbers 1-10 in blue, yellow, green and red, each twice, and four jokers.

A tile is written as its number and a colour letter — English ``7b`` (blue), ``7y``
(yellow), ``7g`` (green), ``7r`` (red) or French ``7bl`` (bleu), ``7ja`` (jaune), ``7ve``
(vert), ``7ro`` (rouge); whole colour names in English, French or Dutch work too (``7-bleu``,
``10 rood``). A joker is ``j``, ``joker`` or ``*``. ``str()`` writes the English letter:

>>> tiles = TileSet.default()
>>> [str(t) for t in tiles.parse_tiles("7b 10ro j 3-jaune, 1vert joker")]
['7b', '10r', 'joker', '3y', '1g', 'joker']
>>> tiles.parse_tile("11b")
Traceback (most recent call last):
...
solver.errors.TablecalcError: there is no tile '11b': the numbers run 1-10
>>> tiles.parse_tile("7x")
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown colour 'x' in '7x': expected b (blue, bleu), y (yellow, jaune), g (green, vert) or r (red, rouge); French bl, ja, ve, ro
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.parsing import DataFile, Fields, parse_toml

__all__ = ["Colour", "Tile", "JOKER", "Combination", "Table", "TileSet", "tiles_text", "MAX_TILES", "MAX_NUMBER",
           "MAX_COPIES", "MAX_JOKERS", "MAX_JOKER_POINTS"]

MAX_TILES = 200
"""The most tiles one typed list may hold (a whole set is 84)."""
MAX_NUMBER = 20
"""The highest number a tile file may give a tile."""
MAX_COPIES = 4
"""The most copies of each numbered tile a tile file may ask for."""
MAX_JOKERS = 8
"""The most jokers a tile file may ask for."""
MAX_JOKER_POINTS = 1000
"""The most a joker left in a rack may cost."""


class Colour(enum.StrEnum):
    """The four tile colours; the value is the stable JSON name."""

    BLUE = "blue"
    YELLOW = "yellow"
    GREEN = "green"
    RED = "red"

    __hash__ = str.__hash__  # as its value hashes (it equals it), in C: a tile is hashed at every count

    @property
    def letter(self) -> str:
        """The English letter used in the notation (``7b``)."""
        return self.value[0]

    @property
    def french(self) -> str:
        """The French two-letter form (``7bl``)."""
        return _FRENCH[self]


_COLOUR_ORDER = tuple(Colour)
_FRENCH = {Colour.BLUE: "bl", Colour.YELLOW: "ja", Colour.GREEN: "ve", Colour.RED: "ro"}
_COLOUR_WORDS: dict[str, Colour] = {
    **{c.value: c for c in Colour}, **{c.letter: c for c in Colour}, **{v: c for c, v in _FRENCH.items()},
    "bleu": Colour.BLUE, "bleue": Colour.BLUE, "jaune": Colour.YELLOW, "vert": Colour.GREEN, "verte": Colour.GREEN,
    "rouge": Colour.RED, "blauw": Colour.BLUE, "geel": Colour.YELLOW, "groen": Colour.GREEN, "rood": Colour.RED,
}
_JOKER_WORDS = frozenset({"j", "jo", "jk", "joker", "jokers", "*"})
_COLOUR_HELP = ("b (blue, bleu), y (yellow, jaune), g (green, vert) or r (red, rouge); French bl, ja, ve, ro")


@dataclass(frozen=True, eq=False)
class Tile:
    """One tile: ``number`` and ``colour``, or both ``None`` for a joker (all jokers are alike).

    Tiles sort by colour (blue, yellow, green, red), then number; jokers last. There is one object
    per tile (``Tile(7, Colour.RED) is Tile(7, Colour.RED)``), so a tile is compared and hashed as
    an object is, in C: a referee counts the tiles of the table at every turn.

    >>> sorted([Tile(7, Colour.RED), JOKER, Tile(9, Colour.BLUE)])
    [Tile(number=9, colour=<Colour.BLUE: 'blue'>), Tile(number=7, colour=<Colour.RED: 'red'>), Tile(number=None, colour=None)]
    >>> Tile(7, Colour.RED) == Tile(7, Colour.RED), Tile(7, Colour.RED) == Tile(7, Colour.BLUE)
    (True, False)
    """

    number: int | None = None
    colour: Colour | None = None

    def __new__(cls, number: int | None = None, colour: Colour | None = None) -> "Tile":
        tile = _TILES.get((number, colour))
        if tile is None:
            tile = _TILES[(number, colour)] = super().__new__(cls)
        return tile

    def __reduce__(self):  # a copy or a pickled tile is the one tile too
        return (Tile, (self.number, self.colour))

    @property
    def is_joker(self) -> bool:
        return self.number is None

    def __str__(self) -> str:
        return "joker" if self.number is None else f"{self.number}{self.colour[0]}"  # type: ignore[index]

    def __lt__(self, other: "Tile") -> bool:  # colour order, then number, jokers last
        return self.sort_key() < other.sort_key()

    def sort_key(self) -> tuple:
        if self.number is None:
            return (1, 0, 0)
        return (0, _COLOUR_ORDER.index(self.colour), self.number)  # type: ignore[arg-type]


_TILES: dict[tuple, "Tile"] = {}
"""Every tile made so far, by number and colour: the one object of each."""
JOKER = Tile()
"""The joker."""

Combination = tuple[Tile, ...]
"""A combination as laid: its tiles, in the order written."""
Table = tuple[Combination, ...]
"""The table: its combinations, in the order written."""


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles in the notation, separated by spaces (``-`` for none).

    >>> tiles_text([Tile(7, Colour.BLUE), JOKER]), tiles_text([])
    ('7b joker', '-')
    """
    return " ".join(map(str, tiles)) or "-"


_TILE = re.compile(r"([0-9]{1,12})\s*-?\s*([^\W\d_]+)")
_EMPTY = frozenset({"-", "none", "nothing", "rien", "aucune", "niets", "empty"})


@dataclass(frozen=True)
class TileSet(DataFile):
    """The box: numbers ``low``-``high`` in ``colours``, ``copies`` of each, ``jokers`` jokers
    worth ``joker_points`` in a rack at the end of a round."""

    SHIPPED = ('solver.ramikubic', 'tiles.toml')
    WHAT = 'tile file'

    low: int = 1
    high: int = 10
    colours: tuple[Colour, ...] = tuple(Colour)
    copies: int = 2
    jokers: int = 4
    joker_points: int = 50
    source: str = "built-in"

    # -- loading -------------------------------------------------------------

    @classmethod
    def from_toml(cls, text: str, source: str = "<string>") -> "TileSet":
        """Read ``numbers = [1, 10]``, ``copies``, ``jokers``, ``joker_points``, ``colours`` (each
        optional, the shipped set's value by default); every field is checked for its type and
        bounds, and a wrong one is named with its file.

        >>> TileSet.from_toml("numbers = [1, 13]\\ncopies = 2\\njokers = 2").high
        13
        >>> TileSet.from_toml("numbers = [1, 99]")
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: tile file '<string>': numbers = [1, 99]: expected a list of 2 whole numbers from 1 to 20
        >>> TileSet.from_toml("copies = inf")
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: tile file '<string>': copies = inf: expected a whole number from 1 to 4
        """
        f = Fields(parse_toml(text, source, "tile file"), source, "tile file")
        low, high = f.ints("numbers", 1, MAX_NUMBER, length=2, default=[1, 10])
        if low + 2 > high:
            raise f.error("numbers", [low, high], f"[LOW, HIGH] with LOW + 2 <= HIGH <= {MAX_NUMBER} "
                                                  "(a run of 3 needs 3 numbers)")
        names = f.texts("colours", default=[c.value for c in Colour])
        known = {c.value: c for c in Colour}
        if not names or len(set(n.lower() for n in names)) != len(names) or any(n.lower() not in known for n in names):
            raise f.error("colours", list(names), f"a list of different colours among {', '.join(known)}")
        return cls(low, high, tuple(known[n.lower()] for n in names), f.int("copies", 1, MAX_COPIES, default=2),
                   f.int("jokers", 0, MAX_JOKERS, default=4), f.int("joker_points", 0, MAX_JOKER_POINTS, default=50),
                   source)

    # -- contents -----------------------------------------------------------

    def kinds(self) -> tuple[Tile, ...]:
        """Every distinct numbered tile, in sort order."""
        return tuple(Tile(n, c) for c in self.colours for n in range(self.low, self.high + 1))

    def all_tiles(self) -> list[Tile]:
        """The whole box: every numbered tile ``copies`` times, then the jokers."""
        return [t for t in self.kinds() for _ in range(self.copies)] + [JOKER] * self.jokers

    def points(self, tile: Tile) -> int:
        """What a tile left in a rack costs: its number, a joker :attr:`joker_points`."""
        return self.joker_points if tile.is_joker else tile.number  # type: ignore[return-value]

    def as_dict(self) -> dict:
        return {"numbers": [self.low, self.high], "colours": [c.value for c in self.colours], "copies": self.copies,
                "jokers": self.jokers, "joker_points": self.joker_points, "source": self.source}

    # -- parsing ------------------------------------------------------------

    def parse_tile(self, text: str) -> Tile:
        """One tile as typed (see the module's notation)."""
        t = text.strip()
        if t.lower() in _JOKER_WORDS:
            return JOKER
        m = _TILE.fullmatch(t)
        if not m:
            raise TablecalcError(_("bad tile {text}: expected a number and a colour like 7b, 10r, 3ja, or j for a joker").format(text=quoted(text)))
        colour = _COLOUR_WORDS.get(m.group(2).lower())
        if colour is None:
            raise TablecalcError(_("unknown colour {group} in {text}: expected {colour_help}").format(group=repr(m.group(2)), text=quoted(text), colour_help=_COLOUR_HELP))
        n = int(m.group(1))
        if not self.low <= n <= self.high:
            raise TablecalcError(_("there is no tile {text}: the numbers run {low}-{high}").format(text=quoted(text), low=self.low, high=self.high))
        if colour not in self.colours:
            raise TablecalcError(_("there is no tile {text}: the set's colours are {choices}").format(text=quoted(text), choices=', '.join(self.colours)))
        return Tile(n, colour)

    def parse_tiles(self, text: str, what: str = "tiles") -> tuple[Tile, ...]:
        """Tiles separated by spaces or commas (``-`` or nothing for none), in the order typed."""
        t = text.strip()
        if t.lower() in _EMPTY:
            return ()
        tokens = _split(t)
        if len(tokens) > MAX_TILES:
            raise TablecalcError(_("too many {what}: {tokens} tiles, expected at most {max_tiles}").format(what=what, tokens=len(tokens), max_tiles=MAX_TILES))
        return tuple(self.parse_tile(tok) for tok in tokens)

    def check_counts(self, tiles: Iterable[Tile], what: str) -> None:
        """Raise when ``tiles`` hold more of one tile than the box has.

        >>> TileSet.default().check_counts(TileSet.default().parse_tiles("7b 7b 7b"), "the rack")
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: the rack: 3 of 7b, but the set has only 2
        """
        for tile, n in sorted(Counter(tiles).items()):
            have = self.jokers if tile.is_joker else self.copies
            if n > have:
                raise TablecalcError(_("{what}: {n} of {tile}, but the set has only {have}").format(what=what, n=n, tile=tile, have=have))


def _split(text: str) -> list[str]:
    """Tokens of a typed tile list: ``7 b`` and ``7-bleu`` are one tile each."""
    spaced = re.sub(r"([0-9])\s*-?\s+(?!(?:j|jo|jk|jokers?)\b)(?=[^\W\d_])", r"\1", text.replace(",", " "))
    return spaced.split()
