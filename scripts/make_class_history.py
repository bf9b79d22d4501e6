"""Write a demonstration history of a small class to look at `stats`, `stats --plot`,
`stats --class`, `stats --due` and `report` with (seeded: the same file every time).

    python3 scripts/make_class_history.py /tmp/demo/history.sqlite3
    TABLECALC_HOME=/tmp/demo python3 -m trainer report --learner Léa --pdf /tmp/lea.pdf

Three learners over five weeks: Léa plays every drill at every level (the many series of a busy
chart, and the penalties of several units), Sam and Noor mostly the arithmetic facts. Answers
are written as the drills record them (real puzzles of each drill, the answer judged right or
wrong at random with the penalty of the game's unit), without running a session.
"""

from __future__ import annotations

import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from trainer.drills import drill_class, make_drill
from trainer.history import AnswerRecord, History

START = datetime(2026, 10, 19, 16, 0, tzinfo=timezone.utc)  # a Monday
DAYS = 38
PUZZLES_PER_LEVEL = 4  # a few real puzzles per game level, asked again and again (some games deal slowly)


def facts(rng: random.Random, kind: str, weak: set) -> str:
    """A fact of ``kind`` as a person types it, the learner's weak tables more often."""
    a, b = rng.randint(1, 10), rng.randint(1, 10)
    if kind == "mul":
        a = rng.choice(sorted(weak)) if weak and rng.random() < 0.5 else rng.randint(1, 12)
        return f"{a} × {rng.randint(1, 12)}"
    if kind == "div":
        return f"{a * b} ÷ {b}"
    if kind == "sub":
        return f"{a + b} - {b}"
    return f"{a} + {b}"


def arith(history: History, rng: random.Random, at: datetime, kind: str, skill: float, pace: float, weak: set):
    drill = make_drill("arith", level=kind)
    puzzle = drill.from_situation(f"calculate {facts(rng, kind, weak)}")
    value = drill.situation_of(puzzle).value
    hard = any(f"{w} ×" in puzzle.situation for w in weak)
    right = rng.random() < (skill - (0.35 if hard else 0))
    seconds = max(0.8, rng.gauss(pace * (1.8 if hard else 1), 1.2))
    answer = str(value if right else value + rng.choice((-2, -1, 1, 10)))
    judgement = drill.judge(puzzle, answer)
    history.record(AnswerRecord(drill="arith", level=kind, item=puzzle.item, puzzle=puzzle.as_dict(), answer=answer,
                                correct=judgement.correct, verdict=judgement.as_dict(), penalty=0, seconds=seconds,
                                reference_seconds=drill.reference_seconds, session=at.strftime("%Y%m%d"), at=at))


def game_answer(history, rng, at, pool, skill):
    drill, puzzle, unit_penalty = rng.choice(pool)
    right = rng.random() < skill
    penalty = 0 if right else rng.randint(1, unit_penalty)
    history.record(AnswerRecord(drill=drill.game, level=drill.level, item=puzzle.item, puzzle=puzzle.as_dict(),
                                answer="", correct=right, verdict={"correct": right}, penalty=penalty,
                                seconds=max(2.0, rng.gauss(drill.reference_seconds * 0.8, 5)),
                                reference_seconds=drill.reference_seconds, session=at.strftime("%Y%m%d"), at=at))


def main(path: Path) -> None:
    rng = random.Random(28)
    pool = []
    penalties = {"nainjaune": 12, "nambarz": 3, "nmbrs": 2, "ramikubic": 3, "namnam": 1}
    for game, most in penalties.items():
        cls = drill_class(game)
        for level in cls.LEVELS:
            drill = make_drill(game, level=level)
            for k in range(PUZZLES_PER_LEVEL):
                pool.append((drill, drill.generate(random.Random(k)), most))
    with History.open(path) as history:
        people = {"Léa": (0.62, 4.5, {7, 8}, 0.8), "Sam": (0.8, 3.0, {6}, 0.15), "Noor": (0.9, 2.5, set(), 0.0)}
        for name, (skill, pace, weak, games) in people.items():
            view = history.for_learner(name)
            for day in range(DAYS):
                if rng.random() < (0.25 if name == "Noor" and day < 20 else 0.12):
                    continue  # a day off
                at = START + timedelta(days=day, minutes=rng.randint(0, 120))
                better = skill + 0.2 * day / DAYS
                for k in range(rng.randint(12, 30)):
                    at += timedelta(seconds=rng.randint(5, 40))
                    if rng.random() < games:
                        game_answer(view, rng, at, pool, better)
                    else:
                        kind = rng.choice(("add", "sub", "mul", "mul", "div")) if day > 5 else rng.choice(("add", "mul"))
                        arith(view, rng, at, kind, better, pace, weak)
        history.for_learner("Léa").set_daily_goal(25)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python3 scripts/make_class_history.py FILE")
    main(Path(sys.argv[1]))
