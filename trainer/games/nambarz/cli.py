"""``tablecalc nambarz``: the best play of a hand, the referee's verdict on a play, a game's score
sheet, the deck; and the commands of every game played whole (``referee``, ``simulate``,
``analyse``, ``play``, ``follow``), which :mod:`trainer.whole` adds from :mod:`solver.nambarz.match`.

A thin layer over :mod:`solver.nambarz`: it reads the options, calls the solver and renders.
The rule options (``--preset``, ``--order``, ``--jokers``...) and ``--deck`` come from the
game's declaration (:class:`trainer.clikit.GameApp`). Bad input raises
:class:`~solver.errors.TablecalcError`, printed as one line (exit 2); ``judge`` exits 1 when the
play is illegal (``check`` is its old name, ``solve`` ``best``'s).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from trainer.clikit import ExportOpt, ForceOpt, GameApp, JsonOpt, emit_json, export_data, answer_verdict

app = GameApp("nambarz", help="Nambarz: cover the top card by concordance or by the simplest calculation.")

TargetOpt = Annotated[str, typer.Option("--target", "-t", help="The top card to cover, e.g. 3-bee or 8.")]
HandOpt = Annotated[str, typer.Option("--hand", help="The hand, e.g. \"6 5 2 10\" or \"8-bee 5-cat rejouer\".")]


def _deal(target: str, hand: str, deck):
    """The top card (or a change joker laid alone and what it announced) and the hand, as typed."""
    from solver.nambarz import Deal
    from solver.nambarz.cards import parse_cover

    return Deal(parse_cover(target, deck), tuple(deck.parse_hand(hand)))


@app.command("best", aliases=("solve",))
def best(target: TargetOpt, hand: HandOpt, *, rules, data, as_json: JsonOpt = False) -> None:
    """Every way the hand can cover the top card, and every simplest calculation (on a change joker laid
    alone, --target "change-number 4": the cards that follow it)."""
    from solver.nambarz import GAME
    from solver.nambarz.words import explain_solution

    sol = GAME.best(_deal(target, hand, data), rules, data)
    if as_json:
        emit_json({**sol.as_dict(), "explanation": explain_solution(sol)})
        return
    from trainer.games.nambarz.render import print_solution

    print_solution(sol)


@app.command("judge", aliases=("check",))
def judge(
    answer: Annotated[str, typer.Argument(help="The play: a calculation like 6+5+2-10, one card, or draw.")],
    target: TargetOpt,
    hand: HandOpt,
    *, rules, data, as_json: JsonOpt = False,
) -> None:
    """The referee's verdict on a play: legal or not, why, the penalty and any bonus (exit 1 if illegal); a
    joker's play and a play on a change joker laid alone (--target "change-number 4") by the jokers' rules."""
    from solver.nambarz import GAME

    verdict = GAME.judge(_deal(target, hand, data), answer, rules, data)

    def show(v) -> None:
        from trainer.games.nambarz.render import print_verdict

        print_verdict(v, rules)

    answer_verdict(GAME, verdict, as_json, rules=rules, show=show, data={"rules": rules.as_dict(), **verdict.as_dict()})


@app.command("score")
def score(
    rounds: Annotated[
        list[str],
        typer.Option("--round", "-r", help="A round's finishing order, first out first: \"Ann+4, Bob, Cid\" (+N = a coup of N cards). Repeat per round."),
    ],
    team: Annotated[Optional[list[str]], typer.Option("--team", help="A team: \"Red=Ann,Bob\". Repeat per team.")] = None,
    players: Annotated[Optional[str], typer.Option("--players", help="All players, comma-separated, if some never went out.")] = None,
    *, rules, as_json: JsonOpt = False,
) -> None:
    """Score a game: 40/32/25/19/14 by finishing place plus coup de maître bonuses, over rounds and teams."""
    from solver.nambarz.scoring import Round, parse_teams, score_game

    names = [p.strip() for p in (players or "").split(",") if p.strip()]
    board = score_game([Round.parse(r) for r in rounds], names, parse_teams(team or []), rules)
    if as_json:
        emit_json(board.as_dict())
        return
    from trainer.games.nambarz.render import print_scoreboard

    print_scoreboard(board)


@app.command("deck")
def deck(export: ExportOpt = None, force: ForceOpt = False, *, rules, data, as_json: JsonOpt = False) -> None:
    """Show the deck: every card and its copies (which animals are assumed, not confirmed); --export writes the deck file to edit."""
    if export is not None:
        from solver.parsing import data_file

        export_data(data_file("nambarz_deck.toml"), export, "deck", force=force)
        return
    if as_json:
        emit_json(data.as_dict())
        return
    from trainer.games.nambarz.render import print_deck

    print_deck(data)
