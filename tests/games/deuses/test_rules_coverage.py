"""Issue 20: every DE rule id is cited by a scenario that plays it, every worked example E1–E10 has its
file, and every shipped card is played by a scenario."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tablero.core.registry import plugin

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "docs" / "rules" / "deuses.md"
SUITE = ROOT / "scenarios" / "deuses"


def _docs() -> list[dict[str, object]]:
    return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(SUITE.rglob("*.yaml"))]


def test_every_rule_id_is_cited_by_a_scenario() -> None:
    ids = set(re.findall(r"\*\*(DE-\d+\.\d+)\*\*", RULES.read_text(encoding="utf-8")))
    assert len(ids) >= 60
    cited = {r for d in _docs() for r in d.get("rules", [])}  # type: ignore[attr-defined]
    assert ids - cited == set()


def test_every_worked_example_has_its_file() -> None:
    names = {str(d["name"]) for d in _docs()}
    for n in range(1, 11):
        assert any(f"/e{n}-" in name for name in names), f"E{n}"


def test_every_shipped_card_is_played_by_a_scenario() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in SUITE.rglob("*.yaml"))
    unplayed = [c.id for c in plugin("deuses").card_pool() if not re.search(rf"\b{c.id}\b", text)]
    assert unplayed == []
