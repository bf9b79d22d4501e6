"""Whole games between bots: deal, stake, play every round through the rule functions, settle,
carry the board over, until the rounds asked are played or someone cannot stake or pay.

Bots see only their own hand:

* ``greedy`` — starts the run that goes furthest up its own hand (preferring one that ends in
  a King, which gives the lead back), always continues when it can, lays a board card first;
* ``random`` — any legal move (it may stop a run it could continue).

>>> g = play_game(4, 3, seed=1)
>>> len(g.rounds), sum(g.tokens) + g.board.total == 4 * 120
(3, True)
>>> [line["type"] for line in log_lines(g, why=lambda payment, rules: "")][:3]
['game', 'round', 'move']
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import Callable, Iterator

from solver.errors import TablecalcError
from solver.nainjaune.cards import KING, Card, format_cards, full_deck
from solver.nainjaune.round import Lay, Mode, Move, Position, apply, legal_moves
from solver.nainjaune.rules import MAX_PLAYERS, MIN_PLAYERS, STAKE_PER_ROUND, Board, Rules, hand_size
from solver.nainjaune.settle import Payment, RoundEnd, Settlement, settle

__all__ = ["Bot", "bot_move", "RoundRecord", "GameRecord", "play_round", "play_game", "log_lines", "MAX_ROUNDS"]

MAX_ROUNDS = 2_000
"""The most rounds one simulation plays."""


class Bot(enum.StrEnum):
    GREEDY = "greedy"
    RANDOM = "random"


def _run_length(card: Card, hand: tuple[Card, ...]) -> tuple[int, bool]:
    ranks = {c.rank for c in hand}
    r = card.rank
    while r + 1 in ranks and r < KING:
        r += 1
    return r - card.rank + 1, r == KING


def bot_move(pos: Position, rules: Rules, bot: Bot | str, rng: random.Random) -> Move:
    """The move a bot makes for the player to move (one of :func:`legal_moves`)."""
    moves = legal_moves(pos, rules)
    if Bot(bot) is Bot.RANDOM:
        return rng.choice(moves)
    lays = [m for m in moves if isinstance(m, Lay)]
    if not lays:
        return moves[0]  # sans R
    hand = pos.hands[pos.to]
    if pos.mode in (Mode.LEAD, Mode.KING):
        def key(m: Lay) -> tuple:
            length, king = _run_length(m.card, hand)
            return (king, length, rules.cell_of(m.card) is not None, -m.card.rank)
        return max(lays, key=key)
    return max(lays, key=lambda m: rules.cell_of(m.card) is not None)


@dataclass(frozen=True)
class RoundRecord:
    """One round: the deal, the moves, the end, the settlement, and everyone's tokens after. As data:
    who dealt and who started, the cards dealt to each and set aside, the board once staked, and
    how the round ended."""

    number: int
    dealer: int
    start: Position
    aside: tuple[Card, ...]
    moves: tuple[tuple[int, Move], ...]
    end: Position
    settlement: Settlement
    tokens_before: tuple[int, ...]
    tokens_after: tuple[int, ...]

    def as_dict(self) -> dict:
        names = self.start.names
        return {
            "round": self.number, "dealer": names[self.dealer], "starter": names[self.start.to],
            "dealt": len(self.start.hands[0]), "aside": len(self.aside), "staked": self.start.board.as_dict(),
            "winner": names[self.end.out or 0],
            "grand_opera": self.end.opera, "moves": len(self.moves),
            "cards_left": {n: len(h) for n, h in zip(names, self.end.hands)},
            "taken": dict(zip(names, self.end.taken)),
            "change": {n: a - b for n, a, b in zip(names, self.tokens_after, self.tokens_before)},
            "tokens": dict(zip(names, self.tokens_after)),
            "board": self.settlement.board_after.as_dict(),
        }


@dataclass
class GameRecord:
    players: int
    seed: int | None
    rules: Rules
    bot: Bot
    names: tuple[str, ...]
    rounds: list[RoundRecord] = field(default_factory=list)
    tokens: tuple[int, ...] = ()
    board: Board = field(default_factory=Board)
    over: str | None = None
    """Why the game ended before the rounds asked: ``cannot-stake`` or ``cannot-pay``."""

    def winners(self) -> list[str]:
        top = max(self.tokens)
        return [n for n, t in zip(self.names, self.tokens) if t == top]

    def as_dict(self) -> dict:
        return {"players": self.players, "seed": self.seed, "bot": self.bot.value, "rules": self.rules.as_dict(),
                "rounds": [r.as_dict() for r in self.rounds], "tokens": dict(zip(self.names, self.tokens)),
                "board": self.board.as_dict(), "game_over": self.over, "leaders": self.winners()}


def play_round(rng: random.Random, rules: Rules, names: tuple[str, ...], dealer: int, board: Board,
               tokens: tuple[int, ...], bot: Bot, number: int = 1) -> RoundRecord:
    """Deal (after the stakes are on ``board``), play to the end, settle with everyone's ``tokens``."""
    n = len(names)
    deck = full_deck()
    rng.shuffle(deck)
    size = hand_size(n)
    hands = tuple(tuple(deck[i * size:(i + 1) * size]) for i in range(n))
    start = Position(hands, board, (dealer + 1) % n, names=names)
    pos = start
    moves: list[tuple[int, Move]] = []
    while not pos.is_over():
        m = bot_move(pos, rules, bot, rng)
        moves.append((pos.to, m))
        pos = apply(pos, m, rules)
    wallet = tuple(t + k for t, k in zip(tokens, pos.taken))
    s = settle(RoundEnd.of(pos, wallet), rules)
    return RoundRecord(number, dealer, start, tuple(deck[n * size:]), tuple(moves), pos, s, tokens,
                       s.tokens_after or wallet)


def play_game(players: int, rounds: int, seed: int | None = None, rules: Rules | None = None,
              bot: Bot | str = Bot.GREEDY) -> GameRecord:
    """A game of ``rounds`` rounds at most between ``players`` bots (the first dealer is the last seat)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TablecalcError(f"bad number of players {players}: Le Nain Jaune is played by {MIN_PLAYERS} to {MAX_PLAYERS}")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TablecalcError(f"bad number of rounds {rounds}: expected 1 to {MAX_ROUNDS}")
    try:
        bot = Bot(str(bot).lower())
    except ValueError:
        raise TablecalcError(f"unknown bot {bot!r}: expected one of {', '.join(b.value for b in Bot)}") from None
    rules = rules or Rules()
    rng = random.Random(seed)
    names = tuple(f"P{i + 1}" for i in range(players))
    game = GameRecord(players, seed, rules, bot, names, tokens=(rules.start_tokens,) * players)
    for k in range(1, rounds + 1):
        if min(game.tokens) < STAKE_PER_ROUND:
            game.over = "cannot-stake"
            break
        staked = tuple(t - STAKE_PER_ROUND for t in game.tokens)
        rec = play_round(rng, rules, names, (k - 2) % players, game.board.staked(players), staked, bot, k)
        game.rounds.append(rec)
        game.tokens, game.board = rec.tokens_after, rec.settlement.board_after
        if rec.settlement.cannot_pay:
            game.over = "cannot-pay"
            break
    return game


def log_lines(game: GameRecord, why: Callable[[Payment, Rules], str]) -> Iterator[dict]:
    """The game as the JSON lines ``simulate --log`` writes and ``referee`` reads (see ``docs/nainjaune.md``);
    ``why`` words each payment of a settlement (:func:`solver.nainjaune.words.why`: the data hold no sentence)."""
    yield {"type": "game", "players": game.players, "seed": game.seed, "bot": game.bot.value,
           "names": list(game.names), "rules": game.rules.as_dict()}
    for r in game.rounds:
        yield {"type": "round", "round": r.number, "dealer": r.dealer, "names": list(game.names),
               "hands": [format_cards(h) for h in r.start.hands], "board": str(r.start.board),
               "aside": format_cards(r.aside), "tokens": list(r.tokens_before)}
        for player, m in r.moves:
            yield {"type": "move", "round": r.number, "player": player, "move": str(m)}
        s = r.settlement
        yield {"type": "settle", "round": r.number, "winner": game.names[r.end.out or 0], "grand_opera": r.end.opera,
               "payments": [{"from": p.payer, "to": p.payee, "tokens": p.tokens, "why": why(p, game.rules)}
                            for p in s.payments],
               "board": s.board_after.as_dict(), "balances": dict(zip(game.names, s.balances)),
               "tokens": dict(zip(game.names, r.tokens_after))}
    yield {"type": "end", "rounds": len(game.rounds), "tokens": dict(zip(game.names, game.tokens)),
           "board": game.board.as_dict(), "game_over": game.over, "leaders": game.winners()}
