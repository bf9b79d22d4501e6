"""Issue 24: who plays the extra rounds that settle a tie (``extra_round_players``): every player
(``all``, the default: today's results) or only the tied (``tied``: the others sit out, the
extra rounds' points only order the tied). The score sheet, the round that seats only some
players, the match played whole, its log and its referee, the CLI."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from solver.errors import TablecalcError
from solver.nambarz import GAME, Deck
from solver.nambarz.match import MAX_EXTRA_ROUNDS, Match
from solver.nambarz.round import RoundState
from solver.nambarz.rules import ExtraRoundPlayers, Rules
from solver.nambarz.scoring import PLACE_POINTS, Round, score_game
from solver.whole.log import lines, read
from solver.whole.referee import referee
from solver.whole.simulate import simulate
from trainer.cli import app

DECK = Deck.default()
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
TIED = Rules().with_options(extra_round_players="tied")
runner = CliRunner()


def sheet(*rounds: str) -> tuple[Round, ...]:
    return tuple(Round.parse(r) for r in rounds)


# ---------------------------------------------------------------- the score sheet, both values


def test_the_default_is_every_player_as_before():
    assert Rules().extra_round_players is ExtraRoundPlayers.ALL
    assert "extra" not in Rules().describe()
    assert TIED.describe().endswith("only the tied players play an extra round")


def test_all_adds_an_extra_round_like_any_round():
    rules = Rules().with_options(game_rounds=2)
    b = score_game(sheet("Ann, Bob, Cid", "Bob, Ann, Cid", "Cid, Ann, (Bob)"), rules=rules)
    assert b.totals == {"Ann": 104, "Bob": 72, "Cid": 90} and b.extra == {}
    assert b.leaders == ("Ann",) and not b.disputed


def test_tied_keeps_the_extra_rounds_apart_and_orders_only_the_tied():
    rules = TIED.with_options(game_rounds=2)
    b = score_game(sheet("Ann, Bob, Cid", "Bob, Ann, Cid", "Bob, (Ann)"), rules=rules)
    assert b.totals == {"Ann": 72, "Bob": 72, "Cid": 50}
    assert b.extra == {"Ann": 0, "Bob": 40, "Cid": 0}
    assert b.cells["Cid"][2] == (None, 0, 0)  # sat out: no place, no points
    assert b.ranking == [("Bob", 72), ("Ann", 72), ("Cid", 50)] and b.leaders == ("Bob",) and not b.disputed


def test_tied_never_moves_a_tied_player_past_one_who_was_not_tied():
    """Any-place: Ann and Dee play off the lead, then Bob and Cid the third place; Cid's 40
    points in it do not lift him past Ann or Dee."""
    rules = TIED.with_options(game_rounds=1, tie_break="any-place")
    # Ann and Dee tie for the lead (40), Bob and Cid for third (32): the lead is played off first
    first = score_game(sheet("Ann, Bob, Cid+4, Dee+6"), rules=rules)
    assert first.disputed == ((1, ("Ann", "Dee")), (3, ("Bob", "Cid"))) and first.extra_round_seats() == ("Ann", "Dee")
    with pytest.raises(TablecalcError, match="Cid plays round 2, an extra round that only Ann, Dee play"):
        score_game(sheet("Ann, Bob, Cid+4, Dee+6", "Dee, (Cid)"), rules=rules)
    b = score_game(sheet("Ann, Bob, Cid+4, Dee+6", "Dee, (Ann)", "Cid, (Bob)"), rules=rules)
    assert b.ranking == [("Dee", 40), ("Ann", 40), ("Cid", 32), ("Bob", 32)] and not b.disputed
    assert b.extra == {"Ann": 0, "Bob": 0, "Cid": 40, "Dee": 40}
    with pytest.raises(TablecalcError, match="no tie is left to settle"):
        score_game(sheet("Ann, Bob, Cid+4, Dee+6", "Dee, (Ann)", "Cid, (Bob)", "Ann, Bob"), rules=rules)


def test_tied_teams_play_the_extra_round_with_all_their_members():
    """Red (40 + 32) and Blue (25 + 19 + a 7-card coup, 28) share the lead: their four players play
    the extra round, Gold sits it out."""
    rules = TIED.with_options(game_rounds=1)
    teams = {"Red": ("Ann", "Bob"), "Blue": ("Cid", "Dee"), "Gold": ("Eve", "Fay")}
    first = score_game(sheet("Ann, Bob, Cid+7, Dee, Eve, (Fay)"), teams=teams, rules=rules)
    assert first.team_totals == {"Red": 72, "Blue": 72, "Gold": 14}
    assert first.disputed == ((1, ("Blue", "Red")),) and first.extra_round_seats() == ("Ann", "Bob", "Cid", "Dee")
    with pytest.raises(TablecalcError, match="Eve plays round 2"):
        score_game(sheet("Ann, Bob, Cid+7, Dee, Eve, (Fay)", "Eve, Ann, Bob, (Cid)"), teams=teams, rules=rules)
    b = score_game(sheet("Ann, Bob, Cid+7, Dee, Eve, (Fay)", "Cid, Ann, Dee, (Bob)"), teams=teams, rules=rules)
    assert b.team_totals == {"Red": 72, "Blue": 72, "Gold": 14} and b.team_extra == {"Red": 32, "Blue": 65, "Gold": 0}
    assert b.leaders == ("Blue",) and b.as_dict()["teams"][1] == {"name": "Blue", "members": ["Cid", "Dee"],
                                                                  "total": 72, "extra": 65}


# ---------------------------------------------------------------- properties of the score sheet


@st.composite
def finished_rounds(draw, names: tuple[str, ...]) -> Round:
    """A round as the sheet writes it: some of ``names`` out in order (at least one), some left
    holding cards, the rest not written; coups of 4 to 7 cards for anyone written."""
    order = draw(st.permutations(names))
    out = draw(st.integers(1, len(order)))
    holding = order[out:][:draw(st.integers(0, len(order) - out))]
    written = (*order[:out], *holding)
    coups = tuple((n, draw(st.integers(4, 7))) for n in written if draw(st.integers(0, 5)) == 0)
    return Round(tuple(order[:out]), coups, tuple(holding))


def points_oracle(rounds, names, rules) -> dict[str, int]:
    """Today's sum, written out again: place points plus coups, every round alike."""
    total = dict.fromkeys(names, 0)
    for r in rounds:
        for k, n in enumerate(r.order):
            total[n] += PLACE_POINTS[k] if k < len(PLACE_POINTS) else 0
        for n, cards in r.coups:
            total[n] += max(0, cards - 3) * rules.coup_points
    return total


@st.composite
def games(draw):
    """Players, rules (``game_rounds``, ``tie_break``) and the game's rounds; every player named in
    the first round so the sheet seats them all. Few players and rounds: ties come often."""
    names = NAMES[:draw(st.integers(2, 5))]
    rules = Rules().with_options(game_rounds=draw(st.integers(1, 3)),
                                 tie_break=draw(st.sampled_from(["lead", "any-place"])))
    rounds = [draw(finished_rounds(names)) for _ in range(rules.game_rounds)]
    if set(rounds[0].order) | set(rounds[0].holding) != set(names):
        rounds[0] = Round(rounds[0].order, rounds[0].coups, tuple(n for n in names if n not in rounds[0].order))
    return names, rules, rounds


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), data=st.data())
def test_tied_extra_rounds_change_no_total_and_no_order_but_the_tied(game, data):
    """With ``tied``, while extra rounds settle the ties (each played by the first disputed place's
    players alone), nobody's total changes, and two players whose totals differ after the game's
    rounds keep their order; the ties are settled among the tied. With ``all``, the same rounds
    score as today: every round's points added, the ranking by total (a brute-force oracle)."""
    names, rules, rounds = game
    tied = rules.with_options(extra_round_players="tied")
    before = score_game(rounds, names, rules=tied)
    assert before.totals == points_oracle(rounds, names, rules) == score_game(rounds, names, rules=rules).totals
    played = list(rounds)
    for _k in range(MAX_EXTRA_ROUNDS):
        seats = score_game(played, names, rules=tied).extra_round_seats()
        if seats is None:
            break
        assert set(seats) == set(score_game(played, names, rules=tied).disputed[0][1])
        played.append(data.draw(finished_rounds(seats)))
        now = score_game(played, names, rules=tied)
        assert now.totals == before.totals  # nobody's total moves during extra rounds
        assert all(now.cells[n][-1] == (None, 0, 0) for n in names if n not in seats)  # the others sat out
    after = score_game(played, names, rules=tied)
    place = {n: k for k, (n, _pts) in enumerate(after.ranking)}
    for a in names:
        for b in names:
            if before.totals[a] > before.totals[b]:
                assert place[a] < place[b]
    # ``all``: today's sheet, whatever rounds were played
    every = score_game(played, names, rules=rules)
    oracle = points_oracle(played, names, rules)
    assert every.totals == oracle and every.extra == {}
    assert every.ranking == sorted(oracle.items(), key=lambda kv: (-kv[1], kv[0]))
    top = max(oracle.values())
    assert every.leaders == tuple(n for n, p in every.ranking if p == top)


# ---------------------------------------------------------------- the round that seats some players


def test_a_round_some_players_sit_out_reads_back_and_ends_among_the_others():
    s = RoundState.parse("hands Ann: 7 | Bob: - | Cid: 7 8; top 7-frog; sitting-out Bob", Rules(), DECK)
    assert str(s) == "hands Ann: 7 | Bob: - | Cid: 7 8; top 7-frog; to Ann; sitting-out Bob"
    assert RoundState.parse(str(s), Rules(), DECK) == s and s.playing == 2
    assert s.judge("7", 1).violations[0].value == "not-your-turn"
    end = s.apply(s.parse_move("7"))
    assert end.is_terminal() and str(end.result()) == "Ann, (Cid)" and end.returns() == (40.0, 0.0, 0.0)
    for bad, message in [("hands Ann: 7 | Bob: 5 | Cid: 8; top 7-frog; sitting-out Bob", "sits this round out"),
                         ("hands Ann: 7 | Bob: - | Cid: -; top 7-frog; sitting-out Bob Cid", "at least 2 players"),
                         ("hands Ann: 7 | Bob: - | Cid: 8; top 7-frog; to Bob; sitting-out Bob", "sits this round out"),
                         ("hands Ann: 7 | Bob: - | Cid: 8; top 7-frog; sitting-out Zoe", "unknown player")]:
        with pytest.raises(TablecalcError, match=message):
            RoundState.parse(bad, Rules(), DECK)


def test_the_match_deals_an_extra_round_to_the_tied_alone_and_checks_a_logged_deal():
    rules = TIED.with_options(game_rounds=1, hand_size=3)
    m = Match(("Ann", "Bob", "Cid", "Dee", "Eve"), rules, DECK, sheet("Ann, Bob, Cid, Dee+6, (Eve)"), starter=2)
    assert m.sitting_out() == {1, 2, 4}
    s = m.deal(__import__("random").Random(3))
    assert [len(h) for h in s.hands] == [3, 0, 0, 3, 0] and s.names[s.to] == "Dee"  # Cid started: next who plays
    assert m.parse_deal(str(s)) == s
    whole = RoundState.deal(m.names, rules, DECK, 5)
    with pytest.raises(TablecalcError, match="expected 'sitting-out Bob Cid Eve'"):
        m.parse_deal(str(whole))
    with pytest.raises(TablecalcError, match="every player plays"):
        Match(m.names, rules, DECK).parse_deal(str(s))
    all_play = Match(m.names, rules.with_options(extra_round_players="all"), DECK, m.rounds)
    assert all_play.sitting_out() == frozenset() and not all_play.is_over()


# ---------------------------------------------------------------- a whole game, its log and its referee


def log_text(played) -> str:
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in played.log_lines()) + "\n"


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(3, 5), tie_break=st.sampled_from(["lead", "any-place"]))
def test_a_whole_game_with_tied_extra_rounds_is_logged_read_back_and_refereed(seed, players, tie_break):
    """Played whole with ``tied``: each extra round seats the tie it settles (the others sit out and
    never move), the scores do not move during extra rounds, and the game's log reads back to the
    same deals and moves, which the referee judges all legal with the same scores."""
    rules = TIED.with_options(game_rounds=1, hand_size=3, tie_break=tie_break)
    names = NAMES[:players]
    played = simulate(GAME, rules, DECK, names, rounds=1 + MAX_EXTRA_ROUNDS, seed=seed, bots=("greedy",))
    match = Match(names, rules, DECK)
    for k, r in enumerate(played.rounds):
        state = match.parse_deal(r.deal)
        assert str(state) == r.deal
        sitting = match.sitting_out()
        assert state.sitting == sitting and (k >= 1 or not sitting)
        assert not {seat for seat, _move in r.moves} & sitting
        for _seat, move in r.moves:
            state = state.after(state.judge(move))
        match = match.after_round(state)
        if k >= 1:
            assert r.scores == played.rounds[0].scores
    assert match.is_over() and played.scores == match.scores()
    text = log_text(played)
    log = read(text, "log")
    assert [r.deal for r in log.rounds] == [r.deal for r in played.rounds]
    assert [[(m.player, m.move) for m in r.moves] for r in log.rounds] == [list(r.moves) for r in played.rounds]
    again = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines(
        log.game, log.players, log.preset, log.options,
        ((r.deal, [(m.player, m.move, m.extra) for m in r.moves], r.scores) for r in log.rounds),
        seed=log.seed, bots=played.bots)) + "\n"
    assert again == text
    report = referee(GAME, log)
    assert report.legal and report.scores == played.scores and report.rounds_over == len(played.rounds)


def test_simulate_with_a_tie_in_french_names_the_places():
    args = ["--players", "Ann,Bob,Cid,Dee", "--seed", "7", "--rounds", "20", "--bot", "greedy", "--game-rounds", "1",
            "--extra-round-players", "tied", "--tie-break", "any-place", "--hand-size", "3"]
    r = runner.invoke(app, ["--lang", "fr", "nambarz", "simulate", *args])
    assert r.exit_code == 0, r.output
    assert "Manche 2" in r.output and "Classement après les manches supplémentaires" in r.output
    r = runner.invoke(app, ["nambarz", "simulate", *args[:-6], "--tie-break", "any-place", "--hand-size", "3"])
    assert r.exit_code == 0 and "extra rounds" not in r.output


def test_play_an_extra_round_the_person_sits_out_in_french():
    """``play`` at a table where the person's seat is not in the tie: the loop says who plays the
    extra round, the bots play it, and the places follow the scores. The person's moves are the
    greedy bot's, chosen at a :class:`~solver.whole.table.Table` dealt from the same seed."""
    import random

    from solver.nambarz.bots import Bot
    from solver.whole.table import Table

    rules = TIED.with_options(game_rounds=1, tie_break="any-place", hand_size=3)
    names = ("Ann", "Bob", "Cid", "Dee")
    for seed in range(60):
        table, me, typed = Table(GAME, rules, DECK, names, humans={0}, seed=seed), Bot("greedy", random.Random(0)), []
        while not table.match.is_over():
            table.start()
            while not table.over():
                if table.bot_to_move():
                    table.bot_move()
                else:
                    typed.append(me.choose(table.state))
                    table.play(0, typed[-1])
            table.end_round()
        if len(table.rounds) > 1 and 0 in Match(names, rules, DECK, table.match.rounds[:1]).sitting_out():
            break
    else:
        pytest.fail("no extra round Ann sits out in 60 tables")
    r = runner.invoke(app, ["--lang", "fr", "nambarz", "play", "--players", ",".join(names), "--humans", "1",
                            "--seed", str(seed), "--rounds", "12", "--game-rounds", "1", "--extra-round-players", "tied",
                            "--tie-break", "any-place", "--hand-size", "3"], input="\n".join(typed) + "\n")
    assert r.exit_code == 0, r.output
    assert "Manche supplémentaire pour" in r.output and "Ann" in r.output.split("Manche supplémentaire pour")[1].split("\n")[0]
    last = r.output.rstrip().splitlines()
    assert last[-2].startswith("Scores") and last[-1].startswith("Classement après les manches supplémentaires : 1.")


def test_a_team_given_twice_is_one_line_not_a_traceback():
    """Found on the way: the message's placeholder was filled under another name (a KeyError)."""
    r = runner.invoke(app, ["nambarz", "score", "-r", "Ann, Bob, Cid, Dee", "--team", "Red=Ann,Bob",
                            "--team", "Red=Cid,Dee"])
    assert r.exit_code == 2 and r.output.strip() == "tablecalc: error: team Red is given twice"
