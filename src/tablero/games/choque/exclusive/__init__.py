"""Exclusive abilities (CH-8) whose rules reach several moments of a game, each gathered in one module.

A keyword that only changes one thing (Heroísmo keeps a heart in ``combat.take_hit``) lives where that
thing is decided. One whose rules reach several moments — a defeat, the start and the end of a phase, the
calls, the legal actions, the observation — gets a module here of named hooks, one per moment, and the
rules modules call those hooks: reading that module is reading the keyword. ``toxina.py`` and ``elite.py``
so far; the others move here as they are touched (docs/rulings.md keeps their rulings). The keywords whose
rules sit in one module already are read there: the battle ones in ``combat.py``, the called and used ones
(Aura, Rito, Portal, Atormentar, Clarividencia, Mímica, Zombificar, Cosmo) in ``keywords.py``.
"""
