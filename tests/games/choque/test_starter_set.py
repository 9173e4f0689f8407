"""The shipped starter set ("Primer Choque") covers what issue 4 asks of it, and every card is played by a
scenario file that asserts its effect (scenarios/starter/)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import yaml

from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.terms import APOYO_SUBTYPES, KEYWORDS, TYPES

POOL = list(shipped_pool())
SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "starter"


def test_size_types_and_subtypes() -> None:
    assert len(POOL) >= 90
    types = Counter(c.type for c in POOL)
    assert set(types) == set(TYPES)  # CH-1: all six types
    assert types["amalgama"] >= 6 and types["sector"] >= 6 and types["arena"] >= 6
    assert {c.subtype for c in POOL if c.type == "apoyo"} == set(APOYO_SUBTYPES)  # CH-1.5
    assert {c.value for c in POOL if c.type == "alma"} == {1, 2, 3, 4, 5}  # CH-1.4
    assert any(c.type == "personaje" and c.value >= 9 for c in POOL)  # CH-1.3 gods


def test_every_keyword_and_ability_category() -> None:
    on_characters = set().union(*(c.keywords for c in POOL if c.type == "personaje"))
    assert on_characters == set(KEYWORDS)  # CH-8: all 22 on some character
    categories = {ab.category for c in POOL for ab in c.fx.abilities}
    assert {"disparo", "encendido", "rapido"} <= categories
    assert any(c.fx.static for c in POOL if c.type == "personaje")  # continuo (CH-7.1)


def test_original_names_in_spanish_with_english_translations() -> None:
    assert len({c.name for c in POOL}) == len(POOL)
    assert len({c.number for c in POOL}) == len(POOL)
    for c in POOL:
        assert c.set == "Primer Choque", c.id
        en = c.raw.get("en")
        assert isinstance(en, dict) and en.get("name") and en.get("text"), c.id
        assert c.text, c.id


def test_every_starter_card_is_played_in_a_scenario() -> None:
    """Each card id appears in the position or the actions of some scenario under scenarios/starter/."""
    mentioned: set[str] = set()
    files = sorted(SCENARIOS.rglob("*.yaml"))
    assert files
    for f in files:
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        text = yaml.safe_dump({"state": doc.get("state"), "actions": doc.get("actions")})
        mentioned.update(re.findall(r"[a-z0-9_]+", text))
        assert doc.get("expect"), f"{f}: a starter scenario must assert something"
    missing = sorted(c.id for c in POOL if c.id not in mentioned)
    assert not missing, f"starter cards in no scenario: {missing}"
