"""Le Nain Jaune played whole (solver/nainjaune/match.py, through the one layer of solver/whole): the
tokens carried from round to round, the stakes and the deal, the round's end and its settlement,
the end of the game, the table after an illegal move, "pass" lines, a hand-written log with
illegal moves in the middle, the bots (what they see, how strong), the analysis in tokens, and
a game played in a real terminal."""

from __future__ import annotations

import json
import random
import re

import pytest
from typer.testing import CliRunner

from solver.errors import TablecalcError
from solver.nainjaune import GAME, Position, RoundState, Rules
from solver.nainjaune.bots import BOTS
from solver.nainjaune.match import GameOver, Match
from solver.nainjaune.rules import hand_size
from solver.whole.analyse import analyse
from solver.whole.log import read
from solver.whole.referee import referee
from solver.whole.simulate import simulate
from trainer.cli import app

runner = CliRunner()
B = "board 10:3 J:6 Q:9 K:12 7:15"
NAMES = ("Ann", "Bob", "Cid")


def _log(*rounds, players=NAMES, rules=None):
    """A log in the one format: ``rounds`` are (deal, [(player, move) or a dict], end dict or None)."""
    lines = [{"type": "game", "game": "nainjaune", "players": list(players), **({"rules": rules} if rules else {})}]
    for deal, moves, end in rounds:
        lines.append({"type": "deal", "deal": deal})
        for m in moves:
            lines.append(m if isinstance(m, dict) else {"type": "move", "player": m[0], "move": m[1]})
        if end is not None:
            lines.append({"type": "end", **end})
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in lines)


def _referee(text):
    return referee(GAME, read(text, "log"))


def _greedy_round(match, state):
    bots = [match.bot("greedy", i, random.Random(i)) for i in range(len(match.names))]
    while not state.is_terminal():
        state = state.after(state.judge(bots[state.current_player()].choose(state)))
    return state


# ---------------------------------------------------------------- the deal, the stakes, the tokens


def test_a_deal_writes_every_hand_the_staked_board_the_dealer_and_who_starts():
    m = Match(NAMES, Rules())
    s = m.deal(random.Random(4))
    pos = s.position
    assert [len(h) for h in pos.hands] == [hand_size(3)] * 3 and len(s.aside) == 52 - 45
    assert str(pos).startswith("hands Ann: ") and " | Bob: " in str(pos) and "; board 10:3 J:6 Q:9 K:12 7:15; dealer Cid; to Ann" in str(pos)
    again = m.parse_deal(str(s))
    assert str(again) == str(s) and again.aside == s.aside  # the cards in no hand are the ones set aside
    unnamed = f"hands {' | '.join(' '.join(map(str, h)) for h in pos.hands)}; board {pos.board}; dealer 3"
    assert m.parse_deal(unnamed).position == pos  # seats by number; the player to the dealer's left starts


def test_the_tokens_are_carried_and_the_stakes_added_to_the_board_left_over():
    """Each round every player stakes 15 (1 to 5 on the cells), on what the board kept from the round
    before; the deal passes one seat to the left; tokens and board always add up to the start."""
    rules = Rules()
    m = Match(NAMES, rules)
    rng = random.Random(2)
    for k in range(6):
        start = m.deal(rng)
        assert start.position.board == m.board.staked(3)
        assert start.position.dealer == (k - 1) % 3 and start.position.to == k % 3
        before = m.scores()
        end = _greedy_round(m, start)
        s = end.settlement()
        m = m.after_round(end)
        assert m.scores() == tuple(b - 15 + t + x for b, t, x in zip(before, end.position.taken, s.balances))
        assert m.board == s.board_after and m.rounds == k + 1
        assert sum(m.scores()) + m.board.total == 3 * rules.start_tokens


def test_the_game_ends_when_a_player_cannot_pay_or_stake():
    rules = Rules().with_options(start_tokens=17)  # 2 tokens each once the stakes are paid
    m = Match(NAMES, rules)
    end = RoundState(Position.parse(f"hands Ann: - | Bob: 2c 3c 4c | Cid: 5d; {B}; opened Ann"), rules)
    m = m.after_round(end)
    assert m.is_over() and m.over is GameOver.CANNOT_PAY and m.scores() == (5, 0, 1)  # Bob owed 3, had 2
    with pytest.raises(TablecalcError, match=r"the game is over after round 1 \(Bob cannot pay\)"):
        m.deal(random.Random(1))
    played = simulate(GAME, Rules().with_options(start_tokens=15), None, NAMES, rounds=50, seed=3, bots=("greedy",))
    assert len(played.rounds) == 1  # nobody can stake a second round
    more = Match(NAMES, Rules().with_options(start_tokens=30)).after_round(
        RoundState(Position.parse(f"hands Ann: - | Bob: Qs | Cid: 5d; {B}; opened Ann"), rules))
    assert more.over is GameOver.CANNOT_STAKE and more.scores() == (17, 5, 14)  # Bob: 15 - 1 - 9 = 5 < 15


def test_a_match_is_for_3_to_8_players_with_names_the_notation_writes():
    for names, message in [(("Ann", "Bob"), "3 to 8 players, not 2"), (tuple("ABCDEFGHI"), "not 9"),
                           (("Ann Marie", "Bob", "Cid"), "bad player name 'Ann Marie'")]:
        with pytest.raises(TablecalcError, match=message):
            GAME.new_match(names, Rules(), None)
    m = GAME.new_match(("P2", "P1", "P3"), Rules(), None)  # the seats' names, in another order, are names too
    s = m.deal(random.Random(1))
    assert s.position.names == ("P2", "P1", "P3") and str(m.parse_deal(str(s))) == str(s)


# ---------------------------------------------------------------- a round judged, and its end


ROUND = f"hands Ann: 9c 10d Kh 2s | Bob: Jc Qs 3c | Cid: Jd 5h 7d; {B}; dealer Cid"


def test_the_round_end_is_settled_and_the_logs_settlement_compared():
    """Ann lays 9 10 (sans J: Bob), Bob J Q (sans K: Ann), Ann K 2 and is out. The end line's scores
    and its settlement (payments, board) are compared with the referee's; a wrong one is reported,
    and judging goes on (the next round too)."""
    moves = [("Ann", "9c"), ("Ann", "10d"), ("Ann", "sans J"), ("Bob", "Jc"), ("Bob", "Qs"), ("Bob", "sans K"),
             ("Ann", "Kh"), ("Ann", "2s")]
    payments = [{"from": "Bob", "to": "Ann", "tokens": 1}, {"from": "Cid", "to": "Ann", "tokens": 3},
                {"from": "Cid", "to": "board:7", "tokens": 15}]
    scores = [120 - 15 + 3 + 12 + 4, 120 - 15 + 6 + 9 - 1, 120 - 15 - 3 - 15]
    end = {"scores": scores, "payments": payments, "board": "10:0 J:0 Q:0 K:0 7:30"}
    r = _referee(_log((ROUND, moves, end)))
    assert r.legal and r.rounds_over == 1 and list(r.scores) == scores and not r.end_differences
    wrong = dict(end, payments=payments[:2] + [{"from": "Cid", "to": "board:7", "tokens": 5}])
    second = f"hands Ann: 2c 3c | Bob: 4c 5c 9d | Cid: 6c 7c; {B[:-4]}7:45; dealer Ann"
    r = _referee(_log((ROUND, moves, wrong), (second, [("Bob", "4c"), ("Bob", "5c"), ("Bob", "sans 6"),
                                                        ("Cid", "6c"), ("Cid", "7c")], None)))
    assert not r.legal and not r.illegal and r.rounds_over == 2
    assert [(line, key) for line, key, _theirs, _ours in r.end_differences] == [(11, "payments")]
    d = r.as_dict()
    assert d["end_differences"][0]["referee"] == payments
    out = runner.invoke(app, ["nainjaune", "referee", "-"], input=_log((ROUND, moves, wrong)))
    assert out.exit_code == 1 and "Line 11: the log writes payments = [" in out.output


def test_an_illegal_move_is_taken_back_and_the_round_goes_on():
    """The seed's penalty: the card goes back to the hand, a stake taken without its card back on its
    cell; the same player is to move, and the round is played on from that table."""
    s = GAME.new_match(NAMES, Rules(), None).parse_deal(ROUND)
    for text, player, code in [("Jc", 1, "not-your-turn"), ("7d!", 2, "not-your-turn"), ("Jd", 0, "not-in-hand"),
                               ("9c!", 0, "stake-without-card"), ("sans 3", 0, "wrong-sans")]:
        v = s.judge(text, player)
        assert not v.legal and str(v.violations[0]) == code
        assert s.after(v) is s and s.current_player() == 0
    v = s.judge("10d!", 0)
    assert v.legal and s.after(v).position.taken == (3, 0, 0)
    assert GAME.explain(s.judge("Jc", 1)) == "It is Ann's turn, not Bob's. Take back J♣."


def test_a_hand_written_log_with_illegal_moves_in_the_middle_is_judged_to_the_end():
    text = _log((ROUND, [
        ("Ann", "9c"), ("Bob", "Jc"),        # Bob out of turn: his J♣ taken back
        ("Ann", "10 de carreau"), ("Ann", "Jd"),  # Ann does not hold J♦
        ("Ann", "sans J"), ("Cid", "pass"),  # Cid was not passed by: it is Bob's turn
        ("Bob", "Jc"), ("Bob", "Qs"), ("Bob", "sans K"), ("Ann", "Kh"), ("Ann", "sans A"),  # after a King: a new run
        ("Ann", "2s")], {"scores": [124, 119, 87]}))
    r = _referee(text)
    assert r.judged == 12 and r.rounds_over == 1
    assert [(m.line, m.player, str(m.verdict.violations[0])) for m in r.illegal] == [
        (4, "Bob", "not-your-turn"), (6, "Ann", "not-in-hand"), (8, "Cid", "not-your-turn"),
        (13, "Ann", "missed-king-restart")]
    assert list(r.scores) == [124, 119, 87] and not r.disagreements
    out = runner.invoke(app, ["nainjaune", "referee", "-", "--json"], input=text)
    assert out.exit_code == 1
    d = json.loads(out.stdout)
    assert d["moves"] == 12 and len(d["illegal"]) == 4 and d["first_illegal"]["line"] == 4
    assert d["first_illegal"]["explanation"] == "It is Ann's turn, not Bob's. Take back J♣. (rule 3.1: taking turns)"
    assert d["first_illegal"]["clauses"] == ["3.1"]
    assert d["scores"] == {"Ann": 124, "Bob": 119, "Cid": 87}


def test_pass_lines_for_the_players_a_sans_went_by_are_accepted_not_required():
    deal = f"hands Ann: 4c 5c Qh | Bob: 9h 2d | Cid: 6d 3s | Dan: 6h 8s; {B[:-4]}7:20; dealer Dan"
    players = ("Ann", "Bob", "Cid", "Dan")
    start = [("Ann", "4c"), ("Ann", "5c"), ("Ann", "sans 6")]  # Bob holds no 6: Cid plays on
    for extra, legal in [([], True), ([("Bob", "pass")], True), ([("bob", "passe")], True),
                         ([("Bob", "pass"), ("Bob", "pass")], False), ([("Dan", "pas")], False), ([("Cid", "pass")], False)]:
        r = _referee(_log((deal, [*start, *extra, ("Cid", "6d")], None), players=players))
        assert r.legal is legal, (extra, [(m.move, m.verdict.violations) for m in r.illegal])
        assert r.judged == len(start) + len(extra) + 1 and r.moves[-1].legal
    # nobody else holds a 4: "sans 4" comes back to Ann, and every other player may say pass
    back = f"hands Ann: 2c 3c Qh | Bob: 9h 2d | Cid: 6d 3s; {B}; dealer Cid"
    r = _referee(_log((back, [("Ann", "2c"), ("Ann", "3c"), ("Ann", "sans 4"), ("Bob", "pass"), ("Cid", "pass"),
                              ("Ann", "Qh")], None)))
    assert r.legal and r.judged == 6


def test_follow_a_table_with_pass_lines(tmp_path):
    log = tmp_path / "table.jsonl"
    r = runner.invoke(app, ["nainjaune", "follow", "--players", "Ann,Bob,Cid", "--deal", ROUND, "--log", str(log)],
                      input="Ann: 9c\nAnn: 10d\nAnn: sans J\nCid: pass\nBob: valet de trèfle\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("Legal.") == 4 and "Not legal. It is Bob's turn" in r.output
    saved = read(log.read_text(encoding="utf-8"), "table")
    assert [m.move for m in saved.rounds[0].moves][-1] == "valet de trèfle" and not referee(GAME, saved).legal


# ---------------------------------------------------------------- the bots


def test_the_bots_see_only_their_own_hand():
    """Dealing the cards a bot cannot see otherwise among the others (and the cards set aside)
    changes nothing it plays."""
    rules = Rules()
    m = Match(NAMES, rules)
    rng = random.Random(8)
    for _ in range(6):
        s = m.deal(rng)
        for _step in range(rng.randrange(12)):
            if s.is_terminal():
                break
            s = s.after(s.judge(BOTS["greedy"].choose(s, rng)))
        if s.is_terminal():
            continue
        me = s.current_player()
        hidden = sorted(s.unseen(me))
        random.Random(1).shuffle(hidden)
        hands = list(s.position.hands)
        for q in range(3):
            if q != me:
                hands[q], hidden = tuple(hidden[:len(hands[q])]), hidden[len(hands[q]):]
        other = RoundState(Position(tuple(hands), s.position.board, s.position.to, s.position.mode, s.position.need,
                                    s.position.opened, s.position.taken, names=s.position.names),
                           rules, aside=frozenset(hidden), voids=s.voids, passed=s.passed)
        assert other.unseen(me) == s.unseen(me)
        for name in BOTS:
            assert BOTS[name].choose(s, random.Random(5)) == BOTS[name].choose(other, random.Random(5))


def test_the_best_bot_goes_out_when_it_surely_can_and_the_analysis_agrees():
    """9 10 J Q K gives the lead back, then 2 3: out in the first turn, a Grand Opéra, whatever the
    others hold. The analysis is exact there, and every other first card loses at least a blunder."""
    m = Match(NAMES, Rules())
    s = m.parse_deal(f"hands Ann: 9c 10d Jc Qs Kh 2h 3d | Bob: 4h 5h 6h 7h | Cid: 8h 9h 10h Jh; {B}; dealer Cid")
    for _ in range(7):
        move = BOTS["best"].choose(s, random.Random(0))
        w = m.analyse(s, (move,))
        assert w.exact and move in w.best and w.value(move) == max(w.values.values())
        s = s.after(s.judge(move))
    assert s.is_terminal() and s.position.opera
    first = m.analyse(m.parse_deal(f"hands Ann: 9c 10d Jc Qs Kh 2h 3d | Bob: 4h 5h 6h 7h | Cid: 8h 9h 10h Jh; {B}"))
    assert first.best == ("9c",) and first.values["9c"] == 3 + 6 + 9 + 12 + 15 + 7 + 8  # the board, 7 cards, 8 paid
    assert first.values["9c"] - first.values["2h"] >= m.loss_labels[2]


def test_the_analysis_counts_tokens_from_what_the_player_could_know():
    """9 10 J takes two cells (9 tokens) and lays 3 cards: 12. Starting with 10♦ would be worth as
    much only if "sans J" came back, which Ann cannot know (here it would: nobody else holds a J);
    after 4♠ the lay ends, "sans 5" going to Cid: 1."""
    log = _log((f"hands Ann: 9c 10d Jc 4s | Bob: 8h Qs | Cid: 4h 5h; {B}; dealer Cid",
                [("Ann", "4s"), ("Ann", "sans 5"), ("Cid", "5h"), ("Cid", "sans 6")], None))
    a = analyse(GAME, read(log, "log"))
    first = a.moves[0]
    assert first.best == ("9c",) and first.best_value == 12 and first.value == 1 and first.loss == 11
    assert first.label == "blunder" and not first.exact
    assert a.summary()["Ann"]["loss"] == 11 and a.unit == "tokens"
    r = runner.invoke(app, ["nainjaune", "analyse", "-"], input=log)
    assert r.exit_code == 0 and "Line 3: Ann 4s: blunder (loss in tokens: 11); best 9c (an estimate)" in r.output


def test_the_best_bot_is_deterministic_and_plays_a_whole_game():
    a = simulate(GAME, Rules(), None, NAMES, rounds=2, seed=11, bots=("best", "greedy", "random"))
    b = simulate(GAME, Rules(), None, NAMES, rounds=2, seed=11, bots=("best", "greedy", "random"))
    assert a == b and len(a.rounds) == 2


@pytest.mark.slow
def test_the_best_bot_wins_more_than_its_share():
    """A quick measure (benchmarks/bench_bots.py measures it over many games): over 12 games of 8
    rounds, the best bot against two greedy ones, seats in turn, ends with the most tokens more
    often than a third of the time."""
    wins = 0.0
    for k in range(12):
        bots = ["greedy"] * 3
        bots[k % 3] = "best"
        scores = simulate(GAME, Rules(), None, NAMES, rounds=8, seed=100 + k, bots=tuple(bots)).scores
        top = [i for i, x in enumerate(scores) if x == max(scores)]
        wins += (k % 3 in top) / len(top)
    assert wins / 12 > 0.4


# ---------------------------------------------------------------- play


def test_play_a_round_against_the_bots_over_a_pipe():
    """Ann types what the hint says until the round ends; the others are bots. The table shows her
    hand only; the round ends with every hand and the settlement."""
    r = runner.invoke(app, ["nainjaune", "play", "--players", "Ann,Bob,Cid", "--seed", "5", "--bot", "greedy"],
                      input="hint\n")
    assert "Hint: " in r.output and "Bob: 15 cards" in r.output and "Board" in r.output
    hand = re.search(r"Ann: ([^\n]+)", r.output).group(1)
    assert len(hand.split()) == 15


def test_play_in_a_real_terminal(tmp_path):
    """Ann asks for a hint (in French), plays it, and stops (in Dutch); the bots wait for her."""
    pytest.importorskip("pexpect")
    from tests.support.terminal import session

    with session(tmp_path, "nainjaune", "play", "--players", "Ann,Bob,Cid", "--bot", "greedy", "--seed", "3",
                 rows=40) as child:
        child.expect_exact("Ann, your move")
        child.sendline("indice")
        child.expect(r"Hint: (\S+?)[ /.]")
        move = child.match.group(1)
        child.expect_exact("Ann, your move")
        child.sendline(move)
        child.expect_exact("Legal. Ann lays")
        child.expect_exact("Ann, your move")
        child.sendline("stoppen")
        child.expect_exact("Stopped.")


def test_hot_seat_play_hides_the_other_hands():
    r = runner.invoke(app, ["nainjaune", "play", "--players", "Ann,Bob,Cid", "--humans", "3", "--seed", "2"],
                      input="\nquit\n")
    assert r.exit_code == 0, r.output
    assert "press Enter when the others cannot see the screen" in r.output
    shown = [line for line in r.output.splitlines() if line.startswith("  ")]
    assert sum(len(line.split(": ", 1)[1].split()) > 2 for line in shown) == 1  # one hand of cards, two counts


# ---------------------------------------------------------------- logs saved by earlier versions


def test_a_log_saved_by_an_earlier_version_is_still_judged():
    """``simulate --log`` of an earlier version (its game, round, move, settle and end lines): every
    move judged legal, the settlement it wrote agrees, the tokens are the ones it printed then."""
    r = runner.invoke(app, ["nainjaune", "referee", "tests/data/nainjaune-old-simulate.jsonl", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["legal"] and d["moves"] == 106 and d["rounds"] == 2 and d["scores"] == {"P1": 114, "P2": 93, "P3": 126}
    assert d["end_differences"] == [] and d["score_disagreements"] == []
    # written by hand after the earlier docs: a deal line with hands, names, board and dealer, then moves
    old = "\n".join(json.dumps(x) for x in (
        {"names": ["Ann", "Bob", "Cid"], "hands": ["9c 10d Kh 2s", "Jc Qs 3c", "Jd 5h 7d"], "board": B[6:], "dealer": "Cid"},
        {"player": "Ann", "move": "9c"}, {"player": "Ann", "move": "10d"}, {"player": "Ann", "move": "sans J"},
        {"player": 2, "move": "Jd"}, {"player": "Bob", "move": "Jc"}))
    r = runner.invoke(app, ["nainjaune", "referee", "-"], input=old)
    assert r.exit_code == 1 and "5 moves judged, 1 illegal." in r.output and "Line 5 (round 1), Cid plays Jd" in r.output
    bad = runner.invoke(app, ["nainjaune", "referee", "-"], input='{"type": "deal", "deal": "x"}\n')
    assert bad.exit_code == 2 and "expected the 'game' line first" in bad.output
