"""The HTTP API (FastAPI). Every 4xx body is ``{"error": ..., "rule": ...}``: ``rule`` names the game rule
(``CH-…``) that refused the request, or is null when no game rule applies."""


import asyncio
import datetime as dt
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, MutableMapping
from contextlib import asynccontextmanager, contextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import auth
from .auth import Caller, LoginThrottle
from .db import DEFAULT_URL, connect, migrate, sessions, writer_lock
from .games import AIS, GameHub, Meta, Refused, encode
from .models import Account, DeckRecord, GameRow, Token

MAX_BODY = 64 * 1024  # bytes; larger request bodies get 413
USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,32}$")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class ApiError(Exception):
    """A refused request: HTTP status, a message for people, and the rule id when a game rule refused it."""

    def __init__(self, status: int, error: str, rule: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.rule = rule
        self.headers = headers


def _body(status: int, error: str, rule: str | None = None,
          headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": error, "rule": rule}, status_code=status, headers=headers)


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
        too_big = _body(413, f"request body over {self.limit} bytes")
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


class Credentials(BaseModel):
    username: str = Field(min_length=3, max_length=32, description="3-32 letters, digits, _ . -")
    password: str = Field(min_length=8, max_length=256)


class AccountOut(BaseModel):
    id: int
    username: str


class TokenOut(BaseModel):
    token: str
    expires_at: dt.datetime = Field(description="when the token stops working (UTC); log in again after it")


class DeckIn(BaseModel):
    """A deck in the deck-file shape of docs/decks.md: card id -> copies."""

    name: str = Field(min_length=1, max_length=80)
    edition: str = Field(default="choque-2026", max_length=32)
    main: dict[str, int]
    souls: dict[str, int]
    support: dict[str, int] = Field(default_factory=dict)
    strategy: str | None = Field(default=None, max_length=40)
    description: str | None = Field(default=None, max_length=2000)


class ViolationOut(BaseModel):
    rule: str
    card: str | None
    message: str


class DeckCheckOut(BaseModel):
    legal: bool
    violations: list[ViolationOut]


class DeckOut(BaseModel):
    id: str
    name: str
    edition: str
    legal: bool
    violations: list[ViolationOut]


class GameIn(BaseModel):
    deck: str = Field(max_length=64, description="a deck id from GET /api/decks")
    opponent: str = Field(pattern=r"^(ai:random|ai:greedy|ai:mcts|open)$")
    opponent_deck: str | None = Field(default=None, max_length=64)
    edition: str | None = Field(default=None, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**62)


class JoinIn(BaseModel):
    deck: str = Field(max_length=64)


class ActionIn(BaseModel):
    action: dict[str, Any]


class PendingOut(BaseModel):
    player: str
    kind: str


class EnvelopeOut(BaseModel):
    """What a client sees of a game (GET /api/games/{id}, the reply to an action, each WebSocket message)."""

    view: dict[str, Any] | None = Field(description="the caller's seat view (CH-11.2), or the public view")
    pending: PendingOut | None = Field(description="who must decide, and what kind of decision")
    legal_actions: list[dict[str, Any]] = Field(description="empty unless the decision is the caller's")
    winner: str | None = Field(description="A, B or draw once the game is over")
    seq: int = Field(description="actions taken so far: one more with every change")
    events: list[dict[str, Any]] = Field(description=(
        "what the last change did, as log entries this seat may see, each with `text: {es, en}`"))


class ErrorOut(BaseModel):
    error: str
    rule: str | None


GameId = Annotated[int, PathParam(ge=1, le=2**62, description="a game id from POST or GET /api/games")]

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 404, 409, 413, 422, 429)}


def create_app(db_url: str = DEFAULT_URL, *, cheap_hashing: bool = False,
               ai_options: dict[str, dict[str, Any]] | None = None, claim_after: float = 600.0,
               throttle: LoginThrottle | None = None, token_days: float = 30.0) -> FastAPI:
    """The server's ASGI app on the database at ``db_url`` (migrated to the latest schema first).
    ``ai_options`` per agent name, e.g. ``{"mcts": {"budget": 0.5}}``; ``claim_after`` seconds of absence
    let the opponent of a player who must decide claim the game; ``throttle`` limits failed logins;
    ``token_days`` is how long a login lasts (a leaked token stops working by itself)."""
    token_lifetime = token_days * 86_400.0
    engine = connect(db_url)
    migrate(engine)
    make_session = sessions(engine)
    ph = auth.hasher(cheap_hashing)
    logins = throttle if throttle is not None else LoginThrottle()
    hub = GameHub(make_session, ai_options if ai_options is not None else {"mcts": {"budget": 0.5}},
                  writer=writer_lock(engine))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        from tablero.games.choque.deckfile import shipped_decks, shipped_limited_lists

        await run_in_threadpool(lambda: (shipped_decks(), shipped_limited_lists()))  # parsed once, not per request
        await run_in_threadpool(hub.wake_all)  # AI seats left deciding when the server stopped
        import gc

        gc.collect()
        gc.freeze()  # the card pool, decks and modules loaded so far stay out of every later collection
        try:
            yield
        finally:
            hub.close()

    app = FastAPI(title="Tablero", summary="Choque de Héroes: accounts, decks and games for players and bots",
                  version="0.1.0", lifespan=lifespan)
    app.state.engine = engine
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(ServerTiming)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, e: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else e.headers
        return _body(e.status, e.error, e.rule, headers)

    @app.exception_handler(Refused)
    async def _refused(_request: Request, e: Refused) -> JSONResponse:
        return _body(e.status, e.error, e.rule)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        problems = []
        for err in e.errors()[:5]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "body"
            problems.append(f"{where}: {err.get('msg', 'invalid')}")
        return _body(422, "; ".join(problems) or "invalid request")

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, e: StarletteHTTPException) -> JSONResponse:
        return _body(e.status_code, str(e.detail))

    @contextmanager
    def session_scope() -> Iterator[Session]:
        with make_session() as s:
            yield s

    def db() -> Iterator[Session]:
        with session_scope() as s:
            yield s

    def account_for(s: Session, token: str) -> Caller | None:
        found = caller_for(s, auth.digest(token))
        return found[0] if found is not None and auth.clock() < found[1] else None

    def caller_for(s: Session, digest: str) -> tuple[Caller, float] | None:
        """The token's account and when the token expires (epoch seconds), or None for an unknown one."""
        row = s.get(Token, digest)
        account = s.get(Account, row.account_id) if row is not None else None
        if row is None or account is None:
            return None
        return Caller(account.id, account.username), auth.expires_at(row.created_at, token_lifetime)

    known_tokens: dict[str, tuple[Caller, float]] = {}  # token digest -> (caller, expiry): a bot's every
    # request needs it (a token revoked here leaves it at once; this server is the only one using the
    # database's tokens)

    def lookup_token(digest: str) -> tuple[Caller, float] | None:
        with session_scope() as s:
            return caller_for(s, digest)

    async def current_account(authorization: Annotated[str | None, Header()] = None) -> Caller:
        """The caller behind the bearer token (401 without one, or with an expired one). Known tokens are
        remembered in memory (DELETE /api/token drops them), so a bot's request costs no database round
        trip to authenticate."""
        if not authorization or not authorization.startswith("Bearer "):
            raise ApiError(401, "missing bearer token (Authorization: Bearer <token> from POST /api/token)")
        digest = auth.digest(authorization.removeprefix("Bearer ").strip())
        known = known_tokens.get(digest)
        if known is None:
            known = await run_in_threadpool(lookup_token, digest)
            if known is None:
                raise ApiError(401, "unknown or revoked token")
            if len(known_tokens) > 100_000:
                known_tokens.clear()
            known_tokens[digest] = known
        caller, expires = known
        if auth.clock() >= expires:
            known_tokens.pop(digest, None)
            raise ApiError(401, "the token has expired; log in again (POST /api/token)")
        return caller

    DB = Annotated[Session, Depends(db)]
    Me = Annotated[Caller, Depends(current_account)]

    @app.post("/api/accounts", status_code=201, response_model=AccountOut, responses=ERRORS)
    def create_account(body: Credentials, s: DB) -> AccountOut:
        """Register an account. Usernames are unique (case-insensitive); the password is stored as an
        argon2id hash only."""
        if not USERNAME.match(body.username):
            raise ApiError(422, "username: 3-32 letters, digits, '_', '.' or '-'")
        taken = s.scalar(select(Account.id).where(Account.username == body.username.lower()))
        if taken is not None:
            raise ApiError(409, f"username {body.username!r} is taken")
        account = Account(username=body.username.lower(), password_hash=ph.hash(body.password))
        s.add(account)
        try:
            s.commit()
        except IntegrityError as e:  # a concurrent registration of the same name
            s.rollback()
            raise ApiError(409, f"username {body.username!r} is taken") from e
        return AccountOut(id=account.id, username=account.username)

    @app.post("/api/token", response_model=TokenOut, responses=ERRORS)
    def create_token(body: Credentials, s: DB, request: Request) -> TokenOut:
        """Log in: a bearer token for ``Authorization: Bearer <token>``. After 5 failed logins for one
        username (or 20 from one address) within a minute, logins are refused with 429 until the minute
        has passed (``Retry-After`` says how long)."""
        name = body.username.lower()
        address = request.client.host if request.client else "?"
        wait = logins.retry_after(name, address)
        if wait > 0:
            raise ApiError(429, f"too many failed logins; try again in {wait:.0f} s",
                           headers={"Retry-After": str(max(1, round(wait)))})
        account = s.scalar(select(Account).where(Account.username == name))
        if account is None or not auth.verify(ph, account.password_hash, body.password):
            logins.failed(name, address)
            raise ApiError(401, "wrong username or password")
        token = auth.new_token()
        created = dt.datetime.fromtimestamp(auth.clock(), dt.UTC)
        # the account's expired tokens go as it logs in again, so the table does not grow without bound
        s.execute(delete(Token).where(Token.account_id == account.id,
                                      Token.created_at < created - dt.timedelta(seconds=token_lifetime)))
        s.add(Token(digest=auth.digest(token), account_id=account.id, created_at=created))
        s.commit()
        return TokenOut(token=token, expires_at=created + dt.timedelta(seconds=token_lifetime))

    def revoke(digest: str) -> None:
        with session_scope() as s:
            s.execute(delete(Token).where(Token.digest == digest))
            s.commit()

    @app.delete("/api/token", status_code=204, responses=ERRORS)
    async def delete_token(_me: Me, authorization: Annotated[str, Header()]) -> Response:
        """Log out: the token of this request stops working at once (its other tokens are untouched)."""
        digest = auth.digest(authorization.removeprefix("Bearer ").strip())
        await run_in_threadpool(revoke, digest)
        known_tokens.pop(digest, None)
        return Response(status_code=204)

    @app.get("/api/cards", responses=ERRORS)
    def list_cards(_me: Me) -> list[dict[str, Any]]:
        """The card pool: every shipped card in the card-file shape of docs/cards.md, with its id."""
        from tablero.games.choque.cardfile import shipped_pool

        return [{"id": c.id, **c.to_json(), **{k: c.raw[k] for k in ("text", "en", "archetypes") if k in c.raw}}
                for c in shipped_pool()]

    @app.get("/api/decks", responses=ERRORS)
    def list_decks(me: Me, s: DB) -> list[dict[str, Any]]:
        """The shipped decks (``owner`` null) and the caller's own saved decks."""
        from tablero.games.choque.deckfile import shipped_decks

        rows: list[dict[str, Any]] = [
            {"id": d.id, "name": d.deck.name, "edition": d.deck.edition, "strategy": d.strategy or None,
             "owner": None} for d in shipped_decks().values()]
        for r in s.scalars(select(DeckRecord).where(DeckRecord.owner_id == me.id).order_by(DeckRecord.id)):
            rows.append({"id": f"u{r.id}", "name": r.name, "edition": r.edition, "strategy": None,
                         "owner": me.username})
        return rows

    def check_doc(doc: dict[str, Any], edition: str) -> list[ViolationOut]:
        """Every CH-2 violation of a deck document (the limited list in force today, CH-2.5); unknown card
        ids or a malformed deck are refused (422)."""
        import datetime as dt

        from tablero.core import BadInput
        from tablero.games.choque.cardfile import shipped_pool
        from tablero.games.choque.deck import check_deck
        from tablero.games.choque.deckfile import list_in_force, parse_deck, shipped_limited_lists

        pool = shipped_pool()
        try:
            df = parse_deck(doc, pool, deck_id="new", where="deck")
        except BadInput as e:
            raise ApiError(422, str(e)) from None
        in_force = list_in_force(shipped_limited_lists(), dt.date.today())
        return [ViolationOut(rule=v.rule, card=v.card, message=v.message)
                for v in check_deck(df.deck, edition, in_force.limits if in_force else {}, pool=pool)]

    @app.post("/api/decks/check", response_model=DeckCheckOut, responses=ERRORS)
    def check_deck_route(body: DeckIn, _me: Me) -> DeckCheckOut:
        """Check a deck against every CH-2 rule without saving it (the deck builder checks as you edit)."""
        violations = check_doc(body.model_dump(exclude_none=True), body.edition)
        return DeckCheckOut(legal=not violations, violations=violations)

    @app.get("/api/decks/{deck_id}", responses=ERRORS)
    def get_deck(deck_id: Annotated[str, PathParam(max_length=64)], me: Me, s: DB) -> dict[str, Any]:
        """One deck in the deck-file shape (card id -> copies): a shipped deck, or one of yours."""
        from collections import Counter

        from tablero.games.choque.deckfile import shipped_decks
        from tablero.play.record import deck_json

        shipped = shipped_decks()
        if deck_id in shipped:
            d = shipped[deck_id]
            j = deck_json(d.deck, deck_id)
            doc: dict[str, Any] = {"name": d.deck.name, "edition": d.deck.edition or "choque-2026",
                                   **{k: dict(Counter(j.get(k, []))) for k in ("main", "souls", "support")}}
            owner = None
        else:
            row = s.get(DeckRecord, int(deck_id[1:])) if deck_id[:1] == "u" and deck_id[1:].isdigit() else None
            if row is None or row.owner_id != me.id:
                raise ApiError(404, f"no deck {deck_id!r} among the shipped decks and yours (GET /api/decks)")
            doc, owner = dict(row.content), me.username
        violations = check_doc(doc, doc.get("edition", "choque-2026"))
        return {"id": deck_id, "owner": owner, **doc, "legal": not violations,
                "violations": [v.model_dump() for v in violations]}

    @app.post("/api/decks", status_code=201, response_model=DeckOut, responses=ERRORS)
    def save_deck(body: DeckIn, me: Me, s: DB) -> DeckOut:
        """Save a deck. It is checked against every CH-2 rule (with the limited list in force today, CH-2.5)
        and saved even when illegal, so that work in progress is never lost; ``legal`` and ``violations``
        (each with its rule id) say whether it may be played. Unknown card ids are refused (422)."""
        doc = body.model_dump(exclude_none=True)
        violations = check_doc(doc, body.edition)
        record = DeckRecord(owner_id=me.id, name=body.name, edition=body.edition, content=doc)
        s.add(record)
        s.commit()
        return DeckOut(id=f"u{record.id}", name=record.name, edition=record.edition, legal=not violations,
                       violations=violations)

    def resolve_deck(s: Session, me: Caller, deck_id: str, edition: str | None) -> tuple[dict[str, Any], str]:
        """A deck id from GET /api/decks as the stored deck JSON, refused unless legal (CH-2)."""
        import datetime as dt

        from tablero.core import BadInput
        from tablero.games.choque.cardfile import shipped_pool
        from tablero.games.choque.deck import check_deck
        from tablero.games.choque.deckfile import list_in_force, parse_deck, shipped_decks, shipped_limited_lists
        from tablero.play.record import deck_json

        pool = shipped_pool()
        shipped = shipped_decks()
        if deck_id in shipped:
            deck = shipped[deck_id].deck
        else:
            row = None
            if deck_id.startswith("u") and deck_id[1:].isdigit():
                row = s.get(DeckRecord, int(deck_id[1:]))
            if row is None or row.owner_id != me.id:
                raise ApiError(404, f"no deck {deck_id!r} among the shipped decks and yours (GET /api/decks)")
            try:
                deck = parse_deck(row.content, pool, deck_id=deck_id, where=f"deck {deck_id}").deck
            except BadInput as e:
                raise ApiError(422, str(e)) from None
        ed = edition or deck.edition or "choque-2026"
        in_force = list_in_force(shipped_limited_lists(), dt.date.today())
        violations = check_deck(deck, ed, in_force.limits if in_force else {}, pool=pool)
        if violations:
            v = violations[0]
            raise ApiError(422, f"deck {deck_id!r} is not legal in {ed}: {v.message}"
                           + (f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""), v.rule)
        return deck_json(deck, deck_id), ed

    def seat_of(row: GameRow, me: Caller) -> str | None:
        return "A" if row.account_a == me.id else "B" if row.account_b == me.id else None

    def get_row(s: Session, game_id: int) -> GameRow:
        row = s.get(GameRow, game_id)
        if row is None:
            raise ApiError(404, f"no game {game_id}")
        return row

    def summary(s: Session, row: GameRow, me: Caller) -> dict[str, Any]:
        names = {}
        for seat, acc, agent in (("A", row.account_a, row.agent_a), ("B", row.account_b, row.agent_b)):
            a = s.get(Account, acc) if acc is not None else None
            names[seat] = a.username if a is not None else agent
        return {"id": row.id, "status": row.status, "edition": row.edition, "players": names,
                "seat": seat_of(row, me), "winner": row.winner}

    @app.post("/api/games", status_code=201, responses=ERRORS)
    def create_game(body: GameIn, me: Me, s: DB) -> dict[str, Any]:
        """Start a game against an AI, or open a challenge (``open``) another account joins. You sit in seat
        A; who starts is drawn with the seed (CH-4). The AI plays ``opponent_deck``, or a shipped deck of the
        edition chosen by the seed."""
        import secrets

        from tablero.games.choque.deckfile import shipped_decks

        deck, ed = resolve_deck(s, me, body.deck, body.edition)
        seed = body.seed if body.seed is not None else secrets.randbits(48)
        row = GameRow(edition=ed, seed=seed, first=None, deck_a=deck, account_a=me.id, status="open")
        if body.opponent in AIS:
            if body.opponent_deck is not None:
                row.deck_b, _ = resolve_deck(s, me, body.opponent_deck, ed)
            else:
                choices = sorted(d.id for d in shipped_decks().values() if d.deck.edition == ed)
                if not choices:
                    raise ApiError(422, f"no shipped deck for edition {ed}; name an opponent_deck")
                row.deck_b, _ = resolve_deck(s, me, choices[seed % len(choices)], ed)
            row.agent_b, row.status = body.opponent, "playing"
        s.add(row)
        s.commit()
        if row.status == "playing":
            with hub.lock(row.id):
                m = hub.meta(s, row.id)
                assert m is not None
                hub.envelope(s, m, "A")  # builds the game; the AI starts thinking if it decides first
        return {"id": row.id, "seat": "A"}

    @app.get("/api/games", responses=ERRORS)
    def list_games(me: Me, s: DB) -> list[dict[str, Any]]:
        """Your games (newest first) and every open challenge."""
        rows = s.scalars(select(GameRow).where(
            (GameRow.account_a == me.id) | (GameRow.account_b == me.id) | (GameRow.status == "open"))
            .order_by(GameRow.id.desc()))
        return [summary(s, r, me) for r in rows]

    @app.post("/api/games/{game_id}/join", responses=ERRORS)
    def join_game(game_id: GameId, body: JoinIn, me: Me, s: DB) -> dict[str, str]:
        """Accept an open challenge with one of your decks: you sit in seat B."""
        with hub.lock(game_id):
            row = get_row(s, game_id)
            if row.status != "open":
                raise ApiError(409, f"game {game_id} is not an open challenge")
            if row.account_a == me.id:
                raise ApiError(409, "you cannot accept your own challenge")
            row.deck_b, _ = resolve_deck(s, me, body.deck, row.edition)
            row.account_b, row.status = me.id, "playing"
            s.commit()
            hub.started(s, game_id)
        return {"seat": "B"}

    def game_meta(s: Session, game_id: int) -> Meta:
        m = hub.meta(s, game_id)
        if m is None:
            raise ApiError(404, f"no game {game_id}")
        return m

    def read_game(game_id: int, me: Caller) -> tuple[bytes, int, bool]:
        """The caller's envelope as JSON, the game's seq, and whether it is over."""
        with session_scope() as s:
            with hub.lock(game_id):
                m = game_meta(s, game_id)
                if m.status != "open":
                    return hub.envelope(s, m, m.seat_of(me.id)), hub.seq[game_id], m.status == "over"
            return encode({"view": None, "pending": None, "legal_actions": [], "winner": None, "seq": 0,
                           "events": [],
                           **summary(s, get_row(s, game_id), me)}), 0, False

    @app.get("/api/games/{game_id}", responses={**ERRORS, 200: {"model": EnvelopeOut}})
    async def get_game(game_id: GameId, me: Me,
                       after: Annotated[int | None, Query(ge=-1, le=2**62, description=(
                           "long poll: answer once the game's seq is past this (or when `wait` runs out)"))] = None,
                       wait: Annotated[float, Query(ge=0, le=60, description="seconds a long poll may wait")] = 25,
                       ) -> Response:
        """Your view of the game (CH-11: the opponent's hand and every deck hidden), who must decide, your
        legal actions when it is you, the winner, and ``seq``, the number of actions taken (one more with
        every change). Any other account gets the public view. With ``after=SEQ`` the request waits (up to
        ``wait`` seconds) until something has happened since ``SEQ``, e.g. the AI's reply: a bot without a
        WebSocket needs no busy polling."""
        env, seq, over = await run_in_threadpool(read_game, game_id, me)
        if after is None or seq > after or over or wait <= 0:
            return Response(env, media_type="application/json")
        loop = asyncio.get_running_loop()
        changed = asyncio.Event()

        def wake() -> None:  # on the thread that committed the change
            loop.call_soon_threadsafe(changed.set)

        hub.watch(game_id, wake)
        try:
            env, seq, over = await run_in_threadpool(read_game, game_id, me)  # no change is missed between
            if seq <= after and not over:
                try:
                    await asyncio.wait_for(changed.wait(), wait)
                except TimeoutError:
                    pass
                env, seq, over = await run_in_threadpool(read_game, game_id, me)
        finally:
            hub.unwatch(game_id, wake)
        return Response(env, media_type="application/json")

    def take_action(game_id: int, me: Caller, action: dict[str, Any]) -> bytes:
        with session_scope() as s, hub.lock(game_id):
            m = game_meta(s, game_id)
            seat = m.seat_of(me.id)
            if seat is None:
                raise ApiError(403, f"you do not play in game {game_id}")
            return hub.act(s, m, seat, action)

    @app.post("/api/games/{game_id}/actions", responses={**ERRORS, 200: {"model": EnvelopeOut}})
    async def post_action(game_id: GameId, body: ActionIn, me: Me) -> Response:
        """Take one canonical action (docs/actions.md) as your seat: your envelope after it. Refused with
        nothing changed when it is not yours to take (403/409) or the rules forbid it (422 with the rule
        id). An AI opponent's reply follows on the WebSocket (or ``GET ?after=seq``)."""
        # one hop to a worker thread for the whole action: bots post many, and each hop costs latency
        return Response(await run_in_threadpool(take_action, game_id, me, body.action), media_type="application/json")

    @app.post("/api/games/{game_id}/claim", responses={**ERRORS, 200: {"model": EnvelopeOut}})
    def claim(game_id: GameId, me: Me, s: DB) -> Response:
        """Claim the win when the opponent must decide and has not acted for the server's claim time (10
        minutes by default). It is stored as the absent player's surrender (CH-10.3), so the replay holds."""
        import datetime as dt

        with hub.lock(game_id):
            m = game_meta(s, game_id)
            seat = m.seat_of(me.id)
            if seat is None:
                raise ApiError(403, f"you do not play in game {game_id}")
            g = hub.game(s, m) if m.status == "playing" else None
            d = g.pending if g is not None and not g.is_over else None
            if d is None or d.player == seat:
                raise ApiError(409, "only a player waiting on the opponent's decision can claim the game")
            last = s.scalar(select(GameRow.updated_at).where(GameRow.id == game_id))
            assert last is not None
            since = last if last.tzinfo else last.replace(tzinfo=dt.UTC)
            waited = (dt.datetime.now(dt.UTC) - since).total_seconds()
            if waited < claim_after:
                raise ApiError(409, f"the opponent has had {waited:.0f} s of the {claim_after:.0f} s allowed")
            hub.apply(s, m, {"player": d.player, "do": "surrender"})
            return Response(hub.envelope(s, m, seat), media_type="application/json")

    @app.get("/api/games/{game_id}/replay", responses=ERRORS)
    def replay(game_id: GameId, _me: Me, s: DB) -> dict[str, Any]:
        """A finished game as (decks, seed, edition, actions, result): replaying the actions on a new game
        with these decks and seed rebuilds every position."""
        from .models import ActionRow

        row = get_row(s, game_id)
        if row.status != "over":
            raise ApiError(409, f"game {game_id} is not over; its replay opens when it ends")
        actions: list[dict[str, Any]] = list(s.scalars(select(ActionRow.action).where(ActionRow.game_id == game_id)
                                 .order_by(ActionRow.seq)))
        return {"decks": [row.deck_a, row.deck_b], "seed": row.seed, "edition": row.edition, "first": row.first,
                "actions": actions, "result": {"winner": row.winner}}

    @app.get("/api/games/{game_id}/replay/{step}", responses={**ERRORS, 200: {"model": EnvelopeOut}})
    def replay_step(game_id: GameId, step: Annotated[int, PathParam(ge=0, le=10**6)], me: Me, s: DB) -> Response:
        """One position of a finished game, after ``step`` actions (0: the start), as the caller saw it
        then: their seat's view, or the public view for anyone else (CH-11), with what that step did
        (``events``) and ``steps``, the number of actions in the game. For the replay viewer."""
        from .games import envelope, rebuild
        from .models import ActionRow

        row = get_row(s, game_id)
        if row.status != "over":
            raise ApiError(409, f"game {game_id} is not over; its replay opens when it ends")
        actions: list[dict[str, Any]] = list(s.scalars(select(ActionRow.action).where(ActionRow.game_id == game_id)
                                                       .order_by(ActionRow.seq)))
        if step > len(actions):
            raise ApiError(404, f"game {game_id} has {len(actions)} steps")
        assert row.deck_b is not None
        g, start = rebuild(row.edition, row.seed, row.first, [row.deck_a, row.deck_b], actions[:step])
        env = envelope(g, seat_of(row, me), step, (start, len(g.log)))
        env["legal_actions"] = []  # a replay is only looked at
        env["steps"] = len(actions)
        return Response(encode(env), media_type="application/json")

    @app.websocket("/api/games/{game_id}/ws")
    async def game_socket(websocket: WebSocket, game_id: GameId, token: str = "") -> None:
        """Pushes the caller's envelope (as GET /api/games/{id}) at once and after every change. A missing or
        bad token closes the socket with code 4401, an unknown game with 4404."""
        def first_envelope() -> tuple[int, bytes | None, str | None]:
            with session_scope() as s:
                me = account_for(s, token) if token else None
                if me is None:
                    return 4401, None, None
                with hub.lock(game_id):
                    m = hub.meta(s, game_id)
                    if m is None:
                        return 4404, None, None
                    seat = m.seat_of(me.id)
                    if m.status == "open":
                        return 0, encode({"view": None, "pending": None, "legal_actions": [], "winner": None,
                                          "seq": 0, "events": []}), seat
                    return 0, hub.envelope(s, m, seat), seat

        code, env, seat = await run_in_threadpool(first_envelope)
        if code or env is None:
            await websocket.close(code=code)
            return
        await websocket.accept()
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[bytes] = asyncio.Queue()

        def push(e: bytes) -> None:  # called on a worker thread after a commit
            loop.call_soon_threadsafe(queue.put_nowait, e)

        hub.listen(game_id, seat, push)
        try:
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
            hub.unlisten(game_id, push)

    # The browser table (issue 7): plain ES modules served as they are, no build step. Mounted last, so the
    # API routes, /docs and /openapi.json come first.
    from pathlib import Path

    from fastapi.staticfiles import StaticFiles

    app.mount("/", StaticFiles(directory=Path(__file__).parent.parent / "web", html=True), name="web")
    return app
