"""Every registered game passes the same checks (OpenSpiel's random-simulation test is the model).

Parametrised over :func:`solver.registry.all_games`, so a game added to the registry is
tested here without a line of this file changing: its protocol, notation, presets, the
agreement of its solver with its referee, its verdicts' JSON, its error type, its
move-by-move state, its commands and its drill played by a program.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from solver.errors import TablecalcError
from solver.game import TERMINAL, BaseGame, Code, Penalty, State, Verdict
from solver.rules import BaseRules
from solver.registry import all_games, find_game
from trainer.cli import app
from trainer.drills import drill_class
from trainer.games import sub_app

from tests.support.drill_player import play_json_drill

GAMES = all_games()
SITUATIONS = 12
"""Random situations per game and check."""


def _setup(game, preset=None):
    rules = game.rules(preset)
    return rules, game.load_data(rules)


def _situations(game, preset=None, n=SITUATIONS, seed=0):
    rules, data = _setup(game, preset)
    rng = random.Random(seed)
    return rules, data, [game.random_situation(rng, rules, data) for _ in range(n)]


ids = [g.name for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_follows_the_protocol(game):
    """The game object, its rules and its verdicts have what the rest of tablecalc relies on."""
    assert isinstance(game, BaseGame)
    assert game.name.isascii() and game.name == game.name.lower() and find_game(game.name) is game
    for alias in game.aliases:
        assert find_game(alias) is game, alias
    assert game.default_preset in game.presets and issubclass(game.violations, Code)
    assert game.title and game.summary and game.seed and game.penalty_unit


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_preset_loads(game):
    """Each preset is found by its name, describes itself starting with that name, and serialises."""
    for name, preset in game.presets.items():
        rules = game.rules(name)
        assert isinstance(rules, BaseRules) and rules == preset and rules.name == name
        assert rules.describe().startswith(name) and rules.as_dict()["preset"] == name
        assert rules.with_options() == rules
        json.dumps(rules.as_dict())
        game.load_data(rules)
    with pytest.raises(TablecalcError):
        game.rules("no-such-preset")


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_situation_notation_round_trips(game):
    """``parse_situation(str(s)) == s`` and writing it again gives the same text."""
    for preset in game.presets:
        rules, data, situations = _situations(game, preset, 6)
        for s in situations:
            again = game.parse_situation(str(s), data)
            assert again == s and str(again) == str(s)
            game.check_situation(s, rules, data)  # a dealt situation fits its rules


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_the_referee_accepts_the_solvers_answers(game):
    """Random situation → solve → every best answer is judged legal by ``check``."""
    for preset in game.presets:
        rules, data, situations = _situations(game, preset, 8, seed=1)
        for s in situations:
            answers = game.best_answers(game.best(s, rules, data))
            for answer in answers[:4]:
                v = game.judge(s, answer, rules, data)
                assert v.legal, (str(s), answer, game.explain(v))
                assert v.penalty.amount == 0


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_a_refused_answer_gets_violations_and_the_penalty(game):
    """The game's refused answer is judged illegal, with codes from its enum and a penalty as data."""
    rules, data, situations = _situations(game, seed=2)
    refused = 0
    for s in situations:
        answer = game.refused_answer(s, rules, data)
        if answer is None:
            continue
        v = game.judge(s, answer, rules, data)
        assert isinstance(v, Verdict) and isinstance(v.penalty, Penalty)
        assert not v.legal and v.violations, (str(s), answer)
        assert all(isinstance(x, game.violations) for x in v.violations)
        assert v.penalty.amount >= 0 and isinstance(v.penalty.as_dict(), dict)
        assert game.explain(v)
        refused += 1
    assert refused >= len(situations) // 2


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_json_keys_are_stable(game):
    """Every verdict (legal or not) and every solution of a game has the same JSON keys, and serialises."""
    rules, data, situations = _situations(game, seed=3)
    verdict_keys, solution_keys = set(), set()
    for s in situations:
        sol = game.best(s, rules, data)
        solution_keys.add(tuple(sol.as_dict()))
        json.dumps(sol.as_dict())
        for answer in (*game.best_answers(sol)[:1], game.refused_answer(s, rules, data)):
            if answer is not None:
                d = game.judge(s, answer, rules, data).as_dict()
                json.dumps(d)
                verdict_keys.add(tuple(sorted(d)))
    assert len(solution_keys) == 1 and len(verdict_keys) == 1, (solution_keys, verdict_keys)


@pytest.mark.parametrize("game", GAMES, ids=ids)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_bad_input_raises_only_the_project_error(game, data):
    """Any text as a situation (and, when it reads, any answer to it) gives a result or a
    TablecalcError — never another exception."""
    rules, gdata, situations = _situations(game, n=2, seed=4)
    base = data.draw(st.sampled_from([str(s) for s in situations]))
    mutated = data.draw(st.one_of(
        st.text(max_size=40),
        st.builds(lambda i, t: base[:i] + t + base[i + 1:], st.integers(0, len(base)), st.text(max_size=3)),
    ))
    answer = data.draw(st.text(alphabet=st.sampled_from("0123456789+-*/x÷() ;:=abejoklnprsty|,"), max_size=20))
    for text in (mutated, base):
        try:
            situation = game.parse_situation(text, gdata)
            game.check_situation(situation, rules, gdata)
            game.judge(situation, answer, rules, gdata)
        except TablecalcError:
            pass


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_random_playouts_keep_the_state_consistent(game):
    """Play random legal moves until the end: each move's notation round-trips, ``apply`` accepts every
    legal move, a terminal state has no move and one return per player, and ``apply`` changes nothing in place."""
    rules, data, situations = _situations(game, n=8, seed=5)
    if game.new_state(situations[0], rules, data) is None:
        pytest.skip(f"{game.name} is not played move by move")
    rng = random.Random(5)
    for s in situations:
        state = game.new_state(s, rules, data)
        assert isinstance(state, State)
        players = None
        for _ in range(200):
            if state.is_terminal():
                break
            assert state.current_player() != TERMINAL
            moves = state.legal_moves()
            assert moves, str(s)
            for m in moves[:6]:
                assert state.parse_move(str(m)) == m, (str(s), str(m))
            move = rng.choice(moves)
            nxt = state.apply(move)
            assert state.legal_moves() == moves
            players = players or len(nxt.returns())
            state = nxt
        assert state.is_terminal() and state.current_player() == TERMINAL and not state.legal_moves()
        assert len(state.returns()) == players
        with pytest.raises(TablecalcError):
            state.apply(move)


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_commands_and_listing(game):
    """The game has its sub-app and drill, ``tablecalc games --json`` lists it, ``rules --json`` shows its presets."""
    assert sub_app(game).registered_commands and drill_class(game.name).LEVELS
    r = CliRunner().invoke(app, ["games", "--json"])
    assert r.exit_code == 0, r.output
    row = next(g for g in json.loads(r.stdout)["games"] if g["name"] == game.name)
    assert set(row["presets"]) == set(game.presets) and "rules" in row["commands"]
    assert set(row["drill_levels"]) == set(drill_class(game.name).LEVELS)
    r = CliRunner().invoke(app, [game.name, "rules", "--json"])
    assert r.exit_code == 0 and set(json.loads(r.stdout)) == set(game.presets)


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_a_program_plays_the_json_drill_with_the_solvers_answers(game, tmp_path):
    """Read each puzzle line, answer with the solver's best answer to its situation, score 100%."""

    level = drill_class(game.name).default_level
    _, verdicts, summary = play_json_drill([game.name, "-n", "4", "--seed", "3", "-l", level], tmp_path,
                                           lambda p: _answer(p, "best"))
    assert len(verdicts) == 4 and all(v["correct"] for v in verdicts), verdicts
    assert summary["accuracy"] == 1.0 and summary["score"] == summary["best_score"]


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_the_drills_verdicts_keep_one_shape(game, tmp_path):
    """Refused, empty and best answers in one session: the refused ones are wrong, and every verdict
    line has the same keys and the same ``penalty`` keys (the game's own)."""
    kinds = iter(["refused", "empty", "best", "refused", "best", "empty"])
    level = drill_class(game.name).default_level
    _, verdicts, summary = play_json_drill([game.name, "-n", "6", "--seed", "4", "-l", level], tmp_path,
                                           lambda p: _answer(p, next(kinds)))
    assert len({tuple(sorted(v)) for v in verdicts}) == 1
    assert len({tuple(sorted(v["penalty"])) for v in verdicts}) == 1, [v["penalty"] for v in verdicts]
    assert [v["correct"] for v in verdicts] == [False, False, True, False, True, False]
    assert summary["penalty_unit"] == game.penalty_unit


def _answer(puzzle: dict, kind: str) -> str:
    """The solver's best answer to a drill's puzzle, the game's refused answer, or nothing."""
    g = find_game(puzzle["game"])
    rules, data = _setup(g, puzzle["preset"] if puzzle["preset"] in g.presets else None)
    situation = g.parse_situation(puzzle["situation"], data)
    if kind == "best":
        return g.best_answers(g.best(situation, rules, data))[0]
    if kind == "refused":
        return g.refused_answer(situation, rules, data) or ""
    return ""
