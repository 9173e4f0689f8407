"""Deuses through the generic front ends (issue 20): the terminal (``tablero play --game deuses``, driven
through its input, in Portuguese and Spanish; ``--save`` then ``tablero replay``) and the balance lab
(``tablero simulate --game deuses``). The browser and the bot API have their own files
(``tests/web/test_deuses_play.py``, ``tests/server/test_deuses_games.py``)."""

from __future__ import annotations

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
from tablero.core import Rng
from tablero.core.record import GameRecord
from tablero.core.registry import plugin
from tablero.games.deuses.board import face
from tablero.games.deuses.words import Words
from terminal import answer_to_the_end

P = plugin("deuses")
PROMPT = re.compile(r"Sua escolha \(1-(\d+), \? ajuda\): ")


def _env() -> dict[str, str]:
    """The subprocess imports the same ``tablero`` as this test (the sources, or an installed build)."""
    env = dict(os.environ)
    root = str(Path(tablero.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONIOENCODING"] = "utf-8"
    env.pop("COLUMNS", None)
    return env


def _run(args: list[str], text: str = "") -> Any:
    return CliRunner().invoke(main, args, input=text)


def _card_ids(doc: Any) -> set[str]:
    """Every card id named anywhere in a JSON value (a view, a log entry): a string, or a ref's card."""
    pool = {c.id for c in P.card_pool()}
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            for part in (x, x.rpartition(":")[2]):
                if part in pool:
                    found.add(part)

    walk(doc)
    return found


def _check_no_hidden_names(doc: dict[str, Any], screens: list[str]) -> int:
    """Step the saved game again. At each of A's decisions, no card of B's never yet shown to A (DE-4.1 to
    DE-4.3: B's hand, additional deck and main deck; and none also in A's own deck) is named in what A was
    shown up to that decision. Returns how many decisions were checked."""
    rec = GameRecord.from_json(doc)
    game = rec.new_game()
    words = P.presenter("pt")
    a_ids = {c for part in ("main", "additional") for c in doc["decks"][0][part]}
    b_ids = {c for part in ("main", "additional") for c in doc["decks"][1][part]}
    public: set[str] = set()
    decision = 0
    for action in [*rec.actions, None]:
        public |= _card_ids(game.view("A")) | _card_ids(game.log_for("A"))
        d = game.pending
        if d is not None and d.player == "A":
            screen = screens[decision]
            decision += 1
            hidden = {words.card_name(c) for c in b_ids - public - a_ids}
            for name in sorted({words.card_name(c) for c in a_ids | public}, key=len, reverse=True):
                screen = screen.replace(name, "")
            leaked = sorted(name for name in hidden if name in screen)
            assert not leaked, f"decision {decision}: B's hidden cards shown to A: {leaked}"
        if action is not None:
            game.apply(action)
    assert decision == len(screens)  # every decision of A's was asked (Deuses answers none for the player)
    return decision


def test_a_whole_game_in_portuguese_through_a_terminal_saved_and_replayed(tmp_path: Path) -> None:
    """``tablero play --game deuses --vs random --lang pt --save``: every prompt answered with one of its
    numbers (three wrong answers first, each asked again), to the end; the result and then the seed are
    said in Portuguese, the opponent's hidden cards and the seed never before. The saved file replays."""
    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "deuses.json"
    args = ["-m", "tablero", "play", "--game", "deuses", "--vs", "random", "--lang", "pt", "--deck", "furia_da_mata",
            "--opponent-deck", "olhos_da_noite", "--save", str(save)]  # no --seed: a random one
    child = pexpect.spawn(sys.executable, args, env=_env(), encoding="utf-8", timeout=30, dimensions=(50, 200))
    rng = Rng(20)
    wrong = 0

    def three_first(n: int) -> str | None:  # three wrong answers first: each is told and the prompt comes again
        nonlocal wrong
        if wrong < 3:
            wrong += 1
            return ["abc", "0", str(n + 1)][wrong - 1]
        return None

    screens, pending = answer_to_the_end(child, PROMPT, rng, three_first, 3000)  # screens: before each decision
    child.close()
    out = "".join(screens) + pending
    assert child.exitstatus == 0, out[-2000:]
    assert "Traceback" not in out
    assert 'Não entendi "abc". Digite um número de 1 a' in screens[0]  # each wrong answer is told, and
    assert "Não existe a opção 0: escolha um número de 1 a" in screens[0]  # the prompt comes again
    assert out.startswith("Deuses — você (A) com \"Fúria da Mata\" contra random (B) com \"Olhos da Noite\".")
    assert "Suas opções:" in screens[0] and "PV 4000" in screens[0]
    assert re.search(r"Resultado: (você vence \(A\)|o oponente vence \(B\)|empate)\.", pending), pending[-1500:]
    assert re.search(r"A partida termina: (A|B) vence\.|A partida termina empatada", pending), pending[-1500:]

    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["format"] == "tablero-replay/1" and doc["game"] == "deuses" and doc["edition"] == "deuses-basic"
    assert doc["agents"] == {"A": "human", "B": "random"} and doc["winner"] in ("A", "B", "draw")
    assert [d["name"] for d in doc["decks"]] == ["Fúria da Mata", "Olhos da Noite"]
    seed = doc["seed"]
    assert seed >= 2**32  # drawn: 63 random bits
    assert not seed_leaks("".join(screens), seed) and "emente" not in "".join(screens)
    assert f"Semente desta partida: {seed}." in pending  # told once the game is over
    assert _check_no_hidden_names(doc, screens) > 5

    steps = len(doc["actions"])
    replay = _run(["replay", "--lang", "pt", str(save)], "\n\nb\n5\nq\n")
    assert replay.exit_code == 0, replay.output
    out = replay.output
    assert out.startswith(f"Replay: {steps} ações · deuses-basic · semente {seed}")
    assert "Início da partida (ação 0/" in out and f"Ação 1/{steps}: " in out and f"Ação 5/{steps}: " in out
    assert "A compra a mão inicial." in out and "Traceback" not in out
    end = _run(["replay", "--lang", "pt", str(save)], f"{steps}\nq\n")
    winner = {"A": "A vence", "B": "B vence"}.get(doc["winner"], "empate")
    assert f"Ação {steps}/{steps}: " in end.output and f"Fim do replay ({winner})." in end.output, end.output[-800:]


def test_a_whole_game_in_spanish_through_the_command_line() -> None:
    """The default language: ``tablero play --game deuses`` against ai greedy, answered always with the first
    action, to the end; a seed given replays the same game."""
    args = ["play", "--game", "deuses", "--vs", "greedy", "--seed", "12", "--deck", "muralha_do_sertao"]
    first = _run(args, "1\n" * 3000)
    assert first.exit_code == 0, first.output[-2000:]
    out = first.output
    assert out.startswith("Dioses — tú (A) con «Muralha do Sertão» contra greedy (B)"), out[:300]
    assert "Tu elección (1-" in out and "PV 4000" in out and "Traceback" not in out
    assert re.search(r"Resultado: (ganas tú \(A\)|gana el rival \(B\)|empate)\.", out), out[-1500:]
    assert "Semilla de esta partida: 12." in out
    again = _run(args, "1\n" * 3000)
    assert again.output == out  # the same seed, the same answers: the same game


def test_the_terminal_says_deuses_help_and_takes_a_surrender(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    r = _run(["play", "--game", "deuses", "--vs", "random", "--seed", "3", "--lang", "pt", "--save", str(save)],
             "?\nw\nv\ns\nn\ns\ns\n")
    assert r.exit_code == 0, r.output
    assert "PV são os Pontos de Vida (4000 no início; com 0 se perde)" in r.output  # the game's own help
    # a Deuses turn has no response windows: the help offers no stops, and w is not a command here
    assert "janelas de resposta" not in r.output and 'Não entendi "w"' in r.output
    assert "Quer mesmo se render? (s/n)" in r.output and "Resultado: o oponente vence (B)." in r.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["winner"] == "B" and doc["actions"][-1] == {"player": "A", "do": "surrender"}


def test_a_house_rule_and_an_unknown_deck_are_taken_or_refused_by_name() -> None:
    r = _run(["play", "--game", "deuses", "--vs", "random", "--seed", "4", "--option", "deuses.field_size=3",
              "--lang", "pt"], "1\n" * 2000)
    assert r.exit_code == 0 and "Resultado:" in r.output, r.output[-1500:]
    assert "F3 —" in r.output.split("Suas opções")[0] and "F4" not in r.output.split("Suas opções")[0]
    bad = _run(["play", "--game", "deuses", "--deck", "furia_jaguar"])
    assert bad.exit_code == 2 and "furia_jaguar" in bad.output and "Traceback" not in bad.output


# -- the balance lab ---------------------------------------------------------------------------------

def test_the_lab_plays_two_shipped_deuses_decks_and_reports(tmp_path: Path) -> None:
    """``tablero simulate --game deuses --decks <two shipped ids> --games 4 --json``: a report in Deuses'
    own terms (its deck sections, its cards), the same for any number of workers; ``--report`` writes its
    files."""
    decks = sorted(P.shipped_decks())
    assert len(decks) >= 2
    listed = _run(["deck", "list", "--game", "deuses"])
    assert listed.exit_code == 0 and all(d in listed.output for d in decks)
    a, b = decks[:2]
    args = ["simulate", "--game", "deuses", "--decks", a, b, "--games", "4", "--json"]
    r = _run([*args, "--workers", "1"])
    assert r.exit_code == 0, r.output
    s = json.loads(r.output.strip().splitlines()[-1])
    assert s["games"] == 4 and sum(s["wins"].values()) == 4 and s["edition"] == "deuses-basic"
    assert s["decks"] == {"A": a, "B": b} and s["seats"] == {"A_in_seat_A": 2, "A_in_seat_B": 2}
    assert s["turns"]["min"] >= 1 and s["decisions"]["mean"] > 5
    pool = {c.id for c in P.card_pool()}
    for label in ("A", "B"):
        cards = s["cards"][label]["cards"]
        assert cards and {c["card"] for c in cards} <= pool
        assert {c["part"] for c in cards} <= {"main", "additional"} and any(c["part"] == "additional" for c in cards)
        assert any(c["played"] for c in cards)
    text = r.output.strip().splitlines()[:-1]
    assert "4 games; seats alternate" in "\n".join(text) and "CHOQUE" not in r.output  # the lab's words, not Choque's
    header = next(line for line in text if line.strip().startswith("card ") and "part" in line)
    rows = [line for line in text if " additional " in line]
    assert rows and all(len(row) == len(header) for row in rows), [header, *rows]  # the columns hold "additional"
    two = _run([*args, "--workers", "2", "--report", str(tmp_path / "out")])
    assert two.exit_code == 0, two.output
    s2 = json.loads(two.output.strip().splitlines()[-1])
    assert {k: v for k, v in s2.items() if k not in ("games_per_s", "elapsed_s")} == \
        {k: v for k, v in s.items() if k not in ("games_per_s", "elapsed_s")}
    assert {p.name for p in (tmp_path / "out").iterdir()} >= {"games.csv", "cards.csv", "winrate.png"}


def test_the_lab_refuses_what_deuses_does_not_have() -> None:
    """A deck of another game, and matches (Deuses is played one game at a time): a clear error, exit 2."""
    r = _run(["simulate", "--game", "deuses", "--decks", "furia_da_mata", "furia_jaguar", "--games", "1"])
    assert r.exit_code == 2 and "furia_jaguar" in r.output and "Traceback" not in r.output
    m = _run(["simulate", "--game", "deuses", "--decks", "furia_da_mata", "olhos_da_noite", "--games", "1",
              "--match"])
    assert m.exit_code == 2 and "deuses is played one game at a time" in m.output


# -- words the front ends show ------------------------------------------------------------------------

def test_numbers_agree_with_their_nouns_in_every_language() -> None:
    """An invocation's cost and a draw the opponent may not see, as the board and the log say them: "1
    oferenda", "3 oferendas", never "1 oferendas" nor "carta(s)"."""
    costs = {c.id: c.offerings for c in P.card_pool() if c.type == "invocation"}  # type: ignore[attr-defined]
    one = next(c for c, n in costs.items() if n == 1)
    three = next(c for c, n in costs.items() if n == 3)
    said = {lang: P.presenter(lang) for lang in ("pt", "es", "en")}
    for lang, (a, b) in {"pt": ("invocação (1 oferenda)", "invocação (3 oferendas)"),
                         "es": ("invocación (1 ofrenda)", "invocación (3 ofrendas)"),
                         "en": ("invocation (1 offering)", "invocation (3 offerings)")}.items():
        w = Words(lang, {c.id: c for c in P.card_pool()})
        assert (face(w, one).kind, face(w, three).kind) == (a, b)
    for lang, (a, b) in {"pt": ("B compra 1 carta.", "B compra 2 cartas."),
                         "es": ("B roba 1 carta.", "B roba 2 cartas."),
                         "en": ("B draws 1 card.", "B draws 2 cards.")}.items():
        assert [said[lang].event({"event": "draw", "player": "B", "n": n}) for n in (1, 2)] == [a, b]
    assert said["pt"].legend() == "ATK ataque · DEF defesa · PV Pontos de Vida"  # the words on the board
