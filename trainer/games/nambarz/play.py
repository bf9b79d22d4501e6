"""``tablecalc nambarz play``: a game against the bots in the terminal, every move refereed.

The human players type their moves; the referee (the round state's ``judge``) judges each:
a legal move is played, an illegal one costs the seed's penalty (draw 3, take back the cards)
and the turn passes, text that lays nothing is asked again. It reads plain lines too (tests,
pipes); end of input or Ctrl-C stops the game cleanly, with the score sheet so far.
"""

from __future__ import annotations

import random

import typer
from typer.exceptions import Abort

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nambarz.cards import card_name
from solver.nambarz.moves import Announcement
from solver.nambarz.round import RoundState
from solver.nambarz.rules import Rules
from solver.nambarz.scoring import score_game
from solver.nambarz.simulate import MAX_EXTRA_ROUNDS, MAX_ROUNDS, choose, drawn_by, next_starter, policy_of
from solver.nambarz.words import explain_round_verdict
from trainer.games.nambarz.render import console, print_scoreboard
from trainer.out import escape

__all__ = ["play_game", "seat_names"]

_QUIT = {"q", "quit", "exit", "stop"}
_HINT = {"h", "hint", "?"}


def seat_names(players: int, bots: int) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """Names and which seats are human: the humans first (``You``, or ``Player1``...), then the bots.

    >>> seat_names(3, 2)
    (('You', 'Bot1', 'Bot2'), (True, False, False))
    """
    humans = players - bots
    names = ["You"] if humans == 1 else [f"Player{i + 1}" for i in range(humans)]
    names += [f"Bot{i + 1}" for i in range(bots)]
    return tuple(names), tuple(i < humans for i in range(players))


def _show(state: RoundState) -> None:
    cover = state.cover
    if isinstance(cover, Announcement):
        top = _("{joker} laid alone, announcing {value}: lay one card of it (no calculation)").format(
            joker=card_name(cover.joker), value=cover.value)
    else:
        top = card_name(cover)
    if state.phase.value == "again":
        top += _(" — you laid play-again: play again, or draw")
    elif state.phase.value == "last-draw":
        top += _(" — play-again was your last card: draw")
    others = ", ".join(f"{n} {len(h)}" for i, (n, h) in enumerate(zip(state.names, state.hands)) if i != state.to)
    console.print(escape(_("Top: {top}").format(top=top)))
    console.print(escape(_("Your hand ({name}): {hand}").format(
        name=state.names[state.to], hand=" ".join(card_name(c) for c in sorted(state.hand())) or "-")))
    console.print("[dim]" + escape(_("Cards held: {others}; draw pile {n}").format(others=others, n=len(state.stock))) + "[/]")


def _human_turn(state: RoundState, rng: random.Random, policy) -> RoundState | None:
    """One human move (asked again until the referee can rule on it); ``None`` to stop."""
    while True:
        _show(state)
        answer = typer.prompt(_("Your move")).strip()
        if answer.lower() in _QUIT:
            return None
        if answer.lower() in _HINT:
            console.print(escape(_("Hint: {move}").format(move=choose(state, policy, rng))))
            continue
        try:
            verdict = state.judge(answer)
        except TablecalcError as e:
            console.print(escape(str(e)))
            continue
        console.print(escape(explain_round_verdict(verdict)))
        nxt = state.after(verdict)
        if nxt is state:  # nothing laid, no penalty: try again
            continue
        laid = verdict.move.cards if verdict.legal and verdict.move else ()
        if verdict.penalty.play_instead is not None:
            laid = verdict.penalty.play_instead.cards
        elif verdict.joker_stands and verdict.move is not None:
            laid = verdict.move.cards[:1]
        drew = drawn_by(state, nxt, state.to, laid)
        if drew:
            console.print(escape(_("You drew {cards}.").format(cards=" ".join(map(str, drew)))))
        return nxt


def play_game(players: int, bots: int | None, rounds: int, seed: int | None, rules: Rules, policy: str = "greedy"):
    """Play ``rounds`` rounds (and extra rounds on a tie) with ``bots`` bots; returns the score sheet."""
    bots = players - 1 if bots is None else bots
    if not 2 <= players <= 12:
        raise TablecalcError(_("Nambarz is played by {low} to {high} players, not {n}").format(low=2, high=12, n=players))
    if not 0 <= bots <= players - 1:
        raise TablecalcError(_("bad --bots {k}: expected 0 to {most} (at least one seat is yours)").format(
            k=bots, most=players - 1))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TablecalcError(_("bad number of rounds {r}: expected 1 to {most} (the seed: 1, 3 or 5)").format(
            r=rounds, most=MAX_ROUNDS))
    pol = policy_of(policy)
    names, human = seat_names(players, bots)
    RoundState.deal(names, rules, None, 0)  # refuses a table the deck cannot deal
    rng = random.Random(seed)
    console.print(escape(_("Nambarz, {n} players ({names}), {rules}.").format(
        n=players, names=", ".join(names), rules=rules.describe())))
    console.print(escape(_("Type a calculation (6÷2), a card (3-hippo), a joker (change-number 5, "
                           "change-drawing cat then 5-cat, play-again), draw, hint or quit.")))
    results: list = []
    starter = 0
    try:
        while True:
            k = len(results) + 1
            state = RoundState.deal(names, rules, None, rng.randrange(2**31), starter)
            console.print(escape(_("Round {k}: {name} starts.").format(k=k, name=names[starter])))
            while not state.is_terminal():
                p = state.to
                before_out = state.out
                if human[p]:
                    nxt = _human_turn(state, rng, pol)
                    if nxt is None:
                        console.print(escape(_("Game stopped.")))
                        return _finish(results, names, rules)
                    state = nxt
                else:
                    m = choose(state, pol, rng)
                    nxt = state.apply(m)
                    what = _("{name} draws a card").format(name=names[p]) if m.kind.value == "draw" else \
                        _("{name} plays {move}").format(name=names[p], move=m)
                    console.print(escape(what + _(" ({n} left).").format(n=len(nxt.hands[p]))))
                    state = nxt
                if p in state.out and p not in before_out:
                    line = _("You are out: place {place}.") if human[p] and names[p] == "You" else _("{name} is out: place {place}.")
                    console.print(escape(line.format(name=names[p], place=len(state.out))))
            results.append(state.result())
            console.print(escape(_("Round {k} is over: {result}.").format(k=k, result=state.result())))
            board = score_game(results, names, None, rules)
            starter = next_starter(state)
            if k >= rounds and (len(board.leaders) == 1 or k >= rounds + MAX_EXTRA_ROUNDS):
                break
            if k >= rounds:
                console.print(escape(_("A tie: an extra round.")))
    except (Abort, EOFError, KeyboardInterrupt):
        console.print(escape(_("Game stopped.")))
    return _finish(results, names, rules)


def _finish(results, names, rules):
    if not results:
        console.print(escape(_("No round was finished: no score sheet.")))
        return None
    board = score_game(results, names, None, rules)
    print_scoreboard(board)
    return board
