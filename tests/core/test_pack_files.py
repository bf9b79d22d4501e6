"""Pack files (``--pack FILE``): every field of a pack and of its cases is checked for its type and
bounds, the error naming the file, the case and the field; a pack too large is refused from its
size, one with too many cases before any is read; a pack with no case a drill can ask is refused
by the drill (it used to deal random puzzles instead)."""

from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from puzzles import MAX_CASES, MAX_PACK_BYTES, load_pack
from solver.errors import TablecalcError
from trainer.cli import app

GOOD = {"id": "a", "situation": "top 3-bee; hand 6 5 2 10"}


def _pack(tmp_path, cases, **top):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"name": "p", "game": "nambarz", "cases": cases, **top}))
    return path


@pytest.mark.parametrize("case, message", [
    ({"id": "a", "situation": None}, "case 'a': expected either a 'situation' or a 'command' (it has neither)"),
    ({"id": "a", "situation": "top 3; hand 6 2", "command": ["score"]}, "(it has both)"),
    ({"id": "a"}, "case 'a': expected either a 'situation' or a 'command'"),
    ({"situation": "top 3; hand 6 2"}, "case 1: missing key 'id'"),
    ({"id": None, "situation": "top 3; hand 6 2"}, "case 1: 'id' = None: expected text"),
    ({"id": "", "situation": "top 3; hand 6 2"}, "case 1: 'id' = '': expected text of 1 to 200 characters"),
    ({"id": 7, "situation": "top 3; hand 6 2"}, "case 1: 'id' = 7: expected text"),
    ({"id": "a", "situation": 3}, "case 'a': 'situation' = 3: expected text"),
    ({"id": "a", "situation": ["top 3"]}, "case 'a': 'situation' = ['top 3']: expected text"),
    ({"id": "a", "situation": "top 3; hand " + "6 " * 600}, "case 'a': 'situation' is 1,212 characters long"),
    ({**GOOD, "preset": 5}, "case 'a': 'preset' = 5: expected text"),
    ({**GOOD, "answer": {"x": 1}}, "case 'a': 'answer' = {'x': 1}: expected text"),
    ({**GOOD, "source": False}, "case 'a': 'source' = False: expected text"),
    ({**GOOD, "options": "tree"}, "case 'a': 'options' = 'tree': expected an object"),
    ({**GOOD, "options": {"order": [1]}}, "case 'a': 'options.order' = [1]: expected a value as typed"),
    ({**GOOD, "options": {"nonsense": "1"}}, "case 'a': unknown rule option 'nonsense'"),
    ({**GOOD, "command": "score"}, "case 'a': 'command' = 'score': expected a list of 1 to 100 words"),
    ({**GOOD, "expect": []}, "case 'a': 'expect' = []: expected an object"),
    ({**GOOD, "expect": {"error": 5}}, "case 'a': 'expect.error' = 5: expected text"),
    ({**GOOD, "expect": {"exit": "1"}}, "case 'a': 'expect.exit' = '1': expected an exit code"),
    ({**GOOD, "expect": {"verdict": True}}, "case 'a': 'expect.verdict' = True: expected an object"),
    ({**GOOD, "colour": "red"}, "case 'a': unknown key 'colour'"),
    ("top 3; hand 6 2", "case 1: expected an object"),
])
def test_every_field_of_a_case_is_checked(tmp_path, case, message):
    path = _pack(tmp_path, [case])
    with pytest.raises(TablecalcError) as e:
        load_pack(str(path))
    assert str(e.value).startswith("puzzle pack '") and "p.json', case" in str(e.value), str(e.value)
    assert message in str(e.value), str(e.value)
    r = CliRunner().invoke(app, ["drill", "nambarz", "--pack", str(path), "--json"], input="\n")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and message in r.stderr, r.output


@pytest.mark.parametrize("top, message", [
    ({"name": 5}, "'name' = 5: expected text"),
    ({"description": ["x"]}, "'description' = ['x']: expected text"),
    ({"version": 2}, "unknown key 'version'"),
])
def test_every_field_of_a_pack_is_checked(tmp_path, top, message):
    with pytest.raises(TablecalcError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_pack(str(_pack(tmp_path, [GOOD], **top)))


def test_a_case_id_given_twice_is_named(tmp_path):
    with pytest.raises(TablecalcError, match="case ids must be unique; 'a' is given twice"):
        load_pack(str(_pack(tmp_path, [GOOD, GOOD])))


def test_a_pack_too_large_or_with_too_many_cases_is_refused_before_the_work(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"name": "p", "game": "nambarz",
                               "cases": [{**GOOD, "id": f"c{i}"} for i in range(300_000)]}))  # 16 MB
    start = time.perf_counter()
    with pytest.raises(TablecalcError, match=f"is too large .*expected at most {MAX_PACK_BYTES:,} bytes"):
        load_pack(str(big))
    many = _pack(tmp_path, [{"id": str(i), "situation": "x"} for i in range(MAX_CASES + 1)])
    with pytest.raises(TablecalcError, match=f"has {MAX_CASES + 1:,} cases: expected at most {MAX_CASES:,}"):
        load_pack(str(many))
    assert time.perf_counter() - start < 5  # refused, not read (a 16 MB pack once took 52 s)


def test_a_pack_with_no_case_a_drill_can_ask_is_refused_by_the_drill(tmp_path):
    path = _pack(tmp_path, [{"id": "a", "command": ["score", "--round", "Ann, Bob"]},
                            {**GOOD, "id": "b", "options": {"order": "tree"}}])
    assert load_pack(str(path)).playable == ()
    r = CliRunner().invoke(app, ["drill", "nambarz", "--pack", str(path), "--json"], input="\n")
    assert r.exit_code == 2 and "has no case a drill can ask" in r.stderr and '"puzzle"' not in r.stdout
