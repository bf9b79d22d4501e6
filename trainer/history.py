"""The progress history: every answer in SQLite, and when each puzzle should come back.

One file, ``history.sqlite3`` (see :func:`default_path`), holds every answer ever given
(``answers``) and one spaced-repetition card per puzzle (``items``, scheduled with FSRS).
What the caller must know:

- :meth:`History.record` commits each answer before it returns, in one transaction with
  the puzzle's card, so a crash, Ctrl-C or ``kill -9`` never loses an earlier answer and
  never leaves an answer without its card update.
- Two trainers may use the same file at once: the file is in WAL mode, writers take the
  write lock up front and wait up to :data:`BUSY_TIMEOUT` seconds for each other.
- A file that is not a tablecalc history (another program's database, a text file, a
  damaged file, a history from a newer tablecalc) is refused with a
  :class:`~solver.errors.TablecalcError` and never modified or "repaired".

>>> import pathlib, tempfile
>>> from datetime import datetime, timezone
>>> tmp = tempfile.TemporaryDirectory()
>>> rec = AnswerRecord(drill="arith", level="add", item="arith:add:17+25", puzzle={"question": "17+25"},
...                    answer="42", correct=True, verdict={"correct": True}, penalty=0, seconds=2.0,
...                    reference_seconds=5.0, session="s1", at=datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc))
>>> with History.open(pathlib.Path(tmp.name) / "history.sqlite3") as history:
...     history.record(rec)
...     history.count(), history.due("arith", "add", datetime(2025, 2, 1, tzinfo=timezone.utc), limit=5)
(1, [{'question': '17+25'}])
>>> tmp.cleanup()
"""

from __future__ import annotations

import json
import math
import pathlib
import sqlite3
import threading
import time
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import NamedTuple

from fsrs import Card, Rating, Scheduler, State

from solver.errors import TablecalcError
from solver.files import HISTORY_APPLICATION_ID, HISTORY_NAME, data_home, kind_of
from solver.parsing import is_whole

SCHEMA_VERSION = 1
#: ``PRAGMA application_id`` of a tablecalc history ("tblc"), also readable in the file header.
APPLICATION_ID = int.from_bytes(HISTORY_APPLICATION_ID, "big")
APPLICATION = "tablecalc-history"
#: Seconds a writer waits for another trainer holding the file before giving up.
BUSY_TIMEOUT = 30.0
FILENAME = HISTORY_NAME
#: Answers a day the learner aims for, until ``tablecalc stats --goal N`` says otherwise.
DEFAULT_DAILY_GOAL = 20
#: The highest daily goal accepted (0 turns the goal off).
MAX_DAILY_GOAL = 10_000

_SQLITE_MAGIC = b"SQLite format 3\x00"
_SCHEDULER = Scheduler(enable_fuzzing=False)
_WHAT_TO_DO = "tablecalc never overwrites it: move that file elsewhere, or set TABLECALC_HOME to another folder"

_SCHEMA = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE answers (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    at                TEXT NOT NULL,     -- UTC, fixed-width ISO 8601: sorts as text
    session           TEXT NOT NULL,
    drill             TEXT NOT NULL,
    level             TEXT NOT NULL,
    item              TEXT NOT NULL,
    puzzle            TEXT NOT NULL,     -- JSON
    answer            TEXT NOT NULL,
    correct           INTEGER NOT NULL CHECK (correct IN (0, 1)),
    verdict           TEXT NOT NULL,     -- JSON
    penalty           INTEGER NOT NULL,
    seconds           REAL NOT NULL,
    reference_seconds REAL NOT NULL,
    rating            INTEGER NOT NULL   -- fsrs.Rating given to the item's card
);
CREATE INDEX answers_by_drill ON answers (drill, level, at);
CREATE INDEX answers_by_item ON answers (item);
CREATE TABLE items (
    item       TEXT PRIMARY KEY,
    drill      TEXT NOT NULL,
    level      TEXT NOT NULL,
    puzzle     TEXT NOT NULL,            -- JSON, as last asked
    card       TEXT NOT NULL,            -- JSON of fsrs.Card.to_dict()
    due        TEXT NOT NULL,            -- same format as answers.at
    answers    INTEGER NOT NULL,
    wrong      INTEGER NOT NULL,
    lapses     INTEGER NOT NULL,         -- wrong answers once the item had been learnt (FSRS Review state)
    last_at    TEXT NOT NULL
);
CREATE INDEX items_due ON items (drill, level, due);
"""

_ROUNDS_SCHEMA = """
CREATE TABLE IF NOT EXISTS rounds (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       TEXT NOT NULL,              -- same format as answers.at: when the bell rang
    session  TEXT NOT NULL,              -- answers.session of the round's answers
    drill    TEXT NOT NULL,
    level    TEXT NOT NULL,
    mode     TEXT NOT NULL,              -- how it was played: 'zetamac'
    seconds  REAL NOT NULL,              -- the round's length
    score    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rounds_by_kind ON rounds (drill, level, mode, seconds, at);
"""
"""Timed rounds played to the bell (a personal best is the highest score of one kind of round).
Added after schema 1 without changing its version: a history from before has it added when
opened for writing, and an older tablecalc reading a newer file ignores it."""


def default_path() -> pathlib.Path:
    """``$TABLECALC_HOME/history.sqlite3`` if TABLECALC_HOME is set, else the platform's user data folder.

    The user data folder is ``platformdirs.user_data_dir("tablecalc")``
    (``~/.local/share/tablecalc`` on Linux).

    >>> default_path().name
    'history.sqlite3'
    """
    return data_home() / FILENAME


def rate(correct: bool, seconds: float, reference_seconds: float, hints: int = 0) -> Rating:
    """The FSRS rating of one answer: wrong is Again; right within half the reference time is Easy,
    within the reference time Good, slower Hard; right after a hint is at most Hard.

    >>> [rate(False, 1, 10).name, rate(True, 5, 10).name, rate(True, 10, 10).name, rate(True, 11, 10).name]
    ['Again', 'Easy', 'Good', 'Hard']
    >>> rate(True, 1, 10, hints=1).name
    'Hard'
    """
    if not reference_seconds > 0:
        raise ValueError(f"reference_seconds must be > 0, got {reference_seconds!r}")
    if not correct:
        return Rating.Again
    if hints:
        return Rating.Hard
    if seconds <= 0.5 * reference_seconds:
        return Rating.Easy
    if seconds <= reference_seconds:
        return Rating.Good
    return Rating.Hard


def _utc(dt: datetime, what: str) -> datetime:
    if not isinstance(dt, datetime) or dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError(f"{what} must be a timezone-aware datetime, got {dt!r}")
    return dt.astimezone(timezone.utc)


def _stamp(dt: datetime) -> str:
    """Fixed-width UTC text, so that stored times compare correctly as strings."""
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f+00:00")


def _parse_stamp(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(timezone.utc)


@dataclass(frozen=True)
class AnswerRecord:
    """One answer as the history keeps it. ``at`` must be timezone-aware (it is stored in UTC)."""

    drill: str
    level: str
    item: str
    puzzle: dict
    answer: str
    correct: bool
    verdict: dict
    penalty: int
    seconds: float
    reference_seconds: float
    session: str
    at: datetime
    hints: int = 0
    """How many hints were shown before this answer."""

    def __post_init__(self):
        for name in ("drill", "level", "item"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name):
                raise ValueError(f"AnswerRecord.{name} must be a non-empty string, got {getattr(self, name)!r}")
        if not (isinstance(self.seconds, (int, float)) and math.isfinite(self.seconds) and self.seconds >= 0):
            raise ValueError(f"AnswerRecord.seconds must be a finite number ≥ 0, got {self.seconds!r}")
        if not (isinstance(self.reference_seconds, (int, float)) and self.reference_seconds > 0
                and math.isfinite(self.reference_seconds)):
            raise ValueError(f"AnswerRecord.reference_seconds must be a number > 0, got {self.reference_seconds!r}")
        if isinstance(self.penalty, bool) or not isinstance(self.penalty, int) or self.penalty < 0:
            raise ValueError(f"AnswerRecord.penalty must be a whole number ≥ 0, got {self.penalty!r}")
        object.__setattr__(self, "at", _utc(self.at, "AnswerRecord.at"))

    @property
    def rating(self) -> Rating:
        """The FSRS rating this answer gives its item (see :func:`rate`)."""
        return rate(self.correct, self.seconds, self.reference_seconds, self.hints)


@dataclass(frozen=True)
class Round:
    """A timed round played to the bell: its kind (drill, level, ``mode``, length in seconds) and its score."""

    drill: str
    level: str
    mode: str
    seconds: float
    score: int
    session: str
    at: datetime

    def __post_init__(self):
        object.__setattr__(self, "at", _utc(self.at, "Round.at"))


class Outcome(NamedTuple):
    """How one answer went (see :meth:`History.outcomes`)."""

    at: datetime
    session: str
    drill: str
    level: str
    item: str
    correct: bool
    penalty: int
    seconds: float
    reference_seconds: float
    rating: Rating


@dataclass(frozen=True)
class ItemState:
    """One puzzle's spaced-repetition state: its FSRS card and how it has gone so far."""

    item: str
    drill: str
    level: str
    puzzle: dict
    card: Card = field(compare=False)
    answers: int
    wrong: int
    lapses: int
    last_at: datetime

    @property
    def due(self) -> datetime:
        return self.card.due

    @property
    def stability(self) -> float | None:
        """FSRS stability in days (how long the item is expected to be remembered)."""
        return self.card.stability

    @property
    def difficulty(self) -> float | None:
        """FSRS difficulty, 1 (easy) to 10 (hard)."""
        return self.card.difficulty

    def retrievability(self, now: datetime) -> float:
        """The FSRS probability of answering right at ``now`` (0 for a card never reviewed)."""
        return float(_SCHEDULER.get_card_retrievability(self.card, _utc(now, "now")))


class History:
    """The answers and spaced-repetition cards in one SQLite file. Open with :meth:`History.open`."""

    def __init__(self, connection: sqlite3.Connection, path: pathlib.Path, read_only: bool = False):
        self._db = connection
        self.path = path
        self.read_only = read_only
        self.damaged: dict[tuple[str, int], str] = {}
        """Rows that could not be read, ``(table, rowid) -> why``: skipped by every reader, never rewritten."""
        self._lock = threading.Lock()

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, path: pathlib.Path | None = None, *, read_only: bool = False) -> "History":
        """Open (or create) the history at ``path`` (default :func:`default_path`), creating parent folders.

        Refuses, with a :class:`TablecalcError` naming the path, anything that is not a
        tablecalc history; such a file is left exactly as it was. With ``read_only`` (what
        ``stats`` uses) nothing is created or written, so a history on a read-only disk or
        without write permission can still be read; a missing one reads as empty.
        """
        path = pathlib.Path(path if path is not None else default_path()).expanduser()
        _refuse_unless_history_or_new(path)
        if read_only:
            return cls._open_read_only(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise TablecalcError(
                f"cannot create the folder {str(path.parent)!r} for the history: {e.strerror}; "
                "set TABLECALC_HOME to a folder you can write to"
            ) from None
        try:
            db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise _error(path, e) from None
        history = cls(db, path)
        try:
            with _translated(path):
                db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
                history._initialise_or_check()
                _switch_to_wal(db)
                db.execute("PRAGMA synchronous = FULL")
        except BaseException:
            db.close()
            raise
        return history

    @classmethod
    def _open_read_only(cls, path: pathlib.Path) -> "History":
        if not path.exists() and any(p.exists() and not p.is_dir() for p in path.parents):
            raise TablecalcError(
                f"the history {str(path)!r} cannot exist: a part of its folder is a file; "
                "set TABLECALC_HOME to a folder"
            )
        if not path.exists():  # nothing recorded yet: an empty history in memory
            db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            history = cls(db, path, read_only=True)
            with _translated(path):
                _create_schema(db)
            return history
        # A history kept in WAL mode needs its -shm file even to be read; on a read-only disk or
        # folder that file cannot be made, so read the file as it stands (immutable) instead.
        for query in ("mode=ro", "mode=ro&immutable=1"):
            try:
                db = sqlite3.connect(f"{path.resolve().as_uri()}?{query}", uri=True, timeout=BUSY_TIMEOUT,
                                     isolation_level=None, check_same_thread=False)
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                break
            except sqlite3.Error as e:
                error = e
        else:
            raise _error(path, error) from None
        history = cls(db, path, read_only=True)
        try:
            with _translated(path):
                _check_identity(path, tables, db.execute("PRAGMA application_id").fetchone()[0], db)
        except BaseException:
            db.close()
            raise
        return history

    def _rows(self, table: str, rows: list, read) -> list:
        """``read(row)`` for each row (its rowid first); a row that cannot be read is noted in
        :attr:`damaged` and skipped."""
        out = []
        for r in rows:
            try:
                out.append(read(r[1:]))
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                self.damaged[(table, r[0])] = f"{type(e).__name__}: {e}"[:200]
        return out

    def damage_note(self) -> str | None:
        """One line on the damaged rows skipped so far, naming the file (``None`` if none)."""
        if not self.damaged:
            return None
        (table, rowid), why = next(iter(self.damaged.items()))
        n = len(self.damaged)
        return (f"{n} damaged row{'s' if n > 1 else ''} of the history {str(self.path)!r} skipped "
                f"(first: {table} row {rowid}, {why}); they are left as they are")

    def _initialise_or_check(self) -> None:
        """Create the schema in an empty file, or check that the file is a history we can read."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            if not tables and app_id == 0:
                _create_schema(db)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [
                    ("application", APPLICATION),
                    ("schema_version", str(SCHEMA_VERSION)),
                    ("created_at", _stamp(datetime.now(timezone.utc))),
                ])
            else:
                _check_identity(self.path, tables, app_id, db)
                damage = [r[0] for r in db.execute("PRAGMA quick_check(3)")]
                if damage != ["ok"]:
                    raise TablecalcError(
                        f"{str(self.path)!r} is a damaged tablecalc history ({'; '.join(damage)}); {_WHAT_TO_DO}"
                    )
                if "rounds" not in tables:  # a history from before rounds were kept
                    for statement in _ROUNDS_SCHEMA.split(";"):
                        if statement.strip():
                            db.execute(statement)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    # ------------------------------------------------------------ writing

    def record(self, rec: AnswerRecord) -> None:
        """Save one answer and update its item's FSRS card, in one transaction committed before returning."""
        puzzle = json.dumps(rec.puzzle, ensure_ascii=False)
        verdict = json.dumps(rec.verdict, ensure_ascii=False)
        rating = rec.rating
        at = _stamp(rec.at)
        with self._lock, _translated(self.path):
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute(
                    "SELECT card, answers, wrong, lapses, rowid FROM items WHERE item = ?", (rec.item,)
                ).fetchone()
                card = None
                if row is None:
                    card, answers, wrong, lapses = _new_card(rec.item, rec.at), 0, 0, 0
                else:
                    try:
                        card, answers, wrong, lapses = _card(row[0]), int(row[1]), int(row[2]), int(row[3])
                    except (ValueError, KeyError, TypeError, AttributeError) as e:
                        # the answer is kept; the damaged item row is left exactly as it is
                        self.damaged[("items", row[4])] = f"{type(e).__name__}: {e}"[:200]
                        card = None
                if card is not None:
                    if card.state == State.Review and rating == Rating.Again:
                        lapses += 1
                    # FSRS needs reviews in time order: an answer stamped before the card's last
                    # review (clock changes, a second trainer) counts as given at that review.
                    when = rec.at if card.last_review is None else max(rec.at, card.last_review)
                    card, _log = _SCHEDULER.review_card(card, rating, when)
                db.execute(
                    "INSERT INTO answers (at, session, drill, level, item, puzzle, answer, correct, verdict,"
                    " penalty, seconds, reference_seconds, rating) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (at, rec.session, rec.drill, rec.level, rec.item, puzzle, rec.answer or "",
                     int(bool(rec.correct)), verdict, rec.penalty, float(rec.seconds),
                     float(rec.reference_seconds), int(rating)),
                )
                if card is not None:
                    db.execute(
                        "INSERT INTO items (item, drill, level, puzzle, card, due, answers, wrong, lapses, last_at)"
                        " VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (item) DO UPDATE SET"
                        " drill = excluded.drill, level = excluded.level, puzzle = excluded.puzzle,"
                        " card = excluded.card, due = excluded.due, answers = excluded.answers,"
                        " wrong = excluded.wrong, lapses = excluded.lapses, last_at = MAX(last_at, excluded.last_at)",
                        (rec.item, rec.drill, rec.level, puzzle, json.dumps(card.to_dict()), _stamp(card.due),
                         answers + 1, wrong + (not rec.correct), lapses, at),
                    )
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def record_round(self, rnd: "Round") -> None:
        """Save one timed round played to the bell (its answers are recorded one by one by :meth:`record`)."""
        with self._lock, _translated(self.path):
            self._db.execute(
                "INSERT INTO rounds (at, session, drill, level, mode, seconds, score) VALUES (?,?,?,?,?,?,?)",
                (_stamp(rnd.at), rnd.session, rnd.drill, rnd.level, rnd.mode, float(rnd.seconds), int(rnd.score)),
            )

    # ------------------------------------------------------------ reading

    def rounds(self, drill: str, level: str, mode: str, seconds: float) -> list["Round"]:
        """The rounds of one kind (drill, level, mode and length) played to the bell, oldest first
        (none from a history written before rounds were kept)."""
        with self._lock, _translated(self.path):
            if not self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rounds'").fetchone():
                return []
            rows = self._db.execute(
                "SELECT id, at, session, drill, level, mode, seconds, score FROM rounds"
                " WHERE drill = ? AND level = ? AND mode = ? AND seconds = ? ORDER BY at, id",
                (drill, level, mode, float(seconds)),
            ).fetchall()
        return self._rows("rounds", rows, lambda r: Round(
            at=_parse_stamp(r[0]), session=r[1], drill=r[2], level=r[3], mode=r[4], seconds=_number(r[5]),
            score=int(_number(r[6]))))

    def count(self) -> int:
        """Total answers recorded."""
        return self._one("SELECT COUNT(*) FROM answers")[0]

    def due(self, drill: str, level: str, now: datetime, limit: int) -> list[dict]:
        """Stored puzzles of this drill and level whose card is due at ``now``, weakest first.

        Weakest = lowest FSRS retrievability, then most lapses, then most overdue.
        The dicts are the puzzles exactly as they were recorded.
        """
        return [s.puzzle for s in self.due_items(drill, level, now, limit)]

    def due_items(self, drill: str, level: str, now: datetime, limit: int) -> list[ItemState]:
        """Like :meth:`due`, with each item's whole state."""
        now = _utc(now, "now")
        if limit <= 0:
            return []
        states = self._items("WHERE drill = ? AND level = ? AND due <= ?", (drill, level, _stamp(now)))
        states.sort(key=lambda s: (s.retrievability(now), -s.lapses, s.due, -s.wrong, s.item))
        return states[:limit]

    def due_times(self, drill: str, level: str, until: datetime) -> list[datetime]:
        """When each item of this drill and level falls due, for those due at or before ``until``
        (earliest first): ``len()`` of it is "5 due today"."""
        rows = self._all("SELECT due FROM items WHERE drill = ? AND level = ? AND due <= ? ORDER BY due",
                         (drill, level, _stamp(_utc(until, "until"))))
        out = []
        for (text,) in rows:
            try:
                out.append(_parse_stamp(text))
            except (TypeError, ValueError):
                continue  # a damaged row: skipped, as every reader does
        return out

    def count_between(self, start: datetime, end: datetime, drill: str | None = None) -> int:
        """Answers recorded from ``start`` (included) to ``end`` (excluded), optionally of one drill."""
        where, args = _filter(drill, None)
        where = (where + " AND" if where else "WHERE") + " at >= ? AND at < ?"
        return self._one(f"SELECT COUNT(*) FROM answers {where}",
                         (*args, _stamp(_utc(start, "start")), _stamp(_utc(end, "end"))))[0]

    def practice_times(self, drill: str | None = None) -> list[datetime]:
        """Every minute (UTC, oldest first) in which at least one answer was recorded: enough to
        tell the days practised in any time zone without reading every answer."""
        where, args = _filter(drill, None)
        rows = self._all(f"SELECT DISTINCT substr(at, 1, 16) FROM answers {where} ORDER BY 1", args)
        out = []
        for (text,) in rows:
            try:
                out.append(datetime.fromisoformat(f"{text}:00+00:00"))
            except (TypeError, ValueError):
                continue  # a damaged time: the answer is not counted as practice
        return out

    def last_seen(self, items: list[str]) -> dict[str, tuple[datetime, datetime | None]]:
        """For each of ``items`` ever answered: when it was last answered, and last answered wrong
        (``None`` if never)."""
        out: dict[str, tuple[datetime, datetime | None]] = {}
        for item in dict.fromkeys(items):
            seen, missed = self._one(
                "SELECT MAX(at), MAX(CASE WHEN correct = 0 THEN at END) FROM answers WHERE item = ?", (item,))
            try:
                if seen is not None:
                    out[item] = (_parse_stamp(seen), None if missed is None else _parse_stamp(missed))
            except (TypeError, ValueError):
                continue  # a damaged time: no date to show
        return out

    def daily_goal(self) -> int:
        """Answers a day the learner aims for (0: no goal); :data:`DEFAULT_DAILY_GOAL` until set.

        Kept in the ``meta`` table under ``daily_goal``, so a history written before goals
        existed needs no change, and an older tablecalc reading this file ignores it.
        """
        row = self._one("SELECT value FROM meta WHERE key = 'daily_goal'")
        if row is None or not is_whole(row[0]) or int(row[0]) > MAX_DAILY_GOAL:
            return DEFAULT_DAILY_GOAL
        return int(row[0])

    def set_daily_goal(self, goal: int) -> None:
        """Save the daily goal (answers a day; 0 turns it off), committed before returning."""
        if isinstance(goal, bool) or not isinstance(goal, int) or not 0 <= goal <= MAX_DAILY_GOAL:
            raise TablecalcError(f"bad daily goal {goal!r}: expected a number of answers from 0 (no goal) "
                                 f"to {MAX_DAILY_GOAL}, e.g. 20")
        if self.read_only:
            raise TablecalcError(f"the history {str(self.path)!r} is open read-only: the goal cannot be saved")
        with self._lock, _translated(self.path):
            self._db.execute("INSERT INTO meta (key, value) VALUES ('daily_goal', ?)"
                             " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(goal),))

    def items(self, drill: str | None = None, level: str | None = None) -> list[ItemState]:
        """Every item's state (optionally of one drill, or one drill and level), in item order."""
        where, args = _filter(drill, level)
        return self._items(where + " ORDER BY item", args)

    def answers(self, drill: str | None = None, level: str | None = None) -> list[AnswerRecord]:
        """Every answer recorded (optionally of one drill, or one drill and level), oldest first."""
        where, args = _filter(drill, level)
        rows = self._all(
            "SELECT id, drill, level, item, puzzle, answer, correct, verdict, penalty, seconds, reference_seconds,"
            f" session, at FROM answers {where} ORDER BY at, id", args,
        )
        return self._rows("answers", rows, lambda r: AnswerRecord(
            drill=r[0], level=r[1], item=r[2], puzzle=_object(r[3]), answer=r[4], correct=bool(r[5]),
            verdict=_object(r[6]), penalty=r[7], seconds=r[8], reference_seconds=r[9], session=r[10],
            at=_parse_stamp(r[11])))

    def outcomes(self, drill: str | None = None) -> list[Outcome]:
        """Every answer's outcome (optionally of one drill), oldest first, without the puzzle and
        verdict: what statistics need, fast."""
        where, args = _filter(drill, None)
        rows = self._all(
            "SELECT id, at, session, drill, level, item, correct, penalty, seconds, reference_seconds, rating"
            f" FROM answers {where} ORDER BY at, id", args
        )
        return self._rows("answers", rows, lambda r: Outcome(
            _parse_stamp(r[0]), r[1], r[2], r[3], r[4], bool(r[5]), _number(r[6]), _number(r[7]), _number(r[8]),
            Rating(r[9])))

    def _items(self, where: str, args: tuple) -> list[ItemState]:
        rows = self._all(
            f"SELECT rowid, item, drill, level, puzzle, card, answers, wrong, lapses, last_at FROM items {where}", args
        )
        return self._rows("items", rows, lambda r: ItemState(
            item=r[0], drill=r[1], level=r[2], puzzle=_object(r[3]), card=_card(r[4]), answers=r[5], wrong=r[6],
            lapses=r[7], last_at=_parse_stamp(r[8])))

    def _one(self, sql: str, args: tuple = ()):
        with self._lock, _translated(self.path):
            return self._db.execute(sql, args).fetchone()

    def _all(self, sql: str, args: tuple = ()) -> list:
        with self._lock, _translated(self.path):
            return self._db.execute(sql, args).fetchall()

    # ------------------------------------------------------------ closing

    def close(self) -> None:
        """Close the file (every answer is already committed). Closing twice is harmless."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"History({str(self.path)!r})"


# ---------------------------------------------------------------- helpers


def _new_card(item: str, at: datetime) -> Card:
    # A stable id (fsrs would otherwise use the clock and sleep 1 ms per card).
    return Card(card_id=zlib.crc32(item.encode("utf-8")), due=at)


def _card(text: str) -> Card:
    # to_dict/from_dict (the same JSON as Card.to_json of recent fsrs releases) exist in every fsrs 6.x.
    return Card.from_dict(_object(text))


def _object(text: str) -> dict:
    """A JSON object stored in a row (``ValueError`` for anything else)."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"expected a JSON object, found {type(value).__name__}")
    return value


def _number(value) -> float:
    """A number stored in a row (``ValueError`` for text or a missing value)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"expected a number, found {value!r}")
    return value


def _filter(drill: str | None, level: str | None) -> tuple[str, tuple]:
    if drill is None and level is not None:
        raise ValueError("give the drill when filtering by level")
    if drill is None:
        return "", ()
    if level is None:
        return "WHERE drill = ?", (drill,)
    return "WHERE drill = ? AND level = ?", (drill, level)


def _create_schema(db: sqlite3.Connection) -> None:
    """The history's tables, statement by statement (not ``executescript``, which would COMMIT a
    transaction the caller has open before its checks are done)."""
    for statement in (_SCHEMA + _ROUNDS_SCHEMA).split(";"):
        if statement.strip():
            db.execute(statement)


def _switch_to_wal(db: sqlite3.Connection) -> None:
    """Put the history in WAL mode (a no-op once it is). While the file is still in its first,
    rollback-journal mode, two trainers starting together can meet in SQLite's deadlock guard:
    one holds a read lock and wants to switch, the other holds a write lock and wants to commit;
    SQLite then fails the switch at once ("database is locked") without waiting. Retry until the
    other has committed, within the usual busy timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _refuse_unless_history_or_new(path: pathlib.Path) -> None:
    """Look at an existing file without writing to it; raise unless it may be opened for writing."""
    if not path.exists():
        return
    if not path.is_file():
        raise TablecalcError(f"the history path {str(path)!r} is {kind_of(path.stat().st_mode)}, not a file; {_WHAT_TO_DO}")
    try:
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError as e:
        raise TablecalcError(f"cannot read the history {str(path)!r}: {e.strerror}") from None
    if not header:
        return  # an empty file is an empty database: nothing in it to lose
    if not header.startswith(_SQLITE_MAGIC) or len(header) < 100:
        raise TablecalcError(f"{str(path)!r} is not a tablecalc history (not an SQLite database); {_WHAT_TO_DO}")
    app_id = int.from_bytes(header[68:72], "big", signed=True)
    if app_id == APPLICATION_ID:
        return
    if app_id != 0:
        raise TablecalcError(
            f"{str(path)!r} is not a tablecalc history (its header names another application); {_WHAT_TO_DO}"
        )
    if header[18] == 2 or header[19] == 2:
        # A history is marked in its header before it is ever switched to WAL, so an unmarked
        # WAL database is someone else's; reading it would create and keep -wal/-shm files.
        raise TablecalcError(
            f"{str(path)!r} is not a tablecalc history (an unmarked SQLite database in WAL mode); {_WHAT_TO_DO}"
        )
    # Not marked as ours in the header: look inside through a read-only connection.
    try:
        ro = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
    except sqlite3.Error as e:
        raise _error(path, e) from None
    try:
        with _translated(path):
            tables = {r[0] for r in ro.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            app_id = ro.execute("PRAGMA application_id").fetchone()[0]
            if tables or app_id:
                _check_identity(path, tables, app_id, ro)
    finally:
        ro.close()


def _check_identity(path: pathlib.Path, tables: set, app_id: int, db: sqlite3.Connection) -> None:
    """Raise unless the database is a tablecalc history of a schema version this code reads."""
    meta, problem = {}, ""
    if "meta" in tables:
        try:
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error as e:
            problem = str(e)
    if app_id != APPLICATION_ID and meta.get("application") != APPLICATION:
        found = ", ".join(sorted(tables)) or "no tables"
        raise TablecalcError(
            f"{str(path)!r} is not a tablecalc history (an SQLite database with {found}); {_WHAT_TO_DO}"
        )
    version = meta.get("schema_version", "")
    if not is_whole(version):
        why = problem or "its schema version is missing"
        raise TablecalcError(f"{str(path)!r} is a damaged tablecalc history ({why}); {_WHAT_TO_DO}")
    if int(version) > SCHEMA_VERSION:
        raise TablecalcError(
            f"{str(path)!r} was written by a newer tablecalc (history schema {version}, this one reads "
            f"{SCHEMA_VERSION}): upgrade tablecalc, or set TABLECALC_HOME to another folder"
        )
    missing = {"answers", "items"} - tables
    if missing:
        raise TablecalcError(
            f"{str(path)!r} is a damaged tablecalc history (missing {', '.join(sorted(missing))}); {_WHAT_TO_DO}"
        )


def _error(path: pathlib.Path, e: sqlite3.Error) -> TablecalcError:
    """One readable line for an SQLite failure on the history file."""
    msg = str(e)
    p = str(path)
    if "locked" in msg or "busy" in msg:
        return TablecalcError(
            f"the history {p!r} stayed locked by another program for {BUSY_TIMEOUT:g} s: "
            "finish the other tablecalc session and try again"
        )
    if "readonly" in msg or "unable to open" in msg or "disk I/O" in msg:
        return TablecalcError(
            f"cannot write the history {p!r} ({msg}): check the file's permissions, "
            "or set TABLECALC_HOME to a folder you can write to"
        )
    if "full" in msg:
        return TablecalcError(f"cannot write the history {p!r}: the disk is full")
    if "not a database" in msg or "malformed" in msg or "corrupt" in msg:
        return TablecalcError(f"{p!r} is damaged or not a tablecalc history ({msg}); {_WHAT_TO_DO}")
    return TablecalcError(f"the history {p!r} could not be used ({msg}); {_WHAT_TO_DO}")


class _translated:
    """Context manager: sqlite3 errors become a TablecalcError naming the file."""

    def __init__(self, path: pathlib.Path):
        self.path = path

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        # (ProgrammingError, e.g. using a closed History, is a bug in the caller: left as it is.)
        if isinstance(exc, sqlite3.Error) and not isinstance(exc, (sqlite3.ProgrammingError, sqlite3.InterfaceError)):
            raise _error(self.path, exc) from None
        return False
