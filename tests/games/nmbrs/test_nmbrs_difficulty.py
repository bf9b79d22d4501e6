"""The difficulty estimate (``solver/nmbrs/difficulty.py``): it reproduces the points of the
shipped deck file, and its sequence counts agree with a brute force over every (start, step)."""

import pytest

from tests.games.nmbrs.oracle import is_valid
from solver.errors import TablecalcError
from solver.nmbrs import Deck, Rules, check_sequence
from solver.nmbrs.difficulty import (
    estimated_points, estimated_points_table, fitting_steps, points_for_count, sequence_counts,
    sequences_containing, sequences_containing_step, sequences_through,
)

DECK = Deck.default()
BASIC, ADVANCED, SIMPLE = (Rules.preset(p) for p in ("basic", "advanced", "simple"))


def brute_sequences(n, count_back, high, length):
    """Every start and step in 1..high (and every length from 3 when ``length`` is None),
    each progression checked by the oracle's ``is_valid``; those holding ``n``."""
    lengths = range(3, high + 1) if length is None else (length,)
    found = set()
    for start in range(1, high + 1):
        for step in range(1, high):
            for k in lengths:
                numbers = tuple(start + i * step for i in range(k))
                if numbers[-1] > high:
                    break
                if n in numbers and is_valid(numbers, count_back, high):
                    found.add(numbers)
    return found


def brute_count(n, count_back, high, length):
    return len(brute_sequences(n, count_back, high, length))


def test_table_is_the_deck_files_points():
    """The deck file ships exactly the estimate, number by number."""
    table = estimated_points_table()
    assert sorted(table) == list(range(1, 101))
    for n in range(1, 101):
        assert table[n] == DECK.points[n] == estimated_points(n), n


def test_tiers_have_the_documented_sizes():
    """The deck file's header: 31 numbers worth 3 points, 37 worth 2, 32 worth 1."""
    points = list(estimated_points_table().values())
    assert (points.count(3), points.count(2), points.count(1)) == (31, 37, 32)
    assert [points_for_count(c) for c in (0, 14, 15, 21, 22, 100)] == [3, 3, 2, 2, 1, 1]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 24, 36, 37, 47, 50, 51, 61, 74, 99, 100])
@pytest.mark.parametrize("length", [3, 4, 6])
def test_counts_agree_with_brute_force(n, length):
    assert sequences_containing(n, ADVANCED, length) == brute_count(n, True, 100, length)
    assert sequences_containing(n, BASIC, length) == brute_count(n, False, 100, length)


@pytest.mark.parametrize("n", [1, 2, 13, 36, 74, 100])
def test_any_length_counts_agree_with_brute_force(n):
    assert sequences_containing(n, ADVANCED, None) == brute_count(n, True, 100, None)
    assert sequences_containing(n, BASIC, None) == brute_count(n, False, 100, None)


@pytest.mark.parametrize("n", [1, 2, 37, 74, 100])
def test_listed_sequences_are_the_brute_force_ones(n):
    for length in (3, None):
        assert set(sequences_through(n, ADVANCED, length)) == brute_sequences(n, True, 100, length)
        assert len(sequences_through(n, BASIC, length)) == sequences_containing(n, BASIC, length)


def test_simple_version_counts_within_1_to_50():
    for n in (1, 7, 25, 50):
        assert sequences_containing(n, SIMPLE) == brute_count(n, False, 50, 3)


def test_three_card_counts_agree_with_the_referee():
    """Every 3-card progression of 1..100, judged by check_sequence, for the whole table at once."""
    for rules in (BASIC, ADVANCED):
        counts = dict.fromkeys(range(1, 101), 0)
        for start in range(1, 99):
            for step in range(1, (100 - start) // 2 + 1):
                numbers = (start, start + step, start + 2 * step)
                if check_sequence(DECK.parse_hand(" ".join(map(str, numbers))), rules).valid:
                    for v in numbers:
                        counts[v] += 1
        assert sequence_counts(rules, 3) == counts, rules.name


def test_basic_counts_are_only_distance_to_the_edges():
    counts = sequence_counts(BASIC)
    assert all(counts[n] == counts[101 - n] for n in range(1, 101))
    assert counts[1] == 49 and counts[50] == 98


def test_steps_and_per_step_counts():
    assert fitting_steps(2) == (1, 2)
    assert fitting_steps(74) == (1, 2)  # 74 = 2 × 37 and 73 is prime: only steps 1 and 2 fit
    for n in (2, 37, 60, 99):
        assert sum(sequences_containing_step(n, d) for d in range(1, 100)) == sequences_containing(n)
        assert set(fitting_steps(n)) == {d for d in range(1, 50) if n % d in (0, 1) and sequences_containing_step(n, d)}


@pytest.mark.parametrize("call, message", [
    (lambda: estimated_points(0), "no card 0: expected a number 1-100"),
    (lambda: estimated_points(101), "no card 101: expected a number 1-100"),
    (lambda: sequences_containing(51, SIMPLE), "no card 51: expected a number 1-50"),
    (lambda: sequences_containing(5, ADVANCED, 2), "bad sequence length 2"),
    (lambda: sequences_containing_step(5, 0), "bad step 0"),
])
def test_bad_input(call, message):
    with pytest.raises(TablecalcError, match=message):
        call()
