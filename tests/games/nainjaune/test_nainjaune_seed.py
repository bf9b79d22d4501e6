"""Every rule of the seed of Le Nain Jaune, as the cases of ``puzzles/packs/nainjaune-seed.json``,
through the command line (``check``, ``solve``, ``opera``, ``settle``, ``referee``)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from puzzles import load_pack
from solver.errors import TablecalcError
from solver.nainjaune import GAME, Board, RoundEnd
from solver.nainjaune.rules import hand_size
from trainer.cli import app

PACK = load_pack("nainjaune-seed")
runner = CliRunner()


def _cli(*args, code=(0, 1)):
    r = runner.invoke(app, ["nainjaune", *args, "--json"])
    assert r.exit_code in code, r.output
    return json.loads(r.stdout), r.exit_code


def test_the_pack_covers_the_seed():
    ids = {c.id for c in PACK.cases}
    assert {"deal-4-players-12-cards", "stakes-per-round", "left-of-dealer-starts", "run-up-any-suit", "stop-at-will",
            "sans-passes-left", "nobody-holds-restart", "king-restart", "board-card-takes-stake", "announce-forgotten",
            "stake-without-card", "grand-opera-first-turn", "pay-per-card", "pay-face-value", "doubling",
            "opera-takes-the-board", "cannot-pay-ends-the-game", "cannot-stake-ends-the-game"} <= ids


@pytest.mark.parametrize("case", PACK.cases, ids=lambda c: c.id)
def test_seed_case(case, tmp_path):
    exp = case.expect or {}
    rules = GAME.rules(case.preset)
    if "error" in exp:
        with pytest.raises(TablecalcError, match=exp["error"]):
            GAME.check_situation(GAME.parse_situation(case.situation, None), rules, None)
        return
    situation = GAME.parse_situation(case.situation, None)
    GAME.check_situation(situation, rules, None)
    preset = ["--preset", case.preset]
    if isinstance(situation, RoundEnd):
        _settlement_case(case, situation, preset, exp)
        return
    if "hand_size" in exp:
        n = situation.players
        assert hand_size(n) == exp["hand_size"] == len(situation.hands[0])
        assert 52 - n * hand_size(n) == exp["aside"]
    if "staked" in exp:
        assert str(situation.board.staked(situation.players)) == exp["staked"]
    if "dealer" in exp:
        deal = {"names": list(situation.names), "hands": [" ".join(map(str, h)) for h in situation.hands],
                "dealer": exp["dealer"]}
        for who, legal in ((exp["starter"], True), (exp["dealer"], False)):
            hand = situation.hands[situation.names.index(who)]
            log = tmp_path / "log.jsonl"
            log.write_text(json.dumps(deal) + "\n" + json.dumps({"player": who, "move": str(hand[0])}) + "\n")
            verdict, code = _cli("referee", str(log))
            assert verdict["legal"] is legal and code == (0 if legal else 1)
            if not legal:
                assert verdict["first_illegal"]["violations"] == ["not-your-turn"]
    if "opera" in exp:
        answer, _ = _cli("opera", exp["opera_hand"])
        assert answer["grand_opera"] is exp["opera"]
        solved, _ = _cli("solve", case.situation)
        assert solved["best"]["grand_opera"] is exp["opera"]
    if case.answer is None:
        return
    verdict, code = _cli("check", case.situation, case.answer, *preset)
    assert code == (0 if verdict["legal"] else 1)
    for key in ("legal", "violations", "moves", "cards", "stakes", "out", "grand_opera", "next_player", "failed_move",
                "forfeited"):
        if key in exp:
            assert verdict[key] == exp[key], (key, verdict)
    for key in ("take_back", "return_stake"):
        if key in exp:
            assert verdict["penalty"][key] == exp[key]
    assert verdict["explanation"]
    if "with_options" in exp:
        opts = dict(exp["with_options"])
        stakes = opts.pop("stakes")
        args = [x for k, v in opts.items() for x in (f"--{k.replace('_', '-')}", v)]
        again, _ = _cli("check", case.situation, case.answer, *preset, *args)
        assert again["stakes"] == stakes


def _settlement_case(case, end: RoundEnd, preset, exp):
    hands = " | ".join(f"{n}: {' '.join(map(str, h)) or '-'}" for n, h in zip(end.names, end.hands))
    args = ["settle", "--hands", hands, "--board", str(end.board), *preset]
    if end.opera:
        args.append("--opera")
    if end.tokens is not None:
        args += ["--tokens", " ".join(map(str, end.tokens))]
    settled, _ = _cli(*args, code=(0,))
    assert all(p["why"] for p in settled["payments"])
    if "balances" in exp:
        assert settled["balances"] == exp["balances"]
    if "board" in exp:
        assert settled["board"] == exp["board"]
    for key in ("game_over", "cannot_pay", "cannot_stake"):
        if key in exp:
            assert settled[key] == exp[key]
    asked = end.names[end.ask]
    paid = sum(p["tokens"] for p in settled["payments"] if p["from"] == asked)
    received = sum(p["tokens"] for p in settled["payments"] if p["to"] == asked)
    assert (received if end.ask == end.winner else paid) == exp["amount"]
    v = GAME.judge(end, case.answer, GAME.rules(case.preset), None)
    assert v.legal and v.expected == exp["amount"]
    assert not GAME.judge(end, str(exp["amount"] + 1), GAME.rules(case.preset), None).legal
    assert Board.parse(str(end.board)) == end.board
