"""``tablecalc nambarz``: the best play of a hand, the referee's verdict on a play, a game's score
sheet, the deck; whole games between bots (``simulate``), a recorded game refereed (``referee``),
a game against the bots (``play``).

A thin layer over :mod:`solver.nambarz`: it reads the options, calls the solver and renders.
The rule options (``--preset``, ``--order``, ``--jokers``...) and ``--deck`` come from the
game's declaration (:class:`trainer.clikit.GameApp`). Bad input raises
:class:`~solver.errors.TablecalcError`, printed as one line (exit 2); ``judge`` exits 1 when the
play is illegal (``check`` is its old name, ``solve`` ``best``'s).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from solver.nambarz.simulate import Policy
from trainer.clikit import EXIT_ILLEGAL, ExportOpt, GameApp, JsonOpt, choice_option, emit_json, export_data

app = GameApp("nambarz", help="Nambarz: cover the top card by concordance or by the simplest calculation.")

TargetOpt = Annotated[str, typer.Option("--target", "-t", help="The top card to cover, e.g. 3-bee or 8.")]
HandOpt = Annotated[str, typer.Option("--hand", help="The hand, e.g. \"6 5 2 10\" or \"8-bee 5-cat rejouer\".")]
PolicyOpt = choice_option("--policy", choices=Policy, help="The bots: greedy (default), simplest or random.")
SeedOpt = Annotated[Optional[int], typer.Option("--seed", "-s", help="Random seed (same seed, same game).")]


@app.command("best", aliases=("solve",))
def best(target: TargetOpt, hand: HandOpt, *, rules, data, as_json: JsonOpt = False) -> None:
    """Every way the hand can cover the top card, and every simplest calculation."""
    from solver.nambarz import GAME, Deal
    from solver.nambarz.words import explain_solution

    sol = GAME.best(Deal(data.parse_card(target), tuple(data.parse_hand(hand))), rules, data)
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
    """The referee's verdict on a play: legal or not, why, the penalty and any bonus (exit 1 if illegal)."""
    from solver.nambarz import GAME, Deal

    verdict = GAME.judge(Deal(data.parse_card(target), tuple(data.parse_hand(hand))), answer, rules, data)
    if as_json:
        emit_json({**verdict.as_dict(), "explanation": GAME.explain(verdict)})
    else:
        from trainer.games.nambarz.render import print_verdict

        print_verdict(verdict)
    if not verdict.legal:
        raise typer.Exit(EXIT_ILLEGAL)


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
def deck(export: ExportOpt = None, *, rules, data, as_json: JsonOpt = False) -> None:
    """Show the deck: every card and its copies (which animals are assumed, not confirmed); --export writes the deck file to edit."""
    if export is not None:
        from solver.parsing import data_file

        export_data(data_file("nambarz_deck.toml"), export, "deck")
        return
    if as_json:
        emit_json(data.as_dict())
        return
    from trainer.games.nambarz.render import print_deck

    print_deck(data)


@app.command("simulate")
def simulate(
    players: Annotated[int, typer.Option("--players", "-n", help="2 to 12 players.")] = 4,
    rounds: Annotated[int, typer.Option("--rounds", "-r", help="Rounds: 1 (quick), 3 (classic) or 5 (long); extra rounds follow a tie.")] = 3,
    seed: SeedOpt = None,
    policy: PolicyOpt = "greedy",
    teams: Annotated[Optional[int], typer.Option("--teams", help="Teams of K players sitting together (2 to 6).")] = None,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the deals and every move as JSON lines to FILE.")] = None,
    *, rules, data, as_json: JsonOpt = False,
) -> None:
    """Whole games between bots, every move chosen among the legal ones: the rounds and the score sheet."""
    from solver.gamelog import write_log
    from solver.nambarz.simulate import log_lines, play_game

    game = play_game(players, rounds, seed, rules, policy, data, teams)
    if log is not None:
        write_log(log, log_lines(game))
    if as_json:
        emit_json(game.as_dict())
        return
    from trainer.games.nambarz.render import print_game

    print_game(game)


@app.command("referee")
def referee(
    log: Annotated[str, typer.Argument(help="A file of JSON lines (as simulate --log writes them), or - for stdin.")],
    *, rules=None, data, as_json: JsonOpt = False,
) -> None:
    """Judge a recorded game move by move: every illegal move, why, its penalty and the table after it (exit 1 if any).

    The rules are the log's game line's, unless --preset or a rule option is given.
    """
    from solver.gamelog import read_log
    from solver.nambarz.record import referee_log
    from solver.nambarz.words import explain_round_verdict

    text, source = read_log(log)
    v = referee_log(text, rules, source, data)
    if as_json:
        out = v.as_dict()
        for row, m in zip(out["illegal"], [m for m in v.moves if not m.legal]):
            row["explanation"] = explain_round_verdict(m.verdict)
        if out["first_illegal"] is not None:
            out["first_illegal"]["explanation"] = explain_round_verdict(v.first_illegal.verdict)
        emit_json(out)
    else:
        from trainer.games.nambarz.render import print_log_verdict

        print_log_verdict(v)
    if not v.legal:
        raise typer.Exit(EXIT_ILLEGAL)


@app.command("play")
def play(
    players: Annotated[int, typer.Option("--players", "-n", help="2 to 12 players, you included.")] = 3,
    bots: Annotated[Optional[int], typer.Option("--bots", help="How many of them are bots (default: all but you).")] = None,
    rounds: Annotated[int, typer.Option("--rounds", "-r", help="Rounds: 1, 3 or 5.")] = 1,
    seed: SeedOpt = None,
    policy: PolicyOpt = "greedy",
    *, rules,
) -> None:
    """A game against the bots in the terminal: type your move (6÷2, 3-hippo, change-number 5, draw), 'hint' or 'quit'."""
    from trainer.games.nambarz.play import play_game

    play_game(players, bots, rounds, seed, rules, policy)
