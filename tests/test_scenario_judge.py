"""The rules judge's public contract (docs/scenarios.md): output lines, exit status, bad files, show."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablero.cli import main
from tablero.games.choque.game import ChoqueGame
from tablero.scenario import Result, run_file

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


# -- the grown contract: refusal rule ids, now, checkpoints, value forms, options ------------------------------

RITO = CARDS + """
  - {id: sacerdote, name: Sacerdote, type: personaje, value: 2, hearts: 1, strength: 2, resistance: 2, keywords: [rito]}
  - {id: alma_5, name: Alma, type: alma, value: 5}
state:
  players:
    A: {hand: [koatl, vulcar], supports: {Z1: alma_5}}
    B: {hand: [sacerdote], supports: {Z1: alma_5}}
"""
"""B holds a Rito character and an active soul: B gets a response window at the start of A's action phase
(CH-7.5) and after each of A's calls, which open a chain (CH-6.5)."""


def judge(tmp: Path, text: str, name: str = "case") -> Result:
    """Run one scenario document through the judge, as ``tablero scenario run`` does for each file."""
    return run_file(write(tmp, f"{name}.yaml", text))


def fatigue(expect: str) -> str:
    """A character called this turn attacks: refused by summoning fatigue (CH-6.3)."""
    return CARDS + f"""
state: {{phase: combat, players: {{A: {{characters: {{C1: {{card: koatl, called_this_turn: true}}}}}},
                                  B: {{characters: {{C3: vulcar}}}}}}}}
actions: [{{player: A, do: attack, attacker: C1, target: B.C3, expect: {expect}}}]
"""


def test_expect_illegal_rule_passes_for_the_rule_and_its_sub_rules_only(tmp_path: Path) -> None:
    assert judge(tmp_path, fatigue("{illegal: CH-6.3}")).ok
    wrong = judge(tmp_path, fatigue("{illegal: CH-9.2}"))
    assert not wrong.ok and "CH-6.3" in wrong.reason and "CH-9.2" in wrong.reason, wrong.reason
    zombie = CARDS + """
state: {phase: combat, players: {A: {characters: {C1: {card: koatl, zombified: true}}}, B: {characters: {C3: vulcar}}}}
actions: [{player: A, do: attack, attacker: C1, target: B.C3, expect: {illegal: CH-8}}]
"""
    assert judge(tmp_path, zombie).ok  # refused under CH-8.1, a sub-rule of CH-8
    occupied = CARDS + """
  - {id: alma_5, name: Alma, type: alma, value: 5}
state: {players: {A: {hand: [vulcar], supports: {Z1: alma_5}, characters: {C1: koatl}}}}
actions: [{player: A, do: call, card: vulcar, zone: C1, expect: {illegal: RULE}}]
"""
    assert judge(tmp_path, occupied.replace("RULE", "CH-3.11")).ok
    prefix = judge(tmp_path, occupied.replace("RULE", "CH-3.1"))  # CH-3.11 is not a sub-rule of CH-3.1
    assert not prefix.ok and "under CH-3.11, expected CH-3.1 " in prefix.reason, prefix.reason
    accepted = judge(tmp_path, GOOD.replace("target: B.C3}]", "target: B.C3, expect: {illegal: CH-9.2}}]"))
    assert not accepted.ok and "was accepted" in accepted.reason and "CH-9.2" in accepted.reason


def test_now_tries_the_action_at_the_decision_the_previous_entry_left(tmp_path: Path) -> None:
    """With ``now``, A's second call meets B's open response window (it is B's decision); without it, the
    runner passes B's window first and the call is accepted."""
    now = RITO + """
actions:
  - {player: A, do: call, card: koatl, zone: C1}
  - {player: A, do: call, card: vulcar, zone: C2, now: true, expect: illegal}
  - {player: A, do: call, card: vulcar, zone: C2}
expect: {A.C1: koatl, A.C2: vulcar, B.hand: [sacerdote], A.normal_calls_used: 2}
"""
    assert judge(tmp_path, now).ok
    later = judge(tmp_path, now.replace("now: true, ", ""))
    assert not later.ok and "was accepted" in later.reason, later.reason
    legal_now = RITO + """
actions:
  - {player: A, do: call, card: koatl, zone: C1}
  - {player: B, do: pass, now: true}
  - {player: A, do: call, card: vulcar, zone: C2, now: true}
expect: {A.C2: vulcar}
"""
    assert judge(tmp_path, legal_now).ok
    not_pending = judge(tmp_path, legal_now.replace("  - {player: B, do: pass, now: true}\n", ""))
    assert not not_pending.ok and "refused" in not_pending.reason, not_pending.reason


def test_checkpoints_hold_before_implicit_passes_and_name_their_position(tmp_path: Path) -> None:
    text = RITO + """
actions:
  - {check: {pending: {player: B, kind: response}, A.hand_count: 2}}
  - {player: B, do: pass}
  - {check: {pending: {player: A, kind: action}}}
  - {player: A, do: call, card: koatl, zone: C1}
  - {check: {pending: {player: B, kind: response}, A.C1: koatl}}
expect: {pending: {player: A, kind: action}}
"""
    assert judge(tmp_path, text).ok
    failed = judge(tmp_path, text.replace("response}, A.C1", "action}, A.C1"))
    assert not failed.ok and failed.reason.startswith("check at entry 5: pending: expected"), failed.reason
    over = CARDS + """
actions:
  - {player: B, do: surrender}
  - {check: {pending: null, winner: A}}
"""
    assert judge(tmp_path, over).ok
    unknown = judge(tmp_path, over.replace("winner: A", "loser: B"))
    assert not unknown.ok and "check at entry 2: unknown observation path 'loser'" in unknown.reason, unknown.reason


def test_value_forms_unordered_and_count(tmp_path: Path) -> None:
    text = CARDS + """
state: {players: {A: {mictlan: [koatl, vulcar, koatl]}}}
expect: {A.mictlan: FORM}
"""
    cases = {
        "{unordered: [vulcar, koatl, koatl]}": True,
        "{unordered: [koatl, vulcar]}": False,
        "{unordered: [vulcar, vulcar, koatl]}": False,
        "[vulcar, koatl, koatl]": False,  # a plain list keeps its order
        "[koatl, vulcar, koatl]": True,
        "{count: 3}": True,
        "{count: 2}": False,
    }
    for form, ok in cases.items():
        res = judge(tmp_path, text.replace("FORM", form))
        assert res.ok is ok, (form, res.reason)
        if not ok:
            assert res.reason.startswith("A.mictlan: expected"), res.reason
    assert "expected 2 item(s), got 3" in judge(tmp_path, text.replace("FORM", "{count: 2}")).reason
    hearts = judge(tmp_path, text.replace("A.mictlan: FORM", "A.hearts: {count: 2}"))
    assert "expected a list of 2, got 10" in hearts.reason


def test_deep_paths_reach_the_keys_of_zone_objects(tmp_path: Path) -> None:
    text = CARDS + """
  - {id: escudo, name: Escudo, type: apoyo, subtype: equipo}
state: {players: {A: {characters: {C1: {card: koatl, hearts: 1}}, supports: {Z2: {card: escudo, equips: [C1]}}}}}
expect: EXPECT
"""
    good = "{A.C1: koatl, A.C1.hearts: 1, A.C1.strength: 6, A.Z2: escudo, A.Z2.equips: [C1], A.Z2.card: escudo}"
    assert judge(tmp_path, text.replace("EXPECT", good)).ok
    wrong = judge(tmp_path, text.replace("EXPECT", "{A.C1.hearts: 2}"))
    assert not wrong.ok and wrong.reason == "A.C1.hearts: expected 2, got 1"
    unknown = judge(tmp_path, text.replace("EXPECT", "{A.C1.wings: 2}"))
    assert not unknown.ok and "unknown observation path 'A.C1.wings'" in unknown.reason
    empty = judge(tmp_path, text.replace("EXPECT", "{A.C2.hearts: 1}"))
    assert not empty.ok and "A.C2 is empty" in empty.reason, empty.reason


def test_options_are_checked_by_the_game(tmp_path: Path) -> None:
    assert judge(tmp_path, CARDS + "options: {choque.ofrenda_optional: true}\ndescription: it may be passed\n").ok
    unknown = judge(tmp_path, CARDS + "options: {choque.no_such_option: true}\n")
    assert not unknown.ok and "unknown engine option 'choque.no_such_option'" in unknown.reason, unknown.reason
    bad = judge(tmp_path, CARDS + "options: {choque.ofrenda_optional: 3}\n")
    assert not bad.ok and "choque.ofrenda_optional: must be true or false, got 3" in bad.reason, bad.reason
    assert "must be a map" in judge(tmp_path, CARDS + "options: [x]\n").reason


def test_the_engine_never_sees_the_judge_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[set[str]] = []
    apply = ChoqueGame.apply

    def spy(self: ChoqueGame, action: Any) -> None:
        seen.append(set(action))
        apply(self, action)

    monkeypatch.setattr(ChoqueGame, "apply", spy)
    assert judge(tmp_path, fatigue("{illegal: CH-6.3}")).ok
    assert judge(tmp_path, GOOD.replace("target: B.C3}]", "target: B.C3, now: true}]")).ok
    assert seen and all(not keys & {"expect", "now"} for keys in seen), seen


def test_malformed_new_keys_fail_with_a_reason_never_a_crash(tmp_path: Path) -> None:
    attack = "{player: A, do: attack, attacker: C1, target: B.C3"
    cases = {
        "check5": (GOOD.replace(f"actions: [{attack}}}]", "actions: [{check: 5}]"), "check at entry 1: must be a map"),
        "checkextra": (GOOD.replace(f"actions: [{attack}}}]", "actions: [{check: {turn: 3}, player: A}]"),
                       "only the key 'check'"),
        "rule7": (GOOD.replace(f"{attack}}}", f"{attack}, expect: {{illegal: 7}}}}"),
                  "expect.illegal must be a rule id like CH-6.1, got 7"),
        "rulename": (GOOD.replace(f"{attack}}}", f"{attack}, expect: {{illegal: fatigue}}}}"), "must be a rule id"),
        "legal": (GOOD.replace(f"{attack}}}", f"{attack}, expect: legal}}"), "'expect' may only be"),
        "twokeys": (GOOD.replace(f"{attack}}}", f"{attack}, expect: {{illegal: CH-6.3, why: x}}}}"),
                    "'expect' may only be"),
        "nowyes": (GOOD.replace(f"{attack}}}", f"{attack}, now: 1}}"), "'now' must be true or false"),
        "count": (GOOD.replace("winner: null}", "A.mictlan: {count: -1}}"), "'count' takes a whole number"),
        "unordered": (GOOD.replace("winner: null}", "A.mictlan: {unordered: 3}}"), "'unordered' takes a list"),
        "description": ("description: [1]\n" + GOOD, "description: must be text"),
        "verb": (GOOD.replace("do: attack", "do: [attack]"), "refused"),
        "verbwindow": (RITO + "actions: [{player: B, do: [pass]}]\n", "refused"),  # at an optional decision
    }
    for name, (text, _) in cases.items():
        write(tmp_path, f"{name}.yaml", text)
    code, lines = run("scenario", "run", str(tmp_path))
    assert code == 1 and lines[-1] == f"0 passed, {len(cases)} failed", lines
    by_name = {ln.split(":")[0].removeprefix("FAIL "): ln for ln in lines[:-1]}
    for name, (_, needle) in cases.items():
        assert needle in by_name[name] and "internal error" not in by_name[name], (name, by_name[name])
