"""The browser table's own words: ``GET /api/words/{lang}`` gives the table's message catalogue in one
language (English text → its words), and the languages there are, so the browser holds only English and a
language is added by adding its catalogue (``tablero/locales/<lang>.po``), not by editing the browser."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from fastapi import Path as PathParam
from pydantic import BaseModel

from tablero.core.i18n import msg
from tablero.core.registry import words

from ..errors import ERRORS, ApiError

router = APIRouter()


class WordsOut(BaseModel):
    lang: str
    languages: list[str]
    words: dict[str, str]


@router.get("/api/words/{lang}", responses=ERRORS)
def table_words(lang: Annotated[str, PathParam(max_length=16)]) -> WordsOut:
    """The words of ``lang`` (``es``), or 404 when the table has no catalogue for it."""
    catalogue = words()
    if lang not in catalogue.languages:
        raise ApiError(404, msg("no words for the language '{lang}'; there are: {languages}",
                                lang=lang, languages=", ".join(catalogue.languages)))
    return WordsOut(lang=lang, languages=catalogue.languages, words=catalogue.table(lang))
