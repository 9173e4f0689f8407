"""Resolving an activated ability's link (CH-7.6): negated, fizzled or its verbs run in order; what follows an apoyo."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import flow, keywords
from ..links import AbilityLink
from ..state import NAMES
from . import sources, triggers, verbs
from .context import EffectContext, freeze
from .verbs.reach import does_nothing

if TYPE_CHECKING:
    from ..game import ChoqueGame


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
        flow.event(g, "negated", player=NAMES[pi], ability=ab.name, source=sources.src_name(g, src))
    elif not sources.condition_ok(g, pi, src, ab.condition):
        flow.event(g, "fizzled", player=NAMES[pi], ability=ab.name, source=sources.src_name(g, src))
    else:
        if not drawn and ab.has_random:
            chosen = dict(chosen)  # the link's own map may be shared with copies of this state
            fire = triggers.draw_random(g, pi, ab, src, chosen)
            if triggers.reactions_first(g, fire, AbilityLink(pi, src, ab, chosen, responds, apoyo, True)):
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
            flow.event(g, "no_effect", player=NAMES[ctx.player], ability=ab.name,
                       source=sources.src_name(g, ctx.source), verb=op.verb)
            continue
        verbs.BY_VERB[op.verb](g, ctx, op.args)
        if s.pending is not None:  # the verb asks a choice: the rest runs after the answer
            s.stack.append(("ops", ctx, i))
            return
        if s.winner is not None:
            return


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
