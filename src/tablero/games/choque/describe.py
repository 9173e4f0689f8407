"""Canonical actions in words: ``Llamar a Cachorro Moteado (valor 1) en C2``. One module words every action
for every front end: the terminal lists them, and the server sends the same words with each envelope's
legal actions (``labels``), which the browser shows.

Every description is built from the action, the observation the describing player sees (to name the cards
in the zones an action refers to), and the kind of the pending decision (``pass`` means different things).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
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
    "a_zombificar": msg("Return {soul} to the bottom of your soul deck and call {card} from the Mictlán into {zone}"),
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


def describe(action: dict[str, Any], obs: dict[str, Any], kind: str | None, book: CardBook,
             me: str | None = None) -> str:
    """One action in words, from ``me``'s point of view (``None``: a neutral one, for replays). Each verb has
    its wording (``_WORDING``); an action that none puts into words (or that lacks what they need) is shown
    as its JSON."""
    a = _Action(action, obs, kind, book, me, player=str(action.get("player", "")), card=str(action.get("card", "")),
                targets=[str(t) for t in action.get("targets") or []])
    try:
        wording = _WORDING.get(action.get("do", ""))
        text = wording(a) if wording is not None else None
    except (KeyError, TypeError, ValueError):
        text = None
    return text if text is not None else json.dumps(action, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class _Action:
    """An action being put into words, with what its words need: the describing player's observation and
    card book, the pending decision's kind, and the action's player, card and targets, read once."""

    action: dict[str, Any]
    obs: dict[str, Any]
    kind: str | None
    book: CardBook
    me: str | None
    player: str
    card: str
    targets: list[str]

    @property
    def lang(self) -> str:
        return self.book.lang

    def ref(self, r: str) -> str:
        """A zone (``B.C3``) in words, with the card in it."""
        return zone_ref(r, self.obs, self.book, self.me)

    def own(self, zone: str) -> str:
        """A zone of the acting player (``C2``), or of the player it names (``B.C2``)."""
        return self.ref(zone if "." in zone else f"{self.player}.{zone}")

    def refs(self, zones: list[str]) -> str:
        return join([self.ref(z) for z in zones], self.lang)

    def name(self, cid: str) -> str:
        return self.book.name(cid)

    def value(self, cid: str) -> int:
        c = self.book.get(cid)
        return c.value if c is not None else 0


def _activate_soul(a: _Action) -> str:
    return tr(a.lang, "a_activate_soul", card=a.name(a.card), v=a.value(a.card), zone=a.action.get("zone", "Z"))


def _call(a: _Action) -> str:
    return tr(a.lang, "a_call", card=a.name(a.card), v=a.value(a.card), zone=a.action["zone"])


def _call_amalgam(a: _Action) -> str:
    mats = [a.name(m) for m in a.action.get("materials") or []]
    return tr(a.lang, "a_call_amalgam", card=a.name(a.card), zone=a.action["zone"], materials=join(mats, a.lang))


def _play(a: _Action) -> str:
    """A sector (on whose side), an arena (replacing which), or an apoyo (its subtype, its targets)."""
    c = a.book.get(a.card)
    ctype = c.type if c is not None else "apoyo"
    zone = str(a.action.get("zone", ""))
    if ctype == "sector":
        key = "a_play_sector_opp" if a.action.get("side") == "opponent" else "a_play_sector"
        return tr(a.lang, key, card=a.name(a.card), zone=zone)
    if ctype == "arena":
        old = a.obs.get(a.player, {}).get("arena")
        if isinstance(old, dict) and old.get("card"):
            return tr(a.lang, "a_play_arena_replace", card=a.name(a.card), old=a.name(old["card"]))
        return tr(a.lang, "a_play_arena", card=a.name(a.card))
    sub = tr(a.lang, f"sub_{c.subtype}") if c is not None and c.subtype else ""
    text = tr(a.lang, "a_play_apoyo", card=a.name(a.card), sub=sub, zone=zone)
    if a.targets:
        text += tr(a.lang, "a_on", targets=a.refs(a.targets))
    return text


def _use(a: _Action) -> str:
    """An ability of a card on the field, or in the hand; Portal names the two characters it swaps."""
    ability = a.book.ability_name(str(a.action.get("ability", "")))
    src = str(a.action.get("source", ""))
    source = a.ref(src) if _REF.match(src) else tr(a.lang, "from_hand", card=a.name(src))
    if a.action.get("ability") == "portal" and len(a.targets) == 2:
        return tr(a.lang, "a_use_portal", source=source, a=a.ref(a.targets[0]), b=a.ref(a.targets[1]))
    text = tr(a.lang, "a_use", ability=ability, source=source)
    if a.targets:
        text += tr(a.lang, "a_on", targets=a.refs(a.targets))
    return text


def _attack(a: _Action) -> str:
    """An attack on a character, on two (Double battle) or on the hearts; a repeated battle says so."""
    attacker = a.own(str(a.action["attacker"]))
    target = str(a.action.get("target", ""))
    if len(a.targets) == 2:
        text = tr(a.lang, "a_attack_double", a=a.ref(a.targets[0]), b=a.ref(a.targets[1]), attacker=attacker)
    elif target == "hearts":
        text = tr(a.lang, "a_attack_hearts", attacker=attacker)
    else:
        text = tr(a.lang, "a_attack", target=a.ref(target), attacker=attacker)
    return tr(a.lang, "a_repeat", what=text) if a.kind == "battle_repeat" else text


def _defend(a: _Action) -> str:
    return tr(a.lang, "a_defend", defender=a.own(str(a.action["defender"])))


def _pass(a: _Action) -> str:
    """Passing means what the pending decision is: not responding, not defending, declining..."""
    key = f"a_pass_{a.kind}"
    return tr(a.lang, key) if a.kind and key in _pass_keys() else tr(a.lang, "a_pass")


def _ofrenda(a: _Action) -> str:
    return tr(a.lang, "a_ofrenda", cards=n_cards(int(a.obs.get(a.player, {}).get("hand_count", 0)), a.lang))


def _end_phase(a: _Action) -> str:
    """Which phase ends: the decision's kind says, or else (a replay) the observation's phase."""
    if a.kind == "action" or (a.kind is None and a.obs.get("phase") == "action"):
        return tr(a.lang, "a_end_action")
    if a.kind == "combat" or (a.kind is None and a.obs.get("phase") == "combat"):
        return tr(a.lang, "a_end_combat")
    return tr(a.lang, "a_end")


def _choose(a: _Action) -> str | None:
    """An option (Élite, an optional ability, a zone), cards (Zombificar's soul and card among them) or
    targets; None when the choice names none of them."""
    option = a.action.get("option")
    cards = [str(c) for c in a.action.get("cards") or []]
    if option == "double":
        return tr(a.lang, "a_elite")
    if option == "use":
        return tr(a.lang, "a_use_optional")
    if isinstance(option, str):
        return tr(a.lang, "a_choose_zone", zone=option)
    if cards and len(a.targets) == 2:
        return tr(a.lang, "a_zombificar", soul=a.ref(a.targets[0]), card=a.name(cards[0]),
                  zone=a.targets[1].split(".")[-1])
    if cards:
        return tr(a.lang, "a_choose_card", card=join([a.name(c) for c in cards], a.lang))
    if a.targets:
        return tr(a.lang, "a_choose_target", target=a.refs(a.targets))
    return None


def _discard(a: _Action) -> str:
    return tr(a.lang, "a_discard", card=join([a.name(str(c)) for c in a.action.get("cards") or []], a.lang))


def _surrender(a: _Action) -> str:
    return tr(a.lang, "a_surrender")


# the wording of each verb (an action's ``do``)
_WORDING: dict[str, Callable[[_Action], str | None]] = {
    "activate_soul": _activate_soul, "call": _call, "call_amalgam": _call_amalgam, "play": _play, "use": _use,
    "attack": _attack, "defend": _defend, "pass": _pass, "ofrenda": _ofrenda, "end_phase": _end_phase,
    "choose": _choose, "discard": _discard, "surrender": _surrender,
}


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
