"""DE-5 setup and DE-6 the turn: what the engine does by itself between decisions.

``advance`` enters phases until a decision is pending or the game is over. Each phase's entry does the
automatic part of its step (the hand-limit check, the main draw, the first-turn check) and then asks its
decision or moves on; the actions in ``actions.py`` ask again or move on in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tablero.core import Decision

from .cards import CardDef, Step
from .damage import end
from .effects import controls_attack_card, is_attack_card, magic_destroyed_on_arrival
from .offering import ace_allowed, offering_possible
from .state import HAND_LIMIT, NAMES, Slot, State


def advance(s: State) -> None:
    while s.winner is None and s.pending is None:
        _ENTER[s.phase](s)


def go(s: State, phase: str) -> None:
    s.phase = phase
    s.pending = None


def ask(s: State, kind: str, optional: bool = False, player: int | None = None) -> None:
    s.pending = Decision(NAMES[s.active if player is None else player], kind, optional)


# -- DE-5 setup -------------------------------------------------------------------------------------------
def _setup(s: State) -> None:
    for p in (0, 1):
        if s.decks[p] is None:
            ask(s, "deck", player=p)
            return
    begin(s, s.decks, s.first if s.first >= 0 else None)


def begin(s: State, decks: Sequence[Sequence[CardDef]], first: int | None) -> None:
    """DE-5.1 to DE-5.4: gods aside as the additional deck, main deck shuffled, 5 cards, 4000 LP; the first
    player at random unless given (DE-5.4)."""
    for p, deck in enumerate(decks):
        pl = s.players[p]
        pl.additional = [c.id for c in deck if c.type == "god"]  # DE-3.2
        pl.main = [c.id for c in deck if c.type != "god"]
        s.rng.shuffle(pl.main)
        pl.hand = pl.main[:HAND_LIMIT]  # DE-5.3
        del pl.main[:HAND_LIMIT]
        s.log.append({"event": "setup", "player": NAMES[p], "cards": pl.hand[:], "hidden": True})
    s.decks = [None, None]
    s.first = s.rng.below(2) if first is None else first
    s.turn = 1
    s.active = s.first
    go(s, "start")


# -- the turn's start and DE-7.5 -----------------------------------------------------------------------
def _start(s: State) -> None:
    """The per-turn counters reset, then DE-7.5: the active player's excess cards go to the World of the
    Dead one at a time, each picked at random (the opponent's pick, made by the seeded source)."""
    s.log.append({"event": "turn", "turn": s.turn, "player": NAMES[s.active]})
    s.lp_moved = False
    s.digging = False
    for pl in s.players:
        pl.ace_this_turn = False
        pl.offerings_this_turn = 0
        pl.attack_put_downs = 0
        pl.attacks_made = 0
        for i, slot in enumerate(pl.field):
            if slot is not None and slot.attacked:
                pl.field[i] = Slot(slot.card, slot.ts)  # a slot is replaced, never changed
    pl = s.players[s.active]
    while len(pl.hand) > HAND_LIMIT:
        random_discard(s, s.active, "hand_limit")
    pl.hand_at_turn_start = len(pl.hand)
    go(s, "effect_draw")


def random_discard(s: State, p: int, why: str) -> None:
    """One card of ``p``'s hand, picked uniformly at random, to the World of the Dead (DE-7.3, DE-7.5)."""
    pl = s.players[p]
    card = pl.hand[s.rng.below(len(pl.hand))]
    pl.take_from_hand(card)
    pl.wotd.append(card)
    s.log.append({"event": why, "player": NAMES[p], "card": card})


# -- DE-6.1 step 1: the effect draw step ---------------------------------------------------------------
def _effect_draw(s: State) -> None:
    if offering_possible(s, s.active) or ace_allowed(s, s.active):
        ask(s, "effect_draw", optional=True)
    else:
        go(s, "main_draw")


# -- DE-6.1 step 2: the main draw and DE-7.4 the dig -----------------------------------------------------
def _main_draw(s: State) -> None:
    """DE-7.1, DE-7.3: nothing on the first turn; else fill the hand to 5, or exactly 1 card when it held 5
    at the turn's start, then *no room*; then the dig for attackers may start (DE-7.4)."""
    p = s.active
    pl = s.players[p]
    if not s.first_turn():
        if pl.hand_at_turn_start >= HAND_LIMIT:
            draw_hidden(s, p, 1)
            if s.free_slot(p) is None and pl.hand:  # DE-7.3 no room
                random_discard(s, p, "no_room")
        else:
            draw_hidden(s, p, HAND_LIMIT - len(pl.hand))
        if dig_allowed(s, p):
            ask(s, "dig", optional=True)
            return
    go(s, "put_down")


def draw_hidden(s: State, p: int, n: int) -> None:
    """A draw by the rules: the opponent sees how many, not which (DE-4.2); an empty deck draws nothing
    and loses nothing (DE-7.8)."""
    if n <= 0:
        return
    pl = s.players[p]
    got = pl.main[:n]
    if got:
        del pl.main[:n]
        pl.hand.extend(got)
        s.log.append({"event": "draw", "player": NAMES[p], "cards": got, "hidden": True})


def dig_allowed(s: State, p: int) -> bool:
    """DE-7.4 (contract reading): no attack card on the field or in hand, a card in hand, one in the deck."""
    pl = s.players[p]
    if not pl.hand or not pl.main or controls_attack_card(s, p):
        return False
    return not any(is_attack_card(s, c) for c in pl.hand)


def dig_step(s: State, p: int, card: str) -> None:
    """One round of the dig: ``card`` to the WotD, one card drawn; it goes on until an attack card is drawn
    or the main deck is empty (DE-7.4 ruling)."""
    pl = s.players[p]
    pl.take_from_hand(card)
    pl.wotd.append(card)
    s.log.append({"event": "dig", "player": NAMES[p], "card": card})
    drawn = pl.main[0]
    draw_hidden(s, p, 1)
    if s.cards[drawn].type == "attack" or not pl.main:
        s.digging = False
        go(s, "put_down")
    else:
        s.digging = True
        ask(s, "dig_discard")


# -- DE-6.1 step 3: the put-down step, with DE-7.2 -----------------------------------------------------
def _put_down(s: State) -> None:
    if s.first_turn():
        first_turn_check(s, s.active)
    ask(s, "put_down")


def first_turn_check(s: State, p: int) -> None:
    """DE-7.2: with no attack card and no usable effect that could bring one, the hand is shuffled into the
    main deck and 5 new cards drawn, until the check passes (not repeated when hand and deck hold no
    attack card at all). The hand is not revealed."""
    pl = s.players[p]
    for _ in range(1000):
        if any(s.cards[c].type == "attack" for c in pl.hand) or could_bring_attack(s, p):
            return
        if not any(s.cards[c].type == "attack" for c in pl.main):
            return
        pl.main.extend(pl.hand)
        pl.hand.clear()
        pl.known.clear()
        s.rng.shuffle(pl.main)
        pl.hand = pl.main[:HAND_LIMIT]
        del pl.main[:HAND_LIMIT]
        s.log.append({"event": "redraw", "player": NAMES[p], "cards": pl.hand[:], "hidden": True})


def could_bring_attack(s: State, p: int) -> bool:
    """DE-7.2 (contract reading): a card in hand that could be put down now with a step that puts an attack
    card onto the field (a god too under ``deuses.gods_count_as_attack_cards``, DE-9.5), one being available
    and a slot free for it once the card is down: an invocation's offering empties as many slots as it
    offers (DE-8.4), so a full field does not rule it out; a lasting magic card takes a slot itself."""
    pl = s.players[p]
    field = s.field_size()
    taken = sum(1 for slot in pl.field if slot is not None)
    free = field - taken if field else HAND_LIMIT  # unlimited: room enough (the number only has to be > 0)
    battle = [slot.card for _, slot in pl.slots() if s.cards[slot.card].battle]
    for cid in dict.fromkeys(pl.hand):
        c = s.cards[cid]
        if c.type == "magic":
            if magic_destroyed_on_arrival(s) or (c.stays and free < 1):
                continue
            room, wotd = free - (1 if c.stays else 0), pl.wotd
        elif c.type == "invocation":
            if len(battle) < c.offerings:
                continue
            room, wotd = free + c.offerings, [*pl.wotd, *battle]  # what it offers may come back (DE-8.4)
        else:
            continue
        if room > 0 and any(_brings_attack(s, p, step, wotd) for step in c.effect):
            return True
    return False


def _brings_attack(s: State, p: int, step: Step, wotd: list[str]) -> bool:
    """Whether one step could put an attack card onto ``p``'s field, ``wotd`` being what the World of the
    Dead may hold by then."""
    pl = s.players[p]
    if step.verb == "put_attack":
        return any(s.cards[x].type == "attack" for x in (pl.hand if step.arg == "hand" else pl.main))
    if step.verb == "summon_god":
        return s.options.gods_count_as_attack_cards and bool(pl.additional)
    if step.verb == "revive" and step.arg == "field":
        return any(is_attack_card(s, x) for x in wotd)
    return False


# -- DE-6.1 step 4: the attack step, and the turn's end (DE-14.4) ----------------------------------------
def _attack(s: State) -> None:
    ask(s, "attack")


def end_turn(s: State) -> None:
    """The turn ends: DE-14.4 counts quiet turns and ends a stalled game; else the other player's turn."""
    s.quiet_turns = 0 if s.lp_moved else s.quiet_turns + 1
    a, b = s.players
    if not a.main and not b.main and s.quiet_turns >= s.options.stall_turns:
        s.log.append({"event": "stalled", "turns": s.quiet_turns})
        end(s, "draw" if a.lp == b.lp else NAMES[0] if a.lp > b.lp else NAMES[1])
        return
    s.turn += 1
    s.active = 1 - s.active
    go(s, "start")


_ENTER: dict[str, Callable[[State], None]] = {
    "setup": _setup, "start": _start, "effect_draw": _effect_draw, "main_draw": _main_draw,
    "put_down": _put_down, "attack": _attack,
}
