"""Endgame table files that are damaged or are not the ones asked for: each is refused in one line
naming the file, ``namnam best`` answers by search and says so (never from a wrong table),
``namnam tables --build`` rebuilds it, and a build killed half-way leaves nothing a later ``best``
reads as valid; a build that cannot fit in memory is refused before it starts.

The tables here go up to 9 seeds (a second or so to build): boards of 9 seeds are beyond the 8-seed
tables built in memory on demand, so only the saved file could answer them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import zlib
from dataclasses import replace

import numpy as np
import pytest
from typer.testing import CliRunner

import solver.namnam.tables as tables
from solver.compiled import numba_installed
from solver.errors import TablecalcError
from solver.files import TABLES_MAGIC
from solver.namnam import Position, Rules
from solver.namnam.rules import GrandSlam
from solver.namnam.sowing import legal_starts
from trainer.cli import app

N = 9
FORBIDDEN = Rules(grand_slam=GrandSlam.FORBIDDEN)


@pytest.fixture(scope="module")
def built():
    t8 = tables.build(8)
    return {"t8": t8, "t9": tables.build(N, base=t8), "t7": tables.build(7), "t9-forbidden": tables.build(N, FORBIDDEN)}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path))
    monkeypatch.setattr(tables, "_LOADED", {})
    monkeypatch.setattr(tables, "_REFUSED", {})
    return tmp_path


def _file(t, tmp_path, name="x.tables") -> bytes:
    path = tmp_path / name
    t.save(path)
    data = path.read_bytes()
    path.unlink()
    return data


def _flip(data: bytes, at: int) -> bytes:
    b = bytearray(data)
    b[at % len(b)] ^= 0x10
    return bytes(b)


def _raw_values(data: bytes, change) -> bytes:
    """The file with its values changed and its header (checksums included) left as it was."""
    payload = bytearray(data)
    at, size = tables.HEADER_BYTES + sum(tables.layer_size(k) for k in range(N)), tables.layer_size(N)
    values = np.frombuffer(bytes(payload[at:at + size]), dtype=np.int8)
    payload[at:at + size] = change(values.copy()).tobytes()
    return bytes(payload)


def _format_1(data: bytes, tmp) -> bytes:
    """A file of the format before (a JSON line, then the values compressed)."""
    header = {"format": 1, "game": "namnam", "max_seeds": N, "rules": {"grand_slam": "no-capture"}}
    return TABLES_MAGIC + json.dumps(header).encode() + b"\n" + zlib.compress(data[tables.HEADER_BYTES:])


def _resaved(t, tmp_path, change) -> bytes:
    """Tables with their last layer changed, saved properly: a header and a checksum that agree."""
    values = list(t.values)
    values[N] = change(values[N].copy())
    return _file(replace(t, values=tuple(values)), tmp_path)


def _out_of_range(v):
    v[len(v) // 3] = 101
    return v


DAMAGE = {
    "empty": lambda b, d, tmp: b"",
    "not a table": lambda b, d, tmp: b"hello",
    "an old .npz": lambda b, d, tmp: b"PK\x03\x04" + d[:200],
    "truncated in the header": lambda b, d, tmp: d[:len(TABLES_MAGIC) + 20],
    "the header's room cut short": lambda b, d, tmp: d[:1000] + d[tables.HEADER_BYTES:],
    "a file of the format before": lambda b, d, tmp: _format_1(d, tmp),
    "truncated in half": lambda b, d, tmp: d[:len(d) // 2],
    "the last byte cut": lambda b, d, tmp: d[:-1],
    "a byte appended": lambda b, d, tmp: d + b"\0",
    "a bit flipped in the magic": lambda b, d, tmp: _flip(d, 3),
    "a bit flipped in the header": lambda b, d, tmp: _flip(d, len(TABLES_MAGIC) + 40),
    "a bit flipped in a checksum": lambda b, d, tmp: _flip(d, -4 * tables._blocks(N) + 1),
    "a bit flipped in the cyclic flags": lambda b, d, tmp: _flip(d, -4 * tables._blocks(N) - 3),
    "a bit flipped in the values": lambda b, d, tmp: _flip(d, len(d) // 2),
    "a bit flipped at the end": lambda b, d, tmp: _flip(d, -3),
    "the 7-seed file renamed as the 9": lambda b, d, tmp: _file(b["t7"], tmp),
    "another rule variant under this name": lambda b, d, tmp: _file(b["t9-forbidden"], tmp),
    "values negated": lambda b, d, tmp: _raw_values(d, lambda v: -v),
    "values out of range": lambda b, d, tmp: _raw_values(d, _out_of_range),
    "values negated, checksum recomputed": lambda b, d, tmp: _resaved(b["t9"], tmp, lambda v: -v),
    "values out of range, checksum recomputed": lambda b, d, tmp: _resaved(b["t9"], tmp, _out_of_range),
}


def _positions(t9):
    """Boards of 9 seeds where South has a move, as positions (South to move, 20-19 captured)."""
    out = []
    for r in range(0, tables.layer_size(N), 9973):
        c = tables.unrank(N, r)
        if legal_starts(c, False):
            out.append((Position.from_canonical(c, 0, (20, 19), Rules().direction), t9.value(c) + 1))
    return out[:8]


def _best(position) -> dict:
    r = CliRunner().invoke(app, ["namnam", "best", str(position), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.parametrize("case", DAMAGE)
def test_a_damaged_or_wrong_table_is_refused_and_never_answers(home, built, case):
    path = tables.cache_path(N)
    path.parent.mkdir(parents=True)
    path.write_bytes(DAMAGE[case](built, _file(built["t9"], home), home))

    with pytest.raises(TablecalcError) as e:
        tables.load(path, max_seeds=N, grand_slam=GrandSlam.NO_CAPTURE)
    message = str(e.value)
    assert "\n" not in message and path.name in message and "tablecalc namnam tables --build 9" in message

    r = CliRunner().invoke(app, ["namnam", "tables"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and path.name in r.stderr, r.output

    for position, value in _positions(built["t9"]):
        d = _best(position)
        assert d["source"].startswith("search; cannot use the endgame tables") and path.name in d["source"], d
        assert not d["exact"] or d["value"] == value, (position, d)


@pytest.mark.parametrize("case", ["truncated in half", "a bit flipped in the values", "the 7-seed file renamed as the 9",
                                  "another rule variant under this name", "values negated, checksum recomputed"])
def test_build_rebuilds_a_refused_table(home, built, case):
    path = tables.cache_path(N)
    path.parent.mkdir(parents=True)
    path.write_bytes(DAMAGE[case](built, _file(built["t9"], home), home))
    tables._LOADED[(GrandSlam.NO_CAPTURE, 8)] = built["t8"]  # as a session that built the small tables has them
    r = CliRunner().invoke(app, ["namnam", "tables", "--build", "9", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["max_seeds"] == N and r.stderr == ""
    again = tables.load(path, max_seeds=N, grand_slam=GrandSlam.NO_CAPTURE)
    assert all((a == b).all() for a, b in zip(again.values, built["t9"].values))
    tables._LOADED.clear()
    for position, value in _positions(built["t9"]):
        d = _best(position)
        assert d["source"] == "tables" and d["exact"] and d["value"] == value


def test_good_tables_answer_and_a_larger_damaged_file_only_warns(home, built):
    built["t9"].save(tables.cache_path(N))
    damaged = tables.cache_path(12)
    damaged.write_bytes(b"half a table")
    for position, value in _positions(built["t9"]):
        d = _best(position)
        assert d["source"] == "tables" and d["value"] == value
    r = CliRunner().invoke(app, ["namnam", "tables", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["max_seeds"] == N
    assert r.stderr.startswith("tablecalc: warning: cannot use the endgame tables") and r.stderr.count("\n") == 1


def test_files_of_an_older_tablecalc_are_not_read_and_go_with_a_build(home, built):
    folder = tables.cache_path(N).parent
    folder.mkdir(parents=True)
    old = folder / "endgame-no-capture-15.npz"
    old.write_bytes(b"PK\x03\x04 an old table")
    assert tables.available() == [] and tables.superseded() == [old]
    tables._LOADED[(GrandSlam.NO_CAPTURE, 8)] = built["t8"]
    assert CliRunner().invoke(app, ["namnam", "tables", "--build", "9", "--json"]).exit_code == 0
    assert not old.exists() and tables.available() == [(N, tables.cache_path(N))]


def test_a_table_file_that_is_a_fifo_is_refused_without_blocking(home):
    path = tables.cache_path(N)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    with pytest.raises(TablecalcError, match="FIFO"):
        tables.load(path, max_seeds=N)


# ---------------------------------------------------------------- a build killed half-way


def test_a_save_stopped_half_way_leaves_the_old_file(home, built, monkeypatch):
    path = tables.cache_path(N)
    built["t8"].save(tables.cache_path(8))
    built["t7"].save(path)  # under the 9-seed name: refused, and must stay exactly as it was
    before = path.read_bytes()

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(zlib, "crc32", stopped)  # as the header is being made
    with pytest.raises(KeyboardInterrupt):
        built["t9"].save(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == sorted([path.name, tables.cache_path(8).name])


KILLED = """
import sys, time
import solver.files as files
import solver.namnam.tables as tables
def slow(*args):
    print("{when}", flush=True)
    time.sleep(60)
{patch}
sys.argv = ["tablecalc", "namnam", "tables", "--build", "9", "--json"]
from trainer.cli import app
app()
"""
PATCHES = {"building": "tables._settle = slow\ntry:\n    import solver.namnam.kernel as kernel\n"
                        "    kernel.sweep = slow\nexcept ImportError:\n    pass",
           "saving": "files.os.fsync = slow"}


@pytest.mark.parametrize("when", ["building", "saving"])
def test_a_build_killed_half_way_leaves_nothing_best_would_read(home, built, when):
    """SIGKILL while the tables are built, and while their file is written: the files a later
    ``best`` finds are the ones from before, whole (a temporary file left behind is never read)."""
    built["t8"].save(tables.cache_path(8))
    env = {**os.environ, "TABLECALC_HOME": str(home)}
    script = KILLED.format(when=when, patch=PATCHES[when])
    p = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline() == f"{when}\n"  # layer 9 is being solved / the new file is being written
    p.send_signal(signal.SIGKILL)
    p.wait(10)
    p.stdout.close()
    assert tables.available() == [(8, tables.cache_path(8))]
    assert tables.largest().max_seeds == 8
    for position, value in _positions(built["t9"])[:3]:
        d = _best(position)
        assert d["source"] == "search" and (not d["exact"] or d["value"] == value)


# ---------------------------------------------------------------- memory


def test_a_build_that_cannot_fit_is_refused_before_it_starts(home, monkeypatch):
    monkeypatch.setattr(tables, "available_memory", lambda: 2_000_000_000)

    def solved(*args, **kwargs):
        raise AssertionError("a layer was solved")

    monkeypatch.setattr(tables, "_layer", solved)  # nothing may be built
    monkeypatch.setattr("solver.namnam.taskgraph.solve_layer", solved)
    r = CliRunner().invoke(app, ["namnam", "tables", "--build", "24"])
    assert r.exit_code == 3, r.output
    if numba_installed():  # the compiled builder (about 18 bytes a board of the last layer)
        assert r.stderr == ("tablecalc: error: building the endgame tables up to 24 seeds needs about 11.2 GB of "
                            "memory (layer 24 alone has 417,225,900 boards), and 2.0 GB is available: at most --build "
                            "20 fits on this machine\n")
    else:  # the NumPy builder (about 200)
        assert r.stderr == ("tablecalc: error: building the endgame tables up to 24 seeds needs about 90.3 GB of "
                            "memory (layer 24 alone has 417,225,900 boards), and 2.0 GB is available: at most --build "
                            "15 fits on this machine\n")
    assert not tables.cache_path(24).parent.exists() or not any(tables.cache_path(24).parent.iterdir())


def test_the_memory_estimate_covers_what_builds_were_measured_to_take():
    """docs/namnam.md: 15 seeds peaked at 1.5 GB, 18 seeds (extending the 15) at 6.8 GB with NumPy;
    compiled, written to a file, 14 seeds at 252 MiB, 16 at 403 MiB, 18 at 841 MiB."""
    assert 1.5e9 < tables.build_memory(15) < 2.2e9
    assert 6.8e9 < tables.build_memory(18, 15) < 8.5e9
    for seeds, mib in ((14, 252), (16, 403), (18, 841)):
        assert mib * 2**20 < tables.build_memory(seeds, compiled=True) < 1.15 * mib * 2**20


# ---------------------------------------------------------------- large files: checked block by block


def test_a_damaged_block_of_a_large_file_is_found_when_read_and_never_answers(home, built, monkeypatch):
    """A file too large to check whole when it is read (here: as if it were) has each block of
    64 KiB checked the first time a value in it is read: ``best`` on a board whose values lie in a
    damaged block answers by search, saying why, and the file is refused from then on."""
    monkeypatch.setattr(tables, "CHECKED_WHOLE", 0)
    monkeypatch.setattr(tables, "RANGE_CHECKED", 1000)
    monkeypatch.setattr(tables, "spot_check", lambda t, samples=0: None)  # no read of layer 9 when loaded
    path = tables.cache_path(N)
    built["t9"].save(path)
    data = bytearray(path.read_bytes())
    start = tables.HEADER_BYTES + sum(tables.layer_size(k) for k in range(N))
    first = -(-(start - tables.HEADER_BYTES) // tables.BLOCK_BYTES) * tables.BLOCK_BYTES + tables.HEADER_BYTES
    for at in range(first, start + tables.layer_size(N) - tables.BLOCK_BYTES, 4096):  # the blocks inside layer 9
        data[at] ^= 0x40
    path.write_bytes(bytes(data))
    t = tables.load(path, max_seeds=N)  # reads well: nothing of layer 9 read yet
    guard = t.values[N].guard
    assert not any(guard.ok[(first - tables.HEADER_BYTES) // tables.BLOCK_BYTES:-2])
    with pytest.raises(tables.TablesDamaged, match="it is damaged: its checksum does not match"):
        t.value(tables.unrank(N, 12345))
    for position, value in _positions(built["t9"])[:3]:
        d = _best(position)
        assert d["source"].startswith("search; cannot use the endgame tables") and path.name in d["source"], d
        assert not d["exact"] or d["value"] == value


def test_a_damaged_block_is_not_extended_but_rebuilt(home, built, monkeypatch):
    """``--build`` over tables whose file has a damaged block (unread so far) checks every block
    first, says which file it leaves aside, and builds from nothing instead of copying bad values."""
    monkeypatch.setattr(tables, "CHECKED_WHOLE", 0)
    monkeypatch.setattr(tables, "RANGE_CHECKED", 1000)
    monkeypatch.setattr(tables, "spot_check", lambda t, samples=0: None)
    path = tables.cache_path(N)
    built["t9"].save(path)
    data = bytearray(path.read_bytes())
    data[tables.HEADER_BYTES + sum(tables.layer_size(k) for k in range(N)) + 70_000] ^= 0x40
    path.write_bytes(bytes(data))
    r = CliRunner().invoke(app, ["namnam", "tables", "--build", "10", "--json"])
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("tablecalc: warning: cannot use the endgame tables") and "damaged" in r.stderr
    again = tables.load(tables.cache_path(10), max_seeds=10)
    assert all(np.array_equal(np.asarray(a), np.asarray(b)) for a, b in zip(again.values, built["t9"].values))
    assert not path.exists()  # the 10-seed tables hold the 9


def test_a_build_no_larger_than_the_tables_saved_writes_nothing(home, built):
    built["t9"].save(tables.cache_path(N))
    before = sorted(p.name for p in tables.cache_path(N).parent.iterdir())
    r = CliRunner().invoke(app, ["namnam", "tables", "--build", "7", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["max_seeds"] == N
    assert "already built" in r.stderr and r.stderr.count("\n") == 1
    assert sorted(p.name for p in tables.cache_path(N).parent.iterdir()) == before


def test_the_file_of_a_killed_build_goes_with_the_next_one_but_not_a_running_ones(home, built):
    import fcntl

    folder = tables.cache_path(N).parent
    folder.mkdir(parents=True)
    stale = folder / ".endgame-no-capture-12.tables.abc123.tmp"
    stale.write_bytes(b"\0" * 1000)  # left by a build killed with SIGKILL: its lock went with it
    running = folder / ".endgame-no-capture-13.tables.def456.tmp"
    running.write_bytes(b"\0" * 1000)
    with open(running, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # a build still writing it
        built["t7"].save(tables.cache_path(7))
        assert not stale.exists() and running.exists()
