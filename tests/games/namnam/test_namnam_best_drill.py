"""The Nam Nam ``best`` drills give no free points: over 200 seeded puzzles per level, the best move
beats every other by the level's margin (the values from the plain retrograde oracle where it is
quick enough, ``best-easy``; from the endgame tables, checked against that oracle elsewhere, at
``best``); and the board is drawn in a terminal with the mover's row nearest."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import tests.games.namnam.oracle as oracle
from solver.namnam import Position, Rules, legal_pits
from trainer.drills import make_drill
from trainer.games.namnam.drill import MARGINS, margin, move_values

PUZZLES = 200
RULES = Rules()


def oracle_move_values(p: Position, values: dict) -> dict[int, int]:
    """Each legal pit's value for the mover, from the oracle's tables (counter-clockwise, mover's row first)."""
    board = oracle.board_of(p.south, p.north)
    out = {}
    for pit in oracle.legal_moves(board, p.to_move, "ccw"):
        after, captured, _ = oracle.play(board, p.to_move, pit, "ccw")
        rows = [tuple(after[(s, q)] for q in range(1, 7)) for s in (0, 1)]
        opponent = 1 - p.to_move
        out[pit] = captured - values[(rows[opponent], rows[p.to_move])]
    return out


def free_point(values: dict[int, int], level: str) -> bool:
    """Whether a puzzle gives a point for nothing: one legal move, or a best move that does not beat
    every other by the level's margin (every move best is the worst case of it)."""
    ranked = sorted(values.values(), reverse=True)
    return len(ranked) < 2 or ranked[0] - ranked[1] < MARGINS[level]


def seeded(level: str) -> list[Position]:
    """The first puzzle of ``tablecalc drill namnam --level LEVEL --seed N`` for N = 0..199."""
    d = make_drill("namnam", level=level)
    return [Position.parse(d.generate(random.Random(seed)).situation) for seed in range(PUZZLES)]


@pytest.mark.slow  # about 8 s: the oracle's retrograde analysis in plain Python
def test_best_easy_gives_no_free_points_by_the_oracle():
    assert RULES.direction.value == "ccw"  # the oracle's direction
    values = oracle.table_values(5)
    d = make_drill("namnam", level="best-easy")
    free = 0
    for p in seeded("best-easy"):
        assert p.seeds_on_board <= 5
        by_oracle = oracle_move_values(p, values)
        assert by_oracle == move_values(p, RULES)
        free += free_point(by_oracle, "best-easy")
        (best,) = [q for q, v in by_oracle.items() if v == max(by_oracle.values())]
        assert d.judge(d.from_situation(str(p)), str(best)).correct
    assert free == 0


@pytest.mark.parametrize("level", ["best", "best-easy"])
def test_best_gives_no_free_points(level):
    free = 0
    for p in seeded(level):
        values = move_values(p, RULES)
        assert p.seeds_on_board <= (8 if level == "best" else 5) and sorted(values) == legal_pits(p, RULES)
        free += free_point(values, level)
    assert free == 0


def test_the_margin_is_what_the_level_says():
    assert MARGINS == {"best": 2, "best-easy": 4}
    for level, margin_seeds in MARGINS.items():
        assert f"at least {margin_seeds} seeds more than any other move" in make_drill("namnam", level=level).instructions()
    tie = Position.parse("0.0.1.0.1.2/1.1.0.0.0.0 s 22-20")  # pits 3 and 5 both lose 2 seeds
    assert margin(tie, RULES) == 0


@pytest.mark.parametrize("situation, bottom, top", [
    ("0.0.0.1.0.2/0.1.0.0.0.0 s 24-20", "s1 s2 s3 s4 s5 s6", "n6 n5 n4 n3 n2 n1"),
    ("0.0.0.0.1.3/1.0.0.0.0.3 n 27-13", "n1 n2 n3 n4 n5 n6", "s6 s5 s4 s3 s2 s1"),
])
def test_the_board_is_drawn_with_the_movers_row_nearest(situation, bottom, top):
    """Two rows of pits with their seed counts: the mover's nearest from its pit 1, as the web draws it."""
    d = make_drill("namnam", level="best")
    puzzle = d.from_situation(situation)
    console = Console(width=100, no_color=True, record=True)
    console.print(d.draw(puzzle, colour=False))
    lines = [" ".join(line.replace("│", " ").split()) for line in console.export_text().splitlines()]
    p = Position.parse(situation)
    mover, other = p.row(p.to_move), p.row(1 - p.to_move)
    rows = [i for i, line in enumerate(lines) if line in (top, bottom)]
    assert [lines[i] for i in rows] == [top, bottom]
    assert lines[rows[0] + 1] == " ".join(map(str, other[::-1]))
    assert lines[rows[1] - 1] == " ".join(map(str, mover))
    assert any(line.startswith("▶") for line in lines[rows[1]:])  # the mover is marked, below
    assert puzzle.prompt in " ".join(lines)
