"""``tablecalc nmbrs`` through typer's CliRunner: every command, its JSON keys and exit codes (the packs:
test_nmbrs_packs.py; the commands of a whole game: test_nmbrs_match.py)."""

import json

import pytest
import typer
from typer.testing import CliRunner

from trainer.clikit import Group
from trainer.games.nmbrs.cli import app as nmbrs_app

app = typer.Typer(cls=Group)
app.add_typer(nmbrs_app, name="nmbrs")


@app.callback()
def _root() -> None:
    """A stand-in for the tablecalc app."""


runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["nmbrs", *args])


def run_json(*args, code=0):
    r = run(*args, "--json")
    assert r.exit_code == code, r.output
    return json.loads(r.stdout)


# ---------------------------------------------------------------- check


def test_check_issue_example():
    r = run("check", "14 20 26", "--preset", "advanced")
    assert r.exit_code == 1
    assert "counting back 26, 20, 14, 8, 2 lands on 2, not 0 or 1" in r.stdout
    d = run_json("check", "14 20 26", "--preset", "advanced", code=1)
    assert d["valid"] is False and d["reason"] == "counting back 26, 20, 14, 8, 2 lands on 2, not 0 or 1"
    d = run_json("check", "14", "20", "26")
    assert d["valid"] is True and d["reason"] is None and d["numbers"] == [14, 20, 26] and d["step"] == 6


def test_check_with_jokers_and_rule_override():
    d = run_json("check", "10 joker 30")
    assert d["resolutions"] == [[10, 20, 30], [10, 30, 50]] and d["jokers"] == [{"card": "joker", "value": 20}]
    d = run_json("check", "10 joker=20 30", "--sequence-rule", "count-back")
    assert d["valid"] is True and d["rules"]["preset"] == "basic+custom"


@pytest.mark.parametrize("args, message", [
    (["check", "14 20 101"], "there is no card 101 ('101'): Nmbrs! cards run 1-100"),
    (["check", "14x 20 26"], "unknown colour 'x' in '14x'"),
    (["check", "14 14 20"], "14 is there twice"),
    (["check", "14 20 26", "--preset", "expert"], "unknown preset 'expert'"),
    (["sequences", "--hand", " "], "the hand is empty"),
    (["best", "--hand", "5 6 7", "--table", "10 20"], "sequence 1 (10 20) is not valid"),
    (["best", "--hand", "5 6 7", "--table", "10 20 30 |"], "sequence 2 is empty"),
    (["judge", "jump 3", "--hand", "5 6 7"], "unknown move 'jump 3'"),
    (["score", "--player", "Ann"], "bad player 'Ann'"),
    (["best", "--hand", "5 6 7", "--doubling", "half"], "'half' is not one of whole, added"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("tablecalc: error: ") and message in r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.output


# ---------------------------------------------------------------- sequences


def test_sequences_lists_every_subset_with_jokers_resolved():
    d = run_json("sequences", "--hand", "11 21 joker 6", "--preset", "advanced")
    assert {"hand", "count", "sequences", "omitted_joker_only", "points_estimated", "rules"} <= set(d)
    by_cards = {tuple(s["cards"]): s for s in d["sequences"]}
    s = by_cards[("6", "11", "joker", "21")]
    assert s["numbers"] == [6, 11, 16, 21] and s["jokers"] == [{"card": "joker", "value": 16}]
    assert {"cards", "numbers", "step", "length", "jokers", "points", "doubled", "score"} <= set(s)
    assert d["count"] == len(d["sequences"]) and d["points_estimated"] is True


def test_sequences_text_and_joker_only_note():
    r = run("sequences", "--hand", "joker joker joker 5", "--preset", "simple")
    assert r.exit_code == 0, r.output
    assert "made of jokers only, not listed" in r.stdout and "1 point per card" in r.stdout
    r = run("sequences", "--hand", "14r 20 26")
    assert "card points are an estimate" in r.stdout and "14r 20 26" in r.stdout


# ---------------------------------------------------------------- judge and best


def test_judge_figure_5():
    d = run_json("judge", "add 1: 15 25", "--hand", "15 25 7", "--table", "10 20 30", "--opened")
    assert d["legal"] is True and d["moves"][0]["numbers"] == [10, 15, 20, 25, 30]
    assert d["table"]["text"] == "10 15 20 25 30" and d["hand_left"] == ["7"]
    r = run("judge", "add 1: 15", "--hand", "15 25 7", "--table", "10 20 30", "--opened")
    assert r.exit_code == 1 and "every step must be the same" in r.stdout


def test_move_is_judges_old_name_kept_for_one_release():
    args = ["add 1: 15 25", "--hand", "15 25 7", "--table", "10 20 30", "--opened", "--json"]
    old, new = run("move", *args), run("judge", *args)
    assert old.exit_code == new.exit_code == 0 and old.stdout == new.stdout
    assert "'nmbrs move' is now 'nmbrs judge'" in old.stderr and not new.stderr
    r = run("move", "add 1: 15", "--hand", "15 25 7", "--table", "10 20 30", "--opened")
    assert r.exit_code == 1 and "every step must be the same" in r.stdout


def test_judge_several_moves_in_one_argument_and_options():
    d = run_json("judge", "lay 5 6 7; add 1: 40", "--hand", "5 6 7 40 99", "--table", "10 20 30",
                 "--opening", "each-turn")
    assert d["legal"] is True and [m["kind"] for m in d["moves"]] == ["lay", "append"]
    d = run_json("judge", "lay 5 10 15", "--hand", "5 10 15", "--lay-last")
    assert d["legal"] is True and d["rules"]["discard_last"] is False


def test_best_json_and_text():
    d = run_json("best", "--hand", "15 25 40 7 8", "--table", "10 20 30", "--opened")
    assert [m["move"] for m in d["moves"]] == ["cross 20: 15 25", "add 1: 40"] and d["score"] == 7
    assert {"moves", "score", "points_estimated", "hand_left", "table", "states_searched", "rules"} <= set(d)
    r = run("best", "--hand", "15 25 40 7 8", "--table", "10 20 30", "--opened")
    assert r.exit_code == 0 and "cross 20: 15 25" in r.stdout and "discard one of these" in r.stdout
    r = run("best", "--hand", "7 8 99")
    assert "no move scores: just discard a card" in r.stdout


# ---------------------------------------------------------------- score, deck, rules


def test_score_end_of_round():
    d = run_json("score", "--player", "Ann=96", "--player", "Bob=103:7 joker", "--player", "Cid=40:60")
    assert d["winners"] == ["Bob"] and d["game_over"] is True and d["points_estimated"] is True
    assert [p["after"] for p in d["players"]] == [96, 100, 39]
    r = run("score", "--player", "Ann=60", "--player", "Bob=50:7")
    assert "play another round" in r.stdout


def test_score_refuses_two_players_out():
    """Only one player goes out: the round ends when the first does (issue 9)."""
    r = run("score", "--player", "Ann=60", "--player", "Bob=70", "--player", "Cid=40:60")
    assert r.exit_code == 2
    assert "Ann and Bob went out, but only one player can" in r.output and len(r.output.strip().splitlines()) == 1


def test_deck_and_rules():
    d = run_json("deck")
    assert d["size"] == 104 and d["points_estimated"] is True and len(d["cards"]) == 100
    assert d["cards"][13] == {"card": "14g", "number": 14, "colour": "green", "points": 3}
    assert run_json("deck", "--preset", "simple")["size"] == 54
    assert "ESTIMATED" in run("deck").stdout
    d = run_json("rules")
    assert set(d) == {"basic", "advanced", "simple"} and d["simple"]["numbers"] == [1, 50]


def test_every_command_has_json():
    for args in (["check", "1 2 3"], ["sequences", "--hand", "1 2 3"], ["judge", "lay 1 2 3", "--hand", "1 2 3 9"],
                 ["best", "--hand", "1 2 3 9"], ["score", "--player", "A=1", "--player", "B=2:9"], ["deck"], ["rules"]):
        json.loads(run(*args, "--json").stdout)
