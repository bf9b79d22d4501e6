"""Nam Nam as the registry sees it: the :class:`solver.game.Game` protocol over this package.

A situation is a :class:`~solver.namnam.board.Position`; an answer is a move (a pit number
1-6 from the mover's left). ``solve`` finds the best moves (exact from the endgame tables
for small boards, by search otherwise) and ``check`` is the referee on a move's legality.

>>> p = GAME.parse_situation("start", None)
>>> GAME.explain(GAME.check(p, "7", GAME.rules(), None))
'Pit 7 is not in your row: you sow from your own pits, numbered 1 to 6 from your left.'
>>> GAME.best_answers(GAME.solve(GAME.parse_situation("0.0.0.0.1.2/1.0.0.0.0.0 s 24-20", None), GAME.rules(), None))
('5', '6')
"""

from __future__ import annotations

from pathlib import Path

from solver.errors import TablecalcError
from solver.namnam.board import Position
from solver.namnam.referee import MoveVerdict, Violation, judge, legal_pits
from solver.namnam.rules import PRESETS, Rules
from solver.namnam.search import SearchResult, best
from solver.namnam.state import GameState
from solver.namnam.tables import SMALL_TABLES, tables_for
from solver.namnam.words import explain_verdict
from solver.i18n import N_

__all__ = ["NamNam", "GAME", "SMALL_TABLES", "SOLVE_DEPTH", "random_position", "solve"]

SOLVE_DEPTH = 6
"""The search depth of :meth:`NamNam.solve` on boards the tables do not cover."""


def solve(position: Position, rules: Rules, depth: int = SOLVE_DEPTH) -> SearchResult:
    """The best moves: exact from the tables for small boards (built on demand, kept in memory),
    else a search of ``depth`` plies using the largest tables already built."""
    return best(position, rules, depth=depth, tables=tables_for(position.seeds_on_board, rules))


def random_position(rng, rules: Rules, max_plies: int = 60, *, max_seeds: int | None = None) -> Position:
    """A position reached by random legal moves from the opening (never one where the game is over);
    with ``max_seeds``, play on until at most that many seeds are left on the board."""
    state = GameState.start(rules)
    plies = rng.randint(0, max_plies)
    while True:
        moves = state.legal_moves()
        enough = plies <= 0 and (max_seeds is None or state.position.seeds_on_board <= max_seeds)
        if not moves or enough:
            break
        nxt = state.apply(rng.choice(moves))
        if nxt.is_terminal():
            if max_seeds is not None and state.position.seeds_on_board > max_seeds:
                state, plies = GameState.start(rules), rng.randint(0, max_plies)
                continue
            break
        state, plies = nxt, plies - 1
    return state.position


class NamNam:
    """Nam Nam (awalé, oware): sowing and capturing on 12 pits."""

    name = "namnam"
    title = "Nam Nam"
    aliases = ("awale", "awalé", "awele", "oware", "owari", "awari", "wari", "abapa")
    summary = "the sowing game awalé: referee, perft, best move, perfect-play endgame tables, play and drills"
    seed = ("seed 001 (French rules of Nam Nam): 48 seeds, sowing skips the emptied pit from 12 seeds, "
            "captures of 2 and 3 backwards, compulsory feeding, grand slam captures nothing; the end splits the "
            "seeds left by row")
    default_preset = "standard"
    penalty_unit = N_("moves taken back")
    violations = Violation
    presets = PRESETS

    def rules(self, preset: str | None = None, **options) -> Rules:
        return Rules.preset(preset or self.default_preset).with_options(**options)

    def load_data(self, rules: Rules, path: str | Path | None = None) -> None:
        """Nothing to load: the board is part of each position."""
        if path is not None:
            raise TablecalcError(f"namnam reads no data file ({str(path)!r}): the board is part of each position")
        return None

    def parse_situation(self, text: str, data: None) -> Position:
        return Position.parse(text)

    def check_situation(self, situation: Position, rules: Rules, data: None) -> None:
        situation.check(rules)

    def random_situation(self, rng, rules: Rules, data: None) -> Position:
        return random_position(rng, rules)

    def solve(self, situation: Position, rules: Rules, data: None) -> SearchResult:
        return solve(situation, rules)

    def best_answers(self, solution: SearchResult) -> tuple[str, ...]:
        return tuple(str(m) for m in solution.moves)

    def check(self, situation: Position, answer: str, rules: Rules, data: None) -> MoveVerdict:
        return judge(situation, answer, rules)

    def refused_answer(self, situation: Position, rules: Rules, data: None) -> str:
        """An empty pit of the mover's row, else a move that does not feed, else pit 7 (not in the row)."""
        row = situation.row(situation.to_move)
        legal = legal_pits(situation, rules)
        for pit in range(1, 7):
            if row[pit - 1] == 0 or pit not in legal:
                return str(pit)
        return "7"

    def explain(self, verdict: MoveVerdict) -> str:
        return explain_verdict(verdict)

    def new_state(self, situation: Position, rules: Rules, data: None) -> GameState:
        return GameState(situation, rules)


GAME = NamNam()
"""The registry's entry for Nam Nam."""
