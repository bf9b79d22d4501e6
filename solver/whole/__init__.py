"""Every game played whole, written once: the referee of a recorded game, seeded games between
bots, the analysis of a game, and the loops that play or follow one (in ``trainer/whole.py``),
for every game whose ``GAME.new_match`` gives a :class:`Match`.

What a game provides (OpenSpiel's shape, a round at a time):

* a **match** (:class:`Match`): the players, how a round is dealt (seeded) or read from its
  notation, the scores carried from round to round, when the match is over;
* a **round state** (:class:`RoundState`): :class:`solver.game.State` plus ``judge(text,
  player)`` — the referee's verdict on a move as typed, legal or not — and ``after(verdict)``
  — the table after it: the move played, or the seed's penalty applied and the move taken back;
* **bots** (:data:`Match.bots`, made by :meth:`Match.bot`): the best one, a greedy one and a
  random one at least;
* **analysis** (:meth:`Match.analyse`): for a position, the best moves and what a move is worth
  in the game's own unit, so a played move's loss can be measured.

The log format is :mod:`solver.whole.log`; :mod:`solver.whole.referee`,
:mod:`solver.whole.simulate` and :mod:`solver.whole.analyse` are built on these alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from solver.game import State, Verdict
from solver.i18n import N_

__all__ = ["RoundState", "Match", "Bot", "Worth", "UNITS"]


@runtime_checkable
class RoundState(State, Protocol):
    """A round in progress, as a table plays it (``str()`` is its notation, every hand shown)."""

    def judge(self, text: str, player: int | None = None, extra: Mapping[str, Any] | None = None) -> Verdict:
        """The referee's verdict on ``text`` played by ``player`` (default: the player to move);
        ``extra`` is what a log's move line adds (the cards a draw took). Never raises for an
        illegal move: the verdict says why."""
        ...

    def after(self, verdict: Verdict) -> "RoundState":
        """The table after ``verdict``: the move played when legal, else the penalty applied and the
        move taken back (the player to move as the rules say)."""
        ...

    def view(self, player: int) -> str:
        """What ``player`` sees of the table: their own hand, the rest hidden (hot-seat play)."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A computer player: chooses a move (its notation) in a round state where it is to move."""

    def choose(self, state: RoundState) -> str: ...


@dataclass(frozen=True)
class Worth:
    """A position analysed: the best moves (notation), what each move listed is worth to the mover,
    in the game's unit (more is better), and whether the values are exact (not an estimate)."""

    best: tuple[str, ...]
    values: Mapping[str, float]
    exact: bool

    def value(self, move: str) -> float | None:
        return self.values.get(move)


UNITS = (N_("seeds"), N_("tiles"), N_("points"), N_("cards"), N_("tokens"))
"""Units of analysis values (what a move gains the mover): documented per game."""


@runtime_checkable
class Match(Protocol):
    """A series of rounds between named players, with the scores they carry."""

    names: tuple[str, ...]
    bots: Mapping[str, str]
    """Each bot's name and one line on how it plays; the first is the strongest."""
    unit: str
    """What :meth:`analyse` values count (one of :data:`UNITS`)."""
    loss_labels: tuple[float, float, float]
    """The losses (in ``unit``) from which a move is an inaccuracy, a mistake, a blunder."""

    def deal(self, rng: Any) -> RoundState:
        """The next round's start, dealt with ``rng``."""
        ...

    def parse_deal(self, text: str) -> RoundState:
        """A round's start as written in a log (the notation ``str()`` of a round state gives)."""
        ...

    def after_round(self, end: RoundState) -> "Match":
        """The match once the round ``end`` (a terminal state) is scored."""
        ...

    def is_over(self) -> bool: ...

    def scores(self) -> Sequence[float]:
        """Each player's score so far, in the game's own unit."""
        ...

    def bot(self, name: str, seat: int, rng: Any) -> Bot:
        """A new bot of kind ``name`` playing seat ``seat``."""
        ...

    def analyse(self, state: RoundState, moves: Sequence[str] = ()) -> Worth:
        """The best moves in ``state`` and the worth of each of ``moves`` (and of the best)."""
        ...

    # Optional: ``advice()`` — lines the rules advise this table (shown before play); ``standing()``
    # — lines on the places when the scores alone do not tell them (shown with the scores);
    # ``before_round()`` — lines on the next round when it is not an ordinary one (who plays it).
    # Optional: ``compare_end(extra)`` — where a log's ``end`` line's other keys (a settlement the
    # game writes out) differ from the round just scored, as (key, the log's, the referee's).
