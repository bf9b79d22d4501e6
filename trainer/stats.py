"""Progress statistics from the history: accuracy, speed and penalties per drill and level, over time.

:func:`compute_stats` turns a :class:`~trainer.history.History` into plain JSON-able data,
:func:`render_stats` prints it as tables, :func:`plot_stats` draws it as a chart (the only
function here that needs matplotlib, imported when it is called).

Numbers: ``accuracy`` is the share of answers judged correct (0 to 1, null when there are
none); ``median_seconds`` is the median time per answer; ``penalties`` adds up the
penalties (each row of ``by_drill`` has its ``penalty_unit``: cards drawn in Nambarz, cards
taken back in Nmbrs!; the overall ``penalties`` is a plain count across units, and
``penalties_by_unit`` splits it); a ``day`` is a calendar day in UTC unless another ``tz``
is given.

>>> import pathlib, tempfile
>>> from trainer.history import History
>>> tmp = tempfile.TemporaryDirectory()
>>> with History.open(pathlib.Path(tmp.name) / "history.sqlite3") as history:
...     compute_stats(history)["answers"]
0
>>> tmp.cleanup()
"""

from __future__ import annotations

import math
import pathlib
import statistics
from collections import defaultdict
from datetime import datetime, timezone, tzinfo

from fsrs import Rating

from solver.errors import TablecalcError
from solver.i18n import N_, _, ngettext
from solver.registry import game_names
from trainer.history import History

#: How many items ``weakest`` lists.
WEAKEST = 10


def compute_stats(
    history: History, *, now: datetime | None = None, tz: tzinfo = timezone.utc, weakest: int = WEAKEST
) -> dict:
    """Everything ``tablecalc stats`` shows, as JSON-able data.

    Keys: ``history`` (the file), ``at`` (``now``), ``answers``, ``correct``, ``accuracy``,
    ``median_seconds``, ``penalties``, ``sessions``, ``items``, ``due_now``, ``first_at``,
    ``last_at``; ``by_drill`` (one entry per drill and level), ``over_time`` (per day, drill
    and level) and ``weakest`` (up to ``weakest`` items most often wrong or slow, with their
    FSRS state: ``stability`` in days, ``difficulty`` 1-10, ``retrievability`` at ``now``).
    A "slow" answer is right but took longer than its reference time (FSRS rating Hard).
    """
    now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    outcomes = history.outcomes()
    items = history.items()

    by_key: dict[tuple, list] = defaultdict(list)
    by_day: dict[tuple, list] = defaultdict(list)
    slow: dict[str, int] = defaultdict(int)
    for o in outcomes:
        by_key[(o.drill, o.level)].append(o)
        by_day[(o.at.astimezone(tz).date().isoformat(), o.drill, o.level)].append(o)
        slow[o.item] += o.correct and o.rating == Rating.Hard

    items_of: dict[tuple, list] = defaultdict(list)
    for s in items:
        items_of[(s.drill, s.level)].append(s)

    by_drill = []
    for (drill, level), group in sorted(by_key.items()):
        mine = items_of.get((drill, level), [])
        by_drill.append({
            "drill": drill, "level": level, **_summary(group), "penalty_unit": _unit(drill),
            "penalised": sum(o.penalty > 0 for o in group),
            "items": len(mine), "due_now": sum(s.due <= now for s in mine),
            "last_at": group[-1].at.isoformat(),
        })
    over_time = [
        {"day": day, "drill": drill, "level": level, **_summary(group)}
        for (day, drill, level), group in sorted(by_day.items())
    ]

    # Weakest: the share of answers wrong (a slow right answer counts half), smoothed so that
    # one miss in one try does not outrank three misses in five.
    weak = [s for s in items if s.wrong or slow[s.item]]
    weak.sort(key=lambda s: (-(s.wrong + 0.5 * slow[s.item] + 1) / (s.answers + 2), -s.wrong, -s.lapses,
                             s.stability if s.stability is not None else math.inf, s.item))
    weakest_items = [
        {"item": s.item, "drill": s.drill, "level": s.level, "answers": s.answers, "wrong": s.wrong,
         "slow": slow[s.item], "lapses": s.lapses,
         "stability": _round(s.stability, 2), "difficulty": _round(s.difficulty, 2),
         "retrievability": _round(s.retrievability(now), 3), "due": s.due.isoformat(),
         "last_at": s.last_at.isoformat()}
        for s in weak[:weakest]
    ]
    return {
        "history": str(history.path),
        "at": now.isoformat(),
        **_summary(outcomes),
        "penalties_by_unit": _by_unit(by_drill),
        "sessions": len({o.session for o in outcomes}),
        "items": len(items),
        "due_now": sum(s.due <= now for s in items),
        "first_at": outcomes[0].at.isoformat() if outcomes else None,
        "last_at": outcomes[-1].at.isoformat() if outcomes else None,
        "by_drill": by_drill,
        "over_time": over_time,
        "weakest": weakest_items,
    }


def _unit(drill: str) -> str:
    """The unit of a drill's penalties (a drill of a game this tablecalc does not know: "penalties")."""
    from solver.registry import find_game

    try:
        return find_game(drill).penalty_unit
    except TablecalcError:
        return "penalties"


def _summary(outcomes: list) -> dict:
    n = len(outcomes)
    correct = sum(o.correct for o in outcomes)
    return {
        "answers": n,
        "correct": correct,
        "accuracy": round(correct / n, 4) if n else None,
        "median_seconds": round(statistics.median(o.seconds for o in outcomes), 2) if n else None,
        "penalties": sum(o.penalty for o in outcomes),
    }


def _by_unit(by_drill: list) -> dict[str, int]:
    """The penalties added up per unit (``{"cards drawn": 6, "cards taken back": 2}``)."""
    totals: dict[str, int] = defaultdict(int)
    for row in by_drill:
        totals[row["penalty_unit"]] += row["penalties"]
    return dict(sorted(totals.items()))


def _penalties_text(by_drill: list) -> str:
    """``6 cards drawn, 2 cards taken back``: the penalties of every game in its own unit."""
    parts = [f"{n} {_(unit)}" for unit, n in _by_unit(by_drill).items() if n]
    return ", ".join(parts) if parts else _("no penalties")


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


# ---------------------------------------------------------------- tables


def render_stats(stats: dict, console=None) -> None:
    """Print the statistics as rich tables (to ``console``, default standard output)."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = console or Console(highlight=False)
    if not stats["answers"]:
        first, *others = game_names()
        console.print(_("No answers recorded yet in {history}. Play a drill to start: {command} (or {others}).").format(
            history=stats["history"], command=f"[bold]tablecalc drill {first}[/]", others=", ".join(others)))
        return

    def table(title: str, columns: list[str]) -> Table:
        t = Table(title=title, title_justify="left", title_style="bold", header_style="bold",
                  box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
        for name in columns:
            t.add_column(_(name), justify="left" if name in ("day", "drill", "level", "puzzle", "next review")
                         else "right")
        return t

    first, last = stats["first_at"][:10], stats["last_at"][:10]
    span = first if first == last else _("{first} to {last}").format(first=first, last=last)
    console.print(ngettext(
        "{answers} answers in {sessions} session ({span}): {accuracy} correct, median time {median} per answer, "
        "{penalties}; {due} of {items} puzzles due for review.",
        "{answers} answers in {sessions} sessions ({span}): {accuracy} correct, median time {median} per answer, "
        "{penalties}; {due} of {items} puzzles due for review.", stats["sessions"]).format(
        answers=f"[bold]{stats['answers']}[/]", sessions=stats["sessions"], span=span,
        accuracy=f"[bold]{_pct(stats['accuracy'])}[/]", median=_secs(stats["median_seconds"]),
        penalties=_penalties_text(stats["by_drill"]), due=stats["due_now"], items=stats["items"]))
    console.print()

    t = table(_("By drill and level"), [N_("drill"), N_("level"), N_("answers"), N_("correct"), N_("median"),
                                        N_("penalties"), N_("due now")])
    for row in stats["by_drill"]:
        t.add_row(row["drill"], row["level"], str(row["answers"]), _pct(row["accuracy"], colour=True),
                  _secs(row["median_seconds"]), f"{row['penalties']} {_(row['penalty_unit'])}",
                  f"{row['due_now']}/{row['items']}")
    console.print(t)

    days = sorted({r["day"] for r in stats["over_time"]})[-14:]
    title = _("Day by day (the last 14 days practised)") if len(days) == 14 else _("Day by day")
    t = table(title, [N_("day"), N_("drill"), N_("level"), N_("answers"), N_("correct"), N_("median"), N_("penalties")])
    previous = None
    for row in stats["over_time"]:
        if row["day"] not in days:
            continue
        t.add_row(row["day"] if row["day"] != previous else "", row["drill"], row["level"], str(row["answers"]),
                  _pct(row["accuracy"], colour=True), _secs(row["median_seconds"]), str(row["penalties"]))
        previous = row["day"]
    console.print(t)

    if not stats["weakest"]:
        console.print(_("No weak spots: every puzzle so far was answered right and in time."))
        return
    now = datetime.fromisoformat(stats["at"])
    t = table(_("Weakest puzzles (most often wrong or slow)"), [N_("puzzle"), N_("drill"), N_("level"), N_("answers"),
                                                                N_("wrong"), N_("slow"), N_("next review")])
    for row in stats["weakest"]:
        prefix = f"{row['drill']}:{row['level']}:"
        name = row["item"][len(prefix):] if row["item"].startswith(prefix) else row["item"]
        t.add_row(name, row["drill"], row["level"], str(row["answers"]), str(row["wrong"]), str(row["slow"]),
                  _when(datetime.fromisoformat(row["due"]) - now))
    console.print(t)


def _when(delta) -> str:
    """'now', 'in 5 min', 'in 3 h', 'in 2 days' for the time until a review."""
    seconds = delta.total_seconds()
    if seconds <= 0:
        return _("now")
    if seconds < 3600:
        return _("in {n} min").format(n=max(1, round(seconds / 60)))
    if seconds < 86400:
        return _("in {n} h").format(n=round(seconds / 3600))
    days = round(seconds / 86400)
    return ngettext("in {n} day", "in {n} days", days).format(n=days)


def _pct(x: float | None, colour: bool = False) -> str:
    if x is None:
        return "—"
    text = f"{100 * x:.0f}%"
    if not colour:
        return text
    style = "green" if x >= 0.9 else "yellow" if x >= 0.7 else "red"
    return f"[{style}]{text}[/]"


def _secs(x: float | None) -> str:
    return "—" if x is None else f"{x:.1f} s"


# ---------------------------------------------------------------- chart


def plot_stats(history: History, path: pathlib.Path, *, tz: tzinfo = timezone.utc) -> None:
    """Draw accuracy, time per answer and penalties over time, one line per drill and level, to ``path``.

    Points are per day, or per week (per month) when the history spans more than
    60 days (500 days), so that a long history stays readable. The format follows the
    file's extension (PNG when there is none). An empty history raises
    :class:`TablecalcError` instead of drawing an empty chart.
    """
    stats = compute_stats(history, tz=tz, weakest=0)
    if not stats["answers"]:
        raise TablecalcError(
            f"no answers recorded yet in {stats['history']!r}: nothing to plot; play a drill first "
            f"(e.g. 'tablecalc drill {game_names()[0]}')"
        )
    path = pathlib.Path(path)

    from datetime import timedelta

    try:
        import matplotlib.dates as mdates
    except ImportError:
        raise TablecalcError(
            "drawing a chart needs matplotlib, in tablecalc's plot extra: install it with 'python3 -m pip install \"tablecalc[plot]\"' (or 'python3 -m pip install matplotlib')"
        ) from None
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    fig = Figure(figsize=(12.5, 9), dpi=110, layout="constrained")
    canvas = FigureCanvasAgg(fig)
    fmt = (path.suffix[1:] or "png").lower()
    if fmt not in canvas.get_supported_filetypes():
        raise TablecalcError(
            f"cannot draw a chart as {path.name!r}: expected a file name ending in .png (or .svg, .pdf)"
        )

    outcomes = history.outcomes()
    first_day, last_day = (o.at.astimezone(tz).date() for o in (outcomes[0], outcomes[-1]))
    period, length, start_of = _period((last_day - first_day).days)
    groups: dict[tuple, list] = defaultdict(list)
    for o in outcomes:
        groups[(o.drill, o.level)].append(o)
    keys = sorted(groups)
    palette = _palette(len(keys))
    colour = {k: palette[i] for i, k in enumerate(keys)}
    markers: dict[str, str] = {}
    for drill in sorted({d for d, _ in keys}):
        markers[drill] = "osD^v<>p*h"[len(markers) % 10]
    series = {}
    for k in keys:
        buckets: dict = defaultdict(list)
        for o in groups[k]:
            buckets[start_of(o.at.astimezone(tz).date())].append(o)
        series[k] = [(when, _summary(bucket)) for when, bucket in sorted(buckets.items())]
    biggest = max(r["answers"] for rows in series.values() for _, r in rows)
    few = sum(len(rows) for rows in series.values()) <= 40 * len(keys)

    ax_acc, ax_time, ax_pen = fig.subplots(3, 1, sharex=True, height_ratios=[1.25, 1, 0.8])
    def middle(when):  # a week's or month's point sits in the middle of its bar
        return when + timedelta(days=length / 2) if length > 1 else when

    for k in keys:
        x = [middle(when) for when, _ in series[k]]
        rows = [r for _, r in series[k]]
        style = dict(color=colour[k], marker=markers[k[0]], linewidth=2 if few else 1.4,
                     markeredgecolor="white", zorder=3)
        ax_acc.plot(x, [100 * r["accuracy"] for r in rows], markersize=0, **style)
        ax_acc.scatter(x, [100 * r["accuracy"] for r in rows], color=colour[k], marker=markers[k[0]],
                       s=[20 + (160 if few else 60) * math.sqrt(r["answers"] / biggest) for r in rows],
                       edgecolors="white", linewidths=0.8, zorder=4)
        ax_time.plot(x, [r["median_seconds"] for r in rows], markersize=6 if few else 4,
                     label=f"{k[0]} · {k[1]}  ({len(groups[k])} answers)", **style)

    ax_acc.set_title(f"Answers correct per {period} (dot size: answers that {period})", loc="left", fontsize=11)
    ax_acc.set_ylabel("correct")
    ax_acc.yaxis.set_major_formatter(PercentFormatter(100))
    ax_acc.set_ylim(-4, 104)
    ax_time.set_title(f"Median time per answer, per {period}", loc="left", fontsize=11)
    ax_time.set_ylabel("seconds")
    ax_time.set_ylim(bottom=0)

    # Penalties: stacked bars, each drill and level in its colour from the lines above.
    bottom: dict = defaultdict(int)
    width = 0.7 * length if len({w for rows in series.values() for w, _ in rows}) > 3 else 0.35 * length
    for k in keys:
        bars = [(when, r["penalties"]) for when, r in series[k] if r["penalties"]]
        if not bars:
            continue
        x = [middle(when) for when, _ in bars]
        ax_pen.bar(x, [h for _, h in bars], width=width, bottom=[bottom[w] for w, _ in bars],
                   color=colour[k], zorder=3)
        for when, h in bars:
            bottom[when] += h
    units = sorted({r["penalty_unit"] for r in stats["by_drill"] if r["penalties"]})
    ax_pen.set_title(f"Penalties ({', '.join(units) or 'none yet'}) per {period}",
                     loc="left", fontsize=11)
    ax_pen.set_ylabel("penalties")
    ax_pen.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
    if not stats["penalties"]:
        ax_pen.set_ylim(0, 1)
        ax_pen.text(0.5, 0.5, "no penalties so far", transform=ax_pen.transAxes, ha="center", va="center",
                    color="0.45", fontsize=11)

    for ax in (ax_acc, ax_time, ax_pen):
        ax.grid(True, axis="y", color="0.88", zorder=0)
        ax.grid(True, axis="x", color="0.94", zorder=0)
        ax.spines[["top", "right"]].set_visible(False)
        ax.tick_params(labelsize=9)
    span = (last_day - first_day).days
    if span <= 14:
        ax_pen.xaxis.set_major_locator(mdates.DayLocator(interval=1 if span <= 8 else 2))
        ax_pen.xaxis.set_major_formatter(mdates.DateFormatter("%a %d %b"))
    else:
        locator = mdates.AutoDateLocator(minticks=4, maxticks=10)
        ax_pen.xaxis.set_major_locator(locator)
        ax_pen.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))
    pad = timedelta(days=max(0.75, length * 0.6))
    left = datetime.combine(start_of(first_day), datetime.min.time())
    right = datetime.combine(start_of(last_day), datetime.min.time()) + timedelta(days=length if length > 1 else 0)
    ax_pen.set_xlim(left - pad, right + pad)
    zone = _tz_name(tz)
    ax_pen.set_xlabel(f"{period} ({zone})")

    when = _day(first_day) if first_day == last_day else f"{_day(first_day)} – {_day(last_day)}"
    fig.suptitle(f"tablecalc progress, {when}", fontsize=14, fontweight="bold", x=0.02, ha="left")
    sessions = f"{stats['sessions']} session{'s' * (stats['sessions'] != 1)}"
    legend = fig.legend(
        *ax_time.get_legend_handles_labels(), loc="outside right upper", frameon=False, fontsize=10,
        title=(f"{stats['answers']} answers in {sessions}\n{_pct(stats['accuracy'])} correct, "
               f"median {_secs(stats['median_seconds'])}\n{_penalties_text(stats['by_drill'])}\n"),
        title_fontsize=10, alignment="left", labelspacing=0.8,
    )
    legend.get_title().set_color("0.25")
    try:
        fig.savefig(path, format=fmt, facecolor="white")
    except OSError as e:
        raise TablecalcError(f"cannot write the chart to {str(path)!r}: {e.strerror or e}") from None


def _period(span_days: int):
    """The bucket for a history spanning ``span_days``: (name, length in days, start-of-bucket function)."""
    from datetime import timedelta

    if span_days <= 60:
        return "day", 1, lambda d: d
    if span_days <= 500:
        return "week", 7, lambda d: d - timedelta(days=d.weekday())
    return "month", 30, lambda d: d.replace(day=1)


def _palette(n: int) -> list:
    from matplotlib import colormaps

    if n <= 10:
        return [colormaps["tab10"](i) for i in range(n)]
    cmap = colormaps["tab20"] if n <= 20 else colormaps["turbo"].resampled(n)
    return [cmap(i) for i in range(n)]


def _day(d) -> str:
    return f"{d.day} {d.strftime('%b %Y')}"


def _tz_name(tz: tzinfo) -> str:
    return "UTC" if tz in (timezone.utc,) else str(tz)
