"""What a verb reaches as it resolves (CH-7.6): the characters, field cards and pile cards its ``target``
names, re-checked now; the players it names; whether it has nothing left to act on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import flow, keywords
from ...effects import activation, candidates, selections, sources
from ...state import CHAR_ZONES, NAMES, OTHER, Char
from ..context import EffectContext, Handle, sample
from ..schema import Op

if TYPE_CHECKING:
    from ...game import ChoqueGame


def targets(g: ChoqueGame, ctx: EffectContext, target: Any) -> list[tuple[int, int, Char]]:
    """The characters a verb's ``target`` names, still on the field (CH-7.6)."""
    s = g.s
    pi, src, ab, chosen, _, tctx = ctx
    found: list[Any] = []
    if target == "self":
        f = s.find(src[1]) if src[0] == "char" else None
        found = [f] if f else []
    elif target in ("trigger", "attacker", "battle_target"):
        uid = dict(tctx).get(target if target != "trigger" else "by")
        if uid is None and target in ("attacker", "battle_target") and s.battle is not None:
            b = s.battle
            uid = b.attacker if target == "attacker" else (b.uids[0] if b.uids else None)
        f = s.find(uid) if isinstance(uid, int) else None
        found = [f] if f else []
    elif isinstance(target, dict):
        flt = target["all"]
        szone = sources.source_zone_index(g, src)
        for qi in (pi, OTHER[pi]):
            side = flt.get("side", "any")
            if side != "any" and (side == "own") != (qi == pi):
                continue
            for zi, c in enumerate(s.players[qi].chars):
                if c is not None and candidates.cm(g, flt, qi, zi, c, szone):
                    if not (flt.get("not_self") and src == ("char", c.uid)):
                        found.append((qi, zi, c))
    else:
        spec = next(sp for sp in ab.targets if sp.name == target)
        handles = dict(chosen).get(target, ())
        if spec.random and not handles:  # drawn as the link resolved (draw_random); none were left then
            cands = candidates.target_candidates(g, pi, spec, src)
            handles = tuple(cands[j][1] for j in sample(s.rng, len(cands), spec.count))
        for h in handles:
            if h[0] == "char":
                f = s.find(h[1])
                if f is not None and candidates.cm(g, spec.filter, f[0], f[1], f[2]):
                    found.append(f)  # re-checked on resolution (CH-7.6)
    return found


def target_cards(g: ChoqueGame, ctx: EffectContext, target: Any) -> list[Handle]:
    """Non-field cards a verb's target names (Mictlán, hand, confinement), still there."""
    chosen = ctx.chosen
    if not isinstance(target, str) or target in ("self", "trigger", "attacker", "battle_target"):
        return []
    handles = dict(chosen).get(target, ())
    return [h for h in handles if h[0] == "card" and candidates.handle_alive(g, h)]


def slots(g: ChoqueGame, ctx: EffectContext, target: Any) -> list[Handle]:
    """Apoyos, souls, sectors and arenas a verb's target names, still in their zone (CH-7.6)."""
    pi, src, chosen = ctx.player, ctx.source, ctx.chosen
    if isinstance(target, dict):
        return [h for _, h in candidates.slot_candidates(g, pi, target["all"], src)]
    if not isinstance(target, str) or target in ("self", "trigger", "attacker", "battle_target"):
        return []
    return [h for h in dict(chosen).get(target, ()) if h[0] == "slot" and sources.zone_card(g, h[1], h[2]) is h[3]]


def players(ctx: EffectContext, who: str) -> list[int]:
    """The players a verb's ``player`` argument names, seen from the ability's controller."""
    pi = ctx.player
    return {"self": [pi], "opponent": [OTHER[pi]], "both": [pi, OTHER[pi]]}[who]


def take_away(g: ChoqueGame, ctx: EffectContext, target: Any, to: str, reason: str) -> None:
    """Move whatever ``target`` names — characters, cards in field zones, cards in piles — to ``to``."""
    for qi, zi, c in targets(g, ctx, target):
        if g.s.players[qi].chars[zi] is c:
            keywords.leave_field(g, qi, zi, to, reason=reason)
            flow.event(g, reason, player=NAMES[qi], card=c.card.id, zone=CHAR_ZONES[zi], to=to)  # it was seen
    for h in slots(g, ctx, target):
        candidates.remove_slot(g, h, to, reason)
    for h in target_cards(g, ctx, target):
        selections.move_card(g, h, to)


def does_nothing(g: ChoqueGame, ctx: EffectContext, op: Op) -> bool:
    """Whether a verb, about to resolve, has nothing to act on: its targets have all left the field
    (CH-7.6), or what it takes from (a deck, a hand, the confined cards) holds nothing it may take."""
    target = op.args.get("target")
    if target is None:
        return op.verb in ("send", "discard", "liberar", "add", "special_call") and not activation.op_can_act(g,
            ctx.player, op, ctx.source, frozenset())
    if target == "self":
        return ctx.source[0] == "char" and g.s.find(ctx.source[1]) is None
    if target in ("trigger", "attacker", "battle_target"):
        return not targets(g, ctx, target)
    if not isinstance(target, str):  # {all: filter} reaches supports too: the verb itself decides
        return False
    spec = next((sp for sp in ctx.ability.targets if sp.name == target), None)
    if spec is None or spec.random:  # a random target is drawn as the verb resolves: never drawn twice
        return False
    handles = dict(ctx.chosen).get(target, ())
    return bool(handles) and all(h[0] == "char" for h in handles) and not targets(g, ctx, target)
