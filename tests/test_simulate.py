"""The balance lab, ``tablero simulate``: reproducibility across worker counts, the JSON summary and its
arithmetic, the Wilson interval, per-card counts, report files, matches (CH-0.4, CH-4.2) and bad input."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablero.cli import main
from tablero.games.choque.deckfile import SHIPPED_DECKS_DIR, shipped_decks
from tablero.games.choque.match import Match
from tablero.lab.report import CARD_COLUMNS, GAME_COLUMNS, TIMING_KEYS
from tablero.lab.runner import LabConfig, a_seat_of, alternate_first, derive, match_winner, play_unit, run
from tablero.lab.stats import quantile, summarize, wilson

DECKS = ["furia_jaguar", "veneno_serpiente"]


def simulate(*args: str) -> Any:
    return CliRunner().invoke(main, ["simulate", *args], catch_exceptions=False)


def simulate_json(*args: str) -> dict[str, Any]:
    res = simulate("--decks", *DECKS, "--json", *args)
    assert res.exit_code == 0, res.output
    out: dict[str, Any] = json.loads(res.stdout.strip().splitlines()[-1])  # the JSON is the last line
    return out


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


def cfg(agents: tuple[str, str] = ("random", "random"), **kw: Any) -> LabConfig:
    d = shipped_decks()
    return LabConfig(decks=(d[DECKS[0]].deck, d[DECKS[1]].deck), agents=agents, edition="choque-2026", **kw)


@pytest.fixture(scope="module")
def random_run() -> dict[str, Any]:
    return simulate_json("--agents", "random,random", "--games", "24", "--workers", "1", "--seed", "7")


# -- reproducibility -----------------------------------------------------------------------------------

def test_workers_do_not_change_results_random(random_run: dict[str, Any]) -> None:
    two = simulate_json("--agents", "random,random", "--games", "24", "--workers", "2", "--seed", "7")
    assert untimed(two) == untimed(random_run)
    other = simulate_json("--agents", "random,random", "--games", "24", "--workers", "1", "--seed", "8")
    assert untimed(other) != untimed(random_run)  # the seed matters


def test_workers_do_not_change_results_mcts() -> None:
    args = ("--agents", "mcts,greedy", "--iterations", "5", "--games", "3", "--seed", "3")
    one, two = simulate_json(*args, "--workers", "1"), simulate_json(*args, "--workers", "2")
    assert untimed(one) == untimed(two)
    assert one["agents"] == {"A": "mcts", "B": "greedy"} and one["agent_options"] == {"iterations": 5}


def test_seeds_derive_from_seed_and_index_only() -> None:
    c = cfg(seed=5)
    a, b = play_unit(c, 3)[0], play_unit(c, 3)[0]
    assert a == b and a.seed == derive(5, 3, 0, 0)
    assert len({derive(5, i, 0, s) for i in range(50) for s in range(3)}) == 150


# -- the summary ---------------------------------------------------------------------------------------

def test_json_shape_and_counts(random_run: dict[str, Any]) -> None:
    s = random_run
    for key in ("games", "wins", "win_rate", "ci95", "first_seat", "turns", "games_per_s", "decks", "agents",
                "cards"):
        assert key in s
    assert s["games"] == 24
    assert sum(s["wins"].values()) == 24 and set(s["wins"]) == {"A", "B", "draw"}
    assert s["decks"] == {"A": DECKS[0], "B": DECKS[1]}
    assert s["agents"] == {"A": "random", "B": "random"}
    assert s["seats"] == {"A_in_seat_A": 12, "A_in_seat_B": 12}  # seats alternate
    for k in ("A", "B", "draw"):
        lo, hi = s["ci95"][k]
        assert lo <= s["win_rate"][k] <= hi
        assert s["win_rate"][k] == round(s["wins"][k] / 24, 4)
    fs = s["first_seat"]
    assert fs["games"] == 24 and fs["A_first"]["games"] + fs["B_first"]["games"] == 24
    assert fs["A_first"]["wins"] + fs["A_second"]["wins"] == s["wins"]["A"]
    t = s["turns"]
    assert t["min"] <= t["p10"] <= t["median"] <= t["p90"] <= t["max"] and t["min"] >= 1
    assert s["games_per_s"] > 0


def test_seats_alternate_and_first_policies() -> None:
    res = run(cfg(), 8, 1)
    assert [r.a_seat for r in res.records] == ["A", "B"] * 4
    assert [a_seat_of(i) for i in range(4)] == ["A", "B", "A", "B"]
    alt = run(cfg(first="alternate"), 8, 1)
    assert [r.first_label for r in alt.records] == ["A", "A", "B", "B"] * 2
    assert {(r.a_seat, r.first) for r in alt.records[:4]} == {("A", "A"), ("A", "B"), ("B", "A"), ("B", "B")}
    assert [alternate_first(i) for i in range(4)] == [r.first for r in alt.records[:4]]


def test_wilson_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.40383, abs=1e-4) and hi == pytest.approx(0.59617, abs=1e-4)
    assert wilson(0, 10) == (0.0, pytest.approx(0.27753, abs=1e-4))  # z^2 / (n + z^2)
    assert wilson(10, 10) == (pytest.approx(0.72247, abs=1e-4), 1.0)
    lo, hi = wilson(1, 20)
    assert lo == pytest.approx(0.00889, abs=1e-4) and hi == pytest.approx(0.23613, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)
    assert quantile([1, 2, 3, 4], 0.5) == 2.5 and summarize([1, 2, 3, 4, 5])["p10"] == pytest.approx(1.4)


def test_card_counts_plausible(random_run: dict[str, Any]) -> None:
    decks = shipped_decks()
    for label, deck_id in (("A", DECKS[0]), ("B", DECKS[1])):
        d = decks[deck_id].deck
        ids = {c.id for c in (*d.main, *d.souls, *d.support)}
        c = random_run["cards"][label]
        assert {row["card"] for row in c["cards"]} == ids  # every card of the deck, nothing else
        assert c["wins"] == random_run["wins"][label]
        for row in c["cards"]:
            assert c["games"] >= row["drawn"] >= row["played"] >= 0
            assert row["wins_drawn"] <= row["drawn"] and row["wins_played"] <= row["played"]
            if row["part"] == "support":
                assert row["drawn"] == c["games"]  # the support deck is always open
        assert sum(row["played"] for row in c["cards"]) > 0
        played = [row["delta_played"] for row in c["cards"] if row["delta_played"] is not None]
        assert played == sorted(played, reverse=True)


def test_report_files(tmp_path: Path) -> None:
    out = tmp_path / "lab"
    res = simulate("--decks", *DECKS, "--agents", "random", "--games", "6", "--workers", "1", "--report", str(out))
    assert res.exit_code == 0, res.output
    for png in ("winrate.png", "game_length.png", "cards_A.png", "cards_B.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with (out / "games.csv").open(encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == GAME_COLUMNS and len(rows) == 7
    assert [r[GAME_COLUMNS.index("a_seat")] for r in rows[1:]] == ["A", "B"] * 3
    with (out / "cards.csv").open(encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == CARD_COLUMNS and {r[0] for r in rows[1:]} == {"A", "B"}


# -- matches -------------------------------------------------------------------------------------------

def test_match_counts() -> None:
    s = simulate_json("--agents", "random,random", "--games", "3", "--match", "--workers", "2")
    m = s["matches"]
    assert m["matches"] == 3 and sum(m["wins"].values()) == 3
    assert 6 <= s["games"] <= 15 and sum(s["wins"].values()) == s["games"]
    res = run(cfg(match=True), 4, 1)
    by_unit: dict[int, list[Any]] = {}
    for r in res.records:
        by_unit.setdefault(r.unit, []).append(r)
    assert sorted(by_unit) == [0, 1, 2, 3]
    for unit, recs in by_unit.items():
        assert {r.a_seat for r in recs} == {a_seat_of(unit)}  # a participant keeps their seat
        m2 = Match()
        for i, r in enumerate(recs):
            assert r.game_no == i
            if m2.chooser is not None:
                assert r.first == m2.chooser  # CH-4.2: the loser chooses, and chooses to go first
            m2.record(r.winner)
        assert m2.over
        w = match_winner(recs)
        labels = [r.winner_label for r in recs]
        assert w == "draw" or labels.count(w) >= 2 and labels.count(w) > labels.count("B" if w == "A" else "A")


# -- bad input -----------------------------------------------------------------------------------------

def _illegal_deck(tmp_path: Path) -> Path:
    text = (SHIPPED_DECKS_DIR / "furia_jaguar.yaml").read_text(encoding="utf-8")
    p = tmp_path / "corto.yaml"
    p.write_text(text.replace("cachorro_moteado: 3", "cachorro_moteado: 2"), encoding="utf-8")
    return p


@pytest.mark.parametrize("args, message", [
    (["--decks", "furia_jaguar", "no_such_deck"], "no shipped deck 'no_such_deck'"),
    (["--decks", *DECKS, "--agents", "greedy,wizard"], "unknown agent 'wizard'"),
    (["--decks", *DECKS, "--agents", "random,random,random"], "give two agents"),
    (["--decks", *DECKS, "--games", "0"], "--games"),
    (["--decks", "furia_jaguar", "missing/deck.yaml"], "no such deck file"),
    (["--decks", "furia_jaguar", "legado_difunto"], "choose the edition"),
    (["--decks", *DECKS, "--budget", "1", "--iterations", "3"], "one or the other"),
    (["--decks", *DECKS, "--cards", "missing_cards/"], "missing_cards"),
    (["--decks", *DECKS, "--option", "choque.ofrenda_optional"], "give NAME=VALUE"),
    (["--decks", *DECKS, "--option", "choque.no_such_rule=true"], "unknown engine option 'choque.no_such_rule'"),
    (["--decks", *DECKS, "--option", "choque.ofrenda_optional=3"], "must be true or false"),
])
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    res = simulate(*args)
    assert res.exit_code == 2
    assert message in res.stderr
    assert "Traceback" not in res.output


def test_illegal_deck_prints_violations(tmp_path: Path) -> None:
    res = simulate("--decks", str(_illegal_deck(tmp_path)), "veneno_serpiente", "--games", "2")
    assert res.exit_code == 2
    assert "deck corto is not legal in choque-2026" in res.stderr and "CH-2.1" in res.stderr
    bad = tmp_path / "roto.yaml"
    bad.write_text("name: [unclosed", encoding="utf-8")
    res = simulate("--decks", str(bad), "veneno_serpiente")
    assert res.exit_code == 2 and "not valid YAML" in res.stderr


def test_budget_ignored_without_mcts_and_deck_files(tmp_path: Path) -> None:
    deck = tmp_path / "mio.yaml"
    deck.write_text((SHIPPED_DECKS_DIR / "furia_jaguar.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    res = simulate("--decks", str(deck), "veneno_serpiente", "--agents", "random,random", "--budget", "0.5",
                   "--games", "2", "--workers", "1", "--json")
    assert res.exit_code == 0, res.output
    assert "ignored" in res.stderr
    s = json.loads(res.stdout.strip().splitlines()[-1])
    assert s["decks"]["A"] == "mio" and s["agent_options"] == {}


def test_designer_cards_and_deck_file(tmp_path: Path) -> None:
    import yaml

    from tablero.games.choque.cardfile import shipped_pool

    raw = dict(shipped_pool()["cachorro_moteado"].raw)
    raw.update(id="cachorro_de_prueba", name="Cachorro de Prueba", strength=9)  # a designer's new card
    raw.pop("number", None)
    cards = tmp_path / "borrador.yaml"
    cards.write_text(yaml.safe_dump([raw], allow_unicode=True), encoding="utf-8")
    deck = tmp_path / "prueba.yaml"
    text = (SHIPPED_DECKS_DIR / "furia_jaguar.yaml").read_text(encoding="utf-8")
    deck.write_text(text.replace("cachorro_moteado: 3", "cachorro_de_prueba: 3"), encoding="utf-8")
    res = simulate("--decks", str(deck), "veneno_serpiente", "--agents", "random", "--games", "4", "--workers", "1",
                   "--json", "--cards", str(cards))
    assert res.exit_code == 0, res.output
    s = json.loads(res.stdout.strip().splitlines()[-1])
    assert s["decks"]["A"] == "prueba"
    assert "cachorro_de_prueba" in {row["card"] for row in s["cards"]["A"]["cards"]}
    res = simulate("--decks", str(deck), "veneno_serpiente", "--games", "4")  # without --cards: unknown card
    assert res.exit_code == 2 and "cachorro_de_prueba" in res.stderr


def test_engine_failure_names_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import tablero.lab.runner as runner

    class Cheater:
        name = "cheater"

        def act(self, seat: Any) -> dict[str, Any]:
            return {"player": seat.player, "do": "surrender_all"}

    monkeypatch.setattr(runner, "make_agent", lambda name, seed=0, **kw: Cheater())
    res = simulate("--decks", *DECKS, "--games", "2", "--workers", "1")
    assert res.exit_code == 1
    assert "a game failed in the engine: unit 0, game 0 (game seed" in res.stderr
    assert "IllegalAction" in res.stderr


def test_house_rules_apply_to_every_game_and_are_reported() -> None:
    """--option plays every game under an engine option (a house rule); the report names it."""
    plain = simulate_json("--agents", "random,random", "--games", "6", "--workers", "1", "--seed", "3")
    house = simulate_json("--agents", "random,random", "--games", "6", "--workers", "1", "--seed", "3",
                          "--option", "choque.activation_window=true", "--option", "choque.ofrenda_optional=true")
    assert plain["game_options"] == {}
    assert house["game_options"] == {"choque.activation_window": True, "choque.ofrenda_optional": True}
    # random agents now pass some ofrendas: the same seeds make other games
    assert house["decisions"] != plain["decisions"] or house["turns"] != plain["turns"]
    text = simulate("--decks", *DECKS, "--games", "2", "--workers", "1", "--option", "choque.ofrenda_optional=true")
    assert "house rules choque.ofrenda_optional=true" in text.output


def test_a_game_at_its_decision_cap_is_stopped_counted_a_draw_and_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: a game that reaches its game's decision cap (``GamePlugin.decision_cap``; a backstop, every game
    ends by the loop ruling) does not fail the run: it is a draw, flagged in games.csv, counted in the report.
    (The lab raised "no end after 200000 decisions" and lost the run before.)"""
    from tablero.core import plugin

    monkeypatch.setattr(type(plugin("choque")), "decision_cap", 30)  # random games take hundreds
    out = simulate_json("--agents", "random,random", "--games", "4", "--workers", "1", "--seed", "5")
    assert out["capped"] == {"games": 4, "cap": 30}
    assert out["wins"]["draw"] == 4 and out["decisions"]["max"] == 30
    text = simulate("--decks", *DECKS, "--agents", "random,random", "--games", "2", "--workers", "1")
    assert text.exit_code == 0, text.output
    assert "2 game(s) stopped at the decision cap (30 decisions) before their end, counted as draws" in text.output
