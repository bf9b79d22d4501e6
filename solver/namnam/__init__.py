"""Nam Nam (awalé, oware): the rules engine, the referee, the best-move search and the endgame tables.

>>> from solver.namnam import Position, Rules, judge
>>> judge(Position.parse("start"), "6", Rules()).last
'north 4'
"""

from solver.namnam.rules import PRESETS, Direction, GrandSlam, Rules
from solver.namnam.board import Position
from solver.namnam.referee import MoveVerdict, Violation, judge, legal_pits, play
from solver.namnam.state import GameState, Move
from solver.namnam.search import SearchResult, best
from solver.namnam.game import GAME

__all__ = ["PRESETS", "Direction", "GrandSlam", "Rules", "Position", "MoveVerdict", "Violation", "judge", "legal_pits",
           "play", "GameState", "Move", "SearchResult", "best", "GAME"]
