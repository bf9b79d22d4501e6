"""Nmbrs!: number-sequence rummy — valid sequences, table moves, scoring and the best turn.

>>> from solver.nmbrs import Deck, Rules, check_sequence, valid_sequences
>>> deck = Deck.default()
>>> check_sequence(deck.parse_hand("14 20 26"), Rules.preset("advanced")).reason
'counting back 26, 20, 14, 8, 2 lands on 2, not 0 or 1'
>>> [str(s) for s in valid_sequences(deck.parse_hand("5 10 15 20"), Rules.preset("advanced"))]
['5 10 15 20', '5 10 15', '10 15 20']

The package's modules: ``cards`` and ``rules`` (the deck, the rule options), ``sequences``
(valid sequences), ``moves`` (move notation), ``table`` (the referee of a turn),
``scoring``, ``movegen`` and ``best`` (every move, the best turn), ``reasons`` and
``words`` (why something is refused, as data, and in words), ``position``, ``deal``,
``state`` (one turn), ``round`` (a whole round: the draw, the turns, the end), ``simulate``
(bots and whole games), ``replay`` (the referee of a recorded game) and ``game`` (the
:class:`solver.game.Game` protocol: :data:`GAME`).
"""

from solver.nmbrs.cards import JOKER, Card, Colour, Deck, Placed
from solver.nmbrs.rules import MIN_LENGTH, PRESETS, Doubling, JokerColour, Opening, Rules, ScoreBy, SequenceRule
from solver.nmbrs.reasons import Fault, Refusal, SequenceViolation, SequenceWhy, Violation
from solver.nmbrs.sequences import (
    Completion, LaidSequence, SequenceVerdict, check_sequence, completions, count_back, valid_sequences, why_not,
)
from solver.nmbrs.moves import Move, MoveKind, parse_turn
from solver.nmbrs.position import Position
from solver.nmbrs.game import GAME

__all__ = [
    "JOKER", "Card", "Colour", "Deck", "Placed",
    "MIN_LENGTH", "PRESETS", "Doubling", "JokerColour", "Opening", "Rules", "ScoreBy", "SequenceRule",
    "Fault", "Refusal", "SequenceViolation", "SequenceWhy", "Violation",
    "Completion", "LaidSequence", "SequenceVerdict", "check_sequence", "completions", "count_back",
    "valid_sequences", "why_not",
    "Move", "MoveKind", "parse_turn", "Position", "GAME",
]
