"""Disparo abilities (CH-7.3): firing on events, their links, their targets chosen as they resolve, reactions first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import chain, flow
from ..cards import CardDef
from ..links import Link, TriggerLink, WindowMark
from ..pending import OptionalChoice, TriggerTargetChoice
from ..state import NAMES, OTHER, Char
from . import activation, candidates, costs, sources
from .context import EffectContext, Handle, freeze, sample
from .schema import Ability

if TYPE_CHECKING:
    from ..game import ChoqueGame


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
    abilities = sources.char_abilities(g, c)
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
        for src, _, abilities in sources.field_sources(g, pi):
            fire(g, event, pi, src, abilities)


def link_trig(g: ChoqueGame, link: TriggerLink) -> None:
    """A disparo link resolves: optional ones ask first; targets and costs are chosen now. ``ready``: the
    verbs' context of a link whose targets were chosen already (it went back on the chain under the
    reactions of the characters they selected)."""
    pi, src, ab, ctx, ready = link.player, link.source, link.ability, link.event, link.ready
    s = g.s
    pos = len(s.chain)
    if pos in s.negated:
        flow.event(g, "negated", player=NAMES[pi], ability=ab.name, source=sources.src_name(g, src))
        return
    if ready is not None:
        if sources.condition_ok(g, pi, src, ab.condition):
            s.stack.append(("ops", ready, 0))
        return
    if ab.once_per_turn and sources.once_key(g, src, ab) in s.used:
        return
    if not sources.condition_ok(g, pi, src, ab.condition) or not costs.can_pay(g, pi, ab, src):
        return
    if not activation.can_act(g, pi, ab, src):
        return  # it would do nothing: not asked, nothing paid (docs/rulings.md)
    for spec in ab.targets:
        if not spec.random and len(candidates.target_candidates(g, pi, spec, src)) < spec.count:
            return  # no legal target: the trigger does nothing
    if ab.optional:
        flow.set_pending(g, pi, "choose", OptionalChoice(src, ab, ctx))
        return
    start_trigger(g, pi, src, ab, ctx)


def start_trigger(g: ChoqueGame, pi: int, src: Handle, ab: Ability, ctx: tuple[Any, ...]) -> None:
    if ab.once_per_turn:
        g.s.used = (*g.s.used, sources.once_key(g, src, ab))
    flow.event(g, "trigger", player=NAMES[pi], ability=ab.name, source=sources.src_name(g, src))
    below = len(g.s.chain) - 1  # a triggered negate answers the link under it
    run = EffectContext(pi, src, ab, (), below, ctx)
    g.s.stack.append(("trig_targets", run, 0, ()))
    if ab.cost:
        costs.pay_then(g, pi, src, ab, 0, ("none",))


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
    cands = [c for c in candidates.target_candidates(g, pi, spec, src) if c[1] not in [h for _, h in picked]]
    if not cands:
        g.s.stack.append(("trig_targets", run, i + 1, picked))
        return
    flow.set_pending(g, pi, "choose", TriggerTargetChoice(run, i, picked, tuple(cands)))


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


def draw_random(g: ChoqueGame, pi: int, ab: Ability, src: Handle,
                 chosen: dict[str, tuple[Handle, ...]]) -> dict[str, tuple[Handle, ...]]:
    """CH-11.3: draw the "al azar" targets into ``chosen``, once, as the link resolves; returns them."""
    drawn: dict[str, tuple[Handle, ...]] = {}
    for spec in ab.targets:
        if spec.random:
            cands = candidates.target_candidates(g, pi, spec, src)
            drawn[spec.name] = tuple(cands[j][1] for j in sample(g.s.rng, len(cands), spec.count))
    chosen.update(drawn)
    return drawn


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
