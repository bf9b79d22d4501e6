"""Ramikubic's best lay and initial meld against a brute-force oracle, and every answer replayed by the referee.

The examples are small (at most 12 tiles in play) so that the oracle, which tries every
sub-multiset of the rack and every split into combinations, stays quick. Set
``RAMIKUBIC_EXAMPLES`` for a longer run (e.g. 2000).
"""

from __future__ import annotations

import pytest

import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.ramikubic.oracle import oracle_best_lay, oracle_meld
from solver.ramikubic import JOKER, Position, Rules, TileSet, best_lay, best_meld, judge, solve, table_text
from solver.ramikubic.combos import is_valid, patterns, readings

TS = TileSet.default()
EXAMPLES = int(os.environ.get("RAMIKUBIC_EXAMPLES", "60"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RULES = st.sampled_from([
    Rules(), Rules.preset("no-wrap"), Rules.preset("wrap"), Rules().with_options(objective="points"),
    Rules().with_options(keep_jokers=True), Rules().with_options(meld_joker="joker-points"),
])


@st.composite
def positions(draw, max_table: int = 3, max_rack: int = 6, melded: bool = True):
    """A valid small table (groups and runs of 3-4, a joker now and then) and a rack from the other tiles."""
    rules = draw(RULES)
    left = Counter(TS.all_tiles())
    pats = [p for p in patterns(rules.wrap, TS, 4)]
    table = []
    for _ in range(draw(st.integers(0, max_table))):
        p = draw(st.sampled_from(pats))
        need = Counter(p.tiles)
        if any(left[t] < k for t, k in need.items()):
            continue
        tiles = list(p.tiles)
        if draw(st.booleans()) and draw(st.booleans()):
            i = draw(st.integers(0, len(tiles) - 1))
            need[tiles[i]] -= 1
            need[JOKER] += 1
            tiles[i] = JOKER
        if left[JOKER] < need[JOKER]:
            continue
        left -= need
        table.append(tuple(draw(st.permutations(tiles))))
    # racks near the table's tiles, so that lays and rearrangements are likely
    near = sorted({t for c in table for t in c if not t.is_joker})
    pool = sorted(left.elements())
    rack = []
    for _ in range(draw(st.integers(1, max_rack))):
        choices = [t for t in pool if Counter(rack)[t] < left[t]]
        close = [t for t in choices if t.is_joker or any(
            abs(t.number - n.number) <= 1 and (t.colour == n.colour or t.number == n.number) for n in near)]
        rack.append(draw(st.sampled_from(close or choices)))
    return Position(tuple(table), tuple(sorted(rack)), melded), rules


@pytest.mark.slow
@SETTINGS
@given(positions())
def test_best_lay_agrees_with_the_oracle_and_the_referee(case):
    """The integer programme lays exactly as many tiles (and points) as the best found by brute force,
    and the referee accepts its new table, counting the same tiles."""
    position, rules = case
    lay = best_lay(position, rules, TS)
    assert (lay.tiles_placed, lay.points_placed) == oracle_best_lay(position.table, position.rack, rules, TS)
    v = judge(position, lay.answer, rules, TS)
    assert v.legal, (str(position), lay.answer, v.as_dict())
    assert v.tiles_placed == lay.tiles_placed and Counter(v.placed) == Counter(lay.placed)
    if rules.keep_jokers:
        assert JOKER not in lay.placed


@SETTINGS
@given(positions(max_table=2, max_rack=8, melded=False))
def test_initial_meld_agrees_with_the_oracle_and_the_referee(case):
    """The meld laying the most tiles, its points and the highest total match the brute force; the
    referee accepts the meld added to the untouched table."""
    position, rules = case
    meld = best_meld(position, rules, TS)
    tiles, points, highest = oracle_meld(position.rack, rules, TS)
    assert (meld.tiles, meld.points, meld.highest_points) == (tiles, points, highest)
    assert meld.possible == (tiles > 0)
    lay = solve(position, rules, TS)
    v = judge(position, lay.answer, rules, TS)
    assert v.legal, (str(position), lay.answer, v.as_dict())
    if meld.possible:
        assert v.meld_points >= rules.meld_points and v.tiles_placed == meld.tiles


@SETTINGS
@given(positions(max_table=3, max_rack=8), st.randoms(use_true_random=False))
def test_no_random_valid_lay_beats_the_best(case, rnd):
    """Random new combinations from the rack, added to the table or merged into it, are legal lays
    the referee accepts; none lays more than the best."""
    position, rules = case
    best = best_lay(position, rules, TS)
    rack = list(position.rack)
    rnd.shuffle(rack)
    new = list(position.table)
    while len(rack) >= 3:
        size = rnd.randint(3, min(5, len(rack)))
        combo, rack = tuple(rack[:size]), rack[size:]
        if rules.keep_jokers and JOKER in combo:
            continue
        if is_valid(combo, rules, TS):
            new.append(combo)
        elif new and rnd.random() < 0.5:
            i = rnd.randrange(len(new))
            if is_valid(new[i] + combo, rules, TS):
                new[i] = new[i] + combo
    v = judge(position, table_text(new) or "pass", rules, TS)
    assert v.legal
    score = v.points_placed if rules.objective.value == "points" else v.tiles_placed
    best_score = best.points_placed if rules.objective.value == "points" else best.tiles_placed
    assert score <= best_score


def _kept(position: Position, lay) -> int:
    """The tiles of old combinations a lay keeps whole."""
    return sum(len(position.table[m.kept - 1]) for m in lay.moves if m.kept is not None)


@st.composite
def dealt(draw, rules=RULES, jokers: bool = True):
    """A position dealt as a game leaves it: a table of 0-40 tiles, a rack of 1-14 (without jokers:
    none anywhere)."""
    from solver.ramikubic.deal import deal

    rules = draw(rules)
    rng = draw(st.randoms(use_true_random=False))
    table, rack = draw(st.integers(0, 40)), draw(st.integers(1, 14))
    p = deal(rng, rules, TS, table_tiles=table, rack_size=rack, melded=True, joker_rate=0.15 if jokers else 0.0)
    if not jokers:
        p = Position(p.table, tuple(t for t in p.rack if not t.is_joker) or p.rack[:0], True)
    return p, rules


@SETTINGS
@given(st.one_of(positions(max_table=3, max_rack=8), dealt()))
def test_one_solve_lays_as_the_reference_path(case):
    """The best lay's one solve (tiles, points and old combinations kept whole, weighed together)
    lays the same tiles and points as the reference path of two solves (the optimum, then its
    layout), keeps at least as many old combinations whole, and the referee accepts it."""
    position, rules = case
    lay = best_lay(position, rules, TS)
    ref = best_lay(position, rules, TS, reference=True)
    assert (lay.tiles_placed, lay.points_placed) == (ref.tiles_placed, ref.points_placed), str(position)
    assert _kept(position, lay) >= _kept(position, ref), (str(position), lay.answer, ref.answer)
    v = judge(position, lay.answer, rules, TS)
    assert v.legal and Counter(v.placed) == Counter(lay.placed), (str(position), lay.answer, v.as_dict())


@SETTINGS
@given(dealt(st.just(Rules.preset("no-wrap")), jokers=False) | dealt(st.just(Rules.preset("no-wrap"))))
def test_the_optimum_agrees_with_rummikub_solver(case):
    """The package index's rummikub-solver (a test-only extra) lays as many tiles as the best lay
    where the two rule sets agree (no wrap, no joker), and never more with jokers (it leaves out
    combinations tablecalc allows: tests/games/ramikubic/anchor.py)."""
    from tests.games.ramikubic.anchor import anchor

    position, rules = case
    jokers = any(t.is_joker for c in (*position.table, position.rack) for t in c)
    other = _ANCHORS.setdefault(jokers, anchor(TS, rules, jokers))
    if other is None:
        pytest.skip("rummikub-solver is not installed (pip install 'tablecalc[test]')")
    theirs = other.solve(other.state(position))
    mine = best_lay(position, rules, TS).tiles_placed
    assert theirs <= mine if jokers else theirs == mine, (str(position), mine, theirs)


_ANCHORS: dict = {}
"""rummikub-solver set up once for each test session (its problems take a while to build)."""


@SETTINGS
@given(st.lists(st.sampled_from(TS.all_tiles()[::3] + [JOKER]), min_size=1, max_size=6), RULES)
def test_readings_are_what_they_claim(tiles, rules):
    """Every reading of a combination holds its numbered tiles, and its jokers fill the rest."""
    for r in readings(tiles, rules, TS):
        numbered = Counter(t for t in tiles if not t.is_joker)
        assert Counter(r.pattern.tiles) == numbered + Counter(r.jokers)
        assert len(r.jokers) == sum(t.is_joker for t in tiles)


def _plain_valid(tiles, wrap: str) -> bool:
    """A combination without jokers, straight from the rules' words (no patterns)."""
    n = len(tiles)
    numbers = [t.number for t in tiles]
    colours = [t.colour for t in tiles]
    if n < 3:
        return False
    if len(set(numbers)) == 1:
        return n <= 4 and len(set(colours)) == n
    if len(set(colours)) != 1:
        return False
    if wrap == "full":  # a cyclic interval, the two ends possibly the same number
        return any(sorted(numbers) == sorted((s + i - 1) % 10 + 1 for i in range(n)) for s in range(1, 11)) and n <= 11
    ones = numbers.count(1)
    for high_ones in ((0, 1) if wrap == "end" and ones else (0,)):
        pos = sorted([11] * high_ones + [x for x in numbers if x != 1] + [1] * (ones - high_ones))
        if all(b == a + 1 for a, b in zip(pos, pos[1:])):
            return True
    return False


def _direct_valid(tiles, wrap: str) -> bool:
    """Valid when some tile for each joker makes a valid combination without jokers."""
    from itertools import product

    numbered = [t for t in tiles if not t.is_joker]
    jokers = len(tiles) - len(numbered)
    return any(_plain_valid(numbered + list(extra), wrap) for extra in product(TS.kinds(), repeat=jokers))


@settings(max_examples=max(EXAMPLES * 4, 200), deadline=None)
@given(st.lists(st.sampled_from(TS.kinds()), min_size=1, max_size=6), st.integers(0, 2), RULES,
       st.sampled_from(TS.kinds()))
def test_valid_combinations_follow_the_rules_words(numbered, jokers, rules, seed_tile):
    """``is_valid`` (built from the patterns) agrees with a direct reading of the rules: a group is 3-4
    tiles of one number in different colours, a run 3+ consecutive of one colour (the 1 after the 10 as
    the wrap option says), a joker any tile. Half the lists are nudged towards runs and groups."""
    from solver.ramikubic import Tile

    if len(numbered) % 2:  # nearby tiles of one colour or one number: valid ones are common
        base = seed_tile
        numbered = [Tile((base.number + i - 1) % 10 + 1, base.colour) for i in range(len(numbered))] \
            if len(numbered) % 4 == 1 else [Tile(base.number, c) for c in list(TS.colours)[:len(numbered)]]
    tiles = numbered + [JOKER] * jokers
    assert is_valid(tiles, rules, TS) == _direct_valid(tiles, rules.wrap.value), [str(t) for t in tiles]
