"""``tablecalc report``: one page a teacher can print about one learner — the grid of each kind of
arithmetic fact (fast, slow, missed, not yet seen, as XtraMath shows it), the weakest facts and
puzzles written as a person reads them, the streak, and the progress chart.

The data is :mod:`trainer.classroom`'s and :mod:`trainer.stats`' (the class page of the web
companion shows the same): :func:`make_report` gathers it, and three edges show it — the
terminal (:func:`render_report`), a web page to print (:func:`report_html`, the companion's own
templates, standing alone with its style and the chart inside) and a PDF (:func:`report_pdf`,
written by fpdf2, a dependency imported only here, so that a plain install makes it). The chart
needs matplotlib (the plot extra): without it, the report is made without its chart and says so.

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

__all__ = ["Report", "make_report", "render_report", "report_html", "report_pdf", "unicode_fonts", "write_report",
           "WEAK_FACTS", "WEAK_PUZZLES", "STATUS_COLOURS"]

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

_A4 = (210.0, 297.0)  # millimetres
_MARGIN = 12.0
_INK, _GREY, _LIGHT = "#222222", "#666666", "#dddddd"
_SYMBOL_FONT = {"♣": "\xa7", "♦": "\xa8", "♥": "\xa9", "♠": "\xaa", "←": "\xac", "↑": "\xad", "→": "\xae",
                "↓": "\xaf", "−": "-", "≤": "\xa3", "≥": "\xb3", "≠": "\xb9", "●": "\xb7"}
"""Without a Unicode font: the characters Helvetica lacks, as the PDF's own Symbol font holds them."""
_DEJAVU_SCALE = 0.92
"""DejaVu Sans at 92% of a size is about as wide as Helvetica at that size."""
_LOOK_ALIKES = {"\u202f": "\xa0", "\u2009": " ", "\u2007": " ", "\u2010": "-", "\u2011": "-"}
"""Without a Unicode font: spaces and hyphens Helvetica lacks, written as those it has."""


def unicode_fonts() -> tuple[str, str] | None:
    """The files of DejaVu Sans and DejaVu Sans Bold as matplotlib ships them (the plot extra), to
    embed in a PDF; ``None`` when matplotlib is not installed (found without importing it)."""
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("matplotlib")
    for folder in (spec.submodule_search_locations or ()) if spec else ():
        files = tuple(Path(folder, "mpl-data", "fonts", "ttf", f"DejaVuSans{s}.ttf") for s in ("", "-Bold"))
        if all(f.is_file() for f in files):
            return str(files[0]), str(files[1])
    return None


class _Sheet:
    """One A4 page drawn by fpdf2, in millimetres from its top-left corner. Its text is in DejaVu
    Sans, embedded (the part used) from matplotlib's files where it is installed: every letter
    and sign of the languages of Europe. Without it, in the PDF's own Helvetica (Windows-1252:
    every letter of French and Dutch, × ÷ – …) and its Symbol font for the card suits, arrows
    and − ≤ ≥. A character the font lacks (an emoji in a name) is written as ``?``. DejaVu Sans
    is wider than Helvetica: its sizes are scaled by :data:`_DEJAVU_SCALE` to keep the layout."""

    def __init__(self, title: str, lang: str, at: datetime, fonts: tuple[str, str] | None):
        from fpdf import FPDF

        self.pdf = FPDF(format="A4", unit="mm")
        self.pdf.set_auto_page_break(False)
        self.pdf.set_title(title)
        self.pdf.set_lang(lang)
        self.pdf.set_creator("tablecalc")
        self.pdf.set_creation_date(at)
        self.glyphs: dict[str, dict] = {}  # each style's characters, by code
        if fonts:
            for style, file in zip(("", "B"), fonts):
                self.pdf.add_font("DejaVu", style, file)
                self.pdf.set_font("DejaVu", style)
                self.glyphs[style] = self.pdf.current_font.cmap
        else:
            self.pdf.core_fonts_encoding = "windows-1252"
        self.family = "DejaVu" if fonts else None
        self.scale = _DEJAVU_SCALE if fonts else 1.0
        self.pdf.add_page()

    def _runs(self, text: str, bold: bool) -> list[tuple[str, str, str]]:
        """``text`` cut into runs of one font each: ``(family, style, text)``."""
        style = "B" if bold else ""
        if self.family:
            return [(self.family, style, "".join(c if ord(c) in self.glyphs[style] else "?" for c in text))]
        runs: list[tuple[str, str, str]] = []
        for c in text:
            c = _LOOK_ALIKES.get(c, c)
            if c in _SYMBOL_FONT:
                run = ("Symbol", "", _SYMBOL_FONT[c])
            else:
                try:
                    run = ("Helvetica", style, c.encode("cp1252").decode("cp1252"))
                except UnicodeEncodeError:
                    run = ("Helvetica", style, "?")
            if runs and runs[-1][:2] == run[:2]:
                runs[-1] = (*run[:2], runs[-1][2] + run[2])
            else:
                runs.append(run)
        return runs

    def width(self, text: str, size: float, bold: bool = False) -> float:
        """How wide ``text`` is at ``size`` points, in millimetres."""
        total = 0.0
        for family, style, part in self._runs(text, bold):
            self.pdf.set_font(family, style, size * self.scale)
            total += self.pdf.get_string_width(part)
        return total

    def wrap(self, text: str, width: float, size: float, bold: bool = False) -> list[str]:
        """``text`` cut at spaces into lines at most ``width`` millimetres wide (a word wider than
        that stays whole on its line)."""
        lines, line = [], ""
        for word in text.split(" "):
            trial = f"{line} {word}" if line else word
            if line and self.width(trial, size, bold) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return [*lines, line]

    def text(self, x: float, y: float, text: str, size: float = 10, *, bold: bool = False, colour: str = _INK,
             align: str = "left", fit: float | None = None) -> float:
        """Write ``text`` with its baseline at ``y``, starting at ``x`` (ending there with
        ``align="right"``, centred on it with ``"center"``), narrowed to ``fit`` millimetres if it
        is wider; returns its width."""
        width = self.width(text, size, bold)
        squeeze = fit / width if fit and width > fit else 1.0
        self.pdf.set_stretching(100 * squeeze)
        width *= squeeze
        x -= width if align == "right" else width / 2 if align == "center" else 0
        self.pdf.set_text_color(colour)
        for family, style, part in self._runs(text, bold):
            self.pdf.set_font(family, style, size * self.scale)
            self.pdf.text(x, y, part)
            x += self.pdf.get_string_width(part)
        self.pdf.set_stretching(100)
        return width

    def mark(self, status: str, cx: float, cy: float, size: float) -> None:
        """A status's cell: its colour, and a shape that tells it in black and white too (● fast,
        ◐ slow, ✗ missed, · not yet seen)."""
        background, ink = STATUS_COLOURS[status]
        pdf, r = self.pdf, size * 0.28
        pdf.set_fill_color(background)
        pdf.set_draw_color(_LIGHT)
        pdf.set_line_width(0.15)
        pdf.rect(cx - size / 2, cy - size / 2, size, size, style="DF")
        pdf.set_fill_color(ink)
        pdf.set_draw_color(ink)
        if status == "fast":
            pdf.circle(cx, cy, r, style="F")
        elif status == "slow":
            pdf.set_line_width(0.25)
            pdf.circle(cx, cy, r, style="D")
            pdf.solid_arc(cx - r, cy - r, 2 * r, 90, 270, style="F")
        elif status == "missed":
            pdf.set_line_width(0.45)
            pdf.line(cx - r, cy - r, cx + r, cy + r)
            pdf.line(cx - r, cy + r, cx + r, cy - r)
        else:
            pdf.circle(cx, cy, size * 0.07, style="F")

    def image(self, picture, x: float, y: float, width: float, height: float) -> None:
        """A picture (a Pillow ``Image``) as large as fits ``width`` × ``height`` mm, centred across,
        at the top."""
        scale = min(width / picture.width, height / picture.height)
        self.pdf.image(picture, x + (width - picture.width * scale) / 2, y, picture.width * scale,
                       picture.height * scale)

    def output(self) -> bytes:
        return bytes(self.pdf.output())


def report_pdf(report: Report, chart=None, chart_note: str | None = None, *, plain: bool = False) -> bytes:
    """The report as a one-page A4 PDF, written by fpdf2: ``chart`` is the progress chart (a Pillow
    ``Image``, :func:`chart_image`), else ``chart_note`` says why there is none. Its text is in
    DejaVu Sans where matplotlib ships it (:func:`unicode_fonts`), else (or ``plain``) in the
    PDF's own Helvetica and Symbol."""
    from solver.i18n import language

    page = _Sheet(report.title(), language(), report.at, None if plain else unicode_fonts())
    width = _A4[0] - 2 * _MARGIN
    x, y = _MARGIN, _MARGIN + 6
    page.text(x, y, report.title(), 17, bold=True)
    page.text(_A4[0] - _MARGIN, y, report.dated(), 10, colour=_GREY, align="right")
    y += 6.5
    for line in (report.summary(), report.streak(), report.trend(), report.due()):
        for part in page.wrap(line, width, 9.5) if line else ():
            page.text(x, y, part, 9.5)
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
        page.mark(s, kx + 1.6, y + 1.6, 3.2)
        kx += 4.5 + page.text(kx + 4.5, y + 2.8, status_name(s), 8.5, colour=_GREY) + 4
    y += 10

    # ---- the weakest facts and puzzles, in two columns
    half = (width - 6) / 2
    top = y
    for column, (title, rows, text) in enumerate((
            (_("Weakest facts"), report.weak_facts, lambda r: f"{r['question']} = {r['answer']}"),
            (_("Weakest puzzles"), report.weak_puzzles, lambda r: f"{r['game']}: {r['label']}"))):
        cx, cy = x + column * (half + 6), top
        page.text(cx, cy, title, 11, bold=True)
        cy += 5
        if not rows:
            page.text(cx, cy, _("None: every one answered right and in time lately."), 9, colour=_GREY)
            cy += 4.4
        for r in rows:
            cy = _pdf_row(page, text(r), _missed(r), cx, cy, half)
        y = max(y, cy)
    if report.families:
        y += 1
        for part in page.wrap(report.families_line(), width, 9):
            page.text(x, y, part, 9)
            y += 4.2
    y += 3

    # ---- the chart, in the room left
    if chart is not None:
        page.image(chart, x, y, width, _A4[1] - _MARGIN - y)
    elif chart_note:
        page.text(x, y + 3, _("Progress"), 11, bold=True)
        for k, part in enumerate(page.wrap(chart_note, width, 9)):
            page.text(x, y + 8 + 4.2 * k, part, 9, colour=_GREY)
    return page.output()


def _pdf_row(page: _Sheet, text: str, why: str, x: float, y: float, width: float) -> float:
    """One weak fact or puzzle: its text in bold (two lines at most, cut with …), how often it
    was missed at the right of its last line, or under it when there is no room; returns the
    next line's ``y``."""
    lines = page.wrap(text, width, 9.5, bold=True)
    if len(lines) > 2:
        lines = [lines[0], lines[1].rstrip() + "…"]
        while page.width(lines[1], 9.5, bold=True) > width and len(lines[1]) > 2:
            lines[1] = lines[1][:-2] + "…"
    for part in lines:
        page.text(x, y, part, 9.5, bold=True)
        y += 4.2
    if page.width(lines[-1], 9.5, bold=True) + page.width(why, 8.5) + 3 <= width:
        page.text(x + width, y - 4.2, why, 8.5, colour=_GREY, align="right")
    else:
        page.text(x + 3, y, why, 8.5, colour=_GREY)
        y += 4.2
    return y + 0.5


def _pdf_grid(page: _Sheet, grid: FactMatrix, x: float, y: float, box: float) -> float:
    """Draw a fact grid ``box`` mm wide from ``x``, ``y``; return its height."""
    title, counts = _grid_title(grid)
    page.text(x, y + 3, title, 9.5, bold=True)
    size = 7.0
    while size > 5.5 and page.width(counts, size) > box:
        size -= 0.25
    page.text(x, y + 7, counts, size, colour=_GREY, fit=box)
    cell = min(4.2, box / (len(grid.columns) + 1))
    top = y + 9
    page.text(x + cell / 2, top + cell * 0.72, grid.grid.symbol, 7.5, bold=True, align="center")
    for j, c in enumerate(grid.columns):
        page.text(x + cell * (j + 1.5), top + cell * 0.72, str(c), 6.5, bold=True, colour=_GREY, align="center",
                  fit=cell * 0.8)
    for i, (r, line) in enumerate(zip(grid.rows, grid.cells)):
        cy = top + cell * (i + 1.5)
        page.text(x + cell / 2, cy + cell * 0.22, str(r), 6.5, bold=True, colour=_GREY, align="center",
                  fit=cell * 0.8)
        for j, c in enumerate(line):
            if c is not None:
                page.mark(c.status, x + cell * (j + 1.5), cy, cell)
    return 9 + cell * (len(grid.rows) + 1)


# ---------------------------------------------------------------- the file


def chart_image(history: History, *, now: datetime | None = None, tz: tzinfo | None = timezone.utc,
                dpi: int = 150):
    """The progress chart of the report as a picture (a Pillow ``Image``, RGB): each game's panels
    (the report says the trend, the totals and the streak itself); a :class:`TablecalcError` when
    matplotlib is missing."""
    from PIL import Image  # matplotlib's dependency, and fpdf2's

    from trainer.chart import chart_figure

    fig = chart_figure(history, tz=tz, now=now, **CHART)
    fig.set_dpi(dpi)
    fig.canvas.draw()  # drawn once (saving it to a file would lay it out twice)
    size = fig.canvas.get_width_height(physical=True)
    return Image.frombuffer("RGBA", size, fig.canvas.buffer_rgba(), "raw", "RGBA", 0, 1).convert("RGB")


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
            chart = chart_image(view, now=report.at, tz=tz)
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
