"""The board as plain text lines: readable on a terminal, in a pipe and in a test's captured output."""

from __future__ import annotations

from typing import Any

from tablero.games.choque.narrate import n_cards

from .text import CardBook, join, tr

RULE = "─" * 72
HEAVY = "═" * 72


WIDTH = 100


def wrap(prefix: str, items: list[str], sep: str = " · ", width: int = WIDTH) -> list[str]:
    """``prefix`` then the items joined by ``sep``, broken into lines of at most ``width`` characters
    (continuation lines indented to the prefix)."""
    lines: list[str] = []
    cur = prefix
    indent = " " * len(prefix)
    for item in items:
        piece = item if cur in (prefix, indent) else sep + item
        if len(cur) + len(piece) > width and cur not in (prefix, indent):
            lines.append(cur + sep.rstrip())
            cur = indent + item
        else:
            cur += piece
    lines.append(cur)
    return lines


def phase_name(phase: str, lang: str) -> str:
    key = f"ph_{phase}"
    try:
        return tr(lang, key)
    except KeyError:
        return phase


def card_summary(cid: str, book: CardBook) -> str:
    """``Cachorro Moteado [personaje 1 · F2 R1 ♥1 I1 · Brutalidad]``: a card in hand, with what matters."""
    lang = book.lang
    c = book.get(cid)
    if c is None:
        return cid
    if c.type in ("personaje", "amalgama"):
        bits = [tr(lang, f"t_{c.type}", v=c.value), f"F{c.strength} R{c.resistance} ♥{c.hearts} I{c.impact}"]
        kws = book.keywords(cid)
        if kws:
            bits.append(", ".join(kws))
    elif c.type == "alma":
        bits = [tr(lang, "t_alma", v=c.value)]
    elif c.type == "apoyo":
        bits = [tr(lang, "t_apoyo", sub=tr(lang, f"sub_{c.subtype or 'normal'}"))]
    else:
        bits = [tr(lang, f"t_{c.type}")]
    return f"{book.name(cid)} [{' · '.join(bits)}]"


def character_line(zone: str, z: dict[str, Any] | None, book: CardBook) -> str:
    lang = book.lang
    if not z:
        return f"    {zone}  —"
    cid = str(z.get("card"))
    c = book.get(cid)
    res = z.get("resistance")
    res_text = f"R{res}"
    if c is not None and isinstance(res, int) and res < c.resistance:
        res_text = f"R{res}/{c.resistance}"
    bits = [f"F{z.get('strength')} {res_text} ♥{z.get('hearts')} I{z.get('impact')}"]
    kws = book.keywords(cid)
    if kws:
        bits.append(", ".join(kws))
    status = []
    if z.get("resting"):
        status.append(tr(lang, "st_resting"))
    if z.get("called_this_turn"):
        status.append(tr(lang, "st_called"))
    if z.get("attacked"):
        status.append(tr(lang, "st_attacked"))
    if z.get("defended"):
        status.append(tr(lang, "st_defended"))
    if z.get("zombified"):
        status.append(tr(lang, "st_zombified"))
    if z.get("mimica"):
        status.append(tr(lang, "st_mimica", card=book.name(str(z["mimica"]))))
    if z.get("mode"):
        status.append(tr(lang, "st_mode", mode=z["mode"]))
    if z.get("counters"):
        counters = z["counters"]
        text = ", ".join(f"{k} {v}" for k, v in counters.items()) if isinstance(counters, dict) else str(counters)
        status.append(tr(lang, "st_counters", c=text))
    for st in z.get("status") or []:
        status.append(str(st))
    if status:
        bits.append(", ".join(status))
    return f"    {zone}  {book.name(cid)} · " + " · ".join(bits)


def support_text(zone: str, z: dict[str, Any] | None, book: CardBook) -> str:
    lang = book.lang
    if not z:
        return f"{zone} —"
    cid = str(z.get("card"))
    c = book.get(cid)
    if c is not None and c.type == "alma":
        what = tr(lang, "soul_value", v=c.value)
    elif c is not None and c.type == "apoyo":
        what = tr(lang, "apoyo_sub", sub=tr(lang, f"sub_{c.subtype or 'normal'}"))
    else:
        what = ""
    if z.get("equips"):
        what += ("; " if what else "") + tr(lang, "equips", zones=", ".join(z["equips"]))
    return f"{zone} {book.name(cid)}" + (f" ({what})" if what else "")


def side_lines(obs: dict[str, Any], p: str, book: CardBook, me: str | None, deck_name: str,
               show_hand: bool) -> list[str]:
    lang = book.lang
    side = obs[p]
    if me is None:
        title = tr(lang, "player", p=p)
    else:
        title = tr(lang, "you" if p == me else "opponent", p=p)
    head = [title]
    if deck_name:
        head.append(deck_name)
    head += [tr(lang, "hearts", n=side["hearts"]), tr(lang, "soul_total", n=side["soul_total"])]
    if side.get("toxina") is not None:
        head.append(tr(lang, "toxina", n=side["toxina"]))
    lines = [" · ".join(head)]
    counts = tr(lang, "counts", main=side["main_deck_count"], souls=side["soul_deck_count"],
                support=side["support_deck_count"], mictlan=len(side["mictlan"]), confined=len(side["confined"]),
                isolated=len(side["isolated"])).split(" · ")
    if not show_hand or "hand" not in side:
        counts.insert(0, tr(lang, "hand_count", cards=n_cards(side["hand_count"], lang)))
    if side["mictlan"]:
        counts.append(tr(lang, "last_mictlan", card=book.name(side["mictlan"][-1])))
    lines += wrap("  ", counts)
    arena = side.get("arena")
    lines.append("  " + tr(lang, "arena", card=book.name(arena["card"]) if arena else "—"))
    for s, zone, chars in (("A", "SA", ("C1", "C2")), ("B", "SB", ("C3", "C4"))):
        sec = side.get(zone)
        if sec:
            name = book.name(sec["card"])
            if sec.get("owner") and sec["owner"] != p:
                name = tr(lang, "sector_owner", card=name, owner=sec["owner"])
        else:
            name = "—"
        lines.append("  " + tr(lang, "sector", s=s, zone=zone, card=name))
        for cz in chars:
            lines.append(character_line(cz, side.get(cz), book))
    sups = [support_text(f"Z{i}", side.get(f"Z{i}"), book) for i in range(1, 6)]
    lines += wrap(f"  {tr(lang, 'supports')}: ", sups)
    if show_hand and "hand" in side:
        hand = side["hand"]
        if hand:
            lines.append("  " + tr(lang, "hand", n=len(hand)))
            for cid in hand:
                lines.append(f"    · {card_summary(cid, book)}")
        else:
            lines.append("  " + tr(lang, "hand_empty"))
    return lines


def revealed_lines(obs: dict[str, Any], book: CardBook, me: str, about: str) -> list[str]:
    """What an effect showed ``me`` about ``about``'s cards: known cards in hand, known deck cards."""
    lang = book.lang
    out = []
    rev = [r for r in obs.get("revealed") or [] if r.get("player") == about]
    in_hand = [book.name(r["card"]) for r in rev if r.get("zone") == "hand"]
    if in_hand and about != me:
        out.append("  " + tr(lang, "known_in_hand", cards=", ".join(in_hand)))
    for zone in ("main_deck", "soul_deck"):
        for where in ("top", "bottom"):
            cards = sorted((r for r in rev if r.get("zone") == zone and r.get("from") == where),
                           key=lambda r: int(r.get("index", 0)))
            if cards:
                out.append("  " + tr(lang, "known_deck", who=tr(lang, "your_deck" if about == me else "their_deck"),
                                     where=tr(lang, f"deck_{where}"),
                                     cards=", ".join(book.name(r["card"]) for r in cards)))
    return out


def render_board(obs: dict[str, Any], book: CardBook, me: str | None = "A",
                 deck_names: dict[str, str] | None = None, attacker: str | None = None) -> list[str]:
    """The board as ``me`` sees it (the opponent on top, ``me`` below, own hand listed); ``me=None`` shows
    the full observation with both hands (replays)."""
    lang = book.lang
    deck_names = deck_names or {}
    active = obs.get("active", "?")
    if me is not None and active == me:
        active_text = tr(lang, "you_short", p=active)
    elif me is not None:
        active_text = tr(lang, "opp_short", p=active)
    else:
        active_text = str(active)
    lines = [HEAVY, tr(lang, "turn_header", turn=obs.get("turn"), active=active_text,
                       phase=phase_name(str(obs.get("phase")), lang)), HEAVY]
    top, bottom = ("B", "A") if me in (None, "A") else ("A", "B")
    lines += side_lines(obs, top, book, me, deck_names.get(top, ""), show_hand=me is None)
    if me is not None:
        lines += revealed_lines(obs, book, me, top)
    lines.append(RULE)
    lines += side_lines(obs, bottom, book, me, deck_names.get(bottom, ""), show_hand=True)
    if me is not None:
        lines += revealed_lines(obs, book, me, bottom)
    chain = obs.get("chain")
    if chain:
        links = [f"{link.get('player')}: {link_name(str(link.get('link')), book)}" for link in chain]
        lines.append(tr(lang, "chain", links=" → ".join(links)))
    battle = obs.get("battle")
    if battle:
        targets = join([_target(t, obs, book) for t in battle.get("targets") or []], lang)
        if battle.get("hearts") or not targets:
            targets = tr(lang, "battle_hearts")
        key = "battle_with" if attacker else "battle"
        lines.append(tr(lang, key, player=battle.get("player"), targets=targets,
                        attacker=book.name(attacker) if attacker else ""))
    lines.append(RULE)
    return lines


def _target(ref: str, obs: dict[str, Any], book: CardBook) -> str:
    side, _, zone = ref.partition(".")
    z = obs.get(side, {}).get(zone)
    if isinstance(z, dict) and z.get("card"):
        return f"{book.name(str(z['card']))} ({ref})"
    return ref


_LINKS_ES = {"ability": "habilidad", "apoyo": "apoyo", "call": "llamado", "trigger": "disparo"}
_LINKS_EN = {"ability": "ability", "apoyo": "support", "call": "call", "trigger": "trigger"}


def link_name(link: str, book: CardBook) -> str:
    table = _LINKS_EN if book.lang == "en" else _LINKS_ES
    return table.get(link) or book.ability_name(link)
