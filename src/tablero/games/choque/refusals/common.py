"""What every refusal is worded from: the rule ids a refusal may name, the decision and phase in words, and
the action being explained with the decision it met (``Asked``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tablero.core import IllegalAction
from tablero.core.i18n import Msg, msg

from ..cards import CardDef
from ..decisions import KIND_RULE
from ..state import NAMES, PHASES, Player

if TYPE_CHECKING:
    from ..game import ChoqueGame

CARD_TEXT = "CH-0.2"  # a restriction printed on the card itself: card text is binding (and beats the rules)
KEYWORD_CHOICES = frozenset({"elite", "clarividencia", "mimica", "zombificar", "cosmo"})  # CH-8 keyword texts
KIND_TEXT = {
    "action": msg("free decision of the action phase"), "combat": msg("free decision of the combat phase"),
    "response": msg("response window"), "defend": msg("defence decision"), "ofrenda": msg("ofrenda decision"),
    "choose": msg("choice"), "discard": msg("hand-limit discard"),
    "battle_repeat": msg("battle-repetition decision"),
}
THE_PHASE = {  # "it is {phase}": a phase of the turn (PHASES) in words
    "start": msg("the start phase"), "ofrenda": msg("the ofrenda phase"), "soul_draw": msg("the soul draw phase"),
    "turn_draw": msg("the draw phase"), "action": msg("the action phase"), "combat": msg("the combat phase"),
    "end": msg("the end phase"),
}
CHAR_ZONE = re.compile(r"^(?:[AB]\.)?C[1-4]$")




@dataclass(frozen=True)
class Asked:
    """An action being explained, and the decision it met."""

    g: ChoqueGame
    act: dict[str, Any]
    pi: int  # who acts
    kind: str  # the kind of the pending decision
    data: Any  # the pending decision's data (a record of pending.py)

    @classmethod
    def of(cls, g: ChoqueGame, act: dict[str, Any]) -> Asked:
        assert g.s.pending is not None
        pi, kind, data = g.s.pending
        return cls(g, act, pi, kind, data)

    @property
    def p(self) -> Player:
        return self.g.s.players[self.pi]

    @property
    def own_action(self) -> bool:
        """Whether it is the acting player's own action phase."""
        return self.g.s.active == self.pi and self.g.s.phase == "action"

    def hand_card(self, cid: Any, rule: str) -> CardDef:
        """The card ``cid`` in the acting player's hand, or the refusal (raised) that it is not there."""
        for c in self.p.hand:
            if c.id == cid:
                return c
        raise IllegalAction(rule, msg("{card} is not in {player}'s hand", card=repr(cid), player=NAMES[self.pi]))


def choice_rule(g: ChoqueGame, data: Any) -> str:
    """The rule a pending choice follows: a keyword's choice its CH-8 text, a card effect's choice the card's
    own text (CH-0.2)."""
    return "CH-8" if getattr(data, "what", None) in KEYWORD_CHOICES else CARD_TEXT


def pending_rule(g: ChoqueGame) -> str:
    """The rule of the decision pending now (what must be answered before anything else happens)."""
    assert g.s.pending is not None
    _, kind, data = g.s.pending
    return choice_rule(g, data) if kind == "choose" else KIND_RULE[kind]


def accepts(kind: str) -> list[str]:
    from ..decisions import ACCEPTS

    return sorted(ACCEPTS[kind])


def when(g: ChoqueGame, pi: int) -> Msg:
    """Where the turn stands, for a message about the action phase."""
    s = g.s
    if s.active != pi:
        return msg("it is {player}'s turn", player=NAMES[s.active])
    if PHASES.index(s.phase) > PHASES.index("action"):
        return msg("it is {phase}, and a phase once left is not returned to (CH-5.1)", phase=THE_PHASE[s.phase])
    return msg("the action phase has not begun (it is {phase})", phase=THE_PHASE[s.phase])


def rapido_in_hand(g: ChoqueGame, pi: int, act: dict[str, Any]) -> bool:
    """Whether the card an action names is a rápido apoyo in ``pi``'s hand (CH-1.5: any phase)."""
    card = next((c for c in g.s.players[pi].hand if c.id == act.get("card")), None)
    return card is not None and card.type == "apoyo" and card.subtype == "rapido"


def char_at(g: ChoqueGame, ref: str) -> Any:
    """The character at a field reference (``A.C2``), or None."""
    side, _, zone = ref.rpartition(".")
    if side not in NAMES or not zone.startswith("C") or len(zone) != 2 or zone[1] not in "1234":
        return None
    return g.s.players[NAMES.index(side)].chars[int(zone[1]) - 1]


def mimic_at(g: ChoqueGame, pi: int, src: Any) -> str | None:
    """The card id of a Mímica character of ``pi`` at ``src`` (its gained abilities are all it may use)."""
    if not isinstance(src, str) or not src.startswith(f"{NAMES[pi]}.C"):
        return None
    c = char_at(g, src)
    return c.card.id if c is not None and "mimica" in c.card.keywords else None


def describe_filter(flt: Any) -> str:
    """A card's filter as its file writes it (keys and values: ids, no words of its own)."""
    return ", ".join(f"{k} {v}" for k, v in dict(flt).items())
