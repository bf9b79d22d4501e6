"""Nmbrs!: number-sequence rummy — valid sequences, table moves, scoring and the best turn.

>>> from solver.nmbrs import Deck, Rules, check_sequence, valid_sequences
>>> deck = Deck.default()
>>> check_sequence(deck.parse_hand("14 20 26"), Rules.preset("advanced")).violations
(<Violation.COUNT_BACK: 'count-back'>,)
>>> [str(s) for s in valid_sequences(deck.parse_hand("5 10 15 20"), Rules.preset("advanced"))]
['5 10 15 20', '5 10 15', '10 15 20']

The package's modules, as every game's (docs/adding-a-game.md): ``cards`` and ``rules`` (the
deck, the rule options), ``sequences`` (valid sequences), ``moves`` (move notation),
``table`` (the table), ``verdict`` (what the referee says, as data), ``referee`` (the judging
of a turn), ``scoring``, ``movegen`` and ``best`` (every move, the best turn), ``words``
(every sentence), ``position``, ``deal``, ``state`` (one turn), ``round`` (a whole round: the
draw, the turns, the end, each move's verdict), ``bots`` (the computer's players), ``match``
(rounds played whole, their scores and the analysis of a move, on :mod:`solver.whole`),
``difficulty`` and ``game`` (:data:`GAME`, the registry's entry).
"""

from solver.nmbrs.cards import JOKER, Card, Colour, Deck, Placed
from solver.nmbrs.rules import MIN_LENGTH, PRESETS, Doubling, JokerColour, Opening, Rules, ScoreBy, SequenceRule
from solver.nmbrs.verdict import MoveResult, Penalty, Refusal, SequenceVerdict, SequenceWhy, Verdict, Violation
from solver.nmbrs.sequences import (
    Completion, LaidSequence, check_sequence, completions, count_back, valid_sequences, why_not,
)
from solver.nmbrs.moves import Move, MoveKind, parse_turn
from solver.nmbrs.table import InvalidTable, Table
from solver.nmbrs.referee import judge
from solver.nmbrs.position import Position
from solver.nmbrs.game import GAME

__all__ = [
    "JOKER", "Card", "Colour", "Deck", "Placed",
    "MIN_LENGTH", "PRESETS", "Doubling", "JokerColour", "Opening", "Rules", "ScoreBy", "SequenceRule",
    "MoveResult", "Penalty", "Refusal", "SequenceVerdict", "SequenceWhy", "Verdict", "Violation",
    "Completion", "LaidSequence", "check_sequence", "completions", "count_back", "valid_sequences", "why_not",
    "Move", "MoveKind", "parse_turn", "InvalidTable", "Table", "judge", "Position", "GAME",
]
