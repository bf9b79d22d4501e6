"""How ``tablecalc ramikubic play`` shows a round (:mod:`trainer.whole`): the table's combinations
numbered as a move names them, the rack of the player whose turn it is and no other, the tiles
in their colours on a terminal (rich; plain notation over a pipe)."""

from __future__ import annotations

from solver.i18n import _, ngettext
from solver.ramikubic.round import End, RoundState
from solver.ramikubic.tiles import Tile
from solver.ramikubic.words import say
from trainer.out import escape, out as console

_STYLE = {"blue": "bold blue", "yellow": "bold yellow", "green": "bold green", "red": "bold red"}


def tile_markup(t: Tile) -> str:
    """One tile as markup: its notation in its colour (a joker in magenta)."""
    if t.colour is None:
        return f"[bold magenta]{escape(str(t))}[/]"
    return f"[{_STYLE[t.colour.value]}]{escape(say(str(t)))}[/]"


def tiles_markup(tiles) -> str:
    return " ".join(tile_markup(t) for t in tiles) or "-"


def end_text(state: RoundState) -> str:
    """How the round ended, in words."""
    winner = state.winner
    name = state.names[winner] if winner is not None else ""
    if state.end == End.OUT:
        return _("{player} laid every tile.").format(player=name)
    if state.end == End.FIRST_TURN:
        return _("{player} laid every tile on their first turn.").format(player=name)
    if state.end == End.LAST_PLAYER:
        return _("{player} is the only player left in the round.").format(player=name)
    return _("blocked (nobody lays and the pool is empty); the lowest rack wins.")


_last_seat: list[int | None] = [None]
"""The seat whose rack the screen shows."""


def show_state(state: RoundState, seat: int) -> None:
    """The round as the player at ``seat`` sees it: the table, their own rack, how many tiles
    each other player and the pool hold; once the round is over, how it ended, every rack and
    the points."""
    if console.terminal and _last_seat[0] not in (None, seat) and not state.is_terminal():
        console.console.clear()  # hot-seat: the last player's rack leaves the screen
    _last_seat[0] = seat
    if state.is_terminal():
        console.print(escape(_("Round over: {result}").format(result=end_text(state))))
        if state.table:
            console.print(_("Table:"))
            for i, c in enumerate(state.table, 1):
                console.print(f"  {i:>2}. {tiles_markup(c)}")
        for name, rack in zip(state.names, state.racks):
            console.print(f"  {escape(name)}: {tiles_markup(rack)}")
        points = ", ".join(f"{n} {int(p)}" for n, p in zip(state.names, state.returns()))
        console.print(escape(_("Points this round: {points}").format(points=points)))
        return
    if state.table:
        console.print(_("Table:"))
        for i, c in enumerate(state.table, 1):
            console.print(f"  {i:>2}. {tiles_markup(c)}")
    else:
        console.print(_("The table is empty."))
    name, rack = state.names[seat], state.racks[seat]
    console.print(escape(ngettext("Your rack ({name}, {n} tile):", "Your rack ({name}, {n} tiles):", len(rack)).format(
        name=name, n=len(rack))) + " " + tiles_markup(rack))
    others = ", ".join(
        (_("{name} out").format(name=n) if i in state.ejected else f"{n} {len(r)}")
        + (" *" if i in state.melded else "") for i, (n, r) in enumerate(zip(state.names, state.racks)) if i != seat)
    legend = _(" (* melded)") if state.melded - {seat} else ""
    console.print("[dim]" + escape(_("Tiles held: {others}{legend}; pool {n}").format(
        others=others, legend=legend, n=len(state.pool))) + "[/]")
    if seat not in state.melded:
        console.print("[dim]" + escape(_("Your initial meld: at least {points} points from your rack alone.").format(
            points=state.rules.meld_points)) + "[/]")
