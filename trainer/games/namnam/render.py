"""How ``tablecalc namnam`` shows a board in a terminal (rich): North's row above, South's below,
as South sees the board; each pit carries its number (1-6 from its owner's left)."""

from __future__ import annotations

from rich import box
from rich.table import Table

from solver.i18n import _
from solver.namnam import Position, Rules
from solver.namnam.position import NORTH, SIDES, SOUTH
from solver.namnam.words import side_name
from trainer.out import console as rich_console, safe

console = rich_console(highlight=False, soft_wrap=True)


def board_table(p: Position, rules: Rules, marks: set[tuple[int, int]] = frozenset()) -> Table:
    """The board as a rich table; ``marks`` are (side, pit) pairs to highlight (the last seed, captures)."""
    arrow = "→" if rules.direction.value == "ccw" else "←"
    t = Table(box=box.ROUNDED, show_header=False, padding=(0, 1),
              title=("▶ " if p.to_move == NORTH else "") + _("{side} {n} captured").format(
                  side=side_name("North"), n=p.captured[NORTH]),
              caption=("▶ " if p.to_move == SOUTH else "") + _("{side} {n} captured").format(
                  side=side_name("South"), n=p.captured[SOUTH]) + "   " + _("(sowing {arrow} along {side}'s row)").format(
                  arrow=arrow, side=side_name("South")))
    for _column in range(6):
        t.add_column(justify="center", width=4)
    north = [(NORTH, pit) for pit in range(6, 0, -1)]
    south = [(SOUTH, pit) for pit in range(1, 7)]

    def cell(side, pit):
        n = p.row(side)[pit - 1]
        style = "bold reverse" if (side, pit) in marks else ("bold" if n else "dim")
        return f"[{style}]{n}[/]"

    t.add_row(*(f"[dim]n{pit}[/]" for _, pit in north))
    t.add_row(*(cell(s, q) for s, q in north))
    t.add_row(*(cell(s, q) for s, q in south))
    t.add_row(*(f"[dim]s{pit}[/]" for _, pit in south))
    return t


def print_board(p: Position, rules: Rules, marks=frozenset()) -> None:
    console.print(board_table(p, rules, marks))
    console.print(f"[dim]{safe(p)}[/]  " + _("{side} to move").format(side=side_name(SIDES[p.to_move])))


def marks_of(pit_names, mover_side: int) -> set[tuple[int, int]]:
    """``('north 3', ...)`` as (side, pit) pairs."""
    out = set()
    for name in pit_names:
        side, pit = name.split()
        out.add((SIDES.index(side.capitalize()), int(pit)))
    return out


def show_state(state, seat: int) -> None:
    """How ``tablecalc namnam play`` shows the board to the player at ``seat`` (everything is visible)."""
    print_board(state.position, state.rules)
