"""Choosing an activation's targets (CH-7.4): every list at once when there are few, else one at a time.

An ability that names its targets when it is activated (a ``use`` of a card ability, the effect of an
apoyo being ``play``-ed) is offered with its ``targets`` filled in, one legal action per legal list, while
the lists are few (at most ``MAX_TARGET_OPTIONS``). Beyond that, listing them all would cost the engine
more than the game is worth, and a cut list would hide legal plays; so the action is offered without its
targets (an equipo apoyo keeps its equipped character, the list's first entry) and applying it opens a
``choose`` decision (detail ``targets``) that offers the targets one at a time, each a ``choose`` with
``targets: [ref]``, only those from which the rest can still be completed. The last pick activates the
ability exactly as the whole list would have. The whole list stays accepted at once, as the scenario
contract requires: ``fit`` decides whether it is legal, with the same candidates, without listing any
(docs/actions.md, "Targets one at a time").

Plain functions over the game: the engine calls them at the listing, the execution and the refusal of
``use`` and ``play``; they read the state and never change it, except ``ask`` and ``pick``, which set or
answer the pending decision.
"""

from __future__ import annotations

from itertools import combinations, islice, product
from typing import TYPE_CHECKING, Any, NamedTuple

from tablero.core.i18n import Msg, msg

from . import flow
from .effects import candidates, sources
from .effects.schema import Ability, TargetSpec

if TYPE_CHECKING:
    from .cards import CardDef
    from .game import ChoqueGame

MAX_TARGET_OPTIONS = 200  # beyond this many target lists for one activation, they are chosen one at a time


class OneAtATime:
    """The answer of ``options`` when the legal target lists are too many to offer one by one."""

    __slots__ = ()


ONE_AT_A_TIME = OneAtATime()


class TargetChoice(NamedTuple):
    """The pending ``choose`` of an activation's targets: the action being completed (``targets`` holds
    what is chosen so far, after ``prefix`` entries that are not the ability's, the equipped character of
    an equipo), the ability and the handle its targets are seen from (CH-7.4)."""

    act: dict[str, Any]  # the use or play action, with the targets chosen so far
    ability: Ability
    source: tuple[Any, ...]
    prefix: int
    what: str = "targets"  # the detail of the choose decision


class Activation(NamedTuple):
    """What a listed ``use`` or ``play`` activates: the ability, the handle its targets are seen from, and
    how many of the action's ``targets`` are not the ability's (1: an equipo's equipped character)."""

    ability: Ability
    source: tuple[Any, ...]
    prefix: int


def activation(g: ChoqueGame, pi: int, act: dict[str, Any]) -> Activation | None:
    """The card ability a ``use`` or the apoyo effect a ``play`` activates (None: it activates none)."""
    if act["do"] == "use":
        for src, ref, abilities in sources.field_sources(g, pi):
            if ref == act.get("source"):
                for ab in abilities:
                    if ab.name == act.get("ability"):
                        return Activation(ab, src, 0)
        return None
    card = next((c for c in g.s.players[pi].hand if c.id == act.get("card")), None)
    return None if card is None else apoyo_activation(pi, card)


def apoyo_activation(pi: int, card: CardDef) -> Activation | None:
    """The effect an apoyo in ``pi``'s hand activates when played, seen from the hand (CH-1.5), if any."""
    if card.type != "apoyo" or card.fx.effect is None:
        return None
    return Activation(card.fx.effect, ("hand", pi, card), 1 if card.subtype == "equipo" else 0)


def listed_without_targets(g: ChoqueGame, pi: int, opt: dict[str, Any]) -> Activation | None:
    """The activation of a listed action that leaves its targets to be chosen one at a time, if it does."""
    found = activation(g, pi, opt) if opt["do"] in ("use", "play") else None
    if found is None or len(opt.get("targets") or ()) - found.prefix >= needed(found.ability):
        return None
    return found


def chosen_specs(ab: Ability) -> list[TargetSpec]:
    """The targets a player names (an "al azar" one is drawn on resolution, CH-11.3)."""
    return [spec for spec in ab.targets if not spec.random]


def needed(ab: Ability) -> int:
    return sum(spec.count for spec in ab.targets if not spec.random)


def spec_refs(g: ChoqueGame, pi: int, ab: Ability, src: tuple[Any, ...]) -> list[list[str]]:
    """The references each chosen target spec may name now, in the engine's order."""
    return [[r for r, _ in candidates.target_candidates(g, pi, spec, src)] for spec in chosen_specs(ab)]


def options(g: ChoqueGame, pi: int, ab: Ability, src: tuple[Any, ...]) -> list[list[str]] | OneAtATime | None:
    """Every legal ``targets`` list for activating ``ab`` (None: no legal choice exists), or
    ``ONE_AT_A_TIME`` when there are more than ``MAX_TARGET_OPTIONS`` (hot: listed at every decision)."""
    per_spec: list[list[str]] = []
    counts: list[int] = []
    for spec in ab.targets:
        if spec.random:
            continue  # "al azar": drawn on resolution (CH-11.3)
        refs = [r for r, _ in candidates.target_candidates(g, pi, spec, src)]
        if len(refs) < spec.count:
            return None
        per_spec.append(refs)
        counts.append(spec.count)
    if not per_spec:
        return [[]]
    if len(per_spec) == 1:  # the common case: the lists of one spec are distinct by construction
        firsts = list(islice(combinations(per_spec[0], counts[0]), MAX_TARGET_OPTIONS + 1))
        if len(firsts) > MAX_TARGET_OPTIONS:
            return ONE_AT_A_TIME
        return [list(c) for c in firsts]
    out: list[list[str]] = []
    for combo in product(*(combinations(refs, n) for refs, n in zip(per_spec, counts, strict=True))):
        flat = [r for part in combo for r in part]
        if len(set(flat)) == len(flat):
            if len(out) == MAX_TARGET_OPTIONS:
                return ONE_AT_A_TIME
            out.append(flat)
    return out


def slot_refs(g: ChoqueGame, pi: int, ab: Ability, src: tuple[Any, ...]) -> list[list[str]]:
    """One candidate list per single target to name, in order (a spec of count 2 gives two slots)."""
    return [refs for spec, refs in zip(chosen_specs(ab), spec_refs(g, pi, ab, src), strict=True)
            for _ in range(spec.count)]


def _completes(slots: list[list[str]], used: set[str]) -> bool:
    """Whether distinct references can fill every slot (a small backtracking search; it stops at the
    first completion, which the usual case finds at once)."""
    if not slots:
        return True
    for ref in slots[0]:
        if ref not in used:
            used.add(ref)
            ok = _completes(slots[1:], used)
            used.discard(ref)
            if ok:
                return True
    return False


def next_refs(g: ChoqueGame, pi: int, choice: TargetChoice) -> list[str]:
    """The references the next pick may name: not named yet, and leaving the rest completable."""
    picked = list(choice.act.get("targets") or [])[choice.prefix:]
    slots = slot_refs(g, pi, choice.ability, choice.source)
    if len(picked) >= len(slots):
        return []
    used = set(picked)
    rest = slots[len(picked) + 1:]
    out = []
    for ref in slots[len(picked)]:
        if ref not in used:
            used.add(ref)
            if _completes(rest, used):
                out.append(ref)
            used.discard(ref)
    return out


def fit(g: ChoqueGame, pi: int, ab: Ability, src: tuple[Any, ...], refs: list[str]) -> list[str] | Msg:
    """The legality predicate of a whole ``targets`` list: the list in the engine's order (each spec's
    references as its candidates come), or why it is not legal (the card's text names its targets)."""
    specs = chosen_specs(ab)
    want = needed(ab)
    if len(refs) != want:
        return msg("{n} targets are named, and its text names {want}", n=len(refs), want=want)
    if len(set(refs)) != len(refs):
        return msg("a target is named twice ({refs})", refs=", ".join(refs))
    out: list[str] = []
    i = 0
    for spec, cands in zip(specs, spec_refs(g, pi, ab, src), strict=True):
        part = refs[i:i + spec.count]
        i += spec.count
        bad = [r for r in part if r not in cands]
        if bad:
            return msg("{refs} cannot be its target '{spec}'", refs=", ".join(bad), spec=spec.name)
        out.extend(sorted(part, key=cands.index))
    return out


def ask(g: ChoqueGame, pi: int, act: dict[str, Any], ab: Ability, src: tuple[Any, ...], prefix: int) -> bool:
    """Open the one-at-a-time choice if ``act`` names fewer targets than ``ab`` needs (it was listed without
    them, see ``options``); False when the action is complete and goes on as it is."""
    if len(act.get("targets") or ()) - prefix >= needed(ab):
        return False
    flow.set_pending(g, pi, "choose", TargetChoice(dict(act), ab, src, prefix))
    return True


def pick_options(g: ChoqueGame, pi: int, choice: TargetChoice) -> list[dict[str, Any]]:
    """The ``choose`` actions of the pending target choice, one per reference that may come next."""
    name = choice.act["player"]
    refs = next_refs(g, pi, choice)
    if not refs:
        # A real game never gets here (the activation was offered because a whole list exists); a
        # determinized copy can (a redrawn hidden zone), and it must stay playable: go on with what is named.
        return [{"player": name, "do": "choose", "targets": []}]
    return [{"player": name, "do": "choose", "targets": [r]} for r in refs]


def pick(g: ChoqueGame, pi: int, choice: TargetChoice, act: dict[str, Any]) -> dict[str, Any] | None:
    """Add the picked reference; the completed action (targets in the engine's order) once all are named,
    else None after asking for the next one."""
    refs = list(choice.act.get("targets") or [])
    refs.extend(act.get("targets") or [])
    done = not act.get("targets") or len(refs) - choice.prefix >= needed(choice.ability)
    if not done:
        flow.set_pending(g, pi, "choose", choice._replace(act={**choice.act, "targets": refs}))
        return None
    whole = fit(g, pi, choice.ability, choice.source, refs[choice.prefix:])
    ordered = whole if isinstance(whole, list) else refs[choice.prefix:]
    return {**choice.act, "targets": refs[:choice.prefix] + ordered}
