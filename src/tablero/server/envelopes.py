"""What a client is sent of a game: the envelope (its view, decision, legal actions in words, the last
change's events, who plays, the rules, hints and stops) and, for a browser, the board in its language.
Pure functions of a game and what the hub knows of it: the hub (``games.py``) calls them under the game's
lock, the replay routes and the tests call them on any game."""

from __future__ import annotations

import functools
from typing import Any

import orjson

from tablero.core import Game, plugin
from tablero.core.plugin import Presenter
from tablero.core.record import GameRecord, Replay
from tablero.core.registry import languages


@functools.cache
def presenters(game: str) -> dict[str, Presenter]:
    """The game's words in every language of the table (built once per game)."""
    return {lang: plugin(game).presenter(lang) for lang in languages()}


def events_for(g: Game, seat: str | None, start: int, end: int, game: str | None = None) -> list[dict[str, Any]]:
    """The log entries ``start:end`` as ``seat`` may see them (``Game.log_for``: the game leaves out what
    the seat may not know), each with its sentence in every language of the table (in the words of
    ``game``, the game its record names: by default the game's own)."""
    words = presenters(game or g.name)
    return [{**e, "text": {lang: w.event(e) for lang, w in words.items()}} for e in g.log_for(seat, start, end)]


def action_labels(game: str, legal: list[dict[str, Any]], view: dict[str, Any], kind: str | None,
                  seat: str | None) -> list[dict[str, Any]]:
    """Each legal action in words, in every language: the same words the terminal lists them with; as
    ``group``, the words of the group it heads when the browser gathers the actions of one source; and
    where on the board it starts and goes (``source``, ``targets``: refs of the board's places)."""
    words = presenters(game)
    first = next(iter(words.values()))
    out = []
    for a in legal:
        label: dict[str, Any] = {lang: w.action(a, view, kind, seat) for lang, w in words.items()}
        label["group"] = {lang: w.group(a, view, seat) for lang, w in words.items()}
        source, targets = first.places(a)
        if source is not None:
            label["source"] = source
        if targets:
            label["targets"] = list(targets)
        out.append(label)
    return out


def has_windows(game: str) -> bool:
    """Whether the game has response windows at all (``GamePlugin.response_windows``): where it has none, a
    client offers no stops."""
    return plugin(game).response_windows


def rules_json(game: str, version: int, options: dict[str, Any] | None, note: str | None = None) -> dict[str, Any]:
    """The rules a game is played under, as every envelope names them: its rules version, the current one
    of its game, its engine options, and the note when its record does not replay whole under the current
    rules."""
    return {"version": version, "current": plugin(game).rules_version, "options": options or {}, "note": note}


def board_json(g: Game, seat: str | None, view: dict[str, Any], lang: str, game: str | None = None) -> dict[str, Any]:
    """The board of ``view`` (``core/board.py``) in ``lang``, as the browser draws it: the game's projection,
    with the pending decision put as a question to the seat whose it is (and told to the others as what
    that seat is doing), fields at their defaults left out."""
    words = presenters(game or g.name)[lang]
    board = words.board(view, seat, log=g.log_for(seat))
    d = g.pending
    if board.prompt is not None and d is not None and not g.is_over:
        if seat == d.player:  # the question put to the seat, as the terminal asks it ("To pay the cost of X, …")
            update: dict[str, Any] = {"text": words.decision(g), "optional": d.optional}
        else:  # what the others are told: whose decision and of what kind, nothing of the question
            update = {"text": words.waiting(d), "waiting": True}
        board = board.model_copy(update={"prompt": board.prompt.model_copy(update=update)})
    return board.model_dump(mode="json", exclude_defaults=True)


def envelope(g: Game, seat: str | None, seq: int, events: tuple[int, int] = (0, 0),
             players: dict[str, str | None] | None = None, rules: dict[str, Any] | None = None,
             held: bool = False, winner: str | None = None, game: str | None = None,
             board: str | None = None, hints: list[dict[str, Any]] | None = None, hints_allowed: bool = False,
             hints_left: int = 0, stops: str | None = None) -> dict[str, Any]:
    """What one client sees of a game: its game (``game``, the one its record names; by default the game's
    own name), its view, who must decide, its legal actions when it is
    them, ``seq``, the number of actions taken so far (it grows by one with every change), ``events``, what
    the last change did (log entries ``events`` of the game, as this seat may see them), ``players``,
    who sits in each seat (an account's name, or the AI's), and ``rules``, the rules it is played under.
    A ``held`` game (its record stops replaying under the current rules) shows the position reached, no
    decision, and the ``winner`` its row records. ``concede`` is the action that concedes the game for the
    seat (None when it is over, or for a spectator); with ``board`` (a language), the envelope also holds
    the board as that seat sees it, in that language (what a browser draws; bots do without).
    ``hints`` are the hints asked in the game so far as this seat may know them (``Hint.public`` or
    ``Hint.full``), ``hints_allowed`` whether the seat may ask for one, ``hints_left`` how many more;
    ``stops`` the seat's stops (``STOPS``), and ``windows`` whether the game has response windows at all."""
    d = None if g.is_over or held else g.pending
    mine = d is not None and seat is not None and d.player == seat
    view = g.view(seat) if seat else g.public_view()
    legal = g.legal_actions() if mine else []
    name = game or g.name
    return {"game": name,
            "view": view,
            "pending": d.to_envelope() if d is not None else None,
            "legal_actions": legal,
            "labels": action_labels(name, legal, view, d.kind if d is not None else None, seat),
            "winner": winner if held else g.winner,
            "seq": seq,
            "events": events_for(g, seat, *events, game=name),
            "players": players or {"A": None, "B": None},
            "rules": rules or rules_json(name, plugin(name).rules_version, {}),
            "concede": g.concede_action(seat) if seat is not None and d is not None else None,
            "hints": hints or [],
            "hints_allowed": hints_allowed,
            "hints_left": hints_left,
            "stops": stops,
            "windows": has_windows(name),
            **({"board": board_json(g, seat, view, board, name)} if board else {})}


def encode(env: dict[str, Any]) -> bytes:
    """An envelope as JSON (orjson: several times faster than json, and every action sends three)."""
    return orjson.dumps(env)


def replay_row(row: Any, actions: list[Any], snapshot: int | None = None) -> Replay:
    """A stored game (a row with its decks, seed, rules version and options; its actions in order) replayed
    under the current rules, as far as they take it (``GameRecord.replay``)."""
    rec = GameRecord(edition=row.edition, seed=row.seed, decks=[row.deck_a, row.deck_b], first=row.first,
                     agents={}, actions=actions, winner=row.winner, rules_version=row.rules_version,
                     options=dict(row.options or {}), game=row.game)
    return rec.replay(snapshot=snapshot)
