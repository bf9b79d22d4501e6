"""``tablecalc report``: one page a teacher can print about one learner — the grid of each kind of
arithmetic fact (fast, slow, missed, not yet seen, as XtraMath shows it), the weakest facts and
puzzles written as a person reads them, the streak, and the progress chart.

The data is :mod:`trainer.classroom`'s and :mod:`trainer.stats`' (the class page of the web
companion shows the same): :func:`make_report` gathers it, and three edges show it — the
terminal (:func:`render_report`), a web page to print (:func:`report_html`, the companion's own
templates, standing alone with its style and the chart inside) and a PDF (:func:`report_pdf`,
written by :mod:`trainer.pdf` in pure Python, so that a plain install makes it). The chart needs
matplotlib (the plot extra): without it, the report is made without its chart and says so.

>>> import pathlib, tempfile
>>> from datetime import datetime, timezone
>>> from trainer.classroom import record_answer
>>> from trainer.drills import make_drill
>>> tmp = tempfile.TemporaryDirectory()
>>> at = datetime(2025, 3, 3, 9, tzinfo=timezone.utc)
>>> with History.open(pathlib.Path(tmp.name) / "history.sqlite3") as history:
...     drill = make_drill("arith", level="mul")
...     _ = record_answer(history, "Léa", drill, drill.from_situation("calculate 7 × 8"), "54", 3.0, at=at)
...     report = make_report(history, "léa", now=at)
>>> report.learner, [g.kind for g in report.grids], report.weak_facts[0]["question"]
('Léa', ['add', 'sub', 'mul', 'div'], '7 × 8')
>>> report_pdf(report)[:8]
b'%PDF-1.4'
>>> tmp.cleanup()
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone, tzinfo

from solver.errors import TablecalcError
from solver.i18n import _, ngettext
from solver.registry import find_game, game_names
from trainer.classroom import MARKS, STATUSES, FactMatrix, fact_kinds, fact_matrix, known_learner, learner_label, status_name
from trainer.history import History, learner_option
from trainer.progress import MONTHS, Streak, Trend, goal_text, streak_text, trend_text, utc_now
from trainer.stats import RECENT_ITEM_ANSWERS, compute_stats, hooks, penalties_text

__all__ = ["Report", "make_report", "render_report", "report_html", "report_pdf", "write_report", "WEAK_FACTS",
           "WEAK_PUZZLES", "STATUS_COLOURS"]

WEAK_FACTS = 10
"""The most weak facts a report lists."""
WEAK_PUZZLES = 4
"""The most weak puzzles (of the games, not facts) a report lists."""
CHART = {"headline": False, "calendar": False, "width": 11, "panel": 0.8}
"""How the report draws the progress chart (:func:`trainer.chart.chart_figure`): the games' panels
only, low, to fit under the grids (the report says the trend, totals and streak in words)."""
STATUS_COLOURS = {"fast": ("#cdebd3", "#1b5e20"), "slow": ("#fff1c2", "#7a5c00"), "missed": ("#f8d0cc", "#8e1b14"),
                  "unseen": ("#ffffff", "#999999")}
"""Each status's background and mark colour on paper: the class page's (``tablecalc.css``)."""


@dataclass(frozen=True)
class Report:
    """What a report says about one learner at ``at``: ``stats`` is
    :func:`~trainer.stats.compute_stats`' data; ``grids`` one :class:`~trainer.classroom.FactMatrix`
    per kind of fact; ``weak_facts`` and ``weak_puzzles`` the weakest items, weakest first (a
    fact as ``question`` and ``answer``; a puzzle as its readable ``label`` and its ``game``),
    each with ``missed`` of its latest ``answers`` and ``slow``; ``families`` the weakest
    families (``name``, ``missed``, ``answers``)."""

    learner: str
    history: str
    at: datetime
    stats: dict
    grids: tuple[FactMatrix, ...]
    weak_facts: tuple[dict, ...]
    weak_puzzles: tuple[dict, ...]
    families: tuple[dict, ...]

    @property
    def name(self) -> str:
        return learner_label(self.learner)

    def title(self) -> str:
        """``Progress report: Léa``."""
        return _("Progress report: {learner}").format(learner=self.name)

    def dated(self) -> str:
        """``26 Nov 2026``: the day the report was made."""
        d = self.at.astimezone().date() if self.at.tzinfo else self.at.date()
        return _day(d)

    def summary(self) -> str:
        """``683 answers in 33 sessions, 20 Oct to 25 Nov: 68% right, median 19.9 s per answer``."""
        s = self.stats
        answers = ngettext("{n} answer", "{n} answers", s["answers"]).format(n=s["answers"])
        sessions = ngettext("{n} session", "{n} sessions", s["sessions"]).format(n=s["sessions"])
        first, last = (date.fromisoformat(s[k][:10]) for k in ("first_at", "last_at"))
        span = _day(first) if first == last else _("{first} to {last}").format(first=_day(first), last=_day(last))
        line = _("{answers} in {sessions}, {span}: {accuracy} right, median {median} per answer").format(
            answers=answers, sessions=sessions, span=span, accuracy=f"{100 * s['accuracy']:.0f}%",
            median=f"{s['median_seconds']:.1f} s")
        if s["penalties"]:
            line += _("; penalties: {penalties}").format(penalties=penalties_text(s["by_drill"]))
        return line

    def streak(self) -> str:
        """The streak and today's goal, as ``stats`` says them."""
        s, today = self.stats["streak"], self.stats["today"]
        text = streak_text(Streak(s["current"], s["longest"], s["practised_today"]))
        if s["longest"] > s["current"]:
            text += _(" (longest {n} days)").format(n=s["longest"])
        line = _("{streak}; {goal}.").format(streak=text, goal=goal_text(today["answers"], today["goal"]))
        return line[:1].upper() + line[1:]

    def trend(self) -> str | None:
        """The trend of the last week, as ``stats`` says it (``None`` without one)."""
        t = self.stats["trend"]
        if not t:
            return None
        return trend_text(Trend(date.fromisoformat(t["since"]), date.fromisoformat(t["until"]), t["before"],
                                t["after"], t["median_seconds_before"], t["median_seconds_after"]),
                          date.fromisoformat(self.stats["today"]["day"])) + "."

    def due(self) -> str:
        return _("{due} of {items} puzzles due for review now, {today} by the end of today.").format(
            due=self.stats["due_now"], items=self.stats["items"], today=self.stats["due_today"])

    def families_line(self) -> str | None:
        """``Weakest families: the 7× table (missed 3 of the latest 10); …`` (``None`` without one)."""
        if not self.families:
            return None
        return _("Weakest families: {families}").format(families="; ".join(
            f"{f['name']} ({_missed(f)})" for f in self.families))

    def as_dict(self) -> dict:
        return {"learner": self.learner, "history": self.history, "at": self.at.isoformat(),
                "summary": self.summary(), "streak": self.streak(), "trend": self.trend(),
                "grids": [g.as_dict() for g in self.grids], "weak_facts": list(self.weak_facts),
                "weak_puzzles": list(self.weak_puzzles), "families": list(self.families)}


def _day(d: date) -> str:
    return f"{d.day} {_(MONTHS[d.month - 1])} {d.year}"


def make_report(history: History, learner: str | None, *, now: datetime | None = None,
                tz: tzinfo | None = timezone.utc) -> Report:
    """The report of ``learner`` (a name the history knows, any case; ``None``: the default
    learner), as at ``now``, days in ``tz`` (``None``: local time). A learner without any
    answer gets a :class:`TablecalcError` saying how to start."""
    now = (now or utc_now()).astimezone(timezone.utc)
    name = known_learner(history, learner)
    view = history.for_learner(name)
    stats = compute_stats(view, now=now, tz=tz, weakest=10 * (WEAK_FACTS + WEAK_PUZZLES))
    if not stats["answers"]:
        raise TablecalcError(_("{learner} has answered nothing yet: there is nothing to report; play a drill first "
                               "(tablecalc drill {game}{who})").format(
            learner=learner_label(name), game=game_names()[0], who=learner_option(name)))
    facts, puzzles = [], []
    for w in stats["weakest"]:
        sheet = hooks(w["drill"]).sheet_line(w["item"])
        row = {"item": w["item"], "missed": w["recent_wrong"], "answers": w["recent_answers"], "slow": w["slow"]}
        if sheet is not None and len(facts) < WEAK_FACTS:
            facts.append({**row, "question": sheet[0], "answer": sheet[1]})
        elif sheet is None and len(puzzles) < WEAK_PUZZLES:
            puzzles.append({**row, "label": w["label"], "game": _game_title(w["drill"]), "level": w["level"]})
    families = tuple({"name": f["name"], "missed": f["recent_wrong"], "slow": f["recent_slow"],
                      "answers": f["recent_answers"]}
                     for f in stats["families"] if f["recent_wrong"] or f["recent_slow"])[:5]
    grids = tuple(fact_matrix(view, name, kind) for kind in fact_kinds())
    return Report(name, str(history.path), now, stats, grids, tuple(facts), tuple(puzzles), families)


def _game_title(drill: str) -> str:
    try:
        return _(find_game(drill).title).split(" (")[0]
    except TablecalcError:
        return drill


def _missed(row: dict) -> str:
    """``missed 3 of the latest 5`` (and ``, 2 slow``)."""
    text = ngettext("missed {missed} of the latest {n}", "missed {missed} of the latest {n}", row["missed"]).format(
        missed=row["missed"], n=row["answers"])
    if row.get("slow"):
        text += ", " + ngettext("{n} slow", "{n} slow", row["slow"]).format(n=row["slow"])
    return text


def _grid_title(grid: FactMatrix) -> str:
    counts = grid.counts()
    title = grid.grid.title
    return title[:1].upper() + title[1:], ", ".join(
        f"{counts[s]} {status_name(s)}" for s in STATUSES if counts[s])


# ---------------------------------------------------------------- in a terminal


def render_report(report: Report, console=None) -> None:
    """Print the report: its lines, each fact grid the learner has begun, the weakest facts and puzzles."""
    from trainer.classroom import render_fact_matrix
    from trainer.out import console as rich_console, safe

    console = console or rich_console(highlight=False)
    console.print(f"[bold]{safe(report.title())}[/] · {safe(report.dated())}")
    for line in (report.summary(), report.streak(), report.trend(), report.due(), report.families_line()):
        if line:
            console.print(safe(line))
    for grid in report.grids:
        if grid.counts()["unseen"] < sum(grid.counts().values()):
            console.print()
            render_fact_matrix(grid, console)
    for title, rows, text in ((_("Weakest facts"), report.weak_facts, lambda r: f"{r['question']} = {r['answer']}"),
                              (_("Weakest puzzles"), report.weak_puzzles, lambda r: f"{r['game']}: {r['label']}")):
        if rows:
            console.print()
            console.print(f"[bold]{safe(title)}[/] " + safe(_("(among their latest {n} answers)").format(
                n=RECENT_ITEM_ANSWERS)))
            for r in rows:
                console.print(f"  {safe(text(r))} — {safe(_missed(r))}")
    if not report.weak_facts and not report.weak_puzzles:
        console.print()
        console.print(_("No weak spots: every puzzle so far was answered right and in time."))


# ---------------------------------------------------------------- a web page


def report_html(report: Report, chart: str | None = None, chart_note: str | None = None) -> str:
    """The report as one web page standing alone (its style inside), A4 when printed: the web
    companion's templates (the fact grid of the class page), ``chart`` the SVG of the progress
    chart, else ``chart_note`` saying why there is none."""
    from importlib.resources import files

    from trainer.web.app import templates

    style = (files("trainer.web") / "static" / "tablecalc.css").read_text(encoding="utf-8")
    from solver.i18n import language

    return templates().get_template("report.html").render(
        report=report, lang=language(), style=style, marks=MARKS, status_name=status_name, chart=chart,
        chart_note=chart_note, missed=_missed, grid_title=_grid_title, statuses=STATUSES)


# ---------------------------------------------------------------- a PDF

_MARGIN = 12.0
_INK, _GREY, _LIGHT = "#222222", "#666666", "#dddddd"


def report_pdf(report: Report, chart: tuple[bytes, int, int] | None = None, chart_note: str | None = None) -> bytes:
    """The report as a one-page A4 PDF: ``chart`` is the progress chart as RGB pixels (bytes,
    width, height), else ``chart_note`` says why there is none."""
    from trainer.pdf import A4, Page, document, wrap

    page = Page()
    width = A4[0] - 2 * _MARGIN
    x, y = _MARGIN, _MARGIN + 6
    page.text(x, y, report.title(), 17, bold=True, colour=_INK)
    page.text(A4[0] - _MARGIN, y, report.dated(), 10, colour=_GREY, align="right")
    y += 6.5
    for line in (report.summary(), report.streak(), report.trend(), report.due()):
        for part in wrap(line, width, 9.5) if line else ():
            page.text(x, y, part, 9.5, colour=_INK)
            y += 4.4
    y += 2

    # ---- the fact grids, side by side
    grids = report.grids
    gap = 5.0
    box = (width - gap * (len(grids) - 1)) / max(1, len(grids))
    tallest = 0.0
    for i, grid in enumerate(grids):
        tallest = max(tallest, _pdf_grid(page, grid, x + i * (box + gap), y, box))
    y += tallest + 1.5
    # the key, once for every grid
    kx = x
    for s in STATUSES:
        _pdf_mark(page, s, kx + 1.6, y + 1.6, 3.2)
        kx += 4.5 + page.text(kx + 4.5, y + 2.8, status_name(s), 8.5, colour=_GREY) + 4
    y += 10

    # ---- the weakest facts and puzzles, in two columns
    half = (width - 6) / 2
    top = y
    for column, (title, rows, text) in enumerate((
            (_("Weakest facts"), report.weak_facts, lambda r: f"{r['question']} = {r['answer']}"),
            (_("Weakest puzzles"), report.weak_puzzles, lambda r: f"{r['game']}: {r['label']}"))):
        cx, cy = x + column * (half + 6), top
        page.text(cx, cy, title, 11, bold=True, colour=_INK)
        cy += 5
        if not rows:
            page.text(cx, cy, _("None: every one answered right and in time lately."), 9, colour=_GREY)
            cy += 4.4
        for r in rows:
            cy = _pdf_row(page, text(r), _missed(r), cx, cy, half)
        y = max(y, cy)
    if report.families:
        y += 1
        for part in wrap(report.families_line(), width, 9):
            page.text(x, y, part, 9, colour=_INK)
            y += 4.2
    y += 3

    # ---- the chart, in the room left
    room = A4[1] - _MARGIN - y
    if chart is not None:
        pixels, w, h = chart
        scale = min(width / w, room / h)
        page.image(x + (width - w * scale) / 2, y, w * scale, h * scale, pixels, w, h)
    elif chart_note:
        page.text(x, y + 3, _("Progress"), 11, bold=True, colour=_INK)
        for k, part in enumerate(wrap(chart_note, width, 9)):
            page.text(x, y + 8 + 4.2 * k, part, 9, colour=_GREY)
    return document([page], title=report.title())


def _pdf_row(page, text: str, why: str, x: float, y: float, width: float) -> float:
    """One weak fact or puzzle: its text in bold (two lines at most, cut with …), how often it
    was missed at the right of its last line, or under it when there is no room; returns the
    next line's ``y``."""
    from trainer.pdf import text_width, wrap

    lines = wrap(text, width, 9.5, bold=True)
    if len(lines) > 2:
        lines = [lines[0], lines[1].rstrip() + "…"]
        while text_width(lines[1], 9.5, bold=True) > width and len(lines[1]) > 2:
            lines[1] = lines[1][:-2] + "…"
    for part in lines:
        page.text(x, y, part, 9.5, bold=True, colour=_INK)
        y += 4.2
    if text_width(lines[-1], 9.5, bold=True) + text_width(why, 8.5) + 3 <= width:
        page.text(x + width, y - 4.2, why, 8.5, colour=_GREY, align="right")
    else:
        page.text(x + 3, y, why, 8.5, colour=_GREY)
        y += 4.2
    return y + 0.5


def _pdf_mark(page, status: str, cx: float, cy: float, size: float) -> None:
    """A status's cell: its colour, and a shape that tells it in black and white too (● fast,
    ◐ slow, ✗ missed, · not yet seen)."""
    background, ink = STATUS_COLOURS[status]
    page.rect(cx - size / 2, cy - size / 2, size, size, fill=background, stroke=_LIGHT, line=0.15)
    r = size * 0.28
    if status == "fast":
        page.circle(cx, cy, r, fill=ink)
    elif status == "slow":
        page.circle(cx, cy, r, stroke=ink, line=0.25)
        page.circle(cx, cy, r, fill=ink, half=True)
    elif status == "missed":
        page.line(cx - r, cy - r, cx + r, cy + r, colour=ink, width=0.45)
        page.line(cx - r, cy + r, cx + r, cy - r, colour=ink, width=0.45)
    else:
        page.circle(cx, cy, size * 0.07, fill=ink)


def _pdf_grid(page, grid: FactMatrix, x: float, y: float, box: float) -> float:
    """Draw a fact grid ``box`` mm wide from ``x``, ``y``; return its height."""
    from trainer.pdf import text_width

    title, counts = _grid_title(grid)
    page.text(x, y + 3, title, 9.5, bold=True, colour=_INK)
    size = 7.0
    while size > 5 and text_width(counts, size) > box:
        size -= 0.25
    page.text(x, y + 7, counts, size, colour=_GREY)
    cell = min(4.2, box / (len(grid.columns) + 1))
    top = y + 9
    page.text(x + cell / 2, top + cell * 0.72, grid.grid.symbol, 7.5, bold=True, colour=_INK, align="center")
    for j, c in enumerate(grid.columns):
        page.text(x + cell * (j + 1.5), top + cell * 0.72, str(c), 6.5, bold=True, colour=_GREY, align="center")
    for i, (r, line) in enumerate(zip(grid.rows, grid.cells)):
        cy = top + cell * (i + 1.5)
        page.text(x + cell / 2, cy + cell * 0.22, str(r), 6.5, bold=True, colour=_GREY, align="center")
        for j, c in enumerate(line):
            if c is not None:
                _pdf_mark(page, c.status, x + cell * (j + 1.5), cy, cell)
    return 9 + cell * (len(grid.rows) + 1)


# ---------------------------------------------------------------- the file


def chart_pixels(history: History, *, now: datetime | None = None, tz: tzinfo | None = timezone.utc,
                 dpi: int = 150) -> tuple[bytes, int, int]:
    """The progress chart of the report as RGB pixels: each game's panels (the report says the
    trend, the totals and the streak itself); a :class:`TablecalcError` when matplotlib is missing."""
    from trainer.chart import chart_figure

    fig = chart_figure(history, tz=tz, now=now, **CHART)
    fig.set_dpi(dpi)
    fig.canvas.draw()
    rgba = fig.canvas.buffer_rgba()
    w, h = fig.canvas.get_width_height(physical=True)
    data = bytes(rgba)
    rgb = bytearray(3 * w * h)  # drop the alpha channel: the figure is drawn on white
    rgb[0::3], rgb[1::3], rgb[2::3] = data[0::4], data[1::4], data[2::4]
    return bytes(rgb), w, h


def write_report(history: History, learner: str | None, path, fmt: str, *, force: bool = False,
                 now: datetime | None = None, tz: tzinfo | None = None) -> str | None:
    """Write the learner's report to ``path`` as ``fmt`` (``pdf`` or ``html``), atomically
    (:func:`solver.files.write_file`: an existing file only with ``force``). Returns why the
    chart is missing (matplotlib is not installed), or ``None`` when it is there."""
    from solver.files import check_target, write_file
    from trainer.chart import chart_svg

    report = make_report(history, learner, now=now, tz=tz)
    check_target(path, _("the report"), force=force)
    view = history.for_learner(report.learner)
    note = None
    if fmt == "pdf":
        try:
            chart = chart_pixels(view, now=report.at, tz=tz)
        except TablecalcError as e:
            chart, note = None, str(e)
        data = report_pdf(report, chart, note)
    else:
        try:
            svg = chart_svg(view, tz=tz, now=report.at, **CHART)
        except TablecalcError as e:
            svg, note = None, str(e)
        data = report_html(report, svg, note).encode("utf-8")
    write_file(path, data, _("the report"), force=force)
    return note
