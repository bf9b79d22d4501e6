"""The learner's side of every drill: the how-to, graded hints that agree with the solver, answers
that cannot be read asked again (never judged wrong); each game's own drill tests are in
tests/games/<game>/."""

from __future__ import annotations

import random

import pytest

from solver.registry import game_names
from trainer.drills import drill_class, make_drill

GAMES = [(game, level) for game in game_names() for level in drill_class(game).LEVELS]
"""Every level of every registered game's drill (read from the registry: a new game is tested here too)."""


def puzzles(game, level, n=3, seed=5):
    d = make_drill(game, level=level)
    rng = random.Random(seed)
    return d, [d.generate(rng) for _ in range(n)]


@pytest.mark.parametrize("game, level", GAMES)
def test_every_drill_has_a_how_to_and_hints(game, level):
    d, ps = puzzles(game, level)
    text = d.instructions()
    assert level in text and len(text.splitlines()) >= 3
    for p in ps:
        hints = d.hints(p)
        assert hints and all(isinstance(h, str) and h.strip() for h in hints)


@pytest.mark.parametrize("game, level", GAMES)
@pytest.mark.parametrize("answer", ["zzz", "%%%", "lay", "3-lion", "hint please"])
def test_text_that_is_no_answer_is_asked_again_and_gives_nothing_away(game, level, answer):
    d, ps = puzzles(game, level, n=2)
    for p in ps:
        j = d.judge(p, answer)
        assert j.retry and not j.correct, (answer, j)
        assert j.explanation and not any(e in j.explanation for e in j.expected if len(e) > 2), j.explanation
