"""Messages in the user's language. A message is written once, in English, where it is raised
(``msg("game {id} is not an open challenge", id=7)``), and carried unformatted until it reaches a user
whose language is known; each language's words are one gettext catalogue (``<lang>.po``) beside the code
that owns the messages, read with Babel, so adding a language is adding one file. English needs none: the
message is its own text.

The rule id a refusal names is not part of the message: it stays the same in every language."""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

SOURCE = "en"  # the language messages are written in
Key = tuple[str | None, str]  # a catalogue entry: (context, English text)


@dataclass(frozen=True)
class Msg:
    """A message not yet put into words for anyone: its English text (the catalogue's key) and its fields."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None  # the English plural, chosen by the field ``n``
    context: str | None = None  # what a translation may need to know ("feminine": the noun's gender)

    def english(self) -> str:
        """The message in its own language, English."""
        text = self.text if self.plural is None or self.params.get("n") == 1 else self.plural
        params = self.params
        if any(isinstance(v, Msg) for v in params.values()):
            params = {k: v.english() if isinstance(v, Msg) else v for k, v in params.items()}
        return _fill(text, params)

    def __str__(self) -> str:
        return self.english()


def msg(text: str, **params: Any) -> Msg:
    """Mark ``text`` as a message for users (Babel's extractor looks for ``msg``) with its fields."""
    return Msg(text, params)


def plural(one: str, many: str, n: int, **params: Any) -> Msg:
    """A message that agrees with the number ``n`` (a field of it): ``plural("{n} card", "{n} cards", n)``;
    each language's catalogue gives as many forms as its plural rule has (gettext's ``msgid_plural``)."""
    return Msg(one, {**params, "n": n}, plural=many)


def in_context(context: str, text: str, **params: Any) -> Msg:
    """A message whose words may depend on ``context`` in some languages (gettext's ``msgctxt``): Spanish
    says "es destruida" of an arena; a language without the distinction translates the plain message."""
    return Msg(text, params, context=context)


class Catalogue:
    """The translations of the messages of some folders (the server's, a game's): their ``<lang>.po``
    files (msgid the English text), merged by language."""

    def __init__(self, *folders: Path) -> None:
        self.words: dict[str, dict[Key, str | tuple[str, ...]]] = {SOURCE: {}}
        self.plural_forms: dict[str, Callable[[int], int]] = {}
        for folder in folders:  # a later folder's words win (a game's over the table's)
            for po in sorted(folder.glob("*.po")):
                with po.open("rb") as f:
                    cat = read_po(f)
                self.plural_forms[po.stem] = gettext.c2py(cat.plural_expr)
                self.words.setdefault(po.stem, {}).update(
                    {_key(m.id, m.context): _string(m.string) for m in cat if m.id and _string(m.string)})

    @property
    def languages(self) -> list[str]:
        return sorted(self.words)

    def say(self, message: Msg | str, lang: str) -> str:
        """``message`` in ``lang`` (English when the language or the message has no translation)."""
        if isinstance(message, str):
            return message
        table = self.words.get(lang)
        if not table:  # English, or a language without a catalogue
            return message.english()
        found = table.get((message.context, message.text))
        if found is None and message.context is not None:
            found = table.get((None, message.text))
        params = self._said(message.params, lang)
        if found is None:
            return Msg(message.text, params, message.plural).english()
        if isinstance(found, tuple):
            n = message.params.get("n")
            index = self.plural_forms[lang](n) if isinstance(n, int) else 0
            found = found[min(index, len(found) - 1)]
        return _fill(found, params)

    def fill(self, text: str, params: Mapping[str, Any], lang: str) -> str:
        """``say(Msg(text, params), lang)`` for a plain message (no plural, no context) without building
        it: the tables that word every legal action of every envelope go through here."""
        table = self.words.get(lang)
        found = table.get((None, text), text) if table else text
        if not isinstance(found, str):  # plural forms after all
            return self.say(Msg(text, params), lang)
        return _fill(found, self._said(params, lang))

    def _said(self, params: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
        """``params`` with the messages among them said (most have none: then ``params`` itself)."""
        for v in params.values():
            if isinstance(v, Msg):
                return {k: self.say(v, lang) if isinstance(v, Msg) else v for k, v in params.items()}
        return params

    def table(self, lang: str) -> dict[str, str]:
        """Every message of ``lang`` without plural forms, English text → words, for a front end that says
        its own messages (the browser); a context joins its text as gettext does, ``context\x04text``."""
        return {(f"{k[0]}\x04{k[1]}" if k[0] else k[1]): v for k, v in self.words.get(lang, {}).items()
                if isinstance(v, str)}


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


def _key(msgid: str | Sequence[str], context: str | None) -> Key:
    return (context, msgid if isinstance(msgid, str) else msgid[0])


def _string(s: str | Sequence[str] | None) -> str | tuple[str, ...]:
    """A translation, ``""`` when untranslated (a plural with any empty form counts as untranslated)."""
    if s is None or isinstance(s, str):
        return s or ""
    return tuple(s) if all(s) else ""


def _fill(template: str, params: Mapping[str, Any]) -> str:
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):  # a translation naming a field the message lacks
        return template
