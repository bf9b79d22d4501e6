"""The computer's players of a Nambarz round, from the strongest. A bot sees what its seat sees
— its own hand, the card to cover, the played pile, how many cards the others hold and how many
are left to draw — never another hand or the order of the draw pile, and never reads a clock: the
same seed plays the same game on every machine. Every move it makes is one of the round state's
legal moves, so the referee accepts it.

* ``best`` — goes out whenever it can (with the biggest coup); otherwise lays the most it can
  this turn (:func:`lay_value`: the cards laid, a coup's bonus added, play-again counted with
  the move it allows) while keeping the hand most likely to cover the next card
  (:func:`coverage`), and spends a change joker only when nothing else goes;
* ``greedy`` — the move that lays the most cards (a joker with the card after it before a joker
  alone), keeping jokers for when nothing else goes; a change joker announces what it holds most of;
* ``simplest`` — the first legal move: the simplest calculation, else a concordant card, else a
  joker, else draw;
* ``random`` — any legal move.

>>> import random
>>> from solver.nambarz.round import RoundState
>>> s = RoundState.parse("hands Ann: 5 play-again 9 | Bob: 7 8; top 5-cat", Rules())
>>> [Bot(k, random.Random(0)).choose(s) for k in ("best", "greedy", "simplest")]
['play-again', '5-symbol', '5-symbol']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.nambarz.best import simplest_plays
from solver.nambarz.cards import Card, is_concordant
from solver.nambarz.moves import JokerKind, Move, joker_kind
from solver.nambarz.round import Phase, RoundState
from solver.nambarz.rules import Rules
from solver.nambarz.state import MoveKind, score_of

__all__ = ["BOTS", "Bot", "choose", "lay_value", "goes_out", "coverage", "distinct_moves"]

BOTS = {
    "best": N_("goes out whenever it can; else lays the most it can while keeping the hand most likely "
               "to cover the next card, and spends a change joker only when nothing else goes"),
    "greedy": N_("lays the most cards it can, keeping its jokers for when nothing else goes"),
    "simplest": N_("plays the first legal move: the simplest calculation, else a concordant card, else a joker"),
    "random": N_("any legal move"),
}
"""The bots, the strongest first: name and one line on how each plays."""

COVERAGE_WEIGHT = 3.0
"""How many cards laid now a hand that covers every card is worth to ``best`` (measured: see
``docs/nambarz.md``)."""


def is_play_again(move: Move) -> bool:
    return move.kind is MoveKind.JOKER and joker_kind(move.cards[0]) is JokerKind.PLAY_AGAIN


def uses_change_joker(move: Move) -> bool:
    return move.kind is MoveKind.JOKER and joker_kind(move.cards[0]) is not JokerKind.PLAY_AGAIN


def lay_value(state: RoundState, move: Move) -> int:
    """What ``move`` lays this turn, in cards: the cards laid, a coup's bonus points added (as the
    drills score a turn, :func:`~solver.nambarz.state.score_of`); play-again adds the best move it
    allows after it. Drawing lays nothing.

    >>> s = RoundState.parse("hands Ann: 7 7 6 5 play-again | Bob: 1; top 3-bee", Rules())
    >>> {str(m): lay_value(s, m) for m in s.legal_moves()[:1]}, lay_value(s, s.parse_move("play-again"))
    ({'7+7-6-5': 11}, 12)
    """
    if move.kind is MoveKind.DRAW:
        return 0
    value = score_of(move, state.rules)
    if is_play_again(move):
        again = state.apply(move)
        if again.phase is Phase.AGAIN and not again.is_terminal():
            value += max(lay_value(again, m) for m in again.legal_moves())
    return value


def goes_out(state: RoundState, move: Move) -> bool:
    """Whether ``move`` lays the mover's last cards (play-again laid last is not out: a draw follows)."""
    return move.kind is not MoveKind.DRAW and not is_play_again(move) and len(move.cards) == len(state.hand())


@lru_cache(maxsize=100_000)
def _covers(hand: tuple[Card, ...], top: Card, rules: Rules) -> bool:
    return any(is_concordant(c, top) for c in hand) or simplest_plays(top, hand, rules)[0] is not None


def coverage(hand: Sequence[Card], state: RoundState) -> float:
    """The share of the deck's number cards that ``hand`` could cover (by concordance or a
    calculation): 1 for an empty hand or one holding a change joker (it covers anything);
    play-again covers nothing by itself."""
    if not hand or any(c.is_joker and joker_kind(c) is not JokerKind.PLAY_AGAIN for c in hand):
        return 1.0
    key = tuple(sorted(c for c in hand if not c.is_joker))
    if not key:
        return 0.0
    tops = [c for c in state.deck.cards() if not c.is_joker]
    return sum(_covers(key, t, state.rules) for t in tops) / len(tops)


def _left(state: RoundState, move: Move) -> list[Card]:
    hand = list(state.hand())
    for c in move.cards:
        hand.remove(c)
    return hand


def distinct_moves(state: RoundState) -> list[Move]:
    """The legal moves that differ in what they leave on the table: a change joker followed by a
    card once per joker and card (what it announced no longer matters); laid alone, only
    announcing a number or drawing the mover holds (it must follow it itself if nobody else can)."""
    moves = state.legal_moves()
    held = {str(c.number) for c in state.hand() if not c.is_joker} | {c.animal for c in state.hand() if c.animal}
    out, seen = [], set()
    for m in moves:
        if m.kind is MoveKind.JOKER and m.announce is not None:
            key = (m.cards[0], m.then) if m.then is not None else (m.cards[0], m.announce)
            if key in seen or (m.then is None and m.announce not in held):
                continue
            seen.add(key)
        out.append(m)
    return out or moves


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


def _best_key(state: RoundState, move: Move) -> tuple:
    left = _left(state, move) if move.kind is not MoveKind.DRAW else list(state.hand())
    worth = lay_value(state, move) + COVERAGE_WEIGHT * coverage(left, state)
    return (goes_out(state, move), worth, not uses_change_joker(move), _greedy_key(state, move))


def choose(state: RoundState, kind: str, rng) -> Move:
    """The move a bot of ``kind`` makes for the player to move: one of ``state.legal_moves()``."""
    if kind == "random":
        return rng.choice(state.legal_moves())
    if kind == "simplest":
        return state.legal_moves()[0]
    if kind == "greedy":
        return max(state.legal_moves(), key=lambda m: _greedy_key(state, m))
    if kind == "best":
        return max(distinct_moves(state), key=lambda m: _best_key(state, m))
    raise TablecalcError(_("unknown bot {kind}: expected one of {choices}").format(kind=quoted(kind), choices=', '.join(BOTS)))


@dataclass
class Bot:
    """A bot of one kind playing one seat, with its own random choices."""

    kind: str
    rng: object

    def __post_init__(self):
        if self.kind not in BOTS:
            raise TablecalcError(_("unknown bot {kind}: expected one of {choices}").format(kind=quoted(self.kind), choices=', '.join(BOTS)))

    def choose(self, state: RoundState) -> str:
        return str(choose(state, self.kind, self.rng))


def ranked(state: RoundState, moves: Sequence[Move]) -> list[Move]:
    """``moves`` from the one ``best`` prefers down."""
    return sorted(moves, key=lambda m: _best_key(state, m), reverse=True)

