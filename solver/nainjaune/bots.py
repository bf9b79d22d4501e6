"""The computer's players of Le Nain Jaune, the strongest first. Every bot plays from what its
seat can see — its own hand, the cards laid, how many cards each player holds, the ranks a
"sans" showed a player not to hold (:meth:`~solver.nainjaune.state.RoundState.unseen`) — never
from the other hands; and none reads a clock: the same seed plays the same game on every machine.

* ``best`` — goes out whenever it surely can (the exact search of :mod:`solver.nainjaune.best`
  on the table as it can count on it: a Grand Opéra or an ordinary round's end); otherwise, for
  every different move it may make, it deals the cards it cannot see at random
  (:data:`SAMPLES` times, respecting what it knows), plays each of those rounds to the end with
  ``greedy`` players, and keeps the move that won it the most tokens on average — stakes,
  payments, doubling and Grand Opéra included;
* ``greedy`` — starts the run that goes furthest up its own hand (preferring one that ends in
  a King, which gives the lead back), always continues when it can, lays a board card first;
* ``random`` — any legal move (it may stop a run it could continue).

>>> import random
>>> from solver.nainjaune.round import Position
>>> from solver.nainjaune.rules import Rules
>>> from solver.nainjaune.state import RoundState
>>> s = RoundState(Position.parse("hands Ann: 4c 5c 6c Kh 2d | Bob: 9h 2s 8d | Cid: 7d 3s 9s"), Rules())
>>> [BOTS[name].choose(s, random.Random(1)) for name in ("best", "greedy")]
['2d', 'Kh!']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.nainjaune.best import Goal, best_lay
from solver.nainjaune.cards import KING, Card
from solver.nainjaune.round import Lay, Mode, Move, Pass, Position, Sans, legal_moves, may_lay, run_after, takes_stake
from solver.nainjaune.rules import Board, Cell, Rules
from solver.nainjaune.settle import RoundEnd, settle

__all__ = ["BOTS", "Kind", "Bot", "SAMPLES", "greedy_card", "by_rank"]

SAMPLES = 24
"""The best bot's budget: the deals of the unseen cards it plays out for each choice it weighs."""
_CELLS = tuple(Cell)
_BOARD_RANKS = frozenset(c.rank for c in Cell)
"""The ranks of the board cards (only a card of these ranks can be one: a quick look first)."""


def by_rank(cards) -> dict[int, list[Card]]:
    """Cards by rank, each rank's in the order given (a run asks for a rank, in any suit)."""
    out: dict[int, list[Card]] = {}
    for c in cards:
        out.setdefault(c.rank, []).append(c)
    return out


def greedy_card(hand: dict[int, list[Card]], mode: Mode, need: int | None, rules: Rules) -> Card | None:
    """The card ``greedy`` lays from ``hand`` (:func:`by_rank`) where the run stands at
    ``mode``/``need`` (``None``: it cannot lay, and calls "sans"). To start a run (any card may,
    :func:`may_lay`): the one that climbs furthest in the hand, one that ends on a King first, then
    a board card, then the lowest; in a run (the rank ``need``, any suit): a board card first."""
    if not may_lay(mode, need, _ANY):  # in a run: only the rank asked for
        fits = hand.get(need or 0)
        if not fits:
            return None
        return next((c for c in fits if rules.cell_of(c) is not None), fits[0]) if need in _BOARD_RANKS else fits[0]
    best, best_key = None, None
    for rank, cards in hand.items():
        if not cards:
            continue
        top = rank
        while top < KING and hand.get(top + 1):
            top += 1
        board = next((c for c in cards if rules.cell_of(c) is not None), None) if rank in _BOARD_RANKS else None
        key = (top == KING, top - rank, board is not None, -rank)
        if best_key is None or key > best_key:
            best, best_key = board or cards[0], key
    return best


_ANY = Card(1, "c")
"""A card no run asks for (an ace): :func:`may_lay` accepts it only where any card starts a run."""


def _as_move(card: Card | None, moves: list[Move]) -> Move:
    if card is None:
        return next(m for m in moves if isinstance(m, Sans))
    return next(m for m in moves if isinstance(m, Lay) and m.card == card)


def _greedy(state, rng) -> Move:
    pos = state.position
    return _as_move(greedy_card(by_rank(pos.hands[pos.to]), pos.mode, pos.need, state.rules),
                    legal_moves(pos, state.rules))


class _Table:
    """A round played out fast, in place, by the round's rule functions (:func:`may_lay` through
    :func:`greedy_card`, :func:`run_after`, :func:`takes_stake`): the best bot's look ahead. Each
    hand is kept by rank (:func:`by_rank`), with its number of cards."""

    __slots__ = ("hands", "left", "board", "taken", "to", "mode", "need", "opened", "out", "opera", "names", "rules",
                 "caller")

    def __init__(self, pos: Position, rules: Rules, hands: list[list[Card]]):
        self.hands = [by_rank(h) for h in hands]
        self.left = [len(h) for h in hands]
        self.rules, self.names = rules, pos.names
        self.board, self.taken = list(pos.board.stakes), list(pos.taken)
        self.to, self.mode, self.need, self.opened = pos.to, pos.mode, pos.need, set(pos.opened)
        self.out: int | None = None
        self.opera = False
        self.caller = pos.sans_caller if pos.mode is Mode.SANS else None

    def play(self, move: Move) -> None:
        if isinstance(move, Sans):
            self.sans()
        elif isinstance(move, Pass):
            self.pass_on()
        else:
            self.lay(move.card)

    def pass_on(self) -> None:
        """As :func:`~solver.nainjaune.round.pass_sans`: the next player to the left holding the
        rank, before the caller, plays on; nobody: the lead comes back to the caller."""
        p, rank, n = self.to, self.need, len(self.hands)
        self.opened = self.opened | {p}
        for k in range(1, n):
            q = (p + k) % n
            if q == self.caller:
                break
            if self.hands[q].get(rank):
                self.to = q
                return
        self.to, self.mode, self.need, self.caller = self.caller, Mode.LEAD, None, None

    def lay(self, card: Card) -> None:
        p = self.to
        self.hands[p][card.rank].remove(card)
        self.left[p] -= 1
        cell = takes_stake(card, True, self.rules) if card.rank in _BOARD_RANKS else None
        if cell is not None:
            i = _CELLS.index(cell)
            self.taken[p] += self.board[i]
            self.board[i] = 0
        if not self.left[p]:
            self.out, self.opera = p, self.rules.is_opera(p, self.opened)
            return
        self.mode, self.need = run_after(card)

    def sans(self) -> None:
        """As :func:`~solver.nainjaune.round.next_after_sans`: the first player to the left holding
        the rank plays on; nobody: the lead comes back."""
        p, rank, n = self.to, self.need, len(self.hands)
        q = next((q for q in ((p + k) % n for k in range(1, n)) if self.hands[q].get(rank)), None)
        if q is None:
            self.mode, self.need = Mode.LEAD, None
        else:
            self.to, self.mode, self.opened, self.caller = q, Mode.SANS, self.opened | {p}, p

    def finish(self) -> None:
        """Every player greedy to the end of the round."""
        while self.out is None:
            card = greedy_card(self.hands[self.to], self.mode, self.need, self.rules)
            if card is None:
                self.sans()
            else:
                self.lay(card)

    def returns(self, seat: int) -> int:
        hands = tuple(tuple(c for cards in h.values() for c in cards) for h in self.hands)
        end = RoundEnd(hands, Board(tuple(self.board)), self.names, self.opera)  # type: ignore[arg-type]
        return self.taken[seat] + settle(end, self.rules).balances[seat]


def _deal_unseen(pos: Position, seat: int, unseen: list[Card], voids: dict[int, set[int]], rng) -> list[list[Card]]:
    """The hands as ``seat`` might imagine them: its own, and the ``unseen`` cards dealt at random to
    the others (as many as each holds, none of a rank a "sans" showed them not to hold: ``voids``)."""
    pool = list(unseen)
    rng.shuffle(pool)
    hands: list[list[Card]] = [list(h) for h in pos.hands]
    for q in sorted((q for q in range(pos.players) if q != seat), key=lambda q: -len(voids.get(q, ()))):
        void = voids.get(q, set())
        size = len(pos.hands[q])
        fits = [c for c in pool if c.rank not in void][:size]
        if len(fits) < size:  # what the table showed cannot all hold (a hand-written position): any cards
            fits += [c for c in pool if c not in fits][:size - len(fits)]
        taken = set(fits)
        hands[q] = fits
        pool = [c for c in pool if c not in taken]
    return hands


def _best(state, rng, samples: int = SAMPLES) -> Move:
    pos, rules = state.position, state.rules
    me = pos.to
    moves = legal_moves(pos, rules)
    choices: dict[object, Move] = {}
    for m in moves:  # moves that differ: a board card by itself, other cards by rank, "sans"
        key = "sans" if isinstance(m, Sans) else "pass" if isinstance(m, Pass) else m.card if rules.cell_of(m.card) \
            else m.card.rank
        choices.setdefault(key, m)
    if len(choices) == 1:
        return moves[0]
    sure = best_lay(state.as_seen_by(me), rules, Goal.TOKENS)
    if sure.out:  # it goes out whatever the others hold
        return sure.moves[0]
    totals = dict.fromkeys(choices, 0)
    unseen = sorted(state.unseen(me))
    voids: dict[int, set[int]] = {}
    for q, rank in state.voids:
        voids.setdefault(q, set()).add(rank)
    for _ in range(samples):
        hands = _deal_unseen(pos, me, unseen, voids, rng)
        for key, m in choices.items():
            table = _Table(pos, rules, [list(h) for h in hands])
            table.play(m)
            table.finish()
            totals[key] += table.returns(me)
    return choices[max(totals, key=lambda k: totals[k])]  # the first of equals: the legal moves' order


@dataclass(frozen=True)
class Kind:
    """A kind of bot: one line on how it plays, and how it chooses (a state and a random source)."""

    description: str
    choose_move: Callable

    def choose(self, state, rng) -> str:
        return str(self.choose_move(state, rng))


BOTS = {
    "best": Kind(N_("goes out whenever it surely can; otherwise plays out each choice over random deals of the cards "
                    "it cannot see, and keeps the one that wins the most tokens"), _best),
    "greedy": Kind(N_("starts the run that climbs furthest in its hand (one ending on a King first), always goes on, "
                      "lays board cards first"), _greedy),
    "random": Kind(N_("any legal move"), lambda s, rng: rng.choice(legal_moves(s.position, s.rules))),
}
"""The bots, the strongest first."""


@dataclass
class Bot:
    """A bot of one kind playing one seat, with its own random choices."""

    kind: Kind
    seat: int
    rng: object

    @classmethod
    def of(cls, name: str, seat: int, rng) -> "Bot":
        if name not in BOTS:
            raise TablecalcError(_("unknown bot {name}: expected one of {choices}").format(name=quoted(name), choices=', '.join(BOTS)))
        return cls(BOTS[name], seat, rng)

    def choose(self, state) -> str:
        return self.kind.choose(state, self.rng)
