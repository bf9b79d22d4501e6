"""A Ramikubic move entered a step at a time (take, lay, add, done; undo at the prompt): each step
checked as it comes, the table built judged whole as the same move typed in one answer; and the
drill's clock, grown with the size of the best move."""

from __future__ import annotations

import json
import random

import pytest

from solver.ramikubic import Position, Rules, TileSet, judge, solve
from solver.ramikubic.steps import Build, Refusal, StepRefused, is_step
from trainer.drills import make_drill
from trainer.games.ramikubic.drill import BASE_COMBINATIONS, SECONDS_PER_COMBINATION, seconds_for

from tests.trainer.test_trainer import answers_recorded, drill, home  # noqa: F401  (home: each test's own history)

TS = TileSet.default()
RULES = Rules()


def steps_of(short_answer: str) -> list[str]:
    """The best move's shortest answer (``N M: NEW | NEW`` or ``+ NEW``) as steps: take, then lay each, done."""
    head, colon, tail = short_answer.partition(":")
    if colon and not short_answer.startswith("+"):
        lines, new = [f"take {head.strip()}"], tail
    else:
        lines, new = [], short_answer.removeprefix("+")
    return [*lines, *(f"lay {c.strip()}" for c in new.split("|")), "done"]


def built(position: Position, lines: list[str]) -> Build:
    b = Build.start(position)
    for line in lines:
        b = b.apply(line, RULES, TS)
    return b


@pytest.mark.parametrize("level, seeds", [("rearrange", range(12)), ("full", range(3))])
def test_the_best_move_entered_step_by_step_is_the_best_move(level, seeds):
    """The oracle is the referee on the best move typed whole: the same move built a step at a time
    (its combinations taken up, then its new combinations laid one by one) builds a table the
    referee judges the same way: legal, the same tiles laid."""
    d = make_drill("ramikubic", level=level)
    for seed in seeds:
        p = d.generate(random.Random(seed))
        position = d.situation_of(p)
        best = solve(position, RULES, TS)
        b = built(position, steps_of(best.short_answer))
        assert not b.loose
        whole, stepped = judge(position, best.answer, RULES, TS), judge(position, b.answer, RULES, TS)
        assert stepped.legal and whole.legal
        assert sorted(stepped.placed) == sorted(whole.placed) == sorted(best.placed)
        assert sorted(b.placed) == sorted(best.placed)
        j = d.judge(p, "\n".join(steps_of(best.short_answer)))
        assert j.correct and j.score == j.best_score


def test_each_step_is_checked_as_it_comes():
    p = Position.parse("table 7b 8b 9b | 1r 2r 3r; rack 10b 7y 7g 4r; melded", TS)
    b = built(p, ["take 1"])
    assert b.loose_text == "7b 8b 9b" and b.table_text == "1r 2r 3r"
    refusals = {
        "lay 7b 7y 5g": Refusal.NOT_AVAILABLE,  # 5g is neither in the rack nor loose
        "lay 7b 7y 9b": Refusal.NOT_A_COMBINATION,
        "take 2": Refusal.NO_SUCH_COMBINATION,  # the table has one combination now
        "add 1: 4b": Refusal.NOT_AVAILABLE,
        "add 1: 10b": Refusal.NOT_A_COMBINATION,  # 1r 2r 3r 10b is no run
        "done": Refusal.LOOSE_TILES,
        "jump 3": Refusal.NOT_A_STEP,
        "add 1 4r": Refusal.NOT_A_STEP,
        "done 1": Refusal.NOT_A_STEP,
        "lay": Refusal.NOT_A_STEP,
        "take": Refusal.NO_SUCH_COMBINATION,
    }
    for line, refusal in refusals.items():
        with pytest.raises(StepRefused) as e:
            b.apply(line, RULES, TS)
        assert e.value.refusal is refusal, line
    b = b.apply("add 1: 4r", RULES, TS).apply("lay 8b 9b 10b", RULES, TS).apply("Poser 7b 7y 7g", RULES, TS)
    assert b.table_text == "1r 2r 3r 4r | 8b 9b 10b | 7b 7y 7g" and not b.loose and b.rack == ()
    assert b.apply("done", RULES, TS).steps[-1] == "done"
    assert judge(p, b.answer, RULES, TS).tiles_placed == 4


def test_before_the_initial_meld_nothing_is_taken_from_the_table():
    p = Position.parse("table 7b 8b 9b; rack 6y 7y 8y 10b", TS)
    for line in ("take 1", "add 1: 10b"):
        with pytest.raises(StepRefused) as e:
            Build.start(p).apply(line, RULES, TS)
        assert e.value.refusal is Refusal.MELD_FIRST
    assert Build.start(p).apply("done", RULES, TS).answer == "pass"


def test_step_words_in_three_languages():
    assert all(is_step(w) for w in ("take 1", "prendre 1", "neem 1", "lay 1b 2b 3b", "poser 1b", "leg 1b",
                                    "add 1: 2b", "ajouter 1: 2b", "voeg 1: 2b", "done", "fini", "klaar"))
    assert not any(is_step(w) for w in ("pass", "1 2: 1b 2b 3b", "+ 1b 2b 3b", "7b 8b 9b"))


SITUATION = "table 5y 5g 5r | 3y 4y 5y | 2b 2y 2r | 7b 7g 7r; rack 6b 4y 2g 8g 9r joker; melded"


def test_a_session_takes_steps_undo_and_records_the_move_once(home):
    """Steps are shown as they come, ``undo`` takes the last back, a refused step is asked again; the
    move is judged once at ``done`` and recorded once, with every step it took."""
    d = make_drill("ramikubic")
    rng = random.Random(2)
    p = d.generate(rng)
    assert p.situation == SITUATION  # the seed's deal, as the steps below expect
    script = ["take 3", "lay 2b 2g 2r", "lay 2y 4y 5y", "undo", "annuler", "undo", "ongedaan", "take 3", "done",
              "lay 2b 2g 2r", "lay 2y joker 4y", "done"]
    r = drill("ramikubic", "--seed", "2", "-n", "1", "--json", input="\n".join(script) + "\n")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    kinds = [x["type"] for x in lines]
    assert kinds == ["puzzle", "step", "step", "retry", "step", "step", "step", "step", "step", "retry", "step",
                     "step", "verdict", "summary"]
    assert lines[3]["reason"] == "not-available"  # 5y is on the table, not taken up
    assert lines[4]["text"].startswith("Undone: lay 2b 2g 2r.") and lines[4]["steps"] == ["take 3"]
    assert lines[6]["text"] == "Nothing to undo." and lines[7]["text"] == "Nothing to undo."
    assert lines[9]["reason"] == "loose-tiles"
    verdict = lines[-2]
    assert verdict["correct"] and verdict["score"] == verdict["best_score"] == 3
    assert answers_recorded() == 1


def test_a_move_built_step_by_step_is_judged_as_the_same_move_typed_whole():
    """``done`` hands the table built to the referee: a weaker move is below the best and names it,
    an illegal one would cost the penalty; a step not yet done is no verdict."""
    d = make_drill("ramikubic")
    p = d.from_situation(SITUATION)
    weaker = d.judge(p, "take 3\nlay 2b 2y 2r\nlay 2g 2r joker\nadd 4: 2y\ndone")  # refused: 2y is laid already
    assert weaker.retry and weaker.violations == ("not-available",)
    weaker = d.judge(p, "take 3\nlay 2b 2y 2r\ndone")
    whole = d.judge(p, "5y 5g 5r | 3y 4y 5y | 2b 2y 2r | 7b 7g 7r")
    assert not weaker.correct and weaker.violations == whole.violations == ("below-best",)
    assert weaker.explanation == whole.explanation and "Best: lay 4y 2g joker" in weaker.explanation
    pending = d.judge(p, "take 3\nlay 2b 2y 2r")
    assert pending.step and not pending.retry and "Table now:" in pending.explanation
    assert not pending.expected  # where the move stands, never the answer


def test_the_clock_grows_with_the_best_move_and_says_so():
    d = make_drill("ramikubic", level="full")
    for seed in range(4):
        p = d.generate(random.Random(seed))
        best = solve(d.situation_of(p), RULES, TS)
        made = sum(1 for m in best.moves if m.kept is None)
        assert p.time_limit == 50 + SECONDS_PER_COMBINATION * max(0, made - BASE_COMBINATIONS) == seconds_for(best, 50)
        if p.time_limit > 50:
            assert f"{p.time_limit:g} s for this move" in p.prompt
            assert f"{p.time_limit:g} s for this move" in d.draw(p)
        assert d.time_limit_for(p) == p.time_limit  # a review gets its clock afresh
    fixed = make_drill("ramikubic", level="full", time_limit=30.0)
    p = fixed.generate(random.Random(0))
    assert p.time_limit == 30 and "for this move" not in p.prompt and fixed.time_limit_for(p) == 30
