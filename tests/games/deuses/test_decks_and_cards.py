"""DE-3 and the card format: the shipped decks are legal and name their strategy; card files are checked
with every problem named (DE-2.1: a field of another type is an error)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablero.core import IllegalAction
from tablero.core.registry import plugin
from tablero.games.deuses.cards import card_from_dict

P = plugin("deuses")


def test_the_shipped_decks_are_legal_with_a_strategy_and_names_in_three_languages() -> None:
    decks = P.shipped_decks()
    assert len(decks) >= 4
    for d in decks.values():
        assert P.check_deck(d.deck) == [], d.id  # DE-3.1: 20 / 10 / 5 / 5
        ids = P.deck_ids(d.deck)
        assert len(ids["main"]) == 35 and len(ids["additional"]) == 5  # DE-3.2
        assert d.strategy and d.deck.name
    assert len({d.strategy for d in decks.values()}) >= 4


def test_a_deck_with_the_wrong_split_is_refused_with_every_violation() -> None:
    deck = next(iter(P.shipped_decks().values())).deck
    ids = P.deck_ids(deck)
    short = P.deck_from_ids({"main": ids["main"][:-1], "additional": ids["additional"]})
    broken = P.check_deck(short)
    assert broken and {v.rule for v in broken} == {"DE-3.1"}
    assert all(v.said("pt") and v.said("es") for v in broken)


def test_a_card_with_a_field_of_another_type_is_refused() -> None:
    problems: list[object] = []
    assert card_from_dict({"id": "m", "name": "M", "type": "magic", "level": 3}, problems) is None  # type: ignore[arg-type]
    assert any("level" in str(p) for p in problems)
    problems.clear()
    assert card_from_dict({"id": "g", "name": "G", "type": "god", "level": 8, "attack": 1, "defense": 1,
                           "offerings": 2}, problems) is None  # type: ignore[arg-type]
    assert card_from_dict({"id": "x", "name": "X", "type": "magic", "effect": [{"fly": 1}]}, problems) is None  # type: ignore[arg-type]


def test_the_shipped_card_file_checks_clean(tmp_path: Path) -> None:
    from tablero.games.deuses.cardfile import CARDS

    report = P.check_cards(CARDS)
    assert report.problems == [] and report.checked >= 40
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  - {id: x, name: X, type: attack, level: 0, attack: 1, defense: 1}\n", encoding="utf-8")
    assert [p.said("pt") for p in P.check_cards(bad).problems]


def test_a_refusal_is_said_in_spanish_and_portuguese_and_names_its_rule() -> None:
    from tablero.games.deuses.catalogue import words

    g = P.random_game(3)
    d = g.pending
    assert d is not None
    with pytest.raises(IllegalAction) as e:
        g.apply({"player": d.player, "do": "attack", "attacker": "F9", "target": "lp"})
    assert e.value.rule and e.value.rule.startswith("DE-")
    for lang in ("es", "pt"):
        assert words().say(e.value.text, lang) != e.value.message


def test_every_listed_action_is_accepted_as_a_client_sends_it() -> None:
    """Each legal action, sent back through JSON (so not the listed object itself), is accepted: the
    listing and the checks agree on every effect's choices (a put_attack from the hand once listed the
    card being put down as its own target)."""
    import json

    from tablero.core import Rng

    tried = 0
    for seed in range(12):
        for deck_seed in range(2):
            decks = list(P.shipped_decks().values())
            rng = Rng(seed * 7 + deck_seed)
            g = P.new_game([rng.choice(decks).deck, rng.choice(decks).deck], seed=seed)
            while not g.is_over:
                legal = g.legal_actions()
                for a in legal:
                    g.clone().apply(json.loads(json.dumps(a)))
                    tried += 1
                g.apply(json.loads(json.dumps(legal[rng.below(len(legal))])))
    assert tried > 1000


def test_an_action_with_a_field_its_verb_does_not_take_is_refused_and_changes_nothing() -> None:
    """A client's extra key is never taken silently (the server answers 422, docs/server.md), and a key of
    another verb is no key of this one; the refusal is said in Portuguese too. Deuses once accepted and
    stored ``{..., "zzz": 1}``."""
    import json

    from tablero.games.deuses.catalogue import words

    g = P.random_game(1)
    before = json.dumps(g.observe(), sort_keys=True)
    legal = g.legal_actions()[0]
    for extra in ({"zzz": 1}, {"note": None}, {"attacker": "F1"} if legal["do"] != "attack" else {"offer": []}):
        with pytest.raises(IllegalAction) as e:
            g.apply_canonical({**legal, **extra})
        assert e.value.rule is None and next(iter(extra)) in e.value.message
        assert words().say(e.value.text, "pt") != e.value.message
    assert json.dumps(g.observe(), sort_keys=True) == before
    g.apply(legal)  # the action itself still stands


def test_a_deck_problem_names_the_card_type_in_the_readers_language() -> None:
    """DE-3.1 said "5 cartas do tipo invocation": the type is a word of the reader's language too."""
    from tablero.games.deuses.catalogue import words
    from tablero.games.deuses.deck import Deck, check_deck

    d = next(iter(P.shipped_decks().values())).deck
    problems = check_deck(Deck("short", d.main[:-3], d.additional))
    said = {lang: " / ".join(words().say(v.text, lang) for v in problems) for lang in ("pt", "es")}
    assert "tipo invocação" in said["pt"] and "tipo invocación" in said["es"]
    assert "invocation" not in said["pt"] + said["es"]
