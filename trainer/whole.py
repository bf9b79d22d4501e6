"""Every game played whole, on the command line, written once: ``tablecalc GAME referee|simulate|
analyse|play|follow`` for every game whose ``GAME.new_match`` gives a match (:mod:`solver.whole`).
:class:`trainer.clikit.GameApp` adds these commands to such a game's sub-app; the game writes none
of them. The loops read plain lines, so they work in a terminal and over a pipe alike.

At the prompts of ``play`` and ``follow`` a few words are commands, in English, French or Dutch
(:data:`WORDS`): ``hint`` (``indice``, ``tip``), ``undo`` (``annuler``, ``ongedaan``), ``save FILE``
(``sauver``, ``bewaar``), ``quit`` (``quitter``, ``stoppen``) and ``help`` (``aide``, ``hulp``).
"""

from __future__ import annotations

import os
import random
import time
from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError, quoted
from solver.i18n import _, ngettext
from solver.rulebook import explained
from trainer.options import ForceOpt, JsonOpt
from trainer.out import emit_json

__all__ = ["add_whole_commands", "WORDS", "command_word"]

WORDS = {
    "hint": "hint", "indice": "hint", "tip": "hint", "?": "hint",
    "undo": "undo", "annuler": "undo", "ongedaan": "undo", "terug": "undo",
    "save": "save", "sauver": "save", "enregistrer": "save", "bewaar": "save", "opslaan": "save",
    "quit": "quit", "quitter": "quit", "stop": "quit", "stoppen": "quit",
    "help": "help", "aide": "help", "hulp": "help",
}
"""The words that are commands at a play or follow prompt, and what they mean."""

LogArg = Annotated[str, typer.Argument(help="The game log (JSON lines; see docs/game-logs.md), or - for standard input.")]
SeedOpt = Annotated[Optional[int], typer.Option("--seed", "-s", help="Random seed (same seed, same game).")]
PlayersOpt = Annotated[Optional[str], typer.Option(
    "--players", help="How many players, or their names separated by commas (\"Ann,Bob,Cid\").")]
BotOpt = Annotated[Optional[list[str]], typer.Option(
    "--bot", help="The bots' kind: one for every bot, or one per seat (repeat the option); see the game's docs.")]
SecondsOpt = Annotated[Optional[float], typer.Option(
    "--seconds", help="A clock: a move typed after this many seconds is a turn over time, with the rules' penalty "
                      "(for a game whose rules time a turn).")]


def command_word(text: str) -> tuple[str | None, str]:
    """The command a line starts with (``None``: it is a move) and the rest of the line.

    >>> command_word("sauver partie.jsonl"), command_word("3"), command_word("Tip")
    (('save', 'partie.jsonl'), (None, '3'), ('hint', ''))
    """
    word, _, rest = text.strip().partition(" ")
    meant = WORDS.get(word.lower())
    return (meant, rest.strip()) if meant else (None, text.strip())


def _names(players: str | None, default: int) -> tuple[str, ...]:
    from solver.whole.simulate import check_players
    from solver.whole.table import names_of

    if players is None or players.strip().isdigit():
        n = int(players) if players is not None else default
        if not 1 <= n <= 12:
            raise TablecalcError(_("bad --players {n}: expected 1 to 12 players, or their names").format(n=n))
        return names_of(n)
    return check_players([p for p in players.split(",")], 1, 12)


def _read(game, log: str):
    """The log at ``log`` (``-``: standard input): JSON lines, the game's own plain record, or a log an
    older tablecalc wrote (``BaseGame.older_log``)."""
    from solver.gamelog import read_log
    from solver.whole.log import read

    text, source = read_log(log)
    if not text.lstrip().startswith("{"):
        plain = game.plain_record(text, source)
        if plain is not None:
            return plain
    try:
        return read(text, source)
    except TablecalcError:
        older = game.older_log(text, source)  # a log an older tablecalc wrote: still read
        if older is None:
            raise
        return older


def _plain(value) -> str:
    """A value of a log line as compact text (a list of payments, a board)."""
    import json

    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _check_log(path: str | None, force: bool) -> None:
    """Refuse, before a game is played, a --log FILE that would not be written (:mod:`solver.files`)."""
    if path is not None:
        from solver.gamelog import check_log_target

        check_log_target(path, force=force)


def _save(path: str, lines, force: bool = False) -> None:
    """Write a game's log atomically, over an existing file only with ``force``; never over the history
    or the tables (:func:`solver.gamelog.write_log`)."""
    from solver.gamelog import write_log

    write_log(path, lines, force=force)


def _standing(match) -> None:
    """The places when the scores alone do not tell them (``Match.standing()``, when the game has any)."""
    for line in getattr(match, "standing", tuple)():
        typer.echo(line)


def _advise(match) -> None:
    """What the game's rules advise this table (``Match.advice()``, when the game has any), on standard error."""
    for line in getattr(match, "advice", tuple)():
        typer.echo(line, err=True)


def add_whole_commands(app, game_name: str) -> None:
    """Give ``app`` (a game's :class:`trainer.clikit.GameApp`) the commands of a game played whole."""

    @app.command("referee")
    def referee(log: LogArg, as_json: JsonOpt = False) -> None:
        """Judge every move of a recorded game; after an illegal move the rules' penalty is applied and every later move is judged from there (exit 1 when a move is illegal)."""
        from solver.registry import find_game
        from solver.whole.referee import referee as do_referee

        game = find_game(game_name)
        report = do_referee(game, _read(game, log))
        if as_json:
            out = report.as_dict()
            for row, judged in zip(out["illegal"], report.illegal):
                row["explanation"] = explained(game, judged.verdict, report.judged_under)
            if out["first_illegal"] is not None:
                out["first_illegal"] = out["illegal"][0]
            emit_json(out)
        else:
            typer.echo(ngettext("{n} move judged", "{n} moves judged", report.judged).format(n=report.judged) + ", "
                       + ngettext("{n} illegal", "{n} illegal", len(report.illegal)).format(n=len(report.illegal)) + ".")
            for m in report.illegal:
                typer.echo(_("Line {line} (round {round}), {player} plays {move}: {why}").format(
                    line=m.line, round=m.round, player=m.player, move=game.say_move(m.move),
                    why=explained(game, m.verdict, report.judged_under)))
            for line, theirs, ours in report.disagreements:
                typer.echo(_("Line {line}: the log's scores {theirs} are not the referee's {ours}.").format(
                    line=line, theirs=" ".join(f"{x:g}" for x in theirs), ours=" ".join(f"{x:g}" for x in ours)))
            for line, key, theirs, ours in report.end_differences:
                typer.echo(_("Line {line}: the log writes {key} = {theirs}; the referee finds {ours}.").format(
                    line=line, key=key, theirs=_plain(theirs), ours=_plain(ours)))
            typer.echo(_("Scores: {scores}").format(
                scores=", ".join(f"{n} {s:g}" for n, s in zip(report.players, report.scores))))
        if not report.legal:
            raise typer.Exit(1)

    @app.command("simulate")
    def simulate(players: PlayersOpt = None,
                 rounds: Annotated[int, typer.Option("--rounds", help="Rounds to play (fewer if the game ends first).")] = 1,
                 seed: SeedOpt = None, bot: BotOpt = None,
                 log: Annotated[Optional[str], typer.Option("--log", help="Write the game as a log to FILE (JSON lines).")] = None,
                 force: ForceOpt = False, *, rules, data, as_json: JsonOpt = False) -> None:
        """Seeded games between bots, every move judged by the referee; the same seed plays the same game."""
        from solver.registry import find_game
        from solver.whole.simulate import simulate as do_simulate
        from solver.whole.table import fewest_players

        game = find_game(game_name)
        names = _names(players, fewest_players(game, rules, data))
        _check_log(log, force)
        _advise(game.new_match(names, rules, data))
        played = do_simulate(game, rules, data, names, rounds=rounds,
                             seed=seed if seed is not None else random.randrange(2 ** 31), bots=tuple(bot or ()))
        if log is not None:
            _save(log, played.log_lines(), force)
        if as_json:
            emit_json(played.as_dict())
            return
        for k, r in enumerate(played.rounds, 1):
            typer.echo(ngettext("Round {k}: {n} move; scores {scores}", "Round {k}: {n} moves; scores {scores}",
                                len(r.moves)).format(
                k=k, n=len(r.moves), scores=", ".join(f"{n} {s:g}" for n, s in zip(played.names, r.scores))))
        _standing(played.match)
        typer.echo(_("Seed {seed}, bots {bots}.").format(seed=played.seed, bots=", ".join(played.bots)))

    @app.command("analyse")
    def analyse(log: LogArg, as_json: JsonOpt = False) -> None:
        """Every move of a recorded game against the best the solver finds: what it lost, in the game's unit, labelled inaccuracy, mistake or blunder; a summary per player."""
        from solver.registry import find_game
        from solver.whole.analyse import analyse as do_analyse

        game = find_game(game_name)
        a = do_analyse(game, _read(game, log))
        if as_json:
            emit_json(a.as_dict())
            return
        for m in a.moves:
            if not m.legal:
                typer.echo(_("Line {line}: {player} {move}: illegal (see 'referee').").format(
                    line=m.line, player=m.player, move=game.say_move(m.move)))
            elif m.label is not None:
                typer.echo(_("Line {line}: {player} {move}: {label} (loss in {unit}: {loss:g}); best {best}{estimate}").format(
                    line=m.line, player=m.player, move=game.say_move(m.move), label=_(m.label), loss=m.loss,
                    unit=_(a.unit), best=" / ".join(map(game.say_move, m.best)), estimate="" if m.exact else _(" (an estimate)")))
        for name, row in a.summary().items():
            moves = ngettext("{n} move", "{n} moves", row["moves"]).format(n=row["moves"])
            typer.echo(_("{player}: {moves}, loss in {unit}: {loss:g}; inaccuracies: {inaccuracy}, mistakes: "
                         "{mistake}, blunders: {blunder}, illegal: {illegal}").format(
                player=name, unit=_(a.unit), **{**row, "moves": moves}))  # a count after a label: no plural to agree

    @app.command("play")
    def play(players: PlayersOpt = None,
             humans: Annotated[int, typer.Option("--humans", help="How many of the players are people (the first ones); the others are bots.")] = 1,
             bot: BotOpt = None, seed: SeedOpt = None,
             rounds: Annotated[int, typer.Option("--rounds", help="Rounds to play.")] = 1,
             deal: Annotated[Optional[str], typer.Option("--deal", help="Start the first round here, in the game's notation (default: dealt from --seed).")] = None,
             seconds: SecondsOpt = None, *, rules, data) -> None:
        """A game against the computer (or between people at one screen), every move refereed: type a move, or hint, undo, save FILE, quit (indice, annuler, sauver, quitter; tip, ongedaan, bewaar, stoppen)."""
        from solver.registry import find_game
        from solver.whole.table import fewest_players

        game = find_game(game_name)
        names = _names(players, fewest_players(game, rules, data))
        if not 1 <= humans <= len(names):
            raise TablecalcError(_("bad --humans {humans}: expected 1 to {names}").format(humans=humans, names=len(names)))
        table = _Table(game, rules, data, names, set(range(humans)), bot, seed, seconds)
        _advise(table.match)
        table.play(rounds, deal)

    @app.command("follow")
    def follow(players: PlayersOpt = None,
               deal: Annotated[Optional[str], typer.Option("--deal", help="The round's start, in the game's notation (default: dealt from --seed).")] = None,
               seed: SeedOpt = None,
               log: Annotated[Optional[str], typer.Option("--log", help="Write the game so far to FILE when it ends.")] = None,
               force: ForceOpt = False, seconds: SecondsOpt = None, *, rules, data) -> None:
        """Follow a real game at the table: type each move as it happens (NAME: MOVE, or MOVE for the player to move), get the referee's verdict on each; undo, save FILE, quit."""
        from solver.registry import find_game
        from solver.whole.table import fewest_players

        game = find_game(game_name)
        _check_log(log, force)
        table = _Table(game, rules, data, _names(players, fewest_players(game, rules, data)), set(), None,
                       seed, seconds, follow=True)
        table.follow(deal)
        if log is not None:
            _save(log, table.log_lines(), force)


class _Table:
    """The terminal's side of a table (:class:`solver.whole.table.Table`: the match, the round, its
    history and its log): the prompts, the commands typed at them, what is shown, and the clock."""

    def __init__(self, game, rules, data, names, humans: set[int], bots, seed, seconds: float | None = None,
                 follow: bool = False):
        from solver.whole.table import Table

        self.table = Table(game, rules, data, names, humans, bots, seed, follow=follow)
        self.game, self.humans, self.match = game, self.table.humans, self.table.match
        if seconds is not None:
            from trainer.drills import check_seconds

            check_seconds(seconds, "--seconds")
            if getattr(self.match, "overtime", None) is None:
                raise TablecalcError(_("{title} has no turn clock: --seconds is for a game whose rules time a turn").format(title=game.title))
        self.seconds = seconds

    def log_lines(self):
        return self.table.log_lines()

    def _ask(self, prompt: str) -> str | None:
        try:
            return typer.prompt(prompt, prompt_suffix=" > ", default="", show_default=False)
        except typer.Abort:
            return None

    def _command(self, word: str, rest: str) -> bool:
        """Carry out a prompt command; ``False`` means stop."""
        if word == "quit":
            typer.echo(_("Stopped."))
            return False
        if word == "save":
            if not rest:
                typer.echo(_("Save where? Type save FILE."))
            else:
                try:
                    if os.path.lexists(rest):  # at the prompt, a new name rather than --force
                        raise TablecalcError(_("{file} already exists: type save with a new name").format(
                            file=quoted(rest)))
                    _save(rest, self.log_lines())
                    typer.echo(_("Saved to {file}.").format(file=rest))
                except TablecalcError as e:
                    typer.echo(str(e))
            return True
        if word == "help":
            typer.echo(_("Type a move, or: hint, undo, save FILE, quit."))
            return True
        if word == "undo":
            typer.echo(_("Taken back.") if self.table.undo() else _("Nothing to undo."))
            return True
        typer.echo(_("Hint: {moves}.").format(moves=" / ".join(map(self.game.say_move, self.table.hint()))))
        return True

    def _show(self, state, seat: int) -> None:
        """The table as ``seat`` sees it: the game's own drawing when its trainer package has one
        (``render.show_state``), else the state's text view."""
        import importlib

        try:
            show = importlib.import_module(f"trainer.games.{self.game.name}.render").show_state
        except (ImportError, AttributeError):
            typer.echo(state.view(seat))
        else:
            show(state, seat)

    def play(self, rounds: int, deal: str | None = None) -> None:
        from solver.whole.simulate import MAX_ROUNDS

        if not 1 <= rounds <= MAX_ROUNDS:
            raise TablecalcError(_("bad --rounds {rounds}: expected 1 to {max_rounds}").format(rounds=rounds, max_rounds=MAX_ROUNDS))
        for k in range(rounds):
            if self.table.match.is_over():
                break
            for line in getattr(self.table.match, "before_round", tuple)():  # who plays it, when not everyone
                typer.echo(line)
            self.table.start(deal if k == 0 else None)
            if not self._round():
                return
        self._scores()

    def follow(self, deal: str | None) -> None:
        self.table.start(deal)
        typer.echo(_("Type each move as it is played (NAME: MOVE, or MOVE for the player to move); "
                     "undo, save FILE, quit."))
        self._round(follow=True)
        self._scores()

    def _round(self, follow: bool = False) -> bool:
        """Play the round the table started; ``False`` when the players stopped."""
        table = self.table
        last_shown = None
        clock: tuple | None = None  # (the turn, when it started): read only with --seconds
        while not table.state.is_terminal():
            state = table.state
            seat = table.to_move
            name = table.names[seat]
            if table.bot_to_move():
                seat, move, verdict = table.bot_move()
                typer.echo(_("{player} plays {move}.").format(player=name, move=self.game.say_move(move)) + " "
                           + explained(self.game, verdict, table.rules))
                continue
            if not follow and last_shown != (len(table.history), seat):
                if len(self.humans) > 1 and (last_shown is None or last_shown[1] != seat):  # a new player's turn
                    self._ask(_("{player}, your turn: press Enter when the others cannot see the screen.").format(
                        player=name))
                self._show(state, seat)
                last_shown = (len(table.history), seat)
            if self.seconds is not None and (clock is None or clock[0] != len(table.history)):
                clock = (len(table.history), time.monotonic())
            line = self._ask(_("{player}, your move").format(player=name) if not follow
                             else _("Move ({player} to play)").format(player=name))
            if line is None:
                typer.echo(_("Stopped (end of input)."))
                return False
            word, rest = command_word(line)
            if word is not None:
                if not self._command(word, rest):
                    return False
                continue
            if not rest:
                continue
            if self.seconds is not None and clock is not None and time.monotonic() - clock[1] > self.seconds:
                rest = self.match.overtime  # too late: the turn is over time, whatever was typed
            player, move = table.read(rest)
            verdict = table.judge(player, move)
            if not verdict.legal and verdict.violations and verdict.violations[0].not_understood and not follow:
                typer.echo(self.game.explain(verdict))  # a typo: asked again, no penalty
                continue
            typer.echo((_("Legal.") if verdict.legal else _("Not legal.")) + " " + explained(self.game, verdict, table.rules))
            table.apply(player, move, verdict)
        end = table.state
        table.end_round()
        self.match = table.match
        self._show(end, 0)
        typer.echo(_("Round over."))
        return True

    def _scores(self) -> None:
        typer.echo(_("Scores: {scores}").format(
            scores=", ".join(f"{n} {s:g}" for n, s in zip(self.table.names, self.table.scores()))))
        _standing(self.table.match)
