"""One Nambarz turn as a game state: the deal a puzzle stores, the moves, and what a move scores.

A :class:`Deal` is the top card and a hand; its notation round-trips:

>>> deck = Deck.default()
>>> deal = Deal.parse("top 3-bee; hand 6 5 2 10", deck)
>>> str(deal), Deal.parse(str(deal), deck) == deal
('top 3-bee; hand 6 5 2 10', True)

A :class:`Turn` follows :class:`solver.game.State` at the level of one turn: the legal
moves are the simplest calculations, the concordant cards and the jokers — or ``draw``
when nothing covers the top card — and the referee (:func:`~solver.nambarz.referee.judge`)
judges every move, so this module holds no rule of its own.

>>> turn = Turn(deal, Rules.preset("basic"), deck)
>>> [str(m) for m in turn.legal_moves()]
['5-2', '6÷2']
>>> after = turn.apply(turn.parse_move("6÷2"))
>>> str(after), after.is_terminal(), after.returns()
('top 3-bee; hand 6 5 2 10; played 6÷2', True, (2.0,))

What a turn returns is what the drills score: the cards laid plus any coup de maître
bonus (7 points per card beyond 3); drawing returns 0. A whole-game state (several
players, the draw pile, jokers' announcements) is to build on this one.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from solver.errors import IllegalMove, TablecalcError, quoted
from solver.i18n import N_, _
from solver.game import TERMINAL
from solver.parsing import format_fields, parse_fields
from solver.nambarz.best import Play, Solution, best, play_text
from solver.nambarz.cards import Announcement, Card, Cover, Deck, parse_cover
from solver.nambarz.referee import DRAW, judge
from solver.nambarz.rules import Rules
from solver.nambarz.verdict import Verdict

__all__ = ["Deal", "MoveKind", "Move", "Turn", "moves_of", "score_of"]


@dataclass(frozen=True)
class Deal:
    """What to cover and the hand that must cover it: a number card, or a change joker laid
    alone and what it announced (``top change-number 4; hand 8 4 1``: one card of it, no calculation)."""

    top: Cover
    hand: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str, deck: Deck) -> "Deal":
        """Read ``top CARD; hand CARDS`` (or ``top change-number 4; ...``); the cards must exist in
        ``deck`` in these numbers."""
        fields = parse_fields(text, N_("deal"), ["top", "hand"], required=["top", "hand"])
        top = parse_cover(str(fields["top"]), deck)
        hand = tuple(deck.parse_hand(str(fields["hand"])))
        if not hand:
            raise TablecalcError(_("bad deal {deal}: the hand is empty; expected hand CARDS").format(deal=quoted(text.strip())))
        deal = cls(top, hand)
        deck.check_available(deal.cards(), "hand and top card")
        return deal

    @property
    def after_joker(self) -> bool:
        """Whether the card to cover is a change joker laid alone (the jokers' rules judge the play)."""
        return isinstance(self.top, Announcement)

    def cards(self) -> list[Card]:
        """Every card of the deal: the hand, and the top card (or the joker laid alone)."""
        return [*self.hand, Card(joker=self.top.joker) if isinstance(self.top, Announcement) else self.top]

    def __str__(self) -> str:
        return format_fields([("top", str(self.top)), ("hand", " ".join(str(c) for c in self.hand))])


class MoveKind(enum.StrEnum):
    """What a move lays: one card by concordance, a joker, a calculation — or nothing (draw)."""

    CONCORDANCE = "concordance"
    JOKER = "joker"
    CALCULATION = "calculation"
    DRAW = "draw"


@dataclass(frozen=True)
class Move:
    """One move: its kind, the cards laid in order and, for a calculation, its expression."""

    kind: MoveKind
    cards: tuple[Card, ...] = ()
    expression: str | None = None

    def __str__(self) -> str:
        """The move as typed: ``draw``, ``6÷2``, ``8-lion - 5-cat``, ``play-again``, or a card
        named exactly (``3-symbol`` for the symbol card, so a ``3-hippo`` in hand is not meant)."""
        if self.kind is MoveKind.DRAW:
            return DRAW
        if self.kind is MoveKind.CALCULATION:
            return play_text(Play(self.cards, self.expression or ""))
        return self.cards[0].exact_name

    @classmethod
    def from_verdict(cls, v: Verdict) -> "Move":
        """The move a verdict read (its cards as the most favourable reading)."""
        if v.kind == DRAW:
            return cls(MoveKind.DRAW)
        if v.kind == "calculation":
            return cls(MoveKind.CALCULATION, tuple(c for c in v.cards if c is not None), v.expression)
        kind = MoveKind.JOKER if v.kind == "joker" else MoveKind.CONCORDANCE
        return cls(kind, tuple(c for c in v.cards if c is not None))


@dataclass(frozen=True)
class Turn:
    """The player to move must cover ``deal.top`` from ``deal.hand``; after one move the turn is over."""

    deal: Deal
    rules: Rules
    deck: Deck
    played: Move | None = None

    def __str__(self) -> str:
        """The deal's notation, then the move once it is made (``; played 6÷2``)."""
        return str(self.deal) + (f"; played {self.played}" if self.played is not None else "")

    def current_player(self) -> int:
        return TERMINAL if self.played is not None else 0

    def is_terminal(self) -> bool:
        return self.played is not None

    def legal_moves(self) -> list[Move]:
        """Every simplest calculation (one laying of each), each concordant card, each joker; else ``draw``.

        With ``simplest=played`` the referee judges a calculation against the cards laid only,
        so a longer calculation none of whose parts reaches the top card is legal too: such
        moves are accepted by :meth:`apply` but not listed (there can be very many).
        """
        if self.played is not None:
            return []
        return moves_of(best(self.deal.top, self.deal.hand, self.rules, self.deck))

    def judge(self, move: Move | str) -> Verdict:
        """The referee's verdict on a move (or on typed text) in this turn."""
        return judge(self.deal.top, self.deal.hand, str(move), self.rules, self.deck)

    def parse_move(self, text: str) -> Move:
        """Read a move as typed (``6÷2``, ``concordance 3-hippo``, ``play-again``, ``draw``).

        Raises :class:`~solver.errors.IllegalMove` (its verdict says why) for text that is not a
        move at all; a readable but illegal move is returned, and :meth:`apply` refuses it.
        """
        v = self.judge(text)
        if v.kind is None or v.missing:
            raise IllegalMove("nambarz", text, verdict=v, codes=v.violations)
        return Move.from_verdict(v)

    def apply(self, move: Move) -> "Turn":
        """The turn after ``move``; raises :class:`~solver.errors.IllegalMove` (its verdict says why)
        when the referee refuses it."""
        if self.played is not None:
            raise TablecalcError(_("the turn is over ({played} was played): no move {move} after it").format(played=self.played, move=move))
        v = self.judge(move)
        if not v.legal:
            raise IllegalMove("nambarz", str(move), verdict=v, codes=v.violations)
        return Turn(self.deal, self.rules, self.deck, move)

    def returns(self) -> tuple[float, ...]:
        """``(score_of(move),)`` once the move is made; ``(0.0,)`` before."""
        return (float(score_of(self.played, self.rules)) if self.played else 0.0,)


def moves_of(sol: Solution) -> list[Move]:
    """The moves a solution offers, in :meth:`Turn.legal_moves` order: the simplest calculations,
    the concordant cards, the jokers — or ``draw`` when there is none."""
    moves = [Move(MoveKind.CALCULATION, p.cards, p.expression) for p in sol.plays]
    moves += [Move(MoveKind.CONCORDANCE, (c,)) for c in sol.concordant]
    moves += [Move(MoveKind.JOKER, (j,)) for j in sol.jokers]
    return moves or [Move(MoveKind.DRAW)]


def score_of(move: Move, rules: Rules) -> int:
    """What a legal move scores in the drills: the cards it lays, plus the coup de maître bonus
    of a calculation (:meth:`Rules.coup_bonus`); drawing scores 0.

    >>> deck = Deck.default()
    >>> score_of(Move(MoveKind.CALCULATION, tuple(deck.parse_hand("7 7 6 5")), "7+7-6-5"), Rules())
    11
    """
    bonus = rules.coup_bonus(len(move.cards)) if move.kind is MoveKind.CALCULATION else 0
    return len(move.cards) + bonus

