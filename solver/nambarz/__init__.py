"""Nambarz: cover the top card by concordance or by the simplest calculation over your hand.

>>> from solver.nambarz import Deck, Rules, best
>>> deck = Deck.default()
>>> sol = best(deck.parse_card("8"), deck.parse_hand("1 3 3"), Rules.preset("basic"))
>>> [(p.expression, [str(c) for c in p.cards]) for p in sol.plays]
[('3×3-1', ['3', '3', '1'])]
"""

from solver.nambarz.cards import Card, Deck, Family, card_name, is_concordant
from solver.nambarz.rules import PRESETS, HolderPlace, Rules, SimplestScope
from solver.nambarz.best import Play, Solution, best, play_text, simplest_plays
from solver.nambarz.verdict import Penalty, RoundVerdict, Verdict, Violation
from solver.nambarz.referee import judge
from solver.nambarz.scoring import PLACE_POINTS, Round, Scoreboard, parse_round, score_game
from solver.nambarz.state import Deal, Move, Turn
from solver.nambarz.deal import deal
from solver.nambarz.moves import Announcement, JokerKind
from solver.nambarz.round import RoundState
from solver.nambarz.game import GAME

__all__ = [
    "Card", "Deck", "Family", "card_name", "is_concordant",
    "PRESETS", "HolderPlace", "Rules", "SimplestScope",
    "Play", "Solution", "best", "play_text", "simplest_plays",
    "Penalty", "RoundVerdict", "Verdict", "Violation", "judge",
    "PLACE_POINTS", "Round", "Scoreboard", "parse_round", "score_game",
    "Deal", "Move", "Turn", "deal", "GAME",
    "Announcement", "JokerKind", "RoundState",
]
