"""Nam Nam's compiled sowing and perft (:mod:`solver.namnam.kernel`, Numba) against the pure rules
of :mod:`solver.namnam.sowing` and :mod:`solver.namnam.perft` they copy: the same boards, captures and
grand slams after every move of random boards, the same perft counts there and in ``perft.toml``.

Their speed, against the pure path and a C perft, is in ``benchmarks/bench_perft.py``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import TablecalcError
from solver.namnam import Position, Rules
from solver.namnam.perft import count, divide, perft
from solver.namnam.sowing import SEEDS, legal_starts, sow, successors

pytest.importorskip("numba")
from solver.namnam.kernel import children, perft_count, sown  # noqa: E402

CASES = tomllib.loads((Path(__file__).parent / "perft.toml").read_text("utf-8"))["case"]


@st.composite
def boards(draw):
    """A canonical board: 12 pits of 0-8, sometimes a pit of 12-24 (laps skip the starting pit),
    sometimes a row empty (a starving opponent, or nothing to sow), at most 48 seeds."""
    pits = draw(st.lists(st.integers(0, 8), min_size=12, max_size=12))
    if draw(st.booleans()):
        pits[draw(st.integers(0, 11))] = draw(st.integers(12, 24))
    row = draw(st.sampled_from([None, None, 0, 1]))
    if row is not None:
        pits[6 * row:6 * row + 6] = [0] * 6
    while sum(pits) > SEEDS:
        pits[pits.index(max(pits))] -= 1
    return tuple(pits)


@settings(max_examples=300, deadline=None)
@given(boards(), st.integers(0, 5))
def test_sowing_is_the_pure_rules(c, start):
    """Invariant: the board, the seeds captured and the grand slam of every sowing are the pure rules'."""
    if c[start] == 0:
        return
    s = sow(c, start)
    assert sown(c, start) == (s.board, s.captured, s.grand_slam)


@settings(max_examples=300, deadline=None)
@given(boards(), st.booleans())
def test_children_are_the_pure_successors(c, forbid):
    """Invariant: the legal moves' boards (rotated for the opponent), in order, are the pure ones."""
    assert children(c, forbid) == [child for _, child, _ in successors(c, forbid)]
    assert len(children(c, forbid)) == len(legal_starts(c, forbid))


@settings(max_examples=60, deadline=None)
@given(boards(), st.integers(0, 4), st.booleans())
def test_perft_counts_are_the_pure_counts(c, depth, forbid):
    """Invariant: perft on any board, any depth, either grand-slam rule, counts what the pure path counts."""
    assert perft_count(c, depth, forbid) == count(c, depth, forbid, engine="pure")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["name"])
def test_pinned_perft_counts(case):
    p, rules = Position.parse(case["position"]), Rules.preset(case["preset"])
    for depth, nodes in enumerate(case["nodes"]):
        assert perft(p, depth, rules, engine="compiled") == nodes, (case["name"], depth)


def test_divide_and_engines():
    p, rules = Position.start(), Rules()
    assert divide(p, 6, rules, engine="compiled") == divide(p, 6, rules, engine="pure")
    with pytest.raises(TablecalcError, match="unknown engine 'fast'"):
        perft(p, 3, rules, engine="fast")


@pytest.mark.parametrize("preset", ["standard", "no-grand-slam"])
def test_compiled_tables_are_the_numpy_tables_bit_for_bit(preset):
    """Every value and every ``cyclic`` flag of every board up to 10 seeds (1.4 million boards),
    under both grand-slam rules, the same from the compiled layer solver as from the NumPy one;
    extending smaller tables too."""
    from solver.namnam.tables import build

    rules = Rules.preset(preset)
    pure = build(10, rules, engine="pure")
    for got in (build(10, rules, engine="compiled"), build(10, rules, engine="compiled",
                                                          base=build(6, rules, engine="compiled"))):
        assert got.grand_slam is pure.grand_slam
        for n in range(11):
            assert got.values[n].dtype == pure.values[n].dtype and got.values[n].tobytes() == pure.values[n].tobytes()
            assert (got.cyclic[n] == pure.cyclic[n]).all()
