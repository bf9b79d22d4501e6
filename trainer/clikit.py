"""What every tablecalc sub-command shares: the error boundary, JSON output, exit codes,
and the commands every game gets the same way (``rules``).

Each game's sub-app (``trainer/games/<name>/cli.py``) imports from here, never from
``trainer.cli``, so the CLI can also run as ``python -m trainer.cli``.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from typer.core import TyperGroup

__all__ = ["EXIT_ILLEGAL", "EXIT_BAD_INPUT", "Group", "GamesGroup", "emit_json", "JsonOpt", "add_rules_command"]

EXIT_ILLEGAL = 1
"""A referee command judged the play illegal."""
EXIT_BAD_INPUT = 2
"""The input could not be understood (one line on stderr says why)."""


class Group(TyperGroup):
    """The one place where project errors become a readable line and an exit code.

    :class:`~solver.errors.TablecalcError` is a ``ValueError``; catching the base class
    also turns any bad input that slipped past a check into one line, not a traceback.
    """

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ValueError as e:  # TablecalcError, and any input the checks let through
            typer.echo(f"tablecalc: error: {e}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT) from None


class GamesGroup(Group):
    """A group with one sub-command per registered game, found by the game's name or an alias and
    built only when it is asked for (the other games are never imported): a subclass says what
    that command is, in :meth:`game_command`."""

    def game_command(self, game):  # pragma: no cover - each subclass's
        raise NotImplementedError

    def list_commands(self, ctx):
        from solver.registry import game_names

        return [*super().list_commands(ctx), *(n for n in game_names() if n not in self.commands)]

    def get_command(self, ctx, cmd_name):
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        from solver.errors import TablecalcError
        from solver.registry import find_game

        try:
            game = find_game(cmd_name)
        except TablecalcError:
            return None
        return self.game_command(game)


def emit_json(data) -> None:
    """Print one JSON document on one line (UTF-8, not ASCII-escaped)."""
    typer.echo(json.dumps(data, ensure_ascii=False))


JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def add_rules_command(app: typer.Typer, game_name: str) -> None:
    """Give a game's sub-app its ``rules`` command: every preset in words, or as JSON."""

    @app.command("rules")
    def rules(as_json: JsonOpt = False) -> None:
        """List the presets and their options."""
        from solver.registry import find_game

        presets = find_game(game_name).presets
        if as_json:
            emit_json({name: r.as_dict() for name, r in presets.items()})
            return
        for r in presets.values():
            typer.echo(r.describe())
