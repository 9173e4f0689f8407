"""Card effects: lasting ones (DE-8.3, DE-13: the newest of two that conflict prevails) and one-shot steps
(scenarios-deuses.md, "One-shot steps"): the choices of a step, and doing it with one of them, with the
cards' arrival on the field. The order the steps are done in is ``resolution``'s.
"""

from __future__ import annotations

import re

from .cards import Step
from .damage import destroy
from .state import NAMES, SEAT, Slot, State

_BARE_SLOT = re.compile(r"^F[1-9][0-9]*$")
_SLOT_REFS = tuple(tuple(f"{who}.F{i + 1}" for i in range(32)) for who in NAMES)  # "A.F1" ... made once
STEP_RULES = {"destroy": "DE-10.1", "return_hand": "DE-4.8", "return_deck": "DE-4.8", "exclude": "DE-4.6",
              "summon_god": "DE-8.5", "put_attack": "DE-8.1", "revive": "DE-4.5", "draw": "DE-7.7"}


ARRIVALS = frozenset({"summon_god", "put_attack", "revive"})  # steps whose choice may arrive on the field


def names_excluded(s: State, raw: object) -> bool:
    """Whether a target names an excluded card (DE-4.6 is named then, scenarios-deuses.md "Refusals")."""
    if not isinstance(raw, str):
        return False
    return ".excluded:" in raw or any(raw in pl.excluded for pl in s.players)


def normal_ref(raw: object, step: Step, controller: int) -> str:
    """A target entry in its canonical form: ``B.F2`` for a field card (a bare ``F2`` is one's own), a bare
    card id for a step of one's own zone (``A.additional_deck:zeus`` is ``zeus``), ``B.wotd:x`` for a pile."""
    if not isinstance(raw, str):
        return repr(raw)
    if step.verb in ("summon_god", "put_attack", "revive") and ":" in raw:
        where, _, card = raw.partition(":")
        return card if where.split(".")[0] == NAMES[controller] else raw
    if _BARE_SLOT.match(raw):
        return f"{NAMES[controller]}.{raw}"
    return raw


# -- lasting effects ------------------------------------------------------------------------------------
def current_stats(s: State) -> tuple[int | None, int | None]:
    """The Attack and the Defense every battle card has by the newest lasting set_attack and set_defense
    on either field (DE-13.1, DE-13.4), or None where no such effect is in force."""
    att_ts = def_ts = -1
    att = dfn = None
    cards = s.cards
    for pl in s.players:
        for slot in pl.field:
            if slot is None:
                continue
            lasting = cards[slot.card].lasting
            if lasting is None:
                continue
            if lasting.set_attack is not None and slot.ts > att_ts:
                att_ts, att = slot.ts, lasting.set_attack
            if lasting.set_defense is not None and slot.ts > def_ts:
                def_ts, dfn = slot.ts, lasting.set_defense
    return att, dfn


def magic_destroyed_on_arrival(s: State, exclude: tuple[int, int] | None = None) -> bool:
    """DE-13.3: a lasting destroy_magic_on_arrival is on either field (other than the arriving card)."""
    for p, pl in enumerate(s.players):
        for i, slot in enumerate(pl.field):
            if slot is None or (p, i) == exclude:
                continue
            lasting = s.cards[slot.card].lasting
            if lasting is not None and lasting.destroy_magic_on_arrival:
                return True
    return False


def is_attack_card(s: State, card: str) -> bool:
    """DE-9.5: an attack card (a god too under ``deuses.gods_count_as_attack_cards``)."""
    kind = s.cards[card].type
    return kind == "attack" or (kind == "god" and s.options.gods_count_as_attack_cards)


def controls_attack_card(s: State, p: int) -> bool:
    return any(slot is not None and is_attack_card(s, slot.card) for slot in s.players[p].field)


# -- arrival and one-shot steps ---------------------------------------------------------------------------
def arrive(s: State, p: int, card: str) -> int | None:
    """``card`` takes ``p``'s lowest free slot (its caller made sure there is one); a magic card is destroyed
    there if a lasting effect says so (DE-13.3). Returns its slot, None when it was destroyed. A battle
    card's effect then applies: its caller pushes its steps (``resolution``)."""
    i = s.free_slot(p)
    assert i is not None, "arrive() needs a free slot"
    field = s.players[p].field
    if i == len(field):
        field.append(None)
    field[i] = Slot(card, s.stamp())
    s.log.append({"event": "arrives", "player": NAMES[p], "card": card, "slot": f"F{i + 1}"})
    if s.cards[card].type == "magic" and magic_destroyed_on_arrival(s, (p, i)):
        destroy(s, [(p, i)])  # DE-13.3: its own effect never applies
        return None
    return i


def draw_shown(s: State, p: int, n: int) -> None:
    """An effect's draw (DE-7.7): shown to the opponent; an empty main deck draws nothing (DE-7.8)."""
    pl = s.players[p]
    got = pl.main[:n]
    del pl.main[:n]
    pl.hand.extend(got)
    pl.known.extend(got)
    if got:
        s.drawn = True
    s.log.append({"event": "draw", "player": NAMES[p], "cards": got, "shown": True})


def choices(s: State, p: int, step: Step) -> list[str]:
    """The legal choices of one step for controller ``p`` (empty: the step does nothing)."""
    verb, arg = step
    pl = s.players[p]
    if verb in ("destroy", "return_hand", "return_deck", "exclude") and arg != "wotd":
        out = []
        every = arg in ("any", "field")
        cards = s.cards
        for q, who in enumerate(s.players):
            refs = _SLOT_REFS[q]
            for i, slot in enumerate(who.field):
                if slot is not None and (every or cards[slot.card].battle):
                    out.append(refs[i] if i < len(refs) else f"{NAMES[q]}.F{i + 1}")
        return out
    if verb == "exclude":
        return [f"{NAMES[q]}.wotd:{c}" for q, who in enumerate(s.players) for c in dict.fromkeys(who.wotd)]
    room = s.free_slot(p) is not None
    if verb == "summon_god":
        return list(dict.fromkeys(pl.additional)) if room else []
    if verb == "put_attack":
        if not room:
            return []
        hand = arg == "hand"
        zone = pl.hand if hand else pl.main
        # the main deck is face down, to its owner too (DE-4.1): its cards are listed by id, not in its order
        ids = dict.fromkeys(zone) if hand else sorted(set(zone))
        return [c for c in ids if s.cards[c].type == "attack"]
    if arg == "hand":  # revive: hand
        return list(dict.fromkeys(pl.wotd))
    return [c for c in dict.fromkeys(pl.wotd) if s.cards[c].battle] if room else []  # revive: field


def slot_of(ref: str) -> tuple[int, int]:
    who, _, place = ref.partition(".")
    return SEAT[who], int(place[1:]) - 1


def do_step(s: State, p: int, step: Step, choice: str) -> str | None:
    """Does one step for its controller ``p`` with ``choice``; returns the battle card it brought onto the
    field, whose own effect applies next (DE-8.3), if any."""
    verb, arg = step
    pl = s.players[p]
    if verb == "destroy":
        destroy(s, [slot_of(choice)])
    elif verb in ("return_hand", "return_deck"):
        q, i = slot_of(choice)
        leave_field(s, q, i, "hand" if verb == "return_hand" else "main_deck")
    elif verb == "exclude" and arg == "field":
        q, i = slot_of(choice)
        leave_field(s, q, i, "excluded")
    elif verb == "exclude":
        who, _, card = choice.partition(".wotd:")
        owner = s.players[SEAT[who]]
        owner.wotd.remove(card)
        owner.excluded.append(card)
        s.log.append({"event": "excluded", "player": who, "card": card, "from": "wotd"})
    elif verb == "summon_god":
        pl.additional.remove(choice)
        return choice if arrive(s, p, choice) is not None else None
    elif verb == "put_attack":
        zone = pl.hand if arg == "hand" else pl.main
        if arg == "hand":
            pl.take_from_hand(choice)
        else:
            zone.remove(choice)
            s.shuffle_main(p)  # a searched main deck is shuffled
        return choice if arrive(s, p, choice) is not None else None
    else:  # revive
        pl.wotd.remove(choice)
        s.log.append({"event": "revived", "player": NAMES[p], "card": choice, "to": arg})
        if arg == "field":
            return choice if arrive(s, p, choice) is not None else None
        to_hand(s, p, choice)  # DE-8.2: a magic card back in the hand may be put down again at once
    return None


def to_hand(s: State, p: int, card: str) -> None:
    """A card an effect puts into ``p``'s hand from a public zone: both players know it is there; a god
    goes to its additional deck instead (DE-4.8)."""
    pl = s.players[p]
    if s.cards[card].type == "god":
        pl.additional.append(card)
    else:
        pl.hand.append(card)
        pl.known.append(card)


def leave_field(s: State, p: int, i: int, to: str) -> None:
    """The card in ``p``'s slot ``i`` leaves the field with no LP loss (DE-10.2): to its owner's hand, main
    deck (shuffled) or Excluded pile; a god returned goes to its additional deck (DE-4.8)."""
    pl = s.players[p]
    slot = pl.field[i]
    assert slot is not None
    pl.field[i] = None
    card = slot.card
    s.log.append({"event": "leaves", "player": NAMES[p], "card": card, "slot": f"F{i + 1}", "to": to})
    if to == "excluded":
        pl.excluded.append(card)  # DE-4.6
    elif s.cards[card].type == "god":
        pl.additional.append(card)  # DE-4.8
    elif to == "hand":
        to_hand(s, p, card)
    else:
        pl.main.append(card)
        s.shuffle_main(p)  # DE-4.8
