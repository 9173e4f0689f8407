"""The pending decision explains itself (issue 21, item 3): every kind of decision of every registered game
(``GamePlugin.decision_kinds``) is reached, in the scenario files and in seeded random games, and at each
decision reached ``Presenter.decision`` asks a question in every language of the table, from the catalogue
(a message with no translation fails), with every field filled in; the board the server sends the deciding
seat carries that question, and only that seat's board does (nothing of a hand reaches anyone else)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tablero import scenario
from tablero.core import Game, IllegalAction, Rng, scenario_game
from tablero.core.i18n import Catalogue, Msg
from tablero.core.plugin import Presenter
from tablero.core.registry import DEFAULT_GAME, game_names, plugin, random_game

GAMES = game_names()
LANGS = ("es", "en", "pt")
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
SEEDS = range(3)
MAX_DECISIONS = 20_000
FIELD = re.compile(r"\{\w*\}")  # a field left unfilled


def kind_of(g: Game) -> str:
    """The decision's kind as ``decision_kinds`` names it: ``kind``, or ``kind:detail``."""
    d = g.pending
    assert d is not None
    return f"{d.kind}:{d.detail}" if d.detail else d.kind


# -- the decisions a game reaches ----------------------------------------------------------------------
def _files(name: str) -> list[Path]:
    return [f for f in scenario.find_files([str(SCENARIOS)]) if scenario.load(f).get("game", DEFAULT_GAME) == name]


def _walk_scenario(path: Path) -> Iterator[Game]:
    """The game of a scenario file at each decision its entries meet, implicit passes included (as the judge
    plays it, ``scenario.py``); a refused entry (``expect: illegal``) changes nothing and is passed over."""
    doc = scenario.load(path)
    g = scenario_game(str(doc.get("game", DEFAULT_GAME)), doc)
    for entry in doc.get("actions") or []:
        if isinstance(entry, dict) and "check" in entry:
            continue
        act = {k: v for k, v in entry.items() if k not in ("expect", "now")}
        if not entry.get("now"):
            while g.pending is not None and not g.is_over:
                yield g
                passing = g.pass_action()
                if passing is None or g.answers(act):
                    break
                g.apply(passing)
        if g.pending is not None and not g.is_over:
            yield g
        try:
            g.apply(act)
        except IllegalAction:
            pass
    if g.pending is not None and not g.is_over:
        yield g


def _walk_random(name: str, seed: int) -> Iterator[Game]:
    g = random_game(name, seed)
    rng = Rng(seed)
    for _ in range(MAX_DECISIONS):
        if g.is_over:
            return
        yield g
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])


def _decisions(name: str) -> Iterator[tuple[str, Game, dict[str, Presenter]]]:
    """Every decision of the game's scenario files and seeded random games: where, the game, and its words in
    each language (naming the game's own cards: a scenario's, a random game's generated ones)."""
    walks: list[tuple[str, Callable[[], Iterator[Game]]]] = [
        *((f.name, lambda f=f: _walk_scenario(f)) for f in _files(name)),
        *((f"random seed {s}", lambda s=s: _walk_random(name, s)) for s in SEEDS)]
    for where, walk in walks:
        words: dict[str, Presenter] = {}
        for g in walk():
            if not words:
                cards = list(plugin(name).game_cards(g))
                words = {lang: plugin(name).presenter(lang, cards) for lang in LANGS}
            yield where, g, words


@contextmanager
def _untranslated() -> Iterator[list[tuple[str, str]]]:
    """The messages said in a language other than English that its catalogue lacks, while inside."""
    missing: list[tuple[str, str]] = []
    say, fill = Catalogue.say, Catalogue.fill

    def lacks(cat: Catalogue, lang: str, context: str | None, text: str) -> None:
        table = cat.words.get(lang)
        if lang != "en" and (not table or ((context, text) not in table and (None, text) not in table)):
            missing.append((lang, text))

    def said(self: Catalogue, message: Msg | str, lang: str) -> str:
        if isinstance(message, Msg):
            lacks(self, lang, message.context, message.text)
        return say(self, message, lang)

    def filled(self: Catalogue, text: str, params: Any, lang: str) -> str:
        lacks(self, lang, None, text)
        return fill(self, text, params, lang)

    Catalogue.say = said  # type: ignore[method-assign]
    Catalogue.fill = filled  # type: ignore[method-assign]
    try:
        yield missing
    finally:
        Catalogue.say = say  # type: ignore[method-assign]
        Catalogue.fill = fill  # type: ignore[method-assign]


# -- every kind, reached and asked -------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_decision_kind_is_reached_and_asked_in_every_language(name: str) -> None:
    declared = set(plugin(name).decision_kinds)
    assert declared, f"{name} declares no decision kinds (GamePlugin.decision_kinds)"
    reached: dict[str, str] = {}
    problems: list[str] = []
    with _untranslated() as missing:
        for where, g, words in _decisions(name):
            kind = kind_of(g)
            reached.setdefault(kind, where)
            before = len(missing)
            said = {lang: w.decision(g) for lang, w in words.items()}
            told = {lang: w.waiting(g.pending) for lang, w in words.items()}  # type: ignore[arg-type]
            for lang, text in told.items():
                if g.pending.player not in text or FIELD.search(text):  # type: ignore[union-attr]
                    problems.append(f"{where}: {kind}: the others are not told whose decision in {lang}: {text!r}")
                if lang != "en" and text == told["en"]:
                    problems.append(f"{where}: {kind}: the {lang} waiting line is the English one: {text!r}")
            for lang, text in said.items():
                if not text.strip():
                    problems.append(f"{where}: {kind}: no question in {lang}")
                elif FIELD.search(text):
                    problems.append(f"{where}: {kind}: a field left unfilled in {lang}: {text!r}")
            for lang in ("es", "pt"):
                if said[lang] == said["en"]:
                    problems.append(f"{where}: {kind}: the {lang} question is the English one: {said['en']!r}")
            problems += [f"{where}: {kind}: no {lang} for {text!r}" for lang, text in missing[before:]]
            if len(problems) > 20:
                break
    assert not problems, "\n".join(dict.fromkeys(problems))
    assert not declared - set(reached), f"declared, never reached: {sorted(declared - set(reached))}"
    assert not set(reached) - declared, f"reached, not declared: {sorted(set(reached) - declared)}"


@pytest.mark.parametrize("name", GAMES)
def test_the_board_puts_the_question_to_the_deciding_seat_only(name: str) -> None:
    """``board_json`` (what the browser draws): the deciding seat's prompt is ``Presenter.decision`` in its
    language; the other seat's and a spectator's say whose decision it is and what kind, as
    ``Presenter.waiting`` tells it from the decision's public fields, and nothing of the question."""
    from tablero.server.envelopes import board_json

    seen: dict[str, int] = {}
    for _, g, _ in _decisions(name):
        kind = kind_of(g)
        seen[kind] = seen.get(kind, 0) + 1
        if seen[kind] > 2:
            continue
        d = g.pending
        assert d is not None
        other = next(p for p in g.players if p != d.player)
        for lang in LANGS:
            mine = board_json(g, d.player, g.view(d.player), lang)["prompt"]
            assert mine["text"] == plugin(name).presenter(lang).decision(g) and mine["player"] == d.player, kind
            told = plugin(name).presenter(lang).waiting(d)
            for seat, view in ((other, g.view(other)), (None, g.public_view())):
                theirs = board_json(g, seat, view, lang)["prompt"]
                assert theirs["player"] == d.player and theirs.get("waiting") is True, (kind, seat, theirs)
                assert theirs["text"] == told != mine["text"], (kind, seat, theirs)
    assert set(seen) == set(plugin(name).decision_kinds)


# -- the questions of the issue, in Spanish --------------------------------------------------------------
def _first(path: str, kind: str, ok: Callable[[str], bool] = lambda text: True) -> tuple[Game, dict[str, str]]:
    """The first decision of ``kind`` a scenario file meets whose Spanish question ``ok`` accepts, and its
    question in each language."""
    name = str(scenario.load(SCENARIOS / path).get("game", DEFAULT_GAME))
    cards: list[Any] | None = None
    for g in _walk_scenario(SCENARIOS / path):
        cards = cards if cards is not None else list(plugin(name).game_cards(g))
        if kind_of(g) == kind:
            said = {lang: plugin(name).presenter(lang, cards).decision(g) for lang in LANGS}
            if ok(said["es"]):
                return g, said
    raise AssertionError(f"{path} meets no {kind}")


def test_paying_a_cost_names_the_card_paid_for() -> None:
    _, said = _first("effects/ability-that-can-do-something.yaml", "choose:select")
    assert said["es"] == "Para pagar el coste de Cenote Sagrado, elige una carta (descartar)."
    assert said["en"] == "To pay the cost of Sacred Cenote, choose a card (discard)."
    assert said["pt"] == "Para pagar o custo de Cenote Sagrado, escolha uma carta (descartar)."


def test_a_response_window_names_what_it_responds_to() -> None:
    """CH-7.4: the chain's last link and whose it is; CH-7.5: with nothing on the chain, what opened the
    window (an attack declared, a phase begun)."""
    _, said = _first("negation/atormentar-negated.yaml", "response", lambda t: "Atormentar" in t)
    assert said["es"] == "Responder a: Atormentar de A"
    assert said["en"] == "Respond to: Torment by A" and said["pt"] == "Responder a: Atormentar de A"
    _, said = _first("cards-in-play/apoyo-rapido-after-attack-declaration.yaml", "response",
                     lambda t: " ataca a " in t)
    assert re.fullmatch(r".+ \(C\d del rival\) ataca a .+ \(tu C\d\): ¿respondes\?", said["es"]), said["es"]
    _, said = _first("cards-in-play/apoyo-rapido-turn-start-window.yaml", "response", lambda t: "Comienza" in t)
    assert re.fullmatch(r"Comienza la fase de .+ de [AB]: ¿respondes\?", said["es"]), said["es"]


def test_a_defence_names_the_attacker_and_the_zone_attacked() -> None:
    _, said = _first("combat/battle-repetition-then-defence.yaml", "defend")
    assert said["es"] == "Espadachín (C1 del rival) ataca a Aprendiz (tu C3): ¿defiendes a C3 con otro personaje?"
    assert said["en"] == ("Espadachín (opponent's C1) attacks Aprendiz (your C3): do you defend C3 with another "
                          "character?")


def test_an_optional_trigger_says_its_ability_its_card_and_what_it_does() -> None:
    _, said = _first("starter/personajes/aguila_bicefala_del_cenit.yaml", "choose:optional")
    assert said["es"] == ("¿Usas Doble Mirada de Águila Bicéfala del Cénit? (Emboscada. Alerta. Al declarar batalla, "
                          "puedes poner al fondo de la baraja de su dueño 1 personaje rival de valor 4 o menor.)")
    assert said["en"].startswith("Use Doble Mirada of Two-Headed Eagle of the Zenith? (Ambush. Alert.")


def test_each_selection_says_what_it_is_for() -> None:
    """The five purposes of a Choque selection (CH-12 seleccionar, ``pending.SelectChoice``) each have their
    question, and several picks say which one this is."""
    from tablero.games.choque.game import ChoqueGame

    seen: dict[str, str] = {}
    for f in _files("choque"):
        for g in _walk_scenario(f):
            if kind_of(g) == "choose:select":
                assert isinstance(g, ChoqueGame) and g.s.pending is not None
                seen.setdefault(g.s.pending.data.purpose, plugin("choque").presenter("es", plugin(
                    "choque").game_cards(g)).decision(g))
    assert set(seen) == {"cost", "discard", "add", "special_call", "liberar"}, seen
    assert seen["liberar"].startswith("Elige un personaje confinado para liberarlo (")
    _, said = _first("effects/cost-choice-duplicates.yaml", "choose:select")
    assert said["es"].endswith("elige una carta (aislar) (1 de 2).") and said["en"].endswith("(isolate) (1 of 2).")


def test_a_deuses_step_names_what_it_offers() -> None:
    _, said = _first("deuses/rules/draw/dig-until-attack-card.yaml", "dig_discard")
    assert re.fullmatch(r"La búsqueda sigue: .+ no es una carta de ataque\. Descarta una carta para robar la "
                        r"siguiente\.", said["es"]), said["es"]
    _, said = _first("deuses/examples/battle-tie-then-direct.yaml", "attack", lambda t: " pueden " in t)
    assert re.fullmatch(r"Tu paso de ataque: .+ \(A\.F1\) y .+ \(A\.F2\) pueden atacar; declara un ataque o "
                        r"termina el turno\.", said["es"]), said["es"]
    _, said = _first("deuses/rules/ace/not-after-offering.yaml", "effect_draw", lambda t: "Ofrenda" in t)
    assert "haz una Ofrenda (tienes 2 créditos de Ofrenda)" in said["es"], said["es"]
