"""A game of Deuses (DE-1 to DE-14) behind the core's ``Game`` interface.

Where each rule lives: DE-2 ``cards.py``; DE-3 ``deck.py``; DE-4 zones ``state.py``, what a viewer sees
``observation.py``; DE-5, DE-6, DE-7 and DE-14.4 ``turn.py``; DE-8 ``putdown.py``; DE-9 ``battle.py``; DE-10,
DE-11.1 and DE-14.1 ``damage.py``; DE-11 and DE-12 ``offering.py``; DE-13 and the effects ``effects.py``;
the verbs ``actions.py``; scenario positions ``scenario_state.py``; the loop ruling's positions
``positions.py``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

from tablero.core import Action, Decision, Game, Observation, Rng, loops

from . import actions
from .cards import CardDef
from .evaluate import heuristic
from .observation import observe, view
from .options import OPTIONS, Options, parse_options
from .positions import position
from .state import NAMES, SEAT, State
from .turn import advance, begin


class DeusesGame(Game):
    name: ClassVar[str] = "deuses"
    # 2 (issue 39): choices after a hidden draw asked as decisions, no DE-8.3 hold on revived magic, the
    # first-turn check counting offerings, the loop ruling (docs/rulings.md, "Rules versions")
    rules_version: ClassVar[int] = 2
    option_names: ClassVar[frozenset[str]] = frozenset(o.name for o in OPTIONS)
    free_kinds: ClassVar[frozenset[str]] = frozenset({"put_down", "attack"})
    pass_verb: ClassVar[str | None] = "pass"
    leave_verb: ClassVar[str | None] = "end_phase"  # a loop's third round ends the step (docs/rulings.md)
    loop_rule: ClassVar[str | None] = "DE-6.1"
    concede_verb: ClassVar[str | None] = "surrender"

    def __init__(self, s: State, shipped: Sequence[str] = ()) -> None:
        self.s = s
        self.shipped = list(shipped)  # the pre-built decks a setup ``deck`` decision may name
        self._legal: list[Action] | None = None

    @classmethod
    def new(cls, decks: Sequence[Sequence[CardDef]], seed: int = 0, first: str | None = None,
            options: Mapping[str, Any] | Options | None = None,
            cards: Mapping[str, CardDef] | None = None) -> DeusesGame:
        """A game between two decks (each its 40 cards), set up with the seeded source (DE-5)."""
        opts = options if isinstance(options, Options) else parse_options(options)
        pool = dict(cards or {})
        for deck in decks:
            for c in deck:
                pool.setdefault(c.id, c)
        s = State(pool, opts, Rng(seed))
        begin(s, decks, None if first is None else SEAT[first])
        advance(s)
        return cls(s)

    # -- the decision -------------------------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        return self.s.pending

    @property
    def winner(self) -> str | None:
        return self.s.winner

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = loops.allowed(self, self.s.positions, actions.legal(self.s, self.shipped))
        return list(self._legal)

    def answers(self, action: Mapping[str, Any]) -> bool:
        d = self.s.pending
        if d is None:
            return False
        do = action.get("do")
        return action.get("player") == d.player and isinstance(do, str) and do in actions.ACCEPTS.get(d.kind, ())

    def apply(self, action: Mapping[str, Any]) -> None:
        cache = self._legal
        # an action equal to a listed one is as legal as it is: it is played without the checks (and copies)
        trusted = cache is not None and action in cache
        if not trusted and (refused := loops.refusal(self, self.s.positions, action)) is not None:
            raise refused
        self.s = actions.apply(self.s, action, trusted)
        self._legal = None
        self.s.positions = self.s.positions.noted(self, self.s.turn)

    def position(self) -> Hashable:
        return position(self.s)

    # -- what is seen -------------------------------------------------------------------------------------
    def observe(self) -> Observation:
        return observe(self.s)

    def view(self, player: str) -> Observation:
        return view(self.s, player)

    def public_view(self) -> Observation:
        return view(self.s, None)

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.s.log

    def log_for(self, viewer: str | None, start: int = 0, end: int | None = None) -> list[dict[str, Any]]:
        """A hidden entry (a draw by the rules, the opening hand) is its player's; the others see how many
        cards, not which (DE-4.2)."""
        out = []
        for e in self.s.log[start:end]:
            if not e.get("hidden"):
                out.append(e)
            elif viewer == e.get("player"):
                out.append({k: v for k, v in e.items() if k != "hidden"})
            else:
                out.append({"event": e["event"], "player": e["player"], "n": len(e.get("cards", ()))})
        return out

    # -- copies -----------------------------------------------------------------------------------------
    def clone(self, private: bool = False) -> DeusesGame:
        g = DeusesGame.__new__(DeusesGame)
        g.s = self.s.copy()
        g.shipped = self.shipped
        g._legal = None
        return g

    def resample(self, player: str, rng: Rng) -> DeusesGame:
        """Every card hidden from ``player`` redrawn: the opponent's hand (but the cards they were shown) and
        main deck dealt anew from the two together, one's own main deck shuffled; a fresh random source."""
        g = self.clone()
        s = g.s
        me = SEAT[player]
        own, opp = s.players[me], s.players[1 - me]
        own.main.sort()  # from an order that tells nothing: the draw depends on what the player knows only
        rng.shuffle(own.main)
        unknown = list(opp.hand)
        for c in opp.known:
            unknown.remove(c)
        pool = sorted(unknown + opp.main)
        rng.shuffle(pool)
        opp.hand = opp.known[:] + pool[:len(unknown)]
        opp.main = pool[len(unknown):]
        s.rng = Rng(rng.next64())
        return g

    def heuristic(self, player: str) -> float:
        if self.s.winner is not None:
            return self.returns()[player]
        return heuristic(self.s, SEAT[player])


__all__ = ["NAMES", "DeusesGame"]
