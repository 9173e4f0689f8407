"""``WS /api/games/{id}/ws?token=…``: the caller's envelope at once and after every change to the game,
each seat its own view and anyone else the public one. A browser cannot set headers on a WebSocket, so
the token comes in the query; a missing or bad one closes the socket with 4401, an unknown game with 4404."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from ..context import Server
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
            env = (encode({**NOT_STARTED, "players": m.players}) if m.status == "open"
                   else srv.hub.envelope(s, m, seat))
            srv.hub.listen(game_id, seat, push)
            return 0, env


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: GameId, token: str = "") -> None:
    """Pushes the caller's envelope (as GET /api/games/{id}) at once and after every change."""
    srv: Server = websocket.app.state.server
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[bytes] = asyncio.Queue()

    def push(e: bytes) -> None:  # called on a worker thread after a commit
        loop.call_soon_threadsafe(queue.put_nowait, e)

    code, env = await run_in_threadpool(subscribe, srv, game_id, token, push)
    if code or env is None:
        await websocket.close(code=code)
        return
    try:
        await websocket.accept()
        await websocket.send_text(env.decode())
        receiving = asyncio.ensure_future(websocket.receive())
        while True:
            getting = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({receiving, getting}, return_when=asyncio.FIRST_COMPLETED)
            if receiving in done:
                getting.cancel()
                if receiving.result()["type"] == "websocket.disconnect":
                    return
                receiving = asyncio.ensure_future(websocket.receive())  # clients have nothing to say
            if getting in done:
                await websocket.send_text(getting.result().decode())
    except WebSocketDisconnect:
        return
    finally:
        srv.hub.unlisten(game_id, push)
