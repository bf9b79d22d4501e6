"""The ``tablecalc`` command line's core: the root app, the game-independent ``reach``,
``games``, ``drill`` and ``stats``. Every registered game's own commands are mounted from
:mod:`solver.registry` (``tablecalc <game> ...``, from ``trainer/games/<game>/cli.py``);
nothing here knows a game.

Bad input raises :class:`solver.errors.TablecalcError`; :class:`trainer.clikit.Group`
catches it once and prints one line (exit 2). A referee command exits 1 when it judges a
play illegal.
"""

from __future__ import annotations

import inspect
import os
import sys
from functools import cache
from pathlib import Path
from typing import Annotated, Optional

import typer
from solver.errors import TablecalcError, quoted
from solver.i18n import LANGUAGES, N_, _
from solver.parsing import parse_range, parse_whole, read_lines
from solver.registry import all_games, game_names
from solver.expr import Intermediates, Order
from trainer.clikit import (
    EXIT_BAD_INPUT, HELP_OPTIONS, DistinctOpt, ForceOpt, GamesGroup, JobsOpt, JsonOpt, check_jobs, choice_option, emit_json,
    interrupted_code,
    work_progress,
)
from trainer.options import LearnerOpt
from trainer.helptext import help_made, help_text
from trainer.drills import check_seconds, drill_class, option
from trainer.games import sub_app


class RootGroup(GamesGroup):
    """``tablecalc``: the core commands, and ``tablecalc GAME ...`` for each registered game."""

    def game_command(self, game, command: str | None = None):
        return _game_group(game.name, command if command in _command_names(game.name) else None)


def _command_name(info) -> str:
    """The name a command registered on a Typer app is typed by."""
    return typer.main.get_command_name(info.name or info.callback.__name__)


@cache
def _command_names(name: str) -> frozenset[str]:
    from solver.registry import find_game

    return frozenset(map(_command_name, sub_app(find_game(name)).registered_commands))


@cache
def _game_group(name: str, only: str | None = None):
    """The game's commands as a Click group; with ``only``, a group of that one command (what
    running it needs: building a game's every command costs more than starting the search)."""
    import copy

    from solver.registry import find_game

    app = sub_app(find_game(name))
    if only is not None:
        app = copy.copy(app)
        app.registered_commands = [c for c in app.registered_commands if _command_name(c) == only]
    group = typer.main.get_group(app)
    group.name = name
    return group


app = typer.Typer(
    name="tablecalc",
    cls=RootGroup,
    no_args_is_help=True,
    context_settings=HELP_OPTIONS,
    help=help_text(N_("Arithmetic puzzle solver, referee and trainer for table games: {games}."),
                   games=", ".join(game_names())),
)


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"tablecalc {version('tablecalc')}")
        except PackageNotFoundError:  # run from a source tree that was never installed
            typer.echo(_("tablecalc (not installed: run from its source tree)"))
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                          help="Print tablecalc's version and exit.")] = False,
    lang: choice_option(
        "--lang", choices=LANGUAGES,
        help="The language tablecalc speaks (default: TABLECALC_LANG, else the locale: LANGUAGE, LC_ALL, LANG).",
        is_eager=True,  # read before an eager --help, which prints the help in this language
    ) = None,
    no_color: Annotated[bool, typer.Option(
        "--no-color", help="No colours in the terminal (as NO_COLOR=1): cards and tiles show their colour letters.")] = False,
) -> None:
    from solver.i18n import use

    if no_color:
        os.environ["NO_COLOR"] = "1"  # rich reads it: every console of tablecalc, drawn from here on
    use(lang)  # None: TABLECALC_LANG, else the locale; a language tablecalc does not speak there means English


# ---------------------------------------------------------------- reach

OrderOpt = choice_option("--order", choices=Order, help="tree = any bracketing; chain = strictly left to right.")
OpsOpt = Annotated[str, typer.Option("--ops", help="Allowed operations, e.g. '+-*/', '+-', '+-x:'.")]
InterOpt = choice_option("--intermediates", choices=Intermediates, help="natural (whole numbers ≥ 0), integer or rational.")


@app.command()
def reach(
    numbers: Annotated[Optional[list[str]], typer.Argument(help="The numbers to calculate with.")] = None,
    target: Annotated[Optional[str], typer.Option("--target", "-t", help="The number to reach.")] = None,
    targets: Annotated[
        Optional[str], typer.Option("--targets", help="Every target of a range at once, e.g. 100-999: the fewest numbers for each.")
    ] = None,
    expressions: Annotated[
        bool, typer.Option("--expressions", help="With --targets: also one calculation for each target reached.")
    ] = False,
    order: OrderOpt = "tree",
    ops: OpsOpt = "+-*/",
    intermediates: InterOpt = "natural",
    use_all: Annotated[bool, typer.Option("--all", help="Every number must be used (the 24 game).")] = False,
    batch: Annotated[
        Optional[str],
        typer.Option("--batch", help="Read JSON lines {\"numbers\": [...], \"target\": N, ...} from FILE or - (stdin)."),
    ] = None,
    jobs: JobsOpt = None,
    distinct: DistinctOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Fewest numbers that reach a target, and every distinct calculation (the nearest numbers when none does):
    the search behind every game."""
    from solver.distinct import Distinct, classes
    from solver.search import SearchRules, reach as do_reach

    how = Distinct(distinct or Distinct.COMMUTATIVE)
    if distinct is not None and (targets is not None or batch is not None):
        raise TablecalcError(_("--distinct goes with --target N (it groups the calculations of one target)"))

    if jobs is not None and batch is None:
        raise TablecalcError(_("--jobs goes with --batch FILE (one question runs in one process)"))
    if batch is not None:
        if targets is not None or expressions:
            raise TablecalcError(_("--targets goes with NUMBERS, not --batch"))
        if numbers or target is not None:
            raise TablecalcError(_("--batch reads numbers and targets from the file: give either --batch or NUMBERS --target"))
        raise typer.Exit(_reach_batch(batch, SearchRules.from_options(order, ops, intermediates, use_all), jobs))
    if not numbers:
        raise TablecalcError(_("no numbers given: expected e.g. 'tablecalc reach 25 50 75 100 3 6 --target 952'"))
    if target is not None and targets is not None:
        raise TablecalcError(_("give either --target N or --targets A-B, not both"))
    if expressions and targets is None:
        raise TablecalcError(_("--expressions goes with --targets A-B (one target lists every calculation already)"))
    if target is None and targets is None:
        raise TablecalcError(_("no target given: expected --target N (or --targets A-B)"))
    nums = [parse_whole(n, N_("number")) for n in numbers]
    rules = SearchRules.from_options(order, ops, intermediates, use_all)
    if targets is not None:
        from solver.search import MAX_TARGETS, reach_targets

        result = reach_targets(nums, parse_range(targets, N_("targets"), MAX_TARGETS), rules, expressions=expressions)
        if as_json:
            emit_json(result.as_dict())
            return
        from trainer.render import print_reach_targets

        print_reach_targets(result)
        return
    result = do_reach(nums, parse_whole(target, N_("target")), rules, nearest=True)
    if as_json:
        found = classes(result.expressions, how)
        emit_json({**result.as_dict(), "expressions": [str(c.representative) for c in found],
                   "distinct": how.value, "class_sizes": [c.size for c in found]})
        return
    from trainer.render import print_reach

    print_reach(result, how)


def _reach_batch(path: str, defaults, jobs: int | None) -> int:
    """Answer every JSON line, in input order; a bad line gets an ``error`` line. Returns the exit code."""
    from solver.batch import answer_batch

    processes = check_jobs(jobs)
    numbered = [(i, line) for i, line in read_lines(path, _("batch file")) if line is None or line.strip()]
    if not numbered:
        raise TablecalcError(
            _("batch input {path} is empty: expected JSON lines like {example}").format(
                path=repr(path), example='{"numbers": [1, 2, 3], "target": 6}')
        )
    failed = False
    with work_progress("lines") as progress:
        for out in answer_batch(numbered, defaults, processes=processes, progress=progress):
            failed |= "error" in out
            emit_json(out)
    return EXIT_BAD_INPUT if failed else 0


# ---------------------------------------------------------------- games


@app.command()
def games(as_json: JsonOpt = False) -> None:
    """Every game tablecalc knows: names, presets, commands, drill levels and the rules it follows."""
    rows = [_game_row(g) for g in all_games()]
    if as_json:
        emit_json({"games": rows})
        return
    for r in rows:
        typer.echo(f"{r['name']} — {_(r['title'])}: {_(r['summary'])}")
        typer.echo("  " + _("also called: {names}").format(names=", ".join(r["aliases"])))
        typer.echo("  " + _("presets: {presets} (default {default})").format(
            presets=", ".join(r["presets"]), default=r["default_preset"]))
        commands = ", ".join(f"tablecalc {r['name']} {c}" for c in r["commands"])
        typer.echo("  " + _("commands: {commands}").format(commands=commands))
        typer.echo("  " + _("drill levels: {levels}").format(levels=", ".join(r["drill_levels"])))
        typer.echo("  " + _("penalty unit: {unit}").format(unit=_(r["penalty_unit"])))
        typer.echo("  " + _("rules: {seed}").format(seed=_(r["seed"])))


def _game_row(game) -> dict:
    commands = [_command_name(c) for c in sub_app(game).registered_commands if not c.hidden]
    return {
        "name": game.name,
        "title": game.title,
        "aliases": list(game.aliases),
        "summary": game.summary,
        "presets": {name: r.describe() for name, r in game.presets.items()},
        "default_preset": game.default_preset,
        "commands": commands,
        "drill_levels": {name: lv.description for name, lv in drill_class(game.name).LEVELS.items()},
        "penalty_unit": game.penalty_unit,
        "seed": game.seed,
    }


# ---------------------------------------------------------------- drills

class DrillGroup(GamesGroup):
    """``tablecalc drill GAME``: a game's alias finds it, and a name that is one of a drill's levels
    (``countdown``), or another name of the preset of that level (``24``), starts that game's drill
    at that level rather than at its default one (``--level`` still chooses another)."""

    def game_command(self, game, command: str | None = None):
        return _drill_command(game.name)

    def get_command(self, ctx, cmd_name):
        if cmd_name not in game_names():
            found = _drill_level(cmd_name)
            if found is not None:
                return _drill_command(*found)
        return super().get_command(ctx, cmd_name)


def _drill_level(word: str) -> tuple[str, str] | None:
    """The game and drill level a word names (``countdown``, ``24`` → ``arith``, ``make24``), if any:
    a level's own name, or a name of the preset with that name (``Rules.PRESET_ALIASES``)."""
    key = word.strip().lower()
    for game in all_games():
        levels = drill_class(game.name).LEVELS
        level = key if key in levels else getattr(game.Rules, "PRESET_ALIASES", {}).get(key)
        if level in levels:
            return game.name, level
    return None


drill_app = typer.Typer(
    cls=DrillGroup,
    no_args_is_help=True,
    context_settings=HELP_OPTIONS,
    help="Practise: puzzles judged by each game's rules; every answer is saved to your progress history.",
)
app.add_typer(drill_app, name="drill")

_SHARED = (
    option("count", Annotated[Optional[int], typer.Option("--count", "-n", help="Puzzles in the session (default 10; timed rounds: until time is up).")]),
    option("time_limit", Annotated[Optional[float], typer.Option("--time-limit", help="Seconds per answer.")]),
    option("round_time", Annotated[Optional[float], typer.Option("--round-time", help="Seconds for the whole round (timed levels: 120).")]),
    option("preset", Annotated[Optional[str], typer.Option("--preset", "-p", help="Rules preset, overriding the level's.")]),
    option("seed", Annotated[Optional[int], typer.Option("--seed", help="Same seed, same session (reviews are then off unless --review).")]),
    option("pack", Annotated[Optional[str], typer.Option("--pack", help="Puzzles from a pack in puzzles/ (name or file).")]),
    option("review", Annotated[Optional[bool], typer.Option("--review/--no-review", help="Mix in items due for review (spaced repetition).")]),
    option("learner", LearnerOpt),
    option("as_json", JsonOpt, False),
    option("intro", Annotated[Optional[bool], typer.Option("--intro/--no-intro", help="Show the how-to before the first puzzle (default: yes, except with --json).")]),
)


@cache
def _drill_command(name: str, start: str | None = None):
    """The ``tablecalc drill NAME`` command: the shared options and the options of the game's drill;
    ``start``: the level it starts at when ``--level`` is not given (default: the drill's own)."""
    from solver.registry import find_game

    game, cls = find_game(name), drill_class(name)
    levels = list(cls.LEVELS)
    level = option("level", choice_option("--level", "-l", choices=levels,
                                          help=help_text(N_("{levels} (default {default})."), levels=", ".join(levels),
                                                                         default=start or cls.default_level)))

    def command(**options) -> None:
        if start is not None and options["level"] is None:
            options["level"] = start
        _run_drill(game, cls, **options)

    command.__signature__ = inspect.Signature([level, *_SHARED, *cls.OPTIONS])  # type: ignore[attr-defined]
    command.__doc__ = help_made(
        f"{game.title}: " + "; ".join(f"{k} = {v.description}" for k, v in cls.LEVELS.items()) + ".",
        lambda: f"{_(game.title)}: " + "; ".join(f"{k} = {v.said()}" for k, v in cls.LEVELS.items()) + ".")
    single = typer.Typer(context_settings=HELP_OPTIONS)
    single.command(name)(command)
    return typer.main.get_command(single)


def _run_drill(game, cls, *, count, time_limit, round_time, level, preset, seed, pack, review, learner, as_json,
               intro, **extra) -> None:
    from trainer.history import History, learner_name
    from trainer.session import JsonIO, LineIO, SessionOptions, TerminalIO, run_session

    if learner is not None:
        learner = learner_name(learner)  # a bad name is refused before the first puzzle
    if count is not None and count < 1:
        raise TablecalcError(_("bad --count {count}: expected at least 1 puzzle").format(count=count))
    check_seconds(round_time, "--round-time")
    check_seconds(time_limit, "--time-limit")
    the_drill = cls(level=level, preset=preset, time_limit=time_limit, **extra)
    cases: tuple = ()
    if pack is not None:
        from puzzles import load_pack

        loaded = load_pack(pack)
        if loaded.game != game.name:
            raise TablecalcError(_("pack {pack} is for {game}, not {name}").format(pack=repr(pack), game=loaded.game, name=game.name))
        cases = loaded.playable
        if not cases:
            raise TablecalcError(_("pack {pack} has no case a drill can ask: its cases are commands, known bad "
                                   "input or situations under changed rule options").format(pack=repr(pack)))
    timed = the_drill.round_seconds is not None
    if count is None and not cases and not timed:
        count = 10
    if round_time is None and timed and count is None:
        round_time = the_drill.round_seconds
    opts = SessionOptions(count=count, round_time=round_time, seed=seed,
                          review=review if review is not None else seed is None, cases=cases,
                          intro=intro if intro is not None else not as_json)
    if as_json:
        io = JsonIO()
    elif sys.stdin.isatty() and sys.stdout.isatty():
        io = TerminalIO(the_drill)
    else:
        io = LineIO()
    with History.open(learner=learner) as history:
        play = getattr(the_drill, "play_session", None) or run_session  # a drill's own way to play (arith --mode zetamac)
        summary = play(the_drill, opts, io, history)
        _warn_damage(history)
    if summary.stopped == "interrupted":
        raise typer.Exit(interrupted_code())  # 130 for Ctrl-C, 143 for SIGTERM


# ---------------------------------------------------------------- progress


@app.command()
def stats(
    ctx: typer.Context,
    plot: Annotated[Optional[Path], typer.Option("--plot", help="Write a chart of your progress to FILE.png.")] = None,
    force: ForceOpt = False,
    drill: Annotated[Optional[str], typer.Option("--drill", "-d", help="Only this drill (a game's name or alias).")] = None,
    goal: Annotated[Optional[int], typer.Option(
        "--goal", help="Set the learner's daily goal: answers a day (0: no goal; 20 until set). Saved in the history.")] = None,
    learner: LearnerOpt = None,
    every_learner: Annotated[bool, typer.Option(
        "--class", help="Every learner side by side: answers, accuracy, streak, today against the goal, weakest family.")] = False,
    facts: Annotated[Optional[str], typer.Option(
        "--facts", help="The learner's grid of one kind of facts (add, sub, mul, div): fast, slow, missed or not yet seen.")] = None,
    due: Annotated[bool, typer.Option(
        "--due", help="What is due for review and when, and the puzzles suspended (with the references to suspend one).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Your progress: streak and daily goal, accuracy, speed and penalties per drill and level over time,
    the weakest fact families and puzzles; with --class, every learner side by side; with --facts, a fact grid."""
    from solver.i18n import _, ngettext
    from solver.registry import find_game
    from trainer.history import History, learner_name
    from trainer.chart import plot_stats
    from trainer.stats import compute_stats, render_stats

    if plot is not None and plot.suffix.lower() not in PLOT_SUFFIXES:
        raise TablecalcError(
            _("bad --plot {name}: expected a file name ending in {suffixes} (the chart's format)").format(
                name=repr(str(plot)), suffixes=", ".join(PLOT_SUFFIXES))
        )
    if every_learner:
        # a learner named on the command line clashes; one from TABLECALC_LEARNER does not
        typed = getattr(ctx.get_parameter_source("learner"), "name", None) == "COMMANDLINE"
        clash = [flag for flag, given in (("--learner", typed and learner is not None), ("--goal", goal is not None),
                                          ("--plot", plot is not None), ("--facts", facts is not None),
                                          ("--due", due)) if given]
        if clash:
            raise TablecalcError(_("--class shows every learner: leave out {options} (they are about one learner)").format(
                options=", ".join(clash)))
        learner = None
    if facts is not None and (plot is not None or drill is not None):
        raise TablecalcError(_("--facts shows one grid: leave out --plot and --drill"))
    if due and (plot is not None or facts is not None):
        raise TablecalcError(_("--due lists the reviews: leave out {flags}").format(
            flags=" ".join(f for f, given in (("--plot", plot is not None), ("--facts", facts is not None)) if given)))
    if learner is not None:
        learner = learner_name(learner)
    name = find_game(drill).name if drill is not None else None
    if goal is not None:
        with History.open(learner=learner) as history:
            history.set_daily_goal(goal)
    with History.open(read_only=True) as history:
        if every_learner:
            _class_stats(history, name, as_json)
            _warn_damage(history)
            return
        from trainer.classroom import known_learner

        history = history.for_learner(known_learner(history, learner))
        if facts is not None:
            _fact_grid(history, facts, as_json)
            _warn_damage(history)
            return
        if due:
            from trainer.reviews import due_list, render_due

            data = due_list(history, tz=None, drill=name)
            _warn_damage(history)
            emit_json(data) if as_json else render_due(data)
            return
        data = compute_stats(history, tz=None, drill=name)
        if plot is not None:
            plot_stats(history, plot, tz=None, drill=name, force=force)
        _warn_damage(history)
    if as_json:
        emit_json(data)
    else:
        if goal is not None:
            typer.echo(ngettext("Daily goal set to {n} answer a day.", "Daily goal set to {n} answers a day.", goal)
                       .format(n=goal) if goal else _("Daily goal turned off."))
        render_stats(data)
        if plot is not None:
            typer.echo(_("Chart written to {file}").format(file=plot))


def _class_stats(history, drill: str | None, as_json: bool) -> None:
    """``stats --class``: every learner side by side."""
    from datetime import datetime, timezone

    from trainer.classroom import class_overview, render_class

    now = datetime.now(timezone.utc)
    rows = class_overview(history, now=now, tz=None, drill=drill)
    if as_json:
        emit_json({"history": str(history.path), "drill": drill, "at": now.isoformat(), "learners": rows})
        return
    render_class(rows, str(history.path))


def _fact_grid(history, kind: str, as_json: bool) -> None:
    """``stats --facts KIND``: the learner's grid of one kind of facts."""
    from trainer.classroom import fact_matrix, render_fact_matrix

    matrix = fact_matrix(history, history.learner, kind.strip().lower())
    if as_json:
        emit_json(matrix.as_dict())
        return
    render_fact_matrix(matrix)


@app.command()
def worksheet(
    learner: LearnerOpt = None,
    count: Annotated[int, typer.Option("--count", "-n", help="Facts on the sheet (1 to 200).")] = 20,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Same seed, same sheet.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """A sheet to print of the learner's weakest facts, then its answer key; filled up from their weakest
    family (facts due for review, then new ones) when they have fewer weak facts."""
    import random

    from trainer.classroom import known_learner, render_worksheet, worksheet as make_sheet
    from trainer.history import History

    with History.open(read_only=True) as history:
        name = known_learner(history, learner)
        sheet = make_sheet(history, name, count, random.Random(seed))
        _warn_damage(history)
    if as_json:
        emit_json(sheet.as_dict())
        return
    typer.echo(render_worksheet(sheet), nl=False)


def _suspend(refs: list[str], learner: str | None, last: bool, as_json: bool, undo: bool) -> None:
    from trainer.history import History, learner_name, learner_option
    from trainer.reviews import suspend as change

    learner = learner_name(learner) if learner else None

    with History.open(learner=learner) as history:
        done = change(history, refs, last=last, undo=undo)
        name = history.learner
        _warn_damage(history)
    if as_json:
        emit_json({"learner": name, "suspended": not undo, "items": [d.as_dict() for d in done]})
        return
    who = learner_option(name)
    for d in done:
        if undo:
            line = _("Taken back {ref} ({puzzle}): it is asked again when due.") if d.changed else \
                _("{ref} ({puzzle}) was not suspended.")
        else:
            line = _("Suspended {ref} ({puzzle}): it is no longer asked; take it back with tablecalc unsuspend "
                     "{ref}{who}") if d.changed else _("{ref} ({puzzle}) was already suspended.")
        typer.echo(line.format(ref=d.ref, puzzle=d.label, who=who))


RefsArg = Annotated[Optional[list[str]], typer.Argument(
    help="The puzzles' references, as 'tablecalc stats --due' shows them (the first 4 characters or more).",
    show_default=False, metavar="REF")]
LastOpt = Annotated[bool, typer.Option("--last", help="The latest puzzle answered.")]


@app.command()
def suspend(refs: RefsArg = None, last: LastOpt = False, learner: LearnerOpt = None, as_json: JsonOpt = False) -> None:
    """Suspend puzzles you think are wrong: they are no longer asked nor due, and 'stats --due' lists them."""
    _suspend(refs or [], learner, last, as_json, undo=False)


@app.command()
def unsuspend(refs: RefsArg = None, last: LastOpt = False, learner: LearnerOpt = None,
              as_json: JsonOpt = False) -> None:
    """Take back suspended puzzles: they are asked again when due."""
    _suspend(refs or [], learner, last, as_json, undo=True)


@app.command()
def report(
    learner: LearnerOpt = None,
    pdf: Annotated[Optional[Path], typer.Option("--pdf", help="Write the report to FILE.pdf: one A4 page.")] = None,
    html: Annotated[Optional[Path], typer.Option(
        "--html", help="Write the report to FILE.html: a web page standing alone, one A4 page when printed.")] = None,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """A learner's report for a teacher: the grid of each kind of fact (fast, slow, missed, not yet seen), the
    weakest facts and puzzles, the streak and the progress chart; printed here, or written as a PDF or a web page."""
    from trainer.history import History
    from trainer.report import make_report, render_report, write_report

    if pdf is not None and html is not None:
        raise TablecalcError(_("give --pdf or --html, not both: a report is written to one file"))
    target, fmt = (pdf, "pdf") if pdf is not None else (html, "html")
    if target is not None and target.suffix.lower() != f".{fmt}":
        raise TablecalcError(_("bad --{fmt} {file}: expected a file name ending in .{fmt}").format(
            fmt=fmt, file=quoted(str(target), 200)))
    with History.open(read_only=True) as history:
        if target is None:
            made = make_report(history, learner, tz=None)
        else:
            note = write_report(history, learner, target, fmt, force=force, tz=None)
        _warn_damage(history)
    if target is None:
        if as_json:
            emit_json(made.as_dict())
        else:
            render_report(made)
        return
    if note:
        typer.echo(_("tablecalc: the report has no chart: {why}").format(why=note), err=True)
    typer.echo(_("Report written to {file}").format(file=target))


@app.command()
def serve(
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8765,
    lan: Annotated[bool, typer.Option(
        "--lan", help="Listen on the local network too (phones, a classroom): prints the address, its QR code and the join code.")] = False,
    browser: Annotated[bool, typer.Option("--browser/--no-browser", help="Open the page in this computer's browser.")] = True,
) -> None:
    """The table companion in a browser: settle disputes by tapping, play and follow games, drill, and a teacher's class page."""
    from trainer.web.serve import serve as run

    run(port, lan, browser and not lan)


PLOT_SUFFIXES = (".png", ".svg", ".pdf")
"""The chart formats ``stats --plot`` writes."""


def _warn_damage(history) -> None:
    """One line on stderr when damaged rows of the history were skipped."""
    note = history.damage_note()
    if note:
        typer.echo(_("tablecalc: warning: {note}").format(note=note), err=True)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
