"""Each registered game's trainer side: ``trainer/games/<name>/cli.py`` defines its Typer
sub-app ``app`` and ``trainer/games/<name>/drill.py`` its ``Drill``. The CLI core and the
trainer find them through :mod:`solver.registry`, by the game's name.
"""

from __future__ import annotations

import importlib

import typer

from solver.game import BaseGame

__all__ = ["sub_app"]


def sub_app(game: BaseGame) -> typer.Typer:
    """The game's ``tablecalc <name>`` commands."""
    return importlib.import_module(f"trainer.games.{game.name}.cli").app
