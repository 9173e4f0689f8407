"""The turn machine (CH-5) and winning (CH-10): steps run until a decision is needed.

Work still to do lives in ``State.stack`` as small tuples (``("phase", "combat")``), so a paused game is
plain data: ``clone()`` copies it and a replay rebuilds it. ``advance`` pops steps until a step sets
``State.pending`` or the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import chain, combat, keywords
from .effects import sources, triggers
from .exclusive import elite, toxina
from .pending import DiscardDown, Pending
from .state import NAMES, OTHER, PHASES, Equip, _took_top

if TYPE_CHECKING:
    from .cards import CardDef
    from .game import ChoqueGame


def may_respond(g: ChoqueGame, pi: int) -> bool:
    """A cheap necessary condition for ``has_response`` (checked at every phase start)."""
    s = g.s
    if s.statics and sources.rapido_on_field(g, pi):
        return True
    p = s.players[pi]
    for c in p.chars:
        if c is not None and c.rapido:
            return True
    for card in p.hand:
        if card.from_hand_rapido:
            return True
    return False


# -- events ------------------------------------------------------------------------------
def event(g: ChoqueGame, kind: str, **data: Any) -> None:
    data["event"] = kind
    data["turn"] = g.s.turn
    g.s.log.append(data)


# -- the loop ------------------------------------------------------------------------------
def advance(g: ChoqueGame) -> None:
    s = g.s
    steps = g._steps
    stack = s.stack
    a, b = s.players
    while s.pending is None and s.winner is None:
        step = stack.pop()  # an empty stack here is a bug, never a user's mistake
        steps[step[0]](g, step)
        # CH-10.5: checked after every chain link, battle and phase step
        if s.sba:
            combat.state_checks(g)
        if a.hearts <= 0 or b.hearts <= 0 or a.decked or b.decked:
            check_win(g)


def set_pending(g: ChoqueGame, pi: int, kind: str, data: Any = ()) -> None:
    g.s.pending = Pending(pi, kind, data)


# -- CH-10 winning and losing --------------------------------------------------------------
def check_win(g: ChoqueGame) -> None:
    s = g.s
    if s.winner is not None:
        return
    a, b = s.players
    lose_a = a.hearts <= 0 or a.decked   # CH-10.1, CH-10.2
    lose_b = b.hearts <= 0 or b.decked
    if lose_a or lose_b:
        s.winner = "draw" if (lose_a and lose_b) else ("B" if lose_a else "A")  # CH-10.4
        s.pending = None
        event(g, "game_over", winner=s.winner)


# -- CH-5 phases -----------------------------------------------------------------------------
def push_turn_from(g: ChoqueGame, phase: str) -> None:
    """Schedule the rest of the turn starting at the beginning of ``phase``."""
    s = g.s
    s.stack.append(("new_turn",))
    for ph in reversed(PHASES[PHASES.index(phase):]):
        s.stack.append(("phase", ph))


def step_new_turn(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    s = g.s
    s.turn += 1
    s.active = OTHER[s.active]
    event(g, "turn", player=NAMES[s.active])
    push_turn_from(g, "start")


def step_phase(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    s = g.s
    ph = step[1]
    s.phase = ph
    # CH-7.5: the opponent gets a response window at each phase start (only if they can respond).
    opp = OTHER[s.active]
    if may_respond(g, opp):
        s.stack.append(("body", ph))
        chain.open_window(g, opp)
    else:
        step_body(g, ("body", ph))


def step_body(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    s = g.s
    ph = step[1]
    pi = s.active
    p = s.players[pi]
    if ph == "start":
        triggers.fire_turn(g, "turn_start")  # CH-5.2: "at the start of your turn" effects
        # CH-5.2 / CH-8 Tortura: its controller loses one heart at the start of their turn.
        for c in p.chars:
            if c is not None and c.has("tortura"):
                p.hearts = max(0, p.hearts - 1)
                event(g, "tortura", player=NAMES[pi], card=c.card.id, hearts=p.hearts)
    elif ph == "ofrenda":
        # CH-5.3 (revised ruling): from the player's second turn, with 4 or fewer active souls, it is
        # mandatory (asked even with an empty hand, so that whether it is asked tells nothing of it).
        if ofrenda_possible(g, pi):
            set_pending(g, pi, "ofrenda")
    elif ph == "soul_draw":
        draw_soul(g, pi)  # CH-5.4
    elif ph == "turn_draw":
        draw_main(g, pi)  # CH-5.5 (the first player draws on turn 1 too)
    elif ph == "action":
        toxina.action_phase_starts(p)
        s.pending = Pending(pi, "action")  # the free decision (CH-7.5)
    elif ph == "combat":
        s.pending = Pending(pi, "combat")
    elif ph == "end":
        # CH-5.8: "at end of turn" effects, then the hand limit, then the cleanup
        s.stack.append(("cleanup",))
        s.stack.append(("hand_limit",))
        triggers.fire_turn(g, "turn_end")


def step_hand_limit(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    pi = g.s.active
    excess = len(g.s.players[pi].hand) - 7
    if excess > 0:
        set_pending(g, pi, "discard", DiscardDown(excess))


def step_free(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    """The active player's free decision in the action or combat phase (always asked, CH-7.5)."""
    kind = step[1]
    set_pending(g, g.s.active, kind)


def ofrenda_possible(g: ChoqueGame, pi: int) -> bool:
    s = g.s
    p = s.players[pi]
    nth_turn = (s.turn + 1) // 2 if pi == s.first else s.turn // 2
    if nth_turn < 2 or p.active_souls() > 4:
        return False
    return bool(p.hand) or not s.options.ofrenda_optional  # the old reading skipped an empty hand


def do_ofrenda(g: ChoqueGame, pi: int) -> None:
    """CH-5.3: the hand goes back to its decks, they are shuffled, and the main deck refills it."""
    s = g.s
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
    event(g, "ofrenda", player=NAMES[pi], returned=to_main + to_soul)
    for _ in range(to_main + to_soul):
        if not draw_main(g, pi):
            break


# -- draws ---------------------------------------------------------------------------------
def draw_main(g: ChoqueGame, pi: int) -> bool:
    """Draw the top card of the main deck; an owed draw from an empty deck loses (CH-10.2)."""
    p = g.s.players[pi]
    if not p.main:
        p.decked = True
        event(g, "deck_out", player=NAMES[pi])
        return False
    card = p.main.pop()
    known = p.main_known
    if known[0] or known[1] or known[2] or known[3]:
        _took_top(known, len(p.main))
    p.hand.append(card)
    shown = bool(card.keywords or card.fx.abilities) and shown_when_drawn(card)
    g.s.log.append({"player": NAMES[pi], "card": card.id, "hidden": not shown, "event": "draw",
                       "turn": g.s.turn})  # the hottest event: a literal, not event()
    if shown:
        p.hand_known.append(card)
        keywords.on_drawn(g, pi, card)
    return True


def draw_soul(g: ChoqueGame, pi: int) -> bool:
    """CH-5.4: an empty soul deck does nothing."""
    p = g.s.players[pi]
    if not p.souls:
        return False
    card = p.souls.pop()
    _took_top(p.soul_known, len(p.souls))
    p.hand.append(card)
    g.s.log.append({"player": NAMES[pi], "card": card.id, "hidden": True, "event": "draw_soul",
                       "turn": g.s.turn})
    return True


# -- CH-5.8 end of turn ------------------------------------------------------------------------
def step_cleanup(g: ChoqueGame, step: tuple[Any, ...]) -> None:
    """CH-5.8 / CH-9.9: resistance restored, per-turn marks cleared, the active side stops resting."""
    s = g.s
    for pi, p in enumerate(s.players):
        for c in p.chars:
            if c is None:
                continue
            c.dmg = 0  # CH-9.9
            elite.turn_ends(c)
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
def equips_check(g: ChoqueGame) -> None:
    """CH-1.5 / CH-9.7: an equipo equipping no character left on the field is destroyed."""
    s = g.s
    for pi, p in enumerate(s.players):
        for zi, z in enumerate(p.zones):
            if type(z) is Equip and not any(s.find(u) is not None for u in z.equips):
                p.zones[zi] = None
                s.fx_changed()
                p.mictlan.append(z.card)
                event(g, "destroyed", player=NAMES[pi], card=z.card.id, reason="equipo")


def shown_when_drawn(card: CardDef) -> bool:
    """Whether drawing ``card`` shows it to everyone: a Cosmo card or one with a ``drawn`` disparo. CH-11.2
    names Cosmo among the cards an effect reveals, and a drawn trigger is the same case: the link it opens
    (and the choice it may ask) is seen by the whole table, so a hidden card would be told by its link;
    shown, it is simply known to be in the hand until it leaves (docs/rulings.md)."""
    if "cosmo" in card.keywords:
        return True
    return any(ab.category == "disparo" and ab.trigger == "drawn" for ab in card.fx.abilities)

