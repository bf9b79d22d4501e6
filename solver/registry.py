"""The one list of games: everything else (the CLI, the trainer, the puzzle loader, the
conformance test) finds a game here, by name or alias.

Adding a game is one line in :data:`GAMES`: its name and the package whose ``GAME`` object
derives from :class:`solver.game.BaseGame` (see ``docs/architecture.md`` for the whole checklist). A
game's package is imported only when the game is asked for, so listing the names costs nothing.

>>> [g.name for g in all_games()][:3]
['nambarz', 'nmbrs', 'arith']
>>> find_game("Numbers").name, find_game("le-compte-est-bon").name
('nmbrs', 'arith')
>>> find_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown game 'chess': expected one of nambarz, nmbrs, arith, ...
"""

from __future__ import annotations

import importlib
from functools import cache

from solver.errors import TablecalcError, quoted
from solver.game import BaseGame

__all__ = ["GAMES", "all_games", "find_game", "game_names"]

GAMES: dict[str, str] = {
    "nambarz": "solver.nambarz",  # Nambarz: cover the top card with the simplest calculation
    "nmbrs": "solver.nmbrs",  # Nmbrs!: arithmetic sequences of numbered cards
    "arith": "solver.arith",  # mental arithmetic, the 24 game and Countdown on the same search
    "ramikubic": "solver.ramikubic",  # Ramikubic: tile rummy, the best lay by integer programming
    "namnam": "solver.namnam",  # Nam Nam (awalé): sowing, capturing, best move, endgame tables
    "nainjaune": "solver.nainjaune",  # Le Nain Jaune: runs, "sans", the staking board, payouts, the Grand Opéra
}
"""One line per game: its name and the package that defines ``GAME``, in the order the CLI lists them."""


@cache
def _load(name: str) -> BaseGame:
    game = importlib.import_module(GAMES[name]).GAME
    if game.name != name:  # pragma: no cover - a registry line that does not match its package
        raise AssertionError(f"the registry names {GAMES[name]} {name!r}, but its GAME is called {game.name!r}")
    return game


def all_games() -> tuple[BaseGame, ...]:
    """Every registered game, in :data:`GAMES` order."""
    return tuple(_load(name) for name in GAMES)


def game_names() -> tuple[str, ...]:
    """The names of the registered games (no game is imported)."""
    return tuple(GAMES)


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def find_game(name: str) -> BaseGame:
    """The game called ``name`` or one of its aliases (any case; spaces or dashes alike)."""
    key = _key(name)
    if key in GAMES:
        return _load(key)
    for game in all_games():
        if key in (_key(a) for a in game.aliases):
            return game
    from solver.i18n import _

    raise TablecalcError(_("unknown game {name}: expected one of {choices}").format(name=quoted(name),
                                                                                  choices=", ".join(game_names())))
