"""The server's ASGI app (FastAPI): the shared state, the middleware, the error handlers and the routes
(``routes/``), and the browser table's files at ``/``. Every 4xx body is ``{"error": ..., "rule": ...}``
(``errors.py``)."""

from __future__ import annotations

import datetime as dt
import gc
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from tablero.core import secure_seed
from tablero.core.registry import plugins

from . import auth
from .apidocs import install_docs
from .context import Server
from .db import DEFAULT_URL, check_writable, connect, migrate, sessions, writer_lock
from .errors import install_error_handlers
from .games import GameHub
from .middleware import MAX_BODY, BodyLimit, InternalErrors, SecurityHeaders, ServerTiming
from .models import Account
from .routes import accounts, decks, games, replays, sockets, words
from .throttle import LoginThrottle, RegistrationThrottle
from .usernames import reserved, warn_collisions

WEB = Path(__file__).parent.parent / "web"  # the browser table: plain ES modules, no build step


def _warm() -> None:
    """Every game's cards, decks and limited lists parsed once, at start, not on some player's request."""

    for p in plugins():
        p.shipped_decks()
        p.limited_in_force(dt.date.today())


def create_app(db_url: str = DEFAULT_URL, *, cheap_hashing: bool = False,
               ai_options: dict[str, dict[str, Any]] | None = None, claim_after: float = 600.0,
               throttle: LoginThrottle | None = None, registrations: RegistrationThrottle | None = None,
               token_days: float = 30.0,
               seeds: Callable[[], int] = secure_seed) -> FastAPI:
    """The server's ASGI app on the database at ``db_url`` (migrated to the latest schema first).
    ``ai_options`` per agent name, e.g. ``{"mcts": {"budget": 0.5}}``; ``claim_after`` seconds of absence
    let the opponent of a player who must decide claim the game; ``throttle`` limits logins and
    ``registrations`` new accounts per address;
    ``token_days`` is how long a login lasts (a leaked token stops working by itself); ``seeds`` draws
    new games' seeds (the secure source; a test passes a fixed series to replay its games)."""
    engine = connect(db_url)
    migrate(engine)
    check_writable(engine)  # StorageError: a read-only database is refused at start, not at the first move
    make_session = sessions(engine)
    hub = GameHub(make_session, ai_options if ai_options is not None else {"mcts": {"budget": 0.5}},
                  writer=writer_lock(engine))
    server = Server(make_session=make_session, hub=hub, hashing=auth.Hashing(auth.hasher(cheap_hashing)),
                    logins=throttle if throttle is not None else LoginThrottle(),
                    registrations=registrations if registrations is not None else RegistrationThrottle(),
                    token_lifetime=token_days * 86_400.0, claim_after=claim_after, draw_seed=seeds)
    with make_session() as s:
        stored = s.scalars(select(Account.username)).all()
    server.reserved_names = reserved(stored)
    warn_collisions(stored)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(_warm)
        await run_in_threadpool(hub.wake_all)  # AI seats left deciding when the server stopped
        gc.collect()
        gc.freeze()  # the card pool, decks and modules loaded so far stay out of every later collection
        try:
            yield
        finally:
            hub.close()  # the journal has written every action it was given
            app.state.closed.set()

    app = FastAPI(title="Tablero", summary="Card games on one engine: accounts, decks and games for players and bots",
                  version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.engine = engine
    app.state.closed = threading.Event()  # set once the shutdown is done (serving.py ends the process then)
    app.state.hub = hub
    app.state.server = server
    app.add_middleware(InternalErrors)  # innermost: a failing route still answers on a usable connection
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(ServerTiming)
    app.add_middleware(SecurityHeaders, pages=install_docs(app))  # outermost: on every answer, a 413 too
    install_error_handlers(app)
    # The routes of each part go straight into the app's own table rather than by include_router: an
    # included router re-checks its routes on every request (FastAPI 0.165), about 50 µs on the event
    # loop, which is what runs out first under load (benchmarks/load.py). The API's routes never change.
    for part in (accounts, decks, games, replays, sockets, words):
        app.router.routes.extend(part.router.routes)
    for p in plugins():  # each game's own widget modules, if it has any (GamePlugin.widgets)
        if p.web is not None and p.widgets:
            app.mount(f"/games/{p.name}", StaticFiles(directory=p.web), name=f"widgets-{p.name}")
    # mounted last, so the API routes, /docs and /openapi.json come first
    app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app
