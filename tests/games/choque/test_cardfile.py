"""Card files (cardfile.py) and ``tablero cards check|list``: every problem of a folder reported at once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from yaml import safe_load as load_yaml

from tablero.cli import main
from tablero.core import BadInput
from tablero.games.choque import cardfile
from tablero.games.choque.cardfile import CardProblem, check_cards, check_path, load_cards, shipped_pool
from tablero.games.choque.cards import validate_card

DATA = Path(__file__).resolve().parents[2] / "data"
BROKEN = DATA / "broken_cards"
GOOD = DATA / "good_cards"

# (file relative to broken_cards/, card id or None, field, a piece of the message): EVERY problem expected.
EXPECTED = [
    ("unknown_verb.yaml", "bombardero", "abilities[0].do[1]", "unknown verb 'explotar'"),
    ("wrong_type.yaml", "tlaloc_joven", "value", "must be an integer"),
    ("missing_strength.yaml", "sin_fuerza", "strength", "missing"),
    ("impossible_filter.yaml", "cazador", "abilities[0].targets.presa", "impossible filter: value_min 5 > value_max 2"),
    ("unknown_event.yaml", "heraldo", "abilities[0].when.event", "unknown event 'invocado'"),
    ("unknown_target.yaml", "sacerdotisa", "abilities[0].do[1].destroy.target", "unknown target 'x'"),
    ("unknown_keyword.yaml", "aguila", "keywords[1]", "unknown keyword 'volar'"),
    ("yaml_syntax.yaml", None, "", "not valid YAML at line 6, column 8"),
    ("on_boolean.yaml", "centinela", "abilities[0].True", "unquoted on:"),
    ("on_boolean.yaml", "centinela", "abilities[0].when", "needs when"),
    ("sub/duplicate_b.yml", "gemelo", "id", "duplicate card id 'gemelo'; first defined in "),
    ("unknown_filter_key.yaml", "pintor", "abilities[0].targets.lienzo.color", "unknown filter key"),
    ("amalgam_field.yaml", "falso_amalgama", "materials", "only amalgams"),
    ("disparo_without_when.yaml", "impaciente", "abilities[0].when", "a disparo ability needs when"),
    ("not_a_list.yaml", None, "", "must be a list of cards or a map"),
    ("not_utf8.yaml", None, "", "not UTF-8 text (byte 0xf1 at line 2)"),
    ("duplicate_key.yaml", "doble_fuerza", "strength", "written twice (lines 7 and 9)"),
    ("file_map_problems.yaml", None, "autor", "unknown top-level key"),
    ("file_map_problems.yaml", None, "cards[0].id", "must match [a-z0-9_]+"),
    ("this_card_by_name.yaml", "coyote_por_nombre", "static[0].affects.name", "names this card itself"),
]


def _rel(p: CardProblem) -> str:
    return Path(p.file).relative_to(BROKEN).as_posix()


def test_every_problem_of_the_broken_folder_is_reported_with_file_card_and_field() -> None:
    pool, problems = check_path(BROKEN)
    got = [(_rel(p), p.card, p.field, p.message) for p in problems]
    for file, card, fld, needle in EXPECTED:
        hits = [g for g in got if g[:3] == (file, card, fld) and needle in g[3]]
        assert hits, f"not reported: {file} {card} {fld} {needle!r}; got:\n" + "\n".join(map(str, problems))
    assert len(problems) == len(EXPECTED), "\n".join(map(str, problems))
    # the duplicate names both files
    dup = next(p for p in problems if p.card == "gemelo")
    assert dup.file.endswith("duplicate_b.yml") and "duplicate_a.yaml" in dup.message
    # only the first 'gemelo' is a good card; every broken card is left out of the pool
    assert [c.id for c in pool] == ["gemelo"] and pool["gemelo"].value == 2


def test_problem_text_names_file_card_and_field() -> None:
    p = CardProblem("cards/jade.yaml", "sacerdotisa", "abilities[0].do[1].destroy.target", "unknown target 'x'")
    assert str(p) == "cards/jade.yaml: card 'sacerdotisa': abilities[0].do[1].destroy.target: unknown target 'x'"
    assert str(CardProblem("a.yaml", None, "", "not valid YAML at line 1, column 2: x")) == \
        "a.yaml: not valid YAML at line 1, column 2: x"


def test_load_cards_raises_one_bad_input_listing_every_problem() -> None:
    with pytest.raises(BadInput) as e:
        load_cards(BROKEN)
    text = str(e.value)
    assert f"{len(EXPECTED)} problems" in text
    for file, card, fld, _ in EXPECTED:
        assert file.split("/")[-1] in text and (card is None or repr(card) in text) and fld in text


def test_good_cards_load_with_file_defaults(tmp_path: Path) -> None:
    report = check_cards(GOOD)
    assert report.problems == [] and report.checked == 6
    pool = load_cards(GOOD)
    assert {c.id for c in pool} == {"vidente", "macuahuitl", "alma_3", "templo_mayor", "tianguis", "quetzal_jaguar"}
    assert pool["vidente"].params == {"clarividencia": 3} and pool["vidente"].set == "JADE"
    assert pool["alma_3"].set == "BASE"  # a card's own set wins over the file's
    assert pool["templo_mayor"].set == ""
    assert pool["macuahuitl"].subtype == "equipo"
    assert pool["macuahuitl"].fx.equip == {"side": "own", "type": ("personaje", "amalgama")}  # CH-1.8
    assert len(pool["quetzal_jaguar"].fx.materials) == 2
    one = load_cards(GOOD / "jade.yaml")  # a single file works too
    assert len(one) == 3


@pytest.mark.parametrize("text,needle", [
    ("- id: a\n  type: alma\n  value: 1\n- id: a\n  type: alma\n  value: 2\n", "first defined earlier in this file"),
    ("id: a\ntype: alma\nvalue: 1\n", "this file is one card"),
    ("set: X\n", "cards: missing"),
    ("cards: {id: a}\n", "cards: must be a list of cards"),
    ("- 42\n", "cards[0]: a card must be a map"),
    ("- id: a\n  type: alma\n  value: 1\n---\n- id: b\n", "not valid YAML"),
    ("cards:\n  - &base {id: a, type: alma, value: 1}\n  - {<<: *base, id: b}\n", None),
    ("", "this file holds no cards"),  # issue 17: an empty file is a problem, not a pass
    ("cards: []\n", "this file holds no cards"),
])
def test_file_shapes(tmp_path: Path, text: str, needle: str | None) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(text, encoding="utf-8")
    _, problems = check_path(f)
    if needle is None:
        assert problems == []
    else:
        assert len(problems) == 1 and needle in str(problems[0]), problems


@pytest.mark.parametrize("text,field,needle", [
    ("- {id: s, type: sector, placement: 3}\n", "placement", "expected own, opponent or either"),
    ("- {id: s, type: sector, placement: [own]}\n", "placement", "expected own, opponent or either"),
    ("- {id: a, type: arena, scope: 3}\n", "scope", "expected own, opponent or both"),
    ("- {id: a, type: arena, scope: {own: 1}}\n", "scope", "expected own, opponent or both"),
    ("- {id: x, type: apoyo, subtype: 3}\n", "subtype", "must be one of normal, continuo, equipo, rapido, got 3"),
    ("- {id: x, type: apoyo, subtype: [equipo]}\n", "subtype", "must be one of"),
    ("- {id: x, type: personaje, value: 1, hearts: 1, strength: 1, resistance: 1, "
     "abilities: [{category: disparo, when: {event: 3}, do: [{draw: 1}]}]}\n",
     "abilities[0].when.event", "unknown event 3"),
    ("- {id: x, type: personaje, value: 1, hearts: 1, strength: 1, resistance: 1, "
     "abilities: [{category: disparo, when: {event: [invocado]}, do: [{draw: 1}]}]}\n",
     "abilities[0].when.event", "unknown event"),
])
def test_a_text_field_holding_no_text_is_a_problem_of_that_field(tmp_path: Path, text: str, field: str,
                                                                  needle: str) -> None:
    """A sector's placement, an arena's scope, an apoyo's subtype and a trigger's event are texts: another value
    is a problem of its field, like any card problem, and the card built alongside holds the default text
    (the compiled build's typed card raised a TypeError instead)."""
    f = tmp_path / "c.yaml"
    f.write_text(text, encoding="utf-8")
    _, problems = check_path(f)
    assert [p.field for p in problems] == [field] and needle in problems[0].message, problems
    card, _ = validate_card(load_yaml(text)[0])
    assert card is not None
    texts = (card.fx.placement, card.fx.scope, card.subtype or "", *(a.trigger or "" for a in card.fx.abilities))
    assert all(isinstance(t, str) for t in texts), texts


def test_unreadable_paths_raise_bad_input(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no such file or folder"):
        check_path(tmp_path / "missing")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.yaml").write_text("nonsense: [", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a card file", encoding="utf-8")
    problems = check_path(tmp_path)[1]  # hidden folders and other suffixes are skipped: nothing is left
    assert [p.message.split(":")[0] for p in problems] == ["this folder holds no cards in any card file"]


def test_shipped_pool(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert cardfile.SHIPPED_CARDS_DIR.is_dir()
    assert len(shipped_pool()) == len(load_cards(cardfile.SHIPPED_CARDS_DIR))
    monkeypatch.setattr(cardfile, "SHIPPED_CARDS_DIR", tmp_path / "none")
    assert len(shipped_pool()) == 0
    monkeypatch.setattr(cardfile, "SHIPPED_CARDS_DIR", GOOD)
    assert shipped_pool() is shipped_pool() and "vidente" in shipped_pool()


# --- the command line -------------------------------------------------------------------------------------

def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        return CliRunner()


def test_cli_check_good_folder_exits_0() -> None:
    r = _runner().invoke(main, ["cards", "check", str(GOOD)])
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "6 cards checked, 0 problems"


def test_cli_check_broken_folder_prints_every_problem_and_exits_1() -> None:
    r = _runner().invoke(main, ["cards", "check", str(BROKEN)])
    assert r.exit_code == 1
    lines = r.stdout.strip().splitlines()
    assert lines[-1] == f"16 cards checked, {len(EXPECTED)} problems"
    assert lines[:-1] == [str(p) for p in check_path(BROKEN)[1]]


def test_cli_unreadable_path_exits_2_without_traceback(tmp_path: Path) -> None:
    for cmd in (["cards", "check"], ["cards", "list"], ["cards", "list", "--json"]):
        r = _runner().invoke(main, [*cmd, str(tmp_path / "missing")])
        assert r.exit_code == 2, r.output
        assert "no such file or folder" in r.stderr and "Traceback" not in r.stderr + r.stdout
        assert r.stdout == ""


def test_cli_list_json_shape() -> None:
    r = _runner().invoke(main, ["cards", "list", str(GOOD), "--json"])
    assert r.exit_code == 0, r.output
    rows = {row["id"]: row for row in json.loads(r.stdout)}
    for row in rows.values():
        assert set(row) == {"id", "name", "type", "subtype", "value", "keywords", "set"}
    assert rows["vidente"] == {"id": "vidente", "name": "Vidente de Jade", "type": "personaje", "subtype": None,
                               "value": 4, "keywords": [{"clarividencia": 3}, "guarda"], "set": "JADE"}
    assert rows["macuahuitl"]["subtype"] == "equipo" and rows["macuahuitl"]["value"] is None
    assert rows["templo_mayor"]["type"] == "sector" and rows["templo_mayor"]["set"] is None
    assert rows["tianguis"]["value"] is None and rows["tianguis"]["keywords"] == []
    assert rows["quetzal_jaguar"]["value"] == 7 and rows["quetzal_jaguar"]["keywords"] == ["brutalidad"]
    assert rows["alma_3"] == {"id": "alma_3", "name": "Alma de tres", "type": "alma", "subtype": None, "value": 3,
                              "keywords": [], "set": "BASE"}


def test_cli_list_text_and_default_shipped() -> None:
    r = _runner().invoke(main, ["cards", "list", str(GOOD)])
    assert r.exit_code == 0, r.output
    lines = {line.split()[0]: line.split(None, 3) for line in r.stdout.splitlines()}
    assert lines["vidente"] == ["vidente", "personaje", "4", "Vidente de Jade"]
    assert lines["macuahuitl"][:3] == ["macuahuitl", "apoyo", "-"]
    assert len(lines) == 6
    r = _runner().invoke(main, ["cards", "list", "--json"])  # the shipped cards (none yet is fine)
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.stdout)) == len(shipped_pool())


def test_cli_list_broken_cards_exit_1_with_problems_on_stderr() -> None:
    r = _runner().invoke(main, ["cards", "list", str(BROKEN), "--json"])
    assert r.exit_code == 1
    assert r.stdout == ""
    assert "unknown verb 'explotar'" in r.stderr and "duplicate card id 'gemelo'" in r.stderr


PYTHON_WORDS = re.compile(r"\b(NoneType|None|True|False|str|int|float|dict|tuple|bool)\b")


@pytest.mark.parametrize("text", [
    "- null\n", "- 3\n", "- [1, 2]\n", "- id: x\n", "- {id: x, type: alma, value: null}\n",
    "- {id: x, type: alma, value: '3'}\n", "- {id: x, type: personaje, value: 3, keywords: 7}\n",
    "- {id: x, type: apoyo, name: [1], text: {a: 1}}\n", "cards: 3\n", "cards: null\n", "set: [1]\ncards: []\n",
    "- {id: x, type: apoyo, value: true, effects: [{destroy: null}]}\n",
])
def test_no_message_speaks_python(tmp_path: Path, text: str) -> None:
    """A card designer wrote YAML: no message names a Python type or spells a value the Python way."""
    f = tmp_path / "c.yaml"
    f.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["cards", "check", str(f)])
    assert r.exit_code == 1, r.output
    assert not PYTHON_WORDS.search(r.output), r.output
