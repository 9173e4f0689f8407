"""``tablero replay FILE``: rebuild a saved game from decks + seed + actions and step through it.

A replay is for review: the full board (both hands) and every event are shown. Enter steps forward,
``b`` back, a number jumps to the position after that action (0: the start), ``q`` leaves.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablero.core import BadInput, TableroError

from .board import render_board
from .describe import describe
from .events import event_lines
from .record import GameRecord, load_records
from .session import Console
from .text import CardBook, tr


@dataclass
class Step:
    """The position before an action, the action, and where its events end in the log."""

    obs: dict[str, Any]         # the full observation before the action
    kind: str | None            # the pending decision it answered
    action: dict[str, Any]
    log_end: int                # len(log) after the action


@dataclass
class Rebuilt:
    record: GameRecord
    start_obs: dict[str, Any]
    start_log: int
    steps: list[Step]
    final_obs: dict[str, Any]
    log: list[dict[str, Any]]

    def obs_at(self, i: int) -> dict[str, Any]:
        """The observation after ``i`` actions."""
        if i == 0:
            return self.start_obs
        if i < len(self.steps):
            return self.steps[i].obs
        return self.final_obs


def rebuild(rec: GameRecord, where: str = "") -> Rebuilt:
    """Play the saved actions again; ``BadInput`` naming the first action the rules refuse."""
    at = f"{where}: " if where else ""
    try:
        game = rec.new_game()
    except TableroError as e:
        raise BadInput(f"{at}cannot set up the game: {e}") from None
    start_obs = game.observe()
    start_log = len(game.log)
    steps = []
    for i, action in enumerate(rec.actions, 1):
        obs = game.observe() if i > 1 else start_obs
        d = game.pending
        try:
            game.apply(action)
        except TableroError as e:
            raise BadInput(f"{at}action {i} ({action}) cannot be replayed: {e}") from None
        steps.append(Step(obs, d.kind if d else None, action, len(game.log)))
    return Rebuilt(rec, start_obs, start_log, steps, game.observe(), list(game.log))


class Replayer:
    def __init__(self, rb: Rebuilt, lang: str, console: Console) -> None:
        self.rb = rb
        self.lang = lang
        self.con = console
        decks = rb.record.build_decks()
        from tablero.games.choque.cardfile import shipped_pool

        self.book = CardBook(list(shipped_pool()) + [c for d in decks for c in d.all_cards()], lang)
        self.deck_names = {"A": decks[0].name, "B": decks[1].name}

    def t(self, key: str, **kw: object) -> str:
        return tr(self.lang, key, **kw)

    def result(self) -> str:
        w = self.rb.final_obs.get("winner")
        if w is None:
            return self.t("r_no_winner")
        return self.t("r_draw") if w == "draw" else self.t("r_winner", w=w)

    def show(self, i: int) -> None:
        rb = self.rb
        n = len(rb.steps)
        self.con.say("")
        if i == 0:
            self.con.say(self.t("r_start", n=n))
            events = rb.log[:rb.start_log]
        else:
            step = rb.steps[i - 1]
            what = describe(step.action, step.obs, step.kind, self.book, None)
            self.con.say(self.t("r_step", i=i, n=n, who=step.action.get("player", "?"), what=what))
            begin = rb.steps[i - 2].log_end if i > 1 else rb.start_log
            events = rb.log[begin:step.log_end]
        lines = [ln for ln in event_lines(events, self.book) if ln]
        self.con.lines(["  " + ln for ln in lines])
        obs = rb.obs_at(i)
        attacker = None
        if obs.get("battle"):
            end = rb.steps[i - 1].log_end if i > 0 else rb.start_log
            attacks = [e for e in rb.log[:end] if e.get("event") == "attack"]
            attacker = str(attacks[-1]["attacker"]) if attacks else None
        self.con.lines(render_board(obs, self.book, None, self.deck_names, attacker))
        if i == n:
            self.con.say(self.t("r_end", result=self.result()))

    def run(self) -> int:
        rb = self.rb
        rec = rb.record
        n = len(rb.steps)
        agents = rec.agents
        self.con.say(self.t("r_header", n=n, edition=rec.edition, seed=rec.seed, a=self.deck_names["A"],
                            b=self.deck_names["B"], agent_a=agents.get("A", "?"), agent_b=agents.get("B", "?")))
        i = 0
        self.show(i)
        while True:
            ans = self.con.ask(self.t("r_prompt"))
            if ans is None:
                self.con.say("")
                return 0
            low = ans.lower()
            if low == "":
                if i >= n:
                    self.con.say(self.t("r_at_end"))
                    continue
                i += 1
            elif low in ("b", "atrás", "atras", "back"):
                if i == 0:
                    self.con.say(self.t("r_at_start"))
                    continue
                i -= 1
            elif low.isdigit() and int(low) <= n:
                i = int(low)
            elif low in ("q", "salir", "quit", "exit"):
                return 0
            else:
                self.con.say(self.t("r_bad", text=ans, n=n))
                continue
            self.show(i)


def run_replay(path: Path, lang: str = "es", game_no: int | None = None, console: Console | None = None) -> int:
    """Exit status: 0, or 2 when the file is missing, broken, or does not replay."""
    import sys

    con = console or Console()
    try:
        records = load_records(path)
        k = game_no if game_no is not None else 1
        if not 1 <= k <= len(records):
            raise BadInput(f"{path}: there is no game {k}; the file holds {len(records)}")
        rb = rebuild(records[k - 1], str(path))
    except TableroError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    if len(records) > 1:
        con.say(tr(lang, "r_games", n=len(records), k=k))
    return Replayer(rb, lang, con).run()
