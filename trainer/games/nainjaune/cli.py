"""``tablecalc nainjaune``: the best lay, the Grand Opéra question, a lay judged, a round settled,
a recorded game refereed, games simulated between bots.

A thin layer over :mod:`solver.nainjaune`. Bad input raises :class:`TablecalcError`, which
:class:`trainer.clikit.Group` prints as one line (exit 2); ``check`` and ``referee`` exit 1
when they find an illegal move. Every command takes ``--json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nainjaune.rules import Announce, OperaOrder, Payment
from solver.nainjaune.simulate import Bot
from solver.nainjaune.solver import Goal
from trainer.clikit import EXIT_ILLEGAL, ForceOpt, Group, JsonOpt, add_rules_command, emit_json, choice_option, preset_option

app = typer.Typer(
    cls=Group,
    no_args_is_help=True,
    help="Le Nain Jaune: best lay, Grand Opéra, referee, settlement, simulator.",
)

PresetOpt = preset_option("nainjaune")
PaymentOpt = choice_option("--payment", choices=Payment, help="Override: cards (1 token per card) or points (face value).")
AnnounceOpt = choice_option("--announce", choices=Announce, help="Override: auto (default) or required (forgetting leaves the stake).")
TenOpt = Annotated[Optional[str], typer.Option("--ten-suit", help="The suit of the 10 cell's card (d: 10♦ by default).")]
KingOpt = Annotated[Optional[str], typer.Option("--king-suit", help="The suit of the King cell's card (h: K♥ by default).")]
OperaOpt = choice_option("--opera-order", choices=OperaOrder, help="Override: opera-first (default) or double-first.")
PositionArg = Annotated[str, typer.Argument(
    help="The round: \"hands Ann: 9c 10d Jc | Bob: 8h Qs | Cid: 4h 5h; board 10:3 J:6 Q:9 K:12 7:15; to Ann\" "
         "(optional: next R, sans R, king, opened NAMES).")]


def _rules(preset, payment=None, announce=None, ten_suit=None, king_suit=None, opera_order=None):
    from solver.nainjaune import GAME

    return GAME.rules(preset, payment=payment, announce=announce, ten_suit=ten_suit, king_suit=king_suit,
                      opera=opera_order)


def _position(text: str, rules):
    from solver.nainjaune import GAME

    situation = GAME.parse_situation(text, None)
    if not hasattr(situation, "to"):
        raise TablecalcError("this command takes a round in progress, not a 'settle' round end: use nainjaune settle")
    GAME.check_situation(situation, rules, None)
    return situation


# ---------------------------------------------------------------- solve


@app.command("solve")
def solve(position: PositionArg, goal: choice_option("--goal", choices=Goal, help="cards (empty the hand fastest) or stakes (take the most).") = "cards",
          preset: PresetOpt = "classic", payment: PaymentOpt = None, announce: AnnounceOpt = None,
          ten_suit: TenOpt = None, king_suit: KingOpt = None, as_json: JsonOpt = False) -> None:
    """The best lay for the player to move: the most cards (going out if possible) or the most stakes."""
    from solver.nainjaune import Goal, best_lay
    from solver.nainjaune.words import explain_lay

    rules = _rules(preset, payment, announce, ten_suit, king_suit)
    pos = _position(position, rules)
    try:
        g = Goal(goal.strip().lower())
    except ValueError:
        raise TablecalcError(f"unknown goal {goal!r}: expected cards or stakes") from None
    lay = best_lay(pos, rules, g)
    other = best_lay(pos, rules, Goal.STAKES if g is Goal.CARDS else Goal.CARDS)
    if as_json:
        emit_json({"player": pos.names[pos.to], "goal": g.value, "best": lay.as_dict(),
                   "other_goal": other.as_dict(), "rules": rules.as_dict()})
        return
    typer.echo(f"{pos.names[pos.to]} to move ({rules.name}); best lay for {g.value}:")
    typer.echo(f"  {lay}")
    typer.echo(f"  {explain_lay(lay, pos)}")
    if str(other) != str(lay):
        typer.echo(f"For {'stakes' if g is Goal.CARDS else 'cards'} instead: {other}  ({explain_lay(other, pos)})")


# ---------------------------------------------------------------- opera


@app.command("opera")
def opera(hand: Annotated[str, typer.Argument(help="Your hand, e.g. \"9c 10d Jc Qs Kh As 2s 3s\".")],
          preset: PresetOpt = "classic", as_json: JsonOpt = False) -> None:
    """Can this hand make a Grand Opéra (go out in one turn) if it starts, whatever the others hold?"""
    from solver.nainjaune import grand_opera, parse_cards
    from solver.nainjaune.words import explain_opera

    rules = _rules(preset)
    cards = parse_cards(hand)
    if len(set(cards)) != len(cards):
        raise TablecalcError(f"a card is given twice in {hand!r}: a deck has one of each card")
    answer = grand_opera(cards, rules)
    if as_json:
        emit_json(answer.as_dict())
        return
    typer.echo(explain_opera(answer))


# ---------------------------------------------------------------- check


@app.command("check")
def check(position: PositionArg,
          lay: Annotated[str, typer.Argument(help="Your moves in order: \"9c 10d Jc sans Q\" (Qs! announces a board card).")],
          preset: PresetOpt = "classic", payment: PaymentOpt = None, announce: AnnounceOpt = None,
          ten_suit: TenOpt = None, king_suit: KingOpt = None, as_json: JsonOpt = False) -> None:
    """Judge the lay of the player to move, move by move (exit 1 when a move is illegal)."""
    from solver.nainjaune import check_lay
    from solver.nainjaune.words import explain_verdict

    rules = _rules(preset, payment, announce, ten_suit, king_suit)
    pos = _position(position, rules)
    v = check_lay(pos, lay, rules)
    if as_json:
        emit_json({**v.as_dict(), "explanation": explain_verdict(v)})
    else:
        typer.echo(_("LEGAL") if v.legal else _("NOT LEGAL") + f"  ({', '.join(map(str, v.violations))})")
        typer.echo(explain_verdict(v))
    if not v.legal:
        raise typer.Exit(EXIT_ILLEGAL)


# ---------------------------------------------------------------- settle


@app.command("settle")
def settle_cmd(
    hands: Annotated[str, typer.Option("--hands", help="The hands left, the player out as -: \"Ann: 3c 5h 9d Qs | Bob: - | Cid: 2c\".")],
    board: Annotated[str, typer.Option("--board", help="The board when the round ends: \"10:3 J:6 Q:9 K:12 7:15\".")] = "",
    opera: Annotated[bool, typer.Option("--opera", help="The player out made a Grand Opéra (out in the first turn).")] = False,
    tokens: Annotated[Optional[str], typer.Option("--tokens", help="Everyone's tokens before the settlement, e.g. \"120 40 3\": "
                                                  "to see who cannot pay or stake.")] = None,
    preset: PresetOpt = "classic", payment: PaymentOpt = None, ten_suit: TenOpt = None, king_suit: KingOpt = None,
    opera_order: OperaOpt = None, as_json: JsonOpt = False,
) -> None:
    """Settle a round: who pays whom and why, the board after, each player's balance, the end of the game."""
    from solver.nainjaune import GAME, RoundEnd, settle
    from solver.nainjaune.words import explain_settlement, why

    rules = _rules(preset, payment, None, ten_suit, king_suit, opera_order)
    parts = ["settle", f"hands {hands}"]
    if board.strip():
        parts.append(f"board {board}")
    if opera:
        parts.append("opera")
    if tokens is not None:
        parts.append(f"tokens {tokens}")
    end = RoundEnd.parse("; ".join(parts))
    GAME.check_situation(end, rules, None)
    s = settle(end, rules)
    if as_json:
        d = s.as_dict()
        for row, p in zip(d["payments"], s.payments):
            row["why"] = why(p, rules)
        emit_json({**d, "explanation": explain_settlement(s, rules), "rules": rules.as_dict()})
        return
    for line in explain_settlement(s, rules):
        typer.echo(line)


# ---------------------------------------------------------------- referee


@app.command("referee")
def referee(log: Annotated[str, typer.Argument(help="A file of JSON lines (as simulate --log writes them), or - for stdin.")],
            preset: PresetOpt = "classic", payment: PaymentOpt = None, announce: AnnounceOpt = None,
            ten_suit: TenOpt = None, king_suit: KingOpt = None, as_json: JsonOpt = False) -> None:
    """Judge a recorded game move by move (exit 1 when a move is illegal)."""
    from solver.gamelog import read_log
    from solver.nainjaune import referee_log
    from solver.nainjaune.words import explain_move_verdict, explain_settlement

    rules = _rules(preset, payment, announce, ten_suit, king_suit)
    text, source = read_log(log)
    v = referee_log(text, rules, source)
    if as_json:
        d = v.as_dict()
        for row, m in zip(d["moves"], v.moves):
            row["explanation"] = explain_move_verdict(m, rules)
        if d["first_illegal"] is not None:
            d["first_illegal"]["explanation"] = explain_move_verdict(v.first_illegal, rules)
        emit_json(d)
    else:
        for m in v.moves:
            if m.legal is not True or m.stakes or m.forfeited:
                typer.echo(explain_move_verdict(m, rules))
        for r in v.rounds:
            if r.settlement is not None:
                typer.echo(_("round {n}:").format(n=r.round) + " " + " ".join(explain_settlement(r.settlement, rules)))
            elif not r.end.is_over() and r.legal:
                typer.echo(_("round {n}: not finished (nobody went out)").format(n=r.round))
        typer.echo(f"{len(v.moves)} moves in {len(v.rounds)} round{'s' * (len(v.rounds) != 1)}: "
                   + ("all legal." if v.legal else f"first illegal move on line {v.first_illegal.line}."))
    if not v.legal:
        raise typer.Exit(EXIT_ILLEGAL)


# ---------------------------------------------------------------- simulate


@app.command("simulate")
def simulate(
    players: Annotated[int, typer.Option("--players", "-n", help="3 to 8 players.")] = 4,
    rounds: Annotated[int, typer.Option("--rounds", "-r", help="Rounds at most (the game ends sooner when someone cannot stake or pay).")] = 10,
    seed: Annotated[Optional[int], typer.Option("--seed", "-s", help="Random seed (same seed, same game).")] = None,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write every deal, move and settlement as JSON lines to FILE.")] = None,
    force: ForceOpt = False,
    bot: choice_option("--bot", choices=Bot, help="greedy (default) or random.") = "greedy",
    preset: PresetOpt = "classic", payment: PaymentOpt = None, announce: AnnounceOpt = None,
    ten_suit: TenOpt = None, king_suit: KingOpt = None, opera_order: OperaOpt = None,
    start_tokens: Annotated[Optional[int], typer.Option("--start-tokens", help="Tokens each player starts with (120).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Whole games between bots, with every player's tokens after each round."""
    from solver.nainjaune import GAME
    from solver.gamelog import check_log_target, write_log
    from solver.nainjaune.simulate import log_lines, play_game

    rules = GAME.rules(preset, payment=payment, announce=announce, ten_suit=ten_suit, king_suit=king_suit,
                       opera=opera_order, start_tokens=start_tokens)
    if log is not None:
        check_log_target(log, force=force)  # refused before the game is played
    game = play_game(players, rounds, seed, rules, bot)
    if log is not None:
        write_log(log, log_lines(game), force=force)
    if as_json:
        emit_json(game.as_dict())
        return
    names = game.names
    typer.echo(f"{players} players, {game.bot.value} bots, {rules.describe()}")
    typer.echo("round  winner  " + "  ".join(f"{n:>5}" for n in names) + "   board")
    for r in game.rounds:
        mark = "*" if r.end.opera else " "
        typer.echo(f"{r.number:>5}  {names[r.end.out or 0]:<5}{mark} " + "  ".join(f"{t:>5}" for t in r.tokens_after)
                   + f"   {r.settlement.board_after}")
    if any(r.end.opera for r in game.rounds):
        typer.echo("* a Grand Opéra")
    end = {"cannot-stake": "a player cannot stake", "cannot-pay": "a player could not pay"}.get(game.over or "")
    best = f"{', '.join(game.winners())} with {max(game.tokens)} tokens"
    if end:
        typer.echo(f"Game over after round {len(game.rounds)}: {end}. Winner: {best}.")
    else:
        typer.echo(f"After {len(game.rounds)} rounds the leader is {best}.")


add_rules_command(app, "nainjaune")
