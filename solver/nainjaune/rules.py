"""Le Nain Jaune's rule options as one frozen :class:`Rules` object, and the staking board.

The board has five cells, each won by laying its card: the 10 (10♦ by default), the
J♣, the Q♠, the King (K♥ by default) and the 7 (7♦ by default), the "Nain Jaune". Each round every
player stakes 1, 2, 3, 4 and 5 tokens on them; what is left on a cell carries over.

>>> Rules.preset("classic").describe()
'classic: 1 token per card left, board cards 10d Jc Qs Kh 7d, a board card takes its stake when laid, the Grand Opéra takes the board before the doubling'
>>> Rules.preset("classic").with_options(payment="points").name
'classic+custom'
>>> r = Rules().with_options(ten_suit="cœur", king_suit="♠", start_tokens="200")
>>> [str(c) for c in r.board_cards], r.describe()
(['10h', 'Jc', 'Qs', 'Ks', '7d'], 'classic+custom: 1 token per card left, board cards 10h Jc Qs Ks 7d, a board card takes its stake when laid, the Grand Opéra takes the board before the doubling, 200 tokens each')
>>> Rules().with_options(ten_suit="x")
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown ten-suit 'x': expected one of c, d, h, s
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.nainjaune.cards import SUIT_WORDS, SUITS, Card
from solver.parsing import parse_whole
from solver.rules import BaseRules, option

__all__ = ["Cell", "Payment", "Announce", "OperaOrder", "OperaTurn", "Rules", "PRESETS", "Board", "HAND_SIZE",
           "MIN_PLAYERS", "MAX_PLAYERS", "STAKE_PER_ROUND", "hand_size"]


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
        raise TablecalcError(_("bad number of players {n}: Le Nain Jaune is played by 3 to 8").format(n=players))
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


class OperaTurn(enum.StrEnum):
    """What "au premier tour de jeu" means for a Grand Opéra."""

    OWN = "own"
    """The player's own first turn, whenever it comes (until their first "sans" passes the hand on)."""
    ROUND = "round"
    """The round's first turn: the player who leads the round goes out before anybody else has played."""


class OperaOrder(enum.StrEnum):
    """When a Grand Opéra ends the round, which comes first: taking the board or the doubling."""

    OPERA_FIRST = "opera-first"
    """The Opéra player takes every stake, then holders of board cards double what is left (nothing)."""
    DOUBLE_FIRST = "double-first"
    """Holders double their cells first, and the Opéra player takes the doubled board."""


def _board_line(suit: str, rules: "Rules | None" = None) -> str:
    """The rules line's phrase for the three suits that are options: the board's five cards."""
    cards = rules.board_cards if rules is not None else (Card(10, suit),)
    return _("board cards {cards}").format(cards=" ".join(map(str, cards)))


def _in_the_board_line(suit: str) -> str:
    """The King's and the 7's suits are named in the board cards' phrase (:func:`_board_line`): no phrase of their own."""
    return ""


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every rule option of Le Nain Jaune, declared once (:mod:`solver.rules` builds the presets,
    ``with_options``, ``describe`` and ``as_dict`` from it).

    Fixed by the seed (not options): the J♣ and Q♠ cells, the stakes 1 to 5, the deal sizes.
    """

    PRESETS = {
        "classic": {},
        "face-value": {"payment": Payment.POINTS},
        "announce": {"announce": Announce.REQUIRED},
    }
    """classic (the seed), face-value (the seed's variant of payment), announce (forgetting loses the stake)."""
    PRESET_ALIASES = {"classique": "classic", "points": "face-value", "valeur": "face-value", "annonce": "announce"}

    name: str = "classic"
    payment: Payment = option(
        Payment.CARDS, N_("What the player who goes out is paid for each card left in another hand: "
                          "1 token (cards) or its face value (points)."),
        words={Payment.CARDS: N_("1 token per card left"), Payment.POINTS: N_("face value of the cards left")})
    ten_suit: str = option(
        "d", N_("The suit of the 10 cell's card (the seed does not say it: 10♦ by tradition)."),
        values=tuple(SUITS), aliases=SUIT_WORDS, words=_board_line)
    king_suit: str = option(
        "h", N_("The suit of the King cell's card (the seed does not say it: K♥ by tradition)."),
        values=tuple(SUITS), aliases=SUIT_WORDS, words=_in_the_board_line)
    seven_suit: str = option(
        "d", N_("The suit of the Nain Jaune's card, the 7 cell (the seed does not say it: 7♦ by tradition)."),
        values=tuple(SUITS), aliases=SUIT_WORDS, words=_in_the_board_line)
    announce: Announce = option(
        Announce.AUTO, N_("Whether laying a board card takes its stake (auto), or only when announced, "
                          "as in Qs! (required: forgetting leaves the stake on the cell)."),
        words={Announce.AUTO: N_("a board card takes its stake when laid"),
               Announce.REQUIRED: N_("a board card must be announced (Qs!) or its stake stays")})
    opera: OperaOrder = option(
        OperaOrder.OPERA_FIRST, N_("When a Grand Opéra ends the round, whether its player takes the board before "
                                   "the holders of board cards double their cells (opera-first) or after."),
        flag="--opera-order",
        words={OperaOrder.OPERA_FIRST: N_("the Grand Opéra takes the board before the doubling"),
               OperaOrder.DOUBLE_FIRST: N_("the doubling comes before the Grand Opéra takes the board")})
    sans_must_lay: bool = option(
        True, N_("Whether the player a \"sans R\" reaches, holding an R, must lay it (or may pass it on to the next "
                 "player holding one)."),
        flag="--sans-must-lay/--sans-may-pass", always=False,
        words={False: N_("a player reached by \"sans\" may pass")})
    opera_turn: OperaTurn = option(
        OperaTurn.OWN, N_("Which first turn a Grand Opéra is made in: the player's own first turn (own), or the "
                          "round's first turn, before anybody else has played (round)."),
        always=False, words={OperaTurn.OWN: N_("a Grand Opéra in the player's own first turn"),
                             OperaTurn.ROUND: N_("a Grand Opéra only in the round's first turn")})
    start_tokens: int = option(
        120, N_("The tokens each player starts a game with (the seed's example: 5 × 10 + 10 × 5 + 20 × 1)."),
        lo=STAKE_PER_ROUND, hi=1_000_000, always=False, words=N_("{value} tokens each"))

    @cached_property
    def board_cards(self) -> tuple[Card, ...]:
        """The card of each cell, in :class:`Cell` order."""
        return (Card(10, self.ten_suit), Card(11, "c"), Card(12, "s"), Card(13, self.king_suit), Card(7, self.seven_suit))

    @cached_property
    def _cells(self) -> dict[Card, Cell]:
        return dict(zip(self.board_cards, Cell))

    def cell_of(self, card: Card) -> Cell | None:
        """The cell ``card`` wins, or ``None`` for an ordinary card.

        >>> Rules().cell_of(Card(12, "s")), Rules().cell_of(Card(12, "h"))
        (<Cell.QUEEN: 'Q'>, None)
        """
        return self._cells.get(card)

    def is_opera(self, player: int, opened) -> bool:
        """Whether ``player`` going out now makes a Grand Opéra, ``opened`` being the players whose
        first turn is over (a turn ends when its "sans" passes the hand on): with ``opera_turn=own``
        their own first turn is not over; with ``round``, nobody's is (the round's first turn).

        >>> Rules().is_opera(1, {0}), Rules().with_options(opera_turn="round").is_opera(1, {0})
        (True, False)
        """
        return not opened if self.opera_turn is OperaTurn.ROUND else player not in opened

    def card_value(self, card: Card) -> int:
        """What one card left in hand costs its holder: 1, or its face value in the points variant."""
        return card.points if self.payment is Payment.POINTS else 1

    def as_dict(self) -> dict:
        """The options as data (:meth:`solver.rules.BaseRules.as_dict`), and the five board cards they make."""
        return {**super().as_dict(), "board_cards": [str(c) for c in self.board_cards]}


PRESETS = Rules.presets()
"""The named presets, by name."""


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
                raise TablecalcError(_("bad board {text}: {part} is not CELL:TOKENS; expected e.g. 10:3 J:6 Q:9 K:12 7:15")
                                     .format(text=quoted(str(text).strip()), part=repr(part)))
            cell = _CELL_WORDS[key.lower()]
            if cell in seen:
                raise TablecalcError(_("bad board {text}: the {cell} cell is given twice").format(
                    text=quoted(str(text).strip()), cell=cell))
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
