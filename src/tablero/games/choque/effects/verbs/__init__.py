"""The verbs of the effect language (CH-12), one plain function each, by family.

``BY_VERB`` maps each verb row of ``effects/vocabulary.py`` to the function that runs it: ``fn(game, ctx,
args)``, with the resolving link's ``EffectContext`` and the verb's checked arguments. The runtime dispatches
through this one table; ``tests/games/choque/test_effect_verbs.py`` checks that it and the vocabulary name the
same verbs.
Adding a verb: a row in ``vocabulary.py`` and a function here, in the module of its family.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import calls, cancel, hearts, piles, removal, script, stats

if TYPE_CHECKING:
    from ..context import EffectContext

Verb = Callable[[Any, "EffectContext", Any], None]

BY_VERB: dict[str, Verb] = {
    "destroy": removal.destroy, "return": removal.return_, "confine": removal.confine, "isolate": removal.isolate,
    "debilitar": stats.debilitar, "modify": stats.modify, "enfermar": stats.enfermar, "set_mode": stats.set_mode,
    "counters": stats.counters,
    "draw": piles.draw, "send": piles.send, "shuffle": piles.shuffle, "discard": piles.discard, "add": piles.add,
    "special_call": calls.special_call, "liberar": calls.liberar,
    "gain_hearts": hearts.gain_hearts, "lose_hearts": hearts.lose_hearts,
    "negate": cancel.negate, "anular": cancel.anular,
    "script": script.script,
}
