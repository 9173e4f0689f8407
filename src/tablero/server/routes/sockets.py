"""``WS /api/games/{id}/ws?token=…``: the caller's envelope at once and after every change to the game,
each seat its own view and anyone else the public one. A browser cannot set headers on a WebSocket, so
the token comes in the query; a missing or bad one closes the socket with 4401, an unknown game with 4404."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from ..context import Server, server_of
from ..games import Listener, encode
from ..schemas import GameId
from .games import NOT_STARTED

router = APIRouter()


def subscribe(srv: Server, game_id: int, token: str, push: Listener) -> tuple[int, bytes | None]:
    """(close code or 0, the first envelope). On success ``push`` hears every later change: it is
    registered under the game's lock together with the first envelope, so no change can fall between the
    two (an AI's move made just then would otherwise never reach this socket)."""
    with srv.session() as s:
        me = srv.account_for(s, token) if token else None
        if me is None:
            return 4401, None
        with srv.hub.lock(game_id):
            m = srv.hub.meta(s, game_id)
            if m is None:
                return 4404, None
            seat = m.seat_of(me.id)
            env = (encode({**NOT_STARTED, "players": m.players}) if m.status not in ("playing", "over")
                   else srv.hub.envelope(s, m, seat))
            srv.hub.listen(game_id, seat, push)
            return 0, env


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: GameId, token: str = "") -> None:
    """Pushes the caller's envelope (as GET /api/games/{id}) at once and after every change."""
    srv = server_of(websocket)
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes | None] = asyncio.Queue()  # None: the client has gone

    def push(e: bytes) -> None:  # called on a worker thread after a commit
        loop.call_soon_threadsafe(queue.put_nowait, e)

    code, env = await run_in_threadpool(subscribe, srv, game_id, token, push)
    if code or env is None:
        await websocket.close(code=code)
        return

    async def until_closed() -> None:
        """Clients have nothing to say; what arrives is only read to learn when they leave. However the
        reading ends, the sending loop is told to stop (and the listener goes)."""
        try:
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
        except Exception:  # noqa: BLE001 - a broken connection is a closed one
            pass
        finally:
            queue.put_nowait(None)

    closed: asyncio.Future[None] | None = None
    try:
        await websocket.accept()
        closed = asyncio.ensure_future(until_closed())
        await websocket.send_text(env.decode())
        while (e := await queue.get()) is not None:
            await websocket.send_text(e.decode())
    except WebSocketDisconnect:
        return
    finally:
        if closed is not None:
            closed.cancel()
        srv.hub.unlisten(game_id, push)
