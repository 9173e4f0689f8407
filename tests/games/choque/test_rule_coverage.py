"""Every CH section 0–11 and all 22 exclusive abilities are cited by a scenario file or a test."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tablero.games.choque.cards import KEYWORDS

ROOT = Path(__file__).resolve().parents[3]


def _scenario_citations() -> tuple[set[str], set[str]]:
    rules: set[str] = set()
    keywords: set[str] = set()
    for f in (ROOT / "scenarios").rglob("*.yaml"):
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        rules.update(str(r) for r in doc.get("rules") or [])
        for card in doc.get("cards") or []:
            for kw in card.get("keywords") or []:
                keywords.add(kw if isinstance(kw, str) else next(iter(kw)))
    return rules, keywords


def test_every_section_0_to_11_is_cited() -> None:
    rules, _ = _scenario_citations()
    text = "\n".join(f.read_text(encoding="utf-8") for f in (ROOT / "tests").glob("test_*.py"))
    cited = {r.split(".")[0] for r in rules} | set(re.findall(r"CH-\d+", text))
    missing = [f"CH-{n}" for n in range(12) if f"CH-{n}" not in cited]
    assert not missing, f"sections cited by no scenario and no test: {missing}"


def test_every_keyword_is_played_in_a_scenario() -> None:
    _, keywords = _scenario_citations()
    missing = sorted(set(KEYWORDS) - keywords)
    assert not missing, f"keywords no scenario uses: {missing}"
    names = {f.name.split("-")[0] for f in (ROOT / "scenarios" / "keywords").glob("*.yaml")}
    assert set(KEYWORDS) <= names, f"keywords without their own scenario file: {sorted(set(KEYWORDS) - names)}"


def test_every_worked_example_of_ch_13_has_a_file() -> None:
    folder = ROOT / "scenarios" / "examples-ch13"
    files = {"-".join(f.name.split("-")[:2]) for f in folder.glob("ch13-*.yaml")}
    assert files == {f"ch13-{i}" for i in range(1, 9)}
