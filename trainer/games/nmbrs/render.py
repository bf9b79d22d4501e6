"""How ``tablecalc nmbrs play`` shows a round to the player at one seat: the table, the piles, the
scores and how many cards the others hold, that player's hand only (hot-seat play hides the others'),
and what may be typed now, in the language in use."""

from __future__ import annotations

import typer

from solver.nmbrs.words import round_view


def show_state(state, seat: int) -> None:
    """The round ``state`` as the player at ``seat`` sees it."""
    for line in round_view(state, seat):
        typer.echo(line)
