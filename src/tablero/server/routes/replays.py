"""Finished games: ``GET /api/games/{id}/replay`` (the record) and ``GET /api/games/{id}/replay/{step}``
(one position as the caller saw it, for the replay viewer). A replay opens only when the game is over, so
it can never tell a player what their opponent holds in a game still being played.

A game played under older rules replays under the current ones with the options that restore the old
readings; when the current rules refuse one of its actions, its replay holds up to there: ``rules`` says
how far (``replayed``), and why (``note``), and the steps after it answer 409 with that note. The record
itself is served as stored, whatever the current rules make of it.

The hints the players asked for are part of the replay, with what each said: the record lists them all,
and each step the ones asked at its position.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Response
from fastapi import Path as PathParam
from sqlalchemy import select
from sqlalchemy.orm import Session

from tablero.core.i18n import msg

from ..context import DB, Me
from ..envelopes import encode, envelope, replay_row, rules_json
from ..errors import ERRORS, ApiError
from ..hints import stored_hints
from ..models import ActionRow, GameRow
from ..schemas import GameId
from .games import ENVELOPE, BoardQuery, board_language, get_row, seat_of, summary

router = APIRouter()


def finished(s: Session, game_id: int) -> tuple[GameRow, list[Any]]:
    """A finished game's row and its actions in order (409 while it is being played)."""
    row = get_row(s, game_id)
    if row.status != "over":
        raise ApiError(409, msg("game {id} is not over; its replay opens when it ends", id=game_id))
    actions: list[Any] = list(s.scalars(
        select(ActionRow.action).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)))
    return row, actions


@router.get("/api/games/{game_id}/replay", responses=ERRORS)
def replay(game_id: GameId, _me: Me, s: DB) -> dict[str, Any]:
    """A finished game as (game, decks, seed, edition, rules version, engine options, actions, result):
    replaying the actions on a new game of that game with these decks, seed and options under rules of that
    version rebuilds every position. ``rules`` tells what the current rules make of it: the options they replay
    it with, how many of its actions they replay, and a note when that is not all of them. ``hints`` are
    the hints the players asked for, ``{seat, seq, action, estimate}``: at the decision after ``seq``
    actions, the action the computer suggested and its estimate of the seat's chance to win."""
    row, actions = finished(s, game_id)
    rp = replay_row(row, actions)
    return {"game": row.game, "decks": [row.deck_a, row.deck_b], "seed": row.seed, "edition": row.edition,
            "first": row.first,
            "rules_version": row.rules_version, "options": row.options or {}, "actions": rp.actions_out(),
            "result": {"winner": row.winner}, "rules": rp.rules_json(),
            "hints": [h.full() for h in stored_hints(s, game_id)]}


@router.get("/api/games/{game_id}/replay/{step}", responses=ENVELOPE)
def replay_step(game_id: GameId, step: Annotated[int, PathParam(ge=0, le=10**6)], me: Me, s: DB,
                board: BoardQuery = None) -> Response:
    """One position of a finished game, after ``step`` actions (0: the start), as the caller saw it then:
    their seat's view, or the public view for anyone else, with what that step did (``events``),
    ``steps``, the number of actions the viewer can step through, and ``rules``. For the replay viewer.
    When the current rules stop the replay early, ``steps`` is where it stops (``rules.actions`` the
    number recorded), the last step shows the recorded result, and the steps after it answer 409.
    ``hints`` are those asked at this position (``{seat, seq, action, estimate}``, whoever asked)."""
    lang = board_language(board)
    row, actions = finished(s, game_id)
    if step > len(actions):
        raise ApiError(404, msg("game {id} has {n} steps", id=game_id, n=len(actions)))
    assert row.deck_b is not None
    rp = replay_row(row, actions, snapshot=step)
    note = rp.note()
    if rp.snapshot is None:  # the current rules stop before this step (or cannot set the game up)
        raise ApiError(409, msg("step {step} of game {id} cannot be shown: {note}", step=step, id=game_id, note=note))
    g, start = rp.snapshot
    held = not rp.holds and step == rp.applied  # the end of what replays: the result as recorded
    env = envelope(g, seat_of(row, me), step, (start, len(g.log)), summary(s, row, me)["players"],
                   rules_json(row.game, row.rules_version, row.options, note), held, row.winner, row.game, lang,
                   hints=[h.full() for h in stored_hints(s, game_id) if h.seq == step])
    env["legal_actions"] = env["labels"] = []  # a replay is only looked at
    env["steps"] = rp.applied
    return Response(encode(env), media_type="application/json")
