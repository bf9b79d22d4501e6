"""Drills drawn in a real pseudo-terminal (pexpect): Nmbrs! cards and Ramikubic tiles in their colours,
their letters when colour is off (NO_COLOR, ``--no-color``); the Ramikubic clock grown with the
best move and a move entered step by step; the Nam Nam board with the mover's row nearest.

Timeouts are generous safety nets, never measurements.
"""

from __future__ import annotations

import random
import re

import pytest

from trainer.drills import make_drill

pexpect = pytest.importorskip("pexpect")
from tests.support import terminal  # noqa: E402  (tests/support/terminal.py, which needs pexpect)

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
COLOURED = re.compile(r"\x1b\[1;3[1-6]m([^\x1b]+)\x1b\[0m")
"""A piece of text drawn bold in one of the terminal's six colours, as rich writes it."""


def first_screen(home, *args, before: tuple[str, ...] = (), **env) -> str:
    """What a drill prints up to its first prompt (``before``: options of ``tablecalc`` itself); the
    drill is then stopped with ``quit``."""
    child = terminal.spawn(home, *before, "drill", *args, "-n", "1", "--no-intro", rows=50, cols=160, **env)
    try:
        child.expect_exact("#1/1")
        child.expect(r"\x1b\[6n")  # prompt_toolkit asks where the cursor is: the puzzle is drawn
        shown = child.before
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    return shown


NMBRS = ("nmbrs", "--level", "table", "--seed", "4")
HAND = ["8o", "32o", "39b", "41r", "50g", "78g", "80o"]
TABLE_LETTERS = ["62g", "64o", "66g", "68o", "9r", "12o", "15b", "71b", "72o", "73r", "74g"]


@pytest.mark.slow  # about 3 s of real terminals
def test_nmbrs_cards_in_their_colours_and_letters_when_colour_is_off(tmp_path, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    p = make_drill("nmbrs", level="table").generate(random.Random(4))
    assert p.fields["hand"] == HAND  # the deal the checks below read
    shown = first_screen(tmp_path / "home", *NMBRS)
    coloured = COLOURED.findall(shown)
    assert HAND[0] in coloured and "62" in coloured and "9" in coloured
    styles = dict((text, code) for code, text in re.findall(r"\x1b\[1;(3[1-6])m([^\x1b]+)\x1b\[0m", shown))
    assert styles["41r"] == "31" and styles["50g"] == "32" and styles["39b"] == "34" and styles["8o"] == "33"
    assert styles["62"] == "32" and styles["9"] == "31"  # a table card in the deck's colour
    for env, before in (({"NO_COLOR": "1"}, ()), ({}, ("--no-color",))):
        text = first_screen(tmp_path / f"off{len(before)}", *NMBRS, before=before, **env)
        assert not COLOURED.search(text), before
        plain = ANSI.sub("", text)
        assert "Your hand: " + " ".join(HAND) in plain
        for card in TABLE_LETTERS:
            assert re.search(rf"\b{card}\b", plain), card  # each table card with its colour letter


@pytest.mark.slow  # about 4 s of a real terminal
def test_ramikubic_tiles_the_grown_clock_and_a_move_step_by_step(tmp_path, monkeypatch):
    """Tiles in their colours; the clock of a big move says how long it is, and the countdown starts
    there; a move entered step by step with undo, judged once at done."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    p = make_drill("ramikubic", level="full").generate(random.Random(4))
    assert p.time_limit == 125
    child = terminal.spawn(tmp_path / "home", "drill", "ramikubic", "--level", "full", "--seed", "4", "-n", "1",
                           "--no-intro", rows=50, cols=200)
    try:
        child.expect_exact("125 s for this move")
        shown = child.before
        child.expect_exact("\x1b[6n")  # where is the cursor? (the answer lets the countdown be drawn)
        child.send("\x1b[20;1R")
        child.expect(r"(\d+) s left")
        assert 100 < int(child.match.group(1)) <= 125
        assert "joker" in COLOURED.findall(shown) and any(re.fullmatch(r"\d+b", t) for t in COLOURED.findall(shown))
        child.sendline("take 1")
        child.expect_exact("so far")
        child.expect_exact("Taken from the table, to lay again: 4b 5b 6b 7b")
        child.sendline("lay 4b 5b 7b")
        child.expect_exact("try again")
        child.expect_exact("not a combination")
        child.sendline("undo")
        child.expect_exact("Undone: take 1.")
        child.sendline("done")
        child.expect_exact("wrong")  # nothing laid where tiles could be: a pass
        child.expect_exact("Session summary")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


@pytest.mark.slow  # about 2 s of a real terminal
def test_the_nam_nam_board_with_the_movers_row_nearest(tmp_path):
    """Seed 1 deals North to move: North's row is drawn at the bottom, from its pit 1 on the left."""
    p = make_drill("namnam", level="best").generate(random.Random(1))
    assert p.situation == "0.0.0.0.1.3/1.0.0.0.0.3 n 27-13"
    shown = ANSI.sub("", first_screen(tmp_path / "home", "namnam", "--level", "best", "--seed", "1"))
    rows = [" ".join(line.replace("│", " ").split()) for line in shown.splitlines()]
    top = rows.index("s6 s5 s4 s3 s2 s1")
    assert rows[top + 1:top + 4] == ["3 1 0 0 0 0", "1 0 0 0 0 3", "n1 n2 n3 n4 n5 n6"]
    assert any("▶ North 13 captured" in row for row in rows[top + 4:])
    assert "what is the best move?" in shown


@pytest.mark.slow  # about 2 s of a real terminal
def test_nmbrs_play_shows_colour_letters_when_colour_is_off(tmp_path):
    """``nmbrs play`` draws the hand in colour (tests/games/nmbrs/test_nmbrs_match.py); with NO_COLOR,
    every card of the hand carries its deck colour's letter instead."""
    child = terminal.spawn(tmp_path / "home", "nmbrs", "play", "--players", "Ann,Bob", "--bot", "greedy", "--seed", "3",
                           NO_COLOR="1")
    try:
        child.expect(r"\(Ann\): ([^\r\n]+)\r?\n")
        hand = ANSI.sub("", child.match.group(1)).split()
        assert not COLOURED.search(child.match.group(1))
        assert hand and all(re.fullmatch(r"\d+[rgbo]|joker", card) for card in hand)
        child.expect("> ")
        child.sendline("stop")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
