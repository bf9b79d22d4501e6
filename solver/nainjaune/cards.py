"""The 52 cards of Le Nain Jaune and the ways people write them.

A card is a rank (A 2 … 10 J Q K, 1 to 13) and a suit (clubs, diamonds, hearts, spades).
``str()`` writes it compactly in ASCII — rank then suit letter: ``7d``, ``10d``, ``Qs``,
``Kh``, ``Ac`` — and :func:`parse_card` reads that back, as well as what people type:

* compact: ``7d``, ``QS``, ``10♦``, ``7♦``, ``qs``, French rank letters ``V`` (valet),
  ``D`` (dame), ``R`` (roi): ``Dp`` is *not* read (suit letters are c d h s only);
* words, in English, French or Dutch, with or without ``of``/``de``/``van``:
  ``7 carreau``, ``7 de carreau``, ``dame de pique``, ``queen of spades``,
  ``roi de cœur``, ``as de trèfle``, ``harten vrouw`` is not read (rank first).

>>> parse_card("dame de pique"), parse_card("10♦"), parse_card("7 carreau"), parse_card("QS")
(Card(rank=12, suit='s'), Card(rank=10, suit='d'), Card(rank=7, suit='d'), Card(rank=12, suit='s'))
>>> [str(c) for c in parse_cards("7d, valet de trèfle 10♥ as of spades")]
['7d', 'Jc', '10h', 'As']
>>> parse_card("11d")
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown card '11d': expected a rank A 2-10 J Q K (or V D R, as, valet, dame, roi...) and a suit c d h s (♣ ♦ ♥ ♠, trèfle, carreau, cœur, pique...), e.g. 7d, QS, 10♦, dame de pique
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _

__all__ = ["SUITS", "RANKS", "SUIT_WORDS", "Card", "parse_card", "parse_cards", "parse_rank", "rank_text", "full_deck",
           "format_cards", "split_tokens", "CARD_HELP"]

SUITS = "cdhs"
"""Clubs, diamonds, hearts, spades: the suit letters of the notation."""
RANKS = tuple(range(1, 14))
"""A = 1 … 10, J = 11, Q = 12, K = 13."""
KING = 13

_RANK_LETTER = {1: "A", 11: "J", 12: "Q", 13: "K"}
_SUIT_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

_RANK_WORDS: dict[str, int] = {
    "a": 1, "1": 1, "as": 1, "ace": 1, "aas": 1,
    "j": 11, "v": 11, "valet": 11, "jack": 11, "boer": 11,
    "q": 12, "d": 12, "dame": 12, "queen": 12, "vrouw": 12,
    "k": 13, "r": 13, "roi": 13, "king": 13, "heer": 13,
    **{str(n): n for n in range(2, 11)},
}
SUIT_WORDS: dict[str, str] = {
    "c": "c", "♣": "c", "♧": "c", "club": "c", "clubs": "c", "trèfle": "c", "trefle": "c", "trèfles": "c",
    "trefles": "c", "klaveren": "c", "klaver": "c",
    "d": "d", "♦": "d", "♢": "d", "diamond": "d", "diamonds": "d", "carreau": "d", "carreaux": "d", "ruiten": "d",
    "h": "h", "♥": "h", "♡": "h", "heart": "h", "hearts": "h", "cœur": "h", "coeur": "h", "cœurs": "h",
    "coeurs": "h", "harten": "h",
    "s": "s", "♠": "s", "♤": "s", "spade": "s", "spades": "s", "pique": "s", "piques": "s", "schoppen": "s",
}
"""Every way people write a suit (letter, symbol, English, French or Dutch word), as its letter."""
_FILLERS = {"de", "of", "van", "d'"}
_COMPACT = re.compile(r"(10|[2-9]|[1ajqkvdr])\s*([cdhs♣♦♥♠♧♢♡♤])")

CARD_HELP = N_("a rank A 2-10 J Q K (or V D R, as, valet, dame, roi...) and a suit c d h s "
             "(♣ ♦ ♥ ♠, trèfle, carreau, cœur, pique...), e.g. 7d, QS, 10♦, dame de pique")


@dataclass(frozen=True, order=True)
class Card:
    """One card: ``rank`` 1 (ace) to 13 (king), ``suit`` one of ``c d h s``."""

    rank: int
    suit: str

    def __post_init__(self):
        if self.rank not in RANKS or self.suit not in SUITS or len(self.suit) != 1:
            raise TablecalcError(_("no card of rank {rank} and suit {suit}: expected {card_help}").format(rank=repr(self.rank), suit=repr(self.suit), card_help=_(CARD_HELP)))

    def __str__(self) -> str:
        return f"{rank_text(self.rank)}{self.suit}"

    @property
    def pretty(self) -> str:
        """With the suit's symbol: ``7♦``, ``Q♠``."""
        return f"{rank_text(self.rank)}{_SUIT_SYMBOL[self.suit]}"

    @property
    def points(self) -> int:
        """Face value for the points variant: A-10 their number, J Q K 10."""
        return min(self.rank, 10)


def rank_text(rank: int) -> str:
    """``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return _RANK_LETTER.get(rank, str(rank))


def parse_rank(text: str) -> int:
    """A rank as typed (``10``, ``J``, ``valet``, ``dame``, ``K``...).

    >>> parse_rank("valet"), parse_rank("10"), parse_rank("k")
    (11, 10, 13)
    """
    key = text.strip().lower()
    if key not in _RANK_WORDS:
        raise TablecalcError(_("unknown rank {text}: expected A 2-10 J Q K (or as, valet, dame, roi, jack, queen, king)").format(text=quoted(text)))
    return _RANK_WORDS[key]


def _word_card(words: list[str]) -> Card | None:
    words = [w for w in words if w not in _FILLERS]
    if len(words) == 2 and words[0] in _RANK_WORDS and words[1] in SUIT_WORDS:
        return Card(_RANK_WORDS[words[0]], SUIT_WORDS[words[1]])
    return None


def parse_card(text: str) -> Card:
    """One card as typed (see the module's notes)."""
    t = " ".join(str(text).strip().lower().replace("d’", "d' ").replace("d'", "d' ").split())
    m = _COMPACT.fullmatch(t)
    card = Card(_RANK_WORDS[m.group(1)], SUIT_WORDS[m.group(2)]) if m else _word_card(t.split())
    if card is None:
        raise TablecalcError(_("unknown card {text}: expected {card_help}").format(text=quoted(str(text).strip()), card_help=_(CARD_HELP)))
    return card


def split_tokens(text: str) -> list[str]:
    """``text`` in lower case as words: commas and semicolons are spaces, a suit symbol ends a word."""
    t = str(text).lower().replace("d’", "d' ").replace("d'", "d' ").replace(",", " ").replace(";", " ")
    # a symbol written apart from its rank ("10 ♦") or glued to the next card ("7♦8♣") splits cleanly
    t = re.sub(r"([♣♦♥♠♧♢♡♤])", r"\1 ", t)
    return t.split()


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas, each in any accepted form; ``-`` (or nothing) is no card.

    >>> [str(c) for c in parse_cards("10 ♦ Kh roi de cœur")]
    ['10d', 'Kh', 'Kh']
    >>> parse_cards("-")
    []
    """
    tokens = [tok for tok in split_tokens(text) if tok != "-"]
    cards: list[Card] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        j = i + 1
        while j < len(tokens) and tokens[j] in _FILLERS:
            j += 1
        card = _word_card([tok, tokens[j]]) if j < len(tokens) else None
        if _COMPACT.fullmatch(tok) and (card is None or tokens[j] in _RANK_WORDS):  # "as" alone is A♠
            cards.append(parse_card(tok))
            i += 1
            continue
        if card is None:
            raise TablecalcError(_("unknown card {tok} in {text}: expected {card_help}").format(tok=quoted(tok), text=quoted(str(text).strip()), card_help=_(CARD_HELP)))
        cards.append(card)
        i = j + 1
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in the notation, separated by spaces; ``-`` for none."""
    return " ".join(str(c) for c in cards) or "-"


def full_deck() -> list[Card]:
    """The 52 cards, by suit then rank."""
    return [Card(r, s) for s in SUITS for r in RANKS]
