"""The referee's verdicts on Nambarz plays, as data: the violation codes, the penalty, the
verdict on a play laid on the top card (:class:`Verdict`) and the verdict on a move of a whole
round, jokers' rules included (:class:`RoundVerdict`). Nothing here is a sentence
(:mod:`solver.nambarz.words` words a verdict).

>>> p = Penalty(3, (Card(5), Card(10)))
>>> p.amount, p.as_dict()
(3, {'draw': 3, 'take_back': ['5', '10'], 'play_instead': None})
>>> Violation.NOT_IN_HAND.not_understood, Violation.NOT_SIMPLEST.not_understood
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from solver.expr import Step, json_value
from solver.game import Code, clauses_of
from solver.nambarz.best import Play
from solver.nambarz.cards import Card
from solver.nambarz.rules import Rules

__all__ = ["Violation", "Penalty", "Verdict", "RoundVerdict", "VIOLATION_ORDER"]


class Violation(Code):
    """Why a play is not allowed; the value is the stable code used in JSON. A code flagged
    ``True`` means the answer was not understood (a drill asks again)."""

    NOT_A_CALCULATION = "not-a-calculation", True, "2.1"
    """Text that is no calculation, card, joker or ``draw``."""
    NOT_IN_HAND = "not-in-hand", True, "2.1"
    """Cards the player does not hold: nothing could be laid."""
    NOT_CONCORDANT = "not-concordant", "2.2"
    OPERATION_NOT_ALLOWED = "operation-not-allowed", "2.4"
    NEEDS_PARENTHESES = "needs-parentheses", "2.5"
    BAD_INTERMEDIATE = "bad-intermediate", "2.7"
    WRONG_RESULT = "wrong-result", "2.3"
    MIXED_FAMILIES = "mixed-families", "3.1"
    CONCORDANT_CARD = "concordant-card", "3.3"
    NOT_SIMPLEST = "not-simplest", "3.2"
    COULD_PLAY = "could-play", "2.8"
    """Drawing when a card, a joker or a calculation could cover the top card."""
    WRONG_JOKER = "wrong-joker", "4.2"
    """A joker that cannot do what was asked of it: a change-number joker announcing a drawing,
    a change joker announcing nothing, play-again announcing something (the seed's "wrong joker")."""
    CALCULATION_ON_JOKER = "calculation-on-joker", "4.3"
    """A calculation on a change joker laid alone: one card of the announced number or drawing only."""
    JOKER_ON_JOKER = "joker-on-joker", "4.3"
    """A joker on a change joker laid alone, when the rules (``joker_on_joker=false``) forbid it."""
    MUST_DRAW = "must-draw", "4.6"
    """Play-again was the player's last card: they draw one card before anything else."""
    NOT_YOUR_TURN = "not-your-turn", "1.5"
    """Another player was to move."""
    ROUND_OVER = "round-over", "6.2"
    """A move after the round ended."""


VIOLATION_ORDER = list(Violation)
"""The violations, most important first (a verdict lists its own in this order)."""


@dataclass(frozen=True)
class Penalty:
    """Draw ``draw`` cards and take back ``take_back``; for a not-simplest play, lay ``play_instead``."""

    draw: int = 0
    take_back: tuple[Card, ...] = ()
    play_instead: Play | None = None

    @property
    def amount(self) -> int:
        """The penalty in cards drawn."""
        return self.draw

    def as_dict(self) -> dict:
        return {
            "draw": self.draw,
            "take_back": [str(c) for c in self.take_back],
            "play_instead": self.play_instead.as_dict() if self.play_instead else None,
        }


@dataclass(frozen=True)
class Verdict:
    """The referee's judgement of one play on the top card (rendered by the CLI, serialised to JSON).

    ``kind`` is ``calculation``, ``concordance``, ``joker``, ``draw`` or ``None`` (unreadable).
    ``cards`` are the cards as read (most favourable reading), ``None`` where a number
    matches no card of the hand. ``bad_step`` is the first forbidden operation;
    ``concordant_cards`` the cards that matched the top card; ``simplest`` the simplest
    plays of the hand; ``relaid`` the same calculation laid in an order the rules accept
    (when the typed order was refused); ``precedence_value`` what the typed text makes
    with usual precedence, when that differs from the left-to-right reading.
    """

    target: Card
    hand: tuple[Card, ...]
    rules: Rules
    answer: str
    kind: str | None
    cards: tuple[Card | None, ...]
    expression: str | None
    value: Fraction | None
    violations: tuple[Violation, ...]
    penalty: Penalty
    bonus: int = 0
    min_cards: int | None = None
    simplest: tuple[Play, ...] = ()
    bad_step: Step | None = None
    concordant_cards: tuple[Card, ...] = ()
    missing: tuple[str, ...] = ()
    ops_refused: tuple[str, ...] = ()
    relaid: Play | None = None
    precedence_value: Fraction | None = None
    error: str | None = None
    error_position: int | None = None

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of(self.violations)

    def as_dict(self) -> dict:
        return {
            "target": str(self.target),
            "hand": [str(c) for c in self.hand],
            "answer": self.answer,
            "rules": self.rules.as_dict(),
            "kind": self.kind,
            "legal": self.legal,
            "violations": [str(v) for v in self.violations], "clauses": list(self.clauses),
            "cards": [None if c is None else str(c) for c in self.cards],
            "expression": self.expression,
            "value": json_value(self.value),
            "penalty": self.penalty.as_dict(),
            "bonus": self.bonus,
            "min_cards": self.min_cards,
            "simplest": [p.as_dict() for p in self.simplest],
            "bad_step": str(self.bad_step) if self.bad_step else None,
            "concordant_cards": [str(c) for c in self.concordant_cards],
            "missing": list(self.missing),
            "relaid": self.relaid.as_dict() if self.relaid else None,
            "precedence_value": json_value(self.precedence_value),
            "error": self.error,
            "error_position": self.error_position,
        }


@dataclass(frozen=True)
class RoundVerdict:
    """The referee's verdict on one move of a round, the jokers' rules included.

    ``cover`` is what the player had to cover: a card, or a change joker laid alone and its
    announcement (:class:`~solver.nambarz.moves.Announcement`); ``move`` the move read
    (:class:`~solver.nambarz.moves.Move`, ``None`` when nothing could be read). ``penalty`` is
    the seed's (draw 3 and take back the cards not correctly used; for a calculation that is not
    the simplest, ``play_instead`` is laid); ``joker_stands`` says a change joker stays laid alone
    when only the card after it was wrong. ``card_verdict`` is the verdict on a card or
    calculation laid on a number card, which this one rests on; ``after`` the table after the
    move (after its penalty), as the round's JSON, when it was asked for. ``drew`` are the cards
    the move drew when a log says so (a real table's draw pile is not known in advance);
    ``error`` says why text that lays nothing could not be read (a card the deck does not have).
    """

    answer: str
    cover: Any
    hand: tuple[Card, ...]
    move: Any
    violations: tuple[Violation, ...]
    penalty: Penalty = Penalty()
    joker_stands: bool = False
    bonus: int = 0
    missing: tuple[str, ...] = ()
    card_verdict: Verdict | None = None
    after: Mapping | None = None
    drew: tuple[Card, ...] = ()
    error: str | None = None

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of(self.violations)

    def as_dict(self) -> dict:
        return {
            "answer": self.answer,
            "cover": str(self.cover),
            "hand": [str(c) for c in self.hand],
            "move": str(self.move) if self.move else None,
            "kind": self.move.kind.value if self.move else None,
            "legal": self.legal,
            "violations": [str(v) for v in self.violations], "clauses": list(self.clauses),
            "penalty": self.penalty.as_dict(),
            "joker_stands": self.joker_stands,
            "bonus": self.bonus,
            "missing": list(self.missing),
            "after": dict(self.after) if self.after is not None else None,
        }
