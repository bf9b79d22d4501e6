"""The application: :func:`create_app` builds a Starlette app from a :class:`Web` (the server's
guard, history and templates). Each part of the companion adds its routes from its own module
(:data:`PARTS`: a ``routes(web)`` function each); this module holds what they share: the page
renderer, the language of a request, the session cookie and the join-code gate, the form reader
(size- and CSRF-checked) and the one error page.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(Web()), base_url="http://127.0.0.1:8765")
>>> client.get("/", headers={"accept-language": "fr"}).status_code
200
"""

from __future__ import annotations

import importlib
import ipaddress
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from solver.errors import TablecalcError
from solver.i18n import LANGUAGES, _, ngettext, speaking
from trainer.web.face import MAX_FIELD
from trainer.web.guard import CODE_COOKIE, LANG_COOKIE, MAX_BODY, SESSION_COOKIE, BodyCap, Guard

__all__ = ["Web", "create_app", "templates", "PARTS", "BadRequest", "language_of", "whole"]

HERE = Path(__file__).parent
PARTS = ("trainer.web.dispute", "trainer.web.tables", "trainer.web.drills", "trainer.web.classroom")
"""The modules that add routes, each with ``routes(web) -> list``."""
MAX_FIELDS = 200
"""The most fields a form may carry."""
OPEN = ("/static/", "/join", "/lang/", "/favicon.ico")
"""Paths served without the join code on a LAN (the join page itself, the style, the language)."""


class BadRequest(TablecalcError):
    """A request the companion cannot answer (a form out of date, a field too long): one line, 400."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def whole(text: str, lo: int, hi: int) -> int | None:
    """``text`` as a whole number from ``lo`` to ``hi`` (ASCII digits, at most 18, an optional minus),
    else ``None``: the one reading of a number typed in a page.

    >>> whole(" 12 ", 1, 200), whole("²", 1, 200), whole("--5", -9, 9), whole("9" * 5000, 0, 10), whole("-3", -5, 5)
    (12, None, None, None, -3)
    """
    import re

    text = text.strip()
    if not re.fullmatch(r"-?[0-9]{1,18}", text):
        return None
    number = int(text)
    return number if lo <= number <= hi else None


def language_of(request: Request) -> str:
    """The request's language: the one chosen on the page (a cookie), else the browser's first
    wish among French, Dutch and English, else English.

    >>> from starlette.requests import Request
    >>> language_of(Request({"type": "http", "headers": [(b"accept-language", b"nl-BE,nl;q=0.9,en;q=0.8")]}))
    'nl'
    >>> language_of(Request({"type": "http", "headers": [(b"accept-language", b"de, en;q=0.5, fr;q=0.7")]}))
    'fr'
    """
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    wishes = []
    for k, part in enumerate(request.headers.get("accept-language", "")[:500].split(",")):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        code = tag.split("-")[0].lower()
        if code in LANGUAGES:
            wishes.append((-q, k, code))
    return min(wishes)[2] if wishes else "en"


def templates():
    """The companion's templates (``trainer/web/templates``), worded in the language spoken when
    each is rendered: the server's pages, and ``tablecalc report --html`` (a page on its own)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                             extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True)
    env.install_gettext_callables(_, ngettext, newstyle=False)  # plain str.format in templates
    return env


@dataclass
class Web:
    """One server: its guard (join code, secret), the history it records drills in (``None``: the
    CLI's default file), and state kept between requests by the parts (tables in play)."""

    guard: Guard = field(default_factory=Guard)
    history: Path | None = None
    state: dict = field(default_factory=dict)
    address: str | None = None
    """The address phones on the network open (``http://192.168.1.20:8765/``), with ``--lan``."""

    def __post_init__(self):
        self.templates = templates()

    # -- pages ---------------------------------------------------------------------------------

    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        """``template`` rendered in the request's language, with what every page needs."""
        lang = language_of(request)
        with speaking(lang):
            html = self.templates.get_template(template).render(
                request=request, lang=lang, languages=LANGUAGES, csrf=self.csrf(request),
                path=request.url.path, lan=self.guard.lan, **context)
        return HTMLResponse(html, status_code=status)

    def csrf(self, request: Request) -> str:
        return self.guard.token(request.scope.get("tc_session", ""))

    async def form(self, request: Request) -> dict[str, str]:
        """The request's form, checked: its CSRF token, at most :data:`MAX_FIELDS` fields of at most
        :data:`~trainer.web.face.MAX_FIELD` characters each, text only (no file)."""
        try:
            form = await request.form(max_files=0, max_fields=MAX_FIELDS)
        except HTTPException:
            raise
        except Exception:  # a body that is no form: multipart's own errors, bad encodings
            raise BadRequest(_("The form could not be read: send it from the page again."))
        values: dict[str, str] = {}
        for key, value in form.multi_items():
            if not isinstance(value, str):
                raise BadRequest(_("This page takes no file."))
            if len(value) > MAX_FIELD or len(key) > 100:
                raise BadRequest(_("A field is too long: at most {n} characters.").format(n=MAX_FIELD))
            values[key] = value
        if not self.guard.token_ok(request.scope.get("tc_session"), values.get("csrf")):
            raise BadRequest(_("This form is out of date (or came from another site): reload the page and "
                               "send it again."), status=403)
        return values

    async def work(self, request: Request, fn: Callable, *args, **kwargs):
        """``fn(*args)`` on a worker thread, speaking the request's language (games' searches are
        not async; the server stays responsive while one runs)."""
        lang = language_of(request)

        def job():
            with speaking(lang):
                return fn(*args, **kwargs)

        return await run_in_threadpool(job)


def _safe_next(target: str | None) -> str:
    """A path on this server to go back to (never another site)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target[:500]


def _is_loopback(request: Request) -> bool:
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host in ("testclient", "localhost")


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def _host_ok(web: Web, host: str) -> bool:
    """Whether a request's ``Host`` names this server: 127.0.0.1 or localhost, or the address phones
    were given with ``--lan``. Anything else is refused, so a web site whose name is made to point
    at this computer (DNS rebinding) cannot read its pages from a browser here.

    >>> w = Web(address="http://192.168.1.20:8765/")
    >>> _host_ok(w, "127.0.0.1:8765"), _host_ok(w, "192.168.1.20:8765"), _host_ok(w, "evil.example:8765")
    (True, True, False)
    """
    name = host.strip().lower()
    name = name.rsplit(":", 1)[0] if not name.endswith("]") else name
    if name in LOOPBACK_NAMES:
        return True
    if web.address:
        from urllib.parse import urlsplit

        return name == (urlsplit(web.address).hostname or "").lower()
    return False


class Gate:
    """ASGI middleware: the request's ``Host`` checked (:func:`_host_ok`), its language set for all
    its work (:func:`solver.i18n.speaking`), a session cookie for every browser (the CSRF tokens
    hang on it) and, on a LAN, the join code before any page but the join page."""

    def __init__(self, app, web: Web):
        self.app, self.web = app, web

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        if not _host_ok(self.web, request.headers.get("host", "")):
            body = b"This server answers only at its own address (127.0.0.1, or the one tablecalc serve printed)."
            response: Response = Response(body, status_code=421, media_type="text/plain")
            return await response(scope, receive, send)
        with speaking(language_of(request)):
            await self._gate(scope, receive, send, request)

    async def _gate(self, scope, receive, send, request):
        session = request.cookies.get(SESSION_COOKIE)
        fresh = None
        if not session or len(session) > 64:
            session = fresh = secrets.token_urlsafe(24)
        scope["tc_session"] = session
        scope["tc_joined"] = self.web.guard.cookie_ok(request.cookies.get(CODE_COOKIE))
        path = scope.get("path", "/")
        if self.web.guard.lan and not scope["tc_joined"] and not path.startswith(OPEN):
            target = "/join?next=" + quote(path)
            response = RedirectResponse(target, status_code=303)
            if fresh:
                response.set_cookie(SESSION_COOKIE, fresh, httponly=True, samesite="strict")
            return await response(scope, receive, send)

        async def sending(message):
            if fresh and message["type"] == "http.response.start":
                cookie = f"{SESSION_COOKIE}={fresh}; HttpOnly; Path=/; SameSite=Strict"
                message.setdefault("headers", []).append((b"set-cookie", cookie.encode()))
            await send(message)

        await self.app(scope, receive, sending)


def _core_routes(web: Web) -> list:
    from solver.registry import all_games

    async def home(request: Request):
        return web.page(request, "home.html", games=[(g, g.plays_whole()) for g in all_games()], play_links=True)

    async def choose_language(request: Request):
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            raise BadRequest(_("Unknown language: expected one of {languages}.").format(languages=", ".join(LANGUAGES)),
                             status=404)
        response = RedirectResponse(_safe_next(request.query_params.get("next")), status_code=303)
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
        return response

    async def join(request: Request):
        target = _safe_next(request.query_params.get("next"))
        typed = request.query_params.get("code")
        if request.method == "POST":
            values = await web.form(request)
            typed, target = values.get("code", ""), _safe_next(values.get("next"))
        if typed is None:
            return web.page(request, "join.html", next=target, error=None)
        address = request.client.host if request.client else "?"
        if not web.guard.may_try(address):
            return web.page(request, "join.html", status=429, next=target,
                            error=_("Too many wrong codes: wait a minute, then try again."))
        if not web.guard.code_ok(typed):
            web.guard.wrong_try(address)
            return web.page(request, "join.html", status=403, next=target,
                            error=_("That is not this table's code: it has six digits, shown where tablecalc was "
                                    "started."))
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(CODE_COOKIE, web.guard.cookie_value(), httponly=True, samesite="lax")
        return response

    async def share(request: Request):
        """The join code and its QR code, large, for the classroom screen (only for a browser that
        has the code already, or on this computer)."""
        if not (request.scope.get("tc_joined") or _is_loopback(request)):
            raise BadRequest(_("This page needs the table's join code."), status=403)
        qr = link = None
        if web.guard.lan and web.address:
            import segno

            link = f"{web.address}join?code={web.guard.code}"
            qr = segno.make(link, error="m").svg_inline(scale=8, dark="#1d232a", light="#ffffff")
        return web.page(request, "share.html", qr=qr, link=link, code=web.guard.code)

    return [Route("/", home), Route("/lang/{lang}", choose_language), Route("/join", join, methods=["GET", "POST"]),
            Route("/share", share)]


def create_app(web: Web) -> Starlette:
    """The companion's application for ``web``."""
    routes = _core_routes(web)
    for part in PARTS:
        routes += importlib.import_module(part).routes(web)
    routes.append(Mount("/static", StaticFiles(directory=HERE / "static"), name="static"))

    async def refused(request: Request, exc: Exception):
        if isinstance(exc, BadRequest):
            status, message = exc.status, str(exc)
        elif isinstance(exc, TablecalcError):
            status, message = 400, str(exc)
        elif isinstance(exc, HTTPException):
            status = exc.status_code
            with speaking(language_of(request)):
                message = {404: _("There is no such page."), 405: _("This page is not sent that way."),
                           413: _("The request is too large.")}.get(status, _("The request was refused."))
        else:
            status = 500
            with speaking(language_of(request)):
                message = _("Something went wrong on the server; what you saved is safe. Go back and try again.")
        return web.page(request, "error.html", status=status, message=message)

    middleware = [Middleware(BodyCap, limit=MAX_BODY), Middleware(Gate, web=web)]
    app = Starlette(routes=routes, middleware=middleware,
                    exception_handlers={TablecalcError: refused, HTTPException: refused, Exception: refused})
    app.state.web = web
    return app
