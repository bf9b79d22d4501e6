"""Files written for a person (logs, exported data files, charts): atomically, never over an
existing file without --force, never over the history or the tables even with it, never through
a link, into a folder, a FIFO or a device; and files read: only regular files (or stdin), capped.

The file-writing options are found by walking the command tree: every command with ``--force``
writes a file, and every option that writes one (``--log``, ``--export``, ``--plot``, the
report's ``--pdf`` and ``--html``) comes with ``--force``.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
from typer.testing import CliRunner

from solver.errors import TablecalcError
from solver.files import read_bytes, write_file
from tests.support.cli_tree import commands, options
from trainer.cli import app

WRITING_OPTIONS = ("--log", "--export", "--plot", "--pdf", "--html")
"""The options that name a file tablecalc writes (a command's LOG argument is read, not written)."""


COMMANDS = [(path, options(command)) for path, command in commands()]
WRITERS = [(path, option) for path, opts in COMMANDS for option in WRITING_OPTIONS if option in opts]


def test_every_file_writing_option_has_force_and_there_are_some():
    assert len(WRITERS) >= 7, WRITERS  # simulate and follow --log of five games, three --export, stats --plot
    for path, opts in COMMANDS:
        writes = [o for o in WRITING_OPTIONS if o in opts]
        assert bool(writes) == ("--force" in opts), (path, sorted(opts))


def _base(path, opts) -> list[str]:
    """A quick valid command line for ``path``: one round, the game's fewest players, a fixed seed."""
    words = list(path)
    for option, value in (("--rounds", "1"), ("--seed", "1"), ("--bot", "random")):
        if option in opts:
            words += [option, value]
    return words


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A TABLECALC_HOME with a history holding one answer (so that stats --plot has a chart to draw)."""
    from trainer.history import AnswerRecord, History

    home = tmp_path / "home"
    monkeypatch.setenv("TABLECALC_HOME", str(home))
    with History.open() as h:
        h.record(AnswerRecord(drill="arith", level="add", item="arith:add:1+1", puzzle={"question": "1+1"},
                              answer="2", correct=True, verdict={"correct": True}, penalty=0, seconds=2.0,
                              reference_seconds=5.0, session="s", at=datetime.now(timezone.utc)))
    return home


def _run(words):
    return CliRunner().invoke(app, words)


def _history_is_intact(home: Path) -> None:
    r = _run(["stats", "--json"])
    assert r.exit_code == 0, r.output
    assert '"answers": 1' in r.stdout


def _refused(r, name: str) -> None:
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("tablecalc: error: ") and r.stderr.count("\n") == 1, r.stderr
    assert name in r.stderr, r.stderr


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("path, option", WRITERS, ids=[" ".join([*p, o]) for p, o in WRITERS])
def test_a_file_writing_option_writes_new_files_and_refuses_everything_else(tmp_path, home, path, option):
    opts = dict(COMMANDS)[path]
    base = _base(path, opts)
    suffix = {"--plot": ".png", "--pdf": ".pdf", "--html": ".html"}.get(option, ".txt")
    out = tmp_path / "out"
    out.mkdir()

    # a new file: written, nothing left behind
    target = out / f"new{suffix}"
    r = _run([*base, option, str(target)])
    assert r.exit_code == 0, r.output
    assert target.stat().st_size > 0 and not _leftovers(out)

    # an existing file: kept as it is, unless --force
    existing = out / f"mine{suffix}"
    existing.write_bytes(b"my own words")
    _refused(_run([*base, option, str(existing)]), existing.name)
    assert existing.read_bytes() == b"my own words"
    r = _run([*base, option, str(existing), "--force"])
    assert r.exit_code == 0, r.output
    assert existing.read_bytes() != b"my own words" and not _leftovers(out)

    # the history, named or through a link, a hard link or a copy: never, even with --force
    history = home / "history.sqlite3"
    link = out / f"link{suffix}"
    link.symlink_to(history)
    hard = out / f"hard{suffix}"
    os.link(history, hard)
    copy = out / f"copy{suffix}"
    copy.write_bytes(history.read_bytes())
    for victim in (history, link, hard, copy):
        for force in ([], ["--force"]):
            _refused(_run([*base, option, str(victim), *force]), victim.name)
    _history_is_intact(home)
    assert copy.read_bytes()[:16] == b"SQLite format 3\x00"

    # a folder, a FIFO, a device: refused at once
    folder = out / f"folder{suffix}"
    folder.mkdir()
    fifo = out / f"fifo{suffix}"
    os.mkfifo(fifo)
    for special in (folder, fifo, Path("/dev/full"), Path("/dev/null")):
        for force in ([], ["--force"]):
            _refused(_run([*base, option, str(special), *force]), str(special.name))
    assert folder.is_dir() and not _leftovers(out)
    _history_is_intact(home)


def test_the_issue_s_command_leaves_the_history_readable(home):
    r = _run(["nainjaune", "simulate", "--players", "3", "--rounds", "1", "--log", str(home / "history.sqlite3")])
    _refused(r, "history.sqlite3")
    _history_is_intact(home)


def test_a_table_file_is_never_written_over(tmp_path, home):
    from solver.files import TABLES_MAGIC

    tables = home / "namnam"
    tables.mkdir()
    own = tables / "endgame-no-capture-8.tables"
    own.write_bytes(TABLES_MAGIC + b"...")
    elsewhere = tmp_path / "copy.tables"
    elsewhere.write_bytes(TABLES_MAGIC + b"...")
    for victim in (own, elsewhere, tables / "new.txt"):
        _refused(_run(["nambarz", "deck", "--export", str(victim), "--force"]), victim.name)
    assert own.read_bytes() == TABLES_MAGIC + b"..." and not (tables / "new.txt").exists()


# ---------------------------------------------------------------- the helper itself


def test_a_full_disk_is_one_line_naming_the_file_and_keeps_the_old_one(tmp_path, monkeypatch):
    target = tmp_path / "game.jsonl"
    target.write_text("the old log\n")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(TablecalcError, match=r"cannot write the log '.*game\.jsonl': No space left on device"):
        write_file(target, "a new log\n" * 1000, "the log", force=True)
    assert target.read_text() == "the old log\n"
    assert os.listdir(tmp_path) == ["game.jsonl"]


def test_a_write_that_fails_half_way_leaves_nothing(tmp_path):
    def half(f):
        f.write(b"half of it")
        raise TablecalcError("stopped half-way")

    with pytest.raises(TablecalcError, match="half-way"):
        write_file(tmp_path / "x.txt", half, "the file")
    assert os.listdir(tmp_path) == []


def test_a_written_file_gets_the_usual_permissions(tmp_path):
    mask = os.umask(0o022)
    try:
        write_file(tmp_path / "x.txt", "hello", "the file")
    finally:
        os.umask(mask)
    assert (tmp_path / "x.txt").stat().st_mode & 0o777 == 0o644


# ---------------------------------------------------------------- reading


def test_reading_refuses_special_files_at_once(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for special, kind in ((fifo, "FIFO"), (tmp_path, "folder"), (Path("/dev/zero"), "device")):
        with pytest.raises(TablecalcError, match=f"it is a.* {kind}.*not a regular file"):
            read_bytes(special, "deck file")
    big = tmp_path / "big"
    with open(big, "wb") as f:
        f.truncate(10 << 20)  # sparse: refused from its size, never read
    with pytest.raises(TablecalcError, match="is too large"):
        read_bytes(big, "deck file")


FIFO_READERS = [
    ["nambarz", "deck", "--deck"], ["nmbrs", "deck", "--deck"], ["ramikubic", "tiles", "--tiles"],
    ["reach", "--batch"], ["drill", "arith", "--count", "1", "--pack"],
]


def test_every_reader_refuses_a_fifo_in_one_line_without_blocking(tmp_path):
    """A FIFO no one writes to would block an ``open`` for ever: each reader refuses it. Each
    game's referee reads its LOG the same way (found by walking the tree)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    referees = [[*path] for path, _ in COMMANDS if path[-1] == "referee"]
    assert referees
    script = ("import sys; from trainer.cli import app; sys.argv = ['tablecalc', *sys.argv[1:]]; app()")
    for words in [*FIFO_READERS, *referees]:
        r = subprocess.run([sys.executable, "-c", script, *words, str(fifo)], capture_output=True, text=True,
                           timeout=20, env={**os.environ, "TABLECALC_HOME": str(tmp_path / "home")})
        assert r.returncode == 2, (words, r.stderr)
        assert r.stderr.count("\n") == 1 and "FIFO" in r.stderr and "Traceback" not in r.stderr, (words, r.stderr)


def test_standard_input_is_capped_like_a_file():
    """``referee -`` once read all of standard input (2.1 GB: a MemoryError traceback; 300 MB: 1.5 s):
    it reads one byte past the cap and refuses, for every game's referee."""
    from solver.files import MAX_FILE_BYTES

    referees = [path for path, _ in COMMANDS if path[-1] == "referee"]
    assert referees
    for path in referees:
        r = CliRunner().invoke(app, [*path, "-"], input="{}\n" * (MAX_FILE_BYTES // 3 + 10))
        _refused(r, "standard input")
        assert "too large" in r.stderr


def test_a_log_larger_than_the_referee_reads_is_not_written(tmp_path):
    """simulate --rounds 1000 of a game whose match never ends would write a log 'referee' refuses:
    it is refused at once, in one line, and nothing is written."""
    from solver.gamelog import MAX_LOG_LINES, write_log

    target = tmp_path / "long.jsonl"
    with pytest.raises(TablecalcError, match=r"would hold 20,001 lines .*more than 'referee' reads"):
        write_log(target, [{"type": "move", "move": "1"}] * (MAX_LOG_LINES + 1))
    assert not target.exists() and not list(tmp_path.iterdir())
    write_log(target, [{"type": "move", "move": "1"}] * MAX_LOG_LINES)
    assert len(target.read_text().splitlines()) == MAX_LOG_LINES
