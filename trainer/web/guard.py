"""What keeps the table companion safe on a home or school network: the join code, the CSRF token
of every form, the size cap of every request, and one answer for every bad request.

* **Join code.** Every server has a random code of six digits (:func:`new_code`). With ``--lan``
  every page asks for it (the QR code the server prints carries it); on 127.0.0.1 only the
  teacher's class page does. A code typed once is kept in a cookie for the browser's session; too
  many wrong codes from one address are refused for a minute.
* **CSRF.** A browser gets a random session cookie; every form carries a token derived from it
  with the server's secret (:meth:`Guard.token`), and a form without the right token is refused.
* **Size.** A request body over :data:`MAX_BODY` bytes is refused before it is read whole; a form
  field over :data:`trainer.web.face.MAX_FIELD` characters is refused before a game reads it.
* **Files.** No request names a file on the server: logs are downloaded, never written there,
  and the history is the one the server was started with.

>>> g = Guard(secret=b"k" * 32, code="123456")
>>> g.token("abc") == g.token("abc"), g.token("abc") == g.token("abd")
(True, False)
>>> g.code_ok("123456"), g.code_ok("654321"), g.code_ok(" 123 456 ")
(True, False, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from dataclasses import dataclass, field

__all__ = ["Guard", "new_code", "MAX_BODY", "RequestTooLarge", "SESSION_COOKIE", "CODE_COOKIE"]

MAX_BODY = 64 * 1024
"""The largest request body read (bytes): a Ramikubic table is a few hundred."""
SESSION_COOKIE = "tc_session"
CODE_COOKIE = "tc_code"
LANG_COOKIE = "tc_lang"
WRONG_CODES = 10
"""Wrong join codes from one address before it must wait :data:`WAIT_SECONDS`."""
WAIT_SECONDS = 60.0


def new_code() -> str:
    """A random join code: six digits, easy to read out to a class."""
    return f"{secrets.randbelow(10 ** 6):06d}"


class RequestTooLarge(Exception):
    """A request body over the cap."""


@dataclass
class Guard:
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    code: str = field(default_factory=new_code)
    lan: bool = False
    _wrong: dict = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def token(self, session: str) -> str:
        """The CSRF token of forms shown to the browser session ``session``."""
        return hmac.new(self.secret, b"csrf:" + session.encode(), hashlib.sha256).hexdigest()[:32]

    def token_ok(self, session: str | None, token: str | None) -> bool:
        return bool(session) and bool(token) and hmac.compare_digest(self.token(session), str(token))

    def code_ok(self, typed: str | None) -> bool:
        """Whether ``typed`` is the join code (spaces ignored, compared in constant time)."""
        if typed is None:
            return False
        return hmac.compare_digest("".join(str(typed).split()).encode(), self.code.encode())

    def cookie_value(self) -> str:
        """What the join cookie holds: a digest of the code, not the code itself."""
        return hmac.new(self.secret, b"code:" + self.code.encode(), hashlib.sha256).hexdigest()[:32]

    def cookie_ok(self, value: str | None) -> bool:
        return bool(value) and hmac.compare_digest(self.cookie_value(), str(value))

    def may_try(self, address: str) -> bool:
        """Whether ``address`` may try a join code now (not after :data:`WRONG_CODES` wrong ones
        in the last :data:`WAIT_SECONDS`)."""
        with self._lock:
            tries = [t for t in self._wrong.get(address, []) if time.monotonic() - t < WAIT_SECONDS]
            self._wrong[address] = tries
            return len(tries) < WRONG_CODES

    def wrong_try(self, address: str) -> None:
        with self._lock:
            self._wrong.setdefault(address, []).append(time.monotonic())
            if len(self._wrong) > 10_000:  # forget the oldest addresses rather than grow
                for key in list(self._wrong)[:5_000]:
                    del self._wrong[key]


class BodyCap:
    """ASGI middleware: refuse a request whose body is over ``limit`` bytes (by its
    Content-Length, or by counting as it arrives) with 413 and one line."""

    def __init__(self, app, limit: int = MAX_BODY, message=None):
        self.app, self.limit = app, limit
        self.message = message or (lambda: "The request is too large.")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    return await self._refuse(send)
        seen = 0

        async def counted():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise RequestTooLarge()
            return message

        try:
            await self.app(scope, counted, send)
        except RequestTooLarge:
            await self._refuse(send)

    async def _refuse(self, send):
        body = self.message().encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
