"""``WS /api/games/{id}/ws?token=…``: the caller's envelope at once and after every change to the game,
each seat its own view and anyone else the public one. A browser cannot set headers on a WebSocket, so
the token comes in the query. The socket is accepted before any check, so that a refusal reaches the
client as its close code (a refusal at the handshake is a bare HTTP 403 a browser cannot read): 4401 a
missing, bad or expired token, 4404 an unknown game. An open socket lives no longer than its token: it is
closed with 4401 when the token expires or is revoked (logout), and sends nothing after."""

from __future__ import annotations

import asyncio
from typing import Any, NamedTuple

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from tablero.core.registry import languages

from .. import auth
from ..context import Server, server_of
from ..envelopes import encode, has_windows, rules_json
from ..games import Listener
from .games import NOT_STARTED

UNAUTHORIZED, NO_GAME = 4401, 4404
GAME_IDS = 2**31  # game ids are below this (the database's integer)
router = APIRouter()


class Subscription(NamedTuple):
    """A socket's standing: the first envelope, or the close code refusing it; and when its token expires
    (epoch seconds), which ends it."""

    code: int = 0
    env: bytes | None = None
    expires: float = 0.0


def game_number(text: str) -> int | None:
    """The game id in the socket's path, or None for anything that names no game (4404, never a 403)."""
    ok = text.isascii() and text.isdigit() and len(text) <= 10 and 0 < int(text) < GAME_IDS
    return int(text) if ok else None


def subscribe(srv: Server, game_id: int | None, token: str, push: Listener, board: str | None = None) -> Subscription:
    """On success ``push`` hears every later change: it is registered under the game's lock together with
    the first envelope, so no change can fall between the two (an AI's move made just then would
    otherwise never reach this socket)."""
    with srv.session() as s:
        found = srv.caller_for(s, auth.digest(token)) if token else None
        if found is None or auth.clock() >= found[1]:
            return Subscription(UNAUTHORIZED)
        me, expires = found
        if game_id is None:
            return Subscription(NO_GAME)
        with srv.hub.lock(game_id):
            m = srv.hub.meta(s, game_id)
            if m is None:
                return Subscription(NO_GAME)
            seat = m.seat_of(me.id)
            # a challenge nobody has accepted: nothing to see yet, but whose game it is and under which rules
            # (as GET /api/games/{id} says it: a client opening the socket first knows what it will draw)
            env = (encode({**NOT_STARTED, "game": m.game, "players": m.players,
                           "rules": rules_json(m.game, m.rules_version, m.options), "windows": has_windows(m.game)})
                   if m.status not in ("playing", "over") else srv.hub.envelope(s, m, seat, board))
            srv.hub.listen(game_id, seat, push, board)
            return Subscription(0, env, expires)


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str, token: str = "", board: str = "") -> None:
    """Pushes the caller's envelope (as GET /api/games/{id}, with ``board=LANG`` the board too) at once and
    after every change."""
    srv = server_of(websocket)
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes | int | None] = asyncio.Queue()  # None: the client has gone; int: close so

    def push(e: bytes) -> None:  # called on a worker thread after a commit
        loop.call_soon_threadsafe(queue.put_nowait, e)

    def revoked() -> None:  # called on a worker thread when the token is revoked
        loop.call_soon_threadsafe(queue.put_nowait, UNAUTHORIZED)

    number, digest = game_number(game_id), auth.digest(token)
    await websocket.accept()
    srv.on_revoke(digest, revoked)  # before the check: a logout just then still closes the socket
    closed: asyncio.Future[None] | None = None
    try:
        lang = board if board in languages() else None  # a language the table lacks: no board, as for bots
        sub = await run_in_threadpool(subscribe, srv, number, token, push, lang)
        if sub.code or sub.env is None:
            await websocket.close(code=sub.code)
            return
        assert number is not None
        closed = asyncio.ensure_future(until_closed(websocket, queue))
        await websocket.send_text(sub.env.decode())
        await pushes(websocket, queue, sub.expires)
    except WebSocketDisconnect:
        return
    finally:
        if closed is not None:
            closed.cancel()
        if number is not None:
            srv.hub.unlisten(number, push)
        srv.off_revoke(digest, revoked)


async def until_closed(websocket: WebSocket, queue: asyncio.Queue[Any]) -> None:
    """Clients have nothing to say; what arrives is only read to learn when they leave. However the reading
    ends, the sending loop is told to stop (and the listener goes)."""
    try:
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass
    except Exception:  # noqa: BLE001 - a broken connection is a closed one
        pass
    finally:
        queue.put_nowait(None)


async def pushes(websocket: WebSocket, queue: asyncio.Queue[bytes | int | None], expires: float) -> None:
    """Send each change until the client leaves, the token is revoked, or it expires (checked before every
    send, and by a timer while nothing happens)."""
    while True:
        left = expires - auth.clock()
        try:
            e = await asyncio.wait_for(queue.get(), timeout=max(left, 0.0)) if left > 0 else UNAUTHORIZED
        except TimeoutError:
            e = UNAUTHORIZED
        if isinstance(e, bytes) and auth.clock() >= expires:
            e = UNAUTHORIZED
        if e is None:
            return
        if isinstance(e, int):
            await websocket.close(code=e, reason="the token has expired or was revoked; log in again")
            return
        await websocket.send_text(e.decode())
