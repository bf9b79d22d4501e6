"""How ``tablecalc nainjaune play`` shows the table in a terminal (rich): the staking board, each
player's number of cards, where the run stands, and the hand of the player whose turn it is —
theirs only (at one screen, the others' stay hidden). At the end of a round every hand is shown,
with the settlement."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solver.i18n import _, ngettext
from solver.nainjaune.rules import Cell
from solver.nainjaune.words import card_text, cards_text, explain_settlement, where_text

__all__ = ["show_state", "board_table"]

console = Console(highlight=False, soft_wrap=True)


def board_table(state) -> Table:
    """The five cells: each board card and the tokens on it."""
    pos, rules = state.position, state.rules
    t = Table(box=box.ROUNDED, show_header=True, padding=(0, 1), title=_("Board"))
    for cell, card in zip(Cell, rules.board_cards):
        t.add_column(card_text(card), justify="center")
    t.add_row(*(f"[bold]{pos.board[cell]}[/]" if pos.board[cell] else "[dim]0[/]" for cell in Cell))
    return t


def show_state(state, seat: int) -> None:
    """The table as the player at ``seat`` sees it: their own hand only; every hand once the round is over."""
    pos = state.position
    console.print(board_table(state))
    over = pos.is_over()
    for i, (name, hand) in enumerate(zip(pos.names, pos.hands)):
        if over or i == seat:
            shown = escape(cards_text(hand)) if hand else _("out")
            marks = " ".join(f"[bold]{escape(card_text(c))}[/]" if state.rules.cell_of(c) else escape(card_text(c))
                             for c in hand) if hand and not over else shown
            console.print(f"  {escape(name)}: {marks}")
        else:
            console.print("  " + escape(name) + ": " + ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand)))
    if over:
        for line in explain_settlement(state.settlement(), state.rules):
            console.print(escape(line))
    else:
        console.print(escape(where_text(state.position)))
