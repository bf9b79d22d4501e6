"""How the game-independent search's answers look (drawn by rich on a terminal, see :mod:`trainer.out`)."""

from __future__ import annotations

from solver.distinct import Distinct, SolutionClass, classes
from solver.expr import INTERMEDIATES_WORDS, SYMBOL, Intermediates, format_value
from solver.i18n import _, ngettext
from solver.search import Near, Reach, TargetsReach

from trainer.out import escape, out as console


def _rules_line(order, ops, intermediates, use_all: bool = False) -> str:
    """The search's rules in words: ``any brackets, + - × ÷, whole numbers ≥ 0``."""
    o = _("left to right") if str(order) == "chain" else _("any brackets")
    line = f"{o}, {' '.join(SYMBOL[x] for x in '+-*/' if x in ops)}, {_(INTERMEDIATES_WORDS[Intermediates(intermediates)])}"
    return line + (", " + _("every number used once") if use_all else "")


def print_reach(r: Reach, distinct: Distinct = Distinct.COMMUTATIVE) -> None:
    nums = " ".join(str(n) for n in r.numbers)
    rules = _rules_line(r.rules.order, r.rules.ops, r.rules.intermediates, r.rules.use_all)
    console.print(_("{target} from {numbers}").format(target=f"[bold]{r.target}[/]", numbers=nums)
                  + f"  [dim]({escape(rules)})[/]")
    if r.min_cards is None:
        console.print(_("Unreachable: no calculation with these numbers makes the target."))
        print_nearest(r.nearest)
        return
    print_calculations(r.min_cards, classes(r.expressions, distinct), r.target, distinct)


def print_calculations(k: int, found: tuple[SolutionClass, ...], target, distinct: Distinct) -> None:
    """The fewest numbers and one line per class of calculations (with its size when grouped algebraically)."""
    n = len(found)
    console.print(ngettext("Fewest numbers: {k} — {n} distinct calculation:", "Fewest numbers: {k} — {n} distinct calculations:",
                           n).format(k=f"[bold]{k}[/]", n=n))
    if distinct is Distinct.ALGEBRAIC:
        console.print("[dim]" + escape(_("Told apart algebraically (4nums.com): one calculation per class, "
                                         "with how many calculations the class holds.")) + "[/]")
    for c in found:
        size = ""
        if distinct is Distinct.ALGEBRAIC:
            size = "  [dim](" + ngettext("{n} calculation", "{n} calculations", c.size).format(n=c.size) + ")[/]"
        console.print(f"  {escape(str(c.representative))} = {target}{size}")


def print_nearest(nearest: tuple[Near, ...] | None) -> None:
    """The nearest values a calculation reaches, below and above an unreached target (:attr:`Reach.nearest`)."""
    if nearest is None:
        console.print(_("The nearest numbers these can make were not found within the step budget."))
        return
    for n in nearest:
        console.print(_("Nearest: {value}, {distance} away: {expression}").format(
            value=f"[bold]{format_value(n.value)}[/]", distance=format_value(n.distance), expression=escape(str(n.expression))))


def print_reach_targets(r: TargetsReach) -> None:
    """How many targets are reached, with how few numbers, which are not (and one calculation each, if found)."""
    nums = " ".join(str(n) for n in r.numbers)
    rules = _rules_line(r.rules.order, r.rules.ops, r.rules.intermediates, r.rules.use_all)
    first, last = r.targets.start, r.targets.stop - 1
    reached = r.reached
    console.print(_("{target} from {numbers}").format(target=f"[bold]{first}-{last}[/]", numbers=nums)
                  + f"  [dim]({escape(rules)})[/]")
    console.print(ngettext("Reached: {n} of {total} target.", "Reached: {n} of {total} targets.", len(r.targets)).format(
        n=f"[bold]{len(reached)}[/]", total=len(r.targets)))
    sizes: dict[int, int] = {}
    for k in r.min_cards:
        if k is not None:
            sizes[k] = sizes.get(k, 0) + 1
    if sizes:
        console.print(_("Fewest numbers: {sizes} targets.").format(sizes=", ".join(f"{k}: {sizes[k]}" for k in sorted(sizes))))
    missed = [t for t, k in zip(r.targets, r.min_cards) if k is None]
    if missed:
        console.print(_("Unreachable: {targets}").format(targets=" ".join(map(str, missed))))
        for t, k, near in zip(r.targets, r.min_cards, r.nearest):
            if k is None:
                console.print(f"  {t}: " + _nearest_words(near))
    if r.expressions is not None:
        for t, k, e in zip(r.targets, r.min_cards, r.expressions):
            if e is not None:
                console.print(f"  {t} = {escape(str(e))}  [dim](" + ngettext("{n} number", "{n} numbers", k).format(n=k) + ")[/]")


def _nearest_words(nearest: tuple[Near, ...] | None) -> str:
    """One missed target's nearest values on one line."""
    if nearest is None:
        return _("nearest not found within the step budget")
    return "; ".join(_("nearest {value} ({distance} away: {expression})").format(
        value=format_value(n.value), distance=format_value(n.distance), expression=escape(str(n.expression)))
        for n in nearest)
