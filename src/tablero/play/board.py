"""Any game's board (``core/board.py``) as plain text lines: readable on a terminal, in a pipe and in a test's
captured output. The board comes in the viewer's words; this only lays it out, the opponent on top and the
viewer below, and adds the table's few words of its own (whose side it is, how many cards a pile holds)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tablero.core.board import Board, Face, Number, Region, Side, Slot, Token

RULE = "─" * 72
HEAVY = "═" * 72
WIDTH = 100

Say = Callable[..., str]  # a table word by key, with its fields (``play/text.py``'s ``Texts.t``)


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


def number(n: Number) -> str:
    """``F2``, ``R1/3``, ``hearts 10``: a one-letter label sticks to its value."""
    value = f"{n.value}/{n.base}" if n.base is not None else str(n.value)
    return f"{n.label}{value}" if len(n.label) == 1 else f"{n.label} {value}"


def tokens(ts: Iterable[Token]) -> str:
    return ", ".join(f"{t.name} {t.count}" for t in ts)


def face_down(f: Face, t: Say) -> str:
    """A card the viewer may not see; its being exhausted is all there is to say (a face-up card's states
    are its tags, in the game's words)."""
    return t("face_down_exhausted") if f.exhausted else t("face_down")


def extras(f: Face, t: Say) -> list[str]:
    """A face's tokens and what is attached under it, in words."""
    out = [t("tokens", tokens=tokens(f.tokens))] if f.tokens else []
    if f.attachments:
        out.append(t("attached", cards=", ".join(face_short(a, t) for a in f.attachments)))
    return out


def face_line(f: Face, t: Say) -> str:
    """A card in play: ``Name · F2 R1/3 ♥1 I1 · keyword, state · tokens`` and what is attached under it."""
    if f.face_down:
        return face_down(f, t)
    bits = [t("owned", card=f.name, owner=f.owner) if f.owner else f.name]
    if f.numbers:
        bits.append(" ".join(number(n) for n in f.numbers))
    if f.tags:
        bits.append(", ".join(f.tags))
    return " · ".join(bits + extras(f, t))


def face_short(f: Face, t: Say) -> str:
    """A card with few numbers, in a line of many: ``Name (kind; tag)``."""
    if f.face_down:
        return face_down(f, t)
    name = t("owned", card=f.name, owner=f.owner) if f.owner else f.name
    what = "; ".join(x for x in (f.kind, ", ".join(f.tags), tokens(f.tokens)) if x)
    return f"{name} ({what})" if what else name


def face_summary(f: Face, t: Say) -> str:
    """A card in hand, with what matters: ``Name [character 1 · F2 R1 ♥1 I1 · Keyword]``."""
    if f.face_down:
        return face_down(f, t)
    bits = [b for b in (f.kind, f"{t('cost')} {f.cost}" if f.cost is not None else "",
                        " ".join(number(n) for n in f.numbers), ", ".join(f.tags)) if b]
    name = t("owned", card=f.name, owner=f.owner) if f.owner else f.name
    return " · ".join([f"{name} [{' · '.join(bits)}]" if bits else name, *extras(f, t)])


def _slot_text(s: Slot, t: Say, long: bool) -> str:
    inside = "—" if s.face is None else face_line(s.face, t) if long else face_short(s.face, t)
    if s.tokens:
        inside += " · " + t("tokens", tokens=tokens(s.tokens))
    return f"{s.label} {inside}" if s.label else inside


def slots_lines(r: Region, t: Say) -> list[str]:
    """One line for a single place or places of plain cards (``support: Z1 X (soul 2) · Z2 —``); a line per
    place when the cards have numbers (characters)."""
    long = any(s.face is not None and (s.face.numbers or s.face.attachments) for s in r.slots)
    extra = f" ({', '.join(number(n) for n in r.counters)})" if r.counters else ""
    if len(r.slots) == 1:
        return [f"  {r.label}{extra}: {_slot_text(r.slots[0], t, long)}"]
    if not long:
        return wrap(f"  {r.label}{extra}: ", [_slot_text(s, t, False) for s in r.slots])
    return [f"  {r.label}{extra}"] + [f"    {_slot_text(s, t, True)}" for s in r.slots]


def row_lines(r: Region, t: Say) -> list[str]:
    if not r.faces:
        return [f"  {t('empty_row', label=r.label)}"]
    if all(f.face_down for f in r.faces):
        return [f"  {t('count', label=r.label, n=len(r.faces))}"]
    return [f"  {t('row', label=r.label, n=len(r.faces))}"] + [f"    · {face_summary(f, t)}" for f in r.faces]


def pile_words(r: Region, t: Say) -> str:
    n = r.count if r.count is not None else len(r.faces)
    return t("count", label=r.label, n=n)


def side_lines(side: Side, t: Say, viewer: str | None) -> list[str]:
    """A side's title and counters, its piles (and hidden rows) by count, the top of each open pile, then its
    places and rows."""
    title = t("player" if viewer is None else "you" if side.you else "opponent", p=side.label)
    head = [title] + ([side.subtitle] if side.subtitle else []) + [number(n) for n in side.counters]
    lines = [" · ".join(head)]
    counted = [r for r in side.regions if r.kind == "pile" or (r.kind == "row" and r.hidden)]
    lines += wrap("  ", [pile_words(r, t) for r in counted])
    lines += [f"  {t('top', label=r.label, card=face_short(r.faces[-1], t))}"
              for r in counted if r.faces and not r.unordered and not r.faces[-1].face_down]
    rows = [r for r in side.regions if r.kind == "row" and not r.hidden]
    for r in side.regions:
        if r.kind == "slots":
            lines += slots_lines(r, t)
        elif r.kind == "stack":
            lines += [f"  {stack_text(r, t)}"]
    for r in rows:
        lines += row_lines(r, t)
    return lines + [f"  {note}" for note in side.notes]


def stack_text(r: Region, t: Say) -> str:
    """``Chain: A: call → B: Lance``: first put on first; the last resolves first."""
    links = [f"{f.owner}: {face_short(f.model_copy(update={'owner': None}), t)}" if f.owner else face_short(f, t)
             for f in r.faces]
    return f"{r.label}: {' → '.join(links) if links else '—'}"


def center_lines(r: Region, t: Say) -> list[str]:
    if r.kind == "stack":
        return [stack_text(r, t)]
    if r.kind == "slots":
        return [ln[2:] for ln in slots_lines(r, t)]
    if r.kind == "pile":
        return [pile_words(r, t)]
    return [ln[2:] for ln in row_lines(r, t)]


def order(board: Board) -> list[Side]:
    """The viewer's side last (below); a spectator's or a replay's in reverse seat order (A below)."""
    sides = list(board.sides)
    mine = [s for s in sides if s.you]
    if not mine:
        return sides[::-1]
    return [s for s in sides if not s.you] + mine


def header(board: Board, t: Say) -> str:
    if board.header:
        return board.header
    turn = board.turn if board.turn is not None else "?"
    if board.active is None:  # nobody's turn (Riders' initiative: both bid)
        return t("turn_header_both", turn=turn, phase=board.phase)
    active = board.active
    if board.viewer is not None:
        active = t("you_short" if board.active == board.viewer else "opp_short", p=board.active)
    return t("turn_header", turn=turn, active=active, phase=board.phase)


def render_board(board: Board, t: Say) -> list[str]:
    """The whole board: header, the sides (a rule between them), the shared regions, the table's state lines
    and, when another seat is choosing in secret, that it is."""
    lines = [HEAVY, header(board, t), HEAVY]
    for i, side in enumerate(order(board)):
        if i:
            lines.append(RULE)
        lines += side_lines(side, t, board.viewer)
    for r in board.center:
        lines += center_lines(r, t)
    lines += list(board.status)
    p = board.prompt
    if p is not None and p.secret and p.player != board.viewer:
        lines.append(t("secret_pending", p=p.player))
    lines.append(RULE)
    return lines
