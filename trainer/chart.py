"""The progress chart of ``tablecalc stats --plot FILE``: a headline with the trend, a streak
calendar, and accuracy, time per answer and penalties over time (matplotlib, imported only here).

Reading it, top to bottom:

- **the headline**: the trend of :func:`trainer.progress.trend` ("+25 points since Monday"),
  green when it rises, red when it falls, with the two days' accuracy and median time;
- **the calendar**: one square per day (weeks in columns, Monday on top), GitHub-style,
  darker with more answers; the steps are set by the daily goal (half the goal, the goal,
  twice the goal), today is outlined;
- **accuracy, time, penalties**: one colour per drill and level (a palette chosen to stay
  distinct, colour-blind safe for the first eight), every axis from zero; the penalty panel
  is left out when nothing was ever penalised (the arithmetic drills have no penalties).
"""

from __future__ import annotations

import math
import pathlib
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone, tzinfo

from solver.errors import TablecalcError
from solver.files import check_target, write_file
from solver.i18n import N_, _, ngettext
from solver.registry import game_names
from trainer.history import History
from trainer.progress import MONTHS, SHORT_DAYS, Trend, change_text, local_day, readable_day, streak_text, goal_text, trend

__all__ = ["plot_stats", "PALETTE", "calendar_levels"]

#: Okabe & Ito's colour-blind-safe palette (its yellow, unreadable on white, left out), then black.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#999933")
#: The calendar's colours, from no answer to twice the daily goal (GitHub's greens).
CALENDAR_COLOURS = ("#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39")
#: Weeks the calendar shows at least, and at most.
MIN_WEEKS, MAX_WEEKS = 20, 53


def calendar_levels(goal: int) -> tuple[int, ...]:
    """The answers a day from which each darker square starts: 1, half the goal, the goal,
    twice the goal (without a goal: 1, 10, 20, 40).

    >>> calendar_levels(20), calendar_levels(0), calendar_levels(1)
    ((1, 10, 20, 40), (1, 10, 20, 40), (1, 2, 3, 4))
    """
    goal = goal if goal > 0 else 20
    steps = [1, max(2, goal // 2), goal, 2 * goal]
    for i in range(1, 4):  # strictly increasing, even for a goal of 1 or 2
        steps[i] = max(steps[i], steps[i - 1] + 1)
    return tuple(steps)


def plot_stats(history: History, path: pathlib.Path, *, tz: tzinfo | None = timezone.utc,
               drill: str | None = None, now: datetime | None = None, force: bool = False) -> None:
    """Draw the progress chart of ``history`` (of one ``drill`` if given) to ``path``.

    The format follows the file's extension (PNG when there is none); see :func:`chart_figure`.
    The file is written as :func:`solver.files.write_file` writes (an existing file only with ``force``).
    """
    path = pathlib.Path(path)
    fmt = (path.suffix[1:] or "png").lower()
    fig = chart_figure(history, tz=tz, drill=drill, now=now,
                       before=lambda: check_target(path, "the chart", force=force))  # before the drawing, not after it
    if fmt not in fig.canvas.get_supported_filetypes():
        raise TablecalcError(
            _("cannot draw a chart as {name}: expected a file name ending in .png (or .svg, .pdf)").format(
                name=repr(path.name))
        )
    write_file(path, lambda f: fig.savefig(f, format=fmt, facecolor="white"), "the chart", force=force)


def chart_svg(history: History, *, tz: tzinfo | None = timezone.utc, drill: str | None = None,
              now: datetime | None = None) -> str:
    """The progress chart as SVG text, for a page (the same chart as :func:`plot_stats` draws)."""
    import io

    fig = chart_figure(history, tz=tz, drill=drill, now=now)
    out = io.StringIO()
    fig.savefig(out, format="svg", facecolor="white")
    text = out.getvalue()
    return text[text.index("<svg"):]  # the drawing alone, to sit inside a page


def _day_label(when: datetime, *, weekday: bool = False, first: bool = False) -> str:
    """A date on the chart's axis in the language in use: ``Mon 3 Nov`` (``lun. 3 nov.``); a tick on
    the first of a month is the month (and the year, in January or on the first tick).

    >>> _day_label(datetime(2025, 11, 3), weekday=True), _day_label(datetime(2026, 1, 1)), _day_label(datetime(2025, 3, 1))
    ('Mon 3 Nov', 'Jan 2026', 'Mar')
    """
    month = _(MONTHS[when.month - 1])
    if weekday:
        return f"{_(SHORT_DAYS[when.weekday()])} {when.day} {month}"
    if when.day == 1:
        return f"{month} {when.year}" if when.month == 1 or first else month
    return f"{when.day} {month}"


def chart_figure(history: History, *, tz: tzinfo | None = timezone.utc, drill: str | None = None,
                 now: datetime | None = None, before=None):
    """The progress chart of ``history`` (of one ``drill`` if given), as a matplotlib figure;
    ``before`` is called once the history is known to have answers, before anything is drawn.

    Points are per day, or per week (per month) when the history spans more than
    60 days (500 days), so that a long history stays readable. An empty history raises
    :class:`TablecalcError` instead of drawing an empty chart.
    """
    from trainer.stats import compute_stats, penalties_text, summary

    now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    stats = compute_stats(history, tz=tz, weakest=0, drill=drill, now=now)
    if not stats["answers"]:
        raise TablecalcError(
            (_("no answers recorded yet for {drill} in {history}: nothing to plot; play a drill first (e.g. {command})")
             if drill else
             _("no answers recorded yet in {history}: nothing to plot; play a drill first (e.g. {command})")).format(
                drill=drill, history=repr(stats["history"]), command=f"'tablecalc drill {drill or game_names()[0]}'")
        )
    if before is not None:
        before()
    try:
        import matplotlib.dates as mdates
    except ImportError:
        raise TablecalcError(
            _("drawing a chart needs matplotlib: install it with 'python3 -m pip install matplotlib'")
        ) from None
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle
    from matplotlib.ticker import FuncFormatter, MaxNLocator, PercentFormatter

    today = local_day(now, tz)
    outcomes = history.outcomes(drill)
    per_day: dict[date, int] = defaultdict(int)
    for o in outcomes:
        per_day[local_day(o.at, tz)] += 1
    start, weeks = _calendar_span(per_day, today)
    with_penalties = stats["penalties"] > 0
    # the calendar's squares keep their shape: its height follows the weeks it must fit across
    heights = [0.62, 0.45 + 1.0 * MIN_WEEKS / weeks, 1.45, 1.1] + ([0.8] if with_penalties else [])
    fig = Figure(figsize=(12.5, 2.0 * sum(heights) + 0.6), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)

    first_day, last_day = (local_day(o.at, tz) for o in (outcomes[0], outcomes[-1]))
    period, length, start_of = _period((last_day - first_day).days)
    groups: dict[tuple, list] = defaultdict(list)
    for o in outcomes:
        groups[(o.drill, o.level)].append(o)
    keys = sorted(groups)
    colour = dict(zip(keys, _palette(len(keys))))
    markers: dict[str, str] = {}
    for name in sorted({d for d, _level in keys}):
        markers[name] = "osD^v<>p*h"[len(markers) % 10]
    series = {}
    for k in keys:
        buckets: dict = defaultdict(list)
        for o in groups[k]:
            buckets[start_of(local_day(o.at, tz))].append(o)
        series[k] = [(when, summary(bucket)) for when, bucket in sorted(buckets.items())]
    biggest = max(r["answers"] for rows in series.values() for _when, r in rows)
    few = sum(len(rows) for rows in series.values()) <= 40 * len(keys)

    axes = fig.subplots(len(heights), 1, height_ratios=heights)
    ax_head, ax_cal, ax_acc, ax_time = axes[:4]
    ax_pen = axes[4] if with_penalties else None
    over_time = [ax for ax in (ax_acc, ax_time, ax_pen) if ax is not None]
    for ax in over_time[1:]:
        ax.sharex(ax_acc)

    # ---- the headline
    ax_head.axis("off")
    t = trend(outcomes, tz, today=today)
    when = _span(first_day, last_day)
    title = (_("tablecalc progress in {drill}, {when}").format(drill=drill, when=when) if drill
             else _("tablecalc progress, {when}").format(when=when))
    if getattr(history, "learner", ""):
        title = _("{learner}: {line}").format(learner=history.learner, line=title)
    ax_head.text(0, 1, title, transform=ax_head.transAxes, fontsize=13, fontweight="bold", va="top", color="0.2")
    headline, detail, hue = _headline(t, stats, today)
    ax_head.text(0, 0.52, headline, transform=ax_head.transAxes, fontsize=21, fontweight="bold", va="center",
                 color=hue)
    ax_head.text(0, 0.02, detail, transform=ax_head.transAxes, fontsize=10.5, va="bottom", color="0.3")

    # ---- the streak calendar
    _calendar(ax_cal, per_day, today, start, weeks, stats, Rectangle)

    # ---- accuracy, time and penalties over time
    def middle(when):  # a week's or month's point sits in the middle of its bar
        return when + timedelta(days=length / 2) if length > 1 else when

    for k in keys:
        x = [middle(when) for when, _r in series[k]]
        rows = [r for _when, r in series[k]]
        style = dict(color=colour[k], marker=markers[k[0]], linewidth=2 if few else 1.4,
                     markeredgecolor="white", zorder=3, clip_on=False)
        ax_acc.plot(x, [100 * r["accuracy"] for r in rows], markersize=0, **style)
        ax_acc.scatter(x, [100 * r["accuracy"] for r in rows], color=colour[k], marker=markers[k[0]],
                       s=[20 + (160 if few else 60) * math.sqrt(r["answers"] / biggest) for r in rows],
                       edgecolors="white", linewidths=0.8, zorder=4, clip_on=False)
        ax_time.plot(x, [r["median_seconds"] for r in rows], markersize=6 if few else 4,
                     label=_("{drill} · {level}  ({n} answers)").format(drill=k[0], level=k[1],
                                                                        n=len(groups[k])), **style)
    if t is not None and period == "day":
        for ax in (ax_acc,):
            ax.axvspan(t.since - timedelta(days=0.5), t.until + timedelta(days=0.5), color="#f3f6f9", zorder=0)
            ax.annotate(_("the trend's week"), (t.since - timedelta(days=0.4), 0), xytext=(0, 4),
                        textcoords="offset points", fontsize=8, color="0.45", va="bottom")

    ax_acc.set_title(_("Answers right per {period} (dot size: answers that {period})").format(period=_(period)),
                     loc="left", fontsize=11)
    ax_acc.yaxis.set_major_formatter(PercentFormatter(100))
    ax_acc.set_ylim(0, 100)
    ax_time.set_title(_("Median time per answer, per {period}").format(period=_(period)), loc="left", fontsize=11)
    ax_time.set_ylabel(_("seconds"))
    ax_time.set_ylim(bottom=0)

    if ax_pen is not None:  # stacked bars, each drill and level in its colour from the lines above
        bottom: dict = defaultdict(int)
        width = 0.7 * length if len({w for rows in series.values() for w, _r in rows}) > 3 else 0.35 * length
        for k in keys:
            bars = [(when, r["penalties"]) for when, r in series[k] if r["penalties"]]
            if not bars:
                continue
            ax_pen.bar([middle(when) for when, _h in bars], [h for _when, h in bars], width=width,
                       bottom=[bottom[w] for w, _h in bars], color=colour[k], zorder=3)
            for when, h in bars:
                bottom[when] += h
        units = sorted({r["penalty_unit"] for r in stats["by_drill"] if r["penalties"]})
        ax_pen.set_title(_("Penalties ({units}) per {period}").format(units=", ".join(_(u) for u in units), period=_(period)),
                         loc="left", fontsize=11)
        ax_pen.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
        ax_pen.set_ylim(bottom=0)

    for ax in over_time:
        ax.grid(True, axis="y", color="0.88", zorder=0)
        ax.grid(True, axis="x", color="0.94", zorder=0)
        ax.spines[["top", "right"]].set_visible(False)
        ax.tick_params(labelsize=9)
        if ax is not over_time[-1]:
            ax.tick_params(labelbottom=False)
    bottom_ax = over_time[-1]
    span = (last_day - first_day).days
    if span <= 14:
        bottom_ax.xaxis.set_major_locator(mdates.DayLocator(interval=1 if span <= 8 else 2))
        bottom_ax.xaxis.set_major_formatter(FuncFormatter(lambda x, pos: _day_label(mdates.num2date(x), weekday=True)))
    else:
        locator = mdates.AutoDateLocator(minticks=4, maxticks=10)
        bottom_ax.xaxis.set_major_locator(locator)
        bottom_ax.xaxis.set_major_formatter(FuncFormatter(lambda x, pos: _day_label(mdates.num2date(x), first=pos == 0)))
    pad = timedelta(days=max(0.75, length * 0.6))
    left = datetime.combine(start_of(first_day), datetime.min.time())
    right = datetime.combine(start_of(last_day), datetime.min.time()) + timedelta(days=length if length > 1 else 0)
    bottom_ax.set_xlim(left - pad, right + pad)
    bottom_ax.set_xlabel(f"{_(period)} ({_tz_name(tz)})")

    sessions = ngettext("{n} session", "{n} sessions", stats["sessions"]).format(n=stats["sessions"])
    legend = fig.legend(
        *ax_time.get_legend_handles_labels(), loc="outside right upper", frameon=False, fontsize=10,
        title=_("{answers} answers in {sessions}\n{accuracy} right, median {median}\n{penalties}\n").format(
            answers=stats["answers"], sessions=sessions, accuracy=f"{100 * stats['accuracy']:.0f}%",
            median=f"{stats['median_seconds']:.1f} s", penalties=penalties_text(stats["by_drill"])),
        title_fontsize=10, alignment="left", labelspacing=0.8,
    )
    legend.get_title().set_color("0.25")
    return fig


def _headline(t: Trend | None, stats: dict, today: date) -> tuple[str, str, str]:
    """The big line, the small line under it, and the big line's colour."""
    if t is None:
        accuracy = f"{100 * stats['accuracy']:.0f}%"
        return (_("{accuracy} right so far").format(accuracy=accuracy),
                _("A trend needs two days of at least 5 answers within a week."), "0.25")
    head = change_text(t, today)
    detail = _("{before}% right {since_day}, {after}% {until_day} · median time {s0:.1f} s → {s1:.1f} s").format(
        before=round(100 * t.before), after=round(100 * t.after), since_day=readable_day(t.since, today),
        until_day=readable_day(t.until, today), s0=t.seconds_before, s1=t.seconds_after)
    hue = "#1a7f37" if t.points > 0 else "#cf222e" if t.points < 0 else "0.25"
    return head, detail, hue


def _calendar_span(per_day: dict, today: date) -> tuple[date, int]:
    """The calendar's first Monday and its number of weeks: back to the first day practised,
    at least :data:`MIN_WEEKS` and at most :data:`MAX_WEEKS`, ending with today's week."""
    this_monday = today - timedelta(days=today.weekday())
    first = min((d for d in per_day if d <= today), default=today)
    start = max(first - timedelta(days=first.weekday()), this_monday - timedelta(weeks=MAX_WEEKS - 1))
    start = min(start, this_monday - timedelta(weeks=MIN_WEEKS - 1))
    return start, (this_monday - start).days // 7 + 1


def _calendar(ax, per_day: dict, today: date, start: date, weeks: int, stats: dict, Rectangle) -> None:
    """The GitHub-style calendar of days practised, ending with today's week."""
    levels = calendar_levels(stats["today"]["goal"])
    day = start
    last_label = -9
    while day <= today:
        week, row = (day - start).days // 7, day.weekday()
        n = per_day.get(day, 0)
        level = sum(n >= step for step in levels)
        ax.add_patch(Rectangle((week + 0.06, row + 0.06), 0.88, 0.88, facecolor=CALENDAR_COLOURS[level],
                               edgecolor="0.1" if day == today else "none", linewidth=1.4 if day == today else 0))
        # a month's name over its first full week, unless the previous name is too close
        if row == 0 and day.day <= 7 and week - last_label >= 3:
            ax.text(week + 0.06, -0.35, _(MONTHS[day.month - 1]), fontsize=8.5, color="0.35", va="bottom")
            last_label = week
        day += timedelta(days=1)
    ax.set_xlim(-0.2, weeks + 0.2)
    ax.set_ylim(7.1, -1.3)
    ax.set_aspect("equal", adjustable="box", anchor="W")
    ax.set_yticks([0.5, 2.5, 4.5], [_(SHORT_DAYS[i]) for i in (0, 2, 4)], fontsize=8.5, color="0.35")
    ax.set_xticks([])
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    s = stats["streak"]
    from trainer.progress import Streak

    streak_line = streak_text(Streak(s["current"], s["longest"], s["practised_today"]))
    if s["longest"] > s["current"]:
        streak_line += _(" (longest {n} days)").format(n=s["longest"])
    goal = stats["today"]["goal"]
    ax.set_title(_("Days practised: {streak}; {goal}").format(
        streak=streak_line, goal=goal_text(stats["today"]["answers"], goal)), loc="left", fontsize=11)
    # the key: one square per step, with the answers it stands for
    labels = [_("none"), f"{levels[0]}–{levels[1] - 1}", f"{levels[1]}–{levels[2] - 1}",
              (_("{n}+ (goal)") if goal > 0 else "{n}+").format(n=levels[2]), f"{levels[3]}+"]
    x = weeks + 0.8
    for i, (c, label) in enumerate(zip(CALENDAR_COLOURS, labels)):
        ax.add_patch(Rectangle((x, i * 1.3 + 0.36), 0.88, 0.88, facecolor=c, clip_on=False))
        ax.text(x + 1.25, i * 1.3 + 0.8, label, fontsize=8.5, color="0.3", va="center", clip_on=False)
    ax.text(x, -0.35, _("answers a day"), fontsize=8.5, color="0.3", va="bottom", clip_on=False)


def _span(first: date, last: date) -> str:
    """``12 Oct – 24 Nov 2026``, or one day."""
    def day(d: date, year: bool = True) -> str:
        text = f"{d.day} {_(MONTHS[d.month - 1])}"
        return f"{text} {d.year}" if year else text

    if first == last:
        return day(first)
    return f"{day(first, year=first.year != last.year)} – {day(last)}"


def _period(span_days: int):
    """The bucket for a history spanning ``span_days``: (name, length in days, start-of-bucket function)."""
    if span_days <= 60:
        return N_("day"), 1, lambda d: d
    if span_days <= 500:
        return N_("week"), 7, lambda d: d - timedelta(days=d.weekday())
    return N_("month"), 30, lambda d: d.replace(day=1)


def _palette(n: int) -> list:
    """``n`` distinct colours: :data:`PALETTE`, then tab20's (then turbo's) for more."""
    if n <= len(PALETTE):
        return list(PALETTE[:n])
    from matplotlib import colormaps

    cmap = colormaps["tab20"] if n <= 20 else colormaps["turbo"].resampled(n)
    return [cmap(i) for i in range(n)]


def _tz_name(tz: tzinfo | None) -> str:
    if tz is None:
        return _("local time")
    return "UTC" if tz == timezone.utc else str(tz)
