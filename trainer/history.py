"""The progress history: every answer in SQLite, and when each puzzle should come back.

One file, ``history.sqlite3`` (see :func:`default_path`), holds every answer ever given
(``answers``) and one spaced-repetition card per learner and puzzle (``items``, scheduled with
FSRS), for one or several learners. What the caller must know:

- A :class:`History` is one learner's view of the file (:attr:`History.learner`; ``""``, the
  default learner, unless :meth:`History.open` or :meth:`History.for_learner` names another):
  every reader and writer sees that learner's answers, cards, rounds and daily goal only.
  A name a person typed is checked by :func:`learner_name` and compared case-insensitively
  (:func:`learner_key`); the history shows it as it was first typed.

- :meth:`History.record` commits each answer before it returns, in one transaction with
  the puzzle's card, so a crash, Ctrl-C or ``kill -9`` never loses an earlier answer and
  never leaves an answer without its card update.
- Two trainers (or a server's threads, each with its own ``History`` or sharing one) may use
  the same file at once: the file is in WAL mode, writers take the write lock up front and
  wait up to :data:`BUSY_TIMEOUT` seconds for each other.
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
>>> with History.open(pathlib.Path(tmp.name) / "history.sqlite3", learner="Léa") as lea:
...     lea.record(rec)
...     lea.count(), lea.for_learner("LÉA").learner, lea.learners(), lea.for_learner(None).count()
(1, 'Léa', ['', 'Léa'], 1)
>>> tmp.cleanup()
"""

from __future__ import annotations

import copy
import json
import math
import pathlib
import sqlite3
import threading
import time
import unicodedata
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import NamedTuple

from fsrs import Card, Rating, Scheduler, State

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _, ngettext
from solver.files import HISTORY_APPLICATION_ID, HISTORY_NAME, data_home, kind_of
from solver.parsing import is_whole

SCHEMA_VERSION = 3
"""The history's layout. 1: answers, items (one FSRS card per puzzle), rounds (added within 1) and
the daily goal in ``meta``. 2: several learners in one file (``learners``; ``answers``, ``items``
and ``rounds`` gain ``learner``, the items' key becomes learner and item). 3: an item may be
suspended by its learner (``items.suspended_at``, NULL when it is not). An older file is upgraded
when opened for writing, in one transaction (:func:`_upgrade_from_1`, :func:`_upgrade_from_2`),
and read as it is when opened read-only. A tablecalc that reads only an older schema refuses a
newer file, saying a newer tablecalc wrote it."""
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
_WHAT_TO_DO = N_("tablecalc never overwrites it: move that file elsewhere, or set TABLECALC_HOME to another folder")

_TABLES = {
    "meta": """
CREATE TABLE {name} (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID""",
    "learners": """
CREATE TABLE {name} (
    key        TEXT PRIMARY KEY,         -- the name as compared (learner_key): NFC, case-folded
    name       TEXT NOT NULL,            -- the name as first typed (learner_name)
    daily_goal INTEGER,                  -- answers a day (0: no goal); NULL: DEFAULT_DAILY_GOAL
    created_at TEXT NOT NULL             -- same format as answers.at
) WITHOUT ROWID""",
    "answers": """
CREATE TABLE {name} (
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
    rating            INTEGER NOT NULL,  -- fsrs.Rating given to the item's card
    learner           TEXT NOT NULL DEFAULT ''  -- learners.key ('': the default learner)
)""",
    "items": """
CREATE TABLE {name} (
    learner    TEXT NOT NULL DEFAULT '', -- learners.key ('': the default learner)
    item       TEXT NOT NULL,
    drill      TEXT NOT NULL,
    level      TEXT NOT NULL,
    puzzle     TEXT NOT NULL,            -- JSON, as last asked
    card       TEXT NOT NULL,            -- JSON of fsrs.Card.to_dict()
    due        TEXT NOT NULL,            -- same format as answers.at
    answers    INTEGER NOT NULL,
    wrong      INTEGER NOT NULL,
    lapses     INTEGER NOT NULL,         -- wrong answers once the item had been learnt (FSRS Review state)
    last_at    TEXT NOT NULL,
    suspended_at TEXT,                   -- when the learner suspended it (same format); NULL: not suspended
    PRIMARY KEY (learner, item)
)""",
    "rounds": """
CREATE TABLE {name} (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       TEXT NOT NULL,              -- same format as answers.at: when the bell rang
    session  TEXT NOT NULL,              -- answers.session of the round's answers
    drill    TEXT NOT NULL,
    level    TEXT NOT NULL,
    mode     TEXT NOT NULL,              -- how it was played: 'zetamac'
    seconds  REAL NOT NULL,              -- the round's length
    score    INTEGER NOT NULL,
    learner  TEXT NOT NULL DEFAULT ''    -- learners.key ('': the default learner)
)""",
}
"""The tables of a history in schema 3, each ``CREATE`` statement (``{name}``: the table's name,
so that an upgrade can build the new table beside the old one)."""

_INDEXES = {
    "answers": ("CREATE INDEX answers_by_drill ON answers (learner, drill, level, at)",
                "CREATE INDEX answers_by_item ON answers (learner, item)",
                "CREATE INDEX answers_by_time ON answers (learner, at)"),
    "items": ("CREATE INDEX items_due ON items (learner, drill, level, due)",),
    "rounds": ("CREATE INDEX rounds_by_kind ON rounds (learner, drill, level, mode, seconds, at)",),
}
"""The indexes of each table (every one leads with the learner: each reader reads one learner)."""

_ITEM_COLUMNS = "item, drill, level, puzzle, card, due, answers, wrong, lapses, last_at"
"""The columns of ``items`` in schema 1 (schema 2 adds ``learner``, schema 3 ``suspended_at``)."""


def default_path() -> pathlib.Path:
    """``$TABLECALC_HOME/history.sqlite3`` if TABLECALC_HOME is set, else the platform's user data folder.

    The user data folder is ``platformdirs.user_data_dir("tablecalc")``
    (``~/.local/share/tablecalc`` on Linux).

    >>> default_path().name
    'history.sqlite3'
    """
    return data_home() / FILENAME


MAX_LEARNER_NAME = 40
"""The longest learner name, in characters."""
_NAME_MARKS = " -'.\u2019"
"""What a name may hold besides letters and digits: spaces, hyphens, apostrophes (straight or
typographic, as a phone types it) and full stops."""


def learner_name(text: str) -> str:
    """A learner's name as typed, checked and tidied; what the CLI (``--learner``) and any other
    front end call on a name a person typed.

    A name is what a child types: 1 to :data:`MAX_LEARNER_NAME` characters, letters of any
    script (accents too), digits, spaces, ``-``, ``'`` and ``.``, with at least one letter or
    digit. White space around it is dropped and runs of spaces inside become one; the text is
    Unicode-normalised (NFC), so an accent typed as two characters is the same name. Anything
    else raises a :class:`~solver.errors.TablecalcError` saying what is expected. Two names
    that differ only in case are one learner (:func:`learner_key`).

    >>> learner_name("  Léa   Dupont "), learner_name("Zoë-Jane O'Neil"), learner_name("小明"), learner_name("Sam B.")
    ('Léa Dupont', "Zoë-Jane O'Neil", '小明', 'Sam B.')
    >>> learner_name("sam_b")
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: bad learner name 'sam_b': '_' cannot be in a name; expected 1 to 40 letters, digits, spaces, - ' or . (like Léa or Sam B.)
    """
    expected = _("expected 1 to {n} letters, digits, spaces, - ' or . (like Léa or Sam B.)").format(
        n=MAX_LEARNER_NAME)
    if not isinstance(text, str):
        raise TablecalcError(_("bad learner name {name}: {expected}").format(name=quoted(text), expected=expected))
    # spaces of any width (a no-break space too) are spaces; other white space (tabs, new lines) is refused
    name = "".join(" " if unicodedata.category(c) == "Zs" else c for c in unicodedata.normalize("NFC", text.strip()))
    name = " ".join(part for part in name.split(" ") if part)
    if not name:
        raise TablecalcError(_("no learner name given: {expected}").format(expected=expected))
    for c in name:
        if not (_letter_or_digit(c) or unicodedata.category(c).startswith("M") or c in _NAME_MARKS):
            shown = repr(c) if c.isprintable() else f"U+{ord(c):04X}"
            raise TablecalcError(_("bad learner name {name}: {char} cannot be in a name; {expected}").format(
                name=quoted(text), char=shown, expected=expected))
    if len(name) > MAX_LEARNER_NAME:
        raise TablecalcError(_("bad learner name {name}: {n} characters is too long; {expected}").format(
            name=quoted(text), n=len(name), expected=expected))
    if not any(_letter_or_digit(c) for c in name):
        raise TablecalcError(_("bad learner name {name}: it has no letter or digit; {expected}").format(
            name=quoted(text), expected=expected))
    return name


def learner_key(name: str) -> str:
    """How the history tells learners apart: the name (as :func:`learner_name` tidies it)
    case-folded, a typographic apostrophe read as a straight one. ``Léa``, ``LÉA`` and ``léa``
    are one learner; ``Lea`` is another. ``""`` is the default learner.

    >>> learner_key("Léa") == learner_key("LÉA") == learner_key("léa"), learner_key("Lea") == learner_key("Léa")
    (True, False)
    """
    return unicodedata.normalize("NFC", name.replace("\u2019", "'").casefold())


def learner_option(name: str) -> str:
    """`` --learner NAME`` as a person would type it in a shell (double quotes around a name with
    a space or an apostrophe, which a name may hold; none of a shell's special characters can
    be in a name); ``""`` for the default learner.

    >>> learner_option("Léa"), learner_option("Sam B."), learner_option("")
    (' --learner Léa', ' --learner "Sam B."', '')
    """
    if not name:
        return ""
    return f" --learner {name}" if all(_letter_or_digit(c) or c in "-." for c in name) else f' --learner "{name}"'


def _letter_or_digit(c: str) -> bool:
    category = unicodedata.category(c)
    return category.startswith("L") or category == "Nd"


def _sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as a class list is read: accents and case aside (``Émile`` before ``Zoé``)."""
    bare = "".join(c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c))
    return bare.casefold(), name


def item_ref(item: str) -> str:
    """A short reference to an item that a person can type (``stats --due`` shows it,
    ``tablecalc suspend`` takes it): 7 hexadecimal digits of the item key's SHA-1, the same on
    every computer.

    >>> item_ref("arith:mul:7*8")
    'aa33d60'
    """
    import hashlib

    return hashlib.sha1(item.encode("utf-8")).hexdigest()[:7]


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
    suspended_at: datetime | None = None
    """When the learner suspended the item (:meth:`History.suspend`): it is then never asked nor
    due until they take it back; ``None``: not suspended."""

    @property
    def due(self) -> datetime:
        return self.card.due

    @property
    def suspended(self) -> bool:
        return self.suspended_at is not None

    @property
    def ref(self) -> str:
        """The item's short reference, for a person to type (:func:`item_ref`)."""
        return item_ref(self.item)

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
    """The answers and spaced-repetition cards in one SQLite file, seen as one learner's. Open
    with :meth:`History.open`; :meth:`for_learner` gives another learner's view of the same file.

    Every reader and writer works on the history's :attr:`learner`: their answers, cards,
    rounds and daily goal. Several learners share one file; what one records never shows in
    another's statistics or reviews.
    """

    def __init__(self, connection: sqlite3.Connection, path: pathlib.Path, read_only: bool = False):
        self._db = connection
        self.path = path
        self.read_only = read_only
        self.damaged: dict[tuple[str, int], str] = {}
        """Rows that could not be read, ``(table, rowid) -> why``: skipped by every reader, never rewritten."""
        self._lock = threading.Lock()
        self.learner = ""
        """The learner's name as first typed (``""``: the default learner, whose answers were
        given without ``--learner``; every answer of a history from before learners is theirs)."""
        self._key = ""

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, path: pathlib.Path | None = None, *, read_only: bool = False,
             learner: str | None = None) -> "History":
        """Open (or create) the history at ``path`` (default :func:`default_path`), creating parent
        folders, as ``learner``'s (``None`` or ``""``: the default learner; else a name checked by
        :func:`learner_name`, which raises for a name a person could not have meant).

        Refuses, with a :class:`TablecalcError` naming the path, anything that is not a
        tablecalc history; such a file is left exactly as it was. A history in schema 1 is
        upgraded to schema 2 in one transaction (nothing else is changed, and an interrupted
        upgrade leaves the file as it was). With ``read_only`` (what ``stats`` uses) nothing
        is created or written — a schema-1 file is read as it stands — so a history on a
        read-only disk or without write permission can still be read; a missing one reads as
        empty.

        One ``History`` may be shared by threads (each call holds its lock); a server may as
        well open one per request or per thread: writers wait up to :data:`BUSY_TIMEOUT`
        seconds for each other, and every answer is committed before :meth:`record` returns.
        """
        path = pathlib.Path(path if path is not None else default_path()).expanduser()
        name = learner_name(learner) if learner else ""  # a bad name is refused before the file is touched
        _refuse_unless_history_or_new(path)
        if read_only:
            return cls._open_read_only(path).for_learner(name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise TablecalcError(
                _("cannot create the folder {folder} for the history: {error}; set TABLECALC_HOME to a folder you can write to")
                .format(folder=repr(str(path.parent)), error=e.strerror)
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
            return history.for_learner(name)
        except BaseException:
            db.close()
            raise

    @classmethod
    def _open_read_only(cls, path: pathlib.Path) -> "History":
        if not path.exists() and any(p.exists() and not p.is_dir() for p in path.parents):
            raise TablecalcError(
                _("the history {path} cannot exist: a part of its folder is a file; set TABLECALC_HOME to a folder").format(
                    path=repr(str(path)))
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
                if getattr(e, "sqlite_errorname", "") == "SQLITE_READONLY_ROLLBACK":
                    # a write was cut off (a crash, kill -9) and its journal is still beside the file:
                    # read as it stands, the file could hold half of that write; only a writer may undo it
                    raise TablecalcError(
                        _("the history {path} was left in the middle of a write by a tablecalc that "
                          "stopped, and only a writer can undo that write: run any tablecalc drill once, "
                          "or make the history's folder writable, then try again").format(path=repr(str(path)))
                    ) from None
                error = e
        else:
            raise _error(path, error) from None
        history = cls(db, path, read_only=True)
        try:
            with _translated(path):
                version = _check_identity(path, tables, db.execute("PRAGMA application_id").fetchone()[0], db)
                if version == 1:
                    _read_schema_1(db, tables)
                elif version == 2:
                    _read_schema_2(db)
        except BaseException:
            db.close()
            raise
        return history

    def for_learner(self, learner: str | None) -> "History":
        """The same open file as ``learner``'s (``None`` or ``""``: the default learner): a view
        sharing this one's connection — closing either closes both. The name is checked by
        :func:`learner_name`; a learner already in the file keeps the name as first typed
        (``léa`` finds ``Léa``)."""
        view = copy.copy(self)
        view.learner, view._key = "", ""
        if learner:
            view.learner = learner_name(learner)
            view._key = learner_key(view.learner)
            row = self._one("SELECT name FROM learners WHERE key = ?", (view._key,))
            if row is not None and isinstance(row[0], str):
                view.learner = row[0]
        return view

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
        return ngettext("{n} damaged row of the history {path} skipped (first: {table} row {row}, {why}); "
                        "they are left as they are",
                        "{n} damaged rows of the history {path} skipped (first: {table} row {row}, {why}); "
                        "they are left as they are", n).format(
            n=n, path=repr(str(self.path)), table=table, row=rowid, why=why)

    def _initialise_or_check(self) -> None:
        """Create the schema in an empty file, or check that the file is a history we can read
        (upgrading a schema-1 history, in the same transaction)."""
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
                version = _check_identity(self.path, tables, app_id, db)
                damage = [r[0] for r in db.execute("PRAGMA quick_check(3)")]
                if damage != ["ok"]:
                    raise TablecalcError(
                        _("{path} is a damaged tablecalc history ({why}); {what_to_do}").format(
                            path=repr(str(self.path)), why="; ".join(damage), what_to_do=_(_WHAT_TO_DO))
                    )
                if version == 1:
                    _upgrade_from_1(db, tables)
                elif version == 2:
                    _upgrade_from_2(db)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    # ------------------------------------------------------------ writing

    def _writable(self, what: str) -> None:
        if self.read_only:
            raise TablecalcError(_("the history {path} is open read-only: {what} cannot be saved").format(
                path=repr(str(self.path)), what=what))

    def _register(self, at: datetime) -> None:
        """Add the learner to ``learners`` if new (inside the caller's transaction)."""
        if self._key:
            self._db.execute("INSERT INTO learners (key, name, created_at) VALUES (?, ?, ?)"
                             " ON CONFLICT (key) DO NOTHING", (self._key, self.learner, _stamp(at)))

    def add_learner(self, name: str) -> str:
        """Add a learner (a front end's "new pupil"), committed before returning; nothing happens
        if one of that name (any case) is already there. Returns the name as the history keeps
        it — as it was first typed. Recording an answer adds its learner too."""
        self._writable(_("a learner"))
        view = self.for_learner(name)
        with self._lock, _translated(self.path):
            _in_transaction(self._db, lambda: view._register(datetime.now(timezone.utc)))
        return self.for_learner(name).learner

    def record(self, rec: AnswerRecord) -> None:
        """Save one answer of the learner and update the item's FSRS card, in one transaction
        committed before returning."""
        self._writable(_("an answer"))
        puzzle = json.dumps(rec.puzzle, ensure_ascii=False)
        verdict = json.dumps(rec.verdict, ensure_ascii=False)
        rating = rec.rating
        at = _stamp(rec.at)
        with self._lock, _translated(self.path):
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                self._register(rec.at)
                row = db.execute(
                    "SELECT card, answers, wrong, lapses, rowid FROM items WHERE learner = ? AND item = ?",
                    (self._key, rec.item),
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
                    " penalty, seconds, reference_seconds, rating, learner) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (at, rec.session, rec.drill, rec.level, rec.item, puzzle, rec.answer or "",
                     int(bool(rec.correct)), verdict, rec.penalty, float(rec.seconds),
                     float(rec.reference_seconds), int(rating), self._key),
                )
                if card is not None:
                    db.execute(
                        "INSERT INTO items (learner, item, drill, level, puzzle, card, due, answers, wrong, lapses,"
                        " last_at) VALUES (?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (learner, item) DO UPDATE SET"
                        " drill = excluded.drill, level = excluded.level, puzzle = excluded.puzzle,"
                        " card = excluded.card, due = excluded.due, answers = excluded.answers,"
                        " wrong = excluded.wrong, lapses = excluded.lapses, last_at = MAX(last_at, excluded.last_at)",
                        (self._key, rec.item, rec.drill, rec.level, puzzle, json.dumps(card.to_dict()),
                         _stamp(card.due), answers + 1, wrong + (not rec.correct), lapses, at),
                    )
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def record_round(self, rnd: "Round") -> None:
        """Save one timed round of the learner played to the bell (its answers are recorded one by
        one by :meth:`record`)."""
        self._writable(_("a round"))

        def write():
            self._register(rnd.at)
            self._db.execute(
                "INSERT INTO rounds (at, session, drill, level, mode, seconds, score, learner)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (_stamp(rnd.at), rnd.session, rnd.drill, rnd.level, rnd.mode, float(rnd.seconds), int(rnd.score),
                 self._key),
            )

        with self._lock, _translated(self.path):
            _in_transaction(self._db, write)

    def suspend(self, item: str, suspended: bool = True, at: datetime | None = None) -> bool:
        """Suspend the learner's ``item`` (an item key they answered; see :meth:`find_items`) as
        Anki does with a card: it is no longer due, reviewed or asked, and ``stats --due`` lists
        it as suspended; with ``suspended=False``, take it back (it is due as its card says).
        Its answers and card are kept as they are. Committed before returning; returns whether
        anything changed. An item the learner never answered raises a :class:`TablecalcError`."""
        self._writable(_("a suspension"))
        when = _stamp(_utc(at, "at") if at is not None else datetime.now(timezone.utc))
        changed = []

        def write():
            row = self._db.execute("SELECT suspended_at FROM items WHERE learner = ? AND item = ?",
                                   (self._key, item)).fetchone()
            if row is None:
                raise TablecalcError(_("no puzzle {item} in the history of {learner}: expected one they answered "
                                       "(tablecalc stats --due lists them)").format(
                    item=quoted(item, 80), learner=self.learner or _("(no name)")))
            if (row[0] is not None) != suspended:
                self._db.execute("UPDATE items SET suspended_at = ? WHERE learner = ? AND item = ?",
                                 (when if suspended else None, self._key, item))
                changed.append(item)

        with self._lock, _translated(self.path):
            _in_transaction(self._db, write)
        return bool(changed)

    def set_daily_goal(self, goal: int) -> None:
        """Save the learner's daily goal (answers a day; 0 turns it off), committed before returning."""
        if isinstance(goal, bool) or not isinstance(goal, int) or not 0 <= goal <= MAX_DAILY_GOAL:
            raise TablecalcError(_("bad daily goal {goal}: expected a number of answers from 0 (no goal) to {most}, "
                                   "e.g. 20").format(goal=repr(goal), most=MAX_DAILY_GOAL))
        if self.read_only:
            raise TablecalcError(_("the history {path} is open read-only: {what} cannot be saved").format(
                path=repr(str(self.path)), what=_("the goal")))

        def write():
            if not self._key:  # the default learner's goal stays where schema 1 kept it
                self._db.execute("INSERT INTO meta (key, value) VALUES ('daily_goal', ?)"
                                 " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(goal),))
                return
            self._register(datetime.now(timezone.utc))
            self._db.execute("UPDATE learners SET daily_goal = ? WHERE key = ?", (goal, self._key))

        with self._lock, _translated(self.path):
            _in_transaction(self._db, write)

    # ------------------------------------------------------------ reading

    def learners(self) -> list[str]:
        """Every learner of the file: ``""`` (the default learner) first if it has answers, then
        each named learner, as first typed, in alphabetical order (accents and case aside)."""
        names = [r[0] for r in self._all("SELECT name FROM learners") if isinstance(r[0], str)]
        default = [""] if self._one("SELECT 1 FROM answers WHERE learner = '' LIMIT 1") else []
        return default + sorted(names, key=_sort_key)

    def has_learner(self, name: str | None) -> bool:
        """Whether ``name`` (any case; ``None`` or ``""``: the default learner, always there) is a
        learner of this file."""
        if not name:
            return True
        return self._one("SELECT 1 FROM learners WHERE key = ?", (learner_key(learner_name(name)),)) is not None

    def rounds(self, drill: str, level: str, mode: str, seconds: float) -> list["Round"]:
        """The learner's rounds of one kind (drill, level, mode and length) played to the bell,
        oldest first (none from a history written before rounds were kept)."""
        rows = self._all(
            "SELECT id, at, session, drill, level, mode, seconds, score FROM rounds"
            " WHERE learner = ? AND drill = ? AND level = ? AND mode = ? AND seconds = ? ORDER BY at, id",
            (self._key, drill, level, mode, float(seconds)),
        )
        return self._rows("rounds", rows, lambda r: Round(
            at=_parse_stamp(r[0]), session=r[1], drill=r[2], level=r[3], mode=r[4], seconds=_number(r[5]),
            score=int(_number(r[6]))))

    def count(self) -> int:
        """The learner's answers recorded."""
        return self._one("SELECT COUNT(*) FROM answers WHERE learner = ?", (self._key,))[0]

    def due(self, drill: str, level: str, now: datetime, limit: int) -> list[dict]:
        """The learner's stored puzzles of this drill and level whose card is due at ``now``, weakest
        first (a suspended item is never due).

        Weakest = lowest FSRS retrievability, then most lapses, then most overdue.
        The dicts are the puzzles exactly as they were recorded.
        """
        return [s.puzzle for s in self.due_items(drill, level, now, limit)]

    def due_items(self, drill: str, level: str, now: datetime, limit: int) -> list[ItemState]:
        """Like :meth:`due`, with each item's whole state."""
        now = _utc(now, "now")
        if limit <= 0:
            return []
        states = self._items("WHERE learner = ? AND drill = ? AND level = ? AND due <= ? AND suspended_at IS NULL",
                             (self._key, drill, level, _stamp(now)))
        states.sort(key=lambda s: (s.retrievability(now), -s.lapses, s.due, -s.wrong, s.item))
        return states[:limit]

    def due_times(self, drill: str, level: str, until: datetime) -> list[datetime]:
        """When each of the learner's items of this drill and level falls due, for those due at or
        before ``until`` (earliest first): ``len()`` of it is "5 due today"."""
        rows = self._all("SELECT due FROM items WHERE learner = ? AND drill = ? AND level = ? AND due <= ?"
                         " AND suspended_at IS NULL ORDER BY due",
                         (self._key, drill, level, _stamp(_utc(until, "until"))))
        out = []
        for (text,) in rows:
            try:
                out.append(_parse_stamp(text))
            except (TypeError, ValueError):
                continue  # a damaged row: skipped, as every reader does
        return out

    def count_between(self, start: datetime, end: datetime, drill: str | None = None) -> int:
        """The learner's answers recorded from ``start`` (included) to ``end`` (excluded), optionally of one drill."""
        where, args = self._filter(drill, None)
        return self._one(f"SELECT COUNT(*) FROM answers {where} AND at >= ? AND at < ?",
                         (*args, _stamp(_utc(start, "start")), _stamp(_utc(end, "end"))))[0]

    def practice_times(self, drill: str | None = None) -> list[datetime]:
        """Every minute (UTC, oldest first) in which the learner recorded at least one answer: enough
        to tell the days practised in any time zone without reading every answer."""
        where, args = self._filter(drill, None)
        rows = self._all(f"SELECT DISTINCT substr(at, 1, 16) FROM answers {where} ORDER BY 1", args)
        out = []
        for (text,) in rows:
            try:
                out.append(datetime.fromisoformat(f"{text}:00+00:00"))
            except (TypeError, ValueError):
                continue  # a damaged time: the answer is not counted as practice
        return out

    def last_seen(self, items: list[str]) -> dict[str, tuple[datetime, datetime | None]]:
        """For each of ``items`` the learner ever answered: when it was last answered, and last
        answered wrong (``None`` if never)."""
        out: dict[str, tuple[datetime, datetime | None]] = {}
        for item in dict.fromkeys(items):
            seen, missed = self._one(
                "SELECT MAX(at), MAX(CASE WHEN correct = 0 THEN at END) FROM answers WHERE learner = ? AND item = ?",
                (self._key, item))
            try:
                if seen is not None:
                    out[item] = (_parse_stamp(seen), None if missed is None else _parse_stamp(missed))
            except (TypeError, ValueError):
                continue  # a damaged time: no date to show
        return out

    def suspended(self) -> list[ItemState]:
        """The learner's suspended items, the latest suspended first."""
        items = self._items("WHERE learner = ? AND suspended_at IS NOT NULL", (self._key,))
        return sorted(items, key=lambda s: (s.suspended_at, s.item), reverse=True)

    def suspended_keys(self) -> set[str]:
        """The keys of the learner's suspended items (what a drill never asks)."""
        return {r[0] for r in self._all("SELECT item FROM items WHERE learner = ? AND suspended_at IS NOT NULL",
                                        (self._key,))}

    def find_items(self, ref: str) -> list[ItemState]:
        """The learner's items that ``ref`` names: an item's key (``arith:mul:7*8``), or the start
        (4 characters at least) of its short reference (:func:`item_ref`), as ``stats --due``
        shows it. More than one when a short start is shared."""
        ref = ref.strip()
        exact = self._items("WHERE learner = ? AND item = ?", (self._key, ref))
        if exact:
            return exact
        ref = ref.lower().lstrip("#")
        if len(ref) < 4 or any(c not in "0123456789abcdef" for c in ref):
            return []
        return [s for s in self._items("WHERE learner = ?", (self._key,)) if s.ref.startswith(ref)]

    def last_item(self) -> str | None:
        """The item of the learner's latest answer (``None`` before the first)."""
        row = self._one("SELECT item FROM answers WHERE learner = ? ORDER BY at DESC, id DESC LIMIT 1", (self._key,))
        return None if row is None else row[0]

    def daily_goal(self) -> int:
        """Answers a day the learner aims for (0: no goal); :data:`DEFAULT_DAILY_GOAL` until set.

        The default learner's goal is kept in the ``meta`` table under ``daily_goal`` (as in
        schema 1); a named learner's in ``learners.daily_goal``. A value that cannot be read
        counts as the default.
        """
        if not self._key:
            row = self._one("SELECT value FROM meta WHERE key = 'daily_goal'")
        else:
            row = self._one("SELECT CAST(daily_goal AS TEXT) FROM learners WHERE key = ?", (self._key,))
        if row is None or not isinstance(row[0], str) or not is_whole(row[0]) or int(row[0]) > MAX_DAILY_GOAL:
            return DEFAULT_DAILY_GOAL
        return int(row[0])

    def items(self, drill: str | None = None, level: str | None = None) -> list[ItemState]:
        """Every item's state for the learner (optionally of one drill, or one drill and level), in item order."""
        where, args = self._filter(drill, level)
        return self._items(where + " ORDER BY item", args)

    def answers(self, drill: str | None = None, level: str | None = None) -> list[AnswerRecord]:
        """Every answer the learner gave (optionally of one drill, or one drill and level), oldest first."""
        where, args = self._filter(drill, level)
        rows = self._all(
            "SELECT id, drill, level, item, puzzle, answer, correct, verdict, penalty, seconds, reference_seconds,"
            f" session, at FROM answers {where} ORDER BY at, id", args,
        )
        return self._rows("answers", rows, lambda r: AnswerRecord(
            drill=r[0], level=r[1], item=r[2], puzzle=_object(r[3]), answer=r[4], correct=bool(r[5]),
            verdict=_object(r[6]), penalty=r[7], seconds=r[8], reference_seconds=r[9], session=r[10],
            at=_parse_stamp(r[11])))

    def outcomes(self, drill: str | None = None) -> list[Outcome]:
        """Every answer's outcome for the learner (optionally of one drill), oldest first, without
        the puzzle and verdict: what statistics need, fast."""
        where, args = self._filter(drill, None)
        rows = self._all(
            "SELECT id, at, session, drill, level, item, correct, penalty, seconds, reference_seconds, rating"
            f" FROM answers {where} ORDER BY at, id", args
        )
        return self._rows("answers", rows, lambda r: Outcome(
            _parse_stamp(r[0]), r[1], r[2], r[3], r[4], bool(r[5]), _number(r[6]), _number(r[7]), _number(r[8]),
            Rating(r[9])))

    def _filter(self, drill: str | None, level: str | None) -> tuple[str, tuple]:
        """The ``WHERE`` of the learner's rows, optionally of one drill, or one drill and level."""
        if drill is None and level is not None:
            raise ValueError("give the drill when filtering by level")
        if drill is None:
            return "WHERE learner = ?", (self._key,)
        if level is None:
            return "WHERE learner = ? AND drill = ?", (self._key, drill)
        return "WHERE learner = ? AND drill = ? AND level = ?", (self._key, drill, level)

    def _items(self, where: str, args: tuple) -> list[ItemState]:
        rows = self._all(
            "SELECT rowid, item, drill, level, puzzle, card, answers, wrong, lapses, last_at, suspended_at"
            f" FROM items {where}", args
        )
        return self._rows("items", rows, lambda r: ItemState(
            item=r[0], drill=r[1], level=r[2], puzzle=_object(r[3]), card=_card(r[4]), answers=r[5], wrong=r[6],
            lapses=r[7], last_at=_parse_stamp(r[8]), suspended_at=None if r[9] is None else _parse_stamp(r[9])))

    def _one(self, sql: str, args: tuple = ()):
        with self._lock, _translated(self.path):
            return self._db.execute(sql, args).fetchone()

    def _all(self, sql: str, args: tuple = ()) -> list:
        with self._lock, _translated(self.path):
            return self._db.execute(sql, args).fetchall()

    # ------------------------------------------------------------ closing

    def close(self) -> None:
        """Close the file (every answer is already committed), for every learner's view of it.
        Closing twice is harmless."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"History({str(self.path)!r})" if not self.learner else f"History({str(self.path)!r}, learner={self.learner!r})"


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


def _create_schema(db: sqlite3.Connection) -> None:
    """The history's tables, statement by statement (not ``executescript``, which would COMMIT a
    transaction the caller has open before its checks are done)."""
    for table, statement in _TABLES.items():
        db.execute(statement.format(name=table))
        for index in _INDEXES.get(table, ()):
            db.execute(index)


def _upgrade_from_1(db: sqlite3.Connection, tables: set[str]) -> None:
    """Turn a schema-1 history into the current schema (2 and 3 at once), inside the caller's transaction (an interruption
    before its COMMIT leaves the file exactly as it was). Every row is kept as it is and becomes
    the default learner's (``learner = ''``); the default learner's goal stays in ``meta``.

    ``answers`` and ``rounds`` gain a ``learner`` column (added last, as a new file has it);
    ``items`` is rebuilt, because its key becomes the learner and the item (the rowids are kept);
    every index is made again with the learner first; ``learners`` is created; ``meta`` says
    ``schema_version`` :data:`SCHEMA_VERSION` and when the upgrade was made (``upgraded_at``).
    The rebuilt ``items`` has schema 3's ``suspended_at``, NULL for every item."""
    learner = "learner TEXT NOT NULL DEFAULT ''"
    for table in ("answers", "rounds"):
        if table not in tables:  # a history from before rounds were kept
            db.execute(_TABLES[table].format(name=table))
        else:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {learner}")
    for index in ("answers_by_drill", "answers_by_item", "rounds_by_kind"):
        db.execute(f"DROP INDEX IF EXISTS {index}")
    db.execute(_TABLES["items"].format(name="items_upgraded"))
    db.execute(f"INSERT INTO items_upgraded (rowid, learner, {_ITEM_COLUMNS})"
               f" SELECT rowid, '', {_ITEM_COLUMNS} FROM items ORDER BY rowid")
    db.execute("DROP TABLE items")  # its index goes with it
    db.execute("ALTER TABLE items_upgraded RENAME TO items")
    db.execute(_TABLES["learners"].format(name="learners"))
    for table in ("answers", "items", "rounds"):
        for index in _INDEXES[table]:
            db.execute(index)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))
    db.execute("INSERT INTO meta (key, value) VALUES ('upgraded_at', ?) ON CONFLICT (key) DO UPDATE"
               " SET value = excluded.value", (_stamp(datetime.now(timezone.utc)),))


def _upgrade_from_2(db: sqlite3.Connection) -> None:
    """Turn a schema-2 history into schema 3 inside the caller's transaction (an interruption
    before its COMMIT leaves the file exactly as it was): ``items`` gains ``suspended_at``
    (added last, as a new file has it; NULL: no item is suspended); every row is kept as it is."""
    db.execute("ALTER TABLE items ADD COLUMN suspended_at TEXT")
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))
    db.execute("INSERT INTO meta (key, value) VALUES ('upgraded_at', ?) ON CONFLICT (key) DO UPDATE"
               " SET value = excluded.value", (_stamp(datetime.now(timezone.utc)),))


def _read_schema_2(db: sqlite3.Connection) -> None:
    """Let a read-only connection read a schema-2 history as schema 3, without writing to it: a
    temporary view of ``items`` with ``suspended_at`` NULL (no item of it is suspended)."""
    db.execute("CREATE TEMP VIEW items AS SELECT rowid AS rowid, *, NULL AS suspended_at FROM main.items")


def _read_schema_1(db: sqlite3.Connection, tables: set[str]) -> None:
    """Let a read-only connection read a schema-1 history as schema 2, without writing to it:
    temporary views (which name resolution finds before the file's tables) add ``learner = ''``
    to its rows, and an empty ``learners`` (and ``rounds``, if the file has none) lives in memory."""
    db.execute("CREATE TEMP VIEW answers AS SELECT *, '' AS learner FROM main.answers")
    db.execute(f"CREATE TEMP VIEW items AS SELECT rowid AS rowid, '' AS learner, {_ITEM_COLUMNS},"
               " NULL AS suspended_at FROM main.items")
    if "rounds" in tables:
        db.execute("CREATE TEMP VIEW rounds AS SELECT *, '' AS learner FROM main.rounds")
    else:
        db.execute(_TABLES["rounds"].format(name="temp.rounds"))
    db.execute(_TABLES["learners"].format(name="temp.learners"))


def _in_transaction(db: sqlite3.Connection, write) -> None:
    """``write()`` in one transaction, taking the write lock up front (``BEGIN IMMEDIATE``, so
    a writer waits for another instead of failing half-way), committed before returning."""
    db.execute("BEGIN IMMEDIATE")
    try:
        write()
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


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
        raise TablecalcError(_("the history path {path} is {kind}, not a file; {what_to_do}").format(
            path=repr(str(path)), kind=kind_of(path.stat().st_mode), what_to_do=_(_WHAT_TO_DO)))
    try:
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError as e:
        raise TablecalcError(_("cannot read the history {path}: {error}").format(path=repr(str(path)), error=e.strerror)) from None
    if not header:
        return  # an empty file is an empty database: nothing in it to lose
    if not header.startswith(_SQLITE_MAGIC) or len(header) < 100:
        raise TablecalcError(_("{path} is not a tablecalc history (not an SQLite database); {what_to_do}").format(
            path=repr(str(path)), what_to_do=_(_WHAT_TO_DO)))
    app_id = int.from_bytes(header[68:72], "big", signed=True)
    if app_id == APPLICATION_ID:
        return
    if app_id != 0:
        raise TablecalcError(
            _("{path} is not a tablecalc history (its header names another application); {what_to_do}").format(
                path=repr(str(path)), what_to_do=_(_WHAT_TO_DO))
        )
    if header[18] == 2 or header[19] == 2:
        # A history is marked in its header before it is ever switched to WAL, so an unmarked
        # WAL database is someone else's; reading it would create and keep -wal/-shm files.
        raise TablecalcError(
            _("{path} is not a tablecalc history (an unmarked SQLite database in WAL mode); {what_to_do}").format(
                path=repr(str(path)), what_to_do=_(_WHAT_TO_DO))
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


def _check_identity(path: pathlib.Path, tables: set, app_id: int, db: sqlite3.Connection) -> int:
    """Raise unless the database is a tablecalc history of a schema version this code reads;
    return that version (1 or 2).

    A version above :data:`SCHEMA_VERSION` is refused with a line saying that a newer
    tablecalc wrote the file, as every tablecalc since schema 1 does: a tablecalc that reads
    only schema 1 refuses a schema-2 history the same way, and never writes to it."""
    meta, problem = {}, ""
    if "meta" in tables:
        try:
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error as e:
            problem = str(e)
    if app_id != APPLICATION_ID and meta.get("application") != APPLICATION:
        found = ", ".join(sorted(tables)) or _("no tables")
        raise TablecalcError(
            _("{path} is not a tablecalc history (an SQLite database with {found}); {what_to_do}").format(
                path=repr(str(path)), found=found, what_to_do=_(_WHAT_TO_DO))
        )
    version = meta.get("schema_version", "")
    if not is_whole(version) or int(version) < 1:
        why = problem or (_("its schema version is missing") if not version
                           else _("unknown schema version {version}").format(version=repr(version)))
        raise TablecalcError(_("{path} is a damaged tablecalc history ({why}); {what_to_do}").format(
            path=repr(str(path)), why=why, what_to_do=_(_WHAT_TO_DO)))
    if int(version) > SCHEMA_VERSION:
        raise TablecalcError(
            _("{path} was written by a newer tablecalc (history schema {version}, this one reads {ours}): "
              "upgrade tablecalc, or set TABLECALC_HOME to another folder").format(
                path=repr(str(path)), version=version, ours=SCHEMA_VERSION)
        )
    missing = {"answers", "items", *(["learners"] if int(version) >= 2 else [])} - tables
    if missing:
        raise TablecalcError(
            _("{path} is a damaged tablecalc history ({why}); {what_to_do}").format(
                path=repr(str(path)), what_to_do=_(_WHAT_TO_DO),
                why=_("missing {tables}").format(tables=", ".join(sorted(missing))))
        )
    return int(version)


def _error(path: pathlib.Path, e: sqlite3.Error) -> TablecalcError:
    """One readable line for an SQLite failure on the history file."""
    msg = str(e)
    p = str(path)
    if "locked" in msg or "busy" in msg:
        return TablecalcError(
            _("the history {path} stayed locked by another program for {seconds:g} s: "
              "finish the other tablecalc session and try again").format(path=repr(p), seconds=BUSY_TIMEOUT)
        )
    if "readonly" in msg or "unable to open" in msg or "disk I/O" in msg:
        return TablecalcError(
            _("cannot write the history {path} ({error}): check the file's permissions, "
              "or set TABLECALC_HOME to a folder you can write to").format(path=repr(p), error=msg)
        )
    if "full" in msg:
        return TablecalcError(_("cannot write the history {path}: the disk is full").format(path=repr(p)))
    if "not a database" in msg or "malformed" in msg or "corrupt" in msg:
        return TablecalcError(_("{path} is damaged or not a tablecalc history ({error}); {what_to_do}").format(
            path=repr(p), error=msg, what_to_do=_(_WHAT_TO_DO)))
    return TablecalcError(_("the history {path} could not be used ({error}); {what_to_do}").format(
        path=repr(p), error=msg, what_to_do=_(_WHAT_TO_DO)))


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
