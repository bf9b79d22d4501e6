"""Whole Nambarz games between bots: rounds dealt from a seed, every move chosen among the
round state's legal moves (so the referee accepts each one), the score sheet after every
round, extra rounds on a tie, teams.

Bots (``policy``) see only their own hand and the card to cover:

* ``simplest`` — the first legal move: the simplest calculation, else a concordant card,
  else a joker, else draw;
* ``greedy`` — the move that lays the most cards (a joker with the card after it before a
  joker alone), keeping jokers for when nothing else goes; a change joker announces what
  the bot holds most of;
* ``random`` — any legal move.

>>> g = play_game(3, 1, seed=2)
>>> len(g.rounds), sorted(g.scores) == ['P1', 'P2', 'P3'], g.rounds[0].end.is_terminal()
(1, True, True)
>>> [line["type"] for line in log_lines(g)][:3]
['game', 'deal', 'move']
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nambarz.cards import Deck
from solver.nambarz.moves import Move
from solver.nambarz.round import RoundState
from solver.nambarz.rules import Rules
from solver.nambarz.scoring import MAX_TEAM, MIN_TEAM, Scoreboard, score_game
from solver.nambarz.state import MoveKind

__all__ = ["Policy", "choose", "RoundRecord", "GameRecord", "play_round", "play_game", "log_lines", "make_teams",
           "MAX_ROUNDS", "MAX_EXTRA_ROUNDS", "drawn_by"]

MAX_ROUNDS = 100
"""The most rounds one game asks (the seed's games are 1, 3 or 5 rounds)."""
MAX_EXTRA_ROUNDS = 10
"""Extra rounds played at most to settle a tie; a tie still standing after them is reported."""


class Policy(enum.StrEnum):
    SIMPLEST = "simplest"
    GREEDY = "greedy"
    RANDOM = "random"


def policy_of(text: str | Policy) -> Policy:
    try:
        return Policy(str(text).strip().lower())
    except ValueError:
        raise TablecalcError(_("unknown policy {p}: expected one of {all}").format(
            p=repr(str(text)), all=", ".join(p.value for p in Policy))) from None


def _greedy_key(state: RoundState, move: Move) -> tuple:
    hand = state.hand()
    if move.kind is MoveKind.JOKER:
        said = move.announce or ""
        rest = [c for c in hand if c not in move.cards]
        fits = sum(1 for c in rest if str(c.number) == said or c.animal == said)
        return (0, len(move.cards), fits)
    if move.kind is MoveKind.DRAW:
        return (-1, 0, 0)
    return (1, len(move.cards), 0)


def choose(state: RoundState, policy: Policy | str, rng: random.Random) -> Move:
    """The bot's move for the player to move: one of ``state.legal_moves()``."""
    moves = state.legal_moves()
    p = policy_of(policy)
    if p is Policy.RANDOM:
        return rng.choice(moves)
    if p is Policy.SIMPLEST:
        return moves[0]
    return max(moves, key=lambda m: _greedy_key(state, m))


def drawn_by(before: RoundState, after: RoundState, player: int, laid: Sequence = ()) -> list:
    """The cards ``player`` drew between two states (in the order drawn)."""
    kept = Counter(before.hands[player])
    kept.subtract(Counter(laid))
    new = list(after.hands[player])
    out = []
    for c in new:
        if kept[c] > 0:
            kept[c] -= 1
        else:
            out.append(c)
    return out


@dataclass(frozen=True)
class RoundRecord:
    """One round: its number, the deal, every move (player, move, cards drawn) and the end."""

    number: int
    seed: int
    start: RoundState
    moves: tuple[tuple[int, Move, tuple], ...]
    end: RoundState

    def as_dict(self) -> dict:
        names = self.start.names
        return {"round": self.number, "seed": self.seed, "starter": names[self.start.to], "moves": len(self.moves),
                "end": self.end.end().value if self.end.end() else None, "result": str(self.end.result()),
                "points": dict(zip(names, (int(x) for x in self.end.returns()))),
                "cards_left": {n: len(h) for n, h in zip(names, self.end.hands)}}


@dataclass
class GameRecord:
    names: tuple[str, ...]
    seed: int | None
    rules: Rules
    policy: Policy
    rounds_asked: int
    teams: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rounds: list[RoundRecord] = field(default_factory=list)
    board: Scoreboard | None = None

    @property
    def scores(self) -> dict[str, int]:
        return dict(self.board.totals) if self.board else {n: 0 for n in self.names}

    @property
    def extra_rounds(self) -> int:
        return max(0, len(self.rounds) - self.rounds_asked)

    def as_dict(self) -> dict:
        board = self.board.as_dict() if self.board else None
        return {"players": len(self.names), "names": list(self.names), "seed": self.seed, "policy": self.policy.value,
                "rules": self.rules.as_dict(), "rounds_asked": self.rounds_asked, "extra_rounds": self.extra_rounds,
                "rounds": [r.as_dict() for r in self.rounds], "scores": self.scores,
                "teams": {t: list(m) for t, m in self.teams.items()},
                "team_scores": dict(self.board.team_totals) if self.board else {},
                "leaders": list(self.board.leaders) if self.board else [],
                "tie": bool(self.board and len(self.board.leaders) > 1), "score_sheet": board}


def make_teams(names: Sequence[str], size: int | None) -> dict[str, tuple[str, ...]]:
    """Teams of ``size`` players sitting one after another (seed 000: 2 to 6 players a team).

    >>> make_teams(["P1", "P2", "P3", "P4"], 2)
    {'T1': ('P1', 'P2'), 'T2': ('P3', 'P4')}
    """
    if size is None:
        return {}
    n = len(names)
    if not MIN_TEAM <= size <= MAX_TEAM:
        raise TablecalcError(_("bad team size {k}: a Nambarz team has {low} to {high} players").format(
            k=size, low=MIN_TEAM, high=MAX_TEAM))
    if n % size or n // size < 2:
        raise TablecalcError(_("{n} players cannot make teams of {k}: expected a multiple of {k}, at least two teams").format(
            n=n, k=size))
    return {f"T{i + 1}": tuple(names[i * size:(i + 1) * size]) for i in range(n // size)}


def play_round(state: RoundState, policies: Sequence[Policy], rng: random.Random, number: int = 1,
               seed: int = 0) -> RoundRecord:
    """Play ``state`` to its end, each player with their policy."""
    start = state
    moves = []
    while not state.is_terminal():
        p = state.to
        m = choose(state, policies[p], rng)
        nxt = state.apply(m)
        laid = () if m.kind is MoveKind.DRAW else m.cards
        moves.append((p, m, tuple(drawn_by(state, nxt, p, laid))))
        state = nxt
    return RoundRecord(number, seed, start, tuple(moves), state)


def next_starter(state: RoundState) -> int:
    """Who starts the next round: the player with the most points in this one (seed 000, I);
    on equal points the first of them in seat order."""
    pts = state.returns()
    return max(range(len(pts)), key=lambda i: (pts[i], -i))


def play_game(players: int, rounds: int, seed: int | None = None, rules: Rules | None = None,
              policy: Policy | str | Sequence[Policy | str] = Policy.GREEDY, deck: Deck | None = None,
              team_size: int | None = None) -> GameRecord:
    """A game of ``rounds`` rounds (1, 3 or 5 in the seed) between bots, then extra rounds while
    the leaders (players, or teams) tie, at most :data:`MAX_EXTRA_ROUNDS`."""
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TablecalcError(_("bad number of rounds {r}: expected 1 to {most} (the seed: 1, 3 or 5)").format(
            r=rounds, most=MAX_ROUNDS))
    rules = rules or Rules()
    first = RoundState.deal(players, rules, deck, 0)  # checks the players and the deck
    names = first.names
    teams = make_teams(names, team_size)
    pols = [policy_of(policy)] * len(names) if isinstance(policy, (str, Policy)) else [policy_of(p) for p in policy]
    if len(pols) != len(names):
        raise TablecalcError(_("one policy per player: {n} players, {k} policies").format(n=len(names), k=len(pols)))
    rng = random.Random(seed)
    game = GameRecord(names, seed, rules, pols[0], rounds, teams)
    starter = 0
    while True:
        k = len(game.rounds) + 1
        round_seed = rng.randrange(2**31)
        state = RoundState.deal(names, rules, deck, round_seed, starter)
        rec = play_round(state, pols, rng, k, round_seed)
        game.rounds.append(rec)
        game.board = score_game([r.end.result() for r in game.rounds], names, teams, rules)
        starter = next_starter(rec.end)
        if k >= rounds and (len(game.board.leaders) == 1 or k >= rounds + MAX_EXTRA_ROUNDS):
            return game


def log_lines(game: GameRecord) -> Iterator[dict]:
    """The game as the JSON lines ``simulate --log`` writes and ``referee`` reads (``docs/nambarz.md``)."""
    yield {"type": "game", "players": len(game.names), "names": list(game.names), "seed": game.seed,
           "rounds": game.rounds_asked, "policy": game.policy.value, "rules": game.rules.as_dict(),
           "teams": {t: list(m) for t, m in game.teams.items()}}
    for r in game.rounds:
        s = r.start
        yield {"type": "deal", "round": r.number, "names": list(s.names), "hands": [" ".join(map(str, h)) for h in s.hands],
               "top": str(s.cover), "stock": " ".join(map(str, s.stock)), "to": s.names[s.to], "seed": r.seed}
        for p, m, drew in r.moves:
            line = {"type": "move", "round": r.number, "player": s.names[p], "move": str(m)}
            if drew:
                line["drew"] = " ".join(map(str, drew))
            yield line
        yield {"type": "round-end", "round": r.number, "end": r.end.end().value if r.end.end() else None,
               "result": str(r.end.result()), "points": dict(zip(s.names, (int(x) for x in r.end.returns())))}
    board = game.board
    yield {"type": "end", "rounds": len(game.rounds), "scores": game.scores,
           "team_scores": dict(board.team_totals) if board else {}, "leaders": list(board.leaders) if board else []}
