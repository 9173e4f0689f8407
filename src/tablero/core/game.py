"""The interface every game offers to every front end, agent, simulator and test.

The engine never calls a player: it runs until it needs a decision, records it as ``pending`` and waits.
One loop then serves a human, a browser, an AI, a replay and a test::

    while not game.is_over:
        game.apply(agent.choose(game.view(game.pending.player), game.legal_actions()))

Actions are plain JSON-able dicts (``{"player": "A", "do": "call", "card": "koatl", "zone": "C1"}``): the
same value is what a human clicks, an AI picks, a replay stores and the network carries.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .rng import Rng

Action = dict[str, Any]
Observation = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Decision:
    """Whose decision is pending and of what kind (``action``, ``defend``, ``respond``, ...)."""

    player: str
    kind: str
    optional: bool = False
    detail: str = ""  # for a "choose": what is being chosen (a game's own word, e.g. "elite", "cost")

    def to_json(self) -> dict[str, str]:
        return {"player": self.player, "kind": self.kind}

    def to_envelope(self) -> dict[str, Any]:
        """The decision as front ends and bots receive it: whose it is, its kind, whether it may be declined
        (``Game.pass_action``) and what it is about (``detail``: ``{"what": ...}`` for a choice, else empty).
        The observation's ``pending`` stays ``{player, kind}`` (``to_json``), as the scenario contract fixes."""
        return {"player": self.player, "kind": self.kind, "optional": self.optional,
                "detail": {"what": self.detail} if self.detail else {}}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled builds: a game written in plain Python still plugs in
class Game(ABC):
    """A game in progress. Subclasses hold all their state in one object tree that ``clone`` copies."""

    name: ClassVar[str] = ""
    players: ClassVar[tuple[str, ...]] = ("A", "B")
    # The version of this game's rules, bumped by the game with every change of behaviour (an action that
    # meant one thing and now means another, or is now refused). Every stored game records the version it
    # was played under, so that a record of older rules can say so when the current ones replay it.
    rules_version: ClassVar[int] = 1
    # The public names of its engine options (house rules), so that a record naming one this code does not
    # know can say so instead of failing.
    option_names: ClassVar[frozenset[str]] = frozenset()
    # The decision kinds in which a player has the initiative (Choque: its action and combat phases), as
    # opposed to the questions put to them inside something under way (responses, defences, choices):
    # search agents play the former at random in playouts and answer the latter quietly (agents/playout.py).
    free_kinds: ClassVar[frozenset[str]] = frozenset()
    # The verb that declines an optional decision (Choque: "pass"), or None if the game has none; front
    # ends and the judge's implicit passes use it instead of a word of one game.
    pass_verb: ClassVar[str | None] = None
    # The verb with which a player concedes at any moment (Choque: "surrender"), or None if the game has none.
    concede_verb: ClassVar[str | None] = None
    # The verb that ends a free decision's optional part (Choque, Deuses: "end_phase"), and the rule a loop's
    # third round is refused under: a position that comes back a third time in a turn allows only that verb
    # (``core.loops``, docs/rulings.md "Loops"). None: the game has no loops to stop.
    leave_verb: ClassVar[str | None] = None
    loop_rule: ClassVar[str | None] = None

    @classmethod
    def options_for_rules(cls, version: int) -> dict[str, Any]:
        """The engine options that restore, where an option can, the reading of rules ``version`` that the
        current rules changed: what a replay of a record of that version adds to its stored options, so
        that as many old games as possible replay whole. None by default (a game with one version)."""
        return {}

    @property
    @abstractmethod
    def pending(self) -> Decision | None:
        """The decision the game waits for, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def winner(self) -> str | None:
        """``"A"``, ``"B"``, ``"draw"``, or ``None`` while the game goes on."""

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal answer to the pending decision, as canonical actions. Pure: changes nothing."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply one action, or raise ``IllegalAction`` and leave the state exactly as it was."""

    def apply_canonical(self, action: Action) -> Action:
        """``apply``, returning the action in the form a record stores: the legal action it matched, with
        the game's own spelling of every field and nothing the client added. A game whose actions have one
        spelling only may keep this default (the action as given)."""
        self.apply(action)
        return dict(action)

    def answers(self, action: Action) -> bool:
        """Whether ``action`` answers the pending decision (its player, a verb that decision takes), whatever
        its other fields: the judge's implicit passes stop at it. By default: the pending player's."""
        d = self.pending
        return d is not None and action.get("player") == d.player

    def pass_action(self) -> Action | None:
        """The action that declines the pending decision, if it is optional and the game has a pass verb."""
        d = self.pending
        if d is None or not d.optional or self.pass_verb is None:
            return None
        return {"player": d.player, "do": self.pass_verb}

    def concede_action(self, player: str) -> Action | None:
        """The action with which ``player`` concedes the game, if the game has a concede verb."""
        return None if self.concede_verb is None else {"player": player, "do": self.concede_verb}

    def is_pass(self, action: Action) -> bool:
        """Whether ``action`` declines a decision (the game's pass verb)."""
        return self.pass_verb is not None and action.get("do") == self.pass_verb

    def position(self) -> Hashable:
        """The position of the pending decision (``core.loops``): what its seat sees and the decision, with
        no counter and no log, as a key equal for equal positions. By default the seat's view as canonical
        JSON; a game overrides it with a key read off its state, cheaper and without its counters."""
        d = self.pending
        seat = d.player if d is not None else None
        view = self.view(seat) if seat is not None else self.public_view()
        return json.dumps([view, None if d is None else [d.kind, d.detail]], sort_keys=True, default=str)

    @abstractmethod
    def observe(self) -> Observation:
        """The full observation (every hidden card shown) in the game's normative JSON shape."""

    @abstractmethod
    def view(self, player: str) -> Observation:
        """What ``player`` may see: the observation with hidden keys absent."""

    @abstractmethod
    def public_view(self) -> Observation:
        """What a spectator may see: everything hidden from either player is absent (a hand, a deck's order,
        a secret choice), and nothing shown only to one player is listed."""

    @abstractmethod
    def clone(self, private: bool = False) -> Game:
        """An independent copy: applying actions to one never affects the other. ``private``: one that
        shares no cache with this game either, for a copy another thread searches while this one is read
        (the server's AI seats)."""

    @abstractmethod
    def resample(self, player: str, rng: Rng) -> Game:
        """A copy in which every card hidden from ``player`` is redrawn consistently with what they know, and
        whose random source is drawn from ``rng``: the game's own would tell the future, and its state the
        seed, from which every hidden card follows."""

    def returns(self) -> dict[str, float]:
        """+1 for the winner, -1 for the loser, 0 for a draw or an unfinished game."""
        w = self.winner
        if w is None or w == "draw":
            return {p: 0.0 for p in self.players}
        return {p: (1.0 if p == w else -1.0) for p in self.players}

    def heuristic(self, player: str) -> float:
        """An estimate in [-1, 1] of how well ``player`` stands: +1 won, -1 lost. Search agents score cut-off
        playouts with it, the greedy agent ranks actions by it. Games override it; by default it knows only
        finished games."""
        return self.returns()[player]

    @property
    def log(self) -> list[dict[str, Any]]:
        """Events so far, oldest first, as JSON-able dicts (for players' logs and the demo)."""
        return []

    def log_for(self, viewer: str | None, start: int = 0, end: int | None = None) -> list[dict[str, Any]]:
        """The log entries ``start:end`` as ``viewer`` (a seat, or None for a spectator) may see them. By
        default an entry marked ``hidden`` is its ``player``'s alone and reaches nobody else at all; a game
        that can say part of such an entry (that a card was drawn, not which) overrides this."""
        return [{k: v for k, v in e.items() if k != "hidden"} for e in self.log[start:end]
                if not e.get("hidden") or (viewer is not None and e.get("player") == viewer)]
