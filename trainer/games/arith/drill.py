"""Mental arithmetic drills: timed + − × ÷ rounds and "make the target" rounds (the 24 game, Countdown).

The timed levels (``mixed``, ``add``, ``sub``, ``mul``, ``div``) deal the facts of
:func:`solver.arith.random_fact` in 120-second rounds; ``make24`` and ``countdown`` deal
problems the search can solve (:func:`solver.arith.random_problem`), 30 seconds each
unless ``--time-limit`` says otherwise, a near miss scoring as on the Countdown show
(:func:`solver.arith.points`); the 24 game's puzzles go from easy to hard, two from each fifth
of the table's order (:mod:`solver.arith.make24`). Every answer is judged by the referee, :func:`solver.arith.judge`;
an answer it does not understand (no number, no calculation) is asked again.
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

from solver.arith import (
    SHOW_POINTS, Fact, FactKind, FactRanges, Problem, Violation, best, judge, nearest, parse_situation, points,
    Rules, random_fact, random_problem,
)
from solver.arith.make24 import difficulty_band
from solver.arith.words import best_line, explain_verdict, hints, not_understood_line, points_line
from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from trainer.clikit import choice_option
from trainer.drills import FactGrid, GameDrill, Judgement, Level, Puzzle, option

__all__ = ["Drill", "ROUND_SECONDS", "SHOW_SECONDS", "Mode", "GRIDS", "fact_family", "fact_in_family"]

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


MAKE24_BANDS = 5
"""The 24 game's solvable selections in five bands of difficulty, easiest first (:func:`solver.arith.make24.difficulty_band`)."""
MAKE24_PER_BAND = 2
"""Puzzles dealt from each band before the next, harder one: a session of 10 goes from the easiest fifth to the hardest."""


class Drill(GameDrill):
    game = "arith"
    scored = False
    default_level = "mixed"
    LEVELS = {
        "mixed": Level("countdown", N_("+ − × ÷ mixed, 120-second round")),
        "add": Level("countdown", N_("addition 2–100 + 2–100")),
        "sub": Level("countdown", N_("subtraction (addition reversed)")),
        "mul": Level("countdown", N_("multiplication 2–12 × 2–100")),
        "div": Level("countdown", N_("division (multiplication reversed)")),
        "make24": Level("make24", N_("make 24 with four numbers 1–13, all used")),
        "countdown": Level("countdown", N_("Countdown: six numbers, a target 100–999, any subset")),
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
                _("--ranges sets the timed levels' numbers: expected --level {levels}, not {level}").format(
                    levels=" / ".join(FACT_LEVELS), level=self.level))
        self.ranges = FactRanges() if ranges is None else FactRanges.parse(ranges)
        self.round_variant = "" if self.ranges == FactRanges() else str(self.ranges)
        """What sets a round apart from the usual one of its level and length (for personal bests)."""
        self.mode = Mode(mode)
        if self.mode is Mode.ZETAMAC and not timed:
            raise TablecalcError(
                _("--mode zetamac plays the timed levels: expected --level {levels}, not {level}").format(
                    levels=" / ".join(FACT_LEVELS), level=self.level))
        self._dealt = 0  # make24: puzzles dealt so far, each pair from a harder band of the table
        self.round_seconds = ROUND_SECONDS if timed else None
        self.reference_seconds = 6.0 if timed else 60.0
        if not timed and self.time_limit is None:
            self.time_limit = SHOW_SECONDS
        self.scored = not timed and not self.rules.use_all  # Countdown: the show's points
        if self.mode is Mode.ZETAMAC:
            from trainer.zetamac import play_round

            self.play_session = play_round

    # -- puzzles ---------------------------------------------------------------

    def puzzle(self, situation: Problem | Fact, rules) -> Puzzle:
        if isinstance(situation, Fact):
            return Puzzle(self.game, self.level, str(situation.kind), situation.text, self.item_of(situation),
                          situation=str(situation), fields={"hand": []}, time_limit=self.time_limit)
        shown = " ".join(map(str, situation.numbers))
        how = _("using all four numbers") if rules.use_all else _("using some of the numbers")
        return Puzzle(
            self.game, self.level, rules.name, _("Make {target} from {numbers} ({how})").format(target=situation.target, numbers=shown, how=how),
            f"arith:{rules.name}:{shown}>{situation.target}", situation=str(situation),
            fields={"hand": [str(n) for n in situation.numbers], "target": str(situation.target)},
            time_limit=self.time_limit,
        )

    def generate(self, rng) -> Puzzle:
        if self.focus and rng.random() < FOCUS_SHARE and (fact := _focused_fact(rng, self.focus, self.ranges)) is not None:
            return self.puzzle(fact, self.rules)
        if self.level in FACT_LEVELS:
            kind = rng.choice(list(FactKind)) if self.level == "mixed" else FactKind(self.level)
            return self.puzzle(random_fact(rng, kind, self.ranges), self.rules)
        if self.rules == Rules.preset("make24"):  # easy to hard: the table's order (solver.arith.make24)
            band = min(self._dealt // MAKE24_PER_BAND, MAKE24_BANDS - 1)
            self._dealt += 1
            return self.puzzle(Problem(rng.choice(difficulty_band(band, MAKE24_BANDS)), 24), self.rules)
        return self.puzzle(random_problem(rng, self.rules), self.rules)

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
        sol = best(situation, rules)
        common = dict(best_score=1, expected=sol.expressions[:5], best=best_line(sol))
        show = isinstance(situation, Problem) and not rules.use_all
        if show:
            common["best_score"] = SHOW_POINTS[0][1]
        if answer is None:
            return Judgement(False, **common)
        v = judge(situation, answer, rules)
        if v.violations and v.violations[0].not_understood:  # unreadable: asked again, the answer kept back
            return self.retry(not_understood_line(v), str(v.violations[0]))
        explanation = explain_verdict(v)
        score = int(v.legal)
        if show:
            score = points(v)
            explanation = " ".join(x for x in (points_line(score, v), explanation) if x)
        return Judgement(v.legal, tuple(str(x) for x in v.violations), score=score,
                         explanation=explanation, clauses=v.clauses, **common)

    # -- help --------------------------------------------------------------------

    def instructions(self) -> str:
        """How to play this level: the level and what it trains, the rules, how to answer, what scores."""
        lines = [_("Arithmetic, level {level}: {description}.").format(
            level=self.level, description=self.LEVELS[self.level].said())]
        if self.level in FACT_LEVELS:
            lines.append(_("Work out each calculation in your head and type the result, a whole number. "
                           "Answer as many as you can before the bell."))
            if self.ranges != FactRanges():
                lines.append(_("Your numbers: {ranges}.").format(ranges=self.ranges))
            if self.mode is Mode.ZETAMAC:
                lines.append(_("Each answer is taken the moment it is right: no Enter. "
                               "Backspace corrects a typo (a typo is no miss); Ctrl-C stops."))
            else:
                lines.append(_("Press Enter after each answer."))
            return "\n".join(lines)
        seconds = f"{self.time_limit:g}"
        if self.rules.use_all:
            lines += [_("Make 24 with the four numbers, each used exactly once, with + - × ÷ and brackets "
                        "(fractions are allowed on the way)."),
                      _("Type the calculation, e.g. 8÷(3-8÷3); {seconds} seconds each.").format(seconds=seconds)]
            return "\n".join(lines)
        lines += [_("Reach the target with some of the six numbers, each at most once, with + - × ÷ and brackets; "
                    "every step must give a whole number."),
                  _("Type the calculation, e.g. (25+3)×4; {seconds} seconds each.").format(seconds=seconds),
                  _("As on the show: 10 points for the target exactly, 7 within 5, 5 within 10.")]
        return "\n".join(lines)

    def hints(self, puzzle: Puzzle) -> list[str]:
        """Graded hints for a puzzle, mildest first (:func:`solver.arith.words.hints`)."""
        situation, rules = self.situation_of(puzzle), self.rules_for(puzzle)
        sol = best(situation, rules)
        near = None
        if isinstance(situation, Problem) and not sol.expressions and not rules.use_all:
            near = nearest(situation, rules)
        return hints(sol, near)

    # -- progress: fact families -----------------------------------------------

    focus: tuple = ()
    """The weak families new puzzles lean towards, ``(family, weight)`` (see :meth:`focus_on`)."""

    @classmethod
    def family(cls, item: str) -> str | None:
        """``mul:7`` for ``arith:mul:7×58``: see :func:`fact_family` (``None`` for make24 and countdown).

        >>> Drill.family("arith:mul:7×58"), Drill.family("arith:make24:1 2 3 4>24")
        ('mul:7', None)
        """
        fact = cls.fact_of(item)
        return fact_family(fact) if fact is not None else None

    @classmethod
    def item_of(cls, fact: Fact) -> str:
        """The history's key of a fact: ``arith:mul:7×8`` (the kind, then the fact without spaces).

        >>> Drill.item_of(Fact(7, "*", 8)), Drill.item_of(Fact(15, "-", 7))
        ('arith:mul:7×8', 'arith:sub:15-7')
        """
        return f"{cls.game}:{fact.kind}:{fact.text.replace(' ', '')}"

    @classmethod
    def fact_of(cls, item: str) -> Fact | None:
        """The fact an item's key names (:meth:`item_of` read back), ``None`` for make24, countdown
        or a key that names no fact.

        >>> Drill.fact_of("arith:mul:7×8"), Drill.fact_of("arith:make24:1 2 3 4>24")
        (Fact(a=7, op='*', b=8), None)
        """
        parts = item.split(":", 2)
        if len(parts) != 3 or parts[0] != cls.game or parts[1] not in FACT_LEVELS:
            return None
        try:
            fact = parse_situation(f"calculate {parts[2]}")
        except TablecalcError:
            return None
        return fact if isinstance(fact, Fact) else None

    @classmethod
    def family_name(cls, family: str) -> str:
        """``the 7× table``, ``÷7 facts``, ``+9 facts``, ``−9 facts``.

        >>> Drill.family_name("mul:7"), Drill.family_name("add:9")
        ('the 7× table', '+9 facts')
        """
        kind, _sep, n = family.partition(":")
        names = {"mul": _("the {n}× table"), "div": _("÷{n} facts"), "add": _("+{n} facts"), "sub": _("−{n} facts")}
        return names[kind].format(n=n) if kind in names else family

    @classmethod
    def label(cls, item: str, puzzle=None) -> str:
        """``7 × 58`` for a fact, ``24 from 1 2 3 4`` for a problem.

        >>> Drill.label("arith:make24:1 2 3 4>24"), Drill.label("arith:mul:7×58", {"prompt": "7 × 58"})
        ('24 from 1 2 3 4', '7 × 58')
        """
        rest = item.split(":", 2)[-1]
        if ">" in rest:
            numbers, _sep, target = rest.rpartition(">")
            return _("{target} from {numbers}").format(target=target, numbers=numbers)
        return super().label(item, puzzle)

    # -- facts in a grid and on paper -----------------------------------------------

    FACT_KINDS = tuple(k.value for k in FactKind)

    @classmethod
    def fact_grid(cls, kind: str) -> FactGrid:
        """The grid of a kind of facts, as XtraMath lays it out: a cell is the fact the drill deals
        from its row and column (:func:`solver.arith.random_fact`): ``r + c``, ``(r + c) - r``,
        ``r × c``, ``(r × c) ÷ r``. Sums and differences within 20 (0-10 by 0-10: the facts
        known by heart before the drill's 2-100 ranges), the times tables to 12 (1-12 by 1-12,
        the drill's tables 2-12 and the ones; no 0, which cannot divide).

        >>> g = Drill.fact_grid("sub")
        >>> g.rows, g.columns, g.rows_are, g.columns_are
        (range(0, 11), range(0, 11), 'the number taken away', 'the answer')
        """
        if kind not in GRIDS:
            raise ValueError(f"no grid of {kind!r} facts: expected one of {', '.join(GRIDS)}")
        symbol, (rows, columns), title, rows_are, columns_are = GRIDS[kind]
        return FactGrid(kind, symbol, rows, columns, _(title), _(rows_are), _(columns_are))

    @classmethod
    def fact_at(cls, kind: str, row: int, column: int) -> str | None:
        """The fact at a cell of a kind's grid (``None`` for a division by 0 or a negative number).

        >>> [Drill.fact_at(k, 7, 8) for k in ("add", "sub", "mul", "div")], Drill.fact_at("div", 0, 3)
        (['arith:add:7+8', 'arith:sub:15-7', 'arith:mul:7×8', 'arith:div:56÷7'], None)
        """
        if row < 0 or column < 0:
            return None
        facts = {"add": (row, "+", column), "sub": (row + column, "-", row), "mul": (row, "*", column),
                 "div": (row * column, "/", row)}
        if kind not in facts or (kind == "div" and row == 0):
            return None
        return cls.item_of(Fact(*facts[kind]))

    @classmethod
    def fact_place(cls, item: str) -> tuple[str, int, int] | None:
        """Where a fact stands in its kind's grid (:meth:`fact_at` read back), the grid as large as needed.

        >>> Drill.fact_place("arith:sub:15-7"), Drill.fact_place("arith:div:406÷7"), Drill.fact_place("arith:div:7÷2")
        (('sub', 7, 8), ('div', 7, 58), None)
        """
        fact = cls.fact_of(item)
        if fact is None:
            return None
        kind = str(fact.kind)
        if kind in ("add", "mul"):
            return kind, fact.a, fact.b
        if kind == "sub":
            return (kind, fact.b, fact.a - fact.b) if fact.a >= fact.b else None
        return (kind, fact.b, fact.a // fact.b) if fact.b and fact.a % fact.b == 0 else None

    @classmethod
    def sheet_line(cls, item: str) -> tuple[str, str] | None:
        """A fact as a worksheet asks it and its answer; ``None`` for make24 and countdown.

        >>> Drill.sheet_line("arith:mul:7×8"), Drill.sheet_line("arith:make24:1 2 3 4>24")
        (('7 × 8', '56'), None)
        """
        fact = cls.fact_of(item)
        return None if fact is None else (fact.text, str(fact.value))

    @classmethod
    def family_items(cls, family: str, rng, count: int) -> list[str]:
        """Facts of ``family`` to practise: those of its kind's grid first (the times table
        itself for ``mul:7``), in random order, then facts dealt from the drill's usual ranges.

        >>> import random
        >>> Drill.family_items("mul:12", random.Random(1), 3)  # 12 × 12 is the 12× table's one fact up to 12 × 12
        ['arith:mul:12×12', 'arith:mul:12×50', 'arith:mul:12×30']
        """
        kind = family.partition(":")[0]
        if kind not in GRIDS or count <= 0:
            return []
        grid = cls.fact_grid(kind)
        out = [item for r in grid.rows for c in grid.columns
               if (item := cls.fact_at(kind, r, c)) is not None and cls.family(item) == family]
        rng.shuffle(out)
        out = out[:count]
        for _i in range(4 * count):
            if len(out) >= count:
                break
            fact = fact_in_family(rng, family)
            if fact is None:
                break
            if (item := cls.item_of(fact)) not in out:
                out.append(item)
        return out

    def focus_on(self, history, now) -> None:
        """Lean new puzzles towards the weakest families of this level: the (up to)
        :data:`FOCUS_FAMILIES` families with a miss or a slow answer among their latest
        answers, weakest first, each then dealt in proportion to its weakness for a
        :data:`FOCUS_SHARE` of new puzzles."""
        from trainer.progress import family_scores

        if self.level not in FACT_LEVELS:
            return
        kinds = {k.value for k in FactKind} if self.level == "mixed" else {self.level}
        scores = family_scores(history.outcomes(self.game), self.family)
        weak = [s for f, s in scores.items() if f.partition(":")[0] in kinds and s.recent_wrong + s.recent_slow]
        weak.sort(key=lambda s: (-s.weakness, s.family))
        self.focus = tuple((s.family, s.weakness) for s in weak[:FOCUS_FAMILIES])


GRIDS = {
    "add": ("+", (range(0, 11), range(0, 11)), N_("addition facts"), N_("the first number"), N_("the number added")),
    "sub": ("-", (range(0, 11), range(0, 11)), N_("subtraction facts"), N_("the number taken away"), N_("the answer")),
    "mul": ("×", (range(1, 13), range(1, 13)), N_("multiplication facts"), N_("the first factor"),
            N_("the second factor")),
    "div": ("÷", (range(1, 13), range(1, 13)), N_("division facts"), N_("the number divided by"), N_("the answer")),
}
"""Each kind's grid (:meth:`Drill.fact_grid`): its sign, rows and columns, title, and what its rows and columns are."""

FOCUS_SHARE = 1 / 3
"""The share of new puzzles dealt from the weak families of :meth:`Drill.focus_on` (the others are random)."""
FOCUS_FAMILIES = 3
"""How many weak families a session leans towards."""


def fact_family(fact: Fact) -> str:
    """The family of a fact, as a code ``kind:n``: a product belongs to the table of its smaller
    factor (``7 × 58`` → ``mul:7``), a quotient to its divisor (``406 ÷ 7`` → ``div:7``), a sum
    to the larger of its two units digits (``47 + 29`` → ``add:9``: the "+9 facts"), a
    difference to the units digit of the number taken away (``85 - 38`` → ``sub:8``).

    >>> from solver.arith import parse_situation as p
    >>> [fact_family(p(f"calculate {t}")) for t in ("7 × 58", "12 × 7", "406 ÷ 7", "47 + 29", "85 - 38")]
    ['mul:7', 'mul:7', 'div:7', 'add:9', 'sub:8']
    """
    kind = str(fact.kind)
    if kind == "mul":
        n = min(fact.a, fact.b)
    elif kind == "div":
        n = fact.b
    elif kind == "add":
        n = max(fact.a % 10, fact.b % 10)
    else:
        n = fact.b % 10
    return f"{kind}:{n}"


def fact_in_family(rng, family: str, tries: int = 2000, ranges: FactRanges = FactRanges()) -> Fact | None:
    """A random fact of ``family``, dealt as :func:`solver.arith.random_fact` deals its kind (so
    within the same ranges), or ``None`` if none turned up in ``tries`` deals.

    >>> import random
    >>> str(fact_in_family(random.Random(1), "mul:7"))
    'calculate 7 × 31'
    """
    kind = family.partition(":")[0]
    if kind not in {k.value for k in FactKind}:
        return None
    for _i in range(tries):
        fact = random_fact(rng, kind, ranges)
        if fact_family(fact) == family:
            return fact
    return None


def _focused_fact(rng, focus: tuple, ranges: FactRanges = FactRanges()) -> Fact | None:
    """A fact of one of the ``(family, weight)`` pairs, chosen in proportion to the weights."""
    families, weights = zip(*focus)
    return fact_in_family(rng, rng.choices(families, weights=weights)[0], ranges=ranges)
