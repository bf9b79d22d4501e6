"""The Nmbrs! rule options a table chooses before play, as one frozen :class:`Rules` object.

>>> Rules.preset("advanced").sequence
<SequenceRule.COUNT_BACK: 'count-back'>
>>> r = Rules.preset("basic").with_options(doubling="added")
>>> r.name, r.doubling.value
('basic+custom', 'added')
>>> Rules.preset("simple").high, Rules.preset("simple").score_by.value, Rules.preset("simple").discard_last
(50, 'cards', False)
>>> Rules.preset("advanced").with_options(opening="free", joker_colour=None).describe()
'advanced+custom: counting back lands on 0 or 1, cards 1-100, score = card points, doubling judged on the whole sequence, jokers any colour, add to the table at any time, last card discarded'
>>> Rules().as_dict()["numbers"], Rules().with_options(high="50").as_dict()["numbers"]
([1, 100], [1, 50])

Two rules of play live here too, so that the referee and the best-turn search read the
same text: :func:`may_add` (the opening rule) and :func:`count_back` (the advanced rule's
arithmetic).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from solver.i18n import N_
from solver.rules import BaseRules, option

__all__ = ["Rules", "SequenceRule", "ScoreBy", "Doubling", "DoublingPer", "JokerColour", "Opening", "EmptyClosed", "PRESETS",
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
    """1 per card laid (simple version); a joker too, unless ``joker_counts`` is off."""


class Doubling(_Option):
    """For cards added to a sequence already on the table, which cards must share or differ in colour."""

    WHOLE = "whole"
    """The whole resulting sequence (default)."""
    ADDED = "added"
    """Only the cards added from the hand (at least 2 of them)."""


class DoublingPer(_Option):
    """When the colour doubling is judged: once per move, or on the whole turn."""

    TURN = "turn"
    """Default (the seed counts a turn's cards once laid): the cards laid in one turn into one
    sequence are judged together, so splitting a lay into a lay and an add changes nothing."""
    MOVE = "move"
    """Each move on its own: a doubling a move earned stays, whatever a later move of the turn adds."""


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
class Rules(BaseRules):
    """Every Nmbrs! rule option, declared once (:mod:`solver.rules` builds ``with_options``, the
    presets, ``describe`` and ``as_dict`` from the declaration).

    Fixed by the seed (not options): a sequence has at least 3 cards in every direction, one
    card of each number, a crossing card lies in two sequences at most.
    """

    PRESETS = {
        "basic": {},
        "advanced": {"sequence": SequenceRule.COUNT_BACK},
        "simple": {"high": 50, "start_points": 20, "hand_size": 5, "hand_size_two_players": 7,
                   "score_by": ScoreBy.CARDS, "discard_last": False},
    }
    """The quick-start rules, the advanced rules (gevorderden), the simple version (eenvoudige versie)."""
    PRESET_ALIASES = {"gevorderden": "advanced", "eenvoudig": "simple", "eenvoudige": "simple", "quick": "basic"}

    name: str = "basic"
    sequence: SequenceRule = option(
        SequenceRule.PROGRESSION,
        N_("What makes a sequence valid: any progression (basic), or one counting back to 0 or 1 (advanced)."),
        flag="--sequence-rule",
        words={SequenceRule.PROGRESSION: N_("any progression"),
               SequenceRule.COUNT_BACK: N_("counting back lands on 0 or 1")})
    high: int = option(
        100, N_("The highest card number (100; 50 in the simple version)."), lo=3, hi=100,
        words=N_("cards 1-{value}"), key="numbers", json=lambda v: [1, v])
    start_points: int = option(
        50, N_("The points every player starts the game with."), words=N_("{value} points to start"), always=False)
    hand_size: int = option(
        7, N_("The cards dealt to each player when three or more play."), words=N_("hands of {value} cards"),
        always=False)
    hand_size_two_players: int = option(
        9, N_("The cards dealt to each player when two play."), words=N_("{value} cards each with two players"),
        always=False)
    score_by: ScoreBy = option(
        ScoreBy.POINTS, N_("What a laid card scores: its points, or 1 per card laid (simple version)."),
        words={ScoreBy.POINTS: N_("score = card points"), ScoreBy.CARDS: N_("score = cards laid")})
    joker_counts: bool = option(
        True, N_("Whether a joker counts as a card when the score is the cards laid (the simple version)."),
        flag="--joker-counts/--joker-not-counted", always=False,
        words={False: N_("a joker is not counted as a card laid")})
    doubling: Doubling = option(
        Doubling.WHOLE, N_("What the colour doubling of an addition to the table is judged on: the whole "
                           "sequence, or the added cards."),
        words={Doubling.WHOLE: N_("doubling judged on the whole sequence"),
               Doubling.ADDED: N_("doubling judged on the added cards")})
    doubling_per: DoublingPer = option(
        DoublingPer.TURN, N_("When the colour doubling is judged: on the cards each sequence got this turn, at the "
                             "turn's end (turn), or move by move (move)."),
        always=False, words={DoublingPer.TURN: N_("doubling judged on the turn"),
                             DoublingPer.MOVE: N_("doubling judged move by move")})
    joker_colour: JokerColour = option(
        JokerColour.WILD, N_("A joker's colour for the doubling: any colour (wild), none, or the colour of the "
                             "number it stands for."),
        words={JokerColour.WILD: N_("jokers any colour"), JokerColour.NONE: N_("jokers no colour"),
               JokerColour.AS_CARD: N_("jokers the colour of the card they replace")})
    opening: Opening = option(
        Opening.ONCE, N_("When a player may add to the table: once come out, after a new sequence of their own "
                         "each turn, or at any time."),
        words={Opening.ONCE: N_("add to the table once come out"),
               Opening.EACH_TURN: N_("add to the table after a new sequence each turn"),
               Opening.FREE: N_("add to the table at any time")})
    discard_last: bool = option(
        True, N_("Whether the very last card must be discarded (not in the simple version)."),
        flag="--discard-last/--lay-last",
        words={True: N_("last card discarded"), False: N_("last card may be laid")})
    win_at: int = option(
        100, N_("The score that wins the game at the end of a round."), words=N_("{value} points win"),
        always=False)
    retake_refused: bool = option(
        False, N_("Whether a refused open card that nobody claimed may be taken after all."),
        words={True: N_("a refused open card nobody claimed may be taken after all"),
               False: N_("a refused open card is not taken back")},
        always=False)
    empty_closed: EmptyClosed = option(
        EmptyClosed.TURN_OVER, N_("When the closed pile is empty: the open pile but its top card is turned over "
                                  "into a new one, or the round ends."),
        words={EmptyClosed.TURN_OVER: N_("an empty closed pile is refilled from the open pile"),
               EmptyClosed.END_ROUND: N_("an empty closed pile ends the round")},
        always=False)
    max_turns: int = option(
        0, N_("A round ends with nobody out after this many turns (0: none set, and a game played, simulated "
           "or refereed whole ends a round at 400)."),
        lo=0, hi=100_000, words=N_("at most {value} turns a round"), always=False)

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


PRESETS = Rules.presets()
"""The named presets, by name: basic (quick-start rules), advanced (gevorderden), simple (eenvoudige versie)."""


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

