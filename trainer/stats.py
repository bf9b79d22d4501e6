"""Progress statistics from the history: accuracy, speed and penalties per drill and level, over time.

:func:`compute_stats` turns a :class:`~trainer.history.History` into plain JSON-able data,
:func:`render_stats` prints it as tables; :func:`trainer.chart.plot_stats` draws it as a chart (matplotlib,
imported only there).

Numbers: ``accuracy`` is the share of answers judged correct (0 to 1, null when there are
none); ``median_seconds`` is the median time per answer; ``penalties`` adds up the
penalties (each row of ``by_drill`` has its ``penalty_unit``: cards drawn in Nambarz, cards
taken back in Nmbrs!; the overall ``penalties`` is a plain count across units, and
``penalties_by_unit`` splits it); a ``day`` is a calendar day in UTC unless another ``tz``
is given.

>>> import pathlib, tempfile
>>> from trainer.history import History, ItemState, learner_option
>>> tmp = tempfile.TemporaryDirectory()
>>> with History.open(pathlib.Path(tmp.name) / "history.sqlite3") as history:
...     compute_stats(history)["answers"]
0
>>> tmp.cleanup()
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timezone, tzinfo

from fsrs import Rating

from solver.errors import TablecalcError
from solver.i18n import _, ngettext
from solver.registry import game_names
from trainer.history import History, ItemState, learner_option
from trainer.progress import (RECENT_FAMILY_ANSWERS, day_bounds, family_scores, local_day, readable_day, streak, streak_text, goal_text,
                              trend, trend_text, utc_now, weakness)

#: How many items ``weakest`` lists.
WEAKEST = 10
#: How many of an item's latest answers its weakness is judged on (misses in them rank it).
RECENT_ITEM_ANSWERS = 10
#: How many fact families the tables list.
FAMILIES = 5


def compute_stats(
    history: History, *, now: datetime | None = None, tz: tzinfo | None = timezone.utc, weakest: int = WEAKEST,
    drill: str | None = None,
) -> dict:
    """Everything ``tablecalc stats`` shows, as JSON-able data (of one ``drill`` if given).

    Keys: ``history`` (the file), ``drill`` (the filter, or null), ``at`` (``now``),
    ``answers``, ``correct``, ``accuracy``, ``median_seconds``, ``penalties``, ``sessions``,
    ``items``, ``due_now``, ``due_today`` (a suspended item is never due), ``suspended``,
    ``first_at``, ``last_at``; ``streak``
    (``current``, ``longest``, ``practised_today``), ``today`` (``day``, ``answers``,
    ``goal``: the answers of every drill today, and the daily goal, which counts them all), ``trend`` (see :mod:`trainer.progress`, or null); ``by_drill`` (one entry
    per drill and level), ``over_time`` (per day, drill and level), ``families`` (fact
    families, weakest first: see :meth:`trainer.drills.GameDrill.family`) and ``weakest``
    (up to ``weakest`` items, ranked by their misses among their latest
    :data:`RECENT_ITEM_ANSWERS` answers — a slow right answer counts half a miss — then by
    the share of those missed, then by misses ever; each with its readable ``label``,
    ``last_missed`` and FSRS state: ``stability`` in days, ``difficulty`` 1-10,
    ``retrievability`` at ``now``). A "slow" answer is right but took longer than its
    reference time (FSRS rating Hard). Days are calendar days in ``tz`` (``None``: local time).
    """
    now = (now or utc_now()).astimezone(timezone.utc)
    outcomes = history.outcomes(drill)
    items = history.items(drill)
    today = local_day(now, tz)
    end_of_today = day_bounds(today, tz)[1]

    by_key: dict[tuple, list] = defaultdict(list)
    by_day: dict[tuple, list] = defaultdict(list)
    for o in outcomes:
        by_key[(o.drill, o.level)].append(o)
        by_day[(local_day(o.at, tz).isoformat(), o.drill, o.level)].append(o)

    items_of: dict[tuple, list] = defaultdict(list)
    for s in items:
        items_of[(s.drill, s.level)].append(s)

    by_drill = []
    for (name, level), group in sorted(by_key.items()):
        mine = items_of.get((name, level), [])
        by_drill.append({
            "drill": name, "level": level, **summary(group), "penalty_unit": _unit(name),
            "penalised": sum(o.penalty > 0 for o in group),
            "items": len(mine), "due_now": sum(s.due <= now and not s.suspended for s in mine),
            "due_today": sum(s.due < end_of_today and not s.suspended for s in mine),
            "last_at": group[-1].at.isoformat(),
        })
    over_time = [
        {"day": day, "drill": name, "level": level, **summary(group)}
        for (day, name, level), group in sorted(by_day.items())
    ]

    weakest_items = []
    for w in weak_items(outcomes, items)[:weakest]:
        s, missed = w.state, w.last_missed
        weakest_items.append({
            "item": s.item, "label": hooks(s.drill).label(s.item, s.puzzle), "drill": s.drill, "level": s.level,
            "family": hooks(s.drill).family(s.item),
            "answers": s.answers, "wrong": s.wrong, "slow": w.slow, "lapses": s.lapses,
            "recent_answers": w.recent_answers, "recent_wrong": w.recent_wrong,
            "last_missed": missed.isoformat() if missed else None,
            "last_missed_day": local_day(missed, tz).isoformat() if missed else None,
            "stability": _round(s.stability, 2), "difficulty": _round(s.difficulty, 2),
            "retrievability": _round(s.retrievability(now), 3), "due": s.due.isoformat(),
            "last_at": s.last_at.isoformat()})

    st = streak({local_day(o.at, tz) for o in outcomes}, today)
    start_of_today = day_bounds(today, tz)[0]
    t = trend(outcomes, tz, today=today)
    return {
        "history": str(history.path),
        "learner": history.learner,
        "drill": drill,
        "at": now.isoformat(),
        **summary(outcomes),
        "penalties_by_unit": _by_unit(by_drill),
        "sessions": len({o.session for o in outcomes}),
        "items": len(items),
        "due_now": sum(s.due <= now and not s.suspended for s in items),
        "due_today": sum(s.due < end_of_today and not s.suspended for s in items),
        "suspended": sum(s.suspended for s in items),
        "first_at": outcomes[0].at.isoformat() if outcomes else None,
        "last_at": outcomes[-1].at.isoformat() if outcomes else None,
        "streak": {"current": st.current, "longest": st.longest, "practised_today": st.practised_today},
        "today": {"day": today.isoformat(), "answers": history.count_between(start_of_today, end_of_today),
                  "goal": history.daily_goal()},
        "trend": t.as_dict() if t else None,
        "by_drill": by_drill,
        "over_time": over_time,
        "families": _families(outcomes),
        "weakest": weakest_items,
    }


@dataclass(frozen=True)
class WeakItem:
    """An item missed (or answered slowly) among its latest :data:`RECENT_ITEM_ANSWERS` answers."""

    state: ItemState
    recent_answers: int
    recent_wrong: int
    recent_slow: int
    slow: int
    """Right but slow answers ever (FSRS rating Hard: slower than the reference time, or after a hint)."""
    last_missed: datetime | None

    @property
    def score(self) -> float:
        """The misses among the latest answers, a slow right answer among them counting half."""
        return self.recent_wrong + 0.5 * self.recent_slow


def weak_items(outcomes: list, items: list[ItemState]) -> list[WeakItem]:
    """The items of ``items`` missed or slow among their latest :data:`RECENT_ITEM_ANSWERS`
    answers in ``outcomes`` (oldest first), weakest first: by those misses (a slow right answer
    counts half), then the share of them missed, then the misses ever, then the latest miss
    first, then the lapses; a suspended item is left out. What ``stats`` lists as the weakest
    puzzles and a worksheet asks."""
    by_item: dict[str, list] = defaultdict(list)
    for o in outcomes:
        by_item[o.item].append(o)
    out = []
    for s in items:
        if s.suspended:  # the learner thinks it wrong: not a weakness of theirs
            continue
        group = by_item.get(s.item, [])
        latest = group[-RECENT_ITEM_ANSWERS:]
        wrong = sum(not o.correct for o in latest)
        slow_latest = sum(o.correct and o.rating == Rating.Hard for o in latest)
        if wrong + slow_latest == 0:
            continue
        out.append(WeakItem(s, len(latest), wrong, slow_latest, sum(o.correct and o.rating == Rating.Hard for o in group),
                            max((o.at for o in group if not o.correct), default=None)))
    out.sort(key=lambda w: (-w.score, -weakness(w.score, w.recent_answers), -w.state.wrong,
                            -(w.last_missed.timestamp() if w.last_missed else 0.0), -w.state.lapses, w.state.item))
    return out


def hooks(drill: str) -> type:
    """The class that labels and groups a drill's items: the game's ``Drill``, or
    :class:`~trainer.drills.GameDrill`'s defaults for a drill this tablecalc does not know."""
    from trainer.drills import GameDrill, drill_class

    try:
        return drill_class(drill)
    except (TablecalcError, ImportError):
        return GameDrill


def _families(outcomes: list) -> list[dict]:
    """Every fact family met, weakest first (the drills that group their items: see ``GameDrill.family``)."""
    by_drill: dict[str, list] = defaultdict(list)
    for o in outcomes:
        by_drill[o.drill].append(o)
    rows = []
    for name, group in sorted(by_drill.items()):
        cls = hooks(name)
        for f, sc in family_scores(group, cls.family).items():
            rows.append({"drill": name, "family": f, "name": cls.family_name(f), "answers": sc.answers,
                         "wrong": sc.wrong, "accuracy": round(sc.accuracy, 4), "recent_answers": sc.recent,
                         "recent_wrong": sc.recent_wrong, "recent_slow": sc.recent_slow,
                         "weakness": round(sc.weakness, 4), "median_seconds": round(sc.median_seconds, 2)})
    rows.sort(key=lambda r: (-r["weakness"], -r["recent_wrong"], r["drill"], r["family"]))
    return rows


def _unit(drill: str) -> str:
    """The unit of a drill's penalties (a drill of a game this tablecalc does not know: "penalties")."""
    from solver.registry import find_game

    try:
        return find_game(drill).penalty_unit
    except TablecalcError:
        return "penalties"


def summary(outcomes: list) -> dict:
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


def penalties_text(by_drill: list) -> str:
    """``6 cards drawn, 2 cards taken back``: the penalties of every game in its own unit."""
    parts = [f"{n} {_(unit)}" for unit, n in _by_unit(by_drill).items() if n]
    return ", ".join(parts) if parts else _("no penalties")


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


# ---------------------------------------------------------------- tables


def render_stats(stats: dict, console=None) -> None:
    """Print the statistics as rich tables (to ``console``, default standard output), readable
    from 60 columns up."""
    from rich import box
    from rich.table import Table

    from trainer.out import console as rich_console, safe

    console = console or rich_console(highlight=False)
    if stats.get("learner"):
        console.print("[bold]" + safe(_("Progress of {learner}").format(learner=stats["learner"])) + "[/]")
    if not stats["answers"]:
        first, *others = game_names()
        who = learner_option(stats.get("learner") or "")
        if stats.get("drill"):
            console.print(_("No answers recorded yet for {drill} in {path}. Play it: [bold]tablecalc drill "
                            "{command}[/].").format(drill=safe(stats["drill"]), command=safe(stats["drill"] + who),
                                                    path=safe(stats["history"])))
        else:
            console.print(_("No answers recorded yet in {path}. Play a drill to start: [bold]tablecalc drill "
                            "{first}[/] (or {others}).").format(path=safe(stats["history"]), first=first + safe(who),
                                                                 others=", ".join(others)))
        return

    def table(title: str, columns: list[str], left: tuple = (), wrap: tuple = (), gap: int = 1) -> Table:
        # the title is printed above the table, so that it wraps at the terminal's width, not the table's
        console.print(f"[bold]{safe(title)}[/]")
        t = Table(header_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  padding=(0, gap - 1, 0, 0))
        for name in columns:
            t.add_column(name, justify="left" if name in left else "right", overflow="fold",
                         no_wrap=name not in wrap, ratio=1 if name in wrap else None)
        return t

    now = datetime.fromisoformat(stats["at"])
    today = date.fromisoformat(stats["today"]["day"])
    first, last = stats["first_at"][:10], stats["last_at"][:10]
    span = first if first == last else _("{first} to {last}").format(first=first, last=last)
    sessions = ngettext("{n} session", "{n} sessions", stats["sessions"]).format(n=stats["sessions"])
    console.print(_(
        "[bold]{answers}[/] answers in {sessions} ({span}): [bold]{accuracy}[/] correct, median time {median} "
        "per answer, {penalties}."
    ).format(answers=stats["answers"], sessions=sessions, span=span, accuracy=_pct(stats["accuracy"]),
             median=_secs(stats["median_seconds"]), penalties=penalties_text(stats["by_drill"])))
    streak_line = streak_text(_streak_of(stats))
    if stats["streak"]["longest"] > stats["streak"]["current"]:
        streak_line += ngettext(" (longest {n} day)", " (longest {n} days)", stats["streak"]["longest"]).format(
            n=stats["streak"]["longest"])
    console.print(_capital(_("{streak}; {goal}.").format(
        streak=streak_line, goal=goal_text(stats["today"]["answers"], stats["today"]["goal"]))))
    if stats["trend"]:
        t = stats["trend"]
        from trainer.progress import Trend

        text = trend_text(Trend(date.fromisoformat(t["since"]), date.fromisoformat(t["until"]), t["before"],
                                t["after"], t["median_seconds_before"], t["median_seconds_after"]), today)
        style = "green" if t["points"] > 0 else "red" if t["points"] < 0 else "default"
        head, _sep, rest = text.partition(":")
        console.print(f"[bold {style}]{head}[/]{_sep}{rest}.")
    console.print(_("{due} of {items} puzzles due for review now, {today} by the end of today.").format(
        due=stats["due_now"], items=stats["items"], today=stats["due_today"]))
    console.print()

    one_drill = len({r["drill"] for r in stats["by_drill"]}) == 1
    penalised = stats["penalties"] > 0  # no column of zeros for drills without penalties (arithmetic)
    t = table(_("By drill and level"), [_("drill"), _("level"), _("answers"), _("right"), _("median"),
                                         *([_("penalties")] if penalised else []), _("due")],
              left=(_("drill"), _("level")))
    for row in stats["by_drill"]:
        t.add_row(safe(row["drill"]), safe(row["level"]), str(row["answers"]), _pct(row["accuracy"], colour=True),
                  _secs(row["median_seconds"]), *([str(row["penalties"])] if penalised else []),
                  f"{row['due_now']}/{row['items']}")
    console.print(t)
    console.print()

    days = sorted({r["day"] for r in stats["over_time"]})[-14:]
    more = _(" (the last 14 days practised)") if len(days) == 14 else ""
    columns = [_("day"), *([] if one_drill else [_("drill")]), _("level"), _("answers"), _("right"), _("median"),
               *([_("penalties")] if penalised else [])]
    t = table(_("Day by day") + more, columns, left=(_("day"), _("drill"), _("level")))
    previous = None
    for row in stats["over_time"]:
        if row["day"] not in days:
            continue
        day = date.fromisoformat(row["day"])
        shown = _short_day(day) if row["day"] != previous else ""
        t.add_row(shown, *([] if one_drill else [safe(row["drill"])]), safe(row["level"]), str(row["answers"]),
                  _pct(row["accuracy"], colour=True), _secs(row["median_seconds"]),
                  *([str(row["penalties"])] if penalised else []))
        previous = row["day"]
    console.print(t)
    console.print()

    weak_families = [f for f in stats["families"] if f["recent_wrong"] or f["recent_slow"]][:FAMILIES]
    if weak_families:
        t = table(_("Weakest fact families (missed: in the latest {n})").format(n=RECENT_FAMILY_ANSWERS),
                  [_("family"), _("answers"), _("right"), _("missed"), _("slow")], left=(_("family"),), gap=2)
        for f in weak_families:
            t.add_row(safe(f["name"]), str(f["answers"]), _pct(f["accuracy"], colour=True),
                      _("{wrong} of {n}").format(wrong=f["recent_wrong"], n=f["recent_answers"]),
                      str(f["recent_slow"]))
        console.print(t)
        console.print()

    if not stats["weakest"]:
        console.print(_("No weak spots: every puzzle so far was answered right and in time."))
        return
    t = table(_("Weakest puzzles (most missed of their latest {n} answers)").format(n=RECENT_ITEM_ANSWERS),
              [_("puzzle"), *([] if one_drill else [_("drill")]), _("missed"), _("last missed"), _("next")],
              left=(_("puzzle"), _("drill"), _("last missed"), _("next")), wrap=(_("puzzle"),), gap=2)
    for row in stats["weakest"]:
        missed = row["last_missed_day"]
        when = readable_day(date.fromisoformat(missed), today, bare=True) if missed else "—"
        t.add_row(safe(row["label"]), *([] if one_drill else [safe(row["drill"])]),
                  _("{wrong} of {n}").format(wrong=row["recent_wrong"], n=row["recent_answers"]), when,
                  _when(datetime.fromisoformat(row["due"]) - now))
    console.print(t)


def _streak_of(stats: dict):
    from trainer.progress import Streak

    s = stats["streak"]
    return Streak(s["current"], s["longest"], s["practised_today"])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _short_day(d: date) -> str:
    """``Mon 24 Nov``."""
    from trainer.progress import SHORT_DAYS, MONTHS

    return _("{weekday} {day} {month}").format(weekday=_(SHORT_DAYS[d.weekday()]), day=d.day,
                                               month=_(MONTHS[d.month - 1]))


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
