"""The ``tablecalc`` command line: a thin layer over ``solver`` that renders verdicts.

Bad input raises :class:`solver.errors.TablecalcError`; :class:`trainer.clikit.Group`
catches it once and prints one line (exit 2). ``nambarz check`` exits 1 when the play
is illegal.
"""

from __future__ import annotations

import enum
import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from solver.errors import TablecalcError
from solver.parsing import parse_whole, read_text
from trainer.clikit import EXIT_BAD_INPUT, EXIT_ILLEGAL, Group, JsonOpt, emit_json
from trainer.nmbrs_cli import nmbrs_app

app = typer.Typer(
    name="tablecalc",
    cls=Group,
    no_args_is_help=True,
    add_completion=False,
    help="Arithmetic puzzle solver and referee for table games (Nambarz, Countdown, the 24 game...).",
)
nambarz_app = typer.Typer(
    cls=Group,
    no_args_is_help=True,
    help="Nambarz: cover the top card by concordance or by the simplest calculation.",
)
app.add_typer(nambarz_app, name="nambarz")
app.add_typer(nmbrs_app, name="nmbrs")


# ---------------------------------------------------------------- reach

OrderOpt = Annotated[str, typer.Option("--order", help="tree = any bracketing; chain = strictly left to right.")]
OpsOpt = Annotated[str, typer.Option("--ops", help="Allowed operations, e.g. '+-*/', '+-', '+-x:'.")]
InterOpt = Annotated[
    str, typer.Option("--intermediates", help="natural (whole numbers ≥ 0), integer or rational.")
]


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
    nums = [parse_whole(n, "number") for n in numbers]
    rules = SearchRules.from_options(order, ops, intermediates, use_all)
    result = do_reach(nums, parse_whole(target, "target"), rules)
    if as_json:
        emit_json(result.as_dict())
        return
    from trainer.render import print_reach

    print_reach(result)


def _reach_batch(path: str, defaults) -> int:
    """Answer every JSON line; a bad line gets an ``error`` line. Returns the exit code."""
    from solver.search import SearchRules, reach as do_reach

    lines = (sys.stdin.read() if path == "-" else read_text(path, "batch file")).splitlines()
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
            except ValueError as e:  # e.g. an integer too long to convert
                raise TablecalcError(f"not usable JSON ({e})") from None
            if not isinstance(item, dict):
                raise TablecalcError("expected a JSON object like {\"numbers\": [...], \"target\": N}")
            unknown = sorted(set(item) - known)
            if unknown:
                raise TablecalcError(f"unknown key {unknown[0]!r}: expected {', '.join(sorted(known))}")
            if "numbers" not in item or "target" not in item:
                raise TablecalcError("expected both \"numbers\" and \"target\"")
            nums = item["numbers"]
            if not isinstance(nums, list) or not all(type(n) is int and 0 <= n < 10**12 for n in nums):
                raise TablecalcError(f"\"numbers\" must be a list of whole numbers ≥ 0, not {nums!r}")
            for key in ("order", "ops", "intermediates"):
                if key in item and not isinstance(item[key], str):
                    raise TablecalcError(f"{key!r} must be a string like {defaults.as_dict()[key]!r}, not {item[key]!r}")
            rules = SearchRules.from_options(
                item.get("order", defaults.order),
                item.get("ops", defaults.ops),
                item.get("intermediates", defaults.intermediates),
                item.get("all", defaults.use_all),
            )
            target = item["target"]
            if type(target) is not int or abs(target) >= 10**12:
                raise TablecalcError(f"bad target {target!r}: expected a whole number")
            out = {"line": lineno, **do_reach(nums, target, rules).as_dict()}
        except TablecalcError as e:
            failed = True
            out = {"line": lineno, "error": str(e), "min_cards": None, "expressions": []}
        emit_json(out)
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

        emit_json({**sol.as_dict(), "explanation": explain_solution(sol)})
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
        emit_json({**verdict.as_dict(), "explanation": explain_verdict(verdict)})
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
        emit_json(board.as_dict())
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
        emit_json({"source": d.source, "size": d.size(), "cards": cards})
        return
    from trainer.render import print_deck

    print_deck(d, cards)


@nambarz_app.command("rules")
def nambarz_rules(as_json: JsonOpt = False) -> None:
    """List the presets and what each rule option means."""
    from solver.nambarz import PRESETS

    if as_json:
        emit_json({name: r.as_dict() for name, r in PRESETS.items()})
        return
    for r in PRESETS.values():
        typer.echo(r.describe())




# ---------------------------------------------------------------- trainer


class Game(str, enum.Enum):
    nambarz = "nambarz"
    nmbrs = "nmbrs"
    arith = "arith"


@app.command()
def drill(
    game: Annotated[Game, typer.Argument(help="nambarz, nmbrs or arith.")],
    count: Annotated[Optional[int], typer.Option("--count", "-n", help="Puzzles in the session (default 10; timed arith rounds: until time is up).")] = None,
    time_limit: Annotated[Optional[float], typer.Option("--time-limit", help="Seconds per answer.")] = None,
    round_time: Annotated[Optional[float], typer.Option("--round-time", help="Seconds for the whole round (timed arith levels: 120).")] = None,
    level: Annotated[Optional[str], typer.Option("--level", "-l", help="nambarz: beginner, basic, parentheses; arith: mixed, add, sub, mul, div, make24, countdown; nmbrs: see README.")] = None,
    preset: Annotated[Optional[str], typer.Option("--preset", "-p", help="Rules preset, overriding the level's.")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Same seed, same session (reviews are then off unless --review).")] = None,
    pack: Annotated[Optional[str], typer.Option("--pack", help="Puzzles from a pack in puzzles/ (name or file).")] = None,
    hand_size: Annotated[Optional[int], typer.Option("--hand-size", help="Cards in the hand.")] = None,
    min_cards: Annotated[Optional[int], typer.Option("--min-cards", help="nambarz: the simplest calculation needs at least this many cards.")] = None,
    max_solutions: Annotated[Optional[int], typer.Option("--max-solutions", help="nambarz: at most this many simplest calculations.")] = None,
    trap_rate: Annotated[float, typer.Option("--trap-rate", help="Share of puzzles where nothing is playable (answer: draw).")] = 0.0,
    review: Annotated[Optional[bool], typer.Option("--review/--no-review", help="Mix in items due for review (spaced repetition).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Practise: puzzles judged by each game's rules; every answer is saved to your progress history."""
    from trainer.drills import DrillOptions, make_drill
    from trainer.history import History
    from trainer.session import JsonIO, LineIO, SessionOptions, TerminalIO, run_session

    if count is not None and count < 1:
        raise TablecalcError(f"bad --count {count}: expected at least 1 puzzle")
    if round_time is not None and round_time <= 0:
        raise TablecalcError(f"bad --round-time {round_time}: expected seconds > 0")
    options = DrillOptions(level=level, preset=preset, hand_size=hand_size, min_cards=min_cards,
                           max_solutions=max_solutions, trap_rate=trap_rate, time_limit=time_limit)
    the_drill = make_drill(game.value, options)
    cases: tuple = ()
    if pack is not None:
        from puzzles import load_pack

        loaded = load_pack(pack)
        if loaded.game != game.value:
            raise TablecalcError(f"pack {pack!r} is for {loaded.game}, not {game.value}")
        cases = loaded.cases
    timed = game is Game.arith and the_drill.level in ("mixed", "add", "sub", "mul", "div")
    if count is None and not cases and not timed:
        count = 10
    if round_time is None and timed and count is None:
        round_time = 120.0
    opts = SessionOptions(count=count, round_time=round_time, seed=seed,
                          review=review if review is not None else seed is None, cases=cases)
    if as_json:
        io = JsonIO()
    elif sys.stdin.isatty() and sys.stdout.isatty():
        io = TerminalIO()
    else:
        io = LineIO()
    with History.open() as history:
        summary = run_session(the_drill, opts, io, history)
    if summary.stopped == "interrupted":
        raise typer.Exit(130)


@app.command()
def stats(
    plot: Annotated[Optional[Path], typer.Option("--plot", help="Write a chart of your progress to FILE.png.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Your progress: accuracy, speed and penalties per drill and level over time, and your weakest items."""
    from trainer.history import History
    from trainer.stats import compute_stats, plot_stats, render_stats

    with History.open() as history:
        data = compute_stats(history)
        if plot is not None:
            plot_stats(history, plot)
    if as_json:
        emit_json(data)
    else:
        render_stats(data)
        if plot is not None:
            typer.echo(f"Chart written to {plot}")


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
