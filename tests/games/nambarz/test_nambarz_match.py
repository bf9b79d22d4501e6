"""Nambarz played whole: its match (the score sheet across rounds, the next starter, a game's
rounds and its extra rounds on a tie, teams), its bots, its analysis in cards, and the commands
every game played whole has (``referee``, ``simulate``, ``analyse``, ``play``, ``follow``, from
:mod:`trainer.whole`) on Nambarz's own logs, disputes and hands.

The property test plays many games between bots with a fixed seed budget: a few dozen by
default, hundreds with ``TABLECALC_FUZZ=long`` (the fuzz suite's switch).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from solver.errors import TablecalcError
from solver.nambarz import GAME, Deck
from solver.nambarz.bots import BOTS, Bot, choose, lay_value
from solver.nambarz.match import MAX_EXTRA_ROUNDS, Match
from solver.nambarz.round import RoundState
from solver.nambarz.rules import Rules
from solver.nambarz.verdict import Violation
from solver.whole.analyse import analyse
from solver.whole.log import read
from solver.whole.referee import referee
from solver.whole.simulate import simulate
from trainer.cli import app

LONG = os.environ.get("TABLECALC_FUZZ") == "long"
DECK = Deck.default()
ROOT = Path(__file__).resolve().parents[3]
runner = CliRunner()


def state(text: str, rules: Rules = Rules()) -> RoundState:
    return RoundState.parse(text, rules, DECK)


def ended(text: str) -> RoundState:
    """A finished round, from its notation."""
    s = state(text)
    assert s.is_terminal()
    return s


def run(*args, input=None):
    return runner.invoke(app, ["nambarz", *args], input=input)


def log_text(played) -> str:
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in played.log_lines()) + "\n"


# ---------------------------------------------------------------- the match: scores, starters, rounds, teams


def test_scores_across_rounds_places_coups_and_who_starts():
    """Each round adds its places (40, 32, 25...) and its coups (7 per card beyond 3, out or not);
    the player with the most points in a round starts the next; a classic game is 3 rounds."""
    m = Match(("Ann", "Bob", "Cid"), Rules(), DECK)
    assert m.scores() == (0, 0, 0) and m.starter == 0 and not m.is_over()
    m = m.after_round(ended("hands Ann: - | Bob: 7 | Cid: -; top 3-bee; out Cid Ann; coups Bob:4"))
    assert m.scores() == (32, 7, 40) and m.names[m.starter] == "Cid"
    m = m.after_round(ended("hands Ann: 2 | Bob: - | Cid: -; top 3-bee; out Bob Cid; coups Ann:7 Ann:5"))
    assert m.scores() == (32 + 42, 7 + 40, 40 + 32) and m.names[m.starter] == "Ann"  # 42 points of coups beat 40
    assert not m.is_over()
    m = m.after_round(ended("hands Ann: - | Bob: - | Cid: 9; top 3-bee; out Bob Ann"))
    assert m.scores() == (74 + 32, 47 + 40, 72) and m.is_over()  # one leader after the 3 rounds of a classic game
    assert m.board().leaders == ("Ann",)
    with pytest.raises(TablecalcError, match="not over"):
        m.after_round(state("hands Ann: 1 | Bob: 2 | Cid: 3; top 3-bee"))


def test_a_tie_for_the_lead_is_played_off_by_extra_rounds():
    ann_out = ended("hands Ann: - | Bob: 7; top 3-bee; out Ann")
    bob_out = ended("hands Ann: 7 | Bob: -; top 3-bee; out Bob")
    m = Match(("Ann", "Bob"), Rules().with_options(game_rounds=2), DECK)
    m = m.after_round(ann_out).after_round(bob_out)
    assert m.scores() == (40, 40) and not m.is_over()  # a tie after the game's 2 rounds: an extra round
    assert m.after_round(ann_out).is_over()
    for _ in range(MAX_EXTRA_ROUNDS // 2):
        m = m.after_round(ann_out).after_round(bob_out)
    assert m.scores() == (240, 240) and m.is_over()  # still tied after 10 extra rounds: it stays a tie


def test_teams_sit_together_and_score_together():
    """Teams of 2 to 6 players sitting one after another; each player's score is the team's."""
    rules = Rules().with_options(team_size=2)
    m = Match(("Ann", "Bob", "Cid", "Dee"), rules, DECK)
    assert m.teams() == {"T1": ("Ann", "Bob"), "T2": ("Cid", "Dee")}
    m = m.after_round(ended("hands Ann: - | Bob: 7 | Cid: - | Dee: -; top 3-bee; out Dee Cid Ann"))
    assert m.scores() == (25, 25, 72, 72)
    with pytest.raises(TablecalcError, match="cannot make teams of 2"):
        Match(("Ann", "Bob", "Cid"), rules, DECK)
    with pytest.raises(TablecalcError, match="cannot make teams of 3"):
        Match(("Ann", "Bob", "Cid"), Rules().with_options(team_size=3), DECK)  # one team is no game
    with pytest.raises(TablecalcError, match="team-size|team_size"):
        Rules().with_options(team_size=7)


def test_the_players_and_the_deal_are_checked():
    with pytest.raises(TablecalcError, match="2 to 12 players"):
        Match(("Ann",), Rules(), DECK)
    with pytest.raises(TablecalcError, match="bad player name"):
        Match(("Ann", "Bob Smith"), Rules(), DECK)  # a space would break the round's notation
    with pytest.raises(TablecalcError, match="need 85 cards"):
        Match(tuple(f"P{i}" for i in range(1, 13)), Rules.preset("experienced"), DECK)
    m = Match(("Ann", "Bob"), Rules(), DECK)
    assert m.parse_deal("hands 6 2 | 7; top 3-bee").names == ("Ann", "Bob")  # hands unnamed: in seat order
    with pytest.raises(TablecalcError, match="the deal names Cid, Dee"):
        m.parse_deal("hands Cid: 6 2 | Dee: 7; top 3-bee")
    with pytest.raises(TablecalcError, match="3 hands for 2 players"):
        m.parse_deal("hands 6 2 | 7 | 9; top 3-bee")


def test_the_deal_is_the_round_notation_and_replays_exactly():
    m = Match(("Ann", "Bob", "Cid"), Rules(), DECK)
    s = m.deal(random.Random(5))
    text = str(s)
    assert text.startswith("hands Ann: ") and "; stock " in text and "; seed " in text
    again = m.parse_deal(text)
    assert again == s and again.stock == s.stock  # every hand and the draw pile, in order


def test_the_advice_to_play_in_teams_above_six_players():
    names = tuple(f"P{i}" for i in range(1, 9))
    assert "teams" in Match(names, Rules(), DECK).advice()[0]
    assert Match(names, Rules().with_options(team_size=2), DECK).advice() == ()
    assert Match(names[:6], Rules(), DECK).advice() == ()


# ---------------------------------------------------------------- a round: its end, a penalty


def test_the_round_ends_when_one_player_is_left_holding_cards():
    s = state("hands Ann: 3 | Bob: 7 9 | Cid: -; top 3-bee; out Cid")
    v = s.judge("3", 0)
    end = s.after(v)
    assert v.legal and end.is_terminal() and str(end.result()) == "Cid, Ann, (Bob)"
    assert end.judge("7", 1).violations == (Violation.ROUND_OVER,) and end.after(end.judge("7", 1)) is end


def test_the_penalty_after_an_illegal_move_and_the_game_goes_on():
    """A calculation that is not the simplest: draw 3, the simplest laid instead, the other cards
    taken back, and the turn passes; the table after it is where the next move is judged."""
    s = state("hands Ann: 6 5 2 10 | Bob: 3-hippo 7 | Cid: 9; top 3-bee; stock 4 9-snail 1 8")
    v = s.judge("6+5+2-10")
    assert v.violations == (Violation.NOT_SIMPLEST,) and v.penalty.draw == 3
    after = s.after(v)
    assert str(after) == ("hands Ann: 5 10 4 9-snail 1 | Bob: 3-hippo 7 | Cid: 9; top 2; pile 3-bee 6 2; stock 8; "
                          "to Bob")
    assert after.judge("3-hippo").violations == (Violation.NOT_CONCORDANT,)  # judged on the new top card, 2
    assert after.judge("draw").legal


def test_a_move_out_of_turn_is_a_verdict_and_changes_nothing():
    s = state("hands Ann: 6 2 | Bob: 3-hippo 7; top 3-bee")
    v = s.judge("3-hippo", 1)
    assert not v.legal and v.violations == (Violation.NOT_YOUR_TURN,) and s.after(v) is s


def test_a_log_may_say_what_a_draw_took():
    """At a real table the draw pile's order is not known: a move line's ``drew`` names the cards."""
    s = state("hands Ann: 7 | Bob: 9 4; top 3-bee; stock 1 2 5 6")
    v = s.judge("draw", 0, {"drew": "6"})
    assert v.legal and s.after(v).hands[0] == tuple(DECK.parse_hand("7 6"))
    assert s.after(s.judge("draw", 0, {"drew": ["5"]})).hands[0] == tuple(DECK.parse_hand("7 5"))
    with pytest.raises(TablecalcError, match="cannot be drawn"):
        s.judge("draw", 0, {"drew": "3-bee"})  # it is the top card


# ---------------------------------------------------------------- logs: a hand-written one, the dispute

HAND_WRITTEN = """\
{"type": "game", "game": "nambarz", "players": ["Ann", "Bob", "Cid"]}
{"type": "deal", "deal": "hands Ann: 6 5 2 10 7 | Bob: 3-hippo 9 change-number | Cid: 8 4 1; top 3-bee; stock 5-cat 10-cat 4-fish 2 6 9-snail 1-dog 3"}
{"player": "Ann", "move": "7"}
{"player": "Ann", "move": "6+5+2-10"}
{"player": "Bob", "move": "3-lion"}
{"player": "Bob", "move": "3-hippo"}
{"player": "Cid", "move": "4-1"}
{"player": "Ann", "move": "10-7-2"}
{"player": "Bob", "move": "change-number 8"}
{"player": "Cid", "move": "8"}
{"player": "Ann", "move": "draw"}
"""


def test_a_hand_written_log_with_illegal_moves_in_the_middle():
    """Ann lays a 7 on 3-bee, which matches nothing: the seed's penalty (draw 3, take the 7 back),
    the turn passes; her next line is out of turn; Bob names a card the deck lacks (nothing laid,
    he moves again); later Ann's calculation is not the simplest (the simplest laid instead) and she
    draws while she could play. Every move is judged, each from the table the one before left."""
    report = referee(GAME, read(HAND_WRITTEN, "log"))
    assert report.judged == 9 and not report.legal
    assert [(m.line, [str(v) for v in m.verdict.violations]) for m in report.illegal] == [
        (3, ["not-concordant"]), (4, ["not-your-turn"]), (5, ["not-a-calculation"]), (8, ["not-simplest"]),
        (11, ["could-play"])]
    first = report.illegal[0]
    assert first.verdict.penalty.draw == 3 and [str(c) for c in first.verdict.penalty.take_back] == ["7"]
    assert first.after.startswith("hands Ann: 6 5 2 10 7 5-cat 10-cat 4-fish | Bob:") and first.after.endswith("to Bob")
    legal = [m for m in report.moves if m.legal]
    assert [m.move for m in legal] == ["3-hippo", "4-1", "change-number 8", "8"]
    assert report.moves[-2].after.endswith("to Ann; out Cid")  # Cid followed Bob's lone joker with his last card
    assert report.illegal[3].verdict.penalty.play_instead.expression == "7-6"


def test_the_dispute_of_the_docs(tmp_path):
    """docs/examples/nambarz-dispute.jsonl: Cid calculates on a change joker laid alone."""
    r = run("referee", str(ROOT / "docs" / "examples" / "nambarz-dispute.jsonl"), "--json")
    assert r.exit_code == 1, r.output
    d = json.loads(r.stdout)
    assert d["legal"] is False and d["moves"] == 5 and len(d["illegal"]) == 1
    first = d["first_illegal"]
    assert first == d["illegal"][0] and first["line"] == 5 and first["player"] == "Cid"
    assert first["violations"] == ["calculation-on-joker"] and first["penalty"]["take_back"] == ["8", "4"]
    assert "may not calculate" in first["explanation"] and first["after"].endswith("to Ann")
    assert d["scores"] == {"Ann": 40, "Bob": 32, "Cid": 0} and d["score_disagreements"] == [] and d["rounds"] == 1
    r = run("referee", str(ROOT / "docs" / "examples" / "nambarz-dispute.jsonl"))
    assert r.exit_code == 1 and "Line 5 (round 1), Cid plays 8-4: After a joker laid alone" in r.output
    wrong = tmp_path / "wrong-scores.jsonl"
    wrong.write_text((ROOT / "docs" / "examples" / "nambarz-dispute.jsonl").read_text("utf-8").replace(
        "[40, 32, 0]", "[40, 0, 32]"), "utf-8")
    d = json.loads(run("referee", str(wrong), "--json").stdout)
    assert d["score_disagreements"] == [{"line": 8, "log": [40, 0, 32], "referee": [40, 32, 0]}]


def test_bad_logs_are_refused_in_one_line(tmp_path):
    deal = '{"type": "deal", "deal": "hands Ann: 6 2 | Bob: 7; top 3-bee; stock 1 2"}'
    cases = {
        "a deal the deck cannot hold": ('{"type": "deal", "deal": "hands Ann: 3-bee 3-bee | Bob: 7; top 3-bee"}', "impossible"),
        "a card drawn that is not there": (deal + '\n{"player": "Ann", "move": "draw", "drew": "9-snail"}', "cannot be drawn"),
        "another game's players": ('{"type": "deal", "deal": "hands Cid: 6 2 | Dee: 7; top 3-bee"}', "the deal names"),
        "bad rules": (deal, "unknown rule option"),
    }
    for what, (body, message) in cases.items():
        head = {"type": "game", "game": "nambarz", "players": ["Ann", "Bob"]}
        if what == "bad rules":
            head["rules"] = {"preset": "basic", "options": {"colour": "red"}}
        path = tmp_path / "log.jsonl"
        path.write_text(json.dumps(head) + "\n" + body + "\n", "utf-8")
        r = run("referee", str(path))
        lines = r.output.strip().splitlines()
        assert r.exit_code == 2 and len(lines) == 1 and message in lines[0] and "line" in lines[0], (what, r.output)


# ---------------------------------------------------------------- simulate → log → referee


@settings(max_examples=40 if LONG else 8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 9),
       preset=st.sampled_from(["basic", "confirmed", "experienced", "beginner", "parentheses"]),
       bots=st.sampled_from([("best",), ("greedy",), ("random",), ("best", "random", "greedy")]),
       team_size=st.sampled_from([0, 0, 2, 3]))
def test_simulated_games_are_judged_all_legal_from_their_logs(seed, players, preset, bots, team_size):
    """Every move a bot makes is legal, the log replays it exactly, the referee's scores are the game's."""
    if team_size and (players % team_size or players // team_size < 2):
        team_size = 0
    rules = Rules.preset(preset).with_options(team_size=team_size)
    names = tuple(f"P{i + 1}" for i in range(players))
    try:
        played = simulate(GAME, rules, GAME.load_data(rules), names, rounds=2, seed=seed,
                          bots=bots if len(bots) in (1, players) else bots[:1])
    except TablecalcError as e:  # a deck too small for this table
        assert "need" in str(e)
        return
    report = referee(GAME, read(log_text(played), "log"))
    assert report.legal and report.judged == sum(len(r.moves) for r in played.rounds)
    assert report.scores == played.scores and report.rounds_over == len(played.rounds) == 2
    if team_size:
        k = team_size
        assert all(len(set(played.scores[i:i + k])) == 1 for i in range(0, players, k))


def test_a_whole_game_with_its_extra_rounds():
    """``--rounds`` is a most: a game ends after its rounds once one player leads (extra rounds on a tie)."""
    rules = Rules().with_options(game_rounds=2)
    for seed in range(100):
        played = simulate(GAME, rules, GAME.load_data(rules), ("Ann", "Bob"), rounds=30, seed=seed, bots=("random",))
        if len(played.rounds) > 2:
            break
    else:
        pytest.fail("no tie after two rounds in 100 games")
    second = played.rounds[1].scores
    assert second[0] == second[1] and played.scores[0] != played.scores[1]  # tied, then settled
    assert all(r.scores[0] == r.scores[1] for r in played.rounds[1:-1])
    assert len(simulate(GAME, Rules(), DECK, ("Ann", "Bob"), rounds=30, seed=1, bots=("best",)).rounds) >= 3


def test_simulate_and_play_refuse_bad_input_in_one_line():
    for args, message in [(["--players", "13"], "expected 1 to 12"), (["--players", "1"], "2 to 12 players"),
                          (["--team-size", "7"], "team-size"), (["--players", "5", "--team-size", "2"], "cannot make teams"),
                          (["--bot", "clever"], "unknown bot 'clever'"), (["--jokers", "5"], "jokers"),
                          (["--players", "Ann,Bob Smith"], "bad player name")]:
        for command in ("simulate", "play"):
            r = run(command, *args, input="")
            assert r.exit_code == 2 and message in r.output and len(r.output.strip().splitlines()) == 1, (command, args, r.output)


def test_more_than_six_players_are_advised_teams():
    r = run("simulate", "--players", "8", "--seed", "1", "--json")
    assert r.exit_code == 0 and "advise playing in teams" in r.stderr
    assert json.loads(r.stdout)["players"] == [f"P{i}" for i in range(1, 9)]
    r = run("simulate", "--players", "8", "--seed", "1", "--team-size", "4")
    assert r.exit_code == 0 and "advise" not in r.output


# ---------------------------------------------------------------- bots and analysis


def test_the_bots_and_their_names():
    assert list(BOTS) == ["best", "greedy", "simplest", "random"]
    with pytest.raises(TablecalcError, match="unknown bot"):
        Bot("clever", random.Random(0))


def test_the_best_bot_goes_out_when_it_can_and_never_strands_play_again():
    s = state("hands Ann: 5-cat change-number 9 | Bob: 7 8; top 3-bee")
    assert choose(s, "best", random.Random(0)).kind.value == "joker"  # 3 cards: no move lays them all
    s = state("hands Ann: 5-cat change-number | Bob: 7 8; top 3-bee")
    assert str(choose(s, "best", random.Random(0))) == "change-number 5 then 5-cat"  # out at once
    s = state("hands Ann: 5 play-again | Bob: 7 8; top 5-cat")
    assert str(choose(s, "best", random.Random(0))) == "play-again"  # then the 5: out; the 5 first would strand it
    assert str(choose(s, "greedy", random.Random(0))) == "5-symbol"


def test_the_best_bot_sees_only_its_own_hand():
    """Two tables that differ only in the others' hands and the order of the draw pile: the same move."""
    a = state("hands Ann: 6 2 5-cat change-number 9 | Bob: 7 8 1; top 3-bee; stock 4 9-snail 10 2-owl")
    b = state("hands Ann: 6 2 5-cat change-number 9 | Bob: 4 9-snail 10; top 3-bee; stock 2-owl 1 8 7")
    assert choose(a, "best", random.Random(0)) == choose(b, "best", random.Random(0))


def test_the_analysis_counts_cards_and_is_exact_only_where_the_mover_can_go_out():
    m = Match(("Ann", "Bob"), Rules(), DECK)
    w = m.analyse(state("hands Ann: 5-cat change-number | Bob: 7 8; top 3-bee"), ("change-number 4",))
    assert w.exact and w.best == ("change-number 5 then 5-cat",) and w.value("change-number 4") == 1
    assert w.values["change-number 5 then 5-cat"] == 2
    w = m.analyse(state("hands Ann: 7 7 6 5 3-hippo | Bob: 9; top 3-bee"), ("3-hippo",))
    assert not w.exact and w.best == ("7+7-6-5",) and w.values["7+7-6-5"] == 4 + 7  # the coup's 7 counted
    assert w.value("3-hippo") == 1 and lay_value(m.parse_deal("hands 9 | 1; top 3-bee"), RoundState.parse(
        "hands 9 | 1; top 3-bee", Rules()).legal_moves()[0]) == 0  # drawing lays nothing


def test_analyse_labels_a_missed_finish(tmp_path):
    log = tmp_path / "game.jsonl"
    log.write_text(
        '{"type": "game", "game": "nambarz", "players": ["Ann", "Bob"]}\n'
        '{"type": "deal", "deal": "hands Ann: 5-cat change-number | Bob: 7 8; top 3-bee; stock 1 2 9"}\n'
        '{"move": "change-number 4"}\n', "utf-8")
    d = json.loads(run("analyse", str(log), "--json").stdout)
    move = d["moves"][0]
    assert d["unit"] == "cards" and move["loss"] == 1 and move["label"] == "inaccuracy" and move["exact"]
    assert move["best"] == ["change-number 5 then 5-cat"] and d["players"]["Ann"]["inaccuracy"] == 1


# ---------------------------------------------------------------- play and follow


def test_play_over_a_pipe_in_french_words():
    """A hint, a card the deck lacks (asked again, no penalty), the hint played, then quit: the
    table shows only the player's own hand."""
    r = run("play", "--players", "Ann,Bob", "--seed", "4", input="indice\n3-lion\nquitter\n")
    assert r.exit_code == 0, r.output
    assert "Hint: " in r.output and "There is no 3-lion card" in r.output and "Stopped." in r.output
    assert "Your hand (Ann): " in r.output and "Your hand (Bob)" not in r.output
    hint = r.output.split("Hint: ", 1)[1].split(" / ")[0].split(".\n")[0]
    r = run("play", "--players", "Ann,Bob", "--seed", "4", input=f"{hint}\nquit\n")
    assert "Legal." in r.output and "Bob plays " in r.output


def test_hot_seat_play_shows_each_player_only_their_hand():
    r = run("play", "--players", "Ann,Bob", "--humans", "2", "--seed", "4", input="\ndraw\n\nquit\n")
    assert r.exit_code == 0, r.output
    assert "press Enter when the others cannot see the screen" in r.output
    first = r.output.split("Bob, your turn")[0]
    assert "Your hand (Ann)" in first and "Your hand (Bob)" not in first


def test_follow_a_real_table_with_a_partial_deal(tmp_path):
    """Follow a round typed as it happens; a move out of turn is judged and changes nothing."""
    log = tmp_path / "table.jsonl"
    deal = "hands Ann: 6 2 4-fish | Bob: change-number 4-frog | Cid: 8 4 1; top 3-bee; stock 5-cat 10-cat 2 6 7 9-snail"
    r = run("follow", "--players", "Ann,Bob,Cid", "--deal", deal, "--log", str(log),
            input="Ann: 6÷2\nCid: 8-4\nBob: change-number 4\nCid: 8-4\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("Legal.") == 2 and "It is not this player's turn" in r.output and "may not calculate" in r.output
    report = referee(GAME, read(log.read_text("utf-8"), "table"))
    assert [m.line for m in report.illegal] == [4, 6] and report.judged == 4


def test_play_a_whole_round_in_a_real_terminal(tmp_path):
    """A player who asks for a hint and plays it, every turn, until the round is over and scored."""
    pytest.importorskip("pexpect")
    from tests.support.terminal import play_by_hints, spawn

    child = spawn(tmp_path, "nambarz", "play", "--players", "Ann,Bob,Cid", "--seed", "2", timeout=60)
    assert play_by_hints(child, "Ann") > 0


# ---------------------------------------------------------------- logs an older tablecalc wrote

OLD_DISPUTE = """\
{"type": "game", "names": ["Ann", "Bob", "Cid"], "rules": {"preset": "basic"}}
{"type": "deal", "round": 1, "names": ["Ann", "Bob", "Cid"], "hands": ["6 2 4-fish", "change-number 4-frog", "8 4 1"], "top": "3-bee", "stock": "5-cat 10-cat 2 6 7 9-snail"}
{"type": "move", "player": "Ann", "move": "6÷2"}
{"type": "move", "player": "Bob", "move": "change-number 4"}
{"type": "move", "player": "Cid", "move": "8-4"}
{"type": "move", "player": "Ann", "move": "4-fish"}
{"type": "move", "player": "Bob", "move": "4-frog"}
"""


def test_a_log_written_before_the_one_format_is_still_judged(tmp_path):
    """Nothing a table saved is lost: the dispute as the old docs wrote it, judged as the new one is."""
    old = tmp_path / "old.jsonl"
    old.write_text(OLD_DISPUTE, "utf-8")
    d = json.loads(run("referee", str(old), "--json").stdout)
    new = json.loads(run("referee", str(ROOT / "docs" / "examples" / "nambarz-dispute.jsonl"), "--json").stdout)
    assert d["illegal"] == new["illegal"] and d["scores"] == new["scores"] and d["moves"] == 5
    teams = tmp_path / "teams.jsonl"
    teams.write_text(
        '{"type": "game", "players": 4, "names": ["A", "B", "C", "D"], "rules": {"preset": "confirmed", "jokers": 8}, '
        '"teams": {"T1": ["A", "B"], "T2": ["C", "D"]}}\n'
        '{"type": "deal", "round": 1, "names": ["A", "B", "C", "D"], "hands": ["3", "7 9", "1", "2"], "top": "3-bee", '
        '"to": 0, "seed": 5}\n'
        '{"type": "move", "round": 1, "player": "A", "move": "3-symbol"}\n'
        '{"type": "round-end", "round": 1, "result": "A"}\n', "utf-8")
    d = json.loads(run("referee", str(teams), "--json").stdout)
    assert d["legal"] and d["moves"] == 1 and d["rules"]["team_size"] == 2 and d["rules"]["jokers"] == 8
    crossed = teams.read_text("utf-8").replace('"T1": ["A", "B"], "T2": ["C", "D"]', '"T1": ["A", "C"], "T2": ["B", "D"]')
    teams.write_text(crossed, "utf-8")
    r = run("referee", str(teams))
    assert r.exit_code == 2 and "not the seats in order" in r.output and len(r.output.strip().splitlines()) == 1


def test_extra_rounds_settle_the_places_the_rules_name():
    """Issue 24: extra rounds settle a tie for the lead (``tie_break="lead"``) or any disputed place
    of the ranking (``"any-place"``), in the score sheet and in a game played whole alike."""
    from solver.nambarz.match import MAX_EXTRA_ROUNDS
    from solver.nambarz.scoring import Round

    names = ("Ann", "Bob", "Cid", "Dee")
    rounds = (Round.parse("Ann, Bob, Cid, Dee"), Round.parse("Ann, Bob, Dee, Cid"))
    lead = Match(names, Rules().with_options(game_rounds=2), DECK, rounds)
    every = Match(names, Rules().with_options(game_rounds=2, tie_break="any-place"), DECK, rounds)
    assert lead.is_over() and not every.is_over()
    assert every.board().disputed == ((3, ("Cid", "Dee")),)
    longest = Match(names, every.rules, DECK, rounds * (1 + MAX_EXTRA_ROUNDS // 2))
    assert longest.is_over()  # a tie still standing after the extra rounds stays a tie
