"""What the core ``Game`` carries for every front end (issue 19): which decisions are free, which action
passes, and the spectator's view. Front ends and agents ask the game, never a word of one game."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from engine import make  # noqa: E402
from tablero.core import Rng  # noqa: E402

HIDDEN = ("hand", "support_deck", "main_deck", "soul_deck")


def test_the_game_names_its_free_decisions_and_its_pass() -> None:
    g = make(3, "choque-2026", shipped=True)
    assert g.free_kinds == frozenset({"action", "combat"}) and g.pass_verb == "pass"
    rng = Rng(3)
    seen_optional = seen_mandatory = False
    while not g.is_over and not (seen_optional and seen_mandatory):
        d = g.pending
        legal = g.legal_actions()
        passing = g.pass_action()
        if d.optional:
            seen_optional = True
            assert passing in legal and g.is_pass(passing)  # the listed pass, built by the core
        else:
            seen_mandatory = seen_mandatory or d.kind not in g.free_kinds
            assert passing is None and not any(g.is_pass(a) for a in legal)
        assert all(g.answers(a) for a in legal)
        g.apply(legal[rng.below(len(legal))])
    assert seen_optional and seen_mandatory


def test_the_public_view_shows_nothing_either_player_may_not_see() -> None:
    """CH-11.1: redraw everything hidden from A, then from B, and the spectator sees the same game."""
    for seed in range(4):
        g = make(seed, "choque-2026", shipped=True)
        rng = Rng(seed)
        n = 0
        while not g.is_over:
            if n % 7 == 0:
                public = g.public_view()
                for side in ("A", "B"):
                    assert not set(HIDDEN) & set(public[side]), public[side].keys()
                assert public["revealed"] == [] and public["viewer"] is None
                redrawn = g.resample("A", Rng(seed * 31 + n)).resample("B", Rng(seed * 37 + n))
                assert json.dumps(redrawn.public_view(), sort_keys=True) == json.dumps(public, sort_keys=True)
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            n += 1


def test_games_are_found_through_the_entry_point_group() -> None:
    """Issue 19: a game is a package that names itself in ``tablero.games``; the CLI lists them."""
    from click.testing import CliRunner

    from tablero.cli import main
    from tablero.core.registry import ENTRY_POINTS, installed_games

    assert ENTRY_POINTS == "tablero.games"
    assert installed_games() == {"choque": "tablero.games.choque", "deuses": "tablero.games.deuses"}
    out = CliRunner().invoke(main, ["games"])
    assert out.exit_code == 0 and [ln.split() for ln in out.output.splitlines()] == [
        ["choque", "(default)", "Clash", "of", "Heroes", "tablero.games.choque"],
        ["deuses", "Gods", "tablero.games.deuses"]]
    listed = json.loads(CliRunner().invoke(main, ["games", "--json"]).output)
    assert list(listed) == ["choque", "deuses"] and listed["choque"]["module"] == "tablero.games.choque"
    choque = listed["choque"]
    assert choque["rule_prefix"] == "CH" and choque["editions"] == ["choque-2026", "choque-legacy"]
    assert [s["name"] for s in choque["sections"]] == ["main", "souls", "support"]
    assert {"name": "choque.ofrenda_optional", "default": False} .items() <= choque["options"][0].items()
