"""The card pool and decks: ``GET /api/cards``, ``GET|POST /api/decks``, ``GET /api/decks/{id}`` and
``POST /api/decks/check``. Decks are checked against every CH-2 rule with the limited list in force today
(CH-2.5); a game is only started with a legal one (``resolve_deck``)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from tablero.core import BadInput
from tablero.core.i18n import msg
from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.deck import Deck, Violation, check_deck
from tablero.games.choque.deckfile import list_in_force, parse_deck, shipped_decks, shipped_limited_lists
from tablero.play.record import deck_json

from ..auth import Caller
from ..context import DB, Me
from ..errors import ERRORS, ApiError, language_of
from ..models import DeckRecord
from ..schemas import DeckCheckOut, DeckId, DeckIn, DeckOut, ViolationOut

DEFAULT_EDITION = "choque-2026"

router = APIRouter()


def violations_of(deck: Deck, edition: str) -> list[Violation]:
    """Every CH-2 violation of ``deck`` in ``edition``, with the limited list in force today (CH-2.5)."""
    in_force = list_in_force(shipped_limited_lists(), dt.date.today())
    return check_deck(deck, edition, in_force.limits if in_force else {}, pool=shipped_pool())


def parsed(doc: Any, deck_id: str, where: str | None = None) -> Deck:
    """A deck document (card id -> copies) as a deck; unknown card ids or a malformed deck get 422."""
    try:
        return parse_deck(doc, shipped_pool(), deck_id=deck_id, where=where or f"deck {deck_id}").deck
    except BadInput as e:
        raise ApiError(422, str(e)) from None


def own_deck(s: Session, me: Caller, deck_id: str) -> DeckRecord:
    """One of the caller's saved decks by its id (``u<number>``); anyone else's, or none, is 404."""
    number = deck_id[1:]
    # ASCII digits only ("u²" is a digit to str.isdigit, not to int), within the column's 32-bit integers
    known = deck_id[:1] == "u" and number.isascii() and number.isdigit() and int(number[:11] or 0) < 2**31
    row = s.get(DeckRecord, int(number)) if known and len(number) <= 10 else None
    if row is None or row.owner_id != me.id:
        raise ApiError(404, msg("no deck {id} among the shipped decks and yours (GET /api/decks)", id=repr(deck_id)))
    return row


def check_doc(doc: dict[str, Any], edition: str, lang: str = "en") -> list[ViolationOut]:
    """The deck's CH-2 violations, each message in ``lang``."""
    return [ViolationOut(rule=v.rule, card=v.card, message=v.said(lang))
            for v in violations_of(parsed(doc, "new", "deck"), edition)]


def resolve_deck(s: Session, me: Caller, deck_id: str, edition: str | None) -> tuple[dict[str, Any], str]:
    """A deck id from GET /api/decks as the deck JSON a game stores, and its edition; refused (422, with
    the first CH-2 rule it breaks) unless legal."""
    shipped = shipped_decks()
    deck = shipped[deck_id].deck if deck_id in shipped else parsed(own_deck(s, me, deck_id).content, deck_id)
    ed = edition or deck.edition or DEFAULT_EDITION
    try:
        violations = violations_of(deck, ed)
    except BadInput as e:  # an edition not spelt as the rules spell it (CH-0.3)
        raise ApiError(422, str(e).removeprefix("CH-0.3: "), "CH-0.3") from None
    if violations:
        v = violations[0]
        text = (msg("deck {id} is not legal in {edition}: {why}", id=repr(deck_id), edition=ed, why=v.text)
                if len(violations) == 1 else
                msg("deck {id} is not legal in {edition}: {why} (and {n} more)", id=repr(deck_id), edition=ed,
                    why=v.text, n=len(violations) - 1))
        raise ApiError(422, text, v.rule)
    return deck_json(deck, deck_id), ed


@router.get("/api/cards", responses=ERRORS)
def list_cards(_me: Me) -> list[dict[str, Any]]:
    """The card pool: every shipped card in the card-file shape of docs/cards.md, with its id."""
    return [{"id": c.id, **c.to_json(), **{k: c.raw[k] for k in ("text", "en", "archetypes") if k in c.raw}}
            for c in shipped_pool()]


@router.get("/api/decks", responses=ERRORS)
def list_decks(me: Me, s: DB) -> list[dict[str, Any]]:
    """The shipped decks (``owner`` null) and the caller's own saved decks."""
    rows: list[dict[str, Any]] = [
        {"id": d.id, "name": d.deck.name, "edition": d.deck.edition, "strategy": d.strategy or None,
         "owner": None} for d in shipped_decks().values()]
    for r in s.scalars(select(DeckRecord).where(DeckRecord.owner_id == me.id).order_by(DeckRecord.id)):
        rows.append({"id": f"u{r.id}", "name": r.name, "edition": r.edition, "strategy": None,
                     "owner": me.username})
    return rows


@router.post("/api/decks/check", response_model=DeckCheckOut, responses=ERRORS)
def check_deck_route(body: DeckIn, _me: Me, request: Request) -> DeckCheckOut:
    """Check a deck against every CH-2 rule without saving it (the deck builder checks as you edit). The
    messages come in the language of ``Accept-Language``."""
    violations = check_doc(body.model_dump(exclude_none=True), body.edition, language_of(request))
    return DeckCheckOut(legal=not violations, violations=violations)


@router.get("/api/decks/{deck_id}", responses=ERRORS)
def get_deck(deck_id: DeckId, me: Me, s: DB, request: Request) -> dict[str, Any]:
    """One deck in the deck-file shape (card id -> copies): a shipped deck, or one of yours."""
    shipped = shipped_decks()
    if deck_id in shipped:
        d = shipped[deck_id]
        j = deck_json(d.deck, deck_id)
        doc: dict[str, Any] = {"name": d.deck.name, "edition": d.deck.edition or DEFAULT_EDITION,
                               **{k: dict(Counter(j.get(k, []))) for k in ("main", "souls", "support")}}
        owner = None
    else:
        doc, owner = dict(own_deck(s, me, deck_id).content), me.username
    violations = check_doc(doc, doc.get("edition", DEFAULT_EDITION), language_of(request))
    return {"id": deck_id, "owner": owner, **doc, "legal": not violations,
            "violations": [v.model_dump() for v in violations]}


@router.post("/api/decks", status_code=201, response_model=DeckOut, responses=ERRORS)
def save_deck(body: DeckIn, me: Me, s: DB, request: Request) -> DeckOut:
    """Save a deck. It is checked against every CH-2 rule (with the limited list in force today, CH-2.5)
    and saved even when illegal, so that work in progress is never lost; ``legal`` and ``violations`` (each
    with its rule id) say whether it may be played. Unknown card ids are refused (422)."""
    doc = body.model_dump(exclude_none=True)
    violations = check_doc(doc, body.edition, language_of(request))
    record = DeckRecord(owner_id=me.id, name=body.name, edition=body.edition, content=doc)
    s.add(record)
    s.commit()
    return DeckOut(id=f"u{record.id}", name=record.name, edition=record.edition, legal=not violations,
                   violations=violations)
