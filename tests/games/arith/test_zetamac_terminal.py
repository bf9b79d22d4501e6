"""A Zetamac round in a real pseudo-terminal: digits typed without Enter, the next problem
drawn in place, the score going up, Ctrl-C (exit 130, answers kept) and the bell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.history import History

pexpect = pytest.importorskip("pexpect")
from tests.support import terminal  # noqa: E402  (tests/support/terminal.py, which needs pexpect)
from tests.games.arith.test_zetamac import answers  # noqa: E402  (what a seeded round asks)


def spawn(home: Path, *args: str):
    return terminal.spawn(home, "drill", "arith", "--mode", "zetamac", *args, timeout=30, PROMPT_TOOLKIT_NO_CPR="1")


def recorded(home: Path) -> list[str]:
    with History.open(home / "history.sqlite3", read_only=True) as h:
        return [a.answer for a in h.answers()]


def test_typed_digits_are_taken_without_enter_and_ctrl_c_keeps_them(tmp_path):
    (p1, a1), (p2, a2), (p3, a3), (p4, _a4) = answers(1, 4)
    child = spawn(tmp_path, "--seed", "1", "--round-time", "600")  # no bell during the test
    try:
        child.expect_exact("Score: 0")
        child.expect_exact(f"{p1} =")
        child.send(a1[:-1])  # not yet right: the problem stays
        child.send("7" if a1[-1] != "7" else "8")  # a slip...
        child.send("\x7f" + a1[-1])  # ...Backspace, and the last digit: taken at once, no Enter
        child.expect_exact("Score: 1")
        child.expect_exact(f"{p2} =")
        child.send(a2 + ".")  # a quick hand's "." after the answer is not the next answer's
        child.expect_exact("Score: 2")
        child.expect_exact(f"{p3} =")
        child.send(a3)
        child.expect_exact("Score: 3")
        child.expect_exact(f"{p4} =")
        child.sendintr()
        child.expect_exact("zetamac mixed 600 s: 3, stopped before the bell")
        child.expect_exact("3 answered")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    assert recorded(tmp_path) == [a1, a2, a3]


@pytest.mark.slow  # waits for the round's clock
def test_the_bell_ends_the_round_and_the_problem_it_cuts_is_not_counted(tmp_path):
    (p1, a1), = answers(2, 1)
    child = spawn(tmp_path, "--seed", "2", "--round-time", "4")
    try:
        child.expect_exact(f"{p1} =")
        child.send(a1)  # taken if typed before the bell; either way what is recorded is what was scored
        child.expect_exact("Time!")
        child.expect(r"zetamac mixed 4 s: (\d+), your first round\.")
        score = int(child.match.group(1))
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    saved = recorded(tmp_path)
    assert len(saved) == score and all(re.fullmatch(r"[0-9]+", a) for a in saved)
    with History.open(tmp_path / "history.sqlite3", read_only=True) as h:
        assert [r.score for r in h.rounds("arith", "mixed", "zetamac", 4)] == [score]
