"""Drills in general: puzzles whose answer the solver knows before asking, judged by each
game's own referee. Nothing here knows a game: each registered game's trainer package
(``trainer/games/<name>/drill.py``) defines its ``Drill``, found through the registry.

A drill has ``game`` (the registry name), ``level``, ``reference_seconds``,
``round_seconds`` (a timed round's default length, or ``None``), ``scored`` (whether a
score beyond right/wrong means something), ``generate(rng)`` (a new :class:`Puzzle`),
``from_case(case)`` (a puzzle from a pack) and ``judge(puzzle, answer)`` (a
:class:`Judgement`). Its class lists ``LEVELS`` and the command-line ``OPTIONS`` only it
takes (``--min-cards`` belongs to the Nambarz drill alone). For the learner it has
``instructions()`` (the how-to of the drill and its level), ``hints(puzzle)`` (graded
hints, the mildest first) and ``draw(puzzle)`` (the puzzle drawn in a terminal: a board,
cards in their colours); a judgement whose ``retry`` is set means the answer could not be
read (a typo, a card not in hand): the session asks the same puzzle again and records nothing.

>>> d = make_drill("arith", level="mul")
>>> d.game, d.level, d.judge(d.from_situation("calculate 4 × 74"), "296").correct
('arith', 'mul', True)
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, ClassVar, Mapping, Protocol, Sequence

import typer

from solver.errors import TablecalcError
from solver.i18n import _
from solver.registry import find_game
from solver.game import clauses_of
from solver.rulebook import citation

__all__ = ["Puzzle", "Judgement", "Drill", "Level", "GameDrill", "FactGrid", "make_drill", "drill_class", "option", "TRAP_RATE",
           "check_trap_rate"]


@dataclass(frozen=True)
class Puzzle:
    """Everything needed to answer one drill item (never the answer itself).

    ``situation`` is the game's notation of what is asked (``top 3-bee; hand 6 5 2 10``);
    ``fields`` are the game's own keys of the JSON puzzle line (``hand``, ``target``,
    ``table``...), there for programs that play a drill.
    """

    game: str
    level: str
    preset: str
    prompt: str
    item: str
    situation: str | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)
    time_limit: float | None = None

    _KEYS: ClassVar = ("game", "level", "preset", "prompt", "item", "situation", "time_limit")

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": "puzzle", "game": self.game, "level": self.level, "preset": self.preset,
                             "prompt": self.prompt, "item": self.item, "situation": self.situation}
        d.update(self.fields)
        d["time_limit"] = self.time_limit
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Puzzle":
        """A puzzle as :meth:`as_dict` (or an older tablecalc, without ``situation``) wrote it."""
        fields = {k: v for k, v in d.items() if k not in cls._KEYS and k not in ("type", "index")}
        return cls(**{k: d.get(k) for k in cls._KEYS}, fields=fields)


@dataclass(frozen=True)
class Judgement:
    """The verdict on one answer: data the session renders, records and serialises.

    ``penalty`` is the game's own penalty data; ``penalty_amount`` counts it in the game's
    unit (cards drawn, cards taken back...); ``best`` is a sentence naming the best answer.
    ``retry`` marks an answer that could not be read (text that is no answer, a card not in
    hand): it is not a verdict, the session asks again and ``explanation`` says what was
    wrong and what was expected, never the answer.
    """

    correct: bool
    violations: tuple[str, ...] = ()
    penalty: Mapping[str, Any] = field(default_factory=dict)
    penalty_amount: int = 0
    score: int = 0
    best_score: int = 0
    expected: tuple[str, ...] = ()
    explanation: str = ""
    best: str = ""
    retry: bool = False
    step: bool = False
    """The answer so far is steps of an answer entered a step at a time, each accepted: not a verdict
    yet; ``explanation`` says where the answer stands (the session shows it and reads the next step)."""
    hints: int = 0
    """How many hints the learner asked for before this answer (the session sets it)."""
    clauses: tuple[str, ...] = ()
    """The rule-book clauses of the verdict (:mod:`solver.rulebook`): those a wrong answer broke, or
    those a legal answer was judged against; the explanation cites them."""

    def as_dict(self) -> dict[str, Any]:
        d = {
            "type": "verdict",
            "correct": self.correct,
            "violations": list(self.violations),
            "penalty": dict(self.penalty),
            "score": self.score,
            "best_score": self.best_score,
            "expected": list(self.expected),
            "explanation": self.explanation,
            "clauses": list(self.clauses),
        }
        if self.hints:
            d["hints"] = self.hints
        return d


class Drill(Protocol):
    game: str
    level: str
    reference_seconds: float
    round_seconds: float | None
    scored: bool
    time_limit: float | None
    no_penalty: Mapping[str, Any]

    def generate(self, rng) -> Puzzle: ...

    def from_case(self, case) -> Puzzle: ...

    def situation_of(self, puzzle: Puzzle) -> Any: ...

    def judge(self, puzzle: Puzzle, answer: str) -> Judgement: ...

    def focus_on(self, history: Any, now: Any) -> None: ...

    def instructions(self) -> str: ...

    def hints(self, puzzle: Puzzle) -> list[str]: ...

    def draw(self, puzzle: Puzzle, colour: bool = True) -> Any: ...

    def time_limit_for(self, puzzle: Puzzle) -> float | None: ...


@dataclass(frozen=True)
class Level:
    """A drill level: the rules preset it plays, and one line saying what it trains (``template``,
    marked with ``N_``, filled with ``fields``): :attr:`description` in English, :meth:`said` in
    the language in use."""

    preset: str
    template: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    @property
    def description(self) -> str:
        return self.template.format(**self.fields)

    def said(self) -> str:
        return _(self.template).format(**self.fields)


def option(name: str, annotation: Any, default: Any = None) -> inspect.Parameter:
    """One command-line option of a game's drill (``annotation`` is ``Annotated[type, typer.Option(...)]``)."""
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)


TRAP_RATE = option(
    "trap_rate",
    Annotated[float, typer.Option("--trap-rate", help="Share of deals with nothing to play (the answer is to draw or pass).")],
    0.0,
)
"""The option of the drills that can deal a trap: a situation where nothing can be played."""


def check_trap_rate(rate: float) -> float:
    """``rate`` if it is a share between 0 and 1, else a :class:`TablecalcError` (``nan`` too)."""
    if not 0 <= rate <= 1:
        raise TablecalcError(_("bad trap rate {rate}: expected a share between 0 and 1, e.g. 0.2").format(rate=rate))
    return rate


class GameDrill:
    """What the drills of every game share: the level and its preset, the time limit, the
    game's data, and the judging of an answer by the game's referee.

    A game's drill sets ``game``, ``LEVELS``, ``default_level`` (and ``OPTIONS``), and provides ``generate``,
    ``puzzle`` (a situation as a puzzle), ``situation_of`` (the situation behind a puzzle)
    and ``_judge`` (an answer judged; for ``None`` — no answer — only the best score, the
    expected answers and the ``best`` line matter: :meth:`judge` words the rest).
    """

    game: ClassVar[str]

    LEVELS: ClassVar[Mapping[str, Level]] = {}
    default_level: ClassVar[str]
    OPTIONS: ClassVar[Sequence[inspect.Parameter]] = ()
    reference_seconds: float = 30.0
    round_seconds: float | None = None
    scored: bool = True
    no_penalty: ClassVar[Mapping[str, Any]] = {}
    """The game's penalty data when nothing is owed, so every verdict line has the same ``penalty`` keys."""

    def __init__(self, level: str | None = None, preset: str | None = None, time_limit: float | None = None):
        self.spec = find_game(self.game)  # type: ignore[attr-defined]
        self.level = level or self.default_level
        if self.level not in self.LEVELS:
            raise TablecalcError(_("unknown {game} level {level}: expected one of {choices}").format(game=self.game, level=repr(self.level), choices=', '.join(self.LEVELS)))
        check_seconds(time_limit, "--time-limit")
        self.time_limit = time_limit
        self.rules = self.spec.rules(preset or self.LEVELS[self.level].preset)
        self._data: dict = {}
        self.data = self.data_for(self.rules)

    def puzzle(self, situation: Any, rules: Any) -> Puzzle:  # pragma: no cover - each game's
        raise NotImplementedError

    def data_for(self, rules: Any) -> Any:
        """The game's data (deck...) for ``rules``, loaded once per drill."""
        if rules not in self._data:
            self._data[rules] = self.spec.load_data(rules)
        return self._data[rules]

    def situation_of(self, puzzle: Puzzle) -> Any:
        """The situation a puzzle asks about (read with the data of the puzzle's rules)."""
        return self.spec.parse_situation(puzzle.situation or "", self.data_for(self.rules_for(puzzle)))

    def from_situation(self, text: str, preset: str | None = None) -> Puzzle:
        """A puzzle of a situation written in the game's notation, under ``preset`` (the drill's by default)."""
        rules = self.spec.rules(preset) if preset else self.rules
        data = self.data_for(rules)
        situation = self.spec.parse_situation(text, data)
        self.spec.check_situation(situation, rules, data)
        return self.puzzle(situation, rules)

    def from_case(self, case) -> Puzzle:
        """A puzzle of a pack's case (its situation, under its preset)."""
        return self.from_situation(case.situation, case.preset)

    def rules_for(self, puzzle: Puzzle):
        """The rules a puzzle was asked under (its preset, without ``+custom``)."""
        return self.spec.rules(puzzle.preset.removesuffix("+custom"))

    def judge(self, puzzle: Puzzle, answer: str) -> Judgement:
        """The verdict on ``answer`` (``""``: no answer). An answer that cannot be read — the
        game's parsers refuse it, or its first violation is a code the game flags *not understood* — comes back with
        ``retry`` set; a wrong answer's explanation always names the best answer."""
        if not answer.strip():
            j = self._judge(puzzle, None)
            return Judgement(False, ("no-answer",), self.no_penalty, best_score=j.best_score, expected=j.expected,
                             explanation=(_("No answer.") + f" {j.best}").strip(), best=j.best)
        try:
            j = self._judge(puzzle, answer)
        except TablecalcError as e:  # the game's parsers refused the answer: read it again
            return self.retry(str(e))
        if j.step or j.retry:
            return j
        if j.violations and self.not_understood(j.violations[0]):
            return replace(j, retry=True, correct=False)
        if not j.correct and j.expected and j.expected[0] not in j.explanation and j.best not in j.explanation:
            j = replace(j, explanation=f"{j.explanation} {j.best}".strip())
        return self.cite(j, self.rules_for(puzzle))

    def cite(self, j: Judgement, rules: Any) -> Judgement:
        """``j`` with its rule-book clauses cited at the end of its explanation, with the options
        ``rules`` gave them: those the game's drill took from its verdict (a legal answer's are the
        clauses it was judged against), else those its codes enforce (codes the game's enum does
        not list cite nothing)."""
        clauses = j.clauses
        if not clauses:
            codes = []
            for code in j.violations:
                try:
                    codes.append(self.spec.violations(code))
                except ValueError:
                    continue
            clauses = clauses_of(codes)
        cited = citation(self.spec, clauses, rules)
        if not cited or cited in j.explanation:
            return replace(j, clauses=clauses)
        return replace(j, clauses=clauses, explanation=f"{j.explanation} {cited}".strip())

    def not_understood(self, code: str) -> bool:
        """Whether a violation code means the answer was not understood (the game's code says so:
        :attr:`solver.game.Code.not_understood`), so it is asked again rather than judged."""
        try:
            return self.spec.violations(code).not_understood
        except ValueError:  # a code the game's enum does not list (a drill's own, such as "not-the-best")
            return False

    def retry(self, message: str, code: str = "not-understood") -> Judgement:
        """An answer that could not be read: ``message`` says what was wrong and what was expected."""
        return Judgement(False, (code,), self.no_penalty, explanation=message, retry=True)

    # -- for the learner ---------------------------------------------------------

    def instructions(self) -> str:
        """How to play this drill at its level, in a few short lines: the rules in one
        sentence, how to write an answer, what scores. Each game says more."""
        level = self.LEVELS[self.level]
        return _("{title}, level {level}: {description}.").format(
            title=self.spec.title, level=self.level, description=level.said())

    def hints(self, puzzle: Puzzle) -> list[str]:
        """Graded hints for ``puzzle``, the mildest first (the last may all but give the answer);
        an empty list when the drill has none. Hints come from the solver's answers."""
        return []

    def draw(self, puzzle: Puzzle, colour: bool = True) -> Any:
        """The puzzle as a terminal shows it, in place of its prompt's text: rich markup or a rich
        renderable (a board, cards in their colours); ``colour`` off means the colour letters must
        say what the colours would. ``None`` (the default): the prompt's text alone."""
        return None

    def time_limit_for(self, puzzle: Puzzle) -> float | None:
        """The seconds ``puzzle`` gets (a review asked again gets them afresh): the drill's time limit,
        unless the game scales it to the puzzle."""
        return self.time_limit

    def _judge(self, puzzle: Puzzle, answer: str | None) -> Judgement:  # pragma: no cover - each game's
        raise NotImplementedError

    # -- progress: how the history and ``tablecalc stats`` name and group this drill's items --

    @classmethod
    def label(cls, item: str, puzzle: Mapping[str, Any] | None = None) -> str:
        """An item as a learner reads it (``7 × 8``, ``3-bee with 6 5 2 10``), from its key and,
        when there is one, the puzzle saved with it. By default the puzzle's prompt, else the
        key without its ``game:level:`` prefix."""
        prompt = (puzzle or {}).get("prompt")
        if isinstance(prompt, str) and prompt.strip():
            return " ".join(prompt.split())
        parts = item.split(":", 2)
        return parts[2] if len(parts) == 3 and parts[0] == getattr(cls, "game", None) else item

    @classmethod
    def family(cls, item: str) -> str | None:
        """The family of facts an item belongs to (a stable code such as ``mul:7``), or ``None``:
        ``tablecalc stats`` ranks the weakest families. By default items have no family."""
        return None

    @classmethod
    def family_name(cls, family: str) -> str:
        """A family's code as a learner reads it (``the 7× table``)."""
        return family

    def focus_on(self, history: Any, now: Any) -> None:
        """Called once before a session that mixes in reviews, with the history (to read, never
        to write): a drill may steer its new puzzles towards what the learner finds hard. By
        default it does nothing."""

    # -- facts in a grid and on paper (the teacher's view: :mod:`trainer.classroom`) --------

    FACT_KINDS: ClassVar[tuple[str, ...]] = ()
    """The kinds of facts this drill lays out in a grid (:meth:`fact_grid`); none by default."""

    @classmethod
    def fact_grid(cls, kind: str) -> "FactGrid":
        """The grid of one of :attr:`FACT_KINDS`: the rows and columns it shows by default and
        what they stand for."""
        raise ValueError(f"{getattr(cls, 'game', cls.__name__)} has no grid of {kind!r} facts")

    @classmethod
    def fact_at(cls, kind: str, row: int, column: int) -> str | None:
        """The item at a cell of a kind's grid (``None``: no fact there, such as a division by 0)."""
        return None

    @classmethod
    def fact_place(cls, item: str) -> tuple[str, int, int] | None:
        """Where an item stands in a grid: ``(kind, row, column)``; ``None`` for an item of no grid."""
        return None

    @classmethod
    def sheet_line(cls, item: str) -> tuple[str, str] | None:
        """An item as a paper worksheet asks it, and its answer (``("7 × 8", "56")``); ``None`` for
        an item that cannot go on paper (the default)."""
        return None

    @classmethod
    def family_items(cls, family: str, rng: Any, count: int) -> list[str]:
        """Up to ``count`` items of ``family`` to practise, the first to offer first (a worksheet
        fills up with them, leaving out those already answered); none by default."""
        return []


@dataclass(frozen=True)
class FactGrid:
    """A kind of facts laid out as a grid: a cell is the fact of its row and column
    (:meth:`GameDrill.fact_at`), as in XtraMath's fact grid. ``title``, ``rows_are`` and
    ``columns_are`` are already in the learner's language."""

    kind: str
    symbol: str
    """The operation's sign, shown in the grid's corner (``×``)."""
    rows: range
    columns: range
    title: str
    rows_are: str
    columns_are: str


MAX_SECONDS = 24 * 3600
"""The longest time limit a drill accepts (a day): longer, or infinite, is no limit at all."""


def check_seconds(seconds: float | None, what: str) -> None:
    """Refuse a time limit that is not a finite number of seconds > 0 (``inf`` and ``nan`` too).

    >>> check_seconds(float("nan"), "--round-time")
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: bad --round-time nan: expected a number of seconds above 0 and at most 86400 (leave it out for no limit)
    """
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:  # nan fails every comparison
        raise TablecalcError(
            _("bad {what} {seconds:g}: expected a number of seconds above 0 and at most {most} (leave it out for no limit)").format(
                what=what, seconds=seconds, most=MAX_SECONDS)
        )


def drill_class(game: str) -> type:
    """The ``Drill`` class of a registered game (``trainer/games/<name>/drill.py``)."""
    spec = find_game(game)
    return importlib.import_module(f"trainer.games.{spec.name}.drill").Drill


def make_drill(game: str, **options: Any) -> Drill:
    """The drill of ``game`` with these options (``level``, ``preset``, ``time_limit`` and the
    drill's own, e.g. ``min_cards`` for Nambarz)."""
    return drill_class(game)(**options)
