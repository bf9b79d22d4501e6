"""Anki's habits: what is due and when (`stats --due`), puzzles a learner suspends (`suspend`,
`unsuspend`, never asked nor due nor weak while suspended), each learner's own; and the
history's schema 3 that keeps them, a schema-2 file upgraded without losing a row, or left
exactly as it was when the upgrade is cut off (an exception, or SIGKILL before the COMMIT).

Dates are injected where the code takes them; no test measures the time anything takes.
"""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from typer.testing import CliRunner

from solver.errors import TablecalcError
from trainer.classroom import record_answer, worksheet
from trainer.cli import app
from trainer.drills import make_drill
from trainer.history import APPLICATION_ID, SCHEMA_VERSION, History, item_ref
from trainer.reviews import due_list, suspend
from trainer.session import SessionOptions, _puzzles
from trainer.stats import compute_stats

UTC = timezone.utc
T0 = datetime(2025, 3, 3, 18, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
runner = CliRunner()


def answer(history, learner, fact: str, right: bool = True, *, at=T0, level="mul"):
    drill = make_drill("arith", level=level)
    puzzle = drill.from_situation(f"calculate {fact}")
    value = drill.situation_of(puzzle).value
    return record_answer(history, learner, drill, puzzle, str(value if right else value + 1), 2.0, at=at)


def key(fact: str, level: str = "mul") -> str:
    drill = make_drill("arith", level=level)
    return drill.from_situation(f"calculate {fact}").item


# ---------------------------------------------------------------- what is due, and when


def test_due_lists_the_weakest_first_then_the_days_ahead_per_learner(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        answer(h, "Léa", "7 × 8", right=False)
        answer(h, "Léa", "6 × 7")
        answer(h, "Léa", "2 × 3", at=T0 + timedelta(minutes=1))
        answer(h, "Sam", "9 × 9", right=False)
        lea = h.for_learner("Léa")
        cards = {s.item: s.due for s in lea.items()}
        now = T0 + timedelta(minutes=30)
        data = due_list(lea, now=now, days=30)
        due_now = [r["label"] for r in data["due_now"]]
        # every item due at `now` is listed, the missed one first, as a review session would ask them
        assert set(due_now) == {label for label, item in (("7 × 8", key("7 × 8")), ("6 × 7", key("6 × 7")),
                                                            ("2 × 3", key("2 × 3"))) if cards[item] <= now}
        assert due_now[0] == "7 × 8"
        assert all(r["ref"] == item_ref(r["item"]) for r in data["due_now"])
        # the rest come due on the days ahead (or later): every item is counted once
        assert len(data["due_now"]) + sum(u["items"] for u in data["upcoming"]) + data["later"] == 3
        assert "9 × 9" not in due_now  # Sam's
        assert [r["label"] for r in due_list(h.for_learner("Sam"), now=now)["due_now"]] == ["9 × 9"]


def test_a_suspended_puzzle_is_never_due_asked_weak_nor_on_a_worksheet_until_taken_back(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        for at in (T0, T0 + timedelta(days=1)):
            answer(h, "Léa", "7 × 8", right=False, at=at)
            answer(h, "Léa", "6 × 7", right=False, at=at)
        lea = h.for_learner("Léa")
        later = T0 + timedelta(days=3)
        assert {r["label"] for r in due_list(lea, now=later)["due_now"]} == {"7 × 8", "6 × 7"}
        done = suspend(lea, [item_ref(key("7 × 8"))[:5]])
        assert [(d.label, d.changed) for d in done] == [("7 × 8", True)]
        assert [(d.label, d.changed) for d in suspend(lea, [key("7 × 8")])] == [("7 × 8", False)]
        data = due_list(lea, now=later)
        assert [r["label"] for r in data["due_now"]] == ["6 × 7"]
        assert [r["label"] for r in data["suspended"]] == ["7 × 8"]
        assert lea.due("arith", "mul", later, 10) == [s.puzzle for s in lea.due_items("arith", "mul", later, 10)]
        assert [p["item"] for p in lea.due("arith", "mul", later, 10)] == [key("6 × 7")]
        stats = compute_stats(lea, now=later)
        assert [w["label"] for w in stats["weakest"]] == ["6 × 7"] and stats["suspended"] == 1
        assert stats["due_now"] == 1
        sheet = worksheet(lea, "Léa", 5, random.Random(1), now=later)
        assert "7 × 8" not in [q for q, _a in sheet.pairs]
        # its answers and card are kept as they were
        assert [s.answers for s in lea.items() if s.item == key("7 × 8")] == [2]
        # Sam's 7 × 8 is Sam's own
        answer(h, "Sam", "7 × 8", right=False)
        assert h.for_learner("Sam").suspended() == []
        suspend(lea, [item_ref(key("7 × 8"))], undo=True)
        assert {r["label"] for r in due_list(lea, now=later)["due_now"]} == {"7 × 8", "6 × 7"}
        assert lea.suspended() == []


def test_a_drill_never_deals_a_suspended_puzzle(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        drill = make_drill("arith", level="mul")
        rng = random.Random(3)
        dealt = [drill.generate(rng).item for _ in range(40)]
        for item in set(dealt):
            answer(h, "Léa", "2 × 2")  # the learner exists
        lea = h.for_learner("Léa")
        common = max(set(dealt), key=dealt.count)
        fact = drill.sheet_line(common)[0]
        answer(h, "Léa", fact, right=False)
        lea.suspend(common)
        opts = SessionOptions(count=None, seed=3, review=False)
        source = _puzzles(drill, opts, lea, random.Random(3))
        asked = [next(source)[0].item for _ in range(40)]
        assert common not in asked and len(asked) == 40


def test_suspending_refuses_in_one_line_what_it_cannot_name(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        lea = h.for_learner("Léa")
        with pytest.raises(TablecalcError, match="answered no puzzle yet"):
            suspend(lea, [], last=True)
        answer(h, "Léa", "7 × 8")
        with pytest.raises(TablecalcError, match=r"no puzzle 'zz' in the history of Léa: .* like "):
            suspend(lea, ["zz"])
        with pytest.raises(TablecalcError, match="name the puzzles to suspend"):
            suspend(lea, [])
        with pytest.raises(TablecalcError, match="no puzzle"):
            lea.suspend("arith:mul:1*1")
        assert [d.label for d in suspend(lea, [], last=True)] == ["7 × 8"]


# ---------------------------------------------------------------- the schema, upgraded without a loss


def schema2(path: Path) -> Path:
    """A history in schema 2 exactly as the tablecalc before suspensions wrote it."""
    db = sqlite3.connect(path)
    db.executescript((DATA / "history_schema2.sql").read_text("utf-8"))
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.commit()
    db.execute("PRAGMA journal_mode = WAL")
    db.close()
    return path


def dump(path: Path) -> dict:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        out = {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}
        out["schema"] = db.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
        return out
    finally:
        db.close()


def test_a_schema_2_history_is_read_as_it_stands_then_upgraded_keeping_every_row(tmp_path):
    path = schema2(tmp_path / "h.sqlite3")
    before = dump(path)
    with History.open(path, read_only=True) as h:
        assert h.learners() == ["", "Léa"] and h.for_learner("Léa").daily_goal() == 15
        assert h.for_learner("Léa").suspended() == [] and len(h.for_learner("Léa").items()) == 2
        stats_before = {name: compute_stats(h.for_learner(name), now=T0 + timedelta(days=3)) for name in ("", "Léa")}
    assert dump(path) == before  # reading wrote nothing
    with History.open(path) as h:
        assert {name: compute_stats(h.for_learner(name), now=T0 + timedelta(days=3))
                for name in ("", "Léa")} == {name: {**s, "history": s["history"]} for name, s in stats_before.items()}
        assert h.for_learner("Léa").rounds("arith", "mul", "zetamac", 120) != []
        h.for_learner("Léa").suspend(h.for_learner("Léa").items()[0].item)
    after = dump(path)
    for table in ("answers", "rounds", "learners"):
        assert after[table] == before[table]
    assert [row[:-1] for row in after["items"]] == before["items"]  # suspended_at added last
    assert sum(row[-1] is not None for row in after["items"]) == 1
    meta = dict(after["meta"])
    assert meta["schema_version"] == str(SCHEMA_VERSION) == "3" and "upgraded_at" in meta
    with History.open(tmp_path / "new.sqlite3"):
        pass
    new = dump(tmp_path / "new.sqlite3")["schema"]
    assert [s for s in after["schema"] if s[0] != "table" or s[1] != "items"] == \
        [s for s in new if s[0] != "table" or s[1] != "items"]


def test_an_upgrade_from_schema_2_cut_off_before_its_commit_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    import trainer.history as history

    path = schema2(tmp_path / "h.sqlite3")
    before = dump(path)
    upgrade = history._upgrade_from_2

    def upgrade_then_fail(db):
        upgrade(db)
        raise RuntimeError("the power went out")

    monkeypatch.setattr(history, "_upgrade_from_2", upgrade_then_fail)
    with pytest.raises(RuntimeError):
        History.open(path)
    assert dump(path) == before
    monkeypatch.setattr(history, "_upgrade_from_2", upgrade)
    with History.open(path) as h:
        assert h.count() == 2 and h.for_learner("Léa").count() == 3


KILLED = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, {root!r})
    import trainer.history as history
    upgrade = history._upgrade_from_2

    def upgrade_then_die(db):
        upgrade(db)
        print("upgraded, not committed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    history._upgrade_from_2 = upgrade_then_die
    history.History.open(sys.argv[1])
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_tablecalc_killed_mid_upgrade_from_schema_2_loses_nothing(tmp_path):
    path = schema2(tmp_path / "h.sqlite3")
    before = dump(path)
    script = tmp_path / "killed.py"
    script.write_text(KILLED.format(root=str(ROOT)))
    p = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True, timeout=60)
    assert p.returncode == -signal.SIGKILL and "upgraded, not committed" in p.stdout, p.stderr
    with History.open(path) as h:  # a writer rolls the cut-off write back, then upgrades whole
        assert h.count() == 2 and h.for_learner("Léa").count() == 3
    after = dump(path)
    assert after["answers"] == before["answers"] and [r[:-1] for r in after["items"]] == before["items"]
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchall() == [("ok",)]


# ---------------------------------------------------------------- on the command line


def test_stats_due_suspend_and_unsuspend_on_the_command_line(home):
    with History.open() as h:
        answer(h, "Léa", "7 × 8", right=False, at=datetime.now(UTC) - timedelta(days=2))
        answer(h, "Léa", "6 × 7", right=False, at=datetime.now(UTC) - timedelta(days=2))
    r = runner.invoke(app, ["stats", "--due", "--learner", "léa"])
    assert r.exit_code == 0, r.output
    assert "2 puzzles due for review now" in r.output and item_ref(key("7 × 8")) in r.output
    r = runner.invoke(app, ["suspend", item_ref(key("7 × 8")), "--learner", "Léa"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith(f"Suspended {item_ref(key('7 × 8'))} (7 × 8)")
    r = runner.invoke(app, ["stats", "--due", "--learner", "Léa", "--json"])
    data = json.loads(r.output)
    assert [x["label"] for x in data["due_now"]] == ["6 × 7"] and [x["label"] for x in data["suspended"]] == ["7 × 8"]
    r = runner.invoke(app, ["--lang", "fr", "stats", "--due", "--learner", "Léa"])
    assert r.exit_code == 0 and "suspendu" in r.output, r.output
    r = runner.invoke(app, ["unsuspend", "--last", "--learner", "Léa"])
    assert r.exit_code == 0 and "(6 × 7) was not suspended" in r.output, r.output
    r = runner.invoke(app, ["unsuspend", item_ref(key("7 × 8"))[:4], "--learner", "Léa"])
    assert r.exit_code == 0 and "Taken back" in r.output, r.output
    for args, message in ((["suspend", "--learner", "Léa", "nope"], "no puzzle 'nope'"),
                          (["suspend", "--learner", "Léa"], "name the puzzles"),
                          (["stats", "--due", "--class"], "--class shows every learner: leave out --due"),
                          (["stats", "--due", "--facts", "mul"], "--due lists the reviews")):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and message in r.output and len(r.output.strip().splitlines()) == 1, r.output
