"""``tablecalc nambarz``: solve a hand, judge a play, score a game, show the deck; whole games
between bots (``simulate``), a recorded game refereed (``referee``), a game against the bots (``play``).

A thin layer over :mod:`solver.nambarz`: it reads the options, calls the solver and
renders. Bad input raises :class:`~solver.errors.TablecalcError`, which
:class:`trainer.clikit.Group` prints as one line (exit 2); ``check`` exits 1 when the play
is illegal. ``rules`` comes from :func:`trainer.clikit.add_rules_command`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from solver.expr import Intermediates, Order
from solver.nambarz.rules import HolderPlace, SimplestScope
from solver.nambarz.simulate import Policy
from trainer.clikit import EXIT_ILLEGAL, ExportOpt, ForceOpt, Group, JsonOpt, add_rules_command, emit_json, export_data, choice_option, preset_option

app = typer.Typer(cls=Group, no_args_is_help=True,
                  help="Nambarz: cover the top card by concordance or by the simplest calculation.")

TargetOpt = Annotated[str, typer.Option("--target", "-t", help="The top card to cover, e.g. 3-bee or 8.")]
HandOpt = Annotated[str, typer.Option("--hand", help="The hand, e.g. \"6 5 2 10\" or \"8-bee 5-cat rejouer\".")]
PresetOpt = preset_option("nambarz")
OrderOpt = choice_option("--order", choices=Order, help="Override: chain (left to right) or tree (parentheses).")
OpsOpt = Annotated[Optional[str], typer.Option("--ops", help="Override the allowed operations, e.g. '+-'.")]
InterOpt = choice_option("--intermediates", choices=Intermediates, help="Override: natural, integer or rational.")
ScopeOpt = choice_option("--simplest-against", choices=SimplestScope,
                         help="Judge 'simplest' against the whole 'hand' or the 'played' cards.")
DeckOpt = Annotated[Optional[Path], typer.Option("--deck", help="A deck file (TOML) instead of the built-in deck.")]
JokersOpt = Annotated[Optional[int], typer.Option("--jokers", help="Jokers in the deck: 12 (beginner), 8 (confirmed), 4 (experienced) or 0.")]
HandSizeOpt = Annotated[Optional[int], typer.Option("--hand-size", help="Cards dealt to each player (7).")]
JokerOnJokerOpt = Annotated[Optional[bool], typer.Option("--joker-on-joker/--no-joker-on-joker",
                                                          help="May a joker answer a change joker laid alone? (yes)")]
PlayDrawnOpt = Annotated[Optional[bool], typer.Option("--play-drawn/--no-play-drawn",
                                                      help="May a player who drew play at once if they now can? (no)")]
PolicyOpt = choice_option("--policy", choices=Policy, help="The bots: greedy (default), simplest or random.")
HolderOpt = choice_option("--holder-place", choices=HolderPlace,
                          help="2-5 players: the player left holding cards scores none (default) or last place.")
SeedOpt = Annotated[Optional[int], typer.Option("--seed", "-s", help="Random seed (same seed, same game).")]


def _round_rules(preset, jokers=None, hand_size=None, joker_on_joker=None, play_drawn=None, holder_place=None):
    from solver.nambarz import GAME

    return GAME.rules(preset, jokers=jokers, hand_size=hand_size, joker_on_joker=joker_on_joker,
                      play_drawn=play_drawn, holder_place=holder_place)


def _setup(preset, order, ops, intermediates, simplest, deck_path):
    from solver.nambarz import GAME

    rules = GAME.rules(preset, order=order, ops=ops, intermediates=intermediates, simplest=simplest)
    return rules, GAME.load_data(rules, deck_path)


@app.command("solve")
def solve(
    target: TargetOpt,
    hand: HandOpt,
    preset: PresetOpt = "basic",
    order: OrderOpt = None,
    ops: OpsOpt = None,
    intermediates: InterOpt = None,
    simplest_against: ScopeOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Every way the hand can cover the top card, and every simplest calculation."""
    from solver.nambarz import solve as do_solve
    from solver.nambarz.words import explain_solution

    rules, d = _setup(preset, order, ops, intermediates, simplest_against, deck)
    sol = do_solve(d.parse_card(target), d.parse_hand(hand), rules, d)
    if as_json:
        emit_json({**sol.as_dict(), "explanation": explain_solution(sol)})
        return
    from trainer.games.nambarz.render import print_solution

    print_solution(sol)


@app.command("check")
def check(
    answer: Annotated[str, typer.Argument(help="The play: a calculation like 6+5+2-10, one card, or draw.")],
    target: TargetOpt,
    hand: HandOpt,
    preset: PresetOpt = "basic",
    order: OrderOpt = None,
    ops: OpsOpt = None,
    intermediates: InterOpt = None,
    simplest_against: ScopeOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The referee's verdict on a play: legal or not, why, the penalty and any bonus (exit 1 if illegal)."""
    from solver.nambarz import check as do_check
    from solver.nambarz.words import explain_verdict

    rules, d = _setup(preset, order, ops, intermediates, simplest_against, deck)
    verdict = do_check(d.parse_card(target), d.parse_hand(hand), answer, rules, d)
    if as_json:
        emit_json({**verdict.as_dict(), "explanation": explain_verdict(verdict)})
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
    as_json: JsonOpt = False,
) -> None:
    """Score a game: 40/32/25/19/14 by finishing place plus coup de maître bonuses, over rounds and teams."""
    from solver.nambarz.scoring import Round, parse_teams, score_game

    names = [p.strip() for p in (players or "").split(",") if p.strip()]
    board = score_game([Round.parse(r) for r in rounds], names, parse_teams(team or []))
    if as_json:
        emit_json(board.as_dict())
        return
    from trainer.games.nambarz.render import print_scoreboard

    print_scoreboard(board)


@app.command("deck")
def deck_cmd(deck: DeckOpt = None, export: ExportOpt = None, force: ForceOpt = False, as_json: JsonOpt = False) -> None:
    """Show the deck: every card and its copies (which animals are assumed, not confirmed); --export writes the deck file to edit."""
    from solver.nambarz import GAME

    if export is not None:
        from solver.parsing import data_file

        export_data(data_file("nambarz_deck.toml"), export, "deck", force=force)
        return

    d = GAME.load_data(GAME.rules(), deck)
    if as_json:
        emit_json(d.as_dict())
        return
    from trainer.games.nambarz.render import print_deck

    print_deck(d)


@app.command("simulate")
def simulate(
    players: Annotated[int, typer.Option("--players", "-n", help="2 to 12 players.")] = 4,
    rounds: Annotated[int, typer.Option("--rounds", "-r", help="Rounds: 1 (quick), 3 (classic) or 5 (long); extra rounds follow a tie.")] = 3,
    seed: SeedOpt = None,
    policy: PolicyOpt = "greedy",
    teams: Annotated[Optional[int], typer.Option("--teams", help="Teams of K players sitting together (2 to 6).")] = None,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the deals and every move as JSON lines to FILE.")] = None,
    force: ForceOpt = False,
    preset: PresetOpt = "basic",
    jokers: JokersOpt = None,
    hand_size: HandSizeOpt = None,
    joker_on_joker: JokerOnJokerOpt = None,
    play_drawn: PlayDrawnOpt = None,
    holder_place: HolderOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Whole games between bots, every move chosen among the legal ones: the rounds and the score sheet."""
    from solver.gamelog import check_log_target, write_log
    from solver.nambarz import GAME
    from solver.nambarz.simulate import log_lines, play_game

    rules = _round_rules(preset, jokers, hand_size, joker_on_joker, play_drawn, holder_place)
    if log is not None:
        check_log_target(log, force=force)  # refused before the game is played
    game = play_game(players, rounds, seed, rules, policy, GAME.load_data(rules, deck), teams)
    if log is not None:
        write_log(log, log_lines(game), force=force)
    if as_json:
        emit_json(game.as_dict())
        return
    from trainer.games.nambarz.render import print_game

    print_game(game)


@app.command("referee")
def referee(
    log: Annotated[str, typer.Argument(help="A file of JSON lines (as simulate --log writes them), or - for stdin.")],
    preset: Annotated[Optional[str], typer.Option("--preset", "-p", help="The rules (default: the log's game line, else basic).")] = None,
    jokers: JokersOpt = None,
    joker_on_joker: JokerOnJokerOpt = None,
    play_drawn: PlayDrawnOpt = None,
    holder_place: HolderOpt = None,
    deck: DeckOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Judge a recorded game move by move: every illegal move, why, its penalty and the table after it (exit 1 if any)."""
    from solver.gamelog import read_log
    from solver.nambarz import GAME
    from solver.nambarz.record import referee_log
    from solver.nambarz.words import explain_ruling

    rules = None
    if preset is not None or any(x is not None for x in (jokers, joker_on_joker, play_drawn, holder_place)):
        rules = _round_rules(preset, jokers, None, joker_on_joker, play_drawn, holder_place)
    text, source = read_log(log)
    d = GAME.load_data(rules or GAME.rules(), deck)
    v = referee_log(text, rules, source, d)
    if as_json:
        out = v.as_dict()
        for row, m in zip(out["illegal"], [m for m in v.rulings if not m.legal]):
            row["explanation"] = explain_ruling(m.ruling)
        if out["first_illegal"] is not None:
            out["first_illegal"]["explanation"] = explain_ruling(v.first_illegal.ruling)
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
    preset: PresetOpt = "basic",
    jokers: JokersOpt = None,
    hand_size: HandSizeOpt = None,
    joker_on_joker: JokerOnJokerOpt = None,
    play_drawn: PlayDrawnOpt = None,
    holder_place: HolderOpt = None,
) -> None:
    """A game against the bots in the terminal: type your move (6÷2, 3-hippo, change-number 5, draw), 'hint' or 'quit'."""
    from trainer.games.nambarz.play import play_game

    rules = _round_rules(preset, jokers, hand_size, joker_on_joker, play_drawn, holder_place)
    play_game(players, bots, rounds, seed, rules, policy)


add_rules_command(app, "nambarz")
