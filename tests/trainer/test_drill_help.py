"""The learner's side of every drill: the how-to, graded hints that agree with the solver, answers
that cannot be read asked again (never judged wrong)."""

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


def test_a_wrong_answer_is_judged_not_asked_again():
    d, (p, *_) = puzzles("nambarz", "basic")
    j = d.judge(p, "draw")
    assert not j.retry and not j.correct and j.expected[0] in j.explanation


def test_nambarz_hints_follow_the_simplest_play():
    from solver.nambarz import solve

    d, ps = puzzles("nambarz", "basic", n=5)
    for p in ps:
        s = d.situation_of(p)
        sol = solve(s.top, s.hand, d.rules, d.data)
        first, second, third = d.hints(p)
        assert f"uses {sol.min_cards} cards" in first
        assert str(sol.plays[0].cards[0]) in second
        assert all(str(c) in third for c in sol.plays[0].cards)


def test_nambarz_a_right_concordance_says_when_a_calculation_scores_more():
    d = make_drill("nambarz", level="basic")
    p = d.from_situation("top 3; hand 9 4 6-lion 5-cat 6-hippo 3-bee 7")
    j = d.judge(p, "concordance 3-bee")
    assert j.correct and j.score < j.best_score and "Still, 7-4 would score 2" in j.explanation


def test_nambarz_a_card_not_in_hand_is_a_typo_with_a_suggestion():
    d = make_drill("nambarz", level="basic")
    p = d.from_situation("top 3; hand 9 4 6-lion 5-cat 6-hippo 3-bee 7")
    assert d.judge(p, "3-be").retry and "did you mean '3-bee'?" in d.judge(p, "3-be").explanation
    j = d.judge(p, "8-4")
    assert j.retry and j.violations == ("not-in-hand",) and "9 4 6-lion" in j.explanation


def test_nambarz_a_right_concordance_names_the_coup_it_missed():
    d = make_drill("nambarz", level="basic")
    j = d.judge(d.from_situation("top 3; hand 3 1 5-cat 1 9 8 9"), "3")
    assert j.correct and j.best_score == 11 and "coup de maître, worth 7 more" in j.explanation
