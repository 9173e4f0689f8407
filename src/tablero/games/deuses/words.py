"""Deuses in words: actions, log entries and decisions as sentences in one language (the presenter's).

Messages are English here and said from ``locales/<lang>.po``; card names come from the cards themselves
(``CardDef.said``: the language, else English, else the game's own Portuguese).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablero.core.i18n import Msg, msg, plural

from .cards import CardDef
from .catalogue import words

W: dict[str, Msg] = {
    "lp": msg("LP"), "credits": msg("credits"), "tier": msg("tier"), "main_deck": msg("main deck"),
    "additional_deck": msg("additional deck"), "wotd": msg("World of the Dead"), "excluded": msg("Excluded"),
    "field": msg("field"), "hand": msg("hand"),
    "t_attack": msg("attack, level {level}"), "t_god": msg("god, level {level}"), "t_magic": msg("magic"),
    "t_invocation": plural("invocation ({n} offering)", "invocation ({n} offerings)", 0),
    "st_attacked": msg("attacked"), "st_lasting": msg("lasting"),
    "ph_setup": msg("setup"), "ph_start": msg("start of the turn"), "ph_effect_draw": msg("effect draw step"),
    "ph_main_draw": msg("main draw step"), "ph_put_down": msg("put-down step"), "ph_attack": msg("attack step"),
    "known_in_hand": msg("you know they hold: {cards}"),
    "ace_used": msg("Ace used"),
}
ACE_OPTIONS: dict[str, Msg] = {"chosen_draw": msg("chosen draw"), "summon": msg("summon"),
                               "return": msg("return"), "recover_lp": msg("recover LP")}
PROMPTS: dict[str, Msg] = {
    "deck": msg("Choose your deck."),
    "effect_draw": msg("Your effect draw step: make an Offering, use the Ace, or pass."),
    "dig": msg("You have no attack card: dig for one (discard a card, draw a card), or pass."),
    "dig_discard": msg("The dig goes on: discard a card to draw the next."),
    "put_down": msg("Your put-down step: put a card down, or go to the attack step."),
    "attack": msg("Your attack step: declare an attack, or end the turn."),
    "choose": msg("Choose for the card's effect."),
}
# What the other seat and spectators are told while a player decides (``DeusesPresenter.waiting``): the
# step alone, never what it offers (that would name cards of the hand)
WAITING: dict[str, Msg] = {
    "deck": msg("{player} is choosing their deck."),
    "effect_draw": msg("{player} is in their effect draw step."),
    "dig": msg("{player} is deciding whether to dig for an attack card."),
    "dig_discard": msg("{player} is discarding a card to dig on."),
    "put_down": msg("{player} is putting cards down."),
    "attack": msg("{player} is declaring attacks."),
    "choose": msg("{player} is choosing for a card's effect."),
    "other": msg("{player} is deciding."),
}
# The questions put to the deciding player (``DeusesPresenter.decision``), with what their step offers:
# the Offering's credits (DE-11), the Ace (DE-12), the card the dig drew (DE-7.4), the cards that can be put
# down (DE-8) and those that can attack (DE-9). Only the deciding seat is asked, so its hand may be named.
ASKS: dict[str, Msg] = {
    "effect_draw_both": msg("Your effect draw step: make an Offering (you have {credits}), use the Ace up the "
                            "Sleeve, or pass."),
    "effect_draw_offering": msg("Your effect draw step: make an Offering (you have {credits}), or pass."),
    "effect_draw_ace": msg("Your effect draw step: use the Ace up the Sleeve, or pass."),
    "credits": plural("{n} Offering credit", "{n} Offering credits", 0),
    "dig_discard": msg("The dig goes on: {card} is not an attack card. Discard a card to draw the next."),
    "put_down": msg("Your put-down step: you can put down {cards}, or go to the attack step."),
    "put_down_none": msg("Your put-down step: none of your cards can be put down now; go to the attack step."),
    "attack": plural("Your attack step: {cards} can attack; declare an attack, or end the turn.",
                     "Your attack step: {cards} can attack; declare an attack, or end the turn.", 0),
    "attack_none": msg("Your attack step: none of your cards can attack; end the turn."),
    "join": msg("{rest} and {last}"),
    "choose": msg("{card}: choose {what}."),
}
# What a step asked after an effect's draw chooses ("Choices after a hidden draw"), by its verb and zone
STEPS: dict[str, Msg] = {
    "destroy:battle": msg("a battle card to destroy"),
    "destroy:any": msg("a card on the field to destroy"),
    "return_hand:battle": msg("a battle card to return to its owner's hand"),
    "return_deck:battle": msg("a battle card to return to its owner's main deck"),
    "exclude:field": msg("a card on the field to exclude"),
    "exclude:wotd": msg("a card in a World of the Dead to exclude"),
    "summon_god:1": msg("a god of your additional deck to put onto the field"),
    "put_attack:hand": msg("an attack card of your hand to put onto the field"),
    "put_attack:main_deck": msg("an attack card of your main deck to put onto the field"),
    "revive:hand": msg("a card of your World of the Dead to return to your hand"),
    "revive:field": msg("a battle card of your World of the Dead to put onto the field"),
}


class Words:
    """The sentences of one language, naming the cards of ``cards``."""

    def __init__(self, lang: str, cards: Mapping[str, CardDef]) -> None:
        self.lang = lang
        self.cards = cards

    def say(self, m: Msg | str, **kw: Any) -> str:
        if isinstance(m, str):
            m = W[m]
        if m.plural is not None:  # a number and its noun agree ("1 oferenda", "3 oferendas"): the forms
            return words().say(Msg(m.text, {**m.params, **kw}, m.plural, m.context), self.lang)
        return words().fill(m.text, {**m.params, **kw}, self.lang) if kw or m.params else words().say(m, self.lang)

    def name(self, card: str) -> str:
        c = self.cards.get(card)
        return c.said(self.lang) if c is not None else card

    def text(self, card: str) -> str:
        c = self.cards.get(card)
        return c.said(self.lang, "text") if c is not None else ""

    def kind(self, card: str) -> str:
        c = self.cards.get(card)
        if c is None:
            return ""
        if c.battle:
            return self.say(W[f"t_{c.type}"], level=c.level)
        if c.type == "invocation":
            return self.say(W["t_invocation"], n=c.offerings)
        return self.say(W["t_magic"])

    def ref(self, ref: str, view: Mapping[str, Any] | None = None) -> str:
        """A target as words: ``B.F2`` is the card there, ``B.wotd:x`` the card and its pile, ``lp`` LP."""
        if ":" in ref:
            where, _, card = ref.partition(":")
            who, _, pile = where.partition(".")
            return f"{self.name(card)} ({who} · {self.say(pile)})" if pile in W else self.name(card)
        who, dot, place = ref.partition(".")
        if dot and place.startswith("F") and view is not None:
            slot = view.get(who, {}).get(place)
            if isinstance(slot, Mapping):
                return f"{self.name(str(slot['card']))} ({ref})"
            return ref
        return self.name(ref) if ref in self.cards else ref

    def phase(self, phase: str) -> str:
        return self.say(f"ph_{phase}") if f"ph_{phase}" in W else phase

    def prompt(self, kind: str) -> str:
        """A decision's question by its kind alone (what a board of a view says)."""
        return self.say(PROMPTS[kind]) if kind in PROMPTS else kind

    def ask(self, key: str, **kw: Any) -> str:
        """One of the questions of ``ASKS`` with its fields."""
        return self.say(ASKS[key], **kw)

    def join(self, items: list[str]) -> str:
        """``a, b and c`` in the language's words."""
        if len(items) <= 1:
            return "".join(items)
        return self.say(ASKS["join"], rest=", ".join(items[:-1]), last=items[-1])

    def action(self, a: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        do = a.get("do")
        who = str(a.get("player", ""))
        if do == "put_down":
            out = self.say(msg("Put down {card}"), card=self.name(str(a["card"])))
            if a.get("offer"):
                slots = ", ".join(self.ref(f"{who}.{r}", view) for r in a["offer"])
                out += self.say(msg(", offering {cards}"), cards=slots)
            if a.get("targets"):
                out += " → " + ", ".join(self.ref(str(t), view) for t in a["targets"])
            return out
        if do == "attack":
            attacker = self.ref(f"{who}.{a['attacker']}", view)
            if a.get("target") == "lp":
                return self.say(msg("{card} attacks directly"), card=attacker)
            return self.say(msg("{card} attacks {target}"), card=attacker, target=self.ref(str(a["target"]), view))
        if do == "end_phase":
            return self.say(msg("Go to the attack step") if view.get("phase") == "put_down" else msg("End the turn"))
        if do == "offering":
            return self.say(msg("Offering: fetch {card}"), card=self.name(str(a["card"])))
        if do == "ace":
            option = self.say(ACE_OPTIONS.get(str(a.get("option")), msg("{x}", x=str(a.get("option")))))
            card = f" — {self.name(str(a['card']))}" if a.get("card") else ""
            return self.say(msg("Ace up the Sleeve: {option}"), option=option) + card
        if do == "dig":
            return self.say(msg("Dig for an attack card, discarding {card}"), card=self.name(str(a["card"])))
        if do == "discard":
            return self.say(msg("Discard {card} and draw"), card=self.name(str(a["cards"][0])))
        if do == "deck":
            return self.say(msg("Play the deck {deck}"), deck=str(a.get("deck", "")))
        if do == "choose":
            chosen = ", ".join(self.ref(str(t), view) for t in a.get("targets") or ())
            return self.say(msg("Choose {card}"), card=chosen)
        if do == "pass":
            return self.say(msg("Pass"))
        if do == "surrender":
            return self.say(msg("Concede"))
        return str(do)
