"""The command-line options every kind of command shares, declared once: the leaf that
:mod:`trainer.clikit` (the games' commands) and :mod:`trainer.whole` (the whole-game commands)
both import, so neither imports the other for them."""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = ["JsonOpt", "ForceOpt"]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
ForceOpt = Annotated[bool, typer.Option(
    "--force", help="Write over FILE if it exists (never over your history or the endgame tables).")]
