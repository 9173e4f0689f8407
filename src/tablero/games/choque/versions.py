"""Choque's rules versions: which rules a stored game was played under, and what replays an older one.

Every stored game (a server's game record, a ``tablero play --save`` file) records ``RULES_VERSION`` as it
was when the game began. A record opened later is replayed under the rules of that day's code; when they
are newer, the record still opens, says which version it was played under, and shows as much of it as the
current rules accept (``tablero.core.record.GameRecord.replay``).

Bump ``RULES_VERSION`` with every change of behaviour of the rules: whenever a stored action could now be
refused, mean something else, or lead somewhere else (a rule, a ruling, a card's data or script). Not for
a change that keeps every game the same (a faster path, a clearer message, a new front end). Then:

1. add a line to the history below, saying what changed;
2. if an engine option (``options.py``) restores the old reading, add it to ``RESTORES`` under the new
   version: replays of older records then apply it, and most old games replay whole;
3. add a line under "Rules versions" at the end of ``docs/rulings.md``.

History:

1. Everything before issue 15. Records that name no version (saved before versions existed) are version 1.
2. Issue 15: the ofrenda is mandatory when offered (CH-5.3; ``choque.ofrenda_optional`` restores passing
   it); negation reaches keyword links and the activation of continuous cards; rápido apoyos may be played
   in their owner's combat phase; abilities that can do nothing are not offered; starter card data fixes.
   Replayed with ``choque.ofrenda_optional``, ``choque.idle_abilities`` and ``choque.activation_window``;
   the card data fixes have no option.
"""

from __future__ import annotations

from typing import Any

RULES_VERSION = 2

# version that changed a reading -> the engine options that restore the reading before it
RESTORES: dict[int, dict[str, Any]] = {
    2: {"choque.ofrenda_optional": True, "choque.idle_abilities": True, "choque.activation_window": True},
}


def options_for(version: int) -> dict[str, Any]:
    """The options that reproduce rules ``version`` as far as options can: those restoring every reading
    changed after it. Nothing for the current version, nor for a version newer than these rules (a record
    of a newer server: no option here knows its changes)."""
    out: dict[str, Any] = {}
    for changed in sorted(RESTORES):
        if version < changed <= RULES_VERSION:
            out.update(RESTORES[changed])
    return out


__all__ = ["RESTORES", "RULES_VERSION", "options_for"]
