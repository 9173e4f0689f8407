"""Running card effects: the effect language (vocabulary.py, schema.py) and the rules that run it.

An ability in play goes through three moments (CH-7.4, CH-7.6):
1. *activation* (``activation.py``) — for abilities a player uses (`use`, or `play` of an apoyo): the
   condition is checked (``sources.py``), the targets named in the action are checked (``candidates.py``,
   ``../targeting.py``) and the costs are paid (``costs.py``); then the link joins the chain. Disparo
   abilities (``triggers.py``) instead wait as triggers and become links when the next chain starts; their
   targets and costs are chosen when they resolve, and a character they select may still react first.
2. the chain — the opponent responds first; links resolve from the last to the first (``../chain.py``).
3. *resolution* (``resolution.py``) — a negated link does nothing; targets are re-checked (gone ones are
   skipped: the link resolves as far as it can) and the verbs run in order, each a function of ``verbs/``
   called with the link's ``EffectContext`` (``context.py``). A verb that needs a choice (add, special_call,
   a discard the player chooses) pauses on a ``choose`` decision (``selections.py``) and the rest runs after
   the answer.

Targets and costs are referred to with *handles*: ``("char", uid)`` for a character on the field,
``("slot", player, zone, card)`` for a card in a field zone and ``("card", player, zone, card)`` for a card
in a hand, deck, Mictlán or confinement.
"""
