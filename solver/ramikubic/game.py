"""Ramikubic as the registry sees it: :class:`solver.game.BaseGame` over this package.

A situation is a :class:`~solver.ramikubic.position.Position` (table, rack, melded); an
answer is the new table as a player types it (or ``pass``); ``best`` finds the best lay (or
the initial meld) and ``judge`` is the referee on a move (:class:`~solver.ramikubic.verdict.Verdict`).

>>> ts = GAME.load_data(GAME.rules())
>>> p = GAME.parse_situation("table 7b 8b 9b; rack 10b 7y 7g; melded", ts)
>>> GAME.best_answers(GAME.best(p, GAME.rules(), ts))
('8b 9b 10b | 7b 7y 7g',)
>>> v = GAME.judge(p, GAME.refused_answer(p, GAME.rules(), ts), GAME.rules(), ts)
>>> v.legal, [str(x) for x in v.violations], v.penalty.amount
(False, ['table-tile-removed', 'not-a-combination'], 1)
>>> GAME.explain(v)
'Not legal: 9b left the table: what is laid stays on the table; not a group or a run: 7b 8b (a combination has at least 3 tiles). The table is restored: draw 1 tile.'
"""

from __future__ import annotations

from pathlib import Path

from solver.game import BaseGame, DataOption
from solver.i18n import N_
from solver.ramikubic.best import Lay, solve
from solver.ramikubic.deal import deal
from solver.ramikubic.match import Match
from solver.ramikubic.position import Position, table_text
from solver.ramikubic.referee import judge
from solver.ramikubic.rules import Rules
from solver.ramikubic.state import Turn
from solver.ramikubic.tiles import TileSet
from solver.ramikubic.verdict import JUDGED, RoundVerdict, Verdict, Violation
from solver.ramikubic.words import explain_move, explain_turn, say

__all__ = ["Ramikubic", "GAME", "DEALT_TABLE"]

DEALT_TABLE = 15
"""At least this many tiles on the table of a random situation."""


class Ramikubic(BaseGame):
    """Tile rummy: combinations, the initial meld, the best lay with rearrangement, the referee, scores."""

    name = "ramikubic"
    title = "Ramikubic"
    aliases = ("rami", "rummikub", "ramikub", "tile-rummy", "rami-tuiles", "rummi")
    summary = N_("tile rummy: check combinations, find the initial meld and the best lay with table "
               "rearrangement (exact, by integer programming), referee a move, score rounds")
    seed = N_("seed 004 (seeds/004_fe2c8b528847f3c3.txt, the French rules 'Règles du jeu Ramikubic'): tiles 1-10 in "
            "four colours twice and 4 jokers, groups and runs (a 1 may follow the 10), the initial meld of 20 "
            "from the rack alone, manipulating the table, the penalty (table restored, draw 1), 50 s a turn, "
            "round scores and the first-turn finish")
    penalty_unit = N_("tiles drawn")
    Rules = Rules
    violations = Violation
    judged = JUDGED
    data_option = DataOption("--tiles", N_("A tile file (TOML) instead of the built-in set."))

    def load_data(self, rules: Rules, path: str | Path | None = None) -> TileSet:
        """The built-in tiles (``solver/ramikubic/tiles.toml``) or the tile file at ``path``."""
        return TileSet.from_file(path) if path else TileSet.default()

    def parse_situation(self, text: str, tiles: TileSet) -> Position:
        return Position.parse(text, tiles)

    def check_situation(self, situation: Position, rules: Rules, tiles: TileSet) -> None:
        """The table's combinations must be valid under ``rules`` (a 10-1-2 run only with full wrap)."""
        situation.check(rules, tiles)

    def random_situation(self, rng, rules: Rules, tiles: TileSet) -> Position:
        """A table of about :data:`DEALT_TABLE` tiles and a full rack; melded half of the time."""
        return deal(rng, rules, tiles, table_tiles=DEALT_TABLE, rack_size=rules.rack_size, melded=rng.random() < 0.5)

    def best(self, situation: Position, rules: Rules, tiles: TileSet) -> Lay:
        situation.check(rules, tiles)
        return solve(situation, rules, tiles)

    def best_answers(self, solution: Lay) -> tuple[str, ...]:
        """The new table after the best play, or ``pass``."""
        return (solution.answer,)

    def judge(self, situation: Position, answer: str, rules: Rules, tiles: TileSet) -> Verdict:
        situation.check(rules, tiles)
        return judge(situation, answer, rules, tiles)

    def refused_answer(self, situation: Position, rules: Rules, tiles: TileSet) -> str | None:
        """The table with the last tile of its first combination taken off (a table tile removed),
        or, on an empty table, two tiles of the rack as a combination (too short)."""
        if situation.table:
            first = situation.table[0]
            return table_text((first[:-1], *situation.table[1:]))
        return " ".join(str(t) for t in situation.rack[:2])

    def explain(self, verdict: Verdict | RoundVerdict) -> str:
        """A move's verdict in words: one position's (``judge``), or one turn's of a whole round."""
        if isinstance(verdict, RoundVerdict):
            return say(explain_turn(verdict))
        return say(explain_move(verdict))

    def say_move(self, move: str) -> str:
        """A move with its tiles in the letters of the language in use (``7ja`` in French)."""
        return say(move)

    def new_state(self, situation: Position, rules: Rules, tiles: TileSet) -> Turn:
        """One turn, move by move: lay a combination, add a tile, end (see :mod:`solver.ramikubic.state`)."""
        return Turn.start(situation, rules, tiles)

    def new_match(self, names: tuple[str, ...], rules: Rules, tiles: TileSet) -> Match:
        """Rounds between 2 and 6 players, played whole (see :mod:`solver.ramikubic.match`)."""
        return Match(tuple(names), rules, tiles)


GAME = Ramikubic()
"""The registry's entry for Ramikubic."""
