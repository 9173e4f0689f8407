"""Canonical actions in words: ``Llamar a Cachorro Moteado (valor 1) en C2``. One module words every action
for every front end: the terminal lists them, and the server sends the same words with each envelope's
legal actions (``labels``), which the browser shows.

Every description is built from the action, the observation the describing player sees (to name the cards
in the zones an action refers to), and the kind of the pending decision (``pass`` means different things).
"""

from __future__ import annotations

import json
import re
from typing import Any

from tablero.core.i18n import msg

from .cardbook import CardBook
from .catalogue import words
from .narrate import join, n_cards

_EN = {
    "g_activate_soul": msg("Activate the soul {card}"),
    "g_call": msg("Call {card}"),
    "g_call_amalgam": msg("Call the amalgam {card}"),
    "g_play": msg("Play {card}"),
    "g_use": msg("Use {source}"),
    "g_attack": msg("Attack with {attacker}"),
    "g_defend": msg("Defend with {defender}"),
    "a_play_sector": msg("Play the sector {card} in {zone}"),
    "a_play_sector_opp": msg("Play the sector {card} in the opponent's {zone}"),
    "a_activate_soul": msg("Activate the soul {card} (value {v}) in {zone}"),
    "a_attack": msg("Attack {target} with {attacker}"),
    "a_attack_double": msg("Attack {a} and {b} with {attacker} (Double battle)"),
    "a_attack_hearts": msg("Attack the opponent's hearts directly with {attacker}"),
    "a_call": msg("Call {card} (value {v}) into {zone}"),
    "a_call_amalgam": msg("Call the amalgam {card} into {zone}, isolating {materials}"),
    "a_choose_card": msg("Choose {card}"),
    "a_choose_target": msg("Choose {target}"),
    "a_choose_zone": msg("Choose zone {zone}"),
    "a_defend": msg("Defend with {defender}"),
    "a_discard": msg("Send {card} to the Mictlán"),
    "a_elite": msg("Elite: double strength and resistance for this battle"),
    "a_end": msg("End the phase"),
    "a_end_action": msg("End the action phase (go to combat)"),
    "a_end_combat": msg("End the combat phase (end of turn)"),
    "a_ofrenda": msg("Make the ofrenda: return your hand ({cards}) and draw again"),
    "a_on": msg(" on {targets}"),
    "a_pass": msg("Pass"),
    "a_pass_battle_repeat": msg("Don't repeat the battle"),
    "a_pass_choose": msg("Decline"),
    "a_pass_defend": msg("Don't defend"),
    "a_pass_ofrenda": msg("Skip the ofrenda"),
    "a_pass_response": msg("Don't respond"),
    "a_play_apoyo": msg("Play the support {card} ({sub}) in {zone}"),
    "a_play_arena": msg("Play the arena {card}"),
    "a_play_arena_replace": msg("Play the arena {card} (replaces {old})"),
    "a_repeat": msg("Repeat the battle: {what}"),
    "a_surrender": msg("Surrender"),
    "a_use": msg("Use {ability} of {source}"),
    "a_use_optional": msg("Use the ability"),
    "a_use_portal": msg("Use Portal of {source}: swap {a} and {b}"),
    "a_zombificar": msg("Return {soul} to your hand and call {card} from the Mictlán into {zone}"),
    "from_hand": msg("{card} (from your hand)"),
    "ref_card": msg("{card} ({loc})"),
    "ref_mine": msg("your {zone}"),
    "ref_side": msg("{side}'s {zone}"),
    "ref_theirs": msg("opponent's {zone}"),
    "sub_continuo": msg("continuous"),
    "sub_equipo": msg("equipment"),
    "sub_normal": msg("normal"),
    "sub_rapido": msg("quick"),
}


def tr(lang: str, key: str, **kw: object) -> str:
    """The action text ``key`` in ``lang`` with its fields filled in, from the game's catalogue."""
    return words().fill(_EN[key].text, kw, lang)


_REF = re.compile(r"^([AB])\.(C[1-4]|Z[1-5]|SA|SB|arena)$")


def zone_ref(ref: str, obs: dict[str, Any], book: CardBook, me: str | None) -> str:
    """``B.C3`` as ``Jaguar Viejo (C3 del rival)``; an empty zone as its place alone."""
    lang = book.lang
    m = _REF.match(ref)
    if m is None:
        return book.name(ref)
    side, zone = m.group(1), m.group(2)
    if me is None:
        loc = tr(lang, "ref_side", zone=zone, side=side)
    elif side == me:
        loc = tr(lang, "ref_mine", zone=zone)
    else:
        loc = tr(lang, "ref_theirs", zone=zone)
    z = obs.get(side, {}).get(zone)
    if isinstance(z, dict) and isinstance(z.get("card"), str):
        return tr(lang, "ref_card", card=book.name(z["card"]), loc=loc)
    return loc


def describe(action: dict[str, Any], obs: dict[str, Any], kind: str | None, book: CardBook,  # noqa: C901 (issue 18: to split)
             me: str | None = None) -> str:
    """One action in words, from ``me``'s point of view (``None``: a neutral one, for replays)."""
    lang = book.lang
    do = action.get("do")
    player = str(action.get("player", ""))

    def ref(r: str) -> str:
        return zone_ref(r, obs, book, me)

    def own(zone: str) -> str:
        return ref(zone if "." in zone else f"{player}.{zone}")

    def value(cid: str) -> int:
        c = book.get(cid)
        return c.value if c is not None else 0

    card = str(action.get("card", ""))
    targets = [str(t) for t in action.get("targets") or []]
    try:
        if do == "activate_soul":
            return tr(lang, "a_activate_soul", card=book.name(card), v=value(card), zone=action.get("zone", "Z"))
        if do == "call":
            return tr(lang, "a_call", card=book.name(card), v=value(card), zone=action["zone"])
        if do == "call_amalgam":
            mats = [book.name(m) for m in action.get("materials") or []]
            return tr(lang, "a_call_amalgam", card=book.name(card), zone=action["zone"], materials=join(mats, lang))
        if do == "play":
            c = book.get(card)
            ctype = c.type if c is not None else "apoyo"
            zone = str(action.get("zone", ""))
            if ctype == "sector":
                key = "a_play_sector_opp" if action.get("side") == "opponent" else "a_play_sector"
                return tr(lang, key, card=book.name(card), zone=zone)
            if ctype == "arena":
                old = obs.get(player, {}).get("arena")
                if isinstance(old, dict) and old.get("card"):
                    return tr(lang, "a_play_arena_replace", card=book.name(card), old=book.name(old["card"]))
                return tr(lang, "a_play_arena", card=book.name(card))
            sub = tr(lang, f"sub_{c.subtype}") if c is not None and c.subtype else ""
            text = tr(lang, "a_play_apoyo", card=book.name(card), sub=sub, zone=zone)
            if targets:
                text += tr(lang, "a_on", targets=join([ref(t) for t in targets], lang))
            return text
        if do == "use":
            ability = book.ability_name(str(action.get("ability", "")))
            src = str(action.get("source", ""))
            source = ref(src) if _REF.match(src) else tr(lang, "from_hand", card=book.name(src))
            if action.get("ability") == "portal" and len(targets) == 2:
                return tr(lang, "a_use_portal", source=source, a=ref(targets[0]), b=ref(targets[1]))
            text = tr(lang, "a_use", ability=ability, source=source)
            if targets:
                text += tr(lang, "a_on", targets=join([ref(t) for t in targets], lang))
            return text
        if do == "attack":
            attacker = own(str(action["attacker"]))
            target = str(action.get("target", ""))
            if len(targets) == 2:
                text = tr(lang, "a_attack_double", a=ref(targets[0]), b=ref(targets[1]), attacker=attacker)
            elif target == "hearts":
                text = tr(lang, "a_attack_hearts", attacker=attacker)
            else:
                text = tr(lang, "a_attack", target=ref(target), attacker=attacker)
            return tr(lang, "a_repeat", what=text) if kind == "battle_repeat" else text
        if do == "defend":
            return tr(lang, "a_defend", defender=own(str(action["defender"])))
        if do == "pass":
            key = f"a_pass_{kind}"
            return tr(lang, key) if kind and key in _pass_keys() else tr(lang, "a_pass")
        if do == "ofrenda":
            return tr(lang, "a_ofrenda", cards=n_cards(int(obs.get(player, {}).get("hand_count", 0)), lang))
        if do == "end_phase":
            if kind == "action" or (kind is None and obs.get("phase") == "action"):
                return tr(lang, "a_end_action")
            if kind == "combat" or (kind is None and obs.get("phase") == "combat"):
                return tr(lang, "a_end_combat")
            return tr(lang, "a_end")
        if do == "choose":
            option = action.get("option")
            cards = [str(c) for c in action.get("cards") or []]
            if option == "double":
                return tr(lang, "a_elite")
            if option == "use":
                return tr(lang, "a_use_optional")
            if isinstance(option, str):
                return tr(lang, "a_choose_zone", zone=option)
            if cards and len(targets) == 2:
                return tr(lang, "a_zombificar", soul=ref(targets[0]), card=book.name(cards[0]),
                          zone=targets[1].split(".")[-1])
            if cards:
                return tr(lang, "a_choose_card", card=join([book.name(c) for c in cards], lang))
            if targets:
                return tr(lang, "a_choose_target", target=join([ref(t) for t in targets], lang))
        if do == "discard":
            cards = [book.name(str(c)) for c in action.get("cards") or []]
            return tr(lang, "a_discard", card=join(cards, lang))
        if do == "surrender":
            return tr(lang, "a_surrender")
    except (KeyError, TypeError, ValueError):
        pass
    return json.dumps(action, ensure_ascii=False)


def describe_group(action: dict[str, Any], obs: dict[str, Any], book: CardBook, me: str | None = None) -> str:
    """The words of the group an action heads when a front end gathers the many actions of one source (an
    amalgam's zones and materials, an attacker's targets): its verb and its source, not where it goes."""
    lang = book.lang
    do = str(action.get("do"))
    player = str(action.get("player", ""))
    card = book.name(str(action.get("card", "")))
    if do in ("activate_soul", "call", "call_amalgam", "play"):
        return tr(lang, f"g_{do}", card=card)
    if do in ("attack", "defend"):
        zone = str(action.get("attacker" if do == "attack" else "defender", ""))
        who = zone_ref(zone if "." in zone else f"{player}.{zone}", obs, book, me)
        return tr(lang, f"g_{do}", attacker=who, defender=who)
    if do == "use":
        src = str(action.get("source", ""))
        source = zone_ref(src, obs, book, me) if _REF.match(src) else book.name(src)
        return tr(lang, "g_use", source=source)
    return describe(action, obs, None, book, me)


def _pass_keys() -> set[str]:
    return {"a_pass_response", "a_pass_defend", "a_pass_ofrenda", "a_pass_choose", "a_pass_battle_repeat"}
