"""How the game-independent search's answers look (drawn by rich on a terminal, see :mod:`trainer.out`)."""

from __future__ import annotations

from solver.expr import SYMBOL
from solver.search import Reach, TargetsReach

from trainer.out import escape, out as console


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


def print_reach_targets(r: TargetsReach) -> None:
    """How many targets are reached, with how few numbers, which are not (and one calculation each, if found)."""
    nums = " ".join(str(n) for n in r.numbers)
    rules = _rules_line(r.rules.order, r.rules.ops, r.rules.intermediates)
    if r.rules.use_all:
        rules += ", all numbers"
    first, last = r.targets.start, r.targets.stop - 1
    reached = r.reached
    console.print(f"[bold]{first}-{last}[/] from {nums}  [dim]({escape(rules)})[/]")
    console.print(f"Reached: [bold]{len(reached)}[/] of {len(r.targets)} targets.")
    sizes: dict[int, int] = {}
    for k in r.min_cards:
        if k is not None:
            sizes[k] = sizes.get(k, 0) + 1
    if sizes:
        console.print("Fewest numbers: " + ", ".join(f"{k}: {sizes[k]}" for k in sorted(sizes)) + " targets.")
    missed = [t for t, k in zip(r.targets, r.min_cards) if k is None]
    if missed:
        console.print("Unreachable: " + " ".join(map(str, missed)))
    if r.expressions is not None:
        for t, k, e in zip(r.targets, r.min_cards, r.expressions):
            if e is not None:
                console.print(f"  {t} = {escape(str(e))}  [dim]({k} number{'s' * (k != 1)})[/]")
