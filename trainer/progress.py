"""What brings a learner back: the streak, the daily goal, what is due today, when a review
was last missed, the trend, and which families of facts are weak.

Everything here takes ``now`` (or ``today``) and a time zone ``tz`` from its caller, so that
tests inject their dates; ``tz=None`` means the computer's local time (each instant converted
with the rules in force at that instant, summer time included). A *day* is a calendar day in
that zone.

- **Streak**: the number of consecutive days, ending today, with at least one answer (any
  drill, or the drill asked about). A streak is not broken until a whole day passes without
  practice: before the first answer of the day it still counts up to yesterday, and says
  so ("practise today to keep it").
- **Daily goal**: a number of answers a day (right or wrong: it measures practice), kept in
  the history (:meth:`~trainer.history.History.daily_goal`); 0 means no goal.
- **Due today**: items of a drill and level whose FSRS review falls before the end of today.
- **Trend**: the share of right answers on the first and on the last day practised within a
  week (the last practice day and the six days before it), counting only days with at least
  :data:`TREND_MIN_ANSWERS` answers; the change is in percentage points. No trend is given
  with fewer than two such days.

>>> from datetime import date
>>> streak({date(2025, 3, 1), date(2025, 3, 2), date(2025, 3, 3)}, today=date(2025, 3, 4))
Streak(current=3, longest=3, practised_today=False)
>>> goal_text(12, 20)
'12 of 20 answers today'
>>> readable_day(date(2025, 3, 3), today=date(2025, 3, 6))
'on Monday'
"""

from __future__ import annotations

import statistics
from collections import defaultdict, deque
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from typing import Callable, Iterable

from fsrs import Rating

from solver.i18n import N_, _, ngettext

__all__ = ["Streak", "Trend", "FamilyScore", "local_day", "day_bounds", "readable_day", "streak", "practice_streak",
           "answers_today", "due_today", "due_text", "wait_text", "streak_text", "goal_text", "review_label",
           "start_lines", "end_lines", "trend", "trend_text", "change_text", "family_scores", "weakness",
           "TREND_MIN_ANSWERS", "RECENT_FAMILY_ANSWERS", "SHORT_DAYS", "MONTHS"]

#: A day counts in the trend only with at least this many answers (fewer say little).
TREND_MIN_ANSWERS = 5
#: A family's weakness is judged on its latest answers only, so that a family mastered since stops coming back.
RECENT_FAMILY_ANSWERS = 20

_WEEKDAYS = (N_("on Monday"), N_("on Tuesday"), N_("on Wednesday"), N_("on Thursday"), N_("on Friday"),
             N_("on Saturday"), N_("on Sunday"))
_DAY_NAMES = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"),
              N_("Sunday"))
SHORT_DAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
           N_("Oct"), N_("Nov"), N_("Dec"))


# ---------------------------------------------------------------- days


def local_day(at: datetime, tz: tzinfo | None = None) -> date:
    """The calendar day of the instant ``at`` in ``tz`` (``None``: local time)."""
    return (at.astimezone(tz) if tz is not None else at.astimezone()).date()


def day_bounds(day: date, tz: tzinfo | None = None) -> tuple[datetime, datetime]:
    """The first instant of ``day`` and of the day after, in ``tz`` (``None``: local time).

    >>> [t.isoformat() for t in day_bounds(date(2025, 3, 1), timezone.utc)]
    ['2025-03-01T00:00:00+00:00', '2025-03-02T00:00:00+00:00']
    """
    def start(d: date) -> datetime:
        naive = datetime.combine(d, time())
        return naive.replace(tzinfo=tz) if tz is not None else naive.astimezone()

    return start(day), start(day + timedelta(days=1))


def readable_day(day: date, today: date, *, bare: bool = False) -> str:
    """How a person says when ``day`` was, seen from ``today``: "today", "yesterday", "on
    Monday" (within the last week), "on 3 Nov", "on 3 Nov 2024" (another year); with ``bare``,
    without "on" ("since Monday").

    >>> [readable_day(date(2025, 3, d), date(2025, 3, 6)) for d in (6, 5, 1)]
    ['today', 'yesterday', 'on Saturday']
    >>> readable_day(date(2025, 2, 3), date(2025, 3, 6)), readable_day(date(2024, 11, 3), date(2025, 3, 6), bare=True)
    ('on 3 Feb', '3 Nov 2024')
    """
    ago = (today - day).days
    if ago == 0:
        return _("today")
    if ago == 1:
        return _("yesterday")
    if 1 < ago < 7:
        return _((_DAY_NAMES if bare else _WEEKDAYS)[day.weekday()])
    month = _(MONTHS[day.month - 1])
    if day.year == today.year:
        text = _("{day} {month}") if bare else _("on {day} {month}")
        return text.format(day=day.day, month=month)
    text = _("{day} {month} {year}") if bare else _("on {day} {month} {year}")
    return text.format(day=day.day, month=month, year=day.year)


# ---------------------------------------------------------------- streak and goal


@dataclass(frozen=True)
class Streak:
    """``current``: consecutive days practised up to today (or up to yesterday when today has
    no answer yet); ``longest``: the longest run ever; ``practised_today``."""

    current: int
    longest: int
    practised_today: bool


def streak(days: Iterable[date], today: date) -> Streak:
    """The streak of a set of days practised, seen on ``today`` (days after ``today`` are ignored).

    >>> streak({date(2025, 3, 1), date(2025, 3, 3), date(2025, 3, 4)}, today=date(2025, 3, 4))
    Streak(current=2, longest=2, practised_today=True)
    >>> streak({date(2025, 3, 1)}, today=date(2025, 3, 4))
    Streak(current=0, longest=1, practised_today=False)
    """
    practised = sorted({d for d in days if d <= today})
    longest = run = 0
    previous = None
    for d in practised:
        run = run + 1 if previous is not None and (d - previous).days == 1 else 1
        longest = max(longest, run)
        previous = d
    today_too = bool(practised) and practised[-1] == today
    current = run if practised and (today - practised[-1]).days <= 1 else 0
    return Streak(current, longest, today_too)


def practice_streak(history, now: datetime, tz: tzinfo | None = None, drill: str | None = None) -> Streak:
    """The learner's streak in ``history`` at ``now`` (any drill, or ``drill``)."""
    days = {local_day(t, tz) for t in history.practice_times(drill)}
    return streak(days, local_day(now, tz))


def answers_today(history, now: datetime, tz: tzinfo | None = None, drill: str | None = None) -> int:
    """Answers recorded on the day of ``now`` (any drill, or ``drill``)."""
    start, end = day_bounds(local_day(now, tz), tz)
    return history.count_between(start, end, drill)


def due_today(history, drill: str, level: str, now: datetime, tz: tzinfo | None = None) -> list[datetime]:
    """When each item of this drill and level due before today ends falls due, earliest first."""
    return history.due_times(drill, level, day_bounds(local_day(now, tz), tz)[1])


def due_text(due: list[datetime], now: datetime, drill: str, level: str) -> str:
    """``5 due today in arith mul, 2 of them now``, or when the first one comes.

    >>> now = datetime(2025, 3, 6, 9, tzinfo=timezone.utc)
    >>> due_text([now - timedelta(hours=1), now + timedelta(minutes=5)], now, "arith", "mul")
    '2 due today in arith mul, 1 of them now: reviews come every other puzzle.'
    >>> due_text([now + timedelta(minutes=5)], now, "arith", "mul")
    '1 due today in arith mul, the first in 5 min.'
    """
    if not due:
        return _("Nothing due today in {drill} {level}: every puzzle is new.").format(drill=drill, level=level)
    n, ready = len(due), sum(d <= now for d in due)
    head = ngettext("{n} due today in {drill} {level}", "{n} due today in {drill} {level}", n).format(
        n=n, drill=drill, level=level)
    if ready == n:
        return head + _(": reviews come every other puzzle.")
    if ready:
        return head + ngettext(", {k} of them now: reviews come every other puzzle.",
                               ", {k} of them now: reviews come every other puzzle.", ready).format(k=ready)
    return head + _(", the first in {wait}.").format(wait=wait_text(min(due) - now))


def wait_text(delta: timedelta) -> str:
    """``5 min``, ``3 h`` (at least a minute).

    >>> wait_text(timedelta(seconds=20)), wait_text(timedelta(hours=2, minutes=40))
    ('1 min', '3 h')
    """
    minutes = max(1, round(delta.total_seconds() / 60))
    if minutes < 60:
        return _("{n} min").format(n=minutes)
    return _("{n} h").format(n=round(minutes / 60))


def streak_text(s: Streak) -> str:
    """``3-day streak``, ``3-day streak: practise today to keep it``, or how to start one.

    >>> streak_text(Streak(3, 5, False)), streak_text(Streak(0, 5, False))
    ('3-day streak: practise today to keep it', 'no streak yet: today starts one')
    """
    if s.current == 0:
        return _("no streak yet: today starts one")
    if s.practised_today:
        return ngettext("{n}-day streak", "{n}-day streak", s.current).format(n=s.current)
    return ngettext("{n}-day streak: practise today to keep it", "{n}-day streak: practise today to keep it",
                    s.current).format(n=s.current)


def goal_text(done: int, goal: int) -> str:
    """``12 of 20 answers today``, ``20 of 20 answers today: daily goal met``, or the count alone without a goal.

    >>> goal_text(20, 20), goal_text(3, 0)
    ('20 of 20 answers today: daily goal met', '3 answers today')
    """
    if goal <= 0:
        return ngettext("{n} answer today", "{n} answers today", done).format(n=done)
    if done < goal:
        return ngettext("{done} of {goal} answers today", "{done} of {goal} answers today", goal).format(
            done=done, goal=goal)
    return ngettext("{done} of {goal} answers today: daily goal met",
                    "{done} of {goal} answers today: daily goal met", goal).format(done=done, goal=goal)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def start_lines(history, game: str, level: str, now: datetime, tz: tzinfo | None = None, *,
                reviewing: bool = True) -> list[str]:
    """The lines shown before a drill's first puzzle: the streak and goal, and what is due today.

    ``reviewing`` says whether the session mixes in reviews (the due count is left out otherwise).
    """
    s = practice_streak(history, now, tz)
    lines = [_whose(history, _capital(_("{streak}; {goal}.").format(
        streak=streak_text(s), goal=goal_text(answers_today(history, now, tz), history.daily_goal()))))]
    if reviewing:
        lines.append(due_text(due_today(history, game, level, now, tz), now, game, level))
    return lines


def end_lines(history, now: datetime, tz: tzinfo | None = None) -> list[str]:
    """The line shown after a session's summary: the streak and goal as they stand now."""
    s = practice_streak(history, now, tz)
    done, goal = answers_today(history, now, tz), history.daily_goal()
    line = _capital(_("{streak}; {goal}.").format(streak=streak_text(s), goal=goal_text(done, goal)))
    if 0 < goal and done < goal:
        line += " " + ngettext("{n} more to reach it.", "{n} more to reach it.", goal - done).format(
            n=goal - done)
    return [_whose(history, line)]


def _whose(history, line: str) -> str:
    """``Léa: 3-day streak; ...`` for a named learner (on a shared computer, whose history this is);
    the line as it is for the default learner."""
    name = getattr(history, "learner", "")
    return _("{learner}: {line}").format(learner=name, line=line) if name else line


def review_label(seen: tuple[datetime, datetime | None] | None, now: datetime, tz: tzinfo | None = None) -> str:
    """What a review says when it comes back: ``review: missed on Monday``, or when it was last
    seen if it was never missed (``seen`` is one value of
    :meth:`~trainer.history.History.last_seen`).

    >>> from datetime import timezone as tzs
    >>> at = datetime(2025, 3, 3, 9, tzinfo=tzs.utc)
    >>> review_label((at, at), datetime(2025, 3, 6, 9, tzinfo=tzs.utc), tzs.utc)
    'review: missed on Monday'
    """
    if seen is None:
        return _("review")
    last, missed = seen
    today = local_day(now, tz)
    if missed is not None:
        return _("review: missed {when}").format(when=readable_day(local_day(missed, tz), today))
    return _("review: last answered right {when}").format(when=readable_day(local_day(last, tz), today))


# ---------------------------------------------------------------- trend


@dataclass(frozen=True)
class Trend:
    """Accuracy (share right) and median seconds on the first and last qualifying day of a week."""

    since: date
    until: date
    before: float
    after: float
    seconds_before: float
    seconds_after: float

    @property
    def points(self) -> int:
        """The change in percentage points (``+25``)."""
        return round(100 * self.after) - round(100 * self.before)

    def as_dict(self) -> dict:
        return {"since": self.since.isoformat(), "until": self.until.isoformat(), "before": round(self.before, 4),
                "after": round(self.after, 4), "points": self.points,
                "median_seconds_before": round(self.seconds_before, 2),
                "median_seconds_after": round(self.seconds_after, 2)}


def trend(outcomes: Iterable, tz: tzinfo | None = None, *, today: date | None = None,
          min_answers: int = TREND_MIN_ANSWERS) -> Trend | None:
    """The trend of ``outcomes`` (anything with ``at``, ``correct`` and ``seconds``): see the
    module's docstring. Answers stamped after ``today`` (a clock set wrong) are left out."""
    by_day: dict[date, list] = defaultdict(list)
    for o in outcomes:
        day = local_day(o.at, tz)
        if today is None or day <= today:
            by_day[day].append(o)
    days = sorted(d for d, group in by_day.items() if len(group) >= min_answers)
    if not days:
        return None
    last = days[-1]
    week = [d for d in days if (last - d).days < 7]
    if len(week) < 2:
        return None
    first = week[0]

    def share(d):
        return sum(o.correct for o in by_day[d]) / len(by_day[d])

    def median(d):
        return statistics.median(o.seconds for o in by_day[d])

    return Trend(first, last, share(first), share(last), median(first), median(last))


def trend_text(t: Trend | None, today: date) -> str | None:
    """``+25 points since Monday: 60% right then, 85% today`` (``None`` without a trend).

    >>> trend_text(Trend(date(2025, 3, 3), date(2025, 3, 6), 0.6, 0.85, 5, 4), today=date(2025, 3, 6))
    '+25 points since Monday: 60% right then, 85% today'
    """
    if t is None:
        return None
    return change_text(t, today) + ": " + _("{before}% right then, {after}% {until}").format(
        before=round(100 * t.before), after=round(100 * t.after), until=readable_day(t.until, today))


def change_text(t: Trend, today: date) -> str:
    """``+25 points since Monday``, ``-5 points since 3 Nov``, ``steady since Monday``."""
    since = readable_day(t.since, today, bare=True)
    if t.points == 0:
        return _("steady since {since}").format(since=since)
    return ngettext("{change} point since {since}", "{change} points since {since}", abs(t.points)).format(
        change=f"{t.points:+d}", since=since)


# ---------------------------------------------------------------- families and weakness


def weakness(misses: float, answers: int) -> float:
    """The share of misses, smoothed (Laplace: ``(misses + 1) / (answers + 2)``) so that a
    family tried once is not called perfect or hopeless; callers count a slow right answer
    as half a miss.

    >>> weakness(0, 0), weakness(1, 1), weakness(4, 20) < weakness(0, 1)
    (0.5, 0.6666666666666666, True)
    """
    return (misses + 1) / (answers + 2)


@dataclass(frozen=True)
class FamilyScore:
    """How a family of facts goes: all its answers, and its latest :data:`RECENT_FAMILY_ANSWERS`."""

    family: str
    answers: int
    wrong: int
    recent: int
    recent_wrong: int
    recent_slow: int
    median_seconds: float

    @property
    def weakness(self) -> float:
        return weakness(self.recent_wrong + 0.5 * self.recent_slow, self.recent)

    @property
    def accuracy(self) -> float:
        return (self.answers - self.wrong) / self.answers


def family_scores(outcomes: Iterable, family_of: Callable[[str], str | None], *,
                  recent: int = RECENT_FAMILY_ANSWERS) -> dict[str, FamilyScore]:
    """Every family met in ``outcomes`` (oldest first), by ``family_of(item)``; items of no family are left out."""
    groups: dict[str, list] = defaultdict(list)
    latest: dict[str, deque] = defaultdict(lambda: deque(maxlen=recent))
    known: dict[str, str | None] = {}  # an item's family, worked out once however often it was asked
    for o in outcomes:
        family = known[o.item] if o.item in known else known.setdefault(o.item, family_of(o.item))
        if family is None:
            continue
        groups[family].append(o)
        latest[family].append(o)
    out = {}
    for family, group in groups.items():
        last = latest[family]
        out[family] = FamilyScore(
            family, len(group), sum(not o.correct for o in group), len(last), sum(not o.correct for o in last),
            sum(o.correct and o.rating == Rating.Hard for o in last), statistics.median(o.seconds for o in group))
    return out


def utc_now() -> datetime:
    """The current instant (the one place this module reads the clock, for callers without a ``now``)."""
    return datetime.now(timezone.utc)
