"""CH-7 chains: response windows, links, and resolution from the last link to the first.

A link is a tuple ``(kind, player, *args)``; its effect lives in ``keywords.py`` (the only links this
issue has are exclusive abilities and effect-less apoyos). Links whose source or targets are gone resolve
as far as they can (CH-7.6). Triggers raised while a chain resolves wait and start the next chain.
"""

from __future__ import annotations

from typing import Any

from .flow import NAMES, OTHER
from .stats import StatsRules


class ChainRules(StatsRules):
    """Mixin: opening windows, adding links, passing, resolving."""

    _legal_cache: list[dict[str, Any]] | None

    def _resolve_link(self, link: tuple[Any, ...]) -> None: ...

    def _response_options(self, pi: int, first_only: bool = False) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _open_window(self, prio: int) -> None:
        """Schedule a response window for ``prio`` (CH-7.5), checked when it comes up."""
        self.s.stack.append(("window", prio))

    def _step_window(self, step: tuple[Any, ...]) -> None:
        prio = step[1]
        if self.s.chain_mode == 0 and self._may_respond(prio) and self._has_response(prio):
            self._start_chain([], prio)

    def _start_chain(self, links: list[tuple[Any, ...]], prio: int) -> None:
        s = self.s
        s.chain = links
        s.chain_prio = prio
        s.chain_passes = 0
        s.chain_mode = 1
        s.stack.append(("chain",))

    def _queue_trigger(self, link: tuple[Any, ...]) -> None:
        """A disparo ability (or a call's window) waits for the next chain (CH-7.3, CH-6.5)."""
        s = self.s
        s.triggers.append(link)
        if s.chain_mode == 0 and (not s.stack or s.stack[-1] != ("triggers",)):
            s.stack.append(("triggers",))

    def _step_triggers(self, step: tuple[Any, ...]) -> None:
        s = self.s
        if s.chain_mode != 0 or not s.triggers:
            return
        trig, s.triggers = s.triggers, []
        links = [t for t in trig if t[0] != "window"]
        # CH-7.4: the opponent of the last player to add responds first; a call's controller is "the
        # player who added" even when its call triggered nothing (CH-6.5).
        last = trig[-1][1]
        if not links and not self._has_response(OTHER[last]):
            return  # an empty window nobody can answer (CH-7.5)
        self._start_chain(links, OTHER[last])

    def _add_link(self, link: tuple[Any, ...]) -> None:
        s = self.s
        s.chain.append(link)
        s.chain_passes = 0
        s.chain_prio = OTHER[link[1]]
        self._event("chain_link", player=NAMES[link[1]], link=link[0], size=len(s.chain))

    def _chain_pass(self) -> None:
        s = self.s
        s.chain_passes += 1
        if s.chain_passes >= 2 or not s.chain:
            s.chain_mode = 2  # CH-7.4: both passed in a row (an empty window closes on one pass)
        else:
            s.chain_prio = OTHER[s.chain_prio]

    def _step_chain(self, step: tuple[Any, ...] = ("chain",)) -> None:
        s = self.s
        if s.chain_mode == 2:
            if s.chain:
                link = s.chain.pop()  # CH-7.4: last link first
                s.stack.append(("chain",))
                self._resolve_link(link)
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
            for link in trig:
                if link[0] != "window":
                    self._add_link(link)
        q = s.chain_prio
        s.stack.append(("chain",))
        options = self._response_options(q) if self._may_respond(q) else []
        if options:
            self._set_pending(q, "response")
            options.append({"player": NAMES[q], "do": "pass"})
            self._legal_cache = options  # computed once here; legal_actions() reuses it
        else:
            self._chain_pass()  # CH-7.5: no legal response, no window
