"""Ramikubic: tile rummy — combinations, the initial meld, the best lay with table rearrangement
(exact, by integer programming), the referee of a move, and scores.

>>> from solver.ramikubic import TileSet, Rules, judge_combination
>>> ts = TileSet.default()
>>> judge_combination(ts.parse_tiles("7b 8b 9b"), Rules(), ts).valid
True

The package's modules: ``tiles`` and ``rules`` (the tile set, the rule options), ``combos``
(the one home of valid groups and runs), ``position`` (table, rack, melded), ``best`` (the
best lay and the initial meld), ``referee`` (a move judged), ``state`` (one turn move by
move), ``scoring``, ``deal``, ``words`` and ``game`` (the :class:`solver.game.Game` protocol: :data:`GAME`).
"""

from solver.ramikubic.tiles import JOKER, Colour, Tile, TileSet, tiles_text
from solver.ramikubic.rules import PRESETS, MeldJoker, Objective, Rules, Wrap
from solver.ramikubic.combos import ComboFault, ComboVerdict, Reading, is_valid, judge_combination, readings
from solver.ramikubic.position import Position, parse_table, table_text
from solver.ramikubic.best import Lay, Meld, best_lay, best_meld, solve
from solver.ramikubic.referee import MoveVerdict, Penalty, Violation, check_move
from solver.ramikubic.game import GAME

__all__ = [
    "JOKER", "Colour", "Tile", "TileSet", "tiles_text", "PRESETS", "MeldJoker", "Objective", "Rules", "Wrap",
    "ComboFault", "ComboVerdict", "Reading", "is_valid", "judge_combination", "readings",
    "Position", "parse_table", "table_text", "Lay", "Meld", "best_lay", "best_meld", "solve",
    "MoveVerdict", "Penalty", "Violation", "check_move", "GAME",
]
