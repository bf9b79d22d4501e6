"""Seeded games between bots, for every game: each round dealt from the seed, every move chosen by
a bot and judged by the game's referee before it is played, the scores carried from round to
round. The same seed plays the same game; its log (:func:`Played.log_lines`) is one the referee
judges all legal.

>>> from solver.registry import find_game
>>> g = find_game("namnam")
>>> played = simulate(g, g.rules(), None, ("Ann", "Bob"), rounds=1, seed=3, bots=("random",))
>>> len(played.rounds), played.rounds[0].moves[0][1] in "123456"
(1, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.game import BaseGame
from solver.whole import Match
from solver.whole.log import MAX_PLAYERS, lines

__all__ = ["PlayedRound", "Played", "simulate", "MAX_ROUNDS", "MAX_MOVES", "check_players"]

MAX_ROUNDS = 1_000
"""The most rounds one simulation plays."""
MAX_MOVES = 100_000
"""The most moves of one round (every game's own rules end a round long before)."""


@dataclass(frozen=True)
class PlayedRound:
    deal: str
    moves: tuple[tuple[int, str], ...]
    scores: tuple[float, ...]


@dataclass(frozen=True)
class Played:
    game: str
    names: tuple[str, ...]
    preset: str
    options: dict
    seed: int
    bots: tuple[str, ...]
    rounds: tuple[PlayedRound, ...]
    scores: tuple[float, ...]
    match: Any = field(default=None, compare=False, repr=False)
    """The match as it ended (its places: ``Match.standing()``, where the game has it)."""

    def log_lines(self) -> Iterable[dict]:
        """The game as a log (:mod:`solver.whole.log`)."""
        return lines(self.game, self.names, self.preset, self.options,
                     ((r.deal, ((seat, move, {}) for seat, move in r.moves), r.scores) for r in self.rounds),
                     seed=self.seed, bots=self.bots)

    def as_dict(self) -> dict:
        return {"game": self.game, "players": list(self.names), "seed": self.seed, "bots": list(self.bots),
                "rounds": [{"round": k, "moves": len(r.moves), "scores": list(r.scores)}
                           for k, r in enumerate(self.rounds, 1)],
                "scores": dict(zip(self.names, self.scores))}


def check_players(names: Sequence[str], lo: int, hi: int) -> tuple[str, ...]:
    """Players' names, checked: ``lo`` to ``hi`` of them (at most :data:`MAX_PLAYERS`), each different."""
    names = tuple(n.strip() for n in names)
    hi = min(hi, MAX_PLAYERS)
    if not lo <= len(names) <= hi:
        raise TablecalcError(_("bad number of players {names}: expected {lo} to {hi}").format(names=len(names), lo=lo, hi=hi))
    if any(not n or len(n) > 40 for n in names) or len({n.lower() for n in names}) != len(names):
        raise TablecalcError(_("bad players {value}: expected different names of 1 to 40 characters").format(value=quoted(', '.join(names))))
    return names


def simulate(game: BaseGame, rules: Any, data: Any, names: Sequence[str], *, rounds: int, seed: int,
             bots: Sequence[str]) -> Played:
    """Play ``rounds`` rounds (fewer when the match ends first) between ``bots`` (one per seat, or
    one for all), dealt and played from ``seed``."""
    match: Match | None = game.new_match(tuple(names), rules, data)
    if match is None:
        raise TablecalcError(_("{name} is not played move by move: there is nothing to simulate").format(name=game.name))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TablecalcError(_("bad number of rounds {rounds}: expected 1 to {max_rounds}").format(rounds=rounds, max_rounds=MAX_ROUNDS))
    kinds = tuple(bots) or (next(iter(match.bots)),)
    for kind in kinds:
        if kind not in match.bots:
            raise TablecalcError(_("unknown bot {kind}: expected one of {choices}").format(kind=quoted(kind), choices=', '.join(match.bots)))
    if len(kinds) not in (1, len(match.names)):
        raise TablecalcError(_("{kinds} bots for {names} players: expected one for all, or one each").format(kinds=len(kinds), names=len(match.names)))
    seats = [kinds[i % len(kinds)] for i in range(len(match.names))]
    rng = random.Random(seed)
    players = [match.bot(kind, i, random.Random(rng.getrandbits(64))) for i, kind in enumerate(seats)]
    played: list[PlayedRound] = []
    while len(played) < rounds and not match.is_over():
        state = match.deal(rng)
        deal = str(state)
        moves: list[tuple[int, str]] = []
        while not state.is_terminal():
            if len(moves) >= MAX_MOVES:  # pragma: no cover - a game whose rules never end a round
                raise TablecalcError(_("{name}: a round passed {max_moves} moves without ending").format(name=game.name, max_moves=format(MAX_MOVES, ",")))
            seat = state.current_player()
            move = players[seat].choose(state)
            verdict = state.judge(move, seat)
            if not verdict.legal:  # pragma: no cover - a bot that plays an illegal move is a bug of the bot
                raise AssertionError(f"{game.name} bot {seats[seat]} played {move!r}, refused: {verdict.violations}")
            moves.append((seat, move))
            state = state.after(verdict)
        match = match.after_round(state)
        played.append(PlayedRound(deal, tuple(moves), tuple(match.scores())))
    base = rules.name.removesuffix("+custom")
    return Played(game.name, match.names, base, rules.changes(), seed, tuple(seats), tuple(played),
                  tuple(match.scores()), match)
