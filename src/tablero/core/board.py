"""The one board schema every game's view is drawn from (``GamePlugin.board``): the terminal's text renderer
(``play/board.py``) and the browser's (``web/board.js``) draw any game's table from it and hold no word of
any game.

A board is what one viewer may see, already in their language: two (or more) **sides**, each with
**counters** (hearts, life, resources) and **regions**, and the **center** regions both sides share (a chain
or stack, the Places of a board game). A region is one of four kinds:

- ``slots``: fixed places, each with a label and at most one face (Choque's C1–C4 and Z1–Z5, a Riders Place's
  unit slots);
- ``row``: faces side by side, in order (a hand, Azeroth's hero row, the items on a Place);
- ``pile``: a stack seen from the top: how many cards, and the faces the viewer may see (a deck shows only its
  count; a Mictlán or graveyard shows its cards, top last);
- ``stack``: links in the order they were put on (a chain; the last resolves first).

A **face** is one card as the viewer sees it: its name and kind, labelled numbers (``F 3``, ``R 2/3``, each
with an optional generic icon), tags (keywords and states, already in words), its keywords explained (name,
what it does, its rule id), tokens, the faces attached under it (equipment, armor), exhausted or not, and
``face_down`` when the viewer may not see it (then it carries no name, card id, type, text or keyword). Its
``type`` is a stable id of its card type (the browser colours the frame by it), ``cost`` or ``value`` the
number in its corner.

A row region whose id is ``hand`` is drawn as its side's hand (a fan of cards; backs when ``hidden``), and
``strikes`` are drawn as arrows from an attacking place to the places it hits.

Labels are words for people; ``id`` and ``ref`` are for programs (the action a click sends names a ``ref``).
The schema is pydantic so that a game's projection, a test fixture or the server's envelope is checked
against it the same way; it is not compiled (the engine never calls it in a search)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Number(_Strict):
    """A labelled number of a face or a counter: ``R 2/3`` is ``label="R", value=2, base=3``."""

    label: str
    value: int | str
    base: int | str | None = None  # the printed value, when the current one differs
    ref: str | None = None  # a counter an action may aim at (Choque's hearts, a direct attack's target)
    # what it measures, as a picture the browser draws beside it: one of the generic names of ``ICONS``
    icon: str | None = None

    @model_validator(mode="after")
    def _icon_is_drawn(self) -> Number:
        if self.icon is not None and self.icon not in ICONS:
            raise ValueError(f"no icon {self.icon!r}: one of {sorted(ICONS)}")
        return self


# the pictures a number may be drawn with (web/icons.js draws each; any game may use any of them)
ICONS = frozenset({"heart", "sword", "shield", "life", "star", "burst", "coin", "flame", "drop", "card"})


class Keyword(_Strict):
    """A keyword of a face, with what it does in the viewer's words and the rule that says it (``CH-8``): a
    player may ask what any keyword means without leaving the table."""

    name: str  # as printed on the card, with its number ("Clarividencia 2")
    text: str = ""
    rule: str = ""


class Token(_Strict):
    """Tokens on a face or a region (counters on a card, power tokens, the Favor token)."""

    name: str
    count: int = 1


class Face(_Strict):
    """One card as the viewer sees it."""

    ref: str | None = None  # where it is, as the game's actions name it ("A.C1"); None when no action can
    card: str | None = None  # the card id; None when face-down
    name: str = ""
    face_down: bool = False
    kind: str = ""  # the card's type in words ("personaje 3", "arma")
    type: str = ""  # the card's type as a stable id ("personaje", "god"): its frame's colour in the browser
    cost: int | str | None = None
    value: int | str | None = None  # the number in the card's corner when it is not a cost (a value, a level)
    numbers: tuple[Number, ...] = ()
    tags: tuple[str, ...] = ()
    keywords: tuple[Keyword, ...] = ()  # its keywords explained (their names may also be among its tags)
    tokens: tuple[Token, ...] = ()
    attachments: tuple[Face, ...] = ()  # the faces under it (equipment, armor, a gained card)
    exhausted: bool = False  # turned sideways (the browser); a face-up card's states in words are its tags
    owner: str | None = None  # a seat, when the card is not its side's own
    text: str = ""

    @model_validator(mode="after")
    def _hidden_face_tells_nothing(self) -> Face:
        told = (self.card, self.name, self.text, self.numbers, self.tags, self.kind, self.type, self.keywords)
        if self.face_down and (any(told) or self.cost is not None or self.value is not None):
            raise ValueError("a face-down face carries no card, name, text, numbers, tags, kind, type, keywords, "
                             "cost or value")
        return self


class Slot(_Strict):
    """A fixed place of a ``slots`` region: its label and what is in it (``None``: empty)."""

    label: str
    ref: str | None = None
    face: Face | None = None
    tokens: tuple[Token, ...] = ()


class Region(_Strict):
    """A zone of a side or of the center."""

    id: str  # stable among the board's regions, for programs and styles ("hand", "C", "chain")
    label: str
    kind: Literal["slots", "row", "pile", "stack"]
    slots: tuple[Slot, ...] = ()  # kind "slots"
    faces: tuple[Face, ...] = ()  # rows, piles (top last) and stacks (first put on first)
    count: int | None = None  # how many cards, when the viewer sees the number and not (all) the faces
    counters: tuple[Number, ...] = ()
    tokens: tuple[Token, ...] = ()
    hidden: bool = False  # the viewer sees only ``count`` (an opponent's hand, a deck)
    unordered: bool = False  # a pile its owner picks from, whose order tells nothing (no top to show)

    @model_validator(mode="after")
    def _kind_holds_what_it_says(self) -> Region:
        if self.slots and self.kind != "slots":
            raise ValueError(f"region {self.id!r} of kind {self.kind!r} has slots")
        if self.hidden and any(not f.face_down for f in self.faces):
            raise ValueError(f"hidden region {self.id!r} shows a face")
        return self


class Side(_Strict):
    """One seat's half of the table."""

    seat: str
    label: str  # "YOU (A)", "PLAYER B"
    you: bool = False
    active: bool = False
    subtitle: str = ""  # its deck's name, a hero
    counters: tuple[Number, ...] = ()
    regions: tuple[Region, ...] = ()
    notes: tuple[str, ...] = ()  # what the viewer knows beyond the regions ("you know they hold: ...")


class Prompt(_Strict):
    """The pending decision as the board shows it."""

    player: str
    kind: str
    text: str = ""
    optional: bool = False
    secret: bool = False  # a hidden choice (a bid): the other seats see only that it is pending
    waiting: bool = False  # ``text`` tells another seat or a spectator what the deciding player is doing


class Strike(_Strict):
    """An attack the board draws as an arrow: from the place attacking to the places it hits (a battle under
    way, or the last attack of the turn)."""

    source: str
    targets: tuple[str, ...] = ()


class Board(_Strict):
    """What one viewer sees of one game, in their language."""

    game: str
    viewer: str | None = None  # a seat, or None for a spectator or a replay's full view
    lang: str = "en"
    header: str = ""  # "Turn 3 · A plays · action phase"
    turn: int | None = None
    active: str | None = None
    phase: str = ""  # in words, whole ("action phase", "fase de acción")
    sides: tuple[Side, ...] = Field(min_length=1)
    center: tuple[Region, ...] = ()
    status: tuple[str, ...] = ()  # lines about the whole table ("Battle under way: ...")
    marked: tuple[str, ...] = ()  # the refs drawn under attack (a battle's targets)
    strikes: tuple[Strike, ...] = ()  # the attacks drawn as arrows, by refs
    prompt: Prompt | None = None
    winner: str | None = None

    def side(self, seat: str) -> Side:
        """The side of ``seat`` (KeyError if the board has none)."""
        for s in self.sides:
            if s.seat == seat:
                return s
        raise KeyError(seat)

    def faces(self, kinds: frozenset[str] = frozenset({"slots", "row", "pile", "stack"})) -> list[Face]:
        """Every face in regions of ``kinds``, in board order, attachments after their host: what a leak
        test reads, and the cards whose text a player may ask for."""
        out: list[Face] = []
        regions = [r for s in self.sides for r in s.regions] + list(self.center)
        for r in regions:
            if r.kind in kinds:
                for f in [sl.face for sl in r.slots if sl.face is not None] + list(r.faces):
                    _walk(f, out)
        return out


def _walk(f: Face, out: list[Face]) -> None:
    out.append(f)
    for a in f.attachments:
        _walk(a, out)
