"""Mental arithmetic drills: timed + − × ÷ rounds and "make N" rounds (the 24 game, Countdown).

The timed levels follow the ranges people already practise with: addition of two numbers
2–100, multiplication 2–12 × 2–100, subtraction and division as their inverses (so every
answer is a whole number ≥ 0). ``make24`` deals four numbers 1–13 that can make 24 using
all four (fractions allowed on the way, as in the classic game); ``countdown`` deals six
numbers from 1–10 (twice), 25, 50, 75, 100 and a reachable target 100–999. Both are
judged by the arithmetic search.

>>> import random
>>> d = ArithDrill(DrillOptions(level="mul"))
>>> p = d.generate(random.Random(1))
>>> p.prompt
'4 × 74'
>>> d.judge(p, "296").correct, d.judge(p, "295").correct
(True, False)
"""

from __future__ import annotations

import re
from collections import Counter
from solver.errors import TablecalcError
from solver.expr import Intermediates, Order, evaluate, first_bad_step, leaves, operations, parse_expression
from solver.search import SearchRules, reach
from trainer.drills import DrillOptions, Judgement, Puzzle

__all__ = ["ArithDrill", "LEVELS", "ROUND_SECONDS"]

LEVELS = {
    "mixed": "+ − × ÷ mixed, 120-second round",
    "add": "addition 2–100 + 2–100",
    "sub": "subtraction (addition reversed)",
    "mul": "multiplication 2–12 × 2–100",
    "div": "division (multiplication reversed)",
    "make24": "make 24 with four numbers 1–13, all used",
    "countdown": "Countdown: six numbers, a target 100–999, any subset",
}
TIMED = ("mixed", "add", "sub", "mul", "div")
ROUND_SECONDS = 120.0
"""The usual length of a timed round."""

COUNTDOWN_POOL = [*range(1, 11), *range(1, 11), 25, 50, 75, 100]
TWENTY_FOUR = SearchRules(intermediates=Intermediates.RATIONAL, use_all=True)
COUNTDOWN = SearchRules()


class ArithDrill:
    game = "arith"

    def __init__(self, options: DrillOptions):
        self.level = options.level or "mixed"
        if self.level not in LEVELS:
            raise TablecalcError(f"unknown arith level {self.level!r}: expected one of {', '.join(LEVELS)}")
        self.time_limit = options.time_limit
        self.reference_seconds = 6.0 if self.level in TIMED else 60.0

    # -- puzzles ---------------------------------------------------------------

    def generate(self, rng) -> Puzzle:
        if self.level == "make24":
            while True:
                nums = sorted(rng.randint(1, 13) for _ in range(4))
                if reach(nums, 24, TWENTY_FOUR).min_cards:
                    return self._make(nums, 24, "make24")
        if self.level == "countdown":
            while True:
                nums = sorted(rng.sample(COUNTDOWN_POOL, 6))
                target = rng.randint(100, 999)
                if reach(nums, target, COUNTDOWN).min_cards:
                    return self._make(nums, target, "countdown")
        kind = rng.choice(["add", "sub", "mul", "div"]) if self.level == "mixed" else self.level
        if kind in ("add", "sub"):
            a, b = rng.randint(2, 100), rng.randint(2, 100)
            text = f"{a} + {b}" if kind == "add" else f"{a + b} - {a}"
        else:
            a, b = rng.randint(2, 12), rng.randint(2, 100)
            text = f"{a} × {b}" if kind == "mul" else f"{a * b} ÷ {a}"
        return Puzzle(self.game, self.level, kind, text, f"arith:{kind}:{text.replace(' ', '')}",
                      time_limit=self.time_limit)

    def _make(self, nums: list[int], target: int, preset: str) -> Puzzle:
        shown = " ".join(map(str, nums))
        how = "using all four numbers" if preset == "make24" else "using some of the numbers"
        return Puzzle(
            self.game, self.level, preset, f"Make {target} from {shown} ({how})",
            f"arith:{preset}:{shown}>{target}", hand=tuple(map(str, nums)), target=str(target),
            time_limit=self.time_limit,
        )

    def from_case(self, case) -> Puzzle:
        raise TablecalcError("the arith drill makes its own puzzles: --pack is for the nambarz and nmbrs drills")

    # -- answers ---------------------------------------------------------------

    def judge(self, puzzle: Puzzle, answer: str) -> Judgement:
        if puzzle.preset in ("make24", "countdown"):
            return self._judge_make(puzzle, answer)
        value = evaluate(parse_expression(puzzle.prompt))
        right = str(value.numerator)
        text = answer.strip()
        if not text:
            return Judgement(False, ("no-answer",), expected=(right,), best_score=1,
                             explanation=f"No answer: {puzzle.prompt} = {right}.")
        if not re.fullmatch(r"-?[0-9]{1,12}", text):
            return Judgement(False, ("not-a-number",), expected=(right,), best_score=1,
                             explanation=f"{text!r} is not a whole number: {puzzle.prompt} = {right}.")
        ok = int(text) == value
        return Judgement(ok, () if ok else ("wrong-result",), score=int(ok), best_score=1, expected=(right,),
                         explanation=f"{'Right' if ok else 'Not quite'}: {puzzle.prompt} = {right}.")

    def _judge_make(self, puzzle: Puzzle, answer: str) -> Judgement:
        nums = [int(x) for x in puzzle.hand]
        target = int(puzzle.target or 0)
        rules = TWENTY_FOUR if puzzle.preset == "make24" else COUNTDOWN
        found = reach(nums, target, rules)
        expected = tuple(str(e) for e in found.expressions[:5])
        if not answer.strip():
            return Judgement(False, ("no-answer",), best_score=1, expected=expected,
                             explanation=f"No answer. One way: {expected[0]}.")
        try:
            expr = parse_expression(answer, Order.TREE)
        except TablecalcError as e:
            return Judgement(False, ("not-a-calculation",), best_score=1, expected=expected,
                             explanation=f"{e}. One way: {expected[0]}.")
        used = Counter(leaf.value for leaf in leaves(expr))
        have = Counter(nums)
        problems = []
        if any(n > have[v] for v, n in used.items()):
            extra = sorted(v for v, n in used.items() if n > have[v])
            problems.append(("not-in-hand", f"{', '.join(map(str, extra))} is not among the numbers (or used too often)"))
        if rules.use_all and used != have:
            problems.append(("not-all-used", "every number must be used exactly once"))
        if operations(expr) - rules.ops:
            problems.append(("operation-not-allowed", "only + − × ÷ are allowed"))
        bad = first_bad_step(expr, rules.intermediates)
        if bad is not None:
            problems.append(("bad-intermediate", f"{bad} is not allowed here"))
        value = evaluate(expr)
        if value != target:
            shown = "undefined" if value is None else str(value)
            problems.append(("wrong-result", f"it makes {shown}, not {target}"))
        if problems:
            return Judgement(False, tuple(code for code, _ in problems), best_score=1, expected=expected,
                             explanation=f"{problems[0][1].capitalize()}. One way: {expected[0]}.")
        n = sum(used.values())
        note = "" if rules.use_all or n == found.min_cards else f" (it can be done with {found.min_cards} numbers: {expected[0]})"
        return Judgement(True, score=1, best_score=1, expected=expected, explanation=f"Right: {answer.strip()} = {target}{note}.")

