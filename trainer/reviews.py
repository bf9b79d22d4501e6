"""Anki's habits over the history: what is due for review and when (``tablecalc stats --due``),
and the items a learner suspended because they think them wrong (``tablecalc suspend``,
``tablecalc unsuspend``): a suspended item is never due nor asked, is left out of the weakest
puzzles, reports and worksheets, and is listed until it is taken back. Each learner has their
own (:class:`~trainer.history.History` is one learner's view).

An item is named by its short reference (:func:`~trainer.history.item_ref`, 7 hexadecimal
digits, the same on every computer), which ``stats --due`` shows beside each puzzle; its key
and ``--last`` (the latest puzzle answered) name it too.

>>> import pathlib, tempfile
>>> from datetime import datetime, timedelta, timezone
>>> from trainer.classroom import record_answer
>>> from trainer.drills import make_drill
>>> tmp = tempfile.TemporaryDirectory()
>>> at = datetime(2025, 3, 3, 9, tzinfo=timezone.utc)
>>> with History.open(pathlib.Path(tmp.name) / "history.sqlite3", learner="Léa") as history:
...     drill = make_drill("arith", level="mul")
...     _ = record_answer(history, "Léa", drill, drill.from_situation("calculate 7 × 8"), "54", 3.0, at=at)
...     [row["label"] for row in due_list(history, now=at + timedelta(hours=1))["due_now"]]
...     suspend(history, [], last=True)[0].label
...     due_list(history, now=at + timedelta(hours=1))["due_now"], len(history.suspended())
['7 × 8']
'7 × 8'
([], 1)
>>> tmp.cleanup()
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo

from solver.errors import TablecalcError, quoted
from solver.i18n import _, ngettext
from trainer.history import History, ItemState, learner_option
from trainer.progress import SHORT_DAYS, MONTHS, day_bounds, local_day, utc_now
from trainer.stats import hooks

__all__ = ["due_list", "render_due", "suspend", "Suspension", "UPCOMING_DAYS", "MAX_LISTED"]

UPCOMING_DAYS = 7
"""How many days ahead ``stats --due`` counts what comes due."""
MAX_LISTED = 30
"""The most items ``stats --due`` lists one by one in each part (the rest are counted)."""


def _row(s: ItemState, now: datetime) -> dict:
    return {"ref": s.ref, "item": s.item, "label": hooks(s.drill).label(s.item, s.puzzle), "drill": s.drill,
            "level": s.level, "due": s.due.isoformat(), "overdue_days": max(0, (now - s.due).days),
            "retrievability": round(s.retrievability(now), 3),
            "suspended_at": s.suspended_at.isoformat() if s.suspended_at else None}


def due_list(history: History, *, now: datetime | None = None, tz: tzinfo | None = timezone.utc,
             drill: str | None = None, days: int = UPCOMING_DAYS) -> dict:
    """What the learner has due, as JSON-able data (of one ``drill`` if given): ``due_now`` (every
    item due at ``now``, the weakest first, as a review session asks them), ``upcoming`` (how
    many fall due on each of the next ``days`` days, today's rest first: ``day``, ``items``),
    ``later`` (due after that) and ``suspended`` (the latest suspended first). Each item is
    ``ref``, ``item``, ``label`` (readable), ``drill``, ``level``, ``due``, ``overdue_days``,
    ``retrievability`` and ``suspended_at``. Days are calendar days in ``tz`` (``None``: local)."""
    now = (now or utc_now()).astimezone(timezone.utc)
    items = history.items(drill)
    active = [s for s in items if not s.suspended]
    due = sorted((s for s in active if s.due <= now),
                 key=lambda s: (s.retrievability(now), -s.lapses, s.due, -s.wrong, s.item))
    today = local_day(now, tz)
    upcoming = []
    for k in range(days):
        start, end = day_bounds(today + timedelta(days=k), tz)
        upcoming.append({"day": (today + timedelta(days=k)).isoformat(),
                         "items": sum(max(start, now) < s.due < end for s in active)})
    horizon = day_bounds(today + timedelta(days=days - 1), tz)[1]
    return {"history": str(history.path), "learner": history.learner, "drill": drill, "at": now.isoformat(),
            "items": len(items), "due_now": [_row(s, now) for s in due], "upcoming": upcoming,
            "later": sum(s.due >= horizon for s in active),
            "suspended": [_row(s, now) for s in history.suspended() if drill is None or s.drill == drill]}


def _day(d: date, today: date) -> str:
    if d == today:
        return _("later today")
    if d == today + timedelta(days=1):
        return _("tomorrow")
    return _("{weekday} {day} {month}").format(weekday=_(SHORT_DAYS[d.weekday()]), day=d.day,
                                               month=_(MONTHS[d.month - 1]))


def render_due(data: dict, console=None) -> None:
    """Print :func:`due_list`'s data: the items due now (their reference, the puzzle, its drill
    and level, how overdue), the days ahead, and the suspended items."""
    from rich import box
    from rich.table import Table

    from trainer.out import console as rich_console, safe

    console = console or rich_console(highlight=False)
    if data["learner"]:
        console.print("[bold]" + safe(_("Reviews of {learner}").format(learner=data["learner"])) + "[/]")
    if not data["items"]:
        console.print(_("Nothing to review yet: every puzzle answered comes back here when it is due."))
        return
    now = datetime.fromisoformat(data["at"])
    today = date.fromisoformat(data["upcoming"][0]["day"]) if data["upcoming"] else now.date()

    def table(rows: list[dict], last: str, when) -> None:
        t = Table(header_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 2, 0, 0))
        for name, ratio in ((_("ref"), None), (_("puzzle"), 1), (_("drill"), None), (last, None)):
            t.add_column(name, overflow="fold", ratio=ratio, no_wrap=ratio is None)
        for r in rows[:MAX_LISTED]:
            t.add_row(r["ref"], safe(r["label"]), safe(f"{r['drill']} {r['level']}"), when(r))
        console.print(t)
        if len(rows) > MAX_LISTED:
            more = len(rows) - MAX_LISTED
            console.print(ngettext("… and {n} more.", "… and {n} more.", more).format(n=more))

    due = data["due_now"]
    n = len(due)
    console.print("[bold]" + safe(ngettext("{n} puzzle due for review now", "{n} puzzles due for review now", n)
                                  .format(n=n)) + "[/]" + ("" if n else "."))
    if due:
        table(due, _("due"), lambda r: ngettext("{n} day late", "{n} days late", r["overdue_days"]).format(
            n=r["overdue_days"]) if r["overdue_days"] else _("now"))
    ahead = [f"{_day(date.fromisoformat(u['day']), today)} {u['items']}" for u in data["upcoming"] if u["items"]]
    if data["later"]:
        ahead.append(_("after that {n}").format(n=data["later"]))
    console.print()
    console.print(safe(_("Coming up: {days}.").format(days=", ".join(ahead)) if ahead else _("Nothing else comes due.")))
    suspended = data["suspended"]
    if suspended:
        console.print()
        who = learner_option(data["learner"])
        console.print("[bold]" + safe(ngettext("{n} puzzle suspended", "{n} puzzles suspended", len(suspended)).format(
            n=len(suspended))) + "[/] " + safe(_("(never asked; take one back with: tablecalc unsuspend REF{who})")
                                              .format(who=who)))
        table(suspended, _("since"), lambda r: _short(datetime.fromisoformat(r["suspended_at"]), today))


def _short(when: datetime, today: date) -> str:
    d = when.astimezone().date()
    return _("today") if d == today else f"{d.day} {_(MONTHS[d.month - 1])}"


@dataclass(frozen=True)
class Suspension:
    """What ``suspend`` or ``unsuspend`` did to one item: its ``ref``, readable ``label``, and
    whether it ``changed`` (it was already so, else)."""

    ref: str
    item: str
    label: str
    changed: bool

    def as_dict(self) -> dict:
        return {"ref": self.ref, "item": self.item, "label": self.label, "changed": self.changed}


def suspend(history: History, refs: list[str], *, last: bool = False, undo: bool = False) -> list[Suspension]:
    """Suspend (or, with ``undo``, take back) the learner's items that ``refs`` name (short
    references or keys: :meth:`~trainer.history.History.find_items`), and the latest puzzle
    answered with ``last``. Every reference is checked before anything is written: one that
    names no item, or several, raises a :class:`TablecalcError` in one line."""
    chosen: list[ItemState] = []
    if last:
        item = history.last_item()
        if item is None:
            raise TablecalcError(_("{learner} has answered no puzzle yet: there is no latest puzzle to suspend").format(
                learner=history.learner or _("(no name)")))
        chosen += history.find_items(item)
    for ref in refs:
        found = history.find_items(ref)
        if not found:
            raise TablecalcError(_("no puzzle {ref} in the history of {learner}: expected a reference that "
                                   "tablecalc stats --due{who} shows, like {example}").format(
                ref=quoted(ref, 60), learner=history.learner or _("(no name)"), who=learner_option(history.learner),
                example=_example(history)))
        if len(found) > 1:
            raise TablecalcError(_("{ref} names {n} puzzles ({refs}): type more of its reference").format(
                ref=quoted(ref, 60), n=len(found), refs=", ".join(s.ref for s in found[:5])))
        chosen += found
    if not chosen:
        raise TablecalcError(
            _("name the puzzles to take back: their references as tablecalc stats --due shows them, or --last for "
              "the latest puzzle answered") if undo else
            _("name the puzzles to suspend: their references as tablecalc stats --due shows them, or --last for the "
              "latest puzzle answered"))
    out = []
    for s in {s.item: s for s in chosen}.values():
        changed = history.suspend(s.item, not undo)
        out.append(Suspension(s.ref, s.item, hooks(s.drill).label(s.item, s.puzzle), changed))
    return out


def _example(history: History) -> str:
    items = history.items()
    return items[0].ref if items else "aa33d60"
