"""The game log in words, for every front end (the terminal, the server's envelopes, the browser, the demo):
one sentence per event, written here in English and said in the reader's language from the game's message
catalogue (``locales/<lang>.po``). Nothing here is a raw structure or an internal id: card ids become card
names, ability ids their printed names, zone lists "C1 y C3", reasons and link kinds words; counts agree
with their number through the catalogue's plural forms ("1 carta", "3 cartas") and participles with the
card's gender through a context ("la arena ... es destruida": ``feminine``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tablero.core.i18n import Msg, in_context, msg, plural

from .catalogue import words
from .terms import KEYWORD_NAMES

_EN = {
    "setup": msg("The CHOQUE is set up ({edition}); {first} starts."),
    "turn": msg("— Turn {turn}: {player} plays —"),
    "tortura": msg("{player} loses a heart to {card}'s Tortura ({hearts_left})."),
    "ofrenda": msg("{player} makes the ofrenda: {returned_words}."),
    "draw": msg("{player} draws {card}."),
    "draw_hidden": msg("{player} draws a card."),
    "draw_soul": msg("{player} draws a soul: {card}."),
    "draw_soul_hidden": msg("{player} draws a soul."),
    "deck_out": msg("{player} must draw from an empty main deck."),
    "activate_soul": msg("{player} activates soul {card} (soul total: {total})."),
    "call": msg("{player} calls {card} into {zone} ({how})."),
    "play": msg("{player} plays {card} into {zone}."),
    "use": msg("{player} uses {ability} of {source}."),
    "chain_link": msg("{player} responds with {link} (chain of {size})."),
    "attack": msg("{player} declares battle: {attacker} against {target}."),
    "attack_again": msg("{player} repeats the battle against {target}."),
    "attack_stopped": msg("{player} stops attacking."),
    "defend": msg("{player} defends with {defender}."),
    "elite": msg("{card} doubles strength and resistance (Élite)."),
    "clash": msg("Clash: {attacker} against {defenders}."),
    "heart_lost": msg("{player}'s {card} loses a heart ({hearts_left})."),
    "defeated": msg("{player}'s {card} is defeated and goes to the Mictlán."),
    "destroyed": msg("{player}'s {card} is destroyed ({reason})."),
    "direct_attack": msg("{attacker} attacks directly: {player} leaves the opponent on {hearts_words}."),
    "discard": msg("{player} sends {card} to the Mictlán."),
    "end_phase": msg("{player} ends the {phase} phase."),
    "aura": msg("{player}'s {card} returns to the bottom of the deck (Aura)."),
    "portal": msg("{player} swaps {zones} (Portal)."),
    "mimica": msg("{player} confines {copied} and copies its abilities (Mímica)."),
    "clarividencia": msg("{player} looks at {top_cards} of their deck (Clarividencia)."),
    "clarividencia_done": msg("{player} reorders their deck ({bottom_words} to the bottom)."),
    "declined": msg("{player} declines {ability}."),
    "surrender": msg("{player} surrenders."),
    "game_over": msg("The CHOQUE is over: {result}."),
    "activate": msg("{player} activates {ability}."),
    "negated": msg("{player}'s {ability} is negated."),
    "fizzled": msg("{player}'s {ability} does not resolve: its condition no longer holds."),
    "add": msg("{player} adds {card} to their hand."),
    "add_hidden": msg("{player} adds a card to their hand."),
    "anulado": msg("{player} cancels the battle."),
    "returned": msg("{player}'s {card} returns {to_where}."),
    "confined": msg("{player}'s {card} is confined."),
    "isolated": msg("{player}'s {card} is isolated."),
    "use_card": msg("{player} uses {ability}."),
    "trigger": msg("{player}'s {ability} triggers."),
    "liberated": msg("{player} releases {card} to their hand."),
    "paid_discard": msg("{player} pays for {ability}: discards {card}."),
    "paid_send": msg("{player} pays for {ability}: sends {sent} from their deck to the Mictlán."),
    "paid_lose_hearts": msg("{player} pays for {ability}: loses {lost} ({hearts_left})."),
    "paid_sacrifice": msg("{player} pays for {ability}: sacrifices {card}."),
    "paid_return_soul": msg("{player} pays for {ability}: returns the soul {card} to their hand."),
    "paid_isolate": msg("{player} pays for {ability}: isolates {card}."),
    "paid_confine_self": msg("{player} pays for {ability}: confines {card}."),
    "no_effect": msg("{player}'s {ability}: {why}, so that part has no effect."),
    "unknown": msg("Something happens in the game ({player})."),
}

_HOW = {"normal": msg("normal call"), "amalgam": msg("amalgam call"), "effect": msg("special call")}
_PHASE = {"start": msg("start"), "ofrenda": msg("ofrenda"), "soul_draw": msg("soul draw"), "turn_draw": msg("draw"),
          "action": msg("action"), "combat": msg("combat"), "end": msg("end")}
_REASON = {"arena": msg("another arena replaces it"), "equipo": msg("it equips no one"),
           "atormentar": msg("Torment"), "effect": msg("by an effect"), "resistance": msg("its resistance reached 0"),
           "negated": msg("its activation was negated"), "cost": msg("to pay a cost"),
           "sacrifice": msg("as a sacrifice")}
# chain links and negated links named by their kind, not by an ability
_LINK = {"ability": msg("an ability"), "trig": msg("a trigger"), "trigger": msg("a trigger"),
         "apoyo": msg("a support"), "activation": msg("the activation"), "call": msg("a call"),
         "window": msg("nothing")}
_NOTHING = {"send": msg("the deck is empty"), "discard": msg("there are no cards in hand"),
            "liberar": msg("there is no confined card to release"), "add": msg("there is no card to add"),
            "special_call": msg("there is no card to call or no free zone")}
_TARGET_GONE = msg("its target is no longer on the field")
_TO_WHERE = {"main_top": msg("to the top of the deck"), "main_bottom": msg("to the bottom of the deck")}
_GENDERED = frozenset({"defeated", "destroyed", "confined", "isolated"})  # participles that agree with the card
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
        return self.abilities.get(name) or keyword_name(name, self.lang)


def keyword_name(kw: str, lang: str) -> str:
    """A keyword's name (``primer_dano`` → "Primer daño" / "First strike"); an unknown id as it is."""
    return words().say(KEYWORD_NAMES[kw], lang) if kw in KEYWORD_NAMES else kw


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
    kind = str(event.get("event"))
    data = _fields(event, lx, lang)
    if kind in ("draw", "draw_soul", "add") and "card" not in event:
        kind += "_hidden"
    if kind == "paid":
        _paid_words(data, event, lang, lx)
        kind = f"paid_{event.get('cost')}"
    template = _EN.get(kind)
    if template is None:
        return words().say(msg(_EN["unknown"].text, player=data["player"]), lang)
    feminine = kind in _GENDERED and lx.types.get(str(event.get("card")), "") in FEMININE
    message = in_context("feminine", template.text, **data) if feminine else Msg(template.text, data)
    return words().say(message, lang)


def _fields(event: dict[str, Any], lx: Lexicon, lang: str) -> dict[str, Any]:
    """The fields of an event's sentence: names for ids, words (messages) for kinds, counts that agree."""
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
        data["how"] = _HOW.get(event["how"]) or lx.ability(event["how"])
    if isinstance(event.get("phase"), str):
        data["phase"] = _PHASE.get(event["phase"], event["phase"])
    if "reason" in event:
        data["reason"] = _REASON.get(str(event["reason"]), str(event["reason"]))
    if isinstance(event.get("link"), str):
        data["link"] = _LINK.get(event["link"]) or lx.ability(event["link"])
    _counted(data, event, lang)
    data["to_where"] = _TO_WHERE.get(str(event.get("to", "hand")), msg("to the hand"))
    if event.get("event") == "game_over":
        w = event.get("winner")
        data["result"] = msg("a draw") if w == "draw" else msg("{w} wins", w=w)
    if event.get("event") == "no_effect":
        data["why"] = _NOTHING.get(str(event.get("verb")), _TARGET_GONE)
    return data


def join(items: list[str], lang: str) -> str:
    """``a, b y c`` / ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return words().say(msg("{rest} and {last}", rest=", ".join(items[:-1]), last=items[-1]), lang)


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
        return words().say(msg("an optional ability"), lang)
    if ability in _LINK and event.get("event") == "negated":
        return words().say(_LINK[ability], lang)
    return lx.ability(ability)


def _targets(target: Any, lang: str) -> str:
    """A battle's target: "los corazones", or zones like "C1 de B" joined."""
    if target == "hearts":
        return words().say(msg("the hearts"), lang)
    refs = target if isinstance(target, list) else [target]
    named = []
    for ref in refs:
        side, _, zone = str(ref).partition(".")
        named.append(words().say(msg("{zone} of {side}", zone=zone, side=side), lang) if zone else str(ref))
    return join(named, lang)


def n_cards(n: int, lang: str) -> str:
    """``1 carta``, ``3 cartas`` / ``1 card``, ``3 cards``."""
    return words().say(plural("{n} card", "{n} cards", n), lang)


def _counted(data: dict[str, Any], event: dict[str, Any], lang: str) -> None:
    """Counts in words that agree with their number."""
    if "hearts" in event and isinstance(event["hearts"], int):
        n = event["hearts"]
        data["hearts_words"] = plural("{n} heart", "{n} hearts", n)
        data["hearts_left"] = plural("{n} left", "{n} left", n)
    if "returned" in event:
        n = int(event["returned"] or 0)
        data["returned_words"] = (msg("returns {cards} and draws again", cards=plural("{n} card", "{n} cards", n))
                                  if n else msg("returns no card"))
    if "count" in event and event.get("event") == "clarividencia":
        data["top_cards"] = plural("the top card", "the top {n} cards", int(event["count"] or 0))
    if "bottom" in event:
        data["bottom_words"] = n_cards(int(event["bottom"] or 0), lang)


def _paid_words(data: dict[str, Any], event: dict[str, Any], lang: str, lx: Lexicon) -> None:
    """The counted parts of a paid cost, in words that agree with their number."""
    n = int(event.get("count") or 0)
    cards = [lx.card(c) for c in event.get("cards") or []]
    data["sent"] = join(cards, lang) if cards else n_cards(n, lang)
    data["lost"] = plural("{n} heart", "{n} hearts", n)
