"""Mental arithmetic drills: timed + − × ÷ rounds and "make the target" rounds (the 24 game, Countdown).

The timed levels (``mixed``, ``add``, ``sub``, ``mul``, ``div``) deal the facts of
:func:`solver.arith.random_fact` in 120-second rounds; ``make24`` and ``countdown`` deal
problems the search can solve (:func:`solver.arith.random_problem`), 30 seconds each
unless ``--time-limit`` says otherwise, a near miss scoring as on the Countdown show
(:func:`solver.arith.points`). Every answer is judged by :func:`solver.arith.check`.
``--mode zetamac`` plays the timed levels as on arithmetic.zetamac.com
(:mod:`trainer.zetamac`): each answer taken the instant it is typed right.

>>> import random
>>> d = Drill(level="mul")
>>> p = d.generate(random.Random(1))
>>> p.prompt
'4 × 74'
>>> d.judge(p, "296").correct, d.judge(p, "295").correct
(True, False)
"""

from __future__ import annotations

import enum
from typing import Annotated

import typer

from solver.arith import Fact, FactKind, FactRanges, Problem, check, parse_situation, random_fact, random_problem, solve
from solver.arith.problems import SHOW_POINTS, nearest, points
from solver.arith.words import best_line, explain_verdict, hints, points_line
from solver.errors import TablecalcError
from solver.i18n import _
from trainer.clikit import choice_option
from trainer.drills import GameDrill, Judgement, Level, Puzzle, option

__all__ = ["Drill", "ROUND_SECONDS", "SHOW_SECONDS", "Mode"]

ROUND_SECONDS = 120.0
"""The usual length of a timed round."""
SHOW_SECONDS = 30.0
"""The clock of a "make the target" problem when ``--time-limit`` does not set one: 30 s, as on the show."""
FACT_LEVELS = ("mixed", *(k.value for k in FactKind))


class Mode(enum.StrEnum):
    """How the timed levels are played: type and Enter, each answer judged (``enter``), or as
    on Zetamac, each answer taken the instant it is right (``zetamac``)."""

    ENTER = "enter"
    ZETAMAC = "zetamac"


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
    OPTIONS = (
        option("mode", choice_option(
            "--mode", choices=Mode,
            help="Timed levels: enter (type, then Enter) or zetamac (taken as soon as it is right, no Enter).",
        ), Mode.ENTER.value),
        option("ranges", Annotated[str | None, typer.Option(
            "--ranges", help="Timed levels: the numbers of sums and products, as on Zetamac "
                             "(default 'add 2-100 2-100; mul 2-12 2-100'; a part left out keeps its default).",
        )], None),
    )

    def __init__(self, mode: Mode | str = Mode.ENTER, ranges: str | None = None, **settings):
        super().__init__(**settings)
        timed = self.level in FACT_LEVELS
        if ranges is not None and not timed:
            raise TablecalcError(
                f"--ranges sets the timed levels' numbers: expected --level {' or '.join(FACT_LEVELS)}, not {self.level}")
        self.ranges = FactRanges() if ranges is None else FactRanges.parse(ranges)
        self.round_variant = "" if self.ranges == FactRanges() else str(self.ranges)
        """What sets a round apart from the usual one of its level and length (for personal bests)."""
        self.mode = Mode(mode)
        if self.mode is Mode.ZETAMAC and not timed:
            raise TablecalcError(
                f"--mode zetamac plays the timed levels: expected --level {' or '.join(FACT_LEVELS)}, not {self.level}")
        self.round_seconds = ROUND_SECONDS if timed else None
        self.reference_seconds = 6.0 if timed else 60.0
        if not timed and self.time_limit is None:
            self.time_limit = SHOW_SECONDS
        self.scored = not timed and not self.rules.search.use_all  # Countdown: the show's points
        if self.mode is Mode.ZETAMAC:
            from trainer.zetamac import play_round

            self.play_session = play_round

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
            return self.puzzle(random_fact(rng, kind, self.ranges), self.rules)
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
        show = isinstance(situation, Problem) and not rules.search.use_all
        if show:
            common["best_score"] = SHOW_POINTS[0][1]
        if answer is None:
            return Judgement(False, **common)
        v = check(situation, answer, rules)
        explanation = explain_verdict(v)
        score = int(v.legal)
        if show:
            score = points(v)
            explanation = " ".join(x for x in (points_line(score, v), explanation) if x)
        return Judgement(v.legal, tuple(str(x) for x in v.violations), score=score,
                         explanation=explanation, **common)

    # -- help --------------------------------------------------------------------

    def instructions(self) -> str:
        """How to play this level, in a few sentences."""
        if self.level in FACT_LEVELS:
            rounds = _("Work out each calculation in your head and type the result, a whole number. "
                       "Answer as many as you can before the bell.")
            if self.mode is Mode.ZETAMAC:
                return rounds + " " + _("Each answer is taken the moment it is right: no Enter. "
                                        "Backspace corrects a typo (a typo is no miss); Ctrl-C stops.")
            return rounds + " " + _("Press Enter after each answer.")
        if self.rules.search.use_all:
            return _("Make 24 with the four numbers, each used exactly once, with + - × ÷ and brackets "
                     "(fractions are allowed on the way). Type the calculation, e.g. 8÷(3-8÷3). "
                     "{seconds} seconds each.").format(seconds=f"{self.time_limit:g}")
        return _("Reach the target with some of the six numbers, each at most once, with + - × ÷ and brackets; "
                 "every step must give a whole number. Type the calculation, e.g. (25+3)×4. "
                 "As on the show: 10 points for the target exactly, 7 within 5, 5 within 10. "
                 "{seconds} seconds each.").format(seconds=f"{self.time_limit:g}")

    def hints(self, puzzle: Puzzle) -> list[str]:
        """Graded hints for a puzzle, mildest first (:func:`solver.arith.words.hints`)."""
        situation, rules = self.situation_of(puzzle), self.rules_for(puzzle)
        sol = solve(situation, rules)
        near = None
        if isinstance(situation, Problem) and not sol.expressions and not rules.search.use_all:
            near = nearest(situation, rules)
        return hints(sol, near)
