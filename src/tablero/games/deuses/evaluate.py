"""How well a player stands: the greedy agent's ranking and the search agents' cut-off score.

It reads the whole state it is given; agents only ever give it determinized copies (``Seat.determinize``), so
the opponent's hand it reads is a redrawn guess, never the real one. Deuses is won on life points alone
(DE-14.1), and every LP lost comes from a battle card's level (DE-9.5 direct attacks, DE-10.1 destruction), so
the evaluation counts life points and projects the attack step of the player whose turn it is:

* each of that player's battle cards that has not attacked yet takes the best attack it has under DE-9.4 —
  a card whose Defense it beats (the owner loses that card's level x 100), or a tie where the other card's
  level is the higher — or, once the opponent controls no attack card (a god does not count, DE-9.5), the
  direct attack for its own level x 100. The weakest attack first, so that the strong keep the hard
  targets; Attack and Defense as the lasting effects in force set them (DE-13);
* while the put-down step is still to come, the hand joins in at a discount: a magic card that destroys
  (DE-10.1) takes the opponent's highest-level battle card, one that returns or excludes takes the
  strongest, and the best attack card of the hand comes down (DE-8.1). A play made counts in full and the
  same play still to make counts less, so a greedy player makes it (and does not replay for ever a card that
  brings back another that brings back the first, while the play it keeps in view is never made);
* a strike that takes the opponent's last LP is a near win (the win bound); one still standing is not.

What lasts beyond the strike counts too: the levels of the battle cards still standing after it (what they
will take or cost later), their Defense (less their Attack, which the strike has counted already), cards in
hand, removal magic among them, gods still in the additional deck and Offering credits (DE-11). The
weights were fitted to the results of self-play positions, then tuned by play: the search agent (MCTS)
scores far better with them than with a plain sum of LP and field stats, the greedy agent about the same.

The other player's answer is not projected: it was no help to either agent (the board changes before it
comes, and the search sees it itself). Everything is one pass over each field and hand, and two over the
active player's attackers: it is called once per legal action by the greedy agent and at every MCTS leaf.
"""

from __future__ import annotations

import math

from .effects import current_stats, magic_destroyed_on_arrival
from .state import State

FIRST = 0.9          # the LP the strike of the player whose turn it is takes from the opponent
TRADE = 0.3          # ... and the LP its ties cost the striker (DE-9.4)
POTENTIAL = 0.5      # what the hand adds to that strike while the put-down step is still to come
LETHAL = 2200.0      # a strike that takes the opponent's last LP (DE-14.1)
LEVEL = 150.0        # one level of a battle card still standing after the strike
ATTACK = -0.22       # one point of Attack on the field (what it takes now is in the strike)
DEFENSE = 0.12       # one point of Defense on the field
HAND = 100.0         # one card in hand, up to HAND_USEFUL (DE-7.5 discards beyond five); a magic card that
                     # only draws counts for nothing held: it is worth the cards it draws once played
HAND_USEFUL = 6
REMOVAL = 240.0      # a magic card in hand that destroys, returns or excludes a field card
GOD_HELD = 100.0     # a god still in the additional deck (DE-3.2)
CREDIT = 50.0        # an Offering credit (DE-11.1)
TIE = 1.0            # one log entry of the turn under way, to its player: of two equal lines, the shorter
SCALE = 3300.0       # LP-worth -> (-1, 1) by tanh(worth / SCALE)

_REMOVAL = frozenset({"destroy", "return_hand", "return_deck", "exclude"})

# a battle card in the projection: [attack, defense, level, blocks a direct attack (DE-9.5), may attack]
Fighter = list[int]


def heuristic(s: State, p: int) -> float:
    """In (-1, 1) for player ``p`` (a finished game is scored by its result, not here)."""
    return math.tanh(worth(s, p) / SCALE)


def worth(s: State, p: int) -> float:
    """``p``'s standing minus the opponent's, in LP-like units (before squashing)."""
    active = s.active
    other = 1 - active
    att, dfn = current_stats(s)
    mine, score_active = _side(s, active, att, dfn, False)
    theirs, score_other = _side(s, other, att, dfn, True)
    lp_other = s.players[other].lp
    hand = s.phase != "attack" and _hand_helps(s, active, bool(theirs))
    if hand:
        trial = [f[:] for f in mine], [f[:] for f in theirs]
    dealt, lost = _strike(mine, theirs)
    if hand:
        more = _put_down(s, active, trial[0], trial[1], att, dfn)
        dealt2, lost2 = _strike(*trial)
        dealt += POTENTIAL / FIRST * max(0.0, more + dealt2 - dealt)
        lost += POTENTIAL / FIRST * max(0.0, lost2 - lost)
    score_active += s.players[active].lp - TRADE * lost + LEVEL * sum(f[2] for f in mine) - TIE * _turn_entries(s)
    score_other += max(0.0, lp_other - FIRST * dealt) + LEVEL * sum(f[2] for f in theirs)
    if dealt >= lp_other:
        score_active += LETHAL
    return score_active - score_other if p == active else score_other - score_active


def _side(s: State, q: int, att: int | None, dfn: int | None, fresh: bool) -> tuple[list[Fighter], float]:
    """``q``'s battle cards as fighters (``fresh``: all may attack, as at the start of their next turn) and
    what lasts of ``q``'s side: field Attack and Defense, the hand, the gods held, the credits."""
    cards = s.cards
    gods_block = s.options.gods_count_as_attack_cards
    fighters: list[Fighter] = []
    stats = 0.0
    for slot in s.players[q].field:
        if slot is None:
            continue
        c = cards[slot.card]
        if c.type == "attack" or c.type == "god":  # DE-1.5
            a = c.attack if att is None else att
            d = c.defense if dfn is None else dfn
            fighters.append([a, d, c.level, 1 if c.type == "attack" or gods_block else 0,
                             1 if fresh or not slot.attacked else 0])
            stats += ATTACK * a + DEFENSE * d
    pl = s.players[q]
    held = GOD_HELD * len(pl.additional) + CREDIT * pl.credits
    useful = len(pl.hand)
    for cid in pl.hand:
        c = cards[cid]
        if c.type == "magic" and c.effect:
            if c.effect[0].verb in _REMOVAL and c.effect[0].arg != "wotd":
                held += REMOVAL
            elif c.effect[-1].verb == "draw" and c.lasting is None:
                useful -= 1
    return fighters, stats + held + HAND * min(useful, HAND_USEFUL)


def _hand_helps(s: State, q: int, targets: bool) -> bool:
    """Whether ``q``'s hand holds what the put-down projection plays: an attack card ``q`` may still put down
    (DE-8.1), or removal magic with a target that a lasting effect will not cancel (DE-13.3)."""
    pl = s.players[q]
    cards = s.cards
    removal = False
    for cid in pl.hand:
        c = cards[cid]
        if c.type == "attack" and pl.attack_put_downs == 0:
            return True
        if c.type == "magic" and c.effect and c.effect[0].verb in _REMOVAL and c.effect[0].arg != "wotd":
            removal = True
    return removal and targets and not magic_destroyed_on_arrival(s)


def _strike(own: list[Fighter], foe: list[Fighter]) -> tuple[float, float]:
    """The LP an attack step of ``own``'s cards that may attack takes from the opponent, and what its ties cost
    (DE-9.4, DE-9.5), each card taking its best attack, the weakest first. ``foe`` loses what is destroyed,
    ``own`` what it trades."""
    dealt = lost = 0.0
    for f in sorted(own, key=_attack):
        if not f[4]:
            continue
        f[4] = 0
        gain = 0.0 if any(t[3] for t in foe) else f[2] * 100.0  # DE-9.5: direct only past every attack card
        pick: Fighter | None = None
        for t in foe:
            if f[0] > t[1]:
                g = t[2] * 100.0
            elif f[0] == t[1]:
                g = (t[2] - f[2]) * 100.0
            else:
                continue
            if g > gain:
                gain, pick = g, t
        if gain <= 0:
            continue
        dealt += gain if pick is None else pick[2] * 100.0
        if pick is not None:
            foe.remove(pick)
            if f[0] == pick[1]:
                lost += f[2] * 100.0
                own.remove(f)
    return dealt, lost


def _put_down(s: State, q: int, own: list[Fighter], foe: list[Fighter], att: int | None, dfn: int | None) -> float:
    """``q``'s put-down step as the projection plays it (see the module's text); returns the LP its removal
    takes (DE-10.1: the destroyed card's level x 100)."""
    pl = s.players[q]
    cards = s.cards
    magic_ok = not magic_destroyed_on_arrival(s)
    dealt = 0.0
    best = None
    for cid in pl.hand:
        c = cards[cid]
        if c.type == "attack":
            if pl.attack_put_downs == 0 and (best is None or c.attack > best.attack):
                best = c
        elif c.type == "magic" and magic_ok and c.effect and foe:
            verb, arg = c.effect[0]
            if verb == "destroy":
                t = max(foe, key=_level)
                foe.remove(t)
                dealt += t[2] * 100.0
            elif verb in _REMOVAL and arg != "wotd":
                foe.remove(max(foe, key=_attack))
    if best is not None:
        own.append([best.attack if att is None else att, best.defense if dfn is None else dfn, best.level, 1, 1])
    return dealt


def _turn_entries(s: State) -> int:
    """How many log entries the turn under way has made (see ``TIE``)."""
    log = s.log
    n = 0
    for i in range(len(log) - 1, -1, -1):
        if log[i]["event"] == "turn":
            break
        n += 1
    return n


def _level(f: Fighter) -> int:
    return f[2]


def _attack(f: Fighter) -> int:
    return f[0]


__all__ = ["heuristic", "worth"]
