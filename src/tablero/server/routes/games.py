"""Games: ``POST|GET /api/games``, ``POST /api/games/{id}/join``, ``GET /api/games/{id}`` (with its long
poll), ``POST /api/games/{id}/actions``, ``POST /api/games/{id}/claim``, ``POST /api/games/{id}/hint`` and
``PUT /api/games/{id}/stops``. The routes check who asks and what for; the game hub (``server/games.py``)
holds the games, applies and stores the actions."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Response
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from tablero.core import BadInput, derive_seed
from tablero.core.i18n import msg
from tablero.core.registry import languages

from ..auth import Caller
from ..context import DB, Me, Server, Srv
from ..envelopes import encode, has_windows, rules_json
from ..errors import ERRORS, ApiError
from ..games import AIS, Meta
from ..models import Account, GameRow
from ..schemas import ActionIn, EnvelopeOut, GameId, GameIn, HintOut, JoinIn, StopsIn
from .decks import GameQuery, game_plugin, resolve_deck

ENVELOPE = {**ERRORS, 200: {"model": EnvelopeOut}}
# open challenges one account may have at once: 500 of them slowed every user's lobby eightfold
MAX_OPEN_CHALLENGES = 5
LOBBY_MOST = 100  # games one lobby page lists at most (the newest; ``before`` pages back)
NOT_STARTED: dict[str, Any] = {"view": None, "pending": None, "legal_actions": [], "labels": [], "winner": None,
                               "seq": 0, "events": [], "hints": [], "hints_allowed": False, "hints_left": 0,
                               "stops": None}  # a challenge nobody has accepted yet, less its ``players``

router = APIRouter()
BoardQuery = Annotated[str | None, Query(max_length=16, description=(
    "a language of the table (GET /api/words/{lang}): the envelope then also holds `board`, the game's board "
    "as you see it, in that language (what a browser draws)"))]


def board_language(lang: str | None) -> str | None:
    """``?board=LANG`` checked: a language the table speaks (422 otherwise), or None (no board)."""
    if lang is None or lang in languages():
        return lang
    raise ApiError(422, msg("unknown language {lang}; the table speaks {known}", lang=repr(lang),
                            known=", ".join(languages())))


def seat_of(row: GameRow, me: Caller) -> str | None:
    return "A" if row.account_a == me.id else "B" if row.account_b == me.id else None


def get_row(s: Session, game_id: int) -> GameRow:
    row = s.get(GameRow, game_id)
    if row is None:
        raise ApiError(404, msg("no game {id}", id=game_id))
    return row


def game_meta(srv: Server, s: Session, game_id: int) -> Meta:
    m = srv.hub.meta(s, game_id)
    if m is None:
        raise ApiError(404, msg("no game {id}", id=game_id))
    return m


def summary(s: Session, row: GameRow, me: Caller) -> dict[str, Any]:
    """A line of the lobby: the game, who sits where (account or AI), how it stands, the caller's seat, and
    whether hints are on (an open challenge: whether its creator agreed to them, so that whoever accepts it
    knows)."""
    names = {}
    for seat, acc, agent in (("A", row.account_a, row.agent_a), ("B", row.account_b, row.agent_b)):
        a = s.get(Account, acc) if acc is not None else None
        names[seat] = a.username if a is not None else agent
    return {"id": row.id, "game": row.game, "status": row.status, "edition": row.edition, "players": names,
            "seat": seat_of(row, me), "winner": row.winner, "rules_version": row.rules_version,
            "hints": bool(row.hints) or row.agent_a is not None or row.agent_b is not None}


@router.post("/api/games", status_code=201, responses=ERRORS)
def create_game(body: GameIn, me: Me, s: DB, srv: Srv) -> dict[str, Any]:
    """Start a game of ``game`` (the default game without it) against an AI, or open a challenge (``open``)
    another account joins, with the engine options (house rules) you name. You sit in seat A; who starts is
    drawn with the seed. The AI plays ``opponent_deck``, or a shipped deck of the edition drawn with the
    seed. The server draws the seed from a secure source; a ``seed`` of your own is taken only against the
    computer (to replay a game), and refused for a challenge: whoever chose it would know every shuffle, so
    the opponent's hand. ``hints``: for a challenge, whether you agree to hints (on only if whoever accepts
    agrees too); against the computer they are always allowed."""
    p = game_plugin(body.game)
    if body.seed is not None and body.opponent not in AIS:
        raise ApiError(422, msg("a seed can be chosen only for a game against the computer: between accounts "
                                "the server draws it, since whoever knew it would know the opponent's hand"),
                       p.rule_ids.get("hidden"))
    try:
        options = p.check_options(body.options)
    except BadInput as e:
        raise ApiError(422, e.text) from None  # said in the reader's language, naming the option's range
    deck, ed = resolve_deck(s, me, p, body.deck, body.edition)
    if body.opponent == "open":
        mine = s.scalar(select(func.count()).select_from(GameRow).where(GameRow.account_a == me.id,
                                                                        GameRow.status == "open")) or 0
        if mine >= MAX_OPEN_CHALLENGES:
            raise ApiError(409, msg("you have {n} open challenges, the most one account may have; cancel one "
                                    "(DELETE /api/games/ID) or wait until one is accepted", n=mine))
    seed = body.seed if body.seed is not None else srv.draw_seed()
    row = GameRow(game=p.name, edition=ed, seed=seed, first=None, deck_a=deck, account_a=me.id, status="open",
                  rules_version=p.rules_version, options=options,  # played under its game's current rules
                  hints=body.hints or body.opponent in AIS)
    if body.opponent in AIS:
        if body.opponent_deck is not None:
            row.deck_b, _ = resolve_deck(s, me, p, body.opponent_deck, ed)
        else:
            choices = sorted(d.id for d in p.shipped_decks().values() if d.deck.edition == ed)
            if not choices:
                raise ApiError(422, msg("no shipped deck for edition {edition}; name an opponent_deck", edition=ed))
            pick = choices[derive_seed(seed, "opponent-deck") % len(choices)]
            row.deck_b, _ = resolve_deck(s, me, p, pick, ed)
        row.agent_b, row.status = body.opponent, "playing"
    s.add(row)
    s.commit()
    if row.status == "playing":
        with srv.hub.lock(row.id):
            m = game_meta(srv, s, row.id)
            srv.hub.envelope(s, m, "A")  # builds the game; the AI starts thinking if it decides first
    return {"id": row.id, "seat": "A"}


@router.get("/api/games", responses=ERRORS)
def list_games(me: Me, s: DB, game: GameQuery = None,
               limit: Annotated[int, Query(ge=1, le=LOBBY_MOST, description=(
                   "the most games listed (a player's history grows without end: page through it)"))] = LOBBY_MOST,
               before: Annotated[int | None, Query(ge=1, le=2**31 - 1, description=(
                   "only games older than this id: the last id of the page before, for the next page"))] = None,
               ) -> list[dict[str, Any]]:
    """Your games (newest first) and every open challenge, of every game or of ``game``: at most ``limit``
    of them, older than ``before`` when given."""
    query = select(GameRow).where(
        (GameRow.account_a == me.id) | (GameRow.account_b == me.id) | (GameRow.status == "open"))
    if game is not None:
        query = query.where(GameRow.game == game_plugin(game).name)
    if before is not None:
        query = query.where(GameRow.id < before)
    rows = s.scalars(query.order_by(GameRow.id.desc()).limit(limit))
    return [summary(s, r, me) for r in rows]


@router.post("/api/games/{game_id}/join", responses=ERRORS)
def join_game(game_id: GameId, body: JoinIn, me: Me, s: DB, srv: Srv) -> dict[str, str]:
    """Accept an open challenge with one of your decks: you sit in seat B. Hints are on in the game only if
    the challenge's creator agreed to them (the lobby's ``hints``) and you do (``hints``)."""
    with srv.hub.lock(game_id):
        row = get_row(s, game_id)
        if row.status != "open":
            raise ApiError(409, msg("game {id} is not an open challenge", id=game_id))
        if row.account_a == me.id:
            raise ApiError(409, msg("you cannot accept your own challenge"))
        row.deck_b, _ = resolve_deck(s, me, game_plugin(row.game), body.deck, row.edition)
        row.account_b, row.status = me.id, "playing"
        row.hints = bool(row.hints) and body.hints
        s.commit()
        srv.hub.started(s, game_id)
    return {"seat": "B"}


@router.delete("/api/games/{game_id}", status_code=204, responses=ERRORS)
def cancel_challenge(game_id: GameId, me: Me, s: DB, srv: Srv) -> Response:
    """Cancel your open challenge before anyone accepts it. It leaves the lobby; its row is kept, as
    ``canceled`` (nothing stored is deleted)."""
    with srv.hub.lock(game_id):
        row = get_row(s, game_id)
        if row.account_a != me.id:
            raise ApiError(403, msg("game {id} is not your challenge", id=game_id))
        if row.status != "open":
            raise ApiError(409, msg("game {id} is {status}: only an open challenge can be canceled", id=game_id,
                                    status=row.status))
        row.status = "canceled"
        s.commit()
        srv.hub.forget(game_id)
    return Response(status_code=204)


def read_game(srv: Server, game_id: int, me: Caller, board: str | None = None) -> tuple[bytes, int, bool]:
    """The caller's envelope as JSON (with the board in the language ``board``), the game's seq, and
    whether it is over."""
    with srv.session() as s:
        with srv.hub.lock(game_id):
            m = game_meta(srv, s, game_id)
            if m.status in ("playing", "over"):
                return srv.hub.envelope(s, m, m.seat_of(me.id), board), srv.hub.seq[game_id], m.status == "over"
        row = get_row(s, game_id)
        rules = rules_json(row.game, row.rules_version, row.options)
        return encode({**NOT_STARTED, **summary(s, row, me), "rules": rules, "hints": [],
                       "windows": has_windows(row.game)}), 0, False


@router.get("/api/games/{game_id}", responses=ENVELOPE)
async def get_game(game_id: GameId, me: Me, srv: Srv,
                   after: Annotated[int | None, Query(ge=-1, le=2**62, description=(
                       "long poll: answer once the game's seq is past this (or when `wait` runs out)"))] = None,
                   wait: Annotated[float, Query(ge=0, le=60, description="seconds a long poll may wait")] = 25,
                   board: BoardQuery = None) -> Response:
    """Your view of the game (what the game lets your seat see: in most, not the opponent's hand nor any
    deck's order), who must decide, your legal actions when it is you, the winner, and ``seq``, the number
    of actions taken (one more with every change); with ``board=LANG``, the board drawn in that language.
    Any other account gets the public view. With ``after=SEQ`` the request waits (up to ``wait``
    seconds) until something has happened since ``SEQ``, e.g. the AI's reply: a bot without a WebSocket
    needs no busy polling."""
    lang = board_language(board)
    env, seq, over = await run_in_threadpool(read_game, srv, game_id, me, lang)
    if after is None or seq > after or over or wait <= 0:
        return Response(env, media_type="application/json")
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()

    def wake() -> None:  # on the thread that committed the change
        loop.call_soon_threadsafe(changed.set)

    srv.hub.watch(game_id, wake)
    try:
        env, seq, over = await run_in_threadpool(read_game, srv, game_id, me, lang)  # no change is missed between
        if seq <= after and not over:
            try:
                await asyncio.wait_for(changed.wait(), wait)
            except TimeoutError:
                pass
            env, seq, over = await run_in_threadpool(read_game, srv, game_id, me, lang)
    finally:
        srv.hub.unwatch(game_id, wake)
    return Response(env, media_type="application/json")


def take_action(srv: Server, game_id: int, me: Caller, action: dict[str, Any], seq: int | None = None,
                board: str | None = None) -> bytes:
    with srv.session() as s, srv.hub.lock(game_id):
        m = game_meta(srv, s, game_id)
        seat = m.seat_of(me.id)
        if seat is None:
            raise ApiError(403, msg("you do not play in game {id}", id=game_id))
        return srv.hub.act(s, m, seat, action, seq, board)


@router.post("/api/games/{game_id}/actions", responses=ENVELOPE)
async def post_action(game_id: GameId, body: ActionIn, me: Me, srv: Srv, board: BoardQuery = None) -> Response:
    """Take one canonical action (docs/actions.md) as your seat: your envelope after it. Refused with nothing
    changed when it is not yours to take (403/409) or the rules forbid it (422 with the rule id). An AI
    opponent's reply follows on the WebSocket (or ``GET ?after=seq``)."""
    # one hop to a worker thread for the whole action: bots post many, and each hop costs latency
    lang = board_language(board)
    return Response(await run_in_threadpool(take_action, srv, game_id, me, body.action, body.seq, lang),
                    media_type="application/json")


@router.post("/api/games/{game_id}/claim", responses=ENVELOPE)
def claim(game_id: GameId, me: Me, s: DB, srv: Srv, board: BoardQuery = None) -> Response:
    """Claim the win when the opponent must decide and has not acted for the server's claim time (10
    minutes by default), counted from when the decision became theirs and they could act: the action
    before it, the join that began the game, or the server's start when it restarted meanwhile. It is
    stored as the absent player's concession (the game's concede verb), so the replay holds."""
    lang = board_language(board)
    with srv.hub.lock(game_id):
        m = game_meta(srv, s, game_id)
        seat = m.seat_of(me.id)
        if seat is None:
            raise ApiError(403, msg("you do not play in game {id}", id=game_id))
        g = srv.hub.game(s, m) if m.status == "playing" else None
        if game_id in srv.hub.held:
            raise ApiError(409, srv.hub.note(m) or msg("game {id} does not replay under the current rules", id=game_id))
        d = g.pending if g is not None and not g.is_over else None
        if d is None or d.player == seat:
            raise ApiError(409, msg("only a player waiting on the opponent's decision can claim the game"))
        waited = srv.hub.absent_for(s, m)
        if waited < srv.claim_after:
            raise ApiError(409, msg("the opponent has had {waited} s of the {allowed} s allowed",
                                    waited=round(waited), allowed=round(srv.claim_after)))
        concede = g.concede_action(d.player) if g is not None else None
        if concede is None:
            raise ApiError(409, msg("game {id} has no way to concede, so no win can be claimed", id=game_id))
        srv.hub.apply(s, m, dict(concede))
        return Response(srv.hub.envelope(s, m, seat, lang), media_type="application/json")


def ask_hint(srv: Server, game_id: int, me: Caller) -> dict[str, Any]:
    with srv.session() as s:
        return srv.hub.hint(s, game_id, me.id)


@router.post("/api/games/{game_id}/hint", responses={**ERRORS, 200: {"model": HintOut}})
async def post_hint(game_id: GameId, me: Me, srv: Srv) -> dict[str, Any]:
    """What would the computer do? The move the search agent (MCTS, a fixed number of iterations) would make
    in your seat at your pending decision, seeing only what your seat sees, with its estimate of your chance
    to win if you make it. Both seats are told that you asked (`hints` in the envelope: the opponent sees
    only that you did, and when); the replay shows what it said. Asked again at the same decision, the same
    hint, counted once. Hints are allowed against the computer, and between accounts only when both players
    agreed to them (`hints` when the challenge was made and accepted); each player has a few per game (the
    envelope's `hints_left`) and an account a few per minute over all its games."""
    return await run_in_threadpool(ask_hint, srv, game_id, me)


@router.put("/api/games/{game_id}/stops", responses=ENVELOPE)
def put_stops(game_id: GameId, body: StopsIn, me: Me, s: DB, srv: Srv, board: BoardQuery = None) -> Response:
    """Which response windows the table stops at for you in this game: `always`, `chain` (only when something
    is on the chain or the stack: the default) or `never`. A window you do not stop at is passed for you the
    moment it opens, stored as your pass like any other (it shows in the log); one pending on you now that
    the new stops pass over is passed at once. Your envelope after it (`stops`). A game without response
    windows (the envelope's `windows` is false) stores them all the same; they change nothing there."""
    lang = board_language(board)
    with srv.hub.lock(game_id):
        m = game_meta(srv, s, game_id)
        seat = m.seat_of(me.id)
        if seat is None:
            raise ApiError(403, msg("you do not play in game {id}", id=game_id))
        return Response(srv.hub.set_stops(s, m, seat, body.mode, lang), media_type="application/json")
