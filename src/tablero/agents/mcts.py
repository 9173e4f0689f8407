"""Information-set MCTS (single observer, Cowling, Powley & Whitehouse 2012) over determinizations.

Each iteration redraws every card hidden from the agent (``Seat.determinize``), walks one shared tree of
action sequences with UCB1 (counting, for each action, how often it was available), expands one new
action, plays a short playout and scores it with the game's evaluation (``Game.heuristic``): full random
playouts to the end of a CHOQUE are long and noisy, a cut-off playout plus a sound evaluation is both
faster and stronger. Decisions with one legal action are never searched, in the tree or at the root.

A new node is valued one ply ahead: each of its actions is applied and evaluated (its prior). Below the
root, a decision with more than ``wide`` actions (a put-down that lists every way to pay and target a
card: hundreds) is valued on a sample, every kind of action (``do`` and ``card``) represented, and only the
sampled ones are searched there: a quarter of ``wide`` at first, widened to ``wide`` as the node is
visited (progressive widening). Such a node is walked through without listing its actions: the action the
search prefers is played, and only if this determinization refuses every sampled one is the decision
listed and sampled anew. Otherwise one wide decision per iteration would cost hundreds of evaluations and a
listing, and a search of a fixed number of iterations (the hint) seconds instead of a fraction of one.

With ``iterations`` the result depends only on the seed and what the agent may see; ``budget`` (seconds
per decision) is for play, where the machine's speed decides how far it searches.
"""

from __future__ import annotations

import math
import time
from typing import Any

from tablero.core import BadInput, Game, IllegalAction, Rng

from .base import Seat
from .playout import action_key, default_reply, settle


class _Node:
    """Statistics of the actions tried from one point of the action sequence: per action key, visits,
    total value (from the point of view of the player who chose it) and availability."""

    __slots__ = ("visits", "value", "avail", "children", "prior", "sampled", "actions", "n")

    def __init__(self) -> None:
        self.visits: dict[tuple[Any, ...], int] = {}
        self.value: dict[tuple[Any, ...], float] = {}
        self.avail: dict[tuple[Any, ...], int] = {}
        self.children: dict[tuple[Any, ...], _Node] = {}
        self.prior: dict[tuple[Any, ...], float] | None = None  # one-ply evaluation of each action
        self.sampled = False  # the prior covers a sample of the actions, and only they are searched
        self.actions: dict[tuple[Any, ...], dict[str, Any]] = {}  # a sampled node's searched actions, by key
        self.n = 0  # iterations that passed through this node


class MctsAgent:
    name = "mcts"

    def __init__(self, seed: int = 0, budget: float | None = None, iterations: int | None = None,
                 playout_depth: int = 0, exploration: float = 0.7, prior_visits: float = 2.0,
                 wide: int = 48) -> None:
        if budget is None and iterations is None:
            budget = 0.1
        if budget is not None and budget <= 0 or iterations is not None and iterations < 1:
            raise BadInput("mcts: budget must be > 0 seconds and iterations >= 1")
        if wide < 1:
            raise BadInput("mcts: wide must be >= 1")
        self.rng = Rng(seed)
        self.budget = budget
        self.iterations = iterations
        self.playout_depth = playout_depth
        self.c = exploration
        self.prior_visits = prior_visits
        self.wide = wide
        self.last_iterations = 0  # for benchmarks: iterations made on the last searched decision
        self.last_valued: list[int] = []  # for tests: how many actions each new node valued, on the last one
        self.last_root: _Node | None = None  # for tests and tools: the tree of the last searched decision
        # the search's value of the action chosen on the last decision, in [-1, 1] for the seat (the mean
        # ``Game.heuristic`` of its playouts, its prior counted as in ``_mean``); None when nothing was searched
        self.last_estimate: float | None = None

    def act(self, seat: Seat) -> dict[str, Any]:
        legal = seat.legal_actions()
        if len(legal) == 1:
            self.last_estimate = None
            return legal[0]
        root = _Node()
        me = seat.player
        self.last_valued = []
        deadline = time.perf_counter() + self.budget if self.iterations is None and self.budget else math.inf
        n = 0
        while True:
            self._iterate(seat.determinize(self.rng), root, me)
            n += 1
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last_iterations = n
        self.last_root = root
        keys = [action_key(a) for a in legal]
        # the most visited action; ties go to the better average, then to the first listed
        best = max(range(len(legal)), key=lambda i: (root.visits.get(keys[i], 0), self._mean(root, keys[i]), -i))
        self.last_estimate = self._mean(root, keys[best])
        return legal[best]

    def _mean(self, node: _Node, k: tuple[Any, ...]) -> float:
        n = node.visits.get(k, 0)
        p = (node.prior or {}).get(k)
        if p is None:
            return node.value.get(k, 0.0) / max(1, n)
        return (node.value.get(k, 0.0) + p * self.prior_visits) / (n + self.prior_visits)

    def _iterate(self, g: Game, root: _Node, me: str) -> None:
        node = root
        path: list[tuple[_Node, tuple[Any, ...], str]] = []
        expanded = False
        while not g.is_over and not expanded:
            d = g.pending
            assert d is not None
            if node.sampled and len(node.actions) >= self._allowed(node):
                k_played = self._play_sampled(node, g)
                if k_played is not None:  # played without listing the hundreds of actions it samples
                    path.append((node, k_played, d.player))
                    node = self._child(node, k_played)
                    continue
            legal = g.legal_actions()
            if len(legal) == 1:
                g.apply(legal[0])  # forced: no node, no statistics
                continue
            keys = [action_key(a) for a in legal]
            for k in keys:
                node.avail[k] = node.avail.get(k, 0) + 1
            if self.prior_visits and (node.prior is None or node.sampled and self._widens(node, keys)):
                expanded = self._expand(node, g, legal, keys, d.player, node is root)  # they stand in for a playout
            i = self._select(node, keys)
            k = keys[i]
            if k not in node.visits and not node.prior:
                expanded = True  # without priors: one new action per iteration, then a playout
            path.append((node, k, d.player))
            g.apply(legal[i])
            node = self._child(node, k)
        self._playout(g)
        value = g.heuristic(me)
        for nd, k, player in path:
            nd.n += 1
            nd.visits[k] = nd.visits.get(k, 0) + 1
            nd.value[k] = nd.value.get(k, 0.0) + (value if player == me else -value)

    @staticmethod
    def _child(node: _Node, k: tuple[Any, ...]) -> _Node:
        child = node.children.get(k)
        if child is None:
            child = node.children[k] = _Node()
        return child

    def _expand(self, node: _Node, g: Game, legal: list[dict[str, Any]], keys: list[tuple[Any, ...]],
                player: str, root: bool) -> bool:
        """Value a node's actions one ply ahead: all of them at the root or when there are at most ``wide``;
        otherwise a sample (``_sample``) of as many as the node's visits allow (``_allowed``), widened
        later with actions not valued yet. Whether it valued any (a determinization may list no action the
        node has not valued)."""
        prior = node.prior or {}
        fresh = [i for i, k in enumerate(keys) if k not in prior]
        if root or node.prior is None and len(legal) <= self.wide:
            chosen = fresh
        else:
            want = self._allowed(node) - sum(1 for k in keys if k in prior)
            chosen = [fresh[j] for j in self._sample([legal[i] for i in fresh], max(1, want))]
        valued = self._priors(g, [legal[i] for i in chosen], [keys[i] for i in chosen], player)
        self.last_valued.append(len(valued))
        if node.prior is None:
            node.prior = valued
            node.sampled = len(chosen) < len(legal)
        else:
            node.prior.update(valued)
        if node.sampled:
            node.actions.update((keys[i], legal[i]) for i in chosen)
        return bool(valued)

    def _allowed(self, node: _Node) -> int:
        """How many actions a sampled node searches after ``node.n`` visits: a quarter of ``wide`` at
        first, a quarter more at 3, 8 and 15 visits (progressive widening, k = c·sqrt(n)): most nodes deep
        in the tree are visited once or twice, and valuing ``wide`` actions for each was most of a search."""
        first = max(1, self.wide // 4)
        return min(self.wide, first * math.isqrt(node.n + 1))

    def _widens(self, node: _Node, keys: list[tuple[Any, ...]]) -> bool:
        """Whether a sampled node values more actions now: none of its searched ones is legal in this
        determinization, or its visits allow more than it has."""
        actions = node.actions
        return len(actions) < self._allowed(node) or not any(k in actions for k in keys)

    def _play_sampled(self, node: _Node, g: Game) -> tuple[Any, ...] | None:
        """At a sampled node, play the searched action UCB1 prefers among those the game accepts in this
        determinization, tried in that order (an action that uses a card this determinization did not deal
        is refused, and nothing changes); None when it accepts none of them, for the caller to list the
        actions and sample anew. Listing a wide decision costs more than the rest of an iteration, and only
        the searched actions matter here; an action is counted available unless it was refused."""
        keys = list(node.actions)
        refused: set[tuple[Any, ...]] = set()
        for k in sorted(keys, key=lambda key: -self._ucb(node, key)):
            try:
                g.apply(node.actions[k])
            except IllegalAction:
                refused.add(k)
                continue
            for other in keys:
                if other not in refused:
                    node.avail[other] = node.avail.get(other, 0) + 1
            return k
        return None

    def _ucb(self, node: _Node, k: tuple[Any, ...]) -> float:
        """UCB1 of a searched action (one with a prior or a visit): its mean (``_mean``, the prior counted
        as ``prior_visits`` visits) plus the exploration term of its availability."""
        total = node.visits.get(k, 0) + (self.prior_visits if node.prior and k in node.prior else 0.0)
        return self._mean(node, k) + self.c * math.sqrt(math.log(node.avail.get(k, 0) + 1) / total)

    def _sample(self, legal: list[dict[str, Any]], want: int) -> list[int]:
        """``want`` of the actions (all when fewer), drawn from the search's random source: one of each kind
        (``do`` and ``card``) in turn, so that no card's way of being played is left out for its many
        variants."""
        kinds: dict[tuple[Any, Any], list[int]] = {}
        for i, a in enumerate(legal):
            kinds.setdefault((a.get("do"), a.get("card")), []).append(i)
        pools = list(kinds.values())
        for pool in pools:
            self.rng.shuffle(pool)
        want = min(want, len(legal))
        chosen: list[int] = []
        while len(chosen) < want:
            for pool in pools:
                if pool and len(chosen) < want:
                    chosen.append(pool.pop())
        return sorted(chosen)

    def _select(self, node: _Node, keys: list[tuple[Any, ...]]) -> int:
        """UCB1 over the available actions; an action's one-ply evaluation counts as ``prior_visits`` visits
        (progressive bias), an action never tried and without a prior is tried first — except at a sampled
        node, where only the sampled actions (and any already tried) are searched. It is ``_ucb`` written
        out over the keys: this loop runs for every node of every iteration."""
        best, best_u = 0, -math.inf
        c = self.c
        pv = self.prior_visits
        prior = node.prior or {}
        for i, k in enumerate(keys):
            n = node.visits.get(k, 0)
            p = prior.get(k)
            if p is None:
                if n == 0:
                    if node.sampled:
                        continue
                    return i
                mean, total = node.value[k] / n, float(n)
            else:
                mean, total = (node.value.get(k, 0.0) + p * pv) / (n + pv), n + pv
            u = mean + c * math.sqrt(math.log(node.avail[k] + 1) / total)
            if u > best_u:
                best, best_u = i, u
        return best

    @staticmethod
    def _priors(g: Game, legal: list[dict[str, Any]], keys: list[tuple[Any, ...]], player: str
                ) -> dict[tuple[Any, ...], float]:
        """Each action's value for ``player`` one ply ahead, once its battle or chain resolved."""
        out = {}
        for a, k in zip(legal, keys, strict=True):
            h = g.clone()
            h.apply(a)
            settle(h)
            out[k] = h.heuristic(player)
        return out

    def _playout(self, g: Game) -> None:
        """A short playout: random choices when a player has the initiative, quiet replies otherwise."""
        rng = self.rng
        for _ in range(self.playout_depth):
            d = g.pending
            if d is None:
                return
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))] if d.kind in g.free_kinds else default_reply(g, legal))
        settle(g)  # let a battle or chain under way resolve before judging the position
