"""The compiled Countdown table (:mod:`solver.arith.kernel`, Numba) against the pure path it
replaces (``countdown_table(engine="pure")``): the same rows on random small decks, under every
combination of rules the compiled table serves, and on a sample of the real Countdown table.

The whole table's figures (13,243 selections, 1,226 reaching every target, 947 reached by 9,017)
and its speed against a C reference are in ``benchmarks/bench_countdown_table.py``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.arith.countdown import _table_chunk, compiled_serves, countdown_table, selections
from solver.arith.deal import COUNTDOWN_NUMBERS
from solver.errors import TablecalcError
from solver.expr import SearchRules

pytest.importorskip("numba")


@st.composite
def small_tables(draw):
    """A deck of 3-9 tiles 1-12 (repeats allowed), a selection size, a target range and rules."""
    tiles = draw(st.lists(st.integers(1, 12), min_size=3, max_size=9))
    size = draw(st.integers(1, min(4, len(tiles))))
    rules = SearchRules.from_options(
        order=draw(st.sampled_from(["tree", "chain"])),
        ops="".join(draw(st.lists(st.sampled_from("+-*/"), min_size=1, max_size=4, unique=True))),
        intermediates=draw(st.sampled_from(["natural", "integer"])),
    )
    lo = draw(st.integers(-30, 60))
    hi = lo + draw(st.integers(0, 80))
    return tiles, size, range(lo, hi + 1), rules


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_tables(), st.booleans())
def test_compiled_and_pure_tables_are_the_same(case, summary):
    """Invariant: for any small deck, size, targets and rules, both engines give the same rows (and,
    with a summary, the same counts of targets landed near)."""
    tiles, size, targets, rules = case
    assert compiled_serves(rules, tiles, size, targets)
    pure = countdown_table(targets, rules, tiles=tiles, size=size, engine="pure", summary=summary)
    assert countdown_table(targets, rules, tiles=tiles, size=size, engine="compiled", summary=summary) == pure


def test_five_numbers_with_large_tiles_agree():
    """Sets of four numbers are built whole and those of five clipped: both paths of the kernel."""
    tiles = [1, 2, 3, 4, 6, 7, 9, 25, 50, 75, 100]
    for rules in (SearchRules(), SearchRules.from_options(intermediates="integer"),
                  SearchRules.from_options(order="chain")):
        targets = range(90, 260) if rules.intermediates.value == "natural" else range(-40, 130)
        pure = countdown_table(targets, rules, tiles=tiles, size=5, engine="pure")
        assert countdown_table(targets, rules, tiles=tiles, size=5, engine="compiled") == pure


@pytest.mark.slow  # 3.4 s; the random-deck property above stays in the quick loop
def test_a_sample_of_the_countdown_table_agrees_with_the_pure_path():
    table = countdown_table(engine="compiled")
    assert len(table.rows) == 13_243
    rows = dict(table.rows)
    sample = sorted(random.Random(26).sample(selections(), 40))
    for sel, missed in _table_chunk((sample, range(100, 1000), SearchRules())):
        assert rows[sel] == missed, sel
    assert table.reach_every_target() == 1_226
    assert table.per_target()[947] == 9_017
    with_summary = countdown_table(engine="compiled", summary=True)
    assert with_summary.rows == table.rows
    near = dict(zip(selections(), with_summary.near))
    for sel, missed, counts in _table_chunk((sample, range(100, 1000), SearchRules(), True)):
        assert near[sel] == counts, sel


def test_auto_takes_the_compiled_path_only_where_it_serves():
    rational = SearchRules.from_options(intermediates="rational")
    assert not compiled_serves(rational, [1, 2, 3], 2, range(0, 10))
    assert not compiled_serves(SearchRules(), [0, 1, 2], 2, range(0, 10))  # a 0 tile
    assert not compiled_serves(SearchRules(), [10**6] * 4, 3, range(0, 10))  # beyond 32 bits
    # the automatic choice gives the reference's rows either way
    for tiles in ([0, 1, 2, 3], [1, 2, 3]):
        auto = countdown_table(range(0, 10), rational, tiles=tiles, size=2)
        assert auto == countdown_table(range(0, 10), rational, tiles=tiles, size=2, engine="pure")


def test_an_engine_that_cannot_serve_is_refused_in_one_line():
    rational = SearchRules.from_options(intermediates="rational")
    with pytest.raises(TablecalcError, match="engine 'pure'"):
        countdown_table(range(0, 10), rational, tiles=[1, 2, 3], size=2, engine="compiled")
    with pytest.raises(TablecalcError, match="unknown engine 'fast'"):
        countdown_table(range(0, 10), tiles=[1, 2, 3], size=2, engine="fast")


def test_empty_targets_and_single_numbers():
    assert countdown_table(range(5, 5), tiles=[1, 2], size=1, engine="compiled").rows == (((1,), ()), ((2,), ()))
    t = countdown_table(range(0, 4), tiles=list(COUNTDOWN_NUMBERS[:3]), size=1, engine="compiled")
    assert t == countdown_table(range(0, 4), tiles=list(COUNTDOWN_NUMBERS[:3]), size=1, engine="pure")
