"""Whole Nmbrs! games between bots: deal, play every round through :class:`~solver.nmbrs.round.Round`
(so every move is judged by the referee), score the end of each round, until a player has
``win_at`` points or the rounds asked are played.

Bots see their own hand, the table and the open pile:

* ``best`` — plays the best turn (:func:`~solver.nmbrs.best.best_turn`); takes the open card
  (or claims a refused one) when it raises the best turn it could play now, or is a joker;
  discards the card worth the most points (a joker last). When the search is too large (many
  jokers) it falls back to ``greedy`` for that decision.
* ``greedy`` — lays, move after move, the legal move that scores the most (no search
  ahead); draws like ``best`` with the greedy turn as the measure.
* ``random`` — any legal move.

>>> g = play_game(3, 2, seed=4, policies="random")
>>> len(g.rounds) >= 1, sorted(g.scores) == sorted(g.rounds[-1].result.players[i].after for i in range(3))
(True, True)
>>> [line["type"] for line in log_lines(g)][:3]
['game', 'deal', 'move']
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from solver.errors import SearchTooLarge, TablecalcError
from solver.i18n import _
from solver.nmbrs.best import best_turn
from solver.nmbrs.cards import Card, Deck
from solver.nmbrs.moves import Move, MoveKind
from solver.nmbrs.round import MAX_PLAYERS, MIN_PLAYERS, Draw, DrawKind, Phase, Round, RoundMove, player_names
from solver.nmbrs.rules import Rules
from solver.nmbrs.scoring import RoundResult
from solver.nmbrs.table import Table

__all__ = ["Policy", "Bot", "RoundRecord", "GameRecord", "play_round", "play_game", "log_lines", "parse_policies",
           "MAX_ROUNDS", "SIM_MAX_TURNS", "BOT_WORK", "BOT_LIMIT"]

MAX_ROUNDS = 1_000
"""The most rounds one simulation plays."""
SIM_MAX_TURNS = 400
"""The ``max_turns`` a simulation plays with when the rules set none: every round ends."""
BOT_WORK = 300_000
"""The search budget of one ``best`` decision (steps of :func:`~solver.nmbrs.best.best_turn`);
past it the bot decides as ``greedy`` does. A hand without jokers needs a few hundred."""
BOT_LIMIT = 5_000
"""The positions one ``best`` decision may visit."""
GREEDY_CANDIDATES = 400
"""The most moves ``greedy`` compares at one step (the first ones the move generator lists)."""


class Policy(enum.StrEnum):
    BEST = "best"
    GREEDY = "greedy"
    RANDOM = "random"


def parse_policies(text: str | Sequence[str], players: int) -> tuple[Policy, ...]:
    """One policy per seat from ``"best"`` (everyone) or ``"best,random"`` (seat by seat, repeated).

    >>> [str(p) for p in parse_policies("best,random", 3)]
    ['best', 'random', 'best']
    """
    words = [w.strip().lower() for w in (text.split(",") if isinstance(text, str) else text)]
    out = []
    for w in words:
        try:
            out.append(Policy(w))
        except ValueError:
            raise TablecalcError(_("unknown policy {word}: expected {names}, or one per player separated by commas").format(
                word=repr(w), names=", ".join(p.value for p in Policy))) from None
    if not out:
        raise TablecalcError(_("no policy given: expected best, greedy or random"))
    return tuple(out[i % len(out)] for i in range(players))


def _discard_choice(hand: Sequence[Card], deck: Deck) -> Card:
    """The card a bot throws away: the one worth the most points, the highest number on a tie; a joker last."""
    return max(hand, key=lambda c: (not c.is_joker, deck.points_of(c), c.number or 0))


class Bot:
    """One seat's player. ``move(state)`` is one of ``state.legal_moves()``; a ``best`` or
    ``greedy`` bot keeps the plan of its turn between calls."""

    def __init__(self, policy: Policy | str, rng: random.Random):
        self.policy, self.rng = Policy(policy), rng
        self._plan: list[Move] = []
        self._plan_for: tuple | None = None
        self.fallbacks = 0
        """Decisions taken as ``greedy`` because the best-turn search was too large."""

    # -- measuring a hand ----------------------------------------------------------------

    def _value(self, table: Table, hand: Sequence[Card], r: Round, opened: bool) -> int:
        """What the best (or greedy) turn with ``hand`` on ``table`` would score now."""
        if not hand:
            return 0
        if self.policy is Policy.BEST:
            try:
                return best_turn(table, hand, r.rules, r.deck, opened, BOT_LIMIT, max_work=BOT_WORK).score
            except SearchTooLarge:
                self.fallbacks += 1
        from solver.nmbrs.position import Position
        from solver.nmbrs.state import Turn

        turn = Turn.start(Position(tuple(hand), table, opened), r.rules, r.deck)
        return _greedy_turn(turn).score

    def _wants(self, card: Card | None, hand: Sequence[Card], r: Round, player: int) -> bool:
        if card is None:
            return False
        if card.is_joker:
            return True
        opened = r.opened[player]
        return self._value(r.table, [*hand, card], r, opened) > self._value(r.table, hand, r, opened)

    # -- the move ------------------------------------------------------------------------

    def move(self, r: Round) -> RoundMove:
        moves = r.legal_moves()
        if self.policy is Policy.RANDOM:
            return self.rng.choice(moves)
        if r.phase is Phase.CLAIM:
            want = self._wants(r.open_top, r.hands[r.current_player()], r, r.current_player())
            return Draw(DrawKind.CLAIM if want else DrawKind.PASS)
        if r.phase is Phase.DRAW:
            kinds = [m.kind for m in moves if isinstance(m, Draw)]
            if DrawKind.OPEN in kinds and (DrawKind.CLOSED not in kinds and DrawKind.REFUSE not in kinds
                                           or self._wants(r.open_top, r.hands[r.to], r, r.to)):
                return Draw(DrawKind.OPEN)
            return Draw(DrawKind.REFUSE if DrawKind.REFUSE in kinds else DrawKind.CLOSED)
        return self._lay(r, moves)

    def _lay(self, r: Round, moves: list) -> RoundMove:
        turn = r.turn
        assert turn is not None
        key = (r.number, r.turns, r.to)
        if self._plan_for != key:
            self._plan_for, self._plan = key, self._make_plan(turn)
        done = len(turn.results)
        if done < len(self._plan):
            return self._plan[done]
        hand = turn.state.hand
        if not hand:
            return Move(MoveKind.END)
        return Move(MoveKind.DISCARD, (), (_discard_choice(hand, r.deck),))

    def _make_plan(self, turn) -> list[Move]:
        if self.policy is Policy.BEST:
            p = turn.position
            try:
                found = best_turn(p.table, p.hand, turn.rules, turn.deck, p.opened, BOT_LIMIT, max_work=BOT_WORK)
                return list(found.moves)
            except SearchTooLarge:
                self.fallbacks += 1
        return list(_greedy_turn(turn).moves)


def _greedy_turn(turn):
    """The turn played move by move, each time the legal move that scores the most (then lays
    the most cards); stops when no move lays a card."""
    while True:
        best = None
        for m in turn.legal_moves()[:GREEDY_CANDIDATES]:
            if m.ends_turn or m.kind is MoveKind.SWAP:
                continue
            after, why = turn.judge(m)
            if why is not None:
                continue
            res = after.results[-1]
            key = (res.score, len(res.laid))
            if best is None or key > best[0]:
                best = (key, after)
        if best is None:
            return turn
        turn = best[1]


# ---------------------------------------------------------------- whole games


@dataclass(frozen=True)
class RoundRecord:
    """One round: its deal, its moves (player, move), how it ended and the score sheet."""

    number: int
    start: Round
    moves: tuple[tuple[int, RoundMove], ...]
    end: Round
    result: RoundResult

    def as_dict(self) -> dict:
        names = self.start.names
        return {"round": self.number, "starts": names[self.start.to], "moves": len(self.moves),
                "turns": self.end.turns, "out": names[self.end.out] if self.end.out is not None else None,
                "blocked": str(self.end.blocked) if self.end.blocked else None,
                "players": [p.as_dict() for p in self.result.players],
                "scores": {p.name: p.after for p in self.result.players}}


@dataclass
class GameRecord:
    names: tuple[str, ...]
    seed: int | None
    rules: Rules
    policies: tuple[Policy, ...]
    rounds: list[RoundRecord] = field(default_factory=list)
    scores: tuple[int, ...] = ()
    fallbacks: int = 0

    @property
    def winners(self) -> tuple[str, ...]:
        """Who has won (``win_at`` points or more, the most of them); empty when the rounds ran out first."""
        return self.rounds[-1].result.winners if self.rounds else ()

    def as_dict(self) -> dict:
        return {"players": len(self.names), "names": list(self.names), "seed": self.seed,
                "policies": [str(p) for p in self.policies], "rules": self.rules.as_dict(),
                "rounds": [r.as_dict() for r in self.rounds], "scores": dict(zip(self.names, self.scores)),
                "winners": list(self.winners), "game_over": bool(self.winners), "search_fallbacks": self.fallbacks}


def play_round(start: Round, bots: Sequence[Bot]) -> RoundRecord:
    """Play ``start`` to its end with one bot per seat."""
    r = start
    moves: list[tuple[int, RoundMove]] = []
    while not r.is_terminal():
        p = r.current_player()
        m = bots[p].move(r)
        moves.append((p, m))
        r = r.apply(m)
    return RoundRecord(start.number, start, tuple(moves), r, r.result())


def play_game(players: int, rounds: int, seed: int | None = None, rules: Rules | None = None,
              policies: str | Sequence[str] = "best", deck: Deck | None = None) -> GameRecord:
    """A game between ``players`` bots: rounds until a player reaches ``rules.win_at`` or
    ``rounds`` rounds are played. Round ``k`` starts with seat ``k - 1`` (modulo the players);
    ``rules.max_turns`` is :data:`SIM_MAX_TURNS` when the rules set none."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TablecalcError(_("bad number of players {n}: Nmbrs! is played by {low} to {high}").format(
            n=players, low=MIN_PLAYERS, high=MAX_PLAYERS))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TablecalcError(_("bad number of rounds {n}: expected 1 to {high}").format(n=rounds, high=MAX_ROUNDS))
    rules = rules or Rules()
    if not rules.max_turns:
        rules = rules.with_options(max_turns=SIM_MAX_TURNS)
    deck = deck or Deck.default().limited(rules.high, f"the {rules.name} rules")
    pols = parse_policies(policies, players)
    rng = random.Random(seed)
    bots = [Bot(p, random.Random(rng.random())) for p in pols]
    names = player_names(players)
    game = GameRecord(names, seed, rules, pols, scores=(rules.start_points,) * players)
    for k in range(1, rounds + 1):
        start = Round.deal(rng, rules, deck, names, game.scores, to=(k - 1) % players, number=k)
        rec = play_round(start, bots)
        game.rounds.append(rec)
        game.scores = tuple(p.after for p in rec.result.players)
        if rec.result.winners:
            break
    game.fallbacks = sum(b.fallbacks for b in bots)
    return game


def log_lines(game: GameRecord) -> Iterator[dict]:
    """The game as the JSON lines ``simulate --log`` writes and ``referee`` reads (see ``docs/nmbrs.md``)."""
    yield {"type": "game", "players": len(game.names), "names": list(game.names), "seed": game.seed,
           "policies": [str(p) for p in game.policies], "rules": game.rules.as_dict()}
    for rec in game.rounds:
        yield rec.start.deal_dict()
        for player, m in rec.moves:
            yield {"type": "move", "round": rec.number, "player": player, "move": str(m)}
        yield {"type": "round-end", **rec.as_dict()}
    yield {"type": "end", "rounds": len(game.rounds), "scores": dict(zip(game.names, game.scores)),
           "winners": list(game.winners)}
