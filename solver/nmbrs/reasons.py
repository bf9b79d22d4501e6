"""Why the Nmbrs! referee refuses something, as data: stable codes and the numbers behind them.

Two levels, each a :class:`solver.game.Code`:

* :class:`SequenceViolation` — why some cards (and free jokers) make no valid sequence,
  carried by a :class:`SequenceWhy`;
* :class:`Violation` — why a move or a turn is refused (the JSON ``violation``), carried by
  a :class:`Refusal` whose finer :class:`Fault` says which of the referee's checks failed.

Nothing here builds a sentence: :mod:`solver.nmbrs.words` words these (and the verdicts'
``reason`` properties call it).

>>> why = SequenceWhy(SequenceViolation.COUNT_BACK, (14, 20, 26))
>>> why.as_dict()
{'code': 'count-back', 'numbers': [14, 20, 26], 'count_back': [26, 20, 14, 8, 2]}
>>> r = Refusal(Fault.NOT_ON_TABLE, "cross 21: 15 25", number=21)
>>> r.violation, r.as_dict()
(<Violation.NOT_ON_TABLE: 'not-on-table'>, {'code': 'not-on-table', 'violation': 'not-on-table', 'move': 'cross 21: 15 25', 'number': 21})
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.game import Code
from solver.nmbrs.cards import Card
from solver.nmbrs.rules import Opening, count_back

__all__ = ["SequenceViolation", "SequenceWhy", "Violation", "Fault", "Refusal"]


# ---------------------------------------------------------------- one sequence


class SequenceViolation(Code):
    """Why cards make no valid sequence; the value is the stable code used in JSON."""

    TOO_SHORT = "too-short"
    """Fewer than 3 cards."""
    NUMBER_TWICE = "number-twice"
    """The same number twice (a step of 0)."""
    NOT_A_PROGRESSION = "not-a-progression"
    """The steps between the numbers differ."""
    COUNT_BACK = "count-back"
    """Advanced rules: counting back does not land on 0 or 1."""
    JOKER_BLOCKED = "joker-blocked"
    """The jokers could only stand for numbers already on the table."""
    NO_JOKER_NUMBER = "no-joker-number"
    """No number for the jokers makes an arithmetic progression."""
    JOKER_COUNT_BACK = "joker-count-back"
    """Advanced rules: every progression the jokers could make fails to count back to 0 or 1."""


@dataclass(frozen=True)
class SequenceWhy:
    """Why ``numbers`` (sorted, the numbered cards) plus ``jokers`` free jokers make no valid sequence.

    ``could``: the progressions the jokers could make (the one blocked by ``on_table``
    numbers, or the first few that fail to count back); ``more``: there are more than shown.
    """

    code: SequenceViolation
    numbers: tuple[int, ...]
    jokers: int = 0
    could: tuple[tuple[int, ...], ...] = ()
    more: bool = False
    on_table: tuple[int, ...] = ()

    @property
    def steps(self) -> tuple[int, ...]:
        """The steps between consecutive numbers."""
        return tuple(b - a for a, b in zip(self.numbers, self.numbers[1:]))

    @property
    def count_back(self) -> tuple[int, ...]:
        """For the two count-back codes: the failing progression counted back (else ``()``)."""
        if self.code is SequenceViolation.COUNT_BACK:
            return count_back(self.numbers)
        if self.code is SequenceViolation.JOKER_COUNT_BACK:
            return count_back(self.could[0])
        return ()

    def as_dict(self) -> dict:
        """The code and the numbers it needs (keys that do not apply are left out)."""
        out: dict = {"code": str(self.code), "numbers": list(self.numbers)}
        if self.jokers:
            out["jokers"] = self.jokers
        if self.code is SequenceViolation.NOT_A_PROGRESSION:
            out["steps"] = list(self.steps)
        if self.could:
            out["could"] = [list(c) for c in self.could]
            out["more"] = self.more
        if self.on_table:
            out["on_table"] = list(self.on_table)
        if self.count_back:
            out["count_back"] = list(self.count_back)
        return out


# ---------------------------------------------------------------- moves and turns


class Violation(Code):
    """Why a move or a turn is refused; the value is the stable code used in JSON."""

    NOT_IN_HAND = "not-in-hand"
    NOT_A_SEQUENCE = "not-a-sequence"
    NO_SUCH_SEQUENCE = "no-such-sequence"
    NOT_ON_TABLE = "not-on-table"
    CROSSING_FULL = "crossing-full"
    CANNOT_LINK = "cannot-link"
    SHARES_CARDS = "shares-cards"
    NUMBER_TAKEN = "number-taken"
    NOT_COME_OUT = "not-come-out"
    NO_JOKER_THERE = "no-joker-there"
    JOKER_NOT_REUSED = "joker-not-reused"
    NO_DISCARD = "no-discard"
    TURN_OVER = "turn-over"
    """A move after the one that ended the turn (``discard CARD`` or ``end``)."""
    NOT_YOUR_TURN = "not-your-turn"
    """A whole round: a move by a player whose turn it is not."""
    WRONG_PHASE = "wrong-phase"
    """A whole round: a draw when the player must lay or discard, or the other way round."""
    PILE_EMPTY = "pile-empty"
    """A whole round: a draw from an empty pile."""
    REFUSED_CARD = "refused-card"
    """A whole round: taking the open card one has just refused (option ``retake_refused``)."""
    ROUND_OVER = "round-over"
    """A whole round: a move after a player went out."""


class Fault(Code):
    """Which check of the referee failed: one per wording, each belonging to one :class:`Violation`."""

    NOT_IN_HAND = "not-in-hand"
    JOKER_ON_TABLE_NUMBER = "joker-on-table-number"
    """A joker named as standing for a number already on the table."""
    NUMBER_IS_A_JOKER = "number-is-a-joker"
    """A card whose number a joker on the table stands for (swap it first)."""
    NUMBER_TWICE = "number-twice"
    NOT_A_SEQUENCE = "not-a-sequence"
    """The cards make no valid sequence (see :attr:`Refusal.sequence`)."""
    LAY_TOO_SHORT = "lay-too-short"
    CROSS_TOO_SHORT = "cross-too-short"
    NO_SUCH_SEQUENCE = "no-such-sequence"
    NOT_ON_TABLE = "not-on-table"
    CROSSING_FULL = "crossing-full"
    LINK_ITSELF = "link-itself"
    LINK_CROSSING = "link-crossing"
    LINK_OVERLAP = "link-overlap"
    SHARES_CARDS = "shares-cards"
    NOT_COME_OUT = "not-come-out"
    NO_JOKER_THERE = "no-joker-there"
    JOKER_NOT_REUSED = "joker-not-reused"
    NO_DISCARD = "no-discard"
    """The last card must be discarded (not in the simple version)."""
    DISCARD_NEEDED = "discard-needed"
    """``end`` with cards in hand: a turn ends by discarding one."""
    TURN_OVER = "turn-over"
    NOT_YOUR_TURN = "not-your-turn"
    DRAW_FIRST = "draw-first"
    """A lay, add... or discard before the turn's draw."""
    ALREADY_DREW = "already-drew"
    """A draw, refuse, claim or pass once the player has drawn."""
    ANSWER_CLAIM = "answer-claim"
    """Any move but ``claim`` or ``pass`` while a refused open card is offered."""
    NO_OFFER = "no-offer"
    """``claim`` or ``pass`` when no open card is offered."""
    REFUSE_FIRST = "refuse-first"
    """``draw closed`` at the start of a turn with a card on the open pile: refuse it first."""
    ALREADY_REFUSED = "already-refused"
    OPEN_EMPTY = "open-empty"
    CLOSED_EMPTY = "closed-empty"
    REFUSED_CARD = "refused-card"
    ROUND_OVER = "round-over"

    @property
    def violation(self) -> Violation:
        """The coarse code this check reports."""
        return _VIOLATION_OF.get(self) or Violation(self.value)


_VIOLATION_OF = {
    Fault.JOKER_ON_TABLE_NUMBER: Violation.NUMBER_TAKEN,
    Fault.NUMBER_IS_A_JOKER: Violation.NUMBER_TAKEN,
    Fault.NUMBER_TWICE: Violation.NUMBER_TAKEN,
    Fault.LAY_TOO_SHORT: Violation.NOT_A_SEQUENCE,
    Fault.CROSS_TOO_SHORT: Violation.NOT_A_SEQUENCE,
    Fault.LINK_ITSELF: Violation.CANNOT_LINK,
    Fault.LINK_CROSSING: Violation.CANNOT_LINK,
    Fault.LINK_OVERLAP: Violation.CANNOT_LINK,
    Fault.DISCARD_NEEDED: Violation.NO_DISCARD,
    Fault.DRAW_FIRST: Violation.WRONG_PHASE,
    Fault.ALREADY_DREW: Violation.WRONG_PHASE,
    Fault.ANSWER_CLAIM: Violation.WRONG_PHASE,
    Fault.NO_OFFER: Violation.WRONG_PHASE,
    Fault.REFUSE_FIRST: Violation.WRONG_PHASE,
    Fault.ALREADY_REFUSED: Violation.WRONG_PHASE,
    Fault.OPEN_EMPTY: Violation.PILE_EMPTY,
    Fault.CLOSED_EMPTY: Violation.PILE_EMPTY,
}


@dataclass(frozen=True)
class Refusal:
    """Why the referee refuses a move (``move``, as written) or the end of a turn (``move`` is ``None``).

    Which fields are set depends on :attr:`fault`: ``number`` (the card or number at issue,
    or the sequence asked for), ``sequences`` (1-based), ``numbers`` (the two numbers where a
    linked sequence would cross another), ``count`` (how many sequences the table has),
    ``card`` and ``hand`` (a card not held), ``opening`` (the rule option), ``sequence``
    (why the cards make no valid sequence).
    """

    fault: Fault
    move: str | None = None
    number: int | None = None
    sequences: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    count: int | None = None
    card: Card | None = None
    hand: tuple[Card, ...] | None = None
    opening: Opening | None = None
    sequence: SequenceWhy | None = None

    @property
    def violation(self) -> Violation:
        return self.fault.violation

    def as_dict(self) -> dict:
        """``code`` (the fault), ``violation``, ``move``, then the fields that are set."""
        out: dict = {"code": str(self.fault), "violation": str(self.violation), "move": self.move}
        for key in ("number", "count", "opening"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value if not isinstance(value, Opening) else str(value)
        for key in ("sequences", "numbers"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        if self.card is not None:
            out["card"] = str(self.card)
        if self.hand is not None:
            out["hand"] = [str(c) for c in self.hand]
        if self.sequence is not None:
            out["sequence"] = self.sequence.as_dict()
        return out
