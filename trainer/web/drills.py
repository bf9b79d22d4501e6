"""Drills in the browser: every drill of the CLI, answered with taps or a number pad, recorded in
the same history with the same scheduling, streak and daily goal.

The web plays the CLI's own session, not a copy of it: :class:`WebDrill` runs
:func:`trainer.session.run_session` (or the drill's ``play_session``, a Zetamac round) on a thread
of its own, as a terminal would, with an IO (:class:`WebIO`) whose ``ask`` waits for the
learner's next answer from the page. An answer posted is handed to that thread and the page
is drawn again once the session asks for the next one, so reviews, hints, skips, time limits,
what is recorded and when, are the CLI's. A session left alone for :data:`IDLE_SECONDS` ends as
one whose input ended (every answer given is already saved).

A Zetamac round takes each answer the instant it is right: the page asks the server how the
digits typed so far stand (:func:`trainer.zetamac.typed_status`, never in the page's script) and
sends the answer when they make it.
"""

from __future__ import annotations

import queue
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import Route

from solver.errors import TablecalcError
from solver.i18n import _, speaking
from trainer.web.face import face_of

__all__ = ["routes", "WebDrill", "WebIO", "IDLE_SECONDS", "MAX_SESSIONS"]

IDLE_SECONDS = 30 * 60.0
"""How long a session waits for an answer before it ends (its answers are all saved)."""
MAX_SESSIONS = 300
"""Drill sessions kept at once; the oldest finished ones are forgotten first."""
ANSWER_WAIT = 60.0
"""How long a posted answer waits for the session to judge it before the page says so."""


class _Lines:
    """What a Zetamac round reads as its standard input: the answers posted from the page."""

    def __init__(self, io: "WebIO"):
        self.io = io

    def readline(self) -> str:
        text = self.io.next_text()
        return "" if text is None else text + "\n"


@dataclass
class Shown:
    """What the page shows now: filled by the session's thread through :class:`WebIO`."""

    puzzle: Any = None
    index: int = 0
    total: int | None = None
    deadline: float | None = None
    instructions: str | None = None
    notes: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    retry: str | None = None
    step: str | None = None
    """Where an answer entered a step at a time stands (a Ramikubic move built combination by combination)."""
    verdict: dict | None = None
    summary: dict | None = None
    lines: list[str] = field(default_factory=list)


class WebIO:
    """A session's IO for the browser (:class:`trainer.session.SessionIO`): what the session shows
    is kept in :attr:`shown`; :meth:`ask` waits for :meth:`WebDrill.answer`."""

    def __init__(self):
        self.shown = Shown()
        self.inbox: queue.Queue = queue.Queue()
        self.asking = threading.Event()
        self.stdin = _Lines(self)

    # -- called by the session, on its thread ------------------------------------------------

    def show_puzzle(self, p, index, total, deadline):
        s = self.shown
        s.puzzle, s.index, s.total, s.deadline = p, index, total, deadline
        s.hints, s.retry, s.step = [], None, None

    def next_text(self) -> str | None:
        self.asking.set()
        try:
            return self.inbox.get(timeout=IDLE_SECONDS)
        except queue.Empty:
            return None
        finally:
            self.asking.clear()

    def ask(self, p, deadline):
        from trainer.session import Answer

        start = time.monotonic()
        text = self.next_text()
        late = deadline is not None and time.monotonic() > deadline
        return Answer(text, time.monotonic() - start, timed_out=late and text is not None)

    def show_verdict(self, p, j, answer, scored=True):
        self.shown.verdict = {"puzzle": p, "judgement": j, "answer": answer.text, "timed_out": answer.timed_out,
                              "scored": scored}
        self.shown.retry = self.shown.step = None

    def show_summary(self, s):
        self.shown.summary = s.as_dict()

    def show_message(self, kind, text, **data):
        s = self.shown
        if kind in ("instructions", "help"):
            from trainer.session import HELP, INTRO_TAIL

            for tail in (_(INTRO_TAIL), _(HELP)):  # the terminal's words: the page has buttons
                text = text.removesuffix(tail).rstrip()
            s.instructions = text
        elif kind == "hint":
            s.hints.append(text)
        elif kind == "retry":
            s.retry = text
        elif kind == "step":
            s.step, s.retry = text, None
        elif kind == "skipped":
            s.verdict = {"puzzle": s.puzzle, "judgement": None, "answer": None, "skipped": text}
        else:
            s.notes.append(text)

    def write(self, text: str) -> None:
        """A line a Zetamac round writes ("not yet...", its report)."""
        self.shown.lines.append(text)


class WebDrill:
    """One learner's drill session, played on its own thread."""

    def __init__(self, drill, opts, history_path, learner: str, lang: str):
        self.drill, self.learner, self.lang = drill, learner, lang
        self.io = WebIO()
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.error: str | None = None
        self.touched = time.monotonic()
        self.thread = threading.Thread(target=self._run, args=(opts, history_path), daemon=True,
                                       name=f"drill {learner or '-'}")

    def _run(self, opts, history_path) -> None:
        from trainer.history import History
        from trainer.session import run_session

        try:
            with speaking(self.lang):
                kwargs = {"learner": self.learner} if self.learner else {}
                with History.open(history_path, **kwargs) as history:
                    play = getattr(self.drill, "play_session", None) or run_session
                    play(self.drill, opts, self.io, history)
        except TablecalcError as e:
            self.error = str(e)
        except Exception:  # a session never takes the server down; its answers are already saved
            with speaking(self.lang):
                self.error = _("Something went wrong on the server; what you saved is safe. Go back and try again.")
        finally:
            self.done.set()
            self.io.asking.set()

    def start(self) -> None:
        self.thread.start()
        self._settle()

    def _settle(self) -> None:
        """Wait until the session asks for the next answer or ends."""
        deadline = time.monotonic() + ANSWER_WAIT
        while not self.done.is_set() and not self.io.asking.is_set() and time.monotonic() < deadline:
            self.io.asking.wait(0.05)

    def answer(self, text: str) -> None:
        """Hand ``text`` (an answer, or hint/skip/quit) to the session and wait for its verdict."""
        with self.lock:
            self.touched = time.monotonic()
            if self.done.is_set():
                return
            self._settle()
            self.io.asking.clear()
            self.io.shown.notes, self.io.shown.lines, self.io.shown.verdict = [], [], None
            self.io.inbox.put(text)
            time.sleep(0)  # let the session take it
            self._settle()

    def zetamac_answer(self) -> str | None:
        """The answer of the problem on screen when the drill plays Zetamac rounds."""
        p = self.io.shown.puzzle
        if p is None:
            return None
        try:
            return self.drill.judge(p, "").expected[0]
        except (TablecalcError, IndexError):
            return None


def _sessions(web) -> OrderedDict:
    return web.state.setdefault("drills", OrderedDict())


def _keep(web, session: WebDrill) -> str:
    sessions = _sessions(web)
    with web.state.setdefault("drills-lock", threading.Lock()):
        while len(sessions) >= MAX_SESSIONS:
            oldest = next((k for k, s in sessions.items() if s.done.is_set()), next(iter(sessions)))
            old = sessions.pop(oldest)
            old.io.inbox.put(None)  # ends it: its answers are saved
        key = secrets.token_urlsafe(12)
        sessions[key] = session
    return key


def _session(web, request: Request) -> WebDrill:
    from trainer.web.app import BadRequest

    session = _sessions(web).get(request.path_params["key"])
    if session is None:
        raise BadRequest(_("This drill session is over (or the server was restarted): start a new one."), status=404)
    return session


@dataclass(frozen=True)
class DrillOption:
    """A drill's own command-line option (``--mode``, ``--hand-size``) as a form shows it."""

    name: str
    flag: str
    help: str
    choices: tuple[str, ...]
    kind: type


def drill_options(cls) -> list[DrillOption]:
    """The options only this drill takes (its ``OPTIONS``), read from their declaration."""
    import typing

    out = []
    for p in cls.OPTIONS:
        base, info = typing.get_args(p.annotation)[:2]
        kinds = [a for a in typing.get_args(base) if a is not type(None)] or [base]
        metavar = getattr(info, "metavar", None) or ""
        choices = tuple(metavar.strip("[]").split("|")) if metavar.startswith("[") and "|" in metavar else ()
        out.append(DrillOption(p.name, "--" + p.name.replace("_", "-"), _(info.help or ""), choices, kinds[0]))
    return out


def drill_settings(cls, values: dict[str, str]) -> dict[str, Any]:
    """The drill options a form gives (``opt.NAME``), read as the command line reads them; an
    empty field keeps the drill's default.

    >>> from trainer.drills import drill_class
    >>> drill_settings(drill_class("arith"), {"opt.mode": "Zetamac", "opt.ranges": ""})
    {'mode': 'zetamac'}
    >>> drill_settings(drill_class("nambarz"), {"opt.hand_size": "seven"})
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: bad --hand-size 'seven': expected a whole number
    """
    import typing

    out: dict[str, Any] = {}
    for option, p in zip(drill_options(cls), cls.OPTIONS):
        raw = values.get("opt." + option.name, "").strip()
        if not raw:
            continue
        check = getattr(typing.get_args(p.annotation)[1], "callback", None)
        if check is not None:
            try:
                out[option.name] = check(None, None, raw)
            except Exception as e:  # click's BadParameter: its message is the one line
                raise TablecalcError(_("bad {flag}: {error}").format(flag=option.flag, error=getattr(e, "message", e))) from None
        elif option.kind is int:
            from trainer.web.app import whole

            number = whole(raw, -10 ** 9, 10 ** 9)
            if number is None:
                raise TablecalcError(_("bad {flag} {value}: expected a whole number").format(flag=option.flag, value=repr(raw[:20])))
            out[option.name] = number
        elif option.kind is float:
            try:
                out[option.name] = float(raw)
            except ValueError:
                raise TablecalcError(_("bad {flag} {value}: expected a number").format(flag=option.flag, value=repr(raw))) from None
        else:
            out[option.name] = raw
    return out


def drills_on_offer():
    """Every registered game's drill, its levels and their one-line descriptions."""
    from solver.registry import all_games
    from trainer.drills import drill_class

    out = []
    for game in all_games():
        cls = drill_class(game.name)
        out.append((game, cls, [(name, level.said()) for name, level in cls.LEVELS.items()],
                    drill_options(cls)))
    return out


def routes(web) -> list:
    from trainer.drills import drill_class
    from trainer.session import SessionOptions

    def known() -> list[str]:
        from trainer.history import History

        try:
            with History.open(web.history, read_only=True) as h:
                return [n for n in h.learners() if n][:60]
        except TablecalcError:  # no history yet, or one another program holds: names are typed
            return []

    async def choose(request: Request):
        from urllib.parse import unquote

        offer = await web.work(request, drills_on_offer)
        names = await web.work(request, known)
        return web.page(request, "drill_start.html", offer=offer, error=None, learners=names,
                        learner=unquote(request.cookies.get("tc_learner", ""))[:40])

    def new_session(values: dict, lang: str) -> WebDrill:
        from solver.registry import find_game
        from trainer.web.app import whole

        name, _sep, level = values.get("drill", "").partition(":")
        game = find_game(name or "arith")
        learner = values.get("learner", "").strip()
        if learner:
            from trainer.history import learner_name

            learner = learner_name(learner)
        cls = drill_class(game.name)
        prefix = f"opt.{game.name}."
        own = {"opt." + k[len(prefix):]: v for k, v in values.items() if k.startswith(prefix)}
        drill = cls(level=level or cls.default_level, **drill_settings(cls, own))
        count_text = values.get("count", "").strip()
        timed = drill.round_seconds is not None
        count = None if (timed and not count_text) else 10 if not count_text else whole(count_text, 1, 200)
        if count is None and not (timed and not count_text):
            raise TablecalcError(_("A session has 1 to 200 puzzles."))
        opts = SessionOptions(count=count, round_time=drill.round_seconds if timed else None, review=True)
        return WebDrill(drill, opts, web.history, learner, lang)

    async def start(request: Request):
        from trainer.web.app import language_of

        values = await web.form(request)
        try:
            session = await web.work(request, new_session, values, language_of(request))
        except TablecalcError as e:
            offer = await web.work(request, drills_on_offer)
            return web.page(request, "drill_start.html", status=400, offer=offer, error=str(e), learners=[],
                            learner=values.get("learner", ""))
        await web.work(request, session.start)
        key = _keep(web, session)
        response = RedirectResponse(f"/d/{key}", status_code=303)
        if session.learner:
            from urllib.parse import quote

            # a cookie carries latin-1 only: the name (Łucja, 陈) travels percent-encoded
            response.set_cookie("tc_learner", quote(session.learner), max_age=365 * 24 * 3600, samesite="lax")
        return response

    def view(session: WebDrill) -> dict:
        shown = session.io.shown
        face = drawing = answer_field = None
        if shown.puzzle is not None and not session.done.is_set():
            from solver.registry import find_game

            game = find_game(session.drill.game)
            face = face_of(game)
            try:
                situation = session.drill.situation_of(shown.puzzle)
                rules = session.drill.rules_for(shown.puzzle)
                data = session.drill.data_for(rules)
                drawing = face.draw(situation, rules, data)
                answer_field = face.answer_field(situation, rules, data)
            except (TablecalcError, NotImplementedError, AttributeError, KeyError, ValueError):
                drawing = answer_field = None
        left = None
        if shown.deadline is not None and not session.done.is_set():
            left = max(0.0, shown.deadline - time.monotonic())
        chart = chart_note = None
        if session.done.is_set() and shown.summary and shown.summary.get("answered"):
            from trainer.history import History
            from trainer.web.classroom import learner_chart

            with History.open(web.history, read_only=True, learner=session.learner or None) as h:
                chart, chart_note = learner_chart(h)
        zetamac = getattr(session.drill, "play_session", None) is not None
        numeric = False
        if shown.puzzle is not None and not session.done.is_set():
            expected = session.zetamac_answer()
            numeric = expected is not None and expected.lstrip("-").isdigit()
        return {"numeric": numeric, "chart": chart, "chart_note": chart_note, "session": session, "shown": shown, "drawing": drawing, "answer_field": answer_field,
                "left": left, "zetamac": zetamac, "done": session.done.is_set(), "error": session.error}

    async def show(request: Request):
        session = _session(web, request)
        ctx = await web.work(request, view, session)
        return web.page(request, "drill.html", key=request.path_params["key"], **ctx)

    async def answer(request: Request):
        session = _session(web, request)
        values = await web.form(request)
        text = values.get("command") or values.get("answer", "")
        await web.work(request, session.answer, text)
        return RedirectResponse(f"/d/{request.path_params['key']}", status_code=303)

    async def typed(request: Request):
        """How the digits typed so far stand against the problem on screen (a Zetamac round)."""
        from trainer.zetamac import typed_status

        session = _session(web, request)
        values = await web.form(request)
        expected = await web.work(request, session.zetamac_answer)
        if expected is None:
            return JSONResponse({"status": "none"})
        return JSONResponse({"status": str(typed_status(values.get("typed", ""), expected))})

    return [Route("/drill", choose), Route("/drill/start", start, methods=["POST"]), Route("/d/{key}", show),
            Route("/d/{key}/answer", answer, methods=["POST"]), Route("/d/{key}/typed", typed, methods=["POST"])]
