"""``tablero play``: a human (seat A) against a computer player (seat B) in the terminal, in any game.

The loop is the core's: while the game is not over, whoever's decision is pending answers it. For the
human that means: the log of what happened since their last decision (only what A may see), the board (the
game's projection, ``Presenter.board``, drawn by ``board.py``), the numbered legal actions in words, and a
number read from the input; a decision the rules leave nothing to choose in and let a front end answer
(``Presenter.auto_answer``) is made for them with a line saying so. Every applied action is saved at once
when ``--save`` is given, so a crash loses nothing. The session knows the game only through its plugin.

The seed is shown only once the game is over (a match's, once the match is): with it and the decklists
the computer's hand could be computed. Everything else drawn from it, the computer's own random source, the
opponent's deck and a match's games, comes through ``derive_seed``, so none of them tells the seed either.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tablero.agents import Agent, Seat, make_agent
from tablero.bounds import cut
from tablero.core import BadInput, IllegalAction, Rng, TableroError, derive_seed, secure_seed
from tablero.core.game import Game
from tablero.core.plugin import Deck, GamePlugin, Match, Presenter
from tablero.core.record import GameRecord, deck_json, match_json, write_json
from tablero.core.registry import plugin

from .board import render_board
from .text import Texts

HUMAN = "A"
COMPUTER = "B"
YES = {"s", "si", "sí", "y", "yes"}
LONGEST_LINE = 8192  # characters of an answer read; no answer is longer, and a longer line is not held whole
TOO_LONG = "…"  # ends a line cut at LONGEST_LINE: no command nor number ends so, so it is bad input, said
MAX_DIGITS = 18  # of a typed number: past any list of actions or a replay's length


def as_number(text: str) -> int | None:
    """``text`` as a whole number when it is written in the digits 0-9, else None. ``str.isdigit`` also takes
    digits ``int`` refuses (``²``), and ``int`` refuses more than 4300 digits: a number of more than
    ``MAX_DIGITS`` digits is ``10**MAX_DIGITS``, out of any range all the same."""
    if not text.isascii() or not text.isdigit():
        return None
    digits = text.lstrip("0")
    return int(digits or "0") if len(digits) <= MAX_DIGITS else 10**MAX_DIGITS


class Quit(Exception):
    """The human left (``q``, or the end of the input)."""


class Console:
    """Lines out, answers in. ``ask`` returns ``None`` at the end of the input."""

    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None) -> None:
        self.inp = inp if inp is not None else sys.stdin
        self.out = out if out is not None else sys.stdout

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def lines(self, lines: list[str]) -> None:
        self.out.write("".join(line + "\n" for line in lines))
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        """The next line, stripped. At most ``LONGEST_LINE`` characters of it are kept (the rest is read and
        dropped, so that a huge line costs no memory): a longer one comes back cut and ending in ``TOO_LONG``.
        Bytes that are not text in the input's encoding are bad input too, not a traceback."""
        self.out.write(prompt)
        self.out.flush()
        try:
            line = self.inp.readline(LONGEST_LINE + 1)
            if len(line) > LONGEST_LINE and not line.endswith("\n"):
                while (rest := self.inp.readline(LONGEST_LINE)) and not rest.endswith("\n"):
                    pass
                return line[:LONGEST_LINE].strip() + TOO_LONG
        except KeyboardInterrupt:
            return None
        except UnicodeDecodeError:
            return TOO_LONG
        if not line:
            return None
        return line.strip()


@dataclass
class PlayOptions:
    deck: str | None = None
    opponent_deck: str | None = None
    vs: str = "greedy"
    seed: int = field(default_factory=secure_seed)  # drawn unless given (--seed)
    lang: str = "es"
    budget: float = 1.0
    save: Path | None = None
    match: bool = False
    edition: str | None = None  # the game's default edition unless given
    windows: str = "chain"  # response windows to stop at: always, chain (something on it), never
    game: str | None = None  # the game (the default game unless given)
    options: dict[str, Any] = field(default_factory=dict)  # its engine options (house rules)


def resolve_deck(p: GamePlugin, spec: str, edition: str) -> tuple[str, Deck]:
    """A shipped deck id, or the path of a deck file."""
    decks = p.shipped_decks()
    if spec in decks:
        return spec, decks[spec].deck
    path = Path(spec)
    if path.suffix in (".yaml", ".yml") or path.exists():
        df = p.load_deck(path)
        problems = p.check_deck(df.deck, edition)  # told before the game's header, not after
        if problems:
            raise BadInput(f"{spec}: the deck is not legal in {edition}: " + "; ".join(str(v) for v in problems))
        return df.id, df.deck
    known = ", ".join(d.id for d in decks.values() if d.deck.edition == edition)
    raise BadInput(f"no shipped deck {spec!r} (shipped for {edition}: {known or 'none'}); a deck file path "
                   "is accepted too")


def choose_decks(p: GamePlugin, opts: PlayOptions, edition: str) -> tuple[tuple[str, Deck], tuple[str, Deck]]:
    """The human's deck (default: the edition's first shipped deck) and the opponent's (default: drawn by
    the seed among the edition's shipped decks)."""
    options = [d for d in p.shipped_decks().values() if d.deck.edition == edition]
    if (opts.deck is None or opts.opponent_deck is None) and not options:
        raise BadInput(f"no shipped deck for {edition}; name decks with --deck and --opponent-deck")
    mine = resolve_deck(p, opts.deck, edition) if opts.deck else (options[0].id, options[0].deck)
    if opts.opponent_deck:
        theirs = resolve_deck(p, opts.opponent_deck, edition)
    else:
        pick = Rng(derive_seed(opts.seed, "opponent-deck")).choice(options)
        theirs = (pick.id, pick.deck)
    return mine, theirs


class PlaySession:
    """One ``tablero play`` run: a single game or a match of several (``GamePlugin.new_match``)."""

    def __init__(self, opts: PlayOptions, console: Console) -> None:
        self.opts = opts
        self.con = console
        self.lang = opts.lang
        self.plugin = p = plugin(opts.game)
        self.edition = p.edition(opts.edition)
        self.options = p.check_options(opts.options)
        (self.deck_id, self.deck), (self.opp_id, self.opp_deck) = choose_decks(p, opts, self.edition)
        self.words: Presenter = p.presenter(opts.lang)  # until the first game names every card dealt
        self.t = Texts(p.name, opts.lang)
        self.agent_name = opts.vs
        self.agents = {HUMAN: "human", COMPUTER: opts.vs}
        self.records: list[GameRecord] = []
        self.match: Match | None = None
        if opts.match:
            self.match = p.new_match()
            if self.match is None:
                raise BadInput(f"{p.name} has no matches: play single games")
        self.deck_names = {HUMAN: self.deck.name, COMPUTER: self.opp_deck.name}

    # -- saving ------------------------------------------------------------------------------------
    def save(self) -> None:
        if self.opts.save is None or not self.records:
            return
        if self.match is not None:
            doc = match_json(self.records, self.match.winner, self.agents)
        else:
            doc = self.records[-1].to_json()
        try:
            write_json(self.opts.save, doc)
        except OSError as e:
            raise BadInput(f"--save: cannot write {self.opts.save}: {e.strerror or e}") from None

    def make_agent(self, seed: int) -> Agent:
        """The computer for the CHOQUE of ``seed``, on a random source of its own derived from it."""
        own = derive_seed(seed, f"agent:{COMPUTER}")
        if self.opts.vs == "mcts":
            return make_agent("mcts", seed=own, budget=self.opts.budget)
        return make_agent(self.opts.vs, seed=own)

    # -- the run -----------------------------------------------------------------------------------
    def run(self) -> int:
        """Play; the exit status (0: played or left cleanly)."""
        vs = {"greedy": "greedy", "random": "random", "mcts": "MCTS"}.get(self.opts.vs, self.opts.vs)
        self.con.say(self.t("welcome", title=self.plugin.title(self.lang), you=HUMAN, deck=self.deck.name, vs=vs,
                            opp=COMPUTER, opp_deck=self.opp_deck.name))
        self.con.say(self.words.legend())
        try:
            if self.match is None:
                self.play_game(self.opts.seed, None)
            else:
                self.play_match(self.match)
        except KeyboardInterrupt:
            self.con.say("")
            self.con.say(self.t("quit"))
            self.save()
            if self.opts.save is not None:
                self.con.say(self.t("saved", path=self.opts.save))
            return 130
        except Quit:
            self.save()
            if self.opts.save is not None:
                self.con.say(self.t("saved", path=self.opts.save))
            return 0
        if self.opts.save is not None:
            self.con.say(self.t("saved", path=self.opts.save))
        return 0

    def play_match(self, m: Match) -> None:
        n = 0
        while not m.over:
            n += 1
            self.con.say("")
            self.con.say(self.t("match_game", n=n))
            chooser = m.chooser
            first: str | None
            if chooser is None:
                first = None
                self.con.say(self.t("match_random"))
            elif chooser == HUMAN:
                first = self.ask_first()
            else:
                first = COMPUTER  # the computer, having lost, chooses to start
                self.con.say(self.t("match_opp_starts"))
            # the label each game's seed is derived under: fixed, so that a match replays from its seed
            winner = self.play_game(derive_seed(self.opts.seed, f"choque:{n}"), first)
            m.record(winner)
            self.save()
            wins = m.wins
            self.con.say(self.t("match_score", a=wins[HUMAN], b=wins[COMPUTER]))
        w = m.winner
        self.con.say(self.t("match_win" if w == HUMAN else "match_loss" if w == COMPUTER else "match_draw"))
        self.con.say(self.t("match_seed", seed=self.opts.seed))

    def ask_first(self) -> str:
        self.con.say(self.t("match_ask_first"))
        self.con.say(f"  1) {self.t('match_first_me')}")
        self.con.say(f"  2) {self.t('match_first_opp')}")
        while True:
            ans = self.con.ask(self.t("match_choice"))
            if ans is None:
                self.con.say("")
                self.con.say(self.t("eof"))
                raise Quit
            if ans.lower() in ("q", "salir", "quit"):
                self.con.say(self.t("quit"))
                raise Quit
            if ans == "1":
                return HUMAN
            if ans == "2":
                return COMPUTER
            self.con.say(self.t("bad_input", text=cut(ans), n=2))

    def new_record(self, seed: int, first: str | None) -> tuple[GameRecord, Game]:
        """The record of a new game and the game, which reproduces from it (decks, seed, rules version,
        options, actions); the presenter then names every card it was dealt."""
        p = self.plugin
        rec = GameRecord(game=p.name, edition=self.edition, seed=seed,
                         decks=[deck_json(p, self.deck, self.deck_id), deck_json(p, self.opp_deck, self.opp_id)],
                         first=first, agents=dict(self.agents), options=dict(self.options))
        self.records.append(rec)
        game = rec.new_game()
        if len(self.records) == 1:
            self.words = p.presenter(self.lang, p.game_cards(game))
        return rec, game

    def play_game(self, seed: int, first: str | None) -> str:
        """Play one game to its end; its winner. Raises ``Quit`` when the human leaves."""
        rec, game = self.new_record(seed, first)
        agent = self.make_agent(seed)
        self.save()
        shown = 0
        while not game.is_over:
            d = game.pending
            assert d is not None
            if d.player == COMPUTER:
                self.apply(game, rec, agent.act(Seat(game, COMPUTER)))
                continue
            log = game.log_for(HUMAN)
            self.show_events(log[shown:])
            shown = len(log)
            if not self.answer_forced(game, rec):
                self.human_turn(game, rec)
        self.show_events(game.log_for(HUMAN, shown))
        winner = game.winner or "draw"
        rec.winner = winner
        self.save()
        if winner == HUMAN:
            self.con.say(self.t("result_win", p=HUMAN))
        elif winner == COMPUTER:
            self.con.say(self.t("result_loss", p=COMPUTER))
        else:
            self.con.say(self.t("result_draw"))
        self.con.say(self.t("game_seed", seed=seed))  # only now: it would have told the computer's hand
        return winner

    def apply(self, game: Game, rec: GameRecord, action: dict[str, Any]) -> None:
        rec.actions.append(dict(game.apply_canonical(action)))  # as matched: the form every record stores
        self.save()

    def show_events(self, events: list[dict[str, Any]]) -> None:
        lines = event_lines(events, self.words)
        while lines and not lines[0]:
            lines.pop(0)
        if lines:
            self.con.say("")
            self.con.say(self.t("log_header"))
            self.con.lines(["  " + ln if ln else "" for ln in lines])

    def show_cards(self, game: Game) -> None:
        """The rules text of every card the human sees face up: their hand, then the whole table."""
        board = self.words.board(game.view(HUMAN), HUMAN)
        mine = board.model_copy(update={"sides": (board.side(HUMAN),), "center": ()})
        ids = [f.card for b, kinds in ((mine, {"row"}), (board, {"slots"})) for f in b.faces(frozenset(kinds))
               if f.card is not None]
        self.con.say(self.t("cards_header"))
        for cid in dict.fromkeys(ids):
            text = self.words.card_text(cid)
            name = self.words.card_name(cid)
            self.con.say(f"  {name}: {text}" if text else f"  {name}")

    def show_decision(self, game: Game, legal: list[dict[str, Any]]) -> None:
        d = game.pending
        assert d is not None
        obs = game.view(HUMAN)
        board = self.words.board(obs, HUMAN, self.deck_names, game.log_for(HUMAN))
        self.con.say("")
        self.con.lines(render_board(board, self.t))
        self.con.say(self.words.decision(game))
        self.con.say(self.t("actions_header"))
        width = len(str(len(legal)))
        for i, act in enumerate(legal, 1):
            self.con.say(f"  {i:>{width}}) {self.words.action(act, obs, d.kind, HUMAN)}")

    def answer_forced(self, game: Game, rec: GameRecord) -> bool:
        """A decision the game lets a front end answer for the player (``Presenter.auto_answer``) is made
        for the human, with a line that says so; True when it was."""
        auto = self.words.auto_answer(game)
        if auto is None:
            return False
        self.con.say("")
        self.con.say(auto.text)
        self.apply(game, rec, dict(auto.action))
        return True

    # -- response windows: one line, and only those the player wants to stop at ---------------------------
    def pass_window(self, game: Game, rec: GameRecord, legal: list[dict[str, Any]]) -> bool:
        """Pass a response window the player does not stop at (``windows``); True when it was passed."""
        w = self.words.window(game)
        mode = self.opts.windows
        if w is None or mode == "always" or (mode == "chain" and w.stacked):
            return False
        passing = next(a for a in legal if game.is_pass(a))
        if w.stacked:  # passing what the opponent did is said; an empty window passes quietly
            self.con.say(self.t("window_passed", chain=w.text, mode=self.t(f"wm_{mode}")))
        self.apply(game, rec, passing)
        return True

    def show_window(self, game: Game, legal: list[dict[str, Any]], text: str) -> None:
        obs = game.view(HUMAN)
        board = self.words.board(obs, HUMAN)
        where = self.t("window_where", turn=board.turn, active=board.active, phase=board.phase)
        kind = game.pending.kind if game.pending is not None else None
        options = "  ".join(f"{i}) {self.words.action(a, obs, kind, HUMAN)}" for i, a in enumerate(legal, 1))
        self.con.say("")
        self.con.say(self.t("window", where=where, chain=text, options=options))

    def set_windows(self) -> None:
        ans = self.con.ask(self.t("windows_ask"))
        mode = {"1": "always", "2": "chain", "3": "never"}.get((ans or "").strip())
        if mode is not None:
            self.opts.windows = mode
        self.con.say(self.t("windows_set", mode=self.t(f"wm_{self.opts.windows}")))

    def human_turn(self, game: Game, rec: GameRecord) -> None:
        """The human's decision: a response window they do not stop at is passed for them; otherwise it is
        shown, and their answers are read until one of them decides (``answer``)."""
        legal = game.legal_actions()
        w = self.words.window(game)
        if w is not None and self.pass_window(game, rec, legal):
            return
        if w is not None:
            self.show_window(game, legal, w.text)
        else:
            self.show_decision(game, legal)
        while not self.answer(game, rec, legal, w is not None):
            pass

    def ask_or_quit(self, prompt: str) -> str:
        """An answer; the end of the input leaves the game (``Quit``), saying so."""
        ans = self.con.ask(prompt)
        if ans is None:
            self.con.say("")
            self.con.say(self.t("eof"))
            raise Quit
        return ans

    def answer(self, game: Game, rec: GameRecord, legal: list[dict[str, Any]], window: bool) -> bool:
        """Read one answer and act on it: a number picks that action, an empty line the only one, a word is a
        command (``run_command``). True once an action was applied: the decision is answered."""
        n = len(legal)
        ans = self.ask_or_quit(self.t("prompt", n=n))
        low = ans.lower()
        k = as_number(low)
        if k is not None:
            return self.pick_action(game, rec, legal, k, low)
        if not low:
            if n == 1:
                self.apply(game, rec, legal[0])
                return True
            self.con.say(self.t("empty_input", n=n))
            return False
        return self.run_command(game, rec, legal, window, low, ans)

    def pick_action(self, game: Game, rec: GameRecord, legal: list[dict[str, Any]], k: int, typed: str = "") -> bool:
        """Apply the ``k``-th listed action (from 1); False, said (with the number as ``typed``, cut), when there
        is none of that number."""
        if not 1 <= k <= len(legal):
            self.con.say(self.t("out_of_range", k=cut(typed or str(k), 20), n=len(legal)))
            return False
        try:
            self.apply(game, rec, legal[k - 1])
        except IllegalAction as e:  # pragma: no cover - a listed action is always legal
            self.con.say(self.t("illegal", rule=e.rule, message=e))
            return False
        return True

    def run_command(self, game: Game, rec: GameRecord, legal: list[dict[str, Any]], window: bool, low: str,
                    ans: str) -> bool:
        """A word of the legend (help, board, cards, log, windows, surrender, quit), ``low`` being ``ans`` in
        lower case; True when it answered the decision (a surrender, or a window passed after a new setting)."""
        if low in ("?", "ayuda", "help", "h"):
            saved = self.t("help_saved") if self.opts.save is not None else ""
            windows = self.t("help_windows") if self.windows_exist(game) else ""
            self.con.say(self.t("help", saved=saved, windows=windows, game_help=self.words.help()))
        elif low in ("t", "tablero", "board"):
            self.show_decision(game, legal)
        elif low in ("v", "ver", "cards"):
            self.show_cards(game)
        elif low in ("r", "registro", "log"):
            self.show_events(game.log_for(HUMAN))
        elif low in ("w", "ventanas", "windows") and self.windows_exist(game):
            self.set_windows()
            return window and self.pass_window(game, rec, legal)
        elif low in ("s", "rendirse", "surrender"):
            return self.surrender(game, rec)
        elif low in ("q", "salir", "quit", "exit"):
            self.con.say(self.t("quit"))
            raise Quit
        else:
            self.con.say(self.t("bad_input", text=cut(ans), n=len(legal)))
        return False

    @staticmethod
    def windows_exist(game: Game) -> bool:
        """Whether the game has response windows to stop at (a Deuses turn has none): only then does the
        help offer ``w``, and ``w`` answer."""
        return plugin(game.name).response_windows

    def surrender(self, game: Game, rec: GameRecord) -> bool:
        """Concede once the human confirms it; True when they did."""
        concede = game.concede_action(HUMAN)
        if concede is None:
            self.con.say(self.t("bad_input", text="s", n=len(game.legal_actions())))
            return False
        confirm = self.ask_or_quit(self.t("confirm_surrender"))
        if confirm.lower() in YES:
            self.apply(game, rec, dict(concede))
            return True
        self.con.say(self.t("not_surrendering"))
        return False


def event_lines(events: list[dict[str, Any]], words: Presenter) -> list[str]:
    """The log as the terminal prints it: each entry in the game's words, a blank line before each turn."""
    out = []
    for event in events:
        if event.get("event") == "turn":
            out.append("")
        out.append(words.event(event))
    return out


def run_play(opts: PlayOptions, console: Console | None = None) -> int:
    try:
        session = PlaySession(opts, console or Console())
        return session.run()
    except TableroError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
