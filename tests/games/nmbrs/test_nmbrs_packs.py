"""The Nmbrs! packs through the command line, beyond what the known-case driver
(tests/core/test_known_cases.py) checks: each turn of the seed pack judged by ``tablecalc nmbrs
judge`` (its exit code, and the same JSON as the referee's verdict, worded), and every case of
the best-turn pack found again by ``tablecalc nmbrs best``."""

import json
from importlib import resources

import pytest
from typer.testing import CliRunner

from puzzles import load_pack
from solver.nmbrs import GAME
from solver.rulebook import explained
from solver.nmbrs.words import turn_reason
from solver.parsing import parse_fields
from trainer.cli import app

runner = CliRunner()
SEED = load_pack("nmbrs-seed")
TURNS = [c for c in SEED.cases if "verdict" in (c.expect or {})]
BEST_TURNS = load_pack("nmbrs-best-turns").cases


def _fields(situation: str) -> dict:
    return parse_fields(situation, "position", ["hand", "table"], flags=["opened"])


def test_seed_pack_loads_with_the_puzzle_loader():
    raw = json.loads(resources.files("puzzles.packs").joinpath("nmbrs-seed.json").read_text("utf-8"))
    assert SEED.game == "nmbrs" and len(SEED.cases) == len(raw["cases"])
    assert len(TURNS) >= 10 and sum(1 for c in SEED.cases if c.command) >= 10


@pytest.mark.parametrize("case", TURNS, ids=lambda c: c.id)
def test_seed_pack_turns_through_judge(case):
    """``judge`` exits 1 exactly when the turn is refused and prints the referee's verdict, worded."""
    f = _fields(case.situation)
    args = ["nmbrs", "judge", *case.answer.split(";"), "--hand", str(f["hand"]), "--table", str(f.get("table", "")),
            "--opened" if f.get("opened") else "--not-opened", "--preset", case.preset or GAME.default_preset, "--json"]
    r = runner.invoke(app, args)
    rules = GAME.rules(case.preset)
    deck = GAME.load_data(rules)
    v = GAME.judge(GAME.parse_situation(case.situation, deck), case.answer, rules, deck)
    assert r.exit_code == (0 if case.expect["verdict"]["legal"] else 1), r.output
    assert json.loads(r.stdout) == {**v.as_dict(), "reason": turn_reason(v), "explanation": explained(GAME, v, rules)}


def test_best_turn_pack_holds_crossings_and_insertions():
    kinds = [item["kind"] for c in BEST_TURNS for item in c.expect["best"]["moves"]["$contains"]]
    assert kinds.count("cross") >= 4 and kinds.count("insert") >= 4


@pytest.mark.parametrize("case", BEST_TURNS, ids=lambda c: c.id)
def test_best_turn_pack_through_the_cli(case):
    """The best turn still scores what the pack says and still crosses or inserts."""
    fields = _fields(case.situation)
    assert case.situation.endswith("; opened")
    r = runner.invoke(app, ["nmbrs", "best", "--hand", str(fields["hand"]), "--table", str(fields["table"]),
                            "--preset", case.preset, "--opened", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    best = case.expect["best"]
    assert d["legal"] and d["score"] == best["score"]
    assert all(any(want["kind"] in m["kind"] for m in d["moves"]) for want in best["moves"]["$contains"])
