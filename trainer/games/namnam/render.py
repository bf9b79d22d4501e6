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


def board_table(p: Position, rules: Rules, marks: set[tuple[int, int]] = frozenset(), bottom: int = SOUTH) -> Table:
    """The board as a rich table, as the web's drawing lays it out (:func:`trainer.games.namnam.web.board_svg`):
    the ``bottom`` side's row nearest, from its pit 1 on the left to 6, the other above from its 6 to 1;
    each pit's number beside its row, the side to move marked ▶. ``marks`` are (side, pit) pairs to
    highlight (the last seed, captures)."""
    top = 1 - bottom
    arrow = "→" if rules.direction.value == "ccw" else "←"

    def label(side: int) -> str:
        return ("▶ " if p.to_move == side else "") + _("{side} {n} captured").format(
            side=side_name(SIDES[side]), n=p.captured[side])

    t = Table(box=box.ROUNDED, show_header=False, padding=(0, 1), title=label(top),
              caption=label(bottom) + "\n" + _("(sowing {arrow} along {side}'s row)").format(
                  arrow=arrow, side=side_name(SIDES[bottom])))
    for _column in range(6):
        t.add_column(justify="center", width=4)
    upper = [(top, pit) for pit in range(6, 0, -1)]
    lower = [(bottom, pit) for pit in range(1, 7)]

    def cell(side, pit):
        n = p.row(side)[pit - 1]
        style = "bold reverse" if (side, pit) in marks else ("bold" if n else "dim")
        return f"[{style}]{n}[/]"

    t.add_row(*(f"[dim]{SIDES[s][0].lower()}{pit}[/]" for s, pit in upper))
    t.add_row(*(cell(s, q) for s, q in upper))
    t.add_row(*(cell(s, q) for s, q in lower))
    t.add_row(*(f"[dim]{SIDES[s][0].lower()}{pit}[/]" for s, pit in lower))
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
