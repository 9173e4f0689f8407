"""``tablero replay FILE``: rebuild a saved game from decks + seed + actions and step through it.

A replay is for review: the full board (both hands) and every event are shown. Enter steps forward,
``b`` back, a number jumps to the position after that action (0: the start), ``q`` leaves.

A game saved under older rules is replayed under the current ones (with the options that restore the old
readings, ``GameRecord.replay``): the header says which rules version it was played under, and when its
replay stops at an action the current rules refuse, it opens all the same, up to that action, with a note
that the rest does not hold under the current rules and the result the file records.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablero.bounds import cut
from tablero.core import BadInput, TableroError
from tablero.core.game import Game
from tablero.core.record import GameRecord, Replay, ReplayStep, load_records

from .board import render_board
from .session import Console, as_number, event_lines
from .text import Texts, tr

Step = ReplayStep  # the position before an action, the action, and where its events end in the log


@dataclass
class Rebuilt:
    record: GameRecord
    start_obs: dict[str, Any]
    start_log: int
    steps: list[Step]  # the actions that replayed (all of them, unless the current rules refuse one)
    final_obs: dict[str, Any]
    log: list[dict[str, Any]]
    replay: Replay
    game: Game  # the position reached

    def obs_at(self, i: int) -> dict[str, Any]:
        """The observation after ``i`` actions."""
        if i == 0:
            return self.start_obs
        if i < len(self.steps):
            return self.steps[i].obs
        return self.final_obs


def rebuild(rec: GameRecord, where: str = "") -> Rebuilt:
    """Play the saved actions again, as far as the current rules take them; ``BadInput`` only when the game
    cannot even be set up (its decks name cards that no longer exist, say)."""
    at = f"{where}: " if where else ""
    rp = rec.replay(observe=True)
    if rp.game is None:
        played = (f"; the game was played under version {rec.rules_version}"
                  if rec.rules_version != rec.current else "")
        raise BadInput(f"{at}cannot set up the game under the current rules (version {rec.current}{played}): "
                       f"{rp.refusal}")
    return Rebuilt(rec, rp.start_obs, rp.start_log, rp.steps, rp.game.observe(), list(rp.game.log), rp, rp.game)


class Replayer:
    def __init__(self, rb: Rebuilt, lang: str, console: Console) -> None:
        self.rb = rb
        self.lang = lang
        self.con = console
        p = rb.record.plugin
        self.words = p.presenter(lang, p.game_cards(rb.game))
        self.t = Texts(p.name, lang)
        self.deck_names = {seat: str(d.get("name", "")) for seat, d in zip(("A", "B"), rb.record.decks, strict=False)}

    def result(self, w: str | None = None) -> str:
        if w is None:
            w = self.rb.final_obs.get("winner")
        if w is None:
            return self.t("r_no_winner")
        return self.t("r_draw") if w == "draw" else self.t("r_winner", w=w)

    def rules_lines(self) -> list[str]:
        """The rules the game was played under, and the note when its replay does not hold under the
        current ones."""
        rec = self.rb.record
        v = rec.rules_version
        cur = rec.current
        lines = [self.t("r_rules_current", v=v) if v == cur else self.t("r_rules", v=v, cur=cur)]
        if rec.options:
            shown = ", ".join(f"{k}: {json.dumps(x)}" for k, x in rec.options.items())
            lines.append(self.t("r_options", options=shown))
        note = self.rb.replay.note()
        if note:
            lines.append(self.t("r_note", note=note))
        return lines

    def show(self, i: int) -> None:
        rb = self.rb
        n = len(rb.steps)
        self.con.say("")
        if i == 0:
            self.con.say(self.t("r_start", n=n))
            events = rb.log[:rb.start_log]
        else:
            step = rb.steps[i - 1]
            what = self.words.action(step.action, step.obs, step.kind, None)
            self.con.say(self.t("r_step", i=i, n=n, who=step.action.get("player", "?"), what=what))
            begin = rb.steps[i - 2].log_end if i > 1 else rb.start_log
            events = rb.log[begin:step.log_end]
        lines = [ln for ln in event_lines(events, self.words) if ln]
        self.con.lines(["  " + ln for ln in lines])
        end = rb.steps[i - 1].log_end if i > 0 else rb.start_log
        board = self.words.board(rb.obs_at(i), None, self.deck_names, rb.log[:end])
        self.con.lines(render_board(board, self.t))
        if i == n:
            rp = self.rb.replay
            if rp.holds:
                self.con.say(self.t("r_end", result=self.result()))
            else:  # the position the current rules reach, and the result as the file records it
                self.con.say(self.t("r_end_held", k=n, total=len(rp.record.actions),
                                    result=self.result(rp.record.winner)))

    def run(self) -> int:
        rb = self.rb
        rec = rb.record
        n = len(rb.steps)
        agents = rec.agents
        self.con.say(self.t("r_header", n=n, edition=rec.edition, seed=rec.seed, a=self.deck_names["A"],
                            b=self.deck_names["B"], agent_a=agents.get("A", "?"), agent_b=agents.get("B", "?")))
        self.con.lines(self.rules_lines())
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
            elif (k := as_number(low)) is not None and k <= n:
                i = k
            elif low in ("q", "salir", "quit", "exit"):
                return 0
            else:
                self.con.say(self.t("r_bad", text=cut(ans), n=n))
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
