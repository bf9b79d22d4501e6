"""The 24 game's table (:mod:`solver.arith.make24`, ``tablecalc arith table --preset make24``), the
shipped order the drill deals from, and the nearest answer in ``arith best``."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from solver.arith import Rules, parse_situation
from solver.arith.make24 import difficulty_band, make24_row, make24_table, ranked
from solver.distinct import Distinct, classes
from solver.expr import Intermediates, evaluate, first_bad_step, parse_expression
from solver.search import reach
from trainer.cli import app
from trainer.drills import make_drill

runner = CliRunner()
MAKE24 = Rules.preset("make24")


def test_known_rows():
    easy, hard, far, none = (make24_row(q) for q in ((1, 2, 3, 4), (3, 3, 8, 8), (4, 4, 10, 10), (1, 1, 1, 1)))
    assert (easy.solutions, easy.calculations, easy.needs, easy.largest) == (3, 4, "natural", 24)
    assert (hard.solutions, hard.needs, hard.example) == (1, "rational", "8÷(3-(8÷3))")
    assert (far.solutions, far.needs, far.largest) == (1, "natural", 100)
    assert easy.score < far.score < hard.score
    assert not none.solvable and none.as_dict()["rank"] is None and none.score is None


@pytest.mark.parametrize("numbers", [(1, 2, 3, 4), (3, 3, 8, 8), (2, 2, 2, 9), (6, 6, 6, 6), (1, 5, 5, 5)])
def test_a_row_is_what_the_search_says(numbers):
    """Solutions: the algebraic classes of the search's calculations; needs: the easiest intermediates
    with which the search still finds one; the example makes 24 with every number."""
    row = make24_row(numbers)
    r = reach(numbers, 24, MAKE24.search)
    assert row.solutions == len(classes(r.expressions, Distinct.ALGEBRAIC)) and row.calculations == len(r.expressions)
    first = next(k for k in Intermediates if reach(numbers, 24, MAKE24.search.__class__(
        MAKE24.search.order, MAKE24.search.ops, k, True)).min_cards is not None)
    assert row.needs == first.value
    e = parse_expression(row.example)
    assert evaluate(e) == 24 and sorted(n.value for n in _leaves(e)) == sorted(numbers)
    assert first_bad_step(e, Intermediates.RATIONAL) is None


def _leaves(e):
    from solver.expr import leaves

    return leaves(e)


def test_the_shipped_order_is_by_score():
    """A sample of the shipped order (solver/data/make24_ranks.json): scores never go down."""
    order = ranked()
    assert len(order) == 1362 and len(set(order)) == 1362
    picks = sorted(random.Random(24).sample(range(len(order)), 30))
    scores = [make24_row(order[i]).score for i in picks]
    assert scores == sorted(scores)
    assert (3, 3, 8, 8) in difficulty_band(4, 5) and (1, 2, 3, 4) in difficulty_band(1, 5)
    assert sum(len(difficulty_band(b, 5)) for b in range(5)) == 1362


@pytest.mark.slow
def test_the_whole_table_gives_the_published_count_and_the_shipped_order():
    """1,820 selections of four cards 1-13, 1,362 making 24 (4nums.com), ranked as shipped."""
    t = make24_table(processes=2)
    assert (len(t.rows), t.solvable) == (1820, 1362)
    assert tuple(r.numbers for r in t.by_difficulty()) == ranked()


def test_the_table_command_small():
    """The same table on pairs of numbers (91 selections), in JSON and CSV."""
    r = runner.invoke(app, ["arith", "table", "--preset", "make24", "--choose", "2", "--targets", "24", "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert got["selections"] == 91 and got["solvable"] == sum(row["solvable"] for row in got["rows"])
    row = next(row for row in got["rows"] if row["numbers"] == [2, 12])
    assert row["solvable"] and row["solutions"] == 1 and row["rank"] is not None
    csv = runner.invoke(app, ["countdown", "table", "--preset", "24", "--choose", "2", "--csv"]).stdout.splitlines()
    assert csv[0] == "numbers,solvable,solutions,calculations,needs,largest,score,rank,example" and len(csv) == 92
    text = runner.invoke(app, ["arith", "table", "--preset", "make24", "--choose", "2"]).output
    assert "91 selections of 2 numbers 1-13, target 24" in text and "rank 1 is the easiest" in text
    bad = runner.invoke(app, ["arith", "table", "--preset", "make24", "--summary"])
    assert bad.exit_code == 2 and "--summary goes with Countdown's table" in bad.output


def test_the_make24_drill_goes_from_easy_to_hard():
    """Two puzzles from each fifth of the table's order, easiest first, every one solvable."""
    d = make_drill("arith", level="make24")
    rng = random.Random(5)
    bands = {q: b for b in range(5) for q in difficulty_band(b, 5)}
    dealt = [tuple(int(n) for n in d.generate(rng).fields["hand"]) for _ in range(12)]
    assert [bands[q] for q in dealt] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4]


def test_arith_best_gives_the_nearest_when_the_target_is_not_reached():
    r = runner.invoke(app, ["arith", "best", "numbers 1 1 2 2 3 3; target 999", "--json"])
    assert json.loads(r.stdout)["nearest"] == [{"value": 81, "distance": 918, "expression": "3×3×(2+1)×(2+1)"}]
    text = runner.invoke(app, ["countdown", "solve", "numbers 2 3 5; target 12"]).output
    assert "Nearest: 11, 1 away: 3×2+5" in text and "Nearest: 13, 1 away: 5×3-2" in text
    reach_text = runner.invoke(app, ["reach", "1", "1", "2", "2", "3", "3", "--target", "999"]).output
    assert "Nearest: 81, 918 away: 3×3×(2+1)×(2+1)" in reach_text
    targets = runner.invoke(app, ["reach", "2", "3", "5", "--targets", "9-12"]).output
    assert "12: nearest 11 (1 away: 3×2+5); nearest 13 (1 away: 5×3-2)" in targets
    grouped = json.loads(runner.invoke(app, ["arith", "best", "numbers 1 2 3 4; target 24", "--preset", "make24",
                                             "--distinct", "algebraic", "--json"]).stdout)
    assert grouped["answers"] == ["4×3×2×1", "(3+2+1)×4", "(4+2)×(3+1)"] and grouped["class_sizes"] == [2, 1, 1]
    assert parse_situation("numbers 1 2 3 4; target 24")  # the notation the JSON's situation keeps
