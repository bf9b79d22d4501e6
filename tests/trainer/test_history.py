"""The progress history: records, FSRS scheduling, concurrent trainers, crashes, foreign files."""

import json
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import fsrs
import platformdirs
import pytest
from fsrs import Rating

from solver.errors import TablecalcError
from trainer.history import APPLICATION_ID, SCHEMA_VERSION, AnswerRecord, History, default_path, rate

T0 = datetime(2025, 3, 1, 18, 0, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """TABLECALC_HOME in a temporary folder (never the real user directory)."""
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def answer(item="3-bee|2 5 6 10", *, correct=True, seconds=3.0, reference=10.0, at=T0, drill="nambarz",
           level="basic", penalty=0, session="s1", given="6÷2"):
    return AnswerRecord(
        drill=drill, level=level, item=f"{drill}:{level}:{item}",
        puzzle={"game": drill, "preset": level, "hand": item.split("|")[-1].split(), "target": item.split("|")[0]},
        answer=given, correct=correct, verdict={"correct": correct, "violations": [] if correct else ["wrong-result"]},
        penalty=penalty, seconds=seconds, reference_seconds=reference, session=session, at=at,
    )


def integrity(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return db.execute("PRAGMA integrity_check").fetchone()[0]


def card_answer_totals(path: Path) -> tuple[int, int]:
    """(answers rows, sum of the items' answer counts): equal when every answer updated its card."""
    with sqlite3.connect(path) as db:
        return (db.execute("SELECT COUNT(*) FROM answers").fetchone()[0],
                db.execute("SELECT COALESCE(SUM(answers), 0) FROM items").fetchone()[0])


# ---------------------------------------------------------------- where the file lives


def test_default_path_follows_tablecalc_home(home):
    assert default_path() == home / "history.sqlite3"


def test_default_path_is_the_user_data_dir_without_tablecalc_home(monkeypatch):
    monkeypatch.delenv("TABLECALC_HOME", raising=False)
    expected = Path(platformdirs.user_data_dir("tablecalc", appauthor=False)) / "history.sqlite3"
    assert default_path() == expected


def test_open_creates_folders_schema_and_wal(home):
    with History.open() as h:
        assert h.path == home / "history.sqlite3" and h.count() == 0
    with sqlite3.connect(home / "history.sqlite3") as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        meta = dict(db.execute("SELECT key, value FROM meta"))
    assert meta["schema_version"] == str(SCHEMA_VERSION) and meta["application"] == "tablecalc-history"


# ---------------------------------------------------------------- recording


def test_record_count_and_answers_round_trip(home):
    recs = [answer("3-bee|2 5 6 10"), answer("5|9 8 2", correct=False, penalty=3, at=T0 + timedelta(seconds=30)),
            answer("8|1 2 3 4", seconds=12.5, at=T0 + timedelta(minutes=1), given="")]
    with History.open() as h:
        for r in recs:
            h.record(r)
        assert h.count() == 3
    with History.open() as h:  # a second process's view: everything was committed
        assert h.count() == 3
        assert h.answers() == recs
        assert h.answers("nambarz", "basic") == recs and h.answers("arith") == []


def test_record_stores_times_in_utc(home):
    paris = timezone(timedelta(hours=1))
    with History.open() as h:
        h.record(answer(at=datetime(2025, 3, 1, 19, 0, tzinfo=paris)))
        (back,) = h.answers()
    assert back.at == T0 and back.at.tzinfo == timezone.utc


def test_answer_record_rejects_what_the_history_cannot_use():
    with pytest.raises(ValueError, match="timezone-aware"):
        answer(at=datetime(2025, 3, 1, 18, 0))
    with pytest.raises(ValueError, match="reference_seconds"):
        answer(reference=0)
    with pytest.raises(ValueError, match="seconds"):
        answer(seconds=-1)
    with pytest.raises(ValueError, match="penalty"):
        answer(penalty=-3)


@pytest.mark.parametrize("interrupt", [RuntimeError("boom"), KeyboardInterrupt()])
def test_a_failure_inside_record_keeps_earlier_answers_and_leaves_no_half_answer(home, monkeypatch, interrupt):
    with History.open() as h:
        h.record(answer("a|1 2"))
        real = fsrs.Card.to_dict

        def failing(self, *a, **k):  # fails after the answer row is inserted, before the card is saved
            raise interrupt

        monkeypatch.setattr(fsrs.Card, "to_dict", failing)
        with pytest.raises(type(interrupt)):
            h.record(answer("b|3 4", at=T0 + timedelta(minutes=1)))
        monkeypatch.setattr(fsrs.Card, "to_dict", real)
        assert h.count() == 1
        h.record(answer("c|5 6", at=T0 + timedelta(minutes=2)))  # not stuck in a transaction
        assert h.count() == 2
    assert card_answer_totals(home / "history.sqlite3") == (2, 2)


# ---------------------------------------------------------------- rating and scheduling


@pytest.mark.parametrize("correct, seconds, expected", [
    (False, 1.0, Rating.Again),
    (False, 100.0, Rating.Again),
    (True, 0.0, Rating.Easy),
    (True, 5.0, Rating.Easy),      # exactly half the reference time
    (True, 5.01, Rating.Good),
    (True, 10.0, Rating.Good),     # exactly the reference time
    (True, 10.01, Rating.Hard),
    (True, 60.0, Rating.Hard),
])
def test_rating_rules(correct, seconds, expected):
    assert rate(correct, seconds, 10.0) == expected


def test_rating_needs_a_reference_time():
    with pytest.raises(ValueError):
        rate(True, 1.0, 0)


def test_a_wrong_answer_comes_back_sooner_than_a_right_one(home):
    with History.open() as h:
        h.record(answer("wrong|1 2", correct=False))
        h.record(answer("slow|1 2", seconds=15))
        h.record(answer("good|1 2", seconds=8))
        h.record(answer("fast|1 2", seconds=2))
        due = {s.item.split(":")[-1]: s.due - T0 for s in h.items()}
    assert due["wrong|1 2"] < due["slow|1 2"] <= due["good|1 2"] < due["fast|1 2"]
    assert due["wrong|1 2"] <= timedelta(minutes=1) and due["fast|1 2"] >= timedelta(days=1)


def test_due_returns_the_stored_puzzles_of_that_drill_and_level_only(home):
    rec = answer("wrong|1 2", correct=False)
    with History.open() as h:
        h.record(rec)
        h.record(answer("right|3 4", seconds=2))
        h.record(answer("other|5 6", correct=False, level="parentheses"))
        assert h.due("nambarz", "basic", T0, limit=10) == []  # nothing is due at the moment of answering
        soon = T0 + timedelta(minutes=5)
        assert h.due("nambarz", "basic", soon, limit=10) == [rec.puzzle]
        later = T0 + timedelta(days=60)
        assert len(h.due("nambarz", "basic", later, limit=10)) == 2
        assert len(h.due("nambarz", "basic", later, limit=1)) == 1
        assert h.due("nambarz", "basic", later, limit=0) == []
        assert h.due("arith", "basic", later, limit=10) == []


def test_due_puts_the_weakest_first(home):
    with History.open() as h:
        # Same day: every card is fully retrievable, so lapses decide, then how overdue.
        h.record(answer("lapsed|1", seconds=1))                                   # Easy: learnt (Review)
        h.record(answer("lapsed|1", correct=False, at=T0 + timedelta(days=30)))  # forgotten: a lapse, due +10 min
        h.record(answer("new-miss|2", correct=False, at=T0 + timedelta(days=30)))  # never learnt: due +1 min
        now = T0 + timedelta(days=30, hours=1)
        states = h.due_items("nambarz", "basic", now, limit=5)
        assert [s.item.split(":")[-1] for s in states] == ["lapsed|1", "new-miss|2"]
        assert states[0].lapses == 1 and states[1].lapses == 0
        # Weeks later: the item with the weaker memory (lower retrievability) comes first.
        h.record(answer("shaky|3", seconds=9, at=T0 + timedelta(days=31)))   # Good: short stability
        h.record(answer("solid|4", seconds=1, at=T0 + timedelta(days=31)))   # Easy: long stability
        now = T0 + timedelta(days=120)
        states = {s.item.split(":")[-1]: s for s in h.due_items("nambarz", "basic", now, limit=10)}
        ordered = [s.item.split(":")[-1] for s in h.due_items("nambarz", "basic", now, limit=10)]
        assert ordered.index("shaky|3") < ordered.index("solid|4")
        assert states["shaky|3"].retrievability(now) < states["solid|4"].retrievability(now)


def test_an_answer_stamped_before_the_last_review_does_not_break_the_card(home):
    with History.open() as h:
        h.record(answer("x|1", at=T0 + timedelta(hours=1)))
        h.record(answer("x|1", correct=False, at=T0))  # a second trainer's clock was behind
        (state,) = h.items()
    assert state.answers == 2 and state.wrong == 1 and state.due >= T0 + timedelta(hours=1)


# ---------------------------------------------------------------- two trainers at once


def test_two_histories_on_one_file_keep_every_answer(home):
    with History.open() as a, History.open() as b:
        for i in range(10):
            a.record(answer(f"{i % 3}|1", at=T0 + timedelta(seconds=i), session="a"))
            b.record(answer(f"{i % 3}|1", correct=i % 2 == 0, at=T0 + timedelta(seconds=i), session="b"))
        assert a.count() == b.count() == 20
    assert card_answer_totals(home / "history.sqlite3") == (20, 20)


def test_a_writer_waits_for_another_trainer_instead_of_failing(home):
    with History.open() as h:
        h.record(answer("a|1"))
        other = sqlite3.connect(h.path, isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")  # another trainer in the middle of its own write
        other.execute("INSERT INTO meta (key, value) VALUES ('other', 'x')")
        threading.Timer(0.4, lambda: other.execute("COMMIT")).start()
        started = time.monotonic()
        h.record(answer("b|2", at=T0 + timedelta(minutes=1)))
        assert time.monotonic() - started >= 0.3
        assert h.count() == 2
        other.close()


CHILD = textwrap.dedent("""
    import sys, time
    from datetime import datetime, timedelta, timezone
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from trainer.history import AnswerRecord, History
    path, who, start, n = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    while time.time() < start:
        time.sleep(0.001)
    h = History.open(path)
    i = 0
    while n < 0 or i < n:
        h.record(AnswerRecord(drill="arith", level="add", item=f"arith:add:{{i % 4}}", puzzle={{"i": i}},
                              answer=str(i), correct=i % 3 != 0, verdict={{}}, penalty=0, seconds=1.0,
                              reference_seconds=4.0, session=who, at=datetime.now(timezone.utc)))
        i += 1
        print(i, flush=True)
    if sys.argv[5] == "exit":
        os_exit = __import__("os")._exit
        os_exit(1)  # no close, no cleanup: like a crash
    h.close()
""")


def child(tmp_path, path, who, n, end="close", start=0.0, **kw):
    script = tmp_path / "child.py"
    if not script.exists():
        script.write_text(CHILD.format(root=str(ROOT)))
    return subprocess.Popen([sys.executable, str(script), str(path), who, str(start), str(n), end],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def test_several_processes_writing_at_once_keep_every_answer(home, tmp_path):
    path = home / "history.sqlite3"  # does not exist yet: the processes also race to create it
    start = time.time() + 0.5
    procs = [child(tmp_path, path, f"p{k}", 15, start=start) for k in range(4)]
    for p in procs:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
    assert integrity(path) == "ok"
    assert card_answer_totals(path) == (60, 60)
    with History.open(path) as h:
        sessions = [a.session for a in h.answers()]
    assert sorted(set(sessions)) == ["p0", "p1", "p2", "p3"] and all(sessions.count(s) == 15 for s in set(sessions))


def test_a_crash_without_closing_keeps_every_committed_answer(home, tmp_path):
    path = home / "history.sqlite3"
    p = child(tmp_path, path, "crash", 3, end="exit")
    out, err = p.communicate(timeout=60)
    assert p.returncode == 1, err
    assert integrity(path) == "ok"
    with History.open(path) as h:
        assert h.count() == 3


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_trainer_killed_mid_session_leaves_earlier_answers_and_a_sound_file(home, tmp_path):
    path = home / "history.sqlite3"
    p = child(tmp_path, path, "killed", -1)  # records until killed
    seen = 0
    for line in p.stdout:
        seen = int(line)
        if seen >= 8:
            break
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=30)
    assert integrity(path) == "ok"
    answers, card_total = card_answer_totals(path)
    assert answers >= seen and answers == card_total  # every printed answer was committed, none half-written
    with History.open(path) as h:
        assert h.count() == answers
        h.record(answer())  # and the file is still writable
        assert h.count() == answers + 1


# ---------------------------------------------------------------- files that are not a history


def assert_refused(path: Path, *words):
    before = path.read_bytes()
    siblings = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(TablecalcError) as e:
        History.open(path)
    message = str(e.value)
    assert str(path) in message and "TABLECALC_HOME" in message and "\n" not in message
    for w in words:
        assert w in message
    assert path.read_bytes() == before, "the file was modified"
    assert sorted(p.name for p in path.parent.iterdir()) == siblings, "files were created next to it"
    return message


def test_a_text_file_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_text("my shopping list\neggs\n")
    assert_refused(path, "not a tablecalc history", "not an SQLite database")


def test_a_short_binary_file_is_refused(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 10)
    assert_refused(path, "not a tablecalc history")


def test_another_programs_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
        db.execute("INSERT INTO notes VALUES ('keep me')")
    db.close()
    assert_refused(path, "not a tablecalc history", "notes")


def test_another_programs_wal_database_is_refused_without_side_files(tmp_path):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("CREATE TABLE notes (body TEXT)")
    db.commit()
    db.close()
    assert_refused(path, "not a tablecalc history")


def test_a_database_marked_by_another_application_is_refused(tmp_path):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 42")
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    assert_refused(path, "another application")


def test_a_history_from_a_newer_tablecalc_is_refused(home):
    with History.open() as h:
        h.record(answer())
        path = h.path
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(TablecalcError, match="newer tablecalc"):
        History.open(path)
    assert path.read_bytes() == before


def test_a_damaged_history_is_refused_not_repaired(home):
    with History.open() as h:
        for i in range(30):
            h.record(answer(f"{i}|1 2 3", at=T0 + timedelta(minutes=i)))
        path = h.path
    data = bytearray(path.read_bytes())
    assert len(data) > 3 * 4096
    data[2 * 4096:] = b"\xab" * (len(data) - 2 * 4096)  # keep the header page, scramble the rest
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(TablecalcError) as e:
        History.open(path)
    assert "damaged" in str(e.value) and str(path) in str(e.value) and "TABLECALC_HOME" in str(e.value)
    assert path.read_bytes() == before


def test_a_folder_in_place_of_the_file_is_refused(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.mkdir()
    with pytest.raises(TablecalcError, match="folder"):
        History.open(path)


def test_an_empty_file_becomes_a_history(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.touch()
    with History.open(path) as h:
        h.record(answer())
        assert h.count() == 1


def test_close_is_idempotent_and_context_manager_closes(home):
    h = History.open()
    h.close()
    h.close()
    with History.open() as h2:
        pass
    with pytest.raises(Exception):
        h2.count()


def test_import_is_light():
    """Opening the history (every trainer start) loads neither matplotlib nor rich."""
    code = "import json, sys, trainer.history, trainer.stats; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert not {m.split(".")[0] for m in json.loads(out)} & {"matplotlib", "rich", "numpy"}


# ---------------------------------------------------------------- damaged rows, read-only files


def _damage(path: Path) -> None:
    """Spoil one item's card and one answer's puzzle, as a bad disk or a hand edit would."""
    with sqlite3.connect(path) as db:
        db.execute("UPDATE items SET card = '{\"due\": 1}' WHERE item LIKE '%6 5%'")
        db.execute("UPDATE answers SET puzzle = 'not json' WHERE item LIKE '%2 5%'")


def test_damaged_rows_are_skipped_and_named_never_rewritten(home):
    path = default_path()
    with History.open(path) as h:
        h.record(answer("3-bee|2 5 6 10"))
        h.record(answer("4|6 5 2", at=T0 + timedelta(minutes=1)))
    _damage(path)
    with sqlite3.connect(path) as db:
        before = db.execute("SELECT card FROM items WHERE item LIKE '%6 5%'").fetchone()
    with History.open(path) as h:
        assert [a.item for a in h.answers()] == ["nambarz:basic:4|6 5 2"]
        assert [s.item for s in h.items()] == ["nambarz:basic:3-bee|2 5 6 10"]
        h.record(answer("4|6 5 2", at=T0 + timedelta(minutes=2)))  # the answer is kept, the card left alone
        assert len(h.outcomes()) == 3
        note = h.damage_note()
    assert str(path) in note and "answers row 1" in note and "2 damaged rows" in note
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT card FROM items WHERE item LIKE '%6 5%'").fetchone() == before
        assert db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 3


def test_stats_reads_a_damaged_history_and_warns_once(home):
    from typer.testing import CliRunner

    from trainer.cli import app

    with History.open(default_path()) as h:
        h.record(answer("3-bee|2 5 6 10"))
        h.record(answer("4|6 5 2", at=T0 + timedelta(minutes=1)))
    _damage(default_path())
    r = CliRunner().invoke(app, ["stats", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answers"] == 2  # statistics never read the spoilt puzzle; the spoilt card is skipped
    assert r.stderr.count("tablecalc: warning:") == 1 and "damaged row" in r.stderr


def test_a_read_only_history_is_read_without_a_write(home):
    path = default_path()
    with History.open(path) as h:
        h.record(answer())
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        with History.open(path, read_only=True) as h:
            assert h.count() == 1 and h.read_only
            with pytest.raises(TablecalcError):
                h.record(answer(at=T0 + timedelta(minutes=1)))
    finally:
        path.chmod(0o644)
    assert path.read_bytes() == before


def test_a_missing_history_reads_as_empty_and_is_not_created(home):
    with History.open(default_path(), read_only=True) as h:
        assert h.count() == 0 and h.answers() == []
    assert not default_path().exists()


def test_a_history_home_that_is_a_file_is_refused_not_read_as_empty(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from trainer.cli import app

    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    monkeypatch.setenv("TABLECALC_HOME", str(a_file))
    r = CliRunner().invoke(app, ["stats"])
    assert r.exit_code == 2 and "cannot exist" in r.stderr and a_file.read_text() == "mine"
