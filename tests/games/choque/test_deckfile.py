"""Deck files, limited lists and `tablero deck list/export/check` (CH-2.1 to CH-2.6).

Test decks are written from the shipped starter set, so every card id is real; each test breaks one rule
and checks that the command names it with the rule id and the numbers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from tablero.cli import main
from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.deck import check_deck
from tablero.games.choque.deckfile import (
    list_in_force,
    load_deck,
    load_limited,
    shipped_decks,
    shipped_limited_lists,
)

POOL = shipped_pool()


def _ids(type_: str, n: int, value: int | None = None) -> list[str]:
    out = [c.id for c in POOL if c.type == type_ and (value is None or c.value == value)]
    assert len(out) >= n, (type_, value, out)
    return out[:n]


def legal_deck(**override: Any) -> dict[str, Any]:
    """A legal choque-2026 deck: 14 characters x3 minus 2 = 40, 15 souls (3+3+3 of values 1-3, 6 more)."""
    chars = _ids("personaje", 14)
    main_ = {cid: 3 for cid in chars[:13]}
    main_[chars[13]] = 1
    souls: dict[str, int] = {}
    for v in (1, 2, 3):
        souls[_ids("alma", 1, v)[0]] = 3
    extra = [c.id for c in POOL if c.type == "alma" and c.value >= 4]
    souls[extra[0]] = 3
    souls[extra[1]] = 3
    doc = {"name": "Mazo de prueba", "edition": "choque-2026", "main": main_, "souls": souls,
           "support": {_ids("amalgama", 1)[0]: 2}}
    doc.update(override)
    return doc


def write(tmp_path: Path, doc: Any, name: str = "deck.yaml") -> Path:
    p = tmp_path / name
    p.write_text(doc if isinstance(doc, str) else yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return p


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def check(path: Path, *extra: str) -> Any:
    return run("deck", "check", str(path), *extra)


# --- the shipped decks ---------------------------------------------------------------------------------

def test_shipped_decks_are_legal_today_and_under_every_shipped_list() -> None:
    decks = shipped_decks()
    assert len([d for d in decks.values() if d.deck.edition == "choque-2026"]) >= 4
    assert any(d.deck.edition == "choque-legacy" and len(d.deck.main) == 50 for d in decks.values())
    lists = shipped_limited_lists()
    for d in decks.values():
        assert d.strategy and d.description and d.en.get("name"), d.id
        for lst in [None, *lists.values()]:
            limits = lst.limits if lst is not None else {}
            assert check_deck(d.deck, d.deck.edition or "", limits, pool=POOL) == [], (d.id, lst)


def test_deck_list_prints_one_line_per_shipped_deck_id_first() -> None:
    r = run("deck", "list")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert [ln.split()[0] for ln in lines] == list(shipped_decks())
    rows = json.loads(run("deck", "list", "--json").output)
    assert {r["id"] for r in rows} == set(shipped_decks())
    assert all(r["main"] in (40, 50) and r["souls"] == 15 for r in rows)


def test_deck_export_prints_the_file_and_it_loads_back(tmp_path: Path) -> None:
    for deck_id, d in shipped_decks().items():
        r = run("deck", "export", deck_id)
        assert r.exit_code == 0
        again = load_deck(write(tmp_path, r.output, f"{deck_id}.yaml"), POOL)
        assert [c.id for c in again.deck.main] == [c.id for c in d.deck.main]
        assert check(tmp_path / f"{deck_id}.yaml").exit_code == 0
    r = run("deck", "export", "no_such_deck")
    assert r.exit_code == 2 and "no shipped deck 'no_such_deck'" in r.output


# --- CH-2.1 to CH-2.4 ---------------------------------------------------------------------------------

def test_legal_deck_exit_0(tmp_path: Path) -> None:
    r = check(write(tmp_path, legal_deck()))
    assert r.exit_code == 0, r.output
    assert "legal" in r.output.splitlines()[-1]


def test_ch_2_1_main_deck_size_and_types(tmp_path: Path) -> None:
    doc = legal_deck()
    first = next(iter(doc["main"]))
    doc["main"][first] = 1  # 38 cards
    doc["main"][_ids("alma", 1, 5)[0]] = 1  # a soul in the main deck
    r = check(write(tmp_path, doc))
    assert r.exit_code == 1
    assert "CH-2.1: the main deck has 39 cards; exactly 40 are required in edition choque-2026" in r.output
    assert "CH-2.1: the main deck holds 1 copy of" in r.output and "go in the soul deck" in r.output
    # the same deck is 11 short under the legacy edition (50 cards)
    r = check(tmp_path / "deck.yaml", "--edition", "choque-legacy")
    assert "exactly 50 are required in edition choque-legacy" in r.output


def test_ch_2_2_soul_deck_size_minimums_and_types(tmp_path: Path) -> None:
    doc = legal_deck()
    v1 = _ids("alma", 1, 1)[0]
    doc["souls"][v1] = 2
    doc["souls"][_ids("personaje", 20)[19]] = 1
    r = check(write(tmp_path, doc))
    assert r.exit_code == 1
    assert "CH-2.2: the soul deck has 2 souls of value 1; at least 3 are required" in r.output
    assert "the soul deck takes only alma cards" in r.output
    doc["souls"] = {v1: 3}
    r = check(write(tmp_path, doc))
    assert "CH-2.2: the soul deck has 3 cards; exactly 15 souls are required" in r.output
    assert "CH-2.2: the soul deck has 0 souls of value 2; at least 3 are required" in r.output


def test_ch_2_3_support_deck_size_and_types(tmp_path: Path) -> None:
    amalgams = _ids("amalgama", 6)
    doc = legal_deck(support={cid: 3 for cid in amalgams})  # 18 amalgams
    doc["support"][_ids("apoyo", 1)[0]] = 1
    r = check(write(tmp_path, doc))
    assert r.exit_code == 1
    assert "CH-2.3: the support deck has 19 cards; at most 15 are allowed" in r.output
    assert "the support deck takes only amalgama cards" in r.output


def test_ch_2_4_copies_by_name_across_decks(tmp_path: Path) -> None:
    doc = legal_deck()
    first = next(iter(doc["main"]))
    doc["main"][first] = 4
    doc["main"][list(doc["main"])[13]] = 0
    r = check(write(tmp_path, doc))
    assert r.exit_code == 1
    name = POOL[first].name
    assert f"CH-2.4: 4 copies of the name {name!r} ({first}) across the decks (main 4); at most 3" in r.output


def test_ch_2_6_every_violation_at_once_with_json(tmp_path: Path) -> None:
    doc = legal_deck(support={_ids("apoyo", 1)[0]: 1})
    doc["souls"] = {}
    first = next(iter(doc["main"]))
    doc["main"][first] = 5
    r = check(write(tmp_path, doc), "--json")
    assert r.exit_code == 1
    out = json.loads(r.output.splitlines()[-1])
    rules = sorted({v["rule"] for v in out["violations"]})
    assert rules == ["CH-2.1", "CH-2.2", "CH-2.3", "CH-2.4"]
    assert out["legal"] is False and out["edition"] == "choque-2026"
    assert all(set(v) == {"rule", "card", "message"} for v in out["violations"])


# --- CH-2.4 limited lists and CH-2.5 dating ---------------------------------------------------------------

def _lists(tmp_path: Path) -> tuple[Path, list[str]]:
    """Two dated lists in a folder: March limits three cards, June lifts one and condemns another."""
    chars = list(legal_deck()["main"])
    folder = tmp_path / "listas"
    folder.mkdir()
    write(folder, {"date": "2026-03-01", "name": "Marzo", "cards": {chars[0]: "limitada", chars[1]: "semilimitada",
                                                                    chars[2]: "condenada"}}, "2026-03-01.yaml")
    write(folder, {"date": "2026-06-01", "cards": {chars[0]: "semilimitada", chars[3]: "condenada"}},
          "2026-06-01.yaml")
    return folder, chars


def test_limited_list_in_force_is_the_latest_on_or_before_the_date(tmp_path: Path) -> None:
    folder, chars = _lists(tmp_path)
    deck = write(tmp_path, legal_deck())
    # before the first list: only CH-2.4's three copies
    assert check(deck, "--limited", str(folder), "--on", "2026-02-28").exit_code == 0
    r = check(deck, "--limited", str(folder), "--on", "2026-03-01", "--json")
    out = json.loads(r.output)
    assert r.exit_code == 1 and out["limited_list"] == "2026-03-01"
    by_card = {v["card"]: v["message"] for v in out["violations"]}
    assert set(by_card) == {chars[0], chars[1], chars[2]}
    assert "is limitada on the limited list, so at most 1 copy of the name is allowed" in by_card[chars[0]]
    assert "is semilimitada on the limited list, so at most 2 copies" in by_card[chars[1]]
    assert "is condenada on the limited list, so at most 0 copies" in by_card[chars[2]]
    # from June the June list alone is in force
    out = json.loads(check(deck, "--limited", str(folder), "--on", "2026-07-15", "--json").output)
    assert out["limited_list"] == "2026-06-01"
    assert {v["card"] for v in out["violations"]} == {chars[0], chars[3]}
    # a single file works too
    out = json.loads(check(deck, "--limited", str(folder / "2026-06-01.yaml"), "--on", "2026-06-01",
                           "--json").output)
    assert {v["card"] for v in out["violations"]} == {chars[0], chars[3]}


def test_shipped_example_list_is_dated_2026_03_01() -> None:
    lists = shipped_limited_lists()
    first = lists[min(lists)]
    assert first.date.isoformat() == "2026-03-01" and first.limits
    assert set(first.limits.values()) == {0, 1, 2}  # one card of each kind, as an example
    assert list_in_force(lists, first.date) is first
    import datetime as dt
    assert list_in_force(lists, dt.date(2026, 2, 28)) is None


# --- unreadable input: exit 2, a message naming the problem, never a traceback ------------------------------

@pytest.mark.parametrize("content, message", [
    ("name: [unclosed", "not valid YAML (line 1"),
    ("- just\n- a list\n", "a deck file is a map"),
    ({"edition": "choque-2026", "main": {}, "souls": {}}, "name: missing (required)"),
    ({"name": "X", "edition": "choque-1999", "main": {}, "souls": {}}, "unknown edition 'choque-1999'"),
    ({"name": "X", "edition": "choque-2026", "main": {"no_such_card": 3}, "souls": {}}, "no_such_card"),
    ({"name": "X", "edition": "choque-2026", "main": {"alma_de_obsidiana": "tres"}, "souls": {}},
     "must be a non-negative integer"),
    ({"name": "X", "edition": "choque-2026", "main": ["a"], "souls": {}}, "main: must be a map"),
    ({"name": "X", "edition": "choque-2026", "mian": {}, "souls": {}}, "unknown key(s) mian"),
])
def test_unreadable_deck_files_exit_2(tmp_path: Path, content: Any, message: str) -> None:
    r = check(write(tmp_path, content))
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output


def test_unreadable_paths_dates_and_lists_exit_2(tmp_path: Path) -> None:
    deck = write(tmp_path, legal_deck())
    assert "no such deck file" in check(tmp_path / "missing.yaml").output
    assert check(tmp_path).exit_code == 2  # a folder
    r = check(deck, "--on", "31/12/2026")
    assert r.exit_code == 2 and "not a date written YYYY-MM-DD" in r.output
    bad = write(tmp_path, {"date": "2026-13-01", "cards": {"x": "prohibida"}}, "bad.yaml")
    r = check(deck, "--limited", str(bad))
    assert r.exit_code == 2 and "date: must be a date" in r.output and "got 'prohibida'" in r.output
    unknown = write(tmp_path, {"date": "2026-04-01", "cards": {"no_such_card": "limitada"}}, "u.yaml")
    assert "cards.no_such_card: no card has this id" in check(deck, "--limited", str(unknown)).output
    with pytest.raises(Exception, match="same date"):
        folder = tmp_path / "dup"
        folder.mkdir()
        write(folder, {"date": "2026-04-01", "cards": {}}, "a.yaml")
        write(folder, {"date": "2026-04-01", "cards": {}}, "b.yaml")
        from tablero.games.choque.deckfile import load_limited_lists
        load_limited_lists(folder)
    assert load_limited(write(tmp_path, {"date": "2026-04-01", "cards": {}}, "ok.yaml")).limits == {}


def test_designers_own_cards_with_cards_option(tmp_path: Path) -> None:
    own = write(tmp_path, [{"id": "mi_carta", "name": "Mi Carta", "type": "personaje", "value": 2, "hearts": 1,
                            "strength": 2, "resistance": 2}], "mis_cartas.yaml")
    doc = legal_deck()
    first = next(iter(doc["main"]))
    doc["main"][first] = 1
    doc["main"]["mi_carta"] = 2
    deck = write(tmp_path, doc)
    r = check(deck)
    assert r.exit_code == 2 and "mi_carta" in r.output  # unknown without --cards
    r = check(deck, "--cards", str(own))
    assert r.exit_code == 0, r.output
    broken = write(tmp_path, [{"id": "mala", "name": "Mala", "type": "personaje"}], "rotas.yaml")
    r = check(deck, "--cards", str(broken))
    assert r.exit_code == 2 and "mala" in r.output
