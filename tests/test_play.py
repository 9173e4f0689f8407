"""``tablero play`` and ``tablero replay``: a whole game driven through a pseudo-terminal, and the parts.

The pty test answers every prompt of the real command (a seeded random pick among the listed numbers),
then rebuilds the saved game and checks, decision by decision, that no card of the opponent's that was
never shown to seat A is named in what seat A was shown, and that the game's seed (drawn at random, since
none is given) was shown only once the game was over.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import tablero
from leaks import seed_leaks
from tablero.cli import main
from tablero.core import Rng, new_game
from tablero.core.record import GameRecord, load_records
from tablero.games.choque.cardbook import CardBook
from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.deckfile import shipped_decks
from tablero.games.choque.describe import describe
from tablero.games.choque.game import ChoqueGame
from tablero.games.choque.match import Match
from tablero.games.choque.scenario_state import game_from_scenario
from tablero.games.choque.versions import RULES_VERSION
from tablero.play.session import Console, PlayOptions, PlaySession
from terminal import answer_to_the_end

PROMPT = re.compile(r"Tu elección \(1-(\d+), \? ayuda\): ")
PUBLIC_ZONES = ("C1", "C2", "C3", "C4", "Z1", "Z2", "Z3", "Z4", "Z5", "SA", "SB", "arena")


def _env() -> dict[str, str]:
    """The subprocess imports the same ``tablero`` as this test (the sources, or an installed build)."""
    env = dict(os.environ)
    root = str(Path(tablero.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONIOENCODING"] = "utf-8"
    env.pop("COLUMNS", None)
    return env


def _run(args: list[str], text: str) -> Any:
    return CliRunner().invoke(main, args, input=text)


# -- the whole game through a pseudo-terminal -----------------------------------------------------------

def test_pty_game_to_a_winner_saves_a_replayable_file_and_hides_the_opponents_cards(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "game.json"
    args = ["-m", "tablero", "play", "--vs", "random", "--deck", "furia_jaguar",
            "--opponent-deck", "veneno_serpiente", "--save", str(save)]  # no --seed: a random one
    child = pexpect.spawn(sys.executable, args, env=_env(), encoding="utf-8", timeout=30,
                          dimensions=(50, 200))
    rng = Rng(11)
    bad_inputs = 0

    def now_and_then(n: int) -> str | None:  # now and then a wrong answer: the prompt comes again
        nonlocal bad_inputs
        if bad_inputs < 3 and rng.below(20) == 0:
            bad_inputs += 1
            return ["xyz", "0", str(n + 1)][bad_inputs - 1]
        return None

    screens, pending = answer_to_the_end(child, PROMPT, rng, now_and_then, 5000)  # screens: before each decision
    child.close()
    out = "".join(screens) + pending
    assert child.exitstatus == 0, out[-2000:]
    assert "Traceback" not in out
    assert re.search(r"Resultado: (ganas tú \(A\)|gana el rival \(B\)|empate)\.", out), out[-2000:]
    assert "Fin del CHOQUE" in out

    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["format"] == "tablero-replay/1" and doc["game"] == "choque"
    assert doc["agents"] == {"A": "human", "B": "random"}
    assert doc["winner"] in ("A", "B", "draw")
    assert len(doc["decks"]) == 2 and {"name", "main", "souls", "support"} <= set(doc["decks"][0])

    # CH-11.2: the seed (with the decklists, the computer's hand) appears on no screen before the end
    seed = doc["seed"]
    assert seed >= 2**32, "a drawn seed is 63 random bits, not a default anyone can guess"
    leaks = seed_leaks("".join(screens), seed)
    assert not leaks and "emilla" not in "".join(screens), leaks[:3]
    assert f"Semilla de este CHOQUE: {seed}." in pending  # shown once the game is over

    replay = _run(["replay", str(save)], "\n\nq\n")
    assert replay.exit_code == 0, replay.output
    assert "Acción 2/" in replay.output

    _check_no_hidden_names(doc, screens)


def _check_no_hidden_names(doc: dict[str, Any], screens: list[str]) -> None:
    """Step the saved game again; at each of A's decisions, every card of B's never yet shown to A (and not
    also in A's decks) must be absent from what A was shown up to that decision."""
    rec = GameRecord.from_json(doc)
    game = rec.new_game()
    book = CardBook(shipped_pool(), "es")
    a_names = {book.name(c) for part in ("main", "souls", "support") for c in doc["decks"][0][part]}
    b_ids = {c for part in ("main", "souls", "support") for c in doc["decks"][1][part]}
    public: set[str] = set()

    def look() -> None:
        view = game.view("A")
        for zone in PUBLIC_ZONES:
            z = view["B"].get(zone)
            if z:
                public.add(z["card"])
        for key in ("mictlan", "confined", "isolated"):
            public.update(view["B"][key])
        public.update(r["card"] for r in view["revealed"] if r["player"] == "B")
        for e in game.log_for("A"):
            if e.get("player") == "B" or e.get("event") in ("clash",):
                for k in ("card", "attacker", "defender", "copied", "source"):
                    if isinstance(e.get(k), str):
                        public.add(e[k])
                public.update(x for x in e.get("defenders") or [] if isinstance(x, str))

    decision = 0
    checked = 0
    look()
    for action in rec.actions:
        d = game.pending
        assert d is not None
        forced = d.kind == "ofrenda" and len(game.legal_actions()) == 1
        passed = d.kind == "response" and not game.s.chain  # an empty window passes by itself (--windows)
        if d.player == "A" and not forced and not passed:
            screen = screens[decision]
            decision += 1
            hidden = {book.name(c) for c in b_ids - public} - a_names
            allowed = sorted(a_names | {book.name(c) for c in public}, key=len, reverse=True)
            for name in allowed:
                screen = screen.replace(name, "")
            leaked = sorted(name for name in hidden if name in screen)
            assert not leaked, f"decision {decision}: B's hidden cards shown to A: {leaked}"
            checked += 1
        game.apply(action)
        look()
    assert decision == len(screens)  # every decision of A's was prompted, except the ofrendas made for A
    assert checked > 5


# -- action descriptions -----------------------------------------------------------------------------

def _game(seed: int = 3) -> ChoqueGame:
    decks = shipped_decks()
    g = new_game("choque", decks=[decks["furia_jaguar"].deck, decks["ojo_tormenta"].deck], seed=seed, first="A")
    assert isinstance(g, ChoqueGame)
    return g


def test_descriptions_of_listed_actions_in_both_languages() -> None:
    g = _game()
    es, en = CardBook(shipped_pool(), "es"), CardBook(shipped_pool(), "en")
    rng = Rng(4)
    seen: dict[str, tuple[str, str]] = {}
    for _ in range(400):
        if g.is_over:
            break
        d = g.pending
        assert d is not None
        obs = g.view(d.player)
        legal = g.legal_actions()
        for act in legal:
            s_es, s_en = describe(act, obs, d.kind, es, d.player), describe(act, obs, d.kind, en, d.player)
            assert not s_es.startswith("{") and not s_en.startswith("{"), (act, s_es, s_en)
            seen.setdefault(act["do"], (s_es, s_en))
        g.apply(legal[rng.below(len(legal))])
    assert {"call", "activate_soul", "end_phase", "attack"} <= set(seen)
    card = shipped_pool()["cachorro_moteado"]
    obs = _game().view("A")
    act = {"player": "A", "do": "call", "card": "cachorro_moteado", "zone": "C2"}
    assert describe(act, obs, "action", es, "A") == "Llamar a Cachorro Moteado (valor 1) en C2"
    assert describe(act, obs, "action", en, "A") == f"Call {card.display_name('en')} (value 1) into C2"


def test_descriptions_of_each_verb() -> None:
    es, en = CardBook(shipped_pool(), "es"), CardBook(shipped_pool(), "en")
    obs = _game().observe()
    obs["B"]["C3"] = {"card": "cachorro_moteado", "hearts": 1, "resistance": 1, "strength": 2, "impact": 1}
    obs["A"]["C1"] = {"card": "cachorro_moteado", "hearts": 1, "resistance": 1, "strength": 2, "impact": 1}
    cases = [
        ({"player": "A", "do": "attack", "attacker": "C1", "target": "B.C3"}, "combat",
         "Atacar a Cachorro Moteado (C3 del rival) con Cachorro Moteado (tu C1)",
         "Attack Spotted Cub (opponent's C3) with Spotted Cub (your C1)"),
        ({"player": "A", "do": "attack", "attacker": "C1", "target": "hearts"}, "combat",
         "Atacar directo a los corazones del rival con Cachorro Moteado (tu C1)",
         "Attack the opponent's hearts directly with Spotted Cub (your C1)"),
        ({"player": "A", "do": "defend", "defender": "C1"}, "defend",
         "Defender con Cachorro Moteado (tu C1)", "Defend with Spotted Cub (your C1)"),
        ({"player": "A", "do": "pass"}, "defend", "No defender", "Don't defend"),
        ({"player": "A", "do": "pass"}, "response", "No responder", "Don't respond"),
        ({"player": "A", "do": "pass"}, "ofrenda", "No hacer la ofrenda", "Skip the ofrenda"),  # house rule only
        ({"player": "A", "do": "end_phase"}, "action", "Terminar la fase de acción (pasar al combate)",
         "End the action phase (go to combat)"),
        ({"player": "A", "do": "end_phase"}, "combat", "Terminar la fase de combate (fin del turno)",
         "End the combat phase (end of turn)"),
        ({"player": "A", "do": "discard", "cards": ["cachorro_moteado"]}, "discard",
         "Mandar Cachorro Moteado al Mictlán", "Send Spotted Cub to the Mictlán"),
        ({"player": "A", "do": "choose", "option": "double"}, "choose",
         "Élite: duplicar fuerza y resistencia en esta batalla",
         "Elite: double strength and resistance for this battle"),
        ({"player": "A", "do": "use", "source": "A.C1", "ability": "portal", "targets": ["A.C1", "A.C3"]}, "action",
         "Usar Portal de Cachorro Moteado (tu C1): intercambiar Cachorro Moteado (tu C1) y tu C3",
         "Use Portal of Spotted Cub (your C1): swap Spotted Cub (your C1) and your C3"),
    ]
    obs["A"]["Z2"] = {"card": "alma_de_barro_rojo"}
    cases.append(({"player": "A", "do": "choose", "cards": ["cachorro_moteado"], "targets": ["A.Z2", "A.C2"]},
                  "choose", "Devolver Alma de Barro Rojo (tu Z2) al fondo de tu baraja de almas y llamar a Cachorro "
                  "Moteado desde el Mictlán en C2", "Return Red Clay Soul (your Z2) to the bottom of your soul deck "
                  "and call Spotted Cub from the Mictlán into C2"))
    for act, kind, want_es, want_en in cases:
        assert describe(act, obs, kind, es, "A") == want_es
        assert describe(act, obs, kind, en, "A") == want_en
    assert describe({"player": "A", "do": "ofrenda"}, obs, "ofrenda", es, "A").startswith("Hacer la ofrenda")


# -- the mandatory ofrenda (CH-5.3) ------------------------------------------------------------------------

def test_the_mandatory_ofrenda_is_made_for_the_human_with_a_line_saying_so(tmp_path: Path) -> None:
    """CH-5.3 (revised ruling): its one answer is ``ofrenda``, so the terminal answers it and says so; it is
    never listed as an option, and the saved game has it among A's actions."""
    save = tmp_path / "o.json"
    r = _run(["play", "--vs", "random", "--seed", "2", "--save", str(save)], "1\n" * 80)
    assert r.exit_code == 0, r.output
    assert "Fase de ofrenda (CH-5.3), obligatoria: se hace por ti. Tu mano está vacía" in r.output  # turn 4
    assert "Fase de ofrenda (CH-5.3), obligatoria: se hace por ti. Devuelves tu mano (1 carta)" in r.output
    assert "Hacer la ofrenda" not in r.output and "puedes devolver tu mano" not in r.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert {"player": "A", "do": "ofrenda"} in doc["actions"]
    en = _run(["play", "--vs", "random", "--seed", "2", "--lang", "en"], "1\n" * 80)
    assert "Ofrenda phase (CH-5.3), mandatory: it is made for you. Your hand is empty" in en.output
    assert "Make the ofrenda" not in en.output


def test_an_ofrenda_with_a_choice_is_left_to_the_human() -> None:
    """Under the house rule ``choque.ofrenda_optional`` the ofrenda may be passed: the human chooses."""
    import io

    doc: dict[str, Any] = {"state": {"turn": 3, "phase": "ofrenda", "players": {
        "A": {"hand": ["cachorro_moteado"], "main_deck": ["cachorro_moteado"] * 3}, "B": {}}}}
    out = io.StringIO()
    session = PlaySession(PlayOptions(vs="random", seed=1), Console(io.StringIO(""), out))
    rec = GameRecord(edition="choque-2026", seed=1, decks=[], first=None, agents={})
    optional = game_from_scenario({**doc, "options": {"choque.ofrenda_optional": True}}, shipped_pool())
    assert not session.answer_forced(optional, rec) and rec.actions == [] and out.getvalue() == ""
    mandatory = game_from_scenario(doc, shipped_pool())
    assert session.answer_forced(mandatory, rec) and rec.actions == [{"player": "A", "do": "ofrenda"}]
    assert "Devuelves tu mano (1 carta) y robas de nuevo." in out.getvalue()
    assert mandatory.observe()["phase"] == "action"


# -- bad input, surrender, quitting, the end of input -----------------------------------------------------

def test_bad_input_gets_a_message_and_the_prompt_again() -> None:
    r = _run(["play", "--vs", "random", "--seed", "2"], "abc\n0\n999\n\n?\nq\n")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    assert "No entiendo «abc»" in r.output
    assert "No hay acción 0" in r.output and "No hay acción 999" in r.output
    assert "Escribe el número de una acción" in r.output
    assert "Ayuda:" in r.output and "  w           eliges cuándo paras en las ventanas de respuesta" in r.output
    assert r.output.count("Tu elección (1-") >= 6
    assert "Sales de la partida." in r.output


def test_end_of_input_ends_cleanly_and_english_texts() -> None:
    r = _run(["play", "--vs", "random", "--seed", "2", "--lang", "en"], "")
    assert r.exit_code == 0 and r.exception is None, r.output
    assert "End of input: game interrupted." in r.output
    assert "Your options:" in r.output and "Your choice (1-" in r.output
    assert "Tu elección" not in r.output


def test_surrender_asks_to_confirm_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    r = _run(["play", "--vs", "greedy", "--seed", "3", "--save", str(save)], "s\nn\n1\ns\ns\n")
    assert r.exit_code == 0, r.output
    assert "Sigues jugando." in r.output
    assert "A se rinde." in r.output and "Resultado: gana el rival (B)." in r.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["winner"] == "B" and doc["actions"][-1] == {"player": "A", "do": "surrender"}
    assert doc["agents"] == {"A": "human", "B": "greedy"}


def test_unknown_deck_is_a_clear_error() -> None:
    r = _run(["play", "--deck", "no_such_deck"], "")
    assert r.exit_code == 2
    assert "no shipped deck 'no_such_deck'" in r.output
    assert "Traceback" not in r.output


def test_play_takes_the_game_and_its_engine_options_by_name(tmp_path: Path) -> None:
    """``--game`` and ``--option`` (issue 19): an unknown game or option is a clear error before anything is
    played; a known option is played with and stored in the save file, which replays under it."""
    r = _run(["play", "--game", "poker"], "")
    assert r.exit_code == 2 and "unknown game 'poker'" in r.output and "Traceback" not in r.output
    r = _run(["play", "--option", "choque.no_such_rule=true"], "")  # said in the player's language (es)
    assert r.exit_code == 2 and "opción del motor desconocida 'choque.no_such_rule'" in r.output
    r = _run(["play", "--option", "choque.no_such_rule=true", "--lang", "en"], "")
    assert r.exit_code == 2 and "unknown engine option 'choque.no_such_rule'" in r.output
    r = _run(["play", "--option", "choque.ofrenda_optional"], "")
    assert r.exit_code == 2 and "is not KEY=VALUE" in r.output
    save = tmp_path / "o.json"
    r = _run(["play", "--game", "choque", "--option", "choque.ofrenda_optional=true", "--vs", "random", "--seed",
              "6", "--save", str(save)], "q\n")
    assert r.exit_code == 0, r.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["game"] == "choque" and doc["options"] == {"choque.ofrenda_optional": True}
    assert _run(["replay", str(save)], "q\n").output.count("choque.ofrenda_optional") == 1


# -- matches -----------------------------------------------------------------------------------------------

def test_match_loser_chooses_who_starts(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    r = _run(["play", "--match", "--vs", "random", "--seed", "4", "--save", str(save)], "s\ns\n7\n1\ns\ns\n")
    assert r.exit_code == 0, r.output
    assert "Perdiste el CHOQUE anterior" in r.output
    assert "No entiendo «7»" in r.output
    assert "Marcador: tú 0 – rival 2." in r.output and "El rival gana el encuentro." in r.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["match"] is True and doc["winner"] == "B" and len(doc["games"]) == 2
    assert doc["games"][0]["first"] is None and doc["games"][1]["first"] == "A"
    assert len(load_records(save)) == 2


def test_match_the_computer_that_lost_chooses_to_start() -> None:
    firsts: list[str | None] = []

    class Scripted(PlaySession):
        def play_game(self, seed: int, first: str | None) -> str:
            firsts.append(first)
            return ["A", "B", "A"][len(firsts) - 1]

    import io

    out = io.StringIO()
    s = Scripted(PlayOptions(vs="random", match=True), Console(io.StringIO("1\n"), out))
    s.play_match(Match())
    assert firsts == [None, "B", "A"]
    assert "El rival perdió el CHOQUE anterior y elige empezar." in out.getvalue()
    assert "¡Ganas el encuentro!" in out.getvalue()


# -- replay ------------------------------------------------------------------------------------------------

@pytest.fixture()
def saved_game(tmp_path: Path) -> Path:
    save = tmp_path / "r.json"
    r = _run(["play", "--vs", "random", "--seed", "6", "--save", str(save)], "1\n1\n1\n1\ns\ns\n")
    assert r.exit_code == 0, r.output
    return save


def test_replay_steps_forward_back_and_jumps(saved_game: Path) -> None:
    n = len(json.loads(saved_game.read_text(encoding="utf-8"))["actions"])
    assert n >= 4
    r = _run(["replay", str(saved_game)], "\n\nb\n4\nb\nzz\nq\n")
    assert r.exit_code == 0, r.output
    steps = re.findall(r"^Acción (\d+)/(\d+):", r.output, flags=re.M)
    assert [int(s) for s, _ in steps] == [1, 2, 1, 4, 3]
    assert all(int(t) == n for _, t in steps)
    assert "Inicio de la partida (acción 0/" in r.output
    assert "No entiendo «zz»" in r.output
    assert "JUGADOR A" in r.output and "JUGADOR B" in r.output
    assert r.output.count("mano (") >= 2  # both hands are shown in a replay
    to_end = _run(["replay", "--lang", "en", str(saved_game)], f"{n}\n\nq\n")
    assert "End of the replay (B wins)." in to_end.output
    assert "You are at the last action." in to_end.output


@pytest.mark.parametrize("content, message", [
    ("not json", "not valid JSON"),
    ('{"format": "other/9"}', "unknown format"),
    ('{"format": "tablero-replay/1", "game": "choque"}', "missing key"),
    ('{"format": "tablero-replay/1", "edition": "choque-2026", "seed": 1, "decks": [{}, {}], "actions": [], '
     f'"rules_version": {RULES_VERSION}}}', "cannot set up the game under the current rules"),
    ('{"format": "tablero-replay/1", "edition": "choque-2026", "seed": 1, "decks": [{}, {}], "actions": [], '
     '"rules_version": "2"}', "rules_version must be a whole number"),
])
def test_replay_of_a_broken_file_exits_2(tmp_path: Path, content: str, message: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content, encoding="utf-8")
    r = _run(["replay", str(f)], "")
    assert r.exit_code == 2
    assert message in r.output and "Traceback" not in r.output


def test_a_saved_game_names_its_rules_version_and_options(saved_game: Path) -> None:
    doc = json.loads(saved_game.read_text(encoding="utf-8"))
    assert doc["rules_version"] == RULES_VERSION and doc["options"] == {}
    r = _run(["replay", "--lang", "en", str(saved_game)], "q\n")
    assert f"Played under rules version {RULES_VERSION} (the current rules)." in r.output
    assert "Note:" not in r.output


def test_a_replay_that_breaks_midway_still_opens_with_a_note(saved_game: Path, tmp_path: Path) -> None:
    """An action the current rules refuse (here a corrupted one): the replay holds up to it, shows that
    position, says where and why it stops, and keeps the recorded result; the file is not changed."""
    doc = json.loads(saved_game.read_text(encoding="utf-8"))
    n = len(doc["actions"])
    doc["actions"].insert(1, {"player": "B", "do": "attack", "attacker": "C1", "target": "hearts"})
    bad = tmp_path / "illegal.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    before = bad.read_bytes()
    r = _run(["replay", "--lang", "en", str(bad)], "\n\nq\n")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    assert f"Its replay stops after action 1 of {n + 1}: action 2" in r.output
    assert "The rest of the game does not hold under the current rules." in r.output
    assert "Replay: 1 actions" in r.output and "Action 1/1:" in r.output
    assert "End of what the current rules replay (action 1 of " in r.output and "Result recorded: B wins." in r.output
    assert bad.read_bytes() == before
    es = _run(["replay", str(bad)], "q\n")
    assert es.exit_code == 0 and "Aviso (en inglés): " in es.output


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    assert _run(["replay", str(tmp_path / "none.json")], "").exit_code == 2


def test_an_unversioned_save_is_version_1_and_opens(saved_game: Path, tmp_path: Path) -> None:
    """A file saved before versions were recorded: rules version 1, replayed with the options that restore
    version 1's readings (its decks are not checked again: they were legal when it was played)."""
    doc = json.loads(saved_game.read_text(encoding="utf-8"))
    del doc["rules_version"], doc["options"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc), encoding="utf-8")
    (rec,) = load_records(old)
    assert rec.rules_version == 1 and rec.options == {}
    assert rec.replay_options()[0] == ChoqueGame.options_for_rules(1)
    r = _run(["replay", "--lang", "en", str(old)], "q\n")
    assert r.exit_code == 0 and f"Played under rules version 1 (the current rules are version {RULES_VERSION})." \
        in r.output


# -- the seed ---------------------------------------------------------------------------------------------

def test_the_seed_is_drawn_at_random_and_shown_only_at_the_end(tmp_path: Path) -> None:
    """CH-11.2: without --seed every game has its own seed, and none is printed before the game is over
    (the welcome line had "Semilla 1", the same game every time, whose computer hand anyone could compute).
    A given --seed replays the same shuffles; it too is shown only at the end."""
    runs = []
    for k in range(2):
        save = tmp_path / f"g{k}.json"
        r = _run(["play", "--vs", "random", "--save", str(save)], "q\n")
        assert r.exit_code == 0, r.output
        runs.append((r.output, json.loads(save.read_text(encoding="utf-8"))["seed"]))
    (out0, seed0), (_, seed1) = runs
    assert seed0 != seed1 and min(seed0, seed1) >= 2**32
    assert "emilla" not in out0 and not seed_leaks(out0, seed0)
    r = _run(["play", "--vs", "random", "--seed", "6", "--save", str(tmp_path / "s.json")], "s\ns\n")
    assert r.exit_code == 0, r.output
    before, _, after = r.output.partition("Resultado: gana el rival (B).")
    assert "Semilla" not in before and "Semilla de este CHOQUE: 6." in after
    assert json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["seed"] == 6


def test_a_match_shows_each_choques_seed_at_its_end_and_no_later_one_follows() -> None:
    """In a match each CHOQUE's seed is derived one-way from the match's, so the seed shown at the end of
    the first CHOQUE tells nothing of the second's; the match's own seed is shown when the match is over."""
    from tablero.core import derive_seed

    r = _run(["play", "--match", "--vs", "random", "--seed", "4"], "s\ns\n1\ns\ns\n")
    assert r.exit_code == 0, r.output
    first, second = derive_seed(4, "choque:1"), derive_seed(4, "choque:2")
    game1, _, rest = r.output.partition(f"Semilla de este CHOQUE: {first}.")
    assert rest and str(second) not in game1 + rest.partition(f"Semilla de este CHOQUE: {second}.")[0]
    assert "Semilla del encuentro: 4 " in rest and "Semilla" not in game1


def test_an_illegal_deck_file_is_refused_before_the_game_begins(tmp_path: Path) -> None:
    """``tablero play --deck bad.yaml``: the deck's CH-2 problems come first and alone, no game header."""
    text = CliRunner().invoke(main, ["deck", "export", "furia_jaguar"]).output
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("  cachorro_moteado: 3", "  cachorro_moteado: 9"), encoding="utf-8")
    r = CliRunner().invoke(main, ["play", "--deck", str(bad), "--seed", "1"], input="q\n")
    assert r.exit_code == 2
    assert r.output.startswith(f"error: {bad}: the deck is not legal in choque-2026: CH-2.1"), r.output
    assert "CH-2.4" in r.output and "Choque de Héroes —" not in r.output


# -- response windows (issue 17, item 8) -------------------------------------------------------------------
WINDOW_CARDS = [
    {"id": "koatl", "name": "Koatl", "type": "personaje", "value": 4, "hearts": 2, "strength": 6, "resistance": 4},
    {"id": "sacerdote", "name": "Sacerdote", "type": "personaje", "value": 2, "hearts": 1, "strength": 2,
     "resistance": 2, "keywords": ["rito"]},
    {"id": "alma_5", "name": "Alma Cinco", "type": "alma", "value": 5},
    {"id": "lanza", "name": "Lanza", "type": "apoyo", "subtype": "normal",
     "effect": {"targets": {"t": {"side": "opponent", "type": "personaje"}}, "do": [{"destroy": "t"}]}},
    {"id": "repliegue", "name": "Repliegue", "type": "apoyo", "subtype": "rapido",
     "effect": {"targets": {"t": {"side": "own", "type": "personaje"}}, "do": [{"return": {"target": "t",
                                                                                          "to": "hand"}}]}},
]


def window_game(chained: bool) -> Any:
    """A game where A (the terminal's player) has a response window in B's action phase: with nothing on
    the chain (A holds a Rito character and a soul, CH-7.5), or with B's Lanza on it (A holds a rápido)."""
    from tablero.core import scenario_game

    players: dict[str, Any] = {"B": {"hand": ["lanza", "koatl"], "supports": {"Z1": "alma_5"}},
                               "A": {"hand": ["sacerdote", "repliegue"], "supports": {"Z1": "alma_5"},
                                     "characters": {"C1": "koatl"}}}
    doc = {"cards": WINDOW_CARDS, "state": {"turn": 4, "phase": "action", "active": "B", "players": players}}
    game = scenario_game("choque", doc)
    if chained:
        while game.pending.player == "A":  # the phase's own empty window first
            game.apply({"player": "A", "do": "pass"})
        game.apply({"player": "B", "do": "play", "card": "lanza", "zone": "Z2", "targets": ["A.C1"]})
    assert game.pending.player == "A" and game.pending.kind == "response"
    assert bool(game.s.chain) == chained
    return game


def window_session(windows: str, answers: str = "") -> tuple[Any, io.StringIO]:
    from tablero.games.choque.cardfile import shipped_pool
    from tablero.games.choque.cards import CardPool
    from tablero.games.choque.plugin import PLUGIN
    from tablero.play.session import Console, PlayOptions, PlaySession

    out = io.StringIO()
    session = PlaySession(PlayOptions(seed=1, windows=windows), Console(io.StringIO(answers), out))
    session.words = PLUGIN.presenter("es", CardPool.from_dicts(WINDOW_CARDS, "cards", base=shipped_pool()))
    return session, out


def test_an_empty_window_passes_by_itself_unless_asked() -> None:
    """By default (windows: chain) a window with nothing on the chain is passed for the player, silently:
    no board, no question (it asked eight times a turn with an Aura character)."""
    import types

    game = window_game(chained=False)
    session, out = window_session("chain")
    rec = types.SimpleNamespace(actions=[])
    session.human_turn(game, rec)  # type: ignore[arg-type]
    assert rec.actions == [{"player": "A", "do": "pass"}] and out.getvalue() == ""
    game = window_game(chained=False)
    session, out = window_session("always", "1\n")
    session.human_turn(game, types.SimpleNamespace(actions=[]))  # type: ignore[arg-type]
    text = out.getvalue()
    window = [line for line in text.splitlines() if line.startswith("Ventana de respuesta")]
    assert len(window) == 1 and "nada en la cadena" in window[0] and "fase de acción" in window[0]
    assert "No responder" in window[0] and "────" not in text  # one line, not the whole board


def test_a_window_says_what_is_on_the_chain_in_one_line() -> None:
    import types

    game = window_game(chained=True)
    session, out = window_session("chain", "t\n1\n")
    rec = types.SimpleNamespace(actions=[])
    session.human_turn(game, rec)  # type: ignore[arg-type]
    first = out.getvalue().strip().splitlines()[0]
    assert first.startswith("Ventana de respuesta") and "en la cadena: B · Lanza" in first, first
    assert "Repliegue" in first and "No responder" in first
    assert "────" in out.getvalue()  # t shows the whole board on demand
    assert len(rec.actions) == 1


def test_never_stopping_passes_and_says_so_and_w_changes_it() -> None:
    import types

    game = window_game(chained=True)
    session, out = window_session("never")
    rec = types.SimpleNamespace(actions=[])
    session.human_turn(game, rec)  # type: ignore[arg-type]
    assert rec.actions == [{"player": "A", "do": "pass"}]
    assert out.getvalue().strip().startswith("Pasas la ventana de respuesta (en la cadena: B · Lanza")
    game = window_game(chained=True)
    session, out = window_session("always", "w\n3\n")
    rec = types.SimpleNamespace(actions=[])
    session.human_turn(game, rec)  # type: ignore[arg-type]
    assert session.opts.windows == "never" and rec.actions == [{"player": "A", "do": "pass"}]
    assert "Ventanas de respuesta: nunca." in out.getvalue()
