// Text shown to players. The browser holds only the English of its words; the words of the chosen language
// come from the server (GET /api/words/<lang>, the table's catalogue tablero/locales/<lang>.po), so adding a
// language is adding its catalogue. N_ marks a message for the catalogue, C_ one with a context (gettext's
// msgctxt, joined to the text by \u0004 as gettext does) where the same English says two things.
const N_ = (text) => text;
const C_ = (context, text) => `${context}\u0004${text}`;

const EN = {
  login: N_("Log in"), register: N_("Create account"), username: N_("Username"), password: N_("Password"),
  logout: N_("Log out"), lobby: N_("Lobby"), playComputer: N_("Play the computer"), opponent: N_("Opponent"),
  deck: N_("Deck"), seed: N_("Seed (optional, against the computer only)"), seedHint: N_("random"),
  start: N_("Start"), yourGames: N_("Your games"), openChallenges: N_("Open challenges"),
  challenge: N_("Open a challenge"), join: N_("Accept"), open: N_("Open"), replay: N_("Replay"),
  yourMove: N_("Your move: choose"), waiting: N_("Waiting for the opponent…"),
  secretWait: N_("The opponent is choosing in secret…"), faceDown: N_("face down"),
  reconnecting: N_("No connection to the server: reconnecting…"), noGame: N_("No such game:"),
  surrender: N_("Surrender"), won: N_("You won!"), lost: N_("You lost."), draw: N_("Draw."),
  actions: N_("Actions"), log: N_("Log"), game: N_("Game"),
  turn: N_("Turn"), you: N_("You"), rival: N_("Opponent"), pickTarget: N_("Choose where"),
  cancel: N_("Cancel"), status: N_("Status"), playing: N_("playing"), over: N_("over"), openStatus: N_("open"),
  canceled: N_("canceled"), withdraw: N_("Withdraw the challenge"), back: N_("Back"),
  confirmSurrender: N_("Surrender this game?"), error: N_("Error"), decks: N_("Decks"), cardPool: N_("Cards"),
  searchCards: N_("Search cards"), type: N_("Type"), value: N_("Value"), keyword: N_("Ability"),
  anyType: N_("Any type"), anyValue: N_("Any value"), anyKeyword: N_("Any ability"), deckName: N_("Deck name"),
  edition: N_("Edition"), save: N_("Save"), load: N_("Load…"), export: N_("Export"), import: N_("Import"),
  legalDeck: N_("Legal deck ✓"), saved: N_("Saved"), newDeck: N_("My deck"),
  step: N_("step"), first: C_("replay", "Start"), prev: C_("replay", "Back"),
  next: C_("replay", "Forward"), last: C_("replay", "End"), cardDetail: N_("Card"),
  detailHint: N_("Hover or focus a card to read it."), rulesVersion: N_("rules version"),
  rulesCurrent: N_("current:"), rulesNote: N_("Note:"),
  heldStatus: N_("Stopped: the current rules cannot continue it"),
  winner: N_("winner"), drawResult: N_("a draw"), openGame: N_("Open game #{id}"),
  replayOf: N_("Replay of game #{id}"), joinGame: N_("Accept the challenge #{id}"),
  withdrawGame: N_("Withdraw the challenge #{id}"), replayControls: N_("Replay controls"),
  deckBuilder: N_("Deck builder"),
  // the hint and the stops (hint.js, stops.js)
  hint: N_("What would the computer do?"), hintThinking: N_("The computer is thinking…"),
  hintResult: N_("The computer would: {action} (chance to win: {chance}%)"), hintsLeft: N_("hints left: {n}"),
  opponentHints: N_("Hints the opponent asked for: {n}"), stops: N_("Stop at response windows"),
  stopsAlways: N_("always"), stopsChain: N_("only with a chain"), stopsNever: N_("never"),
};

let words = {}; // the chosen language's words: English (with its context) -> words
export let languages = ["es", "en"];
export let lang = localStorage.getItem("lang") || "es";

/** Choose the table's language and fetch its words (English needs none; a language the server does not
 *  have falls back to English, and the list of languages comes with the words). */
export async function setLang(l) {
  try {
    const r = await fetch(`/api/words/${encodeURIComponent(l)}`);
    if (r.ok) {
      const body = await r.json();
      words = body.words;
      languages = body.languages;
    } else {
      words = {};
      if (l !== "en") return setLang("en");
    }
  } catch {
    words = {};
  }
  lang = l;
  localStorage.setItem("lang", l);
  document.documentElement.lang = l;
}

/** The language after the current one, for the header's language button. */
export function t(key) {
  const en = EN[key];
  if (en === undefined) return key;
  return words[en] || en.slice(en.indexOf("\u0004") + 1);
}
