"""What every tablecalc sub-command shares: the error boundary, JSON output, exit codes.

Sub-apps (``trainer/nmbrs_cli.py`` and the like) import from here, never from
``trainer.cli``, so the CLI can also run as ``python -m trainer.cli``.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from typer.core import TyperGroup

__all__ = ["EXIT_ILLEGAL", "EXIT_BAD_INPUT", "Group", "emit_json", "JsonOpt"]

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


def emit_json(data) -> None:
    """Print one JSON document on one line (UTF-8, not ASCII-escaped)."""
    typer.echo(json.dumps(data, ensure_ascii=False))


JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
