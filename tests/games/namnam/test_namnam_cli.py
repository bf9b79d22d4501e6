"""``tablecalc namnam`` through typer's CliRunner (and one game in a real terminal), and its drills."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from solver.namnam import Position, Rules, legal_pits
from solver.namnam.deal import random_position
from trainer.cli import app
from trainer.drills import make_drill

runner = CliRunner()


def run(*args, input=None, env=None):
    return runner.invoke(app, ["namnam", *args], input=input, env=env)


def run_json(*args, code=0, env=None):
    r = run(*args, "--json", env=env)
    assert r.exit_code == code, r.output
    return json.loads(r.stdout)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path))
    import solver.namnam.tables as tables

    monkeypatch.setattr(tables, "_LOADED", {})
    return tmp_path


def test_move_after_capture_and_why():
    d = run_json("judge", "0.0.0.0.0.3/1.2.1.0.0.4 s 20-17", "6")
    assert d["legal"] and d["captured"] == 7 and d["after"] == "0.0.0.0.0.0/0.0.0.0.0.4 n 27-17"
    assert d["captured_pits"] == ["north 3", "north 2", "north 1"] and "captured" in d["explanation"]
    r = run("judge", "start", "4")
    assert r.exit_code == 0 and "lands in north 2" in r.output and "South" in r.output


@pytest.mark.parametrize("position, pit, code", [
    ("0.4.4.4.4.4/4.4.4.4.4.8 s 0-0", "1", "empty-pit"),
    ("start", "9", "not-your-row"),
    ("0.0.0.0.1.2/0.0.0.0.0.0 s 24-21", "5", "must-feed"),
])
def test_an_illegal_move_says_why_and_exits_1(position, pit, code):
    d = run_json("judge", position, pit, code=1)
    assert not d["legal"] and d["violations"] == [code] and d["explanation"]


def test_perft_and_divide():
    d = run_json("perft", "start", "4")
    assert d["nodes"] == 1014 and "divide" not in d
    d = run_json("perft", "start", "4", "--divide")
    assert d["nodes"] == 1014 and sum(d["divide"].values()) == 1014 and list(d["divide"]) == ["1", "2", "3", "4", "5", "6"]
    r = run("perft", "start", "3", "--divide")
    assert r.exit_code == 0 and "nodes 190" in r.output


def test_best_json_keys_and_exact_from_tables(home):
    d = run_json("best", "start", "--depth", "3")
    assert {"moves", "value", "exact", "pv"} <= set(d) and not d["exact"] and d["moves"]
    assert all(1 <= m <= 6 for m in d["moves"])
    built = run_json("tables", "--build", "5")
    assert built["max_seeds"] == 5 and [r["seeds"] for r in built["layers"]] == list(range(6))
    d = run_json("best", "0.0.0.1.0.2/0.1.0.0.0.0 s 24-20")
    assert d["exact"] and d["source"] == "tables" and d["moves"]
    d = run_json("best", "0.0.0.1.0.2/0.1.0.0.0.0 s 24-20", "--no-tables", "--time", "0.5")
    assert d["source"] == "search"
    d = run_json("best", "start", "--time", "0.0001")
    assert d["moves"] and d["depth"] >= 1 and not d["exact"]


def test_tables_show_and_build_with_a_progress_bar(home):
    assert run_json("tables")["max_seeds"] is None
    r = run("tables", "--build", "3")
    assert r.exit_code == 0 and "Saved to" in r.output and "positions" in r.output
    d = run_json("tables")
    assert d["max_seeds"] == 3 and d["layers"][3]["positions"] == 364
    d = run_json("tables", "--build", "4")  # extends the 3-seed tables, which it replaces
    assert d["layers"][4]["positions"] == 1365
    assert sorted(p.name for p in (home / "namnam").iterdir()) == ["endgame-no-capture-4.tables"]


@pytest.mark.parametrize("args, message", [
    (["perft", "start", "40"], "perft depth"),
    (["perft", "4.4.4/4 s 0-0", "2"], "bad position"),
    (["best", "start", "--depth", "99"], "bad depth"),
    (["best", "start", "--depth", "2", "--time", "1"], "either --depth or --seconds"),
    (["tables", "--build", "40"], "bad --build"),
    (["show", "start", "--direction", "up"], "'up' is not one of ccw, cw"),
    (["play", "--bot", "genius"], "unknown bot 'genius': expected one of best, medium, greedy, easy, random"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    r = run(*args)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def test_show_and_aliases():
    d = json.loads(runner.invoke(app, ["awale", "show", "start", "--json"]).stdout)
    assert d["legal_moves"] == [1, 2, 3, 4, 5, 6] and d["to_move"] == "south"
    r = run("show", "start")
    assert "n6" in r.output and "s1" in r.output


def test_play_a_whole_game_through_prompts():
    """An easy computer, and a player who always sows their first legal pit (typed, then checked); a
    pit not in the row is explained and asked again, never penalised."""
    pos = Position.parse("0.0.1.0.1.2/1.0.2.0.0.0 s 21-20")
    answers = "\n".join(["9", "hint"] + [str(p) for p in range(1, 7)] * 30) + "\n"
    r = run("play", "--bot", "easy", "--deal", str(pos), "--seed", "1", input=answers)
    assert r.exit_code == 0, r.output
    assert "not in your row" in r.output and "Hint: " in r.output and "Round over." in r.output
    assert "Scores: P1 " in r.output
    r = run("play", "--deal", "4.4.4.4.4.4/4.4.4.4.4.4 n 0-0", "--seed", "2", input="quit\n")
    assert r.exit_code == 0 and "P2 plays " in r.output and "Stopped." in r.output


def test_play_in_a_real_terminal(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    from tests.support.terminal import spawn

    child = spawn(tmp_path, "namnam", "play", "--bot", "medium", "--seed", "3", rows=40)
    try:
        child.expect_exact("P1, your move")
        child.sendline("3")
        child.expect_exact("South sows pit 3")
        child.expect_exact("P2 plays")
        child.expect_exact("P1, your move")
        child.sendline("quitter")
        child.expect_exact("Stopped.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


# ---------------------------------------------------------------- drills

@pytest.mark.parametrize("level", ["last-seed", "last-seed-laps", "captures", "most", "feeding", "best", "best-easy"])
def test_each_drill_level_knows_its_answer(level):
    """The expected answer is judged right, a wrong one wrong, and each comes with an explanation."""
    d = make_drill("namnam", level=level)
    rng = random.Random(5)
    for _ in range(4):
        p = d.generate(rng)
        j = d.judge(p, "")
        assert not j.correct and j.expected
        right = d.judge(p, j.expected[0])
        assert right.correct and right.explanation.startswith("Right"), right
        wrong = d.judge(p, "zzz")
        assert not wrong.correct and wrong.explanation


def test_drill_answers_agree_with_the_referee():
    d = make_drill("namnam", level="last-seed")
    p = d.from_situation("start; pit 6")
    assert d.judge(p, "n4").correct and d.judge(p, "North 4").correct and not d.judge(p, "n3").correct
    d = make_drill("namnam", level="feeding")
    p = d.from_situation("0.0.0.0.1.2/0.0.0.0.0.0 s 24-21; pit 5")
    assert d.judge(p, "no").correct and "must feed" in d.judge(p, "yes").explanation
    d = make_drill("namnam", level="most")
    p = d.from_situation("0.0.0.0.0.3/1.2.1.0.0.4 s 20-17")
    assert d.judge(p, "6").correct


def test_best_drill_positions_are_small_and_playable():
    d = make_drill("namnam", level="best")
    rng = random.Random(8)
    for _ in range(5):
        p = Position.parse(d.generate(rng).situation)
        assert p.seeds_on_board <= 8 and legal_pits(p, Rules())
    assert random_position(random.Random(1), Rules(), max_seeds=3).seeds_on_board <= 3


# ---------------------------------------------------------------- the seed's cases

from puzzles import load_pack  # noqa: E402

SEED_CASES = load_pack("namnam-seed").cases


@pytest.mark.parametrize("case", SEED_CASES, ids=lambda c: c.id)
def test_seed_case_through_the_cli(case):
    """Each rule of the seed on its position: the verdict of ``tablecalc namnam judge``, its exit code too."""
    exp = case.expect["verdict"]
    d = run_json("judge", case.situation, case.answer, "--preset", case.preset, code=0 if exp["legal"] else 1)
    for key, value in exp.items():
        assert d[key] == value, (case.id, key, d[key])
    assert d["explanation"]


def test_a_pack_drives_the_drill():
    d = make_drill("namnam", level="most")
    puzzles = [d.from_case(c) for c in SEED_CASES]
    assert all(p.situation for p in puzzles)


def test_a_plain_record_of_pit_numbers_is_refereed_and_analysed(tmp_path):
    """The notation awalé players write (the pit of each ply, move numbers read past) is a log too."""
    record = tmp_path / "game.txt"
    record.write_text("1. 3 4\n2. 1 6   # a comment\n3. 9 2\n")
    r = run("referee", str(record), "--json")
    assert r.exit_code == 1, r.output
    d = json.loads(r.stdout)
    assert d["moves"] == 6 and [m["line"] for m in d["illegal"]] == [3] and d["illegal"][0]["violations"] == ["not-your-row"]
    r = run("analyse", str(record), "--json")
    assert r.exit_code == 0 and set(json.loads(r.stdout)["players"]) == {"South", "North"}
    record.write_text("1. 3 x\n")
    r = run("referee", str(record))
    assert r.exit_code == 2 and "line 1: 'x' is not a pit" in r.output
