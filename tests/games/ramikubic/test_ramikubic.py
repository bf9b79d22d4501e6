"""Ramikubic: the seed's examples (the pack) through the CLI, the commands' JSON, the turn's state, the drill,
and bad input."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
import random

import pytest
from typer.testing import CliRunner

from puzzles import load_pack
from solver.errors import IllegalMove, TablecalcError
from solver.ramikubic import GAME, Position, Rules, TileSet, best_lay, judge, judge_combination, solve
from solver.ramikubic.tiles import MAX_TILES
from trainer.cli import app

runner = CliRunner()
TS = TileSet.default()
PACK = load_pack("ramikubic-seed")


def _cli(*args, code=(0, 1)):
    r = runner.invoke(app, ["ramikubic", *args, "--json"])
    assert r.exit_code in code, r.output
    return json.loads(r.stdout), r.exit_code


def _position_options(position: Position) -> list[str]:
    from solver.ramikubic import table_text

    return ["--table", table_text(position.table), "--rack", " ".join(map(str, position.rack)),
            "--melded" if position.melded else "--not-melded"]


SITUATION_CASES = [c for c in PACK.cases if c.situation is not None and not c.expect.get("error") and not c.options]
"""The pack's positions under a preset as it is (a case that changes options is the known-cases test's,
and :func:`test_a_pass_when_the_rack_could_lay` types its option)."""


@pytest.mark.parametrize("case", SITUATION_CASES, ids=lambda c: c.id)
def test_seed_case_through_the_cli(case):
    """The pack's positions as a person types them: ``judge`` says what the referee says (exit 1 when
    refused), ``best`` lays what the case expects, and ``judge`` accepts the best answer."""
    from tests.core.test_known_cases import matches

    position = Position.parse(case.situation, TS)
    preset = ["--preset", case.preset]
    if "verdict" in case.expect:
        out, code = _cli("judge", case.answer, *_position_options(position), *preset)
        assert not matches(out, case.expect["verdict"]) and code == (0 if out["legal"] else 1)
        assert out == {**GAME.judge(position, case.answer, Rules.preset(case.preset), TS).as_dict(),
                       "explanation": out["explanation"]} and out["explanation"]
    best, _ = _cli("best", *_position_options(position), *preset)
    assert not matches(best, case.expect.get("best", {}))
    again, code = _cli("judge", best["answer"], *_position_options(position), *preset)
    assert again["legal"] and code == 0


def test_the_old_command_name_answers_the_same():
    """``move`` is ``judge``'s old name, kept for one release: the same JSON and exit code, and a note."""
    common = ["8b 9b 10b | 7y 7g", "--table", "7b 8b 9b", "--rack", "10b 7y 7g", "--json"]
    new, old = runner.invoke(app, ["ramikubic", "judge", *common]), runner.invoke(app, ["ramikubic", "move", *common])
    assert new.exit_code == old.exit_code == 1 and new.stdout == old.stdout
    assert "'ramikubic move' is now 'ramikubic judge'" in old.stderr


def test_the_pack_records_the_seed_examples():
    ids = {c.id for c in PACK.cases}
    assert {"manipulation-7-8-9-blue", "initial-meld-25", "one-after-ten", "complete-a-group",
            "joker-replaced-and-relaid", "first-turn-finish"} <= ids
    assert any((c.expect or {}).get("error") for c in PACK.cases)
    assert {c.command[0] for c in PACK.cases if c.command} == {"check", "meld", "score"}


def test_best_json_has_the_issue_keys():
    out, code = _cli("best", "--table", "7b 8b 9b | 5r 5y 5g", "--rack", "10b 7y 7g 5b joker 2r")
    assert code == 0 and {"tiles_placed", "points_placed", "table", "moves", "answer"} <= set(out)
    assert out["tiles_placed"] == 5  # 10b, 7y 7g with the 7b, 5b on the group, the joker anywhere
    out2, _ = _cli("best", "--table", "7b 8b 9b | 5r 5y 5g", "--rack", "10b 7y 7g 5b joker 2r", "--keep-jokers")
    assert out2["tiles_placed"] == 4 and "joker" not in out2["placed"]
    out3, _ = _cli("best", "--table", "7b 8b 9b", "--rack", "10b 2r 2y 2g 3r 4r", "--most-points")
    assert out3["points_placed"] >= out3["tiles_placed"]


def test_meld_json_has_the_issue_keys():
    out, _ = _cli("meld", "--rack", "10r 10b 10y 1g 2g")
    assert {"possible", "tiles", "points", "combinations", "highest"} <= set(out)
    assert out["possible"] and out["points"] == 30 and out["combinations"] == ["10b 10y 10r"]


def test_score_totals_and_winner():
    out, _ = _cli("score", "--round", "- | 5r 7b joker | 10y", "--round", "3b | - | 4y 4r", "--players", "Ann,Bob,Cid")
    assert out["totals"] == [-3, -62, -18] and out["winners"] == ["Ann"]


@pytest.mark.parametrize("args, message", [
    (["check", "7x"], "unknown colour 'x'"),
    (["check", "11b 3r 4r"], "there is no tile '11b'"),
    (["check", ""], "no tiles"),
    (["best", "--table", "7b 8b", "--rack", "9b"], "combination 1 (7b 8b) is not valid"),
    (["best", "--table", "7b 7b 7b", "--rack", "9b"], "3 of 7b"),
    (["best", "--rack", "-"], "the rack is empty"),
    (["best", "--table", "7b 8b 9b;", "--rack", "9b"], "separated by |"),
    (["best", "--rack", " ".join(["1b"] * (MAX_TILES + 1))], "too many"),
    (["judge", "7b 8b 9z", "--rack", "9b"], "unknown colour"),
    (["judge", "", "--rack", "9b"], "no answer"),
    (["check", "j j j j j j j j j j j j"], "the combination: 12 of joker, but the set has only 4"),
    (["check", "7b 7b 7b"], "the combination: 3 of 7b, but the set has only 2"),
    (["best", "--rack", "9b", "--meld-points", "0"], "bad meld-points 0: expected a whole number from 1 or more"),
    (["best", "--rack", "9b", "--rack-size", "41"], "bad rack-size 41: expected a whole number from 1 to 40"),
    (["best", "--rack", "9b", "--most-points", "--objective", "tiles"], "--most-points and --objective tiles disagree"),
    (["score", "--round", "- | - | 5r"], "exactly one winner"),
    (["score", "--round", "5r | 6b"], None),
    (["best", "--rack", "9b", "--tiles", "/nonexistent.toml"], "cannot read tile file"),
    (["best", "--rack", "9b", "--wrap", "sideways"], "'sideways' is not one of none, end, full"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    r = runner.invoke(app, ["ramikubic", *args])
    if message is None:
        assert r.exit_code == 0, r.output
        return
    assert r.exit_code == 2, r.output
    assert r.output.count("\n") == 1 and message in r.output and "Traceback" not in r.output


def test_an_edited_tile_file(tmp_path):
    f = tmp_path / "tiles.toml"
    f.write_text("numbers = [1, 13]\ncopies = 2\njokers = 2\n")
    out, _ = _cli("check", "11r 12r 13r", "--tiles", str(f))
    assert out["valid"]
    f.write_text("numbers = [1, 10]\njokers = 'many'\n")
    r = runner.invoke(app, ["ramikubic", "check", "1r 2r 3r", "--tiles", str(f)])
    assert r.exit_code == 2 and "jokers = 'many': expected a whole number from 0 to 8" in r.output


@pytest.mark.parametrize("text, message", [
    ("copies = inf", "copies = inf: expected a whole number from 1 to 4"),
    ("numbers = [1, inf]", "numbers = [1, inf]: expected a list of 2 whole numbers from 1 to 20"),
    ("numbers = [1, 2]", "numbers = [1, 2]: expected [LOW, HIGH] with LOW + 2 <= HIGH <= 20"),
    ("numbers = [1.0, 10.0]", "numbers = [1.0, 10.0]: expected a list of 2 whole numbers"),
    ("numbers = 10", "numbers = 10: expected a list of 2 whole numbers"),
    ("copies = 2.5", "copies = 2.5: expected a whole number from 1 to 4"),
    ("copies = true", "copies = True: expected a whole number from 1 to 4"),
    ("jokers = -1", "jokers = -1: expected a whole number from 0 to 8"),
    ("jokers = nan", "jokers = nan: expected a whole number from 0 to 8"),
    ("joker_points = 1e308", "joker_points = 1e+308: expected a whole number from 0 to 1000"),
    ("joker_points = 99999999999999999", "joker_points = 99999999999999999: expected a whole number from 0 to 1000"),
    ("colours = []", "colours = []: expected a list of different colours among blue, yellow, green, red"),
    ("colours = ['blue', 'Blue', 'red']", "expected a list of different colours"),
    ("colours = ['blue', 'purple', 'red']", "expected a list of different colours"),
    ("colours = 'blue'", "colours = 'blue': expected a list of at most 50 names"),
    ("colours = [1, 2, 3]", "colours = [1, 2, 3]: expected a list of at most 50 names"),
    ("numbers = [1, 10", "is not valid TOML"),
])
def test_every_field_of_a_tile_file_is_checked(tmp_path, text, message):
    """A wrong field of a tile file (an infinite or fractional number, a wrong type, out of bounds) is
    one line naming the file and the field, exit 2, never a traceback (found by a fuzz run)."""
    f = tmp_path / "tiles.toml"
    f.write_text(text + "\n")
    r = runner.invoke(app, ["ramikubic", "check", "1r 2r 3r", "--tiles", str(f)])
    assert r.exit_code == 2, r.output
    assert r.output.count("\n") == 1 and message in r.output and "tile file '" in r.output and "Traceback" not in r.output


def test_a_combination_of_jokers_alone_too_long_for_any_run(tmp_path):
    """Five jokers of a set numbered 1-3 make no group (at most 4) and no run (at most 4 with the 1 after
    the 3): a verdict with a fault, never a crash (it was "max() arg is an empty sequence")."""
    f = tmp_path / "tiles.toml"
    f.write_text("numbers = [1, 3]\njokers = 8\n")
    out, code = _cli("check", "j j j j j", "--tiles", str(f))
    assert code == 1 and out["fault"] == "number-twice" and out["explanation"]
    out, code = _cli("check", "j j j j", "--tiles", str(f))
    assert code == 0 and out["valid"]
    out, code = _cli("judge", "j j j j j", "--rack", "1b", "--tiles", str(f))
    assert code == 1 and out["violations"] == ["not-in-rack", "not-a-combination"]


def test_the_referee_and_the_solver_share_one_rule_of_combinations():
    """What the solver lays is what the combination checker accepts, combination by combination."""
    rng = random.Random(7)
    rules = Rules()
    for _ in range(10):
        p = GAME.random_situation(rng, rules, TS)
        lay = solve(p, rules, TS)
        assert all(judge_combination(c, rules, TS).valid for c in lay.table)
        assert judge(p, lay.answer, rules, TS).legal


def test_a_forty_tile_table_is_solved_and_replayed():
    from solver.ramikubic.deal import deal

    p = deal(random.Random(11), Rules(), TS, table_tiles=40, rack_size=14, melded=True)
    lay = best_lay(p, Rules(), TS)
    assert judge(p, lay.answer, Rules(), TS).legal
    assert sum(len(c) for c in lay.table) == sum(len(c) for c in p.table) + lay.tiles_placed


def test_position_notation_errors():
    with pytest.raises(TablecalcError, match="'rack' is missing"):
        Position.parse("table 7b 8b 9b", TS)
    with pytest.raises(TablecalcError, match="combination 2 is empty"):
        Position.parse("table 7b 8b 9b | ; rack 1b", TS)


def test_random_turns_never_beat_the_best_lay():
    """Random turns played move by move (lays and additions, then end): the referee judges every ended
    turn; a legal one lays what the turn says, and never more tiles than the best lay."""
    from solver.ramikubic.deal import deal

    rng = random.Random(3)
    rules = Rules()
    for i in range(25):
        p = deal(rng, rules, TS, table_tiles=12, rack_size=8, melded=i % 3 != 0)
        best = solve(p, rules, TS)
        state = GAME.new_state(p, rules, TS)
        while not state.is_terminal():
            moves = state.legal_moves()
            assert str(moves[-1]) == "end"
            state = state.apply(rng.choice(moves[:-1]) if len(moves) > 1 and rng.random() < 0.8 else moves[-1])
        (value,) = state.returns()
        if state.verdict.legal:
            assert value == state.verdict.tiles_placed <= best.tiles_placed
        else:
            assert not p.melded and value == -1 and "meld-too-low" in state.verdict.violations


def test_turn_moves_refused():
    """A step the referee refuses raises IllegalMove with its verdict (worded by the game); a move
    that cannot be read is a plain TablecalcError."""
    p = Position.parse("table 7b 8b 9b; rack 10b 7y 7g", TS)
    turn = GAME.new_state(p, Rules(), TS)
    for move, code, words in [("add 1: 10b", "meld-uses-table", "initial meld comes from your rack alone"),
                              ("lay 7y 7g", "not-a-combination", "not a group or a run"),
                              ("lay 1r 2r 3r", "not-in-rack", "neither on the table nor in your rack")]:
        with pytest.raises(IllegalMove, match=code) as e:
            turn.apply(move)
        assert e.value.game == "ramikubic" and code in e.value.verdict.violations
        assert words in GAME.explain(e.value.verdict) and e.value.verdict.penalty.draw == 1
    for move, message in [("jump", "unknown move"), ("add x: 1b", "add N: TILE"), ("add 2: 10b", "combinations 1-1")]:
        with pytest.raises(TablecalcError, match=message):
            turn.apply(move)


def test_the_drill_judges_with_the_seeds_penalty():
    from trainer.games.ramikubic.drill import Drill, without_rearranging

    d = Drill(level="rearrange")
    p = d.from_situation("table 7b 8b 9b; rack 10b 7y 7g; melded")
    assert without_rearranging(GAME.new_state(d.situation_of(p), Rules(), TS)) == 1  # only 10b, added
    assert p.time_limit == 50
    right = d.judge(p, "8b 9b 10b | 7y 7g 7b")
    assert right.correct and right.score == right.best_score == 3 and right.penalty_amount == 0
    short = d.judge(p, "7b 8b 9b 10b")
    assert not short.correct and short.violations == ("below-best",) and short.score == 1
    wrong = d.judge(p, "8b 9b 10b | 7y 7g")
    assert not wrong.correct and wrong.penalty_amount == 1 and wrong.penalty["table_restored"]
    assert wrong.penalty["take_back"] == ["10b", "7y", "7g"]
    late = d.judge(p, "")
    assert not late.correct and late.penalty_amount == 1 and late.penalty["draw"] == 1
    typo = d.judge(p, "8b 9b 10b | 7y 7g 7b 7r")  # 7r is not in the rack: not understood, asked again
    assert typo.retry and not typo.correct and typo.violations == ("not-in-rack",) and typo.penalty_amount == 0
    assert "7r is neither on the table nor in your rack" in typo.explanation
    for _ in range(3):
        q = d.generate(random.Random(_))
        s = d.situation_of(q)
        assert without_rearranging(GAME.new_state(s, Rules(), TS)) < solve(s, Rules(), TS).tiles_placed


def test_an_answer_may_replace_only_some_combinations():
    common = ["--table", "7b 8b 9b | 1r 2r 3r", "--rack", "10b 7y 7g"]
    out, code = _cli("judge", "1: 8b 9b 10b | 7y 7g 7b", *common)
    assert code == 0 and out["tiles_placed"] == 3 and out["table"] == ["1r 2r 3r", "8b 9b 10b", "7y 7g 7b"]
    out, code = _cli("judge", "2: 8b 9b 10b | 7y 7g 7b", *common)
    assert code == 1 and "table-tile-removed" in out["violations"]
    r = runner.invoke(app, ["ramikubic", "judge", "3: 8b 9b 10b", *common])
    assert r.exit_code == 2 and "1-2" in r.output


# ---------------------------------------------------------------- no clock in the best lay


def _big_deals(n: int, seed: int = 11):
    from solver.ramikubic.deal import deal

    rng = random.Random(seed)
    return [deal(rng, Rules(), TS, table_tiles=40, rack_size=14, melded=True) for _ in range(n)]


def test_the_best_lay_reads_no_clock(monkeypatch):
    """Every solve is bounded by a count of nodes, never by time: HiGHS gets a node limit and no time
    limit, and the solver reads no clock of Python's (each one, made to jump, would change nothing;
    here they raise). The same questions get the same answers as before the clocks were broken."""
    import time

    import scipy.optimize

    positions = _big_deals(4)
    before = [best_lay(p, Rules(), TS).as_dict() for p in positions]
    real_milp, calls = scipy.optimize.milp, []

    def spy(*args, options=None, **kwargs):
        calls.append(dict(options or {}))
        return real_milp(*args, options=options, **kwargs)

    def no_clock(*args, **kwargs):
        raise AssertionError("the best lay read a clock")

    monkeypatch.setattr(scipy.optimize, "milp", spy)
    for name in ("perf_counter", "monotonic", "time", "process_time", "perf_counter_ns", "monotonic_ns", "time_ns"):
        monkeypatch.setattr(time, name, no_clock)
    after = [best_lay(p, Rules(), TS).as_dict() for p in positions]
    monkeypatch.undo()
    assert after == before
    assert calls and all("time_limit" not in o and o.get("node_limit") for o in calls), calls


HIGHS_FAILS = ("table 9b 9g 9r | 7b 7y 7r | 3y 4y 5y 6y | 2b 2y 2g | 2b 2g 2r | 6r 7r 8r | 8b 8y 8g 8r | 3b 3g 3r | "
               "4b 4y 4g 4r; rack 8b 10b 1y 10y 1g 6g 3r; melded")
"""A position met in a whole game (benchmarks/bench_bots.py) on which HiGHS stops with "Solve error"
after its presolve, printing a debugging line on standard output itself."""


def test_a_model_highs_fails_after_presolve_is_solved_again_and_prints_nothing(capfd):
    from solver.ramikubic.best import SOLVE_ERROR

    import scipy.optimize

    statuses = []
    real = scipy.optimize.milp

    def spy(*args, **kwargs):
        r = real(*args, **kwargs)
        statuses.append(r.status)
        return r

    position = Position.parse(HIGHS_FAILS, TS)
    scipy.optimize.milp = spy
    try:
        lay = best_lay(position, Rules(), TS, reference=True)  # the two solves: the first one fails
        fast = solve(position, Rules(), TS)  # the one solve weighing the layout too
    finally:
        scipy.optimize.milp = real
    assert lay.answer == fast.answer == "pass" and lay.tiles_placed == 0
    assert statuses[0] == SOLVE_ERROR and statuses[1] == 0  # the retry without presolve
    out, err = capfd.readouterr()
    assert "Highs" not in out + err
    r = runner.invoke(app, ["ramikubic", "best", "--table", HIGHS_FAILS.split(";")[0][6:], "--rack",
                            "8b 10b 1y 10y 1g 6g 3r", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["answer"] == "pass"


def test_the_layout_keeps_as_many_old_combinations_as_an_unbounded_search():
    """On dealt 40-tile tables the layout step's node budget never bites: it keeps as many tiles of
    the old combinations whole as a search with no bound at all (under the 20 ms clock it used to
    stop early, so a slower machine kept fewer)."""
    from solver.ramikubic.best import LAYOUT_NODES, keeps_all, optimise

    for p in _big_deals(6, seed=5):
        first = optimise(p.table, p.rack, Rules(), TS, goal=("tiles", "points"), keep_old=False)
        if not first.placed or keeps_all(p.table, first.combos):
            continue
        budget = optimise(p.table, first.placed, Rules(), TS, goal=("kept",), placed=first.placed, nodes=LAYOUT_NODES)
        exact = optimise(p.table, first.placed, Rules(), TS, goal=("kept",), placed=first.placed)
        kept = [sum(len(p.table[c]) for c in plan.kept) for plan in (budget, exact)]
        assert kept[0] == kept[1], str(p)
        assert Counter(budget.placed) == Counter(first.placed)


def test_the_one_solve_is_proven_on_dealt_tables_and_falls_back_to_two_solves_when_not(monkeypatch):
    """The best lay's one solve (tiles, points, old combinations kept: one objective) is proven
    optimal within its node budget on dealt 40-tile tables; when it is not, the best lay is the
    reference path's, the same tiles and points."""
    import solver.ramikubic.best as best
    from solver.ramikubic.best import ONE_SOLVE_NODES, optimise

    positions = _big_deals(6, seed=9)
    for p in positions:
        plan = optimise(p.table, p.rack, Rules(), TS, goal=("tiles", "points", "kept"), nodes=ONE_SOLVE_NODES,
                        presolve=False)
        assert plan.proven, str(p)
    real, calls = best.optimise, []

    def unproven(*args, **kwargs):
        plan = real(*args, **kwargs)
        calls.append(kwargs.get("goal"))
        return replace(plan, proven=False) if plan and kwargs.get("nodes") == ONE_SOLVE_NODES else plan

    monkeypatch.setattr(best, "optimise", unproven)
    for p in positions[:3]:
        calls.clear()
        lay = best_lay(p, Rules(), TS)
        assert calls[0] == ("tiles", "points", "kept") and calls[1] == ("tiles", "points")  # then the two solves
        monkeypatch.setattr(best, "optimise", real)
        assert lay.as_dict() == best_lay(p, Rules(), TS, reference=True).as_dict()
        monkeypatch.setattr(best, "optimise", unproven)


def test_the_two_totals_of_a_meld_with_a_joker_are_each_named():
    """Issue 24: "90 points; initial meld worth 45" was two unlabelled totals of one lay; each
    now says what it counts and how its joker counts (50 off the rack, its stand-in in the meld)."""
    r = runner.invoke(app, ["ramikubic", "judge", "--rack", "7y 7g joker 9b 10b", "--not-melded", "+ 7y 7g joker"])
    assert r.exit_code == 0, r.output
    assert ("64 points off your rack (a joker counts 50); initial meld worth 21 "
            "(a joker counts the tile it stands for)") in r.output
    r = runner.invoke(app, ["ramikubic", "best", "--rack", "7y 7g joker 9b 10b", "--not-melded",
                            "--meld-joker", "joker-points"])
    assert "69 points off your rack (a joker counts 50); initial meld worth 69 (a joker counts 50)" in r.output
    r = runner.invoke(app, ["ramikubic", "best", "--rack", "7y 7g 9b 10b", "--table", "8b 7b 6b"])
    assert "19 points off your rack." in r.output and "joker" not in r.output


def test_a_pass_when_the_rack_could_lay():
    """Issue 24: "Vous devez poser…" as an option. By default a pass is always allowed; with
    ``--must-lay`` a pass when the rack can lay (here 10b after 7b 8b 9b, or only by rearranging)
    is refused with no penalty and the same player to play, and the bots never make it."""
    from solver.ramikubic.round import RoundState

    table = ["--table", "7b 8b 9b", "--melded"]
    d, code = _cli("judge", "pass", "--rack", "10b 2y", *table)
    assert d["legal"] and code == 0
    d, code = _cli("judge", "pass", "--rack", "10b 2y", *table, "--must-lay")
    assert d["violations"] == ["could-lay"] and code == 1 and d["penalty"]["draw"] == 0
    assert d["rules"]["must_lay"] is True and "must lay" in d["explanation"]
    d, code = _cli("judge", "pass", "--rack", "3b 2y", *table, "--must-lay")
    assert d["legal"]
    must = Rules().with_options(must_lay=True)
    s = RoundState.parse("racks Ann: 10y 2y | Bob: 1r; table 7b 8b 9b | 10b 10r 10g; pool 4b; melded Ann, Bob", must,
                         TS)
    v = s.judge("pass")
    assert v.violations == ("could-lay",) and not v.played and s.after(v) is s
    assert "pass" not in s.legal_moves() and s.legal_moves()  # 10y fits only the group: one move listed
    s = RoundState.parse("racks Ann: 9y 2y | Bob: 1r; table 7b 8b 9b 10b | 9r 9g 9b; pool 4b; melded Ann, Bob", must,
                         TS)
    assert s.legal_moves() and "pass" not in s.legal_moves()
    for bot in ("best", "greedy", "random"):
        r = runner.invoke(app, ["ramikubic", "simulate", "--players", "3", "--seed", "5", "--rounds", "1",
                                "--bot", bot, "--must-lay", "--json"])
        assert r.exit_code == 0, r.output
