"""Generated cards and legal decks, for random games, demos and property tests.

No official card list ships yet, yet the engine must be exercised on every keyword and on decks that
really are legal. This module makes a plausible pool and CH-2-legal decks from a seeded ``Rng`` only, so
a (seed, n) pair always yields the same pool and decks: a failing property test can be replayed exactly
(CH-11.3 spirit). It never touches the ``random`` module, whose global state would break that.
"""

from __future__ import annotations

from typing import Any

from tablero.core import BadInput, Rng

from .cards import CardDef, CardPool
from .deck import MAIN_TYPES, MAX_COPIES, SOUL_DECK_SIZE, SOUL_MINIMUMS, Deck
from .editions import get_edition
from .terms import APOYO_SUBTYPES, KEYWORDS, PARAM_KEYWORDS

SOUL_NAMES = {
    1: "Alma de Obsidiana", 2: "Alma de Jade", 3: "Alma de Turquesa", 4: "Alma de Ámbar", 5: "Alma de Oro",
}
_TITLES = ("Guerrero", "Caballero", "Hechicera", "Guardián", "Centinela", "Sombra", "Capitana",
           "Luchador", "Profeta", "Vigía", "Cazadora", "Titán")
_GOD_TITLES = ("Dios", "Diosa", "Señor", "Señora")
_EPITHETS = ("Jaguar", "Águila", "del Volcán", "de la Niebla", "del Desierto", "de Plata", "del Trueno",
             "de Obsidiana", "de la Luna", "del Mictlán", "de Fuego", "del Norte")
_APOYOS = {
    "normal": "Ofrenda de Copal", "continuo": "Códice Sagrado", "equipo": "Macuahuitl",
    "rapido": "Grito de Guerra",
}
_SECTORS = ("Sector Tlatelolco", "Sector Xochimilco")
_ARENAS = ("Arena Teotihuacan", "Arena Monte Albán")


def _clamp(x: int, lo: int, hi: int) -> int:
    return max(lo, min(hi, x))


def _mortal_value(rng: Rng) -> int:
    """Call value of a non-god: mostly 1–6 so decks are playable, about one in five 7–8."""
    return 1 + rng.below(6) if rng.below(5) else 7 + rng.below(2)


def _values(rng: Rng, n: int) -> list[int]:
    """Values for ``n`` characters with a few gods (CH-1.3, value ≥ 9): one per ten characters,
    rounded (so one from five characters up), at rng-chosen positions. A fixed count, rather than a
    per-card chance, keeps every seed's pool balanced instead of some seeds being half gods."""
    values = [_mortal_value(rng) for _ in range(n)]
    positions = list(range(n))
    rng.shuffle(positions)
    for i in positions[: (n + 5) // 10]:
        values[i] = 9 + rng.below(2)
    return values


def _unique_name(rng: Rng, value: int, used: set[str]) -> str:
    """A Spanish-sounding name not used yet: copy limits count by name (CH-2.4), so two different
    generated cards must never share one by accident."""
    titles = _GOD_TITLES if value >= 9 else _TITLES
    for _ in range(20):
        name = f"{rng.choice(list(titles))} {rng.choice(list(_EPITHETS))}"
        if name not in used:
            used.add(name)
            return name
    base = f"{rng.choice(list(titles))} {rng.choice(list(_EPITHETS))}"
    n = 2
    while f"{base} {n}" in used:
        n += 1
    used.add(f"{base} {n}")
    return f"{base} {n}"


def _keyword_entry(kw: str, rng: Rng) -> Any:
    """The card-file form of a keyword: a plain id, or a one-key map when it carries a number."""
    return {kw: 1 + rng.below(3)} if kw in PARAM_KEYWORDS else kw


def generate_pool(rng: Rng, n_characters: int = 30, effects: bool = False) -> CardPool:
    """A validated pool: souls ``alma_v1``…``alma_v5``, ``n_characters`` personajes ``gen_pj_NN``, one
    effect-less apoyo per subtype, two sectors and two arenas.

    Keyword ``i`` (in an rng-shuffled order) goes to character ``i`` first, so every one of the 22
    keywords is on some card once ``n_characters >= 22``: tests that sweep keywords can rely on it.
    Cards go through ``card_from_dict`` (via ``CardPool.from_dicts``) so generated data obeys the same
    validation as hand-written card files.
    """
    if n_characters < 0:
        raise ValueError(f"n_characters must be >= 0, got {n_characters}")
    raws: list[dict[str, Any]] = [
        {"id": f"alma_v{v}", "name": name, "type": "alma", "value": v} for v, name in SOUL_NAMES.items()
    ]
    used = set(SOUL_NAMES.values()) | set(_APOYOS.values()) | set(_SECTORS) | set(_ARENAS)
    order = list(KEYWORDS)
    rng.shuffle(order)
    values = _values(rng, n_characters)
    width = max(2, len(str(n_characters)))
    for i, value in enumerate(values):
        base = 1 + value * 7 // 10  # loose scaling: value 1 → 1, value 6 → 5, value 10 → 8
        kws: list[str] = [order[i]] if i < len(order) else []
        target = (1 + rng.below(2)) if kws else rng.below(3)
        while len(kws) < target:
            kw = rng.choice(list(KEYWORDS))
            if kw not in kws:
                kws.append(kw)
        raws.append({
            "id": f"gen_pj_{i + 1:0{width}d}",
            "name": _unique_name(rng, value, used),
            "type": "personaje",
            "value": value,
            "hearts": (2 + rng.below(2)) if value >= 9 else 1 + rng.below(3),
            "strength": _clamp(base + rng.below(3) - 1, 1, 9),
            "resistance": _clamp(base + rng.below(3) - 1, 1, 9),
            "impact": 2 if (value >= 7 and rng.below(2)) or rng.below(6) == 0 else 1,
            "keywords": [_keyword_entry(k, rng) for k in kws],
        })
    for subtype in APOYO_SUBTYPES:
        raws.append({"id": f"gen_apoyo_{subtype}", "name": _APOYOS[subtype], "type": "apoyo",
                     "subtype": subtype})
    for i, name in enumerate(_SECTORS, 1):
        raws.append({"id": f"gen_sector_{i}", "name": name, "type": "sector"})
    for i, name in enumerate(_ARENAS, 1):
        raws.append({"id": f"gen_arena_{i}", "name": name, "type": "arena"})
    if effects:
        from .generate_effects import EFFECT_CARDS

        raws.extend(EFFECT_CARDS)
    return CardPool.from_dicts(raws, where="generated cards")


class _Copies:
    """Copies left per card name across all three decks (CH-2.4), shared by every pick."""

    def __init__(self) -> None:
        self.left: dict[str, int] = {}

    def available(self, cards: list[CardDef]) -> list[CardDef]:
        return [c for c in cards if self.left.get(c.name, MAX_COPIES) > 0]

    def take(self, card: CardDef, n: int) -> int:
        n = min(n, self.left.get(card.name, MAX_COPIES))
        self.left[card.name] = self.left.get(card.name, MAX_COPIES) - n
        return n


def _fill(rng: Rng, copies: _Copies, out: list[CardDef], need: int, cards: list[CardDef]) -> int:
    """Add up to ``need`` cards picked from ``cards`` in runs of 1–3 copies (real decks play sets, not
    singletons); returns how many are still missing when the candidates ran out."""
    while need > 0:
        avail = copies.available(cards)
        if not avail:
            break
        card = rng.choice(avail)
        n = copies.take(card, min(need, 1 + rng.below(MAX_COPIES)))
        out.extend([card] * n)
        need -= n
    return need


def generate_deck(pool: CardPool, rng: Rng, edition: str = "choque-2026", name: str = "") -> Deck:
    """A random deck that ``check_deck`` accepts under ``edition`` (no limited list).

    15 souls with at least three each of values 1, 2 and 3 (CH-2.2); a main deck of exactly the
    edition's size (CH-2.1), about a fifth to three tenths apoyos/sectors/arenas and the rest characters;
    an empty support deck (CH-2.3); never more than three copies of a name (CH-2.4). Uses only ``rng``
    and the pool's (insertion) order, so the same rng state and pool give the same deck. Raises
    ``BadInput`` if the pool is too small to make a legal deck.
    """
    ed = get_edition(edition)
    cards = list(pool)
    souls_pool = [c for c in cards if c.type == "alma"]
    chars = [c for c in cards if c.type == "personaje"]
    others = [c for c in cards if c.type in MAIN_TYPES and c.type != "personaje"]
    copies = _Copies()

    souls: list[CardDef] = []
    for value, minimum in SOUL_MINIMUMS.items():
        if _fill(rng, copies, souls, minimum, [s for s in souls_pool if s.value == value]):
            raise BadInput(f"CH-2.2: the pool lacks enough souls of value {value} for a legal deck "
                           f"(need {minimum}, at most {MAX_COPIES} per name)")
    if _fill(rng, copies, souls, SOUL_DECK_SIZE - len(souls), souls_pool):
        raise BadInput(f"CH-2.2: the pool's souls cannot fill a {SOUL_DECK_SIZE}-card soul deck "
                       f"at {MAX_COPIES} copies per name")

    size = ed.main_deck_size
    main: list[CardDef] = []
    _fill(rng, copies, main, size // 5 + rng.below(size // 10 + 1), others)  # short is fine here
    missing = _fill(rng, copies, main, size - len(main), chars)
    missing = _fill(rng, copies, main, missing, others)
    if missing:
        raise BadInput(f"CH-2.1: the pool cannot fill a {size}-card main deck at {MAX_COPIES} copies "
                       f"per name ({len(main)} possible)")

    support: list[CardDef] = []
    amalgams = [c for c in cards if c.type == "amalgama"]
    if amalgams:
        _fill(rng, copies, support, 2 + rng.below(5), amalgams)  # CH-2.3: 0 to 15

    type_rank = {t: i for i, t in enumerate(MAIN_TYPES)}
    main.sort(key=lambda c: (type_rank[c.type], c.value, c.id))  # grouped like a printed deck list
    souls.sort(key=lambda c: (c.value, c.id))
    return Deck(name=name or f"Mazo generado ({ed.name})", main=main, souls=souls, support=support,
                edition=ed.name)
