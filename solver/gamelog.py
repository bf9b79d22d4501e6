"""Game logs: a recorded game as JSON lines, one object per line, the format every game's
``simulate --log`` writes and ``referee`` reads.

The shape is shared; what a line holds is the game's (see each game's doc): a ``game``
line (players, seed, rules), then for each round a deal line, one ``move`` line per move
(``{"type": "move", "round": 1, "player": 0, "move": "..."}``, the move in the notation
the game's ``parse_move`` reads), a line with the round's result, and an ``end`` line.
A person can write one by hand; blank lines are read past.

>>> log_objects('{"type": "game"}\\n\\n{"move": "7d"}', "log")
[(1, {'type': 'game'}), (3, {'move': '7d'})]
>>> log_objects("[1]", "log")
Traceback (most recent call last):
...
solver.errors.TablecalcError: log, line 1: expected a JSON object per line, e.g. {"player": 1, "move": "..."}
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Iterable

from solver.errors import TablecalcError, quoted, quoted_path
from solver.i18n import _
from solver.files import MAX_FILE_BYTES, check_target, write_file
from solver.parsing import read_text

__all__ = ["MAX_LOG_LINES", "read_log", "log_objects", "log_bytes", "write_log", "check_log_target"]

MAX_LOG_LINES = 20_000
"""The most lines a log may have."""


def read_log(log: str | Path) -> tuple[str, str]:
    """The text of a log file (``-``: standard input, capped like a file) and the name to quote it by."""
    if str(log) == "-":
        return read_text("-", _("log")), "stdin"
    if not os.path.lexists(log):
        raise TablecalcError(_("no log file {log}: expected a file of JSON lines (or - for stdin)").format(log=quoted(str(log))))
    return read_text(log, _("log")), str(log)


def log_objects(text: str, source: str = "log", max_lines: int = MAX_LOG_LINES) -> list[tuple[int, dict]]:
    """The numbered JSON objects of a log's text (blank lines read past), or one error line
    naming the line that is not a JSON object."""
    lines = str(text).split("\n")
    if not any(line.strip() for line in lines):
        raise TablecalcError(_("{source} is empty: expected JSON lines, one object each").format(source=source))
    if len(lines) > max_lines:
        raise TablecalcError(_("{source} has {lines} lines: expected at most {max_lines}").format(source=source, lines=len(lines), max_lines=max_lines))
    out: list[tuple[int, dict]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = _("{source}, line {line}").format(source=source, line=number)
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise TablecalcError(_("{where} is not JSON ({msg}: column {colno}); expected one object per line").format(where=where, msg=e.msg, colno=e.colno)) from None
        except RecursionError:
            raise TablecalcError(_("{where} is nested too deeply: expected one flat object per line").format(where=where)) from None
        if not isinstance(obj, dict):
            raise TablecalcError(_("{where}: expected a JSON object per line, e.g. {{\"player\": 1, \"move\": \"...\"}}").format(where=where))
        out.append((number, obj))
    return out


def log_bytes(lines: Iterable[dict], name: str = "the log") -> bytes:
    """``lines`` as the text of a log file: JSON lines, UTF-8, one object per line (what
    :func:`write_log` writes, and the browser's download). A log larger than a referee reads
    (:data:`MAX_LOG_LINES` lines, :data:`solver.files.MAX_FILE_BYTES`) is refused in one line,
    rather than made into a file ``referee`` would refuse.

    >>> log_bytes([{"type": "game", "game": "namnam", "players": ["Zoé", "Bob"]}])
    b'{"type": "game", "game": "namnam", "players": ["Zo\\xc3\\xa9", "Bob"]}\\n'
    """
    encoded = [(json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8") for line in lines]
    size = sum(map(len, encoded))
    if len(encoded) > MAX_LOG_LINES or size > MAX_FILE_BYTES:
        raise TablecalcError(_("{name} would hold {lines:,} lines ({size:,} bytes), more than 'referee' reads "
                               "({max_lines:,} lines, {max_bytes:,} bytes): not written; expected fewer --rounds").format(
            name=name, lines=len(encoded), size=size, max_lines=MAX_LOG_LINES, max_bytes=MAX_FILE_BYTES))
    return b"".join(encoded)


def write_log(path: str | Path, lines: Iterable[dict], *, force: bool = False) -> None:
    """Write ``lines`` as JSON lines to ``path`` (:func:`log_bytes`), atomically and never over an
    existing file unless ``force`` (never over tablecalc's own files: :mod:`solver.files`)."""
    data = log_bytes(lines, _("the log {path}").format(path=quoted_path(path)))

    def write(f) -> None:
        f.write(data)

    write_file(path, write, _("the log"), force=force)


def check_log_target(path: str | Path, *, force: bool = False) -> None:
    """Refuse now (before a game is played) a log :func:`write_log` would refuse to write."""
    check_target(path, _("the log"), force=force)
