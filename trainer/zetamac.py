"""Zetamac rounds: a timed round of quick answers, each taken the instant it is right.

As on arithmetic.zetamac.com: one problem on screen, rewritten in place; the score beside
a live timer; no Enter — the moment the typed digits make the answer, the next problem
replaces it. A typo is no miss (Backspace and type on); the problem the bell cuts off is
not counted at all. Ctrl-C stops (exit 130) and keeps every answer. A round played to the
bell is kept in the history's ``rounds``, and its score is compared with the best and the
last round of the same kind (drill, level, mode and length).

Nothing here knows a game: a drill plays a Zetamac round when the answer to each of its
puzzles is one number (``drill.judge(puzzle, "").expected[0]``), and the round ends with
the bell. Without a terminal (lines on stdin, or ``--json``) the same round is played line
by line: a wrong line is answered "not yet" and the problem stays.

>>> typed_status("29", "296"), typed_status("296", "296"), typed_status("296.", "296"), typed_status("295", "296")
(<Typed.ON_THE_WAY: 'on-the-way'>, <Typed.RIGHT: 'right'>, <Typed.RIGHT: 'right'>, <Typed.WRONG: 'wrong'>)
"""

from __future__ import annotations

import enum
import random
import statistics
import re
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable, Sequence

from solver.i18n import _, ngettext
from trainer.drills import Drill, Judgement, Puzzle
from trainer.out import json_text, safe

__all__ = ["MODE", "Typed", "typed_status", "RoundReport", "report", "play_round"]

MODE = "zetamac"
"""The name of the mode in the history's rounds and on screen."""

_TYPED = re.compile(r"\s*=?\s*(?P<number>-?[0-9]*)(?P<tail>(?:[.,]0*)?[\s.,;:=]*)")
"""What a typed answer may look like: the number, then tolerated trailing characters
(``132.``, ``132,0``, ``132 =``); a leading ``=`` is tolerated too."""


class Typed(enum.StrEnum):
    """How the text typed so far stands against the answer."""

    RIGHT = "right"
    ON_THE_WAY = "on-the-way"
    """Nothing wrong yet: the answer begins with what was typed (nothing typed is on the way too)."""
    WRONG = "wrong"
    """A slip: no more typing makes it right (Backspace does)."""


def typed_status(typed: str, answer: str) -> Typed:
    """Whether ``typed`` is the whole number ``answer``, could still become it, or cannot.

    Spaces, a leading ``=`` and the trailing characters a quick hand adds (``.``, ``,``,
    ``;``, ``=``, a decimal point with zeros) are tolerated.

    >>> [str(typed_status(t, "132")) for t in ("", " 1", "13", "132", "132.", "132,0 ", "=132", "13.", "1320", "13a")]
    ['on-the-way', 'on-the-way', 'on-the-way', 'right', 'right', 'right', 'right', 'wrong', 'wrong', 'wrong']
    >>> str(typed_status("0", "0")), str(typed_status("-", "-4")), str(typed_status("-4", "-4"))
    ('right', 'on-the-way', 'right')
    """
    m = _TYPED.fullmatch(typed)
    if m is None:
        return Typed.WRONG
    number, tail = m["number"], m["tail"]
    if number == answer:
        return Typed.RIGHT
    if not tail and answer.startswith(number):
        return Typed.ON_THE_WAY
    return Typed.WRONG


_STRAY = frozenset(".,;: ")
"""Characters typed just after a right answer (``132.``) that the next problem ignores."""


# ---------------------------------------------------------------- personal bests


@dataclass(frozen=True)
class RoundReport:
    """A round's score against the earlier rounds of its kind: the best and the last before it
    (``None`` when it is the first), and whether the round was played to the bell at all."""

    label: str
    score: int
    complete: bool
    best_before: int | None = None
    last: int | None = None

    @property
    def is_best(self) -> bool:
        return self.complete and (self.best_before is None or self.score > self.best_before)

    def as_dict(self) -> dict:
        return {"type": "round", "kind": self.label, "score": self.score, "complete": self.complete,
                "best_before": self.best_before, "last": self.last, "new_best": self.is_best}

    def __str__(self) -> str:
        """The round in one line, as the player reads it.

        >>> print(RoundReport("zetamac mixed 120 s", 42, True, best_before=40, last=38))
        zetamac mixed 120 s: 42, your best; 4 more than last time.
        >>> print(RoundReport("zetamac mixed 120 s", 35, True, best_before=42, last=38))
        zetamac mixed 120 s: 35 (your best: 42); 3 fewer than last time.
        >>> print(RoundReport("zetamac mixed 120 s", 12, True))
        zetamac mixed 120 s: 12, your first round.
        """
        if not self.complete:
            return _("{label}: {score}, stopped before the bell (not counted for your best).").format(
                label=self.label, score=self.score)
        if self.best_before is None:
            return _("{label}: {score}, your first round.").format(label=self.label, score=self.score)
        if self.score > self.best_before:
            head = _("{label}: {score}, your best").format(label=self.label, score=self.score)
        elif self.score == self.best_before:
            head = _("{label}: {score}, equal to your best").format(label=self.label, score=self.score)
        else:
            head = _("{label}: {score} (your best: {best})").format(label=self.label, score=self.score,
                                                                   best=self.best_before)
        assert self.last is not None
        change = self.score - self.last
        if change > 0:
            than = _("{n} more than last time").format(n=change)
        elif change < 0:
            than = _("{n} fewer than last time").format(n=-change)
        else:
            than = _("as many as last time")
        return f"{head}; {than}."


def report(label: str, score: int, complete: bool, earlier: Sequence[int]) -> RoundReport:
    """A round's :class:`RoundReport` against the scores of earlier rounds of its kind, oldest first.

    >>> report("z", 5, True, [3, 7, 4]).as_dict()["best_before"], report("z", 5, True, [3, 7, 4]).last
    (7, 4)
    """
    if not earlier:
        return RoundReport(label, score, complete)
    return RoundReport(label, score, complete, best_before=max(earlier), last=earlier[-1])


def round_mode(drill: Drill) -> str:
    """The mode a round is kept under: ``zetamac``, with the drill's ``round_variant`` when it
    has one (arith's ``--ranges``), so that rounds of other numbers have their own best."""
    variant = getattr(drill, "round_variant", "")
    return f"{MODE} ({variant})" if variant else MODE


def round_label(drill: Drill, seconds: float) -> str:
    """How a kind of round is named: ``zetamac mixed 120 s``, ``zetamac (add 2-20 2-20; mul 2-12 2-100) mixed 60 s``."""
    return f"{round_mode(drill)} {drill.level} {seconds:g} s"


# ---------------------------------------------------------------- the round


class _Round:
    """What one round keeps: the current problem, the text typed so far, the score, the summary."""

    def __init__(self, drill: Drill, opts, history, clock: Callable[[], float]):
        from trainer.session import Summary
        from solver.registry import find_game

        self.drill, self.opts, self.history, self.clock = drill, opts, history, clock
        self.rng = random.Random(opts.seed)
        self.summary = Summary(penalty_unit=find_game(drill.game).penalty_unit)
        self.session = uuid.uuid4().hex[:12]
        self.seconds = opts.round_time or drill.round_seconds or 120.0
        self.end = clock() + self.seconds
        self.index = 0
        self.slips = 0
        self.puzzle: Puzzle | None = None
        self.answer = ""
        self.typed = ""
        self.shown_at = 0.0
        self.complete = False
        self.times: list[tuple[str, float]] = []  # (problem, seconds) of each answer

    def left(self) -> float:
        return max(0.0, self.end - self.clock())

    def out_of_problems(self) -> bool:
        return self.opts.count is not None and self.index >= self.opts.count

    def next(self) -> Puzzle:
        self.puzzle = self.drill.generate(self.rng)
        self.answer = self.drill.judge(self.puzzle, "").expected[0]
        self.index += 1
        self.typed = ""
        self.shown_at = self.clock()
        return self.puzzle

    def status(self) -> Typed:
        return typed_status(self.typed, self.answer)

    def accept(self, text: str) -> Judgement:
        """Record the current problem as answered with ``text`` (right: the caller checked)."""
        from trainer.history import AnswerRecord

        p = self.puzzle
        assert p is not None
        seconds = self.clock() - self.shown_at
        j = self.drill.judge(p, self.answer)  # what was typed, without the tolerated characters
        if self.history is not None:
            self.history.record(AnswerRecord(
                drill=self.drill.game, level=self.drill.level, item=p.item, puzzle=p.as_dict(), answer=text.strip(),
                correct=j.correct, verdict=j.as_dict(), penalty=j.penalty_amount, seconds=seconds,
                reference_seconds=p.time_limit or self.drill.reference_seconds, session=self.session,
                at=datetime.now(timezone.utc),
            ))
        s = self.summary
        s.answered += 1
        s.correct += j.correct
        s.score += j.correct
        s.best_score += 1
        s.seconds.append(seconds)
        self.times.append((p.prompt, seconds))
        return j

    def finish(self) -> RoundReport:
        """The round's report; a round played to the bell is kept in the history first."""
        label = round_label(self.drill, self.seconds)
        score = self.summary.correct
        if self.history is None:
            return report(label, score, self.complete, [])
        mode = round_mode(self.drill)
        earlier = [r.score for r in self.history.rounds(self.drill.game, self.drill.level, mode, self.seconds)]
        if self.complete:
            from trainer.history import Round

            self.history.record_round(Round(self.drill.game, self.drill.level, mode, self.seconds, score,
                                            self.session, datetime.now(timezone.utc)))
        return report(label, score, self.complete, earlier)


def play_round(drill: Drill, opts, io, history=None, *, clock: Callable[[], float] = time.monotonic):
    """Play one Zetamac round through ``io`` (a session's IO: a terminal gets the raw-key
    screen, lines and JSON the line-by-line round); returns the session's summary, whose
    ``stopped`` is ``time`` when the bell rang."""
    from trainer.session import TerminalIO

    rnd = _Round(drill, opts, history, clock)
    if isinstance(io, TerminalIO):
        _play_in_terminal(rnd, io)
        rep = rnd.finish()
        _show_in_terminal(io, rnd, rep)
    else:
        _play_by_lines(rnd, io)
        io.show_summary(rnd.summary)
        rep = rnd.finish()
        _show_report(io, rep, rnd.slips)
    return rnd.summary


def _show_report(io, rep: RoundReport, slips: int) -> None:
    from trainer.session import JsonIO

    if isinstance(io, JsonIO):
        io.write(json_text({**rep.as_dict(), "slips": slips}))
    else:
        io.write(str(rep))


def _show_in_terminal(io, rnd: "_Round", rep: RoundReport) -> None:
    """The round's end on screen: the score against your best, the pace, the slowest problems."""
    s = rnd.summary
    io.console.print(f"[bold green]{safe(rep)}[/]" if rep.is_best else safe(rep), highlight=False)
    if s.seconds:
        pace = ngettext("{n} answered, {median:.1f} s each (median); {slips} slip corrected.",
                        "{n} answered, {median:.1f} s each (median); {slips} slips corrected.", rnd.slips).format(
            n=s.answered, median=statistics.median(s.seconds), slips=rnd.slips)
        io.console.print(pace, highlight=False, markup=False)
        slowest = sorted(rnd.times, key=lambda t: -t[1])[:3]
        io.console.print(_("Slowest: {list}.").format(
            list=", ".join(f"{prompt} ({seconds:.1f} s)" for prompt, seconds in slowest)), highlight=False, markup=False)


# ---------------------------------------------------------------- line by line


def _play_by_lines(rnd: _Round, io) -> None:
    """One answer per line: right goes on to the next problem, anything else is answered "not
    yet" and the problem stays; a line read after the bell is not counted."""
    from trainer.session import Answer, JsonIO

    s = rnd.summary
    while True:
        if rnd.left() <= 0:
            rnd.complete, s.stopped = True, "time"
            return
        if rnd.out_of_problems():
            s.stopped = "done"
            return
        p = rnd.next()
        io.show_puzzle(p, rnd.index, rnd.opts.count, None)
        while True:
            line = io.stdin.readline()
            if rnd.left() <= 0:  # the bell rang while this problem was on screen: it is not counted
                rnd.complete, s.stopped = True, "time"
                return
            if not line:
                s.stopped = "end of input"
                return
            rnd.typed = line.rstrip("\r\n")
            if rnd.status() is Typed.RIGHT:
                j = rnd.accept(rnd.typed)
                io.show_verdict(p, j, Answer(rnd.typed, s.seconds[-1]), False)
                break
            rnd.slips += 1
            if isinstance(io, JsonIO):
                io.write(json_text({"type": "not-yet", "item": p.item, "answer": rnd.typed}))
            else:
                io.write(_("not yet: {prompt} is not {typed}; try again").format(prompt=p.prompt, typed=rnd.typed.strip()))


# ---------------------------------------------------------------- a real terminal


def _play_in_terminal(rnd: _Round, io) -> None:
    """The raw-key screen: two lines rewritten in place (timer and score; the problem and what is typed)."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.formatted_text import FormattedText
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.layout import Layout, Window
    from prompt_toolkit.layout.controls import FormattedTextControl
    from prompt_toolkit.styles import Style

    s = rnd.summary
    how = getattr(rnd.drill, "instructions", None)
    io.console.print(how() if how else _("Type each answer: it is taken as soon as it is right, no Enter. "
                                          "Backspace corrects, Ctrl-C stops."), highlight=False, markup=False)
    rnd.next()
    ending = {"why": None}

    def screen():
        left = rnd.left()
        clock = _("Time!") if ending["why"] == "time" else _("Seconds left: {n}").format(n=f"{left:.0f}")
        typed_style = "class:wrong" if rnd.status() is Typed.WRONG else "class:typed"
        assert rnd.puzzle is not None
        return FormattedText([
            ("class:clock", clock), ("", "    "), ("class:score", _("Score: {n}").format(n=s.correct)), ("", "\n"),
            ("class:problem", f"{rnd.puzzle.prompt} = "), (typed_style, rnd.typed), ("[SetCursorPosition]", ""),
        ])

    keys = KeyBindings()

    @keys.add(Keys.Any)
    def _type(event):
        if "\x1b" in event.data:  # an arrow or function key: nothing to type
            return
        text = "".join(ch for ch in event.data if ch.isprintable())
        if not text:
            return
        if not rnd.typed and rnd.index > 1:  # "132." typed fast: the "." is not the next answer's
            text = text.lstrip("".join(_STRAY))
            if not text:
                return
        before = rnd.status()
        rnd.typed = (rnd.typed + text)[-40:]
        status = rnd.status()
        if status is Typed.WRONG and before is not Typed.WRONG:
            rnd.slips += 1
        if status is Typed.RIGHT:
            rnd.accept(rnd.typed)
            if rnd.out_of_problems():
                event.app.exit(result="done")
            else:
                rnd.next()
                event.app.renderer.erase()  # the next problem drawn whole, not as a diff of the last

    @keys.add("backspace")
    @keys.add("c-h")
    def _back(event):
        rnd.typed = rnd.typed[:-1]

    @keys.add("c-u")
    @keys.add("escape", eager=True)
    def _clear(event):
        rnd.typed = ""

    @keys.add("enter")
    def _enter(event):  # nothing to submit: a right answer is taken as it is typed
        pass

    @keys.add("c-c")
    @keys.add(Keys.SIGINT)
    def _stop(event):
        event.app.exit(result="interrupted")

    @keys.add("c-d")
    def _quit(event):
        event.app.exit(result="end of input")

    style = Style.from_dict({"clock": "bold", "score": "bold cyan", "problem": "bold", "typed": "", "wrong": "red"})
    app: Application = Application(
        layout=Layout(Window(FormattedTextControl(screen, show_cursor=True), height=2)),
        key_bindings=keys, style=style, refresh_interval=0.2, full_screen=False, mouse_support=False,
    )

    async def bell():
        import asyncio

        while rnd.left() > 0:
            await asyncio.sleep(min(0.05, rnd.left()))
        ending["why"] = "time"
        if app.is_running and not app.future.done():
            app.exit(result="time")

    why = app.run(pre_run=lambda: app.create_background_task(bell()))
    if why == "time":
        rnd.complete, s.stopped = True, "time"
    elif why == "interrupted":
        s.stopped = "interrupted"
    else:
        s.stopped = why or "done"
