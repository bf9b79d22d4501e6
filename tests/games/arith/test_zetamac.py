"""Zetamac rounds and the Countdown drill: answers taken as typed, the bell, personal bests,
the show's points, the 30-second clock and the hints."""

from __future__ import annotations

import io
import json
import random
import sqlite3
from pathlib import Path
from datetime import datetime, timezone

import pytest
from typer.testing import CliRunner

from solver.arith import judge, nearest, parse_situation, points
from solver.search import reach
from trainer.cli import app
from trainer.drills import make_drill
from trainer.history import APPLICATION_ID, History, Round
from trainer.session import JsonIO, LineIO, SessionOptions
from trainer.zetamac import RoundReport, Typed, play_round, report, typed_status

runner = CliRunner()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def answers(seed: int, n: int, level: str = "mixed") -> list[tuple[str, str]]:
    """The problems (prompt, answer) a Zetamac round with --seed asks."""
    d = make_drill("arith", level=level)
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        p = d.generate(rng)
        out.append((p.prompt, d.judge(p, "").expected[0]))
    return out


# ---------------------------------------------------------------- what is accepted


@pytest.mark.parametrize("typed, status", [
    ("", Typed.ON_THE_WAY), ("1", Typed.ON_THE_WAY), ("13", Typed.ON_THE_WAY), (" 13", Typed.ON_THE_WAY),
    ("132", Typed.RIGHT), ("132.", Typed.RIGHT), ("132,", Typed.RIGHT), ("132.0", Typed.RIGHT), ("132 ", Typed.RIGHT),
    ("132;", Typed.RIGHT), ("=132", Typed.RIGHT), ("132\n", Typed.RIGHT),
    ("2", Typed.WRONG), ("1320", Typed.WRONG), ("13.", Typed.WRONG), ("132.5", Typed.WRONG), ("13 2", Typed.WRONG),
    ("x", Typed.WRONG), ("-132", Typed.WRONG), ("132x", Typed.WRONG),
])
def test_typed_status(typed, status):
    assert typed_status(typed, "132") is status


def test_a_prefix_is_on_the_way_exactly_when_typing_on_can_make_it_right():
    """Property over every short text of digits: on the way ⇔ some continuation is right."""
    import itertools

    answer = "296"
    for n in range(4):
        for digits in itertools.product("0269", repeat=n):
            typed = "".join(digits)
            can = answer.startswith(typed)
            assert (typed_status(typed, answer) is not Typed.WRONG) == can, typed


# ---------------------------------------------------------------- a round, line by line


class Ticking(io.StringIO):
    """Lines on stdin, each arriving ``step`` seconds after the one before (a clock the round reads)."""

    def __init__(self, text: str, step: float):
        super().__init__(text)
        self.now, self.step = 0.0, step

    def readline(self, *args):
        self.now += self.step
        return super().readline(*args)


def play(lines: list[str], *, seconds: float, step: float = 10.0, seed: int = 1, as_json=False, history=None):
    stdin, out = Ticking("".join(x + "\n" for x in lines), step), io.StringIO()
    the_io = (JsonIO if as_json else LineIO)(stdin, out)
    drill = make_drill("arith", level="mixed", mode="zetamac")
    summary = play_round(drill, SessionOptions(count=None, round_time=seconds, seed=seed), the_io, history,
                         clock=lambda: stdin.now)
    return summary, out.getvalue()


def test_a_right_line_moves_on_a_wrong_one_is_asked_again_and_the_bell_cuts_the_last():
    (p1, a1), (p2, a2), (p3, _a3) = answers(1, 3)
    with History.open() as h:
        # t=10 a slip, t=20 right (with a stray "."), t=30 right, t=40: after the bell (35 s)
        summary, out = play(["1", a1 + ".", a2, "7"], seconds=35, history=h)
        assert summary.stopped == "time" and summary.answered == summary.correct == 2
        recorded = h.answers()
        assert [r.answer for r in recorded] == [a1 + ".", a2] and all(r.correct for r in recorded)
        assert [r.seconds for r in recorded] == [20.0, 10.0]
        assert [r.score for r in h.rounds("arith", "mixed", "zetamac", 35)] == [2]
    lines = out.splitlines()
    assert lines[0].endswith(p1) and lines[1].startswith("not yet")
    assert p3 in out  # shown, then cut off by the bell: not recorded, not a miss
    assert lines[-1] == "zetamac mixed 35 s: 2, your first round."


def test_personal_best_and_last_time():
    right = [a for _p, a in answers(1, 6)]
    with History.open() as h:
        play(right[:2], seconds=25, history=h)  # 2 answered, the 3rd line comes after the bell
        _s, out = play(right[:5], seconds=55, history=h)  # another length: its own first round
        assert out.splitlines()[-1] == "zetamac mixed 55 s: 5, your first round."
        _s, out = play(right[:4], seconds=45, step=10, history=h)
        assert out.splitlines()[-1] == "zetamac mixed 45 s: 4, your first round."
        _s, out = play(right[:1], seconds=15, history=h)
        _s, out = play(right[:2] + ["0"], seconds=25, history=h)
        assert out.splitlines()[-1] == "zetamac mixed 25 s: 2, equal to your best; as many as last time."
        _s, out = play(right[:3], seconds=25, step=8, history=h)
        assert out.splitlines()[-1] == "zetamac mixed 25 s: 3, your best; 1 more than last time."
        _s, out = play(["0", "0", right[0], "0", "0"], seconds=25, step=5, history=h)
        assert out.splitlines()[-1] == "zetamac mixed 25 s: 1 (your best: 3); 2 fewer than last time."


def test_a_round_stopped_before_the_bell_is_kept_but_not_a_round():
    right = [a for _p, a in answers(1, 2)]
    with History.open() as h:
        summary, out = play(right, seconds=120, history=h)  # the input ends first
        assert summary.stopped == "end of input" and h.count() == 2
        assert h.rounds("arith", "mixed", "zetamac", 120) == []
    assert "stopped before the bell" in out.splitlines()[-1]


def test_json_round():
    (_p1, a1), _second = answers(1, 2)
    _s, out = play(["5", a1], seconds=25, as_json=True)
    kinds = [json.loads(x)["type"] for x in out.splitlines()]
    assert kinds == ["puzzle", "not-yet", "verdict", "puzzle", "summary", "round"]
    last = json.loads(out.splitlines()[-1])
    assert last == {"type": "round", "kind": "zetamac mixed 25 s", "score": 1, "complete": True,
                    "best_before": None, "last": None, "new_best": True, "slips": 1}


def test_report_words():
    assert str(RoundReport("z", 3, False)) == "z: 3, stopped before the bell (not counted for your best)."
    assert report("z", 9, True, [4, 8, 5]).is_best and not report("z", 8, True, [4, 8]).is_best
    assert str(report("z", 9, True, [4, 8, 5])) == "z: 9, your best; 4 more than last time."


def test_zetamac_through_the_cli_and_only_for_timed_levels(home):
    (_p, a1), = answers(7, 1, level="mul")
    r = runner.invoke(app, ["drill", "arith", "-l", "mul", "--mode", "zetamac", "--seed", "7", "--json"],
                      input=f"{a1}\n")
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[1]["correct"] and lines[-1]["kind"] == "zetamac mul 120 s"
    r = runner.invoke(app, ["drill", "arith", "-l", "countdown", "--mode", "zetamac"])
    assert r.exit_code == 2 and "--mode zetamac plays the timed levels" in r.stderr
    r = runner.invoke(app, ["drill", "arith", "--mode", "fast"])
    assert r.exit_code == 2


# ---------------------------------------------------------------- personal bests in the history


def old_history(path) -> None:
    """A history written before rounds were kept (schema 1 without the rounds table), with one answer."""
    db = sqlite3.connect(path)
    db.executescript((Path(__file__).resolve().parents[2] / "data" / "history_schema1.sql").read_text("utf-8"))
    db.execute("DELETE FROM answers")
    db.execute("DELETE FROM items")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("INSERT INTO answers (at, session, drill, level, item, puzzle, answer, correct, verdict, penalty, seconds,"
               " reference_seconds, rating) VALUES ('2025-01-06T09:00:00.000000+00:00', 's', 'arith', 'add',"
               " 'arith:add:2+2', '{}', '4', 1, '{}', 0, 1.0, 6.0, 3)")
    db.commit()
    db.close()


def test_an_old_history_gets_rounds_and_loses_nothing(home):
    home.mkdir()
    path = home / "history.sqlite3"
    old_history(path)
    with History.open(path, read_only=True) as h:  # read-only: nothing added, no rounds
        assert h.count() == 1 and h.rounds("arith", "mixed", "zetamac", 120) == []
    with sqlite3.connect(path) as db:
        assert "rounds" not in {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    at = datetime(2025, 2, 1, tzinfo=timezone.utc)
    with History.open(path) as h:
        h.record_round(Round("arith", "mixed", "zetamac", 120, 31, "s2", at))
        assert h.count() == 1 and [a.answer for a in h.answers()] == ["4"]
    with History.open(path) as h:
        assert h.rounds("arith", "mixed", "zetamac", 120) == [Round("arith", "mixed", "zetamac", 120.0, 31, "s2", at)]
        assert h.rounds("arith", "mixed", "zetamac", 60) == [] and h.rounds("arith", "mul", "zetamac", 120) == []
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


# ---------------------------------------------------------------- Countdown and the 24 game


def test_near_misses_score_as_on_the_show():
    p = parse_situation("numbers 25 50 75 100 3 6; target 952")
    cases = {"((100+6)×75×3-50)÷25": 10, "50×(25-6)": 7, "50×(25-6)-3": 7, "(100+50+3)×6+25": 5,
             "(50×25+6)×75÷100": 5, "100+100": 0, "9×100": 0, "100÷3": 0, "hello": 0}
    assert {a: points(judge(p, a)) for a in cases} == cases


def test_points_agree_with_the_distance_for_every_reachable_value():
    """Property: a legal-but-off calculation scores by its distance alone, whatever the calculation."""
    p = parse_situation("numbers 1 2 3 7; target 30")
    for value in range(15, 46):
        r = reach(p.numbers, value)
        if r.min_cards is None:
            continue
        d = abs(value - 30)
        expected = 10 if d == 0 else 7 if d <= 5 else 5 if d <= 10 else 0
        assert points(judge(p, str(r.expressions[0]))) == expected


def test_nearest_reachable():
    assert nearest(parse_situation("numbers 1 2; target 10")) == 3
    assert nearest(parse_situation("numbers 2 3; target 0")) == 1  # each number once: 3-2, not 0
    assert nearest(parse_situation("numbers 25 50 75 100 3 6; target 952")) == 952


def test_countdown_drill_has_a_30_second_clock_points_and_hints():
    d = make_drill("arith", level="countdown")
    assert d.time_limit == 30 and d.scored
    assert make_drill("arith", level="countdown", time_limit=90).time_limit == 90
    assert make_drill("arith", level="make24").time_limit == 30 and not make_drill("arith", level="make24").scored
    assert make_drill("arith", level="mixed").time_limit is None
    p = d.from_situation("numbers 25 50 75 100 3 6; target 952")
    assert p.time_limit == 30
    j = d.judge(p, "50×(25-6)-3")
    assert not j.correct and (j.score, j.best_score) == (7, 10)
    assert j.explanation.startswith("7 points: 947 is 5 away from 952. It makes 947, not 952.")
    right = d.judge(p, "((100+6)×75×3-50)÷25")
    assert right.correct and right.score == 10 and right.explanation.startswith("Right")
    assert d.hints(p)[:2] == ["952 can be reached exactly.", "The simplest calculation uses 6 numbers."]
    assert d.hints(p)[2].startswith("Its first step: ")
    far = d.from_situation("numbers 1 2; target 10")
    assert d.hints(far) == ["10 cannot be reached exactly: the nearest reachable number is 3."]
    assert "10 points for the target exactly" in d.instructions() and "30 seconds" in d.instructions()


def test_fact_hints_and_instructions():
    d = make_drill("arith", level="mul", mode="zetamac")
    p = d.from_situation("calculate 4 × 74")
    assert d.hints(p) == ["The answer has 3 digits.", "Split it: 4 × 70 + 4 × 4.", "It ends in 6."]
    assert "no Enter" in d.instructions()
    assert "Enter" in make_drill("arith", level="add").instructions()
    h = make_drill("arith", level="div").hints(make_drill("arith").from_situation("calculate 296 ÷ 4"))
    assert h[1] == "Think of it the other way: 4 × what = 296?"


def test_the_countdown_session_shows_the_clock_and_scores_points(home):
    r = runner.invoke(app, ["drill", "arith", "-l", "countdown", "-n", "1", "--seed", "3", "--json"], input="2+5\n")
    assert r.exit_code == 0, r.output
    puzzle, verdict, summary = [json.loads(x) for x in r.stdout.splitlines()]
    assert puzzle["time_limit"] == 30 and verdict["best_score"] == 10 and summary["best_score"] == 10


# ---------------------------------------------------------------- configurable ranges


from hypothesis import given, strategies as st  # noqa: E402

from solver.arith import FactRanges  # noqa: E402
from solver.errors import TablecalcError  # noqa: E402


@st.composite
def fact_ranges(draw):
    def pair(lowest):
        out = []
        for _ in range(2):
            lo = draw(st.integers(lowest, 1000))
            out.append((lo, draw(st.integers(lo, 1000))))
        return tuple(out)

    return FactRanges(add=pair(0), mul=pair(1))


@given(fact_ranges(), st.integers(0, 2**32), st.sampled_from(["add", "sub", "mul", "div"]))
def test_fact_ranges_round_trip_and_facts_come_from_them(ranges, seed, kind):
    """parse(str(r)) == r, and every fact dealt has its numbers in the ranges and a whole answer."""
    assert FactRanges.parse(str(ranges)) == ranges
    from solver.arith import random_fact

    f = random_fact(random.Random(seed), kind, ranges)
    (a_lo, a_hi), (b_lo, b_hi) = ranges.add if kind in ("add", "sub") else ranges.mul
    if kind in ("add", "mul"):
        a, b = f.a, f.b
    else:
        a, b = f.b, (f.a - f.b if kind == "sub" else f.a // f.b)
    assert a_lo <= a <= a_hi and b_lo <= b <= b_hi
    assert f.value == int(f.value) >= 0


@pytest.mark.parametrize("text", ["", "add", "add 1-2", "add 1-2 3-4 5-6", "mul 0-2 3", "sub 1 2", "add 5-1 2",
                                  "add 1-2000000 3", "mul x 3", "add 1 2; add 3 4"])
def test_bad_fact_ranges_are_one_clear_error(text):
    with pytest.raises(TablecalcError, match="expected"):
        FactRanges.parse(text)


def test_rounds_of_other_ranges_have_their_own_best():
    drill = make_drill("arith", level="mixed", mode="zetamac", ranges="add 2-20 2-20")
    with History.open() as h:
        stdin = Ticking("", 10)
        play_round(drill, SessionOptions(count=None, round_time=5, seed=1), LineIO(stdin, io.StringIO()), h,
                   clock=lambda: stdin.now)
        assert h.rounds("arith", "mixed", "zetamac", 5) == []
        (r,) = h.rounds("arith", "mixed", "zetamac (add 2-20 2-20; mul 2-12 2-100)", 5)
        assert r.score == 0


def test_24_hints_give_steps_not_the_count_of_numbers():
    d = make_drill("arith", level="make24")
    p = d.from_situation("numbers 3 3 8 8; target 24")
    assert d.hints(p) == ["24 can be reached exactly.", "Its first step: 8÷3 = 8/3.", "Then: 3-8/3 = 1/3."]
    assert d.hints(d.from_situation("numbers 1 1 1 1; target 24")) == ["24 cannot be reached with these numbers."]
