"""The command-line options every kind of command shares, declared once: the leaf that
:mod:`trainer.clikit` (the games' commands) and :mod:`trainer.whole` (the whole-game commands)
both import, so neither imports the other for them."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

__all__ = ["JsonOpt", "ForceOpt", "LearnerOpt"]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
ForceOpt = Annotated[bool, typer.Option(
    "--force", help="Write over FILE if it exists (never over your history or the endgame tables).")]
LearnerOpt = Annotated[Optional[str], typer.Option(
    "--learner", envvar="TABLECALC_LEARNER", show_envvar=True,
    help="Whose history: a learner's name (letters, digits, spaces, - ' .; any case). "
         "Without it, the history of the computer's default learner.")]
"""Several learners on one computer: each has their own answers, reviews, streak and goal in the history."""
