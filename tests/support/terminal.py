"""tablecalc in a real terminal, for the tests that type at it (pexpect).

Every run gets its own history folder and a terminal of a fixed size, so what it draws and
what it saves are the test's alone; the checkout's code is the one run.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[2]


def spawn(home: str | Path, *args: str, rows: int = 30, cols: int = 100, timeout: int = 60, **env: str):
    """``tablecalc ARGS`` in a pseudo-terminal of ``rows`` × ``cols``, keeping its history in
    ``home``; ``env`` adds variables (``TABLECALC_LANG="fr"``)."""
    environ = {**os.environ, "TABLECALC_HOME": str(home), "TERM": "xterm", "COLUMNS": str(cols),
               "LINES": str(rows), **env}
    return pexpect.spawn(sys.executable, ["-m", "trainer", *args], env=environ, encoding="utf-8",
                         timeout=timeout, dimensions=(rows, cols), cwd=str(ROOT))


@contextmanager
def session(home: str | Path, *args: str, **options):
    """:func:`spawn` for a ``with`` block that types at tablecalc and makes it stop: on leaving the
    block, the run must end (EOF) with exit status 0; the terminal is closed whatever happens."""
    child = spawn(home, *args, **options)
    try:
        yield child
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0, child.exitstatus


def play_by_hints(child, player: str, hint: str = "hint", most: int = 300) -> int:
    """At a whole game's ``play`` prompt, ask for a hint with the word ``hint`` and play the first
    move it names, every turn of ``player``, until the scores; the turns played. The game must end
    (exit 0) and every hinted move be legal."""
    import pexpect

    turns = 0
    try:
        while True:
            i = child.expect([rf"{player}, your move > ", r"Scores: ", pexpect.EOF])
            if i != 0:
                break
            child.sendline(hint)
            child.expect(r"Hint: ([^\r\n]+?)( / [^\r\n]*)?\.\r?\n")
            move = child.match.group(1)
            child.expect(rf"{player}, your move > ")
            child.sendline(move)
            child.expect(r"Legal\. ")
            turns += 1
            assert turns < most
        assert i == 1, child.before
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    return turns
