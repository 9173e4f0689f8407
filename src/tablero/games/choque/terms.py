"""The game's fixed vocabulary: card types, apoyo subtypes and the 22 exclusive abilities (CH-1, CH-8)."""

from __future__ import annotations

TYPES = ("personaje", "alma", "apoyo", "sector", "arena", "amalgama")
APOYO_SUBTYPES = ("normal", "continuo", "equipo", "rapido")

# CH-8: the 22 exclusive abilities, by their ids in the scenario spec.
KEYWORDS = (
    "alerta", "atormentar", "aura", "barbarie", "brutalidad", "clarividencia", "comandar", "cosmo",
    "doble_batalla", "elite", "emboscada", "fortaleza", "guarda", "heroismo", "invulnerable", "mimica",
    "portal", "primer_dano", "rito", "tortura", "toxina", "zombificar",
)
PARAM_KEYWORDS = frozenset({"clarividencia"})  # keywords printed with a number X

# Spanish display names, for logs and the terminal.
KEYWORD_NAMES = {
    "alerta": "Alerta", "atormentar": "Atormentar", "aura": "Aura", "barbarie": "Barbarie",
    "brutalidad": "Brutalidad", "clarividencia": "Clarividencia", "comandar": "Comandar", "cosmo": "Cosmo",
    "doble_batalla": "Doble batalla", "elite": "Élite", "emboscada": "Emboscada", "fortaleza": "Fortaleza",
    "guarda": "Guarda", "heroismo": "Heroísmo", "invulnerable": "Invulnerable", "mimica": "Mímica",
    "portal": "Portal", "primer_dano": "Primer daño", "rito": "Rito", "tortura": "Tortura",
    "toxina": "Toxina", "zombificar": "Zombificar",
}

KEYWORD_NAMES_EN = {  # English display names (--lang en)
    "alerta": "Alert", "atormentar": "Torment", "aura": "Aura", "barbarie": "Barbarity",
    "brutalidad": "Brutality", "clarividencia": "Clairvoyance", "comandar": "Command", "cosmo": "Cosmo",
    "doble_batalla": "Double battle", "elite": "Elite", "emboscada": "Ambush", "fortaleza": "Fortress",
    "guarda": "Guard", "heroismo": "Heroism", "invulnerable": "Invulnerable", "mimica": "Mimicry",
    "portal": "Portal", "primer_dano": "First strike", "rito": "Rite", "tortura": "Torture",
    "toxina": "Toxin", "zombificar": "Zombify",
}
