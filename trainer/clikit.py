"""What every tablecalc sub-command shares: the error boundary, JSON output, exit codes,
and the commands every game gets the same way (``rules``).

Each game's sub-app (``trainer/games/<name>/cli.py``) imports from here, never from
``trainer.cli``, so the CLI can also run as ``python -m trainer.cli``.
"""

from __future__ import annotations

import errno
import functools
import inspect
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated, Optional

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError, NoSuchOption
from typer.core import TyperGroup
from typer.exceptions import Abort

from solver.errors import IllegalMove, SearchTooLarge, quoted
from solver.i18n import N_, _
from trainer import coercion, helptext, out
from trainer.options import ForceOpt, JsonOpt
from trainer.out import emit_json

coercion.install()  # plain options without importing pydantic (see trainer/coercion.py)
helptext.install()  # --help in the player's language (see trainer/helptext.py)
out.install()  # no control character typed or read reaches the terminal (see trainer/out.py)

__all__ = [
    "EXIT_ILLEGAL", "EXIT_BAD_INPUT", "EXIT_TOO_LARGE", "EXIT_INTERRUPTED", "EXIT_TERMINATED", "interrupted_code",
    "Group", "fail", "search_progress", "work_progress", "check_jobs", "JobsOpt", "DistinctOpt", "GamesGroup", "emit_json",
    "export_data", "ExportOpt", "ForceOpt", "JsonOpt", "preset_option", "choice_option", "add_rules_command",
    "GameApp", "answer_verdict", "HELP_OPTIONS",
]

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}
"""``-h`` is ``--help`` for every command: the context settings of every app (a command may be built
outside the root, in a test, and keeps the help option it was first given)."""

EXIT_ILLEGAL = 1
"""A referee command judged the play illegal."""
EXIT_BAD_INPUT = 2
"""The input could not be understood (one line on stderr says why)."""
EXIT_TOO_LARGE = 3
"""The question is understood but its search would take too long or too much memory."""
EXIT_INTERRUPTED = 130
"""Stopped by Ctrl-C (128 + SIGINT, as shells report it)."""
EXIT_TERMINATED = 143
"""Stopped by SIGTERM (128 + SIGTERM): what a shell reports for a process SIGTERM ends, so a script or
a service manager sees the code it always saw, while the stop itself is now as clean as Ctrl-C's."""


class Group(TyperGroup):
    """The one place where errors become a readable line and an exit code: the project's own
    (:class:`~solver.errors.TablecalcError` is a ``ValueError``; catching the base class also
    turns any bad input that slipped past a check into one line, not a traceback) and Click's
    usage errors (a missing or unknown option, a bad choice), which would otherwise be boxed
    panels. With ``--json`` anywhere on the command line, the error is a JSON object on
    stdout as well.
    """

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        words = list(sys.argv[1:] if args is None else args)
        token = _JSON_ERRORS.set("--json" in words[:words.index("--")] if "--" in words else "--json" in words)
        watching = None
        try:
            watching = _watch_interrupts()
            code = super().main(words, prog_name, complete_var, standalone_mode=False, **extra)
        except NoArgsIsHelpError as e:
            typer.echo(e.ctx.get_help())
            code = 0
        except ClickException as e:  # usage errors: one line, like the project's own
            fail(_usage_message(e, words), EXIT_BAD_INPUT, exit_now=False)
            code = EXIT_BAD_INPUT
        except (Abort, KeyboardInterrupt):  # end of input at a prompt, or Ctrl-C (SIGTERM) outside a command
            code = _stop_line(_("stopped (end of input or Ctrl-C)"))
        except RuntimeError as e:  # Ctrl-C or SIGTERM while a class was built (see _interrupted)
            if not _interrupted(e):
                raise
            code = _stop_line(_("stopped (Ctrl-C)"))
        finally:
            _JSON_ERRORS.reset(token)
            _unwatch_interrupts(watching)
        if _STOP["terminated"] or _STOP["lost"]:
            # the interrupt came where Python could not raise it (a finaliser, the end of an import),
            # where a command took it for its own stop, or where Typer turned it into a silent 130:
            # the run still ends as a stopped one, with its line
            if code not in (EXIT_BAD_INPUT, EXIT_TOO_LARGE, EXIT_TERMINATED) and not (
                    code == EXIT_INTERRUPTED and not _STOP["terminated"]):
                code = _stop_line(_("stopped (Ctrl-C)"))
        # CPython marks a KeyboardInterrupt raised inside text run by exec() (a dataclass being built
        # while a module is imported) as unhandled even once it was handled, and would end the
        # process by SIGINT at exit instead of with this code; a clean exec() clears the mark.
        exec("None")
        sys.exit(code if isinstance(code, int) else 0)

    def make_context(self, info_name, args, parent=None, **extra):
        """The command line read into a context; a Ctrl-C or SIGTERM meanwhile is an ``Abort`` (one
        line), not the silent exit 130 Typer would make of it."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:
            raise Abort() from None
        except RuntimeError as e:
            if _interrupted(e):
                raise Abort() from None
            raise

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except SearchTooLarge as e:
            fail(str(e), EXIT_TOO_LARGE)
        except KeyboardInterrupt:
            _stopped()
        except RuntimeError as e:
            if not _interrupted(e):
                raise
            _stopped()
        except IllegalMove as e:  # a game's state refused a move: its verdict, worded by the game
            fail(explain_illegal(e))
        except ValueError as e:  # TablecalcError, and any input the checks let through
            fail(str(e))
        except RecursionError:  # a safety net: the parsers bound nesting before this can happen
            fail(_("the input is nested too deeply to read"))
        except OSError as e:  # a path the system refuses (too long, a directory...): one line, not a traceback
            if e.errno == errno.EPIPE:
                raise
            where = f" {quoted(str(e.filename))}" if e.filename else ""
            fail(_("cannot use the file{where}: {why}").format(where=where, why=e.strerror or e))


_STOP = {"terminated": False, "lost": False}
"""What stopped the command being run: a SIGTERM (handled as Ctrl-C is), and whether a Ctrl-C or a
SIGTERM was lost where Python cannot raise it (reported by ``sys.unraisablehook``)."""


def _on_sigterm(signum, frame) -> None:
    """SIGTERM (a service manager, ``kill``, a closing session) is handled as Ctrl-C: the same
    ``KeyboardInterrupt`` at the same clean points (a SIGINT held back is delivered later; worker
    processes are ended by whoever catches it), then one line and :data:`EXIT_TERMINATED`. A
    second SIGTERM ends the process at once."""
    import signal

    _STOP["terminated"] = True
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if callable(signal.getsignal(signal.SIGINT)):
        signal.raise_signal(signal.SIGINT)  # delivered as Ctrl-C, when and where Ctrl-C would be
    else:  # SIGINT ignored for a moment: stop here
        raise KeyboardInterrupt


def _watch_interrupts():
    """While a command runs: SIGTERM handled as Ctrl-C, and an interrupt Python could not raise
    (in a finaliser) noted instead of printed. What to restore after."""
    import signal

    _STOP.update(terminated=False, lost=False)
    hook = sys.unraisablehook

    def unraisable(report) -> None:
        if isinstance(report.exc_value, KeyboardInterrupt):
            _STOP["lost"] = True
            return
        hook(report)

    sys.unraisablehook = unraisable
    try:
        return hook, signal.signal(signal.SIGTERM, _on_sigterm)
    except (ValueError, OSError):  # not the main thread: signals are not ours to change
        return hook, None


def _unwatch_interrupts(watching) -> None:
    import signal

    if watching is None:
        return
    hook, previous = watching
    sys.unraisablehook = hook
    if previous is not None:
        try:
            signal.signal(signal.SIGTERM, previous)
        except (ValueError, OSError):
            pass


def _stop_line(ctrl_c: str) -> int:
    """Print the one line of a run stopped by SIGTERM (or, worded ``ctrl_c``, by Ctrl-C); its exit code."""
    code = interrupted_code()
    fail(_("stopped (SIGTERM)") if code == EXIT_TERMINATED else ctrl_c, code, exit_now=False)
    return code


def _interrupted(e: BaseException) -> bool:
    """Whether ``e`` stands for a Ctrl-C or a SIGTERM: Python 3.11 wraps a ``KeyboardInterrupt``
    raised while a class is being built (``__set_name__``: a dataclass's fields, as a module is
    imported) in a plain RuntimeError caused by it. (Click's ``Exit`` and ``Abort`` are
    RuntimeErrors too, and are never taken for one.)"""
    while type(e) is RuntimeError:
        e = e.__cause__
    return isinstance(e, KeyboardInterrupt)


def _stopped():
    """The one line and exit code of a command stopped by Ctrl-C or SIGTERM."""
    if interrupted_code() == EXIT_TERMINATED:
        fail(_("stopped (SIGTERM): nothing was saved from this command"), EXIT_TERMINATED)
    fail(_("interrupted (Ctrl-C): nothing was saved from this command"), EXIT_INTERRUPTED)


def interrupted_code() -> int:
    """The exit code of a command stopped by a ``KeyboardInterrupt``: :data:`EXIT_TERMINATED` when a
    SIGTERM caused it, else :data:`EXIT_INTERRUPTED` (Ctrl-C)."""
    return EXIT_TERMINATED if _STOP["terminated"] else EXIT_INTERRUPTED


def explain_illegal(e: IllegalMove) -> str:
    """An illegal move's error line: the move and the game's own words for its verdict."""
    from solver.registry import find_game
    from solver.rulebook import explained

    if e.verdict is None:
        return str(e)
    return f"{e}: {explained(find_game(e.game), e.verdict)}"


ERROR_LIMIT = 400
"""The longest error line printed (the messages quote bounded excerpts; this is a safety net)."""


_JSON_ERRORS: ContextVar[bool] = ContextVar("json_errors", default=False)
"""Whether the command line being run asked for ``--json`` (errors are then JSON objects too)."""


def fail(message: str, code: int = EXIT_BAD_INPUT, *, exit_now: bool = True):
    """Print ``tablecalc: error: MESSAGE`` as one bounded line on stderr (and, under ``--json``,
    ``{"error": MESSAGE, "exit_code": CODE}`` on stdout) and exit with ``code``."""
    line = " ".join(message.split())
    if len(line) > ERROR_LIMIT:
        line = line[:ERROR_LIMIT] + "…"
    if _JSON_ERRORS.get():
        emit_json({"error": line, "exit_code": code})
    typer.echo(f"tablecalc: error: {line}", err=True)
    if exit_now:
        raise typer.Exit(code)


def _usage_message(e: ClickException, words: list[str] | None = None) -> str:
    """Click's message for a usage error, in the player's language, with where to look (and the
    ``--`` for a calculation that starts with a minus, which reads as an option; the quotes a hand
    typed as several words needs): :func:`trainer.usage.usage_message`."""
    from trainer.usage import usage_message

    return usage_message(e, words)


class GamesGroup(Group):
    """A group with one sub-command per registered game, found by the game's name or an alias and
    built only when it is asked for (the other games are never imported): a subclass says what
    that command is, in :meth:`game_command`."""

    def game_command(self, game, command: str | None = None):  # pragma: no cover - each subclass's
        """The game's command group; ``command``, the word after the game's name on the command
        line, lets a subclass build only that command (the others are not needed to run it)."""
        raise NotImplementedError

    def resolve_command(self, ctx, args):
        self._next_word = args[1] if len(args) > 1 else None
        try:
            return super().resolve_command(ctx, args)
        finally:
            self.__dict__.pop("_next_word", None)

    def list_commands(self, ctx):
        from solver.registry import game_names

        return [*super().list_commands(ctx), *(n for n in game_names() if n not in self.commands)]

    def get_command(self, ctx, cmd_name):
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        from solver.errors import TablecalcError
        from solver.registry import find_game

        try:
            game = find_game(cmd_name)
        except TablecalcError:
            return None
        return self.game_command(game, self.__dict__.pop("_next_word", None))  # once: never stale for a later call


@contextmanager
def _progress_bar(label: str, columns, show_rate: bool = False):
    """A callback ``progress(done, total)`` drawing rich's progress bar on stderr with ``columns``
    (made from ``rich.progress``) between the bar and "(Ctrl-C stops)", when stderr is a terminal;
    ``None`` otherwise, so pipes and tests see nothing. ``show_rate`` fills the ``rate`` field."""
    if not sys.stderr.isatty():
        yield None
        return
    import rich.progress as rp

    with rp.Progress(rp.TextColumn(label), rp.BarColumn(), *columns(rp), rp.TextColumn("(Ctrl-C stops)"),
                     console=out.console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None, rate="")

        def progress(done: int, total: int) -> None:
            speed = bar.tasks[0].speed if show_rate else None
            bar.update(task, completed=done, total=total, rate=f"{speed:,.0f}/s" if speed else "")

        yield progress


def search_progress(label: str):
    """:func:`_progress_bar` for one long search against its budget: the share of the budget
    spent and the time elapsed."""
    return _progress_bar(label, lambda rp: (rp.TextColumn("{task.percentage:>3.0f}% of the budget"),
                                             rp.TimeElapsedColumn()))


def choice_option(*flags: str, choices, help: str, required: bool = False, aliases=None, **extra):
    """An option whose value is one of ``choices`` (names, or a :class:`enum.StrEnum`): its
    metavar lists them (``[chain|tree]``, so ``--help`` shows them), shell completion offers
    them, and any other value is refused in one line with the nearest choice. The value is
    the choice's name as text, in lower case; ``None`` when the option is not given.
    ``aliases`` maps other accepted words to a choice (``horaire`` → ``cw``).
    ``extra`` goes to :func:`typer.Option` (``is_eager=True``...).

    >>> import enum
    >>> class Order(enum.StrEnum):
    ...     CHAIN = "chain"
    ...     TREE = "tree"
    >>> option = choice_option("--order", choices=Order, help="Left to right or any brackets.").__metadata__[0]
    >>> option.metavar, option.callback(None, None, "Tree")
    ('[chain|tree]', 'tree')
    >>> option.callback(None, None, "chian")
    Traceback (most recent call last):
    ...
    typer._click.exceptions.BadParameter: 'chian' is not one of chain, tree (did you mean 'chain'?)
    """
    from typer._click.exceptions import BadParameter

    names = [str(getattr(c, "value", c)) for c in choices]

    def check(ctx, param, value):
        if value is None:
            return None
        word = value.strip().lower()
        word = (aliases or {}).get(word, word)
        if word in names:
            return word
        from solver.parsing import did_you_mean

        raise BadParameter(_("{value} is not one of {choices}").format(value=quoted(value), choices=", ".join(names))
                           + did_you_mean(word, names))

    def complete(incomplete: str):
        return [n for n in names if n.startswith(incomplete.lower())]

    return Annotated[str if required else Optional[str], typer.Option(
        *flags, metavar=f"[{'|'.join(names)}]", autocompletion=complete, callback=check, help=help, **extra)]


def preset_option(game_name: str, *, optional: bool = False):
    """The ``--preset/-p`` option of a game's commands: its help and metavar list the game's
    presets (``[beginner|basic|parentheses]``) and shell completion offers them; the value is
    read by the game (any case, aliases, "did you mean").

    >>> import typer
    >>> option = preset_option("nambarz").__metadata__[0]
    >>> option.metavar
    '[beginner|basic|parentheses|confirmed|experienced]'
    """
    from solver.registry import find_game

    game = find_game(game_name)
    names = list(game.presets)

    def complete(incomplete: str):
        return [n for n in names if n.startswith(incomplete.lower())]

    return Annotated[Optional[str] if optional else str, typer.Option(
        "--preset", "-p", metavar=f"[{'|'.join(names)}]", autocompletion=complete,
        help=helptext.help_text(N_("The rules: {names} (default {default}); see 'tablecalc {game} rules'."),
                                names=", ".join(names), default=game.default_preset, game=game_name),
    )]


ExportOpt = Annotated[
    Optional[Path],
    typer.Option("--export", help="Write the built-in data file to FILE, to edit and pass back (an existing FILE only with --force)."),
]
def export_data(text: str, path: Path, what: str, option: str = "--deck", *, force: bool = False) -> None:
    """Write a built-in data file (``text``) to ``path`` for a player to edit and pass back with
    ``option``; an existing file only with ``force`` (see :func:`solver.files.write_file`)."""
    from solver.files import write_file

    words = {"deck": (_("the deck file"), _("Wrote the built-in deck to {path}: edit it, then pass it back with {option} {path}")),
             "tiles": (_("the tiles file"), _("Wrote the built-in tiles to {path}: edit it, then pass it back with {option} {path}"))}
    the_file, wrote = words[what]
    write_file(path, text, the_file, force=force)
    typer.echo(wrote.format(path=path, option=option))


def work_progress(label: str):
    """:func:`_progress_bar` for many items worked through: done/total, rate and time left."""
    return _progress_bar(label, lambda rp: (rp.MofNCompleteColumn(), rp.TextColumn("{task.fields[rate]}"),
                                             rp.TimeRemainingColumn()), show_rate=True)


MAX_JOBS = 64
"""The most worker processes ``--jobs`` starts."""


def check_jobs(jobs: int | None) -> int:
    """``--jobs`` as a number of processes: the machine's cores when not given; 0, negative or
    more than :data:`MAX_JOBS` refused."""
    import os

    if jobs is None:
        return max(1, min(os.cpu_count() or 1, MAX_JOBS))
    if not 1 <= jobs <= MAX_JOBS:
        from solver.errors import TablecalcError

        raise TablecalcError(_("bad --jobs {jobs}: expected 1 to {most} worker processes").format(jobs=jobs, most=MAX_JOBS))
    return jobs


JobsOpt = Annotated[
    Optional[int], typer.Option("--jobs", "-j", help="Worker processes (default: the machine's cores).")
]
DistinctOpt = choice_option(
    "--distinct", choices=("commutative", "algebraic"),
    help="How calculations are told apart: commutative (any order and brackets; the default, and the fastest) "
         "or algebraic (also ×1 = ÷1 and +0 = -0, as 4nums.com counts distinct solutions): one per class, with its size.")
"""``solver.distinct.Distinct``'s choices, for every command that lists calculations."""
EngineOpt = Annotated[
    str, typer.Option("--engine", help="auto, compiled (needs Numba, the 'fast' extra) or pure (Python and NumPy, "
                                       "the reference); auto compiles where Numba is installed and it pays.")
]


def add_rules_command(app: typer.Typer, game_name: str) -> None:
    """Give a game's sub-app its ``rules`` command: every preset in words, then every rule option
    with its command-line flag, its values and its meaning, all read from the game's declaration
    (:class:`solver.rules.BaseRules`); with ``--json``, each preset's options as data. With
    ``--clauses`` the game's rule book (:mod:`solver.rulebook`); with ``--clause ID`` one clause
    and the values of its options under the rules chosen (``--preset`` and the rule options)."""

    @app.command("rules")
    @functools.partial(_with_rules, game_name, data=False)
    def rules(
        clauses: Annotated[bool, typer.Option("--clauses", help="Print the rule book: every rule as a numbered clause.")] = False,
        clause: Annotated[Optional[str], typer.Option("--clause", metavar="ID", help="Print one clause of the rule book (e.g. 3.2) with its options' values.")] = None,
        as_json: JsonOpt = False, *, rules=None,
    ) -> None:
        """List the presets, their options, and what each option means."""
        from solver.i18n import _
        from solver.registry import find_game
        from solver.rulebook import rule_book
        from trainer.rulebook import book_text, clause_data, clause_text

        game = find_game(game_name)
        if clause is not None:
            book = rule_book(game)
            chosen = book.clause(clause)
            chosen_rules = rules or game.rules()
            if as_json:
                emit_json(clause_data(game, chosen, chosen_rules))
            else:
                typer.echo("\n".join(clause_text(game, chosen, chosen_rules)))
            return
        if clauses:
            book = rule_book(game)
            if as_json:
                emit_json(book.as_dict())
            else:
                typer.echo("\n".join(book_text(game, book)).rstrip())
            return
        presets = game.presets
        if as_json:
            emit_json({name: r.as_dict() for name, r in presets.items()})
            return
        typer.echo(_("Presets:"))
        for r in presets.values():
            typer.echo(f"  {r.describe()}")
        meanings = {}
        default = game.rules()
        for spec in game.Rules.options():
            value = getattr(default, spec.name)
            if spec.kind == "flag":
                name, shown = spec.flags, _("yes") if value else _("no")
            else:
                values = "|".join(spec.choices) if spec.choices else {"whole": "N"}.get(spec.kind, "TEXT")
                name, shown = f"{spec.flags} [{values}]", spec.text(value)
            meanings[name] = _("{meaning} Default: {value}.").format(meaning=_(spec.decl.meaning), value=shown)
        if meanings:
            typer.echo(_("Options (each preset's values: --json):"))
            width = max(map(len, meanings))
            for name, meaning in meanings.items():
                typer.echo(f"  {name:<{width}}  {meaning}")


# ---------------------------------------------------------------- a game's commands


RULES_PANEL = N_("Rule options")
"""The help panel that lists a command's rule options."""


class GameApp(typer.Typer):
    """A game's ``tablecalc GAME`` sub-app: the error boundary, the ``rules`` command, and commands
    whose rule options come from the game's declaration.

    A command whose function takes a keyword-only ``rules`` gets ``--preset`` and one option per
    declared rule option (``trainer`` never lists them by hand), and is called with the rules they
    choose (a ``rules`` that defaults to ``None`` gets ``None`` when none of them is typed: the
    command takes its rules from elsewhere, a log's first line); one that also takes ``data`` gets
    the game's data-file option (``--deck``) and the loaded data. ``aliases`` are old names kept, hidden, for one release: typing one works, with a
    note on stderr naming the new command.
    """

    def __init__(self, game: str, *, help: str):
        super().__init__(cls=Group, no_args_is_help=True, help=help, context_settings=HELP_OPTIONS)
        self.game = game
        add_rules_command(self, game)
        from solver.registry import find_game

        if find_game(game).plays_whole():  # referee, simulate, analyse, play, follow: written once
            from trainer.whole import add_whole_commands

            add_whole_commands(self, game)

    def command(self, name: str | None = None, *, aliases: tuple[str, ...] = (), **options):
        register = super().command

        def decorate(fn):
            wanted = inspect.signature(fn).parameters
            command = _with_rules(self.game, fn, data="data" in wanted) if "rules" in wanted else fn
            register(name, **options)(command)
            for alias in aliases:
                register(alias, hidden=True, **options)(_renamed(command, self.game, alias, name or fn.__name__))
            return fn

        return decorate


def _renamed(command, game: str, old: str, new: str):
    """``command`` under its old name: the same, with one line on stderr saying its new name."""
    import functools

    @functools.wraps(command)
    def run(**kwargs):
        from solver.i18n import _

        typer.echo(_("tablecalc: note: '{game} {old}' is now '{game} {new}'; the old name goes in the next release.")
                   .format(game=game, old=old, new=new), err=True)
        return command(**kwargs)

    return run


def _rule_parameters(game) -> list[inspect.Parameter]:
    """``--preset`` and one option per rule option of ``game``'s declaration (named ``rule_<name>``,
    so that no command's own parameter is shadowed), in the declaration's order."""
    keyword = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("preset", keyword, default=None, annotation=preset_option(game.name, optional=True))]
    for spec in game.Rules.options():
        panel = {"rich_help_panel": RULES_PANEL}
        if spec.kind == "choice" or spec.decl.values is not None and spec.kind == "text":
            annotation = choice_option(spec.flags, choices=spec.choices, help=spec.decl.meaning,
                                       aliases=spec.decl.aliases, **panel)
        elif spec.kind == "flag":
            annotation = Annotated[Optional[bool], typer.Option(spec.flags, help=spec.decl.meaning, **panel)]
        elif spec.kind == "whole":
            annotation = Annotated[Optional[int], typer.Option(spec.flags, help=spec.decl.meaning, **panel)]
        else:
            annotation = Annotated[Optional[str], typer.Option(spec.flags, help=spec.decl.meaning, **panel)]
        params.append(inspect.Parameter(f"rule_{spec.name}", keyword, default=None, annotation=annotation))
        for i, flag in enumerate(spec.decl.shorthands):
            params.append(inspect.Parameter(
                f"rule_{spec.name}__{i}", keyword, default=False,
                annotation=Annotated[bool, typer.Option(flag, hidden=True, help=spec.decl.meaning)]))
    return params


def _with_rules(game_name: str, fn, *, data: bool):
    """``fn`` as a command whose rule options (and data file) are options of its own: the
    generated parameters are read, the rules and data built, and ``fn`` called with them."""
    import functools

    from solver.registry import find_game

    import typing

    game = find_game(game_name)
    specs = game.Rules.options()
    optional = inspect.signature(fn).parameters["rules"].default is None
    hints = typing.get_type_hints(fn, include_extras=True)  # the command's own annotations, resolved where it was written
    own = [p.replace(annotation=hints.get(p.name, p.annotation))
           for p in inspect.signature(fn).parameters.values() if p.name not in ("rules", "data")]
    extra = _rule_parameters(game)
    if data and game.data_option is not None:
        extra.append(inspect.Parameter("data_file", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Annotated[
            Optional[Path], typer.Option(game.data_option.flag, help=game.data_option.help)]))

    @functools.wraps(fn)
    def command(**kwargs):
        preset = kwargs.pop("preset")
        chosen = {}
        for spec in specs:
            value = kwargs.pop(f"rule_{spec.name}")
            for i, (flag, meant) in enumerate(spec.decl.shorthands.items()):
                if kwargs.pop(f"rule_{spec.name}__{i}"):
                    if value is not None and spec.read(value) != spec.read(meant):
                        from solver.errors import TablecalcError

                        raise TablecalcError(_("{flag} and {option} {value} disagree: give one of them").format(
                            flag=flag, option=spec.flags.split("/")[0], value=value))
                    value = meant
            chosen[spec.name] = value
        typed = preset is not None or any(value is not None for value in chosen.values())
        rules = game.rules(preset, **chosen) if typed or not optional else None
        if data:
            kwargs["data"] = game.load_data(rules or game.rules(), kwargs.pop("data_file", None))
        return fn(**kwargs, rules=rules)

    command.__signature__ = inspect.Signature([*own, *extra])  # type: ignore[attr-defined]
    return command


def answer_verdict(game, verdict, as_json: bool, *, rules=None, show=None, data=None, show_cites: bool = False) -> None:
    """How every ``judge`` command answers: with ``--json``, the verdict's data (``data``: the
    command's own dict of it, by default ``verdict.as_dict()``) with its ``explanation``; else
    ``show(verdict)`` (the game's own drawing) or a head line — LEGAL, or NOT LEGAL and the codes —
    and the explanation. The explanation cites the rule-book clauses it applies (those an illegal
    play broke, those a legal one was judged against) and the options (``rules``) it assumed: on a
    line after ``show``'s drawing unless ``show_cites`` says the drawing cites them itself. Then exit 1
    when the play is illegal."""
    from solver.i18n import _
    from solver.rulebook import citation, explained

    if as_json:
        emit_json({**(data if data is not None else verdict.as_dict()), "explanation": explained(game, verdict, rules)})
    elif show is not None:
        show(verdict)
        cited = citation(game, verdict.clauses, rules if rules is not None else getattr(verdict, "rules", None))
        if cited and not show_cites:
            typer.echo(cited)
    else:
        typer.echo(_("LEGAL") if verdict.legal else _("NOT LEGAL") + f"  ({', '.join(map(str, verdict.violations))})")
        typer.echo(explained(game, verdict, rules))
    if not verdict.legal:
        raise typer.Exit(EXIT_ILLEGAL)
