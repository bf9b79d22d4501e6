"""Nam Nam as the registry sees it: :class:`solver.game.BaseGame` over this package.

A situation is a :class:`~solver.namnam.position.Position`; an answer is a move (a pit number
1-6 from the mover's left). ``best`` finds the best moves (exact from the endgame tables for
small boards, by search otherwise) and ``judge`` is the referee on a move's legality.

>>> p = GAME.parse_situation("start", None)
>>> GAME.explain(GAME.judge(p, "7", GAME.rules(), None))
'Pit 7 is not in your row: you sow from your own pits, numbered 1 to 6 from your left.'
>>> GAME.best_answers(GAME.best(GAME.parse_situation("0.0.0.0.1.2/1.0.0.0.0.0 s 24-20", None), GAME.rules(), None))
('5', '6')
"""

from __future__ import annotations

from solver.game import BaseGame
from solver.i18n import N_
from solver.namnam.best import SOLVE_DEPTH, SearchResult, best
from solver.namnam.deal import random_position
from solver.namnam.match import Match, plain_record
from solver.namnam.position import Position
from solver.namnam.referee import judge, legal_pits
from solver.namnam.rules import Rules
from solver.namnam.state import GameState
from solver.namnam.tables import find
from solver.namnam.verdict import JUDGED, Verdict, Violation
from solver.namnam.words import explain_verdict

__all__ = ["NamNam", "GAME"]


class NamNam(BaseGame):
    """Nam Nam (awalé, oware): sowing and capturing on 12 pits."""

    name = "namnam"
    title = "Nam Nam"
    aliases = ("awale", "awalé", "awele", "oware", "owari", "awari", "wari", "abapa")
    summary = N_("the sowing game awalé: referee, perft, best move, perfect-play endgame tables, play and drills")
    seed = N_("seed 001 (French rules of Nam Nam): 48 seeds, sowing skips the emptied pit from 12 seeds, "
            "captures of 2 and 3 backwards, compulsory feeding, grand slam captures nothing; the end splits the "
            "seeds left by row")
    penalty_unit = N_("moves taken back")
    Rules = Rules
    violations = Violation
    judged = JUDGED

    def parse_situation(self, text: str, data: None) -> Position:
        return Position.parse(text)

    def check_situation(self, situation: Position, rules: Rules, data: None) -> None:
        situation.check(rules)

    def random_situation(self, rng, rules: Rules, data: None) -> Position:
        return random_position(rng, rules)

    def best(self, situation: Position, rules: Rules, data: None) -> SearchResult:
        """Exact from the tables for small boards (built on demand, kept in memory), else a search of
        :data:`~solver.namnam.best.SOLVE_DEPTH` plies using the largest tables already built."""
        found = find(situation.seeds_on_board, rules)
        return best(situation, rules, depth=SOLVE_DEPTH, tables=found.tables, refused=found.refused)

    def best_answers(self, solution: SearchResult) -> tuple[str, ...]:
        return tuple(str(m) for m in solution.moves)

    def judge(self, situation: Position, answer: str, rules: Rules, data: None) -> Verdict:
        return judge(situation, answer, rules)

    def refused_answer(self, situation: Position, rules: Rules, data: None) -> str:
        """An empty pit of the mover's row, else a move that does not feed, else pit 7 (not in the row)."""
        row = situation.row(situation.to_move)
        legal = legal_pits(situation, rules)
        for pit in range(1, 7):
            if row[pit - 1] == 0 or pit not in legal:
                return str(pit)
        return "7"

    def explain(self, verdict: Verdict) -> str:
        return explain_verdict(verdict)

    def new_state(self, situation: Position, rules: Rules, data: None) -> GameState:
        return GameState(situation, rules)

    def new_match(self, names: tuple[str, ...], rules: Rules, data: None) -> Match:
        return Match(tuple(names), rules)

    def plain_record(self, text: str, source: str):
        """A game written as awalé players note it: the pits played, one per ply, from the opening
        (move numbers such as ``12.`` and ``#`` comments are read past)."""
        return plain_record(text, source)


GAME = NamNam()
"""The registry's entry for Nam Nam."""
