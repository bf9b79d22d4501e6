"""Nmbrs! cards: numbers 1–100 in four colours, four jokers, and the deck file they come from.

A card is written as its number, optionally followed by its colour (``14``, ``14r``,
``20g``, ``7-blue``), or ``joker``. On the table, or wherever its value is fixed, a
joker may say which number it stands for: ``joker=20``.

>>> deck = Deck.default()
>>> card = deck.parse_card("14r")
>>> card, str(card)
(Card(number=14, colour=<Colour.RED: 'red'>), '14r')
>>> [str(c) for c in deck.parse_hand("14r, 20 joker 26-orange")]
['14r', '20', 'joker', '26o']
>>> deck.parse_card("14x")
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown colour 'x' in '14x': expected r (red), g (green), b (blue) or o (orange)

The deck has one card of each number, so a number typed without a colour takes the
deck file's colour for it; a typed colour wins (the official colour table is not
published, so a box may differ from the shipped file). Points come from the deck file
and are an estimate (see ``solver/data/nmbrs_deck.toml``):

>>> deck.colour_of(deck.parse_card("14")), deck.colour_of(card), deck.points_of(card), deck.points_estimated
(<Colour.GREEN: 'green'>, <Colour.RED: 'red'>, 3, True)
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterable, Mapping

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.parsing import DataFile, Fields, is_whole, parse_toml

__all__ = ["Colour", "Card", "Placed", "Deck", "JOKER", "is_free_joker", "fixed_value"]


class Colour(enum.StrEnum):
    """The four card colours; the value is the stable JSON name."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    ORANGE = "orange"

    @property
    def letter(self) -> str:
        """The one-letter form used in card notation (``14r``)."""
        return self.value[0]

    @classmethod
    def parse(cls, word: str, text: str | None = None) -> "Colour":
        """A colour from its letter or its English or Dutch name (``r``, ``red``, ``rood``...)."""
        c = _COLOUR_WORDS.get(word.strip().lower())
        if c is None:
            raise TablecalcError(
                _("unknown colour {word} in {text}: expected r (red), g (green), b (blue) or o (orange)").format(
                    word=quoted(word), text=repr(text or word))
            )
        return c


_COLOUR_WORDS = {
    **{c.value: c for c in Colour},
    **{c.letter: c for c in Colour},
    "rood": Colour.RED, "groen": Colour.GREEN, "blauw": Colour.BLUE, "oranje": Colour.ORANGE,
}
_JOKER_WORDS = {"joker", "jokers", "j", "*"}


MAX_NUMBER = 100
"""The highest card number a deck file may have (the game's cards run 1-100)."""
MAX_JOKERS = 20
"""The most jokers a deck file may have (the game has 4)."""

@dataclass(frozen=True)
class Card:
    """One Nmbrs! card: ``number`` 1–100 (``None`` for a joker) and the ``colour`` typed, if any.

    Two cards with the same number are the same physical card (the deck has one of
    each); ``colour`` is only what the player wrote.
    """

    number: int | None = None
    colour: Colour | None = None

    @property
    def is_joker(self) -> bool:
        return self.number is None

    def __str__(self) -> str:
        if self.number is None:
            return "joker"
        return f"{self.number}{self.colour.letter if self.colour else ''}"

    def sort_key(self) -> tuple:
        """Numbered cards by number, then jokers."""
        return (self.number is None, self.number or 0, self.colour.value if self.colour else "")


JOKER = Card()
"""The joker (all four are alike)."""


@dataclass(frozen=True)
class Placed:
    """A card lying at a number: a numbered card at its own number, or a joker standing for ``value``.

    >>> str(Placed(JOKER, 20)), str(Placed(Card(14, Colour.RED), 14))
    ('joker=20', '14r')
    """

    card: Card
    value: int

    @property
    def is_joker(self) -> bool:
        return self.card.is_joker

    def __str__(self) -> str:
        return f"joker={self.value}" if self.card.is_joker else str(self.card)


def is_free_joker(c: Card | Placed) -> bool:
    """Whether a typed card is a joker whose number is not written (``joker``, not ``joker=20``).

    >>> is_free_joker(JOKER), is_free_joker(Placed(JOKER, 20)), is_free_joker(Card(7))
    (True, False, False)
    """
    return isinstance(c, Card) and c.is_joker


def fixed_value(c: Card | Placed) -> int:
    """The number a typed card lies at: a placed card's value, a numbered card's number."""
    return c.value if isinstance(c, Placed) else c.number  # type: ignore[return-value]


_CARD = re.compile(r"([0-9]{1,12})\s*-?\s*([^\W\d_]*)")


@dataclass(frozen=True)
class Deck(DataFile):
    """The Nmbrs! box: numbers ``low``–``high``, ``jokers`` jokers, a colour and points per number.

    ``points_estimated`` says that the points are tablecalc's difficulty estimate, not
    the printed values; ``rules_note`` names the rules that narrowed the range (the simple
    version plays with 1–50).
    """

    SHIPPED = ('solver.data', 'nmbrs_deck.toml')

    low: int
    high: int
    jokers: int
    colours: Mapping[int, Colour]
    points: Mapping[int, int]
    points_estimated: bool = True
    colours_assumed: bool = True
    source: str = "built-in"
    rules_note: str = ""

    # -- loading -------------------------------------------------------------

    @classmethod
    def from_toml(cls, text: str, source: str = "<string>") -> "Deck":
        """Read a deck file: ``numbers = [1, 100]``, ``jokers = 4`` and ``[cards]`` with one line per number."""
        f = Fields(parse_toml(text, source), source, "deck file")
        low, high = f.ints("numbers", 1, MAX_NUMBER, length=2)
        if low != 1:
            raise f.error("numbers", [low, high], "[1, N]: the cards start at 1")
        colours: dict[int, Colour] = {}
        points: dict[int, int] = {}
        for key, spec in f.tables("cards", max_count=MAX_NUMBER).items():
            if not is_whole(key):
                raise f.error("cards", key, "lines named by card numbers, like 14 = { colour = \"red\", points = 2 }")
            n = int(key)
            colour = spec.text("colour", 10)
            try:
                colours[n] = Colour.parse(colour, f"deck card {key}")
            except TablecalcError as e:
                raise TablecalcError(_("deck file {source}: {e}").format(source=quoted(source), e=e)) from None
            points[n] = spec.int("points", 1, 3)
        deck = cls(
            low=low,
            high=high,
            jokers=f.int("jokers", 0, MAX_JOKERS, default=4),
            colours=colours,
            points=points,
            points_estimated=f.flag("points_estimated", default=True),
            colours_assumed=f.flag("colours_assumed", default=True),
            source=source,
        )
        missing = [n for n in range(low, high + 1) if n not in colours]
        extra = sorted(n for n in colours if not low <= n <= high)
        if missing or extra:
            what = f"no line for {missing[0]}" if missing else f"a line for {extra[0]}, outside {low}-{high}"
            raise TablecalcError(_("deck file {source} has {what}: expected one line per number {low}-{high}").format(source=repr(source), what=what, low=low, high=high))
        return deck

    def limited(self, high: int, note: str) -> "Deck":
        """The same deck with only the numbers up to ``high`` (the simple version plays 1–50)."""
        if high >= self.high:
            return self
        return replace(self, high=high, rules_note=note)

    # -- contents -----------------------------------------------------------

    def colour_of(self, card: Card, value: int | None = None) -> Colour | None:
        """The colour a card shows: as typed, else the deck file's; ``None`` for a joker.

        ``value`` (a joker's number) is ignored; see :meth:`Rules.joker_colour`.
        """
        if card.is_joker:
            return None
        return card.colour or self.colours[card.number]

    def points_of(self, card: Card) -> int:
        """The card's points (an estimate with the shipped deck); a joker is worth 0."""
        return 0 if card.is_joker else self.points[card.number]

    def cards(self) -> list[Card]:
        """Every card of the deck, numbers first, then one entry per joker."""
        return [Card(n, self.colours[n]) for n in range(self.low, self.high + 1)] + [JOKER] * self.jokers

    def size(self) -> int:
        return self.high - self.low + 1 + self.jokers

    # -- parsing ------------------------------------------------------------

    def _range_text(self) -> str:
        if self.rules_note:
            return _("Nmbrs! cards run {low}-{high} in the {rules} rules").format(
                low=self.low, high=self.high, rules=self.rules_note)
        return _("Nmbrs! cards run {low}-{high}").format(low=self.low, high=self.high)

    def parse_placed(self, text: str) -> tuple[Card, int | None]:
        """One card with the number it stands for: ``joker=20`` gives ``(JOKER, 20)``, ``14r`` gives ``(14r, 14)``.

        A joker without ``=N`` gives ``(JOKER, None)``.
        """
        t = text.strip()
        if "=" in t:
            left, _equals, right = t.partition("=")
            card = self.parse_card(left)
            value = self.parse_number(right, text)
            if not card.is_joker:
                if value != card.number:
                    raise TablecalcError(
                        _("{text}: only a joker can stand for another number; write joker={value}").format(text=quoted(text), value=value)
                    )
                return card, value
            return card, value
        card = self.parse_card(t)
        return card, card.number

    def parse_typed(self, text: str) -> "Card | Placed":
        """A card as a move or a sequence names it: a :class:`Placed` joker when its number is
        given (``joker=20``), else the card itself.

        >>> d = Deck.default()
        >>> d.parse_typed("joker=20"), d.parse_typed("14r"), d.parse_typed("joker")
        (Placed(card=Card(number=None, colour=None), value=20), Card(number=14, colour=<Colour.RED: 'red'>), Card(number=None, colour=None))
        """
        card, value = self.parse_placed(text)
        return Placed(card, value) if card.is_joker and value is not None else card

    def parse_number(self, text: str, context: str | None = None) -> int:
        """A number of the deck (``20``), as a joker's value or a table card."""
        t = text.strip()
        if not is_whole(t):
            raise TablecalcError(_("bad number {t} in {text}: expected a whole number {low}-{high}").format(t=repr(t), text=repr(context or text), low=self.low, high=self.high))
        n = int(t)
        if not self.low <= n <= self.high:
            raise TablecalcError(_("there is no card {n} ({text}): {range_text}").format(n=n, text=repr(context or text), range_text=self._range_text()))
        return n

    def parse_card(self, text: str) -> Card:
        """Read one card as a player types it; raises :class:`TablecalcError` if it is not in the deck."""
        t = text.strip()
        if not t:
            raise TablecalcError(_("empty card: expected a number like 14, a number with a colour like 14r, or joker"))
        if t.lower() in _JOKER_WORDS:
            return JOKER
        m = _CARD.fullmatch(t)
        if not m:
            raise TablecalcError(
                _("not a card: {text}: expected a number {low}-{high} with an optional colour (14, 14r, 20g, 7-blue) "
                  "or joker").format(text=quoted(text), low=self.low, high=self.high)
            )
        number = int(m.group(1))
        if not self.low <= number <= self.high:
            raise TablecalcError(_("there is no card {number} ({text}): {range_text}").format(number=number, text=quoted(text), range_text=self._range_text()))
        colour = Colour.parse(m.group(2), text) if m.group(2) else None
        return Card(number, colour)

    def parse_hand(self, text: str, what: str = "hand") -> list[Card]:
        """Read cards separated by spaces or commas; the same number twice or too many jokers is an error.

        >>> Deck.default().parse_hand("14 14r")
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: impossible hand '14 14r': 14 is there twice but the deck has one card of each number
        """
        cards = [self.parse_card(tok) for tok in split_cards(text)]
        if not cards:
            raise TablecalcError(_("the {what} is empty: expected cards like \"14r 20 26 joker\"").format(what=what))
        self.check_available(cards, f"{what} {quoted(text.strip())}")
        return cards

    def check_available(self, cards: Iterable[Card], what: str) -> None:
        """Raise if ``cards`` hold a number twice or more jokers than the deck has."""
        counts = Counter(c.number for c in cards)
        for n, k in sorted(counts.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)):
            if n is None:
                if k > self.jokers:
                    raise TablecalcError(_("impossible {what}: {k} jokers but the deck has {jokers}").format(what=what, k=k, jokers=self.jokers))
            elif k > 1:
                raise TablecalcError(
                    _("impossible {what}: {n} is there twice but the deck has one card of each number").format(what=what, n=n)
                )


def split_cards(text: str) -> list[str]:
    """The card tokens of a typed list (spaces, commas or semicolons between cards)."""
    return [tok for tok in re.split(r"[\s,;]+", text.strip()) if tok]
