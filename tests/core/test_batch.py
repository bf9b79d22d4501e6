"""Batches (``tablecalc reach --batch``, :mod:`solver.batch`): value sets kept from line to line,
worker processes, answers in input order — always the answers of one fresh ``reach`` per line."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from solver.batch import BATCH_CHUNK, KEPT_RULES, _KEPT, answer_batch, answer_lines
from solver.search import Query
from trainer.cli import app

from tests.core.search_strategies import hands, search_rules

runner = CliRunner()


def fresh(lineno: int, line: str) -> dict:
    return {"line": lineno, **Query.from_json(line).reach(nearest=True).as_dict()}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(hands(1, 5), search_rules(), st.integers(0, 40)), min_size=1, max_size=15))
def test_kept_value_sets_never_change_an_answer(questions):
    """Answered one after another with value sets kept between lines (several rules mixed),
    every line gets the answer of a fresh reach()."""
    lines = [(i, Query(nums, t, rules).to_json()) for i, (nums, rules, t) in enumerate(questions, 1)]
    assert answer_lines(lines) == [fresh(i, line) for i, line in lines]
    assert len(_KEPT) <= KEPT_RULES


def countdown_lines(n: int) -> list[tuple[int, str]]:
    rng = random.Random(5)
    pool = [*range(1, 11), *range(1, 11), 25, 50, 75, 100]
    return [(i, json.dumps({"numbers": rng.sample(pool, 6), "target": rng.randint(100, 999)})) for i in range(1, n + 1)]


def test_two_processes_answer_in_input_order_like_one():
    lines = countdown_lines(BATCH_CHUNK + 30) + [(999, "not json")]
    one = list(answer_batch(lines))
    assert list(answer_batch(lines, processes=2)) == one
    assert [a["line"] for a in one] == [i for i, _ in lines]
    assert one[-1]["error"].startswith("not JSON")


def test_progress_counts_lines_up_to_the_total():
    seen = []
    list(answer_batch(countdown_lines(BATCH_CHUNK + 5), progress=lambda d, n: seen.append((d, n))))
    assert seen == [(0, 105), (100, 105), (105, 105)]


def test_the_command_gives_the_same_lines_with_jobs_1_and_2():
    text = "\n".join(line for _, line in countdown_lines(BATCH_CHUNK + 20)) + "\n{\"numbers\": [1]}\n"
    one = runner.invoke(app, ["reach", "--batch", "-", "--jobs", "1"], input=text)
    two = runner.invoke(app, ["reach", "--batch", "-", "--jobs", "2"], input=text)
    assert one.exit_code == two.exit_code == 2  # the last line is refused, the others answered
    assert one.stdout == two.stdout and len(one.stdout.splitlines()) == BATCH_CHUNK + 21


@pytest.mark.parametrize(
    "args, message",
    [
        (["--batch", "-", "--jobs", "0"], "bad --jobs 0"),
        (["--batch", "-", "--jobs", "-1"], "bad --jobs -1"),
        (["1", "2", "--target", "3", "--jobs", "2"], "--jobs goes with --batch"),
        (["--batch", "-", "--targets", "1-5"], "--targets goes with NUMBERS"),
    ],
)
def test_bad_batch_options_are_refused_in_one_line(args, message):
    r = runner.invoke(app, ["reach", *args], input='{"numbers": [1], "target": 1}\n')
    assert r.exit_code == 2, r.output
    assert message in r.stderr and r.stderr.count("\n") == 1


def test_the_progress_bar_is_drawn_only_on_a_terminal(monkeypatch, capsys):
    """work_progress gives no callback when stderr is a pipe; on a terminal, rich's bar with done/total."""
    import sys

    from trainer.clikit import work_progress

    with work_progress("lines") as progress:
        assert progress is None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    with work_progress("lines") as progress:
        progress(0, 4)
        progress(4, 4)
    assert "4/4" in capsys.readouterr().err
