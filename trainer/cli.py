"""The ``tablecalc`` command line: a thin layer over ``solver`` that renders verdicts.

Bad input raises :class:`solver.errors.TablecalcError`; :class:`_Group` catches it once
and prints one line (exit 2). ``nambarz check`` exits 1 when the play is illegal.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from typer.core import TyperGroup

from solver.errors import TablecalcError

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class _Group(TyperGroup):
    """The one place where project errors become a readable line and an exit code."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except TablecalcError as e:
            typer.echo(f"tablecalc: error: {e}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT) from None


app = typer.Typer(
    name="tablecalc",
    cls=_Group,
    no_args_is_help=True,
    add_completion=False,
    help="Arithmetic puzzle solver and referee for table games (Nambarz, Countdown, the 24 game...).",
)
nambarz_app = typer.Typer(
    cls=_Group,
    no_args_is_help=True,
    help="Nambarz: cover the top card by concordance or by the simplest calculation.",
)
app.add_typer(nambarz_app, name="nambarz")


def _emit_json(data) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False))


# ---------------------------------------------------------------- reach

OrderOpt = Annotated[str, typer.Option("--order", help="tree = any bracketing; chain = strictly left to right.")]
OpsOpt = Annotated[str, typer.Option("--ops", help="Allowed operations, e.g. '+-*/', '+-', '+-x:'.")]
InterOpt = Annotated[
    str, typer.Option("--intermediates", help="natural (whole numbers ≥ 0), integer or rational.")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


@app.command()
def reach(
    numbers: Annotated[Optional[list[str]], typer.Argument(help="The numbers to calculate with.")] = None,
    target: Annotated[Optional[str], typer.Option("--target", "-t", help="The number to reach.")] = None,
    order: OrderOpt = "tree",
    ops: OpsOpt = "+-*/",
    intermediates: InterOpt = "natural",
    use_all: Annotated[bool, typer.Option("--all", help="Every number must be used (the 24 game).")] = False,
    batch: Annotated[
        Optional[str],
        typer.Option("--batch", help="Read JSON lines {\"numbers\": [...], \"target\": N, ...} from FILE or - (stdin)."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Fewest numbers that reach a target, and every distinct calculation (Countdown, 24, Nambarz)."""
    from solver.search import SearchRules, reach as do_reach

    if batch is not None:
        if numbers or target is not None:
            raise TablecalcError("--batch reads numbers and targets from the file: give either --batch or NUMBERS --target")
        raise typer.Exit(_reach_batch(batch, SearchRules.from_options(order, ops, intermediates, use_all)))
    if not numbers:
        raise TablecalcError("no numbers given: expected e.g. 'tablecalc reach 25 50 75 100 3 6 --target 952'")
    if target is None:
        raise TablecalcError("no target given: expected --target N")
    nums = [_whole(n, "number") for n in numbers]
    rules = SearchRules.from_options(order, ops, intermediates, use_all)
    result = do_reach(nums, _whole(target, "target"), rules)
    if as_json:
        _emit_json(result.as_dict())
        return
    from trainer.render import print_reach

    print_reach(result)


def _whole(text: str, what: str) -> int:
    t = str(text).strip()
    if not t.isdigit():
        raise TablecalcError(f"bad {what} {text!r}: expected a whole number ≥ 0")
    return int(t)


def _reach_batch(path: str, defaults) -> int:
    """Answer every JSON line; a bad line gets an ``error`` line. Returns the exit code."""
    from solver.search import SearchRules, reach as do_reach

    if path == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            lines = Path(path).read_text("utf-8").splitlines()
        except OSError as e:
            raise TablecalcError(f"cannot read batch file {path!r}: {e.strerror}") from None
    numbered = [(i, line) for i, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise TablecalcError(
            f"batch input {path!r} is empty: expected JSON lines like {{\"numbers\": [1, 2, 3], \"target\": 6}}"
        )
    failed = False
    known = {"numbers", "target", "order", "ops", "intermediates", "all"}
    for lineno, line in numbered:
        try:
            try:
                item = json.loads(line)
            except json.JSONDecodeError as e:
                raise TablecalcError(f"not JSON ({e.msg} at column {e.colno})") from None
            if not isinstance(item, dict):
                raise TablecalcError("expected a JSON object like {\"numbers\": [...], \"target\": N}")
            unknown = sorted(set(item) - known)
            if unknown:
                raise TablecalcError(f"unknown key {unknown[0]!r}: expected {', '.join(sorted(known))}")
            if "numbers" not in item or "target" not in item:
                raise TablecalcError("expected both \"numbers\" and \"target\"")
            nums = item["numbers"]
            if not isinstance(nums, list):
                raise TablecalcError("\"numbers\" must be a list of whole numbers")
            rules = SearchRules.from_options(
                item.get("order", defaults.order),
                item.get("ops", defaults.ops),
                item.get("intermediates", defaults.intermediates),
                item.get("all", defaults.use_all),
            )
            target = item["target"]
            if isinstance(target, bool) or not isinstance(target, int):
                raise TablecalcError(f"bad target {target!r}: expected a whole number")
            out = {"line": lineno, **do_reach(nums, target, rules).as_dict()}
        except TablecalcError as e:
            failed = True
            out = {"line": lineno, "error": str(e), "min_cards": None, "expressions": []}
        _emit_json(out)
    return EXIT_BAD_INPUT if failed else 0


# ---------------------------------------------------------------- nambarz

TargetOpt = Annotated[str, typer.Option("--target", "-t", help="The top card to cover, e.g. 3-bee or 8.")]
HandOpt = Annotated[str, typer.Option("--hand", help="The hand, e.g. \"6 5 2 10\" or \"8-bee 5-cat rejouer\".")]
PresetOpt = Annotated[str, typer.Option("--preset", "-p", help="beginner, basic or parentheses.")]
NOrderOpt = Annotated[Optional[str], typer.Option("--order", help="Override: chain (left to right) or tree (parentheses).")]
NOpsOpt = Annotated[Optional[str], typer.Option("--ops", help="Override the allowed operations, e.g. '+-'.")]
NInterOpt = Annotated[Optional[str], typer.Option("--intermediates", help="Override: natural, integer or rational.")]
ScopeOpt = Annotated[
    Optional[str], typer.Option("--simplest-against", help="Judge 'simplest' against the whole 'hand' or the 'played' cards.")
]
DeckOpt = Annotated[Optional[Path], typer.Option("--deck", help="A deck file (TOML) instead of the built-in deck.")]


def _nambarz_setup(preset, order, ops, intermediates, simplest, deck_path):
    from solver.nambarz import Deck, Rules

    rules = Rules.preset(preset).with_options(order=order, ops=ops, intermediates=intermediates, simplest=simplest)
    deck = Deck.from_file(deck_path) if deck_path else Deck.default()
    return rules, deck


@nambarz_app.command("solve")
def nambarz_solve(
    target: TargetOpt,
    hand: HandOpt,
    preset: PresetOpt = "basic",
    order: NOrderOpt = None,
    ops: NOpsOpt = None,
    intermediates: NInterOpt = None,
    simplest_against: ScopeOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Every way the hand can cover the top card, and every simplest calculation."""
    from solver.nambarz import solve

    rules, d = _nambarz_setup(preset, order, ops, intermediates, simplest_against, deck)
    sol = solve(d.parse_card(target), d.parse_hand(hand), rules, d)
    if as_json:
        from trainer.explain import explain_solution

        _emit_json({**sol.as_dict(), "explanation": explain_solution(sol)})
        return
    from trainer.render import print_solution

    print_solution(sol)


@nambarz_app.command("check")
def nambarz_check(
    answer: Annotated[str, typer.Argument(help="The play: a calculation like 6+5+2-10, or one card.")],
    target: TargetOpt,
    hand: HandOpt,
    preset: PresetOpt = "basic",
    order: NOrderOpt = None,
    ops: NOpsOpt = None,
    intermediates: NInterOpt = None,
    simplest_against: ScopeOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The referee's verdict on a play: legal or not, why, the penalty and any bonus (exit 1 if illegal)."""
    from solver.nambarz import check
    from trainer.explain import explain_verdict

    rules, d = _nambarz_setup(preset, order, ops, intermediates, simplest_against, deck)
    verdict = check(d.parse_card(target), d.parse_hand(hand), answer, rules, d)
    if as_json:
        _emit_json({**verdict.as_dict(), "explanation": explain_verdict(verdict)})
    else:
        from trainer.render import print_verdict

        print_verdict(verdict)
    if not verdict.legal:
        raise typer.Exit(EXIT_ILLEGAL)


@nambarz_app.command("score")
def nambarz_score(
    rounds: Annotated[
        list[str],
        typer.Option("--round", "-r", help="A round's finishing order, first out first: \"Ann+4, Bob, Cid\" (+N = a coup of N cards). Repeat per round."),
    ],
    team: Annotated[
        Optional[list[str]], typer.Option("--team", help="A team: \"Red=Ann,Bob\". Repeat per team.")
    ] = None,
    players: Annotated[
        Optional[str], typer.Option("--players", help="All players, comma-separated, if some never went out.")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Score a game: 40/32/25/19/14 by finishing place plus coup de maître bonuses, over rounds and teams."""
    from solver.nambarz import Round, score_game

    teams = {}
    for spec in team or []:
        name, sep, members = spec.partition("=")
        if not sep or not name.strip() or not members.strip():
            raise TablecalcError(f"bad team {spec!r}: expected NAME=PLAYER,PLAYER like \"Red=Ann,Bob\"")
        if name.strip() in teams:
            raise TablecalcError(f"team {name.strip()} is given twice")
        teams[name.strip()] = tuple(m.strip() for m in members.split(",") if m.strip())
    names = [p.strip() for p in (players or "").split(",") if p.strip()]
    board = score_game([Round.parse(r) for r in rounds], names, teams)
    if as_json:
        _emit_json(board.as_dict())
        return
    from trainer.render import print_scoreboard

    print_scoreboard(board)


@nambarz_app.command("deck")
def nambarz_deck(deck: DeckOpt = None, as_json: JsonOpt = False) -> None:
    """Show the deck: every card and its copies (which animals are assumed, not confirmed)."""
    from solver.nambarz import Deck

    d = Deck.from_file(deck) if deck else Deck.default()
    cards = [{"card": str(c), "family": str(c.family), "copies": d.copies(c),
              "confirmed": d.is_confirmed(c)} for c in d.cards()]
    if as_json:
        _emit_json({"source": d.source, "size": d.size(), "cards": cards})
        return
    from trainer.render import print_deck

    print_deck(d, cards)


@nambarz_app.command("rules")
def nambarz_rules(as_json: JsonOpt = False) -> None:
    """List the presets and what each rule option means."""
    from solver.nambarz import PRESETS

    if as_json:
        _emit_json({name: r.as_dict() for name, r in PRESETS.items()})
        return
    for r in PRESETS.values():
        typer.echo(r.describe())


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
