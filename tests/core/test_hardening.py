"""Hostile input found by a fuzzing pass: each reproduction gets a defined answer (see tests/core/test_fuzz.py
for the generated inputs)."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from solver.errors import SearchTooLarge, TablecalcError
from solver.expr import evaluate, normal_key, parse_expression
from solver.search import SearchRules, ValueSets, reach, sub_multisets
from trainer.cli import app
from trainer.clikit import EXIT_BAD_INPUT, EXIT_TOO_LARGE

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


# ---------------------------------------------------------------- the search's budgets


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=9), st.integers(0, 9))
def test_sub_multisets_are_the_distinct_combinations(numbers, k):
    ms = tuple(sorted(numbers))
    assert list(sub_multisets(ms, k)) == sorted(set(combinations(ms, k)))


def test_more_numbers_than_a_calculation_may_hold_are_refused_at_once():
    with pytest.raises(SearchTooLarge, match="3000 numbers; expected at most 100"):
        reach([0] * 3000, 5)


def test_many_equal_numbers_are_cheap():
    """Thirty 1s have one part of each size: the search answers instead of enumerating 10^8 combinations."""
    r = reach([1] * 30, 999)
    assert r.min_cards is not None and evaluate(r.expressions[0]) == 999


def test_a_search_past_its_step_budget_is_refused_not_run():
    sets = ValueSets(max_work=5_000)
    with pytest.raises(SearchTooLarge, match=r"^search too large: '1 2 3 4 5 6 7' would take more than 5,000 steps"):
        reach([1, 2, 3, 4, 5, 6, 7], 99991, value_sets=sets)
    assert sets.work > 5_000
    assert reach([1, 2, 3], 6, value_sets=sets).min_cards == 2  # the object is still usable


def test_the_step_budget_counts_fractions_as_dearer():
    plain, rational = ValueSets(), ValueSets(SearchRules.from_options("tree", "+-*/", "rational", False))
    plain.of([1, 2, 3, 4, 5])
    rational.of([1, 2, 3, 4, 5])
    assert rational.work > 10 * plain.work


def test_too_large_has_its_own_exit_code():
    r = run("reach", *map(str, range(1, 11)), "--target", "99991")
    assert r.exit_code == EXIT_TOO_LARGE and r.stderr.startswith("tablecalc: error: search too large")
    r = run("nambarz", "best", "--target", "7", "--hand", " ".join(["2 3 4 5 6 8 9 10"] * 2),
            "--ops", "*/", "--intermediates", "rational")
    assert r.exit_code == EXIT_TOO_LARGE


def test_nmbrs_sequences_of_a_huge_hand_are_refused():
    hand = " ".join(map(str, range(1, 41))) + " joker joker joker joker"
    r = run("nmbrs", "sequences", "--hand", hand)
    assert r.exit_code == EXIT_TOO_LARGE and "candidate sequences" in r.stderr


def test_nmbrs_best_turn_has_a_step_budget():
    from solver.nmbrs import Deck, Rules
    from solver.nmbrs.best import best_turn
    from solver.nmbrs.table import Table

    deck, rules = Deck.default(), Rules.preset("basic")
    seen = []
    with pytest.raises(SearchTooLarge, match="would take more than 20,000 steps"):
        best_turn(Table.parse("", deck, rules), deck.parse_hand(" ".join(map(str, range(1, 41)))), rules, deck,
                  max_work=20_000, progress=lambda done, total: seen.append((done, total)))


# ---------------------------------------------------------------- the referee's re-laying


@pytest.mark.parametrize("text", [
    "1-2+4+5+6+7+8+9+10",          # nine numbers: the exhaustive re-laying took 50 s
    "1-2+4+5+6+7+8+9+10+1+2+3+4",  # thirteen
    "10-9*3+5",
])
def test_relaying_is_the_same_calculation_in_an_order_the_rules_accept(text):
    from solver.nambarz.referee import _relay
    from solver.nambarz.rules import Rules

    rules = Rules()
    e = parse_expression(text, rules.order)
    relaid = _relay(e, evaluate(e), rules)
    assert relaid is not None
    faults = rules.search_rules.faults(relaid)
    assert normal_key(relaid) == normal_key(e) and evaluate(relaid) == evaluate(e)
    assert faults.bad_step is None and not faults.refused and not faults.needs_parentheses


def test_a_long_illegal_play_gets_a_verdict():
    r = run("nambarz", "judge", "--target", "3-bee", "--hand", "1 2 4 5 6 7 8 9 10 1", "1-2+4+5+6+7+8+9+10", "--json")
    assert r.exit_code == 1 and "bad-intermediate" in json.loads(r.stdout)["violations"]


# ---------------------------------------------------------------- files


@pytest.mark.parametrize("text, message", [
    ("numbers = [1, 10]\nanimals = {bee = 3}", "animals.bee = 3: expected a table"),
    ("numbers = [1, 10]\n[animals.bee]\nnumbers = [3]\nnames = [3]", "animals.bee.names = [3]: expected a list"),
    ("numbers = [1, inf]", "numbers = [1, inf]: expected a list of 2 whole numbers from 1 to 100"),
    ("numbers = [1, 10]\nsymbol_copies = inf", "symbol_copies = inf: expected a whole number from 0 to 20"),
    ("numbers = [1, 1000000000]", "numbers = [1, 1000000000]: expected a list of 2 whole numbers"),
    ("x = " + "[" * 600 + "]" * 600, "nested too deeply"),
])
def test_nambarz_deck_files_name_the_file_and_the_field(text, message):
    from solver.nambarz import Deck

    with pytest.raises(TablecalcError, match="^deck file 'my.toml'") as err:
        Deck.from_toml(text, "my.toml")
    assert message in str(err.value)


@pytest.mark.parametrize("text, message", [
    ("numbers = [1, 1]\njokers = 1000000000\n[cards]\n1 = { colour = 'red', points = 1 }", "jokers = 1000000000: expected a whole number from 0 to 20"),
    ("numbers = [1, 1e12]", "numbers = [1, 1000000000000.0]: expected a list of 2 whole numbers"),
    ("numbers = [1, 3]\ncards = 5", "cards = 5: expected a table"),
])
def test_nmbrs_deck_files_name_the_file_and_the_field(text, message):
    from solver.nmbrs import Deck

    with pytest.raises(TablecalcError, match="^deck file 'my.toml'") as err:
        Deck.from_toml(text, "my.toml")
    assert message in str(err.value)


def test_a_file_without_end_is_refused():
    r = run("nambarz", "deck", "--deck", "/dev/zero")  # a device: refused before it is read
    assert r.exit_code == EXIT_BAD_INPUT and "it is a device, not a regular file" in r.stderr


def test_a_nmbrs_joker_stands_only_for_the_cards_of_a_smaller_deck(tmp_path):
    deck = tmp_path / "d50.toml"
    deck.write_text("numbers = [1, 50]\n[cards]\n" + "".join(
        f'{n} = {{ colour = "red", points = 1 }}\n' for n in range(1, 51)))
    for extra in ([], ["--joker-colour", "as-card"]):
        r = run("nmbrs", "sequences", "--hand", "49 50 joker", "--deck", str(deck), "--json", *extra)
        assert r.exit_code == 0, r.output
        numbers = [s["numbers"] for s in json.loads(r.stdout)["sequences"]]
        assert numbers == [[48, 49, 50]]


@pytest.mark.parametrize("text, message", [
    ('{"name": "x", "game": ["nambarz"], "cases": []}', "expected an object with 'name', 'game'"),
    ('{"name": "x", "game": "nambarz", "cases": []}', "has no cases"),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ('{"name": "x", "game": "nambarz", "cases": [{"id": "a", "situation": "x", "preset": ' + "9" * 5000 + "}]}",
     "not usable JSON"),
])
def test_pack_files_are_refused_in_one_line(tmp_path, text, message):
    from puzzles import load_pack

    path = tmp_path / "pack.json"
    path.write_text(text)
    with pytest.raises(TablecalcError, match=message):
        load_pack(str(path))


# ---------------------------------------------------------------- errors stay short


def test_an_error_quotes_a_bounded_excerpt():
    with pytest.raises(TablecalcError) as err:
        parse_expression("1" * 1_000_000)
    assert len(str(err.value)) < 300 and "(1000000 characters)" in str(err.value)


# ---------------------------------------------------------------- drills and stats


@pytest.mark.parametrize("option", ["--time-limit", "--round-time"])
@pytest.mark.parametrize("value", ["inf", "nan", "0", "-5"])
def test_bad_time_limits_are_refused_before_the_drill(option, value):
    r = run("drill", "nambarz", option, value, input="")
    assert r.exit_code == EXIT_BAD_INPUT and f"bad {option}" in r.stderr


def test_stats_plot_refuses_a_name_that_is_not_a_chart(tmp_path):
    target = tmp_path / "notes"
    target.write_text("mine")
    r = run("stats", "--plot", str(target))
    assert r.exit_code == EXIT_BAD_INPUT and target.read_text() == "mine"


def test_a_long_unknown_game_name_keeps_the_expected_part_of_its_line():
    """``stats --drill`` with 5,000 characters: the name is quoted short, the choices still shown."""
    from typer.testing import CliRunner

    from trainer.cli import app

    r = CliRunner().invoke(app, ["stats", "--drill", "x" * 5000])
    assert r.exit_code == 2
    assert "expected one of nambarz" in r.stderr and len(r.stderr) < 400
