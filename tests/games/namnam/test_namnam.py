"""Nam Nam: notation, rules options, the referee's verdicts, the whole-game state, the search and the
endgame tables, each against a plain oracle where one exists (``tests/games/namnam/oracle.py``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.games.namnam.oracle as oracle
from solver.errors import TablecalcError
from solver.namnam import GAME, GameState, Position, Rules, best, judge, legal_pits
from solver.namnam.deal import random_position
from solver.namnam.best import Searcher
from solver.namnam.tables import build, compositions, layer_size, load, rank, rank_many
from tests.games.namnam.test_namnam_perft import positions


# ---------------------------------------------------------------- notation and rules

@given(p=positions())
def test_notation_round_trips(p):
    """``Position.parse(str(p)) == p`` for any position, and the canonical board maps back."""
    assert Position.parse(str(p)) == p
    for rules in (Rules.preset("standard"), Rules.preset("clockwise")):
        c = p.canonical(rules.direction)
        assert Position.from_canonical(c, p.to_move, p.captured, rules.direction) == p


@pytest.mark.parametrize("text, message", [
    ("", "expected 'S1"),
    ("4.4.4.4.4/4.4.4.4.4.4 s 0-0", "South's row"),
    ("4.4.4.4.4.4/4.4.4.4.4.4 x 0-0", "expected 'S1"),
    ("4.4.4.4.4.4/4.4.4.4.4.5 s 0-0", "make 49"),
    ("4.4.4.4.4.3/4.4.4.4.4.4 s 1-0", "cannot have captured 1"),
    ("4.4.4.4.4.4/4.4.4.4.4.a s 0-0", "North's row"),
    ("4.4.4.4.4.4/4.4.4.4.4.４ s 0-0", "North's row"),
])
def test_bad_positions_say_what_was_expected(text, message):
    with pytest.raises(TablecalcError, match=message):
        Position.parse(text)


def test_presets_and_options():
    assert Rules.preset("awale") == Rules.preset("standard")
    r = Rules().with_options(direction="cw")
    assert r.name == "standard+custom" and r.with_options(direction="ccw") == Rules()
    with pytest.raises(TablecalcError, match="expected one of ccw, cw"):
        Rules().with_options(direction="sideways")
    with pytest.raises(TablecalcError, match="unknown grand-slam"):
        Rules().with_options(grand_slam="maybe")
    r = Rules().with_options(leftover="cannot-feed")
    assert r.as_dict()["leftover"] == "cannot-feed-takes-all" and "cannot feed" in r.describe()


# ---------------------------------------------------------------- the referee

def test_seed_rules_in_examples():
    """Each rule of the seed on a position built for it."""
    rules = Rules()
    # a capture of 2 and 3 running backwards, stopped by a pit that is not 2 or 3
    v = judge(Position.parse("0.0.0.0.0.3/1.2.4.0.0.0 s 20-18"), "6", rules)
    assert (v.last, v.captured, v.captured_pits) == ("north 3", 0, ())
    v = judge(Position.parse("0.0.0.0.0.3/1.2.1.0.0.4 s 20-17"), "6", rules)
    assert (v.last, v.captured, v.captured_pits) == ("north 3", 7, ("north 3", "north 2", "north 1"))
    # the last seed in the mover's own row captures nothing
    assert judge(Position.parse("0.2.0.0.0.0/1.1.0.0.0.0 s 22-22"), "2", rules).captured == 0
    # 12 seeds and more: the emptied pit is skipped
    v = judge(Position.parse("12.0.0.0.0.0/0.0.0.0.0.0 s 20-16"), "1", rules)
    assert Position.parse(v.after).south[0] == 0 and v.last == "south 2"
    # the grand slam may be played and captures nothing; forbidden in the variant when another move exists
    slam = Position.parse("0.0.0.0.1.2/1.2.0.0.0.0 s 20-22")
    v = judge(slam, "6", rules)
    assert v.legal and v.grand_slam and v.captured == 0
    v = judge(slam, "6", Rules.preset("no-grand-slam"))
    assert not v.legal and v.violations[0].value == "grand-slam-forbidden"


@pytest.mark.parametrize("position, answer, code", [
    ("start", "0", "not-a-move"),
    ("start", "three", "not-a-move"),
    ("start", "8", "not-your-row"),
    ("0.4.4.4.4.4/4.4.4.4.4.8 s 0-0", "1", "empty-pit"),
    ("0.0.0.0.1.2/0.0.0.0.0.0 s 24-21", "5", "must-feed"),
    ("0.0.0.0.1.0/0.0.0.0.0.0 s 24-23", "5", "game-over"),
])
def test_illegal_moves_say_why(position, answer, code):
    v = judge(Position.parse(position), answer, Rules())
    assert not v.legal and v.violations[0].value == code and v.penalty.amount == 1
    assert GAME.explain(v)


def test_clockwise_sows_the_other_way():
    v = judge(Position.start(), "1", Rules.preset("clockwise"))
    assert v.last == "north 3" and Position.parse(v.after).north == (4, 4, 5, 5, 5, 5)


# ---------------------------------------------------------------- the state

def test_a_repeated_position_ends_the_game():
    """Two lone seeds chasing each other come back to the same position: the cycle ends the game."""
    state = GameState(Position.parse("0.0.0.0.0.1/0.0.0.0.0.1 s 23-23"), Rules())
    seen = 0
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
        seen += 1
    assert state.is_repetition and seen == 12
    assert state.returns() == (0.0, 0.0) and state.final_seeds() == (24, 24)
    with pytest.raises(TablecalcError, match="the game is over"):
        state.apply(state.parse_move("1"))


def test_random_games_end_with_every_seed_counted():
    rng = random.Random(7)
    for _ in range(20):
        state = GameState.start()
        while not state.is_terminal():
            state = state.apply(rng.choice(state.legal_moves()))
        s, n = state.final_seeds()
        assert s + n == 48 and state.returns() == (s - n, n - s)


# ---------------------------------------------------------------- tables

@pytest.fixture(scope="module")
def tables6():
    return build(6)


def test_ranks_number_each_layer(tables6):
    for n in range(5):
        boards = compositions(n)
        assert len(boards) == layer_size(n)
        assert list(rank_many(boards)) == list(range(len(boards)))
        assert [rank(tuple(int(x) for x in b)) for b in boards[::7]] == list(range(0, len(boards), 7))
    assert [len(v) for v in tables6.values] == [layer_size(n) for n in range(7)]


def test_tables_agree_with_the_slow_retrograde_oracle():
    """Every board with at most 4 seeds: the NumPy tables and the dictionary-based oracle agree."""
    t = build(4)
    for (south, north), v in oracle.table_values(4).items():
        assert t.value(south + north) == v, (south, north)


def test_tables_obey_negamax_where_play_ends(tables6):
    """A position the retrograde analysis settled (not cyclic) is worth its best move."""
    rng = np.random.default_rng(1)
    for n in range(1, 7):
        boards = compositions(n)
        for k in rng.choice(len(boards), size=min(300, len(boards)), replace=False):
            if tables6.cyclic[n][k]:
                continue
            c = tuple(int(x) for x in boards[k])
            mv = tables6.move_values(c)
            expected = max(mv.values()) if mv else sum(c[:6]) - sum(c[6:])
            assert tables6.values[n][k] == expected, c


@st.composite
def small_positions(draw, max_seeds: int = 6):
    """A position with at most ``max_seeds`` seeds on the board, each seed in any pit."""
    spots = draw(st.lists(st.integers(0, 11), min_size=1, max_size=max_seeds))
    pits = [spots.count(i) for i in range(12)]
    rest = 48 - len(spots)
    south = draw(st.integers(0, rest).filter(lambda a: 1 not in (a, rest - a)))
    return Position(tuple(pits[:6]), tuple(pits[6:]), draw(st.integers(0, 1)), (south, rest - south))


@settings(max_examples=80, deadline=None)
@given(p=small_positions())
def test_an_exact_search_agrees_with_the_tables_and_the_plain_minimax(p, tables6):
    """When the search proves its value (every line it needed ended before its horizon), the tables
    give the same value, and so does a plain minimax without pruning when all its lines end too."""
    if p.seeds_on_board > 6 or not legal_pits(p, Rules()):
        return
    r = best(p, Rules(), depth=12)
    if not r.exact:
        return
    rest = r.value - p.score_difference()
    assert tables6.value(p.canonical(Rules().direction)) == rest
    plain = oracle.value(oracle.board_of(p.south, p.north), p.to_move, 12)
    assert plain in (None, rest)  # None: a line the pruning skipped runs past 12 plies
    table_best = best(p, Rules(), tables=tables6)
    assert table_best.exact and table_best.value == r.value and set(table_best.moves) == set(r.moves)


def test_tables_save_and_load(tmp_path, tables6):
    path = tmp_path / "t.tables"
    tables6.save(path)
    again = load(path, max_seeds=6)
    assert all((a == b).all() for a, b in zip(again.values, tables6.values))
    assert all((a == b).all() for a, b in zip(again.cyclic, tables6.cyclic))
    (tmp_path / "bad.tables").write_text("not a table")
    with pytest.raises(TablecalcError, match="cannot use the endgame tables .*bad.tables.*: it is not an endgame table"):
        load(tmp_path / "bad.tables")


def test_figures_per_seed_count(tables6):
    rows = tables6.counts()
    assert [r["positions"] for r in rows] == [layer_size(n) for n in range(7)]
    assert all(r["wins"] + r["draws"] + r["losses"] == r["positions"] for r in rows)
    assert rows[0] == {"seeds": 0, "positions": 1, "wins": 0, "draws": 1, "losses": 0, "cyclic": 0}


# ---------------------------------------------------------------- the search

def test_search_uses_tables_when_they_cover_the_board(tables6):
    p = Position.parse("0.0.0.1.0.2/0.1.0.0.0.0 s 24-20")
    r = best(p, Rules(), tables=tables6)
    assert r.source == "tables" and r.exact
    assert best(p, Rules(), depth=3).source == "search"


def test_search_refuses_what_would_explode():
    with pytest.raises(TablecalcError, match="bad depth"):
        best(Position.start(), Rules(), depth=99)
    with pytest.raises(TablecalcError, match="bad time"):
        best(Position.start(), Rules(), seconds=-1)


def test_alpha_beta_matches_plain_minimax_at_a_fixed_depth():
    """With the horizon counted as 0, alpha-beta with the transposition table finds the plain minimax value."""
    rng = random.Random(3)

    def plain(c, depth, s):
        kids = s.children(c)
        if not kids:
            return sum(c[:6]) - sum(c[6:])
        if depth == 0:
            return 0
        return max(cap - plain(ch, depth - 1, s) for _, ch, cap in kids)

    for _ in range(8):
        p = random_position(rng, Rules())
        c = p.canonical(Rules().direction)
        s = Searcher(Rules())
        if not s.children(c):
            continue
        assert s.negamax(c, 4, -10_000, 10_000) == plain(c, 4, Searcher(Rules()))


def test_game_protocol_pieces():
    p = GAME.parse_situation("start", None)
    assert GAME.refused_answer(p, GAME.rules(), None) == "7"
    assert GAME.refused_answer(Position.parse("0.4.4.4.4.4/4.4.4.4.4.8 s 0-0"), GAME.rules(), None) == "1"
    with pytest.raises(TablecalcError):
        GAME.load_data(GAME.rules(), "deck.toml")
    assert random_position(random.Random(2), Rules(), max_seeds=6).seeds_on_board <= 6


def test_searches_that_prove_their_value_happen(tables6):
    """The exactness flag is earned on some small boards and refused on others (the opening)."""
    rng = random.Random(11)
    verdicts = []
    for _ in range(30):
        p = random_position(rng, Rules(), max_seeds=5)
        r = best(p, Rules(), depth=12)
        verdicts.append(r.exact)
        if r.exact:
            assert r.value - p.score_difference() == tables6.value(p.canonical(Rules().direction))
    assert any(verdicts)
    assert not best(Position.start(), Rules(), depth=6).exact


def test_tables_extend_smaller_ones(tables6):
    """Extending the 4-seed tables to 6 gives the tables built from nothing; a larger base is cut down."""
    grown = build(6, base=build(4))
    assert all((a == b).all() for a, b in zip(grown.values, tables6.values))
    assert build(3, base=tables6).max_seeds == 3
    assert build(3, Rules.preset("no-grand-slam"), base=tables6).grand_slam.value == "forbidden"
