"""Motivation and honest repetition: streaks, the daily goal, what is due today, review labels,
the trend, fact families, the weakest items by repeated misses, readable labels, `stats` at 60
columns, the chart per drill, and a history written before any of this existed.

Every date is injected (``now``, ``today``, ``tz``): nothing here depends on the real clock,
except the session test, which checks words computed from the same clock.
"""

from __future__ import annotations

import io
import json
import random
import sqlite3
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from solver.arith import Fact, FactKind, random_fact
from solver.errors import TablecalcError
from trainer.cli import app
from trainer.drills import GameDrill, make_drill
from trainer.games.arith.drill import Drill as ArithDrill, fact_family, fact_in_family
from trainer.games.nambarz.drill import Drill as NambarzDrill
from trainer.history import SCHEMA_VERSION, APPLICATION_ID, DEFAULT_DAILY_GOAL, AnswerRecord, History
from trainer.progress import (Streak, Trend, answers_today, due_text, due_today, end_lines, goal_text,
                              practice_streak, readable_day, review_label, start_lines, streak, streak_text, trend,
                              trend_text)
from trainer.chart import plot_stats
from trainer.stats import compute_stats, render_stats

UTC = timezone.utc
MONDAY = datetime(2025, 3, 3, 18, 0, tzinfo=UTC)  # Monday 3 March 2025
PARIS = timezone(timedelta(hours=1), "CET")
DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    return tmp_path / "home"


def rec(item, correct, at, *, drill="arith", level="mul", seconds=2.0, reference=6.0, prompt=None, session="s"):
    return AnswerRecord(drill=drill, level=level, item=f"{drill}:{level}:{item}",
                        puzzle={"item": f"{drill}:{level}:{item}", **({"prompt": prompt} if prompt else {})},
                        answer="x", correct=correct, verdict={}, penalty=0, seconds=seconds,
                        reference_seconds=reference, session=session, at=at)


# ---------------------------------------------------------------- streak


def d(n: int) -> date:
    """Day ``n`` of March 2025."""
    return date(2025, 3, n)


@pytest.mark.parametrize("days, today, expected", [
    ([], d(5), Streak(0, 0, False)),
    ([d(5)], d(5), Streak(1, 1, True)),
    ([d(3), d(4), d(5)], d(5), Streak(3, 3, True)),
    ([d(3), d(4)], d(5), Streak(2, 2, False)),             # not broken before today ends
    ([d(2), d(3)], d(5), Streak(0, 2, False)),             # a whole day missed: broken
    ([d(1), d(2), d(3), d(5)], d(5), Streak(1, 3, True)),  # the longest run is remembered
    ([d(4), d(4), d(5)], d(5), Streak(2, 2, True)),        # several answers a day count once
    ([d(4), d(9)], d(5), Streak(1, 1, False)),             # a future day is ignored
])
def test_streak_arithmetic(days, today, expected):
    assert streak(days, today) == expected


@given(st.sets(st.integers(0, 40)), st.integers(0, 40))
def test_streak_agrees_with_counting_back_day_by_day(offsets, t):
    """The current streak is the run of days practised counted back from today (or from
    yesterday when today has none yet); the longest is the longest such run anywhere."""
    base = date(2025, 1, 1)
    days = {base + timedelta(days=o) for o in offsets}
    today = base + timedelta(days=t)
    s = streak(days, today)
    past = {x for x in days if x <= today}
    start = today if today in past else today - timedelta(days=1)
    run = 0
    while start - timedelta(days=run) in past:
        run += 1
    assert s.current == run and s.practised_today == (today in past)
    best = 0
    for x in past:
        n = 0
        while x + timedelta(days=n) in past:
            n += 1
        best = max(best, n)
    assert s.longest == best >= s.current


def test_a_streak_follows_the_learners_days_not_utc(home):
    """23:30 UTC on Monday is already Tuesday in Paris: one day apart in UTC, two days in Paris."""
    with History.open() as h:
        h.record(rec("7×8", True, datetime(2025, 3, 3, 12, 0, tzinfo=UTC)))
        h.record(rec("7×9", True, datetime(2025, 3, 3, 23, 30, tzinfo=UTC)))
        now = datetime(2025, 3, 4, 9, 0, tzinfo=UTC)
        assert practice_streak(h, now, UTC) == Streak(1, 1, False)
        assert practice_streak(h, now, PARIS) == Streak(2, 2, True)
        assert answers_today(h, now, UTC) == 0 and answers_today(h, now, PARIS) == 1


def test_streak_and_goal_words():
    assert streak_text(Streak(0, 4, False)) == "no streak yet: today starts one"
    assert streak_text(Streak(3, 4, True)) == "3-day streak"
    assert streak_text(Streak(3, 4, False)) == "3-day streak: practise today to keep it"
    assert goal_text(12, 20) == "12 of 20 answers today"
    assert goal_text(25, 20) == "25 of 20 answers today: daily goal met"
    assert goal_text(1, 0) == "1 answer today"


# ---------------------------------------------------------------- the daily goal


def test_the_goal_is_kept_in_the_history_and_checked(home):
    with History.open() as h:
        assert h.daily_goal() == DEFAULT_DAILY_GOAL == 20
        h.set_daily_goal(35)
        for bad in (-1, 10_001, 2.5, True, "20"):
            with pytest.raises(TablecalcError, match="daily goal"):
                h.set_daily_goal(bad)
    with History.open(read_only=True) as h:
        assert h.daily_goal() == 35
        with pytest.raises(TablecalcError, match="read-only"):
            h.set_daily_goal(10)
    with History.open() as h:
        h.set_daily_goal(0)
        assert h.daily_goal() == 0


def test_a_damaged_goal_reads_as_the_default_and_is_left_as_it_is(home):
    with History.open() as h:
        path = h.path
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO meta (key, value) VALUES ('daily_goal', 'lots')")
    with History.open() as h:
        assert h.daily_goal() == DEFAULT_DAILY_GOAL
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'daily_goal'").fetchone() == ("lots",)


def test_goal_and_streak_through_the_cli(home):
    runner = CliRunner()
    r = runner.invoke(app, ["stats", "--goal", "30", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["today"]["goal"] == 30 and data["streak"] == {"current": 0, "longest": 0, "practised_today": False}
    r = runner.invoke(app, ["stats", "--goal", "-3"])
    assert r.exit_code == 2 and "bad daily goal -3" in r.stderr
    r = runner.invoke(app, ["stats", "--goal", "0"])
    assert r.exit_code == 0 and "Daily goal turned off." in r.stdout


# ---------------------------------------------------------------- due today and review labels


def test_due_today_counts_the_reviews_before_the_day_ends(home):
    with History.open() as h:
        h.record(rec("7×8", False, MONDAY - timedelta(days=1)))   # missed: due again within minutes
        h.record(rec("6×9", True, MONDAY - timedelta(days=1)))    # right: due days later
        h.record(rec("2×3", False, MONDAY - timedelta(minutes=5)))
        due = due_today(h, "arith", "mul", MONDAY, UTC)
        assert len(due) == 2 and all(t <= MONDAY + timedelta(hours=6) for t in due)
        assert due_today(h, "arith", "add", MONDAY, UTC) == []
        assert start_lines(h, "arith", "mul", MONDAY, UTC)[1].startswith("2 due today in arith mul")
        assert len(start_lines(h, "arith", "mul", MONDAY, UTC, reviewing=False)) == 1
        s = compute_stats(h, now=MONDAY)
        assert s["due_today"] >= s["due_now"] >= 1 and s["by_drill"][0]["due_today"] == s["due_today"]


def test_due_words_say_how_many_are_ready_now():
    now = MONDAY
    assert due_text([], now, "arith", "mul") == "Nothing due today in arith mul: every puzzle is new."
    assert due_text([now, now], now, "arith", "mul") == "2 due today in arith mul: reviews come every other puzzle."
    assert due_text([now + timedelta(hours=2)], now, "arith", "mul") == "1 due today in arith mul, the first in 2 h."


@pytest.mark.parametrize("ago, words", [
    (timedelta(hours=1), "review: missed today"),
    (timedelta(days=1), "review: missed yesterday"),
    (timedelta(days=4), "review: missed on Thursday"),
    (timedelta(days=20), "review: missed on 11 Feb"),
    (timedelta(days=400), "review: missed on 28 Jan 2024"),
])
def test_a_review_says_when_it_was_last_missed(ago, words):
    missed = MONDAY - ago
    assert review_label((MONDAY - timedelta(minutes=1), missed), MONDAY, UTC) == words


def test_a_review_never_missed_says_when_it_was_last_right(home):
    with History.open() as h:
        h.record(rec("6×9", True, MONDAY - timedelta(days=2)))
        h.record(rec("7×8", False, MONDAY - timedelta(days=3)))
        h.record(rec("7×8", True, MONDAY - timedelta(days=2)))
        seen = h.last_seen(["arith:mul:6×9", "arith:mul:7×8", "arith:mul:nope"])
    assert set(seen) == {"arith:mul:6×9", "arith:mul:7×8"}
    assert review_label(seen["arith:mul:6×9"], MONDAY, UTC) == "review: last answered right on Saturday"
    assert review_label(seen["arith:mul:7×8"], MONDAY, UTC) == "review: missed on Friday"


def test_readable_days():
    today = d(6)  # a Thursday
    assert [readable_day(d(n), today) for n in (6, 5, 3, 1)] == ["today", "yesterday", "on Monday", "on Saturday"]
    assert readable_day(date(2025, 2, 27), today) == "on 27 Feb"  # a week ago or more: the date
    assert readable_day(d(3), today, bare=True) == "Monday"


# ---------------------------------------------------------------- the trend


def day_of(n_right, n_wrong, day, seconds=3.0):
    at = datetime(2025, 3, day, 9, 0, tzinfo=UTC)
    return [rec(f"{i}×2", i < n_right, at + timedelta(minutes=i), seconds=seconds) for i in range(n_right + n_wrong)]


def test_the_trend_compares_the_first_and_last_days_of_the_week():
    outcomes = day_of(3, 2, 3, seconds=5) + day_of(1, 1, 4) + day_of(4, 1, 5) + day_of(9, 1, 6, seconds=3)
    t = trend(outcomes, UTC)
    # 4 March has too few answers to count; 3 March (60%) and 6 March (90%) are the two ends
    assert (t.since, t.until, t.before, t.after, t.points) == (d(3), d(6), 0.6, 0.9, 30)
    assert (t.seconds_before, t.seconds_after) == (5, 3)
    assert trend_text(t, today=d(6)) == "+30 points since Monday: 60% right then, 90% today"
    assert trend_text(Trend(d(3), d(6), 0.8, 0.8, 3, 3), d(6)).startswith("steady since Monday")


def test_no_trend_without_two_full_days_in_a_week():
    assert trend([], UTC) is None
    assert trend(day_of(5, 0, 3), UTC) is None                    # one day
    assert trend(day_of(5, 0, 3) + day_of(1, 1, 6), UTC) is None  # the other day too small
    assert trend(day_of(5, 0, 1) + day_of(5, 0, 8), UTC) is None  # a week apart
    assert trend(day_of(5, 0, 2) + day_of(5, 0, 8), UTC).since == d(2)


# ---------------------------------------------------------------- fact families


@pytest.mark.parametrize("text, family, name", [
    ("7 × 58", "mul:7", "the 7× table"), ("12 × 7", "mul:7", "the 7× table"), ("406 ÷ 7", "div:7", "÷7 facts"),
    ("47 + 29", "add:9", "+9 facts"), ("30 + 40", "add:0", "+0 facts"), ("85 - 38", "sub:8", "−8 facts"),
])
def test_fact_families(text, family, name):
    from solver.arith import parse_situation

    assert fact_family(parse_situation(f"calculate {text}")) == family
    assert ArithDrill.family_name(family) == name


@given(st.sampled_from(list(FactKind)), st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_every_dealt_fact_has_the_family_its_item_key_says(kind, seed):
    """The family read back from a stored item key is the family of the fact dealt."""
    drill = ArithDrill(level=str(kind))
    p = drill.generate(random.Random(seed))
    fact = random_fact(random.Random(seed), kind)
    assert ArithDrill.family(p.item) == fact_family(fact)


@given(st.sampled_from([f"mul:{n}" for n in range(2, 13)] + [f"div:{n}" for n in range(2, 13)]
                       + [f"add:{n}" for n in range(10)] + [f"sub:{n}" for n in range(10)]),
       st.integers(0, 2**32))
@settings(max_examples=80, deadline=None)
def test_a_fact_dealt_in_a_family_belongs_to_it_and_to_the_drills_ranges(family, seed):
    fact = fact_in_family(random.Random(seed), family)
    assert isinstance(fact, Fact) and fact_family(fact) == family
    if fact.op in "+*":
        lo, hi = (2, 100) if fact.op == "+" else (2, 12)
        assert lo <= min(fact.a, fact.b) and fact.a <= hi and fact.b <= 100


def test_no_family_outside_the_facts():
    assert ArithDrill.family("arith:make24:1 2 3 4>24") is None and ArithDrill.family("arith:mul:garbage") is None
    assert GameDrill.family("nambarz:basic:3-bee|1 2") is None
    assert fact_in_family(random.Random(1), "pow:2") is None


def test_stats_rank_the_weakest_families(home):
    with History.open() as h:
        at = MONDAY
        for i in range(10):
            h.record(rec(f"7×{20 + i}", i % 2 == 0, at + timedelta(minutes=i)))       # 7× table: 5 of 10 missed
            h.record(rec(f"3×{20 + i}", i != 0, at + timedelta(minutes=i, seconds=5)))  # 3× table: 1 of 10
            h.record(rec(f"{20 + i}+9", True, at + timedelta(minutes=i, seconds=9), level="add"))
        s = compute_stats(h, now=at + timedelta(hours=1))
    families = [(f["family"], f["recent_wrong"]) for f in s["families"]]
    assert families[:2] == [("mul:7", 5), ("mul:3", 1)] and ("add:9", 0) in families
    assert s["families"][0]["name"] == "the 7× table" and s["families"][0]["accuracy"] == 0.5


def test_a_weak_family_comes_back_more_often(home):
    with History.open() as h:
        for i in range(12):
            h.record(rec(f"7×{30 + i}", False, MONDAY + timedelta(minutes=i)))
            h.record(rec(f"4×{30 + i}", True, MONDAY + timedelta(minutes=i, seconds=30)))
        drill = ArithDrill(level="mul")
        baseline = [drill.generate(random.Random(s)) for s in range(300)]
        drill.focus_on(h, MONDAY + timedelta(hours=1))
    assert drill.focus == (("mul:7", pytest.approx(13 / 14)),)
    focused = [drill.generate(random.Random(s)) for s in range(300)]

    def sevens(puzzles):
        return sum(ArithDrill.family(p.item) == "mul:7" for p in puzzles)

    # a third of new puzzles now come from the 7× table, against about 1 in 11 before
    assert sevens(baseline) < 45 and sevens(focused) > 100


def test_no_focus_for_the_make_the_target_levels(home):
    with History.open() as h:
        h.record(rec("7×8", False, MONDAY))
        drill = ArithDrill(level="make24")
        drill.focus_on(h, MONDAY)
    assert drill.focus == ()


# ---------------------------------------------------------------- the weakest items


def test_weakest_items_are_ranked_by_repeated_misses(home):
    with History.open() as h:
        t = MONDAY
        for i, ok in enumerate([False, True, False, True, False]):     # 7×8: missed 3 of 5
            h.record(rec("7×8", ok, t + timedelta(minutes=i)))
        h.record(rec("6×9", False, t + timedelta(minutes=10)))          # 6×9: missed its only try, last
        for i in range(2):                                               # 2×3: missed long ago, right since
            h.record(rec("2×3", False, t - timedelta(days=5) + timedelta(minutes=i)))
        for i in range(12):
            h.record(rec("2×3", True, t + timedelta(minutes=20 + i)))
        s = compute_stats(h, now=t + timedelta(hours=1))
    weakest = [(w["label"], w["recent_wrong"], w["recent_answers"]) for w in s["weakest"]]
    assert weakest == [("7×8", 3, 5), ("6×9", 1, 1)]
    assert s["weakest"][0]["last_missed"] == (t + timedelta(minutes=4)).isoformat()
    assert s["weakest"][0]["family"] == "mul:7"


# ---------------------------------------------------------------- readable labels


def test_items_are_shown_in_readable_form():
    assert ArithDrill.label("arith:mul:7×8", {"prompt": "7 × 8"}) == "7 × 8"
    assert ArithDrill.label("arith:countdown:1 2 3 4 25 50>417") == "417 from 1 2 3 4 25 50"
    assert NambarzDrill.label("nambarz:basic:3-bee|10 2 5 6") == "3-bee with 10 2 5 6"
    from trainer.games.nmbrs.drill import Drill as NmbrsDrill

    assert NmbrsDrill.label("nmbrs:basic:|12o 14r") == "12o 14r"
    # the default: the prompt saved with the puzzle, else the key without its game and level
    assert GameDrill.label("namnam:best:4.4/4.4 s 0-0", {"prompt": "South  to move"}) == "South to move"
    assert make_drill("namnam").label("namnam:best:4.4/4.4 s 0-0") == "4.4/4.4 s 0-0"


def test_every_game_labels_its_own_puzzles_without_its_key_prefix():
    from solver.registry import game_names

    for name in game_names():
        drill = make_drill(name)
        p = drill.generate(random.Random(3))
        label = type(drill).label(p.item, p.as_dict())
        assert label and not label.startswith(f"{name}:"), (name, label)


# ---------------------------------------------------------------- 60 columns


@pytest.fixture
def busy(home):
    """Two weeks of three drills, with misses, penalties and long labels."""
    with History.open() as h:
        rng = random.Random(5)
        for day in range(14):
            at = MONDAY - timedelta(days=13 - day)
            for k, (drill, level) in enumerate((("arith", "mul"), ("nambarz", "basic"), ("nmbrs", "table-advanced"))):
                for i in range(6):
                    item = f"{rng.randint(2, 12)}×{rng.randint(2, 40)}" if drill == "arith" else \
                        f"{rng.randint(1, 10)}-bee|1 10-cat 2-owl 3 5 6-hippo 9-snail {i}"
                    h.record(AnswerRecord(
                        drill=drill, level=level, item=f"{drill}:{level}:{item}", puzzle={}, answer="x",
                        correct=rng.random() < 0.7, verdict={}, penalty=rng.choice((0, 3)) if drill != "arith" else 0,
                        seconds=rng.uniform(2, 9), reference_seconds=6.0, session=f"s{day}",
                        at=at + timedelta(minutes=10 * k + i)))
        yield h


def test_stats_fit_in_60_columns(busy):
    console = Console(record=True, width=60, file=io.StringIO())
    render_stats(compute_stats(busy, now=MONDAY + timedelta(hours=1)), console)
    text = console.export_text()
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 60
    for words in ("streak", "answers today", "By drill and level", "Day by day", "Weakest fact families",
                  "Weakest puzzles", "the ", "with 1 10-cat"):
        assert words in text, words
    assert "arith:mul:" not in text and "nambarz:basic:" not in text  # readable labels, not keys


def test_the_stats_command_fits_in_60_columns(busy, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    for args in (["stats"], ["stats", "--drill", "nambarz"]):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 0, r.output
        assert max(len(line) for line in r.stdout.splitlines()) <= 60, r.stdout


def test_stats_of_one_drill(busy):
    s = compute_stats(busy, now=MONDAY, drill="arith")
    assert {r["drill"] for r in s["by_drill"]} == {"arith"} and s["answers"] == 14 * 6
    assert {w["drill"] for w in s["weakest"]} <= {"arith"}
    r = CliRunner().invoke(app, ["stats", "--drill", "nummers", "--json"])  # an alias finds the game
    assert r.exit_code == 0 and json.loads(r.stdout)["drill"] == "nmbrs"
    r = CliRunner().invoke(app, ["stats", "--drill", "chess"])
    assert r.exit_code == 2 and "unknown game 'chess'" in r.stderr


def test_stats_of_a_drill_never_played(home):
    console = Console(record=True, width=60, file=io.StringIO())
    with History.open() as h:
        h.record(rec("7×8", True, MONDAY))
        render_stats(compute_stats(h, drill="nambarz"), console)
    assert "No answers recorded yet for nambarz" in console.export_text()


# ---------------------------------------------------------------- the chart


def test_the_chart_per_drill_is_written(busy, tmp_path):
    for drill in (None, "arith", "nambarz"):
        out = tmp_path / f"{drill}.png"
        plot_stats(busy, out, drill=drill, now=MONDAY + timedelta(hours=1))
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 20_000
    with pytest.raises(TablecalcError, match="no answers recorded yet for namnam"):
        plot_stats(busy, tmp_path / "none.png", drill="namnam")
    assert not (tmp_path / "none.png").exists()


def test_the_chart_through_the_cli(busy, tmp_path):
    out = tmp_path / "arith.svg"
    r = CliRunner().invoke(app, ["stats", "--plot", str(out), "--drill", "arith"])
    assert r.exit_code == 0, r.output
    svg = out.read_text()
    assert svg.lstrip().startswith("<?xml") and "Days practised" in svg


def test_calendar_steps_follow_the_goal():
    from trainer.chart import calendar_levels

    assert calendar_levels(30) == (1, 15, 30, 60)
    assert calendar_levels(2) == (1, 2, 3, 4)


# ---------------------------------------------------------------- sessions


def test_a_session_opens_with_the_streak_and_the_due_and_labels_its_reviews(home):
    from trainer.session import LineIO, SessionOptions, run_session

    now = datetime.now(UTC)
    with History.open() as h:
        h.record(rec("7×8", False, now - timedelta(days=2), prompt="7 × 8"))  # due again long since
        out = io.StringIO()
        drill = make_drill("arith", level="mul")
        run_session(drill, SessionOptions(count=2, seed=1, review=True), LineIO(io.StringIO("56\n1\n"), out), h)
    lines = out.getvalue().splitlines()
    assert lines[0] == "No streak yet: today starts one; 0 of 20 answers today."
    assert lines[1] == "1 due today in arith mul: reviews come every other puzzle."
    missed = readable_day((now - timedelta(days=2)).astimezone().date(), now.astimezone().date())
    assert f"review: missed {missed}" in lines
    assert lines[lines.index(f"review: missed {missed}") + 1].endswith("7 × 8")
    assert lines[-1].startswith("1-day streak; 2 of 20 answers today. 18 more")


def test_end_lines_say_when_the_goal_is_met(home):
    with History.open() as h:
        h.set_daily_goal(2)
        h.record(rec("7×8", True, MONDAY))
        assert end_lines(h, MONDAY, UTC) == ["1-day streak; 1 of 2 answers today. 1 more to reach it."]
        h.record(rec("7×9", True, MONDAY))
        assert end_lines(h, MONDAY, UTC) == ["1-day streak; 2 of 2 answers today: daily goal met."]


def test_json_sessions_stay_puzzles_verdicts_and_a_summary(home):
    r = CliRunner().invoke(app, ["drill", "arith", "--level", "mul", "-n", "2", "--json"], input="1\n2\n")
    assert r.exit_code == 0, r.output
    assert [json.loads(line)["type"] for line in r.stdout.splitlines()] == ["puzzle", "verdict"] * 2 + ["summary"]


# ---------------------------------------------------------------- a history from before


def old_history(path: Path) -> Path:
    """A history in schema 1 exactly as an older tablecalc wrote it (tests/data/history_schema1.sql)."""
    db = sqlite3.connect(path)
    db.executescript((DATA / "history_schema1.sql").read_text("utf-8"))
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.commit()
    db.close()
    return path


def dump(path: Path, table: str) -> list:
    with sqlite3.connect(path) as db:
        return db.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()


def test_a_history_written_before_streaks_and_goals_opens_and_keeps_everything(tmp_path):
    path = old_history(tmp_path / "history.sqlite3")
    answers, items, meta = dump(path, "answers"), dump(path, "items"), dump(path, "meta")
    assert len(answers) == 6
    tuesday = datetime(2025, 3, 4, 20, 0, tzinfo=UTC)
    with History.open(path, read_only=True) as h:
        s = compute_stats(h, now=tuesday)
        assert h.daily_goal() == DEFAULT_DAILY_GOAL
    assert s["answers"] == 6 and s["streak"] == {"current": 2, "longest": 2, "practised_today": True}
    assert s["weakest"][0]["label"] == "7 × 8" and [f["name"] for f in s["families"]] == ["+9 facts", "the 7× table", "the 6× table"]
    assert dump(path, "answers") == answers  # reading wrote nothing
    with History.open(path) as h:
        h.set_daily_goal(12)
        h.record(rec("7×8", True, tuesday))
    # upgraded to the current schema: every row kept, each the default learner's ('' added last)
    assert dump(path, "answers")[:6] == [(*a, "") for a in answers] and len(dump(path, "answers")) == 7
    assert {k: v for k, v in dump(path, "meta") if k not in ("daily_goal", "upgraded_at")} == {
        **dict(meta), "schema_version": str(SCHEMA_VERSION)}
    assert ("daily_goal", "12") in dump(path, "meta")
    assert len(dump(path, "items")) == len(items)
    with History.open(path) as h:
        assert h.daily_goal() == 12 and h.count() == 7


def test_a_real_terminal_shows_the_streak_the_due_and_why_a_review_is_back(home):
    """Through a pseudo-terminal, as a learner sees it: the opening lines, a review with the
    day of its last miss just above it, and the goal after the summary."""
    pexpect = pytest.importorskip("pexpect")
    now = datetime.now(UTC)
    with History.open() as h:
        h.record(rec("7×8", False, now - timedelta(days=2), prompt="7 × 8"))
    missed = readable_day((now - timedelta(days=2)).astimezone().date(), now.astimezone().date())
    from tests.support.terminal import spawn

    child = spawn(home, "drill", "arith", "-l", "mul", "-n", "2", timeout=30)
    try:
        child.expect_exact("No streak yet: today starts one; 0 of 20 answers today.")
        child.expect_exact("1 due today in arith mul: reviews come every other puzzle.")
        child.expect_exact(">")
        child.sendline("1")
        child.expect_exact(f"review: missed {missed}")
        child.expect_exact("7 × 8")
        child.expect_exact(">")
        child.sendline("56")
        child.expect("right")
        child.expect_exact("Session summary")
        child.expect_exact("1-day streak; 2 of 20 answers today. 18 more to reach it.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
