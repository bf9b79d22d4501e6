"""Hypothesis strategies for Nmbrs!: rules, hands and tables, drawn valid (no ``assume``/``filter``).

* :func:`rules` — any preset, sometimes with options changed, optionally a smaller ``high``;
* :func:`progression` — a valid sequence under given rules, avoiding some numbers;
* :func:`hands` — distinct numbers (often with a progression hidden inside, so that valid
  sequences are common), optional colours, 0–``max_jokers`` jokers;
* :func:`tables` — valid tables of a few sequences, some crossing, with the numbers a hand
  may still use;
* :func:`positions` — a table and a hand that can lie beside it (the hand may hold the card
  a table joker stands for, so that swaps happen), and whether the player came out.
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from solver.nmbrs import JOKER, PRESETS, Card, Colour, Deck, Placed, Rules
from solver.nmbrs.position import Position
from solver.nmbrs.rules import SequenceRule
from solver.nmbrs.table import Table

__all__ = ["rules", "progression", "hands", "tables", "positions", "useful_numbers"]

DECK = Deck.default()


@st.composite
def rules(draw, high: int | None = None, options: bool = True) -> Rules:
    """A preset, sometimes with other options; ``high`` caps the card numbers (for small searches)."""
    r = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    changes: dict = {}
    if options and draw(st.booleans()):
        changes = dict(
            doubling=draw(st.sampled_from(["whole", "added"])),
            doubling_per=draw(st.sampled_from(["turn", "move"])),
            joker_counts=draw(st.booleans()),
            joker_colour=draw(st.sampled_from(["wild", "none", "as-card"])),
            opening=draw(st.sampled_from(["once", "each-turn", "free"])),
            discard_last=draw(st.booleans()),
        )
    if high is not None and high < r.high:
        changes["high"] = high
    return r.with_options(**changes)


@st.composite
def progression(draw, r: Rules, avoid: frozenset[int] = frozenset(), through: int | None = None,
                min_len: int = 3, max_len: int = 6) -> tuple[int, ...] | None:
    """A valid sequence (as numbers) under ``r`` avoiding ``avoid`` (and through ``through``), or None."""
    options = [
        cells for cells in _all_valid(r.sequence is SequenceRule.COUNT_BACK, r.high, min_len, max_len)
        if (through is None or through in cells) and not any(v in avoid for v in cells if v != through)
    ]
    if not options:
        return None
    return draw(st.sampled_from(options))


@lru_cache(maxsize=None)
def _all_valid(count_back: bool, high: int, min_len: int, max_len: int) -> tuple[tuple[int, ...], ...]:
    r = Rules(sequence=SequenceRule.COUNT_BACK if count_back else SequenceRule.PROGRESSION, high=high)
    out = []
    for d in range(1, high // 2 + 1):
        for first in range(1, high + 1):
            if not r.accepts(first, d):
                continue
            for length in range(min_len, max_len + 1):
                cells = tuple(first + k * d for k in range(length))
                if cells[-1] > high:
                    break
                out.append(cells)
    return tuple(out)


@st.composite
def hands(draw, r: Rules, max_size: int = 9, max_jokers: int = 2, avoid: frozenset[int] = frozenset(),
          min_size: int = 1, near: tuple[int, ...] = ()) -> list[Card]:
    """A hand of distinct cards within ``r``'s numbers (not in ``avoid``), with 0–``max_jokers`` jokers;
    ``near`` are numbers worth holding (e.g. :func:`useful_numbers` of a table), drawn often."""
    jokers = draw(st.integers(0, max_jokers))
    size = draw(st.integers(max(min_size, jokers), max_size))
    reals_wanted = size - jokers
    free = [v for v in range(1, r.high + 1) if v not in avoid]
    numbers: list[int] = []
    if draw(st.booleans()):  # hide an evenly spaced run, so that sequences are common
        d = draw(st.integers(1, 12))
        first = draw(st.integers(1, r.high))
        numbers = [v for v in range(first, r.high + 1, d) if v not in avoid][: draw(st.integers(2, 5))]
    near_free = [v for v in sorted(set(near)) if 1 <= v <= r.high and v not in avoid and v not in numbers]
    if near_free and draw(st.integers(0, 3)):
        numbers += draw(st.lists(st.sampled_from(near_free), unique=True, max_size=4))
    pool = [v for v in free if v not in numbers]
    need = min(max(0, reals_wanted - len(numbers)), len(pool))
    extra = draw(st.lists(st.sampled_from(pool), unique=True, min_size=need, max_size=need)) if need else []
    numbers = (numbers + extra)[:reals_wanted]
    colours = draw(st.lists(st.sampled_from([None, *Colour]), min_size=len(numbers), max_size=len(numbers)))
    cards = [Card(n, c) for n, c in zip(numbers, colours)] + [JOKER] * jokers
    return draw(st.permutations(cards))


@st.composite
def tables(draw, r: Rules, max_sequences: int = 3, max_len: int = 5, jokers: bool = True,
           min_sequences: int = 0) -> Table:
    """A valid table: up to ``max_sequences`` sequences, the later ones often crossing an earlier card."""
    seqs: list[tuple[int, ...]] = []
    used: set[int] = set()
    for _ in range(draw(st.integers(min_sequences, max_sequences))):
        if seqs and draw(st.integers(0, 3)) == 0:  # often linkable: the same step, a little further on
            last = seqs[-1]
            d = last[1] - last[0]
            start = last[-1] + d * draw(st.integers(1, 3))
            cells = tuple(range(start, start + 3 * d, d))
            if cells[-1] <= r.high and not used & set(cells):
                seqs.append(cells)
                used.update(cells)
                continue
        crossable = sorted(v for v in used if sum(v in s for s in seqs) == 1)
        through = draw(st.sampled_from(crossable)) if crossable and draw(st.booleans()) else None
        cells = draw(progression(r, frozenset(used), through, 3, max_len))
        if cells is None:
            break
        if through is not None and any(len(set(cells) & set(s)) > 1 for s in seqs):
            continue
        seqs.append(cells)
        used.update(cells)
    joker_at = set()
    if jokers and used:
        only_once = sorted(v for v in used if sum(v in s for s in seqs) == 1)
        if only_once and draw(st.booleans()):
            joker_at.add(draw(st.sampled_from(only_once)))
    placed = [[Placed(JOKER if v in joker_at else Card(v), v) for v in s] for s in seqs]
    return Table.build(placed, DECK, r)


def useful_numbers(table: Table) -> tuple[int, ...]:
    """Numbers that could join the table: beyond each end, between two cards, beside each card."""
    out: set[int] = set()
    for i in range(len(table.sequences)):
        nums = table.numbers(i)
        d = nums[1] - nums[0]
        out.update((nums[0] - d, nums[-1] + d, nums[0] - 2 * d, nums[-1] + 2 * d))
        out.update((a + b) // 2 for a, b in zip(nums, nums[1:]) if (a + b) % 2 == 0)
        for v in nums:
            out.update((v - 2, v - 1, v + 1, v + 2))
        for j in range(len(table.sequences)):  # the gap between two sequences that could be linked
            other = table.numbers(j)
            if other[0] > nums[-1]:
                out.update(range(nums[-1] + d, other[0], d))
    return tuple(sorted(out - table.values()))


@st.composite
def positions(draw, r: Rules, max_hand: int = 6, max_jokers: int = 1, max_sequences: int = 3,
              min_hand: int = 1) -> Position:
    """A position under ``r``: a table of up to ``max_sequences`` sequences and a hand of
    ``min_hand``..``max_hand`` cards beside it (often holding numbers that fit the table, and
    sometimes the number a table joker stands for)."""
    table = draw(tables(r, max_sequences=max_sequences, max_len=5))
    real_on_table = frozenset(v for v, c in table.cards().items() if not c.is_joker)
    joker_numbers = tuple(v for v, c in table.cards().items() if c.is_joker)
    hand = draw(hands(r, max_size=max_hand, max_jokers=max_jokers, avoid=real_on_table, min_size=min_hand,
                      near=useful_numbers(table)))
    held = {c.number for c in hand}
    swappable = [v for v in joker_numbers if v not in held]
    if swappable and draw(st.booleans()):  # the card a table joker stands for: a swap is possible
        hand = hand[:max_hand - 1] + [Card(swappable[0])]
    return Position(tuple(hand), table, draw(st.booleans()))
