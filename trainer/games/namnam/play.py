"""``tablecalc namnam play``: a game against the computer, in the terminal, move by move."""

from __future__ import annotations

import random

import typer

from solver.errors import TablecalcError
from solver.namnam import GameState, Position, Rules
from solver.namnam.board import SIDES, SOUTH
from solver.namnam.players import PLAY_LEVELS, computer_move
from solver.namnam.referee import judge
from solver.namnam.words import explain_verdict
from trainer.games.namnam.render import console, marks_of, print_board

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
    console.print(f"You play {SIDES[human]} against the computer ({level}: {PLAY_LEVELS[level].description}).")
    console.print("Type a pit number 1-6 counted from your left, 'hint' for the best move, or 'quit'.")
    marks: set = set()
    show = True
    while not state.is_terminal():
        if show:
            print_board(state.position, rules, marks)
        show = False
        mover = state.position.to_move
        if mover == human:
            answer = typer.prompt("Your move").strip().lower()
            if answer in ("q", "quit", "exit"):
                console.print("Game abandoned.")
                return state
            if answer in ("h", "hint", "?"):
                pit = computer_move(state.position, rules, "hard", rng)
                console.print(f"Hint: pit {pit}.")
                continue
        else:
            answer = str(computer_move(state.position, rules, level, rng))
            console.print(f"The computer sows pit {answer}.")
        v = judge(state.position, answer, rules)
        console.print(explain_verdict(v) if v.legal or mover != human else f"[bold]{explain_verdict(v)}[/]")
        if not v.legal:
            continue
        show = True
        marks = marks_of(v.captured_pits or (v.last,), mover)
        state = state.apply(state.parse_move(answer))
    print_board(state.position, rules, marks)
    s, n = state.final_seeds()
    why = "the position came back (an endless cycle)" if state.is_repetition else (
        "every seed is taken" if state.position.seeds_on_board == 0 else "the player to move cannot play")
    console.print(f"Game over: {why}; each player takes the seeds left in their own row.")
    mine, theirs = (s, n) if human == SOUTH else (n, s)
    verdict = "You win" if mine > theirs else "You lose" if mine < theirs else "A draw"
    console.print(f"[bold]{verdict}[/]: South {s}, North {n}.")
    return state


