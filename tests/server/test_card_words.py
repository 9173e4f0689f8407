"""Issue 21, item 9: ``GET /api/cards`` gives each card its type and keywords in the words of every language of
the table (``type_words``, ``keyword_words``), from the game's own catalogue (``GamePlugin.card_terms``), so
the deck builder shows and filters them in words; a keyword with a number is one keyword id with its value."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tablero.core.plugin import CardTerms, GamePlugin, KeywordTerm
from tablero.core.registry import languages, plugin

from .conftest import register


def test_each_card_has_its_type_and_keywords_in_every_language(client: TestClient) -> None:
    h = register(client)
    cards = {c["id"]: c for c in client.get("/api/cards?game=choque", headers=h).json()}
    seer = next(c for c in cards.values() if any(isinstance(k, dict) for k in c.get("keywords", [])))
    number = next(k for k in seer["keywords"] if isinstance(k, dict))
    [(kw, value)] = number.items()
    assert kw == "clarividencia" and isinstance(value, int)
    entry = next(k for k in seer["keyword_words"] if k["id"] == kw)
    assert entry["value"] == value
    assert entry["name"] == {"en": "Clairvoyance", "es": "Clarividencia", "pt": "Clarividencia"}
    assert entry["words"]["en"] == f"Clairvoyance {value}" and entry["words"]["es"] == f"Clarividencia {value}"
    cub = cards["cachorro_moteado"]  # the card-file shape is kept beside the words
    assert cub["keywords"] == ["brutalidad"] and cub["type"] == "personaje" and cub["section"] == "main"
    assert cub["type_words"] == {"en": "character", "es": "personaje", "pt": "personagem"}
    assert cub["keyword_words"] == [{"id": "brutalidad", "value": None,
                                     "name": {"en": "Brutality", "es": "Brutalidad", "pt": "Brutalidad"},
                                     "words": {"en": "Brutality", "es": "Brutalidad", "pt": "Brutalidad"}}]
    first_strike = next(c for c in cards.values() if "primer_dano" in c.get("keywords", []))
    said = {"en": "First strike", "es": "Primer daño", "pt": "Primer daño"}
    assert {"id": "primer_dano", "value": None, "name": said, "words": said} in first_strike["keyword_words"]
    english = {c["type"]: c["type_words"]["en"] for c in cards.values()}
    assert english == {"personaje": "character", "alma": "soul", "apoyo": "support", "sector": "sector",
                       "arena": "arena", "amalgama": "amalgam"}  # words, not the ids
    for c in cards.values():  # every card, in every language
        assert set(c["type_words"]) == set(languages()) and all(c["type_words"].values())
        assert [k["id"] for k in c["keyword_words"]] == [
            k if isinstance(k, str) else next(iter(k)) for k in c.get("keywords", [])]


def test_deuses_cards_have_their_type_in_words(client: TestClient) -> None:
    h = register(client)
    cards = client.get("/api/cards?game=deuses", headers=h).json()
    types = {c["type"]: c["type_words"] for c in cards}
    assert types["god"] == {"en": "god", "es": "dios", "pt": "deus"}
    assert types["invocation"]["es"] == "invocación" and types["magic"]["pt"] == "magia"
    assert all(c["keyword_words"] == [] for c in cards)


def test_a_game_without_words_of_its_own_shows_its_ids() -> None:
    """``GamePlugin.card_terms`` by default: the card-file shape's type and keywords, ids as they are, a
    keyword with a number read from its ``{id: number}``."""

    class Bare(type(plugin("choque"))):  # type: ignore[misc]
        def card_json(self, card: object) -> dict[str, object]:
            return {"id": "x", "type": "hero", "keywords": ["swift", {"seer": 2}]}

    Bare.card_terms = GamePlugin.card_terms  # the base class's, not Choque's
    terms = Bare().card_terms(next(iter(plugin("choque").card_pool())), "es")
    assert terms == CardTerms("hero", (KeywordTerm("swift", None, "swift"), KeywordTerm("seer", 2, "seer")))
    assert [k.words for k in terms.keywords] == ["swift", "seer 2"]
