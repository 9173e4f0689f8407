"""The observation (scenarios-deuses.md, "Observation") and what each viewer may see of it (DE-4)."""

from __future__ import annotations

from typing import Any

from .damage import tier
from .effects import current_stats
from .options import UNLIMITED
from .state import NAMES, State

_SHOWN_SLOTS = 10  # with an unlimited field, F1..F10 are always present


def observe(s: State) -> dict[str, Any]:
    d = s.pending
    out: dict[str, Any] = {
        "game": "deuses", "edition": "deuses-basic", "turn": s.turn, "first": NAMES[s.first] if s.first >= 0 else None,
        "active": NAMES[s.active], "phase": s.phase, "quiet_turns": s.quiet_turns,
        "pending": d.to_json() if d is not None else None, "winner": s.winner,
    }
    stats = current_stats(s)
    for p in (0, 1):
        out[NAMES[p]] = _player(s, p, stats)
    return out


def _player(s: State, p: int, stats: tuple[int | None, int | None]) -> dict[str, Any]:
    pl = s.players[p]
    out: dict[str, Any] = {
        "lp": pl.lp, "credits": pl.credits, "thresholds": pl.thresholds[:], "tier": tier(pl.lp),
        "ace_used": pl.ace_used, "ace_this_turn": pl.ace_this_turn, "offerings_this_turn": pl.offerings_this_turn,
        "attack_put_downs": pl.attack_put_downs, "attacks_made": pl.attacks_made,
        "hand_at_turn_start": pl.hand_at_turn_start,
        "hand": pl.hand[:], "hand_count": len(pl.hand), "main_deck": pl.main[:], "main_deck_count": len(pl.main),
        "additional_deck": pl.additional[:], "additional_deck_count": len(pl.additional),
    }
    size = s.options.field_size
    shown = size if size else max(_SHOWN_SLOTS, len(pl.field))
    att, dfn = stats
    for i in range(shown):
        slot = pl.field[i] if i < len(pl.field) else None
        if slot is None:
            out[f"F{i + 1}"] = None
            continue
        c = s.cards[slot.card]
        if c.battle:
            out[f"F{i + 1}"] = {"card": c.id, "type": c.type, "level": c.level,
                                "attack": c.attack if att is None else att,
                                "defense": c.defense if dfn is None else dfn,
                                "attacked": slot.attacked, "timestamp": slot.ts}
        else:
            out[f"F{i + 1}"] = {"card": c.id, "type": c.type, "timestamp": slot.ts}
    out["field_count"] = sum(1 for x in pl.field if x is not None)
    out["wotd"] = pl.wotd[:]
    out["excluded"] = pl.excluded[:]
    return out


def view(s: State, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may see (None: a spectator): the opponent's hand and additional deck (DE-4.2, DE-4.3)
    and both main decks (DE-4.1) absent, every count kept; ``revealed``: the opponent's cards in hand that
    the viewer was shown (DE-7.7, DE-11.2, DE-12.4)."""
    obs = observe(s)
    for p in (0, 1):
        side = obs[NAMES[p]]
        del side["main_deck"]
        if seat != NAMES[p]:
            del side["hand"]
            del side["additional_deck"]
    obs["viewer"] = seat
    if seat is not None:
        obs["revealed"] = s.players[1 - ("AB".index(seat))].known[:]
    return obs


def field_size_text(s: State) -> str:
    return str(s.options.field_size) if s.options.field_size else UNLIMITED
