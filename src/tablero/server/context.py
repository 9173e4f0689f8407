"""What every route shares: the database's sessions, the game hub, the password hashing, the login and
registration throttles and the known tokens, held by one ``Server`` on ``app.state``; and the request dependencies the
routes declare (``DB``, ``Me``, ``Srv``), so a route says what it needs in its signature."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Header, Request
from sqlalchemy import delete
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from tablero.core.i18n import msg

from . import auth
from .auth import Caller, Hashing
from .errors import ApiError
from .games import GameHub
from .models import Account, Token
from .throttle import LoginThrottle, RegistrationThrottle

TOKEN_CACHE_MAX = 100_000  # known tokens kept in memory before the cache starts over


@dataclass
class Server:
    """One running server's state. ``claim_after``: seconds an absent player's opponent waits before
    claiming the game; ``token_lifetime``: seconds a login lasts; ``draw_seed``: where new games' seeds
    come from (``secure_seed``; tests may fix the series)."""

    make_session: sessionmaker[Session]
    hub: GameHub
    hashing: Hashing
    logins: LoginThrottle
    registrations: RegistrationThrottle
    token_lifetime: float
    claim_after: float
    draw_seed: Callable[[], int]
    # token digest -> (caller, expiry, epoch seconds): a bot's every request needs it. A token revoked here
    # leaves it at once; this server is the only one using the database's tokens.
    known_tokens: dict[str, tuple[Caller, float]] = field(default_factory=dict)
    # normalized names of accounts stored before usernames were normalized (usernames.py)
    reserved_names: set[str] = field(default_factory=set)
    # token digest -> what to call when it is revoked: the open WebSockets it authenticated close at once
    revoke_hooks: dict[str, list[Callable[[], None]]] = field(default_factory=dict)
    _hooks_guard: threading.Lock = field(default_factory=threading.Lock)

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.make_session() as s:
            yield s

    def caller_for(self, s: Session, digest: str) -> tuple[Caller, float] | None:
        """The token's account and when the token expires (epoch seconds), or None for an unknown one."""
        row = s.get(Token, digest)
        account = s.get(Account, row.account_id) if row is not None else None
        if row is None or account is None:
            return None
        return Caller(account.id, account.username), auth.expires_at(row.created_at, self.token_lifetime)

    def account_for(self, s: Session, token: str) -> Caller | None:
        """The account behind a token still in force, or None (the WebSocket's check: it has no headers)."""
        found = self.caller_for(s, auth.digest(token))
        return found[0] if found is not None and auth.clock() < found[1] else None

    def _lookup(self, digest: str) -> tuple[Caller, float] | None:
        with self.session() as s:
            return self.caller_for(s, digest)

    async def authenticate(self, authorization: str | None) -> Caller:
        """The caller behind a bearer token (401 without one, or with an unknown or expired one). Known
        tokens are remembered in memory, so a bot's request costs no database round trip to authenticate."""
        if not authorization or not authorization.startswith("Bearer "):
            raise ApiError(401, msg("missing bearer token (Authorization: Bearer <token> from POST /api/token)"))
        digest = auth.digest(authorization.removeprefix("Bearer ").strip())
        known = self.known_tokens.get(digest)
        if known is None:
            known = await run_in_threadpool(self._lookup, digest)
            if known is None:
                raise ApiError(401, msg("unknown or revoked token"))
            if len(self.known_tokens) > TOKEN_CACHE_MAX:
                self.known_tokens.clear()
            self.known_tokens[digest] = known
        caller, expires = known
        if auth.clock() >= expires:
            self.known_tokens.pop(digest, None)
            raise ApiError(401, msg("the token has expired; log in again (POST /api/token)"))
        return caller

    def revoke(self, digest: str) -> None:
        """Log a token out: gone from the database and from memory at once."""
        with self.session() as s:
            s.execute(delete(Token).where(Token.digest == digest))
            s.commit()
        self.known_tokens.pop(digest, None)
        with self._hooks_guard:
            hooks = self.revoke_hooks.pop(digest, [])
        for hook in hooks:
            hook()

    def on_revoke(self, digest: str, hook: Callable[[], None]) -> None:
        """Call ``hook`` when the token is revoked (an open WebSocket closes)."""
        with self._hooks_guard:
            self.revoke_hooks.setdefault(digest, []).append(hook)

    def off_revoke(self, digest: str, hook: Callable[[], None]) -> None:
        with self._hooks_guard:
            left = [h for h in self.revoke_hooks.get(digest, []) if h is not hook]
            if left:
                self.revoke_hooks[digest] = left
            else:
                self.revoke_hooks.pop(digest, None)


def server_of(conn: HTTPConnection) -> Server:
    """The running server behind a request or a WebSocket."""
    found: Server = conn.app.state.server
    return found


async def server(request: Request) -> Server:
    """The ``Srv`` dependency (async: a plain function would cost every request a hop to a worker thread)."""
    return server_of(request)


def db(request: Request) -> Iterator[Session]:
    """A database session for the request, closed after the reply."""
    with server_of(request).session() as s:
        yield s


async def current_account(request: Request, authorization: Annotated[str | None, Header()] = None) -> Caller:
    return await server_of(request).authenticate(authorization)


Srv = Annotated[Server, Depends(server)]
DB = Annotated[Session, Depends(db)]
Me = Annotated[Caller, Depends(current_account)]
