"""docs/cards.md, the card designer's guide: every example card validates, and the guide covers the vocabulary.

The vocabulary tables are imported, so adding a trigger, cost, verb, filter key or condition to
``effects/vocabulary.py`` without documenting it (and, for triggers, costs and verbs, without an example card
using it) makes this test fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from tablero.games.choque.cards import CardDef, CardPool, validate_card
from tablero.games.choque.effects.schema import Ability
from tablero.games.choque.effects.vocabulary import CATEGORIES, CONDITIONS, COSTS, FILTER_KEYS, TRIGGERS, VERBS
from tablero.games.choque.terms import APOYO_SUBTYPES, TYPES

DOC = Path(__file__).resolve().parents[3] / "docs" / "cards.md"
_YAML_BLOCK = re.compile(r"^```yaml[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _blocks() -> list[str]:
    return _YAML_BLOCK.findall(_text())


def _raw_cards(block: str) -> list[Any]:
    doc = yaml.safe_load(block)
    if isinstance(doc, dict) and set(doc) == {"cards"}:  # the file format's other form: {cards: [...]}
        doc = doc["cards"]
    assert isinstance(doc, list) and doc, f"a yaml block must be a list of cards:\n{block}"
    return doc


def _all_cards() -> list[CardDef]:
    cards = []
    for block in _blocks():
        for raw in _raw_cards(block):
            card, problems = validate_card(raw)
            assert card is not None and not problems, (raw.get("id") if isinstance(raw, dict) else raw, problems)
            cards.append(card)
    return cards


def _abilities(card: CardDef) -> Iterator[Ability]:
    yield from card.fx.abilities
    if card.fx.effect is not None:
        yield card.fx.effect


def _filters(card: CardDef) -> Iterator[Mapping[str, Any]]:
    for ab in _abilities(card):
        for t in ab.targets:
            yield t.filter
        for op in (*ab.cost, *ab.ops):
            if isinstance(op.args.get("filter"), Mapping):
                yield op.args["filter"]
            tgt = op.args.get("target")
            if isinstance(tgt, Mapping):
                yield tgt["all"]
    for st in card.fx.static:
        yield st.affects
    if card.fx.equip is not None:
        yield card.fx.equip
    for m in card.fx.materials:
        yield m.filter


def _conditions(card: CardDef) -> Iterator[str]:
    for ab in _abilities(card):
        yield from ab.condition
    for st in card.fx.static:
        yield from st.condition


def test_the_guide_has_at_least_15_examples() -> None:
    assert len(_blocks()) >= 15


@pytest.mark.parametrize("block", _blocks(), ids=lambda b: str(_raw_cards(b)[0].get("id")))
def test_every_example_card_validates(block: str) -> None:
    for raw in _raw_cards(block):
        card, problems = validate_card(raw)
        assert card is not None, raw
        assert problems == [], f"{raw.get('id')}: {problems}"


def test_example_ids_are_unique_so_the_examples_load_as_one_pool() -> None:
    raws = [raw for block in _blocks() for raw in _raw_cards(block)]
    assert len(CardPool.from_dicts(raws, "docs/cards.md")) == len(raws)


def test_examples_use_every_trigger_cost_and_verb() -> None:
    cards = _all_cards()
    abilities = [ab for c in cards for ab in _abilities(c)]
    assert set(TRIGGERS) - {ab.trigger for ab in abilities} == set(), "triggers without an example"
    assert set(COSTS) - {op.verb for ab in abilities for op in ab.cost} == set(), "costs without an example"
    assert set(VERBS) - {op.verb for ab in abilities for op in ab.ops} == set(), "verbs without an example"


def test_examples_use_every_filter_key_condition_category_type_and_subtype() -> None:
    cards = _all_cards()
    assert set(FILTER_KEYS) - {k for c in cards for f in _filters(c) for k in f} == set()
    assert set(CONDITIONS) - {k for c in cards for k in _conditions(c)} == set()
    assert set(CATEGORIES) - {ab.category for c in cards for ab in _abilities(c)} == set()
    assert set(TYPES) - {c.type for c in cards} == set()
    assert set(APOYO_SUBTYPES) - {c.subtype for c in cards if c.type == "apoyo"} == set()
    assert {"own", "opponent", "either"} == {c.fx.placement for c in cards if c.type == "sector"}
    assert {"own", "opponent", "both"} == {c.fx.scope for c in cards if c.type == "arena"}


def _section(heading: str) -> str:
    """The text under the ``## heading`` line, up to the next ``## `` heading."""
    m = re.search(rf"^## {re.escape(heading)}[^\n]*\n(.*?)(?=^## |\Z)", _text(), re.MULTILINE | re.DOTALL)
    assert m, f"docs/cards.md has no section '## {heading}'"
    return m.group(1)


def _row(section: str, name: str) -> str:
    m = re.search(rf"^\| `{re.escape(name)}` \|[^\n]*$", section, re.MULTILINE)
    assert m, f"no table row for `{name}`"
    return m.group(0)


@pytest.mark.parametrize("heading,table", [
    ("Triggers", TRIGGERS), ("Costs", COSTS), ("Verbs", VERBS),
])
def test_reference_tables_list_every_name_with_its_parameters(heading: str, table: Mapping[str, Any]) -> None:
    section = _section(heading)
    for name, params in table.items():
        row = _row(section, name)
        for param in params:
            assert f"`{param}`" in row, f"{heading}: the row of `{name}` does not mention `{param}`"


@pytest.mark.parametrize("heading,table", [("Filters", FILTER_KEYS), ("Conditions", CONDITIONS)])
def test_filter_keys_and_conditions_are_documented(heading: str, table: Mapping[str, Any]) -> None:
    section = _section(heading)
    for name in table:
        _row(section, name)
