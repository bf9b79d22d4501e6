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

from solver.i18n import _, ngettext
from trainer.clikit import EngineOpt, GameApp, JobsOpt, JsonOpt, check_jobs, emit_json, work_progress, answer_verdict

app = GameApp("arith", help="Arithmetic: Countdown and the 24 game (make a target), mental sums.")

ProblemArg = Annotated[str, typer.Argument(help="\"numbers 25 50 75 100 3 6; target 952\" or \"calculate 17 + 25\".")]


@app.command("best", aliases=("solve",))
def best(problem: ProblemArg, *, rules, as_json: JsonOpt = False) -> None:
    """The answer: a sum's value, or the fewest numbers reaching the target and every way to do it."""
    from solver.arith import GAME

    situation = GAME.parse_situation(problem, None)
    sol = GAME.best(situation, rules, None)
    if as_json:
        emit_json(sol.as_dict())
        return
    typer.echo(f"{situation}  [{rules.describe()}]")
    if not sol.expressions:
        typer.echo(_("Unreachable: no calculation with these numbers makes the target."))
    elif sol.min_cards is None:
        typer.echo(f"= {sol.expressions[0]}")
    else:
        typer.echo(ngettext("Fewest numbers: {k} — {n} distinct calculation:", "Fewest numbers: {k} — {n} distinct calculations:",
                            len(sol.expressions)).format(k=sol.min_cards, n=len(sol.expressions)))
        for e in sol.expressions:
            typer.echo(f"  {e} = {situation.target}")


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

    answer_verdict(GAME, verdict, as_json, show=show)


@app.command("table")
def table(
    targets: Annotated[str, typer.Option("--targets", help="The targets, e.g. 100-999.")] = "100-999",
    tiles: Annotated[Optional[str], typer.Option("--tiles", help="The tiles selections are drawn from (default: Countdown's 24: 1-10 twice, 25 50 75 100).")] = None,
    choose: Annotated[int, typer.Option("--choose", help="Numbers in a selection.")] = 6,
    jobs: JobsOpt = None,
    engine: EngineOpt = "auto",
    as_json: JsonOpt = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="One CSV row per selection: numbers, targets reached, targets missed.")] = False,
) -> None:
    """Every Countdown selection against every target: which it reaches, and how many selections reach each target."""
    from solver.arith.countdown import countdown_table
    from solver.arith.deal import COUNTDOWN_NUMBERS
    from solver.errors import TablecalcError
    from solver.parsing import parse_range, parse_whole
    from solver.search import MAX_TARGETS

    if as_json and as_csv:
        raise TablecalcError("give either --json or --csv, not both")
    span = parse_range(targets, "targets", MAX_TARGETS)
    deck = COUNTDOWN_NUMBERS if tiles is None else [parse_whole(n, "tile") for n in tiles.replace(",", " ").split()]
    if not deck:
        raise TablecalcError("no tiles given: expected numbers like --tiles '1 2 3 25 50'")
    processes = check_jobs(jobs)
    with work_progress("selections") as progress:
        result = countdown_table(span, tiles=deck, size=choose, processes=processes, progress=progress, engine=engine)
    if as_json:
        emit_json(result.as_dict())
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
        typer.echo(f"{len(result.rows):,} selections of {choose} tiles, targets {first}-{last}")
        if not result.rows:
            return
        typer.echo(f"Selections that reach every target: {result.reach_every_target():,}")
        hardest = sorted(counts, key=lambda t: (counts[t], t))[:10]
        typer.echo("Hardest targets (selections reaching each): "
                   + ", ".join(f"{t} ({counts[t]:,})" for t in hardest))

