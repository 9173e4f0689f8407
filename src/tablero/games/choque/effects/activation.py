"""Abilities a player activates (CH-7.2, CH-7.3, CH-1.5): what is offered, whether it could do anything, and
activating it (CH-7.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import flow, keywords, stats, targeting
from ..cards import CardDef
from ..filters import _card_matches
from ..links import AbilityLink
from ..state import CHAR_ZONES, NAMES, OTHER, SUPPORT_ZONES
from . import candidates, costs, selections, sources, triggers
from .context import ZONE_LISTS, Handle
from .schema import Ability, Op

if TYPE_CHECKING:
    from ..game import ChoqueGame


# Verbs that may find nothing to act on; every other verb (targets bound on activation, draws, hearts,
# shuffles, scripts) always does something.
_MAY_DO_NOTHING = frozenset({"negate", "anular", "send", "discard", "liberar", "add", "special_call"})


# Where a cost puts cards (what it may make possible for the verbs after it).
_COST_FEEDS: dict[str, tuple[str, ...]] = {
    "sacrifice": ("field", "mictlan"), "confine_self": ("field", "confined"), "discard": ("mictlan",),
    "send": ("mictlan",),
}


# == activation by a player (use / play) =========================================================
def activation_options(g: ChoqueGame, pi: int, in_window: bool, first_only: bool = False) -> list[dict[str, Any]]:
    """`use` actions for encendido/rápido abilities on the field (CH-7.2, CH-7.3)."""
    s = g.s
    own_action_phase = s.active == pi and s.phase == "action" and not in_window and s.chain_mode == 0
    out: list[dict[str, Any]] = []
    name = NAMES[pi]
    for src, ref, ab in sources.usable_sources(g, pi):
        if ab.category == "encendido" and not own_action_phase:
            continue
        if not usable(g, pi, ab, src):
            continue
        opts = candidates.target_options(g, pi, ab, src)
        if opts is None:
            continue
        base = {"player": name, "do": "use", "source": ref, "ability": ab.name}
        if isinstance(opts, targeting.OneAtATime) or not ab.targets or all(t.random for t in ab.targets):
            out.append(base)  # no targets, or too many lists: chosen one at a time (targeting.py)
        else:
            out.extend({**base, "targets": t} for t in opts)
        if first_only and out:
            return out
    return out


def card_responses(g: ChoqueGame, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if stats.fx_on_field(g) and sources.rapido_on_field(g, pi):
        out.extend(activation_options(g, pi, True, first_only))
        if first_only and out:
            return out
    out.extend(rapido_apoyo_options(g, pi, first_only))
    return out


def rapido_apoyo_options(g: ChoqueGame, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
    """`play` actions for the rápido apoyos in ``pi``'s hand (CH-1.5: any phase of either turn)."""
    out: list[dict[str, Any]] = []
    p = g.s.players[pi]
    free = next((SUPPORT_ZONES[i] for i, z in enumerate(p.zones) if z is None), None)
    if free is not None:
        seen: set[str] = set()
        for card in p.hand:
            if card.subtype == "rapido" and card.id not in seen:
                seen.add(card.id)
                out.extend(apoyo_options(g, pi, card, free, True))
                if first_only and out:
                    return out
    return out


def usable(g: ChoqueGame, pi: int, ab: Ability, src: Handle) -> bool:
    if ab.once_per_turn and sources.once_key(g, src, ab) in g.s.used:
        return False
    return (sources.condition_ok(g, pi, src, ab.condition) and costs.can_pay(g, pi, ab, src)
            and can_act(g, pi, ab, src))


def can_act(g: ChoqueGame, pi: int, ab: Ability, src: Handle) -> bool:
    """Whether resolving ``ab`` now could change anything: an ability that can do nothing is not
    offered (docs/rulings.md, CH-7.6). Judged from what its controller knows: searching their own
    deck counts as doing something whatever the deck holds; a zone its costs fill (a sacrifice frees a
    character zone and feeds the Mictlán) is not judged before they are paid."""
    if g.s.options.idle_abilities:
        return True  # rules version 1 offered them
    fed: frozenset[str] | None = None
    for op in ab.ops:
        if op.verb not in _MAY_DO_NOTHING:
            return True
        if fed is None:
            fed = frozenset(z for c in ab.cost for z in _COST_FEEDS.get(c.verb, ()))
        if op_can_act(g, pi, op, src, fed):
            return True
    return False


def op_can_act(g: ChoqueGame, pi: int, op: Op, src: Handle, fed: frozenset[str]) -> bool:
    s = g.s
    a = op.args
    v = op.verb
    if v == "negate":
        return bool(s.chain)  # a link under this one to negate (CH-12 negar)
    if v == "anular":
        return s.battle is not None
    who = (pi,) if a.get("player") == "self" else (OTHER[pi],) if a.get("player") == "opponent" else (0, 1)
    if v == "send":
        return any(s.players[q].main for q in who)
    if v == "discard":
        return any(s.players[q].hand for q in who)
    p = s.players[pi]
    flt = a.get("filter") or {}
    if v == "liberar":
        if "confined" in fed:
            return True
        if a["to"] == "field":
            return ("field" in fed or bool(selections.call_zones(g, pi, src, "any"))) and any(
                c.is_character and _card_matches(flt, c) and not keywords.call_blocked(g, pi, c.value)
                for c in p.confined)
        return any(_card_matches(flt, c) for c in p.confined)
    if v == "add":
        if a["from"] == "deck":
            return bool(p.main)
        return "mictlan" in fed or any(_card_matches(flt, c) for c in p.mictlan)
    if v == "special_call":
        if "field" not in fed and not selections.call_zones(g, pi, src, a["zone"]):
            return False
        if a["from"] == "deck":
            return bool(p.main)
        if a["from"] in fed:
            return True
        return any(c.is_character and _card_matches(flt, c)
                   and not keywords.call_blocked(g, pi, c.value) for c in getattr(p, ZONE_LISTS[a["from"]]))
    return True


def apoyo_options(g: ChoqueGame, pi: int, card: CardDef, zone: str, in_window: bool) -> list[dict[str, Any]]:
    """`play` actions for an apoyo from hand, with its effect's targets (CH-1.5)."""
    name = NAMES[pi]
    base: dict[str, Any] = {"player": name, "do": "play", "card": card.id, "zone": zone}
    if in_window and card.subtype != "rapido":
        return []
    ab = card.fx.effect
    src: Handle = ("hand", pi, card)
    equip_opts: list[list[str]] = [[]]
    if card.subtype == "equipo":  # CH-1.5: attached to one of your characters
        flt = card.fx.equip or {}
        p = g.s.players[pi]
        equip_opts = [[f"{name}.{CHAR_ZONES[zi]}"] for zi, c in enumerate(p.chars)
                      if c is not None and candidates.cm(g, flt, pi, zi, c)]
        if not equip_opts:
            return []
    if ab is None:
        return [{**base, "targets": e} if e else base for e in equip_opts]
    if not usable(g, pi, ab, src):
        return []
    opts = candidates.target_options(g, pi, ab, src)
    if opts is None:
        return []
    if isinstance(opts, targeting.OneAtATime):  # too many lists: the effect's targets are chosen one at a time
        return [{**base, "targets": e} if e else base for e in equip_opts]
    out = []
    for e in equip_opts:
        for t in opts if (ab.targets and not all(x.random for x in ab.targets)) else [[]]:
            refs = e + t
            out.append({**base, "targets": refs} if refs else base)
    return out


def activate_use(g: ChoqueGame, pi: int, act: dict[str, Any]) -> bool:
    """Activate a card ability named in a `use` action; False if it is not a card ability."""
    found = targeting.activation(g, pi, act)
    if found is None:
        return False
    if not targeting.ask(g, pi, act, found.ability, found.source, found.prefix):  # listed without its targets
        activate(g, pi, found.source, found.ability, act.get("targets") or [])
    return True


def activate(g: ChoqueGame, pi: int, src: Handle, ab: Ability, refs: list[str],
              apoyo: tuple[Any, ...] | None = None) -> None:
    """CH-7.4: pay the costs, bind the targets, put the link on the chain (or open one)."""
    s = g.s
    chosen = candidates.bind_targets(g, pi, ab, src, refs)
    if ab.once_per_turn:
        s.used = (*s.used, sources.once_key(g, src, ab))
    flow.event(g, "activate", player=NAMES[pi], ability=ab.name, source=sources.src_name(g, src))
    link = AbilityLink(pi, src, ab, chosen, len(s.chain) - 1 if s.chain_mode == 1 else -1, apoyo)
    triggers.fire_targeted(g, chosen)
    costs.pay_then(g, pi, src, ab, 0, ("link", link))
