"""The turn machine (CH-5) and winning (CH-10): steps run until a decision is needed.

Work still to do lives in ``State.stack`` as small tuples (``("phase", "combat")``), so a paused game is
plain data: ``clone()`` copies it and a replay rebuilds it. ``advance`` pops steps until a step sets
``State.pending`` or the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tablero.core.game import Game

from .state import PHASES, Char, Equip, State

if TYPE_CHECKING:
    from .cards import CardDef

OTHER = (1, 0)
NAMES = ("A", "B")


class FlowRules(Game):
    """Mixin: the advance loop, phases, draws, the ofrenda, the end of turn and the win check."""

    s: State

    # Provided by the other rule mixins (chain.py, keywords.py).
    def _has_response(self, pi: int) -> bool:
        raise NotImplementedError

    def _rapido_on_field(self, pi: int) -> bool:
        raise NotImplementedError

    def _may_respond(self, pi: int) -> bool:
        """A cheap necessary condition for ``_has_response`` (checked at every phase start)."""
        s = self.s
        if s.statics and self._rapido_on_field(pi):
            return True
        p = s.players[pi]
        for c in p.chars:
            if c is not None and c.rapido:
                return True
        for card in p.hand:
            if card.from_hand_rapido:
                return True
        return False

    def _open_window(self, prio: int) -> None:
        raise NotImplementedError

    def _on_drawn(self, pi: int, card: CardDef) -> None:
        raise NotImplementedError

    def _leave_field(self, pi: int, zi: int, to: str, reason: str = "") -> Char:
        raise NotImplementedError

    def _state_checks(self) -> None:
        raise NotImplementedError

    def _fire_turn(self, event: str) -> None:
        raise NotImplementedError

    # -- events ------------------------------------------------------------------------------
    def _event(self, kind: str, **data: Any) -> None:
        data["event"] = kind
        data["turn"] = self.s.turn
        self.s.log.append(data)

    # -- the loop ------------------------------------------------------------------------------
    def _advance(self) -> None:
        s = self.s
        steps = self._steps
        stack = s.stack
        a, b = s.players
        while s.pending is None and s.winner is None:
            step = stack.pop()  # an empty stack here is a bug, never a user's mistake
            steps[step[0]](self, step)
            # CH-10.5: checked after every chain link, battle and phase step
            if s.sba:
                self._state_checks()
            if a.hearts <= 0 or b.hearts <= 0 or a.decked or b.decked:
                self._check_win()

    def _set_pending(self, pi: int, kind: str, data: tuple[Any, ...] = ()) -> None:
        self.s.pending = (pi, kind, data)

    # -- CH-10 winning and losing --------------------------------------------------------------
    def _check_win(self) -> None:
        s = self.s
        if s.winner is not None:
            return
        a, b = s.players
        lose_a = a.hearts <= 0 or a.decked   # CH-10.1, CH-10.2
        lose_b = b.hearts <= 0 or b.decked
        if lose_a or lose_b:
            s.winner = "draw" if (lose_a and lose_b) else ("B" if lose_a else "A")  # CH-10.4
            s.pending = None
            self._event("game_over", winner=s.winner)

    # -- CH-5 phases -----------------------------------------------------------------------------
    def _push_turn_from(self, phase: str) -> None:
        """Schedule the rest of the turn starting at the beginning of ``phase``."""
        s = self.s
        s.stack.append(("new_turn",))
        for ph in reversed(PHASES[PHASES.index(phase):]):
            s.stack.append(("phase", ph))

    def _step_new_turn(self, step: tuple[Any, ...]) -> None:
        s = self.s
        s.turn += 1
        s.active = OTHER[s.active]
        self._event("turn", player=NAMES[s.active])
        self._push_turn_from("start")

    def _step_phase(self, step: tuple[Any, ...]) -> None:
        s = self.s
        ph = step[1]
        s.phase = ph
        # CH-7.5: the opponent gets a response window at each phase start (only if they can respond).
        opp = OTHER[s.active]
        if self._may_respond(opp):
            s.stack.append(("body", ph))
            self._open_window(opp)
        else:
            self._step_body(("body", ph))

    def _step_body(self, step: tuple[Any, ...]) -> None:
        s = self.s
        ph = step[1]
        pi = s.active
        p = s.players[pi]
        if ph == "start":
            self._fire_turn("turn_start")  # CH-5.2: "at the start of your turn" effects
            # CH-5.2 / CH-8 Tortura: its controller loses one heart at the start of their turn.
            for c in p.chars:
                if c is not None and c.has("tortura"):
                    p.hearts = max(0, p.hearts - 1)
                    self._event("tortura", player=NAMES[pi], card=c.card.id, hearts=p.hearts)
        elif ph == "ofrenda":
            # CH-5.3 (revised ruling): from the player's second turn, with 4 or fewer active souls, it is
            # mandatory (asked even with an empty hand, so that whether it is asked tells nothing of it).
            if self._ofrenda_possible(pi):
                self._set_pending(pi, "ofrenda")
        elif ph == "soul_draw":
            self._draw_soul(pi)  # CH-5.4
        elif ph == "turn_draw":
            self._draw_main(pi)  # CH-5.5 (the first player draws on turn 1 too)
        elif ph == "action":
            p.toxina_now, p.toxina_next = p.toxina_next, -1  # CH-8 Toxina: this action phase
            s.pending = (pi, "action", ())  # the free decision (CH-7.5)
        elif ph == "combat":
            s.pending = (pi, "combat", ())
        elif ph == "end":
            # CH-5.8: "at end of turn" effects, then the hand limit, then the cleanup
            s.stack.append(("cleanup",))
            s.stack.append(("hand_limit",))
            self._fire_turn("turn_end")

    def _step_hand_limit(self, step: tuple[Any, ...]) -> None:
        pi = self.s.active
        excess = len(self.s.players[pi].hand) - 7
        if excess > 0:
            self._set_pending(pi, "discard", (excess,))

    def _step_free(self, step: tuple[Any, ...]) -> None:
        """The active player's free decision in the action or combat phase (always asked, CH-7.5)."""
        kind = step[1]
        self._set_pending(self.s.active, kind)

    def _ofrenda_possible(self, pi: int) -> bool:
        s = self.s
        p = s.players[pi]
        nth_turn = (s.turn + 1) // 2 if pi == s.first else s.turn // 2
        if nth_turn < 2 or p.active_souls() > 4:
            return False
        return bool(p.hand) or not s.options.ofrenda_optional  # the old reading skipped an empty hand

    def _do_ofrenda(self, pi: int) -> None:
        """CH-5.3: the hand goes back to its decks, they are shuffled, and the main deck refills it."""
        s = self.s
        p = s.players[pi]
        to_main = to_soul = 0
        for card in p.hand:
            home = card.home_deck()
            if home == "soul":
                p.souls.append(card)
                to_soul += 1
            elif home == "support":
                p.support.append(card)
            else:
                p.main.append(card)
                to_main += 1
        p.hand.clear()
        p.hand_known.clear()
        if to_main:
            s.rng.shuffle(p.main)
            p.main_known[:] = [0, 0, 0, 0]
        if to_soul:
            s.rng.shuffle(p.souls)
            p.soul_known[:] = [0, 0, 0, 0]
        self._event("ofrenda", player=NAMES[pi], returned=to_main + to_soul)
        for _ in range(to_main + to_soul):
            if not self._draw_main(pi):
                break

    # -- draws ---------------------------------------------------------------------------------
    def _draw_main(self, pi: int) -> bool:
        """Draw the top card of the main deck; an owed draw from an empty deck loses (CH-10.2)."""
        p = self.s.players[pi]
        if not p.main:
            p.decked = True
            self._event("deck_out", player=NAMES[pi])
            return False
        card = p.main.pop()
        known = p.main_known
        if known[0] or known[1] or known[2] or known[3]:
            _took_top(known, len(p.main))
        p.hand.append(card)
        shown = bool(card.keywords or card.fx.abilities) and shown_when_drawn(card)
        self.s.log.append({"player": NAMES[pi], "card": card.id, "hidden": not shown, "event": "draw",
                           "turn": self.s.turn})  # the hottest event: a literal, not _event()
        if shown:
            p.hand_known.append(card)
            self._on_drawn(pi, card)
        return True

    def _draw_soul(self, pi: int) -> bool:
        """CH-5.4: an empty soul deck does nothing."""
        p = self.s.players[pi]
        if not p.souls:
            return False
        card = p.souls.pop()
        _took_top(p.soul_known, len(p.souls))
        p.hand.append(card)
        self.s.log.append({"player": NAMES[pi], "card": card.id, "hidden": True, "event": "draw_soul",
                           "turn": self.s.turn})
        return True

    # -- CH-5.8 end of turn ------------------------------------------------------------------------
    def _step_cleanup(self, step: tuple[Any, ...]) -> None:
        """CH-5.8 / CH-9.9: resistance restored, per-turn marks cleared, the active side stops resting."""
        s = self.s
        for pi, p in enumerate(s.players):
            for c in p.chars:
                if c is None:
                    continue
                c.dmg = 0  # CH-9.9
                c.elite_bonus = -1
                if c.mods:  # "until end of turn" effects end (CH-5.8)
                    c.mods = tuple(m for m in c.mods if m[2] == "field")
                c.called = False
                c.attacked = False
                c.hit = ()
                c.defended = False
                if pi == s.active:
                    c.resting = False  # CH-9.4: rest lasts until the end of its controller's next turn
            p.normal_calls = 0
            p.souls_activated = 0
        s.used = ()

    # -- moving cards --------------------------------------------------------------------------
    def _equips_check(self) -> None:
        """CH-1.5 / CH-9.7: an equipo equipping no character left on the field is destroyed."""
        s = self.s
        for pi, p in enumerate(s.players):
            for zi, z in enumerate(p.zones):
                if type(z) is Equip and not any(s.find(u) is not None for u in z.equips):
                    p.zones[zi] = None
                    s.fx_changed()
                    p.mictlan.append(z.card)
                    self._event("destroyed", player=NAMES[pi], card=z.card.id, reason="equipo")

    _steps: ClassVar[dict[str, Any]] = {}  # step name -> method (filled in game.py)


def shown_when_drawn(card: CardDef) -> bool:
    """Whether drawing ``card`` shows it to everyone: a Cosmo card or one with a ``drawn`` disparo. CH-11.2
    names Cosmo among the cards an effect reveals, and a drawn trigger is the same case: the link it opens
    (and the choice it may ask) is seen by the whole table, so a hidden card would be told by its link;
    shown, it is simply known to be in the hand until it leaves (docs/rulings.md)."""
    if "cosmo" in card.keywords:
        return True
    return any(ab.category == "disparo" and ab.trigger == "drawn" for ab in card.fx.abilities)


def _took_top(known: list[int], remaining: int) -> None:
    """Update per-viewer deck knowledge after the top card left a deck now holding ``remaining``."""
    if not (known[0] or known[1] or known[2] or known[3]):
        return
    for v in (0, 1):
        if known[v] > 0:
            known[v] -= 1
        if known[2 + v] > remaining:
            known[2 + v] = remaining
