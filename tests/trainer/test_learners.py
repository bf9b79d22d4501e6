"""Several learners in one history: names as a child types them, each learner's own answers,
cards, rounds and goal, the upgrade of a schema-1 file (whole, or not at all), a read-only look
at an old file, and thirty learners answering at once without losing an answer.

Dates are injected; no test measures the time anything takes.
"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import TablecalcError
from trainer.history import (APPLICATION_ID, DEFAULT_DAILY_GOAL, SCHEMA_VERSION, AnswerRecord, History, Round,
                             learner_key, learner_name)
from trainer.stats import compute_stats

UTC = timezone.utc
T0 = datetime(2025, 3, 3, 18, 0, tzinfo=UTC)  # a Monday
ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def rec(item, correct=True, at=T0, *, level="mul", seconds=2.0, reference=6.0, session="s"):
    return AnswerRecord(drill="arith", level=level, item=f"arith:{level}:{item}",
                        puzzle={"item": f"arith:{level}:{item}", "prompt": item.replace("×", " × ")},
                        answer="x", correct=correct, verdict={}, penalty=0, seconds=seconds,
                        reference_seconds=reference, session=session, at=at)


def rows(path: Path, sql: str) -> list:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


# ---------------------------------------------------------------- names


@pytest.mark.parametrize("typed, kept", [
    ("Léa", "Léa"), ("  Léa  ", "Léa"), ("Jean   Paul", "Jean Paul"), ("Zoë-Jane", "Zoë-Jane"),
    ("O'Neil", "O'Neil"), ("O\u2019Neil", "O\u2019Neil"), ("Sam B.", "Sam B."), ("Ana 2", "Ana 2"), ("7", "7"),
    ("小明", "小明"), ("Алёна", "Алёна"), ("محمد", "محمد"), ("अनु", "अनु"),
    ("Le\u0301a", "Léa"),  # an accent typed as two characters is the same name
    ("x" * 40, "x" * 40),
])
def test_a_name_a_child_types_is_kept_as_typed(typed, kept):
    assert learner_name(typed) == kept


@pytest.mark.parametrize("typed, why", [
    ("", "no learner name"), ("   ", "no learner name"), ("x" * 41, "41 characters"), ("sam_b", "'_'"),
    ("Léa!", "'!'"), ("a/b", "'/'"), ("Léa 😀", "'😀'"), ("tab\there", None), ("new\nline", None),
    ("nul\x00", "U+0000"), ("--", "no letter or digit"), ("'.'", "no letter or digit"), (None, None), (7, None),
])
def test_anything_else_is_refused_in_one_line_saying_what_is_expected(typed, why):
    with pytest.raises(TablecalcError) as e:
        learner_name(typed)
    message = str(e.value)
    assert "\n" not in message and "expected 1 to 40 letters, digits, spaces" in message
    if why:
        assert why in message


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=50))
def test_any_text_is_a_tidy_name_or_one_line_saying_what_is_expected(text):
    try:
        name = learner_name(text)
    except TablecalcError as e:
        assert "\n" not in str(e) and "expected 1 to 40 letters" in str(e)
        return
    assert 1 <= len(name) <= 40 and name == name.strip() and "  " not in name
    assert learner_name(name) == name and learner_key(name) == learner_key(learner_key(name))


def test_names_that_differ_only_in_case_are_one_learner():
    assert learner_key("Léa") == learner_key("LÉA") == learner_key("léa") == learner_key(learner_name("Le\u0301a"))
    assert learner_key("O\u2019Neil") == learner_key("o'neil")
    assert learner_key("Lea") != learner_key("Léa")


def test_a_learner_is_shown_as_first_typed_and_found_in_any_case(tmp_path):
    path = tmp_path / "h.sqlite3"
    with History.open(path, learner="Léa") as h:
        h.record(rec("7×8"))
    with History.open(path, learner="LÉA") as h:
        assert h.learner == "Léa" and h.count() == 1
        h.record(rec("7×8", at=T0 + timedelta(minutes=1)))
        assert h.add_learner("léa") == "Léa" and h.add_learner("  zoé ") == "zoé"
        assert h.learners() == ["Léa", "zoé"] and h.has_learner("ZOÉ") and not h.has_learner("Zoe")
    assert rows(path, "SELECT key, name FROM learners ORDER BY key") == [("léa", "Léa"), ("zoé", "zoé")]


def test_a_bad_name_is_refused_before_the_file_is_touched(tmp_path):
    path = tmp_path / "h.sqlite3"
    with pytest.raises(TablecalcError, match="learner name"):
        History.open(path, learner="a_b")
    assert not path.exists()


# ---------------------------------------------------------------- each learner's own


def test_each_learner_has_their_own_answers_cards_rounds_and_goal(tmp_path):
    path = tmp_path / "h.sqlite3"
    with History.open(path) as default:
        lea, sam = default.for_learner("Léa"), default.for_learner("Sam")
        lea.record(rec("7×8", correct=False))
        sam.record(rec("7×8"))
        sam.record(rec("6×9", at=T0 + timedelta(minutes=1)))
        default.record(rec("2×2", at=T0 + timedelta(minutes=2)))
        lea.record_round(Round("arith", "mul", "zetamac", 120, 31, "s", T0))
        lea.set_daily_goal(5)
        sam.set_daily_goal(0)
        assert (default.count(), lea.count(), sam.count()) == (1, 1, 2)
        # one item, two cards: Léa's missed 7 × 8 is due again soon, Sam's much later
        (lea_card,) = lea.items()
        sam_card = next(s for s in sam.items() if s.item == "arith:mul:7×8")
        assert lea_card.wrong == 1 and sam_card.wrong == 0 and lea_card.due < sam_card.due
        assert [p["item"] for p in lea.due("arith", "mul", T0 + timedelta(hours=1), 5)] == ["arith:mul:7×8"]
        assert sam.due("arith", "mul", T0 + timedelta(hours=1), 5) == []
        assert lea.rounds("arith", "mul", "zetamac", 120)[0].score == 31
        assert sam.rounds("arith", "mul", "zetamac", 120) == default.rounds("arith", "mul", "zetamac", 120) == []
        assert (default.daily_goal(), lea.daily_goal(), sam.daily_goal()) == (DEFAULT_DAILY_GOAL, 5, 0)
        assert [o.item for o in lea.outcomes()] == ["arith:mul:7×8"]
        assert set(lea.last_seen(["arith:mul:7×8", "arith:mul:6×9"])) == {"arith:mul:7×8"}
        assert lea.count_between(T0, T0 + timedelta(days=1)) == 1 and len(sam.practice_times()) == 2
        assert default.learners() == ["", "Léa", "Sam"]
    assert compute_stats(History.open(path, read_only=True, learner="sam"), now=T0)["answers"] == 2


def test_learners_are_listed_alphabetically_accents_and_case_aside(tmp_path):
    with History.open(tmp_path / "h.sqlite3") as h:
        for name in ("zoé", "Émile", "adam", "Élodie", "Bob"):
            h.add_learner(name)
        assert h.learners() == ["adam", "Bob", "Élodie", "Émile", "zoé"]  # no answers without a name: no ""


def test_a_read_only_history_refuses_to_write_for_any_learner(tmp_path):
    path = tmp_path / "h.sqlite3"
    with History.open(path, learner="Léa") as h:
        h.record(rec("7×8"))
    with History.open(path, read_only=True, learner="Léa") as h:
        assert h.count() == 1
        for write in (lambda: h.record(rec("7×9")), lambda: h.set_daily_goal(3), lambda: h.add_learner("Sam"),
                      lambda: h.record_round(Round("arith", "mul", "zetamac", 120, 3, "s", T0))):
            with pytest.raises(TablecalcError, match="read-only"):
                write()


# ---------------------------------------------------------------- a history in schema 1


def old_history(path: Path, *, wal: bool = True) -> Path:
    """A history in schema 1 exactly as an older tablecalc wrote it (in WAL mode, as it left every
    history it opened)."""
    db = sqlite3.connect(path)
    db.executescript((DATA / "history_schema1.sql").read_text("utf-8"))
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.commit()
    if wal:
        db.execute("PRAGMA journal_mode = WAL")
    db.close()
    return path


def snapshot(path: Path) -> dict:
    """Every row of every table, and the schema version: what an interrupted upgrade must leave as it was."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        out = {t: db.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in tables}
        out["schema"] = db.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
        return out
    finally:
        db.close()


def test_an_old_history_is_read_as_it_stands_when_read_only(tmp_path):
    path = old_history(tmp_path / "h.sqlite3")
    before = snapshot(path)
    with History.open(path, read_only=True) as h:
        assert h.count() == 6 and h.learners() == [""] and h.daily_goal() == DEFAULT_DAILY_GOAL
        assert len(h.items()) == 4 and h.rounds("arith", "mul", "zetamac", 120) == []
        assert compute_stats(h, now=T0 + timedelta(days=1))["weakest"][0]["label"] == "7 × 8"
        assert h.for_learner("Léa").count() == 0
    assert snapshot(path) == before


@pytest.mark.parametrize("wal", [True, False], ids=["wal", "rollback-journal"])
def test_an_old_history_is_upgraded_when_opened_for_writing_and_loses_nothing(tmp_path, wal):
    path = old_history(tmp_path / "h.sqlite3", wal=wal)
    with History.open(path, read_only=True) as h:
        stats_before = compute_stats(h, now=T0 + timedelta(days=1))
    answers, items = rows(path, "SELECT * FROM answers ORDER BY id"), rows(path, "SELECT rowid, * FROM items")
    with History.open(path) as h:
        assert compute_stats(h, now=T0 + timedelta(days=1)) == stats_before
        assert h.learners() == [""]
    assert rows(path, "SELECT value FROM meta WHERE key = 'schema_version'") == [(str(SCHEMA_VERSION),)]
    assert rows(path, "SELECT * FROM answers ORDER BY id") == [(*a, "") for a in answers]
    assert rows(path, f"SELECT rowid, item, drill, level, puzzle, card, due, answers, wrong, lapses, last_at, learner"
                      " FROM items") == [(*i, "") for i in items]
    assert rows(path, "PRAGMA integrity_check") == [("ok",)]
    # the upgraded file has the very tables and indexes of a new one
    with History.open(tmp_path / "new.sqlite3"):
        pass
    assert shape(path) == shape(tmp_path / "new.sqlite3")


def shape(path: Path) -> dict:
    """Each table's columns (name, type, not null, default, key) and each index's columns."""
    db = sqlite3.connect(path)
    try:
        names = db.execute("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall()
        return {(kind, name): db.execute(f"PRAGMA {'table_info' if kind == 'table' else 'index_info'}({name})").fetchall()
                for kind, name, _table in names}
    finally:
        db.close()


@pytest.mark.parametrize("wal", [True, False], ids=["wal", "rollback-journal"])
def test_an_upgrade_cut_off_before_its_commit_leaves_the_old_file_as_it_was(tmp_path, monkeypatch, wal):
    import trainer.history as history

    path = old_history(tmp_path / "h.sqlite3", wal=wal)
    before = snapshot(path)
    upgrade = history._upgrade_from_1

    def upgrade_then_fail(db, tables):
        upgrade(db, tables)  # every step done, the COMMIT not yet
        raise RuntimeError("the power went out")

    monkeypatch.setattr(history, "_upgrade_from_1", upgrade_then_fail)
    with pytest.raises(RuntimeError):
        History.open(path)
    assert snapshot(path) == before
    with History.open(path, read_only=True) as h:
        assert h.count() == 6
    monkeypatch.setattr(history, "_upgrade_from_1", upgrade)
    with History.open(path) as h:  # the next try upgrades it whole
        assert h.count() == 6
    assert rows(path, "SELECT value FROM meta WHERE key = 'schema_version'") == [(str(SCHEMA_VERSION),)]


KILLED = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, {root!r})
    import trainer.history as history
    upgrade = history._upgrade_from_1

    def upgrade_then_die(db, tables):
        upgrade(db, tables)
        print("upgraded, not committed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    history._upgrade_from_1 = upgrade_then_die
    db = history.History.open(sys.argv[1])
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("wal", [True, False], ids=["wal", "rollback-journal"])
def test_a_tablecalc_killed_mid_upgrade_leaves_the_old_file_intact(tmp_path, wal):
    path = old_history(tmp_path / "h.sqlite3", wal=wal)
    before = snapshot(path)
    script = tmp_path / "killed.py"
    script.write_text(KILLED.format(root=str(ROOT)))
    p = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True, timeout=60)
    assert p.returncode == -signal.SIGKILL and "upgraded, not committed" in p.stdout, p.stderr
    # the unfinished write was never committed: a reader sees the old file (or, had part of it
    # reached the file, refuses: see the next test), and the file as SQLite reads it is unchanged
    with History.open(path, read_only=True) as h:
        assert h.count() == 6 and h.learners() == [""]
    assert snapshot(path) == before
    with History.open(path, learner="Léa") as h:
        assert h.for_learner(None).count() == 6
        h.record(rec("7×8", at=T0 + timedelta(days=2)))
    assert rows(path, "SELECT learner, COUNT(*) FROM answers GROUP BY learner") == [("", 6), ("léa", 1)]
    assert rows(path, "PRAGMA integrity_check") == [("ok",)]


HALF_WRITE = textwrap.dedent("""
    import os, signal, sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA cache_size = 1")  # so that the write spills into the file before its COMMIT
    db.execute("BEGIN IMMEDIATE")
    db.execute("UPDATE answers SET answer = 'half'")
    os.kill(os.getpid(), signal.SIGKILL)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_reader_never_reads_half_a_write(tmp_path):
    """A writer killed in the middle of a big write, in the rollback-journal mode of a file not yet
    in WAL: part of the write is in the file, its journal beside it. A reader that may not write
    cannot undo it, so it refuses (it used to read the file as it stood); a writer undoes it."""
    path = old_history(tmp_path / "h.sqlite3", wal=False)
    db = sqlite3.connect(path)
    db.executemany("INSERT INTO answers (at, session, drill, level, item, puzzle, answer, correct, verdict, penalty,"
                   " seconds, reference_seconds, rating) VALUES (?, 's', 'arith', 'add', 'arith:add:1+1', ?, '2', 1,"
                   " '{}', 0, 1.0, 6.0, 3)",
                   [(f"2025-03-05T10:{i // 60:02d}:{i % 60:02d}.000000+00:00", "{\"x\": \"" + "p" * 400 + "\"}")
                    for i in range(2000)])
    db.commit()
    db.close()
    script = tmp_path / "half.py"
    script.write_text(HALF_WRITE)
    p = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True, timeout=60)
    assert p.returncode == -signal.SIGKILL, p.stderr
    assert Path(f"{path}-journal").exists()
    with pytest.raises(TablecalcError, match="middle of a write.*run any tablecalc drill once"):
        History.open(path, read_only=True)
    with History.open(path) as h:  # a writer undoes the cut-off write, then upgrades the file
        assert h.count() == 2006 and {a.answer for a in h.answers()} == {"1", "2"}


def test_a_history_from_a_newer_tablecalc_is_still_refused(tmp_path):
    path = tmp_path / "h.sqlite3"
    with History.open(path):
        pass
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()
    for read_only in (False, True):
        with pytest.raises(TablecalcError, match=rf"newer tablecalc \(history schema {SCHEMA_VERSION + 1}, "
                                                 rf"this one reads {SCHEMA_VERSION}\)"):
            History.open(path, read_only=read_only)


def test_a_schema_2_history_without_its_learners_is_called_damaged(tmp_path):
    path = tmp_path / "h.sqlite3"
    with History.open(path):
        pass
    db = sqlite3.connect(path)
    db.execute("DROP TABLE learners")
    db.commit()
    db.close()
    with pytest.raises(TablecalcError, match="damaged tablecalc history .missing learners"):
        History.open(path)


# ---------------------------------------------------------------- thirty learners at once


def test_thirty_learners_answering_at_once_through_one_file_lose_no_answer(tmp_path):
    """As a web server would: one connection per thread, each learner answering at the same time
    (the file does not exist yet, so they also race to create it)."""
    path = tmp_path / "class.sqlite3"
    learners, each = 30, 8
    start = threading.Barrier(learners)
    errors = []

    def pupil(k: int) -> None:
        try:
            start.wait()
            with History.open(path, learner=f"Pupil {k}") as h:
                for i in range(each):
                    h.record(rec(f"{k % 12 + 1}×{i + 2}", correct=i % 3 != 0, at=T0 + timedelta(seconds=i),
                                 session=f"p{k}"))
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=pupil, args=(k,)) for k in range(learners)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert rows(path, "SELECT COUNT(*), COUNT(DISTINCT learner) FROM answers") == [(learners * each, learners)]
    assert rows(path, "SELECT SUM(answers) FROM items") == [(learners * each,)]  # every answer moved its card
    with History.open(path, read_only=True) as h:
        assert len(h.learners()) == learners
        assert all(h.for_learner(f"pupil {k}").count() == each for k in range(learners))


def test_threads_sharing_one_history_lose_no_answer(tmp_path):
    path = tmp_path / "class.sqlite3"
    with History.open(path) as shared:
        def pupil(k: int) -> None:
            me = shared.for_learner(f"Pupil {k}")
            for i in range(5):
                me.record(rec(f"{i + 2}×{k + 2}", at=T0 + timedelta(seconds=i)))

        threads = [threading.Thread(target=pupil, args=(k,)) for k in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [shared.for_learner(f"Pupil {k}").count() for k in range(10)] == [5] * 10
    assert rows(path, "SELECT COUNT(*) FROM answers") == [(50,)] and rows(path, "SELECT SUM(answers) FROM items") == [(50,)]


PUPIL = textwrap.dedent("""
    import sys
    from datetime import datetime, timezone
    sys.path.insert(0, {root!r})
    from trainer.history import AnswerRecord, History
    path, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with History.open(path, learner=name) as h:
        for i in range(n):
            h.record(AnswerRecord(drill="arith", level="add", item=f"arith:add:{{i}}+{{i}}", puzzle={{}}, answer="0",
                                  correct=True, verdict={{}}, penalty=0, seconds=1.0, reference_seconds=6.0,
                                  session=name, at=datetime.now(timezone.utc)))
""")


def test_several_processes_for_several_learners_lose_no_answer(tmp_path):
    path = old_history(tmp_path / "class.sqlite3")  # and the first of them upgrades it, once
    script = tmp_path / "pupil.py"
    script.write_text(PUPIL.format(root=str(ROOT)))
    procs = [subprocess.Popen([sys.executable, str(script), str(path), name, "10"], stderr=subprocess.PIPE, text=True)
             for name in ("Léa", "Sam", "Ana", "Noor")]
    for p in procs:
        assert p.wait(timeout=120) == 0, p.stderr.read()
    assert rows(path, "SELECT learner, COUNT(*) FROM answers GROUP BY learner ORDER BY learner") == [
        ("", 6), ("ana", 10), ("léa", 10), ("noor", 10), ("sam", 10)]
    assert rows(path, "PRAGMA integrity_check") == [("ok",)]
    assert rows(path, "SELECT value FROM meta WHERE key = 'schema_version'") == [(str(SCHEMA_VERSION),)]
