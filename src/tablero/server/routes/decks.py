"""The card pools and decks of every game: ``GET /api/catalog``, ``GET /api/cards``, ``GET|POST /api/decks``,
``GET /api/decks/{id}`` and ``POST /api/decks/check``. Decks are checked against every deck rule of their
game with the limited list in force today; a game is only started with a legal one (``resolve_deck``). The
game's plugin answers every question about its cards and decks."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from tablero.core import BadInput, GamePlugin, plugin
from tablero.core.i18n import SOURCE, msg
from tablero.core.plugin import Card, Deck, Violation
from tablero.core.record import deck_json
from tablero.core.registry import DEFAULT_GAME, game_catalogue, languages

from ..auth import Caller
from ..context import DB, Me
from ..errors import ERRORS, ApiError, language_of
from ..models import DeckRecord
from ..schemas import DECK_FIELDS, DeckCheckOut, DeckId, DeckIn, DeckOut, ViolationOut

router = APIRouter()
GameQuery = Annotated[str | None, Query(max_length=32, description="a game's name (GET /api/catalog)")]


def game_plugin(name: str | None) -> GamePlugin:
    """The plugin of a game a request names (the default game when it names none); an unknown one is 422."""
    try:
        return plugin(name or DEFAULT_GAME)
    except BadInput as e:
        raise ApiError(422, str(e)) from None


def violations_of(p: GamePlugin, deck: Deck, edition: str) -> list[Violation]:
    """Every violation of ``deck``'s rules in ``edition``, with the limited list in force today."""
    return p.check_deck(deck, edition)


def parsed(p: GamePlugin, doc: Any, deck_id: str, where: str | None = None) -> Deck:
    """A deck document (card id -> copies per section) as a deck; unknown card ids or a malformed deck: 422."""
    try:
        return p.parse_deck(doc, deck_id, where=where or f"deck {deck_id}")
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


def deck_doc(body: DeckIn) -> dict[str, Any]:
    """A deck as a deck file writes it: its fields, then its sections."""
    head = {k: v for k, v in body.model_dump(include=set(DECK_FIELDS), exclude_none=True).items() if k != "game"}
    return {**head, **body.sections()}


def check_doc(p: GamePlugin, doc: dict[str, Any], edition: str | None, lang: str = "en") -> list[ViolationOut]:
    """The deck's violations, each message in ``lang``."""
    ed = edition_of(p, edition)
    return [ViolationOut(rule=v.rule, card=v.card, message=v.said(lang))
            for v in violations_of(p, parsed(p, doc, "new", "deck"), ed)]


def edition_of(p: GamePlugin, edition: str | None) -> str:
    """``edition``, or the game's default; one the game does not have is 422 with the rule that names them."""
    try:
        return p.edition(edition)
    except BadInput as e:
        rule = p.rule_ids.get("edition")
        raise ApiError(422, str(e).removeprefix(f"{rule}: ") if rule else str(e), rule) from None


def resolve_deck(s: Session, me: Caller, p: GamePlugin, deck_id: str, edition: str | None
                 ) -> tuple[dict[str, Any], str]:
    """A deck id from GET /api/decks as the deck JSON a game stores, and its edition; refused (422, with
    the first rule it breaks) unless legal, or unless it is a deck of the game asked for."""
    shipped = p.shipped_decks()
    if deck_id in shipped:
        deck = shipped[deck_id].deck
    else:
        row = own_deck(s, me, deck_id)
        if row.game != p.name:
            raise ApiError(422, msg("deck {id} is a deck of {deck_game}, not of {game}", id=repr(deck_id),
                                    deck_game=row.game, game=p.name))
        deck = parsed(p, row.content, deck_id)
    ed = edition_of(p, edition or deck.edition)
    violations = violations_of(p, deck, ed)
    if violations:
        v = violations[0]
        text = (msg("deck {id} is not legal in {edition}: {why}", id=repr(deck_id), edition=ed, why=v.text)
                if len(violations) == 1 else
                msg("deck {id} is not legal in {edition}: {why} (and {n} more)", id=repr(deck_id), edition=ed,
                    why=v.text, n=len(violations) - 1))
        raise ApiError(422, text, v.rule, game=p.name)
    return deck_json(p, deck, deck_id), ed


@router.get("/api/catalog", responses=ERRORS)
def catalog(request: Request) -> list[dict[str, Any]]:
    """Every game this table plays: its name and title (in the language of ``Accept-Language``), rule
    prefix, editions, rules version, deck sections, engine options with their defaults, and its card pool's
    size (the cards themselves: ``GET /api/cards?game=NAME``). Needs no login: it is what the table offers."""
    out = game_catalogue(language_of(request))
    for g in out:
        g["cards"] = len(plugin(g["name"]).card_pool())
        g["shipped_decks"] = len(plugin(g["name"]).shipped_decks())
    return out


@router.get("/api/cards", responses=ERRORS)
def list_cards(_me: Me, game: GameQuery = None) -> list[dict[str, Any]]:
    """A game's card pool (the default game's without ``game``): every shipped card in its card-file shape
    (docs/cards.md), with its id, ``section``, the deck section it goes in, and its type and keywords in
    words in each language of the table: ``type_words`` (language -> words) and ``keyword_words`` (per
    keyword: ``id``, ``value``, its number or null, and ``name`` and ``words``, its name and its name with
    its number, by language)."""
    return pool_json(game_plugin(game))


@functools.cache
def pool_json(p: GamePlugin) -> list[dict[str, Any]]:
    """``GET /api/cards``'s answer for a game, built once (its shipped pool is read once)."""
    return [{**p.card_json(c), "section": p.card_section(c), **card_words(p, c)} for c in p.card_pool()]


def card_words(p: GamePlugin, card: Card) -> dict[str, Any]:
    """A card's type and keywords in the words of each of the table's languages (``GamePlugin.card_terms``)."""
    said = {lang: p.card_terms(card, lang) for lang in languages()}
    first = said[SOURCE]
    keywords = [{"id": k.id, "value": k.value, "name": {lang: t.keywords[i].name for lang, t in said.items()},
                 "words": {lang: t.keywords[i].words for lang, t in said.items()}}
                for i, k in enumerate(first.keywords)]
    return {"type_words": {lang: t.type for lang, t in said.items()}, "keyword_words": keywords}


@router.get("/api/decks", responses=ERRORS)
def list_decks(me: Me, s: DB, game: GameQuery = None) -> list[dict[str, Any]]:
    """The shipped decks (``owner`` null) and the caller's own saved decks, of every game or of ``game``."""
    games = [game_plugin(game)] if game is not None else [plugin(g["name"]) for g in game_catalogue()]
    rows: list[dict[str, Any]] = [
        {"id": d.id, "name": d.deck.name, "game": p.name, "edition": d.deck.edition,
         "strategy": d.strategy or None, "owner": None} for p in games for d in p.shipped_decks().values()]
    mine = select(DeckRecord).where(DeckRecord.owner_id == me.id)
    if game is not None:
        mine = mine.where(DeckRecord.game == games[0].name)
    for r in s.scalars(mine.order_by(DeckRecord.id)):
        rows.append({"id": f"u{r.id}", "name": r.name, "game": r.game, "edition": r.edition, "strategy": None,
                     "owner": me.username})
    return rows


@router.post("/api/decks/check", response_model=DeckCheckOut, responses=ERRORS)
def check_deck_route(body: DeckIn, _me: Me, request: Request) -> DeckCheckOut:
    """Check a deck against every deck rule of its game without saving it (the deck builder checks as you edit). The
    messages come in the language of ``Accept-Language``."""
    violations = check_doc(game_plugin(body.game), deck_doc(body), body.edition, language_of(request))
    return DeckCheckOut(legal=not violations, violations=violations)


@router.get("/api/decks/{deck_id}", responses=ERRORS)
def get_deck(deck_id: DeckId, me: Me, s: DB, request: Request) -> dict[str, Any]:
    """One deck in the deck-file shape (card id -> copies per section): a shipped deck, or one of yours."""
    shipped = [(p, p.shipped_decks()[deck_id]) for p in (plugin(g["name"]) for g in game_catalogue())
               if deck_id in p.shipped_decks()]
    if shipped:
        p, d = shipped[0]
        doc: dict[str, Any] = {"name": d.deck.name, "edition": d.deck.edition or p.default_edition,
                               **{k: dict(Counter(v)) for k, v in p.deck_ids(d.deck).items()}}
        owner = None
    else:
        row = own_deck(s, me, deck_id)
        p, doc, owner = game_plugin(row.game), dict(row.content), me.username
    violations = check_doc(p, doc, doc.get("edition"), language_of(request))
    return {"id": deck_id, "owner": owner, "game": p.name, **doc, "legal": not violations,
            "violations": [v.model_dump() for v in violations]}


@router.post("/api/decks", status_code=201, response_model=DeckOut, responses=ERRORS)
def save_deck(body: DeckIn, me: Me, s: DB, request: Request) -> DeckOut:
    """Save a deck of a game. It is checked against every deck rule of its game (with the limited list in
    force today) and saved even when illegal, so that work in progress is never lost; ``legal`` and
    ``violations`` (each with its rule id) say whether it may be played. Unknown card ids are refused (422)."""
    p = game_plugin(body.game)
    edition = edition_of(p, body.edition)
    doc = {**deck_doc(body), "edition": edition}
    violations = check_doc(p, doc, edition, language_of(request))
    record = DeckRecord(owner_id=me.id, name=body.name, game=p.name, edition=edition, content=doc)
    s.add(record)
    s.commit()
    return DeckOut(id=f"u{record.id}", name=record.name, game=p.name, edition=record.edition,
                   legal=not violations, violations=violations)
