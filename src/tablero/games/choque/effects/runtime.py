"""Running card effects: activation (costs, targets), triggers, chain links and the verbs of CH-12.

An ability in play goes through three moments (CH-7.4, CH-7.6):
1. *activation* — for abilities a player uses (`use`, or `play` of an apoyo): the condition is checked,
   the targets named in the action are checked and the costs are paid; then the link joins the chain.
   Disparo abilities instead wait as triggers and become links when the next chain starts; their targets
   and costs are chosen when they resolve, and a character they select may still react first
   (``reactions_first``, docs/rulings.md).
2. the chain — the opponent responds first; links resolve from the last to the first.
3. *resolution* — a negated link does nothing; targets are re-checked (gone ones are skipped: the link
   resolves as far as it can) and the verbs run in order, each a function of ``effects/verbs/`` called with
   the link's ``EffectContext`` (``effects/context.py``). A verb that needs a choice (add, special_call,
   a discard the player chooses) pauses on a ``choose`` decision and the rest runs after the answer.

Targets and costs are referred to with *handles*: ``("char", uid)`` for a character on the field and
``("card", player, zone, card)`` for a card in a hand, deck, Mictlán or confinement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import chain, flow, keywords, stats, targeting
from ..cards import CardDef
from ..filters import _ability_cards, _card_matches
from ..links import AbilityLink, Link, TriggerLink, WindowMark
from ..pending import OptionalChoice, SelectChoice, TriggerTargetChoice, ZoneChoice
from ..state import CHAR_ZONES, NAMES, OTHER, SUPPORT_ZONES, Char, Equip, FxCache, TargetKey, sector_of
from ..targeting import OneAtATime
from . import verbs
from .context import ZONE_LISTS, EffectContext, Handle, freeze, sample, send_top
from .schema import Ability, Op, TargetSpec
from .verbs.reach import does_nothing

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
SLOT_ZONES = ("Z1", "Z2", "Z3", "Z4", "Z5", "SA", "SB", "arena")




# == where abilities come from ===================================================================
def char_abilities(g: ChoqueGame, c: Char) -> list[Ability]:
    """A character's abilities that work now (none when zombificado, CH-8.1; Mímica adds, CH-8)."""
    if c.zombified:
        return []
    out: list[Ability] = []
    for card in _ability_cards(c):
        out.extend(card.fx.abilities)
    return out


def field_sources(g: ChoqueGame, pi: int) -> list[tuple[Handle, str, list[Ability]]]:
    """(source handle, reference, abilities) of everything player ``pi`` controls on the field."""
    s = g.s
    if not stats.fx_on_field(g):
        return []
    cache = s.fx_cache
    if cache is None:
        cache = s.fx_cache = FxCache()
    cached: list[tuple[Handle, str, list[Ability]]] | None = cache.sources[pi]
    if cached is not None:
        return cached
    p = s.players[pi]
    name = NAMES[pi]
    out: list[tuple[Handle, str, list[Ability]]] = []
    cache.sources[pi] = out
    for zi, c in enumerate(p.chars):
        if c is not None:
            abilities = char_abilities(g, c)
            if abilities:
                out.append((("char", c.uid), f"{name}.{CHAR_ZONES[zi]}", abilities))
    arriving = s.arriving  # activated, not yet resolved: its abilities do not work yet (CH-7.4)
    for zi, z in enumerate(p.zones):
        card = z.card if isinstance(z, Equip) else z
        if card is not None and card.fx.abilities:
            zone = SUPPORT_ZONES[zi]
            if not (arriving and (pi, zone) in arriving):
                out.append((("zone", pi, zone, card), f"{name}.{zone}", list(card.fx.abilities)))
    for qi in (pi, OTHER[pi]):  # CH-1.6: the sectors pi played, in either player's sector zones
        q = s.players[qi]
        for si, sec in enumerate(q.sectors):
            if sec is not None and sec.fx.abilities and q.sector_owner[si] == pi:
                zone = "SA" if si == 0 else "SB"
                if not (arriving and (qi, zone) in arriving):
                    out.append((("zone", qi, zone, sec), f"{NAMES[qi]}.{zone}", list(sec.fx.abilities)))
    if p.arena is not None and p.arena.fx.abilities and not (arriving and (pi, "arena") in arriving):
        out.append((("zone", pi, "arena", p.arena), f"{name}.arena", list(p.arena.fx.abilities)))
    return out


def usable_sources(g: ChoqueGame, pi: int) -> list[tuple[Handle, str, Ability]]:
    """(source, reference, ability) for the encendido and rápido abilities ``pi`` has on the field."""
    cache = g.s.fx_cache
    if cache is not None:
        cached: list[tuple[Handle, str, Ability]] | None = cache.usable[pi]
        if cached is not None:
            return cached
    out = [(src, ref, ab) for src, ref, abilities in field_sources(g, pi) for ab in abilities
           if ab.category in ("encendido", "rapido")]
    cache = g.s.fx_cache
    if cache is None:
        cache = g.s.fx_cache = FxCache()
    cache.usable[pi] = out
    return out


def rapido_on_field(g: ChoqueGame, pi: int) -> bool:
    """Whether ``pi`` has a card with a rápido ability on the field (cached with the sources)."""
    cache = g.s.fx_cache
    if cache is not None:
        known = cache.rapido[pi]
        if known is not None:
            return known
    found = any(ab.category == "rapido" for _, _, ab in usable_sources(g, pi))
    cache = g.s.fx_cache
    if cache is None:
        cache = g.s.fx_cache = FxCache()
    cache.rapido[pi] = found
    return found


def zone_card(g: ChoqueGame, pi: int, zone: str) -> CardDef | None:
    p = g.s.players[pi]
    if zone.startswith("Z"):
        z = p.zones[int(zone[1]) - 1]
        return z.card if isinstance(z, Equip) else z
    if zone in ("SA", "SB"):
        return p.sectors[0 if zone == "SA" else 1]
    if zone == "arena":
        return p.arena
    return None


def source_zone_index(g: ChoqueGame, src: Handle) -> int:
    """The character zone of a source character (for 'same sector' filters), else -1."""
    if src[0] == "char":
        found = g.s.find(src[1])
        return found[1] if found else -1
    if src[0] == "zone" and src[2] in ("SA", "SB"):
        return 0 if src[2] == "SA" else 2
    return -1


def once_key(g: ChoqueGame, src: Handle, ability: Ability) -> str:
    if src[0] == "char":
        return f"{src[1]}:{ability.name}"
    return f"{src[1]}:{src[2]}:{src[-1].id}:{ability.name}"


# == conditions (if:) ============================================================================
def condition_ok(g: ChoqueGame, pi: int, src: Handle, cond: Any) -> bool:
    if not cond:
        return True
    s = g.s
    p, o = s.players[pi], s.players[OTHER[pi]]
    found = s.find(src[1]) if src[0] == "char" else None
    c = found[2] if found is not None else None
    for k, v in cond.items():
        if k == "souls_min" and p.soul_total() < v:
            return False
        if k == "hearts_max" and p.hearts > v:
            return False
        if k == "hand_min" and len(p.hand) < v:
            return False
        if k == "mode" and (c is None or c.mode != v):
            return False
        if k == "counters_min" and (c is None or c.counters < v):
            return False
        if k == "own_characters_min" and sum(1 for x in p.chars if x is not None) < v:
            return False
        if k == "opponent_characters_min" and sum(1 for x in o.chars if x is not None) < v:
            return False
    return True


# == targets =====================================================================================
def target_candidates(g: ChoqueGame, pi: int, spec: TargetSpec, src: Handle) -> list[tuple[str, Handle]]:
    """(reference, handle) of everything ``spec`` may target now, seen from player ``pi``. Field
    targets whose filter does not read strength are cached until the field changes."""
    flt = spec.filter
    cacheable = spec.zone == "field" and "strength_min" not in flt and "strength_max" not in flt
    if cacheable:
        cache = g.s.target_cache
        key: TargetKey = (pi, id(spec), src)
        if cache is not None:
            known: list[tuple[str, Handle]] | None = cache.get(key)
            if known is not None:
                return known
        out = target_candidates_now(g, pi, spec, src)
        cache = g.s.target_cache
        if cache is None:
            cache = g.s.target_cache = {}
        cache[key] = out
        return out
    return target_candidates_now(g, pi, spec, src)


def target_candidates_now(g: ChoqueGame, pi: int, spec: TargetSpec, src: Handle) -> list[tuple[str, Handle]]:
    s = g.s
    flt = spec.filter
    out: list[tuple[str, Handle]] = []
    side = flt.get("side", "any")
    players = [qi for qi in (pi, OTHER[pi])
               if side == "any" or (side == "own") == (qi == pi)]
    szone = source_zone_index(g, src)
    if spec.zone == "field":
        for qi in players:
            for zi, c in enumerate(s.players[qi].chars):
                if c is None or (flt.get("not_self") and src == ("char", c.uid)):
                    continue
                if cm(g, flt, qi, zi, c, szone):
                    out.append((f"{NAMES[qi]}.{CHAR_ZONES[zi]}", ("char", c.uid)))
        out.extend(slot_candidates(g, pi, flt, src))
    else:
        attr = ZONE_LISTS[spec.zone]
        for qi in players:
            if spec.zone == "hand" and qi != pi:
                continue  # a hidden hand cannot be targeted by choice (CH-11.2)
            seen: set[str] = set()
            for card in getattr(s.players[qi], attr):
                if card.id not in seen and _card_matches(flt, card):
                    seen.add(card.id)
                    out.append((f"{NAMES[qi]}.{spec.zone}:{card.id}", ("card", qi, spec.zone, card)))
    return out


def slot_candidates(g: ChoqueGame, pi: int, flt: Any, src: Handle) -> list[tuple[str, Handle]]:
    """Apoyos, souls, sectors and arenas on the field, when a filter's ``type`` names them, seen from
    player ``pi``: a card that does not name a type targets characters only. Their ``side`` is their
    controller's: a sector may sit in the opponent's sector zone (CH-1.6) and stays its player's."""
    types = flt.get("type")
    if types is None:
        return []
    wanted = set(types) if isinstance(types, tuple) else {types}
    if not wanted & {"apoyo", "alma", "sector", "arena"}:
        return []
    side = flt.get("side", "any")
    sectors = "sector" in wanted
    out: list[tuple[str, Handle]] = []
    for qi in (pi, OTHER[pi]):
        q = g.s.players[qi]
        # support and arena zones hold their player's cards; a sector zone may hold the opponent's
        mine = side == "any" or (side == "own") == (qi == pi)
        for zone in SLOT_ZONES:
            if zone in ("SA", "SB"):
                if not sectors or side != "any" and (side == "own") != (q.sector_owner[zone == "SB"] == pi):
                    continue
            elif not mine:
                continue
            card = zone_card(g, qi, zone)
            if card is None or card.type not in wanted or src == ("zone", qi, zone, card):
                continue
            if _card_matches(flt, card):
                out.append((f"{NAMES[qi]}.{zone}", ("slot", qi, zone, card)))
    return out


def remove_slot(g: ChoqueGame, h: Handle, to: str, reason: str) -> None:
    """Take an apoyo, soul, sector or arena off the field to its owner's ``to`` (CH-12)."""
    _, qi, zone, card = h
    s = g.s
    q = s.players[qi]
    owner = qi
    if zone.startswith("Z"):
        q.zones[int(zone[1]) - 1] = None
    elif zone in ("SA", "SB"):
        si = 0 if zone == "SA" else 1
        owner = q.sector_owner[si]
        q.sectors[si] = None
        q.sector_owner[si] = qi
    else:
        q.arena = None
    s.players[owner].put(card, to, public=True)
    s.fx_changed()
    flow.event(g, reason, player=NAMES[qi], card=card.id, zone=zone, reason="effect", to=to)


def target_options(g: ChoqueGame, pi: int, ability: Ability, src: Handle) -> list[list[str]] | OneAtATime | None:
    """Every legal ``targets`` list for activating ``ability`` (None: no legal choice exists), or
    ``ONE_AT_A_TIME`` when they are too many to list (``targeting.py``)."""
    return targeting.options(g, pi, ability, src)


def bind_targets(g: ChoqueGame, pi: int, ability: Ability, src: Handle,
                 refs: list[str]) -> dict[str, tuple[Handle, ...]]:
    """Turn an action's target references into handles, spec by spec (already checked legal)."""
    chosen: dict[str, tuple[Handle, ...]] = {}
    i = 0
    for spec in ability.targets:
        if spec.random:
            chosen[spec.name] = ()
            continue
        cands = dict(target_candidates(g, pi, spec, src))
        chosen[spec.name] = tuple(cands[r] for r in refs[i:i + spec.count])
        i += spec.count
    return chosen


def cm(g: ChoqueGame, flt: Any, qi: int, zi: int, c: Char, szone: int = -1) -> bool:
    """A character on the field against a filter, with its current strength (CH-12 seleccionar)."""
    strength = stats.strength(g, qi, zi, c) if ("strength_min" in flt or "strength_max" in flt) else None
    return _card_matches(flt, c.card, c, zi, szone, strength)


def handle_alive(g: ChoqueGame, h: Handle) -> bool:
    if h[0] == "char":
        return g.s.find(h[1]) is not None
    if h[0] == "slot":
        return zone_card(g, h[1], h[2]) is h[3]
    _, qi, zone, card = h
    return card in getattr(g.s.players[qi], ZONE_LISTS[zone])


# == costs =======================================================================================
def can_pay(g: ChoqueGame, pi: int, ability: Ability, src: Handle) -> bool:
    p = g.s.players[pi]
    for op in ability.cost:
        a = op.args
        v = op.verb
        if v == "discard":
            # an apoyo played from the hand is not in it when its cost is paid: it cannot pay for itself
            playing = src[-1] if src[0] == "hand" else None
            n = sum(1 for c in p.hand if _card_matches(a["filter"] or {}, c))
            if playing is not None and playing in p.hand and _card_matches(a["filter"] or {}, playing):
                n -= 1
            if n < a["count"]:
                return False
        if v == "send" and len(p.main) < a["count"]:
            return False
        if v == "sacrifice" and not cost_candidates(g, pi, op, src):
            return False
        if v == "confine_self" and src[0] != "char":
            return False
        if v == "isolate" and len(cost_candidates(g, pi, op, src)) < a["count"]:
            return False
        if v == "return_soul" and len(cost_candidates(g, pi, op, src)) < a["count"]:
            return False
        if v == "lose_hearts" and p.hearts < a["amount"]:
            return False
    return True


def cost_candidates(g: ChoqueGame, pi: int, op: Op, src: Handle) -> list[tuple[str, Handle]]:
    p = g.s.players[pi]
    name = NAMES[pi]
    a = op.args
    flt = a.get("filter") or {}
    if op.verb == "sacrifice":
        return [(f"{name}.{CHAR_ZONES[zi]}", ("char", c.uid)) for zi, c in enumerate(p.chars)
                if c is not None and cm(g, flt, pi, zi, c)
                and not (flt.get("not_self") and src == ("char", c.uid))]
    if op.verb == "return_soul":
        return [(f"{name}.{SUPPORT_ZONES[zi]}", ("soul", pi, zi)) for zi, z in enumerate(p.zones)
                if isinstance(z, CardDef) and z.type == "alma" and z.value >= a["value_min"]]
    zone = "hand" if op.verb == "discard" else a["from"]
    seen: set[str] = set()
    out: list[tuple[str, Handle]] = []
    for card in getattr(p, ZONE_LISTS[zone]):
        if card.id not in seen and _card_matches(flt, card):
            seen.add(card.id)
            out.append((card.id, ("card", pi, zone, card)))
    return out


# == activation by a player (use / play) =========================================================
def activation_options(g: ChoqueGame, pi: int, in_window: bool, first_only: bool = False) -> list[dict[str, Any]]:
    """`use` actions for encendido/rápido abilities on the field (CH-7.2, CH-7.3)."""
    s = g.s
    own_action_phase = s.active == pi and s.phase == "action" and not in_window and s.chain_mode == 0
    out: list[dict[str, Any]] = []
    name = NAMES[pi]
    for src, ref, ab in usable_sources(g, pi):
        if ab.category == "encendido" and not own_action_phase:
            continue
        if not usable(g, pi, ab, src):
            continue
        opts = target_options(g, pi, ab, src)
        if opts is None:
            continue
        base = {"player": name, "do": "use", "source": ref, "ability": ab.name}
        if isinstance(opts, OneAtATime) or not ab.targets or all(t.random for t in ab.targets):
            out.append(base)  # no targets, or too many lists: chosen one at a time (targeting.py)
        else:
            out.extend({**base, "targets": t} for t in opts)
        if first_only and out:
            return out
    return out


def card_responses(g: ChoqueGame, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if stats.fx_on_field(g) and rapido_on_field(g, pi):
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
    if ab.once_per_turn and once_key(g, src, ab) in g.s.used:
        return False
    return (condition_ok(g, pi, src, ab.condition) and can_pay(g, pi, ab, src)
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
            return ("field" in fed or bool(call_zones(g, pi, src, "any"))) and any(
                c.is_character and _card_matches(flt, c) and not keywords.call_blocked(g, pi, c.value)
                for c in p.confined)
        return any(_card_matches(flt, c) for c in p.confined)
    if v == "add":
        if a["from"] == "deck":
            return bool(p.main)
        return "mictlan" in fed or any(_card_matches(flt, c) for c in p.mictlan)
    if v == "special_call":
        if "field" not in fed and not call_zones(g, pi, src, a["zone"]):
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
                      if c is not None and cm(g, flt, pi, zi, c)]
        if not equip_opts:
            return []
    if ab is None:
        return [{**base, "targets": e} if e else base for e in equip_opts]
    if not usable(g, pi, ab, src):
        return []
    opts = target_options(g, pi, ab, src)
    if opts is None:
        return []
    if isinstance(opts, OneAtATime):  # too many lists: the effect's targets are chosen one at a time
        return [{**base, "targets": e} if e else base for e in equip_opts]
    out = []
    for e in equip_opts:
        for t in opts if (ab.targets and not all(x.random for x in ab.targets)) else [[]]:
            refs = e + t
            out.append({**base, "targets": refs} if refs else base)
    return out


def activate_use(g: ChoqueGame, pi: int, act: dict[str, Any]) -> bool:
    """Activate a card ability named in a `use` action; False if it is not a card ability."""
    ref = act["source"]
    for src, sref, abilities in field_sources(g, pi):
        if sref != ref:
            continue
        for ab in abilities:
            if ab.name == act["ability"]:
                if not targeting.ask(g, pi, act, ab, src, 0):  # listed without its targets: one at a time
                    activate(g, pi, src, ab, act.get("targets") or [])
                return True
    return False


def activate(g: ChoqueGame, pi: int, src: Handle, ab: Ability, refs: list[str],
              apoyo: tuple[Any, ...] | None = None) -> None:
    """CH-7.4: pay the costs, bind the targets, put the link on the chain (or open one)."""
    s = g.s
    chosen = bind_targets(g, pi, ab, src, refs)
    if ab.once_per_turn:
        s.used = (*s.used, once_key(g, src, ab))
    flow.event(g, "activate", player=NAMES[pi], ability=ab.name, source=src_name(g, src))
    link = AbilityLink(pi, src, ab, chosen, len(s.chain) - 1 if s.chain_mode == 1 else -1, apoyo)
    fire_targeted(g, chosen)
    pay_then(g, pi, src, ab, 0, ("link", link))


# -- paying costs, one at a time (choices pause on a decision) -----------------------------------
def pay_then(g: ChoqueGame, pi: int, src: Handle, ab: Ability, i: int, then: tuple[Any, ...]) -> None:
    while i < len(ab.cost):
        op = ab.cost[i]
        i += 1
        a = op.args
        v = op.verb
        p = g.s.players[pi]
        if v == "send":
            sent = send_top(p, a["count"])
            paid(g, pi, ab, v, src, cards=[c.id for c in sent], count=len(sent))
        elif v == "lose_hearts":
            p.hearts = max(0, p.hearts - a["amount"])
            paid(g, pi, ab, v, src, count=a["amount"], hearts=p.hearts)
        elif v == "confine_self":
            found = g.s.find(src[1])
            if found is not None:
                paid(g, pi, ab, v, src, card=found[2].card.id)
                keywords.leave_field(g, found[0], found[1], "confined", reason="cost")
        else:
            cands = cost_candidates(g, pi, op, src)
            need = a.get("count", 1)
            copies = sum(getattr(p, ZONE_LISTS[h[2]]).count(h[3]) if h[0] == "card" else 1 for _, h in cands)
            if copies == need and len(cands) == need and op.verb != "discard":
                for _, h in cands:
                    pay_one(g, pi, op, h, ab, src)
                continue
            g.s.stack.append(("pay", pi, src, ab, i, then))
            select(g, pi, "cost", op, src, need, ())
            return
    after_pay(g, then)


def paid(g: ChoqueGame, pi: int, ab: Ability | None, cost: str, src: Handle | None = None, **what: Any) -> None:
    """A cost was paid: the log says which, for what and with what (every card named went face up)."""
    source = {"source": src_name(g, src)} if src is not None else {}
    flow.event(g, "paid", player=NAMES[pi], ability=ab.name if ab is not None else "", cost=cost, **source,
                **what)


def pay_one(g: ChoqueGame, pi: int, op: Op, h: Handle, ab: Ability | None = None, src: Handle | None = None) -> None:
    p = g.s.players[pi]
    if op.verb == "sacrifice":
        found = g.s.find(h[1])
        if found is not None:
            paid(g, pi, ab, "sacrifice", src, card=found[2].card.id)
            keywords.leave_field(g, found[0], found[1], "mictlan", reason="sacrifice")
    elif op.verb == "return_soul":
        soul = p.zones[h[2]]
        assert isinstance(soul, CardDef)
        p.zones[h[2]] = None
        g.s.target_cache = None  # souls are field targets too
        p.hand.append(soul)
        p.hand_known.append(soul)
        paid(g, pi, ab, "return_soul", src, card=soul.id)
    elif op.verb == "discard":
        card = h[3]
        p.hand.remove(card)
        p.forget(card)
        p.mictlan.append(card)
        paid(g, pi, ab, "discard", src, card=card.id)
    elif op.verb == "isolate":
        card = h[3]
        paid(g, pi, ab, "isolate", src, card=card.id)
        getattr(p, ZONE_LISTS[h[2]]).remove(card)
        if h[2] == "hand":
            p.forget(card)  # it left the hand: the opponent no longer knows it there (CH-11.2)
        p.isolated.append(card)


def step_pay(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    _, pi, src, ab, i, then = step
    pay_then(g, pi, src, ab, i, then)


def after_pay(g: ChoqueGame, then: tuple[Any, ...]) -> None:
    s = g.s
    if then[0] == "link":
        link = then[1]
        if s.chain_mode == 1:
            chain.add_link(g, link)
        else:
            chain.start_chain(g, [link], OTHER[link.player])


# == triggers (disparo, CH-7.3) ===================================================================
def fire(g: ChoqueGame, event: str, pi: int, src: Handle, abilities: Any, **ctx: Any) -> None:
    """Queue every disparo ability of ``abilities`` whose trigger is ``event``."""
    for ab in abilities:
        if ab.category != "disparo" or ab.trigger != event:
            continue
        args = ab.trigger_args
        if event == "called" and args.get("how", "any") not in ("any", ctx.get("how")):
            continue
        if event in ("turn_start", "turn_end"):
            whose = args.get("whose", "own")
            if whose != "any" and (whose == "own") != (g.s.active == pi):
                continue
        chain.queue_trigger(g, TriggerLink(pi, src, ab, tuple(sorted(ctx.items()))))


def fire_char(g: ChoqueGame, event: str, pi: int, c: Char, **ctx: Any) -> None:
    if not c.card.fx.abilities and c.gained is None:
        return
    abilities = char_abilities(g, c)
    if abilities:
        fire(g, event, pi, ("char", c.uid), abilities, **ctx)


def fire_card(g: ChoqueGame, event: str, pi: int, card: CardDef, src: Handle, **ctx: Any) -> None:
    if card.fx.abilities:
        fire(g, event, pi, src, card.fx.abilities, **ctx)


def fire_targeted(g: ChoqueGame, chosen: dict[str, tuple[Handle, ...]]) -> None:
    for handles in chosen.values():
        for h in handles:
            if h[0] == "char":
                found = g.s.find(h[1])
                if found is not None:
                    fire_char(g, "targeted", found[0], found[2])


def fire_turn(g: ChoqueGame, event: str) -> None:
    """turn_start / turn_end abilities of everything on both fields (CH-5.2, CH-5.8)."""
    if not g.s.statics:
        return  # no card with effects on the field
    for pi in (g.s.active, OTHER[g.s.active]):
        for src, _, abilities in field_sources(g, pi):
            fire(g, event, pi, src, abilities)


# == resolution ==================================================================================
def link_ability(g: ChoqueGame, link: AbilityLink) -> None:
    """An activated ability's link resolves; ``drawn``: its "al azar" targets were drawn already (it
    went back on the chain under the reactions of the characters they selected)."""
    pi, src, ab, chosen, responds, apoyo, drawn = (link.player, link.source, link.ability, link.chosen,
                                                  link.responds, link.apoyo, link.drawn)
    s = g.s
    pos = len(s.chain)  # this link's position (it was just popped)
    negated = pos in s.negated
    if negated:
        flow.event(g, "negated", player=NAMES[pi], ability=ab.name, source=src_name(g, src))
    elif not condition_ok(g, pi, src, ab.condition):
        flow.event(g, "fizzled", player=NAMES[pi], ability=ab.name, source=src_name(g, src))
    else:
        if not drawn and ab.has_random:
            chosen = dict(chosen)  # the link's own map may be shared with copies of this state
            fire = draw_random(g, pi, ab, src, chosen)
            if reactions_first(g, fire, AbilityLink(pi, src, ab, chosen, responds, apoyo, True)):
                return  # the apoyo stays in its zone until its effect resolves (CH-1.5)
        after_card_link(g, pi, apoyo, False)
        s.stack.append(("ops", EffectContext(pi, src, ab, freeze(chosen), responds, ()), 0))
        return
    after_card_link(g, pi, apoyo, negated)


def after_card_link(g: ChoqueGame, pi: int, apoyo: tuple[Any, ...] | None, negated: bool) -> None:
    """What follows an activated card's link, once its effect (pushed after this) is done: a normal or
    rápido apoyo goes to the Mictlán (CH-1.5); a continuous card starts working, or, negated, goes to
    the Mictlán (CH-7.4, ``keywords.arrived``)."""
    if apoyo is None:
        return
    if apoyo[0] == "arrive":
        g.s.stack.append(("arrived", pi, *apoyo[1:], negated))
    else:
        g.s.stack.append(("apoyo_done", *apoyo))


def draw_random(g: ChoqueGame, pi: int, ab: Ability, src: Handle,
                 chosen: dict[str, tuple[Handle, ...]]) -> dict[str, tuple[Handle, ...]]:
    """CH-11.3: draw the "al azar" targets into ``chosen``, once, as the link resolves; returns them."""
    drawn: dict[str, tuple[Handle, ...]] = {}
    for spec in ab.targets:
        if spec.random:
            cands = target_candidates(g, pi, spec, src)
            drawn[spec.name] = tuple(cands[j][1] for j in sample(g.s.rng, len(cands), spec.count))
    chosen.update(drawn)
    return drawn


def reactions_first(g: ChoqueGame, selected: dict[str, tuple[Handle, ...]], link: Link) -> bool:
    """Targets chosen (or drawn) as a link resolves selected ``selected``: their ``targeted`` abilities
    trigger. If any does, card text beats the rules (CH-0.2) and it gets its moment: ``link`` goes back on
    the chain, where it was, with its targets, and the reactions join the chain above it, to resolve first;
    then ``link`` resolves as far as it can (CH-7.6). Returns whether that happened (docs/rulings.md)."""
    s = g.s
    n = len(s.triggers)
    fire_targeted(g, selected)
    if len(s.triggers) == n:
        return False  # the common case: nothing reacts
    reactions = s.triggers[n:]
    s.triggers = s.triggers[:n]  # triggers raised before wait for the next chain, as they did
    s.negated = tuple(x for x in s.negated if x < len(s.chain))  # the positions above were resolved
    s.chain.append(link)
    for r in reactions:
        if not isinstance(r, WindowMark):  # a reaction is a disparo link (fire_targeted queues no window)
            chain.add_link(g, r)
    return True


def link_trig(g: ChoqueGame, link: TriggerLink) -> None:
    """A disparo link resolves: optional ones ask first; targets and costs are chosen now. ``ready``: the
    verbs' context of a link whose targets were chosen already (it went back on the chain under the
    reactions of the characters they selected)."""
    pi, src, ab, ctx, ready = link.player, link.source, link.ability, link.event, link.ready
    s = g.s
    pos = len(s.chain)
    if pos in s.negated:
        flow.event(g, "negated", player=NAMES[pi], ability=ab.name, source=src_name(g, src))
        return
    if ready is not None:
        if condition_ok(g, pi, src, ab.condition):
            s.stack.append(("ops", ready, 0))
        return
    if ab.once_per_turn and once_key(g, src, ab) in s.used:
        return
    if not condition_ok(g, pi, src, ab.condition) or not can_pay(g, pi, ab, src):
        return
    if not can_act(g, pi, ab, src):
        return  # it would do nothing: not asked, nothing paid (docs/rulings.md)
    for spec in ab.targets:
        if not spec.random and len(target_candidates(g, pi, spec, src)) < spec.count:
            return  # no legal target: the trigger does nothing
    if ab.optional:
        flow.set_pending(g, pi, "choose", OptionalChoice(src, ab, ctx))
        return
    start_trigger(g, pi, src, ab, ctx)


def start_trigger(g: ChoqueGame, pi: int, src: Handle, ab: Ability, ctx: tuple[Any, ...]) -> None:
    if ab.once_per_turn:
        g.s.used = (*g.s.used, once_key(g, src, ab))
    flow.event(g, "trigger", player=NAMES[pi], ability=ab.name, source=src_name(g, src))
    below = len(g.s.chain) - 1  # a triggered negate answers the link under it
    run = EffectContext(pi, src, ab, (), below, ctx)
    g.s.stack.append(("trig_targets", run, 0, ()))
    if ab.cost:
        pay_then(g, pi, src, ab, 0, ("none",))


def step_trig_targets(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    """Choose a triggered ability's targets one spec at a time, then run its verbs."""
    _, run, i, picked = step
    pi, src, ab = run.player, run.source, run.ability
    specs = [sp for sp in ab.targets if not sp.random]
    if i >= len(specs):
        chosen: dict[str, tuple[Handle, ...]] = {sp.name: () for sp in ab.targets}
        for name, h in picked:
            chosen[name] = (*chosen[name], h)
        if ab.has_random:
            draw_random(g, pi, ab, src, chosen)
        ready = run._replace(chosen=freeze(chosen))
        if not reactions_first(g, chosen, TriggerLink(pi, src, ab, run.event, ready)):
            g.s.stack.append(("ops", ready, 0))
        return
    spec = specs[i]
    have = sum(1 for n, _ in picked if n == spec.name)
    if have >= spec.count:
        g.s.stack.append(("trig_targets", run, i + 1, picked))
        return
    cands = [c for c in target_candidates(g, pi, spec, src) if c[1] not in [h for _, h in picked]]
    if not cands:
        g.s.stack.append(("trig_targets", run, i + 1, picked))
        return
    flow.set_pending(g, pi, "choose", TriggerTargetChoice(run, i, picked, tuple(cands)))


# -- the verbs ----------------------------------------------------------------------------------
def step_ops(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    """Run an ability's verbs in order (CH-7.6), each by its row of ``verbs.BY_VERB``."""
    _, ctx, i = step
    ab = ctx.ability
    s = g.s
    while i < len(ab.ops):
        op = ab.ops[i]
        i += 1
        if does_nothing(g, ctx, op):  # said, not silently skipped: a player sees why nothing moved
            flow.event(g, "no_effect", player=NAMES[ctx.player], ability=ab.name, source=src_name(g, ctx.source),
                        verb=op.verb)
            continue
        verbs.BY_VERB[op.verb](g, ctx, op.args)
        if s.pending is not None:  # the verb asks a choice: the rest runs after the answer
            s.stack.append(("ops", ctx, i))
            return
        if s.winner is not None:
            return


def move_card(g: ChoqueGame, h: Handle, to: str) -> None:
    """Move a card between non-field zones of its owner (CH-1.8: amalgams go to the support deck)."""
    _, qi, zone, card = h
    p = g.s.players[qi]
    getattr(p, ZONE_LISTS[zone]).remove(card)
    if zone == "hand":
        p.forget(card)
    p.put(card, to, public=zone in ("mictlan", "confined"))  # from a public zone (CH-11.1)


def call_zones(g: ChoqueGame, pi: int, src: Handle, where: str) -> list[int]:
    """The empty character zones a special call may go to (any, or the source's sector)."""
    p = g.s.players[pi]
    zones = [zi for zi in range(4) if p.chars[zi] is None]
    if where == "same_sector":
        szone = source_zone_index(g, src)
        zones = [zi for zi in zones if szone >= 0 and sector_of(zi) == sector_of(szone)]
    return zones


# == selections: choices made while something resolves or is paid =================================
def select_candidates(g: ChoqueGame, pi: int, purpose: str, op: Op, src: Handle) -> list[tuple[str, Handle]]:
    p = g.s.players[pi]
    a = op.args
    if purpose == "cost":
        return cost_candidates(g, pi, op, src)
    if purpose == "discard":
        return _distinct_cards(p.hand, pi, "hand")
    flt = a.get("filter") or {}
    if purpose == "add":
        zone = a["from"]
        return _distinct_cards([c for c in getattr(p, ZONE_LISTS[zone]) if _card_matches(flt, c)], pi, zone)
    if purpose == "special_call":
        zone = a["from"]
        # an amalgam too (CH-1.8): an effect's special call needs no materials, only CH-6.4's does
        cards = [c for c in getattr(p, ZONE_LISTS[zone]) if c.is_character
                 and _card_matches(flt, c) and not keywords.call_blocked(g, pi, c.value)]
        return _distinct_cards(cards, pi, zone)
    if purpose == "liberar":
        cards = [c for c in p.confined if _card_matches(flt, c)]
        if a["to"] == "field":
            cards = [c for c in cards if c.is_character and not keywords.call_blocked(g, pi, c.value)]
        return _distinct_cards(cards, pi, "confined")
    raise AssertionError(purpose)  # pragma: no cover


def select(g: ChoqueGame, pi: int, purpose: str, op: Op, src: Handle, need: int, picked: tuple[Any, ...]) -> None:
    flow.set_pending(g, pi, "choose", SelectChoice(purpose, op, src, need, picked))


def select_options(g: ChoqueGame, pi: int, data: SelectChoice) -> list[dict[str, Any]]:
    purpose, op, src, picked = data.purpose, data.op, data.source, data.picked
    name = NAMES[pi]
    out = []
    for ref, h in select_candidates(g, pi, purpose, op, src):
        if h[0] == "card":
            left = getattr(g.s.players[pi], ZONE_LISTS[h[2]]).count(h[3]) - sum(1 for x in picked if x == h)
            if left <= 0:
                continue
            out.append({"player": name, "do": "choose", "cards": [h[3].id]})
        elif h in picked:
            continue
        else:
            out.append({"player": name, "do": "choose", "targets": [ref]})
    if not out:
        # Nothing left to pick. A real game never offers a selection without candidates; a determinized
        # copy can (an opponent's resample redrew the hidden zone being chosen from), and it must stay a
        # playable game: the effect goes on with what was picked.
        out.append({"player": name, "do": "choose", "cards": []})
    return out


def select_pick(g: ChoqueGame, pi: int, data: SelectChoice, act: dict[str, Any]) -> None:
    purpose, op, src, need, picked = data.purpose, data.op, data.source, data.need, data.picked
    if act.get("cards") == [] and not act.get("targets"):
        select_done(g, pi, purpose, op, src, picked)  # nothing left to pick (see select_options)
        return
    cands = select_candidates(g, pi, purpose, op, src)
    if act.get("cards"):
        h = next(h for r, h in cands if h[0] == "card" and h[3].id == act["cards"][0])
    else:
        h = next(h for r, h in cands if r == act["targets"][0])
    picked = (*picked, h)
    if len(picked) < need:
        select(g, pi, purpose, op, src, need, picked)
        return
    select_done(g, pi, purpose, op, src, picked)


def select_done(g: ChoqueGame, pi: int, purpose: str, op: Op, src: Handle, picked: tuple[Any, ...]) -> None:
    s = g.s
    p = s.players[pi]
    if purpose == "cost":
        ab = next((st[3] for st in reversed(s.stack) if st[0] == "pay"), None)  # whose cost it is
        for h in picked:
            pay_one(g, pi, op, h, ab, src)
    elif purpose == "discard":
        for h in picked:
            card = h[3]
            p.hand.remove(card)
            p.forget(card)
            p.mictlan.append(card)
            flow.event(g, "discard", player=NAMES[pi], card=card.id)
    elif purpose == "add":
        for h in picked:
            move_card(g, h, "hand")
            # a card searched from the deck is not shown to the opponent (CH-11.2)
            flow.event(g, "add", player=NAMES[pi], card=h[3].id, hidden=op.args["from"] == "deck")
        if op.args["from"] == "deck":
            s.rng.shuffle(p.main)  # CH-12 añadir: a searched deck is shuffled after
            p.main_known[:] = [0, 0, 0, 0]
    elif purpose in ("special_call", "liberar"):
        if not picked:
            return  # nothing was left to pick (a determinized copy, see select_options)
        h = picked[0]
        zones = call_zones(g, pi, src, op.args.get("zone", "any"))
        if purpose == "liberar" and op.args["to"] == "hand":
            for x in picked:
                move_card(g, x, "hand")
                flow.event(g, "liberated", player=NAMES[pi], card=x[3].id)  # it was face up, confined
            return
        if not zones:
            return
        g.s.stack.append(("call_into", pi, h, src, op.args.get("zone", "any")))


def step_call_into(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    """Choose the zone of a special call (any empty one, or one in the source's sector)."""
    _, pi, h, src, where = step
    zones = call_zones(g, pi, src, where)
    if not zones or not handle_alive(g, h):
        return
    if len(zones) == 1:
        call_from(g, pi, h, zones[0])
        return
    flow.set_pending(g, pi, "choose", ZoneChoice(h, tuple(zones)))


def call_from(g: ChoqueGame, pi: int, h: Handle, zi: int) -> None:
    _, qi, zone, card = h
    p = g.s.players[qi]
    getattr(p, ZONE_LISTS[zone]).remove(card)
    if zone == "hand":
        p.forget(card)
    if zone == "deck":
        g.s.rng.shuffle(p.main)
        p.main_known[:] = [0, 0, 0, 0]
    keywords.special_call(g, pi, card, zi, "effect")


# == continuous bookkeeping ======================================================================
def src_name(g: ChoqueGame, src: Handle) -> str:
    """The card id of an ability's source, for the log (a character by its card, not its uid)."""
    if src[0] == "char":
        found = g.s.find(src[1])
        return found[2].card.id if found is not None else f"uid{src[1]}"
    return str(src[-1].id) if isinstance(src[-1], CardDef) else str(src)


def step_arrived(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    """A continuous card's activation with an effect resolved (see ``keywords.arrived``)."""
    _, pi, qi, zone, card, negated = step
    keywords.arrived(g, pi, qi, zone, card, negated)


def step_apoyo_done(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    """CH-1.5: a normal or rápido apoyo goes to the Mictlán once its effect resolved."""
    _, pi, zi, card = step
    p = g.s.players[pi]
    if p.zones[zi] is card:
        p.zones[zi] = None
        p.mictlan.append(card)
        g.s.fx_changed()


def _distinct_cards(cards: Any, pi: int, zone: str) -> list[tuple[str, Handle]]:
    seen: set[str] = set()
    out: list[tuple[str, Handle]] = []
    for c in cards:
        if c.id not in seen:
            seen.add(c.id)
            out.append((c.id, ("card", pi, zone, c)))
    return out


# -- the choices effects ask (ChoqueGame._choices) ------------------------------------------------------
def optional_offer(g: ChoqueGame, pi: int, data: OptionalChoice) -> list[dict[str, Any]]:
    """A "puedes" trigger (CH-7.3): use it (or pass)."""
    return [{"player": NAMES[pi], "do": "choose", "option": "use"}]


def optional_answer(g: ChoqueGame, pi: int, data: OptionalChoice, act: dict[str, Any]) -> None:
    start_trigger(g, pi, data.source, data.ability, data.event)


def trig_target_offer(g: ChoqueGame, pi: int, data: TriggerTargetChoice) -> list[dict[str, Any]]:
    """A trigger's target (CH-7.4): a card by its id, a field target by its reference."""
    name = NAMES[pi]
    return [{"player": name, "do": "choose", "cards": [h[3].id]} if h[0] == "card"
            else {"player": name, "do": "choose", "targets": [ref]} for ref, h in data.candidates]


def trig_target_answer(g: ChoqueGame, pi: int, data: TriggerTargetChoice, act: dict[str, Any]) -> None:
    """A trigger's target chosen (a card or a zone); the trigger's remaining targets come next."""
    run, i, picked, cands = data.run, data.spec_index, data.picked, data.candidates
    if act.get("cards"):
        h = next(h for _, h in cands if h[0] == "card" and h[3].id == act["cards"][0])
    else:
        h = next(h for r, h in cands if r == act["targets"][0])
    spec = [sp for sp in run.ability.targets if not sp.random][i]
    g.s.stack.append(("trig_targets", run, i, (*picked, (spec.name, h))))


def zone_offer(g: ChoqueGame, pi: int, data: ZoneChoice) -> list[dict[str, Any]]:
    """The zone a special call goes into (CH-6.2)."""
    return [{"player": NAMES[pi], "do": "choose", "option": CHAR_ZONES[zi]} for zi in data.zones]


def zone_answer(g: ChoqueGame, pi: int, data: ZoneChoice, act: dict[str, Any]) -> None:
    call_from(g, pi, data.handle, CHAR_ZONES.index(act["option"]))
