"""The named Python escape hatch (``do: [{script: name}]``, ``effects/scripts.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..context import EffectContext
from ..scripts import SCRIPTS

if TYPE_CHECKING:
    from ...game import ChoqueGame


def script(g: ChoqueGame, ctx: EffectContext, a: Any) -> None:
    SCRIPTS[a["name"]](g, ctx)  # the name was checked when the card was loaded
