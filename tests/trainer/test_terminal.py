"""The drill prompt in a real pseudo-terminal (pexpect): the how-to, help, an unreadable answer
asked again, a hint, skip, quit and Ctrl-C — as a learner meets them.

Timeouts are generous safety nets, never measurements.
"""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from solver.registry import find_game
from trainer.cli import app
from trainer.drills import make_drill

pexpect = pytest.importorskip("pexpect")
from tests.support import terminal  # noqa: E402  (tests/support/terminal.py, which needs pexpect)

SEED = 3


def first_puzzles(n: int):
    d = make_drill("nambarz", level="basic")
    rng = random.Random(SEED)
    return [d.generate(rng) for _ in range(n)]


def best(p) -> str:
    game = find_game(p.game)
    rules = game.rules(p.preset)
    data = game.load_data(rules)
    return game.best_answers(game.best(game.parse_situation(p.situation, data), rules, data))[0]


def spawn(home, *args):
    return terminal.spawn(home, "drill", "nambarz", "--seed", str(SEED), *args, rows=40, cols=120)


def recorded(home) -> dict:
    r = CliRunner().invoke(app, ["stats", "--json"], env={"TABLECALC_HOME": str(home)})
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.slow  # about 7 s of a real terminal
def test_help_retry_hint_skip_then_ctrl_c(tmp_path):
    """The how-to first; ? shows the help; text that is no calculation is asked again on the same
    puzzle; hint gives the mildest hint; a right answer is judged; skip shows the answer; Ctrl-C
    ends with the summary, exit 130, and the one judged answer is in the history."""
    home = tmp_path / "home"
    p1, p2, p3 = first_puzzles(3)
    child = spawn(home, "-n", "5")
    try:
        child.expect_exact("How to play")
        child.expect_exact("Type ? for help")
        child.expect_exact(p1.prompt)
        child.sendline("?")
        child.expect_exact("Help")
        child.expect_exact("hint gives a hint")
        child.sendline("blah")
        child.expect_exact("try again")
        child.expect_exact("unexpected 'b'")
        child.sendline("hint")
        child.expect_exact("The simplest calculation uses")
        child.sendline(best(p1))
        child.expect_exact("right")
        child.expect_exact(p2.prompt)
        child.sendline("skip")
        child.expect_exact("skipped")
        child.expect_exact(p3.prompt)
        child.expect_exact(">")
        child.sendintr()
        child.expect_exact("Session summary")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    stats = recorded(home)
    assert stats["answers"] == 1 and stats["correct"] == 1  # the retry and the skip are not answers


def test_a_card_not_in_hand_is_asked_again_then_quit(tmp_path):
    """A card the hand does not hold is a typo, not a miss; quit ends with the summary and exit 0."""
    home = tmp_path / "home"
    (p1,) = first_puzzles(1)
    hand = set(p1.fields["hand"])
    stranger = next(c for c in ("3-bee", "7-lion", "9", "2", "4") if c not in hand)
    child = spawn(home, "-n", "3", "--no-intro")
    try:
        child.expect_exact(p1.prompt)
        child.sendline(stranger)
        child.expect_exact("try again")
        child.expect_exact("in your hand")
        child.sendline("quit")
        child.expect_exact("Session summary")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert recorded(home)["answers"] == 0
