"""The Nmbrs! drill from the learner's side: hints and the score breakdown that agree with the best
turn, the table shown as numbered rows, and the forgiving move parser (moved here from
tests/trainer/test_drill_help.py, whose tests hold every game's drill)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.nmbrs import Deck
from solver.nmbrs.moves import Move, MoveKind, parse_turn
from trainer.drills import make_drill


def puzzles(level, n=3, seed=5):
    d = make_drill("nmbrs", level=level)
    rng = random.Random(seed)
    return d, [d.generate(rng) for _ in range(n)]


def test_nmbrs_hints_and_score_breakdown_agree_with_the_best_turn():
    d, ps = puzzles("table", n=3)
    for p in ps:
        j = d.judge(p, "pass")
        first = d.hints(p)[0]
        assert f"scores {j.best_score}" in first
        right = d.judge(p, j.expected[0])
        assert right.correct and f"score {j.best_score}" in right.explanation.splitlines()[-1]


def test_nmbrs_table_is_shown_as_numbered_rows():
    d, (p, *_) = puzzles("table")
    lines = p.prompt.splitlines()
    assert [ln.strip()[:2] for ln in lines[-3:]] == ["1:", "2:", "3:"]


DECK = Deck.default()
CARD = st.one_of(st.integers(1, 100).map(str), st.tuples(st.integers(1, 100), st.sampled_from("rgbo")).map(
    lambda t: f"{t[0]}{t[1]}"), st.just("joker"), st.integers(1, 100).map(lambda n: f"joker={n}"))


@st.composite
def moves(draw) -> Move:
    kind = draw(st.sampled_from([k for k in MoveKind if k is not MoveKind.END]))
    cards = draw(st.lists(CARD, min_size=1, max_size=4))
    text = {MoveKind.LAY: f"lay {' '.join(cards)}", MoveKind.ADD: f"add {draw(st.integers(1, 9))}: {' '.join(cards)}",
            MoveKind.CROSS: f"cross {draw(st.integers(1, 100))}: {' '.join(cards)}",
            MoveKind.LINK: f"link {draw(st.integers(1, 9))} {draw(st.integers(1, 9))}: {' '.join(cards)}",
            MoveKind.SWAP: f"swap {draw(st.integers(1, 100))}",
            MoveKind.DISCARD: f"discard {next((c for c in cards if '=' not in c), '7')}"}[kind]
    return Move.parse(text, DECK)


@settings(max_examples=200, deadline=None)
@given(moves())
def test_a_move_typed_without_its_first_space_reads_the_same(m):
    """``parse(str(m)) == m``, and the same with the space after the move's word left out (``lay12o``)."""
    text = str(m)
    assert Move.parse(text, DECK) == m
    glued = text.replace(" ", "", 1)
    assert Move.parse(glued, DECK) == m
    assert parse_turn(f"{glued}; {glued}", DECK) == [m, m]


def test_glued_words_that_are_no_move_are_still_refused():
    from solver.errors import TablecalcError

    for text in ("layer 5", "adding 1: 5", "lay", "end5"):
        with pytest.raises(TablecalcError):
            Move.parse(text, DECK)
