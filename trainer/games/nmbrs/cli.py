"""``tablecalc nmbrs``: check sequences, list a hand's sequences, referee a turn, find the best turn, score a round.

A thin layer over :mod:`solver.nmbrs`. Bad input raises :class:`TablecalcError`, which
:class:`trainer.clikit.Group` prints as one line (exit 2); ``check`` and ``move`` exit 1
when the sequence or the turn is refused. Every command takes ``--json``; ``rules`` comes
from :func:`trainer.clikit.add_rules_command`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError
from solver.i18n import _, ngettext
from solver.nmbrs.rules import Doubling, EmptyClosed, JokerColour, Opening, ScoreBy, SequenceRule
from trainer.clikit import (
    EXIT_ILLEGAL, ExportOpt, ForceOpt, Group, JsonOpt, add_rules_command, emit_json as _emit_json, export_data, choice_option, preset_option,
    search_progress,
)

app = typer.Typer(
    cls=Group,
    no_args_is_help=True,
    help="Nmbrs!: number sequences — check a sequence, list a hand's sequences, judge a turn, find the best turn.",
)

PresetOpt = preset_option("nmbrs")
HandOpt = Annotated[str, typer.Option("--hand", help="Your hand after the draw, e.g. \"14r 20 26 joker\".")]
TableOpt = Annotated[
    str, typer.Option("--table", help="The table: sequences separated by |, e.g. \"10 20 30 | 4 10 16\" (a shared card = a crossing).")
]
OpenedOpt = Annotated[
    bool, typer.Option("--opened/--not-opened", help="Whether you came out (laid a sequence) in an earlier turn.")
]
DeckOpt = Annotated[Optional[Path], typer.Option("--deck", help="A deck file (TOML) instead of the built-in deck.")]
SeqRuleOpt = choice_option("--sequence-rule", choices=SequenceRule, help="Override: progression (basic) or count-back (advanced).")
DoublingOpt = choice_option("--doubling", choices=Doubling,
                            help="Additions double by colour judged on the 'whole' sequence (default) or the 'added' cards.")
JokerColourOpt = choice_option("--joker-colour", choices=JokerColour, help="A joker's colour: wild (default), none or as-card.")
OpeningOpt = choice_option("--opening", choices=Opening,
                           help="When you may add to the table: once (default), each-turn or free.")
DiscardOpt = Annotated[
    Optional[bool], typer.Option("--discard-last/--lay-last", help="Override: must the very last card be discarded?")
]
ScoreByOpt = choice_option("--score-by", choices=ScoreBy, help="Override: points (of the cards) or cards (laid).")


def _setup(preset, deck_path, sequence_rule=None, doubling=None, joker_colour=None, opening=None,
           discard_last=None, score_by=None):
    from solver.nmbrs import GAME

    rules = GAME.rules(preset, sequence=sequence_rule, doubling=doubling, joker_colour=joker_colour,
                       opening=opening, discard_last=discard_last, score_by=score_by)
    deck = GAME.load_data(rules, deck_path)
    if deck.high < rules.high:  # a smaller deck of one's own: a joker stands only for the numbers it has
        rules = rules.with_options(high=deck.high)
    return rules, deck


def _estimate_note(deck, rules) -> str:
    from solver.nmbrs import ScoreBy

    if rules.score_by is ScoreBy.CARDS:
        return _("1 point per card laid")
    return _("card points are an estimate") if deck.points_estimated else _("card points from the deck file")


def _estimated(deck, rules) -> bool:
    return rules.scores_estimated(deck.points_estimated)


# ---------------------------------------------------------------- check


@app.command("check")
def check(
    cards: Annotated[list[str], typer.Argument(help="The cards of the sequence, e.g. \"14 20 26\" or 10 joker 30.")],
    preset: PresetOpt = "basic",
    sequence_rule: SeqRuleOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Whether cards form a valid sequence, and why not (exit 1 when not)."""
    from solver.nmbrs import Placed, check_sequence
    from solver.nmbrs.cards import split_cards

    rules, d = _setup(preset, deck, sequence_rule)
    tokens = [t for c in cards for t in split_cards(c)]
    if not tokens:
        raise TablecalcError("no cards given: expected e.g. tablecalc nmbrs check \"14 20 26\"")
    typed = [d.parse_typed(t) for t in tokens]
    d.check_available([c.card if isinstance(c, Placed) else c for c in typed], f"sequence {' '.join(tokens)!r}")
    verdict = check_sequence(typed, rules)
    if as_json:
        _emit_json(verdict.as_dict())
    else:
        shown = " ".join(map(str, verdict.numbers or ())) or " ".join(tokens)
        if verdict.valid:
            typer.echo(_("valid ({rules}): {sequence}, step {step}").format(
                rules=rules.name, sequence=shown, step=verdict.numbers[1] - verdict.numbers[0]))  # type: ignore[index]
            if len(verdict.resolutions) > 1:
                typer.echo(_("the jokers can make {n} sequences:").format(n=len(verdict.resolutions)))
                for r in verdict.resolutions:
                    typer.echo("  " + " ".join(map(str, r)))
        else:
            typer.echo(_("invalid ({rules}): {reason}").format(rules=rules.name, reason=verdict.reason))
    if not verdict.valid:
        raise typer.Exit(EXIT_ILLEGAL)


# ---------------------------------------------------------------- sequences


@app.command("sequences")
def sequences(
    hand: HandOpt,
    preset: PresetOpt = "basic",
    sequence_rule: SeqRuleOpt = None,
    doubling: DoublingOpt = None,
    joker_colour: JokerColourOpt = None,
    score_by: ScoreByOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Every valid sequence the hand can lay (every subset of 3+ cards), with what it would score."""
    from solver.nmbrs import valid_sequences
    from solver.nmbrs.scoring import score_cards
    from solver.nmbrs.sequences import joker_only_count

    rules, d = _setup(preset, deck, sequence_rule, doubling, joker_colour, score_by=score_by)
    cards = d.parse_hand(hand)
    found = valid_sequences(cards, rules)
    jokers = sum(1 for c in cards if c.is_joker)
    rows = []
    for s in found:
        points, doubled, score = score_cards(s.placed, s.placed, rules, d)
        rows.append({**s.as_dict(), "points": points, "doubled": doubled, "score": score})
    omitted = joker_only_count(jokers, rules)
    if as_json:
        _emit_json({
            "hand": [str(c) for c in cards],
            "count": len(rows),
            "sequences": rows,
            "omitted_joker_only": omitted,
            "points_estimated": _estimated(d, rules),
            "rules": rules.as_dict(),
        })
        return
    typer.echo(ngettext("{n} valid sequence in {cards} ({rules}; score if laid as a new sequence, {note}):",
                        "{n} valid sequences in {cards} ({rules}; score if laid as a new sequence, {note}):",
                        len(rows)).format(n=len(rows), cards=" ".join(map(str, cards)), rules=rules.name,
                                          note=_estimate_note(d, rules)))
    for s, row in zip(found, rows):
        jokers_text = ", ".join(f"joker = {v}" for v in s.joker_values)
        extra = f"  [{jokers_text}]" if jokers_text else ""
        typer.echo(f"  {' '.join(map(str, s.cards)):<30} {' '.join(map(str, s.numbers)):<24} "
                   f"{_score_text(row['points'], row['doubled'], row['score'])}{extra}")
    if omitted:
        typer.echo(_("(plus {n} sequences made of jokers only, not listed)").format(n=omitted))


# ---------------------------------------------------------------- a turn


def _score_text(points: int, doubled: str | None, score: int) -> str:
    return f"{points} × 2 ({_(doubled)}) = {score}" if doubled else str(score)


def _print_turn(v, deck, rules) -> None:
    for k, r in enumerate(v.results, 1):
        if r.sequence is None:  # the discard (or the end) that closes the turn
            typer.echo(f"  {k}. {r.move}")
            continue
        seq = " ".join(map(str, r.numbers))
        typer.echo(f"  {k}. {r.move}  — {r.kind} → " + _("sequence {n}: {numbers}").format(n=r.sequence, numbers=seq)
                   + f"   {_score_text(r.points, r.doubled, r.score)}")
    if not v.legal:
        where = _("move {n}").format(n=v.failed_move) if v.failed_move else _("end of turn")
        typer.echo(_("refused ({where}, {code}): {reason}").format(where=where, code=v.violation, reason=v.reason))
        return
    left = " ".join(map(str, v.hand_left))
    typer.echo(_("score {score} ({note}); table now: {table}").format(
        score=v.score, note=_estimate_note(deck, rules), table=v.table or _("(empty)")))
    if v.discarded is not None:
        typer.echo(_("discarded {card}; hand left: {cards}").format(card=v.discarded, cards=left or _("none")))
    elif left:
        typer.echo(_("hand left: {cards}").format(cards=left) + (" — " + _("discard one of these") if rules.discard_last else ""))
    else:
        typer.echo(_("hand left: none — you are out"))


@app.command("move")
def move(
    moves: Annotated[list[str], typer.Argument(help="Moves in order: \"lay 14 20 26\" \"add 1: 15 25\" \"cross 20: 35 50\" \"link 1 2: 40\" \"swap 20\".")],
    hand: HandOpt,
    table: TableOpt = "",
    opened: OpenedOpt = False,
    preset: PresetOpt = "basic",
    sequence_rule: SeqRuleOpt = None,
    doubling: DoublingOpt = None,
    joker_colour: JokerColourOpt = None,
    opening: OpeningOpt = None,
    discard_last: DiscardOpt = None,
    score_by: ScoreByOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Judge a turn: each move's result and score, or why it is refused (exit 1 when refused)."""
    from solver.nmbrs.table import Table, parse_moves, play_turn

    rules, d = _setup(preset, deck, sequence_rule, doubling, joker_colour, opening, discard_last, score_by)
    t = Table.parse(table, d, rules)
    verdict = play_turn(t, d.parse_hand(hand), parse_moves(moves, d), rules, d, opened)
    if as_json:
        _emit_json(verdict.as_dict())
    else:
        typer.echo(_("table: {table}  hand: {hand}").format(table=t or _("(empty)"), hand=" ".join(map(str, verdict.hand)))
                   + f"  [{rules.name}]")
        _print_turn(verdict, d, rules)
    if not verdict.legal:
        raise typer.Exit(EXIT_ILLEGAL)


@app.command("best")
def best(
    hand: HandOpt,
    table: TableOpt = "",
    opened: OpenedOpt = False,
    preset: PresetOpt = "basic",
    sequence_rule: SeqRuleOpt = None,
    doubling: DoublingOpt = None,
    joker_colour: JokerColourOpt = None,
    opening: OpeningOpt = None,
    discard_last: DiscardOpt = None,
    score_by: ScoreByOpt = None,
    deck: DeckOpt = None,
    limit: Annotated[
        Optional[int], typer.Option("--limit", help="Positions the search may visit before giving up (default 60000).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """The legal turn with the highest score, its moves spelled out (keeps a card to discard, except in simple)."""
    from solver.nmbrs.best import DEFAULT_STATE_LIMIT, best_turn
    from solver.nmbrs.table import Table

    rules, d = _setup(preset, deck, sequence_rule, doubling, joker_colour, opening, discard_last, score_by)
    t = Table.parse(table, d, rules)
    if limit is not None and limit < 1:
        raise TablecalcError(f"bad --limit {limit}: expected a number of positions ≥ 1")
    cards = d.parse_hand(hand)
    with search_progress("best turn") as progress:
        found = best_turn(t, cards, rules, d, opened, limit or DEFAULT_STATE_LIMIT, progress=progress)
    if as_json:
        _emit_json(found.as_dict())
        return
    v = found.verdict
    typer.echo(_("table: {table}  hand: {hand}").format(table=t or _("(empty)"), hand=" ".join(map(str, v.hand)))
               + f"  [{rules.name}]")
    if not v.results:
        typer.echo(_("no move scores: just discard a card"))
    else:
        typer.echo(_("best turn ({n} positions searched):").format(n=found.states))
    _print_turn(v, d, rules)


# ---------------------------------------------------------------- end of a round


@app.command("score")
def score(
    players: Annotated[
        list[str],
        typer.Option("--player", help="NAME=SCORE:CARDS LEFT at the end of the round, e.g. \"Bob=80:14 20 joker\" (no cards: went out). Repeat per player."),
    ],
    preset: PresetOpt = "basic",
    score_by: ScoreByOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """End of a round: subtract the cards left in each hand; who has 100 or more wins."""
    from solver.nmbrs.scoring import end_round, parse_player

    rules, d = _setup(preset, deck, score_by=score_by)
    result = end_round([parse_player(p, d) for p in players], rules, d)
    if as_json:
        _emit_json(result.as_dict())
        return
    for p in result.players:
        left = " ".join(map(str, p.hand)) or "out"
        typer.echo(f"  {p.name:<12} {p.before:>4} - {p.penalty:<3} = {p.after:>4}   ({left})")
    typer.echo(f"({_estimate_note(d, rules)})")
    if result.winners:
        typer.echo(f"{' and '.join(result.winners)} win{'s' * (len(result.winners) == 1)} "
                   f"with {result.players[[p.name for p in result.players].index(result.winners[0])].after}")
    else:
        typer.echo(f"nobody has {rules.win_at}: play another round")


# ---------------------------------------------------------------- deck and rules


@app.command("deck")
def deck_cmd(preset: PresetOpt = "basic", deck: DeckOpt = None, export: ExportOpt = None, force: ForceOpt = False,
             as_json: JsonOpt = False) -> None:
    """Show the deck: each number's colour and points (the points are an estimate with the built-in deck); --export writes the deck file to edit."""
    if export is not None:
        from solver.parsing import data_file

        export_data(data_file("nmbrs_deck.toml"), export, "deck", force=force)
        return
    rules, d = _setup(preset, deck)
    cards = [{"card": str(c), "number": c.number, "colour": str(c.colour), "points": d.points_of(c)}
             for c in d.cards() if not c.is_joker]
    if as_json:
        _emit_json({"source": d.source, "numbers": [d.low, d.high], "jokers": d.jokers, "size": d.size(),
                    "points_estimated": d.points_estimated, "colours_assumed": d.colours_assumed, "cards": cards})
        return
    typer.echo(f"{d.size()} cards: {d.low}-{d.high} and {d.jokers} jokers (deck {d.source}; "
               f"points {'ESTIMATED' if d.points_estimated else 'as printed'}, colours {'assumed' if d.colours_assumed else 'as printed'})")
    for row in range(0, len(cards), 10):
        typer.echo("  " + "  ".join(f"{c['card']:>4}:{c['points']}" for c in cards[row:row + 10]))


# ---------------------------------------------------------------- whole games


def _game_rules(preset, deck_path, sequence_rule=None, opening=None, max_turns=None, retake_refused=None,
                empty_closed=None):
    rules, d = _setup(preset or "basic", deck_path, sequence_rule, opening=opening)
    rules = rules.with_options(max_turns=max_turns, retake_refused=retake_refused, empty_closed=empty_closed)
    return rules, d


MaxTurnsOpt = Annotated[Optional[int], typer.Option("--max-turns", help="A round ends with nobody out after so many turns (simulate: 400; 0: no limit).")]
RetakeOpt = Annotated[Optional[bool], typer.Option("--retake-refused/--no-retake-refused", help="May a refused open card nobody claimed be taken after all? (no)")]
EmptyClosedOpt = choice_option("--empty-closed", choices=EmptyClosed,
                               help="An empty closed pile: turn-over (the open pile, default) or end-round.")


@app.command("simulate")
def simulate(
    players: Annotated[int, typer.Option("--players", "-n", help="2 to 8 players.")] = 4,
    rounds: Annotated[int, typer.Option("--rounds", "-r", help="Rounds at most (the game ends when a player has 100 points).")] = 10,
    seed: Annotated[Optional[int], typer.Option("--seed", "-s", help="Random seed (same seed, same game).")] = None,
    policy: Annotated[str, typer.Option("--policy", help="best (default), greedy or random; or one per seat: best,random.")] = "best",
    log: Annotated[Optional[Path], typer.Option("--log", help="Write every deal and move as JSON lines to FILE (read by referee).")] = None,
    force: ForceOpt = False,
    preset: PresetOpt = "basic",
    sequence_rule: SeqRuleOpt = None,
    opening: OpeningOpt = None,
    max_turns: MaxTurnsOpt = None,
    retake_refused: RetakeOpt = None,
    empty_closed: EmptyClosedOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Whole games between bots: every move through the referee, each round's score sheet."""
    from solver.gamelog import check_log_target, write_log
    from solver.i18n import _
    from solver.nmbrs.simulate import log_lines, play_game

    rules, d = _game_rules(preset, deck, sequence_rule, opening, max_turns, retake_refused, empty_closed)
    if log is not None:
        check_log_target(log, force=force)  # refused before the game is played
    game = play_game(players, rounds, seed, rules, policy, d)
    if log is not None:
        write_log(log, log_lines(game), force=force)
    if as_json:
        _emit_json(game.as_dict())
        return
    names = game.names
    typer.echo(_("{n} players ({policies}), {rules}").format(
        n=players, policies=",".join(dict.fromkeys(map(str, game.policies))), rules=game.rules.describe()))
    typer.echo(_("round  out   turns ") + " ".join(f"{n:>5}" for n in names))
    for r in game.rounds:
        out = r.as_dict()["out"] or "-"
        typer.echo(f"{r.number:>5}  {out:<5} {r.end.turns:>5} " + " ".join(f"{p.after:>5}" for p in r.result.players))
    if game.winners:
        top = max(game.scores)
        typer.echo(_("{names} won with {points} points after {k} rounds.").format(
            names=" and ".join(game.winners), points=top, k=len(game.rounds)))
    else:
        typer.echo(_("Nobody reached {win} points in {k} rounds.").format(win=game.rules.win_at, k=len(game.rounds)))


@app.command("referee")
def referee(
    log: Annotated[str, typer.Argument(help="A file of JSON lines (as simulate --log writes them), or - for stdin.")],
    preset: Annotated[Optional[str], typer.Option("--preset", help="The rules (default: the log's game line, else basic).")] = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Judge a recorded game move by move: the first illegal move, why, its penalty, the round after it (exit 1)."""
    from solver.gamelog import read_log
    from solver.i18n import _, ngettext
    from solver.nmbrs.replay import referee_log
    from solver.nmbrs.words import explain_log_move

    rules, d = _setup(preset or "basic", deck)
    text, source = read_log(log)
    v = referee_log(text, rules, source, d, rules_from_log=preset is None)
    if as_json:
        out = v.as_dict()
        if v.first_illegal is not None:
            out["first_illegal"]["explanation"] = explain_log_move(v.first_illegal)
        _emit_json(out)
    else:
        for m in v.moves:
            if m.legal is False:
                typer.echo(explain_log_move(m))
        for r in v.rounds:
            if r.result is not None:
                how = (_("{name} went out").format(name=r.out) if r.out
                       else _("nobody went out ({why})").format(why=r.end.blocked))
                sheet = ", ".join(f"{p.name} {p.before}-{p.penalty}={p.after}" for p in r.result.players)
                typer.echo(_("round {k}: {how}; {sheet}").format(k=r.round, how=how, sheet=sheet))
            else:
                typer.echo(_("round {k}: not finished").format(k=r.round))
        first = v.first_illegal
        tail = _("all legal") if first is None else _("first illegal move on line {line}").format(line=first.line)
        rounds_text = ngettext("{k} round", "{k} rounds", len(v.rounds)).format(k=len(v.rounds))
        typer.echo(_("{n} moves judged in {rounds}: {tail}.").format(n=len(v.moves), rounds=rounds_text, tail=tail))
        typer.echo(_("scores: {scores}").format(scores=", ".join(f"{n} {s}" for n, s in v.scores.items())))
    if not v.legal:
        raise typer.Exit(EXIT_ILLEGAL)


@app.command("play")
def play(
    players: Annotated[int, typer.Option("--players", "-n", help="2 to 8 players.")] = 3,
    bots: Annotated[Optional[int], typer.Option("--bots", "-k", help="How many of them are bots (default: all but you).")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", "-s", help="Random seed (same seed, same deal).")] = None,
    policy: Annotated[str, typer.Option("--policy", help="The bots: best (default), greedy or random.")] = "best",
    preset: PresetOpt = "basic",
    sequence_rule: SeqRuleOpt = None,
    opening: OpeningOpt = None,
    max_turns: MaxTurnsOpt = None,
    retake_refused: RetakeOpt = None,
    empty_closed: EmptyClosedOpt = None,
    deck: DeckOpt = None,
) -> None:
    """Play against bots in the terminal: every move refereed, the score sheet after each round."""
    from trainer.clikit import interrupted_code
    from trainer.games.nmbrs.play import play_game

    rules, d = _game_rules(preset, deck, sequence_rule, opening, max_turns, retake_refused, empty_closed)
    try:
        play_game(players, players - 1 if bots is None else bots, seed, rules, d, policy)
    except KeyboardInterrupt:
        typer.echo("")
        typer.echo(_game_stopped())
        raise typer.Exit(interrupted_code()) from None  # 130 for Ctrl-C, 143 for SIGTERM


def _game_stopped() -> str:
    from solver.i18n import _

    return _("Game stopped (Ctrl-C).")


add_rules_command(app, "nmbrs")
