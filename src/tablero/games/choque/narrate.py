"""Readable log lines for players: Spanish by default, English available."""

from __future__ import annotations

from typing import Any

_ES = {
    "setup": "Se prepara el CHOQUE ({edition}); empieza {first}.",
    "turn": "— Turno {turn}: juega {player} —",
    "tortura": "{player} pierde un corazón por Tortura de {card} ({hearts} corazones).",
    "ofrenda": "{player} hace la ofrenda: devuelve {returned} cartas y roba de nuevo.",
    "draw": "{player} roba {card}.",
    "draw_hidden": "{player} roba una carta.",
    "draw_soul": "{player} roba un alma: {card}.",
    "draw_soul_hidden": "{player} roba un alma.",
    "deck_out": "{player} debe robar y su baraja principal está vacía.",
    "activate_soul": "{player} activa el alma {card} (total de almas: {total}).",
    "call": "{player} llama a {card} en {zone} ({how}).",
    "play": "{player} activa {card} en {zone}.",
    "use": "{player} usa {ability} de {source}.",
    "chain_link": "{player} responde con {link} (cadena de {size}).",
    "attack": "{player} declara batalla: {attacker} contra {target}.",
    "attack_again": "{player} repite la batalla contra {target}.",
    "attack_stopped": "{player} deja de atacar.",
    "defend": "{player} defiende con {defender}.",
    "elite": "{card} duplica fuerza y resistencia (Élite).",
    "clash": "Choque: {attacker} contra {defenders}.",
    "heart_lost": "{card} de {player} pierde un corazón (le quedan {hearts}).",
    "defeated": "{card} de {player} es vencido y va al Mictlán.",
    "destroyed": "{card} de {player} es destruido ({reason}).",
    "direct_attack": "{attacker} ataca directo: {player} deja al rival con {hearts} corazones.",
    "discard": "{player} manda {card} al Mictlán (límite de mano).",
    "end_phase": "{player} termina la fase {phase}.",
    "aura": "{card} de {player} vuelve al fondo de la baraja (Aura).",
    "portal": "{player} intercambia {zones} (Portal).",
    "mimica": "{player} confina {copied} y copia sus habilidades (Mímica).",
    "clarividencia": "{player} mira las {count} cartas superiores de su baraja (Clarividencia).",
    "clarividencia_done": "{player} reordena su baraja ({bottom} al fondo).",
    "declined": "{player} declina {ability}.",
    "surrender": "{player} se rinde.",
    "game_over": "Fin del CHOQUE: {result}.",
    "activate": "{player} activa {ability}.",
    "negated": "La habilidad {ability} de {player} queda negada.",
    "fizzled": "La habilidad {ability} de {player} no se resuelve: su condición ya no se cumple.",
    "add": "{player} añade {card} a su mano.",
    "add_hidden": "{player} añade una carta a su mano.",
    "anulado": "{player} anula la batalla.",
    "returned": "{card} de {player} regresa ({zone}).",
    "confined": "{card} de {player} queda confinado.",
    "isolated": "{card} de {player} queda aislado.",
    "use_card": "{player} usa {ability}.",
    "trigger": "Se dispara {ability} de {player}.",
    "liberated": "{player} libera {card} a su mano.",
    "paid_discard": "{player} paga {ability}: descarta {card}.",
    "paid_send": "{player} paga {ability}: manda {sent} de su baraja al Mictlán.",
    "paid_lose_hearts": "{player} paga {ability}: pierde {lost} (le quedan {hearts}).",
    "paid_sacrifice": "{player} paga {ability}: sacrifica a {card}.",
    "paid_return_soul": "{player} paga {ability}: devuelve el alma {card} a su mano.",
    "paid_isolate": "{player} paga {ability}: aísla {card}.",
    "paid_confine_self": "{player} paga {ability}: confina a {card}.",
    "no_effect": "{ability} de {player}: {why}, así que esa parte no tiene efecto.",
}
_EN = {
    "setup": "The CHOQUE is set up ({edition}); {first} starts.",
    "turn": "— Turn {turn}: {player} plays —",
    "tortura": "{player} loses a heart to {card}'s Tortura ({hearts} hearts).",
    "ofrenda": "{player} makes the ofrenda: returns {returned} cards and draws again.",
    "draw": "{player} draws {card}.",
    "draw_hidden": "{player} draws a card.",
    "draw_soul": "{player} draws a soul: {card}.",
    "draw_soul_hidden": "{player} draws a soul.",
    "deck_out": "{player} must draw from an empty main deck.",
    "activate_soul": "{player} activates soul {card} (soul total: {total}).",
    "call": "{player} calls {card} into {zone} ({how}).",
    "play": "{player} plays {card} into {zone}.",
    "use": "{player} uses {ability} of {source}.",
    "chain_link": "{player} responds with {link} (chain of {size}).",
    "attack": "{player} declares battle: {attacker} against {target}.",
    "attack_again": "{player} repeats the battle against {target}.",
    "attack_stopped": "{player} stops attacking.",
    "defend": "{player} defends with {defender}.",
    "elite": "{card} doubles strength and resistance (Élite).",
    "clash": "Clash: {attacker} against {defenders}.",
    "heart_lost": "{player}'s {card} loses a heart ({hearts} left).",
    "defeated": "{player}'s {card} is defeated and goes to the Mictlán.",
    "destroyed": "{player}'s {card} is destroyed ({reason}).",
    "direct_attack": "{attacker} attacks directly: {player} leaves the opponent on {hearts} hearts.",
    "discard": "{player} sends {card} to the Mictlán (hand limit).",
    "end_phase": "{player} ends the {phase} phase.",
    "aura": "{player}'s {card} returns to the bottom of the deck (Aura).",
    "portal": "{player} swaps {zones} (Portal).",
    "mimica": "{player} confines {copied} and copies its abilities (Mímica).",
    "clarividencia": "{player} looks at the top {count} cards of their deck (Clarividencia).",
    "clarividencia_done": "{player} reorders their deck ({bottom} to the bottom).",
    "declined": "{player} declines {ability}.",
    "surrender": "{player} surrenders.",
    "game_over": "The CHOQUE is over: {result}.",
    "activate": "{player} activates {ability}.",
    "negated": "{player}'s {ability} is negated.",
    "fizzled": "{player}'s {ability} does not resolve: its condition no longer holds.",
    "add": "{player} adds {card} to their hand.",
    "add_hidden": "{player} adds a card to their hand.",
    "anulado": "{player} cancels the battle.",
    "returned": "{player}'s {card} is returned ({zone}).",
    "confined": "{player}'s {card} is confined.",
    "isolated": "{player}'s {card} is isolated.",
    "use_card": "{player} uses {ability}.",
    "trigger": "{player}'s {ability} triggers.",
    "liberated": "{player} releases {card} to their hand.",
    "paid_discard": "{player} pays for {ability}: discards {card}.",
    "paid_send": "{player} pays for {ability}: sends {sent} from their deck to the Mictlán.",
    "paid_lose_hearts": "{player} pays for {ability}: loses {lost} ({hearts} left).",
    "paid_sacrifice": "{player} pays for {ability}: sacrifices {card}.",
    "paid_return_soul": "{player} pays for {ability}: returns the soul {card} to their hand.",
    "paid_isolate": "{player} pays for {ability}: isolates {card}.",
    "paid_confine_self": "{player} pays for {ability}: confines {card}.",
    "no_effect": "{player}'s {ability}: {why}, so that part has no effect.",
}

# why a verb did nothing (the ``no_effect`` event's ``verb``): what it found missing
_NOTHING_ES = {"send": "su baraja está vacía", "discard": "no hay cartas en la mano",
               "liberar": "no hay ninguna carta confinada que liberar", "add": "no hay ninguna carta que añadir",
               "special_call": "no hay ninguna carta que llamar o zona libre"}
_NOTHING_EN = {"send": "the deck is empty", "discard": "there are no cards in hand",
               "liberar": "there is no confined card to release", "add": "there is no card to add",
               "special_call": "there is no card to call or no free zone"}


_HOW_ES = {"normal": "llamado normal", "amalgam": "llamado amalgama", "effect": "llamado especial",
           "rito": "Rito", "cosmo": "Cosmo", "zombificar": "Zombificar"}
_HOW_EN = {"normal": "normal call", "amalgam": "amalgam call", "effect": "special call"}
_PHASE_ES = {"start": "de inicio", "ofrenda": "de ofrenda", "soul_draw": "de robo de alma",
             "turn_draw": "de robo", "action": "de acción", "combat": "de combate", "end": "final"}


def narrate(event: dict[str, Any], lang: str = "es", names: dict[str, str] | None = None) -> str:
    """One event as a sentence; ``names`` maps card ids to display names."""
    table = _EN if lang == "en" else _ES
    kind = str(event.get("event"))
    data = dict(event)
    if names:
        for k in ("card", "attacker", "defender", "copied", "source"):
            v = data.get(k)
            if isinstance(v, str) and v in names:
                data[k] = names[v]
        if isinstance(data.get("defenders"), list):
            data["defenders"] = ", ".join(names.get(d, d) for d in data["defenders"])
    source = data.get("source")
    if data.get("ability") in ("effect", "ability") and isinstance(source, str):  # an apoyo's own effect
        data["ability"] = (names or {}).get(source, source)
    how = data.get("how")
    if isinstance(how, str):
        data["how"] = (_HOW_EN if lang == "en" else _HOW_ES).get(how, how)
    if data.get("target") == "hearts":
        data["target"] = "the hearts" if lang == "en" else "los corazones"
    if lang != "en" and isinstance(data.get("phase"), str):
        data["phase"] = _PHASE_ES.get(data["phase"], data["phase"])
    if kind in ("draw", "draw_soul", "add") and "card" not in data:
        kind += "_hidden"
    if kind == "game_over":
        w = data.get("winner")
        if lang == "en":
            data["result"] = "a draw" if w == "draw" else f"{w} wins"
        else:
            data["result"] = "empate" if w == "draw" else f"gana {w}"
    if kind == "paid":
        _paid_words(data, lang, names)
        kind = f"paid_{data.get('cost')}"
    if kind == "no_effect":
        nothing = _NOTHING_EN if lang == "en" else _NOTHING_ES
        data["why"] = nothing.get(str(data.get("verb")), "its target is no longer on the field" if lang == "en"
                                  else "su objetivo ya no está en el campo")
    template = table.get(kind)
    if template is None:
        return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("event", "turn"))
    try:
        return template.format(**data)
    except KeyError:
        return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "event")


def _paid_words(data: dict[str, Any], lang: str, names: dict[str, str] | None) -> None:
    """The counted parts of a paid cost, in words that agree with their number."""
    n = int(data.get("count") or 0)
    cards = [(names or {}).get(c, c) for c in data.get("cards") or []]
    if lang == "en":
        data["sent"] = ", ".join(cards) if cards else f"{n} card{'s' if n != 1 else ''}"
        data["lost"] = f"{n} heart{'s' if n != 1 else ''}"
    else:
        data["sent"] = ", ".join(cards) if cards else f"{n} carta{'s' if n != 1 else ''}"
        data["lost"] = f"{n} corazón" if n == 1 else f"{n} corazones"
