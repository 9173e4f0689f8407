"""The log in words (issue 17, item 6): every cost paid and every verb that finds nothing to act on is
narrated, in Spanish and English, by the terminal and the server alike."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tablero.games.choque.narrate import narrate
from tablero.play.events import event_lines
from tablero.play.text import CardBook
from tablero.scenario import load, play

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
RAW = re.compile(r"[{}\[\]=]|\b[a-z]+_[a-z_]+\b")  # a template left unfilled, a structure, a snake_case id


def played(name: str) -> tuple[Any, list[dict[str, Any]], dict[str, str]]:
    doc = load(SCENARIOS / name)
    game = play(doc)
    names = {c["id"]: c["name"] for c in doc.get("cards", [])}
    return game, list(game.log), names


def test_a_paid_cost_is_narrated_with_the_card_it_took() -> None:
    """Cenote Sagrado's Aguas Profundas: "descarta 1 carta; libera..." — the discard is in the log."""
    _, log, names = played("starter/soporte/cenote_sagrado.yaml")
    paid = [e for e in log if e["event"] == "paid"]
    assert paid == [{**paid[0], "player": "A", "ability": "Aguas Profundas", "cost": "discard", "card": "test_a"}]
    names["cenote_sagrado"] = "Cenote Sagrado"
    assert narrate(paid[0], "es", names) == "A paga Aguas Profundas: descarta Prueba A."
    assert narrate(paid[0], "en", names) == "A pays for Aguas Profundas: discards Prueba A."
    freed = [e for e in log if e["event"] == "liberated"]
    assert [e["card"] for e in freed] == ["test_nahual"]
    assert narrate(freed[0], "es", names) == "A libera Prueba Nahual a su mano."


def test_a_verb_whose_target_left_says_it_did_nothing() -> None:
    """Lanza destroys a target that went back to its owner's hand in response (CH-7.6): the destroy part
    is said to do nothing, and the draw after it still happens."""
    _, log, names = played("effects/link-target-gone.yaml")
    nothing = [e for e in log if e["event"] == "no_effect"]
    assert [(e["player"], e["verb"], e["source"]) for e in nothing] == [("A", "destroy", "lanza")]
    es, en = narrate(nothing[0], "es", names), narrate(nothing[0], "en", names)
    assert "su objetivo ya no está en el campo" in es and "no tiene efecto" in es
    assert "no longer on the field" in en and "no effect" in en


def test_the_terminal_words_the_new_events_without_raw_structures() -> None:
    from tablero.games.choque.cardfile import shipped_pool
    from tablero.games.choque.cards import CardPool

    for name in ("starter/soporte/cenote_sagrado.yaml", "effects/link-target-gone.yaml"):
        doc = load(SCENARIOS / name)
        log = list(play(doc).log)
        cards = list(CardPool.from_dicts(doc.get("cards"), "cards", base=shipped_pool()))
        for lang in ("es", "en"):
            said = [line for line in event_lines(log, CardBook(cards, lang))
                    if any(w in line for w in ("paga", "pays", "efecto", "effect", "libera", "releases"))]
            assert said, (name, lang)
            for line in said:
                assert not RAW.search(line), line
