"""The solver: the best lay for the player to move, the amount a settlement question asks, and
"can this hand make a Grand Opéra if I start?". :func:`best` answers a situation of either kind.

A **lay** is everything the player to move does before another player plays or the round
ends: cards up the run, a new run after each King, "sans R", and — when nobody else holds an
R — a new run again. The search is exact: a depth-first search with the round's rule
functions, memoised on what is left of the hand and where the run stands (the other hands do
not change during a lay, and the board follows from the cards laid). :func:`all_lays`
enumerates every lay through :func:`~solver.nainjaune.round.legal_moves` and
:func:`~solver.nainjaune.round.apply` instead — the brute force the tests compare it with.

Three goals: ``cards`` — lay as many cards as possible (going out when possible: the lay that
empties the hand fastest), then take the most stakes; ``stakes`` — take the most tokens from
the board, then lay the most cards; ``tokens`` — the lay's **worth**: the tokens taken from the
board plus what the cards laid would cost in hand when another player goes out (1 token each,
or their face value), then the most cards. A lay that goes out is the best for every goal (it
lays every card and takes every stake its player can); :func:`move_worths` adds to its worth
what the settlement then pays its player.

>>> from solver.nainjaune.round import Position
>>> from solver.nainjaune.rules import Rules
>>> pos = Position.parse("hands 9c 10d Jc 2s 3s | 8h Qs | 4h 5h; board 10:3 J:6 Q:9 K:12 7:15")
>>> best = best_lay(pos, Rules())
>>> [str(m) for m in best.moves], best.cards, best.stakes
(['2s', 'sans 3', '9c', '10d!', 'Jc!', 'sans Q'], 4, 9)

Nobody else holds a 3, so "sans 3" gives the lead back at once.

The Grand Opéra question, for a hand alone: the other players may hold any card the hand
does not, so "sans R" passes the turn unless the hand holds all four Rs.

>>> from solver.nainjaune.cards import parse_cards
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
from solver.i18n import _
from solver.nainjaune.cards import Card, full_deck
from solver.nainjaune.round import Lay as LayMove
from solver.nainjaune.round import (MAX_HAND, Mode, Move, Position, Sans, apply, comes_back, legal_moves, may_lay,
                                    may_stop, run_after, takes_stake)
from solver.nainjaune.rules import Board, Rules
from solver.nainjaune.settle import RoundEnd, Settlement, asked_amount, settle

__all__ = ["Goal", "Lay", "best", "best_lay", "move_worths", "all_lays", "grand_opera", "OperaAnswer", "LaySolution", "SettleSolution"]


class Goal(enum.StrEnum):
    CARDS = "cards"
    """Empty the hand fastest: the most cards laid, then the most stakes."""
    STAKES = "stakes"
    """The most tokens taken from the board, then the most cards laid."""
    TOKENS = "tokens"
    """The most tokens gained: taken from the board, or not to be paid for the cards laid; then the most cards."""


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
    worth: int = 0
    """The stakes taken plus what the cards laid would cost in hand (the ``tokens`` goal)."""

    def score(self, goal: Goal) -> tuple[int, int]:
        if goal is Goal.TOKENS:
            return (self.worth, self.cards)
        return (self.cards, self.stakes) if goal is Goal.CARDS else (self.stakes, self.cards)

    def __str__(self) -> str:
        return " ".join(str(m) for m in self.moves)

    def as_dict(self) -> dict:
        return {"moves": [str(m) for m in self.moves], "lay": str(self), "cards": self.cards, "stakes": self.stakes,
                "out": self.out, "grand_opera": self.opera}


def _lay(start: Position, moves: Sequence[Move], end: Position, rules: Rules) -> Lay:
    p = start.to
    left = set(end.hands[p])
    laid = [c for c in start.hands[p] if c not in left]
    stakes = end.taken[p] - start.taken[p]
    return Lay(tuple(moves), len(laid), stakes, end.out == p, end.out == p and end.opera, p,
               stakes + sum(rules.card_value(c) for c in laid))


Step = tuple  # ("lay", class) or ("sans", rank): a move of the search, before cards are named
Result = tuple  # (score in goal order, runs closed in order, the final run or None)


def best_lay(pos: Position, rules: Rules, goal: Goal | str = Goal.CARDS) -> Lay:
    """The best lay of the player to move (exact; see the module's notes).

    A lay is a sequence of runs. Every run but the last must give the lead back — it ends on a
    King, or on "sans R" when nobody else holds an R — and the last may end anywhere (or empty
    the hand). The other hands do not change during a lay and each board card wins its own cell
    once, so the runs that give the lead back can be laid in any order: the search decides the
    cards from the lowest rank up — each card starts a run or is kept — which visits every set
    of runs once instead of every order of them. Cards of one rank that win no stake are
    interchangeable and counted, not named.

    The search uses the rule functions of :mod:`solver.nainjaune.round` (:func:`may_lay`,
    :func:`may_stop`, :func:`run_after`, :func:`takes_stake`, :func:`comes_back`); the lay found
    is replayed through :func:`apply`, which gives its result. The tests compare it with every
    lay enumerated by :func:`all_lays`."""
    goal = Goal(goal)
    if pos.is_over():
        raise TablecalcError(_("the round is over ({name} went out): there is no lay to find").format(name=pos.names[pos.out or 0]))
    p = pos.to
    hand = pos.hands[p]
    others = {c.rank for q, h in enumerate(pos.hands) if q != p for c in h}
    classes: list[list[int]] = []  # the hand's cards by (rank, board card or not), lowest rank first
    index: dict[tuple[int, bool], int] = {}
    for i, c in enumerate(hand):
        k = index.setdefault((c.rank, rules.cell_of(c) is not None), len(classes))
        if k == len(classes):
            classes.append([])
        classes[k].append(i)
    card = [hand[m[0]] for m in classes]
    gain = []
    for c in card:
        cell = takes_stake(c, True, rules)
        gain.append(pos.board[cell] if cell is not None else 0)
    after = [run_after(c) for c in card]
    zero = (0, 0)

    def got(k: int) -> tuple[int, int]:
        if goal is Goal.TOKENS:
            return (gain[k] + rules.card_value(card[k]), 1)
        return (1, gain[k]) if goal is Goal.CARDS else (gain[k], 1)

    def add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
        return (a[0] + b[0], a[1] + b[1])

    def less(k: int, left: tuple[int, ...]) -> tuple[int, ...]:
        return left[:k] + (left[k] - 1,) + left[k + 1:]

    def better(a: Result | None, b: Result | None) -> Result | None:
        return b if a is None or (b is not None and b[0] > a[0]) else a

    lead_memo: dict[tuple, Result | None] = {}
    climb_memo: dict[tuple, tuple | None] = {}

    def lead(left: tuple[int, ...], final: bool, kept: bool) -> Result | None:
        """The best runs still to lay from ``left`` (``final``: the last run is chosen already;
        ``kept``: some card stays in hand). ``None``: no lay fits (cards kept and no last run)."""
        key = (left, final, kept)
        if key in lead_memo:
            return lead_memo[key]
        k = next((j for j, n in enumerate(left) if n), None)
        if k is None:
            best = None if kept and not final else (zero, (), None)
        else:
            best = lead(less(k, left), final, True)  # keep one card of the lowest kind
            if may_lay(Mode.LEAD, None, card[k]):
                run = climb(less(k, left), *after[k], final, kept)
                if run is not None:
                    score, steps, is_final, closed, last = run
                    steps = (("lay", k), *steps)
                    whole = (add(got(k), score), closed, steps) if is_final else (add(got(k), score), (steps, *closed), last)
                    best = better(best, whole)
        lead_memo[key] = best
        return best

    def climb(left: tuple[int, ...], mode: Mode, need: int | None, final: bool, kept: bool) -> tuple | None:
        """A run in progress: (score, its remaining steps, whether it is the last run, the runs
        after it that give the lead back, the last run)."""
        key = (left, mode, need, final, kept)
        if key in climb_memo:
            return climb_memo[key]
        best = None
        if mode is Mode.KING:  # the King gave the lead back
            rest = lead(left, final, kept)
            best = None if rest is None else (rest[0], (), False, rest[1], rest[2])
        else:
            for k, n in enumerate(left):
                if n and may_lay(mode, need, card[k]):
                    run = climb(less(k, left), *after[k], final, kept)
                    if run is not None and (best is None or add(got(k), run[0]) > best[0]):
                        best = (add(got(k), run[0]), (("lay", k), *run[1]), *run[2:])
            if may_stop(mode):
                stop = ("sans", need)
                if comes_back(need or 0, others):
                    rest = lead(left, final, kept)
                    if rest is not None and (best is None or rest[0] > best[0]):
                        best = (rest[0], (stop,), False, rest[1], rest[2])
                elif not final:  # the last run: every other run is laid before it
                    rest = lead(left, True, kept or any(left))
                    if rest is not None and (best is None or rest[0] > best[0]):
                        best = (rest[0], (stop,), True, rest[1], None)
        climb_memo[key] = best
        return best

    full = tuple(len(m) for m in classes)
    if pos.mode in (Mode.LEAD, Mode.KING):
        top = lead(full, False, False)
        assert top is not None  # laying one card and stopping always fits
        _score, closed, last = top
        plan = [step for run in (*closed, *((last,) if last else ())) for step in run]
    else:  # a run in progress (or a "sans R" to answer): it comes first, whatever follows
        plan = list(_first_run(full, pos.mode, pos.need, lead, card, after, got, add, less, others))
    moves = _name_cards(plan, classes, hand, rules)
    end, laid = pos, []
    for m in moves:
        if end.is_over() or end.to != p:
            break
        end = apply(end, m, rules)
        laid.append(m)
    return _lay(pos, tuple(laid), end, rules)


def move_worths(pos: Position, rules: Rules, moves: Sequence[Move] | None = None,
                real: Position | None = None) -> dict[Move, tuple[int, bool]]:
    """What each of ``moves`` (legal ones; by default every legal move) is worth to the player to
    move, and whether it goes out: the worth of the best lay that starts with it (the ``tokens``
    goal), and for a lay that goes out, what the settlement then pays its player. ``pos`` is the
    table as that player can count on it (:meth:`solver.nainjaune.state.RoundState.as_seen_by`);
    ``real``, the table as it is (default ``pos``), settles a lay that goes out.

    >>> pos = Position.parse("hands Ann: 9c 10d Jc 4s | Bob: 8h Qs | Cid: 4h 5h; board 10:3 J:6 Q:9 K:12 7:15")
    >>> {str(m): w for m, w in move_worths(pos, Rules()).items()}
    {'4s': (1, False), '9c': (12, False), '10d!': (12, False), 'Jc!': (7, False)}

    9♣ 10♦ J♣ lays 3 cards and takes the 9 tokens of two cells: 12. So does 10♦ first, when
    "sans J" comes back to Ann (nobody else holds a J). After 4♠, "sans 5" goes to Cid.
    """
    p = pos.to
    out: dict[Move, tuple[int, bool]] = {}
    for m in legal_moves(pos, rules) if moves is None else moves:
        lay = [m]
        after = apply(pos, m, rules)
        if not after.is_over() and after.to == p:
            lay += best_lay(after, rules, Goal.TOKENS).moves
        end = pos
        for x in lay:
            end = apply(end, x, rules)
        found = _lay(pos, lay, end, rules)
        worth = found.worth
        if found.out:
            there = real or pos
            for x in lay:
                there = apply(there, x, rules)
            worth += settle(RoundEnd.of(there), rules).balances[p]
        out[m] = (worth, found.out)
    return out


def _first_run(full, mode, need, lead, card, after, got, add, less, others) -> tuple[Step, ...]:
    """The best lay when a run is already in progress: it is the first run; if it does not give
    the lead back, the lay ends with it."""
    memo: dict[tuple, tuple | None] = {}

    def first(left, mode, need):
        key = (left, mode, need)
        if key in memo:
            return memo[key]
        best = None
        if mode is Mode.KING:
            rest = lead(left, False, False)
            best = (rest[0], [s for run in (*rest[1], *((rest[2],) if rest[2] else ())) for s in run])
        else:
            for k, n in enumerate(left):
                if n and may_lay(mode, need, card[k]):
                    run = first(less(k, left), *after[k])
                    if best is None or add(got(k), run[0]) > best[0]:
                        best = (add(got(k), run[0]), [("lay", k), *run[1]])
            if may_stop(mode):
                if comes_back(need or 0, others):
                    rest = lead(left, False, False)
                    steps = [s for run in (*rest[1], *((rest[2],) if rest[2] else ())) for s in run]
                    option = (rest[0], [("sans", need), *steps])
                else:
                    option = ((0, 0), [("sans", need)])
                if best is None or option[0] > best[0]:
                    best = option
        if best is None:  # nothing left to lay: the hand is empty
            best = ((0, 0), [])
        memo[key] = best
        return best

    return tuple(first(full, mode, need)[1])


def _name_cards(plan, classes, hand, rules) -> list[Move]:
    """The search's steps as moves, each kind's cards taken lowest suit first."""
    used = [0] * len(classes)
    moves: list[Move] = []
    for kind, x in plan:
        if kind == "sans":
            moves.append(Sans(x))
        else:
            c = hand[classes[x][used[x]]]
            used[x] += 1
            moves.append(LayMove(c, rules.cell_of(c) is not None))
    return moves


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
                out.append(_lay(pos, (*moves, m), r, rules))
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
        raise TablecalcError(_("no cards: expected a hand, e.g. 9c 10d Jc Qs Kh"))
    if len(hand) > MAX_HAND:
        raise TablecalcError(_("a hand of {n} cards: expected at most {most} (the deal for 3 players)").format(n=len(hand), most=MAX_HAND))
    rest = tuple(c for c in full_deck() if c not in hand)
    pos = Position((hand, rest), Board(), 0, Mode.LEAD)
    lay = best_lay(pos, rules, Goal.CARDS)
    return OperaAnswer(hand, lay.out, lay.moves, lay.cards)


@dataclass(frozen=True)
class LaySolution:
    """The best lays of the player to move: by cards (empty the hand fastest) and by stakes."""

    position: Position
    by_cards: Lay
    by_stakes: Lay

    def as_dict(self) -> dict:
        return {"player": self.position.names[self.position.to], "cards": self.by_cards.as_dict(),
                "stakes": self.by_stakes.as_dict()}


@dataclass(frozen=True)
class SettleSolution:
    """A round end's settlement, and the amount its question asks."""

    settlement: Settlement
    amount: int

    def as_dict(self) -> dict:
        return {"amount": self.amount, **self.settlement.as_dict()}


def best(situation: Position | RoundEnd, rules: Rules) -> LaySolution | SettleSolution:
    """The answer to a situation: a round in progress's best lays (for each goal), or a round end's
    settlement and the amount its question asks.

    >>> best(RoundEnd.parse("settle; hands Ann: 3c Qs | Bob: - | Cid: 2c; board Q:9"), Rules()).amount
    11
    """
    if isinstance(situation, RoundEnd):
        s = settle(situation, rules)
        return SettleSolution(s, asked_amount(s))
    return LaySolution(situation, best_lay(situation, rules, Goal.CARDS), best_lay(situation, rules, Goal.STAKES))
