"""Nam Nam played whole: a match of games between two players, each game a round, the first move
alternating; the seeds each player ends a game with are added up (the scores, in seeds).

>>> import random
>>> m = Match(("Ann", "Bob"), Rules())
>>> str(m.deal(random.Random(1))), str(m.after_round(GameState(Position.parse("0.0.0.0.1.0/0.0.0.0.0.0 s 24-23"), Rules())).deal(None))
('4.4.4.4.4.4/4.4.4.4.4.4 s 0-0', '4.4.4.4.4.4/4.4.4.4.4.4 n 0-0')
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.namnam.best import move_values
from solver.namnam.bots import BOTS, Bot
from solver.namnam.position import Position
from solver.namnam.rules import Rules
from solver.namnam.state import GameState
from solver.namnam.tables import tables_for
from solver.whole import Worth
from solver.whole.log import Log, LoggedMove, LoggedRound

__all__ = ["Match", "ANALYSIS_DEPTH", "plain_record"]

ANALYSIS_DEPTH = 6
"""Plies searched for a move's worth where the endgame tables do not reach."""


@dataclass(frozen=True)
class Match:
    """Two players (South first, then North) and the seeds each ended every finished game with."""

    names: tuple[str, ...]
    rules: Rules
    games: tuple[tuple[int, int], ...] = ()
    bots = {name: bot.description for name, bot in BOTS.items()}
    unit = "seeds"
    loss_labels = (1.0, 3.0, 6.0)
    """A seed lost is an inaccuracy, three a mistake, six a blunder."""

    def __post_init__(self):
        if len(self.names) != 2:
            raise TablecalcError(_("Nam Nam is played by 2 players, not {names}: expected 2 names").format(names=len(self.names)))

    def deal(self, rng) -> GameState:
        """The opening position; South moves first in odd games, North in even ones."""
        start = Position.start()
        if len(self.games) % 2:
            start = Position.parse(str(start).replace(" s ", " n "))
        return GameState(start, self.rules)

    def parse_deal(self, text: str) -> GameState:
        position = Position.parse(text)
        position.check(self.rules)
        return GameState(position, self.rules)

    def after_round(self, end: GameState) -> "Match":
        if not end.is_terminal():
            raise TablecalcError(_("the game is not over in {end}: expected a finished game").format(end=end))
        return Match(self.names, self.rules, (*self.games, end.final_seeds()))

    def is_over(self) -> bool:
        """The match has lasted its games (``match_games``: one, unless the players chose more)."""
        return len(self.games) >= self.rules.match_games

    def scores(self) -> tuple[int, int]:
        return (sum(g[0] for g in self.games), sum(g[1] for g in self.games))

    def bot(self, name: str, seat: int, rng) -> Bot:
        if name not in BOTS:
            raise TablecalcError(_("unknown bot {name}: expected one of {choices}").format(name=quoted(name), choices=', '.join(BOTS)))
        return Bot(BOTS[name], self.rules, rng)

    def analyse(self, state: GameState, moves=()) -> Worth:
        """Each legal move's final seed difference for the mover with best play after it: exact from
        the endgame tables (built on demand for small boards), else a search of :data:`ANALYSIS_DEPTH` plies."""
        p = state.position
        values, exact = move_values(p, self.rules, depth=ANALYSIS_DEPTH,
                                    tables=tables_for(p.seeds_on_board, self.rules), history=state.history)
        top = max(values.values(), default=0)
        return Worth(tuple(str(m) for m in sorted(values) if values[m] == top),
                     {str(m): float(v) for m, v in values.items()}, exact)


def plain_record(text: str, source: str) -> Log:
    """A game in the plain notation of awalé records: the pit played at each ply, from the opening,
    South first (``1. 3 4 2. 1 6 ...`` or one pit per line; move numbers and ``#`` comments are read
    past), as a log of one round between South and North.

    >>> log = plain_record("1. 3 4\\n2. 6 1  # North opens\\n", "game.txt")
    >>> log.players, [m.move for m in log.rounds[0].moves], log.rounds[0].moves[1].line
    (('South', 'North'), ['3', '4', '6', '1'], 1)
    """
    moves = []
    for number, line in enumerate(str(text).split("\n"), 1):
        for word in line.split("#", 1)[0].split():
            if word.rstrip(".").isdigit() and word.endswith("."):
                continue  # a move number
            if not (word.isascii() and word.isdigit() and len(word) <= 2):
                raise TablecalcError(_("{source}, line {number}: {word} is not a pit: expected pit numbers 1-6, one per ply, from the opening (or a JSON game log)").format(source=source, number=number, word=quoted(word)))
            moves.append(LoggedMove(number, None, word))
    if not moves:
        raise TablecalcError(_("{source} holds no move: expected pit numbers 1-6, one per ply (or a JSON game log)").format(source=source))
    if len(moves) > 20_000:
        raise TablecalcError(_("{source} has {moves} moves: expected at most 20,000").format(source=source, moves=format(len(moves), ",")))
    return Log(source, "namnam", ("South", "North"), None, {}, (LoggedRound(1, 1, "start", tuple(moves)),))
