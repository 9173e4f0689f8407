"""Why an action is illegal: the rule id and a readable message (only run when an action is refused).

Legality itself is decided by the legal-action generators; this package only explains a refusal, so it
may be slow and thorough. A refusal names the rule that *forbids* the action (docs/rulings.md, "Refusals"):
the rule that keeps a verb from being offered to that player now (``unoffered.py``), a keyword's own text
(CH-8), or, for a restriction printed on a card (once per turn, a condition, a cost, which targets or cards
it takes), CH-0.2, the rule that makes card text binding. Whatever it cannot pin down gets the pending
decision's rule and the list of what is legal. One module per family of verbs: ``calls.py`` (souls,
calls, amalgams, Rito), ``play.py`` (apoyos, sectors, arenas), ``battle.py`` (attack, defend),
``abilities.py`` (use), ``choices.py`` (choose).

Every message is written once, in English, with ``msg`` (``tablero/core/i18n.py``) and said in the
reader's language from ``locales/<lang>.po``; card ids, zones, verbs and rule ids are its fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablero.core import IllegalAction
from tablero.core.i18n import msg

from . import abilities, battle, calls, play
from .choices import choice
from .common import KIND_TEXT, Asked, choice_rule, pending_rule, rapido_in_hand
from .unoffered import unoffered

if TYPE_CHECKING:
    from ..game import ChoqueGame

__all__ = ["choice_rule", "diagnose", "pending_rule", "rapido_in_hand", "unoffered"]


def _choose(a: Asked) -> IllegalAction | None:
    return choice(a.g, a.pi, a.data, a.act) if a.kind == "choose" else None


def _discard(a: Asked) -> IllegalAction | None:
    if not a.act.get("cards"):
        return None
    return IllegalAction("CH-5.8", msg("{card} is not in your hand to send to the Mictlán",
                                       card=repr(a.act["cards"][0])))


# each verb's explanation; None from one means "nothing more precise than the decision's list"
_BY_VERB: dict[str, Callable[[Asked], IllegalAction | None]] = {
    "activate_soul": calls.activate_soul, "call": calls.call, "call_amalgam": calls.call_amalgam,
    "play": play.play, "attack": battle.attack, "defend": battle.defend, "use": abilities.use,
    "discard": _discard, "choose": _choose,
}


def diagnose(g: ChoqueGame, act: dict[str, Any], legal: list[dict[str, Any]]) -> IllegalAction:
    """Why an action that the pending decision takes (right player, accepted verb) matches no legal action."""
    a = Asked.of(g, act)
    do = act["do"]
    explain = _BY_VERB.get(do)
    try:
        why = explain(a) if explain is not None else None
    except IllegalAction as e:  # a card the action names is not where it says (Asked.hand_card)
        return e
    if why is not None:
        return why
    if a.kind == "ofrenda" and do == "pass":
        return IllegalAction("CH-5.3", msg("the ofrenda is mandatory from your second turn while you have 4 or fewer "
                                           "active souls (only the house rule choque.ofrenda_optional lets it be "
                                           "passed): answer it with ofrenda"))
    verbs = sorted({x["do"] for x in legal})
    return IllegalAction(pending_rule(g), msg("that '{do}' is not legal now ({decision}); legal: {verbs}", do=do,
                                              decision=KIND_TEXT[a.kind], verbs=", ".join(verbs)))
