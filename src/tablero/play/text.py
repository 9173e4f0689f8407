"""Every word the terminal table prints, in Spanish (default) and English, and the card-name book."""

from __future__ import annotations

from tablero.games.choque.cardbook import CardBook, keyword_name

LANGS = ("es", "en")

_ES: dict[str, str] = {
    # board
    "turn_header": "Turno {turn} · juega {active} · fase {phase}",
    "you_short": "{p} (tú)",
    "opp_short": "{p} (rival)",
    "you": "TÚ ({p})",
    "opponent": "RIVAL ({p})",
    "player": "JUGADOR {p}",
    "hearts": "corazones {n}",
    "soul_total": "total de almas {n}",
    "toxina": "Toxina {n}",
    "counts": "baraja {main} · almas {souls} · apoyo {support} · Mictlán {mictlan} · confinadas {confined} "
              "· aisladas {isolated}",
    "last_mictlan": "último en el Mictlán: {card}",
    "sector": "sector {s} [{zone}: {card}]",
    "sector_owner": "{card} (de {owner})",
    "arena": "arena: {card}",
    "supports": "apoyo",
    "soul_value": "alma {v}",
    "apoyo_sub": "apoyo {sub}",
    "equips": "equipa {zones}",
    "hand_count": "mano: {cards}",
    "hand": "mano ({n}):",
    "hand_empty": "mano: vacía",
    "known_in_hand": "sabes que tiene en la mano: {cards}",
    "known_deck": "conoces de la baraja {who} ({where}): {cards}",
    "deck_top": "arriba",
    "deck_bottom": "abajo",
    "your_deck": "tuya",
    "their_deck": "rival",
    "chain": "Cadena: {links}",
    "battle": "Batalla en curso: {player} ataca a {targets}",
    "battle_with": "Batalla en curso: {player} ataca con {attacker} a {targets}",
    "battle_hearts": "los corazones",
    "legend": "(F fuerza · R resistencia · ♥ corazones · I impacto)",
    "t_personaje": "personaje {v}",
    "t_amalgama": "amalgama {v}",
    "t_alma": "alma {v}",
    "t_apoyo": "apoyo {sub}",
    "t_sector": "sector",
    "t_arena": "arena",
    "st_resting": "descansando",
    "st_called": "recién llamado",
    "st_attacked": "ya atacó",
    "st_defended": "ya defendió",
    "st_zombified": "zombificado",
    "st_mimica": "copia a {card}",
    "st_mode": "modo {mode}",
    "st_counters": "contadores {c}",
    "sub_normal": "normal", "sub_continuo": "continuo", "sub_equipo": "equipo", "sub_rapido": "rápido",
    "ph_start": "de inicio", "ph_ofrenda": "de ofrenda", "ph_soul_draw": "de robo de alma",
    "ph_turn_draw": "de robo", "ph_action": "de acción", "ph_combat": "de combate", "ph_end": "final",
    # decisions
    "k_action": "Tu fase de acción: elige qué hacer.",
    "k_combat": "Tu fase de combate: declara batallas o termina la fase.",
    "k_response": "Puedes responder.",
    "k_defend": "Te atacan: ¿defiendes con otro personaje?",
    "k_ofrenda": "Fase de ofrenda: puedes devolver tu mano y robar de nuevo.",
    "k_choose": "Elige.",
    "k_discard": "Tienes más de 7 cartas: manda una al Mictlán.",
    "k_battle_repeat": "El campo cambió: ¿repites la batalla?",
    "auto_ofrenda": "Fase de ofrenda (CH-5.3), obligatoria: se hace por ti. Devuelves tu mano ({cards}) y robas "
                    "de nuevo.",
    "auto_ofrenda_empty": "Fase de ofrenda (CH-5.3), obligatoria: se hace por ti. Tu mano está vacía: no devuelves "
                          "ni robas nada.",
    "c_elite": "Élite de {card}: ¿duplicas fuerza y resistencia?",
    "c_clarividencia": "Clarividencia: la primera carta que elijas queda arriba; las siguientes van al fondo.",
    "c_mimica": "Mímica: elige un personaje de tu Mictlán para confinarlo y copiar sus habilidades.",
    "c_zombificar": "Zombificar: puedes devolver un alma a la mano y llamar a un personaje de tu Mictlán.",
    "c_cosmo": "Cosmo: robaste {card}; puedes llamarlo ahora.",
    "c_optional": "¿Usas {ability}?",
    "c_select_cost": "Para pagar el coste de {source}, elige una carta ({verb}).",
    "c_select_discard": "Elige una carta para descartar ({source}).",
    "c_select_add": "Elige una carta para añadir a tu mano ({source}).",
    "c_select_special_call": "Elige un personaje para llamarlo ({source}).",
    "c_select_liberar": "Elige un personaje confinado para liberarlo ({source}).",
    "v_discard": "descartar", "v_isolate": "aislar", "v_confine": "confinar", "v_destroy": "destruir",
    "v_return_soul": "devolver un alma a la mano", "v_sacrifice": "sacrificar", "v_send": "mandar",
    "v_return": "devolver",
    "c_trig_target": "Elige el objetivo de {ability}.",
    "c_zone": "Elige la zona donde llamar al personaje.",
    "log_header": "Lo que pasó:",
    "cards_header": "Cartas a la vista:",
    "actions_header": "Acciones posibles:",
    "prompt": "Tu elección (1-{n}, ? ayuda): ",
    "bad_input": "No entiendo «{text}». Escribe un número del 1 al {n}, o ? para ver la ayuda.",
    "out_of_range": "No hay acción {k}: elige un número del 1 al {n}.",
    "empty_input": "Escribe el número de una acción (1-{n}), o ? para ver la ayuda.",
    "help": (
        "Ayuda:\n"
        "  un número   hace esa acción de la lista (Enter, si solo hay una)\n"
        "  t           vuelve a mostrar el tablero y las acciones\n"
        "  v           muestra el texto de las cartas que ves (tu mano y el campo)\n"
        "  r           muestra todo el registro de la partida (lo que puedes ver)\n"
        "  s           te rindes (pide confirmación)\n"
        "  w           eliges cuándo paras en las ventanas de respuesta (siempre, con cadena, nunca)\n"
        "  q           sales de la partida{saved}\n"
        "  ?           esta ayuda\n"
        "Eres el jugador A; el rival es B. Sector A = zonas C1 y C2, sector B = C3 y C4; Z1–Z5 son las "
        "zonas de apoyo (almas y apoyos).\n"
        "F fuerza · R resistencia · ♥ corazones · I impacto (corazones que quita al atacar directo)."
    ),
    "help_saved": " (la partida queda guardada)",
    "window": "Ventana de respuesta ({where}) — {chain}. {options}",
    "window_where": "turno {turn} de {active}, fase {phase}",
    "window_empty": "nada en la cadena",
    "window_chain": "en la cadena: {links}",
    "window_link": "{player} · {what}",
    "window_passed": "Pasas la ventana de respuesta ({chain}; ventanas: {mode}, w lo cambia).",
    "windows_ask": "¿Cuándo paras en una ventana de respuesta? 1) siempre  2) solo si hay algo en la cadena  "
                   "3) nunca: ",
    "windows_set": "Ventanas de respuesta: {mode}.",
    "wm_always": "siempre", "wm_chain": "solo con cadena", "wm_never": "nunca",
    "confirm_surrender": "¿Seguro que te rindes? (s/n): ",
    "not_surrendering": "Sigues jugando.",
    "quit": "Sales de la partida.",
    "eof": "Se acabó la entrada: partida interrumpida.",
    "saved": "Partida guardada en {path}.",
    "illegal": "Acción no válida ({rule}): {message}",
    "result_win": "Resultado: ganas tú ({p}).",
    "result_loss": "Resultado: gana el rival ({p}).",
    "result_draw": "Resultado: empate.",
    "welcome": "Choque de Héroes — tú ({you}) con «{deck}» contra {vs} ({opp}) con «{opp_deck}».",
    "game_seed": "Semilla de este CHOQUE: {seed}.",
    "match_seed": "Semilla del encuentro: {seed} (tablero play --match --seed {seed} repite sus barajadas).",
    "waiting": "El rival piensa…",
    "match_game": "— CHOQUE {n} del encuentro (al mejor de tres) —",
    "match_score": "Marcador: tú {a} – rival {b}.",
    "match_ask_first": "Perdiste el CHOQUE anterior: eliges quién empieza.",
    "match_first_me": "Empiezo yo",
    "match_first_opp": "Empieza el rival",
    "match_choice": "Tu elección (1-2): ",
    "match_opp_starts": "El rival perdió el CHOQUE anterior y elige empezar.",
    "match_random": "Quién empieza se sortea.",
    "match_win": "¡Ganas el encuentro!",
    "match_loss": "El rival gana el encuentro.",
    "match_draw": "El encuentro termina en empate.",
    # action descriptions
    "and": "y",
    # replay
    "r_header": "Repetición: {n} acciones · {edition} · semilla {seed} · A: «{a}» ({agent_a}) · B: «{b}» ({agent_b})",
    "r_games": "Este archivo tiene {n} CHOQUES; se muestra el {k} (usa --game para elegir otro).",
    "r_step": "Acción {i}/{n}: {who} — {what}",
    "r_start": "Inicio de la partida (acción 0/{n}).",
    "r_prompt": "[Enter] siguiente · b atrás · número: ir a esa acción · q salir: ",
    "r_end": "Fin de la repetición ({result}).",
    "r_at_end": "Ya estás en la última acción.",
    "r_at_start": "Ya estás al inicio.",
    "r_bad": "No entiendo «{text}»: Enter, b, un número del 0 al {n}, o q.",
    "r_no_winner": "sin terminar",
    "r_winner": "gana {w}",
    "r_draw": "empate",
    "r_rules": "Jugada con las reglas versión {v} (las actuales son la versión {cur}).",
    "r_rules_current": "Jugada con las reglas versión {v} (las actuales).",
    "r_options": "Opciones del motor: {options}.",
    "r_note": "Aviso (en inglés): {note}",
    "r_end_held": "Fin de lo que las reglas actuales reproducen (acción {k} de {total}); el resto de la partida no "
                  "vale con ellas. Resultado registrado: {result}.",
}

_EN: dict[str, str] = {
    "turn_header": "Turn {turn} · {active} plays · {phase} phase",
    "you_short": "{p} (you)",
    "opp_short": "{p} (opponent)",
    "you": "YOU ({p})",
    "opponent": "OPPONENT ({p})",
    "player": "PLAYER {p}",
    "hearts": "hearts {n}",
    "soul_total": "soul total {n}",
    "toxina": "Toxin {n}",
    "counts": "deck {main} · souls {souls} · support {support} · Mictlán {mictlan} · confined {confined} "
              "· isolated {isolated}",
    "last_mictlan": "last in the Mictlán: {card}",
    "sector": "sector {s} [{zone}: {card}]",
    "sector_owner": "{card} ({owner}'s)",
    "arena": "arena: {card}",
    "supports": "support",
    "soul_value": "soul {v}",
    "apoyo_sub": "{sub} support",
    "equips": "equips {zones}",
    "hand_count": "hand: {cards}",
    "hand": "hand ({n}):",
    "hand_empty": "hand: empty",
    "known_in_hand": "you know they hold: {cards}",
    "known_deck": "you know {who} deck ({where}): {cards}",
    "deck_top": "top",
    "deck_bottom": "bottom",
    "your_deck": "your",
    "their_deck": "the opponent's",
    "chain": "Chain: {links}",
    "battle": "Battle under way: {player} attacks {targets}",
    "battle_with": "Battle under way: {player} attacks {targets} with {attacker}",
    "battle_hearts": "the hearts",
    "legend": "(F strength · R resistance · ♥ hearts · I impact)",
    "t_personaje": "character {v}",
    "t_amalgama": "amalgam {v}",
    "t_alma": "soul {v}",
    "t_apoyo": "{sub} support",
    "t_sector": "sector",
    "t_arena": "arena",
    "st_resting": "resting",
    "st_called": "just called",
    "st_attacked": "attacked",
    "st_defended": "defended",
    "st_zombified": "zombified",
    "st_mimica": "copies {card}",
    "st_mode": "mode {mode}",
    "st_counters": "counters {c}",
    "sub_normal": "normal", "sub_continuo": "continuous", "sub_equipo": "equipment", "sub_rapido": "quick",
    "ph_start": "start", "ph_ofrenda": "ofrenda", "ph_soul_draw": "soul draw", "ph_turn_draw": "draw",
    "ph_action": "action", "ph_combat": "combat", "ph_end": "end",
    "k_action": "Your action phase: choose what to do.",
    "k_combat": "Your combat phase: declare battles or end the phase.",
    "k_response": "You may respond.",
    "k_defend": "You are attacked: defend with another character?",
    "k_ofrenda": "Ofrenda phase: you may return your hand and draw again.",
    "k_choose": "Choose.",
    "k_discard": "You hold more than 7 cards: send one to the Mictlán.",
    "k_battle_repeat": "The field changed: repeat the battle?",
    "auto_ofrenda": "Ofrenda phase (CH-5.3), mandatory: it is made for you. You return your hand ({cards}) and "
                    "draw again.",
    "auto_ofrenda_empty": "Ofrenda phase (CH-5.3), mandatory: it is made for you. Your hand is empty: nothing is "
                          "returned or drawn.",
    "c_elite": "{card}'s Elite: double its strength and resistance?",
    "c_clarividencia": "Clairvoyance: the first card you pick stays on top; later picks go to the bottom.",
    "c_mimica": "Mimicry: choose a character in your Mictlán to confine and copy.",
    "c_zombificar": "Zombify: you may return a soul to your hand and call a character from your Mictlán.",
    "c_cosmo": "Cosmo: you drew {card}; you may call it now.",
    "c_optional": "Use {ability}?",
    "c_select_cost": "To pay the cost of {source}, choose a card ({verb}).",
    "c_select_discard": "Choose a card to discard ({source}).",
    "c_select_add": "Choose a card to add to your hand ({source}).",
    "c_select_special_call": "Choose a character to call ({source}).",
    "c_select_liberar": "Choose a confined character to release ({source}).",
    "v_discard": "discard", "v_isolate": "isolate", "v_confine": "confine", "v_destroy": "destroy",
    "v_return_soul": "return a soul to your hand", "v_sacrifice": "sacrifice", "v_send": "send",
    "v_return": "return",
    "c_trig_target": "Choose the target of {ability}.",
    "c_zone": "Choose the zone to call the character into.",
    "log_header": "What happened:",
    "cards_header": "Cards in view:",
    "actions_header": "Your options:",
    "prompt": "Your choice (1-{n}, ? help): ",
    "bad_input": "I don't understand \"{text}\". Type a number from 1 to {n}, or ? for help.",
    "out_of_range": "There is no option {k}: choose a number from 1 to {n}.",
    "empty_input": "Type the number of an option (1-{n}), or ? for help.",
    "help": (
        "Help:\n"
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
        "F strength · R resistance · ♥ hearts · I impact (hearts it takes in a direct attack)."
    ),
    "help_saved": " (the game stays saved)",
    "window": "Response window ({where}) — {chain}. {options}",
    "window_where": "turn {turn}, {active} plays, {phase} phase",
    "window_empty": "nothing on the chain",
    "window_chain": "on the chain: {links}",
    "window_link": "{player} · {what}",
    "window_passed": "You pass the response window ({chain}; windows: {mode}, w changes it).",
    "windows_ask": "When do you stop at a response window? 1) always  2) only with something on the chain  "
                   "3) never: ",
    "windows_set": "Response windows: {mode}.",
    "wm_always": "always", "wm_chain": "only with a chain", "wm_never": "never",
    "confirm_surrender": "Do you really surrender? (y/n): ",
    "not_surrendering": "You play on.",
    "quit": "You leave the game.",
    "eof": "End of input: game interrupted.",
    "saved": "Game saved to {path}.",
    "illegal": "Not a legal action ({rule}): {message}",
    "result_win": "Result: you win ({p}).",
    "result_loss": "Result: the opponent wins ({p}).",
    "result_draw": "Result: a draw.",
    "welcome": "Choque de Héroes — you ({you}) with \"{deck}\" against {vs} ({opp}) with \"{opp_deck}\".",
    "game_seed": "This CHOQUE's seed: {seed}.",
    "match_seed": "The match's seed: {seed} (tablero play --match --seed {seed} replays its shuffles).",
    "waiting": "The opponent is thinking…",
    "match_game": "— CHOQUE {n} of the match (best of three) —",
    "match_score": "Score: you {a} – opponent {b}.",
    "match_ask_first": "You lost the previous CHOQUE: you choose who starts.",
    "match_first_me": "I start",
    "match_first_opp": "The opponent starts",
    "match_choice": "Your choice (1-2): ",
    "match_opp_starts": "The opponent lost the previous CHOQUE and chooses to start.",
    "match_random": "Who starts is drawn at random.",
    "match_win": "You win the match!",
    "match_loss": "The opponent wins the match.",
    "match_draw": "The match is drawn.",
    "and": "and",
    "r_header": "Replay: {n} actions · {edition} · seed {seed} · A: \"{a}\" ({agent_a}) · B: \"{b}\" ({agent_b})",
    "r_games": "This file holds {n} CHOQUES; showing number {k} (use --game to pick another).",
    "r_step": "Action {i}/{n}: {who} — {what}",
    "r_start": "Start of the game (action 0/{n}).",
    "r_prompt": "[Enter] next · b back · a number: jump to that action · q quit: ",
    "r_end": "End of the replay ({result}).",
    "r_at_end": "You are at the last action.",
    "r_at_start": "You are at the start.",
    "r_bad": "I don't understand \"{text}\": Enter, b, a number from 0 to {n}, or q.",
    "r_no_winner": "unfinished",
    "r_winner": "{w} wins",
    "r_draw": "a draw",
    "r_rules": "Played under rules version {v} (the current rules are version {cur}).",
    "r_rules_current": "Played under rules version {v} (the current rules).",
    "r_options": "Engine options: {options}.",
    "r_note": "Note: {note}",
    "r_end_held": "End of what the current rules replay (action {k} of {total}); the rest of the game does not "
                  "hold under them. Result recorded: {result}.",
}

TEXTS = {"es": _ES, "en": _EN}


def tr(lang: str, key: str, **kw: object) -> str:
    """The text ``key`` in ``lang`` with its fields filled in."""
    table = TEXTS.get(lang, _ES)
    return table[key].format(**kw) if kw else table[key]


def join(items: list[str], lang: str) -> str:
    """``a, b y c`` / ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {tr(lang, 'and')} " + items[-1]


__all__ = ["TEXTS", "CardBook", "join", "keyword_name", "tr"]
