"""The files tablecalc reads and writes for a person, and the folder where it keeps its own.

Writing (:func:`write_file`): a file is written to a temporary file in the same folder,
flushed to the disk, then renamed into place, so a crash, a kill or a full disk leaves either
the old file or the new one, never half of one. An existing file is never written over unless
the person says so (``--force``), and never — even then — tablecalc's own files: the
history (``history.sqlite3`` and its companions, or any file that is a tablecalc history) and
the endgame tables. A symbolic link, a folder, a FIFO or a device is refused as a target.

Reading (:func:`read_bytes`): only a regular file, or standard input when ``-`` is named, and at
most a given number of bytes. A FIFO, a device or a folder is refused before it is opened for
reading (it could block for ever, or never end), and a file larger than the cap is refused from
its size, without reading it.

Every refusal is one :class:`~solver.errors.TablecalcError` naming the file.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_file(folder / "game.jsonl", "{}\\n", "the log")
>>> write_file(folder / "game.jsonl", "{}\\n", "the log")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.TablecalcError: the log '.../game.jsonl' already exists: tablecalc writes over a file only when told to (--force); give another name
>>> read_bytes(folder / "game.jsonl", "log")
b'{}\\n'
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

from solver.errors import TablecalcError, quoted_path
from solver.i18n import N_, _

FILE_WORDS = (N_("the log"), N_("the chart"), N_("the deck file"), N_("the tiles file"), N_("deck file"), N_("tile file"),
              N_("the endgame tables"), N_("a regular file"), N_("a folder"), N_("a symbolic link"),
              N_("a FIFO (named pipe)"), N_("a device"), N_("a socket"), N_("a special file"))
"""The names of the files tablecalc reads and writes, and of the kinds of file a path may be, as the
errors say them (marked for the catalogues, translated where an error names them)."""

__all__ = [
    "data_home", "HISTORY_NAME", "TABLES_FOLDER", "HISTORY_APPLICATION_ID", "TABLES_MAGIC", "MAX_FILE_BYTES",
    "read_bytes", "read_head", "write_file", "writing", "check_target", "kind_of",
]

HISTORY_NAME = "history.sqlite3"
"""The progress history's file name in :func:`data_home` (:mod:`trainer.history`)."""
HISTORY_COMPANIONS = ("", "-wal", "-shm", "-journal")
"""The history's file and the files SQLite keeps beside it."""
TABLES_FOLDER = "namnam"
"""The folder of :func:`data_home` where the Nam Nam endgame tables are kept."""
HISTORY_APPLICATION_ID = b"tblc"
"""``PRAGMA application_id`` of a tablecalc history, at byte 68 of its SQLite header."""
TABLES_MAGIC = b"tablecalc endgame tables\n"
"""The first bytes of an endgame table file (:mod:`solver.namnam.tables`)."""
_SQLITE_MAGIC = b"SQLite format 3\x00"

MAX_FILE_BYTES = 1 << 20
"""The largest deck, log or pack file tablecalc reads by default (1 MB)."""


def data_home() -> Path:
    """Where tablecalc keeps what it saves for a person: ``$TABLECALC_HOME`` if set, else the
    platform's user data folder (``~/.local/share/tablecalc`` on Linux)."""
    home = os.environ.get("TABLECALC_HOME", "").strip()
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("tablecalc", appauthor=False))


# ---------------------------------------------------------------- what a path is


def kind_of(mode: int) -> str:
    """What a file of mode ``mode`` (from :func:`os.stat`) is, in words.

    >>> kind_of(stat.S_IFIFO), kind_of(stat.S_IFDIR)
    ('a FIFO (named pipe)', 'a folder')
    """
    for test, words in ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a folder"),
                        (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                        (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return _(words)
    return _("a special file")


def _cannot(verb: str, what: str, path: object, e: OSError) -> TablecalcError:
    said = (_("cannot read {what} {path}: {why}") if verb == "read" else _("cannot write {what} {path}: {why}"))
    return TablecalcError(said.format(what=_(what), path=quoted_path(path), why=e.strerror or e))


# ---------------------------------------------------------------- reading


def read_bytes(path: str | Path, what: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file (``-``: standard input), at most ``limit`` of them, or a
    :class:`TablecalcError` saying why it cannot be read.

    A FIFO, a device or a folder is refused without being opened for reading (``/dev/zero``
    and a named pipe no one writes to are refused at once, not read for ever), and a file
    larger than ``limit`` is refused from its size.
    """
    if str(path) == "-":
        return _read_stdin(what, limit)
    p = Path(path)
    try:
        st = os.stat(p)  # follows a symbolic link: reading through one is fine
    except OSError as e:
        raise _cannot("read", what, p, e) from None
    _check_readable(p, what, st.st_mode, st.st_size, limit)
    with _opened(p, what, limit) as f:
        try:
            data = f.read(limit + 1)
        except OSError as e:
            raise _cannot("read", what, p, e) from None
    if len(data) > limit:
        raise TablecalcError(_("{what} {path} is too large: expected at most {limit} bytes").format(
            what=_(what), path=quoted_path(p), limit=f"{limit:,}"))
    return data


def read_head(path: str | Path, what: str, count: int) -> tuple[bytes, int]:
    """The first ``count`` bytes of a regular file of any size (fewer if it is shorter) and its size,
    or a :class:`TablecalcError` saying why it cannot be read (a FIFO, a device or a folder is
    refused without being read, as :func:`read_bytes` does)."""
    p = Path(path)
    with _opened(p, what, None) as f:
        try:
            return f.read(count), os.fstat(f.fileno()).st_size
        except OSError as e:
            raise _cannot("read", what, p, e) from None


@contextmanager
def _opened(p: Path, what: str, limit: int | None) -> Iterator[BinaryIO]:
    """``p`` open for reading, once it is known to be a regular file (of at most ``limit`` bytes).
    O_NONBLOCK: should the path be (or have become) a FIFO, opening it cannot block."""
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise _cannot("read", what, p, e) from None
    try:  # before fdopen, which refuses a folder with an error naming the descriptor ('3')
        st = os.fstat(fd)
        _check_readable(p, what, st.st_mode, st.st_size, limit)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as f:
        yield f


def _check_readable(p: Path, what: str, mode: int, size: int, limit: int | None) -> None:
    if not stat.S_ISREG(mode):
        raise TablecalcError(_("cannot read {what} {path}: it is {kind}, not a regular file; expected a file (or - for "
                               "standard input where a command reads it)").format(what=_(what), path=quoted_path(p),
                                                                                kind=kind_of(mode)))
    if limit is not None and size > limit:
        raise TablecalcError(_("{what} {path} is too large ({size} bytes): expected at most {limit} bytes").format(
            what=_(what), path=quoted_path(p), size=f"{size:,}", limit=f"{limit:,}"))


def _read_stdin(what: str, limit: int) -> bytes:
    """At most ``limit`` bytes of standard input: a redirected file larger than that is refused from
    its size; a pipe is read only as far as ``limit`` + 1 bytes."""
    stream = getattr(sys.stdin, "buffer", sys.stdin)
    try:
        st = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's stdin)
        st = None
    if st is not None and stat.S_ISREG(st.st_mode) and st.st_size - _position(stream) > limit:
        raise TablecalcError(_("{what} on standard input is too large ({size:,} bytes): expected at most {limit:,} bytes").format(
            what=what, size=st.st_size, limit=limit))
    chunks, size = [], 0
    try:
        while size <= limit:
            chunk = stream.read(min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            if isinstance(chunk, str):
                chunk = chunk.encode("utf-8", "surrogateescape")
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise _cannot("read", what, "-", e) from None
    if size > limit:
        raise TablecalcError(_("{what} on standard input is too large: expected at most {limit:,} bytes").format(what=what, limit=limit))
    return b"".join(chunks)


def _position(stream) -> int:
    try:
        return stream.tell()
    except (OSError, ValueError, AttributeError):
        return 0


# ---------------------------------------------------------------- writing


def _own_paths() -> list[tuple[Path, str]]:
    """tablecalc's own files and folders in :func:`data_home`, with what each is."""
    home = data_home()
    own = [(home / f"{HISTORY_NAME}{tail}", N_("your tablecalc history")) for tail in HISTORY_COMPANIONS]
    own.append((home / TABLES_FOLDER, N_("the endgame tables' folder")))
    return own


def _owner_of(p: Path) -> str | None:
    """What ``p`` is when it is one of tablecalc's own files (by place, or by what it holds), else ``None``."""
    try:
        target = os.path.realpath(p)
    except OSError:
        target = str(p)
    for own, words in _own_paths():
        where = os.path.realpath(own)
        if target == where or (words.endswith("folder") and target.startswith(where + os.sep)):
            return words
        try:
            if os.path.exists(own) and os.path.samefile(own, p):  # a hard link to it
                return words
        except OSError:
            pass
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        head = f.read(100) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    if head.startswith(_SQLITE_MAGIC) and head[68:72] == HISTORY_APPLICATION_ID:
        return N_("a tablecalc history")
    if head.startswith(TABLES_MAGIC):
        return N_("an endgame table file")
    return None


def check_target(path: str | Path, what: str, *, force: bool = False, own: bool = False) -> None:
    """Raise a :class:`TablecalcError` unless ``path`` may be written: it must not exist, or be a
    regular file when ``force`` is given (tablecalc's own files never, unless ``own``: the module
    that keeps them). A symbolic link, a folder, a FIFO or a device is always refused."""
    p = Path(path)
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise _cannot("write", what, p, e) from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise TablecalcError(_("{what} {path} is a symbolic link: tablecalc does not write through one (it could "
                               "replace the file it points to); give the name of a new file").format(
            what=_(what), path=quoted_path(p)))
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise TablecalcError(_("{what} {path} is {kind}: expected the name of a new file").format(
            what=_(what), path=quoted_path(p), kind=kind_of(st.st_mode)))
    if not own:
        owner = _owner_of(p)
        if owner is not None:
            raise TablecalcError(_("{what} {path} is {owner}: tablecalc never writes over it, even with --force; "
                                   "give another name").format(what=_(what), path=quoted_path(p), owner=_(owner)))
    if st is not None and not force and not own:
        raise TablecalcError(_("{what} {path} already exists: tablecalc writes over a file only when told to (--force); "
                               "give another name").format(what=_(what), path=quoted_path(p)))


@contextmanager
def writing(path: str | Path, what: str, *, force: bool = False, own: bool = False) -> Iterator[BinaryIO]:
    """A binary file to write ``path``'s new content to: a temporary file in the same folder, flushed
    to the disk and renamed into place when the ``with`` block ends without an error (removed
    otherwise). See :func:`check_target` for what may be written over. The file is open for reading
    too (``w+b``), so that it may be memory-mapped."""
    p = Path(path)
    check_target(p, what, force=force, own=own)
    folder = p.parent
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{p.name[:100]}.", suffix=".tmp")
    except OSError as e:
        raise _cannot("write", what, p, e) from None
    done = False
    try:
        with os.fdopen(fd, "w+b") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(p))
        _put_in_place(tmp, p, what, replace=force or own)
        done = True
        _sync_folder(folder)
    except OSError as e:
        raise _cannot("write", what, p, e) from None
    finally:
        if not done:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def write_file(path: str | Path, content: str | bytes | Callable[[BinaryIO], None], what: str, *,
               force: bool = False, own: bool = False) -> None:
    """Write ``content`` (text as UTF-8, bytes, or a function writing to a binary file) to ``path``
    atomically (see :func:`writing`)."""
    with writing(path, what, force=force, own=own) as f:
        if callable(content):
            content(f)
        else:
            f.write(content.encode("utf-8") if isinstance(content, str) else content)


def _mode_for(p: Path) -> int:
    """The permissions of the file written: those of the file replaced, else what the umask allows."""
    try:
        return stat.S_IMODE(os.stat(p).st_mode)
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def _put_in_place(tmp: str, p: Path, what: str, *, replace: bool) -> None:
    if replace:
        check_target(p, what, force=True, own=True)  # a link or a folder put there meanwhile
        os.replace(tmp, p)
        return
    try:
        os.link(tmp, p)  # fails if anything appeared at p meanwhile: no file is ever replaced
    except FileExistsError:
        raise TablecalcError(_("{what} {path} already exists: tablecalc writes over a file only when told to (--force); "
                               "give another name").format(what=_(what), path=quoted_path(p))) from None
    except OSError:  # a file system without hard links
        check_target(p, what)
        os.rename(tmp, p)
        return
    os.unlink(tmp)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file to the disk, where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
