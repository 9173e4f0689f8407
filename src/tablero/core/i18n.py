"""Messages in the user's language. A message is written once, in English, where it is raised
(``msg("game {id} is not an open challenge", id=7)``), and carried unformatted until it reaches a user
whose language is known; each language's words are one gettext catalogue (``<lang>.po``) beside the code
that owns the messages, read with Babel, so adding a language is adding one file. English needs none: the
message is its own text.

The rule id a refusal names is not part of the message: it stays the same in every language."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

SOURCE = "en"  # the language messages are written in


@dataclass(frozen=True)
class Msg:
    """A message not yet put into words for anyone: its English text (the catalogue's key) and its fields."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return _fill(self.text, self.params)


def msg(text: str, **params: Any) -> Msg:
    """Mark ``text`` as a message for users (Babel's extractor looks for ``msg``) with its fields."""
    return Msg(text, params)


class Catalogue:
    """The translations of the messages of some folders (the server's, a game's): their ``<lang>.po``
    files (msgid the English text), merged by language."""

    def __init__(self, *folders: Path) -> None:
        self.words: dict[str, dict[str, str]] = {SOURCE: {}}
        for folder in folders:
            for po in sorted(folder.glob("*.po")):
                with po.open("rb") as f:
                    cat = read_po(f)
                self.words.setdefault(po.stem, {}).update(
                    {str(m.id): str(m.string) for m in cat if m.id and m.string})

    @property
    def languages(self) -> list[str]:
        return sorted(self.words)

    def say(self, message: Msg | str, lang: str) -> str:
        """``message`` in ``lang`` (English when the language or the message has no translation)."""
        if isinstance(message, str):
            return message
        template = self.words.get(lang, {}).get(message.text, message.text)
        params = {k: self.say(v, lang) if isinstance(v, Msg) else v for k, v in message.params.items()}
        return _fill(template, params)


@functools.cache
def catalogue(*folders: str) -> Catalogue:
    """The catalogue of ``folders``, read once."""
    return Catalogue(*(Path(f) for f in folders))


def negotiate(accept_language: str | None, available: list[str], default: str = "es") -> str:
    """The best of ``available`` for an ``Accept-Language`` header ("es-MX,es;q=0.9,en;q=0.8"), by quality
    then order; ``default`` when none matches (the table's own language, Spanish)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            quality = float(q) if q else 1.0
        except ValueError:
            quality = 0.0
        lang = tag.split("-")[0].strip().lower()
        if lang and quality > 0:
            ranked.append((-quality, i, lang))
    for _, _, lang in sorted(ranked):
        if lang in available:
            return lang
    return default


def _fill(template: str, params: Mapping[str, Any]) -> str:
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):  # a translation naming a field the message lacks
        return template
