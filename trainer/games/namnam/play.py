"""``tablecalc namnam play``: a game against the computer, in the terminal, move by move."""

from __future__ import annotations

import random

import typer

from solver.errors import TablecalcError
from solver.i18n import _
from solver.namnam import GameState, Position, Rules
from solver.namnam.position import SIDES, SOUTH
from solver.namnam.bots import PLAY_LEVELS, computer_move
from solver.namnam.referee import judge
from solver.namnam.words import explain_verdict, side_name
from trainer.games.namnam.render import console, marks_of, print_board
from trainer.out import safe

__all__ = ["play_game"]


def play_game(position: Position, rules: Rules, *, level: str, first: str, seed: int | None) -> GameState:
    """Play until the game ends or the player types ``quit``; returns the last state."""
    if level not in PLAY_LEVELS:
        raise TablecalcError(f"unknown level {level!r}: expected one of {', '.join(PLAY_LEVELS)}")
    if first not in ("you", "computer"):
        raise TablecalcError(f"bad --first {first!r}: expected you or computer")
    rng = random.Random(seed)
    human = position.to_move if first == "you" else 1 - position.to_move
    state = GameState(position, rules)
    console.print(_("You play {side} against the computer ({level}: {description}).").format(
        side=side_name(SIDES[human]), level=level, description=PLAY_LEVELS[level].description))
    console.print(_("Type a pit number 1-6 counted from your left, 'hint' for the best move, or 'quit'."))
    marks: set = set()
    show = True
    while not state.is_terminal():
        if show:
            print_board(state.position, rules, marks)
        show = False
        mover = state.position.to_move
        if mover == human:
            answer = typer.prompt(_("Your move")).strip().lower()
            if answer in ("q", "quit", "exit", "quitter", "stop", "stoppen"):
                console.print(_("Game abandoned."))
                return state
            if answer in ("h", "hint", "?", "indice", "aide", "tip", "hulp"):
                pit = computer_move(state.position, rules, "hard", rng)
                console.print(_("Hint: pit {pit}.").format(pit=pit))
                continue
        else:
            answer = str(computer_move(state.position, rules, level, rng))
            console.print(_("The computer sows pit {pit}.").format(pit=answer))
        v = judge(state.position, answer, rules)
        console.print(safe(explain_verdict(v)) if v.legal or mover != human else f"[bold]{safe(explain_verdict(v))}[/]")
        if not v.legal:
            continue
        show = True
        marks = marks_of(v.captured_pits or (v.last,), mover)
        state = state.apply(state.parse_move(answer))
    print_board(state.position, rules, marks)
    s, n = state.final_seeds()
    why = _("the position came back (an endless cycle)") if state.is_repetition else (
        _("every seed is taken") if state.position.seeds_on_board == 0 else _("the player to move cannot play"))
    console.print(_("Game over: {why}; each player takes the seeds left in their own row.").format(why=why))
    mine, theirs = (s, n) if human == SOUTH else (n, s)
    verdict = _("You win") if mine > theirs else _("You lose") if mine < theirs else _("A draw")
    console.print(f"[bold]{verdict}[/]: " + _("{south} {s}, {north} {n}.").format(
        south=side_name("South"), s=s, north=side_name("North"), n=n))
    return state


