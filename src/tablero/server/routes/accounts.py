"""Accounts and logins: ``POST /api/accounts``, ``POST /api/token`` and ``DELETE /api/token``."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Header, Request, Response
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from starlette.concurrency import run_in_threadpool

from tablero.core.i18n import msg

from .. import auth
from ..context import DB, Me, Srv
from ..errors import ERRORS, ApiError
from ..models import Account, Token
from ..schemas import AccountOut, Credentials, Login, TokenOut
from ..usernames import login_names, new_username

router = APIRouter()


def address_of(request: Request) -> str:
    """The client's address: the peer's, or the one a proxy the operator trusts forwarded
    (``tablero serve --trusted-proxy``; uvicorn's proxy headers, off unless named)."""
    return request.client.host if request.client else "?"


def refuse_for(wait: float, what: str) -> ApiError:
    """429 with ``Retry-After``; ``what`` is "logins" or "registrations"."""
    seconds = f"{wait:.0f}"
    text = (msg("too many failed logins; try again in {wait} s", wait=seconds) if what == "logins"
            else msg("too many accounts registered from your address; try again in {wait} s", wait=seconds))
    return ApiError(429, text, headers={"Retry-After": str(max(1, round(wait)))})


@router.post("/api/accounts", status_code=201, response_model=AccountOut, responses=ERRORS)
def create_account(body: Credentials, s: DB, srv: Srv, request: Request) -> AccountOut:
    """Register an account. Usernames are unique (case-insensitive); the password is stored as an argon2id
    hash only. At most 10 registrations an hour from one address (429 with ``Retry-After`` past that)."""
    wait, _ = srv.registrations.take({"address": address_of(request)})
    if wait > 0:
        raise refuse_for(wait, "registrations")
    name = new_username(body.username)
    taken = s.scalar(select(Account.id).where(Account.username == name))
    if taken is not None or name in srv.reserved_names:
        raise ApiError(409, msg("username {name} is taken", name=repr(body.username)))
    account = Account(username=name, password_hash=srv.hashing.hash(body.password))
    s.add(account)
    try:
        s.commit()
    except IntegrityError as e:  # a concurrent registration of the same name
        s.rollback()
        raise ApiError(409, msg("username {name} is taken", name=repr(body.username))) from e
    return AccountOut(id=account.id, username=account.username)


@router.post("/api/token", response_model=TokenOut, responses=ERRORS)
def create_token(body: Login, s: DB, srv: Srv, request: Request) -> TokenOut:
    """Log in: a bearer token for ``Authorization: Bearer <token>``. At most 5 attempts for one username
    (or 20 from one address) within a minute, counted as they start: past that, logins are refused with 429
    until the minute has passed (``Retry-After`` says how long); a successful login does not count."""
    names = login_names(body.username)
    keys = {"user": names[0], "address": address_of(request)}
    wait, started = srv.logins.take(keys)
    if wait > 0:
        raise refuse_for(wait, "logins")
    found = {a.username: a for a in s.scalars(select(Account).where(Account.username.in_(names)))}
    account = next((found[n] for n in names if n in found), None)
    # an unknown name is verified against a dummy hash: the answer takes as long as for a known one
    if not srv.hashing.verify(account.password_hash if account is not None else None, body.password):
        raise ApiError(401, msg("wrong username or password"))
    assert account is not None
    srv.logins.give_back(keys, started)
    token = auth.new_token()
    created = dt.datetime.fromtimestamp(auth.clock(), dt.UTC)
    lifetime = dt.timedelta(seconds=srv.token_lifetime)
    # the account's expired tokens go as it logs in again, so the table does not grow without bound
    s.execute(delete(Token).where(Token.account_id == account.id, Token.created_at < created - lifetime))
    s.add(Token(digest=auth.digest(token), account_id=account.id, created_at=created))
    s.commit()
    return TokenOut(token=token, expires_at=created + lifetime)


@router.delete("/api/token", status_code=204, responses=ERRORS)
async def delete_token(_me: Me, srv: Srv, authorization: Annotated[str, Header()]) -> Response:
    """Log out: the token of this request stops working at once (the account's other tokens are untouched)."""
    await run_in_threadpool(srv.revoke, auth.digest(authorization.removeprefix("Bearer ").strip()))
    return Response(status_code=204)
