"""Every parser and file loader, fed hostile input: it answers or raises TablecalcError, nothing else.

Two Hypothesis profiles (``TABLECALC_FUZZ``):

* ``quick`` (the default, part of every test run): 150 inputs per target;
* ``long``: 10,000 inputs per target, about 15 minutes on a laptop::

      TABLECALC_FUZZ=long python3 -m pytest tests/core/test_fuzz.py -p no:randomly

Each target is timed; the slowest input of the run is reported at the end of the pytest
output ("fuzz: ..."), never asserted (the machines are shared and noisy). The targets cover
the calculation parser, every registered game's situation notation, referee and move
notation (so a new game is fuzzed without a line here), the card and team parsers, batch
query lines, deck files and puzzle packs.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.errors import TablecalcError
from solver.expr import Order, evaluate, parse_expression
from solver.parsing import parse_fields, parse_whole
from solver.registry import all_games

settings.register_profile("quick", max_examples=150, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("long", max_examples=10_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
PROFILE = os.environ.get("TABLECALC_FUZZ", "quick")
FUZZ = settings.get_profile(PROFILE)

TIMES: dict[str, list[float]] = defaultdict(list)
"""Seconds per input, by target (read by tests/conftest.py for the end-of-run line)."""
SLOWEST: dict[str, tuple[float, str]] = {}


def answered_or_refused(target: str, fn, *args) -> None:
    """Call ``fn(*args)``: returning or raising TablecalcError is fine; any other exception fails."""
    start = time.perf_counter()
    try:
        fn(*args)
    except TablecalcError:
        pass
    finally:
        took = time.perf_counter() - start
        TIMES[target].append(took)
        if took > SLOWEST.get(target, (0.0, ""))[0]:
            SLOWEST[target] = (took, repr(args)[:120])


# ---------------------------------------------------------------- strategies

TOKENS = ["0", "1", "2", "3", "6", "10", "12", "99", "999999999999", "9" * 20, "+", "-", "*", "/", "x", "×",
          "÷", ":", "(", ")", "[", "]", " ", ";", "|", "=", ",", ".", "-", "bee", "3-bee", "abeille", "joker",
          "j", "draw", "pass", "end", "discard", "concordance", "top", "hand", "table", "opened", "numbers",
          "target", "calculate", "r", "g", "b", "o", "10r", "joker=40", "play-again", "²", "\u2028", "\x00",
          "\n", "\t", "é", "🂡"]

texts = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(TOKENS), max_size=30).map("".join),
    st.lists(st.sampled_from(TOKENS), max_size=30).map(" ".join),
    st.integers(1, 400).map(lambda n: "(" * n + "6" + ")" * n),
    st.integers(1, 400).map(lambda n: "+".join(["1"] * n)),
    st.integers(1, 2000).map(lambda n: "[" * n),
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)

GAMES = all_games()
ids = [g.name for g in GAMES]


# ---------------------------------------------------------------- shared parsers


@FUZZ
@given(texts, st.sampled_from(list(Order)))
def test_calculations(text, order):
    def run(t, o):
        e = parse_expression(t, o)
        evaluate(e)
        str(e)

    answered_or_refused("calculation", run, text, order)


@FUZZ
@given(texts)
def test_whole_numbers_and_fields(text):
    answered_or_refused("whole number", parse_whole, text, "number")
    answered_or_refused("fields", lambda t: parse_fields(t, "situation", ["top", "hand"], required=["top"], flags=["opened"]), text)


@FUZZ
@given(st.one_of(texts, json_values.map(json.dumps),
                 st.fixed_dictionaries({"numbers": json_values, "target": json_values}).map(json.dumps)))
def test_batch_query_lines(line):
    from solver.search import Query

    answered_or_refused("batch line", lambda t: Query.from_json(t).reach(), line)


# ---------------------------------------------------------------- every registered game


@pytest.mark.parametrize("game", GAMES, ids=ids)
@FUZZ
@given(text=texts, seed=st.integers(0, 2**32 - 1))
def test_each_game_situations_answers_and_moves(game, text, seed):
    """The situation notation, the referee on typed answers, the State's move notation."""
    preset = sorted(game.presets)[seed % len(game.presets)]
    rules = game.rules(preset)
    data = game.load_data(rules)
    answered_or_refused(f"{game.name} situation", lambda t: game.check_situation(game.parse_situation(t, data), rules, data), text)
    situation = game.random_situation(random.Random(seed), rules, data)
    answered_or_refused(f"{game.name} judge", game.judge, situation, text, rules, data)
    state = game.new_state(situation, rules, data)
    if state is not None:
        answered_or_refused(f"{game.name} move", lambda t: state.apply(state.parse_move(t)), text)


@FUZZ
@given(texts)
def test_card_hand_and_team_parsers(text):
    from solver.nambarz import Deck as NambarzDeck
    from solver.nambarz.scoring import parse_teams
    from solver.nmbrs import Deck as NmbrsDeck
    from solver.nmbrs.moves import parse_turn
    from solver.nmbrs.rules import Rules as NmbrsRules
    from solver.nmbrs.table import Table

    nz, nm = NambarzDeck.default(), NmbrsDeck.default()
    answered_or_refused("nambarz card", nz.parse_card, text)
    answered_or_refused("nambarz hand", nz.parse_hand, text)
    answered_or_refused("nambarz teams", parse_teams, text.split(","))
    answered_or_refused("nmbrs hand", nm.parse_hand, text)
    answered_or_refused("nmbrs turn", parse_turn, text, nm)
    answered_or_refused("nmbrs table", Table.parse, text, nm, NmbrsRules())


# ---------------------------------------------------------------- files

toml_values = st.recursive(
    st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4),
    max_leaves=12,
)


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return {"inf": "inf", "-inf": "-inf", "nan": "nan"}.get(str(value), repr(value))
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(value) if isinstance(value, str) else str(value)


deck_keys = st.sampled_from(["numbers", "jokers", "symbol_copies", "drawing_copies", "points_estimated",
                             "animals", "cards", "names", "copies", "colour", "points"])
deck_files = st.one_of(
    st.text(max_size=200),
    st.lists(st.tuples(deck_keys, toml_values), max_size=6).map(
        lambda kvs: "\n".join(f"{k} = {_toml(v)}" for k, v in kvs)),
    st.lists(st.tuples(st.sampled_from(["animals.bee", "jokers.x", "cards", "animals"]), deck_keys, toml_values),
             max_size=6).map(lambda t: "numbers = [1, 10]\n" + "\n".join(f"[{a}]\n{k} = {_toml(v)}" for a, k, v in t)),
    st.integers(1, 700).map(lambda n: "x = " + "[" * n + "]" * n),
)


@FUZZ
@given(deck_files)
def test_deck_files(text):
    from solver.nambarz import Deck as NambarzDeck
    from solver.nmbrs import Deck as NmbrsDeck

    answered_or_refused("nambarz deck file", NambarzDeck.from_toml, text, "fuzz.toml")
    answered_or_refused("nmbrs deck file", NmbrsDeck.from_toml, text, "fuzz.toml")


pack_files = st.one_of(
    st.text(max_size=100),
    json_values.map(json.dumps),
    st.fixed_dictionaries({"name": json_values, "game": st.sampled_from([g.name for g in GAMES]) | json_values,
                           "cases": st.lists(st.dictionaries(
                               st.sampled_from(["id", "situation", "preset", "answer", "expect", "source"]),
                               json_values | texts, max_size=6), max_size=3)}).map(json.dumps),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.just('{"name": "x", "game": "nambarz", "cases": [{"id": "a", "situation": "top ' + "9" * 5000 + '"}]}'),
)


@FUZZ
@given(pack_files)
def test_pack_files(tmp_path_factory, text):
    from puzzles import load_pack

    path = tmp_path_factory.mktemp("pack") / "pack.json"
    path.write_text(text, "utf-8", errors="surrogatepass")
    answered_or_refused("pack file", load_pack, str(path))


# ---------------------------------------------------------------- whole command lines


def _leaf_commands():
    """Every command of the CLI as (path, option names), found by walking the command tree (so a new
    game's commands are included). Commands that play or simulate whole games, build tables or run a
    drill are left out (`arith table` answers 13,243 selections): they wait for a person or run long
    by design, and have their own tests."""
    import typer

    from trainer.cli import app

    root = typer.main.get_command(app)
    out = []

    def walk(cmd, path, ctx):
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if (sub is not None and not getattr(sub, "hidden", False)  # an old name: the same command
                        and name not in ("drill", "play", "simulate", "table", "tables", "build")):
                    walk(sub, [*path, name], ctx)
        else:
            opts = [o for p in cmd.params for o in getattr(p, "opts", []) if o.startswith("--")]
            out.append((tuple(path), tuple(sorted(opts))))

    walk(root, [], root.make_context("tablecalc", ["--help"], resilient_parsing=True))
    return out


COMMANDS = _leaf_commands()


@FUZZ
@given(st.sampled_from(COMMANDS), st.data())
def test_command_lines(tmp_path_factory, command, data):
    """Any command line answers with exit 0 (done), 1 (judged illegal), 2 (not understood) or 3 (too
    large), never a traceback; an error is one line on stderr."""
    from typer.testing import CliRunner

    from trainer.cli import app

    path, opts = command
    words = data.draw(st.lists(st.one_of(st.sampled_from(opts or ("--json",)), texts,
                                         st.sampled_from(TOKENS)), max_size=6), label="words")
    home = tmp_path_factory.mktemp("home")
    start = time.perf_counter()
    r = CliRunner().invoke(app, [*path, *words], input="", env={"TABLECALC_HOME": str(home)})
    took = time.perf_counter() - start
    TIMES["command line"].append(took)
    if took > SLOWEST.get("command line", (0.0, ""))[0]:
        SLOWEST["command line"] = (took, repr([*path, *words])[:120])
    assert r.exit_code in (0, 1, 2, 3), (path, words, r.output, r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), (path, words, r.exception)
    if r.exit_code in (2, 3):
        assert r.stderr.startswith("tablecalc: error: ") and r.stderr.count("\n") == 1, (path, words, r.stderr)
