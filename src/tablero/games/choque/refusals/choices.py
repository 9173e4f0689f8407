"""Why an answer is not among the options of the pending choice: the keyword's text (CH-8) or the card's
(CH-0.2) says what may be chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablero.core import IllegalAction
from tablero.core.i18n import Msg, msg

from .. import keywords
from ..state import OTHER, sector_of
from .common import CARD_TEXT, CHAR_ZONE

if TYPE_CHECKING:
    from ..game import ChoqueGame


def choice(g: ChoqueGame, pi: int, data: Any, act: dict[str, Any]) -> IllegalAction:
    """Why an answer is not among the options of the pending choice: the keyword's text (CH-8) or the card's
    (CH-0.2) says what may be chosen; an occupied zone is CH-3.11; an apoyo still resolving is in its zone,
    not yet in the Mictlán (CH-1.5); a call Toxina blocks is CH-8."""
    s = g.s
    p = s.players[pi]
    what = data.what
    cards = act.get("cards") or []
    cid = cards[0] if cards else None
    option = act.get("option")
    if isinstance(option, str) and CHAR_ZONE.match(option) and what in ("cosmo", "zone"):
        zi = int(option[-1]) - 1
        if p.chars[zi] is not None:
            return IllegalAction("CH-3.11", msg("zone {zone} is occupied", zone=option))
    if what == "elite":
        return IllegalAction("CH-8", msg("Élite's choice is option: double (or pass)"))
    if what == "clarividencia":
        return IllegalAction("CH-8", msg("Clarividencia orders only the cards it looked at; {card} is not among them",
                                         card=repr(cid)))
    if what == "mimica":
        if cid is not None and not any(c.id == cid for c in p.mictlan):
            if any(c.id == cid for c in s.players[OTHER[pi]].mictlan):
                return IllegalAction("CH-8", msg("Mímica selects a character in your own Mictlán; {card} is in the "
                                                 "opponent's", card=repr(cid)))
            return IllegalAction("CH-8", msg("Mímica selects a character in your own Mictlán; {card} is not in yours",
                                             card=repr(cid)))
        return IllegalAction("CH-8", msg("Mímica selects a character in your Mictlán; {card} is not a character",
                                         card=repr(cid)))
    if what == "zombificar":
        return IllegalAction("CH-8", _zombificar_why(g, pi, data.uid, act))
    if what == "cosmo":
        return IllegalAction("CH-8", msg("Cosmo's special call goes into one of your empty character zones "
                                         "(option: C1..C4)"))
    if what == "select" and cid is not None:
        purpose, op, src = data.purpose, data.op, data.source
        card = _zone_card(g, pi, op, purpose, cid)
        if card is not None and purpose in ("special_call", "liberar") and card.is_character \
                and keywords.call_blocked(g, pi, card.value):
            return IllegalAction("CH-8", msg("Toxina: no calls of value {value} or lower during this action phase, "
                                             "special calls included ({card} has value {card_value})",
                                             value=p.toxina_now, card=repr(cid), card_value=card.value))
        if card is None and src[0] == "zone" and src[-1].id == cid and op.args.get("from") == "mictlan":
            return IllegalAction("CH-1.5", msg("{card} is still resolving in its support zone; a normal or rápido "
                                               "apoyo goes to the Mictlán after its effect", card=repr(cid)))
    if what == "zone":
        return IllegalAction(CARD_TEXT, msg("the card's text says where the special call goes; {option} is not one "
                                            "of those zones", option=repr(option)))
    return IllegalAction(CARD_TEXT, msg("{answer} is not among what the card's text lets you choose now",
                                        answer=_answer(act)))


def _answer(act: dict[str, Any]) -> str:
    """An answer to a choice as its player wrote it (card ids, zones or an option: no words of its own)."""
    if act.get("cards"):
        return repr(act["cards"][0])
    if act.get("targets"):
        return ", ".join(act["targets"])
    return repr(act.get("option"))


def _zone_card(g: ChoqueGame, pi: int, op: Any, purpose: str, cid: str) -> Any:
    """The card named ``cid`` in the place a selection draws from (for the reasons of a refusal), or None."""
    p = g.s.players[pi]
    zone = {"discard": "hand", "liberar": "confined"}.get(purpose) or op.args.get("from") or "hand"
    pile = {"hand": p.hand, "mictlan": p.mictlan, "confined": p.confined, "deck": p.main}.get(zone, [])
    return next((c for c in pile if c.id == cid), None)


def _zombificar_why(g: ChoqueGame, pi: int, uid: int, act: dict[str, Any]) -> Msg:
    """Zombificar (CH-8): a soul of value 3 or more, a character of value 5 or less from your Mictlán, a zone
    of the same sector as the Zombificar character."""
    s = g.s
    p = s.players[pi]
    refs = list(act.get("targets") or [])
    cards = act.get("cards") or []
    card = next((c for c in p.mictlan if cards and c.id == cards[0]), None)
    if card is None or not card.is_character:
        return msg("Zombificar special-calls a character from your Mictlán; {card} is not one",
                   card=repr(cards[0] if cards else None))
    if card.value > 5:
        return msg("Zombificar calls a character of value 5 or less; '{card}' has value {value}", card=card.id,
                   value=card.value)
    if keywords.call_blocked(g, pi, card.value):
        return msg("Toxina: no calls of value {value} or lower during this action phase, special calls included",
                   value=p.toxina_now)
    if len(refs) != 2:
        return msg("Zombificar needs 'targets': one of your active souls of value 3 or more and a zone of its sector")
    soul = p.zones[int(refs[0][-1]) - 1] if refs[0][-2] == "Z" and refs[0][-1] in "12345" else None
    if soul is None or getattr(soul, "type", None) != "alma":
        return msg("Zombificar returns one of your active souls of value 3 or more; {zone} holds none", zone=refs[0])
    if soul.value < 3:
        return msg("Zombificar returns one of your active souls of value 3 or more; {zone} holds one of value "
                   "{value}", zone=refs[0], value=soul.value)
    found = s.find(uid)
    if found is not None and refs[1][-2] == "C" and refs[1][-1] in "1234":
        zi = int(refs[1][-1]) - 1
        if sector_of(zi) != sector_of(found[1]):
            return msg("Zombificar calls into the Zombificar character's own sector; {zone} is in the other one",
                       zone=refs[1])
        if p.chars[zi] is not None:
            return msg("zone {zone} is occupied", zone=refs[1])
    return msg("{answer} is not a choice Zombificar offers now", answer=_answer(act))
