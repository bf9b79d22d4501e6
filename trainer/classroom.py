"""The teacher's view of a history shared by several learners: who they are, how each is doing,
the fact grid of each kind of arithmetic fact, a worksheet of a learner's weakest facts, and the
recording of an answer for a named learner (what a front end such as a web page calls).

Every function takes an open :class:`~trainer.history.History` (any learner's view of it) and a
learner's name (``""`` or ``None``: the default learner, whose answers were given without a
name). A name a person typed is checked by :func:`trainer.history.learner_name` and compared
case-insensitively; :func:`known_learner` refuses a name the history does not know.

Nothing here names a game: the facts, their grids and their place on paper are each drill's
(:attr:`~trainer.drills.GameDrill.FACT_KINDS`, ``fact_grid``, ``fact_at``, ``fact_place``,
``sheet_line``, ``family_items``), found through the registry.

**The fact grid** (:func:`fact_matrix`), as XtraMath shows it: each cell is one fact, for
instance ``7 × 8`` at row 7, column 8, classified by the learner's *latest* answer to it:

- ``fast``: right within the reference time (the time limit, else the drill's pace: 6 s for
  the timed arithmetic levels);
- ``slow``: right, but slower than that, or after a hint;
- ``missed``: wrong (or no answer in time);
- ``unseen``: never answered.

Only the latest answer counts, so a fact comes out of ``missed`` the moment it is answered
right, and a fact answered right once long ago stays ``fast``: the cell says where the learner
stands now; the weakest facts (:func:`~trainer.stats.weak_items`) weigh repeated misses.

>>> import pathlib, random, tempfile
>>> from datetime import datetime, timezone
>>> from trainer.drills import make_drill
>>> tmp = tempfile.TemporaryDirectory()
>>> with History.open(pathlib.Path(tmp.name) / "history.sqlite3") as history:
...     drill = make_drill("arith", level="mul")
...     at = datetime(2025, 3, 3, 9, tzinfo=timezone.utc)
...     puzzle = drill.from_situation("calculate 7 × 8")
...     record_answer(history, "Léa", drill, puzzle, "54", seconds=4.0, at=at).correct
...     record_answer(history, "Sam", drill, puzzle, "56", seconds=2.0, at=at).correct
...     learners(history), fact_matrix(history, "léa", "mul").cell(7, 8).status
...     sheet = worksheet(history, "Léa", 3, random.Random(1), now=at, shuffle=False)
...     sheet.pairs[0], sheet.note()
False
True
(['Léa', 'Sam'], 'missed')
(('7 × 8', '56'), 'Only 1 weak fact. 2 more from the 7× table, due for review or not yet answered.')
>>> tmp.cleanup()
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime, timezone, tzinfo
from typing import Any, Iterable

from fsrs import Rating

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _, ngettext
from solver.registry import game_names
from trainer.drills import FactGrid, GameDrill, Judgement, Puzzle, drill_class
from trainer.history import History, learner_name, learner_option
from trainer.progress import family_scores, utc_now
from trainer.stats import compute_stats, weak_items

__all__ = ["learners", "known_learner", "learner_label", "learner_stats", "class_overview", "fact_kinds",
           "fact_matrix", "FactMatrix", "FactCell", "STATUSES", "MARKS", "status_name", "worksheet", "Worksheet",
           "SheetLine", "record_answer", "render_class", "render_fact_matrix", "render_worksheet", "SHEET_COUNT",
           "MAX_SHEET_COUNT", "MAX_GRID"]

FAST, SLOW, MISSED, UNSEEN = "fast", "slow", "missed", "unseen"
STATUSES = (FAST, SLOW, MISSED, UNSEEN)
"""A fact's place in the grid, from its latest answer (see the module's docstring)."""
_STATUS_NAMES = {FAST: N_("fast"), SLOW: N_("slow"), MISSED: N_("missed"), UNSEEN: N_("not yet seen")}
SHEET_COUNT = 20
"""Facts on a worksheet unless told otherwise."""
MAX_SHEET_COUNT = 200
"""The most facts a worksheet takes."""
MAX_GRID = 100
"""The most rows (and columns) a fact grid shows."""


# ---------------------------------------------------------------- learners


def learners(history: History) -> list[str]:
    """Every learner of the history, as first typed, in alphabetical order; ``""`` (the default
    learner) first when it has answers (:meth:`~trainer.history.History.learners`)."""
    return history.learners()


def known_learner(history: History, name: str | None) -> str:
    """``name`` as the history keeps it (as first typed), or a :class:`TablecalcError` in one
    line when the history has no such learner (a typo in a name should not read as a learner
    who has done nothing). ``None`` or ``""`` is the default learner, always there."""
    if not name:
        return ""
    typed = learner_name(name)
    if history.has_learner(typed):
        return history.for_learner(typed).learner
    names = [n for n in history.learners() if n]
    known = _("expected one of {names}").format(names=", ".join(names)) if names else _("it has none yet")
    raise TablecalcError(_("no learner {name} in the history {path}: {known}").format(
        name=quoted(typed), path=quoted(str(history.path), 200), known=known))


def learner_label(name: str) -> str:
    """How a table shows a learner: the name, or ``(no name)`` for the default learner."""
    return name or _("(no name)")


def learner_stats(history: History, learner: str | None, *, now: datetime | None = None,
                  tz: tzinfo | None = timezone.utc, drill: str | None = None) -> dict:
    """Everything ``tablecalc stats --learner NAME --json`` gives about one learner (see
    :func:`trainer.stats.compute_stats`): the streak, today's answers and the daily goal, the
    weakest families and the weakest puzzles in readable form (``label``), accuracy and speed
    per drill and day."""
    return compute_stats(history.for_learner(learner), now=now, tz=tz, drill=drill)


def class_overview(history: History, *, now: datetime | None = None, tz: tzinfo | None = timezone.utc,
                   drill: str | None = None) -> list[dict]:
    """One row per learner (in :func:`learners` order), side by side: ``learner``, ``answers``,
    ``correct``, ``accuracy``, ``median_seconds``, ``streak`` (``current``, ``longest``,
    ``practised_today``), ``today`` (``answers``, ``goal``), ``weakest_family`` (the weakest
    family with a miss or a slow answer among its latest answers: ``drill``, ``family``,
    ``name``; or null), ``due_now`` and ``last_at``; the numbers are :func:`learner_stats`'."""
    rows = []
    for name in learners(history):
        s = learner_stats(history, name, now=now, tz=tz, drill=drill)
        weak = next((f for f in s["families"] if f["recent_wrong"] or f["recent_slow"]), None)
        rows.append({
            "learner": name, "answers": s["answers"], "correct": s["correct"], "accuracy": s["accuracy"],
            "median_seconds": s["median_seconds"], "streak": s["streak"],
            "today": {"answers": s["today"]["answers"], "goal": s["today"]["goal"]},
            "weakest_family": {k: weak[k] for k in ("drill", "family", "name")} if weak else None,
            "due_now": s["due_now"], "last_at": s["last_at"]})
    return rows


# ---------------------------------------------------------------- recording


def record_answer(history: History, learner: str | None, drill: Any, puzzle: Puzzle, answer: str, seconds: float,
                  *, hints: int = 0, session: str = "", at: datetime | None = None) -> Judgement:
    """Judge ``answer`` to ``puzzle`` (a puzzle of ``drill``: ``drill.generate(rng)``, or
    :meth:`Puzzle.from_dict` of one sent to a browser) and record it for ``learner``, committed
    before returning; return the judgement. ``seconds`` is how long the learner took; ``hints``
    how many hints they were shown; ``""`` is no answer (a miss). An answer the drill cannot
    read (``judgement.retry``: a typo, no number) is not recorded: ask the same puzzle again."""
    judgement = drill.judge(puzzle, answer)
    if judgement.retry:
        return judgement
    if hints:
        judgement = replace(judgement, hints=hints)
    from trainer.session import answer_record

    at = at or utc_now()
    history.for_learner(learner).record(
        answer_record(drill, puzzle, answer, seconds, judgement, session or "web", at, hints))
    return judgement


# ---------------------------------------------------------------- the fact grid


def fact_kinds() -> dict[str, str]:
    """Every kind of fact a registered drill lays out in a grid, and its game (``{"add": "arith", ...}``)."""
    out: dict[str, str] = {}
    for game in game_names():
        for kind in drill_class(game).FACT_KINDS:
            out.setdefault(kind, game)
    return out


@dataclass(frozen=True)
class FactCell:
    """One fact of the grid and how the learner stands on it (``status``: one of :data:`STATUSES`)."""

    row: int
    column: int
    item: str
    question: str
    answer: str
    status: str
    answers: int = 0
    wrong: int = 0
    seconds: float | None = None
    """How long the latest answer took."""
    at: datetime | None = None
    """When the latest answer was given."""

    def as_dict(self) -> dict:
        return {"row": self.row, "column": self.column, "item": self.item, "question": self.question,
                "answer": self.answer, "status": self.status, "answers": self.answers, "wrong": self.wrong,
                "seconds": None if self.seconds is None else round(self.seconds, 2),
                "at": None if self.at is None else self.at.isoformat()}


@dataclass(frozen=True)
class FactMatrix:
    """A learner's grid of one kind of fact: ``cells[i][j]`` is the fact of ``rows[i]`` and
    ``columns[j]`` (``None`` where there is none, such as a division by 0); ``outside`` counts
    the facts of this kind the learner answered that lie off the grid."""

    learner: str
    game: str
    grid: FactGrid
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    cells: tuple[tuple[FactCell | None, ...], ...]
    outside: int

    @property
    def kind(self) -> str:
        return self.grid.kind

    def cell(self, row: int, column: int) -> FactCell | None:
        """The fact at ``row`` and ``column`` (a ``KeyError`` off the grid)."""
        try:
            return self.cells[self.rows.index(row)][self.columns.index(column)]
        except ValueError:
            raise KeyError((row, column)) from None

    def counts(self) -> dict[str, int]:
        """How many facts of the grid are in each status."""
        out = dict.fromkeys(STATUSES, 0)
        for line in self.cells:
            for c in line:
                if c is not None:
                    out[c.status] += 1
        return out

    def as_dict(self) -> dict:
        return {"learner": self.learner, "game": self.game, "kind": self.kind, "symbol": self.grid.symbol,
                "title": self.grid.title, "rows_are": self.grid.rows_are, "columns_are": self.grid.columns_are,
                "rows": list(self.rows), "columns": list(self.columns), "counts": self.counts(),
                "outside": self.outside,
                "cells": [[None if c is None else c.as_dict() for c in line] for line in self.cells]}


def status_name(status: str) -> str:
    """A status as the learner's language says it (``not yet seen``)."""
    return _(_STATUS_NAMES[status])


def _status(o) -> str:
    if not o.correct:
        return MISSED
    return SLOW if o.rating == Rating.Hard else FAST


def _check_numbers(numbers: Iterable[int] | None, default: range, what: str) -> tuple[int, ...]:
    if numbers is None:
        return tuple(default)
    out = tuple(numbers)
    if not out or len(out) > MAX_GRID or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in out):
        raise TablecalcError(_("bad {what} of the fact grid: expected 1 to {n} whole numbers from 0, like 1-12").format(
            what=_(what), n=MAX_GRID))
    return out


def fact_matrix(history: History, learner: str | None, kind: str, *, rows: Iterable[int] | None = None,
                columns: Iterable[int] | None = None) -> FactMatrix:
    """The learner's grid of ``kind`` facts (one of :func:`fact_kinds`: ``add``, ``sub``, ``mul``
    or ``div``), each cell classified by the learner's latest answer to that fact (see the
    module's docstring). ``rows`` and ``columns`` default to the drill's grid
    (:meth:`~trainer.drills.GameDrill.fact_grid`: sums and differences 0-10 by 0-10, times tables
    1-12 by 1-12); any others up to :data:`MAX_GRID` each may be asked (``range(2, 13)``)."""
    kinds = fact_kinds()
    if kind not in kinds:
        raise TablecalcError(_("unknown kind of facts {kind}: expected one of {kinds}").format(
            kind=quoted(kind), kinds=", ".join(kinds)))
    game = kinds[kind]
    cls = drill_class(game)
    grid = cls.fact_grid(kind)
    rows_, columns_ = _check_numbers(rows, grid.rows, N_("rows")), _check_numbers(columns, grid.columns, N_("columns"))
    view = history.for_learner(learner)
    latest: dict[str, Any] = {}
    tally: dict[str, list[int]] = {}
    places: dict[str, tuple | None] = {}
    for o in view.outcomes(game):
        place = places[o.item] if o.item in places else places.setdefault(o.item, cls.fact_place(o.item))
        if place is None or place[0] != kind:
            continue
        latest[o.item] = o
        t = tally.setdefault(o.item, [0, 0])
        t[0] += 1
        t[1] += not o.correct
    on_grid = set()
    cells = []
    for r in rows_:
        line = []
        for c in columns_:
            item = cls.fact_at(kind, r, c)
            sheet = cls.sheet_line(item) if item is not None else None
            if item is None or sheet is None:
                line.append(None)
                continue
            on_grid.add(item)
            o = latest.get(item)
            if o is None:
                line.append(FactCell(r, c, item, sheet[0], sheet[1], UNSEEN))
            else:
                line.append(FactCell(r, c, item, sheet[0], sheet[1], _status(o), tally[item][0], tally[item][1],
                                     o.seconds, o.at))
        cells.append(tuple(line))
    return FactMatrix(view.learner, game, grid, rows_, columns_, tuple(cells), len(set(latest) - on_grid))


# ---------------------------------------------------------------- the worksheet


@dataclass(frozen=True)
class SheetLine:
    """One fact on a worksheet: the question (``7 × 8``), its answer (``56``), its item, and why
    it is there: ``weak`` (missed or slow lately), ``due`` (due for review, from the weakest
    family) or ``new`` (not yet answered, from the weakest family)."""

    question: str
    answer: str
    item: str
    why: str

    def as_dict(self) -> dict:
        return {"question": self.question, "answer": self.answer, "item": self.item, "why": self.why}


@dataclass(frozen=True)
class Worksheet:
    """A sheet of facts for one learner, in the order printed, the answer key being the same
    lines' answers. ``family`` is the family it was filled from when the weak facts were
    fewer than ``count`` (else ``None``)."""

    learner: str
    count: int
    lines: tuple[SheetLine, ...]
    family: str | None = None
    family_name: str | None = None

    @property
    def weak(self) -> int:
        return sum(line.why == "weak" for line in self.lines)

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """The sheet as ``(question, answer)`` pairs."""
        return [(line.question, line.answer) for line in self.lines]

    def note(self) -> str | None:
        """What the sheet is made of when it is not ``count`` weak facts (``None`` when it is):
        ``Only 3 weak facts. 17 more from the 7× table, due for review or not yet answered.``"""
        weak, n = self.weak, len(self.lines)
        if weak == n == self.count:
            return None
        parts = [ngettext("Only {n} weak fact.", "Only {n} weak facts.", weak).format(n=weak) if weak
                 else _("No weak facts yet.")]
        if n > weak and self.family_name:
            parts.append(ngettext("{n} more from {family}, due for review or not yet answered.",
                                  "{n} more from {family}, due for review or not yet answered.", n - weak).format(
                n=n - weak, family=self.family_name))
        if n < self.count:
            parts.append(ngettext("{n} fact in all: no more could be found.",
                                  "{n} facts in all: no more could be found.", n).format(n=n))
        return " ".join(parts)

    def as_dict(self) -> dict:
        return {"learner": self.learner, "count": self.count, "weak": self.weak, "family": self.family,
                "family_name": self.family_name, "note": self.note(), "lines": [x.as_dict() for x in self.lines]}


def worksheet(history: History, learner: str | None, count: int = SHEET_COUNT, rng: random.Random | None = None, *,
              now: datetime | None = None, shuffle: bool = True) -> Worksheet:
    """A worksheet of the learner's ``count`` weakest facts (the facts a drill can put on
    paper, ranked as ``stats`` ranks the weakest puzzles: :func:`~trainer.stats.weak_items`).
    When there are fewer, it is filled from the learner's weakest family
    (:func:`~trainer.progress.family_scores`): first its facts due for review at ``now``
    (weakest first), then facts of it the learner never answered
    (:meth:`~trainer.drills.GameDrill.family_items`); :meth:`Worksheet.note` says so. The lines
    are then shuffled with ``rng`` (unless ``shuffle`` is false), so that the same ``rng`` seed
    gives the same sheet. A learner without any fact answered gets a :class:`TablecalcError`."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_SHEET_COUNT:
        raise TablecalcError(_("bad worksheet count {n}: expected 1 to {most} facts, e.g. 20").format(
            n=quoted(count), most=MAX_SHEET_COUNT))
    rng = rng if rng is not None else random.Random()
    now = (now or utc_now()).astimezone(timezone.utc)
    view = history.for_learner(learner)
    outcomes, items = view.outcomes(), view.items()
    classes = {o.drill: _hooks(o.drill) for o in outcomes}
    lines: list[SheetLine] = []
    chosen: set[str] = set()

    def add(item: str, drill: str, why: str) -> None:
        sheet = classes[drill].sheet_line(item) if drill in classes else None
        if sheet is not None and item not in chosen and len(lines) < count:
            chosen.add(item)
            lines.append(SheetLine(sheet[0], sheet[1], item, why))

    for w in weak_items(outcomes, items):
        add(w.state.item, w.state.drill, "weak")
    family = family_name = None
    if len(lines) < count:
        weakest = _weakest_family(outcomes, classes)
        if weakest is None and not lines:
            who = learner_option(view.learner)
            raise TablecalcError(_("{learner} has answered no facts yet: there is nothing to put on a worksheet; "
                                   "play a drill of facts first ({games})").format(
                learner=learner_label(view.learner),
                games=", ".join(f"tablecalc drill {g}{who}" for g in sorted(set(fact_kinds().values())))))
        if weakest is not None:
            drill, family = weakest
            cls = classes[drill]
            family_name = cls.family_name(family)
            due = [s for s in items if s.drill == drill and s.due <= now and cls.family(s.item) == family]
            due.sort(key=lambda s: (s.retrievability(now), -s.lapses, s.due, s.item))
            for s in due:
                add(s.item, drill, "due")
            answered = {s.item for s in items}
            for item in cls.family_items(family, rng, 4 * count):
                if item not in answered:
                    add(item, drill, "new")
    if shuffle:
        rng.shuffle(lines)
    return Worksheet(view.learner, count, tuple(lines), family if any(x.why != "weak" for x in lines) else None,
                     family_name if any(x.why != "weak" for x in lines) else None)


def _hooks(drill: str) -> type:
    """The class that knows a drill's items (:class:`GameDrill`'s defaults for a drill this
    tablecalc does not know: no facts)."""
    try:
        return drill_class(drill)
    except (TablecalcError, ImportError):
        return GameDrill


def _weakest_family(outcomes: list, classes: dict[str, type]) -> tuple[str, str] | None:
    """``(drill, family)`` of the weakest family whose facts go on paper, or ``None``."""
    scores = []
    for drill, cls in sorted(classes.items()):
        if not cls.FACT_KINDS:
            continue
        mine = [o for o in outcomes if o.drill == drill]
        for family, sc in family_scores(mine, cls.family).items():
            scores.append((-sc.weakness, -sc.recent_wrong, drill, family))
    if not scores:
        return None
    _w, _r, drill, family = min(scores)
    return drill, family


# ---------------------------------------------------------------- in a terminal, on paper

_MARKS = {FAST: ("●", "green"), SLOW: ("◐", "yellow"), MISSED: ("✗", "red"), UNSEEN: ("·", "dim")}
"""Each status's mark in a printed grid: its shape tells it apart without colour."""
MARKS = {status: mark for status, (mark, _style) in _MARKS.items()}
"""Each status's sign (● ◐ ✗ ·), beside its colour wherever a grid is shown: a grid printed in
black and white still reads."""


def render_class(rows: list[dict], path: str, console=None) -> None:
    """Print :func:`class_overview`'s rows as one table, from 60 columns up."""
    from rich import box
    from rich.table import Table

    from trainer.out import console as rich_console, safe

    console = console or rich_console(highlight=False)
    if not rows:
        console.print(_("No learner has answered yet in {path}. Give a drill a learner's name: [bold]tablecalc drill "
                        "{game} --learner NAME[/].").format(path=safe(path), game=game_names()[0]))
        return
    console.print("[bold]" + safe(ngettext("{n} learner in {path}", "{n} learners in {path}", len(rows)).format(
        n=len(rows), path=path)) + "[/]")
    t = Table(header_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0))
    for column, left in ((_("learner"), True), (_("answers"), False), (_("right"), False), (_("streak"), False),
                         (_("today"), False), (_("weakest family"), True)):
        t.add_column(column, justify="left" if left else "right", overflow="fold", ratio=1 if left else None)
    for r in rows:
        streak = r["streak"]["current"]
        done, goal = r["today"]["answers"], r["today"]["goal"]
        today = f"{done}/{goal}" if goal else str(done)
        if goal and done >= goal:
            today = f"[green]{today}[/]"
        weak = r["weakest_family"]
        t.add_row(safe(learner_label(r["learner"])), str(r["answers"]), _percent(r["accuracy"]),
                  ngettext("{n} day", "{n} days", streak).format(n=streak) if streak else "—", today,
                  safe(weak["name"]) if weak else "—")
    console.print(t)


def _percent(x: float | None) -> str:
    if x is None:
        return "—"
    style = "green" if x >= 0.9 else "yellow" if x >= 0.7 else "red"
    return f"[{style}]{100 * x:.0f}%[/]"


def render_fact_matrix(matrix: FactMatrix, console=None) -> None:
    """Print a learner's fact grid: one mark per fact (● fast, ◐ slow, ✗ missed, · not yet seen),
    the rows and columns numbered, the counts above and the key below."""
    from trainer.out import console as rich_console, safe

    console = console or rich_console(highlight=False)
    counts = matrix.counts()
    head = ", ".join(f"{counts[s]} {status_name(s)}" for s in STATUSES)
    title = _("{title}: {counts}").format(title=matrix.grid.title, counts=head)
    if matrix.learner:
        title = _("{learner}: {line}").format(learner=matrix.learner, line=title)
    console.print(f"[bold]{safe(title[:1].upper() + title[1:])}[/]")
    console.print(safe(_("Rows: {rows}; columns: {columns}.").format(rows=matrix.grid.rows_are,
                                                                    columns=matrix.grid.columns_are)))
    width = max(len(str(n)) for n in matrix.columns) + 1
    label = max(len(str(n)) for n in (*matrix.rows, 0))
    label = max(label, len(matrix.grid.symbol))
    console.print(f"[bold]{matrix.grid.symbol:>{label}}" + "".join(f"{c:>{width}}" for c in matrix.columns) + "[/]")
    for r, line in zip(matrix.rows, matrix.cells):
        marks = []
        for c in line:
            mark, style = ("", "dim") if c is None else _MARKS[c.status]
            marks.append(f"[{style}]{mark:>{width}}[/]")
        console.print(f"[bold]{r:>{label}}[/]" + "".join(marks))
    console.print("  ".join(f"[{_MARKS[s][1]}]{_MARKS[s][0]}[/] {safe(status_name(s))}" for s in STATUSES))
    if matrix.outside:
        console.print(safe(ngettext("{n} fact of this kind was answered outside this grid.",
                                    "{n} facts of this kind were answered outside this grid.",
                                    matrix.outside).format(n=matrix.outside)))


def render_worksheet(sheet: Worksheet) -> str:
    """The worksheet as plain text to print: a title, the note when it is not all weak facts,
    the numbered questions (``7 × 8 = ____``), then the answer key."""
    n = len(sheet.lines)
    facts = ngettext("{n} fact", "{n} facts", n).format(n=n)
    title = (_("Worksheet of {learner}: {facts}").format(learner=sheet.learner, facts=facts) if sheet.learner
             else _("Worksheet: {facts}").format(facts=facts))
    out = [title]
    if not sheet.learner:
        out.append(_("Name:") + " " + "_" * 20)
    note = sheet.note()
    if note:
        out.append(note)
    number = len(str(n))
    wide = max((len(x.question) for x in sheet.lines), default=0)
    out.append("")
    out += [f"{i:>{number}}.  {x.question:<{wide}} = ____" for i, x in enumerate(sheet.lines, 1)]
    out += ["", _("Answer key")]
    out += [f"{i:>{number}}.  {x.question:<{wide}} = {x.answer}" for i, x in enumerate(sheet.lines, 1)]
    return "\n".join(out) + "\n"
