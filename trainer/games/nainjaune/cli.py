"""``tablecalc nainjaune``: the best lay, the Grand Opéra question, a lay judged, a round settled.
The whole game — ``referee``, ``simulate``, ``analyse``, ``play``, ``follow`` — comes from
:mod:`trainer.whole`, written once for every game (the game gives its match,
:class:`solver.nainjaune.match.Match`).

A thin layer over :mod:`solver.nainjaune`. Every command that takes ``rules`` gets ``--preset``
and the rule options from the game's declaration (:class:`solver.nainjaune.rules.Rules`). Bad
input raises :class:`TablecalcError`, which :class:`trainer.clikit.Group` prints as one line
(exit 2); ``judge`` exits 1 when it finds an illegal move (``check`` and ``solve`` are the old
names of ``judge`` and ``best``). Every command takes ``--json``.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nainjaune.best import Goal
from trainer.clikit import GameApp, JsonOpt, emit_json, choice_option, answer_verdict

app = GameApp("nainjaune", help="Le Nain Jaune: best lay, Grand Opéra, settlement; whole games refereed, simulated, "
                                "analysed, played against bots.")

PositionArg = Annotated[str, typer.Argument(
    help="The round: \"hands Ann: 9c 10d Jc | Bob: 8h Qs | Cid: 4h 5h; board 10:3 J:6 Q:9 K:12 7:15; to Ann\" "
         "(optional: next R, sans R, king, opened NAMES).")]


def _position(text: str, rules):
    from solver.nainjaune import GAME

    situation = GAME.parse_situation(text, None)
    if not hasattr(situation, "to"):
        raise TablecalcError(_("this command takes a round in progress, not a 'settle' round end: use nainjaune settle"))
    GAME.check_situation(situation, rules, None)
    return situation


# ---------------------------------------------------------------- best


@app.command("best", aliases=("solve",))
def best(position: PositionArg,
         goal: choice_option("--goal", choices=(Goal.CARDS, Goal.STAKES),
                             help="cards (empty the hand fastest) or stakes (take the most).") = "cards",
         *, rules, as_json: JsonOpt = False) -> None:
    """The best lay for the player to move: the most cards (going out if possible) or the most stakes."""
    from solver.nainjaune import GAME
    from solver.nainjaune.words import explain_lay

    pos = _position(position, rules)
    g = Goal(goal)
    both = GAME.best(pos, rules, None)
    lay, other = (both.by_cards, both.by_stakes) if g is Goal.CARDS else (both.by_stakes, both.by_cards)
    if as_json:
        emit_json({**both.as_dict(), "goal": g.value, "best": lay.as_dict(), "other_goal": other.as_dict(),
                   "rules": rules.as_dict()})
        return
    typer.echo((_("{player} to play ({rules}); best lay for the most cards:") if g is Goal.CARDS else
                _("{player} to play ({rules}); best lay for the most stakes:")).format(player=pos.names[pos.to],
                                                                                      rules=rules.name))
    typer.echo(f"  {lay}")
    typer.echo(f"  {explain_lay(lay, pos)}")
    if str(other) != str(lay):
        typer.echo((_("For the most stakes instead: {lay}  ({why})") if g is Goal.CARDS else
                    _("For the most cards instead: {lay}  ({why})")).format(lay=other, why=explain_lay(other, pos)))


# ---------------------------------------------------------------- opera


@app.command("opera")
def opera(hand: Annotated[str, typer.Argument(help="Your hand, e.g. \"9c 10d Jc Qs Kh As 2s 3s\".")],
          *, rules, as_json: JsonOpt = False) -> None:
    """Can this hand make a Grand Opéra (go out in one turn) if it starts, whatever the others hold?"""
    from solver.nainjaune import grand_opera, parse_cards
    from solver.nainjaune.words import explain_opera

    cards = parse_cards(hand)
    if len(set(cards)) != len(cards):
        raise TablecalcError(_("a card is given twice in {hand}: a deck has one of each card").format(hand=repr(hand)))
    answer = grand_opera(cards, rules)
    if as_json:
        emit_json(answer.as_dict())
        return
    typer.echo(explain_opera(answer))


# ---------------------------------------------------------------- judge


@app.command("judge", aliases=("check",))
def judge(position: PositionArg,
          lay: Annotated[str, typer.Argument(help="Your moves in order: \"9c 10d Jc sans Q\" (Qs! announces a board card).")],
          *, rules, as_json: JsonOpt = False) -> None:
    """Judge the lay of the player to move, move by move (exit 1 when a move is illegal)."""
    from solver.nainjaune import GAME

    pos = _position(position, rules)
    answer_verdict(GAME, GAME.judge(pos, lay, rules, None), as_json, rules=rules)


# ---------------------------------------------------------------- settle


@app.command("settle")
def settle_cmd(
    hands: Annotated[str, typer.Option("--hands", help="The hands left, the player out as -: \"Ann: 3c 5h 9d Qs | Bob: - | Cid: 2c\".")],
    board: Annotated[str, typer.Option("--board", help="The board when the round ends: \"10:3 J:6 Q:9 K:12 7:15\".")] = "",
    opera: Annotated[bool, typer.Option("--opera", help="The player out made a Grand Opéra (out in the first turn).")] = False,
    tokens: Annotated[Optional[str], typer.Option("--tokens", help="Everyone's tokens before the settlement, e.g. \"120 40 3\": "
                                                  "to see who cannot pay or stake.")] = None,
    *, rules, as_json: JsonOpt = False,
) -> None:
    """Settle a round: who pays whom and why, the board after, each player's balance, the end of the game."""
    from solver.nainjaune import GAME, RoundEnd, settle
    from solver.nainjaune.words import explain_settlement, why

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
