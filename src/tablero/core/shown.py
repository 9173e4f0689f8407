"""Values from a user's file as the user would write them back, for messages: ``nothing``, ``true``,
``'text'``, ``[1, 2]`` — never Python's spelling (``None``, ``True``, ``NoneType``, ``str``). Card files,
decks, scenarios and saved games are YAML or JSON; their authors never wrote Python."""

from __future__ import annotations

import json
from typing import Any

from .i18n import Msg, msg

LONGEST = 80  # characters of a value shown before it is cut


def shown(value: Any) -> str | Msg:
    """``value`` as written in YAML or JSON (a text quoted), cut to ``LONGEST`` characters; nothing (an
    empty value) in words, said in the reader's language."""
    if value is None:
        return msg("nothing (an empty value)")
    if isinstance(value, str):
        text = repr(value) if "'" not in value else json.dumps(value, ensure_ascii=False)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            text = str(value)
    return text if len(text) <= LONGEST else text[:LONGEST - 1] + "…"


def kind(value: Any) -> str:
    """What sort of value it is, in the file's own terms: a map, a list, a text, a number, true/false."""
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'} (a yes/no value)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {shown(value)}"
    if isinstance(value, dict):
        return "a map"
    if isinstance(value, (list, tuple)):
        return "a list"
    return "a value of another kind"
