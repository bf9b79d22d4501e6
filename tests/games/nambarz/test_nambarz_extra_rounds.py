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
