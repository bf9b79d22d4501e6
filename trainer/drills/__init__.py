"""Drills: puzzles whose answer the solver knows before asking, judged by each game's own rules.

A drill is an object with ``game``, ``level``, ``reference_seconds``, ``generate(rng)``
(a new :class:`Puzzle`), ``from_case(case)`` (a puzzle from a pack) and
``judge(puzzle, answer)`` (a :class:`Judgement`). :func:`make_drill` builds one from the
command-line options.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from solver.errors import TablecalcError

__all__ = ["Puzzle", "Judgement", "Drill", "DrillOptions", "make_drill", "GAMES"]

GAMES = ("nambarz", "nmbrs", "arith")


@dataclass(frozen=True)
class Puzzle:
    """Everything needed to answer one drill item (never the answer itself)."""

    game: str
    level: str
    preset: str
    prompt: str
    item: str
    hand: tuple[str, ...] = ()
    target: str | None = None
    table: tuple[str, ...] | None = None
    time_limit: float | None = None

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "type": "puzzle",
            "game": self.game,
            "level": self.level,
            "preset": self.preset,
            "prompt": self.prompt,
            "item": self.item,
            "hand": list(self.hand),
            "time_limit": self.time_limit,
        }
        if self.target is not None:
            d["target"] = self.target
        if self.table is not None:
            d["table"] = list(self.table)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Puzzle":
        table = d.get("table")
        return cls(
            game=d["game"], level=d["level"], preset=d["preset"], prompt=d["prompt"], item=d["item"],
            hand=tuple(d.get("hand", ())), target=d.get("target"),
            table=tuple(table) if table is not None else None, time_limit=d.get("time_limit"),
        )


@dataclass(frozen=True)
class Judgement:
    """The verdict on one answer: data the session renders, records and serialises."""

    correct: bool
    violations: tuple[str, ...] = ()
    penalty: dict[str, Any] = field(default_factory=lambda: {"draw": 0, "take_back": []})
    score: int = 0
    best_score: int = 0
    expected: tuple[str, ...] = ()
    explanation: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "type": "verdict",
            "correct": self.correct,
            "violations": list(self.violations),
            "penalty": self.penalty,
            "score": self.score,
            "best_score": self.best_score,
            "expected": list(self.expected),
            "explanation": self.explanation,
        }

    @property
    def penalty_draw(self) -> int:
        return int(self.penalty.get("draw", 0))


class Drill(Protocol):
    game: str
    level: str
    reference_seconds: float

    def generate(self, rng) -> Puzzle: ...

    def from_case(self, case) -> Puzzle: ...

    def judge(self, puzzle: Puzzle, answer: str) -> Judgement: ...


@dataclass(frozen=True)
class DrillOptions:
    """Options shared by every drill (``None`` = the drill's default)."""

    level: str | None = None
    preset: str | None = None
    hand_size: int | None = None
    min_cards: int | None = None
    max_solutions: int | None = None
    trap_rate: float = 0.0
    time_limit: float | None = None


def make_drill(game: str, options: DrillOptions) -> Drill:
    """The drill for ``game`` configured by ``options``."""
    if not 0 <= options.trap_rate <= 1:  # also refuses nan
        raise TablecalcError(f"bad trap rate {options.trap_rate}: expected a share between 0 and 1, e.g. 0.2")
    if options.max_solutions is not None and options.max_solutions < 1:
        raise TablecalcError(f"bad --max-solutions {options.max_solutions}: expected at least 1")
    if options.min_cards is not None and options.min_cards < 2:
        raise TablecalcError(f"bad --min-cards {options.min_cards}: a calculation uses at least 2 cards")
    if options.time_limit is not None and not options.time_limit > 0:
        raise TablecalcError(f"bad time limit {options.time_limit}: expected a number of seconds > 0")
    if game == "nambarz":
        from trainer.drills.nambarz import NambarzDrill

        return NambarzDrill(options)
    if game == "arith":
        from trainer.drills.arith import ArithDrill

        return ArithDrill(options)
    if game == "nmbrs":
        from trainer.drills.nmbrs import NmbrsDrill

        return NmbrsDrill(options)
    raise TablecalcError(f"unknown drill {game!r}: expected one of {', '.join(GAMES)}")
