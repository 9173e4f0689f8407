"""Deuses' table in the shared board schema (``core/board.py``): each side's LP and credits, its field of
slots F1…, its hand, main and additional decks, World of the Dead and Excluded pile (DE-4). Only what the
view holds is projected, so a seat's board shows no more than its view."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tablero.core.board import Board, Face, Number, Prompt, Region, Side, Slot

from .words import W, Words

_MIN_SLOTS = 5  # an unlimited field shows its cards and at least this many places


def face(w: Words, card: str, ref: str | None = None) -> Face:
    c = w.cards.get(card)
    numbers: tuple[Number, ...] = ()
    if c is not None and c.battle:
        numbers = (Number(label="ATK", value=c.attack), Number(label="DEF", value=c.defense))
    cost = c.offerings if c is not None and c.type == "invocation" else None
    return Face(ref=ref, card=card, name=w.name(card), kind=w.kind(card), cost=cost, numbers=numbers,
                text=w.text(card))


def _slot_face(w: Words, slot: Mapping[str, Any], ref: str) -> Face:
    card = str(slot["card"])
    c = w.cards.get(card)
    tags: list[str] = []
    numbers: tuple[Number, ...] = ()
    if "attack" in slot and c is not None:
        numbers = (Number(label="ATK", value=slot["attack"], base=c.attack if c.attack != slot["attack"] else None),
                   Number(label="DEF", value=slot["defense"],
                          base=c.defense if c.defense != slot["defense"] else None))
    if slot.get("attacked"):
        tags.append(w.say("st_attacked"))
    if c is not None and c.lasting is not None:
        tags.append(w.say("st_lasting"))
    base = face(w, card, ref)
    return base.model_copy(update={"numbers": numbers or base.numbers, "tags": tuple(tags),
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
    counters = [Number(label=w.say("lp"), value=me["lp"], ref=f"{seat}.lp"),
                Number(label=w.say("credits"), value=me["credits"]), Number(label=w.say("tier"), value=me["tier"])]
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


def project(view: Mapping[str, Any], w: Words, seat: str | None, names: Mapping[str, str] | None = None,
            log: Iterable[Mapping[str, Any]] = (), prompt: str = "") -> Board:
    names = names or {}
    order = [seat, "B" if seat == "A" else "A"] if seat in ("A", "B") else ["A", "B"]
    sides = tuple(_side(w, view, s, seat, names) for s in order if s is not None)
    d = view.get("pending")
    phase = w.phase(str(view.get("phase", "")))
    header = f"{view.get('turn')} · {view.get('active')} · {phase}"
    return Board(game="deuses", viewer=seat, lang=w.lang, header=header, turn=view.get("turn"),
                 active=view.get("active"), phase=phase, sides=sides,
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
    if do in ("dig", "discard"):
        card = action.get("card") or (action.get("cards") or [None])[0]
        return f"hand:{card}", ()
    return None, ()


__all__ = ["W", "face", "places", "project"]
