"""How the game-independent search's answers look in a terminal (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from solver.expr import SYMBOL
from solver.search import Reach

console = Console(highlight=False, soft_wrap=True)


def _rules_line(order, ops, intermediates) -> str:
    o = "left to right" if str(order) == "chain" else "any brackets"
    return f"{o}, {' '.join(SYMBOL[x] for x in '+-*/' if x in ops)}, {intermediates} intermediates"


def print_reach(r: Reach) -> None:
    nums = " ".join(str(n) for n in r.numbers)
    rules = _rules_line(r.rules.order, r.rules.ops, r.rules.intermediates)
    if r.rules.use_all:
        rules += ", all numbers"
    console.print(f"[bold]{r.target}[/] from {nums}  [dim]({escape(rules)})[/]")
    if r.min_cards is None:
        console.print("Unreachable: no calculation with these numbers makes the target.")
        return
    n = len(r.expressions)
    console.print(f"Fewest numbers: [bold]{r.min_cards}[/] — {n} distinct calculation{'s' * (n != 1)}:")
    for e in r.expressions:
        console.print(f"  {escape(str(e))} = {r.target}")
