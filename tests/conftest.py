"""Shared helpers: generated decks and a seeded random player (no hidden state, no global random)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablero.core import Rng, new_game
from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.deckfile import shipped_decks
from tablero.games.choque.game import ChoqueGame
from tablero.games.choque.generate import generate_deck, generate_pool

DECK_SOURCES = ("keywords", "effects", "shipped", "starter")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to test another checkout's code. An editable install points at one clone's ``src``; a fresh-clone
    ``.ci/run`` started from a shell whose virtual environment was active reinstalls that environment from the
    clone, and every later run here would silently test the clone (an installed, compiled package is fine)."""
    import tablero

    package = Path(tablero.__file__).resolve()
    here = Path(__file__).resolve().parents[1] / "src"
    if "site-packages" not in package.parts and here not in package.parents:
        raise pytest.UsageError(f"tablero is imported from {package.parent}, not from this checkout's {here}: "
                                "run `python -m pip install -e '.[test]'` here")


def make_game(seed: int, edition: str = "choque-2026", n_characters: int = 30, effects: bool = False,
              source: str | None = None) -> ChoqueGame:
    """A seeded game. ``source``: generated keyword-only decks, generated effect decks, two preconstructed
    decks of the edition (mirrors included), or random legal decks drawn from the whole starter set."""
    rng = Rng(seed)
    source = source or ("effects" if effects else "keywords")
    if source == "shipped":
        options = [d.deck for d in shipped_decks().values() if d.deck.edition == edition]
        decks = [rng.choice(options), rng.choice(options)]
    else:
        pool = shipped_pool() if source == "starter" else generate_pool(rng, n_characters, effects=source == "effects")
        decks = [generate_deck(pool, rng, edition, name) for name in ("A", "B")]
    g = new_game("choque", decks=decks, seed=seed, edition=edition)
    assert isinstance(g, ChoqueGame)
    return g


def random_moves(g: ChoqueGame, seed: int, limit: int = 20_000) -> Iterator[dict[str, Any]]:
    """Play uniformly random legal actions; yield each action after it was applied."""
    rng = Rng(seed)
    for _ in range(limit):
        if g.is_over:
            return
        legal = g.legal_actions()
        act = legal[rng.below(len(legal))]
        g.apply(act)
        yield act
    raise AssertionError(f"game did not end within {limit} decisions")


def fingerprint(g: ChoqueGame) -> str:
    """Everything in the state, as text: observation plus the engine's internal queues and rng."""
    s = g.s
    inner = {
        "obs": g.observe(), "stack": repr(s.stack), "chain": repr(s.chain), "triggers": repr(s.triggers),
        "pending": repr(s.pending), "rng": s.rng.state, "mode": s.chain_mode, "prio": s.chain_prio,
        "passes": s.chain_passes, "battle": repr(vars_of(s.battle)), "uid": s.next_uid, "log": len(s.log),
        "known": [(p.main_known, p.soul_known, [c.id for c in p.hand_known], p.toxina_now, p.toxina_next,
                   [(c.uid, c.hit, c.portal_turn, c.elite_bonus, c.elite_dmg0, c.dmg, c.mods,
                     c.gained.id if c.gained else None) for c in p.chars if c is not None]) for p in s.players],
    }
    return json.dumps(inner, sort_keys=True, default=str)


def vars_of(obj: Any) -> Any:
    if obj is None:
        return None
    # dir(), not __slots__: compiled (mypyc) classes have attributes but no __slots__
    return {k: getattr(obj, k) for k in dir(obj) if not k.startswith("_") and not callable(getattr(obj, k))}


def card_multisets(g: ChoqueGame) -> list[Counter[str]]:
    return [Counter(c.id for c in g.s.cards_of(i)) for i in range(2)]


@pytest.fixture
def game() -> ChoqueGame:
    return make_game(1)


# What the compiled build's pass of .ci/run runs (``-m compiled``): what compiling can change — the judge's
# engine-facing tests, the conformance suite, every game's engine and agent tests, the build checks and one
# game through each front end (test_front_end_smoke.py). docs/testing.md, "The compiled pass".
COMPILED_PASS = ("conformance/", "games/", "test_agents.py", "test_core.py", "test_game_interface.py",
                 "test_hidden_seed.py", "test_compiled_classes.py", "test_build.py", "test_front_end_smoke.py",
                 "test_scenario_judge.py")
TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.resolve().relative_to(TESTS).as_posix().startswith(COMPILED_PASS):
            item.add_marker(pytest.mark.compiled)
