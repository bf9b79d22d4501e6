"""The referee's verdicts on Le Nain Jaune, as data: the violation codes, the penalty, the
verdict on a lay and the verdict on a settlement answer. Nothing here is a sentence
(:mod:`solver.nainjaune.words` words a verdict).

>>> Penalty(take_back=(Card(8, "h"),)).as_dict()
{'take_back': ['8h'], 'return_stake': 0, 'off_by': 0, 'tokens': 0}
>>> Penalty(off_by=9).amount, Violation.NOT_A_NUMBER.not_understood, Violation.WRONG_RANK.not_understood
(9, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.game import Code, clauses_of
from solver.nainjaune.best import Lay as LayResult
from solver.nainjaune.cards import Card
from solver.nainjaune.round import Move, Position
from solver.nainjaune.rules import Rules
from solver.nainjaune.settle import Settlement

__all__ = ["Violation", "Penalty", "Verdict", "AmountVerdict"]


class Violation(Code):
    """Why the referee refuses a move, a lay or a settlement answer (the codes of the JSON)."""

    ROUND_OVER = "round-over", "4.1"
    """A move after a player went out."""
    NOT_YOUR_TURN = "not-your-turn", "3.1"
    """Another player was to move."""
    MISSED_KING_RESTART = "missed-king-restart", "3.6"
    """After laying a King its player must start a new run: no "sans", and nobody else plays."""
    NOT_IN_HAND = "not-in-hand", True, "3.2"
    """The card is not in the player's hand (not understood: a drill asks again)."""
    WRONG_RANK = "wrong-rank", "3.2"
    """The card does not continue the run (the next rank up, any suit)."""
    WRONG_SANS = "wrong-sans", "3.3"
    """"sans" names a rank other than the missing one, or nothing is missing (a run is to be started)."""
    MUST_LAY = "must-lay", "3.4"
    """Reached by "sans R" and holding an R, the player must lay it."""
    STAKE_WITHOUT_CARD = "stake-without-card", "3.7"
    """A stake announced for a card that is not the cell's board card."""
    CANNOT_PASS = "cannot-pass", "3.4"
    """"Pass" from a player no "sans R" went by: the player to move lays a card (or, ending their
    own run, calls "sans R")."""
    UNFINISHED = "unfinished", "3.5"
    """A lay that stops while its player still has the lead (nobody else held the missing rank)."""
    WRONG_AMOUNT = "wrong-amount", "4.2", "4.3"
    """A settlement answer that is not the right number of tokens."""
    NOT_A_NUMBER = "not-a-number", True, "4.2"
    """A settlement answer that is not a whole number of tokens (not understood)."""
    NOT_A_LAY = "not-a-lay", True, "3.2"
    """An answer that reads as no lay at all: no card, no "sans" (not understood); in a game played
    move by move, a line that is not one move."""


@dataclass(frozen=True)
class Penalty:
    """What a refused answer costs. For a lay: the card taken back into the hand (``take_back``)
    and the tokens taken without the card, returned to their cell (``return_stake``); for a
    settlement answer, how far it was from the right number (``off_by``). ``amount`` is in tokens."""

    take_back: tuple[Card, ...] = ()
    return_stake: int = 0
    off_by: int = 0

    @property
    def amount(self) -> int:
        return self.return_stake + self.off_by

    def as_dict(self) -> dict:
        return {"take_back": [str(c) for c in self.take_back], "return_stake": self.return_stake,
                "off_by": self.off_by, "tokens": self.amount}


@dataclass(frozen=True)
class Verdict:
    """The referee's verdict on a lay (a player's moves until another player plays)."""

    answer: str
    legal: bool
    violations: tuple[Violation, ...]
    penalty: Penalty
    player: str
    moves: tuple[Move, ...]
    """The moves read, with the implicit "sans R" at the end when the player stopped there."""
    failed_move: int | None
    """The index (0-based) in ``moves`` of the first illegal move (``None`` when no one move is:
    a lay that is legal, or one that stops too soon)."""
    cards: int
    stakes: int
    forfeited: int
    out: bool
    opera: bool
    next_player: str | None
    best: LayResult | None
    position: Position = field(repr=False, compare=False, default=None)  # type: ignore[assignment]
    """Where the lay stopped: before its first illegal move, or at its end."""
    before: Position = field(repr=False, compare=False, default=None)  # type: ignore[assignment]
    rules: Rules = field(repr=False, compare=False, default_factory=Rules)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of(self.violations)

    def as_dict(self) -> dict:
        return {
            "answer": self.answer,
            "legal": self.legal,
            "violations": [str(v) for v in self.violations], "clauses": list(self.clauses),
            "penalty": self.penalty.as_dict(),
            "player": self.player,
            "moves": [str(m) for m in self.moves],
            "failed_move": self.failed_move,
            "cards": self.cards,
            "stakes": self.stakes,
            "forfeited": self.forfeited,
            "out": self.out,
            "grand_opera": self.opera,
            "next_player": self.next_player,
            "best": self.best.as_dict() if self.best else None,
        }


@dataclass(frozen=True)
class AmountVerdict:
    """The verdict on "what does she pay?": right to the token or not, and the settlement behind it."""

    answer: str
    legal: bool
    violations: tuple[Violation, ...]
    penalty: Penalty
    expected: int
    given: int | None
    settlement: Settlement = field(repr=False)
    rules: Rules = field(repr=False, compare=False, default_factory=Rules)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of(self.violations)

    def as_dict(self) -> dict:
        return {"answer": self.answer, "legal": self.legal, "violations": [str(v) for v in self.violations], "clauses": list(self.clauses),
                "penalty": self.penalty.as_dict(), "expected": self.expected, "given": self.given}
