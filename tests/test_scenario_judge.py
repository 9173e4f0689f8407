"""The rules judge's public contract (docs/scenarios.md): output lines, exit status, bad files, show."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tablero.cli import main

ROOT = Path(__file__).resolve().parent.parent
CARDS = """
cards:
  - {id: koatl, name: Koatl, type: personaje, value: 4, hearts: 2, strength: 6, resistance: 4}
  - {id: vulcar, name: Vulcar, type: personaje, value: 4, hearts: 2, strength: 7, resistance: 3}
"""
GOOD = CARDS + """
state: {phase: combat, players: {A: {characters: {C1: koatl}}, B: {characters: {C3: vulcar}}}}
actions: [{player: A, do: attack, attacker: C1, target: B.C3}]
expect: {A.C1.hearts: 1, B.C3.hearts: 1, winner: null}
"""


def run(*args: str) -> tuple[int, list[str]]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.output.strip().splitlines()


def write(tmp: Path, name: str, text: str) -> Path:
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    return p


def test_public_suite_passes() -> None:
    code, lines = run("scenario", "run", str(ROOT / "scenarios"))
    failures = [ln for ln in lines if ln.startswith("FAIL")]
    assert failures == [] and code == 0, failures
    assert lines[-1].endswith(" passed, 0 failed")


def test_pass_and_fail_lines_summary_and_exit_status(tmp_path: Path) -> None:
    write(tmp_path, "good.yaml", "name: cruzado\n" + GOOD)
    write(tmp_path, "wrong.yaml", GOOD.replace("A.C1.hearts: 1", "A.C1.hearts: 2"))
    code, lines = run("scenario", "run", str(tmp_path))
    assert lines == ["PASS cruzado", "FAIL wrong: A.C1.hearts: expected 2, got 1", "1 passed, 1 failed"]
    assert code == 1
    code, lines = run("scenario", "run", str(tmp_path / "good.yaml"))
    assert code == 0 and lines == ["PASS cruzado", "1 passed, 0 failed"]


def test_bad_files_fail_with_a_reason_never_a_crash(tmp_path: Path) -> None:
    cases = {
        "yaml.yaml": ("state: [unclosed", "not valid YAML"),
        "list.yaml": ("- 1\n- 2\n", "must be a map"),
        "card.yaml": (CARDS + "state: {players: {A: {hand: [nobody]}}}\n", "unknown card id 'nobody'"),
        "zone.yaml": (CARDS + "state: {players: {A: {characters: {C7: koatl}}}}\n", "unknown character zone"),
        "verb.yaml": (CARDS + "actions: [{player: A, do: fly}]\n", "unknown action 'fly'"),
        "path.yaml": (CARDS + "expect: {A.nowhere: 1}\n", "unknown observation path"),
        "key.yaml": (CARDS + "stat: {}\n", "unknown top-level key"),
        "active.yaml": (CARDS + "state: {turn: 3, active: B}\n", "contradicts"),
        "illegal.yaml": (GOOD.replace("target: B.C3}]", "target: B.C3, expect: illegal}]"), "expected illegal"),
        "refused.yaml": (CARDS + "actions: [{player: B, do: end_phase}]\n", "refused"),
        "bin.json": ("{\"state\": 5}", "state: must be a map"),
    }
    for name, (text, _) in cases.items():
        write(tmp_path, name, text)
    code, lines = run("scenario", "run", str(tmp_path))
    assert code == 1 and lines[-1] == f"0 passed, {len(cases)} failed"
    by_name = {ln.split(":")[0].removeprefix("FAIL "): ln for ln in lines[:-1]}
    for name, (_, needle) in cases.items():
        stem = name.rsplit(".", 1)[0]
        assert needle in by_name[stem], (name, by_name[stem])
    code, lines = run("scenario", "run", str(tmp_path / "missing.yaml"))
    assert code == 1 and "no such file" in lines[0]


def test_expect_illegal_needs_a_rule_and_an_unchanged_state(tmp_path: Path) -> None:
    text = CARDS + """
state:
  phase: combat
  players: {A: {characters: {C1: {card: koatl, called_this_turn: true}}}, B: {characters: {C3: vulcar}}}
actions:
  - {player: A, do: attack, attacker: C1, target: B.C3, expect: illegal}
  - {player: A, do: attack, attacker: C1, target: hearts, expect: illegal}
expect: {B.C3.hearts: 2, phase: combat}
"""
    write(tmp_path, "fatigue.yaml", text)
    code, lines = run("scenario", "run", str(tmp_path))
    assert code == 0, lines


def test_implicit_passes_skip_optional_decisions_not_answered(tmp_path: Path) -> None:
    """B may substitute a defender (optional); the script does not answer it, so the runner passes."""
    text = CARDS + """
  - {id: muro, name: Muro, type: personaje, value: 1, hearts: 1, strength: 0, resistance: 9}
state: {phase: combat, players: {A: {characters: {C1: koatl}}, B: {characters: {C3: vulcar, C4: muro}}}}
actions:
  - {player: A, do: attack, attacker: C1, target: B.C3}
expect: {B.C3.hearts: 1, B.C4.resistance: 9, pending: {player: A, kind: combat}}
"""
    write(tmp_path, "implicit.yaml", text)
    code, lines = run("scenario", "run", str(tmp_path))
    assert code == 0, lines


def test_show_prints_the_final_observation(tmp_path: Path) -> None:
    p = write(tmp_path, "good.yaml", GOOD)
    res = CliRunner().invoke(main, ["scenario", "show", str(p)])
    obs = json.loads(res.output)
    assert obs["A"]["C1"]["hearts"] == 1 and obs["game"] == "choque" and obs["pending"]["kind"] == "combat"
    res = CliRunner().invoke(main, ["scenario", "show", str(p), "--view", "B"])
    seen = json.loads(res.output)
    assert seen["viewer"] == "B" and "hand" not in seen["A"] and "main_deck" not in seen["B"]
    bad = write(tmp_path, "bad.yaml", "state: [")
    res = CliRunner().invoke(main, ["scenario", "show", str(bad)])
    assert res.exit_code == 1 and "not valid YAML" in res.output


def test_demo_prints_a_whole_game() -> None:
    res = CliRunner().invoke(main, ["demo", "--seed", "2"])
    assert res.exit_code == 0
    assert "Fin del CHOQUE" in res.output and "Turno 1" in res.output
    res = CliRunner().invoke(main, ["demo", "--seed", "2", "--lang", "en"])
    assert "The CHOQUE is over" in res.output
