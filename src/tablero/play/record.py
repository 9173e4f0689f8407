"""Saved games (``tablero-replay/1``): what ``tablero play --save`` writes and ``tablero replay`` reads.

One CHOQUE::

    {"format": "tablero-replay/1", "game": "choque", "edition": "choque-2026", "seed": 7,
     "decks": [{"name": ..., "main": [ids], "souls": [ids], "support": [ids]}, {...}],   # A's, B's
     "first": "A" | "B" | null, "actions": [canonical actions], "winner": "A" | "B" | "draw" | null,
     "agents": {"A": "human", "B": "greedy"}}

A match (``--match``): ``{"format": "tablero-replay/1", "game": "choque", "match": true, "winner": ...,
"games": [one CHOQUE as above, ...]}``. The decks keep their listed order: the game shuffles them with the
seed, so decks + seed + first + actions rebuild every position exactly.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablero.core import BadInput, new_game
from tablero.core.files import read_user_file
from tablero.games.choque.deck import Deck
from tablero.games.choque.game import ChoqueGame

FORMAT = "tablero-replay/1"


def deck_json(deck: Deck, deck_id: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"name": deck.name, "main": [c.id for c in deck.main],
                           "souls": [c.id for c in deck.souls], "support": [c.id for c in deck.support]}
    if deck_id:
        out["id"] = deck_id
    return out


@dataclass
class GameRecord:
    """One CHOQUE as it is being played or was played."""

    edition: str
    seed: int
    decks: list[dict[str, Any]]
    first: str | None
    agents: dict[str, str]
    actions: list[dict[str, Any]] = field(default_factory=list)
    winner: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": "choque", "edition": self.edition, "seed": self.seed,
                "decks": self.decks, "first": self.first, "actions": self.actions, "winner": self.winner,
                "agents": self.agents}

    @classmethod
    def from_json(cls, doc: Any, where: str = "") -> GameRecord:
        at = f"{where}: " if where else ""
        if not isinstance(doc, dict):
            raise BadInput(f"{at}a saved game is a JSON object, got {type(doc).__name__}")
        if doc.get("game", "choque") != "choque":
            raise BadInput(f"{at}unknown game {doc.get('game')!r} (only choque can be replayed)")
        missing = [k for k in ("edition", "seed", "decks", "actions") if k not in doc]
        if missing:
            raise BadInput(f"{at}missing key(s): {', '.join(missing)}")
        seed = doc["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadInput(f"{at}seed must be an integer, got {seed!r}")
        if not isinstance(doc["edition"], str):
            raise BadInput(f"{at}edition must be a text, got {doc['edition']!r}")
        decks = doc["decks"]
        if not isinstance(decks, list) or len(decks) != 2 or not all(isinstance(d, dict) for d in decks):
            raise BadInput(f"{at}decks must be a list of two decks (A's and B's)")
        for i, d in enumerate(decks):
            for part in ("main", "souls", "support"):
                ids = d.get(part, [])
                if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
                    raise BadInput(f"{at}decks[{i}].{part} must be a list of card ids")
        actions = doc["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
            raise BadInput(f"{at}actions must be a list of action objects")
        first = doc.get("first")
        if first not in (None, "A", "B"):
            raise BadInput(f"{at}first must be A, B or null, got {first!r}")
        agents = doc.get("agents") or {}
        if not isinstance(agents, dict):
            agents = {}
        winner = doc.get("winner")
        return cls(edition=doc["edition"], seed=seed, decks=decks, first=first,
                   agents={str(k): str(v) for k, v in agents.items()}, actions=actions,
                   winner=winner if isinstance(winner, str) else None)

    def build_decks(self) -> list[Deck]:
        from tablero.games.choque.cardfile import shipped_pool

        pool = shipped_pool()
        return [Deck.from_ids(pool, d.get("main", []), d.get("souls", []), d.get("support", []),
                              name=str(d.get("name", "")), edition=self.edition) for d in self.decks]

    def new_game(self) -> ChoqueGame:
        g = new_game("choque", decks=self.build_decks(), seed=self.seed, edition=self.edition, first=self.first)
        assert isinstance(g, ChoqueGame)
        return g


def load_records(path: Path) -> list[GameRecord]:
    """The CHOQUES of a saved file (one, or a match's list); ``BadInput`` with a clear reason otherwise."""
    text = read_user_file(path, "saved game")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInput(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}") from None
    if not isinstance(doc, dict):
        raise BadInput(f"{path}: a saved game is a JSON object, got {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise BadInput(f"{path}: unknown format {doc.get('format')!r} (expected {FORMAT!r})")
    if "games" in doc:
        games = doc["games"]
        if not isinstance(games, list) or not games:
            raise BadInput(f"{path}: games must be a non-empty list of saved games")
        return [GameRecord.from_json(g, f"{path}: games[{i}]") for i, g in enumerate(games)]
    return [GameRecord.from_json(doc, str(path))]


def write_json(path: Path, doc: dict[str, Any]) -> None:
    """Write atomically: a crash mid-write leaves the previous file whole."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def match_json(records: list[GameRecord], winner: str | None, agents: dict[str, str]) -> dict[str, Any]:
    return {"format": FORMAT, "game": "choque", "match": True, "winner": winner, "agents": agents,
            "games": [r.to_json() for r in records]}


__all__ = ["FORMAT", "GameRecord", "deck_json", "load_records", "match_json", "write_json"]
