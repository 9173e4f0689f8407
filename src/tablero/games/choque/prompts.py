"""What a front end tells a Choque player about the decision in front of them: the question in words
(``decision``), what a ``choose`` is about (read from the engine's pending record, ``pending.py``, read-only),
the decisions it may answer for them (``auto_answer``: the mandatory ofrenda, CH-5.3), and what is on the
chain at a response window (CH-7.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablero.core.i18n import Msg, msg
from tablero.core.plugin import AutoAnswer, Window

from .board import link_name
from .cardbook import CardBook
from .cards import CardDef
from .catalogue import words
from .narrate import n_cards
from .state import NAMES

if TYPE_CHECKING:
    from .game import ChoqueGame

_W: dict[str, Msg] = {
    "k_action": msg("Your action phase: choose what to do."),
    "k_combat": msg("Your combat phase: declare battles or end the phase."),
    "k_response": msg("You may respond."),
    "k_defend": msg("You are attacked: defend with another character?"),
    "k_ofrenda": msg("Ofrenda phase: you may return your hand and draw again."),
    "k_choose": msg("Choose."),
    "k_discard": msg("You hold more than 7 cards: send one to the Mictlán."),
    "k_battle_repeat": msg("The field changed: repeat the battle?"),
    "auto_ofrenda": msg("Ofrenda phase (CH-5.3), mandatory: it is made for you. You return your hand ({cards}) and "
                        "draw again."),
    "auto_ofrenda_empty": msg("Ofrenda phase (CH-5.3), mandatory: it is made for you. Your hand is empty: nothing "
                              "is returned or drawn."),
    "c_elite": msg("{card}'s Elite: double its strength and resistance?"),
    "c_clarividencia": msg("Clairvoyance: the first card you pick stays on top; later picks go to the bottom."),
    "c_mimica": msg("Mimicry: choose a character in your Mictlán to confine and copy."),
    "c_zombificar": msg("Zombify: you may return a soul to your hand and call a character from your Mictlán."),
    "c_cosmo": msg("Cosmo: you drew {card}; you may call it now."),
    "c_optional": msg("Use {ability}?"),
    "c_select_cost": msg("To pay the cost of {source}, choose a card ({verb})."),
    "c_select_discard": msg("Choose a card to discard ({source})."),
    "c_select_add": msg("Choose a card to add to your hand ({source})."),
    "c_select_special_call": msg("Choose a character to call ({source})."),
    "c_select_liberar": msg("Choose a confined character to release ({source})."),
    "v_discard": msg("discard"), "v_isolate": msg("isolate"), "v_confine": msg("confine"), "v_destroy": msg("destroy"),
    "v_return_soul": msg("return a soul to your hand"), "v_sacrifice": msg("sacrifice"), "v_send": msg("send"),
    "v_return": msg("return"),
    "c_trig_target": msg("Choose the target of {ability}."),
    "c_targets": msg("Choose the targets of {ability}, one at a time."),
    "c_zone": msg("Choose the zone to call the character into."),
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
    """The pending decision as a question to its player, with what a ``choose`` is about."""
    d = game.pending
    if d is None:
        return ""
    extra = choice_context(game, book)
    if extra and d.kind == "choose":
        return extra
    text = say(f"k_{d.kind}", book.lang) if f"k_{d.kind}" in _W else d.kind
    return f"{text} {extra}" if extra else text


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
        if what in ("optional", "trig_target", "targets"):
            ability = data.run.ability if what == "trig_target" else data.ability
            return say(f"c_{what}", lang, ability=book.ability_name(str(getattr(ability, "name", "?"))))
        if what == "select":
            verb = str(getattr(data.op, "verb", ""))
            verb_words = say(f"v_{verb}", lang) if f"v_{verb}" in _W else verb
            return say(f"c_select_{data.purpose}", lang, source=_handle_name(game, data.source, book), verb=verb_words)
        if what in ("clarividencia", "mimica", "zombificar", "zone"):
            return say(f"c_{what}", lang)
    except (AttributeError, IndexError, KeyError, TypeError):
        return ""
    return ""


def _handle_name(game: ChoqueGame, h: Any, book: CardBook) -> str:
    """The card an engine handle (``("char", uid)``, ``("zone", pi, "Z1", card)``, ...) points at."""
    if h and h[0] == "char":
        return _uid_name(game, h[1], book)
    card = h[-1] if h else None
    return book.name(str(card.id)) if isinstance(card, CardDef) else "?"


def _uid_name(game: ChoqueGame, uid: Any, book: CardBook) -> str:
    found = game.s.find(uid)
    if found is None:
        return "?"
    return book.name(found[2].card.id)


def link_words(game: ChoqueGame, link: Any, book: CardBook) -> str:
    """A chain link in words: its ability and the card it comes from, read from the link's record
    (``links.py``, read-only), or the kind of link when it names neither (a keyword's link)."""
    ability = getattr(link, "ability", None)
    card = getattr(link, "card", None)
    source = getattr(link, "source", None)
    if card is None and source is not None:
        if source[0] == "char":
            found = game.s.find(source[1])
            card = found[2].card if found is not None else None
        elif isinstance(source[-1], CardDef):
            card = source[-1]
    name = book.name(card.id) if isinstance(card, CardDef) else ""
    if ability is not None and ability.name not in ("effect", "ability"):
        what = book.ability_name(ability.name)
        return f"{what} ({name})" if name else what
    return name or link_name(str(link.kind), book)
