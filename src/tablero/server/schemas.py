"""The shapes of the API's requests and replies (pydantic): FastAPI validates bodies against them (a
malformed or wrongly typed one gets 422 naming the field) and the OpenAPI page documents them."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field, model_validator

from tablero.core import BadInput, plugin

GameId = Annotated[int, PathParam(ge=1, le=2**31 - 1, description="a game id from POST or GET /api/games")]
DeckId = Annotated[str, PathParam(max_length=64, description="a deck id from GET /api/decks")]


class Body(BaseModel):
    """A request's body: a key that is no field of it is refused (422 naming it), never ignored, so that a
    client's typo (``{"mode": "never", "mdoe": ...}``) or a field of a newer API cannot pass for accepted."""

    model_config = ConfigDict(extra="forbid")


class Credentials(Body):
    username: str = Field(min_length=3, max_length=32, description="3-32 letters, digits, _ . -")
    password: str = Field(min_length=8, max_length=256)


class Login(Body):
    """A login checks the password; it does not enforce the registration policy (a password of any length
    is simply wrong or right)."""

    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=256)


class AccountOut(BaseModel):
    id: int
    username: str


class TokenOut(BaseModel):
    token: str
    expires_at: dt.datetime = Field(description="when the token stops working (UTC); log in again after it")


# Every number a request carries is bounded, so that no request costs more than a real deck would: a count
# is 1 to its section's size in the game's largest edition (``GamePlugin.sections``), and a section names at
# most as many cards as it can hold.
CardId = Annotated[str, Field(min_length=1, max_length=64)]
GameName = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[a-z0-9_-]+$")]
DECK_FIELDS = ("name", "game", "edition", "strategy", "description")


class DeckIn(BaseModel):
    """A deck in the deck-file shape of docs/decks.md: beside its name, game and edition, one map card id ->
    copies per section of the game's decks (``GET /api/catalog`` names them), e.g. ``main`` and ``souls``."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"additionalProperties": {
        "type": "object", "description": "a section of the game's decks: card id -> copies",
        "additionalProperties": {"type": "integer", "minimum": 1}}})

    name: str = Field(min_length=1, max_length=80)
    game: GameName | None = Field(default=None, description="the game (default: the default game)")
    edition: str | None = Field(default=None, max_length=32, description="default: the game's default edition")
    strategy: str | None = Field(default=None, max_length=40)
    description: str | None = Field(default=None, max_length=2000)

    @model_validator(mode="after")
    def _sections(self) -> DeckIn:
        """Every other key is a section of the game's decks, bounded by its size; a required one must be
        there, and a key that is no section is refused."""
        try:
            p = plugin(self.game)
        except BadInput as e:
            raise ValueError(str(e)) from None
        sizes = {sec.name: sec for sec in p.sections}
        extra = dict(self.model_extra or {})
        unknown = sorted(k for k in extra if k not in sizes)
        if unknown:
            raise ValueError(f"{', '.join(unknown)}: not a section of a {p.name} deck; its sections: "
                             f"{', '.join(sizes)}")
        for name, sec in sizes.items():
            if name not in extra:
                if sec.required:
                    raise ValueError(f"{name}: missing (a {p.name} deck has the sections {', '.join(sizes)})")
                extra[name] = {}
            extra[name] = _section(name, extra[name], sec.max_cards)
        self.__pydantic_extra__ = extra
        return self

    def sections(self) -> dict[str, dict[str, int]]:
        return dict(self.model_extra or {})


def _section(name: str, raw: Any, most: int) -> dict[str, int]:
    """One section: card id -> copies, at most ``most`` entries, each count 1 to ``most``."""
    if not isinstance(raw, dict):
        raise ValueError(f"{name}: must be a map of card id -> copies")
    if len(raw) > most:
        raise ValueError(f"{name}: names {len(raw)} cards; a section holds at most {most}")
    for cid, n in raw.items():
        if not isinstance(cid, str) or not 1 <= len(cid) <= 64:
            raise ValueError(f"{name}: a card id is a text of 1 to 64 characters")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= most:
            raise ValueError(f"{name}.{cid}: copies must be a whole number from 1 to {most}")
    return raw


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
    game: str
    edition: str
    legal: bool
    violations: list[ViolationOut]


class GameIn(Body):
    game: GameName | None = Field(default=None, description="the game (default: the default game)")
    deck: str = Field(max_length=64, description="a deck id from GET /api/decks")
    opponent: str = Field(pattern=r"^(ai:random|ai:greedy|ai:mcts|open)$")
    opponent_deck: str | None = Field(default=None, max_length=64)
    edition: str | None = Field(default=None, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**62, description=(
        "only against the computer (to replay a game): a challenge's seed is drawn by the server"))
    options: dict[Annotated[str, Field(max_length=64)], bool | int | Annotated[str, Field(max_length=64)]] = Field(
        default_factory=dict, max_length=16, description=(
            "engine options (house rules) by public name (GET /api/catalog lists each game's); none by default"))
    hints: bool = Field(default=False, description=(
        "for a challenge: whether you agree to hints (POST /api/games/{id}/hint); they are on only if the "
        "player who accepts agrees too. Against the computer hints are always allowed"))


class JoinIn(Body):
    deck: str = Field(max_length=64)
    hints: bool = Field(default=False, description=(
        "whether you agree to hints; they are on only if the challenge's creator agreed too (the lobby's "
        "`hints`)"))


class StopsIn(Body):
    mode: Literal["always", "chain", "never"] = Field(description=(
        "the response windows the table stops at for you: `always`, `chain` (only with something on the chain "
        "or stack; the default) or `never`; a window not stopped at is passed for you"))


class HintOut(BaseModel):
    """What the computer would play in your seat at your pending decision (POST /api/games/{id}/hint)."""

    seat: str
    seq: int = Field(description="the decision it answers: the one after `seq` actions")
    action: dict[str, Any] = Field(description="one of your legal actions, as `legal_actions` lists it")
    estimate: float = Field(description="the search's estimate of your chance to win, 0 to 1, if you take it")
    label: dict[str, str] = Field(description="the action in words, by language, as `labels` words it")
    source: str | None = Field(default=None, description="the ref of the board's place it starts from")
    targets: list[str] = Field(default_factory=list, description="the refs of the places it goes to, in order")
    left: int = Field(description="hints you may still ask for in this game")


class ActionIn(Body):
    action: dict[str, Any]
    seq: int | None = Field(default=None, ge=0, le=2**31 - 1, description=(
        "the `seq` of the envelope this action answers: if the game has moved on since (the same action "
        "posted twice, a client's retry), 409 and nothing changes; without it the action is taken as is"))


class PendingOut(BaseModel):
    """The decision the game waits for (the view's own ``pending`` stays ``{player, kind}``)."""

    player: str
    kind: str
    optional: bool = Field(default=False, description="whether it may be declined (answered with the game's pass)")
    detail: dict[str, Any] = Field(default_factory=dict, description=(
        "what it is about: `{what}` for a choice (the game's own word for what is chosen), else empty"))


class RulesOut(BaseModel):
    """The rules a game is played under (its game's rules version and engine options)."""

    version: int = Field(description="the rules version the game was played under (1: stored before versions were)")
    current: int = Field(description="the version of the rules this server plays")
    options: dict[str, Any] = Field(description="the game's engine options (house rules), by public name")
    note: str | None = Field(description=(
        "set when the game's record does not replay whole under the current rules: where it stops and why "
        "(the position shown is the one reached, the winner the one recorded)"))


class EnvelopeOut(BaseModel):
    """What a client sees of a game (GET /api/games/{id}, the reply to an action, each WebSocket message)."""

    game: str = Field(description="the game it is a game of (GET /api/catalog)")

    view: dict[str, Any] | None = Field(description=(
        "the caller's seat view (what the game lets that seat see), or the public view"))
    pending: PendingOut | None = Field(description="who must decide, and what kind of decision")
    legal_actions: list[dict[str, Any]] = Field(description="empty unless the decision is the caller's")
    labels: list[dict[str, Any]] = Field(default_factory=list, description=(
        "each legal action in words, `{es, en, group: {es, en}, source, targets}`, in the same order: what the "
        "terminal and the browser show (`group`: the words of the group it heads when a client gathers one "
        "source's actions; `source` and `targets`: the refs of the board's places it starts from and goes to)"))
    winner: str | None = Field(description="A, B or draw once the game is over")
    seq: int = Field(description="actions taken so far: one more with every change")
    events: list[dict[str, Any]] = Field(description=(
        "what the last change did, as log entries this seat may see, each with `text: {es, en}`"))
    players: dict[str, str | None] = Field(description=(
        "who sits in each seat, A and B: the account's username, the AI (`ai:greedy`), or null for a seat "
        "nobody has taken yet"))
    rules: RulesOut = Field(description="the rules version the game is played under, and any note about it")
    concede: dict[str, Any] | None = Field(default=None, description=(
        "the action that concedes the game for the caller's seat, at any moment (null when it is over, for a "
        "spectator, or in a game without concession)"))
    board: dict[str, Any] | None = Field(default=None, description=(
        "with `?board=LANG`: the game's board as the caller sees it, in that language (the shared board schema, "
        "docs/server.md): sides with counters and regions of card faces, the shared regions, the prompt"))
    hints: list[dict[str, Any]] = Field(default_factory=list, description=(
        "the hints asked so far, `{seat, seq}`: who asked at which decision; the caller's own (and, in a replay, "
        "everyone's) also with the `action` and `estimate` it gave"))
    hints_allowed: bool = Field(default=False, description=(
        "whether the caller may ask for hints in this game (POST /api/games/{id}/hint)"))
    hints_left: int = Field(default=0, description="hints the caller may still ask for in this game")
    stops: str | None = Field(default=None, description=(
        "the caller's stops (`always`, `chain`, `never`; PUT /api/games/{id}/stops); null for a spectator"))
    windows: bool = Field(default=False, description=(
        "whether the game has response windows at all: stops mean something only where it has"))
