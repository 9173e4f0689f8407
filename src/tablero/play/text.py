"""Every word the terminal table prints, written in English here and said in the player's language from the
table's message catalogue (``tablero/locales/<lang>.po``). A game may word one of them its own way: its
catalogue's entry with the game's name as its context (``msgctxt "<game>"``) wins over the table's plain
one. The board's own words (zones, numbers, states) come from the game's projection."""

from __future__ import annotations

from tablero.core.i18n import Msg, msg
from tablero.core.registry import words

_EN: dict[str, Msg] = {
    "turn_header": msg("Turn {turn} · {active} plays · {phase}"),
    "you_short": msg("{p} (you)"),
    "opp_short": msg("{p} (opponent)"),
    "you": msg("YOU ({p})"),
    "opponent": msg("OPPONENT ({p})"),
    "player": msg("PLAYER {p}"),
    "owned": msg("{card} ({owner}'s)"),
    "turn_header_both": msg("Turn {turn} · {phase}"),
    "face_down": msg("(face down)"),
    "face_down_exhausted": msg("(face down, exhausted)"),
    "tokens": msg("tokens: {tokens}"),
    "attached": msg("under it: {cards}"),
    "cost": msg("cost"),
    "count": msg("{label} {n}"),
    "row": msg("{label} ({n}):"),
    "empty_row": msg("{label}: empty"),
    "top": msg("top of {label}: {card}"),
    "secret_pending": msg("{p} is choosing in secret."),
    "log_header": msg("What happened:"),
    "cards_header": msg("Cards in view:"),
    "actions_header": msg("Your options:"),
    "prompt": msg("Your choice (1-{n}, ? help): "),
    "bad_input": msg("I don't understand \"{text}\". Type a number from 1 to {n}, or ? for help."),
    "out_of_range": msg("There is no option {k}: choose a number from 1 to {n}."),
    "empty_input": msg("Type the number of an option (1-{n}), or ? for help."),
    "help": (
        msg("Help:\n"
        "  a number    takes that option from the list (Enter, when there is only one)\n"
        "  t           shows the board and the options again\n"
        "  v           shows the text of the cards you see (your hand and the field)\n"
        "  r           shows the whole game log (what you may see)\n"
        "  s           surrender (asks to confirm)\n"
        "{windows}"
        "  q           quit the game{saved}\n"
        "  ?           this help\n"
        "{game_help}")
    ),
    "help_saved": msg(" (the game stays saved)"),
    # the help's line for response windows, in a game that has them (GamePlugin.response_windows)
    "help_windows": msg("  w           choose when to stop at response windows (always, with a chain, never)\n"),
    "window": msg("Response window ({where}) — {chain}. {options}"),
    "window_where": msg("turn {turn}, {active} plays, {phase}"),
    "window_passed": msg("You pass the response window ({chain}; windows: {mode}, w changes it)."),
    "windows_ask": msg("When do you stop at a response window? 1) always  2) only with something on the chain  "
                   "3) never: "),
    "windows_set": msg("Response windows: {mode}."),
    "wm_always": msg("always"), "wm_chain": msg("only with a chain"), "wm_never": msg("never"),
    "confirm_surrender": msg("Do you really surrender? (y/n): "),
    "not_surrendering": msg("You play on."),
    "quit": msg("You leave the game."),
    "eof": msg("End of input: game interrupted."),
    "saved": msg("Game saved to {path}."),
    "illegal": msg("Not a legal action ({rule}): {message}"),
    "result_win": msg("Result: you win ({p})."),
    "result_loss": msg("Result: the opponent wins ({p})."),
    "result_draw": msg("Result: a draw."),
    "welcome": msg("{title} — you ({you}) with \"{deck}\" against {vs} ({opp}) with \"{opp_deck}\"."),
    "game_seed": msg("This game's seed: {seed}."),
    "match_seed": msg("The match's seed: {seed} (tablero play --match --seed {seed} replays its shuffles)."),
    "waiting": msg("The opponent is thinking…"),
    "match_game": msg("— Game {n} of the match (best of three) —"),
    "match_score": msg("Score: you {a} – opponent {b}."),
    "match_ask_first": msg("You lost the previous game: you choose who starts."),
    "match_first_me": msg("I start"),
    "match_first_opp": msg("The opponent starts"),
    "match_choice": msg("Your choice (1-2): "),
    "match_opp_starts": msg("The opponent lost the previous game and chooses to start."),
    "match_random": msg("Who starts is drawn at random."),
    "match_win": msg("You win the match!"),
    "match_loss": msg("The opponent wins the match."),
    "match_draw": msg("The match is drawn."),
    "r_header": msg("Replay: {n} actions · {edition} · seed {seed} · A: \"{a}\" ({agent_a}) · B: \"{b}\" ({agent_b})"),
    "r_games": msg("This file holds {n} games; showing number {k} (use --game to pick another)."),
    "r_step": msg("Action {i}/{n}: {who} — {what}"),
    "r_start": msg("Start of the game (action 0/{n})."),
    "r_prompt": msg("[Enter] next · b back · a number: jump to that action · q quit: "),
    "r_end": msg("End of the replay ({result})."),
    "r_at_end": msg("You are at the last action."),
    "r_at_start": msg("You are at the start."),
    "r_bad": msg("I don't understand \"{text}\": Enter, b, a number from 0 to {n}, or q."),
    "r_no_winner": msg("unfinished"),
    "r_winner": msg("{w} wins"),
    "r_draw": msg("a draw"),
    "r_rules": msg("Played under rules version {v} (the current rules are version {cur})."),
    "r_rules_current": msg("Played under rules version {v} (the current rules)."),
    "r_options": msg("Engine options: {options}."),
    "r_note": msg("Note: {note}"),
    "r_end_held": msg("End of what the current rules replay (action {k} of {total}); the rest of the game does not "
                  "hold under them. Result recorded: {result}."),
}

TEXTS = frozenset(_EN)  # the keys of every text


class Texts:
    """The table's words for one game's session in one language."""

    def __init__(self, game: str | None, lang: str) -> None:
        self.game = game
        self.lang = lang
        self.words = words(game)

    def __call__(self, key: str, **kw: object) -> str:
        """The text ``key`` with its fields filled in, in the game's own words where it has them."""
        return self.words.say(Msg(_EN[key].text, kw, context=self.game), self.lang)


def tr(lang: str, key: str, **kw: object) -> str:
    """The text ``key`` in ``lang`` with its fields filled in, in the table's words."""
    return words(None).fill(_EN[key].text, kw, lang)
