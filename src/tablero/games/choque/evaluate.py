"""A hand-written evaluation of a Choque position, for the greedy agent and for cut-off MCTS playouts.

It reads the whole state of the game it is given; agents only ever give it determinized copies
(``Seat.determinize``), so nothing hidden leaks. The weights are a player's rules of thumb, tuned by
self-play: hearts decide the game (CH-10.1), then the board (what can attack and survive), then cards in
hand and souls in play (what can still be called, CH-6.1).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .state import Equip

if TYPE_CHECKING:
    from .game import ChoqueGame

HEART = 3.0          # one player heart
LAST_HEARTS = 8.0    # extra worth of the last few hearts: 4 for the last, 2 for the one before, ...
CHAR_HEART = 1.2     # one heart of a character on the field
STAT = 0.35          # one point of current strength or resistance
IMPACT = 0.8         # one point of impact (hearts taken by a direct attack)
HAND_CARD = 0.7      # one card in hand
SOUL_POINT = 0.25    # one point of active soul total
SUPPORT = 0.9        # an apoyo, sector or arena of yours in play
DECK_CARD = 0.3      # one card left in the main deck (up to DECK_COMFORT): drawing and milling are not free
DECK_COMFORT = 50
DECK_DANGER = 6      # below this many cards left, each missing card costs DECK_RUNOUT more
DECK_RUNOUT = 2.0
SCALE = 25.0         # score -> [-1, 1] via tanh(score / SCALE)


def side_score(g: ChoqueGame, pi: int) -> float:
    s = g.s
    p = s.players[pi]
    # the last hearts are worth more than the first (CH-10.1: the one at 0 loses the game)
    score = HEART * p.hearts + LAST_HEARTS * (1.0 - 0.5 ** p.hearts) + HAND_CARD * len(p.hand)
    for zi, c in enumerate(p.chars):
        if c is None:
            continue
        score += (CHAR_HEART * c.hearts + STAT * (g._strength(pi, zi, c) + g._res(pi, zi, c))
                  + IMPACT * g._impact(pi, zi, c) + 1.0)
    for z in p.zones:
        if z is None:
            continue
        card = z.card if isinstance(z, Equip) else z
        score += SOUL_POINT * card.value if card.type == "alma" else SUPPORT
    score += SUPPORT * sum(1 for q in s.players for si, sec in enumerate(q.sectors)
                           if sec is not None and q.sector_owner[si] == pi)
    if p.arena is not None:
        score += SUPPORT
    # CH-10.2: drawing from an empty main deck loses. Cards left are worth keeping once the deck runs low,
    # so that drawing and sending (milling) stop looking free; near the end the danger dominates.
    left = len(p.main)
    score += DECK_CARD * min(left, DECK_COMFORT)
    if left < DECK_DANGER:
        score -= DECK_RUNOUT * (DECK_DANGER - left)
    return score


def heuristic(g: ChoqueGame, pi: int) -> float:
    """+1 won, -1 lost, 0 drawn; otherwise tanh of the score difference, in (-1, 1)."""
    w = g.s.winner
    if w is not None:
        return 0.0 if w == "draw" else (1.0 if w == "AB"[pi] else -1.0)
    return math.tanh((side_score(g, pi) - side_score(g, 1 - pi)) / SCALE)
