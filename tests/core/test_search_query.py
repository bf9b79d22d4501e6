"""Reading one line of ``tablecalc reach --batch``: :meth:`solver.search.Query.from_json`.

The bad lines and their messages are those the batch command has always answered with
an ``error`` line (see the batch tests in ``tests/trainer/test_cli.py``).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import TablecalcError
from solver.expr import Intermediates, Order
from solver.search import Query, SearchRules

from tests.core.search_strategies import search_rules

DEFAULTS = SearchRules()
CHAIN_DEFAULTS = SearchRules.from_options("chain", "+-", "integer", True)


# ---------------------------------------------------------------- good lines


def test_a_line_with_only_numbers_and_target_takes_the_defaults():
    q = Query.from_json('{"numbers": [25, 50, 75, 100, 3, 6], "target": 952}', DEFAULTS)
    assert q == Query((25, 50, 75, 100, 3, 6), 952, DEFAULTS)
    assert Query.from_json('{"numbers": [6, 2], "target": 3}', CHAIN_DEFAULTS).rules == CHAIN_DEFAULTS


def test_a_line_overrides_each_option():
    line = (
        '{"numbers": [3, 3, 8, 8], "target": 24, "order": "tree", "ops": "+-x:", "intermediates": "rational", '
        '"all": true}'
    )
    q = Query.from_json(line, CHAIN_DEFAULTS)
    assert q.rules == SearchRules(Order.TREE, frozenset("+-*/"), Intermediates.RATIONAL, True)
    assert [str(e) for e in q.reach().expressions] == ["8÷(3-(8÷3))"]


def test_the_numbers_keep_their_order_and_the_answer_is_reachs():
    q = Query.from_json('{"numbers": [1, 3, 3], "target": 8, "order": "chain"}')
    assert q.numbers == (1, 3, 3)
    r = q.reach()
    assert (r.min_cards, [str(e) for e in r.expressions]) == (3, ["3×3-1"])


@pytest.mark.parametrize(
    "line, numbers, target",
    [
        ('{"numbers": [], "target": 3}', (), 3),  # reach() itself says "no numbers given"
        ('{"numbers": [0, 999999999999], "target": 0}', (0, 999999999999), 0),
        ('{"numbers": [1, 2], "target": 3, "numbers": [4]}', (4,), 3),  # JSON: the last one wins
        ('  {"target": 3, "numbers": [2, 1]}  ', (2, 1), 3),
    ],
)
def test_lines_that_are_read(line, numbers, target):
    q = Query.from_json(line, DEFAULTS)
    assert (q.numbers, q.target) == (numbers, target)


def test_no_numbers_is_left_to_reach():
    with pytest.raises(TablecalcError, match="no numbers given"):
        Query.from_json('{"numbers": [], "target": 3}').reach()


# ---------------------------------------------------------------- bad lines: exactly the batch command's messages

BAD_LINES = [
    ("not json", DEFAULTS, "not JSON (Expecting value at column 1)"),
    ("", DEFAULTS, "not JSON (Expecting value at column 1)"),
    ('{"numbers": [1, 2], "target": 3', DEFAULTS, "not JSON (Expecting ',' delimiter at column 32)"),
    ("[1]", DEFAULTS, 'expected a JSON object like {"numbers": [...], "target": N}'),
    ('"text"', DEFAULTS, 'expected a JSON object like {"numbers": [...], "target": N}'),
    (
        '{"numbers": [6], "target": 6, "colour": 1}',
        DEFAULTS,
        "unknown key 'colour': expected all, intermediates, numbers, ops, order, target",
    ),
    (
        '{"numbers": [6], "target": 6, "b": 1, "a": 2}',
        DEFAULTS,
        "unknown key 'a': expected all, intermediates, numbers, ops, order, target",
    ),
    ('{"numbers": [1, 2]}', DEFAULTS, 'expected both "numbers" and "target"'),
    ('{"target": 3}', DEFAULTS, 'expected both "numbers" and "target"'),
    ("{}", DEFAULTS, 'expected both "numbers" and "target"'),
    ('{"numbers": [1, "a"], "target": 3}', DEFAULTS, "\"numbers\" must be a list of whole numbers ≥ 0 of at most 12 digits, not [1, 'a']"),
    ('{"numbers": [[1], 2], "target": 3}', DEFAULTS, '"numbers" must be a list of whole numbers ≥ 0 of at most 12 digits, not [[1], 2]'),
    ('{"numbers": [1, -2], "target": 3}', DEFAULTS, '"numbers" must be a list of whole numbers ≥ 0 of at most 12 digits, not [1, -2]'),
    ('{"numbers": [true], "target": 3}', DEFAULTS, '"numbers" must be a list of whole numbers ≥ 0 of at most 12 digits, not [True]'),
    ('{"numbers": [1.0], "target": 3}', DEFAULTS, '"numbers" must be a list of whole numbers ≥ 0 of at most 12 digits, not [1.0]'),
    ('{"numbers": 5, "target": 3}', DEFAULTS, '"numbers" must be a list of whole numbers ≥ 0 of at most 12 digits, not 5'),
    (
        '{"numbers": [1, 1000000000000], "target": 3}',
        DEFAULTS,
        '"numbers" must be a list of whole numbers ≥ 0 of at most 12 digits, not [1, 1000000000000]',
    ),
    ('{"numbers": [1, 2], "target": 3, "ops": 5}', DEFAULTS, "'ops' must be a string like '+-*/', not 5"),
    ('{"numbers": [1, 2], "target": 3, "ops": ["%"]}', DEFAULTS, "'ops' must be a string like '+-*/', not ['%']"),
    ('{"numbers": [1, 2], "target": 3, "ops": 5}', CHAIN_DEFAULTS, "'ops' must be a string like '+-', not 5"),
    ('{"numbers": [1, 2], "target": 3, "order": 1}', DEFAULTS, "'order' must be a string like 'tree', not 1"),
    ('{"numbers": [1, 2], "target": 3, "order": 1}', CHAIN_DEFAULTS, "'order' must be a string like 'chain', not 1"),
    (
        '{"numbers": [1, 2], "target": 3, "intermediates": null}',
        DEFAULTS,
        "'intermediates' must be a string like 'natural', not None",
    ),
    (
        '{"numbers": [1, 2], "target": 3, "order": "sideways"}',
        DEFAULTS,
        "unknown order 'sideways': expected 'tree' or 'chain'",
    ),
    (
        '{"numbers": [1, 2], "target": 3, "intermediates": "real"}',
        DEFAULTS,
        "unknown intermediates 'real': expected 'natural', 'integer' or 'rational'",
    ),
    (
        '{"numbers": [1, 2], "target": 3, "ops": "+%"}',
        DEFAULTS,
        "unknown operation '%' in '+%': expected some of + - × ÷ (also written * x / :)",
    ),
    (
        '{"numbers": [1, 2], "target": 3, "ops": ""}',
        DEFAULTS,
        "no operation in '': expected some of + - × ÷, e.g. '+-*/'",
    ),
    ('{"numbers": [1, 2], "target": 3, "all": 1}', DEFAULTS, "'all' must be true or false, not 1"),
    ('{"numbers": [1, 2], "target": 3.5}', DEFAULTS, "bad target 3.5: expected a whole number ≥ 0 of at most 12 digits"),
    ('{"numbers": [1, 2], "target": true}', DEFAULTS, "bad target True: expected a whole number ≥ 0 of at most 12 digits"),
    ('{"numbers": [1, 2], "target": "3"}', DEFAULTS, "bad target '3': expected a whole number ≥ 0 of at most 12 digits"),
    ('{"numbers": [1, 2], "target": NaN}', DEFAULTS, "bad target nan: expected a whole number ≥ 0 of at most 12 digits"),
    ('{"numbers": [1, 2], "target": 1000000000000}', DEFAULTS, "bad target 1000000000000: expected a whole number ≥ 0 of at most 12 digits"),
    ('{"numbers": [1, 2], "target": -1000000000000}', DEFAULTS, "bad target -1000000000000: expected a whole number ≥ 0 of at most 12 digits"),
    # as on the command line (``reach --target -3`` is refused), a target is never negative
    ('{"numbers": [1, 2], "target": -3}', DEFAULTS, "bad target -3: expected a whole number ≥ 0 of at most 12 digits"),
    # the checks come in this order: numbers, then the option types, then the options, then the target
    (
        '{"numbers": [-1], "target": 3.5, "order": 1}',
        DEFAULTS,
        '"numbers" must be a list of whole numbers ≥ 0 of at most 12 digits, not [-1]',
    ),
    ('{"numbers": [1], "target": 3.5, "order": 1}', DEFAULTS, "'order' must be a string like 'tree', not 1"),
    ('{"numbers": [1], "target": 3.5, "order": "up"}', DEFAULTS, "unknown order 'up': expected 'tree' or 'chain'"),
]


@pytest.mark.parametrize("line, defaults, message", BAD_LINES)
def test_bad_lines_say_what_is_wrong(line, defaults, message):
    with pytest.raises(TablecalcError) as err:
        Query.from_json(line, defaults)
    assert str(err.value) == message


def test_a_number_too_long_for_python_is_not_usable_json():
    with pytest.raises(TablecalcError, match=r"^not usable JSON \("):
        Query.from_json('{"numbers": [1, 2], "target": ' + "9" * 5000 + "}")


def test_json_nested_too_deeply_is_an_error_not_a_crash():
    with pytest.raises(TablecalcError, match=r"^not usable JSON \(nested too deeply\)$"):
        Query.from_json("[" * 100_000)


# ---------------------------------------------------------------- round trip


@st.composite
def queries(draw) -> Query:
    numbers = tuple(draw(st.lists(st.integers(0, Query.LIMIT - 1), max_size=6)))
    target = draw(st.integers(0, Query.LIMIT - 1))
    return Query(numbers, target, draw(search_rules()))


@settings(max_examples=200, deadline=None)
@given(queries(), search_rules())
def test_to_json_round_trips_whatever_the_defaults(query, defaults):
    """from_json(q.to_json()) == q: every option is written, so the defaults never matter."""
    line = query.to_json()
    assert "\n" not in line and set(json.loads(line)) == set(Query.KEYS)
    assert Query.from_json(line, defaults) == query
