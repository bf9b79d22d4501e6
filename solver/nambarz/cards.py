"""Nambarz cards, the deck they come from, and the concordance between two cards.

A card is a *symbol* card (a number only, written ``6``), a *drawing* card (a number
with an animal, written ``3-bee`` or in French ``3-abeille``) or a *joker* (written by
its kind: ``change-number``, ``change-drawing``, ``change-number-or-drawing``,
``play-again``, or the French ``change-chiffre``, ``rejouer``...).

>>> deck = Deck.default()
>>> deck.parse_card("3-abeille"), str(deck.parse_card("3-abeille"))
(Card(number=3, animal='bee', joker=None), '3-bee')
>>> [str(c) for c in deck.parse_hand("6 5, 2 10 rejouer")]
['6', '5', '2', '10', 'play-again']
>>> deck.parse_card("3-lion")
Traceback (most recent call last):
...
solver.errors.TablecalcError: there is no 3-lion card in the deck: the drawing cards numbered 3 are 3-bee, 3-hippo

Concordance: one card covers another when it has the same number, or when both are
drawing cards with the same animal.

What a player covers is a number card, or a change joker laid alone and what it announced
(:class:`Announcement`, read by :func:`parse_cover`): then one card of that number or drawing.

>>> top = deck.parse_card("3-bee")
>>> [is_concordant(deck.parse_card(c), top) for c in ("3", "3-hippo", "8-bee", "8-lion", "5-cat")]
[True, True, True, False, False]
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterable

from solver.errors import TablecalcError, quoted
from solver.i18n import NP_, _, pgettext
from solver.parsing import DataFile, Fields, closest, parse_toml

__all__ = ["Family", "Card", "Deck", "is_concordant", "card_name", "ANIMAL", "JOKER", "JokerKind", "joker_kind",
           "Announcement", "Cover", "read_announcement", "parse_cover"]

ANIMAL = "nambarz animal"
"""The gettext context of an animal's name (``pgettext(ANIMAL, "bee")``)."""
JOKER = "nambarz joker"
"""The gettext context of a joker's name."""

# the names of the built-in deck, marked for the catalogues (a deck file's other animals stay as
# written); every one of them is also one of the names the deck file lists, so it reads back
_NAMES = (
    NP_(ANIMAL, "bee"), NP_(ANIMAL, "hippo"), NP_(ANIMAL, "cat"), NP_(ANIMAL, "dog"), NP_(ANIMAL, "owl"),
    NP_(ANIMAL, "fish"), NP_(ANIMAL, "frog"), NP_(ANIMAL, "lion"), NP_(ANIMAL, "snail"), NP_(ANIMAL, "mouse"),
    NP_(JOKER, "change-number"), NP_(JOKER, "change-drawing"), NP_(JOKER, "change-number-or-drawing"),
    NP_(JOKER, "play-again"),
)


def card_name(card) -> str:
    """A card (or its name) as the player's language writes it, in a form the deck reads back:
    ``3-bee`` in English, ``3-abeille`` in French, ``3-bij`` in Dutch.

    >>> from solver.i18n import use
    >>> _ = use("fr"); card_name("3-bee"), card_name("play-again"), card_name("7"); _ = use("en")
    ('3-abeille', 'rejouer', '7')
    """
    text = str(card)
    m = re.fullmatch(r"([0-9]+)-(.+)", text)
    if m:
        return f"{m.group(1)}-{pgettext(ANIMAL, m.group(2))}"
    return pgettext(JOKER, text) if text and not text[0].isdigit() else text


class Family(enum.StrEnum):
    """A calculation uses cards of one family only."""

    SYMBOL = "symbol"
    DRAWING = "drawing"
    JOKER = "joker"


_SYMBOL_WORDS = {"symbol", "symbole", "symbool", "sym", "s"}


MAX_NUMBER = 100
"""The highest card number a deck file may have (the game's cards run 1-10)."""
MAX_COPIES = 20
"""The most copies of one card a deck file may have."""

@dataclass(frozen=True)
class Card:
    """One Nambarz card: ``number`` and ``animal`` for number cards, ``joker`` for jokers."""

    number: int | None = None
    animal: str | None = None
    joker: str | None = None

    @property
    def family(self) -> Family:
        if self.joker:
            return Family.JOKER
        return Family.DRAWING if self.animal else Family.SYMBOL

    @property
    def is_joker(self) -> bool:
        return self.joker is not None

    def sort_key(self) -> tuple:
        """Symbol cards, then drawing cards, then jokers; by number, then animal."""
        order = 2 if self.joker else 1 if self.animal else 0  # the order of self.family, read without it
        return (order, self.number or 0, self.animal or "", self.joker or "")

    def __lt__(self, other: "Card") -> bool:
        return self.sort_key() < other.sort_key()

    def __str__(self) -> str:
        if self.joker:
            return self.joker
        return f"{self.number}-{self.animal}" if self.animal else str(self.number)

    @property
    def exact_name(self) -> str:
        """The card's name with nothing left to the reader: ``3-symbol`` for the symbol card
        (a bare ``3`` may stand for any card numbered 3), otherwise as :meth:`__str__` writes it.

        >>> Card(3).exact_name, Card(3, "bee").exact_name
        ('3-symbol', '3-bee')
        """
        return f"{self.number}-symbol" if self.family is Family.SYMBOL else str(self)


def _did_you_mean(word: str, choices) -> str:
    """`` (did you mean 'X'?)``, in the language of the sentence it ends (see :func:`solver.parsing.did_you_mean`)."""
    close = closest(word, choices)
    return " " + _("(did you mean {choice}?)").format(choice=repr(close)) if close else ""


def is_concordant(card: Card, top: Card) -> bool:
    """Whether ``card`` alone may cover ``top``: same number, or same drawing (drawing cards only)."""
    if card.is_joker or top.is_joker:
        return False
    if card.number == top.number:
        return True
    return card.animal is not None and card.animal == top.animal


@dataclass(frozen=True)
class Deck(DataFile):
    """The cards of a Nambarz box and how many copies of each; loaded from a TOML file."""

    SHIPPED = ('solver.data', 'nambarz_deck.toml')

    low: int
    high: int
    symbol_copies: int
    drawing_copies: int
    animals: dict[str, tuple[int, ...]]
    animal_names: dict[str, str]  # any accepted name (lower case) -> canonical name
    confirmed: frozenset[tuple[str, int]]  # (animal, number) pairs the published rules confirm
    jokers: dict[str, int]
    joker_names: dict[str, str]
    source: str = "built-in"

    # -- loading -------------------------------------------------------------

    @classmethod
    def from_toml(cls, text: str, source: str = "<string>") -> "Deck":
        f = Fields(parse_toml(text, source), source, "deck file")
        low, high = f.ints("numbers", 1, MAX_NUMBER, length=2)
        if low > high:
            raise TablecalcError(_("deck file {source}: numbers = [{low}, {high}] must go from the lowest up").format(source=repr(source), low=low, high=high))
        animals: dict[str, tuple[int, ...]] = {}
        names: dict[str, str] = {}
        confirmed = set()
        for name, spec in f.tables("animals", default={}).items():
            key = name.lower()
            animals[key] = spec.ints("numbers", low, high, max_len=MAX_NUMBER)
            for alias in [key, *spec.texts("names", default=())]:
                names[alias.lower()] = key
            confirmed.update((key, n) for n in spec.ints("confirmed", low, high, max_len=MAX_NUMBER, default=()))
        jokers: dict[str, int] = {}
        jnames: dict[str, str] = {}
        for name, spec in f.tables("jokers", max_count=20, default={}).items():
            key = name.lower()
            jokers[key] = spec.int("copies", 0, MAX_COPIES, default=0)
            for alias in [key, *spec.texts("names", default=())]:
                jnames[alias.lower()] = key
        deck = cls(
            low=low,
            high=high,
            symbol_copies=f.int("symbol_copies", 0, MAX_COPIES, default=4),
            drawing_copies=f.int("drawing_copies", 0, MAX_COPIES, default=2),
            animals=animals,
            animal_names=names,
            confirmed=frozenset(confirmed),
            jokers=jokers,
            joker_names=jnames,
            source=source,
        )
        return deck

    # -- contents -----------------------------------------------------------

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds (0 for a card that does not exist)."""
        if card.joker:
            return self.jokers.get(card.joker, 0)
        if card.number is None or not self.low <= card.number <= self.high:
            return 0
        if card.animal is None:
            return self.symbol_copies
        return self.drawing_copies if card.number in self.animals.get(card.animal, ()) else 0

    def cards(self) -> list[Card]:
        """Every distinct card of the deck, symbol cards first, then drawing cards, then jokers."""
        out = [Card(n) for n in range(self.low, self.high + 1)]
        out += sorted(
            (Card(n, a) for a, nums in self.animals.items() for n in nums),
            key=lambda c: (c.number, c.animal),
        )
        out += [Card(joker=j) for j in self.jokers]
        return out

    def with_jokers(self, per_kind: int) -> "Deck":
        """The same deck with at most ``per_kind`` copies of each joker (the seed's levels:
        3, 2 or 1 of each kind for 12, 8 or 4 jokers).

        >>> Deck.default().with_jokers(1).size()
        84
        """
        jokers = {k: min(n, per_kind) for k, n in self.jokers.items()}
        if jokers == self.jokers:
            return self
        return replace(self, jokers=jokers)

    def stock(self) -> list[Card]:
        """Every card of the deck, each as many times as it has copies, in :meth:`cards` order."""
        return [c for c in self.cards() for _ in range(self.copies(c))]

    def is_confirmed(self, card: Card) -> bool:
        """Whether the published rules confirm this card (symbol cards and jokers always are)."""
        return card.animal is None or (card.animal, card.number) in self.confirmed

    def size(self) -> int:
        return sum(self.copies(c) for c in self.cards())

    def as_dict(self) -> dict:
        """The deck as JSON data: its source, size and every card with its copies and whether it is confirmed."""
        cards = [{"card": str(c), "family": str(c.family), "copies": self.copies(c), "confirmed": self.is_confirmed(c)}
                 for c in self.cards()]
        return {"source": self.source, "size": self.size(), "cards": cards}

    def drawings_on(self, number: int) -> list[str]:
        return sorted(a for a, nums in self.animals.items() if number in nums)

    # -- parsing ------------------------------------------------------------

    def parse_card(self, text: str) -> Card:
        """Read one card as a player types it; raises :class:`TablecalcError` if it is not in the deck."""
        t = text.strip().lower()
        if not t:
            raise TablecalcError(_("empty card: expected a number like 6, a drawing card like {example}, or a joker").format(
                example=card_name("3-bee")))
        if t in self.joker_names:
            return Card(joker=self.joker_names[t])
        jokers = ", ".join(card_name(j) for j in self.jokers)
        m = re.fullmatch(r"([0-9]{1,12})(?:-([^\W\d_][\w'-]*))?", t)
        if not m:
            hint = _did_you_mean(t, self.joker_names) if t != "joker" else ""
            if hint:  # a mistyped joker
                raise TablecalcError(_("not a card: {text}{hint}: expected a number, number-animal or a joker").format(
                    text=quoted(text), hint=hint))
            if t == "joker":
                raise TablecalcError(_("which joker? {text} is ambiguous: expected one of {jokers}").format(
                    text=quoted(text), jokers=jokers))
            raise TablecalcError(
                _("not a card: {text}: expected a number {low}-{high} (symbol card), number-animal like {example} "
                  "(drawing card), or a joker ({jokers})").format(
                    text=quoted(text), low=self.low, high=self.high, example=card_name("3-bee"), jokers=jokers)
            )
        number = int(m.group(1))
        if not self.low <= number <= self.high:
            raise TablecalcError(
                _("there is no card numbered {number} ({text}): Nambarz numbers run {low}-{high}").format(
                    number=number, text=quoted(text), low=self.low, high=self.high)
            )
        word = m.group(2)
        if word is None or word in _SYMBOL_WORDS:
            return Card(number)
        animal = self.animal_names.get(word)
        if animal is None:
            names = [f"{number}-{alias}" for alias, a in self.animal_names.items() if number in self.animals[a]]
            hint = _did_you_mean(f"{number}-{word}", names or [f"{n}-{alias}" for alias, a in self.animal_names.items()
                                                              for n in self.animals[a]])
            raise TablecalcError(
                _("unknown drawing {word} in {text}{hint}: expected one of {animals}").format(
                    word=quoted(word), text=quoted(text), hint=hint,
                    animals=", ".join(sorted(card_name(f"1-{a}")[2:] for a in self.animals)))
            )
        card = Card(number, animal)
        if not self.copies(card):
            on = ", ".join(card_name(f"{number}-{a}") for a in self.drawings_on(number)) or _("none")
            raise TablecalcError(
                _("there is no {card} card in the deck: the drawing cards numbered {number} are {cards}").format(
                    card=card_name(card), number=number, cards=on)
            )
        return card

    def parse_hand(self, text: str) -> list[Card]:
        """Read cards separated by spaces or commas."""
        return [self.parse_card(tok) for tok in re.split(r"[\s,;]+", text.strip()) if tok]

    def check_available(self, cards: Iterable[Card], what: str = "these cards") -> None:
        """Raise if ``cards`` hold more copies of a card than the deck has."""
        for card, n in sorted(Counter(cards).items()):
            have = self.copies(card)
            if n > have:
                raise TablecalcError(
                    _("impossible {what}: {n} × {card} but the deck has only {have} (see the deck with 'tablecalc nambarz deck')").format(what=what, n=n, card=card, have=have)
                )


# ---------------------------------------------------------------- jokers and what is on top


class JokerKind(enum.StrEnum):
    """The four jokers of the published deck."""

    CHANGE_NUMBER = "change-number"
    CHANGE_DRAWING = "change-drawing"
    CHANGE_EITHER = "change-number-or-drawing"
    PLAY_AGAIN = "play-again"

    @property
    def announces_number(self) -> bool:
        return self in (JokerKind.CHANGE_NUMBER, JokerKind.CHANGE_EITHER)

    @property
    def announces_drawing(self) -> bool:
        return self in (JokerKind.CHANGE_DRAWING, JokerKind.CHANGE_EITHER)


def joker_kind(card: Card) -> JokerKind:
    """The kind of a joker card; a deck file's joker of another kind has no rule tablecalc knows."""
    try:
        return JokerKind(card.joker)
    except ValueError:
        raise TablecalcError(_("tablecalc knows no rule for the joker {joker}: expected one of {kinds}").format(
            joker=quoted(str(card.joker)), kinds=", ".join(k.value for k in JokerKind))) from None


@dataclass(frozen=True)
class Announcement:
    """What a change joker laid alone announced: a number or a drawing (an animal).

    >>> a = Announcement("change-drawing", animal="cat")
    >>> str(a), a.allows(Card(5, "cat")), a.allows(Card(5)), a.allows(Card(10, "cat"))
    ('change-drawing cat', True, False, True)
    """

    joker: str
    number: int | None = None
    animal: str | None = None

    @property
    def value(self) -> str:
        """``5`` or ``cat``: what was announced."""
        return str(self.number) if self.number is not None else str(self.animal)

    def __str__(self) -> str:
        return f"{self.joker} {self.value}"

    def as_card(self) -> Card:
        """A card standing for the announcement (``Card(5)``, or an animal without a number),
        for the concordance rule of :func:`solver.nambarz.cards.is_concordant`."""
        return Card(self.number) if self.number is not None else Card(None, self.animal)

    def allows(self, card: Card) -> bool:
        """Whether ``card`` laid alone follows the announcement (same number, or same drawing)."""
        return not card.is_joker and is_concordant(card, self.as_card())


Cover = Card | Announcement
"""What the player to move must cover: a number card, or a change joker's announcement."""


def read_announcement(token: str, deck: Deck) -> str:
    """What a change joker announces, as typed: a number of the deck (``5``) or an animal's
    name in any language (``cat``, ``chat``), as the canonical ``5`` or ``cat``.

    >>> read_announcement("chat", Deck.default()), read_announcement("5", Deck.default())
    ('cat', '5')
    """
    t = token.strip().lower()
    if t.isdigit():
        n = int(t[:12])
        if not deck.low <= n <= deck.high or len(t) > 3:
            raise TablecalcError(_("a joker cannot announce {value}: numbers run {low}-{high}").format(
                value=quoted(token), low=deck.low, high=deck.high))
        return str(n)
    animal = deck.animal_names.get(t)
    if animal is None:
        raise TablecalcError(_("a joker cannot announce {value}: expected a number {low}-{high} or a drawing ({animals})").format(
            value=quoted(token), low=deck.low, high=deck.high, animals=", ".join(sorted(deck.animals))))
    return animal


def parse_cover(text: str, deck: Deck) -> Cover:
    """What a player must cover, as written: a number card (``3-bee``), or a change joker laid
    alone and what it announced (``change-number 5``, ``change-drawing cat``, in any language).

    >>> str(parse_cover("change-chiffre 5", Deck.default())), str(parse_cover("3-abeille", Deck.default()))
    ('change-number 5', '3-bee')
    """
    words = str(text).split()
    first = deck.parse_card(words[0]) if words else None
    if first is None:
        raise TablecalcError(_("bad top: expected a card like 3-bee, or a joker laid alone like change-number 5"))
    if not first.is_joker:
        if len(words) != 1:
            raise TablecalcError(_("bad top {text}: expected one card").format(text=quoted(text)))
        return first
    kind = joker_kind(first)
    if kind is JokerKind.PLAY_AGAIN or len(words) != 2:
        raise TablecalcError(_("bad top {text}: a joker on top is a change joker laid alone and what it announced, "
                               "e.g. change-number 5 or change-drawing cat (play-again on top: the card under it "
                               "and the flag 'again')").format(text=quoted(text)))
    said = read_announcement(words[1], deck)
    if said.isdigit() and not kind.announces_number or not said.isdigit() and not kind.announces_drawing:
        raise TablecalcError(_("bad top {text}: a {kind} joker cannot announce {said}").format(
            text=quoted(text), kind=kind.value, said=said))
    return Announcement(kind.value, int(said)) if said.isdigit() else Announcement(kind.value, animal=said)
