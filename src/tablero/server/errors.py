"""Refusals as the API gives them: every 4xx body is ``{"error": ..., "rule": ...}``, where ``rule`` names
the game rule (``CH-…``) that refused the request, or is null when no game rule applies (a bad token, a
malformed body). One exception type carries them from anywhere (a route, the game hub) to one handler."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from tablero.core.i18n import SOURCE, Catalogue, Msg, msg, negotiate
from tablero.core.registry import DEFAULT_GAME
from tablero.core.registry import words as game_words

from .db import fault, is_storage_fault

log = logging.getLogger("tablero.server")
RETRY_STORAGE = "30"  # seconds a client is told to wait after a storage fault (Retry-After)


class ApiError(Exception):
    """A refused request: HTTP status, a message for people, and the rule id when a game rule refused it.
    Raised before anything is changed, so a refusal never leaves a trace."""

    def __init__(self, status: int, error: str | Msg, rule: str | None = None,
                 headers: dict[str, str] | None = None, game: str | None = None) -> None:
        super().__init__(str(error))
        self.status = status
        self.error = error
        self.rule = rule
        self.headers = headers
        self.game = game  # the game whose words the message holds (its refusals, its deck rules), if any


class ErrorOut(BaseModel):
    error: str
    rule: str | None


# the error replies every route may give, for the OpenAPI page (and schemathesis, which checks them)
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 404, 409, 413, 422, 429, 503)}


def error_response(status: int, error: str, rule: str | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": error, "rule": rule}, status_code=status, headers=headers)


def words(game: str | None = None) -> Catalogue:
    """The table's messages and those of the game it passes on (its refusals, its deck violations): of
    ``game``, or of the default game."""
    return game_words(game or DEFAULT_GAME)


def language_of(request: Request) -> str:
    """The language the client asked for (``Accept-Language``; the browser table sends its own), among the
    server's catalogues; English, the API's own, when it asks for none of them."""
    return negotiate(request.headers.get("accept-language"), words().languages, default=SOURCE)


def install_error_handlers(app: FastAPI) -> None:
    """Every refusal, FastAPI's own included (a malformed body, an unknown route), as ``{error, rule}``, in
    the client's language (the rule id is the same in every language)."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, e: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else dict(e.headers or {})
        lang = language_of(request)
        headers["Content-Language"] = lang
        return error_response(e.status, words(e.game).say(e.error, lang), e.rule, headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        problems = []
        for err in e.errors()[:5]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "body"
            problems.append(f"{where}: {err.get('msg', 'invalid')}")
        return error_response(422, "; ".join(problems) or "invalid request")

    @app.exception_handler(DBAPIError)
    async def _storage(request: Request, e: DBAPIError) -> JSONResponse:
        # the disk is full, the file or server read-only, the connection gone: nothing was stored, and the
        # client may try again later. Logged in one line, the driver's words only (never the statement's
        # parameters, which may hold a password hash)
        if not is_storage_fault(e):
            raise e  # a bug: the 500 below, with its traceback in the server's log
        log.error("storage fault on %s %s: %s", request.method, request.url.path, fault(e))
        lang = language_of(request)
        text = words().say(msg("the database cannot store anything just now (the disk may be "
                                               "full or read-only); nothing was changed: try again later"), lang)
        return error_response(503, text, headers={"Retry-After": RETRY_STORAGE, "Content-Language": lang})

    @app.exception_handler(Exception)
    async def _internal(request: Request, e: Exception) -> JSONResponse:
        # a bug, never a user's mistake: logged with its type and route only (no body, which may hold a
        # password), and answered in the API's shape so that a client can still read it
        log.error("internal error on %s %s: %s", request.method, request.url.path, type(e).__name__)
        return error_response(500, "internal error: the server could not answer this request")

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, e: StarletteHTTPException) -> JSONResponse:
        return error_response(e.status_code, str(e.detail))
