"""A drill session: ask puzzles, read answers, judge, record each answer at once, summarise.

Three ways to talk to the player, chosen by the CLI:

* :class:`JsonIO` — one JSON line per puzzle and per verdict on stdout, answers one per
  line on stdin: another program can play a drill;
* :class:`LineIO` — plain text, answers one per line on stdin (scripts, pipes, tests);
* :class:`TerminalIO` — a real terminal: rich output and, when there is a time limit, a
  visible countdown under the prompt that submits nothing when time runs out.

Every answer is written to the history before the next puzzle is shown, so Ctrl-C, a
crash or a bad answer never loses what was already answered.

At the prompt a few words are commands, not answers (:data:`COMMANDS`): ``?`` or ``help``
shows the drill's how-to again, ``hint`` the next of the drill's graded hints, ``skip``
shows the answer and moves on, ``quit`` ends the session with its summary (each also in French
and Dutch: ``aide``/``hulp``, ``indice``/``tip``, ``suivant``/``overslaan``, ``quitter``/``stoppen``). An answer the
drill cannot read (a typo, a card not in hand) is asked again on the same puzzle with one
line saying what was wrong; only judged answers are recorded.

An answer may be entered a step at a time where the drill allows it (a Ramikubic move, a
combination at a time): each line the drill accepts as a step (:attr:`Judgement.step`) is shown
with where the answer stands, ``undo`` takes the last step back, and the lines given so far
are judged together when the drill reads them as a whole answer (its last step: ``done``).

What the history keeps: a right answer given after a hint is recorded as right, with
``hints`` in its verdict, and rated at most *Hard* for FSRS (it comes back sooner than one
found alone); a skipped puzzle is not recorded at all — it is not a miss, and an item due
for review keeps its schedule (it is not asked again in the same session).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import random
import signal
import statistics
import sys
import time
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Iterator, Protocol

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _, ngettext
from solver.parsing import did_you_mean
from trainer.drills import Drill, Judgement, Puzzle
from trainer.out import json_text, printable, safe

__all__ = ["SessionOptions", "Summary", "run_session", "answer_record", "JsonIO", "LineIO", "TerminalIO", "COMMANDS"]

COMMANDS = {"?": "help", "help": "help", "aide": "help", "hulp": "help",
            "hint": "hint", "indice": "hint", "tip": "hint",
            "skip": "skip", "suivant": "skip", "overslaan": "skip",
            "quit": "quit", "quitter": "quit", "stop": "quit", "stoppen": "quit",
            "undo": "undo", "annuler": "undo", "ongedaan": "undo"}
"""What a typed word means at the prompt when it is a command rather than an answer: the English
word, or the French or Dutch one the translated how-to names (``indice``/``tip``, ``suivant``/
``overslaan``, ``quitter``/``stoppen``, ``aide``/``hulp``, ``annuler``/``ongedaan``), in any language.
``undo`` takes back the last step of an answer entered step by step. None of them is an answer of any drill (``passer``, a Ramikubic pass, is deliberately not ``skip``)."""

HELP = N_("At the prompt: hint gives a hint (a right answer after a hint counts, but comes back sooner); "
          "skip shows the answer and moves on (not counted); quit ends the session (every answer is kept); "
          "? or help shows this again.")
INTRO_TAIL = N_("Type ? for help, hint for a hint, skip to skip a puzzle, quit to stop.")


@dataclass(frozen=True)
class SessionOptions:
    count: int | None = 10
    round_time: float | None = None
    seed: int | None = None
    review: bool = True
    cases: tuple = ()  # puzzles from a pack, asked in order (shuffled when a seed is given)
    intro: bool = True  # show the drill's how-to before the first puzzle


@dataclass
class Summary:
    """A session's totals; ``penalties`` counts in the game's ``penalty_unit`` (cards drawn...)."""

    answered: int = 0
    correct: int = 0
    score: int = 0
    best_score: int = 0
    penalties: int = 0
    penalty_unit: str = "penalties"
    seconds: list[float] = field(default_factory=list)
    reviews: int = 0
    skipped: int = 0
    hints: int = 0
    stopped: str = "done"

    def as_dict(self) -> dict:
        return {
            "type": "summary",
            "answered": self.answered,
            "correct": self.correct,
            "accuracy": round(self.correct / self.answered, 3) if self.answered else None,
            "score": self.score,
            "best_score": self.best_score,
            "penalties": self.penalties,
            "penalty_unit": self.penalty_unit,
            "median_seconds": round(statistics.median(self.seconds), 2) if self.seconds else None,
            "reviews": self.reviews,
            "skipped": self.skipped,
            "hints": self.hints,
            "stopped": self.stopped,
        }


class Answer:
    """What came back for one puzzle: text, or a timeout, or the end of input."""

    def __init__(self, text: str | None, seconds: float, timed_out: bool = False):
        self.text = text
        self.seconds = seconds
        self.timed_out = timed_out


class SessionIO(Protocol):
    def show_puzzle(self, p: Puzzle, index: int, total: int | None, deadline: float | None) -> None: ...

    def ask(self, p: Puzzle, deadline: float | None) -> Answer: ...

    def show_verdict(self, p: Puzzle, j: Judgement, answer: Answer, scored: bool) -> None: ...

    def show_summary(self, s: Summary) -> None: ...

    def show_message(self, kind: str, text: str, **data) -> None:
        """A message that is no verdict: ``instructions``, ``help``, ``hint``, ``retry``, ``skipped``,
        or a ``note`` for the learner (the streak, what is due, why a review is back)."""


# ---------------------------------------------------------------- line-based IO


def _near_miss(j: Judgement, scored: bool) -> bool:
    """A wrong answer that still scores (Countdown's 7 points for 5 away): said so, not "wrong"."""
    return scored and not j.correct and j.score > 0


class LineIO:
    """Plain text on stdout, one answer per line on stdin; a late answer counts as timed out."""

    def __init__(self, stdin=None, stdout=None):
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

    def write(self, text: str) -> None:
        self.stdout.write(printable(text) + "\n")  # an answer or a name typed may hold escape sequences
        self.stdout.flush()

    def show_puzzle(self, p, index, total, deadline):
        of = f"/{total}" if total else ""
        limit = f" [{p.time_limit:g} s]" if p.time_limit else ""
        self.write(f"#{index}{of}{limit} {p.prompt}")

    def ask(self, p, deadline):
        start = time.monotonic()
        line = self.stdin.readline()
        seconds = time.monotonic() - start
        if not line:
            return Answer(None, seconds)
        late = deadline is not None and time.monotonic() > deadline
        return Answer(line.rstrip("\r\n"), seconds, timed_out=late)

    def show_verdict(self, p, j, answer, scored=True):
        mark = _("RIGHT") if j.correct else (_("TIME UP") if answer.timed_out else _("CLOSE") if _near_miss(j, scored)
                                             else _("WRONG"))
        score = " " + _("(score {score}, best {best})").format(score=j.score, best=j.best_score) if scored else ""
        self.write(_("{mark}{score}: {explanation}").format(mark=mark, score=score, explanation=j.explanation))

    def show_summary(self, s):
        d = s.as_dict()
        acc = f"{d['accuracy']:.0%}" if d["accuracy"] is not None else "-"
        self.write(_(
            "Session: {correct}/{answered} right ({accuracy}){skipped}, score {score} of {best}, "
            "{penalties} {unit}, median {median} s per answer."
        ).format(correct=s.correct, answered=s.answered, accuracy=acc, score=s.score, best=s.best_score,
                 skipped=ngettext(", {n} skipped", ", {n} skipped", s.skipped).format(n=s.skipped) if s.skipped else "",
                 penalties=s.penalties, unit=_(s.penalty_unit),
                 median="-" if d["median_seconds"] is None else d["median_seconds"]))

    _LABELS = {"hint": N_("HINT"), "retry": N_("TRY AGAIN"), "skipped": N_("SKIPPED"), "step": N_("SO FAR")}

    def show_message(self, kind, text, **data):
        label = self._LABELS.get(kind)
        self.write(_("{label}: {text}").format(label=_(label), text=text) if label else text)  # French: "label : text"


class JsonIO(LineIO):
    """One JSON object per line: puzzles and verdicts out, answers in."""

    def show_puzzle(self, p, index, total, deadline):
        self.write(json_text({**p.as_dict(), "index": index}))

    def show_verdict(self, p, j, answer, scored=True):
        d = j.as_dict()
        d.update(item=p.item, answer=answer.text, seconds=round(answer.seconds, 3), timed_out=answer.timed_out)
        self.write(json_text(d))

    def show_summary(self, s):
        self.write(json_text(s.as_dict()))

    def show_message(self, kind, text, **data):
        if kind == "note":  # a program playing a drill reads puzzles, verdicts and the summary, not notes
            return
        self.write(json_text({"type": kind, "text": text, **data}))


# ---------------------------------------------------------------- a real terminal


@contextlib.contextmanager
def _sigint_held():
    """Hold back Ctrl-C (SIGINT) for a moment; one pressed meanwhile is delivered after."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


_INTERRUPTED = object()
"""What the prompt returns when Ctrl-C is pressed while it has the terminal."""


def _quiet_about_interrupts(loop, context) -> None:
    """asyncio's error report, minus the leftovers of a Ctrl-C (which the session handles)."""
    if isinstance(context.get("exception"), (KeyboardInterrupt, asyncio.CancelledError)):
        return
    loop.default_exception_handler(context)


class TerminalIO:
    """Rich output; prompt_toolkit input with a live countdown when there is a deadline."""

    def __init__(self, drill: Drill | None = None):
        """``drill`` draws its puzzles (:meth:`~trainer.drills.GameDrill.draw`); without it, the prompt's text."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.key_binding import KeyBindings
        from trainer.out import console as rich_console

        keys = KeyBindings()

        @keys.add("c-c")
        def _interrupt(event):  # end the prompt with a marker; the interrupt is raised outside asyncio
            event.app.exit(result=_INTERRUPTED)

        self.console = rich_console(highlight=False)
        self.prompt = PromptSession(key_bindings=keys)
        self.drill = drill

    @property
    def colour(self) -> bool:
        """Whether the terminal shows colours (not with NO_COLOR or ``--no-color``)."""
        return not self.console.no_color and self.console.color_system is not None

    def show_puzzle(self, p, index, total, deadline):
        of = f"/{total}" if total else ""
        gap = "" if getattr(self, "_noted", False) else "\n"
        self._noted = False
        drawing = self.drill.draw(p, self.colour) if self.drill is not None and hasattr(self.drill, "draw") else None
        if drawing is None:
            self.console.print(f"{gap}[bold cyan]#{index}{of}[/] {safe(p.prompt)}")
            return
        self.console.print(f"{gap}[bold cyan]#{index}{of}[/]")
        self.console.print(drawing)

    def ask(self, p, deadline):
        start = time.monotonic()

        def toolbar():
            left = max(0.0, deadline - time.monotonic())
            return " ⏱  " + _("{seconds} s left").format(seconds=f"{left:4.0f}") + " "

        async def read() -> str:
            coro = self.prompt.prompt_async(
                "> ", bottom_toolbar=toolbar if deadline else None, refresh_interval=0.5 if deadline else 0
            )
            if deadline is None:
                return await coro
            return await asyncio.wait_for(coro, timeout=max(0.05, deadline - time.monotonic()))

        # asyncio.Runner handles Ctrl-C while the prompt runs; building and closing its loop
        # happen with Ctrl-C held back (a pending one is raised after, at a clean point).
        with _sigint_held():
            runner = asyncio.Runner()
            runner.get_loop().set_exception_handler(_quiet_about_interrupts)
        coro = read()
        try:
            text = runner.run(coro)
        except TimeoutError:
            return Answer("", time.monotonic() - start, timed_out=True)
        except EOFError:
            return Answer(None, time.monotonic() - start)
        finally:
            if inspect.getcoroutinestate(coro) == inspect.CORO_CREATED:
                coro.close()  # Ctrl-C came before it started: no "never awaited" warning
            with _sigint_held():
                runner.close()
        if text is _INTERRUPTED:
            raise KeyboardInterrupt
        return Answer(text, time.monotonic() - start)

    def show_verdict(self, p, j, answer, scored=True):
        if j.correct:
            mark = f"[bold green]✓ {_('right')}[/]"
        else:
            mark = (f"[bold yellow]⏱ {_('time up')}[/]" if answer.timed_out else f"[bold yellow]≈ {_('close')}[/]"
                    if _near_miss(j, scored) else f"[bold red]✗ {_('wrong')}[/]")
        score = "  [dim]" + _("score {score}, best {best}").format(score=j.score, best=j.best_score) + "[/]" if scored else ""
        self.console.print(f"{mark}{score}")
        self.console.print(safe(j.explanation))

    def show_summary(self, s):
        from rich.table import Table

        d = s.as_dict()
        t = Table(title=_("Session summary"), show_header=False)
        t.add_row(_("answers"), ngettext("{correct} right of {answered}", "{correct} right of {answered}", s.correct).format(
            correct=s.correct, answered=s.answered))
        t.add_row(_("accuracy"), f"{d['accuracy']:.0%}" if d["accuracy"] is not None else "-")
        t.add_row(_("score"), _("{score} of {best} possible").format(score=s.score, best=s.best_score))
        t.add_row(_(s.penalty_unit), str(s.penalties))
        t.add_row(_("median time"), f"{d['median_seconds']} s" if d["median_seconds"] is not None else "-")
        if s.reviews:
            t.add_row(_("reviews"), ngettext("{n} item came back", "{n} items came back", s.reviews).format(n=s.reviews))
        if s.skipped:
            t.add_row(_("skipped"), str(s.skipped))
        if s.hints:
            t.add_row(_("hints"), str(s.hints))
        self.console.print(t)

    _STYLES = {"hint": ("bold blue", N_("💡 hint")), "retry": ("bold yellow", N_("↻ try again")),
               "skipped": ("bold magenta", N_("⏭ skipped")), "step": ("bold cyan", N_("✎ so far"))}

    def show_message(self, kind, text, **data):
        if kind == "note":  # dim; a note just before a puzzle stays next to it
            gap = "" if getattr(self, "_noted", False) else "\n"
            self.console.print(f"{gap}[dim]{safe(text)}[/]")
            self._noted = True
            return
        if kind in ("instructions", "help"):
            from rich.panel import Panel

            title = _("How to play") if kind == "instructions" else _("Help")
            self.console.print(Panel(safe(text), title=title, title_align="left", border_style="cyan"))
            return
        style, label = self._STYLES.get(kind, ("bold", kind))
        self.console.print(_("{label}: {text}").format(label=f"[{style}]{safe(_(label))}[/]", text=safe(text)))


# ---------------------------------------------------------------- the loop


SUSPENDED_TRIES = 50
"""How many new puzzles a drill deals in a row, at most, to find one the learner has not suspended
(a level whose every puzzle is suspended is asked again rather than never ending)."""


def _puzzles(drill: Drill, opts: SessionOptions, history, rng: random.Random,
             skipped: set[str] | None = None) -> Iterator[tuple[Puzzle, bool]]:
    """Pack cases in order, else due reviews (every other puzzle) mixed with new puzzles; an item
    in ``skipped`` is not reviewed again in this session, an item the learner suspended is
    never asked (:meth:`~trainer.history.History.suspend`)."""
    if opts.cases:
        cases = list(opts.cases)
        if opts.seed is not None:
            rng.shuffle(cases)
        for case in cases:
            yield drill.from_case(case), False
        return
    reviewing = opts.review and history is not None
    suspended = history.suspended_keys() if history is not None else set()
    recent: list[str] = []  # items just asked: a review never repeats them back to back
    n = 0
    while True:
        # every other puzzle is a due review if there is one; asking the history afresh
        # each time lets an item missed earlier in this session come back once it is due
        review = None
        if reviewing and n % 2 == 1:
            for d in history.due(drill.game, drill.level, datetime.now(timezone.utc), limit=5):
                if d.get("item") not in recent and d.get("item") not in (skipped or ()):
                    review = _review(drill, d)
                    if review is not None:
                        break
        if review is not None:
            limit = drill.time_limit_for(review) if hasattr(drill, "time_limit_for") else getattr(drill, "time_limit", None)
            p = replace(review, time_limit=limit)
        else:
            p = drill.generate(rng)
            for _try in range(SUSPENDED_TRIES):  # a puzzle the learner suspended is never asked
                if p.item not in suspended:
                    break
                p = drill.generate(rng)
        recent = [p.item, *recent][:2]
        yield p, review is not None
        n += 1


def _review(drill: Drill, saved: dict) -> Puzzle | None:
    """A saved puzzle to ask again, with its situation written in the game's notation (a puzzle
    saved by an older tablecalc has only the game's fields); ``None`` if it can no longer be read."""
    try:
        p = Puzzle.from_dict(saved)
        return p if p.situation else replace(p, situation=str(drill.situation_of(p)))
    except (TablecalcError, KeyError, TypeError, ValueError):
        return None


def _command(text: str) -> str | None:
    """The prompt command ``text`` is (``help``, ``hint``, ``skip``, ``quit``), or ``None`` for an answer."""
    return COMMANDS.get(text.strip().lower())


def run_session(drill: Drill, opts: SessionOptions, io: SessionIO, history=None) -> Summary:
    """Play one session; returns the summary (``stopped`` says why it ended: ``done``, ``time``,
    ``end of input``, ``quit`` or ``interrupted``)."""
    from solver.registry import find_game

    rng = random.Random(opts.seed)
    summary = Summary(penalty_unit=find_game(drill.game).penalty_unit)
    session_id = uuid.uuid4().hex[:12]
    round_end = time.monotonic() + opts.round_time if opts.round_time else None
    skipped: set[str] = set()
    source = _puzzles(drill, opts, history, rng, skipped)
    total = opts.count
    if opts.cases:
        total = len(opts.cases) if opts.count is None else min(opts.count, len(opts.cases))
    index = 0

    def note(text: str) -> None:  # the streak, the goal, what is due, why a review is back
        io.show_message("note", text)

    reviewing = opts.review and history is not None and not opts.cases
    if history is not None:
        from trainer.progress import start_lines

        for line in start_lines(history, drill.game, drill.level, datetime.now(timezone.utc), reviewing=reviewing):
            note(line)
    if reviewing and hasattr(drill, "focus_on"):
        drill.focus_on(history, datetime.now(timezone.utc))
    try:
        if opts.intro:
            io.show_message("instructions", f"{drill.instructions()}\n{_(INTRO_TAIL)}")
        while total is None or index < total:
            if round_end is not None and time.monotonic() >= round_end:
                summary.stopped = "time"
                break
            try:
                puzzle, is_review = next(source)
            except StopIteration:
                break
            index += 1
            limits = [t for t in (round_end, time.monotonic() + puzzle.time_limit if puzzle.time_limit else None) if t]
            deadline = min(limits) if limits else None
            if is_review:
                from trainer.progress import review_label

                note(review_label(history.last_seen([puzzle.item]).get(puzzle.item), datetime.now(timezone.utc)))
            io.show_puzzle(puzzle, index, total, deadline)
            outcome = _ask_until_judged(drill, puzzle, deadline, io)
            if isinstance(outcome, str):  # a command or the end of input ended the puzzle
                if outcome == "skip":
                    summary.skipped += 1
                    skipped.add(puzzle.item)
                    continue
                summary.stopped = outcome
                break
            answer, judgement, hints = outcome
            if history is not None:
                _record(history, drill, puzzle, answer, judgement, hints, session_id)
            summary.answered += 1
            summary.correct += judgement.correct
            summary.score += judgement.score
            summary.best_score += judgement.best_score
            summary.penalties += judgement.penalty_amount
            summary.seconds.append(answer.seconds)
            summary.reviews += is_review
            summary.hints += hints
            io.show_verdict(puzzle, judgement, answer, drill.scored)
    except KeyboardInterrupt:
        summary.stopped = "interrupted"
    io.show_summary(summary)
    if history is not None:
        from trainer.progress import end_lines

        for line in end_lines(history, datetime.now(timezone.utc)):
            note(line)
    return summary


def _ask_until_judged(drill: Drill, puzzle: Puzzle, deadline: float | None, io: SessionIO):
    """Read answers to one puzzle until one is judged: ``(answer, judgement, hints used)``; or
    ``"skip"``, ``"quit"`` or ``"end of input"``. Commands are answered and the puzzle asked
    again; so is an answer the drill cannot read (nothing is recorded for either)."""
    shown = time.monotonic()
    hints: list[str] | None = None
    used = 0
    steps: list[str] = []  # the lines of an answer entered step by step, each accepted by the drill
    while True:
        answer = io.ask(puzzle, deadline)
        if answer.text is None:
            return "end of input"
        command = None if answer.timed_out else _command(answer.text)
        if command == "undo":
            if not steps:
                io.show_message("step", _("Nothing to undo."), answer="", steps=[])
                continue
            last = steps.pop()
            now = drill.judge(puzzle, "\n".join(steps)).explanation if steps else _("Back to the start.")
            io.show_message("step", _("Undone: {step}.").format(step=last) + "\n" + now, answer="", steps=list(steps))
            continue
        if command == "help":
            io.show_message("help", f"{drill.instructions()}\n{_(HELP)}")
            continue
        if command == "hint":
            if hints is None:
                hints = drill.hints(puzzle)
            if used < len(hints):
                used += 1
                io.show_message("hint", hints[used - 1], number=used, left=len(hints) - used)
            else:
                io.show_message("hint", _("No more hints: this is all the help there is.") if hints
                                else _("This drill has no hint for this puzzle."), number=used, left=0)
            continue
        if command == "skip":
            j = drill.judge(puzzle, "")
            io.show_message("skipped", j.best or _("Skipped."), item=puzzle.item, expected=list(j.expected))
            return "skip"
        if command == "quit":
            return "quit"
        typed = "" if answer.timed_out else "\n".join([*steps, answer.text])
        try:
            judgement = drill.judge(puzzle, typed)
        except TablecalcError as e:  # the answer named something that does not exist: ask again
            judgement = Judgement(False, ("not-understood",), drill.no_penalty, explanation=str(e), retry=True)
        except (ValueError, ArithmeticError, RecursionError):  # a safety net: one answer never ends a session
            judgement = Judgement(False, ("not-understood",), drill.no_penalty, retry=True,
                                  explanation=_("tablecalc could not read the answer {answer}.").format(
                                      answer=quoted(answer.text)))
        if judgement.retry and not answer.timed_out:
            near = did_you_mean(answer.text, [c for c in COMMANDS if len(c) > 1])  # "hnit": a command mistyped?
            io.show_message("retry", judgement.explanation + near, reason=judgement.violations[0] if judgement.violations
                            else "not-understood", answer=answer.text)
            continue
        if judgement.step and not answer.timed_out:  # one step more of an answer entered step by step
            steps.append(answer.text)
            io.show_message("step", judgement.explanation, answer=answer.text, steps=list(steps))
            continue
        answer = Answer(typed if steps and not answer.timed_out else answer.text, time.monotonic() - shown,
                        answer.timed_out)
        if answer.timed_out:
            judgement = Judgement(  # what no answer costs is the game's to say (its judge of "")
                False, ("timeout",), judgement.penalty, penalty_amount=judgement.penalty_amount,
                score=0, best_score=judgement.best_score,
                expected=judgement.expected,
                explanation=(_("Time is up.") + f" {judgement.best}").strip(), best=judgement.best,
            )
        return answer, (replace(judgement, hints=used) if used else judgement), used


def _record(history, drill: Drill, puzzle: Puzzle, answer: Answer, judgement: Judgement, hints: int,
            session_id: str) -> None:
    """Write one judged answer to the history (a right answer after a hint is rated at most Hard)."""
    history.record(answer_record(drill, puzzle, answer.text or "", answer.seconds, judgement, session_id,
                                 datetime.now(timezone.utc), hints))


def answer_record(drill: Drill, puzzle: Puzzle, answer: str, seconds: float, judgement: Judgement, session: str,
                  at: datetime, hints: int = 0):
    """The :class:`~trainer.history.AnswerRecord` of one judged answer to a drill's puzzle, as a
    session records it: the time allowed is the puzzle's limit, else the drill's pace."""
    from trainer.history import AnswerRecord

    return AnswerRecord(
        drill=drill.game, level=drill.level, item=puzzle.item, puzzle=puzzle.as_dict(),
        answer=answer, correct=judgement.correct, verdict=judgement.as_dict(),
        penalty=judgement.penalty_amount, seconds=seconds,
        reference_seconds=puzzle.time_limit or drill.reference_seconds,
        session=session, at=at, hints=hints,
    )
