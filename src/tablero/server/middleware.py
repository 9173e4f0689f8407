"""ASGI middleware: the request-body limit (413), the ``Server-Timing`` header and the last resort for a
request that fails inside the server (500)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .errors import INTERNAL, error_response

MAX_BODY = 64 * 1024  # bytes; larger request bodies get 413
log = logging.getLogger("tablero.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, whether or not Content-Length tells in advance
    (a chunked body is counted as it arrives)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = error_response(413, f"request body over {self.limit} bytes")
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await too_big(scope, receive, send)
                return
        seen = 0
        over = replaced = False

        async def counted() -> Message:
            nonlocal seen, over
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    over = True  # stop reading; whatever the app answers becomes the 413 below
                    return {"type": "http.request", "body": b"", "more_body": False}
            return message

        async def guarded(message: Message) -> None:
            nonlocal replaced
            if not over:
                await send(message)
            elif not replaced and message["type"] == "http.response.start":
                replaced = True
                await too_big(scope, receive, send)

        await self.app(scope, counted, guarded)


class ServerTiming:
    """Adds ``Server-Timing: app;dur=<ms>`` to every HTTP response: the time from the request's arrival
    to its reply, as the server measured it, so a client (or benchmarks/load.py) can tell the server's
    share of a latency from the network's and its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        t0 = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - t0) * 1000
                message["headers"] = [*message.get("headers", []), (b"server-timing", f"app;dur={ms:.2f}".encode())]
            await send(message)

        await self.app(scope, receive, timed)


# The browser table's policy: its own scripts, styles and sockets only; no plugin, no framing (clickjacking)
TABLE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
                "form-action 'self'")


class SecurityHeaders:
    """Adds to every HTTP response a Content-Security-Policy (``TABLE_POLICY``, or a page's own from
    ``pages``, e.g. the API documentation's), ``X-Content-Type-Options: nosniff`` (a JSON or text answer is
    never run as a script), ``X-Frame-Options: DENY`` (``frame-ancestors`` for older browsers) and
    ``Referrer-Policy: no-referrer``."""

    def __init__(self, app: ASGIApp, pages: dict[str, str] | None = None) -> None:
        self.app = app
        self.pages = {path: self.headers(policy) for path, policy in (pages or {}).items()}
        self.default = self.headers(TABLE_POLICY)

    @staticmethod
    def headers(policy: str) -> list[tuple[bytes, bytes]]:
        return [(b"content-security-policy", policy.encode()), (b"x-content-type-options", b"nosniff"),
                (b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer")]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.pages.get(scope.get("path", ""), self.default)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


class InternalErrors:
    """A request that fails inside the server (a bug, running out of memory included) gets the API's 500
    body and its connection stays usable. Starlette's own last resort answers the same but then re-raises,
    and uvicorn closes the connection: a client that reuses a kept-alive connection for its next request
    (every HTTP client's pool) found it reset. Logged with the route, the error's type and its traceback,
    never the request's body (which may hold a password)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as e:
            if started:  # too late to answer: the connection is the only way to say it failed
                raise
            # with its traceback, as the server's own log needs it (the database's errors hide their parameters)
            log.exception("internal error on %s %s: %s", scope.get("method"), scope.get("path"), type(e).__name__)
            await error_response(500, INTERNAL)(scope, receive, send)
