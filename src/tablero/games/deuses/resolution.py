"""How an action's effect resolves: a work stack of the one-shot steps still to do (DE-8.3, DE-8.4), so
that what is left of an effect is data a copy of the state can carry on with.

A put-down, the Ace or an arriving card pushes its steps; ``next_choice`` does the steps that choose
nothing (draws, steps with no legal choice) and stops at the first that chooses. Applying an action answers
each such choice from its ``targets`` (``resolve``); listing the legal actions forks there instead: each
option is played on its own copy from that point on (``probe``), never replayed from the start. A choice
after which nothing more can choose ends its list of targets without being played.

Once the effect drew a card, a later choice is no longer named in ``targets`` but asked when it is reached
(scenarios-deuses.md, "Choices after a hidden draw"): ``resolve`` stops there, the game keeps the rest of
the work and asks a ``choose`` decision. So the actions listed before a draw never depend on what it draws,
and a choice is never narrowed to what was known before it (DE-1.4).
"""

from __future__ import annotations

from typing import NamedTuple

from tablero.core import IllegalAction
from tablero.core.i18n import msg

from .cards import CardDef, Step
from .effects import ARRIVALS, STEP_RULES, choices, do_step, draw_shown, names_excluded, normal_ref
from .state import State


class Steps(NamedTuple):
    """``card``'s one-shot steps from index ``k`` on, for its controller ``p``."""

    p: int
    card: CardDef
    k: int


class Bury(NamedTuple):
    """Once the steps pushed after it are over, ``card`` goes to ``p``'s World of the Dead (DE-8.3, DE-8.4);
    also when the game ended midway, as a card is never lost."""

    p: int
    card: str


Task = Steps | Bury
Work = list[Task]  # the last task is done first


class Choice(NamedTuple):
    """A step that chooses, reached by ``next_choice``: its options, and whether a later step may still
    choose once it is done (``more``)."""

    p: int
    card: str  # whose step it is
    step: Step
    options: list[str]
    more: bool
    asked: bool  # the effect drew before it: asked as a ``choose`` decision when reached, not in targets


def push_steps(work: Work, p: int, card: CardDef) -> None:
    if card.effect:
        work.append(Steps(p, card, 0))


def next_choice(s: State, work: Work) -> Choice | None:
    """Does the steps that choose nothing, in order, up to the first that chooses (left for the caller to
    answer with ``answer``); None when the effect is over. Once the game is over the rest of the steps do
    nothing (DE-14.1) but the cards waiting for the World of the Dead go there."""
    while work:
        task = work.pop()
        if isinstance(task, Bury):
            s.players[task.p].wotd.append(task.card)
            continue
        if s.winner is not None:
            continue
        p, card, k = task
        steps = card.effect
        if k + 1 < len(steps):
            work.append(Steps(p, card, k + 1))
        step = steps[k]
        if step.verb == "draw":
            draw_shown(s, p, step.arg)
            continue
        options = choices(s, p, step)
        if options:
            return Choice(p, card.id, step, options, _may_choose(work), s.drawn)
    return None


def _may_choose(work: Work) -> bool:
    """Whether a step still to do may choose."""
    for task in work:
        if isinstance(task, Steps) and task.card.chooses_from[task.k]:
            return True
    return False


def answer(s: State, work: Work, c: Choice, choice: str) -> None:
    """Does the step ``c`` stopped at with ``choice`` (a card it brings onto the field pushes its steps)."""
    arrived = do_step(s, c.p, c.step, choice)
    if arrived is not None:
        push_steps(work, c.p, s.cards[arrived])


class Targets:
    """An applied action's choices: each choosing step takes the next entry of ``targets``, which must be
    one of its options (scenarios-deuses.md, "One-shot steps")."""

    __slots__ = ("entries", "used")

    def __init__(self, entries: list[str]) -> None:
        self.entries = entries
        self.used = 0

    def pick(self, s: State, c: Choice) -> str:
        step, options = c.step, c.options
        if self.used >= len(self.entries):
            raise IllegalAction(STEP_RULES[step.verb], msg("the effect's {step} step needs a target: one of {options}",
                                                           step=step.verb, options=", ".join(options)))
        raw = self.entries[self.used]
        self.used += 1
        entry = normal_ref(raw, step, c.p)
        if entry not in options:
            rule = "DE-4.6" if names_excluded(s, raw) else STEP_RULES[step.verb]
            raise IllegalAction(rule, msg("{target} is not a choice for the effect's {step} step; choices: {options}",
                                          target=str(raw), step=step.verb, options=", ".join(options) or "none"))
        return entry


def resolve(s: State, work: Work, targets: Targets) -> Choice | None:
    """Does the effect, answering its choices from ``targets``, up to its end (None) or to a choice after a
    draw, which is returned to be asked; ``targets`` may name none of those ("Choices after a hidden draw":
    an action whose targets reach past a draw is refused as a whole)."""
    while (c := next_choice(s, work)) is not None:
        if c.asked:
            if targets.used < len(targets.entries):
                raise IllegalAction("DE-7.7", msg("{targets}: a choice after the effect's draw is made when it is "
                                                  "reached, not named in advance",
                                                  targets=", ".join(map(str, targets.entries[targets.used:]))))
            return c
        answer(s, work, c, targets.pick(s, c))
    return None


def _last(s: State, c: Choice) -> list[bool]:
    """Which options end the action's choices: none while a later step may choose; else those that bring
    no card whose own effect chooses onto the field."""
    if c.more:
        return [False] * len(c.options)
    step = c.step
    if step.verb not in ARRIVALS or (step.verb == "revive" and step.arg == "hand"):
        return [True] * len(c.options)
    cards = s.cards
    return [not cards[o].chooses for o in c.options]


def probe(s: State, work: Work) -> list[list[str]]:
    """Every list of targets the effect under way in ``s`` (a copy of the game's state, which this uses up)
    may be given, in order (DE-1.4: a choice may depend on what the steps before it did)."""
    found: list[list[str]] = []

    def explore(t: State, w: Work, prefix: list[str]) -> None:
        c = next_choice(t, w)
        if c is None or c.asked:  # a choice after a draw is asked when reached: the targets end before it
            found.append(prefix)
            return
        last = _last(t, c)
        if all(last):
            found.extend([*prefix, option] for option in c.options)
            return
        final = max(i for i, done in enumerate(last) if not done)
        for i, option in enumerate(c.options):
            if last[i]:
                found.append([*prefix, option])
                continue
            # the state is copied for every option but the last that needs playing, which takes it over
            u, v = (t, w) if i == final else (t.copy(log=False), w[:])
            answer(u, v, c, option)
            explore(u, v, [*prefix, option])

    explore(s, work, [])
    return found
