"""BASELINE, frozen for the benchmark: the best-turn search of Nmbrs! as it was before the
joker work of issue 9 (commit 0c1b75b), copied verbatim from solver/nmbrs/best.py,
solver/nmbrs/movegen.py and the search core of solver/nmbrs/sequences.py (``completions``).

Do not edit or import from the engine's modules anything that changes: this file is what
benchmarks/bench_nmbrs_jokers.py times the new search against, in the same run, and what
tests/games/nmbrs/test_nmbrs_best.py compares the new search with. It still calls the referee's rules
(``may_add``, ``turn_end_fault``, ``colour_doubling``, ``play_turn``), which did not change.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache, reduce
from math import gcd
from typing import Iterable, Iterator, Sequence

from solver.errors import SearchTooLarge
from solver.nmbrs.cards import JOKER, Card, Deck, Placed
from solver.nmbrs.moves import Move, MoveKind
from solver.nmbrs.rules import MIN_LENGTH, Rules, may_add
from solver.nmbrs.scoring import card_points, colour_doubling
from solver.nmbrs.sequences import Completion
from solver.nmbrs.referee import TurnState, apply_move, turn_end_fault
from solver.nmbrs.referee import judge as play_turn  # the referee, renamed since
from solver.nmbrs.table import Table, check_hand_and_table
from solver.nmbrs.verdict import Verdict as TurnVerdict  # renamed since

__all__ = ["best_turn", "BestTurn", "MoveGenerator", "completions"]


# ---------------------------------------------------------------- sequences.py (search core)


@lru_cache(maxsize=None)
def _divisors(n: int) -> tuple[int, ...]:
    return tuple(d for d in range(1, n + 1) if n % d == 0)


def _grow(
    fixed: tuple[int, ...],
    anchors: tuple[int, ...],
    d: int,
    pool: frozenset[int],
    free_from: int,
    jokers: int,
    high: int,
    taken: frozenset[int],
) -> Iterator[tuple[tuple[int, ...], list[int], list[int]]]:
    """Every progression of step ``d`` through ``fixed`` (sorted, all ≡ mod ``d``) whose other
    cells are hand numbers (from ``pool``, only those ≥ ``free_from``) or jokers (at most
    ``jokers``); ``anchors`` are fixed cells that are hand numbers. No cell may be ``taken``."""
    if (fixed[-1] - fixed[0]) // d + 1 - len(fixed) > len(pool) + jokers:
        return  # more gaps than cards to fill them
    fixed_set = set(fixed)
    inner = [v for v in range(fixed[0], fixed[-1] + 1, d) if v not in fixed_set]
    need_jokers = 0
    for v in inner:
        if v in taken:
            return
        if v not in pool or v < free_from:
            need_jokers += 1
    if need_jokers > jokers:
        return

    def fill_inner(i: int, budget: int, reals: list[int], jvals: list[int]):
        if i == len(inner):
            yield budget, reals, jvals
            return
        v = inner[i]
        if v in pool and v >= free_from:
            yield from fill_inner(i + 1, budget, reals + [v], jvals)
        if budget:
            yield from fill_inner(i + 1, budget - 1, reals, jvals + [v])

    def extend(v: int, direction: int, budget: int, reals: list[int], jvals: list[int], cells: list[int]):
        yield budget, reals, jvals, cells
        if not 1 <= v <= high or v in taken:
            return
        if v in pool and v >= free_from:
            yield from extend(v + direction, direction, budget, reals + [v], jvals, cells + [v])
        if budget:
            yield from extend(v + direction, direction, budget - 1, reals, jvals + [v], cells + [v])

    lo, hi = fixed[0], fixed[-1]
    for b1, r1, j1 in fill_inner(0, jokers, list(anchors), []):
        for b2, r2, j2, low_cells in extend(lo - d, -d, b1, r1, j1, []):
            for _, r3, j3, high_cells in extend(hi + d, d, b2, r2, j2, []):
                first = low_cells[-1] if low_cells else lo
                last = high_cells[-1] if high_cells else hi
                yield tuple(range(first, last + 1, d)), r3, j3


def _around(
    centre: int, length_max: int, high: int, taken: frozenset[int]
) -> Iterator[tuple[int, ...]]:
    """Every progression of 3..``length_max`` cells in 1..``high`` through ``centre`` (other cells not taken)."""
    if length_max < MIN_LENGTH:
        return
    for d in range(1, high):
        for length in range(MIN_LENGTH, length_max + 1):
            for pos in range(length):
                first = centre - pos * d
                last = first + (length - 1) * d
                if first < 1 or last > high:
                    continue
                cells = tuple(range(first, last + 1, d))
                if any(v in taken for v in cells if v != centre):
                    continue
                yield cells


MAX_CANDIDATES = 60_000
"""The most candidate sequences one question may try (about half a second): a real hand tries a
few hundred, 20 cards with two jokers about 15,000; 40 cards with four jokers would fill gigabytes."""


def completions(
    fixed: Iterable[int],
    pool: Iterable[int],
    jokers: int,
    rules: Rules,
    *,
    taken: Iterable[int] = (),
    min_new: int = 0,
    joker_only: bool = False,
) -> list[Completion]:
    """Every valid sequence containing all of ``fixed`` whose other cards come from the hand.

    ``pool`` holds the hand's numbered cards and ``jokers`` how many jokers it holds; a
    joker may stand for any number not ``taken`` (numbers already on the table), even one
    whose card is in the hand. ``min_new`` is the least number of hand cards to use.
    ``fixed`` is empty for a new sequence, one table card for a crossing, a sequence (or two)
    for an addition. Sequences made of jokers only (and of ``fixed``) are listed only when
    ``joker_only`` is set.

    >>> rules = Rules.preset("basic")
    >>> [c.numbers for c in completions([10, 20, 30], [15, 25, 40], 0, rules, min_new=1)]
    [(10, 15, 20, 25, 30), (10, 20, 30, 40)]
    """
    fixed_t = tuple(sorted(set(fixed)))
    taken_s = frozenset(taken) - set(fixed_t)
    pool_s = frozenset(pool) - set(fixed_t) - taken_s  # a number already on the table cannot be laid again
    high = rules.high
    found: dict[tuple, Completion] = {}

    tried = 0

    def keep(cells: tuple[int, ...], reals: list[int], jvals: list[int]) -> None:
        nonlocal tried
        tried += 1
        if tried > MAX_CANDIDATES:
            raise SearchTooLarge(
                f"these cards make more than {MAX_CANDIDATES:,} candidate sequences "
                f"({len(pool_s)} numbers, {jokers} joker{'s' if jokers != 1 else ''}): expected fewer cards or jokers"
            )
        if len(cells) < MIN_LENGTH or len(reals) + len(jvals) < min_new:
            return
        d = cells[1] - cells[0]
        if not rules.accepts(cells[0], d):
            return
        c = Completion(cells, tuple(sorted(reals)), tuple(sorted(jvals)))
        found[(c.numbers, c.reals, c.jokers)] = c

    if len(fixed_t) >= 2:
        g = reduce(gcd, (b - a for a, b in zip(fixed_t, fixed_t[1:])))
        for d in _divisors(g):
            for cells, reals, jvals in _grow(fixed_t, (), d, pool_s, 0, jokers, high, taken_s):
                keep(cells, reals, jvals)
    else:
        # the hand numbers used, if any: the smallest one (or two, for a new sequence) anchors
        # the progression; hand numbers below the last anchor are not used (jokers may stand there)
        reals = sorted(pool_s)
        if fixed_t:
            (c,) = fixed_t
            for r in reals:
                for d in _divisors(abs(r - c)):
                    for cells, rs, js in _grow(tuple(sorted((c, r))), (r,), d, pool_s, r + 1, jokers, high, taken_s):
                        keep(cells, rs, js)
            for cells in _around(c, jokers + 1, high, taken_s):
                keep(cells, [], [v for v in cells if v != c])
        else:
            for i, r1 in enumerate(reals):
                for r2 in reals[i + 1:]:
                    for d in _divisors(r2 - r1):
                        if (r2 - r1) // d - 1 > jokers:
                            continue
                        for cells, rs, js in _grow((r1, r2), (r1, r2), d, pool_s, r2 + 1, jokers, high, taken_s):
                            keep(cells, rs, js)
                for cells in _around(r1, jokers + 1, high, taken_s):
                    keep(cells, [r1], [v for v in cells if v != r1])
            if joker_only and jokers >= MIN_LENGTH:
                for cells in _all_progressions(jokers, high, taken_s):
                    keep(cells, [], list(cells))
    return sorted(found.values(), key=lambda c: (c.numbers, c.reals))


def _all_progressions(length_max: int, high: int, taken: frozenset[int]) -> Iterator[tuple[int, ...]]:
    for d in range(1, high):
        for first in range(1, high + 1):
            for length in range(MIN_LENGTH, length_max + 1):
                last = first + (length - 1) * d
                if last > high:
                    break
                cells = tuple(range(first, last + 1, d))
                if not any(v in taken for v in cells):
                    yield cells



# ---------------------------------------------------------------- movegen.py

PositionKey = tuple
"""``(sequences, table jokers, hand numbers, hand jokers, opened, laid_new)``: the sequences are
sorted tuples of numbers in sorted order, the table jokers and hand numbers frozensets."""

# A generated move is a tuple naming everything by numbers: ("lay", comp), ("add", seq, comp),
# ("cross", card, comp), ("link", seq, seq, comp) or ("swap", number); comp is a Completion.
_Step = tuple


class MoveGenerator:
    """The moves of one turn: built from the table and the hand at the start of the turn.

    The sequences that hand cards can make through some fixed table numbers are computed
    once per turn for the whole hand (and every joker it could hold after swaps) and then
    narrowed to the cards still held.
    """

    def __init__(self, table: Table, hand: Sequence[Card], rules: Rules, deck: Deck, opened: bool):
        self.rules, self.deck, self.opened = rules, deck, opened
        self.work = 0  # cached completions examined by the moves asked so far (what a search costs)
        self.start_jokers = sum(1 for c in hand if c.is_joker)
        self.all_reals = frozenset(c.number for c in hand if not c.is_joker)
        table_jokers = {v for v, c in table.cards().items() if c.is_joker}
        self.max_jokers = self.start_jokers + len(table_jokers & self.all_reals)  # after every possible swap
        self.value = {c.number: card_points([c], rules, deck) for c in hand if not c.is_joker}
        self.joker_value = card_points([JOKER], rules, deck)
        cards = {v: c for v, c in table.cards().items() if not c.is_joker}
        cards.update({c.number: c for c in hand if not c.is_joker})  # type: ignore[misc]
        self.colour = {v: deck.colour_of(c) for v, c in cards.items()}
        self.keeps_a_card = turn_end_fault(rules, 0, 0, 0) is not None  # an empty hand may not end the turn
        self._start = (table, tuple(hand))
        self._cache: dict[tuple, list] = {}
        self._linkable: dict[tuple, bool] = {}
        self._finishes: dict[PositionKey, bool] = {}
        self._gains: dict[tuple, tuple[int, int]] = {}

    # -- positions ---------------------------------------------------------------------

    def key(self, state: TurnState) -> PositionKey:
        """The compact key of a referee's turn state."""
        table = state.table
        seqs = tuple(sorted(table.numbers(i) for i in range(len(table.sequences))))
        tj = frozenset(v for v, c in table.cards().items() if c.is_joker)
        reals = frozenset(c.number for c in state.hand if not c.is_joker)
        jokers = sum(1 for c in state.hand if c.is_joker)
        return (seqs, tj, reals, jokers, state.opened, state.laid_new)

    def after(self, pos: PositionKey, step: _Step, recipe) -> PositionKey:
        """The position after ``step`` (``recipe`` comes with it from :meth:`moves`)."""
        if step[0] == "swap":
            return recipe
        seqs, tj, reals, jokers, opened, laid_new = pos
        kept, numbers, new = recipe
        comp = step[-1]
        return (tuple(sorted(kept + (numbers,))), tj | set(comp.jokers), reals - set(comp.reals),
                jokers - len(comp.jokers), opened, laid_new or new)

    def can_stop(self, pos: PositionKey) -> bool:
        """Whether the turn may end in ``pos`` (by discarding a card, or with an empty hand in simple)."""
        _, _, reals, jokers, _, _ = pos
        return turn_end_fault(self.rules, len(reals) + jokers, jokers, self.start_jokers) is None

    def can_finish(self, pos: PositionKey) -> bool:
        """Whether some moves from ``pos`` (possibly none) reach a position where the turn may end."""
        if self.can_stop(pos):
            return True
        known = self._finishes.get(pos)
        if known is None:
            self._finishes[pos] = False  # a position never leads back to itself; this only guards the memo
            known = any(self.can_finish(self.after(pos, step, recipe)) for step, recipe, _ in self.moves(pos))
            self._finishes[pos] = known
        return known

    # -- the moves ---------------------------------------------------------------------

    def _comps(self, fixed: tuple[int, ...], reals: frozenset[int], jokers: int, taken: frozenset[int], min_new: int):
        """:func:`completions` of ``fixed`` with these hand cards, avoiding the table's numbers."""
        key = (fixed, min_new)
        found = self._cache.get(key)
        if found is None:
            found = [(c, frozenset(c.reals + c.jokers), frozenset(c.reals), len(c.jokers))
                     for c in completions(fixed, self.all_reals, self.max_jokers, self.rules, min_new=min_new)]
            self._cache[key] = found
        self.work += len(found)
        return [c for c, new, rs, nj in found if nj <= jokers and rs <= reals and not (new & taken)]

    def _is_linkable(self, a: tuple[int, ...], b: tuple[int, ...]) -> bool:
        """Whether the whole hand could fill the gaps between ``a`` and ``b`` at the widest common step."""
        key = (a, b)
        if key not in self._linkable:
            d = gcd(a[1] - a[0], b[1] - b[0], b[0] - a[-1])
            gaps = (b[-1] - a[0]) // d + 1 - len(a) - len(b)
            self._linkable[key] = gaps <= len(self.all_reals) + self.max_jokers
        return self._linkable[key]

    def gain(self, comp: Completion, judged_values, table_jokers: frozenset[int]) -> tuple[int, int]:
        """``(score, cards)`` of laying ``comp``'s hand cards, doubling judged on ``judged_values``
        (``None``: on the laid cards; else ``comp.numbers``), as :func:`~solver.nmbrs.scoring.score_cards`
        scores it. Remembered per completion and table jokers."""
        key = (id(comp), judged_values is None, table_jokers)  # comps live as long as self._cache
        found = self._gains.get(key)
        if found is None:
            found = self._gains[key] = self._gain(comp, judged_values, table_jokers)
        return found

    def _gain(self, comp: Completion, judged_values, table_jokers: frozenset[int]) -> tuple[int, int]:
        jset = comp.jokers
        points = sum(self.value[r] for r in comp.reals) + self.joker_value * len(jset)
        if judged_values is None:
            reals, jokers = comp.reals, jset
        else:
            reals = [v for v in judged_values if v not in table_jokers and v not in jset]
            jokers = [v for v in judged_values if v in table_jokers or v in jset]
        colour = self.colour
        doubled = colour_doubling([colour[v] for v in reals], jokers, self.rules, self.deck)
        return (2 * points if doubled else points), len(comp.reals) + len(jset)

    def moves(self, pos: PositionKey) -> list:
        """``(step, recipe for the next position, (score, cards laid))`` for every move from ``pos``,
        in a fixed order: lay, add (by sequence), cross (by table card), link, swap."""
        seqs, tj, reals, jokers, opened, laid_new = pos
        taken = frozenset(v for s in seqs for v in s)
        out = []

        for comp in self._comps((), reals, jokers, taken, MIN_LENGTH):
            out.append((("lay", comp), (seqs, comp.numbers, True), self.gain(comp, None, tj)))
        if not may_add(self.rules, opened, laid_new):
            for v in sorted(tj & reals):
                out.append((("swap", v), (seqs, tj - {v}, reals - {v}, jokers + 1, opened, laid_new), (0, 0)))
            return out
        if reals or jokers:
            for i, s in enumerate(seqs):
                others = seqs[:i] + seqs[i + 1:]
                for comp in self._comps(s, reals, jokers, taken, 1):
                    out.append((("add", s, comp), (others, comp.numbers, False),
                                self.gain(comp, self.rules.judged_cards(comp.numbers, None), tj)))
            counts = Counter(v for s in seqs for v in s)
            for c in sorted(v for v, k in counts.items() if k == 1):
                for comp in self._comps((c,), reals, jokers, taken, MIN_LENGTH - 1):
                    out.append((("cross", c, comp), (seqs, comp.numbers, False),
                                self.gain(comp, self.rules.judged_cards(comp.numbers, None), tj)))
        for i, a in enumerate(seqs):
            for j, b in enumerate(seqs):
                if i == j or a[-1] >= b[0] or not self._is_linkable(a, b):
                    continue
                others = tuple(s for k, s in enumerate(seqs) if k not in (i, j))
                if any(len(set(o).intersection(a + b)) > 1 for o in others):
                    continue  # the linked sequence would cross another twice (new cards are never on the table)
                for comp in self._comps(a + b, reals, jokers, taken, 0):
                    out.append((("link", a, b, comp), (others, comp.numbers, False),
                                self.gain(comp, self.rules.judged_cards(comp.numbers, None), tj)))
        for v in sorted(tj & reals):
            out.append((("swap", v), (seqs, tj - {v}, reals - {v}, jokers + 1, opened, laid_new), (0, 0)))
        return out

    # -- the search's bound --------------------------------------------------------------

    @cached_property
    def playable(self) -> frozenset[int]:
        """Hand numbers that some move of this turn could lay (every sequence a card can end up in
        contains a table sequence, two of them, one table card, or only hand cards)."""
        table, hand = self._start
        seqs = [table.numbers(i) for i in range(len(table.sequences))]
        bases = [()] + seqs + [(v,) for v in sorted(table.values())]
        bases += [a + b for a in seqs for b in seqs if a[-1] < b[0]]
        out: set[int] = set()
        for base in bases:
            for c in completions(base, self.all_reals, self.max_jokers, self.rules):
                out.update(c.reals)
        return frozenset(out)

    def bound(self, pos: PositionKey) -> tuple[int, int]:
        """At most what the rest of the turn can add: every playable card laid and doubled."""
        _, _, reals, jokers, _, _ = pos
        playable = self.playable
        live = [self.value[r] for r in reals if r in playable] + [self.joker_value] * jokers
        cards = len(live)
        if self.keeps_a_card and cards and cards == len(reals) + jokers:
            live.remove(min(live))  # one card stays in hand to be discarded
            cards -= 1
        return 2 * sum(live), cards

    # -- referee moves ---------------------------------------------------------------------

    def to_move(self, step: _Step, state: TurnState) -> Move:
        """The referee's move for ``step`` played from ``state`` (sequences named by their
        number on the table, cards as held, each joker as ``joker=N``, cards by number)."""
        kind = step[0]
        if kind == "swap":
            return Move(MoveKind.SWAP, (step[1],))
        comp: Completion = step[-1]
        held = {c.number: c for c in state.hand if not c.is_joker}
        jokers = set(comp.jokers)
        cards = tuple(Placed(JOKER, v) if v in jokers else held[v]
                      for v in sorted(comp.reals + comp.jokers))
        if kind == "lay":
            return Move(MoveKind.LAY, (), cards)
        if kind == "cross":
            return Move(MoveKind.CROSS, (step[1],), cards)
        index = {state.table.numbers(i): i + 1 for i in range(len(state.table.sequences))}
        if kind == "add":
            return Move(MoveKind.ADD, (index[step[1]],), cards)
        return Move(MoveKind.LINK, (index[step[1]], index[step[2]]), cards)


# ---------------------------------------------------------------- best.py

DEFAULT_STATE_LIMIT = 60_000
"""Positions the search may visit before it gives up with an error (a hand of 9 cards with
several jokers against a large table can take long)."""
MAX_WORK = 40_000_000
"""Steps the search may take (candidate sequences examined by the move generator, over every
position visited) before it refuses the question (:class:`~solver.errors.SearchTooLarge`):
about ten seconds, under a progress bar. A 9-card hand takes a few hundred steps, with one
joker about 650,000, with two about 27 million (three to seven seconds); a 40-card hand would
take hours."""
PROGRESS_EVERY = 50
"""Positions between two calls of the ``progress`` callback (a few per second with a huge hand)."""


@dataclass(frozen=True)
class BestTurn:
    """The best turn found: its referee's verdict (moves, table, score) and how many positions were searched."""

    verdict: TurnVerdict
    states: int

    @property
    def score(self) -> int:
        return self.verdict.score

    @property
    def moves(self) -> tuple[Move, ...]:
        """The turn's moves, as the referee wrote them back (jokers as ``joker=N``)."""
        return tuple(r.move for r in self.verdict.results)

    def as_dict(self) -> dict:
        return {**self.verdict.as_dict(), "states_searched": self.states}


class _Search:
    """Depth-first search over the positions of a turn, with three economies that do not change the answer:

    * a position reached again with no better score so far is not searched again;
    * a move is skipped when even doubling every card still playable cannot beat the best turn found;
    * the sequences a set of hand cards can make through some table cards are computed once
      (by the :class:`MoveGenerator`).
    """

    def __init__(self, gen: MoveGenerator, limit: int, max_work: int = MAX_WORK, progress=None):
        self.gen, self.limit, self.max_work, self.progress = gen, limit, max_work, progress
        self.visited: dict[PositionKey, tuple] = {}
        self.best: tuple | None = None  # (value, path)

    def search(self, pos: PositionKey, acc: tuple[int, int, int], path) -> None:
        """Visit ``pos`` reached with ``acc`` = (score, cards laid, -moves) by the moves in ``path``."""
        seen = self.visited.get(pos)
        if seen is not None and acc <= seen:
            return
        if len(self.visited) >= self.limit:
            raise SearchTooLarge(
                f"the best turn needs more than {self.limit} positions to search (many jokers or a large table): "
                "allow more (--limit) or try with fewer jokers"
            )
        self.visited[pos] = acc
        if self.progress is not None and len(self.visited) % PROGRESS_EVERY == 0:
            self.progress(self.gen.work, self.max_work)
        gen = self.gen
        if gen.can_stop(pos) and (self.best is None or acc > self.best[0]):
            self.best = (acc, path)
        moves = gen.moves(pos)
        if gen.work > self.max_work:
            raise SearchTooLarge(
                f"the best turn would take more than {self.max_work:,} steps to search: "
                "expected a smaller hand or fewer jokers"
            )
        moves.sort(key=lambda m: (-m[2][0], -m[2][1]))  # most promising first: good turns are found early
        for step, recipe, (score, laid) in moves:
            child = (acc[0] + score, acc[1] + laid, acc[2] - 1)
            nxt = gen.after(pos, step, recipe)
            if self.best is not None:
                more, cards = gen.bound(nxt)
                if (child[0] + more, child[1] + cards) < self.best[0][:2]:
                    continue
            self.search(nxt, child, (step, path))


def _to_moves(steps, gen: MoveGenerator, table: Table, hand: Sequence[Card], rules: Rules, deck: Deck,
              opened: bool) -> list[Move]:
    """The search's moves (named by numbers) as referee moves (named by sequence numbers)."""
    moves: list[Move] = []
    state = TurnState.start(table, hand, opened)
    for step in steps:
        move = gen.to_move(step, state)
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
    *,
    max_work: int = MAX_WORK,
    progress=None,
) -> BestTurn:
    """The legal turn with the highest score for ``hand`` (after the draw) on ``table``.

    ``opened``: whether the player came out (laid a sequence) in an earlier turn; see
    :class:`~solver.nmbrs.rules.Opening`. A turn with no move (just discard) scores 0.
    The moves found are replayed through the referee (:func:`play_turn`), whose verdict is
    returned. The final discard is not part of the moves (any card left may go).

    A search past ``limit`` positions or ``max_work`` generated moves raises
    :class:`~solver.errors.SearchTooLarge`; ``progress(work, max_work)``, if given, is
    called every few hundred positions (the CLI draws a progress bar with it).
    """
    deck = deck or Deck.default()
    check_hand_and_table(hand, table, deck, rules)
    gen = MoveGenerator(table, hand, rules, deck, opened)
    search = _Search(gen, limit, max_work, progress)
    search.search(gen.key(TurnState.start(table, hand, opened)), (0, 0, 0), None)
    assert search.best is not None  # doing nothing is always legal with a card in hand
    (score, _, _), path = search.best
    steps = []
    while path is not None:
        step, path = path
        steps.append(step)
    moves = _to_moves(steps[::-1], gen, table, hand, rules, deck, opened)
    verdict = play_turn(table, hand, moves, rules, deck, opened)
    if not verdict.legal or verdict.score != score:  # pragma: no cover - the search and the referee disagree
        raise AssertionError(f"best turn {[str(m) for m in moves]} replays as {verdict.reason or verdict.score}, not {score}")
    return BestTurn(verdict, len(search.visited))
