"""Saved games (``tablero-replay/1``), for every game: what ``tablero play --save`` writes and ``tablero
replay`` reads, and how any stored game (these files, the server's game records) is replayed under the
current rules of its game. The game is named by ``game`` (a file without it is the default game's), and its
plugin builds the decks from their sections of card ids and restores older rules' readings.

One game (here a CHOQUE, whose decks have three sections)::

    {"format": "tablero-replay/1", "game": "choque", "edition": "choque-2026", "seed": 7,
     "rules_version": 2, "options": {},
     "decks": [{"name": ..., "main": [ids], "souls": [ids], "support": [ids]}, {...}],   # A's, B's
     "first": "A" | "B" | null, "actions": [canonical actions], "winner": "A" | "B" | "draw" | null,
     "agents": {"A": "human", "B": "greedy"}}

A match (``--match``): ``{"format": "tablero-replay/1", "game": "choque", "match": true, "winner": ...,
"games": [one CHOQUE as above, ...]}``. The decks keep their listed order: the game shuffles them with the
seed, so decks + seed + first + options + actions rebuild every position exactly, under the rules they
were played under. ``rules_version`` is the version of those rules (the game's: Choque's is in
``games/choque/versions.py``); a file without it was saved before versions were recorded, under version
1. A file with them is still ``tablero-replay/1``: the keys are new, nothing else changed, and an older
reader ignores them.

A record of older rules is replayed under the current ones, with the engine options that restore the old
readings (``GamePlugin.options_for_rules``). Its replay stops at the first action the current rules refuse,
or that no longer answers the pending decision; the record still opens, at the position reached, with a
note saying so (``Replay.note``), and nothing stored is changed.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BadInput, TableroError
from .files import MAX_SAVED_GAME_BYTES, read_user_file
from .game import Game
from .plugin import Deck, GamePlugin
from .registry import DEFAULT_GAME, plugin
from .shown import kind, shown

FORMAT = "tablero-replay/1"
UNVERSIONED = 1  # the version of a record that names none: it was stored before versions were recorded
log = logging.getLogger("tablero.replay")


def deck_json(p: GamePlugin, deck: Deck, deck_id: str = "") -> dict[str, Any]:
    """A deck as a record stores it: its name and its card ids per section, one entry per copy."""
    out: dict[str, Any] = {"name": deck.name, **p.deck_ids(deck)}
    if deck_id:
        out["id"] = deck_id
    return out


def result_text(winner: str | None) -> str:
    """A game's result in the words of a replay's note."""
    if winner is None:
        return "unfinished"
    return "a draw" if winner == "draw" else f"{winner} wins"


def _game_of(doc: dict[str, Any], at: str) -> str:
    """The game a record names (the default game when it names none), which must be one this table plays."""
    game = doc.get("game", DEFAULT_GAME)
    if not isinstance(game, str):
        raise BadInput(f"{at}game must be a game's name, got {shown(game)}")
    try:
        plugin(game)
    except BadInput as e:
        raise BadInput(f"{at}{e}") from None
    return game


def _decks_of(decks: Any, sections: list[str], at: str) -> list[dict[str, Any]]:
    """A record's two decks, each a list of card ids per section of its game's decks."""
    if not isinstance(decks, list) or len(decks) != 2 or not all(isinstance(d, dict) for d in decks):
        raise BadInput(f"{at}decks must be a list of two decks (A's and B's)")
    for i, d in enumerate(decks):
        for part in sections:
            ids = d.get(part, [])
            if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
                raise BadInput(f"{at}decks[{i}].{part} must be a list of card ids")
    return decks


@dataclass
class GameRecord:
    """One game as it is being played or was played."""

    edition: str
    seed: int
    decks: list[dict[str, Any]]
    first: str | None
    agents: dict[str, str]
    actions: list[Any] = field(default_factory=list)  # canonical actions (a stored one may be anything)
    winner: str | None = None
    rules_version: int = 0  # the rules it was played under (0, a new game: its game's current ones)
    options: dict[str, Any] = field(default_factory=dict)  # its engine options, by public name
    game: str = DEFAULT_GAME

    def __post_init__(self) -> None:
        if self.rules_version == 0:
            self.rules_version = self.plugin.rules_version

    @property
    def plugin(self) -> GamePlugin:
        return plugin(self.game)

    @property
    def current(self) -> int:
        """The version of the rules this code plays of the record's game."""
        return self.plugin.rules_version

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "edition": self.edition, "seed": self.seed,
                "rules_version": self.rules_version, "options": self.options, "decks": self.decks,
                "first": self.first, "actions": self.actions, "winner": self.winner, "agents": self.agents}

    @classmethod
    def from_json(cls, doc: Any, where: str = "") -> GameRecord:
        at = f"{where}: " if where else ""
        if not isinstance(doc, dict):
            raise BadInput(f"{at}a saved game is a JSON object, got {kind(doc)}")
        game = _game_of(doc, at)
        missing = [k for k in ("edition", "seed", "decks", "actions") if k not in doc]
        if missing:
            raise BadInput(f"{at}missing key(s): {', '.join(missing)}")
        seed = doc["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadInput(f"{at}seed must be an integer, got {shown(seed)}")
        if not isinstance(doc["edition"], str):
            raise BadInput(f"{at}edition must be a text, got {shown(doc['edition'])}")
        decks = _decks_of(doc["decks"], [sec.name for sec in plugin(game).sections], at)
        actions = doc["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
            raise BadInput(f"{at}actions must be a list of action objects")
        if len(actions) > MAX_RECORD_ACTIONS:
            raise BadInput(f"{at}{len(actions)} actions, at most {MAX_RECORD_ACTIONS}")
        first = doc.get("first")
        if first not in (None, "A", "B"):
            raise BadInput(f"{at}first must be A, B or null, got {shown(first)}")
        version = doc.get("rules_version", UNVERSIONED)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise BadInput(f"{at}rules_version must be a whole number from 1, got {shown(version)}")
        options = doc.get("options") or {}
        if not isinstance(options, dict):
            raise BadInput(f"{at}options must be a map of engine options, got {shown(options)}")
        agents = doc.get("agents") or {}
        if not isinstance(agents, dict):
            agents = {}
        winner = doc.get("winner")
        return cls(edition=doc["edition"], seed=seed, decks=decks, first=first,
                   agents={str(k): str(v) for k, v in agents.items()}, actions=actions,
                   winner=winner if isinstance(winner, str) else None, rules_version=version,
                   options={str(k): v for k, v in options.items()}, game=game)

    def build_decks(self) -> list[Deck]:
        p = self.plugin
        return [p.deck_from_ids({s.name: d.get(s.name, []) for s in p.sections}, name=str(d.get("name", "")),
                                edition=self.edition) for d in self.decks]

    def replay_options(self) -> tuple[dict[str, Any], list[str]]:
        """The engine options a game of this record runs with under the current rules: those that restore
        the readings of its rules version, then its own (which win). An option these rules do not know (a
        record of a newer server) is left out, and named in the second list: refusing it would refuse the
        whole record."""
        wanted = {**self.plugin.options_for_rules(self.rules_version), **self.options}
        known = {o.name for o in self.plugin.options()}
        unknown = sorted(k for k in wanted if k not in known)
        return {k: v for k, v in wanted.items() if k in known}, unknown

    def new_game(self) -> Game:
        """The game at its start, as the current rules set it up for this record. The decks are checked
        only for a record of the current rules: an older one's were legal when it was played, and a card
        data fix since then must not keep its game from opening."""
        options, _unknown = self.replay_options()
        return self.plugin.new_game(self.build_decks(), seed=self.seed, edition=self.edition, first=self.first,
                                    options=options, validate=self.rules_version == self.current)

    def replay(self, observe: bool = False, snapshot: int | None = None) -> Replay:
        """Play the record's actions again under the current rules, up to the first one they refuse (or
        that no longer answers the pending decision). Never raises for what the record holds: what did
        not replay is in the result (``Replay.note``). ``observe`` keeps every position on the way (the
        terminal's replay); ``snapshot`` keeps a copy of the game after that many actions (the server's
        replay viewer: one pass tells both the position asked for and how far the record replays)."""
        options, unknown = self.replay_options()
        try:
            game = self.new_game()
        except TableroError as e:
            return Replay(self, None, 0, 0, options, refusal=str(e), unknown_options=unknown)
        rp = Replay(self, game, 0, 0, options, unknown_options=unknown)
        if observe:
            rp.start_obs, rp.start_log = game.observe(), len(game.log)
        if snapshot == 0:
            rp.snapshot = (game.clone(), 0)
        for action in self.actions:
            if not isinstance(action, dict):
                rp.refusal = "it is not an action object"
                break
            obs = game.observe() if observe else None
            kind = game.pending.kind if game.pending is not None else None
            start = len(game.log)
            try:
                # a field set to null meant "absent" when the record was made: an extra key of that kind
                # is refused now, but a stored game keeps replaying (nothing stored is lost)
                present = {k: v for k, v in action.items() if v is not None}
                rp.canonical.append(dict(game.apply_canonical(present)))
            except TableroError as e:  # the rules refuse it, and the game is as it was
                rp.refusal = str(e)
                break
            except Exception as e:  # noqa: BLE001 - a stored record must open even if the engine trips on it
                log.exception("replaying action %d of a record failed in the engine", rp.applied + 1)
                rp.refusal = f"the engine failed on it ({type(e).__name__}: {e})"
                rp.game = game = self._replayed(rp.applied)  # the failed call may have left it half-changed
                break
            rp.applied += 1
            rp.last_start = start
            if obs is not None:
                rp.steps.append(ReplayStep(obs, kind, action, len(game.log)))
            if snapshot == rp.applied:
                rp.snapshot = (game.clone(), start)
        return rp

    def _replayed(self, n: int) -> Game:
        """The game after its first ``n`` actions, which replayed before."""
        game = self.new_game()
        for action in self.actions[:n]:
            game.apply(action)
        return game


@dataclass
class ReplayStep:
    """The position before an action, the decision it answered, the action, and where its events end."""

    obs: dict[str, Any]
    kind: str | None
    action: dict[str, Any]
    log_end: int  # len(log) after the action


def _plain(action: Any) -> Any:
    """An action's short keys with text, number or flat-list values; anything else is dropped (a stored
    value that is no object is shown as it is, its text cut at 200 characters)."""
    if isinstance(action, str):
        return action[:200]
    if not isinstance(action, dict):
        return action if isinstance(action, (int, float, bool)) else None
    flat = (str, int, float, bool, type(None))
    return {k: v for k, v in action.items() if isinstance(k, str) and len(k) <= 40
            and (isinstance(v, flat) or isinstance(v, list) and all(isinstance(x, flat) for x in v))}


@dataclass
class Replay:
    """How far a record replays under the current rules, and the position it reaches."""

    record: GameRecord
    game: Game | None  # the position reached (None: the game cannot even be set up)
    applied: int  # how many of the record's actions replayed
    last_start: int  # where in the log the last replayed action's events begin
    options: dict[str, Any]  # the engine options the replay ran with
    refusal: str | None = None  # why the next action did not replay (or the game could not be set up)
    unknown_options: list[str] = field(default_factory=list)  # stored options these rules do not know
    steps: list[ReplayStep] = field(default_factory=list)  # with ``observe``
    start_obs: dict[str, Any] = field(default_factory=dict)  # with ``observe``: the position at the start
    start_log: int = 0
    snapshot: tuple[Game, int] | None = None  # with ``snapshot``: (that copy, its last events' start)
    canonical: list[dict[str, Any]] = field(default_factory=list)  # the replayed actions, as matched

    def actions_out(self) -> list[Any]:
        """The record's actions for a reader: those that replayed as the legal actions they matched, the rest
        reduced to their plain fields (a record stored before actions were canonical may hold a client's
        junk, which must not break the reply that shows it)."""
        return [*self.canonical, *(_plain(a) for a in self.record.actions[len(self.canonical):])]

    @property
    def whole(self) -> bool:
        """Every action of the record replayed."""
        return self.game is not None and self.refusal is None and self.applied == len(self.record.actions)

    @property
    def holds(self) -> bool:
        """The record replays whole and ends as it was recorded: nothing to tell."""
        return self.whole and self.game is not None and self.game.winner == self.record.winner

    def note(self) -> str | None:
        """What a reader of the record must be told, in English (None: it replays as recorded): why its
        replay stops where it does, and that the rest does not hold under the current rules."""
        rec = self.record
        current = rec.current
        parts = []
        if not self.holds:
            if rec.rules_version == current:
                parts.append(f"This game was played under the current rules (version {current}), but its "
                             "record does not replay under them.")
            else:
                parts.append(f"This game was played under rules version {rec.rules_version}; the current "
                             f"rules are version {current}.")
            n = len(rec.actions)
            recorded = f"The result recorded stands: {result_text(rec.winner)}."
            if self.game is None:
                parts.append(f"It cannot be set up under the current rules ({self.refusal}), so no position "
                             "can be shown.")
            elif not self.whole:
                action = rec.actions[self.applied]
                shown = json.dumps(action, ensure_ascii=False) if isinstance(action, dict) else repr(action)
                if len(shown) > 120:
                    shown = shown[:117] + "..."
                parts.append(f"Its replay stops after action {self.applied} of {n}: action {self.applied + 1} "
                             f"{shown} cannot be replayed ({self.refusal}). The rest of the game does not hold "
                             "under the current rules.")
            else:
                assert self.game is not None
                parts.append(f"All {n} actions replay, but under the current rules the game ends otherwise "
                             f"({result_text(self.game.winner)}).")
            parts.append(recorded)
        if rec.rules_version > current and self.holds:
            parts.append(f"It was played under newer rules (version {rec.rules_version}) than these (version "
                         f"{current}): what is shown is how these rules read it.")
        if self.unknown_options:
            parts.append(f"It was played with engine option(s) these rules do not know, left out of the replay: "
                         f"{', '.join(self.unknown_options)}.")
        return " ".join(parts) if parts else None

    def rules_json(self) -> dict[str, Any]:
        """The record's rules, for the API and the front ends: the version it was played under, the
        current one, its stored options, the options its replay ran with, how far it replays, the note."""
        return {"version": self.record.rules_version, "current": self.record.current, "options": self.record.options,
                "replay_options": self.options, "replayed": self.applied, "actions": len(self.record.actions),
                "note": self.note()}


MAX_RECORD_ACTIONS = 20_000
"""Actions of one saved game: a long game has about 300, and every one is replayed to open the game."""


def load_records(path: Path) -> list[GameRecord]:
    """The games of a saved file (one, or a match's list); ``BadInput`` with a clear reason otherwise."""
    text = read_user_file(path, "saved game", MAX_SAVED_GAME_BYTES)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInput(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}") from None
    except RecursionError:
        raise BadInput(f"{path}: nested too deep to read (a saved game nests a few levels)") from None
    if not isinstance(doc, dict):
        raise BadInput(f"{path}: a saved game is a JSON object, got {kind(doc)}")
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
    return {"format": FORMAT, "game": records[0].game if records else DEFAULT_GAME, "match": True,
            "winner": winner, "agents": agents, "games": [r.to_json() for r in records]}


__all__ = ["FORMAT", "GameRecord", "Replay", "ReplayStep", "deck_json", "load_records",
           "match_json", "result_text", "write_json"]
