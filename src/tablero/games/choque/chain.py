"""CH-7 chains: response windows, links, and resolution from the last link to the first.

A link is a tuple ``(kind, player, *args)``; its effect lives in ``keywords.py`` (the only links this
issue has are exclusive abilities and effect-less apoyos). Links whose source or targets are gone resolve
as far as they can (CH-7.6). Triggers raised while a chain resolves wait and start the next chain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import flow, keywords
from .links import Link, Queued, WindowMark
from .state import NAMES, OTHER

if TYPE_CHECKING:
    from .game import ChoqueGame


def open_window(g: ChoqueGame, prio: int) -> None:
    """Schedule a response window for ``prio`` (CH-7.5), checked when it comes up."""
    g.s.stack.append(("window", prio))


def step_window(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    prio = step[1]
    if g.s.chain_mode == 0 and flow.may_respond(g, prio) and keywords.has_response(g, prio):
        start_chain(g, [], prio)


def start_chain(g: ChoqueGame, links: list[Link], prio: int) -> None:
    s = g.s
    s.chain = links
    s.chain_prio = prio
    s.chain_passes = 0
    s.chain_mode = 1
    s.stack.append(("chain",))


def queue_trigger(g: ChoqueGame, link: Queued) -> None:
    """A disparo ability (or a call's window) waits for the next chain (CH-7.3, CH-6.5)."""
    s = g.s
    s.triggers.append(link)
    if s.chain_mode == 0 and (not s.stack or s.stack[-1] != ("triggers",)):
        s.stack.append(("triggers",))


def step_triggers(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    s = g.s
    if s.chain_mode != 0 or not s.triggers:
        return
    trig, s.triggers = s.triggers, []
    links = [t for t in trig if not isinstance(t, WindowMark)]
    # CH-7.4: the opponent of the last player to add responds first; a call's controller is "the
    # player who added" even when its call triggered nothing (CH-6.5).
    last = trig[-1].player
    if not links and not keywords.has_response(g, OTHER[last]):
        return  # an empty window nobody can answer (CH-7.5)
    start_chain(g, links, OTHER[last])


def add_link(g: ChoqueGame, link: Link) -> None:
    s = g.s
    s.chain.append(link)
    s.chain_passes = 0
    s.chain_prio = OTHER[link.player]
    flow.event(g, "chain_link", player=NAMES[link.player], link=link.kind, size=len(s.chain))


def chain_pass(g: ChoqueGame) -> None:
    s = g.s
    s.chain_passes += 1
    if s.chain_passes >= 2 or not s.chain:
        s.chain_mode = 2  # CH-7.4: both passed in a row (an empty window closes on one pass)
    else:
        s.chain_prio = OTHER[s.chain_prio]


def step_chain(g: ChoqueGame, step: tuple[Any, ...] = ("chain",)) -> None:
    s = g.s
    if s.chain_mode == 2:
        if s.chain:
            link = s.chain.pop()  # CH-7.4: last link first
            s.stack.append(("chain",))
            keywords.resolve_link(g, link)
            return
        s.chain_mode = 0
        s.negated = ()
        if s.triggers:
            s.stack.append(("triggers",))
        return
    if s.triggers:
        # Disparo abilities raised while the chain is open (an activation targeted something, a cost
        # sent a character away...) join it as responses (CH-7.4).
        trig, s.triggers = s.triggers, []
        for queued in trig:
            if not isinstance(queued, WindowMark):
                add_link(g, queued)
    q = s.chain_prio
    s.stack.append(("chain",))
    options = keywords.response_options(g, q) if flow.may_respond(g, q) else []
    if options:
        flow.set_pending(g, q, "response")
        options.append({"player": NAMES[q], "do": "pass"})
        g._legal_cache = options  # computed once here; legal_actions() reuses it
    else:
        chain_pass(g)  # CH-7.5: no legal response, no window
