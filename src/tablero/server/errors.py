"""Refusals as the API gives them: every 4xx body is ``{"error": ..., "rule": ...}``, where ``rule`` names
the game rule (``CH-…``) that refused the request, or is null when no game rule applies (a bad token, a
malformed body). One exception type carries them from anywhere (a route, the game hub) to one handler."""

from __future__ import annotations

import logging
from collections.abc import Mapping
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
INTERNAL = "internal error: the server could not answer this request"  # a 500's error: a bug, never the client's
UNPARSED = "There was an error parsing the body"  # FastAPI's detail for a body its JSON reader refuses
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


def invalid_field(err: Mapping[str, Any]) -> Msg:
    """One of pydantic's validation errors (a malformed body, a path or query value out of range) as a
    message for people: the field it is about, and what it should be, in words that every catalogue
    translates. An error of a kind not listed keeps pydantic's English words after the field."""
    where = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "body"
    ctx = err.get("ctx") or {}
    kind = err.get("type", "")
    if kind == "literal_error":
        expected = str(ctx.get("expected", "")).replace(" or ", ", ")  # codes, not words: no "or" to translate
        return msg("{field}: must be one of {expected}", field=where, expected=expected)
    if kind in ("string_too_short", "too_short"):
        return msg("{field}: too short (at least {n})", field=where, n=ctx.get("min_length", 1))
    if kind in ("string_too_long", "too_long"):
        return msg("{field}: too long (at most {n})", field=where, n=ctx.get("max_length", 0))
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = next(iter(ctx.values()), "")
        text = {"greater_than_equal": "{field}: must be at least {n}", "greater_than": "{field}: must be more than {n}",
                "less_than_equal": "{field}: must be at most {n}", "less_than": "{field}: must be less than {n}"}[kind]
        return Msg(text, {"field": where, "n": bound})
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return Msg(simple, {"field": where})
    return msg("{field}: {problem}", field=where, problem=str(err.get("msg", "invalid")))


# pydantic's error kinds that need only the field's name to be said (``invalid_field``)
_SIMPLE = {
    "missing": msg("{field}: missing").text,
    "json_invalid": msg("{field}: not valid JSON").text,
    "string_pattern_mismatch": msg("{field}: not in the expected form").text,
    "string_type": msg("{field}: must be text").text,
    "int_type": msg("{field}: must be a whole number").text,
    "int_parsing": msg("{field}: must be a whole number").text,
    "int_from_float": msg("{field}: must be a whole number").text,
    "bool_type": msg("{field}: must be true or false").text,
    "bool_parsing": msg("{field}: must be true or false").text,
    "list_type": msg("{field}: must be a list").text,
    "dict_type": msg("{field}: must be an object").text,
    "model_attributes_type": msg("{field}: must be an object").text,
    "model_type": msg("{field}: must be an object").text,
    "extra_forbidden": msg("{field}: not a field of this request").text,
}


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
    async def _invalid(request: Request, e: RequestValidationError) -> JSONResponse:
        lang = language_of(request)
        cat = words()
        problems = [cat.say(invalid_field(err), lang) for err in e.errors()[:5]]
        text = "; ".join(problems) or cat.say(msg("invalid request"), lang)
        return error_response(422, text, headers={"Content-Language": lang})

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
        return error_response(500, INTERNAL)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, e: StarletteHTTPException) -> JSONResponse:
        if e.status_code == 400 and e.detail == UNPARSED:  # FastAPI's own words for a body it cannot read
            lang = language_of(request)
            text = words().say(msg("body: not valid JSON, or nested too deeply"), lang)
            return error_response(400, text, headers={"Content-Language": lang})
        return error_response(e.status_code, str(e.detail))
