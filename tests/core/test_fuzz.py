"""Every parser and file loader, fed hostile input: it answers or raises TablecalcError, nothing else.
Whole command lines too, with markup-like text and terminal escape sequences among their words, FIFOs
for their files, drawn by rich or written to a pipe; and commands stopped by SIGTERM at any moment.

Two Hypothesis profiles (``TABLECALC_FUZZ``):

* ``quick`` (the default, part of every test run): 150 inputs per target;
* ``long``: 10,000 inputs per target, about 15 minutes on a laptop::

      TABLECALC_FUZZ=long python3 -m pytest tests/core/test_fuzz.py -p no:randomly

Each target is timed; the slowest input of the run is reported at the end of the pytest
output ("fuzz: ..."), never asserted (the machines are shared and noisy). The targets cover
the calculation parser, every registered game's situation notation, referee and move
notation (so a new game is fuzzed without a line here), the card and team parsers, batch
query lines, deck files and puzzle packs, whole command lines, and SIGTERM (a few dozen commands
in the quick profile, some hundreds in the long one: each is a process of its own).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.errors import TablecalcError
from solver.expr import Order, evaluate, parse_expression
from solver.parsing import parse_fields, parse_whole
from solver.registry import all_games
from tests.support.cli_tree import commands, options

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
          "\n", "\t", "é", "🂡", "[/]", "[bold]", "[link=https://example.com/]", "\\[", "\x1b]0;PWN\x07",
          "\x1b[2J", "\x9b", "\r", "\x08", "\u202e"]
"""Words of the inputs: numbers, operations, card and move words, odd characters, rich markup, and
the terminal's control sequences (a title change, a screen clear, a C1 CSI, a bidi override)."""
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What no output may hold raw (tab and newline aside)."""

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
    drill are left out (`arith table` answers 13,243 selections), and so is `serve` (a web server runs
    until stopped): they wait for a person or run long by design, and have their own tests."""
    long_running = {"drill", "play", "simulate", "table", "tables", "build", "serve"}
    return [(path, tuple(sorted(o for o in options(command) if o.startswith("--"))))
            for path, command in commands()
            if not long_running & set(path) and not getattr(command, "hidden", False)]  # an old name: the same command


COMMANDS = _leaf_commands()


@pytest.fixture(scope="module")
def fifo(tmp_path_factory):
    """A FIFO no one writes to: a file option given it must refuse it, not wait for ever."""
    path = tmp_path_factory.mktemp("fifo") / "fifo"
    os.mkfifo(path)
    return str(path)


def _invoke(words, home, terminal: bool, seconds: float = 120):
    """CliRunner on ``words``, drawn by rich when ``terminal``, in a thread: a command that blocks
    (a FIFO opened for reading) fails the test instead of hanging it."""
    from unittest import mock

    from typer.testing import CliRunner

    from trainer.cli import app
    from trainer.out import Out

    result: list = []

    def run():
        with mock.patch.object(Out, "terminal", property(lambda self: True)) if terminal else _nothing():
            result.append(CliRunner().invoke(app, words, input="", env={"TABLECALC_HOME": str(home)}))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert result, f"{words!r} still runs after {seconds} s (blocked?)"
    return result[0]


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


@FUZZ
@given(st.sampled_from(COMMANDS), st.data())
def test_command_lines(tmp_path_factory, fifo, command, data):
    """Any command line answers with exit 0 (done), 1 (judged illegal), 2 (not understood) or 3 (too
    large), never a traceback; an error is one line on stderr (after a note such as an old command
    name's); nothing it prints holds a raw control character, drawn by rich or not; a FIFO given
    for a file is refused at once."""
    path, opts = command
    words = data.draw(st.lists(st.one_of(st.sampled_from(opts or ("--json",)), texts,
                                         st.sampled_from(TOKENS), st.just(fifo)), max_size=6), label="words")
    terminal = data.draw(st.booleans(), label="terminal")
    home = tmp_path_factory.mktemp("home")
    start = time.perf_counter()
    r = _invoke([*path, *words], home, terminal)
    took = time.perf_counter() - start
    TIMES["command line"].append(took)
    if took > SLOWEST.get("command line", (0.0, ""))[0]:
        SLOWEST["command line"] = (took, repr([*path, *words])[:120])
    assert r.exit_code in (0, 1, 2, 3), (path, words, r.output, r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), (path, words, r.exception)
    shown = r.stdout + r.stderr
    assert not CONTROL.search(shown), (path, words, shown[-300:])
    if r.exit_code in (2, 3):
        lines = r.stderr.splitlines()
        assert lines and lines[-1].startswith("tablecalc: error: "), (path, words, r.stderr)
        assert all(line.startswith(("tablecalc: note: ", "tablecalc: warning: ")) for line in lines[:-1]), r.stderr


# ---------------------------------------------------------------- SIGTERM at any moment

SIGTERM_RUNS = settings(FUZZ, max_examples=300 if PROFILE == "long" else 6)
"""Each SIGTERM input is a process of its own (half a second or more): fewer of them."""


def _stoppable_command_lines():
    """The documented command lines, every drill and game played in the terminal (waiting for an
    answer), and the Countdown table on two workers."""
    import shlex

    from tests.core.test_docs import EXAMPLES

    lines = [shlex.split(e.command)[1:] for e in EXAMPLES if e.output is not None]
    lines += [[*path, "--seed", "1"] for path, _ in commands() if path[0] == "drill" or path[-1] == "play"]
    lines.append(["arith", "table", "--jobs", "2"])
    return lines


STOPPABLE = _stoppable_command_lines()


@pytest.mark.slow  # a process per input; tests/core/test_signals.py stops each kind of command in the quick loop
@SIGTERM_RUNS
@given(st.sampled_from(STOPPABLE), st.integers(0, 25).map(lambda k: k / 10))
def test_sigterm_at_any_moment(tmp_path_factory, words, delay):
    """A command stopped by SIGTERM at any moment (starting, working, waiting for an answer, writing):
    it finishes, or stops with exit 143 and one line — never a traceback, from it or a worker."""
    home = tmp_path_factory.mktemp("home")
    p = subprocess.Popen([sys.executable, "-m", "trainer", *words], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, env={**os.environ, "TABLECALC_HOME": str(home)},
                         cwd=str(home.parent), start_new_session=True)
    time.sleep(delay)
    start = time.perf_counter()
    try:
        os.killpg(p.pid, signal.SIGTERM) if delay > 1 else p.send_signal(signal.SIGTERM)
    except ProcessLookupError:  # it had finished
        pass
    try:
        _, err = p.communicate(timeout=60)
    finally:
        p.kill()
    took = time.perf_counter() - start
    TIMES["SIGTERM"].append(took)
    if took > SLOWEST.get("SIGTERM", (0.0, ""))[0]:
        SLOWEST["SIGTERM"] = (took, repr((words, round(delay, 2)))[:120])
    if os.environ.get("TABLECALC_FUZZ_SHOW"):
        print("SIGTERM", words, delay, p.returncode, repr(err[-120:]))
    assert p.returncode in (0, 1, 2, 3, 143, -signal.SIGTERM), (words, delay, p.returncode, err[-500:])
    assert "Traceback" not in err, (words, delay, err[-1500:])
    errors = [line for line in err.splitlines() if line.startswith("tablecalc: error: ")]
    assert len(errors) <= 1, (words, delay, err)
