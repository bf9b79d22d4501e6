"""``tablecalc arith``: the best answer to a "make the target" problem or a mental sum, the referee's
verdict on yours, and the whole Countdown table.

``tablecalc reach`` is the search itself (any numbers, any target, batches); these
commands take a problem in arith's notation (``numbers 1 5 5 5; target 24`` or
``calculate 17 + 25``) and judge an answer the way the arith drill does. ``best`` and ``judge``
take ``--preset`` and every rule option, generated from :class:`solver.arith.rules.Rules`
(``solve`` and ``check`` are their old names). Bad input is one line (exit 2); ``judge`` exits 1
when the answer is wrong.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from solver.i18n import N_, _, ngettext
from trainer.clikit import DistinctOpt, EngineOpt, GameApp, JobsOpt, JsonOpt, check_jobs, emit_json, work_progress, answer_verdict

app = GameApp("arith", help="Arithmetic: Countdown and the 24 game (make a target), mental sums.")

ProblemArg = Annotated[str, typer.Argument(help="\"numbers 25 50 75 100 3 6; target 952\" or \"calculate 17 + 25\".")]


@app.command("best", aliases=("solve",))
def best(problem: ProblemArg, *, rules, distinct: DistinctOpt = None, as_json: JsonOpt = False) -> None:
    """The answer: a sum's value, or the fewest numbers reaching the target and every way to do it
    (the nearest numbers on each side when none does)."""
    from solver.arith import GAME
    from solver.distinct import Distinct
    from solver.arith.best import grouped

    situation = GAME.parse_situation(problem, None)
    how = Distinct(distinct or Distinct.COMMUTATIVE)
    sol = grouped(GAME.best(situation, rules, None), how)
    if as_json:
        emit_json(sol.as_dict())
        return
    from trainer.render import print_calculations, print_nearest

    typer.echo(f"{situation}  [{rules.describe()}]")
    if not sol.expressions:
        typer.echo(_("Unreachable: no calculation with these numbers makes the target."))
        print_nearest(sol.nearest)
    elif sol.min_cards is None:
        typer.echo(f"= {sol.expressions[0]}")
    else:
        print_calculations(sol.min_cards, sol.classes(), situation.target, how)


@app.command("judge", aliases=("check",))
def judge(problem: ProblemArg, answer: Annotated[str, typer.Argument(help="Your answer: a number, or a calculation.")],
          *, rules, as_json: JsonOpt = False) -> None:
    """Whether an answer is right, and why not (exit 1 when it is wrong)."""
    from solver.arith import GAME

    situation = GAME.parse_situation(problem, None)
    verdict = GAME.judge(situation, answer, rules, None)

    def show(v) -> None:
        typer.echo((_("RIGHT") if v.legal else _("WRONG") + f"  ({', '.join(v.violations)})"))
        typer.echo(GAME.explain(v))
        typer.echo(_("Rules {rules}").format(rules=rules.describe()))

    answer_verdict(GAME, verdict, as_json, rules=rules, show=show)


@app.command("table")
def table(
    targets: Annotated[Optional[str], typer.Option(
        "--targets", help="The targets, e.g. 100-999 (default; the 24 game: 24).")] = None,
    tiles: Annotated[Optional[str], typer.Option("--tiles", help="The tiles selections are drawn from (default: Countdown's 24: 1-10 twice, 25 50 75 100).")] = None,
    choose: Annotated[Optional[int], typer.Option("--choose", help="Numbers in a selection (default 6; the 24 game: 4).")] = None,
    jobs: JobsOpt = None,
    engine: EngineOpt = "auto",
    as_json: JsonOpt = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="One CSV row per selection: numbers, targets reached, targets missed.")] = False,
    summary: Annotated[bool, typer.Option(
        "--summary", help="Also the breakdown by the number of large numbers (0-4): selections, and the share of games "
                          "reached exactly, within 5 and within 10, unweighted and weighted by the chance of the draw.")] = False,
    *,
    rules,
) -> None:
    """Every Countdown selection against every target: which it reaches, and how many selections reach each target.
    With the 24 game's rules (--preset make24): every four numbers 1-13, whether they make 24, their distinct
    solutions and how hard they are."""
    from solver.arith.countdown import countdown_table
    from solver.arith.deal import COUNTDOWN_NUMBERS
    from solver.errors import TablecalcError
    from solver.parsing import parse_range, parse_whole
    from solver.search import MAX_TARGETS

    if as_json and as_csv:
        raise TablecalcError(_("give either --json or --csv, not both"))
    if summary and as_csv:
        raise TablecalcError(_("--summary goes with the text or --json, not --csv (one row per selection)"))
    processes = check_jobs(jobs)
    if rules.use_all:
        if tiles is not None or summary:
            raise TablecalcError(_("{option} goes with Countdown's table: the 24 game's table takes every selection "
                                   "of --choose numbers 1-13").format(option="--tiles" if tiles is not None else "--summary"))
        _make24_table(rules, 24 if targets is None else parse_whole(targets, N_("target")), choose or 4, processes,
                      as_json, as_csv)
        return
    targets = "100-999" if targets is None else targets
    choose = 6 if choose is None else choose
    span = parse_range(targets, N_("targets"), MAX_TARGETS)
    deck = COUNTDOWN_NUMBERS if tiles is None else [parse_whole(n, N_("tile")) for n in tiles.replace(",", " ").split()]
    if not deck:
        raise TablecalcError(_("no tiles given: expected numbers like --tiles '1 2 3 25 50'"))
    with work_progress("selections") as progress:
        result = countdown_table(span, rules.search, tiles=deck, size=choose, processes=processes, progress=progress,
                                 summary=summary, engine=engine)
    if as_json:
        emit_json({**result.as_dict(), **({"summary": result.summary().as_dict()} if summary else {})})
    elif as_csv:
        import csv
        import sys

        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["numbers", "reached", "unreachable"])
        for sel, missed in result.rows:
            out.writerow([" ".join(map(str, sel)), len(span) - len(missed), " ".join(map(str, missed))])
    else:
        counts = result.per_target()
        first, last = span.start, span.stop - 1
        typer.echo(ngettext("{n} selection of {choose} tiles, targets {first}-{last}",
                            "{n} selections of {choose} tiles, targets {first}-{last}", len(result.rows)).format(
            n=f"{len(result.rows):,}", choose=choose, first=first, last=last))
        if not result.rows:
            return
        typer.echo(_("Selections that reach every target: {n}").format(n=f"{result.reach_every_target():,}"))
        hardest = sorted(counts, key=lambda t: (counts[t], t))[:10]
        typer.echo(_("Hardest targets (selections reaching each): {targets}").format(
            targets=", ".join(f"{t} ({counts[t]:,})" for t in hardest)))
        if summary:
            _print_summary(result.summary(), tiles is None, choose)


def _print_summary(s, countdown_deck: bool, choose: int) -> None:
    """The breakdown by the number of large numbers, unweighted then weighted, saying how each is counted."""
    from solver.arith.countdown import LARGE_FROM, NEAR

    first, last = s.targets.start, s.targets.stop - 1
    typer.echo("")
    typer.echo(_("Share of games (a selection and a target) by the number of large numbers (tiles of {large} or more); "
                 "targets {first}-{last}, each counted once.").format(large=LARGE_FROM, first=first, last=last))
    header = [_("large"), _("selections"), _("exactly"), *(_("within {n}").format(n=d) for d in NEAR)]
    widths = [max(7, len(h)) for h in header]

    def line(cells) -> str:
        return "  ".join(str(c).rjust(w) for c, w in zip(cells, widths))

    deck = (_("the 24 tiles: four large (25 50 75 100), two of each small (1-10)") if countdown_deck
            else ngettext("the {n} tile given", "the {n} tiles given", len(s.tiles)).format(n=len(s.tiles)))
    for title, exact, within in (
            (_("Unweighted: each distinct selection counts once."), "exact", "within"),
            (_("Weighted: each selection by the chance of drawing it from {deck}, once the number of large numbers "
               "is chosen (the row 'all': {n} tiles drawn from all of them).").format(deck=deck, n=choose),
             "weighted_exact", "weighted_within")):
        typer.echo("")
        typer.echo(title)
        typer.echo(line(header))
        for r in s.rows:
            name = _("all") if r.large is None else r.large
            typer.echo(line([name, f"{r.selections:,}", f"{getattr(r, exact):.2%}",
                             *(f"{w:.2%}" for w in getattr(r, within))]))



def _make24_table(rules, target: int, size: int, processes: int, as_json: bool, as_csv: bool) -> None:
    """``table`` under the 24 game's rules: one line per selection, easiest first when solvable."""
    from solver.arith.deal import MAKE24_NUMBERS
    from solver.arith.make24 import make24_table
    from solver.expr import format_value

    with work_progress("selections") as progress:
        t = make24_table(rules, numbers=MAKE24_NUMBERS, size=size, target=target, processes=processes, progress=progress)
    if as_json:
        emit_json(t.as_dict())
        return
    if as_csv:
        import csv
        import sys

        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["numbers", "solvable", "solutions", "calculations", "needs", "largest", "score", "rank", "example"])
        for r in t.rows:
            d = r.as_dict()
            out.writerow([" ".join(map(str, r.numbers)), "yes" if r.solvable else "no",
                          *("" if d[k] is None else d[k] for k in ("solutions", "calculations", "needs", "largest",
                                                                    "score", "rank", "example"))])
        return
    typer.echo(_("{n} selections of {size} numbers {first}-{last}, target {target}: {solvable} can make it.").format(
        n=f"{len(t.rows):,}", size=size, first=MAKE24_NUMBERS.start, last=MAKE24_NUMBERS.stop - 1, target=target,
        solvable=f"{t.solvable:,}"))
    typer.echo(_("Difficulty: the score adds what the easiest way needs (whole numbers 0, negatives 1, fractions 3), "
                 "2 ÷ the distinct solutions, and log2(largest number on the way ÷ {target}) above {target}; "
                 "rank 1 is the easiest.").format(target=target))
    needs = {"natural": _("whole numbers"), "integer": _("negatives"), "rational": _("fractions")}
    for r in t.rows:
        numbers = " ".join(f"{n:>2}" for n in r.numbers)
        if not r.solvable:
            typer.echo(f"{numbers}  " + _("no"))
            continue
        typer.echo(f"{numbers}  " + _("yes") + "  " + ngettext(
            "{n} distinct solution", "{n} distinct solutions", r.solutions).format(n=r.solutions)
            + "; " + _("needs {needs}, largest on the way {largest}, score {score:.2f}, rank {rank}: {example}").format(
                needs=needs.get(r.needs, r.needs), largest=format_value(r.largest), score=r.score, rank=r.rank,
                example=r.example))
