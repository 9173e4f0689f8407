"""CH-11 information: the full observation in the scenario spec's normative shape, and player views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import stats
from .cards import CardDef
from .exclusive import toxina
from .state import CHAR_ZONES, NAMES, SUPPORT_ZONES, Char, Equip, Player

if TYPE_CHECKING:
    from .game import ChoqueGame


def _char_json(g: ChoqueGame, pi: int, zi: int, c: Char) -> dict[str, Any]:
    out: dict[str, Any] = {
        "card": c.card.id, "hearts": c.hearts, "resistance": stats.res(g, pi, zi, c),
        "strength": stats.strength(g, pi, zi, c), "impact": stats.impact(g, pi, zi, c), "resting": c.resting,
        "called_this_turn": c.called, "attacked": c.attacked,
        "defended": c.defended, "zombified": c.zombified,
    }
    if c.gained is not None:
        out["mimica"] = c.gained.id
    if c.status:
        out["status"] = sorted(c.status)
    if c.mode is not None:
        out["mode"] = c.mode
    if c.counters:
        out["counters"] = c.counters
    return out


def _support_json(z: CardDef | Equip, p: Player) -> dict[str, Any]:
    if type(z) is Equip:
        refs = []
        for u in z.equips:
            for zi, c in enumerate(p.chars):
                if c is not None and c.uid == u:
                    refs.append(CHAR_ZONES[zi])
        return {"card": z.card.id, "equips": refs}
    return {"card": z.id}  # type: ignore[union-attr]


def player_json(g: ChoqueGame, p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hearts": p.hearts, "soul_total": p.soul_total(), "normal_calls_used": p.normal_calls,
        "souls_activated": p.souls_activated,
        "hand": [c.id for c in p.hand], "hand_count": len(p.hand),
        "main_deck": [c.id for c in reversed(p.main)], "main_deck_count": len(p.main),
        "soul_deck": [c.id for c in reversed(p.souls)], "soul_deck_count": len(p.souls),
        "support_deck": [c.id for c in p.support], "support_deck_count": len(p.support),
    }
    for zi, c in enumerate(p.chars):
        out[CHAR_ZONES[zi]] = _char_json(g, p.idx, zi, c) if c is not None else None
    for zi, z in enumerate(p.zones):
        out[SUPPORT_ZONES[zi]] = _support_json(z, p) if z is not None else None
    for si, zone in enumerate(("SA", "SB")):
        sec = p.sectors[si]
        out[zone] = None if sec is None else {"card": sec.id}
        if sec is not None and p.sector_owner[si] != p.idx:
            out[zone]["owner"] = NAMES[p.sector_owner[si]]
    out["arena"] = {"card": p.arena.id} if p.arena is not None else None
    out["mictlan"] = [c.id for c in p.mictlan]
    out["confined"] = [c.id for c in p.confined]
    out["isolated"] = [c.id for c in p.isolated]
    barred = toxina.shown(p)
    if barred is not None:
        out["toxina"] = barred
    return out


def observe(g: ChoqueGame, pending: dict[str, str] | None) -> dict[str, Any]:
    s = g.s
    obs: dict[str, Any] = {
        "game": "choque", "edition": s.edition, "turn": s.turn, "first": NAMES[s.first],
        "active": NAMES[s.active], "phase": s.phase, "pending": pending, "winner": s.winner,
    }
    for pi, p in enumerate(s.players):
        obs[NAMES[pi]] = player_json(g, p)
    if s.chain:
        obs["chain"] = [{"player": NAMES[link.player], "link": link.kind} for link in s.chain]
    if s.battle is not None:
        b = s.battle
        obs["battle"] = {"player": NAMES[b.player], "hearts": b.hearts,
                         "targets": [f"{NAMES[1 - b.player]}.{CHAR_ZONES[z]}" for z in b.zones]}
    return obs


def view(g: ChoqueGame, pending: dict[str, str] | None, viewer: str) -> dict[str, Any]:
    """CH-11.2: hidden keys absent; what an effect showed the viewer listed under ``revealed``."""
    s = g.s
    vi = NAMES.index(viewer)
    obs = observe(g, pending)
    revealed: list[dict[str, Any]] = []
    for pi, p in enumerate(s.players):
        side = obs[NAMES[pi]]
        del side["main_deck"], side["soul_deck"]
        if pi != vi:
            del side["hand"], side["support_deck"]
            for c in p.hand_known:
                revealed.append({"player": NAMES[pi], "zone": "hand", "card": c.id})
        for zone, deck, known in (("main_deck", p.main, p.main_known), ("soul_deck", p.souls, p.soul_known)):
            top, bottom = known[vi], known[2 + vi]
            for i in range(min(top, len(deck))):
                revealed.append({"player": NAMES[pi], "zone": zone, "from": "top", "index": i,
                                 "card": deck[-1 - i].id})
            for i in range(min(bottom, len(deck))):
                revealed.append({"player": NAMES[pi], "zone": zone, "from": "bottom", "index": i,
                                 "card": deck[i].id})
    obs["revealed"] = revealed
    obs["viewer"] = viewer
    return obs


def public_view(g: ChoqueGame, pending: dict[str, str] | None) -> dict[str, Any]:
    """What a spectator may see (CH-11.1): both hands, both support decks and every deck order absent, and
    nothing revealed (what an effect showed one player was shown to that player only)."""
    obs = observe(g, pending)
    for name in NAMES:
        side = obs[name]
        for key in ("hand", "support_deck", "main_deck", "soul_deck"):
            del side[key]
    obs["revealed"] = []
    obs["viewer"] = None
    return obs
