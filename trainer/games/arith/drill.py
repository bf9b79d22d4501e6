"""Mental arithmetic drills: timed + − × ÷ rounds and "make the target" rounds (the 24 game, Countdown).

The timed levels (``mixed``, ``add``, ``sub``, ``mul``, ``div``) deal the facts of
:func:`solver.arith.random_fact` in 120-second rounds; ``make24`` and ``countdown`` deal
problems the search can solve (:func:`solver.arith.random_problem`). Every answer is
judged by :func:`solver.arith.check`.

>>> import random
>>> d = Drill(level="mul")
>>> p = d.generate(random.Random(1))
>>> p.prompt
'4 × 74'
>>> d.judge(p, "296").correct, d.judge(p, "295").correct
(True, False)
"""

from __future__ import annotations

from solver.arith import Fact, FactKind, Problem, check, parse_situation, random_fact, random_problem, solve
from solver.arith.words import best_line, explain_verdict
from solver.errors import TablecalcError
from solver.i18n import _
from trainer.drills import GameDrill, Judgement, Level, Puzzle

__all__ = ["Drill", "ROUND_SECONDS"]

ROUND_SECONDS = 120.0
"""The usual length of a timed round."""
FACT_LEVELS = ("mixed", *(k.value for k in FactKind))


class Drill(GameDrill):
    game = "arith"
    scored = False
    default_level = "mixed"
    LEVELS = {
        "mixed": Level("countdown", "+ − × ÷ mixed, 120-second round"),
        "add": Level("countdown", "addition 2–100 + 2–100"),
        "sub": Level("countdown", "subtraction (addition reversed)"),
        "mul": Level("countdown", "multiplication 2–12 × 2–100"),
        "div": Level("countdown", "division (multiplication reversed)"),
        "make24": Level("make24", "make 24 with four numbers 1–13, all used"),
        "countdown": Level("countdown", "Countdown: six numbers, a target 100–999, any subset"),
    }

    def __init__(self, **settings):
        super().__init__(**settings)
        timed = self.level in FACT_LEVELS
        self.round_seconds = ROUND_SECONDS if timed else None
        self.reference_seconds = 6.0 if timed else 60.0

    # -- puzzles ---------------------------------------------------------------

    def puzzle(self, situation: Problem | Fact, rules) -> Puzzle:
        if isinstance(situation, Fact):
            kind = str(situation.kind)
            return Puzzle(self.game, self.level, kind, situation.text, f"arith:{kind}:{situation.text.replace(' ', '')}",
                          situation=str(situation), fields={"hand": []}, time_limit=self.time_limit)
        shown = " ".join(map(str, situation.numbers))
        how = _("using all four numbers") if rules.search.use_all else _("using some of the numbers")
        return Puzzle(
            self.game, self.level, rules.name, _("Make {target} from {numbers} ({how})").format(target=situation.target, numbers=shown, how=how),
            f"arith:{rules.name}:{shown}>{situation.target}", situation=str(situation),
            fields={"hand": [str(n) for n in situation.numbers], "target": str(situation.target)},
            time_limit=self.time_limit,
        )

    def generate(self, rng) -> Puzzle:
        if self.level in FACT_LEVELS:
            kind = rng.choice(list(FactKind)) if self.level == "mixed" else FactKind(self.level)
            return self.puzzle(random_fact(rng, kind), self.rules)
        return self.puzzle(random_problem(rng, self.rules), self.rules)

    def from_case(self, case) -> Puzzle:
        raise TablecalcError("the arith drill makes its own puzzles: --pack is for the drills of the card games")

    def situation_of(self, puzzle: Puzzle) -> Problem | Fact:
        if puzzle.situation:
            return parse_situation(puzzle.situation)
        if puzzle.preset in self.spec.presets:  # saved by an older tablecalc: numbers and target as fields
            return Problem(tuple(sorted(int(x) for x in puzzle.fields["hand"])), int(puzzle.fields["target"]))
        return parse_situation(f"calculate {puzzle.prompt}")

    def rules_for(self, puzzle: Puzzle):
        return self.spec.rules(puzzle.preset) if puzzle.preset in self.spec.presets else self.rules

    # -- answers ---------------------------------------------------------------

    def _judge(self, puzzle: Puzzle, answer: str | None) -> Judgement:
        situation, rules = self.situation_of(puzzle), self.rules_for(puzzle)
        sol = solve(situation, rules)
        common = dict(best_score=1, expected=sol.expressions[:5], best=best_line(sol))
        if answer is None:
            return Judgement(False, **common)
        v = check(situation, answer, rules)
        return Judgement(v.legal, tuple(str(x) for x in v.violations), score=int(v.legal),
                         explanation=explain_verdict(v), **common)
