"""``tablecalc nmbrs``: check sequences, list a hand's sequences, judge a turn, find the best turn, score a round;
referee, simulate, analyse, play and follow whole games (the commands every game played whole gets from
:mod:`trainer.whole`).

A thin layer over :mod:`solver.nmbrs`. Bad input raises :class:`TablecalcError`, which
:class:`trainer.clikit.Group` prints as one line (exit 2); ``check`` and ``judge`` exit 1
when the sequence or the turn is refused (``move`` is ``judge``'s old name). Every command
takes ``--json``; its rule options and ``--deck`` are generated from the game's declaration
(:class:`trainer.clikit.GameApp`).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError
from solver.i18n import _, ngettext
from trainer.clikit import EXIT_ILLEGAL, ExportOpt, ForceOpt, GameApp, JsonOpt, answer_verdict, emit_json as _emit_json, export_data, search_progress

app = GameApp(
    "nmbrs",
    help="Nmbrs!: number sequences — check a sequence, list a hand's sequences, judge a turn, find the best turn.",
)

HandOpt = Annotated[str, typer.Option("--hand", help="Your hand after the draw, e.g. \"14r 20 26 joker\".")]
TableOpt = Annotated[
    str, typer.Option("--table", help="The table: sequences separated by |, e.g. \"10 20 30 | 4 10 16\" (a shared card = a crossing).")
]
OpenedOpt = Annotated[
    bool, typer.Option("--opened/--not-opened", help="Whether you came out (laid a sequence) in an earlier turn.")
]


def _fit(rules, deck):
    """The rules for a smaller deck of one's own: a joker stands only for the numbers it has."""
    return rules.with_options(high=deck.high) if deck.high < rules.high else rules


def _reason_after(key: str, data: dict, reason: str | None) -> dict:
    """``data`` with ``reason`` (a refusal in words; the verdicts hold none) put after ``key``."""
    out: dict = {}
    for k, v in data.items():
        out[k] = v
        if k == key:
            out["reason"] = reason
    return out


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
    *, rules, data, as_json: JsonOpt = False,
) -> None:
    """Whether cards form a valid sequence, and why not (exit 1 when not)."""
    from solver.nmbrs import GAME, Placed, check_sequence
    from solver.nmbrs.cards import split_cards
    from solver.rulebook import citation
    from solver.nmbrs.words import sequence_reason

    d, rules = data, _fit(rules, data)
    tokens = [t for c in cards for t in split_cards(c)]
    if not tokens:
        raise TablecalcError(_("no cards given: expected e.g. tablecalc nmbrs check \"14 20 26\""))
    typed = [d.parse_typed(t) for t in tokens]
    d.check_available([c.card if isinstance(c, Placed) else c for c in typed], f"sequence {' '.join(tokens)!r}")
    verdict = check_sequence(typed, rules)
    reason = sequence_reason(verdict.why) if verdict.why else None
    if as_json:
        _emit_json(_reason_after("valid", verdict.as_dict(), reason))
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
            typer.echo(_("invalid ({rules}): {reason}").format(rules=rules.name, reason=reason)
                       + " " + citation(GAME, verdict.clauses, rules))
    if not verdict.valid:
        raise typer.Exit(EXIT_ILLEGAL)


# ---------------------------------------------------------------- sequences


@app.command("sequences")
def sequences(hand: HandOpt, *, rules, data, as_json: JsonOpt = False) -> None:
    """Every valid sequence the hand can lay (every subset of 3+ cards), with what it would score."""
    from solver.nmbrs import valid_sequences
    from solver.nmbrs.scoring import score_cards
    from solver.nmbrs.sequences import joker_only_count

    d, rules = data, _fit(rules, data)
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
    from solver.nmbrs.words import score_text, turn_reason

    for k, r in enumerate(v.results, 1):
        if r.sequence is None:  # the discard (or the end) that closes the turn
            typer.echo(f"  {k}. {r.move}")
            continue
        seq = " ".join(map(str, r.numbers))
        typer.echo(f"  {k}. {r.move}  — {r.kind} → " + _("sequence {n}: {numbers}").format(n=r.sequence, numbers=seq)
                   + f"   {score_text(r)}")
    if not v.legal:
        where = _("move {n}").format(n=v.failed_move) if v.failed_move else _("end of turn")
        typer.echo(_("refused ({where}, {code}): {reason}").format(where=where, code=v.violation, reason=turn_reason(v)))
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


@app.command("judge", aliases=("move",))
def judge(
    moves: Annotated[list[str], typer.Argument(help="Moves in order: \"lay 14 20 26\" \"add 1: 15 25\" \"cross 20: 35 50\" \"link 1 2: 40\" \"swap 20\".")],
    hand: HandOpt,
    table: TableOpt = "",
    opened: OpenedOpt = False,
    *, rules, data, as_json: JsonOpt = False,
) -> None:
    """Judge a turn: each move's result and score, or why it is refused (exit 1 when refused)."""
    from solver.nmbrs import GAME
    from solver.nmbrs.moves import parse_moves
    from solver.nmbrs.referee import judge as judge_turn
    from solver.nmbrs.table import Table
    from solver.nmbrs.words import turn_reason

    d, rules = data, _fit(rules, data)
    t = Table.parse(table, d, rules)
    verdict = judge_turn(t, d.parse_hand(hand), parse_moves(moves, d), rules, d, opened)

    def show(v) -> None:
        typer.echo(_("table: {table}  hand: {hand}").format(table=t or _("(empty)"), hand=" ".join(map(str, v.hand)))
                   + f"  [{rules.name}]")
        _print_turn(v, d, rules)

    answer_verdict(GAME, verdict, as_json, rules=rules, show=show,
                   data=_reason_after("violation", verdict.as_dict(), turn_reason(verdict)))


@app.command("best")
def best(
    hand: HandOpt,
    table: TableOpt = "",
    opened: OpenedOpt = False,
    limit: Annotated[
        Optional[int], typer.Option("--limit", help="Positions the search may visit before giving up (default 60000).")
    ] = None,
    *, rules, data, as_json: JsonOpt = False,
) -> None:
    """The legal turn with the highest score, its moves spelled out (keeps a card to discard, except in simple)."""
    from solver.nmbrs.best import DEFAULT_STATE_LIMIT, best_turn
    from solver.nmbrs.table import Table
    from solver.nmbrs.words import turn_reason

    d, rules = data, _fit(rules, data)
    t = Table.parse(table, d, rules)
    if limit is not None and limit < 1:
        raise TablecalcError(_("bad --limit {limit}: expected a number of positions ≥ 1").format(limit=limit))
    cards = d.parse_hand(hand)
    with search_progress("best turn") as progress:
        found = best_turn(t, cards, rules, d, opened, limit or DEFAULT_STATE_LIMIT, progress=progress)
    if as_json:
        _emit_json(_reason_after("violation", found.as_dict(), turn_reason(found.verdict)))
        return
    v = found.verdict
    typer.echo(_("table: {table}  hand: {hand}").format(table=t or _("(empty)"), hand=" ".join(map(str, v.hand)))
               + f"  [{rules.name}]")
    if not v.results:
        typer.echo(_("no move scores: just discard a card"))
    else:
        typer.echo(ngettext("best turn ({n} position searched):", "best turn ({n} positions searched):", found.states).format(
            n=found.states))
    _print_turn(v, d, rules)


# ---------------------------------------------------------------- end of a round


@app.command("score")
def score(
    players: Annotated[
        list[str],
        typer.Option("--player", help="NAME=SCORE:CARDS LEFT at the end of the round, e.g. \"Bob=80:14 20 joker\" (no cards: went out). Repeat per player."),
    ],
    *, rules, data, as_json: JsonOpt = False,
) -> None:
    """End of a round: subtract the cards left in each hand; who has 100 or more wins."""
    from solver.nmbrs.scoring import end_round, parse_player

    d, rules = data, _fit(rules, data)
    result = end_round([parse_player(p, d) for p in players], rules, d)
    if as_json:
        _emit_json(result.as_dict())
        return
    for p in result.players:
        left = " ".join(map(str, p.hand)) or "out"
        typer.echo(f"  {p.name:<12} {p.before:>4} - {p.penalty:<3} = {p.after:>4}   ({left})")
    typer.echo(f"({_estimate_note(d, rules)})")
    if result.winners:
        score = result.players[[p.name for p in result.players].index(result.winners[0])].after
        typer.echo(ngettext("{names} wins with {score}", "{names} win with {score}", len(result.winners)).format(
            names=_(" and ").join(result.winners), score=score))
    else:
        typer.echo(_("nobody has {score}: play another round").format(score=rules.win_at))


# ---------------------------------------------------------------- deck and rules


@app.command("deck")
def deck_cmd(export: ExportOpt = None, force: ForceOpt = False, *, rules, data, as_json: JsonOpt = False) -> None:
    """Show the deck: each number's colour and points (the points are an estimate with the built-in deck); --export writes the deck file to edit."""
    if export is not None:
        from solver.parsing import data_file

        export_data(data_file("nmbrs_deck.toml"), export, "deck", force=force)
        return
    d = data
    cards = [{"card": str(c), "number": c.number, "colour": str(c.colour), "points": d.points_of(c)}
             for c in d.cards() if not c.is_joker]
    if as_json:
        _emit_json({"source": d.source, "numbers": [d.low, d.high], "jokers": d.jokers, "size": d.size(),
                    "points_estimated": d.points_estimated, "colours_assumed": d.colours_assumed, "cards": cards})
        return
    typer.echo(_("{n} cards: {low}-{high} and {jokers} jokers (deck {source}; {points}, {colours})").format(
        n=d.size(), low=d.low, high=d.high, jokers=d.jokers, source=_("built-in") if d.source == "built-in" else d.source,
        points=_("points ESTIMATED") if d.points_estimated else _("points as printed"),
        colours=_("colours assumed") if d.colours_assumed else _("colours as printed")))
    for row in range(0, len(cards), 10):
        typer.echo("  " + "  ".join(f"{c['card']:>4}:{c['points']}" for c in cards[row:row + 10]))
