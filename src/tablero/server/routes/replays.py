"""Finished games: ``GET /api/games/{id}/replay`` (the record) and ``GET /api/games/{id}/replay/{step}``
(one position as the caller saw it, for the replay viewer). A replay opens only when the game is over, so
it can never tell a player what their opponent holds in a game still being played."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Response
from fastapi import Path as PathParam
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..context import DB, Me
from ..errors import ERRORS, ApiError
from ..games import encode, envelope, rebuild
from ..models import ActionRow, GameRow
from ..schemas import GameId
from .games import ENVELOPE, get_row, seat_of, summary

router = APIRouter()


def finished(s: Session, game_id: int) -> tuple[GameRow, list[dict[str, Any]]]:
    """A finished game's row and its actions in order (409 while it is being played)."""
    row = get_row(s, game_id)
    if row.status != "over":
        raise ApiError(409, f"game {game_id} is not over; its replay opens when it ends")
    actions: list[dict[str, Any]] = list(s.scalars(
        select(ActionRow.action).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)))
    return row, actions


@router.get("/api/games/{game_id}/replay", responses=ERRORS)
def replay(game_id: GameId, _me: Me, s: DB) -> dict[str, Any]:
    """A finished game as (decks, seed, edition, actions, result): replaying the actions on a new game with
    these decks and seed rebuilds every position."""
    row, actions = finished(s, game_id)
    return {"decks": [row.deck_a, row.deck_b], "seed": row.seed, "edition": row.edition, "first": row.first,
            "actions": actions, "result": {"winner": row.winner}}


@router.get("/api/games/{game_id}/replay/{step}", responses=ENVELOPE)
def replay_step(game_id: GameId, step: Annotated[int, PathParam(ge=0, le=10**6)], me: Me, s: DB) -> Response:
    """One position of a finished game, after ``step`` actions (0: the start), as the caller saw it then:
    their seat's view, or the public view for anyone else (CH-11), with what that step did (``events``) and
    ``steps``, the number of actions in the game. For the replay viewer."""
    row, actions = finished(s, game_id)
    if step > len(actions):
        raise ApiError(404, f"game {game_id} has {len(actions)} steps")
    assert row.deck_b is not None
    g, start = rebuild(row.edition, row.seed, row.first, [row.deck_a, row.deck_b], actions[:step])
    env = envelope(g, seat_of(row, me), step, (start, len(g.log)), summary(s, row, me)["players"])
    env["legal_actions"] = []  # a replay is only looked at
    env["steps"] = len(actions)
    return Response(encode(env), media_type="application/json")
