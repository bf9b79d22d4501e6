"""Ramikubic played whole: rounds between 2 and 6 players (each dealt ``rack_size`` tiles from the
84), the round scores added up (:mod:`~solver.ramikubic.scoring`: 0 for the winner, minus the
points left in each other rack, the first-turn finish's −200/−100) — what :mod:`solver.whole`
needs to referee, simulate, play, follow and analyse a game.

* A round is dealt from the seed (:meth:`RoundState.deal`); its notation (``str()`` of the
  round state: every rack, the pool in order, the table, who has melded, who is to play) is the
  ``deal`` line of a log, so a recorded game replays exactly.
* The first player of the first round is the first seat; each round the first player moves one
  seat on (round 2: the second seat...).
* A match is as many rounds as the players want (``--rounds``); the winner is the player who lost
  the fewest points.
* The analysis counts **tiles** (or **points**, with ``--objective points``): what a move takes
  off the player's rack (the tiles laid; a pass, minus the tile it draws), against the exact best
  lay from the same position (:func:`~solver.ramikubic.best.solve`, proven optimal by the
  integer programme).

>>> import random
>>> m = Match(("Ann", "Bob"), Rules(), TileSet.default())
>>> s = m.deal(random.Random(1))
>>> [len(r) for r in s.racks], len(s.pool), s.names[s.to], str(m.parse_deal(str(s))) == str(s)
([14, 14], 56, 'Ann', True)
>>> end = m.parse_deal("racks Ann: - | Bob: 5r joker; table 1b 2b 3b; melded Ann, Bob; turn 9")
>>> m = m.after_round(end)
>>> m.scores(), m.names[m.deal(random.Random(2)).to]
((0, -55), 'Bob')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from solver.errors import SearchTooLarge, TablecalcError
from solver.i18n import _
from solver.ramikubic.best import solve
from solver.ramikubic.bots import BOTS, Bot, greedy_move
from solver.ramikubic.rules import Objective, Rules
from solver.ramikubic.round import OVERTIME, RoundState, check_names
from solver.ramikubic.scoring import totals
from solver.ramikubic.tiles import TileSet
from solver.ramikubic.verdict import RoundVerdict
from solver.whole import Worth

__all__ = ["Match", "TILE_LABELS", "POINT_LABELS", "move_worth"]

TILE_LABELS = (1.0, 3.0, 6.0)
"""A tile less off the rack than the best lay is an inaccuracy, three a mistake, six a blunder."""
POINT_LABELS = (10.0, 25.0, 50.0)
"""With ``--objective points``: 10 points less an inaccuracy, 25 a mistake, 50 (a joker) a blunder."""


def move_worth(state: RoundState, verdict: RoundVerdict) -> float:
    """What a legal move takes off the mover's rack, in the unit of :attr:`Rules.objective`: the
    tiles (or points) laid, minus the tile (or its points) a pass draws."""
    ts = state.tiles
    if state.rules.objective is Objective.POINTS:
        drawn = sum(ts.points(t) for t in (verdict.named_draw or state.pool[:verdict.drew]))
        return float(sum(ts.points(t) for t in verdict.placed) - drawn)
    return float(len(verdict.placed) - verdict.drew)


@dataclass(frozen=True)
class Match:
    """The players in seat order, the rules and tiles, each finished round's scores."""

    names: tuple[str, ...]
    rules: Rules
    tiles: TileSet
    rounds: tuple[tuple[int, ...], ...] = ()
    bots = BOTS
    overtime = OVERTIME
    """The move a turn over the time is recorded as (``play --seconds``)."""

    def __post_init__(self):
        object.__setattr__(self, "names", check_names(self.names, self.rules, self.tiles))

    @property
    def unit(self) -> str:
        return "points" if self.rules.objective is Objective.POINTS else "tiles"

    @property
    def loss_labels(self) -> tuple[float, float, float]:
        return POINT_LABELS if self.rules.objective is Objective.POINTS else TILE_LABELS

    # -- rounds ------------------------------------------------------------------------

    def deal(self, rng) -> RoundState:
        """The next round, shuffled with ``rng``; its first player one seat on from the last round's."""
        return RoundState.deal(self.names, self.rules, self.tiles, rng, to=len(self.rounds) % len(self.names))

    def parse_deal(self, text: str) -> RoundState:
        """A round as written (its notation); its racks must be the players' (names left out: in seat order)."""
        state = RoundState.parse(text, self.rules, self.tiles)
        if len(state.names) != len(self.names):
            raise TablecalcError(_("the deal has {racks} racks for {players} players: expected one rack per player").format(
                racks=len(state.names), players=len(self.names)))
        generic = tuple(f"P{i + 1}" for i in range(len(state.names)))
        if state.names != generic and [n.lower() for n in state.names] != [n.lower() for n in self.names]:
            raise TablecalcError(_("the deal names {names}, the players are {players}: expected the same players in the same order").format(
                    names=", ".join(state.names), players=", ".join(self.names)))
        return state.with_names(self.names)

    def after_round(self, end: RoundState) -> "Match":
        if not end.is_terminal():
            raise TablecalcError(_("the round is not over: {end}").format(end=end))
        return Match(self.names, self.rules, self.tiles, (*self.rounds, tuple(int(x) for x in end.returns())))

    def is_over(self) -> bool:
        return False  # as many rounds as the players want

    def scores(self) -> tuple[int, ...]:
        """Each player's total so far (0 or less: the points lost)."""
        return totals(self.rounds) if self.rounds else (0,) * len(self.names)

    # -- bots and analysis ---------------------------------------------------------------

    def bot(self, name: str, seat: int, rng) -> Bot:
        return Bot(name, self.rules, self.tiles, rng if rng is not None else random.Random(seat))

    def analyse(self, state: RoundState, moves: Sequence[str] = ()) -> Worth:
        """The exact best lay of the player to move (:func:`~solver.ramikubic.best.solve`) and what
        it and each of ``moves`` take off the rack (:func:`move_worth`; a refused move is left out)."""
        try:
            best, exact = solve(state.position(), self.rules, self.tiles).short_answer, True
        except SearchTooLarge:  # pragma: no cover - never seen on a set of 84 tiles
            best, exact = greedy_move(state), False
        values = {}
        for move in (best, *moves):
            v = state.judge(move)
            if v.legal:
                values[move] = move_worth(state, v)
        return Worth((best,), values, exact)
