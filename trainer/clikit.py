"""What every tablecalc sub-command shares: the error boundary, JSON output, exit codes,
and the commands every game gets the same way (``rules``).

Each game's sub-app (``trainer/games/<name>/cli.py``) imports from here, never from
``trainer.cli``, so the CLI can also run as ``python -m trainer.cli``.
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from typing import Annotated, Optional

import typer
from typer.core import TyperGroup

from solver.errors import SearchTooLarge

__all__ = ["EXIT_ILLEGAL", "EXIT_BAD_INPUT", "EXIT_TOO_LARGE", "EXIT_INTERRUPTED", "Group", "fail", "search_progress", "work_progress", "check_jobs", "JobsOpt", "GamesGroup", "emit_json", "JsonOpt", "add_rules_command"]

EXIT_ILLEGAL = 1
"""A referee command judged the play illegal."""
EXIT_BAD_INPUT = 2
"""The input could not be understood (one line on stderr says why)."""
EXIT_TOO_LARGE = 3
"""The question is understood but its search would take too long or too much memory."""
EXIT_INTERRUPTED = 130
"""Stopped by Ctrl-C (128 + SIGINT, as shells report it)."""


class Group(TyperGroup):
    """The one place where project errors become a readable line and an exit code.

    :class:`~solver.errors.TablecalcError` is a ``ValueError``; catching the base class
    also turns any bad input that slipped past a check into one line, not a traceback.
    """

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except SearchTooLarge as e:
            fail(str(e), EXIT_TOO_LARGE)
        except KeyboardInterrupt:
            fail("interrupted (Ctrl-C): nothing was saved from this command", EXIT_INTERRUPTED)
        except ValueError as e:  # TablecalcError, and any input the checks let through
            fail(str(e))
        except RecursionError:  # a safety net: the parsers bound nesting before this can happen
            fail("the input is nested too deeply to read")


ERROR_LIMIT = 400
"""The longest error line printed (the messages quote bounded excerpts; this is a safety net)."""


def fail(message: str, code: int = EXIT_BAD_INPUT):
    """Print ``tablecalc: error: MESSAGE`` as one bounded line on stderr and exit with ``code``."""
    line = " ".join(message.split())
    if len(line) > ERROR_LIMIT:
        line = line[:ERROR_LIMIT] + "…"
    typer.echo(f"tablecalc: error: {line}", err=True)
    raise typer.Exit(code)


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


@contextmanager
def search_progress(label: str):
    """A callback ``progress(done, total)`` drawing a progress bar on stderr while a long search
    runs, when stderr is a terminal (``None`` otherwise, so pipes and tests see nothing)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn(label), BarColumn(), TextColumn("{task.percentage:>3.0f}% of the budget"),
                  TimeElapsedColumn(), TextColumn("(Ctrl-C stops)"), console=Console(stderr=True),
                  transient=True) as bar:
        task = bar.add_task(label, total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield progress


@contextmanager
def work_progress(label: str):
    """A callback ``progress(done, total)`` drawing rich's progress bar on stderr (done/total, rate,
    time left) while many items are worked through, when stderr is a terminal (``None`` otherwise)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), TextColumn("(Ctrl-C stops)"),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None, rate="")

        def progress(done: int, total: int) -> None:
            speed = bar.tasks[0].speed
            bar.update(task, completed=done, total=total, rate=f"{speed:,.0f}/s" if speed else "")

        yield progress


MAX_JOBS = 64
"""The most worker processes ``--jobs`` starts."""


def check_jobs(jobs: int | None) -> int:
    """``--jobs`` as a number of processes: the machine's cores when not given; 0, negative or
    more than :data:`MAX_JOBS` refused."""
    import os

    if jobs is None:
        return max(1, min(os.cpu_count() or 1, MAX_JOBS))
    if not 1 <= jobs <= MAX_JOBS:
        from solver.errors import TablecalcError

        raise TablecalcError(f"bad --jobs {jobs}: expected 1 to {MAX_JOBS} worker processes")
    return jobs


JobsOpt = Annotated[
    Optional[int], typer.Option("--jobs", "-j", help="Worker processes (default: the machine's cores).")
]


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
