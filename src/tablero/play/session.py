"""``tablero play``: a human (seat A) against a computer player (seat B) in the terminal.

The loop is the core's: while the game is not over, whoever's decision is pending answers it. For the
human that means: the log of what happened since their last decision (only what A may see), the board,
the numbered legal actions in words, and a number read from the input; the mandatory ofrenda (CH-5.3), whose
one answer leaves nothing to choose, is made for them with a line saying so. Every applied action is saved at
once when ``--save`` is given, so a crash loses nothing.

The seed is shown only once the game is over (a match's, once the match is): with it and the decklists
the computer's hand could be computed (CH-11.2). Everything else drawn from it, the computer's own
random source, the opponent's deck and a match's CHOQUES, comes through ``derive_seed``, so none
of them tells the seed either.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, cast

from tablero.agents import Agent, Seat, make_agent
from tablero.core import BadInput, IllegalAction, Rng, TableroError, derive_seed, secure_seed
from tablero.core.record import GameRecord, deck_json, match_json, write_json
from tablero.games.choque.cardfile import shipped_pool
from tablero.games.choque.cards import CardDef
from tablero.games.choque.deck import Deck, check_deck
from tablero.games.choque.deckfile import DeckFile, load_deck, shipped_decks
from tablero.games.choque.game import ChoqueGame
from tablero.games.choque.match import Match
from tablero.games.choque.narrate import n_cards
from tablero.games.choque.plugin import PLUGIN
from tablero.games.choque.state import NAMES

from .board import link_name, render_board
from .describe import describe
from .events import event_lines
from .text import TEXTS, CardBook, tr

HUMAN = "A"
COMPUTER = "B"
YES = {"s", "si", "sí", "y", "yes"}


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
        self.out.write(prompt)
        self.out.flush()
        try:
            line = self.inp.readline()
        except KeyboardInterrupt:
            return None
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
    edition: str = "choque-2026"
    windows: str = "chain"  # response windows to stop at: always, chain (something on it), never


def resolve_deck(spec: str, edition: str) -> tuple[str, Deck]:
    """A shipped deck id, or the path of a deck file."""
    decks = shipped_decks()
    if spec in decks:
        return spec, decks[spec].deck
    path = Path(spec)
    if path.suffix in (".yaml", ".yml") or path.exists():
        df: DeckFile = load_deck(path, shipped_pool())
        problems = check_deck(df.deck, edition)  # told before the game's header, not after (CH-2)
        if problems:
            raise BadInput(f"{spec}: the deck is not legal in {edition}: " + "; ".join(str(v) for v in problems))
        return df.id, df.deck
    known = ", ".join(d.id for d in decks.values() if d.deck.edition == edition)
    raise BadInput(f"no shipped deck {spec!r} (shipped for {edition}: {known or 'none'}); a deck file path "
                   "is accepted too")


def choose_decks(opts: PlayOptions) -> tuple[tuple[str, Deck], tuple[str, Deck]]:
    """The human's deck (default: the edition's first shipped deck) and the opponent's (default: drawn by
    the seed among the edition's shipped decks)."""
    options = [d for d in shipped_decks().values() if d.deck.edition == opts.edition]
    if (opts.deck is None or opts.opponent_deck is None) and not options:
        raise BadInput(f"no shipped deck for {opts.edition}; name decks with --deck and --opponent-deck")
    mine = resolve_deck(opts.deck, opts.edition) if opts.deck else (options[0].id, options[0].deck)
    if opts.opponent_deck:
        theirs = resolve_deck(opts.opponent_deck, opts.edition)
    else:
        pick = Rng(derive_seed(opts.seed, "opponent-deck")).choice(options)
        theirs = (pick.id, pick.deck)
    return mine, theirs


class PlaySession:
    """One ``tablero play`` run: a single CHOQUE or a best-of-three match."""

    def __init__(self, opts: PlayOptions, console: Console) -> None:
        self.opts = opts
        self.con = console
        self.lang = opts.lang
        (self.deck_id, self.deck), (self.opp_id, self.opp_deck) = choose_decks(opts)
        cards = list(shipped_pool()) + self.deck.all_cards() + self.opp_deck.all_cards()
        self.book = CardBook(cards, opts.lang)
        self.agent_name = opts.vs
        self.agents = {HUMAN: "human", COMPUTER: opts.vs}
        self.records: list[GameRecord] = []
        self.match: Match | None = Match() if opts.match else None
        self.deck_names = {HUMAN: self.deck.name, COMPUTER: self.opp_deck.name}

    def t(self, key: str, **kw: object) -> str:
        return tr(self.lang, key, **kw)

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
        self.con.say(self.t("welcome", you=HUMAN, deck=self.deck.name, vs=vs, opp=COMPUTER,
                            opp_deck=self.opp_deck.name))
        self.con.say(self.t("legend"))
        try:
            if self.match is None:
                self.play_choque(self.opts.seed, None)
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
                first = COMPUTER  # CH-4.2: the computer, having lost, chooses to start
                self.con.say(self.t("match_opp_starts"))
            winner = self.play_choque(derive_seed(self.opts.seed, f"choque:{n}"), first)
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
            self.con.say(self.t("bad_input", text=ans, n=2))

    def play_choque(self, seed: int, first: str | None) -> str:
        """Play one CHOQUE to its end; its winner. Raises ``Quit`` when the human leaves."""
        rec = GameRecord(edition=self.opts.edition, seed=seed,
                         decks=[deck_json(PLUGIN, self.deck, self.deck_id),
                                deck_json(PLUGIN, self.opp_deck, self.opp_id)],
                         first=first, agents=dict(self.agents))
        self.records.append(rec)
        game = cast(ChoqueGame, rec.new_game())
        rec.options = game.s.options.to_json()  # with the rules version, what reproduces the game
        agent = self.make_agent(seed)
        self.save()
        shown = 0
        while not game.is_over:
            d = game.pending
            assert d is not None
            if d.player == COMPUTER:
                action = agent.act(Seat(game, COMPUTER))
                self.apply(game, rec, action)
                continue
            log = game.log_for(HUMAN)
            self.show_events(log[shown:])
            shown = len(log)
            if not self.answer_forced(game, rec):
                self.human_turn(game, rec)
        log = game.log_for(HUMAN)
        self.show_events(log[shown:])
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

    def apply(self, game: ChoqueGame, rec: GameRecord, action: dict[str, Any]) -> None:
        rec.actions.append(dict(game.apply_canonical(action)))  # as matched: the form every record stores
        self.save()

    def show_events(self, events: list[dict[str, Any]]) -> None:
        lines = event_lines(events, self.book)
        while lines and not lines[0]:
            lines.pop(0)
        if lines:
            self.con.say("")
            self.con.say(self.t("log_header"))
            self.con.lines(["  " + ln if ln else "" for ln in lines])

    def decision_text(self, game: ChoqueGame, kind: str) -> str:
        extra = choice_context(game, self.book)
        if extra and kind == "choose":
            return extra
        text = self.t(f"k_{kind}") if f"k_{kind}" in _kinds() else kind
        return f"{text} {extra}" if extra else text

    def show_cards(self, game: ChoqueGame) -> None:
        """The rules text of every card the human sees: their hand, then both fields."""
        obs = game.view(HUMAN)
        ids: list[str] = list(obs[HUMAN].get("hand", []))
        for p in (HUMAN, COMPUTER):
            for zone in ("C1", "C2", "C3", "C4", "Z1", "Z2", "Z3", "Z4", "Z5", "SA", "SB", "arena"):
                z = obs[p].get(zone)
                if isinstance(z, dict) and isinstance(z.get("card"), str):
                    ids.append(z["card"])
        self.con.say(self.t("cards_header"))
        for cid in dict.fromkeys(ids):
            text = self.book.text(cid)
            self.con.say(f"  {self.book.name(cid)}: {text}" if text else f"  {self.book.name(cid)}")

    def show_decision(self, game: ChoqueGame, legal: list[dict[str, Any]]) -> None:
        d = game.pending
        assert d is not None
        obs = game.view(HUMAN)
        attacker = None
        if obs.get("battle"):
            attacks = [e for e in game.log_for(HUMAN) if e.get("event") == "attack"]
            attacker = str(attacks[-1]["attacker"]) if attacks else None
        self.con.say("")
        self.con.lines(render_board(obs, self.book, HUMAN, self.deck_names, attacker))
        self.con.say(self.decision_text(game, d.kind))
        self.con.say(self.t("actions_header"))
        width = len(str(len(legal)))
        for i, act in enumerate(legal, 1):
            self.con.say(f"  {i:>{width}}) {describe(act, obs, d.kind, self.book, HUMAN)}")

    def answer_forced(self, game: ChoqueGame, rec: GameRecord) -> bool:
        """CH-5.3 (revised ruling): the mandatory ofrenda, whose one answer is ``ofrenda``, is made for the human
        ("front ends may answer it for the player"), with a line that says so; True when it was."""
        d = game.pending
        legal = game.legal_actions()
        if d is None or d.kind != "ofrenda" or d.optional or [a["do"] for a in legal] != ["ofrenda"]:
            return False
        n = int(game.view(HUMAN)[HUMAN]["hand_count"])
        self.con.say("")
        self.con.say(self.t("auto_ofrenda", cards=n_cards(n, self.lang)) if n else self.t("auto_ofrenda_empty"))
        self.apply(game, rec, legal[0])
        return True

    # -- response windows (CH-7.5): one line, and only those the player wants to stop at ----------------
    def chain_text(self, game: ChoqueGame) -> str:
        """What is on the chain, link by link, in words ("nothing on the chain")."""
        links = [self.t("window_link", player=NAMES[link.player], what=link_words(game, link, self.book))
                 for link in game.s.chain]
        return self.t("window_chain", links=" → ".join(links)) if links else self.t("window_empty")

    def pass_window(self, game: ChoqueGame, rec: GameRecord, legal: list[dict[str, Any]]) -> bool:
        """Pass a response window the player does not stop at (``windows``); True when it was passed."""
        mode = self.opts.windows
        chained = bool(game.s.chain)
        if mode == "always" or (mode == "chain" and chained):
            return False
        passing = next(a for a in legal if game.is_pass(a))
        if chained:  # passing what the opponent did is said; an empty window passes quietly
            self.con.say(self.t("window_passed", chain=self.chain_text(game), mode=self.t(f"wm_{mode}")))
        self.apply(game, rec, passing)
        return True

    def show_window(self, game: ChoqueGame, legal: list[dict[str, Any]]) -> None:
        obs = game.view(HUMAN)
        where = self.t("window_where", turn=obs["turn"], active=obs["active"], phase=self.t(f"ph_{obs['phase']}"))
        options = "  ".join(f"{i}) {describe(a, obs, 'response', self.book, HUMAN)}" for i, a in enumerate(legal, 1))
        self.con.say("")
        self.con.say(self.t("window", where=where, chain=self.chain_text(game), options=options))

    def set_windows(self) -> None:
        ans = self.con.ask(self.t("windows_ask"))
        mode = {"1": "always", "2": "chain", "3": "never"}.get((ans or "").strip())
        if mode is not None:
            self.opts.windows = mode
        self.con.say(self.t("windows_set", mode=self.t(f"wm_{self.opts.windows}")))

    def human_turn(self, game: ChoqueGame, rec: GameRecord) -> None:
        """The human's decision: a response window they do not stop at is passed for them; otherwise it is
        shown, and their answers are read until one of them decides (``answer``)."""
        legal = game.legal_actions()
        window = game.pending is not None and game.pending.kind == "response"
        if window and self.pass_window(game, rec, legal):
            return
        if window:
            self.show_window(game, legal)
        else:
            self.show_decision(game, legal)
        while not self.answer(game, rec, legal, window):
            pass

    def ask_or_quit(self, prompt: str) -> str:
        """An answer; the end of the input leaves the game (``Quit``), saying so."""
        ans = self.con.ask(prompt)
        if ans is None:
            self.con.say("")
            self.con.say(self.t("eof"))
            raise Quit
        return ans

    def answer(self, game: ChoqueGame, rec: GameRecord, legal: list[dict[str, Any]], window: bool) -> bool:
        """Read one answer and act on it: a number picks that action, an empty line the only one, a word is a
        command (``run_command``). True once an action was applied: the decision is answered."""
        n = len(legal)
        ans = self.ask_or_quit(self.t("prompt", n=n))
        low = ans.lower()
        if low.isdigit():
            return self.pick_action(game, rec, legal, int(low))
        if not low:
            if n == 1:
                self.apply(game, rec, legal[0])
                return True
            self.con.say(self.t("empty_input", n=n))
            return False
        return self.run_command(game, rec, legal, window, low, ans)

    def pick_action(self, game: ChoqueGame, rec: GameRecord, legal: list[dict[str, Any]], k: int) -> bool:
        """Apply the ``k``-th listed action (from 1); False, said, when there is none of that number."""
        if not 1 <= k <= len(legal):
            self.con.say(self.t("out_of_range", k=k, n=len(legal)))
            return False
        try:
            self.apply(game, rec, legal[k - 1])
        except IllegalAction as e:  # pragma: no cover - a listed action is always legal
            self.con.say(self.t("illegal", rule=e.rule, message=e))
            return False
        return True

    def run_command(self, game: ChoqueGame, rec: GameRecord, legal: list[dict[str, Any]], window: bool, low: str,
                ans: str) -> bool:
        """A word of the legend (help, board, cards, log, windows, surrender, quit), ``low`` being ``ans`` in
        lower case; True when it answered the decision (a surrender, or a window passed after a new setting)."""
        if low in ("?", "ayuda", "help", "h"):
            saved = self.t("help_saved") if self.opts.save is not None else ""
            self.con.say(self.t("help", saved=saved))
        elif low in ("t", "tablero", "board"):
            self.show_decision(game, legal)
        elif low in ("v", "ver", "cards"):
            self.show_cards(game)
        elif low in ("r", "registro", "log"):
            self.show_events(game.log_for(HUMAN))
        elif low in ("w", "ventanas", "windows"):
            self.set_windows()
            return window and self.pass_window(game, rec, legal)
        elif low in ("s", "rendirse", "surrender"):
            return self.surrender(game, rec)
        elif low in ("q", "salir", "quit", "exit"):
            self.con.say(self.t("quit"))
            raise Quit
        else:
            self.con.say(self.t("bad_input", text=ans, n=len(legal)))
        return False

    def surrender(self, game: ChoqueGame, rec: GameRecord) -> bool:
        """Surrender once the human confirms it; True when they did."""
        confirm = self.ask_or_quit(self.t("confirm_surrender"))
        if confirm.lower() in YES:
            self.apply(game, rec, {"player": HUMAN, "do": "surrender"})
            return True
        self.con.say(self.t("not_surrendering"))
        return False

def _kinds() -> set[str]:
    return {f"k_{k}" for k in ("action", "combat", "response", "defend", "ofrenda", "choose", "discard",
                                "battle_repeat")}


def choice_context(game: ChoqueGame, book: CardBook) -> str:
    """What a ``choose`` decision is about. The Game API says only ``choose``; the engine's pending record
    (``pending.py``) names the ability (read-only here), so the human knows what they are picking for."""
    lang = book.lang
    try:
        pending = game.s.pending
        if pending is None or pending.kind != "choose":
            return ""
        data = pending.data
        what = data.what
        if what == "elite":
            return tr(lang, "c_elite", card=_uid_name(game, data.uid, book))
        if what == "cosmo":
            return tr(lang, "c_cosmo", card=book.name(data.card.id))
        if what == "optional":
            return tr(lang, "c_optional", ability=book.ability_name(str(getattr(data.ability, "name", "?"))))
        if what == "trig_target":
            return tr(lang, "c_trig_target", ability=book.ability_name(str(getattr(data.run.ability, "name", "?"))))
        if what == "targets":
            return tr(lang, "c_targets", ability=book.ability_name(str(getattr(data.ability, "name", "?"))))
        if what == "select":
            purpose, op, src = data.purpose, data.op, data.source
            source = _handle_name(game, src, book)
            verb_key = f"v_{getattr(op, 'verb', '')}"
            verb = tr(lang, verb_key) if verb_key in TEXTS else str(getattr(op, "verb", ""))
            return tr(lang, f"c_select_{purpose}", source=source, verb=verb)
        if what in ("clarividencia", "mimica", "zombificar", "zone"):
            return tr(lang, f"c_{what}")
    except (AttributeError, IndexError, KeyError, TypeError):
        return ""
    return ""


def _handle_name(game: ChoqueGame, h: Any, book: CardBook) -> str:
    """The card an engine handle (``("char", uid)``, ``("zone", pi, "Z1", card)``, ...) points at."""
    if h and h[0] == "char":
        return _uid_name(game, h[1], book)
    card = h[-1] if h else None
    return book.name(str(card.id)) if isinstance(card, CardDef) else "?"


def _uid_name(game: ChoqueGame, uid: Any, book: CardBook) -> str:
    found = game.s.find(uid)
    if found is None:
        return "?"
    return book.name(found[2].card.id)


def run_play(opts: PlayOptions, console: Console | None = None) -> int:
    try:
        session = PlaySession(opts, console or Console())
        return session.run()
    except TableroError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2


def link_words(game: ChoqueGame, link: Any, book: CardBook) -> str:
    """A chain link in words: its ability and the card it comes from, read from the link's record
    (``links.py``, read-only), or the kind of link when it names neither (a keyword's link)."""
    ability = getattr(link, "ability", None)
    card = getattr(link, "card", None)
    source = getattr(link, "source", None)
    if card is None and source is not None:
        if source[0] == "char":
            found = game.s.find(source[1])
            card = found[2].card if found is not None else None
        elif isinstance(source[-1], CardDef):
            card = source[-1]
    name = book.name(card.id) if isinstance(card, CardDef) else ""
    if ability is not None and ability.name not in ("effect", "ability"):
        what = book.ability_name(ability.name)
        return f"{what} ({name})" if name else what
    return name or link_name(str(link.kind), book)
