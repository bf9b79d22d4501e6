"""The best Nmbrs! turn: the legal sequence of moves that scores the most, spelled out.

The search tries every move from every position of the turn (lay, add, cross, link,
swap a joker), remembers positions already seen (the same cards laid in another order),
and keeps the turn with the highest score; on a tie, the one that lays more cards, then
the one with fewer moves. The winning turn is replayed through :func:`play_turn`, so its
moves and score are exactly what the referee says.

>>> deck, rules = Deck.default(), Rules()
>>> table = Table.parse("10 20 30", deck, rules)
>>> best = best_turn(table, deck.parse_hand("15 25 40 7 8"), rules, deck, opened=True)
>>> [str(r.move) for r in best.verdict.results], best.score, [str(c) for c in best.verdict.hand_left]
(['cross 20: 15 25', 'add 1: 40'], 7, ['7', '8'])

Inserting 15 and 25 into 10-20-30 would score their 3 points; crossing through 20
instead makes 15-20-25 in three different colours, which doubles them.

Not searched: new sequences made of jokers only (they need 3 jokers in hand).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import gcd
from typing import Sequence

from solver.errors import TablecalcError
from solver.nmbrs.cards import JOKER, Card, Deck, Placed
from solver.nmbrs.rules import MIN_LENGTH, Doubling, Opening, Rules
from solver.nmbrs.scoring import card_points
from solver.nmbrs.sequences import Completion, completions
from solver.nmbrs.table import (
    Move, MoveKind, Table, TurnState, TurnVerdict, apply_move, check_hand_and_table, play_turn,
)

__all__ = ["BestTurn", "best_turn", "DEFAULT_STATE_LIMIT"]

DEFAULT_STATE_LIMIT = 60_000
"""Positions the search may visit before it gives up with an error (a hand of 9 cards with
several jokers against a large table can take long)."""


@dataclass(frozen=True)
class BestTurn:
    """The best turn found: its referee's verdict (moves, table, score) and how many positions were searched."""

    verdict: TurnVerdict
    states: int

    @property
    def score(self) -> int:
        return self.verdict.score

    def as_dict(self) -> dict:
        return {**self.verdict.as_dict(), "states_searched": self.states}


# A position: the table's sequences (sorted tuples of numbers, in a canonical order), the
# numbers where jokers lie on the table, the hand's numbers, the hand's joker count, and
# the opening flags (come out before / laid a new sequence this turn).
_State = tuple


class _Search:
    """Depth-first search over the positions of a turn, with three economies that do not change the answer:

    * a position reached again with no better score so far is not searched again;
    * a move is skipped when even doubling every card still playable cannot beat the best turn found;
    * the sequences a set of hand cards can make through some table cards are computed once.
    """

    def __init__(self, table: Table, hand: Sequence[Card], rules: Rules, deck: Deck, opened: bool, limit: int):
        self.rules, self.deck, self.limit = rules, deck, limit
        self.cards: dict[int, Card] = {v: c for v, c in table.cards().items() if not c.is_joker}
        self.cards.update({c.number: c for c in hand if not c.is_joker})  # type: ignore[misc]
        self.start_jokers = sum(1 for c in hand if c.is_joker)
        self.value = {c.number: card_points([c], rules, deck) for c in hand if not c.is_joker}
        self.joker_value = card_points([JOKER], rules, deck)
        self.visited: dict[_State, tuple] = {}
        self.cache: dict[tuple, list] = {}
        self.linkable: dict[tuple, bool] = {}
        self.best: tuple | None = None  # (value, path)
        self.whole = rules.doubling is Doubling.WHOLE
        self.all_reals = frozenset(c.number for c in hand if not c.is_joker)
        table_jokers = {v for v, c in table.cards().items() if c.is_joker}
        self.max_jokers = self.start_jokers + len(table_jokers & self.all_reals)  # after every possible swap
        self.playable = self._playable(table, hand)
        self._init_colours()

    def start(self, table: Table, hand: Sequence[Card], opened: bool) -> _State:
        seqs = tuple(sorted(table.numbers(i) for i in range(len(table.sequences))))
        tj = frozenset(v for v, c in table.cards().items() if c.is_joker)
        reals = frozenset(c.number for c in hand if not c.is_joker)
        return (seqs, tj, reals, self.start_jokers, opened, False)

    def _comps(self, fixed: tuple[int, ...], reals: frozenset[int], jokers: int, taken: frozenset[int], min_new: int):
        """:func:`completions` of ``fixed`` with these hand cards, avoiding the table's numbers.

        Computed once per ``fixed`` for the whole hand (and every joker the turn could hold),
        then narrowed: a sequence a smaller hand can make is one the whole hand can make.
        """
        key = (fixed, min_new)
        found = self.cache.get(key)
        if found is None:
            found = [(c, frozenset(c.reals + c.jokers), frozenset(c.reals), len(c.jokers))
                     for c in completions(fixed, self.all_reals, self.max_jokers, self.rules, min_new=min_new)]
            self.cache[key] = found
        return [c for c, new, rs, nj in found if nj <= jokers and rs <= reals and not (new & taken)]

    def _linkable(self, a: tuple[int, ...], b: tuple[int, ...]) -> bool:
        """Whether the whole hand could fill the gaps between ``a`` and ``b`` at the widest common step."""
        key = (a, b)
        if key not in self.linkable:
            d = gcd(a[1] - a[0], b[1] - b[0], b[0] - a[-1])
            gaps = (b[-1] - a[0]) // d + 1 - len(a) - len(b)
            self.linkable[key] = gaps <= len(self.all_reals) + self.max_jokers
        return self.linkable[key]

    def _playable(self, table: Table, hand: Sequence[Card]) -> frozenset[int]:
        """Hand numbers that some move of this turn could lay (every sequence a card can end up in
        contains a table sequence, two of them, one table card, or only hand cards)."""
        reals = frozenset(c.number for c in hand if not c.is_joker)
        tj = {v for v, c in table.cards().items() if c.is_joker}
        jokers = self.start_jokers + len(tj & reals)
        seqs = [table.numbers(i) for i in range(len(table.sequences))]
        bases = [()] + seqs + [(v,) for v in sorted(table.values())]
        bases += [a + b for a in seqs for b in seqs if a[-1] < b[0]]
        out: set[int] = set()
        for base in bases:
            for c in completions(base, reals, jokers, self.rules):
                out.update(c.reals)
        return frozenset(out)

    # -- scoring a move ----------------------------------------------------------

    def _init_colours(self) -> None:
        """Colours by number for the fast doubling test (the referee's replay checks the result)."""
        self.colour = {v: self.deck.colour_of(c) for v, c in self.cards.items()}
        mode = self.rules.joker_colour
        self.joker_rule = mode.value

    def _gain(self, comp: Completion, judged_values, table_jokers) -> tuple[int, int]:
        """``(score, cards)`` of laying ``comp``'s hand cards, doubling judged on ``judged_values`` (None: the laid cards)."""
        jset = comp.jokers
        laid_count = len(comp.reals) + len(jset)
        points = sum(self.value[r] for r in comp.reals) + self.joker_value * len(jset)
        if judged_values is None:
            reals, jokers = comp.reals, jset
        else:
            reals = [v for v in judged_values if v not in table_jokers and v not in jset]
            jokers = [v for v in judged_values if v in table_jokers or v in jset]
        if len(reals) + len(jokers) < 2 or (jokers and self.joker_rule == "none"):
            return points, laid_count
        colours = [self.colour[v] for v in reals]
        if jokers and self.joker_rule == "as-card":
            colours += [self.deck.colours[v] for v in jokers]
        distinct = len(set(colours))
        if distinct <= 1 or (distinct == len(colours) and len(reals) + len(jokers) <= 4):
            return 2 * points, laid_count
        return points, laid_count

    # -- the moves from a position --------------------------------------------------

    def moves(self, state: _State) -> list:
        """``(move, next position or a recipe for it, (score, cards))`` for every move, most promising first."""
        seqs, tj, reals, jokers, opened, laid_new = state
        rules, whole = self.rules, self.whole
        taken = frozenset(v for s in seqs for v in s)
        out = []

        for comp in self._comps((), reals, jokers, taken, MIN_LENGTH):
            out.append((("lay", comp), (seqs, comp.numbers, True), self._gain(comp, None, tj)))

        may_add = (rules.opening is Opening.FREE or (rules.opening is Opening.ONCE and (opened or laid_new))
                   or (rules.opening is Opening.EACH_TURN and laid_new))
        if may_add and (reals or jokers):
            for i, s in enumerate(seqs):
                others = seqs[:i] + seqs[i + 1:]
                for comp in self._comps(s, reals, jokers, taken, 1):
                    out.append((("add", s, comp), (others, comp.numbers, False),
                                self._gain(comp, comp.numbers if whole else None, tj)))
            counts = Counter(v for s in seqs for v in s)
            for c in sorted(v for v, k in counts.items() if k == 1):
                for comp in self._comps((c,), reals, jokers, taken, MIN_LENGTH - 1):
                    out.append((("cross", c, comp), (seqs, comp.numbers, False),
                                self._gain(comp, comp.numbers if whole else None, tj)))
        if may_add:
            for i, a in enumerate(seqs):
                for j, b in enumerate(seqs):
                    if i == j or a[-1] >= b[0] or not self._linkable(a, b):
                        continue
                    others = tuple(s for k, s in enumerate(seqs) if k not in (i, j))
                    if any(len(set(o).intersection(a + b)) > 1 for o in others):
                        continue  # the linked sequence would cross another twice (new cards are never on the table)
                    for comp in self._comps(a + b, reals, jokers, taken, 0):
                        out.append((("link", a, b, comp), (others, comp.numbers, False),
                                    self._gain(comp, comp.numbers if whole else None, tj)))
        for v in sorted(tj & reals):
            out.append((("swap", v), (seqs, tj - {v}, reals - {v}, jokers + 1, opened, laid_new), (0, 0)))
        out.sort(key=lambda m: (-m[2][0], -m[2][1]))  # most promising first: good turns are found early
        return out

    def after(self, state: _State, move, recipe) -> _State:
        """The position after ``move`` (``recipe`` is the position itself for a swap)."""
        if move[0] == "swap":
            return recipe
        seqs, tj, reals, jokers, opened, laid_new = state
        kept, numbers, new = recipe
        comp = move[-1]
        return (tuple(sorted(kept + (numbers,))), tj | set(comp.jokers), reals - set(comp.reals),
                jokers - len(comp.jokers), opened, laid_new or new)

    def can_stop(self, state: _State) -> bool:
        _, _, reals, jokers, _, _ = state
        if jokers > self.start_jokers:
            return False
        return not self.rules.discard_last or bool(reals) or jokers > 0

    def bound(self, state: _State) -> tuple[int, int]:
        """At most what the rest of the turn can add: every playable card laid and doubled."""
        _, _, reals, jokers, _, _ = state
        live = [self.value[r] for r in reals if r in self.playable] + [self.joker_value] * jokers
        cards = len(live)
        if self.rules.discard_last and cards and cards == len(reals) + jokers:
            live.remove(min(live))  # one card stays in hand to be discarded
            cards -= 1
        return 2 * sum(live), cards

    # -- the search -------------------------------------------------------------------

    def search(self, state: _State, acc: tuple[int, int, int], path) -> None:
        """Visit ``state`` reached with ``acc`` = (score, cards laid, -moves) by the moves in ``path``."""
        seen = self.visited.get(state)
        if seen is not None and acc <= seen:
            return
        if len(self.visited) >= self.limit:
            raise TablecalcError(
                f"the best turn needs more than {self.limit} positions to search (many jokers or a large table): "
                "allow more (--limit) or try with fewer jokers"
            )
        self.visited[state] = acc
        if self.can_stop(state) and (self.best is None or acc > self.best[0]):
            self.best = (acc, path)
        for move, recipe, (score, laid) in self.moves(state):
            child = (acc[0] + score, acc[1] + laid, acc[2] - 1)
            nxt = self.after(state, move, recipe)
            if self.best is not None:
                more, cards = self.bound(nxt)
                if (child[0] + more, child[1] + cards) < self.best[0][:2]:
                    continue
            self.search(nxt, child, (move, path))


def _to_moves(path, table: Table, hand: Sequence[Card], rules: Rules, deck: Deck, opened: bool) -> list[Move]:
    """Turn the search's moves (named by numbers) into referee moves (named by sequence numbers)."""
    moves: list[Move] = []
    state = TurnState.start(table, hand, opened)

    def cards_of(comp: Completion):
        return tuple(state.hand[[c.number for c in state.hand].index(v)] for v in comp.reals) + tuple(
            Placed(JOKER, v) for v in comp.jokers
        )

    def index_of(numbers) -> int:
        return [state.table.numbers(i) for i in range(len(state.table.sequences))].index(tuple(numbers)) + 1

    for step in path:
        kind = step[0]
        if kind == "lay":
            move = Move(MoveKind.LAY, (), cards_of(step[1]))
        elif kind == "add":
            move = Move(MoveKind.ADD, (index_of(step[1]),), cards_of(step[2]))
        elif kind == "cross":
            move = Move(MoveKind.CROSS, (step[1],), cards_of(step[2]))
        elif kind == "link":
            move = Move(MoveKind.LINK, (index_of(step[1]), index_of(step[2])), cards_of(step[3]))
        else:
            move = Move(MoveKind.SWAP, (step[1],))
        state, _ = apply_move(state, move, rules, deck)
        moves.append(move)
    return moves


def best_turn(
    table: Table,
    hand: Sequence[Card],
    rules: Rules = Rules(),
    deck: Deck | None = None,
    opened: bool = False,
    limit: int = DEFAULT_STATE_LIMIT,
) -> BestTurn:
    """The legal turn with the highest score for ``hand`` (after the draw) on ``table``.

    ``opened``: whether the player came out (laid a sequence) in an earlier turn; see
    :class:`~solver.nmbrs.rules.Opening`. A turn with no move (just discard) scores 0.
    """
    deck = deck or Deck.default()
    check_hand_and_table(hand, table, deck, rules)
    search = _Search(table, hand, rules, deck, opened, limit)
    search.search(search.start(table, hand, opened), (0, 0, 0), None)
    assert search.best is not None  # doing nothing is always legal with a card in hand
    (score, _, _), path = search.best
    steps = []
    while path is not None:
        step, path = path
        steps.append(step)
    moves = _to_moves(steps[::-1], table, hand, rules, deck, opened)
    verdict = play_turn(table, hand, moves, rules, deck, opened)
    if not verdict.legal or verdict.score != score:  # pragma: no cover - the search and the referee disagree
        raise AssertionError(f"best turn {[str(m) for m in moves]} replays as {verdict.reason or verdict.score}, not {score}")
    return BestTurn(verdict, len(search.visited))
