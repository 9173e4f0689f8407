"""Choque's table in the shared board schema (``core/board.py``): a view (CH-11) projected for one viewer in
their language. Each side holds its piles (decks, Mictlán, confined, isolated), its hand, its arena, its two
sectors with their character zones (CH-3.1: sector A is SA with C1 and C2, sector B is SB with C3 and C4) and
its support zones Z1–Z5 (CH-3.3); the center holds the chain (CH-7). Only what the view holds is projected, so
the board of a seat's view shows no more than that view does."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from tablero.core.board import Board, Face, Keyword, Number, Prompt, Region, Side, Slot, Strike, Token
from tablero.core.i18n import Msg, msg

from .cardbook import CardBook
from .catalogue import words
from .narrate import join, keyword_name
from .terms import KEYWORDS

SECTORS = (("A", "SA", ("C1", "C2")), ("B", "SB", ("C3", "C4")))
SUPPORTS = ("Z1", "Z2", "Z3", "Z4", "Z5")
# each pile, its label, and whether its cards are drawn when the view lists them (a deck's order never is:
# a replay's full view lists it, but a table shows a deck face down)
PILES = (("main_deck", "deck", False), ("soul_deck", "souls", False), ("support_deck", "support", True),
         ("mictlan", "Mictlán", True), ("confined", "confined", True), ("isolated", "isolated", True))

_W: dict[str, Msg] = {
    "hearts": msg("hearts"), "soul_total": msg("soul total"), "toxina": msg("Toxin"),
    "deck": msg("deck"), "souls": msg("souls"), "support": msg("support"), "Mictlán": msg("Mictlán"),
    "confined": msg("confined"), "isolated": msg("isolated"), "hand": msg("hand"), "arena": msg("arena"),
    "sector": msg("sector {s}"), "supports": msg("support"), "chain": msg("Chain"),
    "t_personaje": msg("character {v}"), "t_amalgama": msg("amalgam {v}"), "t_alma": msg("soul {v}"),
    "t_apoyo": msg("{sub} support"), "t_sector": msg("sector"), "t_arena": msg("arena"),
    "st_resting": msg("resting"), "st_called": msg("just called"), "st_attacked": msg("attacked"),
    "st_defended": msg("defended"), "st_zombified": msg("zombified"), "st_mimica": msg("copies {card}"),
    "st_mode": msg("mode {mode}"), "equips": msg("equips {zones}"),
    "sub_normal": msg("normal"), "sub_continuo": msg("continuous"), "sub_equipo": msg("equipment"),
    "sub_rapido": msg("quick"),
    "ph_start": msg("start phase"), "ph_ofrenda": msg("ofrenda phase"), "ph_soul_draw": msg("soul draw phase"),
    "ph_turn_draw": msg("draw phase"), "ph_action": msg("action phase"), "ph_combat": msg("combat phase"),
    "ph_end": msg("end phase"),
    "known_in_hand": msg("you know they hold: {cards}"),
    "known_deck": msg("you know {who} deck ({where}): {cards}"),
    "deck_top": msg("top"), "deck_bottom": msg("bottom"), "your_deck": msg("your"),
    "their_deck": msg("the opponent's"),
    "battle": msg("Battle under way: {player} attacks {targets}"),
    "battle_with": msg("Battle under way: {player} attacks {targets} with {attacker}"),
    "battle_hearts": msg("the hearts"),
    "l_ability": msg("ability"), "l_apoyo": msg("support"), "l_call": msg("call"), "l_trigger": msg("trigger"),
}


# CH-8: what each exclusive ability does, as a player asks it at the table (the rule's table, in short)
KEYWORD_RULE = "CH-8"
KEYWORD_TEXT: dict[str, Msg] = {
    "alerta": msg("Does not rest after defending."),
    "atormentar": msg("Encendido: confine this character to destroy every character on the field of its value; "
                      "Invulnerable ones survive."),
    "aura": msg("Quick, only in the opponent's turn: put this character from the field on the bottom of your main "
                "deck, then draw a soul."),
    "barbarie": msg("May attack each opposing character once per turn."),
    "brutalidad": msg("May declare battle in the turn it is called."),
    "clarividencia": msg("When called: look at the top X cards of your main deck, put one of them on top and the "
                         "rest on the bottom in any order."),
    "comandar": msg("When this character is attacked, a character from your other sector may defend it."),
    "cosmo": msg("When you draw this card, you may special call it into an empty character zone."),
    "doble_batalla": msg("When attacking, it may clash at once with two opposing characters of the same sector."),
    "elite": msg("On declaring an attack, it may double its strength and resistance until that battle ends."),
    "emboscada": msg("May attack the opponent's hearts directly even when they control characters."),
    "fortaleza": msg("Cannot attack; it can defend."),
    "guarda": msg("May defend a character in the other sector."),
    "heroismo": msg("Cannot be destroyed in combat: combat cannot take its last heart."),
    "invulnerable": msg("Cannot be destroyed by card effects or abilities."),
    "mimica": msg("When normal-called: confine a character of your Mictlán; this character gains its abilities."),
    "portal": msg("Quick, once per turn: swap this character with one of yours in the other sector, or swap two "
                  "of your characters between sectors."),
    "primer_dano": msg("In a clash it strikes first; if that takes the opponent's resistance to 0, the opponent "
                       "deals no damage."),
    "rito": msg("Quick, from your hand, only in the opponent's turn: return one of your active souls to your hand "
                "and special call this character."),
    "tortura": msg("While it is on the field, its controller loses one heart at the start of their turn."),
    "toxina": msg("When it is defeated and sent to the Mictlán, the opponent cannot call characters of its value "
                  "or lower during their next action phase."),
    "zombificar": msg("When normal-called: you may return an active soul of value 3 or more to the bottom of your "
                      "soul deck to special call a character of value 5 or less from your Mictlán to the same "
                      "sector; it comes zombified."),
}


def say(key: str, lang: str, **kw: object) -> str:
    """One of the board's words in ``lang``."""
    return words().fill(_W[key].text, kw, lang)


def phase_name(phase: str, lang: str) -> str:
    return say(f"ph_{phase}", lang) if f"ph_{phase}" in _W else phase


Value = int | str


def stats(strength: Value, resistance: Value, hearts: Value, impact: Value,
          printed: Value | None = None) -> tuple[Number, ...]:
    """A character's four numbers with their icons (``printed``: its resistance as printed, when damaged)."""
    return (Number(label="F", value=strength, icon="sword"), Number(label="R", value=resistance, base=printed,
                                                                    icon="shield"),
            Number(label="♥", value=hearts, icon="heart"), Number(label="I", value=impact, icon="burst"))


def keywords(cid: str, book: CardBook) -> tuple[Keyword, ...]:
    """The card's exclusive abilities (CH-8) as printed (Clarividencia with its X), each with what it does in
    the book's language."""
    c = book.get(cid)
    if c is None:
        return ()
    out = []
    for k in KEYWORDS:
        if k in c.keywords:
            name = keyword_name(k, book.lang)
            text = words().say(KEYWORD_TEXT[k], book.lang) if k in KEYWORD_TEXT else ""
            out.append(Keyword(name=f"{name} {c.params[k]}" if k in c.params else name, text=text, rule=KEYWORD_RULE))
    return tuple(out)


def card_face(cid: str, book: CardBook, ref: str | None = None) -> Face:
    """A card as its printed self (a card in hand, in a pile): name, kind, printed numbers, keywords."""
    lang = book.lang
    c = book.get(cid)
    if c is None:
        return Face(ref=ref, card=cid, name=cid)
    numbers: tuple[Number, ...] = ()
    if c.type in ("personaje", "amalgama"):
        kind = say(f"t_{c.type}", lang, v=c.value)
        numbers = stats(c.strength, c.resistance, c.hearts, c.impact)
    elif c.type == "alma":
        kind = say("t_alma", lang, v=c.value)
    elif c.type == "apoyo":
        kind = say("t_apoyo", lang, sub=say(f"sub_{c.subtype or 'normal'}", lang))
    else:
        kind = say(f"t_{c.type}", lang) if f"t_{c.type}" in _W else c.type
    value = c.value if c.type in ("personaje", "amalgama", "alma") else None
    return Face(ref=ref, card=cid, name=book.name(cid), kind=kind, type=c.type, value=value, numbers=numbers,
                tags=tuple(book.keywords(cid)), keywords=keywords(cid, book), text=book.text(cid))


def _states(z: Mapping[str, Any], book: CardBook) -> list[str]:
    lang = book.lang
    out = [say(key, lang) for key, field in (("st_resting", "resting"), ("st_called", "called_this_turn"),
                                             ("st_attacked", "attacked"), ("st_defended", "defended"),
                                             ("st_zombified", "zombified")) if z.get(field)]
    if z.get("mimica"):
        out.append(say("st_mimica", lang, card=book.name(str(z["mimica"]))))
    if z.get("mode"):
        out.append(say("st_mode", lang, mode=z["mode"]))
    return out + [str(st) for st in z.get("status") or []]


def character_face(ref: str, z: Mapping[str, Any], book: CardBook) -> Face:
    """A character in play: its current numbers (resistance over its printed one when damaged), keywords and
    states, counters as tokens, Mimicry's copied card under it."""
    cid = str(z.get("card"))
    printed = card_face(cid, book, ref)
    c = book.get(cid)
    res = z.get("resistance")
    base = c.resistance if c is not None and isinstance(res, int) and res < c.resistance else None
    numbers = stats(z.get("strength", "?"), res or 0, z.get("hearts", "?"), z.get("impact", "?"), base)
    counters = z.get("counters") or {}
    tokens = tuple(Token(name=str(k), count=int(v)) for k, v in counters.items()) if isinstance(counters, dict) \
        else ()
    gained = (card_face(str(z["mimica"]), book),) if z.get("mimica") else ()
    return printed.model_copy(update={"numbers": numbers, "tags": (*printed.tags, *_states(z, book)),
                                      "tokens": tokens, "attachments": gained, "exhausted": bool(z.get("resting"))})


def _zone_face(ref: str, z: Mapping[str, Any] | None, book: CardBook, p: str) -> Face | None:
    if not z:
        return None
    face = card_face(str(z.get("card")), book, ref)
    tags = face.tags
    if z.get("equips"):
        tags = (*tags, say("equips", book.lang, zones=", ".join(z["equips"])))
    owner = z.get("owner") if z.get("owner") not in (None, p) else None
    return face.model_copy(update={"tags": tags, "owner": owner})


def _piles(side: Mapping[str, Any], book: CardBook) -> list[Region]:
    out = []
    for key, label, shown in PILES:
        cards = side.get(key)
        listed = isinstance(cards, list) and shown
        count = side.get(f"{key}_count", len(cards) if isinstance(cards, list) else 0)
        ref = "support:{}" if key == "support_deck" else None  # an amalgam is called from there (CH-6.4)
        faces = tuple(card_face(str(c), book, ref.format(c) if ref else None) for c in cards) \
            if isinstance(cards, list) and shown else ()
        out.append(Region(id=key, label=say(label, book.lang), kind="pile", count=int(count), faces=faces,
                          hidden=not listed, unordered=key == "support_deck"))
    return out


def _hand(side: Mapping[str, Any], book: CardBook, p: str) -> Region:
    hand = side.get("hand")
    if not isinstance(hand, list):
        return Region(id="hand", label=say("hand", book.lang), kind="row", count=int(side.get("hand_count", 0)),
                      hidden=True)
    return Region(id="hand", label=say("hand", book.lang), kind="row", count=len(hand),
                  faces=tuple(card_face(str(c), book, f"hand:{c}") for c in hand))


def _field(side: Mapping[str, Any], book: CardBook, p: str) -> list[Region]:
    lang = book.lang
    regions = [Region(id="arena", label=say("arena", lang), kind="slots",
                      slots=(Slot(label="", ref=f"{p}.arena", face=_zone_face(f"{p}.arena", side.get("arena"),
                                                                              book, p)),))]
    for s, sector, chars in SECTORS:
        slots = [Slot(label=sector, ref=f"{p}.{sector}", face=_zone_face(f"{p}.{sector}", side.get(sector), book, p))]
        for cz in chars:
            z = side.get(cz)
            slots.append(Slot(label=cz, ref=f"{p}.{cz}", face=character_face(f"{p}.{cz}", z, book) if z else None))
        regions.append(Region(id=f"sector_{s}", label=say("sector", lang, s=s), kind="slots", slots=tuple(slots)))
    regions.append(Region(id="supports", label=say("supports", lang), kind="slots", slots=tuple(
        Slot(label=z, ref=f"{p}.{z}", face=_zone_face(f"{p}.{z}", side.get(z), book, p)) for z in SUPPORTS)))
    return regions


def _notes(view: Mapping[str, Any], book: CardBook, me: str | None, about: str) -> tuple[str, ...]:
    """What an effect showed ``me`` about ``about``'s cards: known cards in hand, known deck cards."""
    if me is None:
        return ()
    lang = book.lang
    out = []
    rev = [r for r in view.get("revealed") or [] if r.get("player") == about]
    in_hand = [book.name(r["card"]) for r in rev if r.get("zone") == "hand"]
    if in_hand and about != me:
        out.append(say("known_in_hand", lang, cards=", ".join(in_hand)))
    for zone in ("main_deck", "soul_deck"):
        for where in ("top", "bottom"):
            cards = sorted((r for r in rev if r.get("zone") == zone and r.get("from") == where),
                           key=lambda r: int(r.get("index", 0)))
            if cards:
                out.append(say("known_deck", lang, who=say("your_deck" if about == me else "their_deck", lang),
                               where=say(f"deck_{where}", lang), cards=", ".join(book.name(r["card"]) for r in cards)))
    return tuple(out)


def side_of(view: Mapping[str, Any], p: str, book: CardBook, me: str | None, name: str = "") -> Side:
    lang = book.lang
    side = view[p]
    counters = [Number(label=say("hearts", lang), value=side["hearts"], ref=f"{p}.hearts", icon="heart"),
                Number(label=say("soul_total", lang), value=side["soul_total"], icon="flame")]
    if side.get("toxina") is not None:
        counters.append(Number(label=say("toxina", lang), value=side["toxina"], icon="drop"))
    return Side(seat=p, label=p, you=p == me, active=view.get("active") == p, subtitle=name,
                counters=tuple(counters), regions=(*_piles(side, book), _hand(side, book, p), *_field(side, book, p)),
                notes=_notes(view, book, me, p))


def link_name(link: str, book: CardBook) -> str:
    """A kind of chain link in words (a call, a trigger), or the keyword whose link it is."""
    return say(f"l_{link}", book.lang) if f"l_{link}" in _W else book.ability_name(link)


def _chain(view: Mapping[str, Any], book: CardBook) -> tuple[Region, ...]:
    chain = view.get("chain")
    if not chain:
        return ()
    faces = tuple(Face(name=link_name(str(link.get("link")), book), owner=str(link.get("player")))
                  for link in chain)
    return (Region(id="chain", label=say("chain", book.lang), kind="stack", faces=faces),)


def _target(ref: str, view: Mapping[str, Any], book: CardBook) -> str:
    side, _, zone = ref.partition(".")
    z = view.get(side, {}).get(zone)
    if isinstance(z, dict) and z.get("card"):
        return f"{book.name(str(z['card']))} ({ref})"
    return ref


def _battle(view: Mapping[str, Any], book: CardBook, log: Iterable[Mapping[str, Any]]) -> tuple[str, ...]:
    battle = view.get("battle")
    if not battle:
        return ()
    lang = book.lang
    attacks = [e for e in log if e.get("event") == "attack"]
    attacker = str(attacks[-1]["attacker"]) if attacks else None
    targets = join([_target(t, view, book) for t in battle.get("targets") or []], lang)
    if battle.get("hearts") or not targets:
        targets = say("battle_hearts", lang)
    return (say("battle_with" if attacker else "battle", lang, player=battle.get("player"), targets=targets,
                attacker=book.name(attacker) if attacker else ""),)


def _marked(view: Mapping[str, Any]) -> tuple[str, ...]:
    """What a battle under way attacks (CH-9): its target zones, or the defender's hearts."""
    battle = view.get("battle")
    if not battle:
        return ()
    other = "B" if battle.get("player") == "A" else "A"
    return (f"{other}.hearts",) if battle.get("hearts") else tuple(str(t) for t in battle.get("targets") or ())


def _strikes(view: Mapping[str, Any], log: Iterable[Mapping[str, Any]]) -> tuple[Strike, ...]:
    """A battle under way as an arrow: from the zone of the character that declared it (the last attack of
    the log) to what it attacks (CH-9.2)."""
    battle, marked = view.get("battle"), _marked(view)
    attacks = [e for e in log if e.get("event") == "attack"]
    if not battle or not attacks or not marked:
        return ()
    p = str(battle.get("player"))
    side = view.get(p) or {}
    zones = [f"{p}.{cz}" for _, _, chars in SECTORS for cz in chars
             if isinstance(side.get(cz), dict) and side[cz].get("card") == attacks[-1].get("attacker")]
    return (Strike(source=zones[0], targets=marked),) if zones else ()


def project(view: Mapping[str, Any], book: CardBook, seat: str | None, names: Mapping[str, str] | None = None,
            log: Iterable[Mapping[str, Any]] = ()) -> Board:
    """The board of ``view`` as ``seat`` sees it (``None``: a spectator's or a replay's full view); ``names``
    are the decks' names by seat, ``log`` the viewer's log (it tells which character is attacking)."""
    names = names or {}
    log = list(log)
    pending = view.get("pending")
    prompt = Prompt(player=str(pending["player"]), kind=str(pending["kind"])) if pending else None
    return Board(game="choque", viewer=seat, lang=book.lang, turn=view.get("turn"), active=view.get("active"),
                 phase=phase_name(str(view.get("phase")), book.lang),
                 sides=tuple(side_of(view, p, book, seat, names.get(p, "")) for p in ("A", "B")),
                 center=_chain(view, book), status=_battle(view, book, log), marked=_marked(view),
                 strikes=_strikes(view, log), prompt=prompt,
                 winner=view.get("winner"))


class Places(NamedTuple):
    """Where a legal action starts and where it goes, as the board's refs name them: the browser lights the
    source, then the targets in order, and a click on each chooses the action."""

    source: str | None
    targets: tuple[str, ...]


def places(a: Mapping[str, Any]) -> Places:
    """A Choque action's places: a card in hand (``hand:<card>``), an amalgam in the support deck
    (``support:<card>``, CH-6.4), a zone (``A.C1``) or the hearts (``B.hearts``, a direct attack)."""
    do, p = a.get("do"), str(a.get("player"))
    other = "B" if p == "A" else "A"
    source: str | None = None
    if do in ("activate_soul", "call", "play"):
        source = f"hand:{a.get('card')}"
    elif do == "call_amalgam":
        source = f"support:{a.get('card')}"
    elif do == "use":
        src = a.get("source")
        source = src if isinstance(src, str) and "." in src else None
    elif do in ("attack", "defend"):
        source = f"{p}.{a.get('attacker' if do == 'attack' else 'defender')}"
    if do == "use":
        return Places(source, tuple(str(t) for t in a.get("targets") or ()))
    if do in ("activate_soul", "call", "play", "call_amalgam") and a.get("zone"):
        return Places(source, (f"{p}.{a['zone']}",))
    if do == "attack":
        target = a.get("target")
        return Places(source, (f"{other}.hearts" if target == "hearts" else str(target),))
    return Places(source, ())
