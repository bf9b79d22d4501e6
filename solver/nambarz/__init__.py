"""Nambarz: cover the top card by concordance or by the simplest calculation over your hand.

>>> from solver.nambarz import Deck, Rules, solve
>>> deck = Deck.default()
>>> sol = solve(deck.parse_card("8"), deck.parse_hand("1 3 3"), Rules.preset("basic"))
>>> [(p.expression, [str(c) for c in p.cards]) for p in sol.plays]
[('3×3-1', ['3', '3', '1'])]
"""

from solver.nambarz.cards import Card, Deck, Family, is_concordant
from solver.nambarz.referee import Penalty, Play, Solution, Verdict, Violation, check, simplest_plays, solve
from solver.nambarz.rules import PRESETS, Rules, SimplestScope
from solver.nambarz.scoring import PLACE_POINTS, Round, Scoreboard, parse_round, score_game
from solver.nambarz.state import Deal, Move, Turn
from solver.nambarz.moves import Announcement, JokerKind, Ruling
from solver.nambarz.round import RoundState
from solver.nambarz.game import GAME

__all__ = [
    "Card", "Deck", "Family", "is_concordant",
    "Penalty", "Play", "Solution", "Verdict", "Violation", "check", "simplest_plays", "solve",
    "PRESETS", "Rules", "SimplestScope",
    "PLACE_POINTS", "Round", "Scoreboard", "parse_round", "score_game",
    "Deal", "Move", "Turn", "GAME",
    "Announcement", "JokerKind", "Ruling", "RoundState",
]
