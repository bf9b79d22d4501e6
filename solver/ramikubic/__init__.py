"""Ramikubic: tile rummy — combinations, the initial meld, the best lay with table rearrangement
(exact, by integer programming), the referee of a move, scores, and whole rounds.

>>> from solver.ramikubic import TileSet, Rules, judge_combination
>>> ts = TileSet.default()
>>> judge_combination(ts.parse_tiles("7b 8b 9b"), Rules(), ts).valid
True

The package's modules (docs/adding-a-game.md): ``tiles`` and ``rules`` (the tile set, the rule
options), ``verdict`` (the violation codes, the penalty and the verdict, as data), ``combos``
(the one home of valid groups and runs), ``position`` (table, rack, melded), ``referee`` (a move
judged), ``best`` (the best lay and the initial meld), ``state`` (one turn move by move),
``round`` (a whole round: every rack, the pool, the turns), ``match`` (rounds and their scores,
the analysis), ``bots``, ``scoring``, ``deal``, ``words`` (every sentence) and ``game``
(:data:`GAME`, the registry's entry).
"""

from solver.ramikubic.tiles import JOKER, Colour, Tile, TileSet, tiles_text
from solver.ramikubic.rules import PRESETS, MeldJoker, Objective, Rules, Wrap
from solver.ramikubic.verdict import Penalty, Verdict, Violation
from solver.ramikubic.combos import CombinationVerdict, Reading, is_valid, judge_combination, readings
from solver.ramikubic.position import Position, parse_table, table_text
from solver.ramikubic.best import Lay, Meld, best_lay, best_meld, solve
from solver.ramikubic.referee import judge, judge_step
from solver.ramikubic.game import GAME

__all__ = [
    "JOKER", "Colour", "Tile", "TileSet", "tiles_text", "PRESETS", "MeldJoker", "Objective", "Rules", "Wrap",
    "Penalty", "Verdict", "Violation", "CombinationVerdict", "Reading", "is_valid", "judge_combination", "readings",
    "Position", "parse_table", "table_text", "Lay", "Meld", "best_lay", "best_meld", "solve",
    "judge", "judge_step", "GAME",
]
