"""Information-set resampling (for IS-MCTS): redraw every card hidden from one player.

Hidden from the viewer (CH-11.2): the opponent's hand (less the cards the viewer knows are there), the
order of every main and soul deck (less the runs at the top and bottom the viewer has seen), and the
opponent's support deck; and the random source, whose future is as hidden as the cards (CH-11.3). The true
multiset of hidden cards is kept (open decklists) and only redistributed: souls stay souls and main-deck
cards stay main-deck cards, so every deck and hand keeps its size and everything the viewer can see is
unchanged. Pools are sorted before shuffling, so the result depends on what is hidden, never on how it
happened to be ordered.

A card that work in progress holds by name stays where it is: the card a player just picked from their
deck for a special call, waiting for its zone (CH-6.2), cannot be redrawn into their hand, or the copy's
pending decision would name a card that is no longer there.
"""

from __future__ import annotations

from typing import Any

from tablero.core import Rng

from .cards import CardDef
from .state import State


def _middle(deck: list[CardDef], known: list[int], vi: int) -> tuple[int, int]:
    """Index range [lo, hi) of a deck list (bottom = 0) whose order the viewer does not know."""
    n = len(deck)
    bottom = min(known[2 + vi], n)
    top = min(known[vi], n - bottom)
    return bottom, n - top


def _held(s: State) -> set[int]:
    """The cards (by identity) that the pending decision or the work on the stack names in a hand or a
    deck: handles ``("card", player, zone, card)``, wherever they sit in those tuples."""
    held: set[int] = set()
    todo: list[Any] = [s.pending, s.stack]
    while todo:
        x = todo.pop()
        if isinstance(x, tuple | list):
            if len(x) == 4 and x[0] == "card" and isinstance(x[3], CardDef):
                held.add(id(x[3]))
            todo.extend(x)
    return held


def resample(s: State, vi: int, rng: Rng) -> None:
    held = _held(s)
    for pi, p in enumerate(s.players):
        mlo, mhi = _middle(p.main, p.main_known, vi)
        slo, shi = _middle(p.souls, p.soul_known, vi)
        main_mid = p.main[mlo:mhi]
        main_pool = [c for c in main_mid if id(c) not in held]
        soul_pool = p.souls[slo:shi]
        hidden_hand: list[CardDef] = []
        kept_hand: list[CardDef] = []
        if pi != vi:
            known = list(p.hand_known)
            for c in p.hand:
                if c in known:
                    known.remove(c)
                    kept_hand.append(c)
                elif id(c) in held:
                    kept_hand.append(c)
                elif c.type == "amalgama":
                    kept_hand.append(c)
                else:
                    hidden_hand.append(c)
            n_soul = sum(1 for c in hidden_hand if c.type == "alma")
            n_main = len(hidden_hand) - n_soul
            main_pool += [c for c in hidden_hand if c.type != "alma"]
            soul_pool += [c for c in hidden_hand if c.type == "alma"]
            sup = sorted(p.support, key=_key)
            rng.shuffle(sup)
            p.support = sup
        else:
            n_soul = n_main = 0
        main_pool.sort(key=_key)
        soul_pool.sort(key=_key)
        rng.shuffle(main_pool)
        rng.shuffle(soul_pool)
        if pi != vi:
            p.hand = kept_hand + soul_pool[:n_soul] + main_pool[:n_main]
            soul_pool = soul_pool[n_soul:]
            main_pool = main_pool[n_main:]
        if len(main_pool) == len(main_mid):
            p.main[mlo:mhi] = main_pool
        else:  # the held cards keep their places; the redrawn ones fill the rest in order
            rest = iter(main_pool)
            p.main[mlo:mhi] = [c if id(c) in held else next(rest) for c in main_mid]
        p.souls[slo:shi] = soul_pool
    # The random source is hidden too (CH-11.3): its state gives the seed, so every card above, and the
    # outcome of every shuffle and "al azar" to come. The copy draws its own future.
    s.rng = rng.fork()


def _key(c: CardDef) -> str:
    return c.id
