"""The progress chart of ``tablecalc stats --plot FILE``: a headline with the trend, a streak
calendar, and accuracy, time per answer and penalties over time (matplotlib, imported only here).

Reading it, top to bottom:

- **the headline**: the trend of :func:`trainer.progress.trend` ("+25 points since Monday"),
  green when it rises, red when it falls, with the two days' accuracy and median time;
- **the calendar**: one square per day (weeks in columns, Monday on top), GitHub-style,
  darker with more answers; the steps are set by the daily goal (half the goal, the goal,
  twice the goal), today is outlined;
- **one small panel per game** (small multiples, side by side): its share of answers right,
  its median time and, when it has any, its penalties, each game in its own unit (Le Nain
  Jaune's tokens are never added to Nambarz's cards drawn); one colour and marker per level of
  the game (Okabe & Ito's colour-blind-safe palette: a game has at most eight levels), every
  axis from zero; points per day, or per week or month when a game has too few answers a day.

Every word on it is the learner's, month names and the axes' dates too (the catalogues' short
month names: no locale of the machine is needed).
"""

from __future__ import annotations

import math
import pathlib
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone, tzinfo

from solver.errors import TablecalcError, quoted
from solver.files import check_target, write_file
from solver.i18n import N_, _, ngettext
from solver.registry import find_game, game_names
from trainer.history import History
from trainer.progress import MONTHS, SHORT_DAYS, Trend, change_text, local_day, readable_day, streak_text, goal_text, trend

__all__ = ["plot_stats", "chart_svg", "chart_figure", "no_matplotlib", "PALETTE", "calendar_levels"]

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
                       before=lambda: check_target(path, _("the chart"), force=force))  # before the drawing, not after it
    if fmt not in fig.canvas.get_supported_filetypes():
        raise TablecalcError(
            _("cannot draw a chart as {name}: expected a file name ending in .png (or .svg, .pdf)").format(
                name=repr(path.name))
        )
    write_file(path, lambda f: fig.savefig(f, format=fmt, facecolor="white"), _("the chart"), force=force)


def chart_svg(history: History, *, tz: tzinfo | None = timezone.utc, drill: str | None = None,
              now: datetime | None = None, **drawing) -> str:
    """The progress chart as SVG text, for a page (the same chart as :func:`plot_stats` draws;
    ``drawing`` is :func:`chart_figure`'s ``headline``, ``calendar``, ``width`` and ``panel``)."""
    import io

    fig = chart_figure(history, tz=tz, drill=drill, now=now, **drawing)
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
                 now: datetime | None = None, before=None, width: float = 12.5, headline: bool = True,
                 calendar: bool = True, panel: float = 1.0):
    """The progress chart of ``history`` (of one ``drill`` if given), as a matplotlib figure
    ``width`` inches wide; ``before`` is called once the history is known to have answers, before
    anything is drawn; without ``headline`` (and ``calendar``), the chart starts with the
    calendar (with the games' panels), for a page that says the trend and the totals (and the
    streak) itself, such as the printed report; ``panel`` scales the height of the games' panels.

    Under the headline and the calendar, one small panel per game (small multiples): its
    accuracy, its median time and, when it has any, its penalties in its own unit (a game's
    penalties are never added to another's). Each level of a game has its colour and marker
    in the game's panels. Points are per day, or per week (per month) when the history spans
    more than 60 days (500 days), or when a game has too few answers a day for a day's share
    right to mean much (:func:`_game_period`). Every word, month names included, is in the
    learner's language. An empty history raises :class:`TablecalcError` instead of drawing an
    empty chart.
    """
    from trainer.stats import compute_stats, summary

    now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    stats = compute_stats(history, tz=tz, weakest=0, drill=drill, now=now)
    if not stats["answers"]:
        path = quoted(stats["history"], 200)
        raise TablecalcError((_("no answers recorded yet for {drill} in {path}: nothing to plot; play it first "
                                "(tablecalc drill {drill})") if drill else
                              _("no answers recorded yet in {path}: nothing to plot; play a drill first "
                                "(tablecalc drill {game})")).format(drill=drill, path=path, game=game_names()[0]))
    if before is not None:
        before()
    try:
        import matplotlib.dates as mdates
    except ImportError:
        raise TablecalcError(no_matplotlib()) from None
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
    first_day, last_day = (local_day(o.at, tz) for o in (outcomes[0], outcomes[-1]))
    span = (last_day - first_day).days
    by_game: dict[str, list] = defaultdict(list)
    for o in outcomes:
        by_game[o.drill].append(o)
    games = sorted(by_game)
    columns = 1 if len(games) == 1 else 2 if len(games) <= 4 else 3
    rows = math.ceil(len(games) / columns)
    with_penalties = {g: any(o.penalty for o in by_game[g]) for g in games}
    panel_heights = {g: panel * (2.6 + (0.8 if with_penalties[g] else 0)) for g in games}
    games_height = sum(max(panel_heights[g] for g in games[r * columns:(r + 1) * columns]) for r in range(rows))
    calendar_height = (0.45 + 1.0 * MIN_WEEKS / weeks) * 2
    top_height = (calendar_height if calendar else 0) + (1.24 if headline else 0)
    fig = Figure(figsize=(width, top_height + games_height + 0.5), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    if top_height:
        top, bottom = fig.subfigures(2, 1, height_ratios=[top_height, games_height])
    else:
        top, bottom = None, fig

    # ---- the headline and the totals
    if not headline and calendar:
        _calendar(top.subplots(1, 1), per_day, today, start, weeks, stats, Rectangle)
    elif headline and not calendar:
        _head(top.subplots(1, 1), history, outcomes, stats, drill, tz, today, first_day, last_day)
    elif headline:
        ax_head, ax_cal = top.subplots(2, 1, height_ratios=[0.62, 0.45 + 1.0 * MIN_WEEKS / weeks])
        _head(ax_head, history, outcomes, stats, drill, tz, today, first_day, last_day)
        _calendar(ax_cal, per_day, today, start, weeks, stats, Rectangle)


    # ---- one panel per game: accuracy, time and its penalties over time
    left = datetime.combine(first_day, datetime.min.time())
    right = datetime.combine(last_day, datetime.min.time())
    pad = timedelta(days=max(0.75, span * 0.03))
    cells = bottom.subfigures(rows, columns, squeeze=False, wspace=0.04, hspace=0.02)
    for k in range(rows * columns, len(games), -1):  # the empty cells of the last row
        cells[(k - 1) // columns][(k - 1) % columns].set_visible(False)
    dates = _date_formatter(span)
    for i, game in enumerate(games):
        cell = cells[i // columns][i % columns]
        mine = by_game[game]
        period, length, start_of = _game_period(mine, span, tz)
        levels = sorted({o.level for o in mine})
        colour = dict(zip(levels, PALETTE))
        marker = dict(zip(levels, "osD^v<>p"))
        heights = [1.3, 1.0] + ([0.8] if with_penalties[game] else [])
        axes = cell.subplots(len(heights), 1, height_ratios=heights, sharex=True)
        ax_acc, ax_time = axes[0], axes[1]
        ax_pen = axes[2] if with_penalties[game] else None

        def middle(when):  # a week's or month's point sits in the middle of its bar
            return datetime.combine(when, datetime.min.time()) + timedelta(days=length / 2 if length > 1 else 0)

        series = {}
        for level in levels:
            buckets: dict = defaultdict(list)
            for o in mine:
                if o.level == level:
                    buckets[start_of(local_day(o.at, tz))].append(o)
            series[level] = [(when, summary(bucket)) for when, bucket in sorted(buckets.items())]
        biggest = max(r["answers"] for points in series.values() for _when, r in points)
        for level in levels:
            x = [middle(when) for when, _r in series[level]]
            points = [r for _when, r in series[level]]
            style = dict(color=colour[level], linewidth=1.6, zorder=3, clip_on=False)
            ax_acc.plot(x, [100 * r["accuracy"] for r in points], **style)
            ax_acc.scatter(x, [100 * r["accuracy"] for r in points], color=colour[level], marker=marker[level],
                           s=[12 + 60 * math.sqrt(r["answers"] / biggest) for r in points], edgecolors="white",
                           linewidths=0.6, zorder=4, clip_on=False)
            n = sum(r["answers"] for r in points)
            ax_time.plot(x, [r["median_seconds"] for r in points], marker=marker[level], markersize=3.5,
                         markeredgecolor="white", markeredgewidth=0.5,
                         label=_("{level} ({answers})").format(
                             level=level, answers=ngettext("{n} answer", "{n} answers", n).format(n=n))
                         if panel >= 1 else level, **style)
        ax_acc.set_title(_("Answers right per {period}").format(period=_(period)), loc="left",
                         fontsize=9.5, color="0.25")
        ax_acc.yaxis.set_major_formatter(PercentFormatter(100))
        ax_acc.set_ylim(0, 100)
        ax_acc.set_yticks([0, 50, 100])
        ax_time.set_title(_("Median seconds per answer"), loc="left", fontsize=9.5, color="0.25")
        ax_time.set_ylim(bottom=0)
        ax_time.yaxis.set_major_locator(MaxNLocator(nbins=3))
        if ax_pen is not None:  # stacked bars of the game's levels: one unit, the game's own
            base: dict = defaultdict(int)
            for level in levels:
                bars = [(when, r["penalties"]) for when, r in series[level] if r["penalties"]]
                if bars:
                    ax_pen.bar([middle(when) for when, _h in bars], [h for _when, h in bars], width=0.75 * length,
                               bottom=[base[w] for w, _h in bars], color=colour[level], zorder=3)
                    for when, h in bars:
                        base[when] += h
            unit = find_game(game).penalty_unit if game in game_names() else "penalties"
            ax_pen.set_title(_("{unit} per {period}").format(unit=_capital(_(unit)), period=_(period)), loc="left",
                             fontsize=9.5, color="0.25")
            ax_pen.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=3))
            ax_pen.set_ylim(bottom=0)
        for ax in axes:
            ax.grid(True, axis="y", color="0.88", zorder=0)
            ax.spines[["top", "right"]].set_visible(False)
            ax.tick_params(labelsize=8.5)
        axes[-1].set_xlim(left - pad, right + pad + timedelta(days=length if length > 1 else 0))
        axes[-1].xaxis.set_major_locator(mdates.AutoDateLocator(minticks=3, maxticks=6 if columns > 1 else 10))
        axes[-1].xaxis.set_major_formatter(FuncFormatter(dates))
        cell.legend(*ax_time.get_legend_handles_labels(), loc="outside upper left",
                    ncols=min(len(levels), 4 if columns == 1 else 2 if panel >= 1 else 3), frameon=False, fontsize=8.5, handlelength=1.6,
                    columnspacing=1.0, title=_game_title(game, mine), alignment="left",
                    title_fontproperties={"size": 11.5 if panel >= 1 else 9.5, "weight": "bold"})
    bottom.supxlabel(_tz_name(tz), fontsize=9, color="0.4")
    return fig


def _head(ax_head, history, outcomes, stats, drill, tz, today, first_day, last_day) -> None:
    """The headline (the trend, big) and the totals (at the right)."""
    from trainer.stats import penalties_text

    ax_head.axis("off")
    t = trend(outcomes, tz, today=today)
    title = (_("tablecalc progress in {drill}, {when}").format(drill=drill, when=_span(first_day, last_day)) if drill
             else _("tablecalc progress, {when}").format(when=_span(first_day, last_day)))
    if getattr(history, "learner", ""):
        title = _("{learner}: {line}").format(learner=history.learner, line=title)
    ax_head.text(0, 1, title, transform=ax_head.transAxes, fontsize=13, fontweight="bold", va="top", color="0.2")
    headline, detail, hue = _headline(t, stats, today)
    ax_head.text(0, 0.52, headline, transform=ax_head.transAxes, fontsize=21, fontweight="bold", va="center",
                 color=hue)
    ax_head.text(0, 0.02, detail, transform=ax_head.transAxes, fontsize=10.5, va="bottom", color="0.3")
    sessions = ngettext("{n} session", "{n} sessions", stats["sessions"]).format(n=stats["sessions"])
    answers = ngettext("{n} answer", "{n} answers", stats["answers"]).format(n=stats["answers"])
    totals = [_("{answers} in {sessions}").format(answers=answers, sessions=sessions),
              _("{accuracy} right, median {median}").format(
                  accuracy=f"{100 * stats['accuracy']:.0f}%", median=f"{stats['median_seconds']:.1f} s")]
    if stats["penalties"]:
        totals.append(penalties_text(stats["by_drill"]))
    ax_head.text(1, 1, "\n".join(totals), transform=ax_head.transAxes, fontsize=10, va="top", ha="right",
                 color="0.3", linespacing=1.5)


def no_matplotlib() -> str:
    """The one line said when matplotlib (the plot extra) is missing, naming an install that works."""
    return _("drawing a chart needs matplotlib (the plot extra): install it with 'python3 -m pip install matplotlib'")


def _game_title(game: str, outcomes: list) -> str:
    """``Nambarz: 80 answers, 64% right``."""
    name = _(find_game(game).title).split(" (")[0] if game in game_names() else game  # Arithmetic, not its aside
    n = len(outcomes)
    right = sum(o.correct for o in outcomes)
    return _("{game}: {answers}, {accuracy} right").format(
        game=name, answers=ngettext("{n} answer", "{n} answers", n).format(n=n), accuracy=f"{100 * right / n:.0f}%")


def _game_period(outcomes: list, span_days: int, tz):
    """The period of a game's points: the history's (:func:`_period`), or a longer one when the
    game's points would hold fewer than :data:`MIN_POINT_ANSWERS` answers each (a day's share
    right of one or two answers is 0 or 100 % and says little), as long as the history spans
    three weeks (for weeks) or three months (for months)."""
    choices = [_period(span_days)]
    if choices[-1][1] == 1 and span_days >= 21:  # three weeks at least, or the points are too few to draw a line
        choices.append(_period(61))
    if choices[-1][1] == 7 and span_days >= 90:
        choices.append(_period(501))
    for period in choices:
        _name, _length, start_of = period
        counts: dict = defaultdict(dict)
        for o in outcomes:
            bucket = counts[o.level]
            key = start_of(local_day(o.at, tz))
            bucket[key] = bucket.get(key, 0) + 1
        sizes = sorted(n for bucket in counts.values() for n in bucket.values())
        if sizes[len(sizes) // 2] >= MIN_POINT_ANSWERS:
            return period
    return choices[-1]


#: The fewest answers a game's typical point should hold before a longer period is taken.
MIN_POINT_ANSWERS = 4


def _date_formatter(span_days: int):
    """A tick label for a date number of matplotlib, in the learner's language: ``20 Oct`` for a
    history of up to a year, else ``Oct 2026``."""
    import matplotlib.dates as mdates

    def label(x, _pos=None) -> str:
        d = mdates.num2date(x).date()
        if span_days <= 366:
            return _("{day} {month}").format(day=d.day, month=_(MONTHS[d.month - 1]))
        return f"{_(MONTHS[d.month - 1])} {d.year}"

    return label


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


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


def _tz_name(tz: tzinfo | None) -> str:
    if tz is None:
        return _("local time")
    return "UTC" if tz == timezone.utc else str(tz)
