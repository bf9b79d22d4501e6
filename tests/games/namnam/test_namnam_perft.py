"""Nam Nam's move generator: pinned perft counts, and the engine against a plain generator written
straight from the rules (``tests/games/namnam/oracle.py``), position by position and in random positions."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.games.namnam.oracle as oracle
from solver.errors import TablecalcError
from solver.namnam import Position, Rules, judge, legal_pits, play
from solver.namnam.perft import divide, perft
from solver.namnam.sowing import SEEDS

CASES = tomllib.loads((Path(__file__).parent / "perft.toml").read_text("utf-8"))["case"]
ORACLE_NODES = 40_000
"""The plain generator checks the pinned counts up to this size (it is some 5x slower)."""


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["name"])
def test_pinned_perft_counts(case):
    """Every pinned count is the engine's, and the plain generator's where it is quick enough."""
    p, rules = Position.parse(case["position"]), Rules.preset(case["preset"])
    board = oracle.board_of(p.south, p.north)
    for depth, nodes in enumerate(case["nodes"]):
        assert perft(p, depth, rules, engine="pure") == nodes, (case["name"], depth)
        if nodes <= ORACLE_NODES:
            assert oracle.perft(board, p.to_move, depth, rules.direction.value,
                                rules.grand_slam.value == "forbidden") == nodes, (case["name"], depth)


def test_divide_adds_up_to_perft():
    p, rules = Position.start(), Rules()
    d = divide(p, 5, rules)
    assert list(d) == [1, 2, 3, 4, 5, 6] and sum(d.values()) == perft(p, 5, rules)
    assert divide(p, 0, rules) == {}
    with pytest.raises(TablecalcError, match="perft depth"):
        perft(p, 99, rules)


@st.composite
def positions(draw, max_pit: int = 9):
    """Any position: 12 pits of 0..max_pit (sometimes one big pit, sometimes a row empty), the rest
    of the 48 seeds captured (never exactly 1 by a player)."""
    pits = draw(st.lists(st.integers(0, max_pit), min_size=12, max_size=12))
    if draw(st.booleans()):
        pits[draw(st.integers(0, 11))] = draw(st.integers(10, 20))
    empty_row = draw(st.sampled_from([None, None, 0, 1]))
    if empty_row is not None:
        pits[6 * empty_row:6 * empty_row + 6] = [0] * 6
    while sum(pits) > SEEDS:
        pits[pits.index(max(pits))] -= 1
    rest = SEEDS - sum(pits)
    south_took = draw(st.integers(0, rest))
    if 1 in (south_took, rest - south_took):
        south_took = 0 if rest - 0 != 1 else rest
    if 1 in (south_took, rest - south_took):  # rest == 1: put the seed back on the board
        pits[0] += 1
        rest, south_took = 0, 0
    return Position(tuple(pits[:6]), tuple(pits[6:]), draw(st.integers(0, 1)), (south_took, rest - south_took))


RULES = st.sampled_from([Rules.preset(n) for n in ("standard", "clockwise", "no-grand-slam")])


@settings(max_examples=300, deadline=None)
@given(p=positions(), rules=RULES)
def test_engine_agrees_with_the_plain_generator(p, rules):
    """Same legal moves, same board after each, same seeds captured."""
    board = oracle.board_of(p.south, p.north)
    forbid = rules.grand_slam.value == "forbidden"
    assert legal_pits(p, rules) == oracle.legal_moves(board, p.to_move, rules.direction.value, forbid)
    for pit in legal_pits(p, rules):
        after, s = play(p, pit, rules)
        expected, cap, _ = oracle.play(board, p.to_move, pit, rules.direction.value)
        assert oracle.board_of(after.south, after.north) == expected
        assert s.captured == cap and after.to_move == 1 - p.to_move


@settings(max_examples=300, deadline=None)
@given(p=positions(), rules=RULES)
def test_seeds_are_conserved_and_captures_come_from_the_opponents_row(p, rules):
    """After any legal move the 48 seeds are all on the board or captured; the mover's row only gains
    (but for the pit sown); the opponent's pits lose seeds only by capture, each a 2 or a 3."""
    me, them = p.to_move, 1 - p.to_move
    for pit in legal_pits(p, rules):
        after, s = play(p, pit, rules)
        assert after.seeds_on_board + sum(after.captured) == SEEDS
        assert after.captured[them] == p.captured[them]
        assert after.captured[me] - p.captured[me] == s.captured
        mine_before, mine_after = p.row(me), after.row(me)
        assert all(b >= a or i == pit - 1 for i, (a, b) in enumerate(zip(mine_before, mine_after)))
        assert mine_after[pit - 1] == 0
        assert p.seeds_on_board - after.seeds_on_board == s.captured
        for before, now in zip(p.row(them), after.row(them)):
            assert now >= before or now == 0  # a pit of the opponent loses seeds only to a capture
        v = judge(p, str(pit), rules)
        assert all(name.startswith(("south", "north")[them]) for name in v.captured_pits)
        taken = sum(s.after[k] for k in s.captured_pits)
        assert s.captured == (0 if s.grand_slam else taken)
        assert not s.grand_slam or taken == sum(s.after[6:])  # a grand slam would have taken the whole row
        assert all(s.after[k] in (2, 3) for k in s.captured_pits)


@settings(max_examples=300, deadline=None)
@given(p=positions(), rules=RULES)
def test_a_feeding_move_is_played_whenever_one_exists(p, rules):
    """When the opponent has no seed, every legal move gives them some; the game ends only when none can."""
    them = 1 - p.to_move
    if any(p.row(them)):
        return
    legal = legal_pits(p, rules)
    feeding = [pit for pit in range(1, 7) if p.row(p.to_move)[pit - 1]
               and any(play(p, pit, rules)[0].row(them))]
    assert legal == feeding or (rules.grand_slam.value == "forbidden" and set(legal) <= set(feeding))
    for pit in legal:
        assert any(play(p, pit, rules)[0].row(them))
    for pit in set(range(1, 7)) - set(legal):
        assert not judge(p, str(pit), rules).legal


@settings(max_examples=300, deadline=None)
@given(p=positions(), rules=RULES)
def test_both_leftover_rules_agree_at_every_end(p, rules):
    """When the game is over, "each takes their own row" and "the player who cannot feed takes
    everything left" give the same final seeds (the starving row is empty)."""
    from solver.namnam.referee import end_of_game

    if legal_pits(p, rules):
        return
    other = rules.with_options(leftover="cannot-feed-takes-all")
    assert end_of_game(p, rules) == end_of_game(p, other)
    assert sum(end_of_game(p, rules)) == SEEDS
