"""Card definitions by id with their display names in one language: what every front end (the terminal, the
server's action labels) names cards and abilities with."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CardDef
from .narrate import Lexicon, keyword_name, lexicon


class CardBook:
    """Card definitions by id, and their display names in one language."""

    def __init__(self, cards: Iterable[CardDef], lang: str) -> None:
        self.lang = lang
        self.cards: dict[str, CardDef] = {}
        self.abilities_en: dict[str, str] = {}
        self._lexicon: Lexicon | None = None
        for c in cards:
            if c.id in self.cards:
                continue
            self.cards[c.id] = c
            for ab in c.raw.get("abilities") or []:
                en = ab.get("en") if isinstance(ab, dict) else None
                if isinstance(en, dict) and isinstance(en.get("name"), str) and isinstance(ab.get("name"), str):
                    self.abilities_en[ab["name"]] = en["name"]

    def lexicon(self) -> Lexicon:
        """The narration's names for these cards in the book's language, built once."""
        if self._lexicon is None:
            self._lexicon = lexicon(self.cards.values(), self.lang)
        return self._lexicon

    def get(self, cid: str) -> CardDef | None:
        return self.cards.get(cid)

    def name(self, cid: str) -> str:
        c = self.cards.get(cid)
        return c.display_name(self.lang) if c is not None else cid

    def names(self) -> dict[str, str]:
        return {cid: c.display_name(self.lang) for cid, c in self.cards.items()}

    def keywords(self, cid: str) -> list[str]:
        """The card's exclusive abilities by display name, Clarividencia with its X."""
        from tablero.games.choque.terms import KEYWORDS

        c = self.cards.get(cid)
        if c is None:
            return []
        out = []
        for k in KEYWORDS:
            if k in c.keywords:
                n = keyword_name(k, self.lang)
                out.append(f"{n} {c.params[k]}" if k in c.params else n)
        return out

    def ability_name(self, ability: str) -> str:
        """A keyword id as its display name; a card's own ability name as printed (or its translation)."""
        if self.lang == "en" and ability in self.abilities_en:
            return self.abilities_en[ability]
        return keyword_name(ability, self.lang)

    def text(self, cid: str) -> str:
        """The card's rules text in the book's language."""
        c = self.cards.get(cid)
        if c is None:
            return ""
        if self.lang == "en":
            en = c.raw.get("en")
            if isinstance(en, dict) and isinstance(en.get("text"), str):
                return str(en["text"])
        return c.text
