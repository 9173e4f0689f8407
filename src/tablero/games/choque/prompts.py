"""What a front end tells a Choque player about the decision in front of them: the question in words
(``decision``), what a ``choose`` is about (read from the engine's pending record, ``pending.py``, read-only),
the decisions it may answer for them (``auto_answer``: the mandatory ofrenda, CH-5.3), and what is on the
chain at a response window (CH-7.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablero.core.game import Decision
from tablero.core.i18n import Msg, msg
from tablero.core.plugin import AutoAnswer, Window

from .board import link_name, phase_name
from .cardbook import CardBook
from .cards import CardDef
from .catalogue import words
from .describe import tr as describe_tr
from .narrate import join, n_cards
from .state import NAMES, OTHER
from .targeting import needed
from .terms import KEYWORD_NAMES

if TYPE_CHECKING:
    from .game import ChoqueGame

_W: dict[str, Msg] = {
    "k_action": msg("Your action phase: choose what to do."),
    "k_combat": msg("Your combat phase: declare battles or end the phase."),
    "k_response": msg("You may respond."),
    "k_defend": msg("You are attacked: defend with another character?"),
    "k_choose": msg("Choose."),
    "k_battle_repeat": msg("The field changed: repeat the battle?"),
    # CH-7.4, CH-7.5: what a response window answers
    "r_link": msg("Respond to: {what} by {player}"),
    "r_links": msg("Respond to: {what} by {player} (the last of {n} links on the chain)"),
    "r_phase": msg("{player}'s {phase} begins: respond?"),
    "r_attack": msg("{attacker} attacks {target}: respond?"),
    "r_attack_hearts": msg("{attacker} attacks {player}'s hearts directly: respond?"),
    "r_call": msg("{card} has just been called: respond?"),
    # CH-9.3, CH-9.5
    "defend": msg("{attacker} attacks {target}: do you defend {zone} with another character?"),
    "battle_repeat": msg("The field changed after {attacker} attacked: repeat the battle?"),
    # CH-5.3, CH-5.8
    "ofrenda": msg("Ofrenda phase: return your hand ({cards}) and draw again."),
    "ofrenda_optional": msg("Ofrenda phase: you may return your hand ({cards}) and draw again."),
    "ofrenda_empty": msg("Ofrenda phase: your hand is empty; nothing is returned or drawn."),
    "discard": msg("You hold {cards}, and 7 at most at the end of the turn: send {excess} to the Mictlán."),
    "auto_ofrenda": msg("Ofrenda phase (CH-5.3), mandatory: it is made for you. You return your hand ({cards}) and "
                        "draw again."),
    "auto_ofrenda_empty": msg("Ofrenda phase (CH-5.3), mandatory: it is made for you. Your hand is empty: nothing "
                              "is returned or drawn."),
    # what a choose is about (pending.py)
    "c_elite": msg("{card}'s Elite: double its strength and resistance?"),
    "c_clarividencia": msg("Clairvoyance: of the top {cards} of your main deck, choose the one that stays on top; "
                           "the others go to the bottom."),
    "c_clarividencia_next": msg("Clairvoyance: {card} stays on top; choose the next card to put on the bottom of "
                                "your main deck."),
    "c_mimica": msg("{card}'s Mimicry: choose a character in your Mictlán to confine; {card} gains its abilities."),
    "c_zombificar": msg("{card}'s Zombify: you may return an active soul of value 3 or more to the bottom of your "
                        "soul deck and call a character of value 5 or less from your Mictlán (it is zombified)."),
    "c_cosmo": msg("Cosmo: you drew {card}; you may call it now."),
    "c_optional": msg("Use {ability} of {card}?"),
    "c_optional_text": msg("Use {ability} of {card}? ({text})"),
    "c_optional_unnamed": msg("Use the ability of {card}?"),
    "c_optional_unnamed_text": msg("Use the ability of {card}? ({text})"),
    "c_select_cost": msg("To pay the cost of {source}, choose a card ({verb})."),
    "c_select_discard": msg("Choose a card to discard ({source})."),
    "c_select_add": msg("Choose a card to add to your hand ({source})."),
    "c_select_special_call": msg("Choose a character to call ({source})."),
    "c_select_liberar": msg("Choose a confined character to release ({source})."),
    "c_count": msg("{said} ({k} of {n})."),
    "v_discard": msg("discard"), "v_isolate": msg("isolate"), "v_confine": msg("confine"), "v_destroy": msg("destroy"),
    "v_return_soul": msg("return a soul to your hand"), "v_sacrifice": msg("sacrifice"), "v_send": msg("send"),
    "v_return": msg("return"),
    "c_trig_target": msg("Choose the target of {ability}."),
    "c_targets": msg("Choose the targets of {ability}, one at a time."),
    "c_zone": msg("Choose the zone to call {card} into."),
    "window_empty": msg("nothing on the chain"),
    "window_chain": msg("on the chain: {links}"),
    "window_link": msg("{player} · {what}"),
    "legend": msg("(F strength · R resistance · ♥ hearts · I impact)"),
    "help": msg("You are player A; the opponent is B. Sector A = zones C1 and C2, sector B = C3 and C4; Z1–Z5 are "
                "the support zones (souls and supports).\n"
                "F strength · R resistance · ♥ hearts · I impact (hearts it takes in a direct attack)."),
}


def say(key: str, lang: str, **kw: object) -> str:
    return words().fill(_W[key].text, kw, lang)


def decision(game: ChoqueGame, book: CardBook) -> str:
    """The pending decision as a question to its player: what a window responds to, what is attacked, what a
    ``choose`` is about; the kind's plain question when the record says no more."""
    d = game.pending
    if d is None:
        return ""
    try:
        said = _ABOUT[d.kind](game, book) if d.kind in _ABOUT else ""
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        said = ""  # a record this version does not know: the plain question
    if said:
        return said
    key = f"k_{d.kind}"
    return say(key, book.lang) if key in _W else say("k_choose", book.lang)


# What the other seat and spectators are told while a player decides (``waiting``): by kind, and for a
# choose by what it is about; only what the decision says publicly, never the cards it concerns
_WAITING: dict[str, Msg] = {
    "action": msg("{player} is choosing what to do in their action phase."),
    "combat": msg("{player} is declaring battles in their combat phase."),
    "response": msg("{player} is deciding whether to respond."),
    "defend": msg("{player} is deciding whether to defend."),
    "battle_repeat": msg("{player} is deciding whether to repeat the battle."),
    "ofrenda": msg("{player} is making their ofrenda."),
    "discard": msg("{player} is discarding down to 7 cards."),
    "choose": msg("{player} is choosing."),
    "choose:keyword": msg("{player} is deciding how to use {keyword}."),
    "choose:optional": msg("{player} is deciding whether to use an ability."),
    "choose:targets": msg("{player} is choosing targets."),
    "choose:select": msg("{player} is choosing a card."),
    "choose:zone": msg("{player} is choosing a zone to call a character into."),
}
_WAITING_AS = {"trig_target": "choose:targets", "targets": "choose:targets", "select": "choose:select",
               "zone": "choose:zone", "optional": "choose:optional"}


def waiting(d: Decision, lang: str) -> str:
    """The pending decision ``d`` as the other seat and spectators are told of it, from its public fields."""
    w = words()
    if d.kind != "choose":
        text = _WAITING.get(d.kind, _WAITING["choose"])
        return w.fill(text.text, {"player": d.player}, lang)
    if d.detail in KEYWORD_NAMES:
        keyword = w.say(KEYWORD_NAMES[d.detail], lang)
        return w.fill(_WAITING["choose:keyword"].text, {"player": d.player, "keyword": keyword}, lang)
    return w.fill(_WAITING[_WAITING_AS.get(d.detail, "choose")].text, {"player": d.player}, lang)


def auto_answer(game: ChoqueGame, book: CardBook) -> AutoAnswer | None:
    """CH-5.3 (revised ruling): the mandatory ofrenda, whose one answer is ``ofrenda``, is made for the player
    ("front ends may answer it for the player"), with a line that says so."""
    d = game.pending
    if d is None or d.kind != "ofrenda" or d.optional:
        return None
    legal = game.legal_actions()
    if [a["do"] for a in legal] != ["ofrenda"]:
        return None
    n = len(game.s.players[NAMES.index(d.player)].hand)
    text = say("auto_ofrenda", book.lang, cards=n_cards(n, book.lang)) if n else say("auto_ofrenda_empty", book.lang)
    return AutoAnswer(legal[0], text)


def window(game: ChoqueGame, book: CardBook) -> Window | None:
    """At a response window (CH-7.5): whether something is on the chain, and what, link by link, in words;
    ``None`` at any other decision."""
    d = game.pending
    if d is None or d.kind != "response":
        return None
    links = [say("window_link", book.lang, player=NAMES[link.player], what=link_words(game, link, book))
             for link in game.s.chain]
    if not links:
        return Window(False, say("window_empty", book.lang))
    return Window(True, say("window_chain", book.lang, links=" → ".join(links)))


# -- the kinds of decision in words ----------------------------------------------------------------------
def _response(game: ChoqueGame, book: CardBook) -> str:
    """CH-7.4: the link the window answers (the chain's last); CH-7.5: with an empty chain, what opened the
    window: a phase's start, an attack's declaration or a call."""
    s = game.s
    lang = book.lang
    if s.chain:
        link = s.chain[-1]
        key = "r_link" if len(s.chain) == 1 else "r_links"
        return say(key, lang, what=link_words(game, link, book), player=NAMES[link.player], n=len(s.chain))
    me = s.pending.player if s.pending is not None else 0
    below = s.stack[-2] if len(s.stack) >= 2 else ()
    if below and below[0] == "body":  # flow.step_phase: the window before the phase's body
        return say("r_phase", lang, player=NAMES[s.active], phase=phase_name(str(below[1]), lang))
    b = s.battle
    if b is not None:
        attacker = _char_words(game, book, me, b.attacker)
        if b.hearts:
            return say("r_attack_hearts", lang, attacker=attacker, player=NAMES[OTHER[b.player]])
        targets = [_zone_words(game, book, me, OTHER[b.player], z) for z in b.zones]
        return say("r_attack", lang, attacker=attacker, target=join(targets, lang))
    last = s.log[-1] if s.log else {}
    if last.get("event") == "call":  # keywords.place: a call's window (CH-6.5), the call is public
        zi = int(str(last["zone"])[-1]) - 1
        return say("r_call", lang, card=_zone_words(game, book, me, NAMES.index(str(last["player"])), zi))
    return ""


def _defend(game: ChoqueGame, book: CardBook) -> str:
    """CH-9.3: what attacks which of the player's characters, and whether another defends it."""
    s = game.s
    b = s.battle
    if b is None or not b.zones:
        return ""
    me = OTHER[b.player]
    return say("defend", book.lang, attacker=_char_words(game, book, me, b.attacker),
               target=_zone_words(game, book, me, me, b.zones[0]), zone=f"C{b.zones[0] + 1}")


def _battle_repeat(game: ChoqueGame, book: CardBook) -> str:
    """CH-9.5: the field changed since the attack was declared."""
    b = game.s.battle
    if b is None:
        return ""
    return say("battle_repeat", book.lang, attacker=_char_words(game, book, b.player, b.attacker))


def _ofrenda(game: ChoqueGame, book: CardBook) -> str:
    """CH-5.3: mandatory (a front end may make it), or, under the house rule, the player's to pass."""
    s = game.s
    assert s.pending is not None
    hand = len(s.players[s.pending.player].hand)
    if not hand:
        return say("ofrenda_empty", book.lang)
    return say("ofrenda_optional" if s.options.ofrenda_optional else "ofrenda", book.lang,
               cards=n_cards(hand, book.lang))


def _discard(game: ChoqueGame, book: CardBook) -> str:
    """CH-5.8: the hand limit at the end of the turn."""
    s = game.s
    assert s.pending is not None
    hand = len(s.players[s.pending.player].hand)
    return say("discard", book.lang, cards=n_cards(hand, book.lang), excess=n_cards(hand - 7, book.lang))


def choice_context(game: ChoqueGame, book: CardBook) -> str:
    """What a ``choose`` decision is about. The Game API says only ``choose``; the engine's pending record
    (``pending.py``) names the ability (read-only here), so the player knows what they are picking for."""
    lang = book.lang
    try:
        pending = game.s.pending
        if pending is None or pending.kind != "choose":
            return ""
        data = pending.data
        what = data.what
        if what == "elite":
            return say("c_elite", lang, card=_uid_name(game, data.uid, book))
        if what == "cosmo":
            return say("c_cosmo", lang, card=book.name(data.card.id))
        if what == "optional":
            return _optional(game, book, data.ability, data.source)
        if what == "trig_target":
            return say("c_trig_target", lang, ability=_ability_words(game, book, data.run.ability, data.run.source))
        if what == "targets":
            return _targets(game, book, data)
        if what == "select":
            verb = str(getattr(data.op, "verb", ""))
            verb_words = say(f"v_{verb}", lang) if f"v_{verb}" in _W else verb
            said = say(f"c_select_{data.purpose}", lang, source=_handle_name(game, data.source, book), verb=verb_words)
            return _counted(said, len(data.picked) + 1, data.need, lang)
        if what == "clarividencia":
            if data.picked:
                return say("c_clarividencia_next", lang, card=book.name(data.picked[0].id))
            return say("c_clarividencia", lang, cards=n_cards(len(data.looked), lang))
        if what in ("mimica", "zombificar"):
            return say(f"c_{what}", lang, card=_uid_name(game, data.uid, book))
        if what == "zone":
            return say("c_zone", lang, card=_handle_name(game, data.handle, book))
    except (AttributeError, IndexError, KeyError, TypeError):
        return ""
    return ""


def _optional(game: ChoqueGame, book: CardBook, ability: Any, source: Any) -> str:
    """A "puedes" disparo ability (CH-7.3): which, of which card, and what it does (the card's text)."""
    lang = book.lang
    card = _handle_card(game, source)
    name = book.name(card.id) if card is not None else "?"
    text = book.text(card.id) if card is not None else ""
    ability_name = str(getattr(ability, "name", ""))
    key = "c_optional_unnamed" if _unnamed(ability_name) else "c_optional"
    return say(f"{key}_text" if text else key, lang, ability=book.ability_name(ability_name), card=name, text=text)


def _targets(game: ChoqueGame, book: CardBook, data: Any) -> str:
    """An activation's targets, one at a time (CH-7.4): of which ability, and how many are named so far."""
    lang = book.lang
    ability = _ability_words(game, book, data.ability, data.source)
    need = needed(data.ability)
    if need <= 1:
        return say("c_trig_target", lang, ability=ability)
    named = len(data.act.get("targets") or ()) - data.prefix
    return _counted(say("c_targets", lang, ability=ability), named + 1, need, lang)


def _counted(said: str, k: int, n: int, lang: str) -> str:
    """``said`` (a sentence) with which pick of how many this is, when there are several."""
    return say("c_count", lang, said=said.rstrip("."), k=k, n=n) if n > 1 else said


def _choose(game: ChoqueGame, book: CardBook) -> str:
    return choice_context(game, book)


_ABOUT: dict[str, Callable[[ChoqueGame, CardBook], str]] = {
    "response": _response, "defend": _defend, "battle_repeat": _battle_repeat, "ofrenda": _ofrenda,
    "discard": _discard, "choose": _choose,
}


def _unnamed(name: str) -> bool:
    """An apoyo's activation effect, or an ability its card file names not (``1``, ``2``...: schema.py):
    said by its card."""
    return name in ("effect", "ability") or name.isdigit()


def _ability_words(game: ChoqueGame, book: CardBook, ability: Any, source: Any) -> str:
    """An ability by its name (a keyword's in the reader's language), or by its card when it has none."""
    name = str(getattr(ability, "name", "?"))
    if _unnamed(name):
        return _handle_name(game, source, book)
    return book.ability_name(name)


def _char_words(game: ChoqueGame, book: CardBook, me: int, uid: Any) -> str:
    """A character on the field by its card and its zone, seen by player ``me`` (``Koatl (tu C2)``)."""
    found = game.s.find(uid)
    if found is None:
        return "?"
    return _zone_words(game, book, me, found[0], found[1])


def _zone_words(game: ChoqueGame, book: CardBook, me: int, pi: int, zi: int) -> str:
    """Player ``pi``'s character zone ``zi`` as ``me`` says it, with the character there (a public card)."""
    zone = f"C{zi + 1}"
    loc = describe_tr(book.lang, "ref_mine" if pi == me else "ref_theirs", zone=zone)
    c = game.s.players[pi].chars[zi]
    return describe_tr(book.lang, "ref_card", card=book.name(c.card.id), loc=loc) if c is not None else loc


def _handle_card(game: ChoqueGame, h: Any) -> CardDef | None:
    """The card an engine handle (``("char", uid)``, ``("zone", pi, "Z1", card)``, ...) points at."""
    if h and h[0] == "char":
        found = game.s.find(h[1])
        return found[2].card if found is not None else None
    card = h[-1] if h else None
    return card if isinstance(card, CardDef) else None


def _handle_name(game: ChoqueGame, h: Any, book: CardBook) -> str:
    """The name of the card an engine handle points at."""
    card = _handle_card(game, h)
    return book.name(card.id) if card is not None else "?"


def _uid_name(game: ChoqueGame, uid: Any, book: CardBook) -> str:
    found = game.s.find(uid)
    if found is None:
        return "?"
    return book.name(found[2].card.id)


def link_words(game: ChoqueGame, link: Any, book: CardBook) -> str:
    """A chain link in words, read from the link's record (``links.py``, read-only): its ability and the card
    it comes from (``Caza (Cazador)``), an exclusive ability and its character (``Rito (Jaguar)``), a card
    (an apoyo, a continuous card), or the kind of link when it names none of them (``Atormentar``)."""
    ability = getattr(link, "ability", None)
    card = getattr(link, "card", None)
    if card is None and getattr(link, "source", None) is not None:
        card = _handle_card(game, link.source)
    elif card is None and getattr(link, "uid", None) is not None:
        found = game.s.find(link.uid)
        card = found[2].card if found is not None else None
    name = book.name(card.id) if isinstance(card, CardDef) else ""
    kind = str(link.kind)
    if ability is not None and not _unnamed(str(ability.name)):
        what = book.ability_name(ability.name)
    elif ability is None and kind in KEYWORD_NAMES:
        what = book.ability_name(kind)
    else:
        return name or link_name(kind, book)
    return f"{what} ({name})" if name else what
