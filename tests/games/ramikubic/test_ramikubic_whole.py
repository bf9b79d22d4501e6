"""Ramikubic played whole (issue 22): a round dealt and played to its end, the initial meld, the
penalty and play going on, missed turns and ejection, the blocked round, the first-turn finish,
logs written by hand (illegal moves in the middle, what a draw took, a turn over time), the bots,
the analysis, play over a pipe, hot-seat, a clock only with --seconds, and a real terminal."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from solver.errors import IllegalMove, TablecalcError
from solver.ramikubic import GAME, Rules, TileSet, solve
from solver.ramikubic.bots import greedy_move
from solver.ramikubic.match import Match
from solver.ramikubic.round import End, RoundState
from solver.ramikubic.tiles import tiles_text
from solver.whole.analyse import analyse
from solver.whole.log import read
from solver.whole.referee import referee
from trainer.cli import app

runner = CliRunner()
TS = TileSet.default()
BOX = Counter(TS.all_tiles())


def S(text: str, **options) -> RoundState:
    return RoundState.parse(text, Rules().with_options(**options), TS)


def T(text: str):
    return TS.parse_tiles(text)


def run(*args, input=None):
    return runner.invoke(app, ["ramikubic", *args], input=input)


def _tiles_of(s: RoundState) -> Counter:
    return Counter([*(t for r in s.racks for t in r), *s.pool, *(t for c in s.table for t in c)])


# ---------------------------------------------------------------- a round from deal to end


@pytest.mark.parametrize("bots,seed", [(("best", "random"), 1), (("greedy", "best"), 2), (("random", "random"), 3),
                                       (("best", "greedy", "random"), 4), (("greedy", "greedy", "greedy", "best"), 5)])
def test_a_round_dealt_and_played_to_its_end_by_bots(bots, seed):
    """Every tile stays in the box, every state's notation reads back the same, every bot's move is
    legal, the round ends, and the scores are the scoring rules' (0 for the winner, minus each rack)."""
    names = ("Ann", "Bob", "Cid", "Dee")[:len(bots)]
    match = Match(names, Rules(), TS)
    rng = random.Random(seed)
    players = [match.bot(b, i, random.Random(seed + i)) for i, b in enumerate(bots)]
    s = match.deal(rng)
    assert [len(r) for r in s.racks] == [14] * len(names) and len(s.pool) == 84 - 14 * len(names)
    moves = 0
    while not s.is_terminal():
        assert _tiles_of(s) == BOX
        assert str(match.parse_deal(str(s))) == str(s)
        v = s.judge(players[s.to].choose(s))
        assert v.legal, (str(s), v.answer, v.violations)
        s = s.after(v)
        moves += 1
        assert moves < 2_000
    assert _tiles_of(s) == BOX and s.current_player() == -1 and s.legal_moves() == []
    scores = s.returns()
    if s.end in (End.OUT, End.LAST_PLAYER):
        w = s.winner
        assert scores[w] == 0 and all(scores[i] == -sum(TS.points(t) for t in r)
                                      for i, r in enumerate(s.racks) if i != w)
    elif s.end == End.BLOCKED:
        assert max(scores) == 0 and not s.pool
    assert match.after_round(s).scores() == tuple(int(x) for x in scores)


def test_the_deal_is_seeded_and_the_first_player_moves_round_by_round():
    m = Match(("Ann", "Bob", "Cid"), Rules(), TS)
    a, b = m.deal(random.Random(7)), m.deal(random.Random(7))
    assert str(a) == str(b) and str(a) != str(m.deal(random.Random(8)))
    assert a.names[a.to] == "Ann" and a.melded == frozenset() and "turn" not in str(a)
    end = m.parse_deal("racks Ann: - | Bob: 5r | Cid: 1y 2y; table 1b 2b 3b; melded Ann; turn 5")
    m2 = m.after_round(end)
    assert m2.scores() == (0, -5, -3)
    nxt = m2.deal(random.Random(1))
    assert nxt.names[nxt.to] == "Bob"
    with pytest.raises(TablecalcError, match="not over"):
        m.after_round(m.deal(random.Random(1)))


def test_the_players_are_checked():
    for names, why in [(("Ann",), "2 to 6"), (tuple(f"P{i}" for i in range(7)), "2 to 6"),
                       (("Ann", "Bob:1"), "may not hold")]:
        with pytest.raises(TablecalcError, match=why):
            Match(names, Rules(), TS)
    assert len(Match(("A", "B", "C", "D", "E"), Rules().with_options(rack_size=10), TS).deal(random.Random(1)).pool) == 34
    with pytest.raises(TablecalcError, match="the players are"):
        Match(("Ann", "Bob"), Rules(), TS).parse_deal("racks Zoe: 1b | Max: 2b")


# ---------------------------------------------------------------- the notation


def test_the_notation_reads_back_and_a_missing_pool_is_every_tile_left():
    text = ("racks Ann: 2b 7y | Bob: 9y joker; pool 4b 4y; table 7b 8b 9b | 5y 5g 5r; to Bob; melded Ann, Bob; "
            "turn 12; missed Ann:1; idle 1")
    assert str(S(text)) == text
    s = S("racks Ann: 2b | Bob: 9y; table 7b 8b 9b")
    assert len(s.pool) == 84 - 5 and _tiles_of(s) == BOX and s.to == 0
    assert str(S("racks 2b | 9y; pool -; to 2")).startswith("racks P1: 2b | P2: 9y; pool -; to P2")


@pytest.mark.parametrize("text,why", [
    ("racks Ann: 7b 7b | Bob: 7b", "3 of 7b"),
    ("racks Ann: 1b | 2b", "name every rack or none"),
    ("racks Ann: 1b | Bob: 2b; to Cid", "unknown player 'Cid'"),
    ("racks Ann: 1b | Bob: 2b; table 1b 2b", "not valid"),
    ("racks Ann: 1b | Bob: 2b; turn lots", "expected a whole number"),
    ("racks Ann: 1b | Bob: 2b; missed Ann", "NAME:COUNT"),
    ("racks Ann: 1b | Bob: 2b; ejected Ann", "to play but was ejected"),
    ("racks Ann: 1b", "2 to 6"),
    ("pool 1b", "'racks' is missing"),
])
def test_a_bad_round_is_refused_in_one_line(text, why):
    with pytest.raises(TablecalcError, match=why):
        S(text)
    r = run("play", "--deal", text, input="quit\n")
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output


# ---------------------------------------------------------------- the initial meld, the penalty


def test_the_initial_meld_before_and_after():
    s = S("racks Ann: 1b 2b 3b 7y 7g 7r 10b | Bob: 9y 5g 1r; pool 4b 4y 6r; table 7b 8b 9b")
    low = s.judge("+ 1b 2b 3b")
    assert [str(x) for x in low.violations] == ["meld-too-low"] and low.penalty.take_back == T("1b 2b 3b")
    uses = s.judge("1: 7b 8b 9b 10b | 7y 7g 7r")
    assert "meld-uses-table" in [str(x) for x in uses.violations]
    meld = s.judge("+ 7y 7g 7r | 1b 2b 3b")
    assert meld.legal and meld.turn.meld_points == 27 and meld.drew == 0
    s = s.after(meld)
    assert s.melded == {0} and tiles_text(s.racks[0]) == "10b" and len(s.table) == 3
    s = s.after(s.judge("pass"))  # Bob draws 4b
    assert tiles_text(s.racks[1]) == "4b 9y 5g 1r"
    small = s.judge("1: 7b 8b 9b 10b")  # melded: a tile added to the table, worth 10
    assert small.legal and small.placed == T("10b")
    end = s.after(small)
    assert end.is_terminal() and end.end == End.OUT and end.returns() == (0.0, -19.0)


def test_the_penalty_after_an_illegal_table_restores_it_draws_a_tile_and_play_goes_on():
    s = S("racks Ann: 10b 7y 7g | Bob: 9y 5g 1r; pool 4b 4y 6r; table 7b 8b 9b; melded Ann")
    v = s.judge("8b 9b 10b | 7y 7g")  # 7b off the table, 7y 7g no combination
    assert not v.legal and [str(x) for x in v.violations] == ["table-tile-removed", "not-a-combination"]
    assert v.penalty.as_dict() == {"draw": 1, "take_back": ["10b", "7y", "7g"], "table_restored": True}
    assert GAME.explain(v) == ("7b left the table: what is laid stays on the table; not a group or a run: 7y 7g (a "
                               "combination has at least 3 tiles). The table is restored: take back 10b 7y 7g, draw 1 tile.")
    after = s.after(v)
    assert after.table == s.table and tiles_text(after.racks[0]) == "4b 10b 7y 7g" and tiles_text(after.pool) == "4y 6r"
    assert after.names[after.to] == "Bob" and after.missed == (0, 0)  # a refused move is no missed turn (overtime is)
    again = after.after(after.judge("pass"))
    assert again.after(again.judge("8b 9b 10b | 7b 7y 7g")).racks[0] == T("4b")
    with pytest.raises(IllegalMove):
        s.apply("8b 9b 10b | 7y 7g")
    two = S(str(s), penalty_draw=2).judge("8b 9b 10b | 7y 7g")
    assert two.drew == 2 and len(S(str(s), penalty_draw=2).after(two).pool) == 1
    dry = S("racks Ann: 10b 7y 7g | Bob: 9y; pool -; table 7b 8b 9b; melded Ann").judge("7b 8b")
    assert dry.drew == 0 and GAME.explain(dry).endswith("the pool is empty, nothing to draw.")


def test_a_move_out_of_turn_after_the_round_or_not_understood_is_not_played():
    s = S("racks Ann: 10b 7y 7g | Bob: 9y 5g 1r; pool 4b; table 7b 8b 9b; melded Ann")
    for v, code in [(s.judge("pass", 1), "not-your-turn"), (s.judge("+ 7x 7y 7z"), "not-understood"),
                    (s.judge("+ 7r 7b 7y"), "not-in-rack")]:
        assert [str(x) for x in v.violations][0] == code and not v.played and v.penalty.amount == 0
        assert s.after(v) is s
    assert "Ann is still to play" in GAME.explain(s.judge("+ 7x"))
    over = S("racks Ann: - | Bob: 9y; table 7b 8b 9b; melded Ann; turn 3")
    assert [str(x) for x in over.judge("pass", 1).violations] == ["round-over"]


# ---------------------------------------------------------------- a turn over time, ejection


def test_two_missed_turns_in_a_row_put_a_player_out_of_the_round():
    s = S("racks Ann: 1b 5y | Bob: 2b 6y | Cid: 3b 9r; pool 4b 4y 6r 7r 8r 9g")
    first = s.judge("overtime")
    assert [str(x) for x in first.violations] == ["overtime"] and first.missed == 1 and not first.ejected
    s = s.after(first)
    assert s.missed == (1, 0, 0) and len(s.racks[0]) == 3
    s = s.apply("pass").apply("pass")  # Bob, Cid
    second = s.judge("temps")  # French: the time is up
    assert second.ejected and GAME.explain(second).endswith("Ann missed 2 turns in a row: out of the round.")
    s = s.after(second)
    assert s.ejected == {0} and s.names[s.to] == "Bob" and "ejected Ann" in str(s)
    s = s.apply("pass").apply("pass")
    assert s.names[s.to] == "Bob"  # Ann's seat is skipped
    assert [str(x) for x in s.judge("pass", 0).violations] == ["not-your-turn"]
    # a turn played in between starts the count again
    t = S("racks Ann: 1b 5y | Bob: 2b 6y; pool 4b 4y 6r 7r 8r 9g; missed Ann:1").apply("pass")
    assert t.missed == (0, 0)


def test_with_two_players_an_ejection_ends_the_round_and_the_other_wins():
    s = S("racks Ann: 1b 5y | Bob: 2b 6y 10r; pool 4b 4y 6r; missed Ann:1")
    end = s.after(s.judge("overtime"))
    assert end.is_terminal() and end.end == End.LAST_PLAYER and end.winner == 1
    assert end.returns() == (-10.0, 0.0)  # Ann's rack: 1b 5y and the penalty tile 4b


def test_what_counts_as_a_missed_turn_is_a_rule_option():
    refused = "racks Ann: 1b 5y | Bob: 2b 6y | Cid: 3b; pool 4b 4y 6r 7r; missed Ann:1"
    assert not S(refused).judge("+ 1b 5y").missed  # default: only a turn over time is missed
    v = S(refused, missed_turn="penalty").judge("+ 1b 5y")
    assert v.missed == 2 and v.ejected
    assert not S(refused, eject_after=0).judge("overtime").ejected  # never
    assert S(refused, eject_after=1).judge("overtime").ejected
    assert "no ejection" in Rules().with_options(eject_after=0).describe()


# ---------------------------------------------------------------- the blocked round


def test_the_blocked_round_ends_with_the_lowest_rack_winning():
    s = S("racks Ann: 5r 2b | Bob: 9b | Cid: 3y; pool -; table 7b 8b 9b; melded Ann, Bob, Cid")
    v = s.judge("pass")
    assert v.legal and v.drew == 0 and GAME.explain(v) == "Nothing laid, and the pool is empty: pass."
    s = s.after(v).apply("pass")
    assert not s.is_terminal() and s.idle == 2
    s = s.apply("pass")
    assert s.end == End.BLOCKED and s.returns() == (-7.0, -9.0, 0.0)
    assert "idle 3" in str(s) and str(S(str(s))) == str(s)


def test_a_laying_turn_starts_the_count_of_idle_turns_again():
    s = S("racks Ann: 5r 10b | Bob: 9b | Cid: 3y; pool -; table 7b 8b 9b; melded Ann, Bob, Cid; idle 2")
    s = s.apply("1: 7b 8b 9b 10b")
    assert s.idle == 0 and not s.is_terminal()


def test_an_ejected_player_is_never_the_lowest_rack():
    s = S("racks Ann: 1b | Bob: 9b | Cid: 8y; pool -; ejected Ann; to Bob; idle 1")
    end = s.apply("pass")
    assert end.end == End.BLOCKED and end.returns() == (-1.0, -9.0, 0.0)


def test_the_blocked_round_as_soon_as_nobody_can_lay_is_an_option():
    text = "racks Ann: 5r 2b | Bob: 9b; pool -; table 7b 8b 9b; melded Ann, Bob"
    assert not S(text).is_terminal()
    assert S(text, blocked_end="no-lay").end == End.BLOCKED
    assert not S("racks Ann: 5r 10b | Bob: 9b; pool -; table 7b 8b 9b; melded Ann, Bob", blocked_end="no-lay").is_terminal()


# ---------------------------------------------------------------- the first-turn finish


def test_a_first_turn_finish_costs_the_others_200_or_100():
    s = S("racks Ann: 1r 2r 3r 4r 5b 5y 5g | Bob: 7y 7g 7r 1b | Cid: 9y 9g; pool 4b 4y 6r; to Bob")
    s = s.apply("+ 7y 7g 7r").apply("pass")  # Bob melds, Cid draws
    end = s.apply("+ 1r 2r 3r 4r | 5b 5y 5g")  # Ann's first turn: every tile
    assert end.end == End.FIRST_TURN and end.returns() == (0.0, -100.0, -200.0)
    later = S("racks Ann: 1r 2r 3r 4r 5b 5y 5g | Bob: 1b; pool 4b; turn 2").apply("+ 1r 2r 3r 4r | 5b 5y 5g")
    assert later.end == End.OUT and later.returns() == (0.0, -1.0)
    assert S(str(end)).end == End.FIRST_TURN


# ---------------------------------------------------------------- logs


DEAL = "racks Ann: 10b 7y 7g 7r 2r | Bob: 1r 2y 5g 9y; pool 4b 4y 6r 8g 9g 3b; table 7b 8b 9b"
HAND_WRITTEN = f"""\
{{"type": "game", "game": "ramikubic", "players": ["Ann", "Bob"]}}
{{"type": "deal", "deal": "{DEAL}"}}
{{"player": "Ann", "move": "+ 7y 7g 7r"}}
{{"player": "Bob", "move": "+ 1r 2y 5g"}}
{{"player": "Ann", "move": "pass"}}
{{"player": "Ann", "move": "1: 8b 9b 10b"}}
{{"player": "Bob", "move": "overtime"}}
{{"player": "Ann", "move": "8b 9b 10b | 7y 7g 7r"}}
{{"player": "Bob", "move": "+ 7x"}}
{{"player": "Bob", "move": "pass", "drew": "3b"}}
{{"player": "Ann", "move": "1: 7b 8b 9b 10b"}}
{{"player": "Bob", "move": "pass"}}
{{"player": "Ann", "move": "pass"}}
"""
"""Ann melds; Bob's meld is refused (he draws 4b); Ann passes (4y); Ann again, out of turn; Bob over
time (6r); Ann takes 7b off the table (she draws 8g); Bob types a tile that does not exist (not
played); Bob passes and says he drew 3b; Ann adds 10b; Bob draws 9g, the last tile; Ann passes."""


def test_a_hand_written_log_with_illegal_moves_in_the_middle_every_later_move_judged(tmp_path):
    report = referee(GAME, read(HAND_WRITTEN, "table.jsonl"))
    bad = [(m.line, m.player, [str(v) for v in m.verdict.violations]) for m in report.illegal]
    assert bad == [(4, "Bob", ["not-a-combination", "meld-too-low"]), (6, "Ann", ["not-your-turn"]),
                   (7, "Bob", ["overtime"]), (8, "Ann", ["table-tile-removed"]), (9, "Bob", ["not-understood"])]
    assert report.judged == 11 and report.rounds_over == 0
    legal = [m.line for m in report.moves if m.legal]
    assert legal == [3, 5, 10, 11, 12, 13]
    last = read(HAND_WRITTEN, "t").rounds[0]
    state = Match(("Ann", "Bob"), Rules(), TS).parse_deal(last.deal)
    for m in last.moves:
        state = state.after(state.judge(m.move, m.player, m.extra))
    assert Counter(state.racks[1]) == Counter(T("1r 2y 5g 9y 4b 6r 3b 9g"))  # penalty 4b, overtime 6r, 3b, 9g
    log = tmp_path / "table.jsonl"
    log.write_text(HAND_WRITTEN, encoding="utf-8")
    r = run("referee", str(log), "--json")
    assert r.exit_code == 1, r.output
    d = json.loads(r.stdout)
    assert [m["line"] for m in d["illegal"]] == [4, 6, 7, 8, 9] and d["first_illegal"]["line"] == 4
    assert all(m["explanation"] for m in d["illegal"]) and d["moves"] == 11
    text = run("referee", str(log)).output
    assert "Line 7 (round 1), Bob plays overtime: Over time. The table is restored: draw 1 tile." in text


def test_a_log_may_say_what_a_draw_took_and_a_turn_over_time():
    s = S(DEAL)
    v = s.judge("pass", extra={"drew": "8g"})
    assert v.legal and Counter(s.after(v).racks[0]) - Counter(s.racks[0]) == Counter(T("8g"))
    assert tiles_text(s.after(v).pool) == "4b 4y 6r 9g 3b"
    assert s.after(s.judge("pioche 8g")).racks == s.after(v).racks  # the same, typed
    for wrong in ({"drew": "1b"}, {"drew": ["8g", "9g"]}):
        w = s.judge("pass", extra=wrong)
        assert [str(x) for x in w.violations] == ["not-understood"] and not w.played
    late = s.judge("+ 7y 7g 7r", extra={"overtime": True})
    assert [str(x) for x in late.violations] == ["overtime"] and late.penalty.take_back == T("7y 7g 7r")
    assert s.after(late).table == s.table and s.after(late).missed == (1, 0)


def test_a_simulated_log_replays_exactly_and_an_end_line_that_differs_is_reported(tmp_path):
    log = tmp_path / "game.jsonl"
    r = run("simulate", "--players", "Ann,Bob,Cid", "--seed", "9", "--bot", "greedy", "--rounds", "2", "--log", str(log))
    assert r.exit_code == 0, r.output
    lines = log.read_text("utf-8").splitlines()
    assert json.loads(lines[1])["deal"].startswith("racks Ann: ")
    assert run("referee", str(log)).exit_code == 0
    end = max(i for i, line in enumerate(lines) if json.loads(line)["type"] == "end")
    changed = json.loads(lines[end])
    changed["scores"] = [s + 1 for s in changed["scores"]]
    lines[end] = json.dumps(changed)
    log.write_text("\n".join(lines), "utf-8")
    r = run("referee", str(log))
    assert r.exit_code == 1 and "are not the referee's" in r.output


# ---------------------------------------------------------------- bots and analysis


def test_the_best_bot_lays_the_exact_best_and_the_greedy_bot_never_rearranges():
    rng = random.Random(3)
    m = Match(("Ann", "Bob"), Rules(), TS)
    for _ in range(12):
        s = m.deal(rng)
        for k in range(rng.randrange(0, 30)):
            if s.is_terminal():
                break
            s = s.apply(m.bot("greedy", s.to, None).choose(s))
        if s.is_terminal():
            continue
        best = s.judge(m.bot("best", s.to, None).choose(s))
        assert best.legal and len(best.placed) == solve(s.position(), s.rules, TS).tiles_placed
        g = s.judge(greedy_move(s))
        assert g.legal and len(g.placed) <= len(best.placed)
        if g.placed:  # every old combination is still there, at most with tiles added
            new = list(g.turn.new_table)
            for old in s.table:
                home = next(c for c in new if Counter(old) <= Counter(c))
                new.remove(home)
        pick = s.judge(m.bot("random", s.to, random.Random(1)).choose(s))
        assert pick.legal and pick.answer in s.legal_moves()


def test_with_keep_jokers_the_best_bot_keeps_its_jokers_but_to_go_out():
    m = Match(("Ann", "Bob"), Rules().with_options(keep_jokers=True), TS)
    keep = m.parse_deal("racks Ann: 7y 7g 7r 3r joker | Bob: 1r; table 7b 8b 9b; melded Ann")
    assert keep.judge(m.bot("best", 0, None).choose(keep)).placed == T("7y 7g 7r")
    out = m.parse_deal("racks Ann: 7y 7g joker | Bob: 1r; table 7b 8b 9b; melded Ann")
    assert out.apply(m.bot("best", 0, None).choose(out)).racks[0] == ()


def test_a_bot_sees_only_its_own_rack():
    s = S("racks Ann: 10b 7y 7g 2r | Bob: 1r 5g 9y; table 7b 8b 9b; melded Ann")
    other = S("racks Ann: 10b 7y 7g 2r | Bob: 3r 3y 3g; table 7b 8b 9b; melded Ann")
    for kind in ("best", "greedy", "random"):
        assert Match(("Ann", "Bob"), Rules(), TS).bot(kind, 0, random.Random(4)).choose(s) == \
            Match(("Ann", "Bob"), Rules(), TS).bot(kind, 0, random.Random(4)).choose(other)


def test_the_analysis_counts_the_tiles_off_the_rack_against_the_best_lay():
    s = S("racks Ann: 10b 7y 7g 2r | Bob: 1r 5g 9y; pool 4b; table 7b 8b 9b; melded Ann")
    m = Match(("Ann", "Bob"), Rules(), TS)
    w = m.analyse(s, ("pass", "1: 7b 8b 9b 10b"))
    assert w.best == ("1: 8b 9b 10b | 7b 7y 7g",) and w.exact
    assert w.values == {"1: 8b 9b 10b | 7b 7y 7g": 3.0, "pass": -1.0, "1: 7b 8b 9b 10b": 1.0}
    mp = Match(("Ann", "Bob"), Rules().with_options(objective="points"), TS)
    points = mp.analyse(mp.parse_deal(str(s)), ("pass",))
    assert mp.unit == "points" and points.values == {"1: 8b 9b 10b | 7b 7y 7g": 24.0, "pass": -4.0}  # the 4b drawn


def test_analyse_labels_a_pass_where_a_lay_was_there(tmp_path):
    log = tmp_path / "game.jsonl"
    log.write_text(HAND_WRITTEN, encoding="utf-8")
    a = analyse(GAME, read(HAND_WRITTEN, "t"))
    first = a.moves[0]
    assert first.legal and first.exact and first.loss == 0
    passes = [m for m in a.moves if m.legal and m.move == "pass" and m.loss]
    assert passes and all(m.label for m in passes)
    r = run("analyse", str(log), "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["unit"] == "tiles"


# ---------------------------------------------------------------- play, follow, the clock


def test_hot_seat_play_shows_each_player_only_their_rack():
    s = S(DEAL)
    assert "10b 7y 7g 2r 7r" in s.view(0) and "Bob: (4)" in s.view(0) and "1r" not in s.view(0)
    assert "Ann: (5)" in s.view(1) and "pool (6)" in s.view(1)
    r = run("play", "--players", "Ann,Bob", "--humans", "2", "--deal", DEAL, input="\npass\n\nquit\n")
    assert r.exit_code == 0, r.output
    first, second = r.output.split("Bob, your turn")
    assert "Your rack (Ann, 5 tiles): 10b 7y 7g 2r 7r" in first and "1r" not in first
    assert "Your rack (Bob, 4 tiles): 2y 9y 5g 1r" in second and "10b 7y" not in second


def test_play_against_the_computer_to_the_end_of_a_round():
    deal = "racks Ann: 7y 7g 7r | Bob: 1b 5r 9g 9y; pool 2b 3g; table 7b 8b 9b"
    r = run("play", "--players", "Ann,Bob", "--deal", deal, "--bot", "greedy", input="+ 7y 7g 7r\n")
    assert r.exit_code == 0, r.output
    assert "Legal. 3 tiles laid (7y 7g 7r), 21 points off your rack; initial meld worth 21." in r.output
    assert "Round over: Ann laid every tile on their first turn." in r.output
    assert "Points this round: Ann 0, Bob -200" in r.output and "Scores: Ann 0, Bob -200" in r.output


def test_play_with_a_clock_records_a_late_move_as_over_time(tmp_path, monkeypatch):
    import trainer.whole

    ticks = iter(range(0, 10_000, 60))  # every reading of the clock a minute later
    monkeypatch.setattr(trainer.whole.time, "monotonic", lambda: next(ticks))
    save = tmp_path / "late.jsonl"
    r = run("play", "--players", "Ann,Bob", "--deal", DEAL, "--seconds", "50", input=f"+ 7y 7g 7r\nsave {save}\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Not legal. Over time. The table is restored: draw 1 tile." in r.output
    moves = [m.move for m in read(save.read_text("utf-8"), "late").rounds[0].moves]
    assert moves[0] == "overtime"
    monkeypatch.undo()
    r = run("play", "--players", "Ann,Bob", "--deal", DEAL, "--seconds", "50", input="+ 7y 7g 7r\nquit\n")
    assert "Over time" not in r.output and "3 tiles laid" in r.output  # in time
    for bad in ("0", "-3", "nan"):
        r = run("play", "--seconds", bad, input="quit\n")
        assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    r = runner.invoke(app, ["namnam", "play", "--seconds", "20"], input="quit\n")
    assert r.exit_code == 2 and "no turn clock" in r.output


def test_without_seconds_no_clock_is_read(monkeypatch):
    import trainer.whole

    def no_clock():
        raise AssertionError("a clock was read without --seconds")

    monkeypatch.setattr(trainer.whole.time, "monotonic", no_clock)
    r = run("play", "--players", "Ann,Bob", "--deal", DEAL, input="hint\n+ 7y 7g 7r\npass\nquit\n")
    assert r.exit_code == 0, r.output


def test_follow_a_real_table_in_french_words(tmp_path):
    log = tmp_path / "table.jsonl"
    r = run("follow", "--players", "Ann,Bob", "--deal", DEAL, "--log", str(log),
            input="Ann: + 7y 7g 7r\nBob: pioche 9g\nAnn: passe\nannuler\nAnn: 1 2: 8b 9b 10b | 7b 7y 7g 7r\nquitter\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("Legal.") == 4 and "Taken back" in r.output
    saved = read(log.read_text("utf-8"), "table")
    assert [m.move for m in saved.rounds[0].moves] == ["+ 7y 7g 7r", "pioche 9g", "1 2: 8b 9b 10b | 7b 7y 7g 7r"]
    assert referee(GAME, saved).legal


def test_play_a_round_in_a_real_terminal(tmp_path):
    """A player who asks for a hint and plays it, every turn, until the round is over and scored."""
    pytest.importorskip("pexpect")
    from tests.support.terminal import play_by_hints, spawn

    child = spawn(tmp_path, "ramikubic", "play", "--players", "Ann,Bob", "--bot", "greedy", "--seed", "6",
                  timeout=60, rows=40, cols=160)
    assert play_by_hints(child, "Ann", hint="indice", most=200) > 0


# ---------------------------------------------------------------- strength


@pytest.mark.slow
@pytest.mark.parametrize("other,bar", [("random", 18), ("greedy", 13)])
def test_the_best_bot_beats_the_others_head_to_head(other, bar):
    """20 seeded games of one round at 2 players, seats alternating (benchmarks/bench_bots.py plays
    more): the best bot wins at least 18 against random, 13 against greedy."""
    m = Match(("P1", "P2"), Rules(), TS)
    won = 0.0
    for g in range(20):
        rng = random.Random(1_000 + g)
        seat = g % 2
        bots = [m.bot("best" if i == seat else other, i, random.Random(rng.getrandbits(64))) for i in range(2)]
        s = m.deal(rng)
        while not s.is_terminal():
            s = s.apply(bots[s.to].choose(s))
        scores = s.returns()
        top = [i for i, x in enumerate(scores) if x == max(scores)]
        won += (1 / len(top)) if seat in top else 0
    assert won >= bar, won
