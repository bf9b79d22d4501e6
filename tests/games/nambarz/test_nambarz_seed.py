"""Every known Nambarz case of the shipped packs (the rules' worked examples, coups de maître), through the CLI."""

import json

import pytest
from typer.testing import CliRunner

from puzzles import list_packs, load_pack
from solver.nambarz import Deal, Deck
from trainer.cli import app

ALL_CASES = [case for name in list_packs() if (pack := load_pack(name)).game == "nambarz" for case in pack.cases]
ROUND_CASES = [c for c in ALL_CASES if c.situation.lstrip().lower().startswith("hands")]
ERROR_CASES = [c for c in ALL_CASES if (c.expect or {}).get("error")]
CASES = [c for c in ALL_CASES if c not in ROUND_CASES and c not in ERROR_CASES]
runner = CliRunner()


def _cli(*args):
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.stdout), r.exit_code


def test_packs_hold_the_seed_examples_and_coups():
    ids = {c.id for c in CASES}
    assert {"simplest-is-compulsory", "no-concordant-card-in-a-calculation", "left-to-right-order",
            "parentheses-variant"} <= ids
    assert sum(1 for c in CASES if c.expect and c.expect.get("bonus", 0) > 0) >= 10


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_seed_case_through_the_cli(case):
    deal = Deal.parse(case.situation, Deck.default())
    common = ["--target", str(deal.top), "--hand", " ".join(map(str, deal.hand)), "--preset", case.preset]
    exp = case.expect
    solved, _ = _cli("nambarz", "solve", *common)
    if "min_cards" in exp:
        assert solved["min_cards"] == exp["min_cards"]
    if "plays" in exp:
        assert [[p["expression"], p["cards"]] for p in solved["plays"]] == exp["plays"]
    if "simplest_includes" in exp:
        assert set(exp["simplest_includes"]) <= {p["expression"] for p in solved["plays"]}
    if "concordant" in exp:
        assert solved["concordant"] == exp["concordant"]
    if case.answer is None:
        return
    verdict, code = _cli("nambarz", "check", case.answer, *common)
    assert verdict["legal"] is exp["legal"]
    assert code == (0 if exp["legal"] else 1)
    assert verdict["violations"] == exp["violations"]
    if "draw" in exp:
        assert verdict["penalty"]["draw"] == exp["draw"]
    if "take_back" in exp:
        assert verdict["penalty"]["take_back"] == exp["take_back"]
    if "play_instead" in exp:
        assert verdict["penalty"]["play_instead"]["expression"] == exp["play_instead"]
    if "bonus" in exp:
        assert verdict["bonus"] == exp["bonus"]
    assert verdict["explanation"]


def test_packs_hold_the_joker_and_round_end_examples():
    ids = {c.id for c in ROUND_CASES}
    assert {"no-calculation-on-a-lone-joker", "the-wrong-joker", "play-again-as-last-card-draws",
            "play-again-last-card-drawn-card-kept", "finish-on-a-change-joker", "round-ends-when-one-player-holds-cards",
            "round-ends-when-five-are-out", "coup-de-maitre-without-going-out"} <= ids
    assert ERROR_CASES  # the joker levels: a deck of 4 jokers has one of each kind


@pytest.mark.parametrize("case", ROUND_CASES, ids=lambda c: c.id)
def test_round_case_through_the_round_state(case):
    """The move is judged by the round's referee; the table after it (after the penalty when
    illegal) is what the pack says."""
    from solver.nambarz import GAME

    rules = GAME.rules(case.preset)
    deck = GAME.load_data(rules)
    state = GAME.new_state(GAME.parse_situation(case.situation, deck), rules, deck)
    exp = case.expect
    ruling = GAME.judge(state, case.answer, rules, deck)
    assert ruling.legal is exp["legal"], GAME.explain(ruling)
    if "violations" in exp:
        assert [str(v) for v in ruling.violations] == exp["violations"]
    if "draw" in exp:
        assert ruling.penalty.draw == exp["draw"]
    if "take_back" in exp:
        assert [str(c) for c in ruling.penalty.take_back] == exp["take_back"]
    if "bonus" in exp:
        assert ruling.bonus == exp["bonus"]
    assert GAME.explain(ruling)
    after = state.after(ruling)
    d = after.as_dict()
    for key in ("top", "to", "phase", "out", "over"):
        if key in exp:
            assert d[key] == exp[key], (key, str(after))
    if "result" in exp:
        assert str(after.result()) == exp["result"]
    if "points" in exp:
        assert dict(zip(after.names, map(int, after.returns()))) == exp["points"]
    assert after.all_cards() == state.all_cards()  # no card appears or vanishes


def test_pack_loader_refuses_bad_packs(tmp_path):
    from solver.errors import TablecalcError

    for text, message in [
        ("", "empty"),
        ("{", "not JSON"),
        ('{"game": "nambarz", "cases": [{"id": "a", "situation": "top 3-lion; hand 6"}]}', "3-lion"),
        ('{"game": "nambarz", "cases": [{"id": "a", "situation": "top 3"}]}', "'hand' is missing"),
        ('{"game": "nambarz", "cases": [{"id": "a", "target": "3", "hand": "6"}]}', "unknown key 'hand'"),
        ('{"game": "chess", "cases": []}', "unknown game 'chess'"),
    ]:
        f = tmp_path / "pack.json"
        f.write_text(text)
        with pytest.raises(TablecalcError, match=message):
            load_pack(str(f))
    with pytest.raises(TablecalcError, match="no puzzle pack"):
        load_pack("no-such-pack")
