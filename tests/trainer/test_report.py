"""`tablecalc report`: one learner's page for a teacher, from a history shared by several
learners — as data, in a terminal, as a PDF (written by fpdf2; read back with poppler's pdftotext
where it is installed, and checked as a file) and as a web page; and the chart it carries, one small panel
per game, each game's penalties in its own unit.

Dates are injected where the code takes them; no test measures the time anything takes.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
from datetime import datetime, timedelta, timezone

import pytest
from typer.testing import CliRunner

from solver.errors import TablecalcError
from solver.i18n import speaking
from trainer.classroom import fact_matrix, record_answer
from trainer.cli import app
from trainer.drills import make_drill
from trainer.history import AnswerRecord, History
from trainer.report import make_report, report_html, report_pdf, unicode_fonts, write_report

UTC = timezone.utc
T0 = datetime(2025, 3, 3, 18, 0, tzinfo=UTC)  # a Monday
NOW = T0 + timedelta(days=2, hours=1)
runner = CliRunner()


def answer(history, learner, fact: str, right: bool = True, *, at=T0, level="mul", seconds=2.0):
    drill = make_drill("arith", level=level)
    puzzle = drill.from_situation(f"calculate {fact}")
    value = drill.situation_of(puzzle).value
    return record_answer(history, learner, drill, puzzle, str(value if right else value + 1), seconds, at=at)


def penalised(history, learner, game: str, level: str, penalty: int, at):
    """A wrong answer to a real puzzle of ``game`` with ``penalty`` in the game's unit."""
    import random

    drill = make_drill(game, level=level)
    puzzle = drill.generate(random.Random(penalty))
    history.for_learner(learner).record(AnswerRecord(
        drill=game, level=level, item=puzzle.item, puzzle=puzzle.as_dict(), answer="", correct=False,
        verdict={"correct": False}, penalty=penalty, seconds=20.0, reference_seconds=60.0, session="s", at=at))


@pytest.fixture
def klass(tmp_path):
    """Three learners: Léa misses her 7× and 8× tables and plays Nambarz and Le Nain Jaune, Sam
    knows his facts, Noor has only a subtraction."""
    with History.open(tmp_path / "class.sqlite3") as h:
        for day in range(3):
            at = T0 + timedelta(days=day)
            answer(h, "Léa", "7 × 8", right=False, at=at)
            answer(h, "Léa", "8 × 6", right=day > 0, at=at + timedelta(minutes=1), seconds=9.0)
            answer(h, "Léa", "3 + 4", level="add", at=at + timedelta(minutes=2))
            answer(h, "Sam", "7 × 8", at=at)
            answer(h, "Sam", "12 ÷ 3", level="div", at=at + timedelta(minutes=1))
        penalised(h, "Léa", "nambarz", "basic", 2, T0)
        penalised(h, "Léa", "nainjaune", "cards", 40, T0 + timedelta(days=1))
        answer(h, "Noor", "9 - 4", level="sub", right=False)
        yield h


def test_each_learner_s_report_is_their_own(klass):
    lea = make_report(klass, "léa", now=NOW)
    assert lea.learner == "Léa" and [g.kind for g in lea.grids] == ["add", "sub", "mul", "div"]
    # the grids are the class page's (trainer.classroom.fact_matrix), cell for cell
    assert [g.as_dict() for g in lea.grids] == [fact_matrix(klass, "Léa", k).as_dict() for k in ("add", "sub", "mul", "div")]
    mul = lea.grids[2]
    assert mul.cell(7, 8).status == "missed" and mul.cell(8, 6).status == "slow" and mul.cell(2, 2).status == "unseen"
    assert [(f["question"], f["answer"], f["missed"], f["answers"]) for f in lea.weak_facts][:2] == [
        ("7 × 8", "56", 3, 3), ("8 × 6", "48", 1, 3)]
    assert {p["game"] for p in lea.weak_puzzles} == {"Nambarz", "Le Nain Jaune"}
    assert "40 tokens" in lea.summary() and "2 cards drawn" in lea.summary()
    sam = make_report(klass, "Sam", now=NOW)
    assert sam.grids[2].cell(7, 8).status == "fast" and sam.grids[3].counts()["fast"] == 1
    assert sam.weak_facts == () and sam.weak_puzzles == () and sam.grids[0].counts()["unseen"] == 121
    noor = make_report(klass, "Noor", now=NOW)
    assert [f["question"] for f in noor.weak_facts] == ["9 - 4"]
    with pytest.raises(TablecalcError, match="no learner 'Zoé'"):
        make_report(klass, "Zoé", now=NOW)
    klass.add_learner("Ana")
    with pytest.raises(TablecalcError, match="Ana has answered nothing yet: there is nothing to report"):
        make_report(klass, "Ana", now=NOW)


def objects(pdf: bytes) -> dict[int, bytes]:
    """Every object of a PDF by its number, checking the cross-reference table points at each."""
    start = int(re.search(rb"startxref\n(\d+)\n%%EOF", pdf).group(1))
    table = pdf[start:].split(b"trailer")[0].split(b"\n")
    count = int(table[1].split()[1])
    out = {}
    for n in range(1, count):
        offset = int(table[2 + n].split()[0])
        assert pdf[offset:].startswith(f"{n} 0 obj\n".encode()), n
        out[n] = pdf[offset:pdf.index(b"endobj", offset)]
    return out


def picture(width: int, height: int):
    from PIL import Image  # fpdf2's own dependency

    return Image.new("RGB", (width, height), (255, 0, 0))


def test_the_pdf_is_one_well_formed_a4_page_with_the_chart_given(klass):
    report = make_report(klass, "Léa", now=NOW)
    for plain in (False, True):
        pdf = report_pdf(report, picture(30, 20), plain=plain)
        objs = objects(pdf)
        assert len([o for o in objs.values() if re.search(rb"/Type /Page\b", o)]) == 1
        assert b"/MediaBox [0 0 595.28 841.89]" in pdf
        images = [o for o in objs.values() if b"/Subtype /Image" in o]
        assert len(images) == 1 and b"/Width 30" in images[0] and b"/Height 20" in images[0]
        # DejaVu Sans embedded where matplotlib ships it, else no font file at all
        assert (b"/FontFile2" in pdf) is (not plain and unicode_fonts() is not None)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
@pytest.mark.parametrize("plain", [False, True], ids=["dejavu", "helvetica"])
def test_the_pdf_writes_every_letter_of_french_and_dutch_and_the_card_suits(klass, tmp_path, plain, caplog):
    """In DejaVu Sans (embedded from matplotlib's files) and in the PDF's own Helvetica and Symbol
    (a plain install), every letter and sign a report may hold reads back as written; a character
    the font lacks is a ``?``, without a word on the terminal."""
    if not plain and unicode_fonts() is None:
        pytest.skip("needs matplotlib's DejaVu Sans")
    lines = ["Léa, Zoë, één, ça, déjà, Noël, cœur", "7 × 8 ÷ 2 − 1 ≥ 27 ≤ 28 …", "A♦ 3♣ 7♥ 8♠ → ←",
             "🦄 Mei 李"]
    report = dataclasses.replace(make_report(klass, "Léa", now=NOW), weak_puzzles=tuple(
        {"game": "Nambarz", "label": line, "missed": 1, "answers": 2} for line in lines))
    out = tmp_path / "letters.pdf"
    out.write_bytes(report_pdf(report, None, "no chart", plain=plain))
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    for line in lines[:3]:
        assert f"Nambarz: {line}" in text, text
    assert "Nambarz: ? Mei ?" in text and not caplog.records, caplog.records


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
@pytest.mark.parametrize("lang, title, weakest", [("en", "Progress report: Léa", "Weakest facts"),
                                                  ("fr", "Bilan de Léa", "Calculs les plus fragiles"),
                                                  ("nl", "Voortgangsrapport van Léa", "Zwakste sommen")])
def test_the_pdf_reads_back_in_each_language(klass, tmp_path, lang, title, weakest):
    out = tmp_path / f"léa-{lang}.pdf"
    with speaking(lang):
        note = write_report(klass, "Léa", out, "pdf", now=NOW, tz=UTC)
    assert note is None
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert title in text and weakest in text and "7 × 8 = 56" in text
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Pages:\s+1\n", info) and "A4" in info


def test_the_web_page_stands_alone_with_the_class_page_s_grids_and_the_chart(klass):
    report = make_report(klass, "Léa", now=NOW)
    html = report_html(report, "<svg>chart</svg>")
    assert html.count('<table class="facts"') == 4 and "/static/" not in html and "<style>" in html
    assert 'class="fact missed" title="7 × 8 = 56' in html and "<svg>chart</svg>" in html
    assert "7 × 8 = 56</strong>" in html and "Le Nain Jaune:" in html
    with speaking("fr"):
        assert '<html lang="fr">' in report_html(report, None, "why not")


def test_without_matplotlib_the_report_is_made_without_its_chart_and_says_why(klass, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.dates", None)  # import fails, as in a plain install
    for fmt in ("pdf", "html"):
        note = write_report(klass, "Léa", tmp_path / f"r.{fmt}", fmt, now=NOW)
        assert note.startswith("drawing a chart needs matplotlib") and "pip install matplotlib" in note
        assert (tmp_path / f"r.{fmt}").stat().st_size > 1000
    assert "pip install matplotlib" in (tmp_path / "r.html").read_text("utf-8")


def test_the_report_on_the_command_line(home, tmp_path, monkeypatch):
    with History.open() as h:
        answer(h, "Léa", "7 × 8", right=False, at=datetime.now(UTC) - timedelta(hours=1))
        answer(h, "Sam", "6 × 7", at=datetime.now(UTC) - timedelta(hours=1))
    r = runner.invoke(app, ["report", "--learner", "léa"])
    assert r.exit_code == 0 and "Progress report: Léa" in r.output and "7 × 8 = 56" in r.output, r.output
    assert "multiplication facts" in r.output and "addition facts" not in r.output  # only the grids begun
    data = json.loads(runner.invoke(app, ["report", "--learner", "Sam", "--json"]).output)
    assert data["learner"] == "Sam" and data["weak_facts"] == []
    out = tmp_path / "léa.pdf"
    r = runner.invoke(app, ["report", "--learner", "Léa", "--pdf", str(out)])
    assert r.exit_code == 0 and r.output.strip().endswith(f"Report written to {out}") and out.read_bytes()[:5] == b"%PDF-"
    r = runner.invoke(app, ["report", "--learner", "Léa", "--pdf", str(out)])
    assert r.exit_code == 2 and "--force" in r.output
    monkeypatch.setitem(sys.modules, "matplotlib.dates", None)
    r = runner.invoke(app, ["report", "--learner", "Léa", "--html", str(tmp_path / "léa.html")])
    assert r.exit_code == 0 and "the report has no chart: drawing a chart needs matplotlib" in r.output, r.output
    for args, message in ((["--pdf", "a.pdf", "--html", "a.html"], "give --pdf or --html, not both"),
                          (["--pdf", "a.png"], "expected a file name ending in .pdf"),
                          (["--learner", "Zoé"], "no learner 'Zoé'")):
        r = runner.invoke(app, ["report", *args])
        assert r.exit_code == 2 and message in r.output and len(r.output.strip().splitlines()) == 1, r.output


# ---------------------------------------------------------------- the chart: a panel per game, a unit per panel


def test_the_chart_has_a_panel_per_game_and_never_adds_penalties_of_two_units(klass):
    pytest.importorskip("matplotlib")
    from trainer.chart import chart_figure

    fig = chart_figure(klass.for_learner("Léa"), now=NOW)
    penalty_axes = {}
    for ax in fig.get_axes():
        title = ax.get_title(loc="left")
        if ax.patches and " per " in title:
            penalty_axes[title.split(" per ")[0]] = sum(p.get_height() for p in ax.patches)
    assert penalty_axes == {"Cards drawn": 2, "Tokens": 40}
    legends = [t.get_text() for sub in fig.subfigs for cell in getattr(sub, "subfigs", [sub]) for lg in cell.legends
               for t in [lg.get_title()]] if fig.subfigs else []
    assert {"Arithmetic: 9 answers, 56% right", "Nambarz: 1 answer, 0% right",
            "Le Nain Jaune: 1 answer, 0% right"} == set(legends), legends


@pytest.mark.parametrize("lang, month", [("fr", "mars"), ("nl", "mrt")])
def test_the_chart_s_dates_are_in_the_learner_s_language(klass, lang, month):
    pytest.importorskip("matplotlib")
    from trainer.chart import chart_figure

    with speaking(lang):
        fig = chart_figure(klass.for_learner("Sam"), now=NOW)
        fig.canvas.draw()
        labels = [t.get_text() for ax in fig.get_axes() if ax.axison for t in ax.get_xticklabels() if t.get_text()]
    assert labels and all(month in label for label in labels), labels
