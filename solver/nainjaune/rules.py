"""Le Nain Jaune's rule options as one frozen :class:`Rules` object, and the staking board.

The board has five cells, each won by laying its card: the 10 (10♦ by default), the
J♣, the Q♠, the King (K♥ by default) and the 7♦, the "Nain Jaune". Each round every
player stakes 1, 2, 3, 4 and 5 tokens on them; what is left on a cell carries over.

>>> Rules.preset("classic").describe()
'classic: 1 token per card left, board cards 10d Jc Qs Kh 7d, a board card takes its stake when laid, the Grand Opéra takes the board before the doubling'
>>> Rules.preset("classic").with_options(payment="points").name
'classic+custom'
>>> [str(c) for c in Rules().with_options(ten_suit="h").board_cards]
['10h', 'Jc', 'Qs', 'Kh', '7d']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property

from solver.errors import TablecalcError, quoted
from solver.nainjaune.cards import _SUIT_WORDS, Card
from solver.parsing import parse_whole, pick_preset, with_changes

__all__ = ["Cell", "Payment", "Announce", "OperaOrder", "Rules", "PRESETS", "Board", "HAND_SIZE",
           "MIN_PLAYERS", "MAX_PLAYERS", "hand_size"]


class Cell(enum.StrEnum):
    """The five cells of the board, by the rank of their card (the value is their key in the notation)."""

    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    NAIN = "7"

    @property
    def stake(self) -> int:
        """Tokens each player stakes on this cell per round: 10 → 1, J → 2, Q → 3, K → 4, 7 → 5."""
        return _STAKE[self]

    @property
    def rank(self) -> int:
        return _RANK[self]


_STAKE = {Cell.TEN: 1, Cell.JACK: 2, Cell.QUEEN: 3, Cell.KING: 4, Cell.NAIN: 5}
_RANK = {Cell.TEN: 10, Cell.JACK: 11, Cell.QUEEN: 12, Cell.KING: 13, Cell.NAIN: 7}
STAKE_PER_ROUND = sum(_STAKE.values())
"""What one player stakes per round: 15 tokens."""

_CELL_WORDS = {
    "10": Cell.TEN, "ten": Cell.TEN, "dix": Cell.TEN,
    "j": Cell.JACK, "v": Cell.JACK, "jack": Cell.JACK, "valet": Cell.JACK,
    "q": Cell.QUEEN, "d": Cell.QUEEN, "queen": Cell.QUEEN, "dame": Cell.QUEEN,
    "k": Cell.KING, "r": Cell.KING, "king": Cell.KING, "roi": Cell.KING,
    "7": Cell.NAIN, "nain": Cell.NAIN, "nain-jaune": Cell.NAIN, "nainjaune": Cell.NAIN, "seven": Cell.NAIN,
}

MIN_PLAYERS, MAX_PLAYERS = 3, 8
HAND_SIZE = {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}
"""Cards dealt to each player by the number of players; the rest is set aside unseen."""


def hand_size(players: int) -> int:
    """Cards each player is dealt (3 → 15 … 8 → 6).

    >>> [hand_size(n) for n in range(3, 9)]
    [15, 12, 9, 8, 7, 6]
    """
    if players not in HAND_SIZE:
        raise TablecalcError(f"bad number of players {players}: Le Nain Jaune is played by 3 to 8")
    return HAND_SIZE[players]


class Payment(enum.StrEnum):
    """What the first player out is paid for each card left in another hand."""

    CARDS = "cards"
    """1 token per card (the seed's rule)."""
    POINTS = "points"
    """The card's face value: A-10 their number, J Q K 10 each (the seed's variant)."""


class Announce(enum.StrEnum):
    """How a board card takes its cell's stake."""

    AUTO = "auto"
    """Laying the card takes the stake (the table reminds a player who forgets)."""
    REQUIRED = "required"
    """The player must announce it (``Qs!``); a board card laid without it leaves the stake on the cell."""


class OperaOrder(enum.StrEnum):
    """When a Grand Opéra ends the round, which comes first: taking the board or the doubling."""

    OPERA_FIRST = "opera-first"
    """The Opéra player takes every stake, then holders of board cards double what is left (nothing)."""
    DOUBLE_FIRST = "double-first"
    """Holders double their cells first, and the Opéra player takes the doubled board."""


def _suit(value: str, what: str) -> str:
    key = str(value).strip().lower()
    if key not in _SUIT_WORDS:
        raise TablecalcError(f"unknown {what} {quoted(value)}: expected c d h s (♣ ♦ ♥ ♠, trèfle, carreau, cœur, pique...)")
    return _SUIT_WORDS[key]


@dataclass(frozen=True)
class Rules:
    """Every rule option of Le Nain Jaune; build one with :meth:`preset` and :meth:`with_options`.

    * ``ten_suit`` / ``king_suit``: the suits of the 10 and King cells, which the seed leaves
      unsaid (traditionally ``d`` = 10♦ and ``h`` = K♥);
    * ``payment``: ``cards`` (1 token per card left, default) or ``points`` (face value);
    * ``announce``: ``auto`` (default) or ``required`` (forgetting leaves the stake on the board);
    * ``opera``: ``opera-first`` (default) or ``double-first`` (see :class:`OperaOrder`);
    * ``start_tokens``: tokens each player starts a game with (120: the seed's example of
      5 × 10 + 10 × 5 + 20 × 1).
    """

    name: str = "classic"
    ten_suit: str = "d"
    king_suit: str = "h"
    payment: Payment = Payment.CARDS
    announce: Announce = Announce.AUTO
    opera: OperaOrder = OperaOrder.OPERA_FIRST
    start_tokens: int = 120

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """One of :data:`PRESETS`: ``classic`` (default), ``face-value`` or ``announce``."""
        return pick_preset(name, PRESETS, _PRESET_ALIASES)

    def with_options(self, *, ten_suit: str | None = None, king_suit: str | None = None, payment: str | None = None,
                     announce: str | None = None, opera: str | None = None,
                     start_tokens: int | str | None = None) -> "Rules":
        """A copy with some options changed; its name gets ``+custom`` when anything differs."""
        changes: dict = {}
        if ten_suit is not None:
            changes["ten_suit"] = _suit(ten_suit, "ten suit")
        if king_suit is not None:
            changes["king_suit"] = _suit(king_suit, "king suit")
        for key, value, kind in (("payment", payment, Payment), ("announce", announce, Announce),
                                 ("opera", opera, OperaOrder)):
            if value is not None:
                try:
                    changes[key] = kind(str(value).strip().lower())
                except ValueError:
                    raise TablecalcError(
                        f"unknown {key} {quoted(value)}: expected one of {', '.join(k.value for k in kind)}") from None
        if start_tokens is not None:
            tokens = parse_whole(str(start_tokens), "number of starting tokens")
            if not STAKE_PER_ROUND <= tokens <= 1_000_000:
                raise TablecalcError(f"bad number of starting tokens {tokens}: expected {STAKE_PER_ROUND} to 1000000 "
                                     f"(a player stakes {STAKE_PER_ROUND} a round)")
            changes["start_tokens"] = tokens
        return with_changes(self, changes, PRESETS)

    @cached_property
    def board_cards(self) -> tuple[Card, ...]:
        """The card of each cell, in :class:`Cell` order."""
        return (Card(10, self.ten_suit), Card(11, "c"), Card(12, "s"), Card(13, self.king_suit), Card(7, "d"))

    @cached_property
    def _cells(self) -> dict[Card, Cell]:
        return dict(zip(self.board_cards, Cell))

    def cell_of(self, card: Card) -> Cell | None:
        """The cell ``card`` wins, or ``None`` for an ordinary card.

        >>> Rules().cell_of(Card(12, "s")), Rules().cell_of(Card(12, "h"))
        (<Cell.QUEEN: 'Q'>, None)
        """
        return self._cells.get(card)

    def card_value(self, card: Card) -> int:
        """What one card left in hand costs its holder: 1, or its face value in the points variant."""
        return card.points if self.payment is Payment.POINTS else 1

    def describe(self) -> str:
        pay = "1 token per card left" if self.payment is Payment.CARDS else "face value of the cards left"
        cards = " ".join(str(c) for c in self.board_cards)
        announce = ("a board card takes its stake when laid" if self.announce is Announce.AUTO
                    else "a board card must be announced (Qs!) or its stake stays")
        opera = ("the Grand Opéra takes the board before the doubling" if self.opera is OperaOrder.OPERA_FIRST
                 else "the doubling comes before the Grand Opéra takes the board")
        tokens = "" if self.start_tokens == 120 else f", {self.start_tokens} tokens each"
        return f"{self.name}: {pay}, board cards {cards}, {announce}, {opera}{tokens}"

    def as_dict(self) -> dict:
        return {
            "preset": self.name,
            "ten_suit": self.ten_suit,
            "king_suit": self.king_suit,
            "board_cards": [str(c) for c in self.board_cards],
            "payment": self.payment.value,
            "announce": self.announce.value,
            "opera": self.opera.value,
            "start_tokens": self.start_tokens,
        }


PRESETS: dict[str, Rules] = {
    "classic": Rules(name="classic"),
    "face-value": Rules(name="face-value", payment=Payment.POINTS),
    "announce": Rules(name="announce", announce=Announce.REQUIRED),
}
"""classic (the seed), face-value (the seed's variant of payment), announce (forgetting loses the stake)."""

_PRESET_ALIASES = {"classique": "classic", "points": "face-value", "valeur": "face-value", "annonce": "announce"}


@dataclass(frozen=True)
class Board:
    """The tokens on each cell, in :class:`Cell` order; written ``10:3 J:6 Q:9 K:12 7:15``.

    >>> b = Board.parse("10:3 J:6 Q:9 K:12 nain:15")
    >>> str(b), b.total, str(b.staked(3))
    ('10:3 J:6 Q:9 K:12 7:15', 45, '10:6 J:12 Q:18 K:24 7:30')
    """

    stakes: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    @classmethod
    def parse(cls, text: str) -> "Board":
        """``CELL:TOKENS`` for some of the cells (others hold 0), cells by rank or name (``7``, ``nain``)."""
        stakes = dict.fromkeys(Cell, 0)
        seen = set()
        for part in str(text).replace(",", " ").split():
            key, sep, value = part.partition(":")
            if not sep or key.lower() not in _CELL_WORDS:
                raise TablecalcError(f"bad board {quoted(str(text).strip())}: {part!r} is not CELL:TOKENS; "
                                     "expected e.g. 10:3 J:6 Q:9 K:12 7:15")
            cell = _CELL_WORDS[key.lower()]
            if cell in seen:
                raise TablecalcError(f"bad board {quoted(str(text).strip())}: the {cell} cell is given twice")
            seen.add(cell)
            stakes[cell] = parse_whole(value, f"stake on the {cell} cell")
        return cls(tuple(stakes[c] for c in Cell))  # type: ignore[arg-type]

    @classmethod
    def empty(cls) -> "Board":
        return cls()

    def __str__(self) -> str:
        return " ".join(f"{c}:{n}" for c, n in zip(Cell, self.stakes))

    def __getitem__(self, cell: Cell) -> int:
        return self.stakes[list(Cell).index(cell)]

    def with_cell(self, cell: Cell, tokens: int) -> "Board":
        s = list(self.stakes)
        s[list(Cell).index(cell)] = tokens
        return Board(tuple(s))  # type: ignore[arg-type]

    @property
    def total(self) -> int:
        return sum(self.stakes)

    def staked(self, players: int) -> "Board":
        """The board after ``players`` players each staked 1, 2, 3, 4, 5 tokens on it."""
        return Board(tuple(n + c.stake * players for c, n in zip(Cell, self.stakes)))  # type: ignore[arg-type]

    def as_dict(self) -> dict[str, int]:
        return {c.value: n for c, n in zip(Cell, self.stakes)}
