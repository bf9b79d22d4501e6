"""The referee's verdict on a Nam Nam move, as data: the violation codes, the penalty and the
verdict itself. Nothing here is a sentence (:mod:`solver.namnam.words` words a verdict).

>>> v = Verdict(position="start", answer="9", legal=False, violations=(Violation.NOT_YOUR_ROW,),
...             penalty=Penalty(1), mover="South", pit=9)
>>> v.as_dict()["violations"], v.penalty.amount, Violation.NOT_A_MOVE.not_understood
(['not-your-row'], 1, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.game import Code, clauses_of

__all__ = ["Violation", "Penalty", "Verdict"]


class Violation(Code):
    """Why the referee refuses a move."""

    NOT_A_MOVE = "not-a-move", True, "2.1"
    """The answer is not a pit number 1-6 (not understood: a drill asks again)."""
    NOT_YOUR_ROW = "not-your-row", True, "2.1"
    """A pit number beyond 6: a player sows only from their own row (not understood)."""
    EMPTY_PIT = "empty-pit", "2.1"
    GAME_OVER = "game-over", "5.1"
    """No move is left: the game has ended."""
    NOT_YOUR_TURN = "not-your-turn", "1.3"
    """A move by the player who is not to move (a recorded game): taken back."""
    MUST_FEED = "must-feed", "4.1"
    """The opponent has no seed and this move gives them none, while another move does."""
    GRAND_SLAM_FORBIDDEN = "grand-slam-forbidden", "4.2"


@dataclass(frozen=True)
class Penalty:
    """An illegal move is taken back and replayed: ``moves`` is 1 for an illegal move, else 0."""

    moves: int = 0

    @property
    def amount(self) -> int:
        return self.moves

    def as_dict(self) -> dict:
        return {"moves": self.moves}


@dataclass(frozen=True)
class Verdict:
    """The referee's judgement of one move: legal or not and why, and what a legal move did."""

    position: str
    answer: str
    legal: bool
    violations: tuple[Violation, ...]
    penalty: Penalty
    mover: str
    pit: int | None = None
    seeds: int = 0
    last: str | None = None
    captured: int = 0
    captured_pits: tuple[str, ...] = ()
    grand_slam: bool = False
    after: str | None = None
    legal_moves: tuple[int, ...] = ()
    rules: str = ""

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of(self.violations)

    def as_dict(self) -> dict:
        return {
            "position": self.position, "answer": self.answer, "legal": self.legal,
            "violations": [str(v) for v in self.violations], "clauses": list(self.clauses), "penalty": self.penalty.as_dict(),
            "mover": self.mover, "pit": self.pit, "seeds": self.seeds, "last": self.last,
            "captured": self.captured, "captured_pits": list(self.captured_pits), "grand_slam": self.grand_slam,
            "after": self.after, "legal_moves": list(self.legal_moves), "rules": self.rules,
        }
