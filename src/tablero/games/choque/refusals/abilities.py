"""Why a ``use`` is refused: a printed ability (CH-7: its source, its category, CH-0.2 its card's own
limits) or a keyword used as an action (CH-8: Aura, Atormentar, Portal, Rito, Cosmo)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablero.core import IllegalAction
from tablero.core.i18n import Msg, msg

from .. import targeting
from ..effects import activation, candidates, costs, sources
from ..state import NAMES
from .calls import rito
from .common import CARD_TEXT, Asked, describe_filter, mimic_at

if TYPE_CHECKING:
    from ..game import ChoqueGame

KEYWORD_USES = ("aura", "atormentar", "portal", "rito", "cosmo")


def use(a: Asked) -> IllegalAction | None:
    """A printed ability first (when the action names one), then the keyword uses."""
    named = a.act.get("ability")
    if named is not None and named not in KEYWORD_USES:
        why = _printed(a)
        if why is not None:
            return why
    src = a.act.get("source")
    name = a.act.get("ability")
    if not src or not name:
        return IllegalAction(None, msg("use needs a 'source' and an 'ability'"))
    return _keyword_on_field(a, src, name) if "." in src else _keyword_in_hand(a, src, name)


def _mimicry(card: str, ability: Any) -> IllegalAction:
    return IllegalAction("CH-8", msg("Mímica: '{card}' has only the abilities of the card it confined, and it "
                                     "confined none with {ability}", card=card, ability=repr(ability)))


def _printed(a: Asked) -> IllegalAction | None:
    """A printed ability: on a card of one's own on the field, used (not a disparo or continuo, CH-7.3,
    CH-7.1), an encendido only in one's own action phase and not as a response (CH-7.2, CH-7.4)."""
    src = a.act.get("source")
    name = a.act.get("ability")
    by_ref = {ref: (h, abilities) for h, ref, abilities in sources.field_sources(a.g, a.pi)}
    mimic = mimic_at(a.g, a.pi, src)
    if src not in by_ref:
        if mimic is not None:
            return _mimicry(mimic, name)
        return IllegalAction("CH-7", msg("there is no card of yours with abilities at {source} (abilities are used "
                                         "from the field: A.C1, A.Z2, A.SA, A.arena)", source=src))
    h, abilities = by_ref[src]
    ab = next((x for x in abilities if x.name == name), None)
    if ab is None:
        if mimic is not None:
            return _mimicry(mimic, name)
        names = ", ".join(repr(x.name) for x in abilities)
        return IllegalAction("CH-7", msg("{source} has no ability {ability}; it has {names}", source=src,
                                         ability=repr(name), names=names))
    if ab.category == "disparo":
        return IllegalAction("CH-7.3", msg("{ability} is a disparo ability: it triggers by itself ({trigger})",
                                           ability=repr(name), trigger=str(ab.trigger)))
    if ab.category == "continuo":
        return IllegalAction("CH-7.1", msg("{ability} is continuo: it is always on and is not used",
                                           ability=repr(name)))
    if ab.category == "encendido" and not a.own_action:
        return IllegalAction("CH-7.2", msg("{ability} is encendido: it is used only in your own action phase",
                                           ability=repr(name)))
    if ab.category == "encendido" and a.kind != "action":
        return IllegalAction("CH-7.4", msg("{ability} is encendido: it is not a response; it waits until the chain "
                                           "resolves", ability=repr(name)))
    return ability(a.g, a.pi, ab, h, list(a.act.get("targets") or []))


def _keyword_on_field(a: Asked, src: str, name: str) -> IllegalAction | None:
    """A keyword of a character of one's own on the field: Aura (the opponent's turn), Atormentar (encendido),
    Portal (once a turn, one character in each sector)."""
    s = a.g.s
    timing = "CH-7.2" if name == "atormentar" else "CH-7.3"
    side, zone = src.split(".")
    if side != NAMES[a.pi]:
        return IllegalAction(timing, msg("an ability is activated by its controller: you can only use abilities "
                                         "of your own cards"))
    c = a.p.chars[int(zone[1]) - 1] if zone.startswith("C") else None
    if c is None:
        return IllegalAction(timing, msg("there is no character of yours in {zone}", zone=src))
    if not c.has(name):
        if c.zombified and name in c.card.keywords:
            return IllegalAction("CH-8.1", msg("'{card}' is zombificado: none of its abilities work", card=c.card.id))
        return IllegalAction("CH-8", msg("'{card}' has no ability {ability}", card=c.card.id, ability=repr(name)))
    if name == "aura" and s.active == a.pi:
        return IllegalAction("CH-8", msg("Aura is used only in the opponent's turn"))
    if name == "atormentar" and a.kind != "action":
        if not a.own_action:
            return IllegalAction("CH-7.2", msg("Atormentar is encendido: only in your own action phase"))
        return IllegalAction("CH-7.4", msg("Atormentar is encendido: it is not a response; it waits until the "
                                           "chain resolves"))
    if name == "portal":
        if c.portal_turn == s.turn:
            return IllegalAction("CH-8", msg("Portal: once per turn"))
        return IllegalAction("CH-8", msg("Portal swaps two of your characters between sectors (one in each)"))
    return None


def _keyword_in_hand(a: Asked, src: str, name: str) -> IllegalAction | None:
    """A keyword of a card in the hand: Rito (the opponent's turn) and Cosmo (when drawn)."""
    c = a.hand_card(src, "CH-8" if name in ("rito", "cosmo") else "CH-7.3")
    if name not in c.keywords:
        return IllegalAction("CH-8", msg("'{card}' has no ability {ability}", card=c.id, ability=repr(name)))
    if name == "rito":
        if a.g.s.active == a.pi:
            return IllegalAction("CH-8", msg("Rito is used only in the opponent's turn"))
        return rito(a.g, a.pi, list(a.act.get("targets") or []))
    if name == "cosmo":
        return IllegalAction("CH-8", msg("Cosmo is offered only when you draw the card"))
    return None


def ability(g: ChoqueGame, pi: int, ab: Any, src: Any, refs: list[str]) -> IllegalAction | None:
    """Why an ability cannot be activated now: its card's own text (CH-0.2) limits it to once per turn, sets
    its condition, names its cost and its targets. An apoyo that would pay its own discard cost is refused
    by CH-1.5: once activated it is in its support zone, not in the hand."""
    name: Msg | str = repr(ab.name)
    if ab.name == "effect" and src[0] == "hand":
        name = msg("the effect of '{card}'", card=src[-1].id)
    if ab.once_per_turn and sources.once_key(g, src, ab) in g.s.used:
        return IllegalAction(CARD_TEXT, msg("its text allows {name} once per turn, and it was used this turn",
                                            name=name))
    if not sources.condition_ok(g, pi, src, ab.condition):
        return IllegalAction(CARD_TEXT, msg("the condition in the text of {name} is not met ({condition})",
                                            name=name, condition=describe_filter(ab.condition)))
    if not costs.can_pay(g, pi, ab, src):
        if src[0] == "hand" and _pays_only_with_itself(g, pi, ab, src[-1]):
            return IllegalAction("CH-1.5", msg("'{card}' cannot pay its own discard cost: once activated an apoyo "
                                               "is in its support zone, not in your hand", card=src[-1].id))
        verbs = ", ".join(op.verb for op in ab.cost)
        return IllegalAction(CARD_TEXT, msg("the cost in the text of {name} cannot be paid ({costs})", name=name,
                                            costs=verbs))
    if not activation.can_act(g, pi, ab, src):
        return IllegalAction("CH-7.6", msg("{name} can do nothing now (nothing its text acts on is there), so it is "
                                           "not offered", name=name))
    if candidates.target_options(g, pi, ab, src) is None:
        return IllegalAction(CARD_TEXT, msg("{name} has no legal target now (its text says what it targets)",
                                            name=name))
    return _targets(g, pi, ab, src, refs, name)


def _targets(g: ChoqueGame, pi: int, ab: Any, src: Any, refs: list[str], name: Msg | str) -> IllegalAction | None:
    """Why ``refs`` are not the ability's targets, by the same predicate that accepts a whole list
    (``targeting.fit``); none given is legal where the targets are chosen one at a time."""
    if not targeting.chosen_specs(ab):
        if refs:
            return IllegalAction(CARD_TEXT, msg("{name} takes no targets by its text, not {refs}", name=name,
                                                refs=", ".join(refs)))
        return None
    if not refs and isinstance(candidates.target_options(g, pi, ab, src), targeting.OneAtATime):
        return None
    why = targeting.fit(g, pi, ab, src, refs)
    if isinstance(why, list):
        return None
    example = _example(g, pi, ab, src)
    if not refs:
        return IllegalAction(CARD_TEXT, msg("{name} needs 'targets' by its text; for example {example}",
                                            name=name, example=example))
    return IllegalAction(CARD_TEXT, msg("{refs} are not legal targets for {name} by its text ({why}); for example "
                                        "{example}", refs=", ".join(refs), name=name, why=why, example=example))


def _example(g: ChoqueGame, pi: int, ab: Any, src: Any) -> str:
    """One legal target list, to show in a refusal."""
    options = candidates.target_options(g, pi, ab, src)
    if isinstance(options, list) and options:
        return ", ".join(options[0])
    names: list[str] = []  # a greedy pick: enough for an example where the lists are too many to list
    for refs in targeting.slot_refs(g, pi, ab, src):
        names.append(next((r for r in refs if r not in names), "?"))
    return ", ".join(names)


def _pays_only_with_itself(g: ChoqueGame, pi: int, ab: Any, card: Any) -> bool:
    """Whether the hand could pay the ability's discard costs if the apoyo being played counted."""
    from ..filters import _card_matches

    hand = g.s.players[pi].hand
    short = False
    for op in ab.cost:
        if op.verb == "discard":
            flt = op.args["filter"] or {}
            n = sum(1 for c in hand if _card_matches(flt, c))
            if n - (1 if _card_matches(flt, card) else 0) < op.args["count"] <= n:
                short = True
    return short
