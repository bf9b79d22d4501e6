"""Every rule of the seed of Le Nain Jaune, as the known cases of ``puzzles/packs/nainjaune-seed.json``,
through the command line (``judge``, ``best``, ``settle``, ``referee``) as a person types it. (The
stakes carried from round to round and the deal passing to the left are the whole game's:
``test_nainjaune_match.py``.)
(``tests/core/test_known_cases.py`` drives the same cases through the game object, and runs the
command cases.)"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from puzzles import load_pack
from solver.errors import TablecalcError
from solver.nainjaune import GAME, Board, Position, RoundEnd
from solver.nainjaune.rules import Rules, hand_size
from solver.rules import read_flag
from tests.core.test_known_cases import matches
from trainer.cli import app

PACK = load_pack("nainjaune-seed")
SITUATIONS = [c for c in PACK.cases if c.situation is not None]
runner = CliRunner()


def _cli(*args, code=(0, 1)):
    r = runner.invoke(app, ["nainjaune", *args, "--json"])
    assert r.exit_code in code, r.output
    return json.loads(r.stdout), r.exit_code


def _check(got, want, what):
    wrong = matches(got, want)
    assert not wrong, f"{what}: " + "; ".join(wrong)


def _rule_flags(case) -> list[str]:
    """The case's preset and rule options as command-line flags."""
    flags = ["--preset", case.preset or "classic"]
    for key, value in (case.options or {}).items():
        spec = Rules.option(key)
        on, _, off = spec.flags.partition("/")
        if spec.kind == "flag":
            flags.append(on if read_flag(value, key) else off)
        else:
            flags += [on, str(value)]
    return flags


def test_the_pack_covers_the_seed():
    ids = {c.id for c in PACK.cases}
    assert {"deal-4-players-12-cards", "left-of-dealer-starts", "dealer-does-not-start", "run-up-any-suit", "stop-at-will",
            "sans-passes-left", "nobody-holds-restart", "king-restart", "board-card-takes-stake", "announce-forgotten",
            "stake-without-card", "grand-opera-first-turn", "pay-per-card", "pay-face-value", "doubling",
            "opera-takes-the-board", "cannot-pay-ends-the-game", "cannot-stake-ends-the-game"} <= ids


@pytest.mark.parametrize("case", SITUATIONS, ids=lambda c: c.id)
def test_seed_case_through_the_command_line(case):
    exp = case.expect or {}
    flags = _rule_flags(case)
    if "error" in exp:
        r = runner.invoke(app, ["nainjaune", "best", case.situation, *flags])
        assert r.exit_code == 2 and exp["error"] in r.output and r.output.count("tablecalc: error:") == 1, r.output
        return
    situation = GAME.parse_situation(case.situation, None)
    if isinstance(situation, RoundEnd):
        _settlement_case(case, situation, flags, exp)
        return
    if "best" in exp:
        solved, _ = _cli("best", case.situation, *flags, code=(0,))
        _check(solved, exp["best"], "best")
    if "verdict" in exp:
        verdict, code = _cli("judge", case.situation, case.answer, *flags)
        assert code == (0 if verdict["legal"] else 1)
        _check(verdict, exp["verdict"], "verdict")
        assert verdict["explanation"]


def _settlement_case(case, end: RoundEnd, flags, exp):
    hands = " | ".join(f"{n}: {' '.join(map(str, h)) or '-'}" for n, h in zip(end.names, end.hands))
    args = ["settle", "--hands", hands, "--board", str(end.board), *flags]
    if end.opera:
        args.append("--opera")
    if end.tokens is not None:
        args += ["--tokens", " ".join(map(str, end.tokens))]
    settled, _ = _cli(*args, code=(0,))
    assert all(p["why"] for p in settled["payments"])
    want = dict(exp["best"])
    amount = want.pop("amount")
    _check(settled, want, "settlement")
    asked = end.names[end.ask]
    paid = sum(p["tokens"] for p in settled["payments"] if p["from"] == asked)
    received = sum(p["tokens"] for p in settled["payments"] if p["to"] == asked)
    assert (received if end.ask == end.winner else paid) == amount
    rules = GAME.rules(case.preset)
    v = GAME.judge(end, case.answer, rules, None)
    assert v.legal and v.expected == amount
    assert not GAME.judge(end, str(amount + 1), rules, None).legal
    assert Board.parse(str(end.board)) == end.board


# ---------------------------------------------------------------- the deal, the stakes, the dealer


def test_a_deal_for_4_players_is_12_cards_each_and_4_aside():
    deal = Position.parse("hands Ann: Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc | Bob: Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd | "
                          "Cid: Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh | Dan: As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs; "
                          "board 10:4 J:8 Q:12 K:16 7:20")
    GAME.check_situation(deal, GAME.rules(), None)
    n = deal.players
    assert hand_size(n) == 12 == len(deal.hands[0]) and 52 - n * hand_size(n) == 4


def test_every_player_stakes_1_to_5_on_what_is_left():
    board = Position.parse("hands 2c | 3c | 4c | 5c; board 10:1 J:0 Q:7 K:0 7:3").board
    assert str(board.staked(4)) == "10:5 J:8 Q:19 K:16 7:23"


def test_the_player_left_of_the_dealer_starts(tmp_path):
    """In a recorded game, the player to the dealer's left makes the first move; the dealer's is refused."""
    deal = "hands Ann: 2c 5d | Bob: 3c 6d | Cid: 4c 7h; dealer Cid"
    for who, card, legal in (("Ann", "2c", True), ("Cid", "4c", False)):
        log = tmp_path / "log.jsonl"
        log.write_text("\n".join(json.dumps(x) for x in (
            {"type": "game", "game": "nainjaune", "players": ["Ann", "Bob", "Cid"]}, {"type": "deal", "deal": deal},
            {"type": "move", "player": who, "move": card})) + "\n")
        verdict, code = _cli("referee", str(log))
        assert verdict["legal"] is legal and code == (0 if legal else 1)
        if not legal:
            assert verdict["first_illegal"]["violations"] == ["not-your-turn"]


def test_a_bad_deal_is_refused_by_the_game_too():
    for case in PACK.cases:
        if (case.expect or {}).get("error"):
            with pytest.raises(TablecalcError, match=case.expect["error"]):
                GAME.check_situation(GAME.parse_situation(case.situation, None), GAME.rules(case.preset), None)
