"""``tablecalc nambarz``'s one-turn commands (best, judge, score, deck, rules), through typer's
CliRunner (moved here from tests/trainer/test_cli.py); the round commands are in
test_nambarz_round.py."""

import pytest

from tests.trainer.test_cli import run, run_json


def test_best_json():
    d = run_json("nambarz", "best", "--target", "3-bee", "--hand", "6 5 2 10")
    assert d["concordant"] == [] and d["min_cards"] == 2
    assert {p["expression"] for p in d["plays"]} == {"6÷2", "5-2"}
    assert all(len(p["cards"]) == 2 for p in d["plays"])


def test_best_human_output_names_the_laying_order():
    r = run("nambarz", "best", "--target", "8", "--hand", "1 3 3")
    assert r.exit_code == 0, r.output
    assert "3×3-1" in r.output and "3, 3, 1" in r.output


def test_judge_illegal_exits_1_and_explains():
    r = run("nambarz", "judge", "--target", "3-bee", "--hand", "6 5 2 10", "6+5+2-10")
    assert r.exit_code == 1
    assert "6÷2" in r.output and "Draw 3 cards" in r.output


def test_judge_legal_exits_0():
    r = run("nambarz", "judge", "--target", "3-bee", "--hand", "6 5 2 10", "6:2")
    assert r.exit_code == 0, r.output
    assert "Correct" in r.output


def test_judge_preset_and_options():
    d = run_json("nambarz", "judge", "--target", "5", "--hand", "9 8 2", "9-(8/2)", "--preset", "parentheses")
    assert d["legal"] and d["rules"]["preset"] == "parentheses"
    d = run_json("nambarz", "judge", "--target", "5", "--hand", "9 8 2", "9-(8/2)", "--order", "tree")
    assert d["legal"] and d["rules"]["preset"] == "basic+custom"


def test_judge_malformed_calculation():
    d = run_json("nambarz", "judge", "--target", "3-bee", "--hand", "6 5 2 10", "6++2", code=1)
    assert d["violations"] == ["not-a-calculation"] and "character 3" in d["error"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--target", "3-lion", "--hand", "6 5"], "no 3-lion"),
        (["--target", "3", "--hand", "6 11"], "no card numbered 11"),
        (["--target", "3", "--hand", " "], "hand is empty"),
        (["--target", "3", "--hand", "3-bee 3-bee 3-bee"], "impossible"),
        (["--target", "3", "--hand", "6 2", "--preset", "expert"], "unknown preset"),
    ],
)
def test_nambarz_bad_input(args, message):
    r = run("nambarz", "best", *args)
    assert r.exit_code == 2, r.output
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_custom_deck_file(tmp_path):
    from importlib import resources

    text = resources.files("solver.data").joinpath("nambarz_deck.toml").read_text()
    f = tmp_path / "deck.toml"
    f.write_text(text.replace("numbers = [3, 8]", "numbers = [3, 9]", 1))
    d = run_json("nambarz", "best", "--target", "3-bee", "--hand", "9-bee", "--deck", str(f))
    assert d["concordant"] == ["9-bee"]
    bad = tmp_path / "bad.toml"
    bad.write_text("numbers = ")
    r = run("nambarz", "best", "--target", "3", "--hand", "6", "--deck", str(bad))
    assert r.exit_code == 2 and "not valid TOML" in r.stderr


def test_deck_and_rules_commands():
    d = run_json("nambarz", "deck")
    assert d["size"] == 92
    assert {"card": "3-bee", "family": "drawing", "copies": 2, "confirmed": True} in d["cards"]
    d = run_json("nambarz", "rules")
    assert set(d) == {"beginner", "basic", "parentheses", "confirmed", "experienced"}


def test_score_rounds_and_teams():
    d = run_json(
        "nambarz", "score", "--round", "Ann+4, Bob, Cid+5, Dee", "--round", "Bob, Ann, Dee, Cid",
        "--team", "Red=Ann,Bob", "--team", "Blue=Cid,Dee",
    )
    totals = {p["name"]: p["total"] for p in d["players"]}
    assert totals == {"Ann": 40 + 7 + 32, "Bob": 32 + 40, "Cid": 25 + 14 + 19, "Dee": 19 + 25}
    assert d["leaders"] == ["Red"] and not d["tie"]


def test_score_tie_and_places_beyond_fifth():
    d = run_json("nambarz", "score", "-r", "A, B, C, D, E, F, G", "-r", "B, A, C, D, E, G, F")
    totals = {p["name"]: p["total"] for p in d["players"]}
    assert totals["A"] == totals["B"] == 72 and totals["F"] == totals["G"] == 0
    assert d["tie"] and d["leaders"] == ["A", "B"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["-r", "Ann, Ann"], "twice"),
        (["-r", "Ann+3, Bob"], "N from 4 to 40"),
        (["-r", "Ann, Bob", "--team", "Red"], "bad team"),
        (["-r", "Ann, Bob", "--team", "Red=Ann,Zed"], "Zed"),
        (["-r", ", ,"], "empty"),
    ],
)
def test_score_bad_input(args, message):
    r = run("nambarz", "score", *args)
    assert r.exit_code == 2, r.output
    assert message in r.stderr


def test_simplest_against_played_uses_the_played_cards_for_the_penalty():
    d = run_json("nambarz", "judge", "--target", "3", "--hand", "10 2 5 2 8 8", "2÷2+10-8",
                 "--simplest-against", "played", code=1)
    assert d["violations"] == ["not-simplest"]
    instead = d["penalty"]["play_instead"]
    assert instead["expression"] == "10÷2-2" and "5" not in instead["cards"]


def test_relaid_hint_is_not_offered_when_a_shorter_calculation_exists():
    d = run_json("nambarz", "judge", "--target", "10", "--hand", "1 3 3 5 2", "1+3x3", code=1)
    assert d["relaid"] is None and "You could have played 5×2" in d["explanation"]
    d = run_json("nambarz", "judge", "--target", "10", "--hand", "1 3 3", "1+3x3", code=1)
    assert d["relaid"]["expression"] == "3×3+1"


def test_a_joker_laid_alone_is_judged_without_a_log():
    """The lone-joker rule settled in a single situation: on change-number 4 laid alone, a
    calculation is refused (draw 3, take the cards back), one card of the number follows it."""
    d = run_json("nambarz", "judge", "--target", "change-number 4", "--hand", "8 4 1", "8-4", code=1)
    assert d["violations"] == ["calculation-on-joker"] and d["penalty"]["take_back"] == ["8", "4"]
    assert d["cover"] == "change-number 4" and "may not calculate" in d["explanation"] and d["rules"]["preset"] == "basic"
    d = run_json("nambarz", "judge", "--target", "change-chiffre 4", "--hand", "8 4-fish 1", "4-fish")
    assert d["legal"] and d["explanation"] == "Correct: 4-fish follows change-number 4."
    r = run("nambarz", "judge", "--target", "change-number 4", "--hand", "8 4 1", "8-4")
    assert r.exit_code == 1 and "NOT LEGAL" in r.output and "Draw 3 cards and take back 8 and 4" in r.output
    d = run_json("nambarz", "best", "--target", "change-number 4", "--hand", "8 4-fish 1 change-drawing")
    assert d["concordant"] == ["4-fish"] and d["plays"] == [] and d["jokers"] == []
    d = run_json("nambarz", "best", "--target", "change-number 4", "--hand", "8 4-fish 1 change-drawing",
                 "--joker-on-joker")
    assert d["concordant"] == ["4-fish"] and d["jokers"] == ["change-drawing"]
    d = run_json("nambarz", "best", "--target", "change-drawing cat", "--hand", "8 4")
    assert d["concordant"] == [] and d["explanation"].startswith("Nothing in this hand follows change-drawing cat")


def test_a_joker_that_announces_is_judged_by_the_jokers_rules():
    d = run_json("nambarz", "judge", "--target", "3-bee", "--hand", "8 5-cat change-number", "change-number 5 then 5-cat")
    assert d["legal"] and d["kind"] == "joker"
    d = run_json("nambarz", "judge", "--target", "3-bee", "--hand", "8 5-cat change-number", "change-number cat", code=1)
    assert d["violations"] == ["wrong-joker"] and d["penalty"]["draw"] == 3
    d = run_json("nambarz", "judge", "--target", "3-bee", "--hand", "8 5-cat change-number", "change-number")
    assert d["legal"] and d["kind"] == "joker"  # a joker named alone: the one-turn referee, as the drills ask it
    r = run("nambarz", "best", "--target", "change-number", "--hand", "8")
    assert r.exit_code == 2 and "a joker on top is a change joker laid alone" in r.stderr
