"""The Nmbrs! rule options a table chooses before play, as one frozen :class:`Rules` object.

>>> Rules.preset("advanced").sequence
<SequenceRule.COUNT_BACK: 'count-back'>
>>> r = Rules.preset("basic").with_options(doubling="added")
>>> r.name, r.doubling.value
('basic+custom', 'added')
>>> Rules.preset("simple").high, Rules.preset("simple").score_by.value, Rules.preset("simple").discard_last
(50, 'cards', False)

Two rules of play live here too, so that the referee and the best-turn search read the
same text: :func:`may_add` (the opening rule) and :func:`count_back` (the advanced rule's
arithmetic).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Sequence

from solver.errors import TablecalcError
from solver.parsing import is_whole, pick_preset, with_changes

__all__ = ["Rules", "SequenceRule", "ScoreBy", "Doubling", "JokerColour", "Opening", "EmptyClosed", "PRESETS",
           "MIN_LENGTH", "may_add", "count_back"]

MIN_LENGTH = 3
"""A sequence always has at least 3 cards, in every direction."""


class _Option(enum.StrEnum):
    """A rule option's values; the value is the stable name used on the command line and in JSON."""


class SequenceRule(_Option):
    """What makes a sequence valid."""

    PROGRESSION = "progression"
    """Basic rules: the numbers go up by the same step (≥ 1): 10-20-30, 14-20-26."""
    COUNT_BACK = "count-back"
    """Advanced rules: also, counting the progression back lands exactly on 0 or 1."""


class ScoreBy(_Option):
    """What a laid card is worth."""

    POINTS = "points"
    """The card's points (1–3; jokers 0)."""
    CARDS = "cards"
    """1 per card laid, jokers included (simple version)."""


class Doubling(_Option):
    """For cards added to a sequence already on the table, which cards must share or differ in colour."""

    WHOLE = "whole"
    """The whole resulting sequence (default)."""
    ADDED = "added"
    """Only the cards added from the hand (at least 2 of them)."""


class JokerColour(_Option):
    """The colour of a joker when judging one-colour / all-different sequences."""

    WILD = "wild"
    """Any colour that helps (default): a joker never spoils a doubling."""
    NONE = "none"
    """No colour: a sequence with a joker is never doubled."""
    AS_CARD = "as-card"
    """The colour the deck file gives the number it stands for."""


class Opening(_Option):
    """When a player may add cards to sequences on the table ("uitkomen", coming out)."""

    ONCE = "once"
    """After laying a first sequence of their own hand cards, this turn or an earlier one (default)."""
    EACH_TURN = "each-turn"
    """Only in a turn in which they have already laid a new sequence of their own hand cards."""
    FREE = "free"
    """At any time."""


class EmptyClosed(_Option):
    """What happens when a card must come from the closed pile and it is empty (the seed is silent)."""

    TURN_OVER = "turn-over"
    """The open pile but its top card is turned over, in order, into a new closed pile (default)."""
    END_ROUND = "end-round"
    """The round ends there: nobody went out, every player loses the points left in hand."""


@dataclass(frozen=True)
class Rules:
    """Every Nmbrs! rule option; build one with :meth:`preset` and :meth:`with_options`.

    * ``sequence``: ``progression`` (basic) or ``count-back`` (advanced);
    * ``high``: the highest card number (100; 50 in the simple version);
    * ``start_points``, ``hand_size``, ``hand_size_two_players``: the deal (50, 7, 9; simple 20, 5, 7);
    * ``score_by``: ``points`` of the cards laid, or ``cards`` laid (simple);
    * ``discard_last``: the very last card must be discarded, so a turn keeps one card (not in simple);
    * ``doubling``: judge additions on the ``whole`` resulting sequence (default) or the ``added`` cards;
    * ``joker_colour``: ``wild`` (default), ``none`` or ``as-card``;
    * ``opening``: ``once`` (default), ``each-turn`` or ``free``;
    * ``win_at``: the score that wins at the end of a round (100);
    * ``retake_refused``: whether a player who refused the open card and saw nobody claim it
      may take it after all (no: they draw from the closed pile);
    * ``empty_closed``: when the closed pile is empty, ``turn-over`` the open pile but its top
      card into a new closed pile (default) or ``end-round``;
    * ``max_turns``: a round ends with nobody out after this many turns (0: no limit; the
      simulator sets one so that every game ends).
    """

    name: str = "basic"
    sequence: SequenceRule = SequenceRule.PROGRESSION
    high: int = 100
    start_points: int = 50
    hand_size: int = 7
    hand_size_two_players: int = 9
    score_by: ScoreBy = ScoreBy.POINTS
    discard_last: bool = True
    doubling: Doubling = Doubling.WHOLE
    joker_colour: JokerColour = JokerColour.WILD
    opening: Opening = Opening.ONCE
    win_at: int = 100
    retake_refused: bool = False
    empty_closed: EmptyClosed = EmptyClosed.TURN_OVER
    max_turns: int = 0

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """One of :data:`PRESETS`: ``basic`` (the default), ``advanced`` or ``simple``."""
        return pick_preset(name, PRESETS, _PRESET_ALIASES)

    def with_options(self, **options) -> "Rules":
        """A copy with some options changed (``None`` leaves one as it is); the name gets ``+custom``.

        >>> Rules.preset("advanced").with_options(opening="free", joker_colour=None).describe()
        'advanced+custom: counting back lands on 0 or 1, cards 1-100, score = card points, doubling judged on the whole sequence, jokers any colour, add to the table at any time, last card discarded'
        """
        known = {f.name: f.type for f in fields(self)}
        changes: dict = {}
        for key, value in options.items():
            if value is None:
                continue
            if key not in known or key == "name":
                raise TablecalcError(f"unknown rule option {key!r}: expected one of {', '.join(k for k in known if k != 'name')}")
            current = getattr(self, key)
            if isinstance(current, enum.Enum):
                try:
                    value = type(current)(str(value).strip().lower())
                except ValueError:
                    allowed = ", ".join(o.value for o in type(current))
                    raise TablecalcError(f"unknown {key.replace('_', '-')} {value!r}: expected one of {allowed}") from None
            elif isinstance(current, bool):
                value = bool(value)
            elif isinstance(current, int):
                if isinstance(value, bool) or not is_whole(str(value).strip()):
                    raise TablecalcError(f"bad {key.replace('_', '-')} {value!r}: expected a whole number")
                value = int(value)
            changes[key] = value
        if "high" in changes and not 3 <= changes["high"] <= 100:
            raise TablecalcError(f"bad high {changes['high']}: expected the highest card number, 3-100")
        if "max_turns" in changes and not 0 <= changes["max_turns"] <= 100_000:
            raise TablecalcError(f"bad max-turns {changes['max_turns']}: expected 0 (no limit) to 100000")
        return with_changes(self, changes, PRESETS)

    def scores_estimated(self, points_estimated: bool) -> bool:
        """Whether scores rest on estimated card points: the deck's points are an estimate
        (``points_estimated``) and these rules score by points, not by cards laid.

        >>> Rules().scores_estimated(True), Rules.preset("simple").scores_estimated(True)
        (True, False)
        """
        return points_estimated and self.score_by is ScoreBy.POINTS

    def judged_cards(self, sequence, laid):
        """What the colour doubling of a move that adds to the table is judged on: the whole
        resulting ``sequence`` (default), or only the ``laid`` cards (``doubling="added"``). The
        referee passes placed cards, the best-turn search numbers; both ask here.

        >>> Rules().judged_cards("10-15-20", "15"), Rules().with_options(doubling="added").judged_cards("10-15-20", "15")
        ('10-15-20', '15')
        """
        return sequence if self.doubling is Doubling.WHOLE else laid

    def accepts(self, first: int, step: int) -> bool:
        """Whether a progression starting at ``first`` with ``step`` is valid (length and range aside).

        >>> adv = Rules.preset("advanced")
        >>> adv.accepts(10, 10), adv.accepts(11, 5), adv.accepts(14, 6), adv.accepts(5, 1)
        (True, True, False, True)
        """
        if step < 1:
            return False
        return self.sequence is SequenceRule.PROGRESSION or first % step in (0, 1)

    def describe(self) -> str:
        """One line: every option in words."""
        seq = "any progression" if self.sequence is SequenceRule.PROGRESSION else "counting back lands on 0 or 1"
        score = "card points" if self.score_by is ScoreBy.POINTS else "cards laid"
        doubling = "the whole sequence" if self.doubling is Doubling.WHOLE else "the added cards"
        joker = {JokerColour.WILD: "any colour", JokerColour.NONE: "no colour",
                 JokerColour.AS_CARD: "the colour of the card they replace"}[self.joker_colour]
        opening = {Opening.ONCE: "add to the table once come out", Opening.EACH_TURN: "add to the table after a new sequence each turn",
                   Opening.FREE: "add to the table at any time"}[self.opening]
        last = "last card discarded" if self.discard_last else "last card may be laid"
        return (f"{self.name}: {seq}, cards 1-{self.high}, score = {score}, doubling judged on {doubling}, "
                f"jokers {joker}, {opening}, {last}")

    def as_dict(self) -> dict:
        return {
            "preset": self.name,
            "sequence": self.sequence.value,
            "numbers": [1, self.high],
            "start_points": self.start_points,
            "hand_size": self.hand_size,
            "hand_size_two_players": self.hand_size_two_players,
            "score_by": self.score_by.value,
            "discard_last": self.discard_last,
            "doubling": self.doubling.value,
            "joker_colour": self.joker_colour.value,
            "opening": self.opening.value,
            "win_at": self.win_at,
            "retake_refused": self.retake_refused,
            "empty_closed": self.empty_closed.value,
            "max_turns": self.max_turns,
        }


PRESETS: dict[str, Rules] = {
    "basic": Rules(name="basic"),
    "advanced": Rules(name="advanced", sequence=SequenceRule.COUNT_BACK),
    "simple": Rules(
        name="simple", high=50, start_points=20, hand_size=5, hand_size_two_players=7,
        score_by=ScoreBy.CARDS, discard_last=False,
    ),
}
"""The named presets: basic (quick-start rules), advanced (gevorderden), simple (eenvoudige versie)."""

def may_add(rules: Rules, opened: bool, laid_new: bool) -> bool:
    """Whether the opening rule lets a player add, cross or link now.

    ``opened``: they came out (laid a sequence of their own) in an earlier turn;
    ``laid_new``: they laid a new sequence of their own hand cards this turn.

    >>> [may_add(Rules().with_options(opening=o), True, False) for o in ("once", "each-turn", "free")]
    [True, False, True]
    >>> may_add(Rules(), False, False), may_add(Rules(), False, True)
    (False, True)
    """
    if rules.opening is Opening.FREE:
        return True
    if rules.opening is Opening.EACH_TURN:
        return laid_new
    return opened or laid_new


def count_back(numbers: Sequence[int]) -> tuple[int, ...]:
    """A progression counted back from its largest number to where it lands (the last number ≥ 0).

    Under the advanced rules a sequence is valid when this lands on 0 or 1.

    >>> count_back((14, 20, 26)), count_back((11, 16, 21))
    ((26, 20, 14, 8, 2), (21, 16, 11, 6, 1))
    """
    d = numbers[1] - numbers[0]
    return tuple(range(numbers[-1], numbers[0] % d - 1, -d))


_PRESET_ALIASES = {"gevorderden": "advanced", "eenvoudig": "simple", "eenvoudige": "simple", "quick": "basic"}
