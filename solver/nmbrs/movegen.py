"""Every move of a Nmbrs! turn, generated fast: the engine under the best-turn search and the
game state's ``legal_moves``.

A :class:`MoveGenerator` belongs to one turn (the hand and the table at its start). It
works on compact positions (:data:`PositionKey`: the table's sequences as sorted tuples of
numbers, the numbers where jokers lie, the hand's numbers and jokers, the opening flags)
and names moves by numbers, not by sequence indices; :meth:`MoveGenerator.to_move` turns
one into the referee's :class:`~solver.nmbrs.moves.Move` for a given
:class:`~solver.nmbrs.referee.TurnState`. It holds no rule of its own: sequences come from
:func:`~solver.nmbrs.sequences.completions`, the opening rule from
:func:`~solver.nmbrs.rules.may_add`, the end of a turn from
:func:`~solver.nmbrs.referee.turn_end_fault`, colour doubling from
:func:`~solver.nmbrs.scoring.colour_doubling` — the referee calls the same functions.

>>> from solver.nmbrs import Deck, Rules
>>> from solver.nmbrs.referee import TurnState
>>> from solver.nmbrs.table import Table
>>> deck, rules = Deck.default(), Rules()
>>> table, hand = Table.parse("10 20 30", deck, rules), deck.parse_hand("15 25 40 7")
>>> gen = MoveGenerator(table, hand, rules, deck, opened=True)
>>> state = TurnState.start(table, hand, opened=True)
>>> [str(gen.to_move(m, state)) for m, _, _ in gen.moves(gen.key(state))]
['add 1: 15 25', 'add 1: 40', 'cross 10: 25 40', 'cross 20: 15 25']

Not generated: new sequences made of jokers only (they need 3 jokers in hand, and 3
jokers alone make thousands of sequences); the referee accepts them when typed.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from math import gcd
from typing import Sequence

from solver.nmbrs.cards import JOKER, Card, Deck, Placed
from solver.nmbrs.moves import Move, MoveKind
from solver.nmbrs.rules import MIN_LENGTH, DoublingPer, Rules, may_add
from solver.nmbrs.scoring import card_points, colour_doubling, turn_points
from solver.nmbrs.referee import TurnState, turn_end_fault
from solver.nmbrs.sequences import Completion, completions, divisors
from solver.nmbrs.table import Table

__all__ = ["PositionKey", "MoveGenerator"]

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
        self.start_values = frozenset(table.values())
        self._turn: dict[tuple, int] = {}
        self._cache: dict[tuple, list] = {}
        self._linkable: dict[tuple, bool] = {}
        self._finishes: dict[PositionKey, bool] = {}
        self._gains: dict[tuple, tuple[int, int]] = {}
        self._bounds: dict[tuple, tuple[int, int]] = {}
        self._more: dict[tuple, int] = {}

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

    def _comps(self, fixed: tuple[int, ...], reals: frozenset[int], jokers: int, taken: frozenset[int], min_new: int,
               min_cards: int = 0, table_jokers: frozenset[int] = frozenset()) -> list[tuple[Completion, tuple[int, int]]]:
        """:func:`completions` of ``fixed`` with these hand cards, avoiding the table's numbers
        (and laying at least ``min_cards`` cards), each with its :meth:`gain`."""
        key = (fixed, min_new, jokers)  # one list per number of jokers held: none to skip for having too many
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._built(fixed, min_new, jokers)
        self.work += len(found)
        if fixed and not table_jokers.isdisjoint(fixed):  # a joker on the table in the sequence: it may change the doubling
            return [(c, self.gain(c, None if on_laid else c.numbers, table_jokers))
                    for c, new, rs, n, _, on_laid in found
                    if n >= min_cards and rs <= reals and not (new & taken)]
        if min_cards:
            return [(c, g) for c, new, rs, n, g, _ in found if n >= min_cards and rs <= reals and not (new & taken)]
        return [(c, g) for c, new, rs, _, g, _ in found if rs <= reals and not (new & taken)]

    def _built(self, fixed: tuple[int, ...], min_new: int, jokers: int) -> list[tuple]:
        """The cached entries of :meth:`_comps`: each completion with its cells, hand numbers, card
        count, gain (when no table joker lies in ``fixed``) and whether doubling is judged on the laid
        cards. Taken from the list made for more jokers when there is one (same order)."""
        for more in range(jokers + 1, self.max_jokers + 1):
            wider = self._cache.get((fixed, min_new, more))
            if wider is not None:
                return [entry for entry in wider if len(entry[0].jokers) <= jokers]
        free = all(v in self.colour for v in fixed)  # else a joker lies there: see _comps
        found = []
        for c in completions(fixed, self.all_reals, jokers, self.rules, min_new=min_new):
            judged = self.rules.judged_cards(c.numbers, None) if fixed else None
            found.append((c, frozenset(c.reals + c.jokers), frozenset(c.reals), c.new_cards,
                          self._gain(c, judged, frozenset()) if free else None, judged is None))
        return found

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

    def moves(self, pos: PositionKey, near: frozenset | None = None, min_cards: int = 0) -> list:
        """``(step, recipe for the next position, (score, cards laid))`` for every move from ``pos``,
        in a fixed order: lay, add (by sequence), cross (by table card), link, swap.

        ``near`` (a set of table sequences), if given, narrows the list for the best-turn search:
        only the moves that use one of these sequences (add to it, cross one of its cards, link
        it, swap one of its jokers) and the :meth:`floating` ones; ``min_cards``, only the moves that
        lay at least that many cards (no swap)."""
        seqs, tj, reals, jokers, opened, laid_new = pos
        taken = frozenset(v for s in seqs for v in s)
        out = []
        cells = None if near is None else frozenset(v for s in near for v in s)

        for comp, g in self._comps((), reals, jokers, taken, MIN_LENGTH, min_cards):
            if near is None or len(comp.reals) == 1:
                out.append((("lay", comp), (seqs, comp.numbers, True), g))
        if not may_add(self.rules, opened, laid_new):
            for v in sorted(tj & reals) if not min_cards else ():
                if cells is None or v in cells:
                    out.append((("swap", v), (seqs, tj - {v}, reals - {v}, jokers + 1, opened, laid_new), (0, 0)))
            return out
        if reals or jokers:
            for i, s in enumerate(seqs):
                if near is not None and s not in near:
                    continue
                others = seqs[:i] + seqs[i + 1:]
                for comp, g in self._comps(s, reals, jokers, taken, 1, min_cards, tj):
                    out.append((("add", s, comp), (others, comp.numbers, False), g))
            counts = Counter(v for s in seqs for v in s)
            for c in sorted(v for v, k in counts.items() if k == 1):
                floating_only = cells is not None and c not in cells
                if floating_only and jokers < MIN_LENGTH - 1:
                    continue
                for comp, g in self._comps((c,), reals, jokers, taken, MIN_LENGTH - 1, min_cards, tj):
                    if floating_only and comp.reals:
                        continue
                    out.append((("cross", c, comp), (seqs, comp.numbers, False), g))
        for i, a in enumerate(seqs):
            for j, b in enumerate(seqs):
                if i == j or a[-1] >= b[0] or not self._is_linkable(a, b):
                    continue
                if near is not None and a not in near and b not in near:
                    continue
                others = tuple(s for k, s in enumerate(seqs) if k not in (i, j))
                if any(len(set(o).intersection(a + b)) > 1 for o in others):
                    continue  # the linked sequence would cross another twice (new cards are never on the table)
                for comp, g in self._comps(a + b, reals, jokers, taken, 0, min_cards, tj):
                    out.append((("link", a, b, comp), (others, comp.numbers, False), g))
        for v in sorted(tj & reals) if not min_cards else ():
            if cells is None or v in cells:
                out.append((("swap", v), (seqs, tj - {v}, reals - {v}, jokers + 1, opened, laid_new), (0, 0)))
        if self.rules.doubling_per is DoublingPer.TURN and any(v not in self.start_values for s in seqs for v in s):
            return self._per_turn(pos, out)
        return out

    def _per_turn(self, pos: PositionKey, moves: list) -> list:
        """``moves`` scored as the referee does with the doubling judged on the turn: a move that
        changes a sequence holding cards laid this turn (adds to it, links it, crosses one of its
        cards, swaps one of its jokers) scores the change of :func:`~solver.nmbrs.scoring.turn_points`."""
        new = [s for s in pos[0] if any(v not in self.start_values for v in s)]
        out = []
        for step, recipe, gain in moves:
            if step[0] != "lay" and any(self.uses(step, s) for s in new):
                gain = (self.turn_points(self.after(pos, step, recipe)) - self.turn_points(pos), gain[1])
            out.append((step, recipe, gain))
        return out

    def turn_points(self, pos: PositionKey) -> int:
        """What the cards laid this turn are worth in ``pos`` (remembered)."""
        key = (pos[0], pos[1])
        found = self._turn.get(key)
        if found is None:
            tj, start = pos[1], self.start_values
            found = self._turn[key] = turn_points(
                pos[0], lambda v: v not in start, lambda v: v in tj, self.colour.__getitem__,
                lambda v: self.joker_value if v in tj else self.value[v], self.rules, self.deck)
        return found

    @staticmethod
    def floating(step: _Step) -> bool:
        """Whether ``step`` lays a sequence held by one card only: a new sequence of one hand card
        and jokers, or a crossing of jokers only. Its jokers may stand at any step, so it has
        hundreds of forms; the best-turn search plays it only where the next move uses it, or
        among the last moves of the turn (see :mod:`solver.nmbrs.best`)."""
        kind = step[0]
        if kind == "lay":
            return len(step[1].reals) == 1
        return kind == "cross" and not step[2].reals

    @staticmethod
    def uses(step: _Step, seq: tuple[int, ...]) -> bool:
        """Whether ``step`` changes table sequence ``seq`` or depends on it: adds to it, links it,
        crosses one of its cards, or swaps one of its jokers."""
        kind = step[0]
        if kind == "add":
            return step[1] == seq
        if kind == "link":
            return step[1] == seq or step[2] == seq
        if kind in ("cross", "swap"):
            return step[1] in seq
        return False

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
        return self.bound_of(pos[2], pos[3])

    def bound_of(self, reals: frozenset[int], jokers: int) -> tuple[int, int]:
        """:meth:`bound` of a position holding ``reals`` and ``jokers`` (remembered)."""
        key = (reals, jokers)
        found = self._bounds.get(key)
        if found is None:
            found = self._bounds[key] = self._bound(reals, jokers)
        return found

    def _bound(self, reals: frozenset[int], jokers: int) -> tuple[int, int]:
        playable = self.playable
        live = [self.value[r] for r in reals if r in playable] + [self.joker_value] * jokers
        cards = len(live)
        if self.keeps_a_card and cards and cards == len(reals) + jokers:
            live.remove(min(live))  # one card stays in hand to be discarded
            cards -= 1
        return 2 * sum(live), cards

    def more_moves(self, reals: frozenset[int], jokers: int, cards: int, base: int) -> int:
        """At least how many moves it takes to lay ``cards`` more cards from ``reals`` and ``jokers``:
        0, 1, or 2 when no single move can (its hand numbers would have to lie on one progression
        whose gaps the jokers and at most ``base`` table cards fill). Remembered."""
        if cards == 0:
            return 0
        need = cards - jokers  # hand numbers the move must lay
        if need <= 1:
            return 1
        key = (reals, jokers, cards, base)
        found = self._more.get(key)
        if found is None:
            found = self._more[key] = 1 if self._one_move(sorted(reals), need, base + jokers) else 2
        return found

    @staticmethod
    def _one_move(numbers: list[int], need: int, fill: int) -> bool:
        """Whether ``need`` of ``numbers`` lie on one progression with at most ``fill`` cells missing between them."""
        for i, a in enumerate(numbers):
            for b in numbers[i + need - 1:]:
                for d in divisors(b - a):
                    cells = (b - a) // d + 1
                    if cells - fill > len(numbers):
                        continue
                    count = sum(1 for v in numbers if a <= v <= b and (v - a) % d == 0)
                    if count >= need and cells - count <= fill:
                        return True
        return False

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
