"""Every known case of every shipped pack, for every registered game, through one driver
(docs/known-cases.md): a case's situation is read by its game, its answer judged by the game's
referee, its best answer found by the game's solver, or its command run as a person would type it,
and what its ``expect`` says must hold.

``expect`` holds the keys to check, not the whole answer: ``verdict`` against the verdict's JSON,
``best`` against the best answer's JSON, ``json`` and ``exit`` against a command's output. A value
is matched recursively: an object's keys must all match, a list must match item by item, and
``{"$contains": [...]}`` says a list holds those items (in any order), ``{"$len": n}`` its length.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from puzzles import list_packs, load_pack
from solver.errors import TablecalcError
from solver.registry import find_game, game_names
from trainer.cli import app

PACKS = [pack for name in list_packs() if (pack := load_pack(name)).game in game_names()]
CASES = [(pack, case) for pack in PACKS for case in pack.cases]


def matches(got, want, where: str = "") -> list[str]:
    """The places where ``got`` does not match ``want`` (empty: it matches).

    >>> matches({"a": 1, "b": [1, 2], "c": 3}, {"a": 1, "b": {"$contains": [2]}})
    []
    >>> matches({"a": [1, 2]}, {"a": [1, 3], "z": 0})
    ['a[1]: 2, expected 3', 'z: missing']
    """
    if isinstance(want, dict) and set(want) <= {"$contains", "$len"} and want:
        out = []
        if "$len" in want and (not isinstance(got, (list, str)) or len(got) != want["$len"]):
            out.append(f"{where}: {got!r} has not {want['$len']} items")
        for item in want.get("$contains", []):
            if not isinstance(got, list) or not any(not matches(g, item) for g in got):
                out.append(f"{where}: {item!r} is not among {got!r}")
        return out
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return [f"{where}: {got!r}, expected an object"]
        out = []
        for key, value in want.items():
            here = f"{where}.{key}" if where else key
            out += matches(got[key], value, here) if key in got else [f"{here}: missing"]
        return out
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return [f"{where}: {got!r}, expected {want!r}"]
        return [m for i, (g, w) in enumerate(zip(got, want)) for m in matches(g, w, f"{where}[{i}]")]
    return [] if got == want else [f"{where}: {got!r}, expected {want!r}"]


def _check(got, want, what: str) -> None:
    wrong = matches(got, want)
    assert not wrong, f"{what}:\n  " + "\n  ".join(wrong) + f"\n  (whole {what}: {json.dumps(got, ensure_ascii=False)})"


def test_every_registered_game_has_known_cases():
    """Each game's known cases are in a shipped pack (the loader refuses any other format)."""
    assert {p.game for p in PACKS} == set(game_names())


@pytest.mark.parametrize("pack, case", CASES, ids=[f"{p.name}:{c.id}" for p, c in CASES])
def test_known_case(pack, case):
    """The case's situation, answer, best answer or command give what its ``expect`` says."""
    game = find_game(pack.game)
    expect = case.expect or {}
    if case.command is not None:
        r = CliRunner().invoke(app, [game.name, *case.command, "--json"])
        assert r.exit_code == expect.get("exit", 0), r.output
        if "json" in expect:
            _check(json.loads(r.stdout.strip().splitlines()[-1]), expect["json"], "the command's JSON")
        return
    rules = game.rules(case.preset, **(case.options or {}))
    data = game.load_data(rules)
    if "error" in expect:
        with pytest.raises(TablecalcError) as e:
            game.check_situation(game.parse_situation(case.situation, data), rules, data)
        assert expect["error"] in str(e.value)
        return
    situation = game.parse_situation(case.situation, data)
    assert expect.keys() & {"verdict", "best"}, f"case {case.id}: expect says nothing to check"
    if "verdict" in expect:
        assert case.answer is not None, f"case {case.id}: a verdict needs an answer"
        verdict = game.judge(situation, case.answer, rules, data)
        _check(verdict.as_dict(), expect["verdict"], "verdict")
        assert game.explain(verdict)
    if "best" in expect:
        _check(game.best(situation, rules, data).as_dict(), expect["best"], "best answer")


def test_a_case_in_another_format_is_refused(tmp_path):
    """An ``expect`` key the format does not know is refused in one line naming the pack and the case."""
    path = tmp_path / "pack.json"
    path.write_text(json.dumps({"game": "namnam", "cases": [
        {"id": "old", "situation": "start", "answer": "3", "expect": {"legal": True}}]}))
    with pytest.raises(TablecalcError, match=r"case 'old': 'expect' has the unknown key 'legal'"):
        load_pack(str(path))
