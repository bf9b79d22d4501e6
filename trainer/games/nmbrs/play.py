"""``tablecalc nmbrs play``: people against bots, in the terminal, round after round.

Every move goes through :meth:`Round.judge <solver.nmbrs.round.Round.judge>`: a refused move
is explained and changes nothing. It reads plain lines (``input()``), so it works in a
terminal and with lines piped on stdin; the end of the input or Ctrl-C ends the game cleanly.
"""

from __future__ import annotations

import random

import typer

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nmbrs.cards import Deck
from solver.nmbrs.round import MAX_PLAYERS, MIN_PLAYERS, Phase, Round, player_names
from solver.nmbrs.rules import Rules
from solver.nmbrs.simulate import Bot, Policy
from solver.nmbrs.words import refusal_reason

__all__ = ["play_game", "MAX_PLAY_ROUNDS"]

MAX_PLAY_ROUNDS = 100
"""The most rounds one sitting plays."""
SHOWN_MOVES = 30
"""The most legal moves ``moves`` lists."""


def _show(r: Round, me: int) -> None:
    hand = " ".join(str(c) for c in sorted(r.hands[me], key=lambda c: c.sort_key()))
    table = " | ".join(f"{i}: {' '.join(str(p) for p in s)}" for i, s in enumerate(r.table.sequences, 1))
    top = str(r.open_top) if r.open_top is not None else "-"
    others = ", ".join(f"{n} {len(h)}" for i, (n, h) in enumerate(zip(r.names, r.hands)) if i != me)
    typer.echo(_("  table: {table}").format(table=table or "-"))
    typer.echo(_("  open pile: {top}   closed pile: {closed} cards   cards held: {others}").format(
        top=top, closed=len(r.closed), others=others))
    typer.echo(_("  your hand ({name}, {points} points): {hand}").format(name=r.names[me], points=r.scores[me], hand=hand))


def _ask(r: Round, me: int) -> str:
    if r.phase is Phase.CLAIM:
        what = _("{name} refused {card}: claim it (and a closed card) or pass?").format(
            name=r.names[r.to], card=r.open_top)
    elif r.phase is Phase.DRAW:
        what = _("draw: {moves}").format(moves=" / ".join(str(m) for m in r.legal_moves()))
        if r.refused and r.claimed is not None:
            what = _("{name} claimed the card you refused; {what}").format(name=r.names[r.claimed], what=what)
    else:
        what = _("your moves: lay, add, cross, link, swap; end with discard CARD")
    typer.echo(_("{name}, {what}").format(name=r.names[me], what=what))
    return input("> ")


def _hint(r: Round, rng: random.Random) -> str:
    return str(Bot(Policy.BEST, rng).move(r))


def _sheet(r: Round) -> None:
    res = r.result()
    how = (_("{name} went out.").format(name=r.names[r.out]) if r.out is not None
           else _("Nobody went out ({why}).").format(why=r.blocked))
    typer.echo(_("Round {k} is over: {how}").format(k=r.number, how=how))
    for p in res.players:
        left = " ".join(map(str, p.hand)) or _("out")
        typer.echo(f"  {p.name:<6} {p.before:>4} - {p.penalty:<3} = {p.after:>4}   ({left})")


def play_game(players: int, bots: int, seed: int | None, rules: Rules, deck: Deck, policy: str = "best") -> tuple[int, ...]:
    """Play rounds until a player reaches ``rules.win_at``; the first ``players - bots`` seats are
    people. Returns the scores (the last round's, if the game was stopped)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TablecalcError(_("bad number of players {n}: Nmbrs! is played by {low} to {high}").format(
            n=players, low=MIN_PLAYERS, high=MAX_PLAYERS))
    if not 0 <= bots < players:
        raise TablecalcError(_("bad number of bots {k}: expected 0 to {high}, so that a person plays").format(
            k=bots, high=players - 1))
    try:
        pol = Policy(policy.strip().lower())
    except ValueError:
        raise TablecalcError(_("unknown policy {word}: expected best, greedy or random").format(word=repr(policy))) from None
    rng = random.Random(seed)
    people = players - bots
    names = tuple(f"You{'' if people == 1 else i + 1}" if i < people else n for i, n in enumerate(player_names(players)))
    seats = [None if i < people else Bot(pol, random.Random(rng.random())) for i in range(players)]
    scores = (rules.start_points,) * players
    typer.echo(_("Nmbrs! ({rules}): {names}. Type a move, 'moves', 'hint' or 'quit'.").format(
        rules=rules.name, names=", ".join(names)))
    for k in range(1, MAX_PLAY_ROUNDS + 1):
        r = Round.deal(rng, rules, deck, names, scores, to=(k - 1) % players, number=k)
        typer.echo(_("Round {k}: {name} plays first.").format(k=k, name=names[r.to]))
        shown = None
        while not r.is_terminal():
            p = r.current_player()
            bot = seats[p]
            if bot is not None:
                move = bot.move(r)
                typer.echo(f"  {names[p]}: {move}")
                r = r.apply(move)
                continue
            if shown != (r.turns, p, r.phase):
                _show(r, p)
                shown = (r.turns, p, r.phase)
            try:
                text = _ask(r, p).strip()
            except EOFError:
                typer.echo(_("Game stopped (end of input)."))
                return r.scores
            low = text.lower()
            if low in ("q", "quit", "exit"):
                typer.echo(_("Game stopped."))
                return r.scores
            if not low:
                continue
            if low in ("moves", "?"):
                moves = [str(m) for m in r.legal_moves()]
                more = _(" (and {n} more)").format(n=len(moves) - SHOWN_MOVES) if len(moves) > SHOWN_MOVES else ""
                typer.echo(_("  legal: {moves}{more}").format(moves="; ".join(moves[:SHOWN_MOVES]), more=more))
                continue
            if low in ("h", "hint"):
                typer.echo(_("  hint: {move}").format(move=_hint(r, rng)))
                continue
            try:
                move = r.parse_move(text)
                after, why = r.judge(move, p)
            except TablecalcError as e:
                typer.echo(_("  not understood: {error}").format(error=e))
                continue
            if why is not None:
                typer.echo(_("  refused: {reason}").format(reason=refusal_reason(why)))
                continue
            r = after  # type: ignore[assignment]
            shown = None
        _sheet(r)
        res = r.result()
        scores = tuple(pl.after for pl in res.players)
        if res.winners:
            top = max(scores)
            typer.echo(_("{names} won the game with {points} points.").format(names=" and ".join(res.winners), points=top))
            return scores
    return scores
