"""The Nambarz drill from the learner's side: a wrong play is judged (not asked again), the hints
follow the simplest play, a right but lesser play names what would score more, a card not in hand
is a typo asked again (moved here from tests/trainer/test_drill_help.py)."""

from __future__ import annotations

from solver.nambarz import Violation, best
from tests.trainer.test_drill_help import puzzles
from trainer.drills import make_drill
from trainer.games.nambarz.drill import Drill


def test_a_wrong_answer_is_judged_not_asked_again():
    d, (p, *_) = puzzles("nambarz", "basic")
    j = d.judge(p, "draw")
    assert not j.retry and not j.correct and j.expected[0] in j.explanation


def test_nambarz_hints_follow_the_simplest_play():
    d, ps = puzzles("nambarz", "basic", n=5)
    for p in ps:
        s = d.situation_of(p)
        sol = best(s.top, s.hand, d.rules, d.data)
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


def test_an_answer_not_understood_is_asked_again_by_the_codes_flag():
    """The codes say which answers were not understood (a calculation that cannot be read, cards
    not in hand): the drill asks again and records nothing, without a list of codes of its own."""
    assert "RETRY" not in vars(Drill)
    assert {str(v) for v in Violation if v.not_understood} == {"not-a-calculation", "not-in-hand"}
    d = make_drill("nambarz", level="basic")
    p = d.from_situation("top 3; hand 9 4 6-lion 5-cat 6-hippo 3-bee 7")
    j = d.judge(p, "9++4")
    assert j.retry and not j.correct and j.violations == ("not-a-calculation",)
    j = d.judge(p, "9+4")
    assert not j.retry and not j.correct and j.violations == ("wrong-result",)
