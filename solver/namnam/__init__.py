"""Nam Nam (awalé, oware): the rules engine, the referee, the best-move search and the endgame tables.

>>> from solver.namnam import Position, Rules, judge
>>> judge(Position.parse("start"), "6", Rules()).last
'north 4'
"""

from solver.namnam.rules import PRESETS, Direction, GrandSlam, Leftover, Rules
from solver.namnam.position import Position
from solver.namnam.verdict import Penalty, Verdict, Violation
from solver.namnam.referee import judge, legal_pits, play
from solver.namnam.state import GameState, Move
from solver.namnam.best import SearchResult, best
from solver.namnam.deal import random_position
from solver.namnam.game import GAME

__all__ = ["PRESETS", "Direction", "GrandSlam", "Leftover", "Rules", "Position", "Penalty", "Verdict", "Violation",
           "judge", "legal_pits", "play", "GameState", "Move", "SearchResult", "best", "random_position", "GAME"]
