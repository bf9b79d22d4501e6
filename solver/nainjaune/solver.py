"""The solver: the best lay for the player to move, and "can this hand make a Grand Opéra if I start?".

A **lay** is everything the player to move does before another player plays or the round
ends: cards up the run, a new run after each King, "sans R", and — when nobody else holds an
R — a new run again. The search is exact: a depth-first search with the round's rule
functions, memoised on what is left of the hand and where the run stands (the other hands do
not change during a lay, and the board follows from the cards laid). :func:`all_lays`
enumerates every lay through :func:`~solver.nainjaune.round.legal_moves` and
:func:`~solver.nainjaune.round.apply` instead — the brute force the tests compare it with.

Two goals: ``cards`` — lay as many cards as possible (going out when possible: the lay that
empties the hand fastest), then take the most stakes; ``stakes`` — take the most tokens from
the board, then lay the most cards. Ties go to the first lay in the order of the legal moves.

>>> from solver.nainjaune.round import Position
>>> from solver.nainjaune.rules import Rules
>>> pos = Position.parse("hands 9c 10d Jc 2s 3s | 8h Qs | 4h 5h; board 10:3 J:6 Q:9 K:12 7:15")
>>> best = best_lay(pos, Rules())
>>> [str(m) for m in best.moves], best.cards, best.stakes
(['2s', 'sans 3', '9c', '10d!', 'Jc!', 'sans Q'], 4, 9)

Nobody else holds a 3, so "sans 3" gives the lead back at once.

The Grand Opéra question, for a hand alone: the other players may hold any card the hand
does not, so "sans R" passes the turn unless the hand holds all four Rs.

>>> opera = grand_opera(parse_cards("9c 10d Jc Qs Kh As 2s 3s"), Rules())
>>> opera.possible, [str(m) for m in opera.moves]
(True, ['9c', '10d!', 'Jc!', 'Qs!', 'Kh!', 'As', '2s', '3s'])
>>> grand_opera(parse_cards("9c 10d Qs Kh"), Rules()).possible, grand_opera(parse_cards("9c 10d Qs 2h"), Rules()).possible
(True, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from solver.errors import TablecalcError
from solver.nainjaune.cards import Card, full_deck, parse_cards
from solver.nainjaune.round import Lay as LayMove
from solver.nainjaune.round import (MAX_HAND, Mode, Move, Position, Sans, apply, comes_back, legal_moves, may_lay,
                                    may_stop, run_after, takes_stake)
from solver.nainjaune.rules import Board, Rules

__all__ = ["Goal", "Lay", "best_lay", "all_lays", "grand_opera", "OperaAnswer"]


class Goal(enum.StrEnum):
    CARDS = "cards"
    """Empty the hand fastest: the most cards laid, then the most stakes."""
    STAKES = "stakes"
    """The most tokens taken from the board, then the most cards laid."""


@dataclass(frozen=True)
class Lay:
    """One lay: its moves in order, the cards laid, the tokens taken, whether the player goes out
    (and makes a Grand Opéra)."""

    moves: tuple[Move, ...]
    cards: int
    stakes: int
    out: bool
    opera: bool
    player: int

    def score(self, goal: Goal) -> tuple[int, int]:
        return (self.cards, self.stakes) if goal is Goal.CARDS else (self.stakes, self.cards)

    def __str__(self) -> str:
        return " ".join(str(m) for m in self.moves)

    def as_dict(self) -> dict:
        return {"moves": [str(m) for m in self.moves], "lay": str(self), "cards": self.cards, "stakes": self.stakes,
                "out": self.out, "grand_opera": self.opera}


def _lay(start: Position, moves: Sequence[Move], end: Position) -> Lay:
    p = start.to
    cards = len(start.hands[p]) - len(end.hands[p])
    return Lay(tuple(moves), cards, end.taken[p] - start.taken[p], end.out == p, end.out == p and end.opera, p)


def best_lay(pos: Position, rules: Rules, goal: Goal | str = Goal.CARDS) -> Lay:
    """The best lay of the player to move (exact; see the module's notes).

    The search runs on a compact state — how many cards of each kind are left in the hand, and
    where the run stands — with the rule functions of :mod:`solver.nainjaune.round` (:func:`may_lay`,
    :func:`may_stop`, :func:`run_after`, :func:`takes_stake`, :func:`comes_back`); a branch stops
    as soon as one of its lays empties the hand with every stake it can take. The lay found is
    replayed through :func:`apply` for its result."""
    goal = Goal(goal)
    if pos.is_over():
        raise TablecalcError(f"the round is over ({pos.names[pos.out or 0]} went out): there is no lay to find")
    p = pos.to
    hand = pos.hands[p]
    others = {c.rank for q, h in enumerate(pos.hands) if q != p for c in h}
    # Cards of one rank that win no stake are interchangeable: the state counts them (class by
    # class) instead of naming them, and a lay takes the first one left (the lowest suit).
    classes: list[list[int]] = []
    index: dict[tuple[int, bool], int] = {}
    for i, c in enumerate(hand):
        k = index.setdefault((c.rank, rules.cell_of(c) is not None), len(classes))
        if k == len(classes):
            classes.append([])
        classes[k].append(i)
    gain = []
    for members in classes:
        cell = takes_stake(hand[members[0]], True, rules)
        gain.append(pos.board[cell] if cell is not None else 0)
    lays = [LayMove(c, rules.cell_of(c) is not None) for c in hand]
    after = [run_after(hand[m[0]]) for m in classes]  # where the run stands after a card of each class
    playable: dict[tuple, list[int]] = {}  # (mode, need) -> the classes whose cards may be laid

    def may(mode: Mode, need: int | None) -> list[int]:
        if (mode, need) not in playable:
            playable[mode, need] = [k for k, m in enumerate(classes) if may_lay(mode, need, hand[m[0]])]
        return playable[mode, need]

    order = (lambda cards, stakes: (cards, stakes)) if goal is Goal.CARDS else (lambda cards, stakes: (stakes, cards))
    memo: dict[tuple, tuple[tuple[int, int], tuple[Move, ...]]] = {}

    def value(left: tuple[int, ...], mode: Mode, need: int | None) -> tuple[tuple[int, int], tuple[Move, ...]]:
        """The best (cards, stakes) in goal order still to gain from ``left`` (cards left per
        class), and the moves."""
        key = (left, mode, need)
        if key in memo:
            return memo[key]
        bound = order(sum(left), sum(g for g, n in zip(gain, left) if n))
        best: tuple[tuple[int, int], tuple[Move, ...]] | None = None
        for k in may(mode, need):
            n = left[k]
            if not n:
                continue
            i = classes[k][len(classes[k]) - n]
            rest_left = left[:k] + (n - 1,) + left[k + 1:]
            rest = value(rest_left, *after[k]) if any(rest_left) else (order(0, 0), ())
            got = order(1, gain[k])
            total = (got[0] + rest[0][0], got[1] + rest[0][1])
            if best is None or total > best[0]:
                best = (total, (lays[i], *rest[1]))
                if total == bound:
                    break
        if may_stop(mode) and (best is None or best[0] != bound):
            stop = Sans(need or 0)
            rest = value(left, Mode.LEAD, None) if comes_back(need or 0, others) else (order(0, 0), ())
            if best is None or rest[0] > best[0]:
                best = (rest[0], (stop, *rest[1]))
        assert best is not None  # a player to move always has a move
        memo[key] = best
        return best

    moves = value(tuple(len(m) for m in classes), pos.mode, pos.need)[1]
    end = pos
    for m in moves:
        end = apply(end, m, rules)
    return _lay(pos, moves, end)


def all_lays(pos: Position, rules: Rules) -> list[Lay]:
    """Every lay of the player to move, by brute force (no memo): for tests and small hands only."""
    if pos.is_over():
        return []
    p = pos.to
    out: list[Lay] = []

    def walk(q: Position, moves: tuple[Move, ...]) -> None:
        for m in legal_moves(q, rules):
            r = apply(q, m, rules)
            if r.is_over() or r.to != p:
                out.append(_lay(pos, (*moves, m), r))
            else:
                walk(r, (*moves, m))

    walk(pos, ())
    return out


@dataclass(frozen=True)
class OperaAnswer:
    """Whether a hand can go out in its first lay when it starts, and one way to do it (else the
    longest lay)."""

    hand: tuple[Card, ...]
    possible: bool
    moves: tuple[Move, ...]
    cards: int

    def as_dict(self) -> dict:
        return {"hand": [str(c) for c in self.hand], "grand_opera": self.possible,
                "moves": [str(m) for m in self.moves], "cards_laid": self.cards, "cards_left": len(self.hand) - self.cards}


def grand_opera(hand: Sequence[Card], rules: Rules) -> OperaAnswer:
    """Can ``hand`` go out in one lay when its player starts, whatever the others hold?

    The others are taken to hold every other card (the worst case: a card set aside can only
    help), so the answer is certain; the search is :func:`best_lay`'s."""
    hand = tuple(sorted(set(hand)))
    if not hand:
        raise TablecalcError("no cards: expected a hand, e.g. 9c 10d Jc Qs Kh")
    if len(hand) > MAX_HAND:
        raise TablecalcError(f"a hand of {len(hand)} cards: expected at most {MAX_HAND} (the deal for 3 players)")
    rest = tuple(c for c in full_deck() if c not in hand)
    pos = Position((hand, rest), Board(), 0, Mode.LEAD)
    lay = best_lay(pos, rules, Goal.CARDS)
    return OperaAnswer(hand, lay.out, lay.moves, lay.cards)
