"""The game log in words, for every front end (the terminal, the server's envelopes, the browser, the demo):
one sentence per event, in Spanish or English. Nothing here is a raw structure or an internal id: card ids
become card names, ability ids their printed names, zone lists "C1 y C3", reasons and link kinds words, and
Spanish agrees in number and gender ("1 carta", "la arena ... es destruida")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .terms import KEYWORD_NAMES, KEYWORD_NAMES_EN

_ES = {
    "setup": "Se prepara el CHOQUE ({edition}); empieza {first}.",
    "turn": "— Turno {turn}: juega {player} —",
    "tortura": "{player} pierde un corazón por Tortura de {card} ({hearts_left}).",
    "ofrenda": "{player} hace la ofrenda: {returned_words}.",
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
    "heart_lost": "{card} de {player} pierde un corazón ({hearts_left}).",
    "defeated": "{card} de {player} es {vencido} y va al Mictlán.",
    "destroyed": "{card} de {player} es {destruido} ({reason}).",
    "direct_attack": "{attacker} ataca directo: {player} deja al rival con {hearts_words}.",
    "discard": "{player} manda {card} al Mictlán.",
    "end_phase": "{player} termina la fase {phase}.",
    "aura": "{card} de {player} vuelve al fondo de la baraja (Aura).",
    "portal": "{player} intercambia {zones} (Portal).",
    "mimica": "{player} confina {copied} y copia sus habilidades (Mímica).",
    "clarividencia": "{player} mira {top_cards} de su baraja (Clarividencia).",
    "clarividencia_done": "{player} reordena su baraja ({bottom_words} al fondo).",
    "declined": "{player} declina {ability}.",
    "surrender": "{player} se rinde.",
    "game_over": "Fin del CHOQUE: {result}.",
    "activate": "{player} activa {ability}.",
    "negated": "Se niega {ability} de {player}.",
    "fizzled": "{ability} de {player} no se resuelve: su condición ya no se cumple.",
    "add": "{player} añade {card} a su mano.",
    "add_hidden": "{player} añade una carta a su mano.",
    "anulado": "{player} anula la batalla.",
    "returned": "{card} de {player} vuelve {to_where}.",
    "confined": "{card} de {player} queda {confinado}.",
    "isolated": "{card} de {player} queda {aislado}.",
    "use_card": "{player} usa {ability}.",
    "trigger": "Se dispara {ability} de {player}.",
    "liberated": "{player} libera {card} a su mano.",
    "paid_discard": "{player} paga {ability}: descarta {card}.",
    "paid_send": "{player} paga {ability}: manda {sent} de su baraja al Mictlán.",
    "paid_lose_hearts": "{player} paga {ability}: pierde {lost} ({hearts_left}).",
    "paid_sacrifice": "{player} paga {ability}: sacrifica a {card}.",
    "paid_return_soul": "{player} paga {ability}: devuelve el alma {card} a su mano.",
    "paid_isolate": "{player} paga {ability}: aísla {card}.",
    "paid_confine_self": "{player} paga {ability}: confina a {card}.",
    "no_effect": "{ability} de {player}: {why}, así que esa parte no tiene efecto.",
    "unknown": "Pasa algo en la partida ({player}).",
}
_EN = {
    "setup": "The CHOQUE is set up ({edition}); {first} starts.",
    "turn": "— Turn {turn}: {player} plays —",
    "tortura": "{player} loses a heart to {card}'s Tortura ({hearts_left}).",
    "ofrenda": "{player} makes the ofrenda: {returned_words}.",
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
    "heart_lost": "{player}'s {card} loses a heart ({hearts_left}).",
    "defeated": "{player}'s {card} is defeated and goes to the Mictlán.",
    "destroyed": "{player}'s {card} is destroyed ({reason}).",
    "direct_attack": "{attacker} attacks directly: {player} leaves the opponent on {hearts_words}.",
    "discard": "{player} sends {card} to the Mictlán.",
    "end_phase": "{player} ends the {phase} phase.",
    "aura": "{player}'s {card} returns to the bottom of the deck (Aura).",
    "portal": "{player} swaps {zones} (Portal).",
    "mimica": "{player} confines {copied} and copies its abilities (Mímica).",
    "clarividencia": "{player} looks at {top_cards} of their deck (Clarividencia).",
    "clarividencia_done": "{player} reorders their deck ({bottom_words} to the bottom).",
    "declined": "{player} declines {ability}.",
    "surrender": "{player} surrenders.",
    "game_over": "The CHOQUE is over: {result}.",
    "activate": "{player} activates {ability}.",
    "negated": "{player}'s {ability} is negated.",
    "fizzled": "{player}'s {ability} does not resolve: its condition no longer holds.",
    "add": "{player} adds {card} to their hand.",
    "add_hidden": "{player} adds a card to their hand.",
    "anulado": "{player} cancels the battle.",
    "returned": "{player}'s {card} returns {to_where}.",
    "confined": "{player}'s {card} is confined.",
    "isolated": "{player}'s {card} is isolated.",
    "use_card": "{player} uses {ability}.",
    "trigger": "{player}'s {ability} triggers.",
    "liberated": "{player} releases {card} to their hand.",
    "paid_discard": "{player} pays for {ability}: discards {card}.",
    "paid_send": "{player} pays for {ability}: sends {sent} from their deck to the Mictlán.",
    "paid_lose_hearts": "{player} pays for {ability}: loses {lost} ({hearts_left}).",
    "paid_sacrifice": "{player} pays for {ability}: sacrifices {card}.",
    "paid_return_soul": "{player} pays for {ability}: returns the soul {card} to their hand.",
    "paid_isolate": "{player} pays for {ability}: isolates {card}.",
    "paid_confine_self": "{player} pays for {ability}: confines {card}.",
    "no_effect": "{player}'s {ability}: {why}, so that part has no effect.",
    "unknown": "Something happens in the game ({player}).",
}

_HOW = {"es": {"normal": "llamado normal", "amalgam": "llamado amalgama", "effect": "llamado especial"},
        "en": {"normal": "normal call", "amalgam": "amalgam call", "effect": "special call"}}
_PHASE = {"es": {"start": "de inicio", "ofrenda": "de ofrenda", "soul_draw": "de robo de alma",
                 "turn_draw": "de robo", "action": "de acción", "combat": "de combate", "end": "final"},
          "en": {"start": "start", "ofrenda": "ofrenda", "soul_draw": "soul draw", "turn_draw": "draw",
                 "action": "action", "combat": "combat", "end": "end"}}
_REASON = {"es": {"arena": "otra arena la reemplaza", "equipo": "ya no equipa a nadie", "atormentar": "Atormentar",
                  "effect": "por un efecto", "resistance": "su resistencia llegó a 0",
                  "negated": "su activación fue negada", "cost": "para pagar un coste",
                  "sacrifice": "como sacrificio"},
           "en": {"arena": "another arena replaces it", "equipo": "it equips no one", "atormentar": "Torment",
                  "effect": "by an effect", "resistance": "its resistance reached 0",
                  "negated": "its activation was negated", "cost": "to pay a cost", "sacrifice": "as a sacrifice"}}
# chain links and negated links named by their kind, not by an ability
_LINK = {"es": {"ability": "una habilidad", "trig": "un disparo", "trigger": "un disparo", "apoyo": "un apoyo",
                "activation": "la activación", "call": "un llamado", "window": "nada"},
         "en": {"ability": "an ability", "trig": "a trigger", "trigger": "a trigger", "apoyo": "a support",
                "activation": "the activation", "call": "a call", "window": "nothing"}}
_NOTHING = {"es": {"send": "su baraja está vacía", "discard": "no hay cartas en la mano",
                   "liberar": "no hay ninguna carta confinada que liberar", "add": "no hay ninguna carta que añadir",
                   "special_call": "no hay ninguna carta que llamar o zona libre"},
            "en": {"send": "the deck is empty", "discard": "there are no cards in hand",
                   "liberar": "there is no confined card to release", "add": "there is no card to add",
                   "special_call": "there is no card to call or no free zone"}}
_TARGET_GONE = {"es": "su objetivo ya no está en el campo", "en": "its target is no longer on the field"}
FEMININE = frozenset({"alma", "amalgama", "arena"})  # Spanish card types: "la arena", "el apoyo"


@dataclass(frozen=True)
class Lexicon:
    """What names a log line needs in one language: card ids → names, ability ids and printed names →
    names as shown, card ids → card types (for Spanish agreement)."""

    lang: str = "es"
    cards: dict[str, str] = field(default_factory=dict)
    abilities: dict[str, str] = field(default_factory=dict)
    types: dict[str, str] = field(default_factory=dict)

    def card(self, cid: Any) -> str:
        return self.cards.get(cid, cid) if isinstance(cid, str) else str(cid)

    def ability(self, name: str) -> str:
        keywords = KEYWORD_NAMES_EN if self.lang == "en" else KEYWORD_NAMES
        return self.abilities.get(name) or keywords.get(name, name)


def lexicon(cards: Iterable[Any], lang: str) -> Lexicon:
    """The lexicon of these card definitions (``CardDef``) in ``lang``: their names, their abilities'
    printed names (English where the card file gives one) and their types."""
    names: dict[str, str] = {}
    abilities: dict[str, str] = {}
    types: dict[str, str] = {}
    for c in cards:
        if c.id in names:
            continue
        names[c.id] = c.display_name(lang)
        types[c.id] = c.type
        for ab in c.raw.get("abilities") or []:
            en = ab.get("en") if isinstance(ab, dict) else None
            if lang == "en" and isinstance(en, dict) and isinstance(en.get("name"), str):
                abilities[ab["name"]] = en["name"]
    return Lexicon(lang, names, abilities, types)


def narrate(event: dict[str, Any], lang: str = "es", names: dict[str, str] | Lexicon | None = None) -> str:
    """One event as a sentence in ``lang``; ``names`` is a ``Lexicon`` (or a plain card id → name map)."""
    lx = names if isinstance(names, Lexicon) else Lexicon(lang, dict(names or {}))
    es = lang != "en"
    key = "es" if es else "en"  # the tables' language
    kind = str(event.get("event"))
    data = dict(event)
    data.setdefault("player", "")
    for k in ("card", "attacker", "defender", "copied", "source"):
        if k in data:
            data[k] = lx.card(data[k])
    data["ability"] = _ability_words(event, lx, lang)
    if isinstance(event.get("defenders"), list):
        data["defenders"] = join([lx.card(d) for d in event["defenders"]], lang)
    if isinstance(event.get("zones"), list):
        data["zones"] = join([str(z) for z in event["zones"]], lang)
    if "target" in event:
        data["target"] = _targets(event["target"], lang)
    if isinstance(event.get("how"), str):
        how = event["how"]
        data["how"] = _HOW[key].get(how) or lx.ability(how)
    if isinstance(event.get("phase"), str):
        data["phase"] = _PHASE[key].get(event["phase"], event["phase"])
    if "reason" in event:
        data["reason"] = _REASON[key].get(str(event["reason"]), str(event["reason"]))
    if isinstance(event.get("link"), str):
        link = event["link"]
        data["link"] = _LINK[key].get(link) or lx.ability(link)
    _counted(data, event, lang)
    _agreement(data, event, lx, lang)
    if kind in ("draw", "draw_soul", "add") and "card" not in event:
        kind += "_hidden"
    if kind == "game_over":
        w = event.get("winner")
        data["result"] = (("empate" if es else "a draw") if w == "draw"
                          else (f"gana {w}" if es else f"{w} wins"))
    if kind == "paid":
        _paid_words(data, event, lang, lx)
        kind = f"paid_{event.get('cost')}"
    if kind == "no_effect":
        data["why"] = _NOTHING[key].get(str(event.get("verb")), _TARGET_GONE[key])
    table = _EN if not es else _ES
    template = table.get(kind, table["unknown"])
    try:
        return template.format(**data)
    except (KeyError, IndexError):
        return table["unknown"].format(player=data.get("player", ""))


def join(items: list[str], lang: str) -> str:
    """``a, b y c`` / ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" and " if lang == "en" else " y ") + items[-1]


def _ability_words(event: dict[str, Any], lx: Lexicon, lang: str) -> str:
    """The ability an event names: an apoyo's own effect by its card, a link kind in words, a keyword or a
    printed ability by its name."""
    ability = event.get("ability")
    if not isinstance(ability, str):
        return ""
    source = event.get("source")
    if ability in ("effect", "ability") and isinstance(source, str):
        return lx.card(source)
    if ability == "optional":
        return "an optional ability" if lang == "en" else "una habilidad opcional"
    links = _LINK["en" if lang == "en" else "es"]
    if ability in links and event.get("event") == "negated":
        return links[ability]
    return lx.ability(ability)


def _targets(target: Any, lang: str) -> str:
    """A battle's target: "los corazones", or zones like "C1 de B" joined."""
    if target == "hearts":
        return "the hearts" if lang == "en" else "los corazones"
    refs = target if isinstance(target, list) else [target]
    words = []
    for ref in refs:
        side, _, zone = str(ref).partition(".")
        words.append((f"{side}'s {zone}" if lang == "en" else f"{zone} de {side}") if zone else str(ref))
    return join(words, lang)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def n_cards(n: int, lang: str) -> str:
    """``1 carta``, ``3 cartas`` / ``1 card``, ``3 cards``."""
    return _count(n, "card", "cards") if lang == "en" else _count(n, "carta", "cartas")


def _counted(data: dict[str, Any], event: dict[str, Any], lang: str) -> None:
    """Counts in words that agree with their number."""
    en = lang == "en"
    if "hearts" in event and isinstance(event["hearts"], int):
        n = event["hearts"]
        data["hearts_words"] = _count(n, "heart", "hearts") if en else _count(n, "corazón", "corazones")
        data["hearts_left"] = (f"{n} left" if en else ("le queda 1 corazón" if n == 1 else f"le quedan {n} corazones"))
    if "returned" in event:
        n = int(event["returned"] or 0)
        if en:
            data["returned_words"] = f"returns {n_cards(n, lang)} and draws again" if n else "returns no card"
        else:
            data["returned_words"] = (f"devuelve {n_cards(n, lang)} y roba de nuevo" if n
                                      else "no devuelve ninguna carta")
    if "count" in event and event.get("event") == "clarividencia":
        n = int(event["count"] or 0)
        if en:
            data["top_cards"] = "the top card" if n == 1 else f"the top {n} cards"
        else:
            data["top_cards"] = "la carta superior" if n == 1 else f"las {n} cartas superiores"
    if "bottom" in event:
        n = int(event["bottom"] or 0)
        data["bottom_words"] = n_cards(n, lang)


def _agreement(data: dict[str, Any], event: dict[str, Any], lx: Lexicon, lang: str) -> None:
    """Spanish participles that agree with the card's gender: "la arena ... es destruida"."""
    fem = lx.types.get(str(event.get("card")), "") in FEMININE
    for word in ("vencido", "destruido", "confinado", "aislado"):
        data[word] = word[:-1] + ("a" if fem else "o")
    to = event.get("to", "hand")
    if lang == "en":
        data["to_where"] = {"main_top": "to the top of the deck", "main_bottom": "to the bottom of the deck"}.get(
            str(to), "to the hand")
    else:
        data["to_where"] = {"main_top": "arriba de la baraja", "main_bottom": "al fondo de la baraja"}.get(
            str(to), "a la mano")


def _paid_words(data: dict[str, Any], event: dict[str, Any], lang: str, lx: Lexicon) -> None:
    """The counted parts of a paid cost, in words that agree with their number."""
    n = int(event.get("count") or 0)
    cards = [lx.card(c) for c in event.get("cards") or []]
    if lang == "en":
        data["sent"] = join(cards, lang) if cards else n_cards(n, lang)
        data["lost"] = _count(n, "heart", "hearts")
    else:
        data["sent"] = join(cards, lang) if cards else n_cards(n, lang)
        data["lost"] = _count(n, "corazón", "corazones")
