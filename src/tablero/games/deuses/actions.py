"""The verbs of scenarios-deuses.md ("Actions"): each checked, then done, and every legal one listed.

``apply`` raises ``IllegalAction`` before anything changes; an action whose effect chooses is played on a
copy of the state, which replaces the game's only when every choice was legal (so a bad target changes
nothing). ``legal`` lists the actions the same checks accept.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from tablero.core import Decision, IllegalAction
from tablero.core.i18n import msg

from . import battle, putdown
from .cards import CHOOSING, CardDef, Step
from .damage import end
from .deck import DeckProblem, deck_of_action
from .effects import ARRIVALS, STEP_RULES, choices, magic_destroyed_on_arrival
from .offering import ace_cards, ace_refusal, do_ace, do_offering, offering_cards, offering_refusal
from .resolution import Choice, Targets, Work, answer, next_choice, probe, resolve
from .state import NAMES, SEAT, Slot, State
from .turn import advance, ask, dig_step, end_turn, go

VERBS = ("pass", "end_phase", "deck", "offering", "ace", "dig", "discard", "put_down", "attack", "choose",
         "surrender")
# the fields each verb takes besides player and do (scenarios-deuses.md, "Actions")
FIELDS: dict[str, tuple[str, ...]] = {
    "pass": (), "end_phase": (), "surrender": (), "deck": ("deck", "cards"), "offering": ("card",),
    "ace": ("option", "card", "targets"), "dig": ("card",), "discard": ("cards",),
    "put_down": ("card", "offer", "targets"), "attack": ("attacker", "target"), "choose": ("targets",),
}
ACCEPTS = {"deck": ("deck",), "effect_draw": ("offering", "ace", "pass"), "dig": ("dig", "pass"),
           "dig_discard": ("discard",), "put_down": ("put_down", "end_phase"), "attack": ("attack", "end_phase"),
           "choose": ("choose",)}
Action = dict[str, Any]


def apply(s: State, action: Any, trusted: bool = False) -> State:
    """Apply ``action``; returns the state the game goes on with (``s``, or the copy an effect was played on)."""
    p = _player(s, action)
    if isinstance(action.get("card"), str) and ":" in action["card"]:
        action = {**action, "card": own_card(action["card"], p)}
    do = action.get("do")
    if not isinstance(do, str) or do not in VERBS:
        raise IllegalAction(None, msg("unknown action {verb}; Deuses' actions are {verbs}", verb=str(do),
                                      verbs=", ".join(VERBS)))
    for key in action:
        if key not in ("player", "do") and key not in FIELDS[do]:  # a client's extra key is never taken silently
            raise IllegalAction(None, msg("unknown field {key} for '{verb}'; its fields are {fields}",
                                          key=repr(str(key)[:40]), verb=do, fields=", ".join(FIELDS[do]) or "none"))
    if do == "surrender":
        end(s, NAMES[1 - p])  # the platform's concession (DE-14.3 knows no other loss)
        settle(s, s.work, None)  # an effect stopped at a choice ends: its cards go where they wait to go
        return s
    d = s.pending
    assert d is not None
    if NAMES[p] != d.player and do not in ("put_down", "attack", "offering", "ace"):
        raise IllegalAction("DE-1.1", msg("it is {player}'s decision", player=d.player))
    out = _HANDLERS[do](s, p, action) if not trusted or do not in _PLAYS else _PLAYS[do](s, p, action)
    advance(out)
    return out


def own_card(ref: str, p: int) -> str:
    """A card named by its pile (``A.wotd:x``, as a target may be) is its id when the pile is one's own
    (the zone checks then name the rule: DE-4.5 the World of the Dead, DE-4.6 the Excluded pile)."""
    where, _, card = ref.partition(":")
    return card if where.split(".")[0] == NAMES[p] else ref


def _player(s: State, action: Any) -> int:
    if not isinstance(action, dict):
        raise IllegalAction(None, msg("an action is a map like {{player: A, do: end_phase}}"))
    who = action.get("player")
    if not isinstance(who, str) or who not in SEAT:
        raise IllegalAction(None, msg("player: must be A or B, got {value}", value=str(who)))
    if s.winner is not None:
        raise IllegalAction("DE-14.1", msg("the game is over"))
    return SEAT[who]


def _pass(s: State, p: int, a: Action) -> State:
    d = s.pending
    assert d is not None
    if not d.optional:
        raise IllegalAction("DE-6.1", msg("this decision cannot be passed"))
    go(s, "main_draw" if d.kind == "effect_draw" else "put_down")
    return s


def _end_phase(s: State, p: int, a: Action) -> State:
    d = s.pending
    assert d is not None
    if d.kind == "put_down":
        go(s, "attack")
    elif d.kind == "attack":
        end_turn(s)
    else:
        raise IllegalAction("DE-6.1", msg("end_phase leaves the put-down or the attack step only"))
    return s


def _deck(s: State, p: int, a: Action) -> State:
    d = s.pending
    if s.phase != "setup" or d is None or d.kind != "deck":
        raise IllegalAction("DE-5.1", msg("a deck is chosen at setup"))
    try:
        s.decks[p] = deck_of_action(s.cards, a)
    except DeckProblem as e:
        raise IllegalAction(e.rule, e.text) from None
    s.pending = None
    return s


def _offering(s: State, p: int, a: Action) -> State:
    refused = offering_refusal(s, p, a.get("card"))
    if refused:
        raise refused
    do_offering(s, p, a["card"])
    if offering_cards(s, p):
        ask(s, "effect_draw", optional=True)  # asked again while another is possible
    else:
        go(s, "main_draw")
    return s


def _ace(s: State, p: int, a: Action) -> State:
    option, card = a.get("option"), a.get("card")
    refused = ace_refusal(s, p, option, card)
    if refused:
        raise refused
    trial = s.copy()
    picker = Targets(_targets(a))
    work = do_ace(trial, p, str(option), None if option == "recover_lp" else str(card))
    stopped = resolve(trial, work, picker)
    _all_used(trial, picker)
    settle(trial, work, stopped)
    return trial


def _dig(s: State, p: int, a: Action) -> State:
    d = s.pending
    assert d is not None
    card = a.get("card")
    if d.kind != "dig" or not isinstance(card, str) or card not in s.players[p].hand:
        raise IllegalAction("DE-7.4", msg("the dig starts with a card of your hand, when DE-7.4 allows it"))
    dig_step(s, p, card)
    return s


def _discard(s: State, p: int, a: Action) -> State:
    d = s.pending
    assert d is not None
    cards = a.get("cards")
    if d.kind != "dig_discard":
        raise IllegalAction("DE-7.6", msg("a player does not discard by choice, but in the dig"))
    if not isinstance(cards, list) or len(cards) != 1 or cards[0] not in s.players[p].hand:
        raise IllegalAction("DE-7.4", msg("the dig discards exactly one card of your hand"))
    dig_step(s, p, cards[0])
    return s


def _put_down(s: State, p: int, a: Action) -> State:
    card, offer = a.get("card"), a.get("offer")
    refused = putdown.refusal(s, p, card, offer)
    if refused:
        raise refused
    c = s.cards[str(card)]
    if not c.chooses and not a.get("targets"):
        work = putdown.put_down(s, p, c.id, list(offer or []))
        settle(s, work, resolve(s, work, Targets([])))
        return s
    trial = s.copy()
    picker = Targets(_targets(a))
    work = putdown.put_down(trial, p, c.id, list(offer or []))
    stopped = resolve(trial, work, picker)
    _all_used(trial, picker)
    settle(trial, work, stopped)
    return trial


def _choose(s: State, p: int, a: Action) -> State:
    """A choice after an effect's draw ("Choices after a hidden draw"): one entry, among every choice the
    step has now (DE-1.4); the effect then goes on, up to its end or its next such choice."""
    d, c = s.pending, s.choosing
    assert d is not None
    if d.kind != "choose" or not isinstance(c, Choice):
        raise IllegalAction("DE-1.4", msg("there is no effect's choice to make now"))
    entries = _targets(a)
    if len(entries) != 1:
        raise IllegalAction(STEP_RULES[c.step.verb], msg("a choice names exactly one card"))
    entry = Targets(entries).pick(s, c._replace(options=choices(s, c.p, c.step)))
    work, s.work, s.choosing = s.work, [], None
    answer(s, work, c, entry)
    settle(s, work, resolve(s, work, Targets([])))
    return s


def settle(s: State, work: Work, stopped: Choice | None) -> None:
    """An effect stopped: at a choice after its draw, asked of its controller as a ``choose`` decision
    (its ``detail`` names the step); at its end, the step it was played in goes on (the put-down step asks
    again, the Ace leads to the main draw, DE-12)."""
    if stopped is not None and s.winner is None:
        s.work, s.choosing = work, stopped
        s.pending = Decision(NAMES[stopped.p], "choose", detail=stopped.step.verb)
        return
    if work:
        next_choice(s, work)  # the game is over: the rest does nothing, its cards go where they wait to go
    s.work, s.choosing, s.drawn = [], None, False
    if s.winner is not None:
        return
    if s.phase == "put_down":
        ask(s, "put_down")
    else:
        go(s, "main_draw")  # the Ace's effect is over (DE-12)


def _attack(s: State, p: int, a: Action) -> State:
    attacker, target = a.get("attacker"), a.get("target")
    refused = battle.refusal(s, p, attacker, target)
    if refused:
        raise refused
    battle.attack(s, p, str(attacker), str(target))
    _reask(s, "attack")
    return s


def _reask(s: State, kind: str) -> None:
    if s.winner is None:
        ask(s, kind)


def _targets(a: Action) -> list[str]:
    raw = a.get("targets", [])
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise IllegalAction(None, msg("targets: must be a list of card references"))
    return raw


def _all_used(s: State, picker: Targets) -> None:
    if picker.used < len(picker.entries) and s.winner is None:
        raise IllegalAction(None, msg("more targets than the effect chooses: {extra}",
                                      extra=", ".join(map(str, picker.entries[picker.used:]))))


def _put_down_trusted(s: State, p: int, a: Action) -> State:
    """A listed put-down: its targets are known good, so it is played on the state itself."""
    work = putdown.put_down(s, p, a["card"], list(a.get("offer") or []))
    settle(s, work, resolve(s, work, Targets(list(a.get("targets") or []))))
    return s


def _ace_trusted(s: State, p: int, a: Action) -> State:
    work = do_ace(s, p, a["option"], a.get("card"))
    settle(s, work, resolve(s, work, Targets(list(a.get("targets") or []))))
    return s


_PLAYS: dict[str, Callable[[State, int, Action], State]] = {"put_down": _put_down_trusted, "ace": _ace_trusted}
_HANDLERS: dict[str, Callable[[State, int, Action], State]] = {
    "pass": _pass, "end_phase": _end_phase, "deck": _deck, "offering": _offering, "ace": _ace, "dig": _dig,
    "discard": _discard, "put_down": _put_down, "attack": _attack, "choose": _choose,
}


# -- the legal actions ----------------------------------------------------------------------------------
def legal(s: State, shipped: list[str]) -> list[Action]:
    d = s.pending
    if d is None:
        return []
    who = d.player
    p = SEAT[who]
    kind = d.kind
    if kind == "put_down":
        return [*_put_downs(s, p, who), {"player": who, "do": "end_phase"}]
    if kind == "attack":
        return [*_attacks(s, p, who), {"player": who, "do": "end_phase"}]
    if kind == "choose":
        c = s.choosing
        assert isinstance(c, Choice)
        return [{"player": who, "do": "choose", "targets": [o]} for o in choices(s, c.p, c.step)]
    if kind == "effect_draw":
        out = [{"player": who, "do": "offering", "card": c} for c in offering_cards(s, p)]
        return [*out, *_aces(s, p, who), {"player": who, "do": "pass"}]
    hand = list(dict.fromkeys(s.players[p].hand))
    if kind == "dig":
        return [*({"player": who, "do": "dig", "card": c} for c in hand), {"player": who, "do": "pass"}]
    if kind == "dig_discard":
        return [{"player": who, "do": "discard", "cards": [c]} for c in hand]
    return [{"player": who, "do": "deck", "deck": name} for name in shipped]  # deck


def _attacks(s: State, p: int, who: str) -> list[Action]:
    mine = [i for i, slot in s.players[p].slots() if not slot.attacked and s.cards[slot.card].battle]
    if not mine:
        return []
    other = NAMES[1 - p]
    aims = [f"{other}.F{j + 1}" for j, slot in s.players[1 - p].slots() if s.cards[slot.card].battle]
    if battle.refusal(s, p, f"F{mine[0] + 1}", "lp") is None:
        aims.append("lp")
    return [{"player": who, "do": "attack", "attacker": f"F{i + 1}", "target": t} for i in mine for t in aims]


def _put_downs(s: State, p: int, who: str) -> list[Action]:
    out: list[Action] = []
    pl = s.players[p]
    battle_slots: list[str] | None = None  # what an invocation may offer (DE-8.4), worked out once
    for card in dict.fromkeys(pl.hand):
        c = s.cards[card]
        if c.type == "invocation":
            if battle_slots is None:
                battle_slots = [f"F{i + 1}" for i, slot in pl.slots() if s.cards[slot.card].battle]
            for offer in combinations(battle_slots, c.offerings):
                base = {"player": who, "do": "put_down", "card": card, "offer": list(offer)}
                out.extend(_with_targets(s, p, base))
        elif putdown.refusal(s, p, card, None) is None:
            out.extend(_with_targets(s, p, {"player": who, "do": "put_down", "card": card}))
    return out


def _aces(s: State, p: int, who: str) -> list[Action]:
    if ace_refusal(s, p, "recover_lp", None) is not None:
        return []
    out: list[Action] = []
    for option in ("chosen_draw", "summon", "return"):
        for card in ace_cards(s, p, option):
            out.extend(_with_targets(s, p, {"player": who, "do": "ace", "option": option, "card": card}))
    out.append({"player": who, "do": "ace", "option": "recover_lp"})
    return out


def _with_targets(s: State, p: int, base: Action) -> list[Action]:
    """``base`` with every list of targets its effect's choices allow (none: ``base`` alone)."""
    card = s.cards[base["card"]]
    if base["do"] == "put_down":
        if not card.chooses or (card.type == "magic" and magic_destroyed_on_arrival(s)):
            return [base]

        def play(t: State) -> Work:
            return putdown.put_down(t, p, base["card"], list(base.get("offer", [])))
    else:
        if card.type not in ("god", "attack") or not card.chooses or base["option"] not in ("summon", "return"):
            return [base]

        def play(t: State) -> Work:
            return do_ace(t, p, base["option"], base["card"])
    direct = _direct(s, p, card) if base["do"] == "put_down" else None
    lists = [[o] for o in direct] if direct else [[]] if direct is not None else _probe(s, play)
    return [base if not t else {**base, "targets": t} for t in lists]


def _after_arrival(s: State, p: int, card: CardDef, step: Step) -> list[str]:
    """A step's choices once its card has left the hand and taken its slot (it may be one of them)."""
    i = s.free_slot(p)
    assert i is not None
    pl = s.players[p]
    field = pl.field
    grew = i == len(field)
    if grew:
        field.append(None)
    field[i] = Slot(card.id, 0)
    at = pl.hand.index(card.id)
    del pl.hand[at]
    try:
        return choices(s, p, step)
    finally:
        pl.hand.insert(at, card.id)
        field[i] = None
        if grew:
            field.pop()


def _direct(s: State, p: int, card: CardDef) -> list[str] | None:
    """The choices of a card whose only choosing step comes first and whose choices the put-down itself
    does not change (no slot taken before it, no offering that could feed it, no arriving card that chooses
    in turn), read off the state without playing it; None when it must be probed."""
    steps = [st for st in card.effect if st.verb in CHOOSING]
    if len(steps) != 1 or card.effect[0] is not steps[0]:
        return None
    step = steps[0]
    if card.type == "invocation" and (step.verb not in ("summon_god", "put_attack") or s.free_slot(p) is None):
        return None  # an offering changes the field: on a full one it makes the room its step needs (DE-4.7)
    options = _after_arrival(s, p, card, step) if card.stays else choices(s, p, step)
    if step.verb in ARRIVALS and any(s.cards[o].chooses for o in options):
        return None
    return options


def _probe(s: State, play: Callable[[State], Work]) -> list[list[str]]:
    """The lists of targets an action may take: it is played on a copy up to its first choice, and the
    copy forks there (``resolution.probe``)."""
    t = s.copy(log=False)
    t.listing = True
    return probe(t, play(t))
