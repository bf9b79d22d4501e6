"""Nambarz as a whole game: the round state, the jokers in play, penalties, round ends,
bots, simulate / referee / play.

The property tests play many games between bots with a fixed seed budget: a few hundred
rounds by default, thousands with ``TABLECALC_FUZZ=long`` (the fuzz suite's switch).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from solver.errors import TablecalcError
from solver.game import TERMINAL
from solver.nambarz import GAME, Deck
from solver.nambarz.moves import Announcement
from solver.nambarz.record import referee_log
from solver.nambarz.verdict import Violation
from solver.nambarz.round import End, Phase, RoundState, round_deck
from solver.nambarz.rules import Rules
from solver.nambarz.scoring import PLACE_POINTS, Round, score_game
from solver.nambarz.simulate import choose, log_lines, make_teams, play_game
from trainer.cli import app

LONG = os.environ.get("TABLECALC_FUZZ") == "long"
GAMES = settings(max_examples=3000 if LONG else 120, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])
DECK = Deck.default()
runner = CliRunner()


def state(text: str, rules: Rules = Rules()) -> RoundState:
    return RoundState.parse(text, rules, DECK)


# ---------------------------------------------------------------- properties over many games


@GAMES
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 12),
       preset=st.sampled_from(["basic", "confirmed", "experienced", "beginner", "parentheses"]),
       policy=st.sampled_from(["simplest", "greedy", "random"]))
def test_simulated_rounds_keep_the_invariants(seed, players, preset, policy):
    """Every card is somewhere (hands + draw pile + played pile = the deck) after every move;
    every move a bot plays is judged legal by the referee; the round ends; its score sheet is
    the places (40, 32, 25, 19, 14) plus the coups of whoever made them."""
    rules = Rules.preset(preset)
    if players == 12 and rules.jokers < 8:
        with pytest.raises(TablecalcError, match="need 85 cards"):
            RoundState.deal(players, rules, DECK, seed)
        return
    s = RoundState.deal(players, rules, DECK, seed, starter=seed % players)
    deck = Counter(round_deck(DECK, rules).stock())
    rng = random.Random(seed)
    coups: Counter = Counter()
    while not s.is_terminal():
        assert s.all_cards() == deck
        m = choose(s, policy, rng)
        ruling = s.judge(m)
        assert ruling.legal, (str(s), str(m))
        if m.kind.value == "calculation" and len(m.cards) >= 4:
            coups[s.to] += rules.coup_bonus(len(m.cards))
        s = s.apply(m)
    assert s.all_cards() == deck
    assert s.end() is End.OUT
    assert s.current_player() == TERMINAL and s.legal_moves() == []
    if players <= 5:
        assert len(s.out) == players - 1
    else:
        assert len(s.out) == 5
    for i, player in enumerate(s.names):
        place = s.out.index(i) if i in s.out else None
        points = (PLACE_POINTS[place] if place is not None else 0) + coups[i]
        assert s.returns()[i] == points


@settings(max_examples=40 if not LONG else 400, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), steps=st.integers(0, 60))
def test_positions_and_moves_round_trip(seed, players, steps):
    """Any moment of a round is written and read back as the same state; every legal move's
    notation reads back as the same move."""
    s = RoundState.deal(players, Rules(), DECK, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s = s.apply(rng.choice(s.legal_moves()))
    assert RoundState.parse(str(s), Rules(), DECK) == s
    for m in s.legal_moves()[:30]:
        assert s.parse_move(str(m)) == m


@settings(max_examples=15 if not LONG else 200, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 8), rounds=st.sampled_from([1, 3]),
       policy=st.sampled_from(["greedy", "random"]))
def test_a_simulated_game_refereed_from_its_log_is_all_legal(seed, players, rounds, policy):
    """The log ``simulate --log`` writes is judged legal move by move and scores the same."""
    g = play_game(players, rounds, seed, Rules.preset("confirmed"), policy)
    v = referee_log("\n".join(json.dumps(line) for line in log_lines(g)))
    assert v.legal and v.judged == sum(len(r.moves) for r in g.rounds)
    assert v.scores == g.scores
    assert len(g.rounds) >= rounds and (len(g.board.leaders) == 1 or len(g.rounds) == rounds + 10)


# ---------------------------------------------------------------- jokers


def test_a_change_joker_and_the_card_after_it():
    s = state("hands Ann: 6 2 5-cat change-number | Bob: 7 9; top 3-bee")
    moves = [str(m) for m in s.legal_moves()]
    assert "change-number 5 then 5-cat" in moves and "change-number 7" in moves and "6÷2" in moves
    after = s.apply(s.parse_move("change-number 5 then 5-cat"))
    assert after.cover == DECK.parse_card("5-cat") and after.to == 1
    # the card after the joker must follow what it announced: penalty, and the joker stays alone
    r = s.judge("change-number 7 then 5-cat")
    assert r.violations == (Violation.NOT_CONCORDANT,) and r.joker_stands
    assert [str(c) for c in r.penalty.take_back] == ["5-cat"]
    after = s.after(r)
    assert after.cover == Announcement("change-number", 7) and len(after.hands[0]) == 3 + 3


def test_after_a_lone_joker_only_a_card_of_the_announcement():
    s = state("hands Ann: 6 1 5-cat 5-dog play-again | Bob: 7; top change-number 5")
    assert [str(m) for m in s.legal_moves()] == ["5-cat", "5-dog", "play-again"]
    r = s.judge("6-1")
    assert r.violations == (Violation.CALCULATION_ON_JOKER,) and r.penalty.draw == 3
    no_jokers = Rules().with_options(joker_on_joker=False)
    s2 = state("hands Ann: 6 play-again | Bob: 7; top change-number 5", no_jokers)
    assert s2.legal_moves()[0].kind.value == "draw"
    assert s2.judge("play-again").violations == (Violation.JOKER_ON_JOKER,)
    assert state("hands Ann: 6 play-again | Bob: 7; top change-number 5").judge("draw").violations == (Violation.COULD_PLAY,)


def test_the_wrong_joker():
    s = state("hands Ann: change-number change-drawing play-again 7 | Bob: 9; top 3-bee")
    for text in ("change-number cat", "change-drawing 5", "change-number", "play-again 5"):
        r = s.judge(text)
        assert r.violations == (Violation.WRONG_JOKER,), text
        assert r.penalty.draw == 3 and r.penalty.take_back[0].is_joker
    after = s.after(s.judge("change-number cat"))
    assert after.to == 1 and len(after.hands[0]) == 4 + 3


def test_play_again_as_the_last_card():
    s = state("hands Ann: play-again | Bob: 7 9 | Cid: 4; top 3-bee; stock 1 3-hippo 8")
    s = s.apply(s.parse_move("play-again"))
    assert s.phase is Phase.LAST_DRAW and s.to == 0 and s.legal_moves()[0].kind.value == "draw"
    assert s.judge("1").violations == (Violation.MUST_DRAW,)
    s = s.apply(s.parse_move("draw"))  # draws 1: it cannot go on 3-bee, she keeps it
    assert s.to == 1 and s.hands[0] == (DECK.parse_card("1"),) and s.out == ()


def test_play_again_last_with_nothing_to_draw_is_out():
    s = state("hands Ann: play-again | Bob: 7 9 | Cid: 4; top 3-bee")
    s = RoundState(s.rules, s.deck, s.names, s.hands, (), s.pile, s.cover, 0)  # nothing left to draw
    s = s.apply(s.parse_move("play-again")).apply(s.parse_move("draw"))
    assert s.out == (0,) and s.to == 1


def test_draws_reshuffle_the_played_pile_deterministically():
    text = "hands Ann: 7 | Bob: 9 4; top 3-bee; pile 1 2 5 6 10 3-bee; stock 8; seed 3"
    s = state(text)
    for _ in range(2):
        s = s.apply(s.parse_move("draw"))
    again = state(text)
    for _ in range(2):
        again = again.apply(again.parse_move("draw"))
    assert s == again and s.reshuffles == 1 and s.pile == (DECK.parse_card("3-bee"),)
    assert s.all_cards() == state(text).all_cards()


def test_a_round_nobody_can_finish_is_blocked():
    full = round_deck(DECK, Rules()).stock()
    hands = ["7 7", "9 9"]
    used = Counter(DECK.parse_hand("7 7 9 9 3-bee"))
    left = Counter(full)
    left.subtract(used)
    pile = " ".join(str(c) for c in left.elements()) + " 3-bee"
    s = state(f"hands {hands[0]} | {hands[1]}; top 3-bee; pile {pile}; stock -".replace("; stock -", ""))
    s = RoundState(s.rules, s.deck, s.names, s.hands, (), (s.cover,), s.cover, 0)  # everything else out of play
    s = s.apply(s.parse_move("draw")).apply(s.parse_move("draw"))
    assert s.is_terminal() and s.end() is End.BLOCKED and s.result().holding == ("P1", "P2")


def test_play_drawn_option():
    rules = Rules().with_options(play_drawn=True)
    s = state("hands Ann: 7 | Bob: 9; top 3-bee; stock 3", rules)
    s = s.apply(s.parse_move("draw"))
    assert s.to == 0 and [str(m) for m in s.legal_moves()] == ["3-symbol"]


def test_holder_place_option():
    s = state("hands Ann: 3 | Bob: 7 9 | Cid: -; top 3-bee; out Cid", Rules().with_options(holder_place="last"))
    s = s.apply(s.parse_move("3"))
    assert str(s.result()) == "Cid, Ann, Bob" and s.returns() == (32.0, 25.0, 40.0)


def test_joker_levels_build_the_deck():
    assert [round_deck(DECK, Rules.preset(p)).size() for p in ("basic", "confirmed", "experienced")] == [92, 88, 84]
    assert Rules.preset("confirmé").jokers == 8
    with pytest.raises(TablecalcError, match="need 85 cards"):
        RoundState.deal(12, Rules.preset("experienced"), DECK)


# ---------------------------------------------------------------- games, teams, ties


def test_teams_of_two_to_six_and_nothing_else():
    assert make_teams([f"P{i}" for i in range(12)], 6)["T2"] == ("P6", "P7", "P8", "P9", "P10", "P11")
    for size in (1, 7):
        with pytest.raises(TablecalcError, match="2 to 6"):
            make_teams([f"P{i}" for i in range(14)], size)
    with pytest.raises(TablecalcError, match="cannot make teams"):
        make_teams(["A", "B", "C", "D", "E"], 2)
    with pytest.raises(TablecalcError, match="2 to 6"):
        score_game([Round.parse("Ann, Bob, Cid")], teams={"Red": ("Ann",), "Blue": ("Bob", "Cid")})


def test_extra_rounds_settle_a_tie():
    tied = next(g for seed in range(60) if (g := play_game(2, 2, seed, policy="random")).extra_rounds)
    assert len(tied.board.leaders) == 1 or tied.extra_rounds == 10
    assert score_game([r.end.result() for r in tied.rounds[:2]], tied.names).leaders == tied.names  # 40 each


def test_the_same_seed_plays_the_same_game():
    a, b = play_game(4, 3, seed=9), play_game(4, 3, seed=9)
    assert list(log_lines(a)) == list(log_lines(b))


def test_a_round_situation_through_the_registry():
    rules = GAME.rules()
    deck = GAME.load_data(rules)
    s = GAME.parse_situation("hands Ann: 6 1 5-cat | Bob: 7; top change-number 5", deck)
    assert isinstance(GAME.new_state(s, rules, deck), RoundState)
    assert GAME.refused_answer(s, rules, deck) is not None
    deal = GAME.parse_situation("top 3-bee; hand 6 5 2 10", deck)
    assert GAME.new_state(deal, rules, deck).legal_moves()  # the one-turn state of the drills is still there


# ---------------------------------------------------------------- a hand-written log

HAND_WRITTEN = """\
{"type": "game", "names": ["Ann", "Bob", "Cid"]}
{"hands": ["6 5 2 10 7", "3-hippo 9 change-number", "8 4 1"], "names": ["Ann", "Bob", "Cid"], "top": "3-bee", "stock": "5-cat 10-cat 4-fish 2 6"}
{"player": "Ann", "move": "7"}
{"player": "Ann", "move": "6+5+2-10"}
{"player": "Bob", "move": "3-hippo"}
{"player": "Cid", "move": "4-1"}
{"player": "Ann", "move": "draw"}
"""


def test_a_hand_written_log_with_an_illegal_move_in_the_middle():
    """Ann lays a 7 on 3-bee, which matches nothing: the seed's penalty (draw 3 cards, take the 7
    back) and the turn passes; her next line is out of turn; the moves after it are judged from
    the table after the penalty."""
    v = referee_log(HAND_WRITTEN)
    first = v.first_illegal
    assert not v.legal and v.judged == 5
    assert first.line == 3 and [str(x) for x in first.verdict.violations] == ["not-concordant"]
    assert first.verdict.penalty.draw == 3 and [str(c) for c in first.verdict.penalty.take_back] == ["7"]
    assert first.after.startswith("hands Ann: 6 5 2 10 7 5-cat 10-cat 4-fish | Bob:") and "to Bob" in first.after
    # after the penalty it was Bob's turn: Ann's second move is out of turn
    assert [str(x) for x in v.moves[1].verdict.violations] == ["not-your-turn"]
    assert v.moves[2].legal and v.moves[3].legal


ONE_ILLEGAL = """\
{"type": "game", "names": ["Ann", "Bob", "Cid"], "rules": {"preset": "basic"}}
{"hands": ["6 2 4-fish", "change-number 4-frog", "8 4 1"], "names": ["Ann", "Bob", "Cid"], "top": "3-bee", "stock": "5-cat 10-cat 2 6 7 9-snail"}
{"player": "Ann", "move": "6÷2"}
{"player": "Bob", "move": "change-number 4"}
{"player": "Cid", "move": "8-4"}
{"player": "Ann", "move": "4-fish"}
{"player": "Bob", "move": "4-frog"}
"""


def test_one_illegal_move_in_the_middle_of_a_hand_written_round():
    """Cid calculates on a joker laid alone: the seed's penalty (draw 3, take back 8 and 4), the turn
    passes, every other move is legal from the table after it, and the round ends with its places."""
    v = referee_log(ONE_ILLEGAL)
    assert not v.legal and v.judged == 5 and [m.legal for m in v.moves] == [True, True, False, True, True]
    first = v.first_illegal
    assert first.line == 5 and first.player == "Cid"
    assert [str(x) for x in first.verdict.violations] == ["calculation-on-joker"]
    assert first.verdict.penalty.draw == 3 and [str(c) for c in first.verdict.penalty.take_back] == ["8", "4"]
    assert "Cid: 8 4 1 5-cat 10-cat 2; top change-number 4" in first.after and first.after.endswith("to Ann")
    assert v.scores == {"Ann": 40, "Bob": 32, "Cid": 0}
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs", "examples", "nambarz-dispute.jsonl"), encoding="utf-8") as f:
        docs = referee_log(f.read())
    assert docs.as_dict()["first_illegal"] == v.as_dict()["first_illegal"] and docs.scores == v.scores


def test_referee_command_exit_code_and_json(tmp_path):
    log = tmp_path / "round.jsonl"
    log.write_text(HAND_WRITTEN, "utf-8")
    r = runner.invoke(app, ["nambarz", "referee", str(log), "--json"])
    assert r.exit_code == 1, r.output
    d = json.loads(r.stdout)
    assert d["legal"] is False and d["moves"] == 5 and d["first_illegal"]["line"] == 3
    assert d["first_illegal"]["penalty"]["draw"] == 3 and d["first_illegal"]["explanation"]
    assert d["scores"] == {}
    r = runner.invoke(app, ["nambarz", "referee", str(log)])
    assert r.exit_code == 1 and "NOT LEGAL (not-concordant)" in r.output and "After it: hands" in r.output


def test_simulate_command_writes_a_log_the_referee_accepts(tmp_path):
    log = tmp_path / "game.jsonl"
    r = runner.invoke(app, ["nambarz", "simulate", "--players", "4", "--rounds", "3", "--seed", "5", "--log", str(log),
                            "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert set(d["scores"]) == {"P1", "P2", "P3", "P4"} and len(d["rounds"]) >= 3
    r = runner.invoke(app, ["nambarz", "referee", str(log), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["scores"] == d["scores"]
    for bad, message in [(["--players", "13"], "2 to 12"), (["--teams", "7", "--players", "12"], "2 to 6"),
                         (["--policy", "clever"], "'clever' is not one of simplest, greedy, random"), (["--jokers", "5"], "jokers")]:
        r = runner.invoke(app, ["nambarz", "simulate", *bad])
        assert r.exit_code == 2 and message in r.stderr, (bad, r.output)


# ---------------------------------------------------------------- play


def test_play_with_plain_lines_stops_cleanly():
    r = runner.invoke(app, ["nambarz", "play", "--players", "3", "--seed", "4"], input="hint\n3-lion\ndraw\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Hint:" in r.output and "no 3-lion card" in r.output and "Game stopped." in r.output
    r = runner.invoke(app, ["nambarz", "play", "--seed", "4"], input="")  # end of input at the first prompt
    assert r.exit_code == 0 and "Game stopped." in r.output
    r = runner.invoke(app, ["nambarz", "play", "--players", "3", "--bots", "3"])
    assert r.exit_code == 2 and "--bots" in r.stderr


def test_play_a_whole_round_in_a_real_terminal(tmp_path):
    """A player who asks for a hint and plays it, every turn, until the score sheet."""
    pexpect = pytest.importorskip("pexpect")
    from tests.support.terminal import spawn

    child = spawn(tmp_path, "nambarz", "play", "--players", "3", "--seed", "2", timeout=30)
    turns = 0
    while True:
        i = child.expect([r"Your move: ", r"Winner: ", pexpect.EOF])
        if i != 0:
            break
        child.sendline("hint")
        child.expect(r"Hint: ([^\r\n]+)")
        move = child.match.group(1)
        child.expect(r"Your move: ")
        child.sendline(move)
        turns += 1
        assert turns < 300
    assert i == 1, child.before
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and turns > 0


# ---------------------------------------------------------------- hostile input

TOKENS = ["hands", "top", "pile", "stock", "to", "out", "coups", "seed", "again", "last-draw", "blocked", ";", "|",
          ":", "Ann", "Bob", "-", "3-bee", "5-cat", "7", "10", "0", "99", "change-number", "change-drawing", "play-again",
          "cat", "5", "then", "draw", "6÷2", "6+5+2-10", "Ann:4", "1", "3-lion", "joker", "(", "é", "\x00", " "]
texts = st.one_of(st.text(max_size=60), st.lists(st.sampled_from(TOKENS), max_size=25).map(" ".join),
                  st.lists(st.sampled_from(TOKENS), max_size=25).map("".join))


@settings(max_examples=2000 if LONG else 200, deadline=None, derandomize=True)
@given(situation=texts, move=texts)
def test_hostile_round_notation_and_moves(situation, move):
    """Any text as a round, and any text as a move in a round: an answer or TablecalcError, nothing else."""
    try:
        s = state("hands " + situation if not situation.startswith("hands") else situation)
    except TablecalcError:
        s = state("hands Ann: 6 2 5-cat change-number play-again | Bob: 7; top change-number 5")
    try:
        s.after(s.judge(move))
        s.apply(s.parse_move(move))
    except TablecalcError:
        pass


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**6) | st.text(max_size=12),
                           lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c, max_size=3),
                           max_leaves=10)
log_lines_st = st.lists(st.one_of(
    st.fixed_dictionaries({"hands": st.one_of(json_values, st.just(["6 5 2", "3-hippo 7"]), st.just("6 5 | 7")),
                           "top": st.one_of(json_values, st.sampled_from(["3-bee", "change-number 5", "8"]))},
                          optional={"names": json_values, "stock": json_values, "to": json_values, "seed": json_values}),
    st.fixed_dictionaries({"move": st.one_of(json_values, texts)}, optional={"player": json_values, "drew": json_values}),
    st.fixed_dictionaries({"type": st.just("game")}, optional={"rules": json_values, "teams": json_values}),
    json_values,
), max_size=6)


@settings(max_examples=1000 if LONG else 150, deadline=None, derandomize=True)
@given(log_lines_st)
def test_hostile_logs(lines):
    """Any log: judged, or refused with TablecalcError (one line at the CLI), never anything else."""
    try:
        referee_log("\n".join(json.dumps(x) for x in lines))
    except TablecalcError:
        pass
