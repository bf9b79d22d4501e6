"""The arith drill: sessions of facts, the 24 game and Countdown through the command line, the
show's near misses, answers that cannot be read asked again, and the learner's how-to and hints."""

from __future__ import annotations

import json
import random
import re

import pytest

from solver.arith import Fact, best
from solver.expr import Order, parse_expression, steps
from solver.i18n import use
from trainer.drills import drill_class, make_drill

from tests.trainer.test_trainer import answers_recorded, best_answer, drill, home, same_puzzles  # noqa: F401  (home: each test's own history)


def test_arith_session_right_and_wrong():
    puzzles = same_puzzles("arith", 8, 3, level="mixed")
    from solver.expr import evaluate, parse_expression

    right = [str(evaluate(parse_expression(p.prompt)).numerator) for p in puzzles]
    r = drill("arith", "-n", "3", "--seed", "8", "--json", input=f"{right[0]}\n{int(right[1]) + 1}\nabc\n")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    verdicts = [x for x in lines if x.get("type") == "verdict"]
    assert [v["correct"] for v in verdicts] == [True, False]  # 'abc' is no answer: asked again, not judged
    (retry,) = [x for x in lines if x.get("type") == "retry"]
    assert retry["reason"] == "not-a-number" and "'abc' is not a number" in retry["text"]


def test_arith_timed_round_defaults_to_120_seconds():
    r = drill("arith", "--seed", "1", "--json", input="1\n2\n")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[-1]["answered"] == 2 and lines[-1]["stopped"] == "end of input"


def test_make24_judged_by_the_search():
    first, second = same_puzzles("arith", 6, 2, level="make24")
    good = best_answer(first)
    numbers = second.fields["hand"]
    wrong = "-".join(numbers)  # every number once, but not 24
    r = drill("arith", "-l", "make24", "-n", "2", "--seed", "6", "--json", input=f"{good}\n{wrong}\n")
    verdicts = [json.loads(x) for x in r.stdout.splitlines() if '"verdict"' in x]
    assert verdicts[0]["correct"]
    assert not verdicts[1]["correct"] and "wrong-result" in verdicts[1]["violations"]


@pytest.mark.parametrize("level", ["make24", "countdown"])
def test_a_number_not_given_is_asked_again_not_a_miss(level):
    """A number that is not among the given ones (``2*10+13`` with 2 3 6 9) is not understood, as a
    card not in hand in Nambarz: the same puzzle is asked again and nothing is recorded; using a
    number more often than it is given is read the same way."""
    (p,) = same_puzzles("arith", 5, 1, level=level)
    numbers = [int(n) for n in p.fields["hand"]]
    absent = max(numbers) + 1
    answer = f"{numbers[0]}*{absent}+{absent + 2}"
    twice = "+".join([str(numbers[0])] * 7)
    r = drill("arith", "-l", level, "-n", "1", "--seed", "5", "--json", input=f"{answer}\n{twice}\nskip\n")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert not [x for x in lines if x["type"] == "verdict"]
    retries = [x for x in lines if x["type"] == "retry"]
    assert [x["reason"] for x in retries] == ["not-in-hand", "not-in-hand"]
    assert "not among your numbers" in retries[0]["text"] and " ".join(map(str, numbers)) in retries[0]["text"]
    assert "more often" in retries[1]["text"]
    assert lines[-1]["answered"] == 0 and lines[-1]["skipped"] == 1
    assert answers_recorded() == 0


def test_countdown_accepts_any_subset():
    d = make_drill("arith", level="countdown")
    p = d.from_situation("numbers 25 50 75 100 3 6; target 952")
    assert d.judge(p, "((100+6)×75×3-50)÷25").correct
    assert d.judge(p, "100+100").retry  # 100 is there once: not understood, asked again


def test_a_countdown_near_miss_is_close_not_wrong():
    """Countdown's 5 points for landing 9 away: the verdict says close, and the score is kept."""
    r = drill("arith", "--level", "countdown", "--seed", "3", "-n", "1", "--no-intro", input="8*9*(8+2)+6+5\n")
    assert r.exit_code == 0, r.output
    verdict = next(line for line in r.output.splitlines() if "731" in line)
    assert verdict.startswith("CLOSE (score 5, best 10)")
    far = drill("arith", "--level", "countdown", "--seed", "3", "-n", "1", "--no-intro", input="2+5\n")
    assert any(line.startswith("WRONG (score 0") for line in far.output.splitlines())


def test_an_unreadable_arith_answer_is_asked_again_not_recorded():
    """'abc' to a sum is no answer: asked again (the answer kept back), then the right one is the only one saved."""
    (p,) = same_puzzles("arith", 1, 1, level="add")
    a, _plus, b = p.prompt.split()
    r = drill("arith", "-l", "add", "-n", "1", "--seed", "1", "--no-intro", input=f"abc\n{int(a) + int(b)}\n")
    assert r.exit_code == 0, r.output
    retry = next(line for line in r.output.splitlines() if line.startswith("TRY AGAIN"))
    assert "'abc' is not a number" in retry and str(int(a) + int(b)) not in retry
    assert answers_recorded() == 1 and "1/1 right" in r.output


# ---------------------------------------------------------------- the learner's hints and how-to


LEVELS = list(drill_class("arith").LEVELS)


@pytest.mark.parametrize("level", LEVELS)
def test_no_hint_but_the_last_gives_the_answer_away(level):
    """Hints come from the solver's first answer, mildest first: before the last one, none holds a
    problem's whole calculation or its final step, nor says what a fact makes."""
    d = make_drill("arith", level=level)
    rng = random.Random(11)
    for _ in range(30):
        p = d.generate(rng)
        situation = d.situation_of(p)
        sol = best(situation, d.rules_for(p))
        hints = d.hints(p)
        assert hints and len(set(hints)) == len(hints), hints
        if isinstance(situation, Fact):
            assert not any(re.search(rf"= {sol.expressions[0]}\b", h) for h in hints), hints
            continue
        final = str(steps(parse_expression(sol.expressions[0], Order.TREE))[-1])
        for h in hints[:-1]:
            assert sol.expressions[0] not in h and final not in h, (sol.expressions[0], hints)


def test_a_short_countdown_answer_keeps_its_only_step_for_the_last_hint():
    d = make_drill("arith", level="countdown")
    p = d.from_situation("numbers 25 50 75 100 3 6; target 150")
    assert d.hints(p) == ["150 can be reached exactly.", "The simplest calculation uses 2 numbers.", "It uses 25 6."]
    long = d.hints(d.from_situation("numbers 25 50 75 100 3 6; target 952"))
    assert long[-1] == "Most of it: 100+3 = 103, 103×75 = 7725, 7725×6 = 46350, 46350÷50 = 927."


@pytest.mark.parametrize("fact, split", [
    ("7 × 8", "Split it: 7 × 4 × 2."), ("6 × 9", "Split it: 6 × 10 - 6."), ("7 × 40", "Split it: 7 × 4 × 10."),
    ("4 × 74", "Split it: 4 × 70 + 4 × 4."), ("8 × 3", "Think of 3 as 1 + 2."), ("85 - 38", "Split it: 85 - 30 - 8."),
])
def test_a_fact_is_split_the_way_people_work_it_out(fact, split):
    d = make_drill("arith", level="mul")
    assert d.hints(d.from_situation(f"calculate {fact}"))[1] == split


def test_a_typed_fact_whose_answer_is_no_whole_number_gets_hints_that_say_so():
    d = make_drill("arith", level="mul")
    assert d.hints(d.from_situation("calculate 3 - 15")) == [
        "The answer is below zero.", "The answer has 2 digits.", "Split it: 3 - 10 - 5.", "It ends in 2."]
    assert d.hints(d.from_situation("calculate 7 ÷ 2")) == [
        "The answer is not a whole number: 7 ÷ 2 leaves a remainder.", "Think of it the other way: 2 × what = 7?",
        "In lowest terms, the fraction is over 2."]


@pytest.mark.parametrize("lang, hints, how_to", [
    ("fr", ["La réponse a 2 chiffres.", "Décomposez : 7 × 4 × 2.", "Elle se termine par 6."], "Calcul, niveau mul :"),
    ("nl", ["Het antwoord heeft 2 cijfers.", "Splits het: 7 × 4 × 2.", "Het eindigt op 6."], "Rekenen, niveau mul:"),
])
def test_hints_and_the_how_to_in_french_and_dutch(lang, hints, how_to):
    d = make_drill("arith", level="mul")
    p = d.from_situation("calculate 7 × 8")
    use(lang)
    try:
        assert d.hints(p) == hints
        assert d.instructions().startswith(how_to)
    finally:
        use("en")


@pytest.mark.parametrize("level", LEVELS)
def test_every_levels_how_to_names_it_and_says_how_to_answer(level):
    text = make_drill("arith", level=level).instructions()
    first, *rest = text.splitlines()
    assert first.startswith(f"Arithmetic, level {level}: ") and len(rest) >= 2
    assert "type" in text.lower()


def test_a_how_to_names_the_ranges_only_when_they_are_not_zetamacs():
    assert "Your numbers" not in make_drill("arith", level="add").instructions()
    assert "Your numbers: add 2-20 2-20; mul 2-12 2-100." in make_drill("arith", level="add", ranges="add 2-20 2-20").instructions()


def test_the_drill_asks_the_known_cases_under_their_presets():
    """``drill arith --pack arith-known``: each case a puzzle under its preset, the solver's answer right."""
    from puzzles import load_pack

    d = make_drill("arith", level="countdown")
    cases = load_pack("arith-known").playable
    assert len(cases) > 10
    for case in cases:
        p = d.from_case(case)
        assert p.situation == case.situation
        if case.situation.startswith("numbers"):  # a fact's puzzle is named by its kind (mul, div...)
            assert p.preset == case.preset
        j = d.judge(p, "")
        if j.expected:
            assert d.judge(p, j.expected[0]).correct, case.id
        assert d.hints(p)


def test_drill_countdown_and_drill_24_start_the_arith_drill_at_that_level():
    """``tablecalc drill countdown`` and ``tablecalc drill 24`` are the arith drill's levels, not refusals;
    ``--level`` still chooses another."""
    for word, level in (("countdown", "countdown"), ("24", "make24"), ("make24", "make24"), ("vingt-quatre", "make24")):
        r = drill(word, "-n", "1", "--seed", "3", "--json", input="")
        assert r.exit_code == 0, r.output
        first = json.loads(r.stdout.splitlines()[0])
        assert (first["game"], first["level"]) == ("arith", level)
    r = drill("24", "--level", "add", "-n", "1", "--seed", "3", "--json", input="")
    assert json.loads(r.stdout.splitlines()[0])["level"] == "add"
