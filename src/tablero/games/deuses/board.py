"""Deuses' table in the shared board schema (``core/board.py``): each side's LP and credits, its field of
slots F1…, its hand, main and additional decks, World of the Dead and Excluded pile (DE-4). Only what the
view holds is projected, so a seat's board shows no more than its view."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tablero.core.board import Board, Face, Keyword, Number, Prompt, Region, Side, Slot, Strike
from tablero.core.i18n import msg, plural

from .words import W, Words

_MIN_SLOTS = 5  # an unlimited field shows its cards and at least this many places
# what a card's marks mean, as a player asks at the table: a lasting effect (DE-8.3), an offering (DE-8.4)
LASTING = msg("While it is on the field its effect applies; it stays there until the effect ends or it is "
              "destroyed.")
OFFERING = plural("{n} offering", "{n} offerings", 0)
OFFERING_TEXT = msg("To put it down, offer that many battle cards you control: they go to your World of the Dead "
                    "with no LP loss. Its effect applies, then it goes to the World of the Dead too.")


def numbers(attack: int, defense: int, printed: tuple[int, int] | None = None) -> tuple[Number, ...]:
    """A battle card's Attack and Defense with their icons (``printed``: as printed, shown when they differ)."""
    a, d = printed or (attack, defense)
    return (Number(label="ATK", value=attack, base=a if a != attack else None, icon="sword"),
            Number(label="DEF", value=defense, base=d if d != defense else None, icon="shield"))


def keywords(w: Words, card: str) -> tuple[Keyword, ...]:
    """The card's marks explained: its lasting effect, the offering an invocation asks."""
    c = w.cards.get(card)
    out: list[Keyword] = []
    if c is not None and c.lasting is not None:
        out.append(Keyword(name=w.say("st_lasting"), text=w.say(LASTING), rule="DE-8.3"))
    if c is not None and c.type == "invocation":
        out.append(Keyword(name=w.say(OFFERING, n=c.offerings), text=w.say(OFFERING_TEXT), rule="DE-8.4"))
    return tuple(out)


def face(w: Words, card: str, ref: str | None = None) -> Face:
    c = w.cards.get(card)
    if c is None:
        return Face(ref=ref, card=card, name=w.name(card))
    cost = c.offerings if c.type == "invocation" else None
    return Face(ref=ref, card=card, name=w.name(card), kind=w.kind(card), type=c.type, cost=cost,
                value=c.level if c.battle else None, numbers=numbers(c.attack, c.defense) if c.battle else (),
                keywords=keywords(w, card), text=w.text(card))


def _slot_face(w: Words, slot: Mapping[str, Any], ref: str) -> Face:
    card = str(slot["card"])
    c = w.cards.get(card)
    tags: list[str] = []
    now: tuple[Number, ...] = ()
    if "attack" in slot and c is not None:
        now = numbers(slot["attack"], slot["defense"], (c.attack, c.defense))
    if slot.get("attacked"):
        tags.append(w.say("st_attacked"))
    if c is not None and c.lasting is not None:
        tags.append(w.say("st_lasting"))
    base = face(w, card, ref)
    return base.model_copy(update={"numbers": now or base.numbers, "tags": tuple(tags),
                                   "exhausted": bool(slot.get("attacked"))})


def _side(w: Words, view: Mapping[str, Any], seat: str, viewer: str | None, names: Mapping[str, str]) -> Side:
    me = view[seat]
    field_slots = sorted((k for k in me if k[0] == "F" and k[1:].isdigit()), key=lambda k: int(k[1:]))
    used = [k for k in field_slots if me[k] is not None]
    last = max([int(k[1:]) for k in used], default=0)
    shown = [k for k in field_slots if int(k[1:]) <= max(last + 1, _MIN_SLOTS)]
    slots = tuple(Slot(label=k, ref=f"{seat}.{k}",
                       face=_slot_face(w, me[k], f"{seat}.{k}") if me[k] is not None else None) for k in shown)
    regions = [
        Region(id="field", label=w.say("field"), kind="slots", slots=slots),
        _hand(w, me, seat, viewer),
        Region(id="main_deck", label=w.say("main_deck"), kind="pile", count=me["main_deck_count"], hidden=True),
        _additional(w, me, seat),
        Region(id="wotd", label=w.say("wotd"), kind="pile", count=len(me["wotd"]),
               faces=tuple(face(w, c, f"{seat}.wotd:{c}") for c in me["wotd"])),
        Region(id="excluded", label=w.say("excluded"), kind="pile", count=len(me["excluded"]),
               faces=tuple(face(w, c) for c in me["excluded"])),
    ]
    counters = [Number(label=w.say("lp"), value=me["lp"], ref=f"{seat}.lp", icon="life"),
                Number(label=w.say("credits"), value=me["credits"], icon="coin"),
                Number(label=w.say("tier"), value=me["tier"], icon="star")]
    notes = []
    if viewer is not None and viewer != seat and view.get("revealed"):
        notes.append(w.say("known_in_hand", cards=", ".join(w.name(c) for c in view["revealed"])))
    if me["ace_used"]:
        notes.append(w.say("ace_used"))
    return Side(seat=seat, label=seat, you=viewer == seat, active=view.get("active") == seat,
                subtitle=names.get(seat, ""), counters=tuple(counters), regions=tuple(regions), notes=tuple(notes))


def _hand(w: Words, me: Mapping[str, Any], seat: str, viewer: str | None) -> Region:
    if "hand" not in me:
        return Region(id="hand", label=w.say("hand"), kind="row", count=me["hand_count"], hidden=True)
    ref = (lambda c: f"hand:{c}") if viewer == seat else (lambda c: None)
    return Region(id="hand", label=w.say("hand"), kind="row", faces=tuple(face(w, c, ref(c)) for c in me["hand"]))


def _additional(w: Words, me: Mapping[str, Any], seat: str) -> Region:
    label = w.say("additional_deck")
    if "additional_deck" not in me:
        return Region(id="additional_deck", label=label, kind="pile", count=me["additional_deck_count"], hidden=True)
    return Region(id="additional_deck", label=label, kind="pile", count=me["additional_deck_count"], unordered=True,
                  faces=tuple(face(w, c, f"{seat}.additional_deck:{c}") for c in me["additional_deck"]))


def _attacker(view: Mapping[str, Any], attack: Mapping[str, Any], after: list[Mapping[str, Any]]) -> str | None:
    """Where the card of ``attack`` attacked from: its slot, if it is still on the field having attacked, or the
    slot it was destroyed from (``after``: the log since the attack)."""
    who, card = str(attack.get("player")), attack.get("card")
    side = view.get(who) or {}
    for k, slot in side.items():
        if k[:1] == "F" and isinstance(slot, Mapping) and slot.get("card") == card and slot.get("attacked"):
            return f"{who}.{k}"
    gone = [e.get("slot") for e in after if e.get("event") == "destroyed" and e.get("player") == who
            and e.get("card") == card and e.get("slot")]
    return f"{who}.{gone[0]}" if gone else None


def _strikes(view: Mapping[str, Any], log: Iterable[Mapping[str, Any]]) -> tuple[Strike, ...]:
    """The turn's last attack (DE-9) as an arrow: from the attacker's slot to the card or the LP it hit."""
    events = list(log)
    turn = max((i for i, e in enumerate(events) if e.get("event") == "turn"), default=-1)
    attacks = [i for i, e in enumerate(events) if i > turn and e.get("event") == "attack"]
    if not attacks:
        return ()
    attack = events[attacks[-1]]
    source = _attacker(view, attack, events[attacks[-1] + 1:])
    other = "B" if attack.get("player") == "A" else "A"
    target = f"{other}.lp" if attack.get("target") == "lp" else f"{other}.{attack.get('slot')}"
    return (Strike(source=source, targets=(target,)),) if source and attack.get("target") else ()


def project(view: Mapping[str, Any], w: Words, seat: str | None, names: Mapping[str, str] | None = None,
            log: Iterable[Mapping[str, Any]] = (), prompt: str = "") -> Board:
    names = names or {}
    order = [seat, "B" if seat == "A" else "A"] if seat in ("A", "B") else ["A", "B"]
    sides = tuple(_side(w, view, s, seat, names) for s in order if s is not None)
    d = view.get("pending")
    phase = w.phase(str(view.get("phase", "")))
    header = f"{view.get('turn')} · {view.get('active')} · {phase}"
    return Board(game="deuses", viewer=seat, lang=w.lang, header=header, turn=view.get("turn"),
                 active=view.get("active"), phase=phase, sides=sides, strikes=_strikes(view, log),
                 prompt=Prompt(player=d["player"], kind=d["kind"], text=prompt if d["player"] == seat else "")
                 if d else None, winner=view.get("winner"))


def places(action: Mapping[str, Any], targets: list[str]) -> tuple[str | None, tuple[str, ...]]:
    """Where an action starts and goes, as board refs (the browser's clicks)."""
    do = action.get("do")
    who = str(action.get("player"))
    other = "B" if who == "A" else "A"
    if do == "put_down":
        offer = tuple(f"{who}.{r}" for r in action.get("offer", ()))
        return f"hand:{action['card']}", offer + tuple(targets)
    if do == "attack":
        target = action["target"]
        return f"{who}.{action['attacker']}", (f"{other}.lp" if target == "lp" else str(target),)
    if do == "choose":  # a card on the field or in a World of the Dead is clicked; others are listed only
        refs = [str(t) for t in action.get("targets") or () if "." in str(t)]
        return (refs[0], ()) if refs else (None, ())
    if do in ("dig", "discard"):
        card = action.get("card") or (action.get("cards") or [None])[0]
        return f"hand:{card}", ()
    return None, ()


__all__ = ["W", "face", "places", "project"]
