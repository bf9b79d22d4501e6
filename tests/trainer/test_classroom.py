"""The teacher's data over a shared history: the fact grid of each kind of fact (as XtraMath
shows it), the class side by side, worksheets of each learner's weakest facts, answers recorded
for a named learner, and the command line that shows them (`--learner`, `TABLECALC_LEARNER`,
`stats --class`, `stats --facts`, `worksheet`).

Dates are injected where the code takes them; no test measures the time anything takes.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

import pytest
from typer.testing import CliRunner

from solver.errors import TablecalcError
from trainer.classroom import (FactMatrix, STATUSES, class_overview, fact_kinds, fact_matrix, known_learner, learners,
                               record_answer, render_fact_matrix, render_worksheet, worksheet)
from trainer.cli import app
from trainer.drills import make_drill
from trainer.games.arith.drill import Drill as ArithDrill
from trainer.history import AnswerRecord, History, default_path

UTC = timezone.utc
T0 = datetime(2025, 3, 3, 18, 0, tzinfo=UTC)  # a Monday
runner = CliRunner()


def answer(history, learner, fact: str, given: str | None = None, *, seconds=2.0, at=T0, hints=0, level="mul"):
    """A learner's answer to a fact typed as a person writes it (``7 × 8``), judged by the arith drill."""
    drill = make_drill("arith", level=level)
    puzzle = drill.from_situation(f"calculate {fact}")
    right = str(drill.situation_of(puzzle).value)
    return record_answer(history, learner, drill, puzzle, right if given is None else given, seconds, at=at,
                         hints=hints)


# ---------------------------------------------------------------- the grid, from the drill's own items


@pytest.mark.parametrize("kind", ArithDrill.FACT_KINDS)
def test_every_cell_is_the_drills_own_fact_and_its_answer_is_judged_right(kind):
    """A cell's item is the key the drill records for that fact; its place reads back; its answer is right."""
    drill = make_drill("arith", level=kind)
    grid = ArithDrill.fact_grid(kind)
    for r in grid.rows:
        for c in grid.columns:
            item = ArithDrill.fact_at(kind, r, c)
            question, expected = ArithDrill.sheet_line(item)
            puzzle = drill.from_situation(f"calculate {question}")
            assert puzzle.item == item and ArithDrill.fact_place(item) == (kind, r, c)
            assert drill.judge(puzzle, expected).correct


def test_the_grid_of_the_kinds_a_drill_offers():
    assert fact_kinds() == {"add": "arith", "sub": "arith", "mul": "arith", "div": "arith"}
    g = ArithDrill.fact_grid("mul")
    assert (g.rows, g.columns, g.symbol) == (range(1, 13), range(1, 13), "×")
    assert ArithDrill.fact_at("div", 0, 5) is None and ArithDrill.fact_at("sub", 3, 4) == "arith:sub:7-3"
    assert ArithDrill.fact_place("arith:make24:1 2 3 4>24") is None and ArithDrill.sheet_line("arith:countdown:1>2") is None


def test_each_fact_takes_the_status_of_its_latest_answer(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        answer(h, "Léa", "7 × 8", "54")                                             # missed
        answer(h, "Léa", "6 × 9", at=T0 + timedelta(minutes=1))                     # fast: 2 s of 6
        answer(h, "Léa", "3 × 4", seconds=9.0, at=T0 + timedelta(minutes=2))        # slow: 9 s of 6
        answer(h, "Léa", "2 × 5", hints=1, at=T0 + timedelta(minutes=3))            # slow: after a hint
        answer(h, "Léa", "9 × 9", "80", at=T0 + timedelta(minutes=4))
        answer(h, "Léa", "9 × 9", at=T0 + timedelta(minutes=5))                     # missed, then right: fast
        answer(h, "Léa", "8 × 8", at=T0 + timedelta(minutes=6))
        answer(h, "Léa", "8 × 8", "", at=T0 + timedelta(minutes=7))                 # right, then no answer: missed
        answer(h, "Léa", "7 × 58", at=T0 + timedelta(minutes=8))                    # off the 12 × 12 grid
        answer(h, "Sam", "7 × 8", at=T0 + timedelta(minutes=9))                     # another learner's
        answer(h, None, "7 × 8", "1", at=T0 + timedelta(minutes=10))                # the default learner's
        m = fact_matrix(h, "léa", "mul")
        assert m.learner == "Léa" and m.kind == "mul" and m.rows == tuple(range(1, 13))
        status = {(r, c): m.cell(r, c).status for r, c in [(7, 8), (6, 9), (3, 4), (2, 5), (9, 9), (8, 8), (8, 7)]}
        assert status == {(7, 8): "missed", (6, 9): "fast", (3, 4): "slow", (2, 5): "slow", (9, 9): "fast",
                          (8, 8): "missed", (8, 7): "unseen"}
        c = m.cell(9, 9)
        assert (c.question, c.answer, c.answers, c.wrong, c.item) == ("9 × 9", "81", 2, 1, "arith:mul:9×9")
        assert m.counts() == {"fast": 2, "slow": 2, "missed": 2, "unseen": 144 - 6} and m.outside == 1
        assert fact_matrix(h, "Sam", "mul").cell(7, 8).status == "fast"
        assert fact_matrix(h, None, "mul").cell(7, 8).status == "missed"
        assert fact_matrix(h, "Léa", "add").counts()["unseen"] == 121
        wide = fact_matrix(h, "Léa", "mul", rows=[7], columns=range(50, 60))
        assert wide.cell(7, 58).status == "fast" and wide.outside == 6
        d = json.loads(json.dumps(m.as_dict()))
        assert d["cells"][6][7]["status"] == "missed" and d["rows_are"] == "the first factor"


def test_sums_differences_and_quotients_sit_where_the_drill_deals_them(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        answer(h, "Léa", "3 + 9", level="add")
        answer(h, "Léa", "12 - 3", "8", level="sub")   # 3 taken away, the answer 9
        answer(h, "Léa", "56 ÷ 7", level="div")         # divided by 7, the answer 8
        assert fact_matrix(h, "Léa", "add").cell(3, 9).status == "fast"
        assert fact_matrix(h, "Léa", "sub").cell(3, 9).status == "missed"
        assert fact_matrix(h, "Léa", "div").cell(7, 8).status == "fast"
        assert fact_matrix(h, "Léa", "div").cells[0][0].item == "arith:div:1÷1"


def test_a_grid_of_an_unknown_kind_or_shape_is_refused_in_one_line(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        for call in (lambda: fact_matrix(h, "Léa", "pow"), lambda: fact_matrix(h, "Léa", "mul", rows=[]),
                     lambda: fact_matrix(h, "Léa", "mul", columns=range(0, 200)),
                     lambda: fact_matrix(h, "Léa", "mul", rows=[-1])):
            with pytest.raises(TablecalcError) as e:
                call()
            assert "\n" not in str(e.value) and "expected" in str(e.value)


def test_the_printed_grid_marks_each_status_by_shape(tmp_path):
    from rich.console import Console

    with History.open(tmp_path / "h.sqlite3") as h:
        answer(h, "Léa", "2 × 3", "1")
        answer(h, "Léa", "2 × 4", seconds=10.0)
        answer(h, "Léa", "2 × 2")
        console = Console(width=80, record=True, color_system=None)
        render_fact_matrix(fact_matrix(h, "Léa", "mul"), console)
    text = console.export_text()
    lines = text.splitlines()
    assert lines[0] == "Léa: multiplication facts: 1 fast, 1 slow, 1 missed, 141 not yet seen"
    assert lines[3].split() == ["1"] + ["·"] * 12
    assert lines[4].split() == ["2", "·", "●", "✗", "◐"] + ["·"] * 8
    assert "● fast  ◐ slow  ✗ missed  · not yet seen" in text


# ---------------------------------------------------------------- the class


def test_answers_are_recorded_for_the_learner_named_and_an_unreadable_one_is_not(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        assert answer(h, "Léa", "7 × 8").correct and not answer(h, "Léa", "7 × 9", "62").correct
        assert answer(h, "Léa", "7 × 9", "sixty").retry  # asked again, never recorded
        assert h.for_learner("Léa").count() == 2 and h.count() == 0 and learners(h) == ["Léa"]
        (a, b) = h.for_learner("Léa").answers()
        assert (a.answer, a.reference_seconds, a.session, b.correct) == ("56", 6.0, "web", False)


def test_the_class_side_by_side(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        for i in range(4):
            answer(h, "Léa", "7 × 8", "54" if i < 3 else None, at=T0 + timedelta(minutes=i))
        answer(h, "Léa", "7 × 8", at=T0 - timedelta(days=1))
        answer(h, "Sam", "6 + 9", at=T0, level="add")
        h.for_learner("Sam").set_daily_goal(1)
        h.add_learner("Zoé")
        rows = class_overview(h, now=T0 + timedelta(hours=1), tz=UTC)
    assert [r["learner"] for r in rows] == ["Léa", "Sam", "Zoé"]
    lea, sam, zoe = rows
    assert (lea["answers"], lea["correct"], lea["streak"]["current"], lea["today"]) == (5, 2, 2, {"answers": 4, "goal": 20})
    assert lea["weakest_family"] == {"drill": "arith", "family": "mul:7", "name": "the 7× table"}
    assert sam["today"] == {"answers": 1, "goal": 1} and sam["weakest_family"] is None
    assert zoe["answers"] == 0 and zoe["accuracy"] is None and zoe["weakest_family"] is None


def test_a_name_the_history_does_not_know_is_refused_with_the_names_it_knows(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        with pytest.raises(TablecalcError, match="it has none yet"):
            known_learner(h, "Léa")
        h.add_learner("Léa")
        h.add_learner("Sam")
        assert known_learner(h, "LÉA") == "Léa" and known_learner(h, None) == ""
        with pytest.raises(TablecalcError, match="no learner 'Lea' .*expected one of Léa, Sam"):
            known_learner(h, "Lea")


# ---------------------------------------------------------------- worksheets


def test_a_worksheet_asks_the_weakest_facts_first_then_says_how_it_was_filled(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        for i in range(3):
            answer(h, "Léa", "7 × 8", "54", at=T0 + timedelta(minutes=i))
        answer(h, "Léa", "8 × 7", "54", at=T0 + timedelta(minutes=5))
        answer(h, "Léa", "3 × 4", seconds=10.0, at=T0 + timedelta(minutes=6))     # slow: half a miss
        answer(h, "Léa", "7 × 9", at=T0 + timedelta(minutes=7))                    # right: due later, in mul:7
        answer(h, "Léa", "4 + 5", at=T0 + timedelta(minutes=8), level="add")
        sheet = worksheet(h, "léa", 3, random.Random(1), now=T0 + timedelta(hours=1), shuffle=False)
        assert sheet.pairs == [("7 × 8", "56"), ("8 × 7", "56"), ("3 × 4", "12")] and sheet.note() is None
        sheet = worksheet(h, "Léa", 8, random.Random(1), now=T0 + timedelta(days=30), shuffle=False)
        whys = [line.why for line in sheet.lines]
        assert whys == ["weak"] * 3 + ["due"] + ["new"] * 4
        assert sheet.lines[3].question == "7 × 9" and sheet.family == "mul:7"
        new = {line.item for line in sheet.lines if line.why == "new"}
        assert all(ArithDrill.family(item) == "mul:7" for item in new) and not new & {"arith:mul:7×8", "arith:mul:8×7"}
        assert sheet.note() == ("Only 3 weak facts. 5 more from the 7× table, due for review or not yet answered.")
        # the same seed, the same sheet; the lines shuffled, the weak and due facts the same whatever the seed
        a = worksheet(h, "Léa", 8, random.Random(7), now=T0 + timedelta(days=30))
        b = worksheet(h, "Léa", 8, random.Random(7), now=T0 + timedelta(days=30))
        assert a == b and a.pairs != sheet.pairs
        assert sorted(x.question for x in a.lines if x.why != "new") == ["3 × 4", "7 × 8", "7 × 9", "8 × 7"]
        d = json.loads(json.dumps(a.as_dict()))
        assert d["weak"] == 3 and len(d["lines"]) == 8 and d["family_name"] == "the 7× table"


def test_a_worksheet_of_a_family_that_runs_out_says_so(tmp_path, monkeypatch):
    with History.open(tmp_path / "h.sqlite3") as h:
        answer(h, "Léa", "12 × 12", "100")
        monkeypatch.setattr(ArithDrill, "family_items", classmethod(lambda cls, family, rng, count: []))
        sheet = worksheet(h, "Léa", 5, random.Random(1), now=T0)
    assert sheet.pairs == [("12 × 12", "144")]
    assert sheet.note() == "Only 1 weak fact. 1 fact in all: no more could be found."


def test_no_worksheet_without_a_fact_answered(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        with pytest.raises(TablecalcError, match="Léa has answered no facts yet.*tablecalc drill arith --learner Léa"):
            h.add_learner("Léa")
            worksheet(h, "Léa", 5, random.Random(1))
        h.for_learner("Sam B.").record(AnswerRecord(
            drill="nambarz", level="basic", item="nambarz:basic:3-bee|2 5 6 10", puzzle={}, answer="6÷2",
            correct=False, verdict={}, penalty=1, seconds=3.0, reference_seconds=30.0, session="s", at=T0))
        with pytest.raises(TablecalcError, match='--learner "Sam B."'):  # a puzzle that is no fact goes on no sheet
            worksheet(h, "Sam B.", 5, random.Random(1))
        for bad in (0, 201, True, 2.5):
            with pytest.raises(TablecalcError, match="expected 1 to 200 facts"):
                worksheet(h, "Léa", bad, random.Random(1))


def test_the_printed_worksheet_has_its_answer_key_on_the_same_lines():
    from trainer.classroom import SheetLine, Worksheet

    sheet = Worksheet("Léa", 2, (SheetLine("7 × 8", "56", "arith:mul:7×8", "weak"),
                                 SheetLine("12 - 3", "9", "arith:sub:12-3", "new")), "sub:3", "−3 facts")
    assert render_worksheet(sheet) == (
        "Worksheet of Léa: 2 facts\n"
        "Only 1 weak fact. 1 more from −3 facts, due for review or not yet answered.\n"
        "\n"
        "1.  7 × 8  = ____\n"
        "2.  12 - 3 = ____\n"
        "\n"
        "Answer key\n"
        "1.  7 × 8  = 56\n"
        "2.  12 - 3 = 9\n")
    assert "Name: ____" in render_worksheet(Worksheet("", 1, sheet.lines[:1]))


# ---------------------------------------------------------------- the command line


def test_drill_and_stats_keep_each_learner_apart(home):
    r = runner.invoke(app, ["drill", "arith", "-l", "mul", "-n", "2", "--seed", "1", "--learner", "Léa", "--json"],
                      input="1\n2\n")
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["drill", "arith", "-l", "add", "-n", "1", "--seed", "1", "--json"], input="1\n",
                      env={"TABLECALC_LEARNER": "Sam"})
    assert r.exit_code == 0, r.output
    lea = json.loads(runner.invoke(app, ["stats", "--json", "--learner", "LÉA"]).stdout)
    sam = json.loads(runner.invoke(app, ["stats", "--json"], env={"TABLECALC_LEARNER": "sam"}).stdout)
    nobody = json.loads(runner.invoke(app, ["stats", "--json"]).stdout)
    assert (lea["learner"], lea["answers"], sam["learner"], sam["answers"], nobody["answers"]) == ("Léa", 2, "Sam", 1, 0)
    assert {r["drill"] + " " + r["level"] for r in lea["by_drill"]} == {"arith mul"}
    text = runner.invoke(app, ["stats", "--learner", "Léa"]).stdout
    assert text.startswith("Progress of Léa\n")


def test_a_named_session_says_whose_it_is(home):
    r = runner.invoke(app, ["drill", "arith", "-l", "mul", "-n", "1", "--seed", "1", "--learner", "Léa", "--no-intro"],
                      input="1\n")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == "Léa: No streak yet: today starts one; 0 of 20 answers today."
    assert lines[-1] == "Léa: 1-day streak; 1 of 20 answers today. 19 more to reach it."


def test_each_learner_has_their_own_goal(home):
    r = runner.invoke(app, ["stats", "--learner", "Léa", "--goal", "5"])
    assert r.exit_code == 0 and "Daily goal set to 5 answers a day." in r.stdout
    assert json.loads(runner.invoke(app, ["stats", "--json", "--learner", "léa"]).stdout)["today"]["goal"] == 5
    assert json.loads(runner.invoke(app, ["stats", "--json"]).stdout)["today"]["goal"] == 20


def test_stats_class_shows_every_learner_side_by_side(home):
    with History.open(default_path()) as h:
        answer(h, "Léa", "7 × 8", "54", at=datetime.now(UTC))
        answer(h, "Émile", "6 + 9", at=datetime.now(UTC), level="add")
        answer(h, None, "2 × 2", at=datetime.now(UTC))
    r = runner.invoke(app, ["stats", "--class", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert [row["learner"] for row in data["learners"]] == ["", "Émile", "Léa"]
    assert data["learners"][2]["weakest_family"]["name"] == "the 7× table"
    r = runner.invoke(app, ["stats", "--class"], env={"COLUMNS": "60"})
    assert r.exit_code == 0 and r.stdout.startswith("3 learners in ")
    lines = r.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("learner"))
    assert lines[head].split() == ["learner", "answers", "right", "streak", "today", "weakest", "family"]
    assert all(len(line) <= 60 for line in lines)
    assert lines[head + 2].split() == ["(no", "name)", "1", "100%", "1", "day", "1/20", "—"]
    assert lines[head + 4].split()[:3] == ["Léa", "1", "0%"] and lines[head + 4].rstrip().endswith("the 7× table")


def test_stats_class_refuses_what_is_about_one_learner(home):
    for extra in (["--learner", "Léa"], ["--goal", "3"], ["--facts", "mul"]):
        r = runner.invoke(app, ["stats", "--class", *extra])
        assert r.exit_code == 2 and "--class shows every learner" in r.stderr
    r = runner.invoke(app, ["stats", "--class"], env={"TABLECALC_LEARNER": "Léa"})  # the variable is no clash
    assert r.exit_code == 0 and "No learner has answered yet" in r.stdout


def test_a_learner_name_that_is_unknown_or_malformed_is_one_line(home):
    with History.open(default_path(), learner="Léa") as h:
        h.set_daily_goal(3)
    r = runner.invoke(app, ["stats", "--learner", "Lea"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "expected one of Léa" in r.stderr
    r = runner.invoke(app, ["drill", "arith", "--learner", "léa;rm", "-n", "1"], input="1\n")
    assert r.exit_code == 2 and "';' cannot be in a name" in r.stderr
    r = runner.invoke(app, ["worksheet", "--learner", "Zoé"])
    assert r.exit_code == 2 and "no learner 'Zoé'" in r.stderr


def test_stats_facts_and_worksheet_on_the_command_line(home):
    with History.open(default_path()) as h:
        answer(h, "Léa", "7 × 8", "54", at=datetime.now(UTC))
    r = runner.invoke(app, ["stats", "--learner", "Léa", "--facts", "mul", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["cells"][6][7]["status"] == "missed"
    r = runner.invoke(app, ["stats", "--learner", "Léa", "--facts", "MUL"])
    assert r.exit_code == 0 and r.stdout.startswith("Léa: multiplication facts: 0 fast, 0 slow, 1 missed")
    r = runner.invoke(app, ["stats", "--facts", "pow"])
    assert r.exit_code == 2 and "expected one of add, sub, mul, div" in r.stderr
    r = runner.invoke(app, ["worksheet", "--learner", "léa", "-n", "4", "--seed", "3"])
    assert r.exit_code == 0, r.output
    sheet, key = r.stdout.split("\nAnswer key\n")
    assert sheet.startswith("Worksheet of Léa: 4 facts\nOnly 1 weak fact. 3 more from the 7× table")
    assert sheet.count("= ____") == 4 and key.count(" = ") == 4 and "56" in key.split()
    again = runner.invoke(app, ["worksheet", "--learner", "léa", "-n", "4", "--seed", "3"])
    assert again.stdout == r.stdout
    data = json.loads(runner.invoke(app, ["worksheet", "--learner", "Léa", "-n", "4", "--json"]).stdout)
    assert data["learner"] == "Léa" and len(data["lines"]) == 4 and data["weak"] == 1


def test_every_status_has_words():
    from trainer.classroom import status_name

    assert [status_name(s) for s in STATUSES] == ["fast", "slow", "missed", "not yet seen"]
    assert FactMatrix.__doc__
