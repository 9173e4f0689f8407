"""Every word the terminal table prints, written in English here and said in the player's language from the
table's message catalogue (``tablero/locales/<lang>.po``), and the card-name book."""

from __future__ import annotations

from tablero.core.i18n import Msg, msg
from tablero.core.registry import DEFAULT_GAME, words
from tablero.games.choque.cardbook import CardBook
from tablero.games.choque.narrate import join, keyword_name

_EN: dict[str, Msg] = {
    "turn_header": msg("Turn {turn} · {active} plays · {phase} phase"),
    "you_short": msg("{p} (you)"),
    "opp_short": msg("{p} (opponent)"),
    "you": msg("YOU ({p})"),
    "opponent": msg("OPPONENT ({p})"),
    "player": msg("PLAYER {p}"),
    "hearts": msg("hearts {n}"),
    "soul_total": msg("soul total {n}"),
    "toxina": msg("Toxin {n}"),
    "counts": msg("deck {main} · souls {souls} · support {support} · Mictlán {mictlan} · confined {confined} "
              "· isolated {isolated}"),
    "last_mictlan": msg("last in the Mictlán: {card}"),
    "sector": msg("sector {s} [{zone}: {card}]"),
    "sector_owner": msg("{card} ({owner}'s)"),
    "arena": msg("arena: {card}"),
    "supports": msg("support"),
    "soul_value": msg("soul {v}"),
    "apoyo_sub": msg("{sub} support"),
    "equips": msg("equips {zones}"),
    "hand_count": msg("hand: {cards}"),
    "hand": msg("hand ({n}):"),
    "hand_empty": msg("hand: empty"),
    "known_in_hand": msg("you know they hold: {cards}"),
    "known_deck": msg("you know {who} deck ({where}): {cards}"),
    "deck_top": msg("top"),
    "deck_bottom": msg("bottom"),
    "your_deck": msg("your"),
    "their_deck": msg("the opponent's"),
    "chain": msg("Chain: {links}"),
    "battle": msg("Battle under way: {player} attacks {targets}"),
    "battle_with": msg("Battle under way: {player} attacks {targets} with {attacker}"),
    "battle_hearts": msg("the hearts"),
    "legend": msg("(F strength · R resistance · ♥ hearts · I impact)"),
    "t_personaje": msg("character {v}"),
    "t_amalgama": msg("amalgam {v}"),
    "t_alma": msg("soul {v}"),
    "t_apoyo": msg("{sub} support"),
    "t_sector": msg("sector"),
    "t_arena": msg("arena"),
    "st_resting": msg("resting"),
    "st_called": msg("just called"),
    "st_attacked": msg("attacked"),
    "st_defended": msg("defended"),
    "st_zombified": msg("zombified"),
    "st_mimica": msg("copies {card}"),
    "st_mode": msg("mode {mode}"),
    "st_counters": msg("counters {c}"),
    "sub_normal": msg("normal"), "sub_continuo": msg("continuous"), "sub_equipo": msg("equipment"),
    "sub_rapido": msg("quick"),
    "ph_start": msg("start"), "ph_ofrenda": msg("ofrenda"), "ph_soul_draw": msg("soul draw"),
    "ph_turn_draw": msg("draw"),
    "ph_action": msg("action"), "ph_combat": msg("combat"), "ph_end": msg("end"),
    "k_action": msg("Your action phase: choose what to do."),
    "k_combat": msg("Your combat phase: declare battles or end the phase."),
    "k_response": msg("You may respond."),
    "k_defend": msg("You are attacked: defend with another character?"),
    "k_ofrenda": msg("Ofrenda phase: you may return your hand and draw again."),
    "k_choose": msg("Choose."),
    "k_discard": msg("You hold more than 7 cards: send one to the Mictlán."),
    "k_battle_repeat": msg("The field changed: repeat the battle?"),
    "auto_ofrenda": msg("Ofrenda phase (CH-5.3), mandatory: it is made for you. You return your hand ({cards}) and "
                    "draw again."),
    "auto_ofrenda_empty": msg("Ofrenda phase (CH-5.3), mandatory: it is made for you. Your hand is empty: nothing is "
                          "returned or drawn."),
    "c_elite": msg("{card}'s Elite: double its strength and resistance?"),
    "c_clarividencia": msg("Clairvoyance: the first card you pick stays on top; later picks go to the bottom."),
    "c_mimica": msg("Mimicry: choose a character in your Mictlán to confine and copy."),
    "c_zombificar": msg("Zombify: you may return a soul to your hand and call a character from your Mictlán."),
    "c_cosmo": msg("Cosmo: you drew {card}; you may call it now."),
    "c_optional": msg("Use {ability}?"),
    "c_select_cost": msg("To pay the cost of {source}, choose a card ({verb})."),
    "c_select_discard": msg("Choose a card to discard ({source})."),
    "c_select_add": msg("Choose a card to add to your hand ({source})."),
    "c_select_special_call": msg("Choose a character to call ({source})."),
    "c_select_liberar": msg("Choose a confined character to release ({source})."),
    "v_discard": msg("discard"), "v_isolate": msg("isolate"), "v_confine": msg("confine"), "v_destroy": msg("destroy"),
    "v_return_soul": msg("return a soul to your hand"), "v_sacrifice": msg("sacrifice"), "v_send": msg("send"),
    "v_return": msg("return"),
    "c_trig_target": msg("Choose the target of {ability}."),
    "c_targets": msg("Choose the targets of {ability}, one at a time."),
    "c_zone": msg("Choose the zone to call the character into."),
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
        "  w           choose when to stop at response windows (always, with a chain, never)\n"
        "  q           quit the game{saved}\n"
        "  ?           this help\n"
        "You are player A; the opponent is B. Sector A = zones C1 and C2, sector B = C3 and C4; Z1–Z5 are "
        "the support zones (souls and supports).\n"
        "F strength · R resistance · ♥ hearts · I impact (hearts it takes in a direct attack).")
    ),
    "help_saved": msg(" (the game stays saved)"),
    "window": msg("Response window ({where}) — {chain}. {options}"),
    "window_where": msg("turn {turn}, {active} plays, {phase} phase"),
    "window_empty": msg("nothing on the chain"),
    "window_chain": msg("on the chain: {links}"),
    "window_link": msg("{player} · {what}"),
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
    "welcome": msg("Choque de Héroes — you ({you}) with \"{deck}\" against {vs} ({opp}) with \"{opp_deck}\"."),
    "game_seed": msg("This CHOQUE's seed: {seed}."),
    "match_seed": msg("The match's seed: {seed} (tablero play --match --seed {seed} replays its shuffles)."),
    "waiting": msg("The opponent is thinking…"),
    "match_game": msg("— CHOQUE {n} of the match (best of three) —"),
    "match_score": msg("Score: you {a} – opponent {b}."),
    "match_ask_first": msg("You lost the previous CHOQUE: you choose who starts."),
    "match_first_me": msg("I start"),
    "match_first_opp": msg("The opponent starts"),
    "match_choice": msg("Your choice (1-2): "),
    "match_opp_starts": msg("The opponent lost the previous CHOQUE and chooses to start."),
    "match_random": msg("Who starts is drawn at random."),
    "match_win": msg("You win the match!"),
    "match_loss": msg("The opponent wins the match."),
    "match_draw": msg("The match is drawn."),
    "r_header": msg("Replay: {n} actions · {edition} · seed {seed} · A: \"{a}\" ({agent_a}) · B: \"{b}\" ({agent_b})"),
    "r_games": msg("This file holds {n} CHOQUES; showing number {k} (use --game to pick another)."),
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


def tr(lang: str, key: str, **kw: object) -> str:
    """The text ``key`` in ``lang`` with its fields filled in."""
    return words(DEFAULT_GAME).fill(_EN[key].text, kw, lang)


__all__ = ["TEXTS", "CardBook", "join", "keyword_name", "tr"]
