"""Engine options (house rules) and what a new game takes from its decks (CH-0.3)."""

from __future__ import annotations

import dataclasses

import pytest

from tablero.core import BadInput, Rng, new_game
from tablero.games.choque.generate import generate_deck, generate_pool
from tablero.games.choque.options import DEFAULT_OPTIONS, parse_options


def test_options_parse_by_public_name_and_refuse_unknown_ones() -> None:
    assert parse_options(None) is DEFAULT_OPTIONS
    assert parse_options({"choque.ofrenda_optional": True}).ofrenda_optional is True
    assert parse_options({"choque.ofrenda_optional": True}).to_json() == {"choque.ofrenda_optional": True}
    assert DEFAULT_OPTIONS.to_json() == {}
    with pytest.raises(BadInput, match="unknown engine option 'choque.mulligan'"):
        parse_options({"choque.mulligan": True})
    with pytest.raises(BadInput, match="must be true or false"):
        parse_options({"choque.ofrenda_optional": "yes"})
    with pytest.raises(BadInput, match="must be a map"):
        parse_options(["choque.ofrenda_optional"])


def test_a_game_keeps_its_options_in_every_copy() -> None:
    rng = Rng(4)
    pool = generate_pool(rng)
    decks = [generate_deck(pool, rng), generate_deck(pool, rng)]
    g = new_game("choque", decks=decks, seed=1, options={"choque.ofrenda_optional": True})
    assert g.s.options.ofrenda_optional and g.clone().s.options.ofrenda_optional


def test_ch_0_3_a_new_game_takes_the_edition_both_decks_name() -> None:
    rng = Rng(5)
    pool = generate_pool(rng)
    legacy = [dataclasses.replace(generate_deck(pool, rng, "choque-legacy"), edition="choque-legacy")
              for _ in range(2)]
    g = new_game("choque", decks=legacy, seed=2)
    assert g.observe()["edition"] == "choque-legacy" and g.observe()["A"]["hearts"] == 6
    mixed = [legacy[0], dataclasses.replace(legacy[1], edition="choque-2026")]
    with pytest.raises(BadInput, match="not legal in choque-2026"):
        new_game("choque", decks=mixed, seed=2)  # decks that disagree: the default edition decides
