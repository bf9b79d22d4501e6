"""Progress statistics: the numbers on a small known history, the tables and the chart."""

import io
import json
import struct
from datetime import datetime, timedelta, timezone

import pytest
from rich.console import Console

from solver.errors import TablecalcError
from trainer.history import AnswerRecord, History
from trainer.chart import plot_stats
from trainer.stats import compute_stats, render_stats

T0 = datetime(2025, 3, 1, 18, 0, tzinfo=timezone.utc)
DAY2 = T0 + timedelta(days=1)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))  # matplotlib's cache, if it is first imported here
    return tmp_path / "home"


def rec(drill, level, item, correct, seconds, at, *, reference=10.0, penalty=0, session="s1"):
    return AnswerRecord(drill=drill, level=level, item=f"{drill}:{level}:{item}", puzzle={"item": item},
                        answer="x", correct=correct, verdict={"correct": correct}, penalty=penalty,
                        seconds=seconds, reference_seconds=reference, session=session, at=at)


KNOWN = [
    rec("nambarz", "basic", "A", True, 4, T0),                                     # Easy
    rec("nambarz", "basic", "B", False, 10, T0 + timedelta(minutes=1), penalty=3),
    rec("nambarz", "basic", "A", True, 30, T0 + timedelta(minutes=2)),             # right but slow
    rec("arith", "add", "X", True, 2, T0 + timedelta(minutes=3), reference=5),
    rec("nambarz", "basic", "B", False, 20, DAY2, penalty=3, session="s2"),
    rec("nambarz", "basic", "C", True, 6, DAY2 + timedelta(minutes=1), session="s2"),
    rec("arith", "add", "Y", False, 8, DAY2 + timedelta(minutes=2), reference=5, session="s2"),
]


@pytest.fixture
def known(home):
    with History.open() as h:
        for r in KNOWN:
            h.record(r)
        yield h


def test_compute_stats_on_a_known_history(known):
    now = DAY2 + timedelta(hours=1)
    s = compute_stats(known, now=now)
    json.dumps(s)  # JSON-able
    assert (s["answers"], s["correct"], s["accuracy"], s["median_seconds"], s["penalties"]) == (7, 4, 0.5714, 8, 6)
    assert (s["sessions"], s["items"]) == (2, 5)
    assert s["first_at"] == T0.isoformat() and s["last_at"] == (DAY2 + timedelta(minutes=2)).isoformat()
    by = {(r["drill"], r["level"]): r for r in s["by_drill"]}
    assert [k for k in by] == [("arith", "add"), ("nambarz", "basic")]
    arith, nambarz = by["arith", "add"], by["nambarz", "basic"]
    assert (arith["answers"], arith["correct"], arith["accuracy"], arith["median_seconds"], arith["penalties"]) == (
        2, 1, 0.5, 5.0, 0)
    assert (nambarz["answers"], nambarz["correct"], nambarz["accuracy"], nambarz["median_seconds"],
            nambarz["penalties"], nambarz["penalised"], nambarz["items"]) == (5, 3, 0.6, 10, 6, 2, 3)
    for (drill, level), row in by.items():
        assert row["due_now"] == len(known.due_items(drill, level, now, limit=100))
    assert s["over_time"] == [
        {"day": "2025-03-01", "drill": "arith", "level": "add", "answers": 1, "correct": 1, "accuracy": 1.0,
         "median_seconds": 2, "penalties": 0},
        {"day": "2025-03-01", "drill": "nambarz", "level": "basic", "answers": 3, "correct": 2,
         "accuracy": 0.6667, "median_seconds": 10, "penalties": 3},
        {"day": "2025-03-02", "drill": "arith", "level": "add", "answers": 1, "correct": 0, "accuracy": 0.0,
         "median_seconds": 8, "penalties": 0},
        {"day": "2025-03-02", "drill": "nambarz", "level": "basic", "answers": 2, "correct": 1,
         "accuracy": 0.5, "median_seconds": 13.0, "penalties": 3},
    ]
    weakest = s["weakest"]
    assert [w["item"] for w in weakest] == ["nambarz:basic:B", "arith:add:Y", "nambarz:basic:A"]
    assert (weakest[0]["answers"], weakest[0]["wrong"], weakest[0]["slow"], weakest[0]["lapses"]) == (2, 2, 0, 0)
    assert (weakest[2]["wrong"], weakest[2]["slow"]) == (0, 1)
    assert all(w["stability"] > 0 and 0 <= w["retrievability"] <= 1 for w in weakest)


def test_days_follow_the_requested_time_zone(known):
    tokyo = timezone(timedelta(hours=9))  # 18:00 UTC on 1 March is 03:00 on 2 March in Tokyo
    days = {r["day"] for r in compute_stats(known, tz=tokyo)["over_time"]}
    assert days == {"2025-03-02", "2025-03-03"}


def test_stats_of_an_empty_history(home):
    with History.open() as h:
        s = compute_stats(h)
    assert s["answers"] == 0 and s["accuracy"] is None and s["median_seconds"] is None
    assert s["by_drill"] == s["over_time"] == s["weakest"] == []
    console = Console(record=True, width=100, file=io.StringIO())
    render_stats(s, console)
    assert "No answers recorded yet" in console.export_text()


def test_render_stats_shows_the_numbers(known):
    console = Console(record=True, width=100, file=io.StringIO())
    render_stats(compute_stats(known, now=DAY2 + timedelta(hours=1)), console)
    text = " ".join(console.export_text().split())
    assert "7 answers in 2 sessions" in text and "57% correct" in text and "6 cards drawn" in text
    for heading in ("By drill and level", "Day by day", "Weakest puzzles"):
        assert heading in text
    assert "nambarz" in text and "2025-03-02" in text


# ---------------------------------------------------------------- the chart


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def distinct_colours(path, n=64):
    from PIL import Image

    with Image.open(path) as im:
        return len(im.convert("RGB").resize((n, n)).getcolors(maxcolors=n * n))


def test_plot_stats_writes_a_real_png(known, tmp_path):
    out = tmp_path / "progress.png"
    plot_stats(known, out)
    data = out.read_bytes()
    width, height = png_size(data)
    assert width >= 1000 and height >= 700 and len(data) > 20_000
    assert distinct_colours(out) > 20  # lines, bars and text, not an empty canvas


def test_plot_stats_of_a_long_history_groups_by_week(home, tmp_path):
    with History.open() as h:
        for day in range(0, 120, 3):
            for k, drill in enumerate(("nambarz", "arith", "nmbrs")):
                h.record(rec(drill, "basic", f"i{day % 7}", (day + k) % 4 != 0, 5 + k + day % 5,
                             T0 + timedelta(days=day, minutes=k), penalty=3 * ((day + k) % 4 == 0),
                             session=f"s{day}"))
        out = tmp_path / "long.png"
        plot_stats(h, out)
    assert png_size(out.read_bytes())[0] >= 1000


def test_plot_stats_refuses_an_empty_history(home, tmp_path):
    out = tmp_path / "empty.png"
    with History.open() as h, pytest.raises(TablecalcError, match="no answers recorded yet"):
        plot_stats(h, out)
    assert not out.exists()


def test_plot_stats_refuses_an_unknown_format(known, tmp_path):
    with pytest.raises(TablecalcError, match=r"\.png"):
        plot_stats(known, tmp_path / "progress.docx")
    with pytest.raises(TablecalcError, match="cannot write the chart"):
        plot_stats(known, tmp_path / "no-such-folder" / "progress.png")
