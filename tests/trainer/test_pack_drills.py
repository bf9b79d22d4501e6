"""Every shipped pack through its game's drill: every playable case asked and judged, with its own
answer, with no answer and with answers that are not moves at all; and through the command line
(``tablecalc drill GAME --pack NAME --json``, answers on stdin), as a learner would, with no
traceback. A pack's positions may hold more seeds, cards or tiles than any table or quick search
covers: the drill must still judge them (the namnam-seed pack once ended in an AttributeError)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from puzzles import list_packs, load_pack
from solver.registry import game_names
from trainer.cli import app
from trainer.drills import make_drill

PACKS = [name for name in list_packs() if load_pack(name).game in game_names()]
HOSTILE = ("[/]", "\x1b]0;PWN\x07", "", "9" * 40, "quit now")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path))


def test_every_shipped_pack_is_run_here():
    assert len(PACKS) == len(list_packs()) >= 7 and all(load_pack(name).playable for name in PACKS)


@pytest.mark.parametrize("name", PACKS)
def test_every_case_of_a_pack_is_asked_and_judged_by_its_drill(name):
    pack = load_pack(name)
    drill = make_drill(pack.game)
    for case in pack.playable:
        puzzle = drill.from_case(case)
        assert puzzle.prompt, case.id
        for answer in (case.answer or "1", *HOSTILE):
            j = drill.judge(puzzle, answer)
            assert j.retry or j.explanation, (case.id, answer, j)
            if not j.retry:
                assert j.best_score >= j.score >= 0, (case.id, answer, j)


@pytest.mark.parametrize("name", PACKS)
def test_every_pack_plays_through_the_command_line(name):
    pack = load_pack(name)
    cases = pack.playable
    blank = "\n" * len(cases)  # no answer to each: every puzzle asked, judged, and the drill ends
    r = CliRunner().invoke(app, ["drill", pack.game, "--pack", name, "--json"], input=blank)
    assert r.exit_code == 0, (r.output, r.exception)
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    verdicts = [d for d in lines if d.get("type") == "verdict" or "correct" in d and "violations" in d]
    assert len(verdicts) == len(cases) and lines[-1]["type"] == "summary", r.stdout[-500:]

    answers = "".join(f"{c.answer or '1'}\n" for c in cases)
    r = CliRunner().invoke(app, ["drill", pack.game, "--pack", name, "--json"], input=answers)
    assert r.exit_code == 0 and r.exception is None, (r.output, r.exception)
    assert json.loads(r.stdout.splitlines()[-1])["type"] == "summary"
