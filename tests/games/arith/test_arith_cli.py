"""``tablecalc arith best|judge``: the JSON keys and exit codes kept through the rename, the old
names answering as hidden aliases, and every rule option generated from the declaration."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from solver.arith import GAME, PRESETS, Rules
from solver.errors import TablecalcError
from solver.expr import Intermediates, Order
from trainer.cli import app

runner = CliRunner()

VERDICT_KEYS = {"situation", "answer", "rules", "legal", "violations", "clauses", "value", "numbers_used", "min_cards", "expected",
                "bad_step", "error", "error_position", "explanation"}
BEST_KEYS = {"situation", "rules", "min_cards", "answers", "nearest", "distinct", "class_sizes"}
RULES_KEYS = ["preset", "order", "ops", "intermediates", "all"]


def run(*args, code=0):
    r = runner.invoke(app, list(args))
    assert r.exit_code == code, r.output
    return r


def run_json(*args, code=0):
    return json.loads(run(*args, "--json", code=code).stdout)


def test_best_gives_the_fewest_numbers_and_every_calculation():
    d = run_json("arith", "best", "numbers 25 50 75 100 3 6; target 952")
    assert set(d) == BEST_KEYS and d["min_cards"] == 6 and list(d["rules"]) == RULES_KEYS
    assert d["answers"] == ["(100+3)×75×6÷50+25", "((100+6)×75×3-50)÷25"]
    assert run_json("arith", "best", "calculate 17 + 25")["answers"] == ["42"]
    text = run("arith", "best", "numbers 1 2; target 10").stdout
    assert "Unreachable" in text and "countdown: any brackets, + - × ÷" in text


@pytest.mark.parametrize("problem, answer, code, violations", [
    ("numbers 1 5 5 5; target 24", "5*(5-1/5)", 0, []),
    ("numbers 1 5 5 5; target 24", "5*5-1", 1, ["not-all-used"]),
    ("calculate 7 × 8", "54", 1, ["wrong-result"]),
    ("calculate 7 × 8", "fifty-six", 1, ["not-a-number"]),
])
def test_judge_keeps_its_json_keys_and_exit_codes(problem, answer, code, violations):
    d = run_json("arith", "judge", problem, answer, "--preset", "make24", code=code)
    assert set(d) == VERDICT_KEYS and d["violations"] == violations and d["legal"] is (code == 0)
    assert d["explanation"]


def test_the_old_names_answer_as_hidden_aliases_and_say_the_new_one():
    for old, new, args in (("solve", "best", ["numbers 3 3 8 8; target 24"]),
                           ("check", "judge", ["numbers 3 3 8 8; target 24", "8÷(3-8÷3)", "-p", "24"])):
        r = run("arith", old, *args, "--json")
        assert json.loads(r.stdout) == run_json("arith", new, *args)
        assert f"'arith {old}' is now 'arith {new}'" in r.stderr
        assert old not in run("arith", "--help").stdout.split("Commands")[-1]
    run("countdown", "check", "calculate 2 + 2", "5", code=1)  # the game's aliases too


def test_every_rule_option_is_on_the_command_line():
    d = run_json("arith", "best", "numbers 1 2 3; target 9", "--order", "chain", "--ops", "+-x",
                 "--intermediates", "integer", "--all")
    assert d["rules"] == {"preset": "countdown+custom", "order": "chain", "ops": "+-*", "intermediates": "integer",
                          "all": True}
    assert d["answers"] == ["(2+1)×3"]
    assert run_json("arith", "best", "numbers 3 3 8 8; target 24", "-p", "24", "--any")["rules"]["all"] is False
    assert run_json("arith", "best", "numbers 3 3 8 8; target 24", "-p", "24", "--all")["rules"]["preset"] == "make24"
    text = run("arith", "judge", "--help").stdout
    for flag in ("--order", "--ops", "--intermediates", "--all", "--any", "--preset"):
        assert flag in text


@pytest.mark.parametrize("args, message", [
    (["--ops", "+%"], "unknown operation '%'"),
    (["--order", "sideways"], "'sideways' is not one of tree, chain"),
    (["--intermediates", "real"], "'real' is not one of natural, integer, rational"),
    (["--preset", "chess"], "unknown preset 'chess'"),
])
def test_a_bad_rule_option_is_one_line_and_exit_2(args, message):
    r = run("arith", "judge", "numbers 1 2; target 3", "1+2", *args, code=2)
    assert message in r.stderr and r.stderr.count("\n") == 1 and r.stderr.startswith("tablecalc: error: ")


# ---------------------------------------------------------------- the declaration


def test_the_rules_are_declared_once_with_their_presets_and_aliases():
    assert [s.name for s in Rules.options()] == ["order", "ops", "intermediates", "use_all"]
    assert GAME.Rules is Rules and GAME.default_preset == "countdown" and list(PRESETS) == ["countdown", "make24"]
    for alias, name in (("24", "make24"), ("vingt-quatre", "make24"), ("le-compte-est-bon", "countdown"),
                        ("Des-Chiffres-et-des-Lettres", "countdown")):
        assert GAME.rules(alias) is PRESETS[name]
    make24 = GAME.rules("make24")
    assert (make24.order, make24.intermediates, make24.use_all) == (Order.TREE, Intermediates.RATIONAL, True)
    assert make24.search.as_dict() == {k: v for k, v in make24.as_dict().items() if k != "preset"}
    custom = GAME.rules("countdown", use_all="yes", intermediates="rational")
    assert custom.name == "countdown+custom" and custom.search == make24.search and make24.with_options() is make24
    assert GAME.rules(None, ops="÷×+-").name == "countdown"  # every operation: the preset itself
    with pytest.raises(TablecalcError, match="unknown rule option 'brackets'"):
        GAME.rules(None, brackets="any")
