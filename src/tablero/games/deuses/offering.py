"""DE-11 the Offering to the Gods and DE-12 the Ace up the Sleeve: what the effect draw step allows.

Each check returns None when the action is allowed, or the refusal (its rule and message); the actions
module raises it, so that what is listed and what is accepted are decided by the same code.
"""

from __future__ import annotations

from tablero.core import IllegalAction
from tablero.core.i18n import msg

from .damage import gain, tier
from .effects import arrive, to_hand
from .resolution import Work, push_steps
from .state import NAMES, State

_ACE_OPTIONS = ("chosen_draw", "summon", "return", "recover_lp")  # DE-12.4 (a) to (d)


def _cost(s: State, offerings: int) -> int:
    """DE-11.5: one credit per fetch, or one per offering card under the engine option."""
    return offerings if s.options.offering_credit_per_offering_card else 1


def offering_refusal(s: State, p: int, card: object) -> IllegalAction | None:
    pl = s.players[p]
    if s.phase != "effect_draw" or s.active != p or s.pending is None or s.pending.kind != "effect_draw":
        return IllegalAction("DE-11.2", msg("an Offering is made only in one's own effect draw step"))
    if pl.ace_this_turn:
        return IllegalAction("DE-11.4", msg("no Offering in the turn the Ace was used"))
    if not isinstance(card, str) or card not in s.cards:
        return IllegalAction("DE-11.2", msg("an Offering names an invocation card of the main deck"))
    if card in pl.excluded and card not in pl.main:
        return IllegalAction("DE-4.6", msg("{card} is excluded: it never returns to play", card=card))
    c = s.cards[card]
    if c.type != "invocation" or card not in pl.main:
        return IllegalAction("DE-11.2", msg("{card} is not an invocation card in the main deck", card=card))
    if pl.lp > 3000:
        return IllegalAction("DE-11.2", msg("a credit is spent only while LP is 3000 or less"))
    if c.offerings > tier(pl.lp):
        return IllegalAction("DE-11.2", msg("{card} needs {n} offerings, above the tier of {tier}", card=card,
                                            n=c.offerings, tier=tier(pl.lp)))
    if pl.credits < _cost(s, c.offerings):
        return IllegalAction("DE-11.2", msg("not enough Offering credits ({n})", n=pl.credits))
    return None


def offering_cards(s: State, p: int) -> list[str]:
    """The invocations an Offering could fetch now: distinct ids, sorted (the main deck's order is hidden from
    its owner too, DE-4.1)."""
    pl = s.players[p]
    if pl.ace_this_turn or pl.lp > 3000 or pl.credits <= 0:
        return []
    t = tier(pl.lp)
    return [c for c in sorted(set(pl.main)) if s.cards[c].type == "invocation"
            and s.cards[c].offerings <= t and pl.credits >= _cost(s, s.cards[c].offerings)]


def offering_possible(s: State, p: int) -> bool:
    return bool(offering_cards(s, p))


def do_offering(s: State, p: int, card: str) -> None:
    """DE-11.2: the credit is spent, the invocation shown and put into the hand, the main deck shuffled."""
    pl = s.players[p]
    pl.credits -= _cost(s, s.cards[card].offerings)
    pl.main.remove(card)
    pl.hand.append(card)
    pl.known.append(card)
    s.rng.shuffle(pl.main)
    pl.offerings_this_turn += 1
    s.log.append({"event": "offering", "player": NAMES[p], "card": card})


# -- DE-12 the Ace -------------------------------------------------------------------------------------
def ace_allowed(s: State, p: int) -> bool:
    """DE-12.1, DE-12.2, DE-11.4: once a game, at LP <= 1000 with the opponent at least 1000 higher, and not
    in a turn with an Offering."""
    pl, opp = s.players[p], s.players[1 - p]
    return (not pl.ace_used and pl.offerings_this_turn == 0 and pl.lp <= 1000 and opp.lp - pl.lp >= 1000)


def ace_cards(s: State, p: int, option: str) -> list[str]:
    """The cards an Ace option may name (distinct ids), [] for recover_lp."""
    pl = s.players[p]
    if option == "chosen_draw":
        extra = pl.additional if s.options.chosen_draw_scope == "main_and_additional" else []
        return list(dict.fromkeys([*sorted(set(pl.main)), *extra]))  # the main deck's order is hidden (DE-4.1)
    if option == "summon":
        return list(dict.fromkeys(pl.additional)) if s.free_slot(p) is not None else []
    if option == "return":
        if s.options.return_destination == "field":
            if s.free_slot(p) is None:
                return []
            return [c for c in dict.fromkeys(pl.wotd) if s.cards[c].battle]
        return list(dict.fromkeys(pl.wotd))
    return []


def ace_refusal(s: State, p: int, option: object, card: object) -> IllegalAction | None:
    pl = s.players[p]
    if s.phase != "effect_draw" or s.active != p or s.pending is None or s.pending.kind != "effect_draw":
        return IllegalAction("DE-12.3", msg("the Ace is announced only in one's own effect draw step"))
    if pl.ace_used:
        return IllegalAction("DE-12.1", msg("the Ace is used at most once a game"))
    if pl.offerings_this_turn:
        return IllegalAction("DE-11.4", msg("no Ace in a turn with an Offering"))
    if not ace_allowed(s, p):
        return IllegalAction("DE-12.2", msg("the Ace needs LP of 1000 or less and the opponent 1000 higher"))
    if option not in _ACE_OPTIONS:
        return IllegalAction("DE-12.4", msg("the Ace's option is one of {options}", options=", ".join(_ACE_OPTIONS)))
    if option == "recover_lp":
        return None
    allowed = ace_cards(s, p, str(option))
    if card not in allowed and isinstance(card, str) and card in pl.excluded:
        return IllegalAction("DE-4.6", msg("{card} is excluded: it never returns to play", card=card))
    if card not in allowed:
        if option in ("summon", "return") and s.free_slot(p) is None and (
                option == "summon" or s.options.return_destination == "field"):
            return IllegalAction("DE-4.7", msg("the field is full"))
        return IllegalAction("DE-12.4", msg("{card} is not a card the Ace's {option} may name; choices: {options}",
                                            card=str(card), option=str(option), options=", ".join(allowed) or "none"))
    return None


def do_ace(s: State, p: int, option: str, card: str | None) -> Work:
    """DE-12.4: the chosen option; returns the steps of the card it brought onto the field, still to resolve."""
    pl = s.players[p]
    pl.ace_used = True
    pl.ace_this_turn = True
    s.log.append({"event": "ace", "player": NAMES[p], "option": option, **({"card": card} if card else {})})
    work: Work = []
    if option == "recover_lp":
        gain(s, p, s.options.recover_lp)
        return work
    assert card is not None
    if option == "chosen_draw":
        (pl.main if card in pl.main else pl.additional).remove(card)
        pl.hand.append(card)
        pl.known.append(card)
        s.rng.shuffle(pl.main)
    elif option == "summon":
        pl.additional.remove(card)
        arrive(s, p, card)
        push_steps(work, p, s.cards[card])
    else:
        pl.wotd.remove(card)
        dest = s.options.return_destination
        if dest == "hand":
            to_hand(s, p, card)
        elif dest == "field":
            arrive(s, p, card)
            push_steps(work, p, s.cards[card])
        elif s.cards[card].type == "god":
            pl.additional.append(card)  # DE-4.8
        else:
            pl.main.append(card)
            s.rng.shuffle(pl.main)
    return work
