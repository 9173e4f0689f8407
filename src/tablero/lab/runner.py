"""Playing the lab's games: seeds, seats, agents, and the one pass over each game's log.

A run is ``units`` independent units (single games, or matches with ``match`` where the game has them). Every seed
of unit ``i`` (the game's and both agents') derives only from (``seed``, ``i``, game number), and units
never share state, so the records are identical whatever the number of worker processes; they are always
returned in unit order.

Labels and seats: label ``A`` is the first deck/agent named, ``B`` the second. Label A sits in seat A in
even units and in seat B in odd units (seats alternate); records translate seats back to labels.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from tablero.agents import Agent, Seat, make_agent
from tablero.core import Rng, plugin
from tablero.core.plugin import Deck, Match
from tablero.core.registry import DEFAULT_GAME

LABELS = ("A", "B")
FIRST_POLICIES = ("random", "alternate")


class LabError(RuntimeError):
    """A game could not be played (an engine failure): the message names the unit and its seed."""


@dataclass(frozen=True)
class LabConfig:
    """Everything a worker needs to play any unit: pickled once per worker process."""

    decks: tuple[Deck, Deck]  # by label
    agents: tuple[str, str]  # by label
    edition: str
    seed: int = 1
    agent_options: dict[str, Any] = field(default_factory=dict)  # mcts only: budget / iterations
    first: str = "random"  # "random": from each game's seed (CH-4.2); "alternate": see first_seat()
    match: bool = False
    game_options: dict[str, Any] = field(default_factory=dict)  # engine options (house rules) by public name
    game: str = DEFAULT_GAME
    ids: tuple[frozenset[str], frozenset[str]] = field(init=False)
    open_ids: tuple[frozenset[str], frozenset[str]] = field(init=False)  # cards always at hand (GamePlugin.open_cards)

    def __post_init__(self) -> None:
        p = plugin(self.game)
        ids = tuple(frozenset(cid for part in p.deck_ids(d).values() for cid in part) for d in self.decks)
        object.__setattr__(self, "ids", ids)
        object.__setattr__(self, "open_ids", tuple(p.open_cards(d) for d in self.decks))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as the lab saw it. Seats are ``A``/``B`` of the game; ``a_seat`` is where label A sat."""

    unit: int  # game index, or match index with ``match``
    game_no: int  # 0 for single games; 0.. within a match
    seed: int
    agent_seeds: tuple[int, int]  # by label
    a_seat: str
    first: str  # the seat that went first
    winner: str  # a seat, or "draw"
    turns: int
    decisions: int
    drawn: tuple[frozenset[str], frozenset[str]]  # by label: card ids in hand at some point, or played
    played: tuple[frozenset[str], frozenset[str]]  # by label: card ids the owner called/played/activated
    capped: bool = False  # stopped at the game's decision cap (``GamePlugin.decision_cap``): counted a draw

    def label(self, seat: str) -> str:
        """The label (deck/agent) in ``seat``; ``draw`` stays ``draw``."""
        if seat == "draw":
            return seat
        return "A" if seat == self.a_seat else "B"

    @property
    def winner_label(self) -> str:
        return self.label(self.winner)

    @property
    def first_label(self) -> str:
        return self.label(self.first)


def derive(*parts: int) -> int:
    """A 48-bit seed from integers (SplitMix64 chained): the only source of every seed of a run."""
    h = 0x243F6A8885A308D3
    for p in parts:
        h = Rng(h ^ (p & 0xFFFFFFFFFFFFFFFF)).next64()
    return h >> 16


def a_seat_of(unit: int) -> str:
    """Seats alternate: label A is in seat A in even units, in seat B in odd ones."""
    return "A" if unit % 2 == 0 else "B"


def alternate_first(unit: int, game_no: int = 0) -> str:
    """With ``--first alternate``: the seat that goes first. Label A goes first in units 0, 1, 4, 5, 8, ...
    and second in units 2, 3, 6, 7, ...; with the seats alternating every unit, each four units cover the
    four (seat, first) combinations once. Within a match, a game whose starter is not chosen (the
    first, or one after a draw) alternates too."""
    a = a_seat_of(unit)
    return a if (unit // 2 + game_no) % 2 == 0 else ("B" if a == "A" else "A")


def _agent(cfg: LabConfig, label: int, seed: int) -> Agent:
    name = cfg.agents[label]
    return make_agent(name, seed=seed, **(cfg.agent_options if name == "mcts" else {}))


def play_game(cfg: LabConfig, unit: int, game_no: int = 0, first: str | None = None) -> GameRecord:
    """Play one game of ``unit``; ``first``: the seat that starts (None: random from the game seed). An
    engine failure is a ``LabError`` that names the game and its seeds, so that it can be replayed."""
    a_seat = a_seat_of(unit)
    seed = derive(cfg.seed, unit, game_no, 0)
    seeds = (derive(cfg.seed, unit, game_no, 1), derive(cfg.seed, unit, game_no, 2))
    deck_a, deck_b = cfg.decks
    decks = [deck_a, deck_b] if a_seat == "A" else [deck_b, deck_a]
    try:
        played = _play(cfg, decks, a_seat, seed, seeds, first)
    except LabError as e:
        raise LabError(f"unit {unit}, game {game_no} (game seed {seed}): {e}") from None
    except Exception as e:  # an engine failure: say which game, so it can be replayed
        raise LabError(f"unit {unit}, game {game_no} (game seed {seed}, agent seeds {seeds[0]}, {seeds[1]}, "
                       f"label A in seat {a_seat}): {type(e).__name__}: {e}") from e
    seen = plugin(cfg.game).tally(played.start, played.log)
    b_seat = "B" if a_seat == "A" else "A"
    by_label_drawn: list[frozenset[str]] = []
    by_label_played: list[frozenset[str]] = []
    for li, seat in enumerate((a_seat, b_seat)):
        ids = cfg.ids[li]
        pl = frozenset(seen.used[seat] & ids)
        by_label_played.append(pl)
        # "drawn": in hand at some point, or put to use from elsewhere; the support deck is always open
        by_label_drawn.append(frozenset((seen.drawn[seat] & ids) | pl | cfg.open_ids[li]))
    return GameRecord(unit=unit, game_no=game_no, seed=seed, agent_seeds=seeds, a_seat=a_seat, first=seen.first,
                      winner=played.winner or "draw", turns=seen.turns, decisions=played.decisions,
                      drawn=(by_label_drawn[0], by_label_drawn[1]), played=(by_label_played[0], by_label_played[1]),
                      capped=played.capped)


@dataclass(frozen=True, slots=True)
class _Played:
    """What a game played to its end leaves for its record: the winner (a seat, "draw", or None), the log, the
    full observation before the first action (what the log does not show: the opening hands) and how many
    decisions it took."""

    winner: str | None
    log: list[dict[str, Any]]
    start: dict[str, Any]
    decisions: int
    capped: bool  # stopped at the decision cap before its end


def _play(cfg: LabConfig, decks: list[Deck], a_seat: str, seed: int, seeds: tuple[int, int],
          first: str | None) -> _Played:
    """Play one game between the agents of ``cfg`` (label A's in ``a_seat``) to its end."""
    # the decks were checked once before the run: skip the per-game check
    g = plugin(cfg.game).new_game(decks, seed=seed, edition=cfg.edition, first=first, validate=False,
                                  options=cfg.game_options or None)
    agent_a, agent_b = _agent(cfg, 0, seeds[0]), _agent(cfg, 1, seeds[1])
    by_seat = {"A": agent_a, "B": agent_b} if a_seat == "A" else {"A": agent_b, "B": agent_a}
    seats = {"A": Seat(g, "A"), "B": Seat(g, "B")}
    start = g.observe()
    n = 0
    cap = plugin(cfg.game).decision_cap
    legal_actions = g.legal_actions
    while not g.is_over:
        if n >= cap:  # reported as such, not a failure of the run
            return _Played(None, g.log, start, n, True)
        # whose decision: every legal action names its player, and legal_actions() is cached by the
        # engine (the agent's own call is then free); ``pending`` would build a Decision per step (~2 µs)
        p = legal_actions()[0]["player"]
        g.apply(by_seat[p].act(seats[p]))
        n += 1
    return _Played(g.winner, g.log, start, n, False)


def play_unit(cfg: LabConfig, unit: int) -> list[GameRecord]:
    """One unit: a single game, or with ``cfg.match`` a match as its game plays them (Choque: best of three,
    drawn games replayed up to five, CH-0.4); the loser of the previous game chooses (the lab's agents always
    choose to go first); the first game and one after a draw follow ``cfg.first``."""
    if not cfg.match:
        return [play_game(cfg, unit, 0, alternate_first(unit) if cfg.first == "alternate" else None)]
    m = new_match(cfg.game)
    out: list[GameRecord] = []
    while not m.over:
        chooser = m.chooser
        if chooser is not None:
            first: str | None = chooser
        else:
            first = alternate_first(unit, len(out)) if cfg.first == "alternate" else None
        r = play_game(cfg, unit, len(out), first)
        m.record(r.winner)
        out.append(r)
    return out


def new_match(game: str) -> Match:
    """A new match of ``game`` (the command refuses ``--match`` for a game played one game at a time)."""
    m = plugin(game).new_match()
    if m is None:
        raise LabError(f"{game} is played one game at a time: it has no matches")
    return m


def match_winner(records: Iterable[GameRecord], game: str = DEFAULT_GAME) -> str:
    """The label that won a match from its games (``draw`` for a drawn match)."""
    m = new_match(game)
    last: GameRecord | None = None
    for r in records:
        m.record(r.winner)
        last = r
    w = m.winner
    if w is None or last is None:
        raise ValueError("match_winner: the match is not over")
    return last.label(w)


# -- running many units, in-process or across processes ----------------------------------------------

_WORKER_CFG: LabConfig | None = None


def _init_worker(cfg: LabConfig) -> None:
    global _WORKER_CFG
    _WORKER_CFG = cfg


def _play_chunk(start: int, stop: int) -> list[GameRecord]:
    cfg = _WORKER_CFG
    assert cfg is not None, "worker not initialised"
    out: list[GameRecord] = []
    for i in range(start, stop):
        out.extend(play_unit(cfg, i))
    return out


@dataclass
class RunResult:
    records: list[GameRecord]  # in unit order, games in order within a unit
    units: int
    elapsed: float
    workers: int


def run(cfg: LabConfig, units: int, workers: int = 1,
        progress: Callable[[int], None] | None = None) -> RunResult:
    """Play ``units`` units with ``workers`` processes (1: in this process, no pool). ``progress(k)`` is
    called as units finish, with how many finished."""
    if units < 1:
        raise ValueError("run: need at least one unit")
    workers = max(1, min(workers, units))
    t0 = time.perf_counter()
    records: list[GameRecord] = []
    if workers == 1:
        for i in range(units):
            records.extend(play_unit(cfg, i))
            if progress is not None:
                progress(1)
    else:
        # small chunks keep the workers busy to the end and the progress bar moving; large enough that
        # the per-task overhead (a pickled list of records) stays negligible
        size = max(1, min(16, units // (workers * 8)))
        chunks = [(s, min(units, s + size)) for s in range(0, units, size)]
        done: dict[int, list[GameRecord]] = {}
        with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker, initargs=(cfg,)) as ex:
            pending: dict[Future[list[GameRecord]], tuple[int, int]] = {
                ex.submit(_play_chunk, s, e): (s, e) for s, e in chunks}
            try:
                while pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for f in finished:
                        s, e = pending.pop(f)
                        done[s] = f.result()
                        if progress is not None:
                            progress(e - s)
            except BaseException:
                for f in pending:
                    f.cancel()
                raise
        for s, _ in chunks:  # aggregate in unit order
            records.extend(done[s])
    return RunResult(records, units, time.perf_counter() - t0, workers)
