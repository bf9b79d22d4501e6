"""``tablecalc arith``: solve and judge "make the target" problems and mental sums.

``tablecalc reach`` is the search itself (any numbers, any target, batches); these
commands take a problem in arith's notation (``numbers 1 5 5 5; target 24`` or
``calculate 17 + 25``) and judge an answer the way the arith drill does.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from trainer.clikit import EXIT_ILLEGAL, Group, JsonOpt, add_rules_command, emit_json, preset_option

app = typer.Typer(cls=Group, no_args_is_help=True,
                  help="Arithmetic: Countdown and the 24 game (make a target), mental sums.")

ProblemArg = Annotated[str, typer.Argument(help="\"numbers 25 50 75 100 3 6; target 952\" or \"calculate 17 + 25\".")]
PresetOpt = preset_option("arith")
OrderOpt = Annotated[Optional[str], typer.Option("--order", help="Override: tree (any bracketing) or chain (left to right).")]
OpsOpt = Annotated[Optional[str], typer.Option("--ops", help="Override the allowed operations, e.g. '+-*/'.")]
InterOpt = Annotated[Optional[str], typer.Option("--intermediates", help="Override: natural, integer or rational.")]


def _setup(text, preset, order, ops, intermediates):
    from solver.arith import GAME

    rules = GAME.rules(preset, order=order, ops=ops, intermediates=intermediates)
    return GAME.parse_situation(text, None), rules


@app.command("solve")
def solve(problem: ProblemArg, preset: PresetOpt = "countdown", order: OrderOpt = None, ops: OpsOpt = None,
          intermediates: InterOpt = None, as_json: JsonOpt = False) -> None:
    """The answer: a sum's value, or the fewest numbers reaching the target and every way to do it."""
    from solver.arith import solve as do_solve

    situation, rules = _setup(problem, preset, order, ops, intermediates)
    sol = do_solve(situation, rules)
    if as_json:
        emit_json(sol.as_dict())
        return
    typer.echo(f"{situation}  [{rules.describe()}]")
    if not sol.expressions:
        typer.echo("Unreachable: no calculation with these numbers makes the target.")
    elif sol.min_cards is None:
        typer.echo(f"= {sol.expressions[0]}")
    else:
        typer.echo(f"Fewest numbers: {sol.min_cards} — {len(sol.expressions)} distinct calculation"
                   f"{'s' * (len(sol.expressions) != 1)}:")
        for e in sol.expressions:
            typer.echo(f"  {e} = {situation.target}")


@app.command("check")
def check(problem: ProblemArg, answer: Annotated[str, typer.Argument(help="Your answer: a number, or a calculation.")],
          preset: PresetOpt = "countdown", order: OrderOpt = None, ops: OpsOpt = None,
          intermediates: InterOpt = None, as_json: JsonOpt = False) -> None:
    """Whether an answer is right, and why not (exit 1 when it is wrong)."""
    from solver.arith import check as do_check
    from solver.arith.words import explain_verdict

    situation, rules = _setup(problem, preset, order, ops, intermediates)
    verdict = do_check(situation, answer, rules)
    if as_json:
        emit_json({**verdict.as_dict(), "explanation": explain_verdict(verdict)})
    else:
        typer.echo(("RIGHT" if verdict.legal else f"WRONG  ({', '.join(verdict.violations)})"))
        typer.echo(explain_verdict(verdict))
        typer.echo(f"Rules {rules.describe()}")
    if not verdict.legal:
        raise typer.Exit(EXIT_ILLEGAL)


add_rules_command(app, "arith")
