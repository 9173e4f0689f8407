// Text shown to players: Spanish by default, English on request (the choice is remembered).
const STRINGS = {
  es: {
    login: "Entrar", register: "Crear cuenta", username: "Usuario", password: "Contraseña",
    logout: "Salir", lobby: "Sala", playComputer: "Jugar contra la computadora", opponent: "Rival",
    deck: "Baraja", seed: "Semilla (opcional, solo contra la computadora)", seedHint: "al azar", start: "Empezar", yourGames: "Tus partidas", openChallenges: "Retos abiertos",
    challenge: "Crear un reto", join: "Aceptar", open: "Abrir", replay: "Repetición",
    yourMove: "Tu turno: elige", waiting: "Esperando al rival…", reconnecting: "Sin conexión con el servidor: reconectando…", noGame: "No existe la partida", surrender: "Rendirse",
    won: "¡Ganaste!", lost: "Perdiste.", draw: "Empate.", hearts: "Corazones", hand: "Mano",
    deckCount: "Baraja", souls: "Almas", soulTotal: "Total de almas", mictlan: "Mictlán", supportDeck: "Apoyos y amalgamas",
    confined: "Confinadas", actions: "Acciones", log: "Registro", turn: "Turno", phase: "Fase",
    you: "Tú", rival: "Rival", pickTarget: "Elige dónde", cancel: "Cancelar", status: "Estado",
    playing: "en juego", over: "terminada", openStatus: "abierta", canceled: "cancelado", withdraw: "Retirar el reto", back: "Volver",
    confirmSurrender: "¿Rendirte en esta partida?", error: "Error",
    decks: "Barajas", cardPool: "Cartas", searchCards: "Buscar cartas", type: "Tipo", value: "Valor",
    keyword: "Habilidad", anyType: "Todo tipo", anyValue: "Todo valor", anyKeyword: "Toda habilidad",
    deckName: "Nombre de la baraja", edition: "Edición", save: "Guardar", load: "Cargar…", export: "Exportar",
    import: "Importar", main: "Principal", souls_part: "Almas", support: "Apoyo", legalDeck: "Baraja legal ✓",
    saved: "Guardada",
    chain: "Cadena (la última resuelve primero)", battle: "Batalla", theHearts: "los corazones",
    step: "paso", first: "Inicio", prev: "Anterior", next: "Siguiente", last: "Final",
    strengthShort: "F", resistanceShort: "R", statsTitle: "Fuerza · Resistencia · Corazones",
    phase_start: "inicio", phase_ofrenda: "ofrenda", phase_soul_draw: "robo de alma", phase_turn_draw: "robo",
    phase_action: "acción", phase_combat: "combate", phase_end: "final",
    type_personaje: "Personaje", type_alma: "Alma", type_apoyo: "Apoyo", type_sector: "Sector", type_arena: "Arena",
    type_amalgama: "Amalgama", valueShort: "valor", cardDetail: "Carta", detailHint: "Pasa o enfoca una carta para leerla.",
    rulesVersion: "reglas versión", rulesCurrent: "las actuales:", rulesNote: "Aviso (en inglés):",
    heldStatus: "Detenida: las reglas actuales no pueden continuarla",
  },
  en: {
    login: "Log in", register: "Create account", username: "Username", password: "Password",
    logout: "Log out", lobby: "Lobby", playComputer: "Play the computer", opponent: "Opponent",
    deck: "Deck", seed: "Seed (optional, against the computer only)", seedHint: "random", start: "Start", yourGames: "Your games", openChallenges: "Open challenges",
    challenge: "Open a challenge", join: "Accept", open: "Open", replay: "Replay",
    yourMove: "Your move: choose", waiting: "Waiting for the opponent…", reconnecting: "No connection to the server: reconnecting…", noGame: "No such game:", surrender: "Surrender",
    won: "You won!", lost: "You lost.", draw: "Draw.", hearts: "Hearts", hand: "Hand",
    deckCount: "Deck", souls: "Souls", soulTotal: "Soul total", mictlan: "Mictlán", supportDeck: "Support deck",
    confined: "Confined", actions: "Actions", log: "Log", turn: "Turn", phase: "Phase",
    you: "You", rival: "Opponent", pickTarget: "Choose where", cancel: "Cancel", status: "Status",
    playing: "playing", over: "over", openStatus: "open", canceled: "canceled", withdraw: "Withdraw the challenge", back: "Back",
    confirmSurrender: "Surrender this game?", error: "Error",
    decks: "Decks", cardPool: "Cards", searchCards: "Search cards", type: "Type", value: "Value",
    keyword: "Ability", anyType: "Any type", anyValue: "Any value", anyKeyword: "Any ability",
    deckName: "Deck name", edition: "Edition", save: "Save", load: "Load…", export: "Export",
    import: "Import", main: "Main", souls_part: "Souls", support: "Support", legalDeck: "Legal deck ✓",
    saved: "Saved",
    chain: "Chain (the last link resolves first)", battle: "Battle", theHearts: "the hearts",
    step: "step", first: "Start", prev: "Back", next: "Forward", last: "End",
    strengthShort: "S", resistanceShort: "R", statsTitle: "Strength · Resistance · Hearts",
    phase_start: "start", phase_ofrenda: "offering", phase_soul_draw: "soul draw", phase_turn_draw: "draw",
    phase_action: "action", phase_combat: "combat", phase_end: "end",
    type_personaje: "Character", type_alma: "Soul", type_apoyo: "Support", type_sector: "Sector", type_arena: "Arena",
    type_amalgama: "Amalgam", valueShort: "value", cardDetail: "Card", detailHint: "Hover or focus a card to read it.",
    rulesVersion: "rules version", rulesCurrent: "current:", rulesNote: "Note:",
    heldStatus: "Stopped: the current rules cannot continue it",
  },
};

export let lang = localStorage.getItem("lang") || "es";

export function setLang(l) {
  lang = l;
  localStorage.setItem("lang", l);
  document.documentElement.lang = l;
}

export function t(key) {
  return (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.es[key] || key;
}
