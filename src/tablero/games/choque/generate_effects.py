"""Effect-bearing cards for random games: together they use every trigger, cost and verb of the effect
language, so the random-game property tests and the soak exercise the chain, continuous effects,
amalgams and every verb under invariants (card conservation above all)."""

from __future__ import annotations

from typing import Any


def _pj(cid: str, name: str, value: int, s: int, r: int, abilities: list[dict[str, Any]], h: int = 1,
        **extra: Any) -> dict[str, Any]:
    return {"id": cid, "name": name, "type": "personaje", "value": value, "hearts": h, "strength": s,
            "resistance": r, "abilities": abilities, **extra}


EFFECT_CARDS: list[dict[str, Any]] = [
    _pj("fx_sabio", "Sabio del Códice", 2, 1, 2, [
        {"name": "saber", "category": "disparo", "when": {"event": "called", "how": "normal"}, "do": [{"draw": 1}]}]),
    _pj("fx_cazador", "Cazador de Sombras", 3, 2, 3, [
        {"name": "caza", "category": "disparo", "when": {"event": "called"},
         "targets": {"t": {"side": "opponent"}}, "do": [{"debilitar": {"target": "t", "amount": 2}}]}]),
    _pj("fx_berserker", "Guerrero Berserker", 4, 3, 3, [
        {"name": "furia", "category": "encendido", "once_per_turn": True, "cost": [{"discard": 1}],
         "do": [{"modify": {"target": "self", "strength": 2}}, {"set_mode": {"target": "self", "mode": "berserker"}}]},
        {"name": "frenesi", "category": "encendido", "if": {"mode": "berserker"}, "once_per_turn": True,
         "do": [{"counters": {"target": "self", "add": 1}}]}]),
    _pj("fx_escudero", "Escudero Leal", 2, 1, 4, [
        {"name": "guardia", "category": "rapido", "once_per_turn": True, "cost": [{"lose_hearts": 1}],
         "do": [{"modify": {"target": "self", "resistance": 2, "until": "battle"}}]}]),
    _pj("fx_toro", "Toro de Bronce", 3, 2, 3, [
        {"name": "embestida", "category": "disparo", "when": {"event": "clash"},
         "do": [{"modify": {"target": "self", "strength": 2, "until": "battle"}}]},
        {"name": "legado", "category": "disparo", "when": {"event": "dies"}, "do": [{"draw": 1}]}]),
    _pj("fx_vengador", "Vengador Caído", 3, 3, 2, [
        {"name": "venganza", "category": "disparo", "when": {"event": "defeated"},
         "do": [{"lose_hearts": {"amount": 1, "player": "opponent"}}]},
        {"name": "ultimo", "category": "disparo", "when": {"event": "destroyed"}, "do": [{"send": 1}]},
        {"name": "adios", "category": "disparo", "when": {"event": "leaves_field"}, "do": [{"gain_hearts": 1}]}]),
    _pj("fx_centinela", "Centinela del Alba", 2, 2, 2, [
        {"name": "alba", "category": "disparo", "when": {"event": "turn_start", "whose": "own"},
         "do": [{"counters": {"target": "self", "add": 1}}]},
        {"name": "ocaso", "category": "disparo", "when": {"event": "turn_end", "whose": "any"},
         "if": {"counters_min": 2}, "do": [{"gain_hearts": 1}]}]),
    _pj("fx_heraldo", "Heraldo del Trueno", 2, 2, 1, [
        {"name": "grito", "category": "disparo", "when": {"event": "attacks"},
         "do": [{"modify": {"target": "self", "impact": 1}}]},
        {"name": "reflejo", "category": "disparo", "when": {"event": "attacked"},
         "do": [{"debilitar": {"target": "trigger", "amount": 1}}]}]),
    _pj("fx_vidente", "Vidente de Humo", 1, 1, 1, [
        {"name": "presagio", "category": "disparo", "when": {"event": "drawn"}, "optional": True,
         "do": [{"shuffle": {"deck": "main"}}]},
        {"name": "eco", "category": "disparo", "when": {"event": "targeted"}, "do": [{"draw": 1}]}]),
    _pj("fx_nigromante", "Nigromante del Mictlán", 5, 3, 3, [
        {"name": "levantar", "category": "encendido", "once_per_turn": True, "cost": [{"send": 1}],
         "do": [{"special_call": {"from": "mictlan", "filter": {"type": "personaje", "value_max": 3},
                                  "zone": "same_sector"}}]}]),
    _pj("fx_archivista", "Archivista", 3, 2, 2, [
        {"name": "buscar", "category": "encendido", "once_per_turn": True, "cost": [{"return_soul": 1}],
         "do": [{"add": {"from": "deck", "filter": {"type": "personaje", "value_max": 2}}}]},
        {"name": "rescatar", "category": "encendido", "once_per_turn": True,
         "cost": [{"isolate": {"from": "mictlan", "count": 1}}],
         "do": [{"add": {"from": "mictlan", "filter": {"type": "personaje"}}}]}]),
    _pj("fx_sacerdote", "Sacerdote de Obsidiana", 4, 2, 3, [
        {"name": "ofrenda_roja", "category": "encendido", "once_per_turn": True,
         "cost": [{"sacrifice": {"filter": {"type": "personaje"}}}],
         "targets": {"t": {"side": "opponent"}}, "do": [{"destroy": "t"}]}]),
    _pj("fx_carcelero", "Carcelero", 4, 2, 3, [
        {"name": "encerrar", "category": "encendido", "once_per_turn": True, "cost": [{"confine_self": {}}],
         "targets": {"t": {"side": "opponent", "value_max": 5}}, "do": [{"confine": "t"}]},
        {"name": "perdon", "category": "disparo", "when": {"event": "called", "how": "special"},
         "do": [{"liberar": {"to": "hand"}}]}]),
    _pj("fx_brujo", "Brujo de la Niebla", 3, 1, 3, [
        {"name": "maleficio", "category": "encendido", "once_per_turn": True,
         "targets": {"t": {"side": "opponent", "random": True}},
         "do": [{"enfermar": {"target": "t", "status": "maldito"}}, {"discard": {"count": 1}}]},
        {"name": "condena", "category": "encendido", "once_per_turn": True,
         "targets": {"t": {"side": "opponent", "status": "maldito"}}, "do": [{"isolate": "t"}]}]),
    _pj("fx_tormenta", "Señor de la Tormenta", 9, 6, 6, [
        {"name": "tempestad", "category": "encendido", "once_per_turn": True, "if": {"souls_min": 6},
         "do": [{"debilitar": {"target": {"all": {"side": "opponent"}}, "amount": 1}}]}], h=2),
    _pj("fx_mensajero", "Mensajero Veloz", 2, 1, 2, [
        {"name": "retirada", "category": "rapido", "once_per_turn": True,
         "targets": {"t": {"side": "own", "not_self": True}}, "do": [{"return": {"target": "t", "to": "hand"}}]},
        {"name": "olvido", "category": "encendido", "once_per_turn": True,
         "targets": {"t": {"side": "opponent", "value_max": 2}},
         "do": [{"return": {"target": "t", "to": "deck_bottom"}}, {"script": {"name": "espejo_de_humo"}}]}]),
    {"id": "fx_lanza", "name": "Lanza de Obsidiana", "type": "apoyo", "subtype": "normal",
     "effect": {"targets": {"t": {"side": "opponent", "type": "personaje", "value_max": 4}}, "do": [{"destroy": "t"}]}},
    {"id": "fx_tributo", "name": "Tributo", "type": "apoyo", "subtype": "normal",
     "effect": {"do": [{"draw": 2}, {"discard": {"count": 1, "player": "self", "random": False}}]}},
    {"id": "fx_espejo", "name": "Espejo Negro", "type": "apoyo", "subtype": "rapido",
     "effect": {"do": [{"negate": {}}]}},
    {"id": "fx_alto", "name": "¡Alto!", "type": "apoyo", "subtype": "rapido", "effect": {"do": [{"anular": {}}]}},
    {"id": "fx_retorno", "name": "Retorno", "type": "apoyo", "subtype": "rapido",
     "effect": {"targets": {"t": {"side": "any"}}, "do": [{"return": {"target": "t", "to": "deck_top"}}]}},
    {"id": "fx_estandarte", "name": "Estandarte", "type": "apoyo", "subtype": "continuo",
     "static": [{"modify": {"strength": 1}, "affects": {"side": "own"}}]},
    {"id": "fx_macana", "name": "Macana", "type": "apoyo", "subtype": "equipo", "equip": {"value_max": 6},
     "static": [{"modify": {"strength": 2, "resistance": 1}}]},
    {"id": "fx_niebla", "name": "Sector de la Niebla", "type": "sector", "placement": "either",
     "static": [{"modify": {"resistance": -1}}]},
    {"id": "fx_templo", "name": "Sector del Templo", "type": "sector",
     "static": [{"modify": {"resistance": 2}}],
     "abilities": [{"name": "bendicion", "category": "disparo", "when": {"event": "activated"}, "do": [{"draw": 1}]}]},
    {"id": "fx_coliseo", "name": "Arena Coliseo", "type": "arena", "scope": "both",
     "static": [{"modify": {"strength": 1}}]},
    {"id": "fx_volcan", "name": "Arena del Volcán", "type": "arena", "scope": "opponent",
     "static": [{"modify": {"resistance": -1}, "affects": {"value_max": 3}}]},
    {"id": "fx_fusion_jaguar", "name": "Jaguar-Águila", "type": "amalgama", "value": 7, "hearts": 2,
     "strength": 6, "resistance": 6, "materials": [{"count": 2, "type": "personaje"}],
     "abilities": [{"name": "rugido", "category": "disparo", "when": {"event": "called"},
                    "do": [{"debilitar": {"target": {"all": {"side": "opponent"}}, "amount": 1}}]}]},
    {"id": "fx_fusion_titan", "name": "Titán de Jade", "type": "amalgama", "value": 9, "hearts": 3,
     "strength": 8, "resistance": 8, "materials": [{"count": 1, "type": "personaje", "value_min": 3},
                                                   {"count": 1, "type": ["apoyo", "sector", "arena"]}]},
]
