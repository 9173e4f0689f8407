"""CH-2 deck legality (``check_deck``) and the generated pools and decks that must always pass it.

Each test names the rule it covers so a failure points straight at the rulebook line.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from tablero.core import BadInput, Rng
from tablero.games.choque.cards import KEYWORDS, CardPool
from tablero.games.choque.deck import Deck, Violation, check_deck, limited_in_force
from tablero.games.choque.editions import get_edition
from tablero.games.choque.generate import generate_deck, generate_pool


def _pj(cid: str, name: str, value: int = 2) -> dict[str, Any]:
    return {"id": cid, "name": name, "type": "personaje", "value": value, "hearts": 1, "strength": 2,
            "resistance": 2}


def _amal(cid: str, name: str) -> dict[str, Any]:
    return {"id": cid, "name": name, "type": "amalgama", "value": 6, "hearts": 2, "strength": 5,
            "resistance": 5}


POOL = CardPool.from_dicts(
    [{"id": f"s{v}", "name": f"Alma {v}", "type": "alma", "value": v} for v in range(1, 7)]
    + [{"id": "s1b", "name": "Alma 1 bis", "type": "alma", "value": 1}]
    + [_pj(f"p{i:02d}", f"Héroe {i:02d}") for i in range(1, 21)]
    + [_pj("p01_reprint", "Héroe 01")]  # same name as p01: copy limits count by name (CH-1.1)
    + [{"id": "apoyo", "name": "Ofrenda", "type": "apoyo", "subtype": "normal"},
       {"id": "sector", "name": "Sector", "type": "sector"},
       {"id": "arena", "name": "Arena", "type": "arena"}]
    + [_amal(f"amal{i}", f"Amalgama {i}") for i in range(1, 7)]
    + [_amal("amal_p02", "Héroe 02")]
)


def legal(edition: str = "choque-2026", **overrides: Any) -> Deck:
    """A legal deck built by ids, with any part replaced by ``overrides`` (also given as ids)."""
    size = get_edition(edition).main_deck_size
    n_chars = (size - 1) // 3  # 13 characters ×3 + 1 apoyo = 40; 16 ×3 + apoyo + sector = 50
    main: list[str] = [f"p{i:02d}" for i in range(1, n_chars + 1) for _ in range(3)] + ["apoyo", "sector"]
    spec: dict[str, Any] = {
        "main": main[:size],
        "souls": {"s1": 3, "s2": 3, "s3": 3, "s4": 3, "s5": 3},
        "support": {"amal1": 1},
    }
    spec.update(overrides)
    return Deck.from_ids(POOL, spec["main"], spec["souls"], spec["support"], name="prueba", edition=edition)


def main_with(extra: list[str], edition: str = "choque-2026") -> list[str]:
    """A legal main deck with its last ``len(extra)`` cards replaced by ``extra`` (size unchanged)."""
    ids = [c.id for c in legal(edition).main]
    return ids[: len(ids) - len(extra)] + extra


def rules(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


# ----- baseline ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["choque-2026", "choque-legacy"])
def test_ch_2_legal_deck_has_no_violations(edition: str) -> None:
    assert check_deck(legal(edition), edition) == []


def test_ch_2_violation_str_is_rule_then_message() -> None:
    v = Violation("CH-2.2", "the soul deck has 2 souls of value 1; at least 3 are required")
    assert str(v) == "CH-2.2: the soul deck has 2 souls of value 1; at least 3 are required"
    assert v.card is None


# ----- CH-2.1 main deck -------------------------------------------------------------------------------

def test_ch_2_1_main_deck_size_is_exactly_40() -> None:
    deck = legal(main=main_with([])[:39])
    (v,) = check_deck(deck)
    assert v.rule == "CH-2.1"
    assert "39" in v.message and "40" in v.message


def test_ch_2_1_main_deck_of_41_is_too_big() -> None:
    deck = legal(main=main_with([]) + ["arena"])
    (v,) = check_deck(deck)
    assert v.rule == "CH-2.1" and "41" in v.message and "exactly 40" in v.message


def test_ch_2_1_legacy_edition_main_deck_is_exactly_50() -> None:
    """CH-0.3: the legacy edition's main deck is 50; the same deck is judged by the edition asked for."""
    legacy = legal("choque-legacy")
    assert len(legacy.main) == 50
    assert check_deck(legacy, "choque-legacy") == []
    assert check_deck(legacy, get_edition("choque-legacy")) == []  # an Edition object works too
    (v,) = check_deck(legacy, "choque-2026")
    assert v.rule == "CH-2.1" and "50" in v.message and "exactly 40" in v.message
    (v,) = check_deck(legal(), "choque-legacy")
    assert v.rule == "CH-2.1" and "40" in v.message and "exactly 50" in v.message
    assert "choque-legacy" in v.message


def test_ch_2_1_main_deck_rejects_souls_and_amalgams_naming_the_card() -> None:
    deck = legal(main=main_with(["s1b", "amal2", "amal2"]))
    vs = check_deck(deck)
    assert rules(vs) == ["CH-2.1", "CH-2.1"]
    by_card = {v.card: v for v in vs}
    assert set(by_card) == {"s1b", "amal2"}
    assert "1 copy of s1b" in by_card["s1b"].message and "soul deck" in by_card["s1b"].message
    assert "2 copies of amal2" in by_card["amal2"].message and "support deck" in by_card["amal2"].message


def test_ch_2_1_unknown_edition_is_bad_input() -> None:
    with pytest.raises(BadInput, match="CH-0.3"):
        check_deck(legal(), "choque-1999")


# ----- CH-2.2 soul deck -------------------------------------------------------------------------------

def test_ch_2_2_soul_deck_needs_three_of_each_low_value() -> None:
    deck = legal(souls={"s1": 2, "s2": 3, "s3": 3, "s4": 3, "s5": 3, "s6": 1})
    (v,) = check_deck(deck)
    assert str(v) == "CH-2.2: the soul deck has 2 souls of value 1; at least 3 are required"


def test_ch_2_2_soul_deck_missing_values_two_and_three_reports_both() -> None:
    deck = legal(souls={"s1": 3, "s1b": 3, "s2": 1, "s4": 3, "s5": 3, "s6": 2})
    vs = check_deck(deck)
    assert [str(v) for v in vs] == [
        "CH-2.2: the soul deck has 1 soul of value 2; at least 3 are required",
        "CH-2.2: the soul deck has 0 souls of value 3; at least 3 are required",
    ]


def test_ch_2_2_other_six_souls_may_be_any_value() -> None:
    deck = legal(souls={"s1": 3, "s1b": 3, "s2": 3, "s3": 3, "s6": 3})
    assert check_deck(deck) == []


@pytest.mark.parametrize("souls,count", [({"s1": 3, "s2": 3, "s3": 3, "s4": 3, "s5": 2}, 14),
                                         ({"s1": 3, "s2": 3, "s3": 3, "s4": 3, "s5": 3, "s6": 1}, 16)])
def test_ch_2_2_soul_deck_is_exactly_15(souls: dict[str, int], count: int) -> None:
    (v,) = check_deck(legal(souls=souls))
    assert v.rule == "CH-2.2" and f"has {count} cards" in v.message and "exactly 15" in v.message


def test_ch_2_2_soul_deck_holds_only_souls() -> None:
    deck = legal(souls={"s1": 3, "s2": 3, "s3": 3, "s4": 3, "s5": 2, "p20": 1})
    (v,) = check_deck(deck)
    assert v.rule == "CH-2.2" and v.card == "p20" and "only alma" in v.message


# ----- CH-2.3 support deck ----------------------------------------------------------------------------

def test_ch_2_3_support_deck_may_be_empty() -> None:
    assert check_deck(legal(support=[])) == []


def test_ch_2_3_support_deck_of_15_is_legal_and_16_is_not() -> None:
    fifteen = {f"amal{i}": 3 for i in range(1, 6)}
    assert check_deck(legal(support=fifteen)) == []
    (v,) = check_deck(legal(support={**fifteen, "amal6": 1}))
    assert v.rule == "CH-2.3" and "16" in v.message and "at most 15" in v.message


def test_ch_2_3_support_deck_holds_only_amalgams() -> None:
    (v,) = check_deck(legal(support=["amal1", "apoyo"]))
    assert v.rule == "CH-2.3" and v.card == "apoyo" and "only amalgama" in v.message


# ----- CH-2.4 copies ----------------------------------------------------------------------------------

def test_ch_2_4_at_most_three_copies_of_a_card() -> None:
    deck = legal(main=main_with(["p01"]))  # p01 now 4 copies
    (v,) = check_deck(deck)
    assert v.rule == "CH-2.4" and v.card == "p01"
    assert "4 copies of the name 'Héroe 01'" in v.message and "at most 3" in v.message


def test_ch_2_4_copies_count_by_name_across_card_ids() -> None:
    """A reprint under another id is the same name (CH-1.1): p01 ×3 plus p01_reprint ×1 is four."""
    (v,) = check_deck(legal(main=main_with(["p01_reprint"])))
    assert v.rule == "CH-2.4" and "4 copies" in v.message and "p01/p01_reprint" in v.message


def test_ch_2_4_copies_count_across_all_decks() -> None:
    """The three copies span main, soul and support decks together."""
    (v,) = check_deck(legal(support={"amal_p02": 1}))  # main already holds p02 ×3, same name
    assert v.rule == "CH-2.4"
    assert "4 copies of the name 'Héroe 02'" in v.message and "main 3, support 1" in v.message


def replaced(old: str, new: str, n: int) -> list[str]:
    """The legal 2026 main deck's ids with the first ``n`` copies of ``old`` swapped for ``new``."""
    ids = [c.id for c in legal().main]
    for _ in range(n):
        ids[ids.index(old)] = new
    return ids


@pytest.mark.parametrize("limit,word", [(0, "condenada"), (1, "limitada"), (2, "semilimitada")])
def test_ch_2_4_limited_list_lowers_the_limit(limit: int, word: str) -> None:
    (v,) = check_deck(legal(), limited={"p01": limit})  # the deck plays p01 ×3
    assert v.rule == "CH-2.4" and v.card == "p01"
    assert "3 copies" in v.message and word in v.message and f"at most {limit} cop" in v.message
    at_limit = legal(main=replaced("p01", "p20", 3 - limit))
    assert check_deck(at_limit, limited={"p01": limit}) == []


def test_ch_2_4_limit_of_a_name_is_the_lowest_among_its_ids() -> None:
    """Listing one printing restricts the whole name: a reprint in the deck, or via the pool for a
    listed id the deck does not play."""
    two = legal(main=replaced("p01", "p20", 1))  # p01 ×2
    assert check_deck(two, limited={"p01": 2}) == []
    (v,) = check_deck(two, limited={"p01": 2, "p01_reprint": 1}, pool=POOL)
    assert v.rule == "CH-2.4" and v.card == "p01_reprint"
    assert "limitada" in v.message and "2 copies" in v.message and "at most 1 copy" in v.message
    mixed = legal(main=replaced("p01", "p01_reprint", 1))  # p01 ×2 + p01_reprint ×1, no pool needed
    (v,) = check_deck(mixed, limited={"p01_reprint": 1})
    assert v.card == "p01_reprint" and "3 copies" in v.message and "at most 1 copy" in v.message


def test_ch_2_4_malformed_limited_list_is_bad_input() -> None:
    with pytest.raises(BadInput, match="CH-2.4"):
        check_deck(legal(), limited={"p01": -1})


# ----- CH-2.5 dated limited lists ---------------------------------------------------------------------

LISTS = {date(2026, 3, 1): {"p01": 1}, date(2026, 6, 1): {"p01": 2, "p02": 0}}


@pytest.mark.parametrize("on,expected", [
    (date(2026, 2, 28), {}),
    (date(2026, 3, 1), {"p01": 1}),
    (date(2026, 5, 31), {"p01": 1}),
    (date(2026, 6, 1), {"p01": 2, "p02": 0}),
    (date(2030, 1, 1), {"p01": 2, "p02": 0}),
])
def test_ch_2_5_limited_list_in_force_is_latest_on_or_before(on: date, expected: dict[str, int]) -> None:
    assert dict(limited_in_force(LISTS, on)) == expected


def test_ch_2_5_same_deck_judged_by_the_list_of_the_day() -> None:
    deck = legal()  # p01 ×3, p02 ×3
    assert check_deck(deck, limited=limited_in_force(LISTS, date(2026, 1, 1))) == []
    (v,) = check_deck(deck, limited=limited_in_force(LISTS, date(2026, 4, 1)))
    assert v.card == "p01" and "limitada" in v.message
    vs = check_deck(deck, limited=limited_in_force(LISTS, date(2026, 7, 1)))
    assert [(v.rule, v.card) for v in vs] == [("CH-2.4", "p01"), ("CH-2.4", "p02")]
    assert "semilimitada" in vs[0].message and "condenada" in vs[1].message


def test_ch_2_5_no_lists_means_no_limits() -> None:
    assert limited_in_force({}, date(2026, 3, 1)) == {}


# ----- CH-2.6 every violation at once -----------------------------------------------------------------

def test_ch_2_6_every_violation_reported_at_once() -> None:
    main = [c.id for c in legal().main][:36] + ["s6", "p01"]  # 38 cards, a soul, p01 ×4
    deck = legal(
        main=main,
        souls={"s1": 2, "s2": 3, "s3": 3, "s4": 3},  # 11 souls, only 2 of value 1
        support={**{f"amal{i}": 3 for i in range(1, 6)}, "apoyo": 1, "amal6": 1},  # 17, one an apoyo
    )
    vs = check_deck(deck, limited={"p02": 1})  # and p02 ×3 while limitada
    assert rules(vs) == ["CH-2.1", "CH-2.1", "CH-2.2", "CH-2.2", "CH-2.3", "CH-2.3", "CH-2.4", "CH-2.4"]
    text = "\n".join(map(str, vs))
    assert "CH-2.1: the main deck has 38 cards; exactly 40" in text
    assert "CH-2.1: the main deck holds 1 copy of s6" in text
    assert "CH-2.2: the soul deck has 11 cards; exactly 15" in text
    assert "CH-2.2: the soul deck has 2 souls of value 1; at least 3" in text
    assert "CH-2.3: the support deck has 17 cards; at most 15" in text
    assert "CH-2.3: the support deck holds 1 copy of apoyo" in text
    assert [v.card for v in vs if v.rule in ("CH-2.4",)] == ["p01", "p02"]
    assert "4 copies of the name 'Héroe 01'" in text and "p02 is limitada" in text


# ----- Deck.from_ids ----------------------------------------------------------------------------------

def test_from_ids_accepts_lists_and_count_maps_alike() -> None:
    as_list = Deck.from_ids(POOL, ["p01", "p01", "apoyo"], ["s1"], [])
    as_map = Deck.from_ids(POOL, {"p01": 2, "apoyo": 1}, {"s1": 1})
    assert as_list.main == as_map.main and as_list.souls == as_map.souls and as_map.support == []
    assert as_list.main[0] is POOL["p01"]  # shared references, never copies


def test_from_ids_unknown_ids_are_bad_input_naming_each_id() -> None:
    with pytest.raises(BadInput) as e:
        Deck.from_ids(POOL, ["p01", "nope_1"], {"nope_2": 3}, name="mazo")
    assert "nope_1" in str(e.value) and "nope_2" in str(e.value) and "mazo" in str(e.value)


def test_from_ids_bad_count_is_bad_input() -> None:
    with pytest.raises(BadInput, match="p01"):
        Deck.from_ids(POOL, {"p01": -1})


# ----- generated pools and decks ----------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["choque-2026", "choque-legacy"])
def test_ch_2_generated_decks_are_always_legal(edition: str) -> None:
    size = get_edition(edition).main_deck_size
    for seed in range(50):
        pool = generate_pool(Rng(seed))
        deck = generate_deck(pool, Rng(seed * 7919 + 1), edition)
        assert check_deck(deck, edition) == [], (seed, [str(v) for v in check_deck(deck, edition)])
        assert len(deck.main) == size and len(deck.souls) == 15 and deck.support == []
        assert deck.edition == edition
        n_chars = sum(c.type == "personaje" for c in deck.main)
        assert size // 2 < n_chars < size  # mostly characters, with some apoyos/sectors/arenas


def test_ch_8_generated_pool_covers_all_22_keywords() -> None:
    for seed in range(20):
        pool = generate_pool(Rng(seed), n_characters=22)
        seen = set().union(*(c.keywords for c in pool if c.type == "personaje"))
        assert seen == set(KEYWORDS), seed
        assert len(KEYWORDS) == 22


def test_generated_pool_shape() -> None:
    pool = generate_pool(Rng(3))
    chars = [c for c in pool if c.type == "personaje"]
    assert len(chars) == 30 and pool["gen_pj_07"].type == "personaje"
    assert [pool[f"alma_v{v}"].value for v in range(1, 6)] == [1, 2, 3, 4, 5]
    assert pool["alma_v1"].name == "Alma de Obsidiana"
    subtypes = sorted(c.subtype or "" for c in pool if c.type == "apoyo")
    assert subtypes == ["continuo", "equipo", "normal", "rapido"]
    assert sum(c.type == "sector" for c in pool) == 2 and sum(c.type == "arena" for c in pool) == 2
    assert len({c.name for c in pool}) == len(pool)  # distinct names: copy limits count by name
    assert any(c.is_god for c in chars) and sum(c.value <= 6 for c in chars) > len(chars) // 2
    for c in chars:
        assert 1 <= c.value <= 10 and 1 <= c.hearts <= 3 and 1 <= c.impact <= 2
        assert 1 <= c.strength <= 9 and 1 <= c.resistance <= 9 and len(c.keywords) <= 2
        if "clarividencia" in c.keywords:
            assert 1 <= c.params["clarividencia"] <= 3


def test_generation_is_deterministic_for_a_seed() -> None:
    def dump(seed: int) -> tuple[list[dict[str, Any]], list[str], list[str]]:
        pool = generate_pool(Rng(seed))
        deck = generate_deck(pool, Rng(seed + 1))
        return [c.to_json() for c in pool], [c.id for c in deck.main], [c.id for c in deck.souls]

    assert dump(11) == dump(11)
    assert dump(11) != dump(12)


def test_generate_deck_from_too_small_pool_is_bad_input() -> None:
    with pytest.raises(BadInput, match="CH-2.1"):
        generate_deck(generate_pool(Rng(0), n_characters=3), Rng(0), "choque-legacy")
