"""Nmbrs! played whole on the one layer (solver/whole, trainer/whole.py): the match (scores carried
across rounds, the round's end, who starts), the penalty after an illegal move, a hand-written log
with illegal moves in the middle (every later move judged), the logs written before the one
format, the analysis in points, the bots' strength, and a real terminal game."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from solver.errors import TablecalcError
from solver.nmbrs import GAME
from solver.nmbrs.match import ROUND_TURNS, Match, older_log
from solver.nmbrs.round import Blocked, Phase
from solver.whole.analyse import analyse
from solver.whole.log import read
from solver.whole.referee import referee
from solver.whole.simulate import simulate
from trainer.cli import app

DATA = Path(__file__).resolve().parents[2] / "data"
DISPUTE = (DATA / "nmbrs-dispute.jsonl").read_text("utf-8")
"""A round with two illegal moves in the middle and a wrong score at its end (also docs/nmbrs.md's example)."""
runner = CliRunner()


def match(names=("Ann", "Bob"), rules=None) -> Match:
    rules = rules or GAME.rules()
    return GAME.new_match(names, rules, GAME.load_data(rules))


def play(r, *moves):
    for move in moves:
        v = r.judge(move)
        assert v.legal, (move, v.violations)
        r = r.after(v)
    return r


# ---------------------------------------------------------------- the match


def test_scores_are_carried_from_round_to_round_and_the_next_seat_starts():
    m = match(("Ann", "Bob", "Cid"))
    r = m.parse_deal("hands 5 6 7 40 | 10 20 33 71 | 50 51 52 53; open 90; closed 8 61 62 63")
    assert r.scores == (50, 50, 50) and r.current_player() == 0 and r.names == ("Ann", "Bob", "Cid")
    end = play(r, "refuse", "pass", "pass", "draw closed", "lay 5 6 7 8", "discard 40")
    assert end.is_terminal() and end.out == 0
    m = m.after_round(end)
    assert m.scores() == tuple(p.after for p in end.result().players) == (74, 42, 41)
    assert not m.is_over() and m.rounds == 1
    nxt = m.deal(random.Random(3))
    assert nxt.scores == m.scores() and nxt.to == 1 and nxt.number == 2  # round 2: the second seat starts
    typed = m.parse_deal("hands 5 6 7 | 10 20 33 | 40 41 42; open 90; closed 8 61")
    assert typed.scores == m.scores() and typed.to == 1  # what the deal leaves out, the match gives
    assert m.parse_deal("hands 5 6 7 | 10 20 33 | 40 41 42; scores 1 2 3; to 2").scores == (1, 2, 3)


def test_the_match_ends_when_a_round_ends_with_win_at_points():
    m = match()
    r = m.parse_deal("hands 5 6 7 40 | 10 20 33 71; open 90; closed 8 61 62 63; scores 95 99")
    m = m.after_round(play(r, "refuse", "pass", "draw closed", "lay 5 6 7 8", "discard 40"))
    assert m.is_over() and m.winners == ("Ann",) and m.scores()[0] >= 100
    played = simulate(GAME, GAME.rules(), GAME.load_data(GAME.rules()), ("Ann", "Bob"), rounds=50, seed=2, bots=("best",))
    assert max(played.scores) >= 100 and len(played.rounds) < 50  # simulate stops at the end of the match


def test_a_round_nobody_finishes_ends_after_the_match_limit_or_max_turns():
    assert match().play_rules.max_turns == ROUND_TURNS == 400
    limited = match(rules=GAME.rules().with_options(max_turns=1))
    assert limited.play_rules.max_turns == 1
    r = play(limited.parse_deal("hands 5 6 7 9 | 10 20 33; open 1; closed 61"), "draw open", "discard 9")
    assert r.is_terminal() and r.blocked is Blocked.MAX_TURNS
    m = limited.after_round(r)
    assert m.scores() == tuple(p.after for p in r.result().players) and all(s < 50 for s in m.scores())


def test_players_are_counted_by_the_rules():
    with pytest.raises(TablecalcError, match="Nmbrs! is played by 2 to 8"):
        match(("Ann",))
    assert match(tuple(f"P{i}" for i in range(8))).deal(random.Random(1)).players == 8


# ---------------------------------------------------------------- the penalty after an illegal move


def test_an_illegal_lay_takes_the_turn_back_and_the_player_goes_on():
    r = match().parse_deal("hands 5 6 7 40 41 | 10 20 33 42 44; open 90; closed 8 9 61")
    r = play(r, "draw open", "lay 5 6 7")
    v = r.judge("add 1: 40")  # 5 6 7 40 is no sequence
    assert not v.legal and [str(x) for x in v.violations] == ["not-a-sequence"]
    assert [str(c) for c in v.penalty.take_back] == ["5", "6", "7"] and v.penalty.amount == 3
    after = r.after(v)
    assert after.phase is Phase.LAY and after.current_player() == 0 and not after.table.sequences
    assert sorted(c.number for c in after.hands[0]) == [5, 6, 7, 40, 41, 90] and after.scores == (50, 50)
    assert "Penalty: 5, 6 and 7 go back to the hand" in GAME.explain(v)
    again = play(after, "lay 5 6 7", "discard 90")  # the turn played again, from its draw
    assert again.current_player() == 1 and again.scores[0] > 50


def test_a_refused_draw_a_move_out_of_turn_and_a_line_that_is_no_move_change_nothing():
    r = match().parse_deal("hands 5 6 7 40 | 10 20 33 71; open 90; closed 8 61")
    for move, player, code in [("draw closed", None, "wrong-phase"), ("draw open", 1, "not-your-turn"),
                               ("fly away", None, "not-a-move")]:
        v = r.judge(move, player)
        assert not v.legal and [str(x) for x in v.violations] == [code] and v.penalty.amount == 0
        assert r.after(v) is r
    laying = play(r, "draw open", "lay 5 6 7")
    v = laying.judge("draw open", 1)  # out of turn while the other lays: nothing changes for the player laying
    assert [str(x) for x in v.violations] == ["not-your-turn"] and laying.after(v) is laying
    v = laying.judge("abracadabra")
    assert laying.after(v) is laying and GAME.explain(v).startswith("Not understood: unknown move 'abracadabra'")
    v = laying.judge("draw closed")  # a draw once the card is drawn: refused, and the turn's lays stay
    assert [str(x) for x in v.violations] == ["wrong-phase"] and v.penalty.amount == 0 and laying.after(v) is laying
    for typo, code in [("add 1: 9", "not-in-hand"), ("add 4: 40", "no-such-sequence")]:  # not understood: a typing mistake
        v = laying.judge(typo)
        assert [str(x) for x in v.violations] == [code] and v.penalty.amount == 0 and laying.after(v) is laying
        assert GAME.explain(v).endswith("Nothing is played.")


# ---------------------------------------------------------------- a hand-written log


def test_a_hand_written_log_with_illegal_moves_in_the_middle_is_judged_to_its_end():
    report = referee(GAME, read(DISPUTE, "dispute.jsonl"))
    assert not report.legal and report.judged == 15 and report.rounds_over == 1
    bad = report.illegal
    assert [(m.line, m.player, m.move, [str(x) for x in m.verdict.violations]) for m in bad] == [
        (10, "Bob", "add 1: 33", ["not-a-sequence"]), (12, "Bob", "draw open", ["not-your-turn"])]
    assert [str(c) for c in bad[0].verdict.penalty.take_back] == ["40", "42", "44"]
    assert "hands 41 | 10 20 33 42 44 40;" in bad[0].after and "table 5 6 7 8;" in bad[0].after
    later = [m for m in report.moves if m.line > 10]
    assert len(later) == 7 and all(m.legal for m in later if m.line != 12)  # every later move judged, from the corrected table
    assert report.scores == (76, 40)  # Ann went out; Bob's turn scored nothing, he pays 10 20 40 42 44
    assert report.disagreements == ((18, (82, 40), (76, 40)),)  # the family wrote 82 for Ann


def test_the_referee_command_on_the_dispute(tmp_path):
    path = DATA / "nmbrs-dispute.jsonl"
    r = runner.invoke(app, ["nmbrs", "referee", str(path), "--json"])
    assert r.exit_code == 1, r.output
    d = json.loads(r.stdout)
    assert d["legal"] is False and d["moves"] == 15 and d["scores"] == {"Ann": 76, "Bob": 40}
    first = d["first_illegal"]
    assert first["line"] == 10 and first["violations"] == ["not-a-sequence"] and first["penalty"]["amount"] == 3
    assert first["explanation"].startswith("5, 6, 7, 8, 33 is not an arithmetic progression")
    assert [m["line"] for m in d["illegal"]] == [10, 12]
    r = runner.invoke(app, ["nmbrs", "referee", str(path)])
    assert r.exit_code == 1 and "15 moves judged, 2 illegal." in r.stdout and "Line 12 (round 1), Bob plays draw open" in r.stdout


OLD_LOG = """{"type": "game", "players": 2, "names": ["P1", "P2"], "seed": 7, "policies": ["best", "best"], "rules": {"preset": "simple+custom", "sequence": "progression", "numbers": [1, 50], "score_by": "cards", "discard_last": false, "doubling": "whole", "joker_colour": "wild", "opening": "once", "max_turns": 400}}
{"type": "deal", "round": 1, "names": ["P1", "P2"], "hands": ["5 6 7 40", "10 20 33 41 42"], "open": "30", "closed": "8 11 12", "scores": [20, 20], "to": 0}
{"type": "move", "round": 1, "player": 0, "move": "refuse"}
{"type": "move", "round": 1, "player": "P2", "move": "pass"}
{"type": "move", "round": 1, "player": 0, "move": "draw closed"}
{"type": "move", "round": 1, "player": 0, "move": "lay 5 6 7 8"}
{"type": "move", "round": 1, "player": 0, "move": "discard 40"}
{"type": "round-end", "round": 1, "scores": {"P1": 28, "P2": 15}}
{"type": "end", "rounds": 1, "scores": {"P1": 28, "P2": 15}, "winners": []}
"""


def test_a_log_written_before_the_one_format_is_still_read(tmp_path):
    """Nothing a user saved is lost: ``simulate --log`` logs and hand-written disputes of the old
    format are read as logs of the one format (their rules, deals, moves and round scores)."""
    log = older_log(OLD_LOG, "old.jsonl")
    assert log.players == ("P1", "P2") and log.preset == "simple" and log.options == {"max_turns": 400}
    assert log.rounds[0].deal == "hands 5 6 7 40 | 10 20 33 41 42; open 30; closed 8 11 12; scores 20 20; to 0"
    assert log.rounds[0].scores == (28, 15)
    report = referee(GAME, log)
    assert report.legal and report.scores == (28, 15)
    path = tmp_path / "old.jsonl"
    path.write_text(OLD_LOG)
    r = runner.invoke(app, ["nmbrs", "referee", str(path), "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["scores"] == {"P1": 28, "P2": 15}
    hand_written = '{"type": "deal", "hands": ["5 6 7 40", "10 20 33"], "open": "90", "closed": "8 61"}\n{"player": 1, "move": "draw open"}\n'
    path.write_text(hand_written)
    r = runner.invoke(app, ["nmbrs", "referee", str(path)])
    assert r.exit_code == 1 and "Line 2 (round 1), P2 plays draw open: It is not this player's turn." in r.stdout
    assert older_log('{"type": "game", "game": "nmbrs", "players": ["A", "B"]}\n', "new") is None
    path.write_text('{"type": "deal", "hands": "5 6 7"}\n')
    r = runner.invoke(app, ["nmbrs", "referee", str(path)])
    assert r.exit_code == 2 and "'hands' must be a list of hands" in r.output and len(r.output.strip().splitlines()) == 1


# ---------------------------------------------------------------- the analysis


def test_the_analysis_counts_points_exact_in_the_turn_and_estimated_at_the_draw():
    a = analyse(GAME, read(DISPUTE, "dispute.jsonl"))
    assert a.unit == "points" and [m.line for m in a.moves if not m.legal] == [10, 12]
    by_line = {m.line: m for m in a.moves}
    discard = by_line[11]  # after the penalty Bob discards, where he could still lay 40 42 44
    assert discard.exact and discard.best == ("lay 40 42 44",) and discard.loss == discard.best_value > 10
    assert discard.label == "blunder"
    lay = by_line[6]  # Ann's lay 5 6 7 8 is the best turn
    assert lay.exact and lay.loss == 0 and lay.label is None
    draw = by_line[3]  # refusing 90: an estimate, against the best bot's rule (take the open card)
    assert not draw.exact and draw.best == ("draw open",) and draw.loss is not None
    summary = a.summary()
    assert summary["Bob"]["illegal"] == 2 and summary["Bob"]["blunder"] == 1


def test_the_best_bots_turns_lose_nothing_in_the_analysis():
    rules = GAME.rules()
    played = simulate(GAME, rules, GAME.load_data(rules), ("Ann", "Bob"), rounds=1, seed=11, bots=("best",))
    a = analyse(GAME, read("\n".join(json.dumps(x) for x in played.log_lines()), "log"))
    exact = [m for m in a.moves if m.exact]
    assert len(exact) >= 8 and all(m.loss == 0 for m in exact), [m.as_dict() for m in exact if m.loss]


# ---------------------------------------------------------------- the bots


def test_the_best_bot_beats_random_and_greedy():
    """A small seeded sample of benchmarks/bench_bots.py's head-to-head (two players, a win = the
    higher score at the end of the match, seats alternated); the figures are in docs/nmbrs.md."""
    rules = GAME.rules()
    deck = GAME.load_data(rules)
    for other, needed in (("random", 7), ("greedy", 5)):
        wins = 0.0
        for seed in range(8):
            bots = ("best", other) if seed % 2 == 0 else (other, "best")
            s = simulate(GAME, rules, deck, ("A", "B"), rounds=20, seed=seed, bots=bots).scores
            me = seed % 2
            wins += 1.0 if s[me] > s[1 - me] else 0.5 if s[me] == s[1 - me] else 0.0
        assert wins >= needed, (other, wins)


# ---------------------------------------------------------------- playing


def test_play_over_a_pipe_in_dutch_reads_the_draw_words_it_prints():
    r = runner.invoke(app, ["nmbrs", "play", "--players", "Ann,Bob", "--bot", "greedy", "--seed", "3"],
                      input="open trekken\nafleggen 8\nopeisen\nstoppen\n", env={"TABLECALC_LANG": "nl"})
    assert r.exit_code == 0, r.output
    assert r.output.count("Geldig.") == 3 and "Ongeldig" not in r.output


def test_hot_seat_play_shows_each_player_only_their_own_hand():
    """Two people at one screen: the screen waits for Enter when the player changes (not between the
    moves of one turn), and shows only the hand of the player to move."""
    r = runner.invoke(app, ["nmbrs", "play", "--players", "Ann,Bea", "--humans", "2", "--seed", "3"],
                      input="\ndraw open\ndiscard 8\n\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("press Enter") == 2 and "Legal. Takes joker from the open pile." in r.output
    before, _, after = r.output.partition("Bea, your turn: press Enter")
    assert "your hand (Ann): 8 26 43" in before and "(Bea):" not in before
    assert "your hand (Bea): 13 19 40" in after and "(Ann):" not in after and "cards held: Ann 9" in after


def test_play_through_a_real_terminal(tmp_path):
    """A person at a real terminal, in Dutch: draws the open card, discards, is asked to claim the card
    the greedy bot refused (the prompt says opeisen ... of passen) and claims it with that word."""
    pexpect = pytest.importorskip("pexpect")
    from tests.support.terminal import spawn

    child = spawn(tmp_path, "nmbrs", "play", "--players", "Ann,Bob", "--bot", "greedy", "--seed", "3",
                  TABLECALC_LANG="nl")
    child.expect(r"\(Ann\): ([^\r\n]+)\r?\n")
    cards = re.findall(r"\x1b\[1;3[1-6]m(\d+)\x1b\[0m", child.match.group(1))  # each card in its colour
    assert cards and len(cards) == len(re.sub(r"\x1b\[[0-9;]*m", "", child.match.group(1)).split())
    first = cards[0]
    child.expect("> ")
    child.sendline("open trekken")
    child.expect("Geldig.")
    child.expect("> ")
    child.sendline(f"afleggen {first}")
    child.expect("Bob speelt weigeren")  # the bot's move in the player's words
    child.expect("opeisen")
    child.expect("> ")
    child.sendline("vliegen")
    child.expect("Niet begrepen")
    child.expect("> ")
    child.sendline("opeisen")
    child.expect("Geldig.")
    child.expect("> ")
    child.sendline("stoppen")
    child.expect("Gestopt.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
