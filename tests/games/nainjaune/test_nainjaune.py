"""Le Nain Jaune: the notation, the rules, recorded rounds judged by the one referee, the
settlement, the drill, and the commands as a user types them (the whole game: test_nainjaune_match.py)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from solver.errors import IllegalMove, TablecalcError
from solver.nainjaune import (GAME, Board, Position, RoundEnd, RoundState, Rules, judge_lay, parse_card, parse_cards,
                              parse_move, settle)
from solver.nainjaune.cards import Card, full_deck
from solver.whole.log import read
from solver.whole.referee import referee
from trainer.cli import app
from trainer.drills import make_drill

runner = CliRunner()
B = "board 10:3 J:6 Q:9 K:12 7:15"


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize("text, card", [
    ("7d", "7d"), ("QS", "Qs"), ("10♦", "10d"), ("10 ♦", "10d"), ("7 carreau", "7d"), ("7 de carreau", "7d"),
    ("dame de pique", "Qs"), ("queen of spades", "Qs"), ("roi de cœur", "Kh"), ("roi de coeur", "Kh"),
    ("valet de trèfle", "Jc"), ("Vc", "Jc"), ("Dp", None), ("as de pique", "As"), ("As", "As"), ("1h", "Ah"),
    ("Rh", "Kh"), ("harten heer", None), ("heer harten", "Kh"), ("ruiten 7", None), ("7 ruiten", "7d"),
    ("11d", None), ("7x", None), ("", None), ("7", None), ("pique", None),
])
def test_cards_as_people_type_them(text, card):
    if card is None:
        with pytest.raises(TablecalcError, match="unknown card"):
            parse_card(text)
    else:
        assert str(parse_card(text)) == card


def test_every_card_reads_back_and_the_deck_has_52():
    deck = full_deck()
    assert len(set(deck)) == 52 and all(parse_card(str(c)) == c and parse_card(c.pretty) == c for c in deck)
    assert [str(c) for c in parse_cards("7♦8♣, 10 de trèfle as")] == ["7d", "8c", "10c", "As"]


@pytest.mark.parametrize("text, moves", [
    ("7d 8s sans 9", ["7d", "8s", "sans 9"]),
    ("7d, 8 de pique; sans neuf", None),
    ("dame de pique qui prend", ["Qs!"]),
    ("Qs prend Kh!", ["Qs!", "Kh!"]),
    ("without J", ["sans J"]),
    ("zonder 10", ["sans 10"]),
    ("sans", None),
    ("! 7d", None),
])
def test_moves_as_typed(text, moves):
    from solver.nainjaune import parse_moves

    if moves is None:
        with pytest.raises(TablecalcError):
            parse_moves(text)
    else:
        assert [str(m) for m in parse_moves(text)] == moves


@pytest.mark.parametrize("text, message", [
    ("hands 7d | 7d | 8c", "dealt twice"),
    ("hands - | - | 8c", "empty hands"),
    ("hands 7d | 8c | 9h; to Zed", "unknown player 'Zed'"),
    ("hands 7d | 8c | 9h; to 4", "unknown player '4'"),
    ("hands 7d | 8c | 9h; next 9; king", "give one of"),
    ("hands 7d | 8c | 9h; to 2; sans 9", "holds no 9"),
    ("hands 7d | 8c | 9h; board 10:x", "stake on the 10 cell"),
    ("hands 7d | 8c | 9h; board 12:3", "is not CELL:TOKENS"),
    ("hands 7d | 8c | 9h; opera", "'opera' but no player is out"),
    ("hands Ann: 7d | 8c | 9h", "name every hand"),
    ("hands Ann: 7d | ann: 8c | Cid: 9h", "same name"),
    ("hands 7d", "1 hands"),
    ("hands " + " ".join(str(c) for c in full_deck()[:16]) + " | 2h | 3h", "at most 15"),
    ("board 10:3", "'hands' is missing"),
])
def test_impossible_positions_are_refused_in_one_line(text, message):
    with pytest.raises(TablecalcError, match=message):
        Position.parse(text)


def test_rules_presets_and_options():
    r = Rules.preset("classic")
    assert r.with_options(payment="points").name == "classic+custom"
    assert r.with_options(payment="points").with_options(payment="cards") == r
    assert [str(c) for c in r.with_options(ten_suit="♥", king_suit="pique").board_cards] == ["10h", "Jc", "Qs", "Ks", "7d"]
    assert Rules.preset("valeur").name == "face-value"
    for bad in (dict(payment="euros"), dict(announce="maybe"), dict(opera="never"), dict(ten_suit="x"),
                dict(start_tokens=3)):
        with pytest.raises(TablecalcError):
            r.with_options(**bad)


# ---------------------------------------------------------------- state and settlement


def test_state_plays_a_round_and_its_returns_balance():
    s = RoundState(Position.parse(f"hands Ann: 9c 10d Jc Qs | Bob: Kh 2c | Cid: Qd 3c; {B}"), Rules())
    s = s.apply("9c").apply("10d").apply("Jc").apply("Qs")
    assert s.is_terminal() and s.position.opera
    # Ann: 3 + 6 + 9 from her cells, the 12 + 15 left on the board (Grand Opéra), 2 + 2 from the others;
    # Bob's K♥ doubles a King cell the Opéra emptied: nothing
    assert s.returns() == (49.0, -2.0, -2.0)
    with pytest.raises(IllegalMove) as e:
        s.apply("Kh")
    assert e.value.game == "nainjaune" and "round is over" in GAME.explain(e.value.verdict)


def test_illegal_state_moves_raise_with_the_reason():
    """A refused move raises :class:`IllegalMove` (a :class:`TablecalcError`) with the referee's
    verdict, which the game words."""
    s = RoundState(Position.parse(f"hands Ann: 9c 10d | Bob: Kh 2c | Cid: Jd 3c; {B}"), Rules())
    with pytest.raises(TablecalcError, match="illegal move '2c': not-in-hand") as e:
        s.apply("2c")
    assert "does not hold" in GAME.explain(e.value.verdict)
    with pytest.raises(IllegalMove, match="wrong-sans") as e:
        s.apply("sans 3")
    assert "Nothing is missing" in GAME.explain(e.value.verdict)
    assert str(s) == str(s.position)


def test_opera_order_option():
    end = RoundEnd.parse("settle; hands Ann: - | Bob: Qs | Cid: 2c; board Q:9 7:5; opera")
    first = settle(end, Rules())
    assert first.received_by(0) == 1 + 1 + 14 and first.board_after.as_dict()["Q"] == 0
    double = settle(end, Rules().with_options(opera="double-first"))
    assert double.received_by(0) == 1 + 1 + 18 + 5 and double.board_after.total == 0
    for s in (first, double):
        assert sum(s.balances) + s.board_after.total == end.board.total


def test_settlement_errors():
    for text, message in [("settle; hands 3c | 2c | 4d", "nobody went out"),
                          ("settle; hands - | 2c | 4d; tokens 1 2", "'tokens' has 2 numbers"),
                          ("settle; hands - | 2c | 4d; ask Zed", "unknown player")]:
        with pytest.raises(TablecalcError, match=message):
            RoundEnd.parse(text)


# ---------------------------------------------------------------- recorded rounds, judged by the one referee


DEAL = f"hands Ann: 9c 10d Kh 2s | Bob: Jc Qs 3c 7c | Cid: Jd 5h 7d; {B}; dealer Cid"


def _log(*moves, deal=DEAL):
    lines = [{"type": "game", "game": "nainjaune", "players": ["Ann", "Bob", "Cid"]}, {"type": "deal", "deal": deal}]
    lines += [{"type": "move", "player": p, "move": m} for p, m in moves]
    return "\n".join(json.dumps(x) for x in lines)


def _referee(text):
    return referee(GAME, read(text, "log"))


@pytest.mark.parametrize("moves, code", [
    ([("Ann", "9c"), ("Ann", "Jc")], "not-in-hand"),
    ([("Ann", "9c"), ("Ann", "2s")], "wrong-rank"),
    ([("Ann", "9c"), ("Ann", "10d"), ("Ann", "sans Q")], "wrong-sans"),
    ([("Ann", "9c"), ("Ann", "10d"), ("Ann", "sans J"), ("Bob", "Jc"), ("Bob", "Qs"), ("Bob", "sans K"),
      ("Ann", "Kh"), ("Bob", "3c")], "missed-king-restart"),
    ([("Ann", "9c"), ("Ann", "10d"), ("Ann", "sans J"), ("Bob", "Jc"), ("Bob", "Qs"), ("Bob", "sans K"),
      ("Ann", "Kh"), ("Ann", "sans A")], "missed-king-restart"),
    # nobody holds a 4: Bob, the last to have played, starts again
    ([("Ann", "2s"), ("Ann", "sans 3"), ("Bob", "3c"), ("Bob", "sans 4"), ("Ann", "9c")], "not-your-turn"),
    ([("Ann", "9c"), ("Ann", "10d"), ("Ann", "sans J"), ("Bob", "Jc"), ("Bob", "sans K")], "wrong-sans"),
    ([("Ann", "9c"), ("Ann", "10d"), ("Ann", "sans J"), ("Bob", "Jd")], "not-in-hand"),
    ([("Bob", "Jc")], "not-your-turn"),
    ([("Ann", "9c"), ("Ann", "pass")], "cannot-pass"),
    ([("Ann", "9c"), ("Ann", "10d"), ("Ann", "sans J"), ("Bob", "pass")], "must-lay"),
])
def test_the_referee_finds_each_illegal_move(moves, code):
    r = _referee(_log(*moves))
    assert not r.legal and [str(v) for v in r.illegal[0].verdict.violations][0] == code
    assert r.illegal[0].line == len(moves) + 2 and len(r.illegal) == 1
    assert all(m.legal for m in r.moves[:len(moves) - 1])


def test_a_stake_claimed_without_the_card_is_taken_back():
    r = _referee(_log(("Ann", "6c"), ("Ann", "7c!"), deal=f"hands Ann: 6c 7c 2s | Bob: Jc Qs 3c | Cid: Jd 5h 7d; {B}"))
    bad = r.illegal[0]
    assert [str(v) for v in bad.verdict.violations] == ["stake-without-card"] and bad.verdict.penalty.return_stake == 15
    assert "7:15" in bad.after and "7c" in bad.after  # the Nain Jaune's tokens stay, the 7♣ back in Ann's hand


def test_stopping_a_run_of_ones_own_at_will_is_legal():
    """The seed: a player stops when they cannot *or do not want to* go on; Bob holds Qs and stops."""
    assert _referee(_log(("Ann", "9c"), ("Ann", "10d"), ("Ann", "sans J"), ("Bob", "Jc"), ("Bob", "sans Q"))).legal


def test_every_move_after_an_illegal_one_is_judged_from_the_table_it_left():
    """Bob's card out of turn is taken back; Ann's moves after it are judged from the deal as it was."""
    r = _referee(_log(("Bob", "Jc"), ("Ann", "9c"), ("Ann", "10d"), ("Ann", "Jc"), ("Ann", "sans J"), ("Bob", "Jc")))
    assert [m.legal for m in r.moves] == [False, True, True, False, True, True]
    assert [str(m.verdict.violations[0]) for m in r.illegal] == ["not-your-turn", "not-in-hand"]


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("{", "line 1 is not JSON"),
    ('{"type": "game", "game": "nainjaune", "players": ["Ann", "Bob", "Cid"]}\n{"move": "7d"}', "a move before any deal"),
    (_log().replace(DEAL, "hands 9c | 9c | 2d"), "dealt twice"),
    (_log().replace(DEAL, "hands 9c | 2d | 3d | 4d"), "4 hands for 3 players"),
    (_log().replace(DEAL, "hands Ann: 9c | Zed: 2d | Cid: 3d"), "are not the game's Ann, Bob, Cid"),
    ('{"type": "game", "game": "nainjaune", "players": ["Ann", "Bob"]}\n{"type": "deal", "deal": "hands 9c | 2d"}',
     "played by 3 to 8 players, not 2"),
    (_log().replace(DEAL, "hands " + " ".join(str(c) for c in full_deck()[:16]) + " | 2d | 3d"), "at most 15"),
])
def test_bad_logs_are_refused(text, message):
    with pytest.raises(TablecalcError, match=message):
        _referee(text)


# ---------------------------------------------------------------- the command line


def _run(*args):
    return runner.invoke(app, ["nainjaune", *args])


def test_simulate_log_referee_round_trip(tmp_path):
    log = tmp_path / "game.jsonl"
    r = _run("simulate", "--players", "5", "--rounds", "4", "--seed", "9", "--log", str(log), "--json")
    assert r.exit_code == 0, r.output
    game = json.loads(r.stdout)
    assert len(game["rounds"]) == 4 and set(game["scores"]) == {"P1", "P2", "P3", "P4", "P5"}
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert {x["type"] for x in lines} == {"game", "deal", "move", "end"}
    assert [x["deal"].split("; ")[2] for x in lines if x["type"] == "deal"] == ["dealer P5", "dealer P1", "dealer P2",
                                                                                "dealer P3"]
    r = _run("referee", str(log), "--json")
    assert r.exit_code == 0, r.output
    judged = json.loads(r.stdout)
    assert judged["legal"] and judged["first_illegal"] is None and judged["scores"] == game["scores"]


def test_simulate_is_reproducible_and_prints_the_tokens():
    a, b = _run("simulate", "--players", "3", "--rounds", "3", "-s", "1"), _run("simulate", "--players", "3", "--rounds", "3", "-s", "1")
    assert a.exit_code == 0 and a.output == b.output and "Round 3" in a.output


def test_referee_tampered_log_exits_1(tmp_path):
    log = tmp_path / "game.jsonl"
    assert _run("simulate", "--players", "3", "--seed", "4", "--log", str(log)).exit_code == 0
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    first = next(i for i, x in enumerate(lines) if x["type"] == "move")
    lines[first]["player"] = {"P1": "P2", "P2": "P3", "P3": "P1"}[lines[first]["player"]]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(json.dumps(x) for x in lines))
    r = _run("referee", str(bad))
    assert r.exit_code == 1 and f"Line {first + 1} (round 1)" in r.output and "turn" in r.output


def test_settle_json_has_payments_board_balances():
    r = _run("settle", "--hands", "Ann: 3c 5h 9d Qs | Bob: - | Cid: 2c", "--board", B[6:], "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["payments"][1] == {"from": "Ann", "to": "Bob", "tokens": 4, "reason": "cards-left",
                                "cards": ["3c", "5h", "9d", "Qs"], "cell": None, "due": 4,
                                "why": "Ann pays Bob 4 tokens for 4 cards left (3♣ 5♥ 9♦ Q♠)."}
    assert d["board"]["Q"] == 18 and d["balances"] == {"Ann": -13, "Bob": 5, "Cid": -1}
    text = _run("settle", "--hands", "Ann: 3c 5h 9d Qs | Bob: - | Cid: 2c", "--board", B[6:]).output
    assert "Ann still holds Q♠ and doubles the Q cell, paying in the 9 tokens it holds (9 → 18)." in text


def test_best_judge_opera_commands():
    pos = f"hands Ann: 9c 10d Jc 2s | Bob: 8h Qs | Cid: 4h 5h 3d; {B}"
    r = _run("best", pos, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["best"]["lay"] == "9c 10d! Jc! sans Q"
    assert json.loads(r.stdout)["cards"] == json.loads(r.stdout)["best"]  # GAME.best's keys too
    r = _run("judge", pos, "9c 10d Jc sans K")
    assert r.exit_code == 1 and "NOT LEGAL  (wrong-sans)" in r.output
    r = _run("opera", "Qd Kd 9c 10d Jc Qs Kh As 2s", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["grand_opera"] is True


@pytest.mark.parametrize("old, new, args", [
    ("solve", "best", [f"hands Ann: 9c 10d Jc 2s | Bob: 8h Qs | Cid: 4h 5h 3d; {B}"]),
    ("check", "judge", [f"hands Ann: 9c 10d Jc 2s | Bob: 8h Qs | Cid: 4h 5h 3d; {B}", "9c 10d Jc sans K"]),
])
def test_the_old_command_names_still_answer(old, new, args):
    """``check`` and ``solve`` are hidden aliases of ``judge`` and ``best`` for one release: the same
    JSON and exit code, and a note naming the new command on stderr."""
    was, now = _run(old, *args, "--json"), _run(new, *args, "--json")
    assert was.exit_code == now.exit_code and json.loads(was.stdout) == json.loads(now.stdout)
    assert f"'nainjaune {old}' is now 'nainjaune {new}'" in was.stderr
    assert old not in _run("--help").stdout.split("Commands")[-1].split()


def test_an_unfinished_lay_names_its_last_move_and_the_rank():
    """Stopping at "sans J" when nobody else holds a J gives the lead back: the lay is not over. The
    explanation names the move and the rank (it once said "at move 1 (None): Nobody else holds a 0")."""
    pos = "hands Ann: 9c 10d Jc 2s 3s | Bob: 8h Qs | Cid: 4h 5h; board 10:3 J:6 Q:9 K:12 7:15; to Ann"
    r = _run("judge", pos, "9c 10d sans J")
    assert r.exit_code == 1, r.output
    assert "NOT LEGAL  (unfinished)" in r.output
    assert ("Not legal after move 3 (sans J): Nobody else holds a J, so the lead comes back to Ann: "
            "the lay goes on with a new run.") in r.output
    assert "None" not in r.output and " 0" not in r.output
    d = json.loads(_run("judge", pos, "9c 10d sans J", "--json").stdout)
    assert d["violations"] == ["unfinished"] and d["failed_move"] is None and d["moves"] == ["9c", "10d!", "sans J"]
    # the "sans" implied at the end of a lay that stops where nobody else holds the next card
    implied = GAME.explain(judge_lay(Position.parse(pos), "2s", Rules()))
    assert implied.startswith("Not legal after move 2 (sans 3): Nobody else holds a 3, so the lead comes back to Ann")


@pytest.mark.parametrize("args, message", [
    (["best", "hands 7x | 8c | 9h"], "unknown card"),
    (["best", "settle; hands - | 8c | 9h"], "not a 'settle' round end"),
    (["judge", "hands 7d | 8c | 9h", "7d 8z"], "neither a card"),
    (["opera", "7d 7d"], "given twice"),
    (["opera", ""], "no cards"),
    (["settle", "--hands", "7d | 8c | 9h"], "nobody went out"),
    (["simulate", "--players", "9"], "3 to 8"),
    (["simulate", "--players", "2"], "3 to 8"),
    (["simulate", "--rounds", "0"], "bad number of rounds"),
    (["simulate", "--bot", "smart"], "unknown bot 'smart': expected one of best, greedy, random"),
    (["simulate", "--players", "Ann Marie,Bob,Cid"], "bad player name 'Ann Marie'"),
    (["referee", "/no/such/file"], "no log file"),
    (["best", "hands 7d | 8c | 9h", "--goal", "fun"], "'fun' is not one of cards, stakes"),
    (["best", "hands - | 8c | 9h"], "round is over"),
    (["judge", "hands 7d | 8c | 9h", "7d", "--ten-suit", "x"], "'x' is not one of c, d, h, s"),
    (["simulate", "--start-tokens", "5"], "bad start-tokens 5: expected a whole number from 15 to 1000000"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    r = _run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.output and r.output.count("tablecalc: error:") == 1 and "Traceback" not in r.output


def test_games_lists_nainjaune_with_aliases():
    for alias in ("nain-jaune", "le-nain-jaune", "Yellow Dwarf"):
        assert GAME is __import__("solver.registry", fromlist=["find_game"]).find_game(alias)
    assert runner.invoke(app, ["nain-jaune", "rules"]).exit_code == 0


# ---------------------------------------------------------------- the drill


@pytest.mark.parametrize("level", ["cards", "face-value", "opera"])
def test_the_drill_judges_to_the_token_with_the_explanation(level):
    import random

    d = make_drill("nainjaune", level=level)
    assert d.time_limit > 0
    rng = random.Random(5)
    for _ in range(15):
        p = d.generate(rng)
        end = GAME.parse_situation(p.situation, None)
        s = settle(end, d.rules)
        amount = s.received_by(end.ask) if end.ask == end.winner else s.paid_by(end.ask)
        right, wrong = d.judge(p, str(amount)), d.judge(p, str(amount + 1))
        assert right.correct and not wrong.correct and wrong.penalty["off_by"] == 1
        assert "Not" in wrong.explanation and str(amount) in wrong.explanation
        assert not d.judge(p, "lots").correct


def test_the_drill_asks_a_packs_position_for_the_longest_lay():
    d = make_drill("nainjaune")
    p = d.from_situation(f"hands Ann: 9c 10d Jc 2s | Bob: 8h Qs | Cid: 4h 5h 3d; {B}")
    assert d.judge(p, "9c 10d Jc").correct and d.judge(p, "10d Jc sans Q").violations == ("not-the-longest",)
    assert d.judge(p, "9c Jc").violations == ("wrong-rank",) and not d.judge(p, "9c 7x").correct
    with pytest.raises(TablecalcError, match="over"):
        d.from_situation("hands - | 8c | 9h")


def test_a_lay_verdict_names_the_better_lay():
    pos = Position.parse(f"hands Ann: 9c 10d Jc 2s | Bob: 8h Qs | Cid: 4h 5h 3d; {B}")
    v = judge_lay(pos, "2s", Rules())
    assert v.legal and v.best.cards == 3 and "Best lay" in GAME.explain(v)
    assert parse_move(str(v.moves[-1])) == v.moves[-1]
    assert Card(7, "d") in Rules().board_cards and Board.parse(str(Board((1, 2, 3, 4, 5)))) == Board((1, 2, 3, 4, 5))


def test_the_seven_cells_suit_and_the_grand_operas_first_turn_are_options():
    """Issue 24: the seed names the 7 cell without a suit (7♦ by default, ``seven_suit``), and
    "au premier tour de jeu" reads as the player's own first turn or the round's (``opera_turn``);
    the referee, the state and the bots' look-ahead read both from the rules."""
    from solver.nainjaune import Rules
    from solver.nainjaune.state import RoundState
    from solver.nainjaune.round import Position

    hearts = Rules().with_options(seven_suit="cœur")
    assert [str(c) for c in hearts.board_cards][-1] == "7h" and "7h" in hearts.describe()
    pos = Position.parse("hands Ann: 2c 3h | Bob: 9c 10c | Cid: 4h 5s; board 10:3 J:6 Q:9 K:12 7:15; to Bob; sans 9; "
                         "opened Ann")
    own = RoundState(pos, Rules()).apply("9c").apply("10c")
    late = RoundState(pos, Rules().with_options(opera_turn="round")).apply("9c").apply("10c")
    assert own.position.opera and not late.position.opera
    assert own.returns()[1] > late.returns()[1]  # the Opéra takes the board


def test_a_player_reached_by_sans_may_pass_it_on_when_the_rules_say():
    """Issue 24: with ``sans_must_lay=false`` the holder reached by "sans R" may say pass; the next
    holder to the left plays on, or the lead comes back to the caller (written ``from NAME`` when
    it is not the player to the right). The referee, the state and the legal moves agree; the
    default keeps ``must-lay``."""
    from solver.nainjaune import Rules
    from solver.nainjaune.round import Mode, Pass, Position, legal_moves
    from solver.nainjaune.state import RoundState

    may = Rules().with_options(sans_must_lay=False)
    pos = Position.parse("hands Ann: 2c 3h | Bob: 9c 10c | Cid: 9h 5s | Dee: 4d; to Cid; sans 9; from Ann")
    assert str(Position.parse(str(pos))) == str(pos) and "from Ann" in str(pos)
    assert Pass() in legal_moves(pos, may) and Pass() not in legal_moves(pos, Rules())
    state = RoundState(pos, may).apply("pass")  # Dee holds no 9; Ann called: the lead comes back to her
    assert state.position.to == 0 and state.position.mode is Mode.LEAD and (3, 9) in state.voids
    state = RoundState(Position.parse("hands Ann: 2c 3h | Bob: 9c 10c | Cid: 9h 5s | Dee: 4d; to Bob; sans 9"), may)
    after = state.apply("pass")
    assert after.position.to == 2 and after.position.mode is Mode.SANS and "from Ann;" in str(after.position)
    assert RoundState(pos, Rules()).judge("pass").violations == ("must-lay",)
