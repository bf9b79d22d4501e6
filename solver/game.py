"""What every game provides, written down once: the protocols the registry, the CLI, the
trainer and the puzzle loader rely on.

A game is one object, ``GAME``, defined in its package under ``solver/`` and named by one
line of :mod:`solver.registry`. Nothing outside the game's own package (and its trainer
package, ``trainer/games/<name>/``) looks inside it: everything else goes through these
protocols.

The words a game uses:

* **rules** — one frozen object per game with named presets (:class:`Rules`);
* **data** — what the game is played with (a deck, tiles, a board), loaded from an
  editable file (:meth:`Game.load_data`);
* **situation** — what a puzzle stores: a deal, a position. ``str(situation)`` is its
  notation and :meth:`Game.parse_situation` reads it back (they round-trip);
* **solution** — the best or simplest answer to a situation (:meth:`Game.solve`);
* **verdict** — the referee's judgement of an answer, as data (:class:`Verdict`): the
  violations (a :class:`~enum.StrEnum` of stable codes), the penalty in the game's own
  units, the better play; :meth:`Game.explain` words it, apart from the verdict;
* **state** — for games played move by move, a position with the OpenSpiel vocabulary
  (:class:`State`): ``legal_moves()``, ``apply(move)``, ``is_terminal()``, ``returns()``,
  and a move notation that round-trips through ``parse_move`` and ``str``.

>>> from solver.registry import find_game
>>> game = find_game("nambarz")
>>> isinstance(game, Game), isinstance(game.rules("basic"), Rules)
(True, True)
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

__all__ = ["Code", "Rules", "Penalty", "Verdict", "State", "Game", "TERMINAL"]


class Code(enum.StrEnum):
    """Base of every game's violation codes: the value is the stable code used in JSON."""


TERMINAL = -1
"""What :meth:`State.current_player` returns once the game (or the turn) is over."""


@runtime_checkable
class Rules(Protocol):
    """A game's rule options as one frozen object; presets are instances with a ``name``."""

    name: str

    def with_options(self, **options: Any) -> "Rules":
        """A copy with some options changed (``None`` leaves one as it is); the name gets ``+custom``."""
        ...

    def describe(self) -> str:
        """One line: every option in words, starting with the preset's name."""
        ...

    def as_dict(self) -> dict:
        """The options as JSON data (``preset`` first)."""
        ...


@runtime_checkable
class Penalty(Protocol):
    """What a refused answer costs, in the game's own units (cards drawn, tiles drawn, tokens)."""

    @property
    def amount(self) -> int:
        """How much, in :attr:`Game.penalty_unit` (0: no penalty)."""
        ...

    def as_dict(self) -> dict: ...


@runtime_checkable
class Verdict(Protocol):
    """The referee's judgement of one answer in one situation, as data."""

    @property
    def legal(self) -> bool: ...

    @property
    def violations(self) -> tuple[Code, ...]:
        """Why the answer is refused (empty when it is legal), most important first."""
        ...

    @property
    def penalty(self) -> Penalty: ...

    def as_dict(self) -> dict:
        """The verdict as JSON data (without the wording: the CLI adds ``explanation``)."""
        ...


@runtime_checkable
class State(Protocol):
    """A game in progress (OpenSpiel's vocabulary); ``apply`` returns a new state.

    ``legal_moves()`` lists the moves in a fixed order; ``str(move)`` is its notation and
    ``parse_move(str(move)) == move``. ``apply`` raises :class:`~solver.errors.TablecalcError`
    for a move that is not legal. ``returns()`` has one number per player.
    """

    def current_player(self) -> int:
        """The player to move (0-based), or :data:`TERMINAL`."""
        ...

    def legal_moves(self) -> Sequence[Any]: ...

    def apply(self, move: Any) -> "State": ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]: ...

    def parse_move(self, text: str) -> Any: ...


@runtime_checkable
class Game(Protocol):
    """Everything the rest of tablecalc may know about a game."""

    name: str
    """The command-line name, lower case ASCII (``nambarz``)."""
    title: str
    """How players write it (``Nambarz``, ``Nmbrs!``)."""
    aliases: tuple[str, ...]
    """Other names people type, in English, French and Dutch."""
    summary: str
    """One line: what the game is and what tablecalc does with it."""
    seed: str
    """The rules it follows: the seed document and what the published rules add."""
    default_preset: str
    penalty_unit: str
    """What :attr:`Penalty.amount` counts, plural (``cards drawn``)."""
    violations: type[Code]

    @property
    def presets(self) -> Mapping[str, Rules]: ...

    def rules(self, preset: str | None = None, **options: Any) -> Rules:
        """A preset (the default one when ``None``) with some options changed."""
        ...

    def load_data(self, rules: Rules, path: str | Path | None = None) -> Any:
        """The deck, tiles or board: the built-in file, or ``path`` (an edited copy)."""
        ...

    def parse_situation(self, text: str, data: Any) -> Any:
        """Read a situation's notation; ``str()`` of the result gives it back."""
        ...

    def check_situation(self, situation: Any, rules: Rules, data: Any) -> None:
        """Raise :class:`~solver.errors.TablecalcError` when a situation that reads well cannot be
        played under ``rules`` (an Nmbrs! table that the advanced rules refuse)."""
        ...

    def random_situation(self, rng: Any, rules: Rules, data: Any) -> Any:
        """A random situation as the game deals it (``rng`` is a :class:`random.Random`)."""
        ...

    def solve(self, situation: Any, rules: Rules, data: Any) -> Any:
        """The best (or simplest) answers; the result has ``as_dict()``."""
        ...

    def best_answers(self, solution: Any) -> tuple[str, ...]:
        """The solution's answers as a player types them; :meth:`check` judges each one legal."""
        ...

    def check(self, situation: Any, answer: str, rules: Rules, data: Any) -> Verdict:
        """The referee's verdict on a typed answer."""
        ...

    def refused_answer(self, situation: Any, rules: Rules, data: Any) -> str | None:
        """An answer the referee must refuse in this situation, or ``None`` when none is known
        (used by the conformance test and by drills that show a trap)."""
        ...

    def explain(self, verdict: Verdict) -> str:
        """The verdict in one or two plain sentences."""
        ...

    def new_state(self, situation: Any, rules: Rules, data: Any) -> State | None:
        """The situation as a :class:`State`, or ``None`` for a game not played move by move."""
        ...
