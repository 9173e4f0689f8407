"""Deuses' words for the table (``core.plugin.Presenter``): actions, log entries, decisions and the board
in one language."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from tablero.core.board import Board
from tablero.core.game import Decision, Game
from tablero.core.i18n import msg
from tablero.core.plugin import AutoAnswer, Window

from .board import places, project
from .cardfile import shipped_cards
from .cards import CHOOSING, CardDef
from .game import DeusesGame
from .narrate import narrate
from .words import ASKS, STEPS, WAITING, Words

_HELP = msg("Seats A and B. Your field's slots are F1, F2, …; the opponent's B.F1, …. ATK/DEF are a battle "
            "card's Attack and Defense; LP are life points (4000 at the start, 0 loses).")
_LEGEND = msg("ATK attack · DEF defense · LP life points")  # the abbreviations the board uses


class DeusesPresenter:
    def __init__(self, lang: str, cards: Mapping[str, CardDef]) -> None:
        self.lang = lang
        self.w = Words(lang, cards)

    @classmethod
    def of(cls, lang: str, cards: Iterable[Any] | None = None) -> DeusesPresenter:
        if cards is None:
            return _shipped(lang)
        return cls(lang, {**shipped_cards(), **{c.id: c for c in cards}})

    def action(self, action: Mapping[str, Any], view: Mapping[str, Any], kind: str | None, seat: str | None) -> str:
        return self.w.action(action, view)

    def group(self, action: Mapping[str, Any], view: Mapping[str, Any], seat: str | None) -> str:
        if action.get("do") == "put_down":
            return self.w.say(msg("Put down {card}"), card=self.w.name(str(action["card"])))
        if action.get("do") == "attack":
            return self.w.say(msg("Attack with {card}"), card=self.w.ref(f"{action['player']}.{action['attacker']}",
                                                                        view))
        return self.w.action(action, view)

    def event(self, event: Mapping[str, Any]) -> str:
        return narrate(event, self.w)

    def summary(self, view: Mapping[str, Any], decisions: int) -> str:
        return self.w.say(msg("{decisions} decisions, {turns} turns; LP A {a}, B {b}."), decisions=decisions,
                          turns=view["turn"], a=view["A"]["lp"], b=view["B"]["lp"])

    def board(self, view: Mapping[str, Any], seat: str | None, names: Mapping[str, str] | None = None,
              log: Iterable[Mapping[str, Any]] = ()) -> Board:
        d = view.get("pending")
        return project(view, self.w, seat, names, log, self.w.prompt(d["kind"]) if d else "")

    def places(self, action: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
        return places(action, self._target_refs(action))

    def _target_refs(self, action: Mapping[str, Any]) -> list[str]:
        """An action's targets as board refs: a bare card id names a card of its step's own zone."""
        out: list[str] = []
        card = self.w.cards.get(str(action.get("card")))
        steps = [s for s in card.effect if s.verb in CHOOSING] if card is not None else []
        who = str(action.get("player"))
        zones = {"summon_god": "additional_deck", "revive": "wotd"}
        for n, t in enumerate(action.get("targets") or ()):
            t = str(t)
            if "." in t:
                out.append(t)
                continue
            step = steps[n] if n < len(steps) else None
            zone = zones.get(step.verb) if step is not None else None
            if step is not None and step.verb == "put_attack" and step.arg == "hand":
                out.append(f"hand:{t}")
            elif zone:
                out.append(f"{who}.{zone}:{t}")
        return out

    def decision(self, game: Game) -> str:
        """The pending decision as a question to its player, with what its step offers now (read from the
        legal actions and the player's own view and log: the question is put to the deciding seat only)."""
        d = game.pending
        if d is None:
            return self.w.say(msg("The game is over."))
        ask = _ASK.get(d.kind)
        said = ask(self.w, game, d.player) if ask is not None else ""
        return said or self.w.prompt(d.kind)

    def waiting(self, decision: Decision) -> str:
        return self.w.say(WAITING.get(decision.kind, WAITING["other"]), player=decision.player)

    def auto_answer(self, game: Game) -> AutoAnswer | None:
        return None  # every Deuses decision is the player's

    def window(self, game: Game) -> Window | None:
        return None  # DE-6.2, DE-13.4: there is no response window

    def card_text(self, card: str) -> str:
        return self.w.text(card)

    def card_name(self, card: str) -> str:
        return self.w.name(card)

    def help(self) -> str:
        return self.w.say(_HELP)

    def legend(self) -> str:
        return self.w.say(_LEGEND)


def _effect_draw(w: Words, game: Game, who: str) -> str:
    """DE-6.1 step 1: an Offering while credits allow one (DE-11), the Ace while it may be used (DE-12)."""
    verbs = {a.get("do") for a in game.legal_actions()}
    credits = w.say(ASKS["credits"], n=int(game.view(who)[who].get("credits", 0)))
    if "offering" in verbs and "ace" in verbs:
        return w.ask("effect_draw_both", credits=credits)
    if "offering" in verbs:
        return w.ask("effect_draw_offering", credits=credits)
    return w.ask("effect_draw_ace") if "ace" in verbs else ""


def _dig_discard(w: Words, game: Game, who: str) -> str:
    """DE-7.4: the dig drew a card that is not an attack card (the player's own draw, in their log)."""
    log = game.log_for(who, max(0, len(game.log) - 4))
    drawn = [e for e in log if e.get("event") == "draw" and e.get("player") == who and e.get("cards")]
    return w.ask("dig_discard", card=w.name(str(drawn[-1]["cards"][-1]))) if drawn else ""


def _put_down(w: Words, game: Game, who: str) -> str:
    """DE-8: the cards of the hand that can be put down now."""
    cards = list(dict.fromkeys(str(a["card"]) for a in game.legal_actions() if a.get("do") == "put_down"))
    if not cards:
        return w.ask("put_down_none")
    return w.ask("put_down", cards=w.join([w.name(c) for c in cards]))


def _attack(w: Words, game: Game, who: str) -> str:
    """DE-9: the player's battle cards that can still attack this turn."""
    view = game.view(who)
    slots = list(dict.fromkeys(str(a["attacker"]) for a in game.legal_actions() if a.get("do") == "attack"))
    if not slots:
        return w.ask("attack_none")
    return w.say(ASKS["attack"], n=len(slots), cards=w.join([w.ref(f"{who}.{s}", view) for s in slots]))


def _choose(w: Words, game: Game, who: str) -> str:
    """A choice after an effect's draw: the card whose step it is and what the step chooses."""
    c = cast(DeusesGame, game).s.choosing
    if c is None:
        return ""
    what = STEPS.get(f"{c.step.verb}:{c.step.arg}")
    return w.ask("choose", card=w.name(c.card), what=w.say(what)) if what is not None else ""


_ASK: dict[str, Callable[[Words, Game, str], str]] = {
    "effect_draw": _effect_draw, "dig_discard": _dig_discard, "put_down": _put_down, "attack": _attack,
    "choose": _choose,
}


@functools.cache
def _shipped(lang: str) -> DeusesPresenter:
    return DeusesPresenter(lang, dict(shipped_cards()))


__all__ = ["DeusesGame", "DeusesPresenter", "cast"]
