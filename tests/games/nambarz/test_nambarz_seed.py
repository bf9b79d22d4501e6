"""The known Nambarz cases of the shipped packs (the rules' worked examples, coups de maître): the
known-case driver (tests/core/test_known_cases.py) checks what each expects; here, what it does
not: the packs hold the seed's examples, the command line answers each one-turn case as the
game does, and a round case's move keeps every card of the round."""

import json

import pytest
from typer.testing import CliRunner

from puzzles import list_packs, load_pack
from solver.nambarz import GAME, RoundState
from solver.rulebook import explained
from trainer.cli import app

ALL_CASES = [(pack.name, case) for name in list_packs() if (pack := load_pack(name)).game == "nambarz"
             for case in pack.cases]
ERROR_CASES = [c for _, c in ALL_CASES if (c.expect or {}).get("error")]
PLAYED = [c for _, c in ALL_CASES if c not in ERROR_CASES and c.situation is not None]  # commands: test_known_cases
ROUND_CASES = [c for c in PLAYED if c.situation.lstrip().lower().startswith("hands")]
CASES = [c for c in PLAYED if c not in ROUND_CASES]
runner = CliRunner()


def _cli(*args):
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.stdout), r.exit_code


def _setup(case):
    rules = GAME.rules(case.preset, **(case.options or {}))
    deck = GAME.load_data(rules)
    return rules, deck, GAME.parse_situation(case.situation, deck)


def test_packs_hold_the_seed_examples_and_coups():
    ids = {c.id for c in CASES}
    assert {"simplest-is-compulsory", "no-concordant-card-in-a-calculation", "left-to-right-order",
            "parentheses-variant"} <= ids
    assert sum(1 for c in CASES if c.expect.get("verdict", {}).get("bonus", 0) > 0) >= 10


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_command_line_answers_a_case_as_the_game_does(case):
    """``nambarz best`` and ``nambarz judge`` print the game's best answer and verdict, with an
    explanation, and ``judge`` exits 1 exactly when the play is illegal."""
    rules, deck, deal = _setup(case)
    common = ["--target", str(deal.top), "--hand", " ".join(map(str, deal.hand)), "--preset", case.preset]
    solved, code = _cli("nambarz", "best", *common)
    assert code == 0 and solved.pop("explanation")
    assert solved == GAME.best(deal, rules, deck).as_dict()
    verdict, code = _cli("nambarz", "judge", case.answer, *common)
    want = GAME.judge(deal, case.answer, rules, deck)
    assert verdict.pop("explanation") == explained(GAME, want, rules)  # the words, then the clauses cited
    assert verdict == want.as_dict() and code == (0 if want.legal else 1)


def test_packs_hold_the_joker_and_round_end_examples():
    ids = {c.id for c in ROUND_CASES}
    assert {"no-calculation-on-a-lone-joker", "the-wrong-joker", "play-again-as-last-card-draws",
            "play-again-last-card-drawn-card-kept", "finish-on-a-change-joker", "round-ends-when-one-player-holds-cards",
            "round-ends-when-five-are-out", "coup-de-maitre-without-going-out"} <= ids
    assert ERROR_CASES  # the joker levels: a deck of 4 jokers has one of each kind


@pytest.mark.parametrize("case", ROUND_CASES, ids=lambda c: c.id)
def test_a_round_case_keeps_every_card(case):
    """The table after the move (after its penalty, when illegal) is the verdict's ``after``, and no
    card appears or vanishes."""
    rules, deck, situation = _setup(case)
    state = GAME.new_state(situation, rules, deck)
    verdict = GAME.judge(situation, case.answer, rules, deck)
    after = state.after(state.judge(case.answer))
    assert verdict.after == after.as_dict()
    assert after.all_cards() == state.all_cards() and isinstance(after, RoundState)


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
