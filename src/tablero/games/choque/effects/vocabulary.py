"""The effect language's vocabulary: every trigger, cost, verb and filter a card file may use.

One table per part, read by the validator (``schema.py``), the designer's guide (``docs/cards.md``) and the
rules that run it (``effects/__init__.py``).
A parameter spec is ``(kind, required, default)``; kinds are checked by
``schema.check_value``. Adding a verb means adding a row here and its function in ``effects/verbs/`` (``BY_VERB``).
"""

from __future__ import annotations

from typing import Any

from tablero.core.i18n import Msg, msg

from ..terms import KEYWORDS, TYPES

SIDES = ("own", "opponent", "any")
ZONES = ("field", "hand", "mictlan", "confined", "deck")
UNTILS = ("turn", "battle", "field")  # until end of turn, until the battle ends, while it stays on the field
CATEGORIES = ("continuo", "encendido", "rapido", "disparo")  # CH-7.1 … CH-7.3
PLAYERS = ("self", "opponent", "both")

# Filters select cards or characters (CH-12 "seleccionar"). All keys are optional and combine with AND.
FILTER_KEYS: dict[str, tuple[Msg, Any]] = {
    "side": (msg("one of {items}", items=", ".join(SIDES)), SIDES),
    "type": (msg("a card type or a list of them"), TYPES),
    "value": (msg("an integer"), int),
    "value_min": (msg("an integer"), int),
    "value_max": (msg("an integer"), int),
    "strength_min": (msg("an integer"), int),
    "strength_max": (msg("an integer"), int),
    "archetype": (msg("an archetype tag"), str),
    "keyword": (msg("an exclusive ability id"), KEYWORDS),
    "status": (msg("a status name (see enfermar)"), str),
    "mode": (msg("a mode name (see set_mode)"), str),
    "name": (msg("a card name"), str),
    "not_self": (msg("true or false"), bool),
    "sector": (msg("'same' (the source's sector) or 'other'"), ("same", "other")),
}

# Triggers of disparo abilities (CH-7.3), written ``when: {event: called, ...}``.
TRIGGERS: dict[str, dict[str, tuple[str, bool, Any]]] = {
    "called": {"how": ("normal|special|any", False, "any")},        # this card was called
    "leaves_field": {},                                                # this character left the field
    "destroyed": {},                                                   # destroyed by an effect (CH-12 destruir)
    "defeated": {},                                                    # defeated in combat (CH-12 vencer)
    "dies": {},                                                        # destroyed or defeated (CH-12 morir)
    "attacks": {},                                                     # this character declared battle
    "attacked": {},                                                    # this character was attacked
    "clash": {},                                                       # this character is about to clash
    "turn_start": {"whose": ("own|opponent|any", False, "own")},
    "turn_end": {"whose": ("own|opponent|any", False, "own")},
    "drawn": {},                                                       # this card was drawn
    "targeted": {},                                                    # an effect targeted this character
    "activated": {},                                                   # (apoyos) put into its zone
}

# Costs, paid when the ability is activated (CH-12 enviar, descartar, sacrificar, confinar, aislar...).
COSTS: dict[str, dict[str, tuple[str, bool, Any]]] = {
    "discard": {"count": ("int", False, 1), "filter": ("filter", False, None)},
    "send": {"count": ("int", False, 1)},                         # top of your main deck to the Mictlán
    "sacrifice": {"filter": ("filter", False, None)},             # one of your characters to the Mictlán
    "confine_self": {},                                           # this character to confinement
    "isolate": {"from": ("zone:mictlan|confined|hand", False, "mictlan"), "count": ("int", False, 1),
                "filter": ("filter", False, None)},
    "return_soul": {"count": ("int", False, 1), "value_min": ("int", False, 0)},  # active soul(s) to hand
    "lose_hearts": {"amount": ("int", True, None)},
}

# Verbs of the effect body (CH-12), run in order on resolution.
VERBS: dict[str, dict[str, tuple[str, bool, Any]]] = {
    "destroy": {"target": ("target", True, None)},
    "debilitar": {"target": ("target", True, None), "amount": ("int", True, None)},
    "modify": {"target": ("target", True, None), "strength": ("signed", False, 0), "resistance": ("signed", False, 0),
               "impact": ("signed", False, 0), "until": ("until", False, "turn")},
    "draw": {"count": ("int", False, 1), "player": ("player", False, "self")},
    "add": {"from": ("zone:deck|mictlan", False, "deck"), "filter": ("filter", False, None),
            "count": ("int", False, 1)},
    "special_call": {"from": ("zone:hand|deck|mictlan|confined", False, "hand"), "filter": ("filter", False, None),
                     "zone": ("zone:any|same_sector", False, "any")},
    "return": {"target": ("target", True, None), "to": ("zone:hand|deck_top|deck_bottom", False, "hand")},
    "confine": {"target": ("target", True, None)},
    "isolate": {"target": ("target", True, None)},
    "liberar": {"filter": ("filter", False, None), "to": ("zone:hand|field", False, "hand"),
                "count": ("int", False, 1)},
    "negate": {},            # the chain link this link responds to does nothing (CH-7.6, CH-12 negar)
    "anular": {},            # the battle in progress is cancelled (CH-12 anular)
    "gain_hearts": {"amount": ("int", True, None), "player": ("player", False, "self")},
    "lose_hearts": {"amount": ("int", True, None), "player": ("player", False, "opponent")},
    "discard": {"count": ("int", False, 1), "player": ("player", False, "opponent"), "random": ("bool", False, True)},
    "send": {"count": ("int", False, 1), "player": ("player", False, "self")},
    "shuffle": {"deck": ("zone:main|souls", False, "main"), "player": ("player", False, "self")},
    "enfermar": {"target": ("target", True, None), "status": ("str", True, None)},
    "set_mode": {"target": ("target", True, None), "mode": ("str", True, None)},
    "counters": {"target": ("target", True, None), "add": ("signed", True, None), "name": ("str", False, "mod")},
    "script": {"name": ("str", True, None)},   # the named Python escape hatch (scripts.py)
}

# Conditions (``if:``) checked on activation and again on resolution.
CONDITIONS: dict[str, str] = {
    "souls_min": "int",        # your soul total at least
    "hearts_max": "int",       # your hearts at most
    "hand_min": "int",
    "mode": "str",             # the source character is in this mode
    "counters_min": "int",     # the source has at least this many Mod counters
    "own_characters_min": "int",
    "opponent_characters_min": "int",
}
