"""The game's fixed vocabulary: card types, apoyo subtypes and the 22 exclusive abilities (CH-1, CH-8)."""

from __future__ import annotations

from tablero.core.i18n import Msg, msg

TYPES = ("personaje", "alma", "apoyo", "sector", "arena", "amalgama")
APOYO_SUBTYPES = ("normal", "continuo", "equipo", "rapido")

# CH-8: the 22 exclusive abilities, by their ids in the scenario spec.
KEYWORDS = (
    "alerta", "atormentar", "aura", "barbarie", "brutalidad", "clarividencia", "comandar", "cosmo",
    "doble_batalla", "elite", "emboscada", "fortaleza", "guarda", "heroismo", "invulnerable", "mimica",
    "portal", "primer_dano", "rito", "tortura", "toxina", "zombificar",
)
PARAM_KEYWORDS = frozenset({"clarividencia"})  # keywords printed with a number X

# the card types in words (a deck builder's filter and lines): the English here, the rest in locales/
TYPE_NAMES: dict[str, Msg] = {
    "personaje": msg("character"), "alma": msg("soul"), "apoyo": msg("support"), "sector": msg("sector"),
    "arena": msg("arena"), "amalgama": msg("amalgam"),
}

# display names, for logs and the terminal: the English here, the game's Spanish names in locales/es.po
KEYWORD_NAMES: dict[str, Msg] = {
    "alerta": msg("Alert"),
    "atormentar": msg("Torment"),
    "aura": msg("Aura"),
    "barbarie": msg("Barbarity"),
    "brutalidad": msg("Brutality"),
    "clarividencia": msg("Clairvoyance"),
    "comandar": msg("Command"),
    "cosmo": msg("Cosmo"),
    "doble_batalla": msg("Double battle"),
    "elite": msg("Elite"),
    "emboscada": msg("Ambush"),
    "fortaleza": msg("Fortress"),
    "guarda": msg("Guard"),
    "heroismo": msg("Heroism"),
    "invulnerable": msg("Invulnerable"),
    "mimica": msg("Mimicry"),
    "portal": msg("Portal"),
    "primer_dano": msg("First strike"),
    "rito": msg("Rite"),
    "tortura": msg("Torture"),
    "toxina": msg("Toxin"),
    "zombificar": msg("Zombify"),
}
