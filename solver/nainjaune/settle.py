"""The end of a round: who pays whom, the doubling of the cells, the Grand Opéra, and the end
of the game when someone cannot pay or stake.

The order of the settlement (each step one or more :class:`Payment` lines):

1. every other player pays the player who went out: 1 token per card left (or the cards'
   face value in the ``points`` variant);
2. a Grand Opéra: its player takes every stake on the board (with ``opera=double-first`` this
   comes after step 3);
3. whoever still holds a board card pays into its cell as many tokens as the cell holds
   (doubling it; an empty cell costs nothing);
4. when the players' tokens are known, a payer who cannot pay in full pays what they have and
   the game ends; so does it when someone is left with fewer than 15 tokens, the next round's stake.

A settlement situation (the drills ask about it) is written like a position, with the flag
``settle`` and the player asked about::

    settle; hands Ann: 3c 5h 9d Qs | Bob: - | Cid: 2c; board 10:3 J:6 Q:9 K:12 7:15; ask Ann

>>> from solver.nainjaune.rules import Rules
>>> end = RoundEnd.parse("settle; hands Ann: 3c 5h 9d Qs | Bob: - | Cid: 2c; board 10:3 J:6 Q:9 K:12 7:15; ask Ann")
>>> s = settle(end, Rules())
>>> [(p.payer, p.payee, p.tokens, p.reason.value) for p in s.payments]
[('Cid', 'Bob', 1, 'cards-left'), ('Ann', 'Bob', 4, 'cards-left'), ('Ann', 'board:Q', 9, 'doubling')]
>>> str(s.board_after), s.balances, s.paid_by(0)
('10:3 J:6 Q:18 K:12 7:15', (-13, 5, -1), 13)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from solver.errors import TablecalcError
from solver.i18n import N_, _
from solver.nainjaune.cards import Card
from solver.nainjaune.round import KEY_WORDS, Position, parse_hands, seat
from solver.nainjaune.rules import STAKE_PER_ROUND, Board, Cell, OperaOrder, Payment as PaymentRule, Rules
from solver.parsing import format_fields, parse_fields, parse_whole

__all__ = ["Reason", "Payment", "Settlement", "RoundEnd", "settle", "asked_amount", "board_name", "STAKE_PER_ROUND"]


class Reason(enum.StrEnum):
    """Why tokens move at the end of a round."""

    CARDS_LEFT = "cards-left"
    """Paid to the player out: 1 token per card left."""
    POINTS_LEFT = "points-left"
    """Paid to the player out: the face value of the cards left (variant)."""
    OPERA = "grand-opera"
    """A cell's stake taken by a Grand Opéra."""
    DOUBLING = "doubling"
    """Paid into a cell by the holder of its board card."""


def board_name(cell: Cell) -> str:
    """How a cell appears as payer or payee: ``board:Q``."""
    return f"board:{cell.value}"


@dataclass(frozen=True)
class Payment:
    """Tokens moving from ``payer`` to ``payee`` (player names, or ``board:CELL``).

    ``due`` is what was owed when the payer could pay only ``tokens``; ``cards`` the cards paid
    for (step 1) or the board card held (step 3); ``cell`` the cell concerned."""

    payer: str
    payee: str
    tokens: int
    reason: Reason
    cards: tuple[Card, ...] = ()
    cell: Cell | None = None
    due: int | None = None
    cell_before: int | None = None

    @property
    def short(self) -> bool:
        return self.due is not None and self.due > self.tokens

    def as_dict(self) -> dict:
        return {"from": self.payer, "to": self.payee, "tokens": self.tokens, "reason": self.reason.value,
                "cards": [str(c) for c in self.cards], "cell": self.cell.value if self.cell else None,
                "due": self.tokens if self.due is None else self.due}


@dataclass(frozen=True)
class RoundEnd:
    """The hands left when a player went out, the board, whether it was a Grand Opéra; for the
    drills the player asked about, and optionally every player's tokens before the settlement."""

    hands: tuple[tuple[Card, ...], ...]
    board: Board
    names: tuple[str, ...]
    opera: bool = False
    ask: int | None = None
    tokens: tuple[int, ...] | None = None

    @classmethod
    def parse(cls, text: str) -> "RoundEnd":
        f = parse_fields(text, N_("round end"), ["hands", "board", "ask", "tokens"], required=["hands"],
                         flags=["settle", "opera"], aliases=KEY_WORDS)
        names, hands = parse_hands(str(f["hands"]))
        where = str(text).strip()
        tokens = None
        if "tokens" in f:
            tokens = tuple(parse_whole(x, N_("tokens")) for x in str(f["tokens"]).replace(",", " ").split())
            if len(tokens) != len(hands):
                raise TablecalcError(_("bad round end {where}: 'tokens' has {tokens} numbers for {hands} players").format(where=repr(where), tokens=len(tokens), hands=len(hands)))
        end = cls(tuple(tuple(sorted(h)) for h in hands), Board.parse(str(f.get("board", ""))), names,
                  bool(f.get("opera")), seat(str(f["ask"]), names) if "ask" in f else None, tokens)
        end.check(where)
        return end

    @classmethod
    def of(cls, pos: Position, tokens: tuple[int, ...] | None = None) -> "RoundEnd":
        """The end of a finished round."""
        if not pos.is_over():
            raise TablecalcError(_("the round is not over: nobody has gone out in {pos}").format(pos=pos))
        return cls(pos.hands, pos.board, pos.names, pos.opera, None, tokens)

    def check(self, where: str) -> None:
        Position(self.hands, self.board, names=self.names, opera=self.opera).check(where)
        if self.winner is None:
            raise TablecalcError(_("bad round end {where}: nobody went out; expected one empty hand, written -").format(where=repr(where)))

    @property
    def winner(self) -> int | None:
        return next((i for i, h in enumerate(self.hands) if not h), None)

    @property
    def asked(self) -> int:
        """The player a settlement question asks about: ``ask``, else the first player who did not go out."""
        return self.ask if self.ask is not None else next(i for i in range(len(self.hands)) if i != self.winner)

    def __str__(self) -> str:
        return format_fields([
            ("settle", True),
            ("hands", " | ".join(f"{n}: {' '.join(map(str, h)) or '-'}" for n, h in zip(self.names, self.hands))),
            ("board", str(self.board)), ("opera", self.opera),
            ("ask", self.names[self.ask] if self.ask is not None else ""),
            ("tokens", " ".join(map(str, self.tokens)) if self.tokens is not None else ""),
        ])


@dataclass(frozen=True)
class Settlement:
    """Every payment of a round's end, in order, the board after, and each player's change."""

    end: RoundEnd
    payments: tuple[Payment, ...]
    board_after: Board
    balances: tuple[int, ...]
    tokens_after: tuple[int, ...] | None = None
    cannot_pay: tuple[int, ...] = ()
    cannot_stake: tuple[int, ...] = ()

    @property
    def game_over(self) -> bool:
        """The game ends: someone could not pay, or cannot stake the next round."""
        return bool(self.cannot_pay or self.cannot_stake)

    def paid_by(self, player: int) -> int:
        """Everything ``player`` paid in this settlement (to the player out and into the cells)."""
        return sum(p.tokens for p in self.payments if p.payer == self.end.names[player])

    def received_by(self, player: int) -> int:
        return sum(p.tokens for p in self.payments if p.payee == self.end.names[player])

    def as_dict(self) -> dict:
        names = self.end.names
        return {
            "winner": names[self.end.winner or 0],
            "grand_opera": self.end.opera,
            "payments": [p.as_dict() for p in self.payments],
            "board_before": self.end.board.as_dict(),
            "board": self.board_after.as_dict(),
            "balances": dict(zip(names, self.balances)),
            "tokens": dict(zip(names, self.tokens_after)) if self.tokens_after is not None else None,
            "game_over": self.game_over,
            "cannot_pay": [names[i] for i in self.cannot_pay],
            "cannot_stake": [names[i] for i in self.cannot_stake],
        }


def settle(end: RoundEnd, rules: Rules) -> Settlement:
    """Settle a round's end under ``rules`` (see the module's notes for the order)."""
    w = end.winner
    if w is None:
        raise TablecalcError(_("nobody went out: a round is settled when one hand is empty"))
    names, n = end.names, len(end.hands)
    wallet = list(end.tokens) if end.tokens is not None else None
    change = [0] * n
    board = end.board
    payments: list[Payment] = []
    short: list[int] = []

    def pay(payer: int, payee: str, due: int, reason: Reason, cards=(), cell=None, before=None) -> None:
        paid = due
        if wallet is not None and wallet[payer] < due:
            paid = wallet[payer]
            short.append(payer)
        if wallet is not None:
            wallet[payer] -= paid
        change[payer] -= paid
        payments.append(Payment(names[payer], payee, paid, reason, tuple(cards), cell,
                                due if paid != due else None, before))
        if payee == names[w]:
            change[w] += paid
            if wallet is not None:
                wallet[w] += paid

    reason = Reason.POINTS_LEFT if rules.payment is PaymentRule.POINTS else Reason.CARDS_LEFT
    for k in range(1, n):
        p = (w + k) % n
        pay(p, names[w], sum(rules.card_value(c) for c in end.hands[p]), reason, end.hands[p])

    def opera() -> None:
        nonlocal board
        for cell in Cell:
            if board[cell]:
                payments.append(Payment(board_name(cell), names[w], board[cell], Reason.OPERA, cell=cell,
                                        cell_before=board[cell]))
                change[w] += board[cell]
                if wallet is not None:
                    wallet[w] += board[cell]
                board = board.with_cell(cell, 0)

    if end.opera and rules.opera is OperaOrder.OPERA_FIRST:
        opera()
    for cell, card in zip(Cell, rules.board_cards):
        holder = next((i for i, h in enumerate(end.hands) if card in h), None)
        if holder is None:
            continue
        before = board[cell]
        pay(holder, board_name(cell), before, Reason.DOUBLING, (card,), cell, before)
        board = board.with_cell(cell, before + payments[-1].tokens)
    if end.opera and rules.opera is OperaOrder.DOUBLE_FIRST:
        opera()
    tokens_after = tuple(wallet) if wallet is not None else None
    cannot_stake = tuple(i for i in range(n) if wallet is not None and wallet[i] < STAKE_PER_ROUND)
    return Settlement(end, tuple(payments), board, tuple(change), tokens_after, tuple(dict.fromkeys(short)),
                      cannot_stake)


def asked_amount(s: Settlement) -> int:
    """The amount a settlement question asks: what the asked player pays in all, or for the player
    out what they receive in all.

    >>> asked_amount(settle(RoundEnd.parse("settle; hands Ann: 3c Qs | Bob: - | Cid: 2c; board Q:9"), Rules()))
    11
    """
    ask = s.end.asked
    return s.received_by(ask) if ask == s.end.winner else s.paid_by(ask)
