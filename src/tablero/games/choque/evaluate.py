"""A hand-written evaluation of a Choque position, for the greedy agent and for cut-off MCTS playouts.

It reads the whole state of the game it is given; agents only ever give it determinized copies
(``Seat.determinize``), so nothing hidden leaks. The weights are a player's rules of thumb, tuned by
self-play: hearts decide the game (CH-10.1), then the board (what can attack and survive), then cards in
hand and souls in play (what can still be called, CH-6.1). Two ideas keep long games from being lost to
the deck (CH-10.2): cards held beyond what a turn can use are worth little, so drawing is not free; and a
player whose main deck is running low is *on the clock* — the opponent's hearts weigh more (only damage
wins before the deck runs out) and their own board less (it will not be there to use). "Low" is counted in
rounds, not cards: a recurring draw or mill on the field (an arena that sends the top card of each deck to
the Mictlán every turn) brings the deck-out nearer, and a player who cannot see that loses the race.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import stats
from .state import Equip

if TYPE_CHECKING:
    from .cards import CardDef
    from .game import ChoqueGame

HEART = 3.0          # one player heart
LAST_HEARTS = 8.0    # extra worth of the last few hearts: 4 for the last, 2 for the one before, ...
CHAR_HEART = 1.2     # one heart of a character on the field
STAT = 0.35          # one point of current strength or resistance
IMPACT = 0.8         # one point of impact (hearts taken by a direct attack)
HAND_CARD = 0.7      # one card in hand, up to HAND_USEFUL
HAND_USEFUL = 5      # cards beyond these are worth HAND_EXTRA: a turn cannot use them (CH-5.8 caps at 7)
HAND_EXTRA = 0.2
SOUL_POINT = 0.25    # one point of active soul total
SUPPORT = 0.9        # an apoyo, sector or arena of yours in play
DECK_CARD = 0.3      # one card left in the main deck (up to DECK_COMFORT): drawing and milling are not free
DECK_COMFORT = 50
RUNOUT = 12.0        # the price of an empty main deck, fading as RUNOUT * exp(-rounds left / RUNOUT_SCALE)
RUNOUT_SCALE = 5.0
CLOCK_DECK = 15      # below this many rounds left before the deck runs out, a player is on the clock
CLOCK_HEARTS = 1.0   # ... and the opponent's hearts weigh up to (1 + CLOCK_HEARTS) times as much
CLOCK_BOARD = 0.5    # ... and their own characters down to (1 - CLOCK_BOARD) times as much
SCALE = 25.0         # score -> [-1, 1] via tanh(score / SCALE)


_BURN: dict[CardDef, tuple[float, float]] = {}


def burn(card: CardDef) -> tuple[float, float]:
    """Cards that ``card``'s recurring triggers (start or end of a turn, not optional) take each round from
    its controller's main deck and from the opponent's: draws and sends (CH-12) alike bring CH-10.2 nearer."""
    b = _BURN.get(card)
    if b is None:
        own = opp = 0.0
        for ab in card.fx.abilities:
            if ab.trigger not in ("turn_start", "turn_end") or ab.optional:
                continue
            times = 2.0 if ab.trigger_args.get("whose", "own") == "any" else 1.0  # a round has two turns
            for op in ab.ops:
                if op.verb in ("draw", "send"):
                    n = times * float(op.args.get("count", 1))
                    who = op.args.get("player", "self")
                    own += n if who in ("self", "both") else 0.0
                    opp += n if who in ("opponent", "both") else 0.0
        b = _BURN[card] = (own, opp)
    return b


def rounds_left(g: ChoqueGame) -> tuple[float, float]:
    """Each player's rounds until a draw is owed from an empty main deck: one turn draw (CH-5.5) plus what
    the recurring triggers on the field take per round."""
    s = g.s
    rate = [1.0, 1.0]
    for qi, q in enumerate(s.players):
        cards: list[tuple[CardDef, int]] = [(c.card, qi) for c in q.chars if c is not None]
        cards.extend((z.card if isinstance(z, Equip) else z, qi) for z in q.zones if z is not None)
        cards.extend((sec, q.sector_owner[si]) for si, sec in enumerate(q.sectors) if sec is not None)
        if q.arena is not None:
            cards.append((q.arena, qi))
        for card, controller in cards:
            if card.fx.abilities:
                own, opp = burn(card)
                rate[controller] += own
                rate[1 - controller] += opp
    return len(s.players[0].main) / rate[0], len(s.players[1].main) / rate[1]


def clock(rounds: float) -> float:
    """How urgently a player with ``rounds`` left before the deck runs out must win: 0 (plenty) to 1."""
    return 0.0 if rounds >= CLOCK_DECK else 1.0 - rounds / CLOCK_DECK


def side_score(g: ChoqueGame, pi: int, rounds: tuple[float, float]) -> float:
    s = g.s
    p = s.players[pi]
    left = len(p.main)
    # the last hearts are worth more than the first (CH-10.1: the one at 0 loses the game); all of them
    # weigh more when the opponent must win before their deck runs out
    heart = HEART * (1.0 + CLOCK_HEARTS * clock(rounds[1 - pi]))
    hand = len(p.hand)
    score = (heart * p.hearts + LAST_HEARTS * (1.0 - 0.5 ** p.hearts)
             + HAND_CARD * min(hand, HAND_USEFUL) + HAND_EXTRA * max(0, hand - HAND_USEFUL))
    board = 0.0
    for zi, c in enumerate(p.chars):
        if c is None:
            continue
        board += (CHAR_HEART * c.hearts + STAT * (stats.strength(g, pi, zi, c) + stats.res(g, pi, zi, c))
                  + IMPACT * stats.impact(g, pi, zi, c) + 1.0)
    score += board * (1.0 - CLOCK_BOARD * clock(rounds[pi]))
    for z in p.zones:
        if z is None:
            continue
        card = z.card if isinstance(z, Equip) else z
        score += SOUL_POINT * card.value if card.type == "alma" else SUPPORT
    score += SUPPORT * sum(1 for q in s.players for si, sec in enumerate(q.sectors)
                           if sec is not None and q.sector_owner[si] == pi)
    if p.arena is not None:
        score += SUPPORT
    # CH-10.2: drawing from an empty main deck loses. Every card left is worth keeping, so that drawing and
    # sending (milling) never look free, and the danger grows steeply as the deck runs low.
    score += DECK_CARD * min(left, DECK_COMFORT) - RUNOUT * math.exp(-rounds[pi] / RUNOUT_SCALE)
    return score


def heuristic(g: ChoqueGame, pi: int) -> float:
    """+1 won, -1 lost, 0 drawn; otherwise tanh of the score difference, in (-1, 1)."""
    w = g.s.winner
    if w is not None:
        return 0.0 if w == "draw" else (1.0 if w == "AB"[pi] else -1.0)
    rounds = rounds_left(g)
    return math.tanh((side_score(g, pi, rounds) - side_score(g, 1 - pi, rounds)) / SCALE)
