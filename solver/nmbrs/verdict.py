"""What the Nmbrs! referee says, as data: the one :class:`Violation` enum, why cards make no
sequence (:class:`SequenceWhy`) and why a move is refused (:class:`Refusal`), each move as
played (:class:`MoveResult`), what a refused turn costs (:class:`Penalty`), the verdict on a
turn (:class:`Verdict`) and on one sequence (:class:`SequenceVerdict`).

Nothing here is a sentence: :mod:`solver.nmbrs.words` words these.

A refusal's ``code`` names the check that failed; the turn's ``violation`` (the JSON
``violation`` and ``violations``) is the coarser code it belongs to, read from
:data:`TURN_VIOLATION`:

>>> r = Refusal(Violation.NOT_ON_TABLE, "cross 21: 15 25", number=21)
>>> r.violation, r.as_dict()
(<Violation.NOT_ON_TABLE: 'not-on-table'>, {'code': 'not-on-table', 'violation': 'not-on-table', 'move': 'cross 21: 15 25', 'number': 21})
>>> Refusal(Violation.LINK_OVERLAP, "link 1 2", sequences=(1, 2)).violation
<Violation.CANNOT_LINK: 'cannot-link'>
>>> why = SequenceWhy(Violation.COUNT_BACK, (14, 20, 26))
>>> why.as_dict()
{'code': 'count-back', 'numbers': [14, 20, 26], 'count_back': [26, 20, 14, 8, 2]}
>>> [str(v) for v in Violation if v.not_understood]
['not-a-move', 'not-in-hand', 'no-such-sequence']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from solver.game import Code, clauses_of
from solver.nmbrs.cards import Card, Placed, fixed_value, is_free_joker
from solver.nmbrs.moves import Move
from solver.nmbrs.rules import Opening, Rules, count_back
from solver.nmbrs.scoring import Doubled

__all__ = ["Violation", "TURN_VIOLATION", "SequenceWhy", "Refusal", "MoveResult", "Penalty", "Verdict",
           "SequenceVerdict", "RoundVerdict", "taken_back"]


class Violation(Code):
    """Every code the Nmbrs! referee gives, the value being the stable code used in JSON.

    Three families share it: why a turn is refused (a :class:`Verdict`'s ``violations``), the
    finer check that failed (a :class:`Refusal`'s ``code``, which :data:`TURN_VIOLATION` maps to
    the turn's code when they differ), and why cards make no valid sequence (a
    :class:`SequenceWhy`'s ``code``). A code written ``NAME = "code", True`` means the answer was
    not understood (a typo): a drill asks again.
    """

    # -- an answer that cannot be read
    NOT_A_MOVE = "not-a-move", True, "2.1"
    """The answer is no turn at all (a drill's code: the move parser refused it)."""

    # -- the turn's codes (a verdict's ``violation``)
    NOT_IN_HAND = "not-in-hand", True, "3.1"
    """A card of the move is not in the hand (not understood: a typo)."""
    NOT_A_SEQUENCE = "not-a-sequence", "3.1"
    NO_SUCH_SEQUENCE = "no-such-sequence", True, "4.1"
    """``add N`` or ``link N M`` with no sequence N on the table (not understood: a typo)."""
    NOT_ON_TABLE = "not-on-table", "4.3"
    CROSSING_FULL = "crossing-full", "4.3"
    CANNOT_LINK = "cannot-link", "4.4"
    SHARES_CARDS = "shares-cards", "4.4"
    NUMBER_TAKEN = "number-taken", "3.4"
    NOT_COME_OUT = "not-come-out", "4.1"
    NO_JOKER_THERE = "no-joker-there", "4.6"
    JOKER_NOT_REUSED = "joker-not-reused", "4.6"
    NO_DISCARD = "no-discard", "2.5"
    """The last card must be discarded (not in the simple version)."""
    TURN_OVER = "turn-over", "2.5"
    """A move after the one that ended the turn (``discard CARD`` or ``end``)."""
    NOT_YOUR_TURN = "not-your-turn", "2.1"
    """A whole round: a move by a player whose turn it is not."""
    WRONG_PHASE = "wrong-phase", "2.2"
    """A whole round: a draw when the player must lay or discard, or the other way round."""
    PILE_EMPTY = "pile-empty", "2.2", "2.4"
    """A whole round: a draw from an empty pile."""
    REFUSED_CARD = "refused-card", "2.3"
    """A whole round: taking the open card one has just refused (option ``retake_refused``)."""
    ROUND_OVER = "round-over", "5.3"
    """A whole round: a move after a player went out."""

    # -- the finer checks (a refusal's ``code``), each belonging to one of the turn's codes
    JOKER_ON_TABLE_NUMBER = "joker-on-table-number", "3.4"
    """A joker named as standing for a number already on the table."""
    NUMBER_IS_A_JOKER = "number-is-a-joker", "3.4"
    """A card whose number a joker on the table stands for (swap it first)."""
    NUMBER_TWICE = "number-twice", "3.4"
    """The same number twice: in a move, or in the cards of a sequence (a step of 0)."""
    LAY_TOO_SHORT = "lay-too-short", "3.1"
    CROSS_TOO_SHORT = "cross-too-short", "4.3", "4.5"
    LINK_ITSELF = "link-itself", "4.4"
    LINK_CROSSING = "link-crossing", "4.4"
    LINK_OVERLAP = "link-overlap", "4.4"
    DISCARD_NEEDED = "discard-needed", "2.5"
    """``end`` with cards in hand: a turn ends by discarding one."""
    DRAW_FIRST = "draw-first", "2.2"
    """A lay, add... or discard before the turn's draw."""
    ALREADY_DREW = "already-drew", "2.2"
    """A draw, refuse, claim or pass once the player has drawn."""
    ANSWER_CLAIM = "answer-claim", "2.3"
    """Any move but ``claim`` or ``pass`` while a refused open card is offered."""
    NO_OFFER = "no-offer", "2.3"
    """``claim`` or ``pass`` when no open card is offered."""
    REFUSE_FIRST = "refuse-first", "2.3"
    """``draw closed`` at the start of a turn with a card on the open pile: refuse it first."""
    ALREADY_REFUSED = "already-refused", "2.3"
    OPEN_EMPTY = "open-empty", "2.2"
    CLOSED_EMPTY = "closed-empty", "2.2", "2.4"

    # -- why cards make no valid sequence (a sequence's ``code``; NUMBER_TWICE too)
    TOO_SHORT = "too-short", "3.1"
    """Fewer than 3 cards."""
    NOT_A_PROGRESSION = "not-a-progression", "3.2"
    """The steps between the numbers differ."""
    COUNT_BACK = "count-back", "3.3"
    """Advanced rules: counting back does not land on 0 or 1."""
    JOKER_BLOCKED = "joker-blocked", "3.4"
    """The jokers could only stand for numbers already on the table."""
    NO_JOKER_NUMBER = "no-joker-number", "3.5"
    """No number for the jokers makes an arithmetic progression."""
    JOKER_COUNT_BACK = "joker-count-back", "3.3"
    """Advanced rules: every progression the jokers could make fails to count back to 0 or 1."""


TURN_VIOLATION: dict[Violation, Violation] = {
    Violation.JOKER_ON_TABLE_NUMBER: Violation.NUMBER_TAKEN,
    Violation.NUMBER_IS_A_JOKER: Violation.NUMBER_TAKEN,
    Violation.NUMBER_TWICE: Violation.NUMBER_TAKEN,
    Violation.LAY_TOO_SHORT: Violation.NOT_A_SEQUENCE,
    Violation.CROSS_TOO_SHORT: Violation.NOT_A_SEQUENCE,
    Violation.LINK_ITSELF: Violation.CANNOT_LINK,
    Violation.LINK_CROSSING: Violation.CANNOT_LINK,
    Violation.LINK_OVERLAP: Violation.CANNOT_LINK,
    Violation.DISCARD_NEEDED: Violation.NO_DISCARD,
    Violation.DRAW_FIRST: Violation.WRONG_PHASE,
    Violation.ALREADY_DREW: Violation.WRONG_PHASE,
    Violation.ANSWER_CLAIM: Violation.WRONG_PHASE,
    Violation.NO_OFFER: Violation.WRONG_PHASE,
    Violation.REFUSE_FIRST: Violation.WRONG_PHASE,
    Violation.ALREADY_REFUSED: Violation.WRONG_PHASE,
    Violation.OPEN_EMPTY: Violation.PILE_EMPTY,
    Violation.CLOSED_EMPTY: Violation.PILE_EMPTY,
}
"""The turn's code of each finer check whose code differs from it (a check not listed here is
reported under its own code)."""


# ---------------------------------------------------------------- one sequence


@dataclass(frozen=True)
class SequenceWhy:
    """Why ``numbers`` (sorted, the numbered cards) plus ``jokers`` free jokers make no valid sequence.

    ``could``: the progressions the jokers could make (the one blocked by ``on_table``
    numbers, or the first few that fail to count back); ``more``: there are more than shown.
    """

    code: Violation
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
        if self.code is Violation.COUNT_BACK:
            return count_back(self.numbers)
        if self.code is Violation.JOKER_COUNT_BACK:
            return count_back(self.could[0])
        return ()

    def as_dict(self) -> dict:
        """The code and the numbers it needs (keys that do not apply are left out)."""
        out: dict = {"code": str(self.code), "numbers": list(self.numbers)}
        if self.jokers:
            out["jokers"] = self.jokers
        if self.code is Violation.NOT_A_PROGRESSION:
            out["steps"] = list(self.steps)
        if self.could:
            out["could"] = [list(c) for c in self.could]
            out["more"] = self.more
        if self.on_table:
            out["on_table"] = list(self.on_table)
        if self.count_back:
            out["count_back"] = list(self.count_back)
        return out


@dataclass(frozen=True)
class SequenceVerdict:
    """Whether typed cards form a valid sequence: every way the jokers can make it valid, or
    why not (``why``, as data; :func:`solver.nmbrs.words.sequence_reason` words it)."""

    cards: tuple[Placed | Card, ...]
    rules: Rules
    resolutions: tuple[tuple[int, ...], ...]
    why: SequenceWhy | None

    @property
    def valid(self) -> bool:
        return bool(self.resolutions)

    @property
    def violations(self) -> tuple[Violation, ...]:
        """The violation, as a tuple (empty when valid)."""
        return (self.why.code,) if self.why else ()

    @property
    def joker_values(self) -> tuple[int, ...]:
        """The numbers the jokers stand for in the first valid reading (``()`` when invalid)."""
        if not self.valid:
            return ()
        reals = {c.number for c in self.cards if isinstance(c, Card) and not c.is_joker}
        return tuple(v for v in self.resolutions[0] if v not in reals)

    @property
    def numbers(self) -> tuple[int, ...] | None:
        """The numbers of the (first) valid reading; the typed numbers when no joker is involved."""
        if self.resolutions:
            return self.resolutions[0]
        if all(not is_free_joker(c) for c in self.cards):
            return tuple(sorted(fixed_value(c) for c in self.cards))
        return None

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of(self.violations)

    def as_dict(self) -> dict:
        """The verdict as JSON data (``tablecalc nmbrs check`` adds ``reason``, the ``why`` in words)."""
        nums = self.numbers
        return {
            "cards": [str(c) for c in self.cards],
            "valid": self.valid,
            "why": self.why.as_dict() if self.why else None, "clauses": list(self.clauses),
            "numbers": list(nums) if nums else None,
            "step": nums[1] - nums[0] if nums and len(nums) > 1 else None,
            "jokers": [{"card": "joker", "value": v} for v in self.joker_values],
            "resolutions": [list(r) for r in self.resolutions],
            "rules": self.rules.as_dict(),
        }


# ---------------------------------------------------------------- moves and turns


@dataclass(frozen=True)
class Refusal:
    """Why the referee refuses a move (``move``, as written) or the end of a turn (``move`` is ``None``).

    ``code`` is the check that failed; which other fields are set depends on it: ``number``
    (the card or number at issue, or the sequence asked for), ``sequences`` (1-based),
    ``numbers`` (the two numbers where a linked sequence would cross another), ``count`` (how
    many sequences the table has), ``card`` and ``hand`` (a card not held), ``opening`` (the
    rule option), ``sequence`` (why the cards make no valid sequence).
    """

    code: Violation
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
        """The turn's code this check reports (:data:`TURN_VIOLATION`)."""
        return TURN_VIOLATION.get(self.code, self.code)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of((self.code, *((self.sequence.code,) if self.sequence else ()), self.violation))

    def as_dict(self) -> dict:
        """``code``, ``violation``, ``move``, then the fields that are set."""
        out: dict = {"code": str(self.code), "violation": str(self.violation), "move": self.move}
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


@dataclass(frozen=True)
class MoveResult:
    """A move as played: the sequence it made or changed (1-based ``sequence``, its ``numbers``),
    the hand cards ``laid`` with their numbers, and what they score (``doubled``: why the points
    are doubled, or ``None``; ``rescored``: see below)."""

    move: Move
    kind: str
    sequence: int | None
    numbers: tuple[int, ...]
    laid: tuple[Placed, ...]
    points: int
    doubled: Doubled | None
    score: int
    rescored: int = 0
    """With the doubling judged on the turn, what the cards laid earlier this turn in the same
    sequence gain or lose, judged again with it (part of ``score``)."""

    def as_dict(self) -> dict:
        return {
            "move": str(self.move),
            "kind": self.kind,
            "sequence": self.sequence,
            "numbers": list(self.numbers),
            "cards": [str(p.card) for p in self.laid],
            "jokers": [{"card": "joker", "value": p.value} for p in self.laid if p.is_joker],
            "points": self.points,
            "doubled": self.doubled,
            "score": self.score,
            "rescored": self.rescored,
        }


@dataclass(frozen=True)
class Penalty:
    """What a refused turn costs: every card it laid (or swapped in) goes back to the hand, and it
    scores nothing. ``amount`` counts the cards taken back."""

    take_back: tuple[Card, ...] = ()

    @property
    def amount(self) -> int:
        return len(self.take_back)

    def as_dict(self) -> dict:
        return {"take_back": [str(c) for c in self.take_back], "amount": self.amount}


def taken_back(results: Sequence[MoveResult], hand: Sequence[Card]) -> Penalty:
    """The penalty of a refused turn whose moves so far are ``results`` (``hand``: the hand it
    started with): every card they laid, and the card each swap put on the table, goes back."""
    back: list[Card] = []
    for r in results:
        if r.kind == "swap":
            back += [c for c in hand if c.number == r.move.target[0]]
        back += [p.card for p in r.laid]
    return Penalty(tuple(back))


@dataclass(frozen=True)
class Verdict:
    """The referee's judgement of a whole turn, as data: each move played, the final table, the score.

    ``why`` says why the turn is refused (``None`` when legal);
    :func:`solver.nmbrs.words.turn_reason` words it. ``failed_move`` is the 1-based refused
    move, ``None`` for a refusal at the end of the turn. ``table_before`` and ``table`` are
    :class:`~solver.nmbrs.table.Table` objects.
    """

    table_before: Any
    hand: tuple[Card, ...]
    rules: Rules
    opened: bool
    results: tuple[MoveResult, ...]
    table: Any
    hand_left: tuple[Card, ...]
    why: Refusal | None = None
    failed_move: int | None = None
    points_estimated: bool = True

    @property
    def legal(self) -> bool:
        return self.why is None

    @property
    def violation(self) -> Violation | None:
        return self.why.violation if self.why else None

    @property
    def violations(self) -> tuple[Violation, ...]:
        """The violation as a tuple: empty, or the one that stopped the turn."""
        return (self.why.violation,) if self.why else ()

    @property
    def score(self) -> int:
        """What the turn adds to the player's total (0 when the turn is refused)."""
        return sum(r.score for r in self.results) if self.legal else 0

    @property
    def discarded(self) -> Card | None:
        """The card a final ``discard`` move threw away, if the turn had one."""
        last = self.results[-1] if self.results else None
        return last.move.cards[0] if last is not None and last.kind == "discard" else None  # type: ignore[return-value]

    @property
    def penalty(self) -> Penalty:
        """Nothing when legal; else the cards the moves before the refusal laid or swapped in go back."""
        return Penalty() if self.legal else taken_back(self.results, self.hand)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return self.why.clauses if self.why else ()

    def as_dict(self) -> dict:
        """The verdict as JSON data (``tablecalc nmbrs judge`` adds ``reason``, the ``why`` in words)."""
        return {
            "legal": self.legal,
            "violation": str(self.violation) if self.violation else None,
            "why": self.why.as_dict() if self.why else None,
            "violations": [str(v) for v in self.violations], "clauses": list(self.clauses),
            "penalty": self.penalty.as_dict(),
            "failed_move": self.failed_move,
            "moves": [r.as_dict() for r in self.results],
            "score": self.score,
            "points_estimated": self.points_estimated,
            "cards_laid": sum(len(r.laid) for r in self.results),
            "hand": [str(c) for c in self.hand],
            "hand_left": [str(c) for c in self.hand_left],
            "discarded": str(self.discarded) if self.discarded else None,
            "table_before": self.table_before.as_dict(),
            "table": self.table.as_dict(),
            "opened": self.opened,
            "rules": self.rules.as_dict(),
        }


# ---------------------------------------------------------------- a move of a whole round


@dataclass(frozen=True)
class RoundVerdict:
    """The referee's verdict on one move of a whole round (a draw, a claim, a move of the turn),
    as :meth:`Round.judge <solver.nmbrs.round.Round.judge>` gives it.

    ``move`` is the move as the referee reads it (as typed when it is no move: then ``error``
    holds what the move parser said); ``player`` made it, ``to_move`` was to move. ``why`` says
    why it is refused (``None`` when legal) and ``penalty`` what that costs: a refused move of
    the player laying gives back every card their turn laid (:func:`taken_back`); a refused draw
    or a move out of turn costs nothing. What a legal move did: ``card``, the open card a draw or
    a claim took (everyone sees it; a card from the closed pile is never named); ``result``, a move
    of the turn (not its last) as played; ``turn_score``, the turn's points when this move (a
    ``discard`` or ``end``) ended it; ``out``, the player went out. ``after`` is the round after
    the move (legal moves only).

    >>> v = RoundVerdict("draw open", 1, 0, Refusal(Violation.NOT_YOUR_TURN, "draw open", number=0))
    >>> v.legal, v.violations, v.as_dict()["penalty"]
    (False, (<Violation.NOT_YOUR_TURN: 'not-your-turn'>,), {'take_back': [], 'amount': 0})
    """

    move: str
    player: int
    to_move: int
    why: Refusal | None = None
    penalty: Penalty = Penalty()
    error: str | None = None
    card: Card | None = None
    result: MoveResult | None = None
    turn_score: int | None = None
    out: bool = False
    after: Any = field(default=None, compare=False, repr=False)

    @property
    def legal(self) -> bool:
        return self.why is None

    @property
    def violations(self) -> tuple[Violation, ...]:
        return (self.why.violation,) if self.why else ()

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return self.why.clauses if self.why else ()

    def as_dict(self) -> dict:
        return {"move": self.move, "player": self.player, "legal": self.legal,
                "violations": [str(v) for v in self.violations], "clauses": list(self.clauses), "why": self.why.as_dict() if self.why else None,
                "penalty": self.penalty.as_dict(), "card": str(self.card) if self.card is not None else None,
                "result": self.result.as_dict() if self.result is not None else None,
                "turn_score": self.turn_score, "out": self.out}
