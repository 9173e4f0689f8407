// The browser table: a small hash router over the server's API. Plain ES modules, no build step.
import { api, ApiError, gameSocket, setSession, token, username } from "./api.js";
import { lang, languages, setLang, t } from "./i18n.js";
import { renderGame, resetLog } from "./board.js";
import { deckBuilderView } from "./decks.js";
import { hintControl } from "./hint.js";
import { stopsControl } from "./stops.js";

const app = document.getElementById("app");
const pools = {}; // game -> {id -> card} (GET /api/cards?game=), each loaded once per session
let cards = null; // the pool of the game on the page
let catalog = null; // the games this table plays (GET /api/catalog), loaded once
let cleanup = null; // how the page on screen stops (its timers, its socket) when the player leaves it
let visit = 0; // how many routes have been taken: the last is the page the player asked for
const LOBBY_REFRESH_MS = 3000;
const RECONNECT_MS = 500; // the first wait before a dropped game socket is opened again; doubled up to:
const RECONNECT_MAX_MS = 8000;

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, val] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), val);
    else if (val === true) e.setAttribute(k, "");
    else if (val !== false && val !== null && val !== undefined) e.setAttribute(k, val);
  }
  for (const c of children.flat()) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

/** The games of the table, the default one first. */
export async function games() {
  if (!catalog) {
    const all = await api("GET", "/api/catalog");
    catalog = [...all.filter((g) => g.default), ...all.filter((g) => !g.default)];
  }
  return catalog;
}

/** Load a game's card pool (once) and make it the one ``cardInfo`` reads. */
export async function usePool(game) {
  if (!pools[game]) {
    const pool = {};
    for (const c of await api("GET", `/api/cards?game=${encodeURIComponent(game)}`)) pool[c.id] = c;
    pools[game] = pool;
  }
  cards = pools[game];
  return cards;
}

/** A game's own widget modules (its catalogue entry's ``widgets``), loaded once. */
const widgetModules = {};
export async function widgetsOf(game) {
  if (!widgetModules[game]) {
    const entry = (await games()).find((g) => g.name === game);
    widgetModules[game] = await Promise.all(((entry && entry.widgets) || []).map((url) => import(url)));
  }
  return widgetModules[game];
}

/** A select of the table's games (hidden when it plays only one), telling ``onchange`` the game chosen. */
export function gameSelect(list, chosen, onchange) {
  const sel = el("select", { id: "game-choice", "aria-label": t("game"), hidden: list.length < 2 },
    list.map((g) => el("option", { value: g.name, selected: g.name === chosen }, g.title)));
  sel.addEventListener("change", () => onchange(sel.value));
  return sel;
}

/** A card of the pool as shown to the player: name and text in their language (null before the pool is
 *  loaded, or for an id it does not hold). */
export function cardInfo(id) {
  const c = cards && cards[id];
  if (!c) return null;
  const said = c[lang] || c.en || {}; // the chosen language, else English, else the card's own
  return { ...c, name: said.name || c.name, text: said.text || c.text, flavor: said.flavor || c.flavor };
}

/** ``text`` with its ``{field}``s filled from ``fields`` (a browser word with a number or a name in it). */
export function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (whole, k) => (fields[k] === undefined ? whole : String(fields[k])));
}

function showError(e) {
  const box = el("p", { class: "error", role: "alert" },
    `${t("error")}: ${e.message}` + (e.rule ? ` (${e.rule})` : ""));
  app.prepend(box);
  setTimeout(() => box.remove(), 6000);
}

/** What a page may do to the screen, only while it is still the route the player is on: show itself, and say
 *  how it stops when left. Answers come back in any order: a page that finishes loading after the player has
 *  gone on must not replace the page asked for after it, nor leave its timers or socket running. */
function pageFor(mine) {
  const current = () => mine === visit;
  return {
    current,
    show: (...children) => { if (current()) app.replaceChildren(...children); return current(); },
    onLeave: (stop) => { if (current()) cleanup = stop; else stop(); },
    again: () => { if (current()) route(); },
  };
}

function header() {
  document.getElementById("who").textContent = username || "";
  const out = document.getElementById("logout");
  out.hidden = !token;
  out.textContent = t("logout");
  const pick = document.getElementById("lang");
  pick.replaceChildren(...languages.map((l) => el("option", { value: l, selected: l === lang }, l.toUpperCase())));
}

function loginView() {
  const user = el("input", { id: "username", name: "username", autocomplete: "username", required: true,
                             minlength: 3, maxlength: 32 });
  const pass = el("input", { id: "password", name: "password", type: "password", required: true, minlength: 8,
                             autocomplete: "current-password" });
  async function go(register) {
    try {
      if (register) await api("POST", "/api/accounts", { username: user.value, password: pass.value });
      const r = await api("POST", "/api/token", { username: user.value, password: pass.value });
      setSession(r.token, user.value.toLowerCase());
      location.hash = "#/lobby";
    } catch (e) { showError(e); }
  }
  const form = el("form", { class: "card-panel", onsubmit: (ev) => { ev.preventDefault(); go(false); } },
    el("h1", {}, "Tablero"),
    el("label", { for: "username" }, t("username")), user,
    el("label", { for: "password" }, t("password")), pass,
    el("div", { class: "row" },
      el("button", { type: "submit", id: "login" }, t("login")),
      el("button", { type: "button", id: "register", onclick: () => go(true) }, t("register"))));
  app.replaceChildren(form);
}

let lobbyGame = null; // the game the lobby plays, kept while the page lives

async function lobbyView(page) {
  const table = await games();
  if (!lobbyGame || !table.some((g) => g.name === lobbyGame)) lobbyGame = table[0].name;
  const game = lobbyGame;
  const titles = Object.fromEntries(table.map((g) => [g.name, g.title]));
  const [decks, games_] = await Promise.all([api("GET", `/api/decks?game=${encodeURIComponent(game)}`),
                                             api("GET", "/api/games")]);
  const choice = gameSelect(table, game, (g) => { lobbyGame = g; route(); });
  const mine = el("select", { class: "deck", id: "my-deck" },
    decks.map((d) => el("option", { value: d.id }, `${d.name}${d.owner ? "" : " ★"}`)));
  const ai = el("select", { id: "ai" }, ["ai:random", "ai:greedy", "ai:mcts"].map((a) => el("option", { value: a }, a)));
  // an optional seed replays the same shuffles and the same first player (designers reproducing a game);
  // only against the computer: a challenge's seed is the server's to draw (it would give every hand)
  const seed = el("input", { id: "seed", type: "number", min: "0", step: "1", inputmode: "numeric",
    placeholder: t("seedHint") });
  async function start(opponent) {
    try {
      const body = { game, deck: mine.value, opponent };
      if (opponent !== "open" && seed.value.trim() !== "") {
        body.seed = seed.value.trim();  // as text: exact beyond 2^53, checked by the server
      }
      const g = await api("POST", "/api/games", body);
      location.hash = `#/game/${g.id}`;
    } catch (e) { showError(e); }
  }
  const rows = (list) => list.map((g) => gameRow(g, table.length > 1 ? titles[g.game] || g.game : null, {
    join: g.status === "open" && g.seat === null && g.game === game, // a challenge of the game the lobby plays
    onjoin: async () => {
      try { await api("POST", `/api/games/${g.id}/join`, { deck: mine.value }); location.hash = `#/game/${g.id}`; }
      catch (e) { showError(e); } },
    onwithdraw: async () => { try { await api("DELETE", `/api/games/${g.id}`); route(); } catch (e) { showError(e); } },
  }));
  const list = el("ul", { id: "games", class: "games", "aria-live": "polite" }, rows(games_));
  // the lobby stays live: new challenges, accepted ones and finished games appear without a reload
  let shown = JSON.stringify(games_);
  const refresh = setInterval(async () => {
    if (!list.isConnected) { clearInterval(refresh); return; } // left the lobby while it was loading
    if (document.visibilityState === "hidden") return;
    try {
      const now = await api("GET", "/api/games");
      const text = JSON.stringify(now);
      if (text !== shown) { shown = text; list.replaceChildren(...rows(now)); }
    } catch { /* a dropped connection: the next tick tries again */ }
  }, LOBBY_REFRESH_MS);
  page.onLeave(() => clearInterval(refresh));
  page.show(el("h1", { class: "page-title" }, t("lobby")),
    el("section", { class: "card-panel" },
      el("h2", {}, t("playComputer")), choice,
      el("label", { for: "my-deck" }, t("deck")), mine,
      el("label", { for: "ai" }, t("opponent")), ai,
      el("label", { for: "seed" }, t("seed")), seed,
      el("div", { class: "row" },
        el("button", { id: "start", onclick: () => start(ai.value) }, t("start")),
        el("button", { id: "challenge", onclick: () => start("open") }, t("challenge")),
        el("a", { id: "to-decks", href: "#/decks" }, t("decks")))),
    el("section", { class: "card-panel" }, el("h2", {}, t("yourGames")), list));
}

/** One game of the lobby's list: what it is (its players, where it stands, who won, by name) and, apart from
 *  it and from each other, what can be done with it, each named with the game it acts on. */
function gameRow(g, title, { join, onjoin, onwithdraw }) {
  const status = t(g.status === "open" ? "openStatus" : g.status);
  const result = !g.winner ? ""
    : g.winner === "draw" ? ` · ${t("drawResult")}` : ` · ${t("winner")}: ${g.players[g.winner] || g.winner}`;
  const links = [
    join ? el("button", { type: "button", class: "join", "aria-label": fill(t("joinGame"), { id: g.id }), onclick: onjoin }, t("join"))
      : el("a", { href: `#/game/${g.id}`, class: "open-game", "aria-label": fill(t("openGame"), { id: g.id }) }, t("open")),
    g.status === "over" ? el("a", { href: `#/replay/${g.id}`, class: "replay",
                                    "aria-label": fill(t("replayOf"), { id: g.id }) }, t("replay")) : null,
    g.status === "open" && g.seat === "A" // your own challenge, before anyone accepts it
      ? el("button", { type: "button", class: "withdraw", "aria-label": fill(t("withdrawGame"), { id: g.id }),
                       onclick: onwithdraw }, t("withdraw")) : null,
  ].filter(Boolean);
  return el("li", { "data-game": g.game, "data-id": g.id },
    el("span", { class: "game-summary" },
      `#${g.id} · ${title ? `${title} · ` : ""}${g.players.A || "?"} – ${g.players.B || "?"} · ${status}${result}`),
    " ", el("span", { class: "game-links" }, links.flatMap((x, i) => (i ? [" ", x] : [x]))));
}

async function gameView(page, id) {
  let me = null;
  let widgets = [];
  const root = el("section", { id: "game", "data-game": id });
  // shown while the socket is down (the server restarting, the network gone): the page reconnects by itself
  const offline = el("p", { id: "connection", class: "connection", role: "status", hidden: true }, t("reconnecting"));
  if (!page.show(offline, root)) return;
  resetLog();
  let drawn = null; // the envelope on the board: a late older one, or the same one again (the socket's
  // first push repeats what the page just fetched, and an action's reply is also pushed), must not redraw
  // the board under the player's hands
  const draw = (env) => {
    const text = JSON.stringify(env);
    if (drawn && (env.seq < drawn.seq || text === drawn.text)) return;
    drawn = { seq: env.seq, text };
    if (env.board && env.board.viewer) me = env.board.viewer;
    renderGame(root, env, { me, card: cardInfo, act, widgets, tools,
                            concede: (action) => confirm(t("confirmSurrender")) && act(action) });
  };
  // the right-hand column's tools: the hint (its places lit on the board) and the stops
  const lightHint = (hint) => {
    // a hint answers the decision it was asked at: one that comes back after the player moved on lights nothing
    if (!drawn || hint.seq !== drawn.seq) return;
    for (const ref of [hint.source, ...(hint.targets || [])].filter(Boolean)) {
      root.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`).forEach((n) => n.classList.add("hinted"));
    }
  };
  const tools = [
    (box, env) => box.append(hintControl({ env, gameId: id, api, lang, t, onHint: lightHint })),
    (box, env) => box.append(stopsControl({ env, gameId: id, api, t, lang, onChange: draw })),
  ];
  const board = `board=${encodeURIComponent(lang)}`; // the board comes drawn in the table's language
  // the reply is the envelope after the action: drawn at once, also while the socket is reconnecting
  const act = async (action) => {
    // with the seq it answers: a double click or a retry is refused (409) instead of taken twice
    const sent = drawn ? drawn.seq : undefined;
    try { draw(await api("POST", `/api/games/${id}/actions?${board}`, { action, seq: sent })); } catch (e) {
      if (e instanceof ApiError && e.status === 401) { setSession(null, null); route(); return; } // the login expired
      // a 409 may mean the board is behind the game (a double click's second copy, a move made meanwhile):
      // it is redrawn from the server, and only a refusal that is not such a stale copy is told the player
      if (!(e instanceof ApiError && e.status === 409)) { showError(e); return; }
      const now = await api("GET", `/api/games/${id}?${board}`);
      if (sent === undefined || now.seq === sent) showError(e);
      draw(now);
    }
  };
  const first = await api("GET", `/api/games/${id}?${board}`);
  const game = first.game || (await games())[0].name;
  await usePool(game);
  widgets = await widgetsOf(game);
  if (!page.current()) return; // left while it loaded: no board, no socket
  draw(first);
  let ws = null;
  let left = false;
  let retry = RECONNECT_MS;
  const connect = () => {
    // data-socket says whether the game's socket is open (its first push came) or closed: for styles and tests
    ws = gameSocket(id, (env) => { offline.hidden = true; retry = RECONNECT_MS; root.dataset.socket = "open"; draw(env); }, (ev) => {
      root.dataset.socket = "closed";
      if (left) return;
      if (ev.code === 4401) { setSession(null, null); route(); return; } // the login expired or was revoked
      if (ev.code === 4404) { showError(new Error(`${t("noGame")} ${id}`)); return; }
      offline.hidden = false;
      setTimeout(() => { if (!left) connect(); }, retry);
      retry = Math.min(retry * 2, RECONNECT_MAX_MS);
    });
  };
  connect();
  page.onLeave(() => { left = true; ws.close(); });
}

async function replayView(page, id) {
  let want = 0; // the step last asked for (clicks can come faster than the answers)
  let steps = 0;
  let me = null;
  const board = el("section", { id: "game" });
  const go = async (to) => {
    try {
      want = Math.max(0, steps ? Math.min(to, steps) : to);
      const asked = want;
      const env = await api("GET", `/api/games/${id}/replay/${asked}?board=${encodeURIComponent(lang)}`);
      if (asked !== want) return; // a later click has asked for another step
      steps = env.steps;
      if (env.board && env.board.viewer) me = env.board.viewer;
      await usePool(env.game);
      const widgets = await widgetsOf(env.game);
      renderGame(board, env, { me, card: cardInfo, act: () => {}, concede: () => {}, replay: true, widgets });
      counter.value = `${env.seq} / ${steps}`;
      controls.dataset.step = env.seq;
      controls.dataset.steps = steps;
    } catch (e) { showError(e); }
  };
  // the step is shown once, in the board's status line; this holds it for scripts (not shown, not read out)
  const counter = el("output", { id: "step", hidden: true }, "");
  const controls = el("div", { class: "row replay-controls", id: "replay-controls", role: "toolbar",
                               "aria-label": t("replayControls") },
    el("button", { type: "button", id: "replay-first", onclick: () => go(0) }, `« ${t("first")}`),
    el("button", { type: "button", id: "replay-prev", onclick: () => go(want - 1) }, `◀ ${t("prev")}`),
    el("button", { type: "button", id: "replay-next", onclick: () => go(want + 1) }, `${t("next")} ▶`),
    el("button", { type: "button", id: "replay-last", onclick: () => go(steps) }, `${t("last")} »`), counter);
  if (!page.show(el("h1", { class: "page-title" }, fill(t("replayOf"), { id })), controls, board)) return;
  const keys = (ev) => {
    if (ev.key === "ArrowRight") go(want + 1);
    if (ev.key === "ArrowLeft") go(want - 1);
  };
  document.addEventListener("keydown", keys);
  page.onLeave(() => document.removeEventListener("keydown", keys));
  await go(0);
}

async function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  header();
  const [, where, id] = (location.hash || "#/lobby").split("/");
  const page = pageFor(++visit);
  try {
    if (!token) return loginView();
    if (where === "game" && id) return await gameView(page, Number(id));
    if (where === "replay" && id) return await replayView(page, Number(id));
    if (where === "decks") return await deckBuilderView(page, showError);
    return await lobbyView(page);
  } catch (e) {
    if (!page.current()) return; // a page the player has left: its failure is not theirs to read
    if (e instanceof ApiError && e.status === 401) { setSession(null, null); return route(); }
    showError(e);
  }
}

document.getElementById("lang").addEventListener("change", async (e) => { await setLang(e.target.value); route(); });
document.getElementById("logout").addEventListener("click", async () => {
  try { await api("DELETE", "/api/token"); } catch { /* already gone */ }
  setSession(null, null);
  location.hash = "#/lobby";
  route();
});
window.addEventListener("hashchange", route);
await setLang(lang);
route();
