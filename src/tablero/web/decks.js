// The deck builder, for any game of the table: its card pool searchable and filterable by name (and by
// type, value and ability where its cards have them); a deck in the game's sections (GET /api/catalog), each
// card filed in the section the server names, checked against the game's deck rules as it changes (every
// violation with its rule id); save, load, export, import.
import { api } from "./api.js";
import { lang, t } from "./i18n.js";
import { el, gameSelect, games } from "./app.js";

let builderGame = null; // the game whose decks the builder edits, kept while the page lives

/** Words by language ({en: ..., es: ...}) in the table's language, else English, else ``fallback``. */
const inLang = (words, fallback) => (words && (words[lang] || words.en)) || fallback;

/** A card of ``GET /api/cards`` as the builder shows it, in the table's language: its name and text, its type
 *  in words, and its keywords (each its id, to filter by, its name, and its words: the name with its number). */
export function shownCard(c) {
  const said = c[lang] || c.en || {};
  const keywords = c.keyword_words || (c.keywords || []).flatMap((k) => typeof k === "object" && k !== null
    ? Object.entries(k).map(([id, value]) => ({ id, value })) : [{ id: String(k), value: null }]);
  const printed = (k) => (k.value === null || k.value === undefined ? k.id : `${k.id} ${k.value}`);
  return {
    ...c, name: said.name || c.name, text: said.text || c.text || "", typeWords: inLang(c.type_words, c.type),
    keywords: keywords.map((k) => ({ id: k.id, name: inLang(k.name, k.id), words: inLang(k.words, printed(k)) })),
  };
}

/** A deck as a deck file (docs/decks.md). JSON strings are valid YAML scalars, so names need no care. */
export function toYaml(deck, sections) {
  const lines = [`name: ${JSON.stringify(deck.name)}`, `edition: ${deck.edition}`];
  for (const part of sections) {
    const entries = Object.entries(deck[part]).filter(([, n]) => n > 0);
    if (!entries.length) { lines.push(`${part}: {}`); continue; }
    lines.push(`${part}:`);
    for (const [id, n] of entries) lines.push(`  ${id}: ${n}`);
  }
  return lines.join("\n") + "\n";
}

/** Answers come back in any order, so only the newest request of a kind may change the page: a shipped deck
 *  that loads slowly must not replace the file the player imported after choosing it, nor an old verdict the
 *  newer one. ``const current = newest(); ...await...; if (current()) show(it);`` */
function newestOnly() {
  let last = 0;
  return () => { const mine = ++last; return () => mine === last; };
}

/** Read a deck file: JSON, or the YAML subset deck files use (scalars and one level of maps). */
export function fromText(text, sections) {
  const s = text.trim();
  if (s.startsWith("{")) return JSON.parse(s);
  const deck = Object.fromEntries(sections.map((p) => [p, {}]));
  let section = null;
  for (const raw of s.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "");
    if (!line.trim()) continue;
    const m = line.match(/^(\s*)([A-Za-z0-9_]+):\s*(.*)$/);
    if (!m) throw new Error(`not a deck file line: ${raw}`);
    const [, indent, key, value] = m;
    if (indent && section) { deck[section][key] = Number(value); continue; }
    section = null;
    if (sections.includes(key)) {
      if (value && value !== "{}") throw new Error(`${key}: write one card per line`);
      section = key;
    } else deck[key] = value.startsWith('"') ? JSON.parse(value) : value;
  }
  return deck;
}

/** The deck builder's page; ``page`` is the router's (``pageFor`` in app.js): it shows itself through it, so a
 *  builder that loads after the player has gone on shows nothing. */
export async function deckBuilderView(page, showError) {
  const table = await games();
  if (!builderGame || !table.some((g) => g.name === builderGame)) builderGame = table[0].name;
  const game = table.find((g) => g.name === builderGame);
  const sections = game.sections.map((p) => p.name);
  const titles = Object.fromEntries(game.sections.map((p) => [p.name, p.title]));
  const pool = (await api("GET", `/api/cards?game=${encodeURIComponent(game.name)}`)).map(shownCard);
  const byId = Object.fromEntries(pool.map((c) => [c.id, c]));
  const byWords = (a, b) => a[1].localeCompare(b[1], lang);
  const empty = () => Object.fromEntries(sections.map((p) => [p, {}]));
  let deck = { game: game.name, name: t("newDeck"), edition: game.default_edition, ...empty() };
  let checkTimer = null;
  const choice = gameSelect(table, game.name, (g) => { builderGame = g; page.again(); });

  const search = el("input", { id: "card-search", type: "search", placeholder: t("searchCards"), "aria-label": t("searchCards") });
  // a filter for each field the game's cards have (a type, a value, abilities), none for a field they lack
  // each filter's options: the ids it filters by, shown in words (a keyword by its name, whatever its number)
  const types = [...new Map(pool.filter((c) => c.type !== undefined).map((c) => [c.type, c.typeWords]))].sort(byWords);
  const typeSel = el("select", { id: "card-type", "aria-label": t("type"), hidden: !types.length },
    el("option", { value: "" }, t("anyType")),
    types.map(([x, words]) => el("option", { value: x }, words)));
  const values = [...new Set(pool.map((c) => c.value).filter((x) => x !== undefined && x !== null))].sort((a, b) => a - b);
  const valueSel = el("select", { id: "card-value", "aria-label": t("value"), hidden: !values.length },
    el("option", { value: "" }, t("anyValue")),
    values.map((x) => el("option", { value: String(x) }, String(x))));
  const kws = [...new Map(pool.flatMap((c) => c.keywords.map((k) => [k.id, k.name])))].sort(byWords);
  const kwSel = el("select", { id: "card-keyword", "aria-label": t("keyword"), hidden: !kws.length },
    el("option", { value: "" }, t("anyKeyword")),
    kws.map(([x, name]) => el("option", { value: x }, name)));
  const poolList = el("ul", { id: "pool", class: "pool" });
  const nameInput = el("input", { id: "deck-name", value: deck.name, "aria-label": t("deckName") });
  const edition = el("select", { id: "deck-edition", "aria-label": t("edition") },
    game.editions.map((e) => el("option", { value: e }, e)));
  const parts = el("div", { id: "deck-parts" });
  const verdict = el("div", { id: "deck-verdict", role: "status" });
  const loadSel = el("select", { id: "deck-load", "aria-label": t("load") });
  const file = el("input", { id: "deck-import", type: "file", accept: ".yaml,.yml,.json", hidden: true });

  const count = (part) => Object.values(deck[part]).reduce((a, b) => a + b, 0);
  const add = (id, n) => {
    const part = byId[id].section || sections[0];
    const next = (deck[part][id] || 0) + n;
    if (next <= 0) delete deck[part][id]; else deck[part][id] = next;
    drawDeck();
  };

  function drawPool() {
    const q = search.value.trim().toLowerCase();
    const shown = pool.filter((c) => (!q || c.name.toLowerCase().includes(q) || c.text.toLowerCase().includes(q))
      && (!typeSel.value || c.type === typeSel.value) && (!valueSel.value || String(c.value) === valueSel.value)
      && (!kwSel.value || c.keywords.some((k) => k.id === kwSel.value)));
    poolList.replaceChildren(...shown.map((c) => el("li", { "data-card": c.id },
      el("button", { type: "button", class: "add", "aria-label": `+ ${c.name}`, onclick: () => add(c.id, 1) }, "+"),
      el("span", { class: "name" }, c.name), c.typeWords ? ` · ${c.typeWords}` : "",
      c.value === undefined || c.value === null ? "" : ` · ${c.value}`,
      c.keywords.length ? el("span", { class: "keywords" }, ` · ${c.keywords.map((k) => k.words).join(", ")}`) : "",
      c.text ? el("small", {}, c.text) : "")));
  }

  function drawDeck() {
    deck.name = nameInput.value;
    deck.edition = edition.value;
    parts.replaceChildren(...sections.map((part) => el("section", { class: "deck-part", "data-part": part },
      el("h3", {}, `${titles[part]} (${count(part)})`),
      el("ul", {}, Object.entries(deck[part]).map(([id, n]) => el("li", {},
        el("button", { type: "button", "aria-label": `- ${byId[id]?.name || id}`, onclick: () => add(id, -1) }, "−"),
        ` ${n} × ${byId[id]?.name || id} `,
        el("button", { type: "button", "aria-label": `+ ${byId[id]?.name || id}`, onclick: () => add(id, 1) }, "+")))))));
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 150);
  }

  const newestCheck = newestOnly();
  async function check() {
    const current = newestCheck();
    try {
      const r = await api("POST", "/api/decks/check", deck);
      if (!current()) return;
      verdict.className = r.legal ? "legal" : "illegal";
      verdict.replaceChildren(r.legal ? t("legalDeck") : el("ul", {},
        r.violations.map((v) => el("li", {}, `${v.rule}: ${v.message}`))));
    } catch (e) { if (current()) { verdict.className = "illegal"; verdict.textContent = e.message; } }
  }

  async function refreshLoad() {
    const decks = await api("GET", `/api/decks?game=${encodeURIComponent(game.name)}`);
    loadSel.replaceChildren(el("option", { value: "" }, t("load")),
      ...decks.map((d) => el("option", { value: d.id }, `${d.name}${d.owner ? "" : " ★"}`)));
  }

  function setDeck(d) {
    deck = { game: game.name, name: d.name || "?", edition: d.edition || game.default_edition,
             ...Object.fromEntries(sections.map((p) => [p, { ...(d[p] || {}) }])) };
    nameInput.value = deck.name;
    edition.value = deck.edition;
    drawDeck();
  }

  const newestDeck = newestOnly(); // a load and an import both replace the deck: the later choice wins
  loadSel.addEventListener("change", async () => {
    if (!loadSel.value) return;
    const current = newestDeck();
    try {
      const d = await api("GET", `/api/decks/${loadSel.value}`);
      if (current()) setDeck(d);
    } catch (e) { if (current()) showError(e); }
  });
  file.addEventListener("change", async () => {
    const current = newestDeck();
    try {
      const d = fromText(await file.files[0].text(), sections);
      if (current()) setDeck(d);
    } catch (e) { if (current()) showError(e); }
  });
  for (const x of [search, typeSel, valueSel, kwSel]) x.addEventListener("input", drawPool);
  nameInput.addEventListener("input", drawDeck);
  edition.addEventListener("change", drawDeck);

  const save = async () => {
    try {
      const r = await api("POST", "/api/decks", deck);
      verdict.dataset.saved = r.id;
      await refreshLoad();
      const note = el("p", { id: "saved", class: "saved" }, `${t("saved")}: ${r.name} (${r.id})`);
      verdict.after(note);
      setTimeout(() => note.remove(), 5000);
    } catch (e) { showError(e); }
  };
  const exportDeck = () => {
    const a = el("a", { href: URL.createObjectURL(new Blob([toYaml(deck, sections)], { type: "text/yaml" })),
                        download: `${deck.name.replace(/[^A-Za-z0-9_-]+/g, "_") || "deck"}.yaml` });
    a.click();
  };

  if (!page.show(el("h1", { class: "page-title" }, t("deckBuilder")), el("div", { class: "builder" },
    el("section", { class: "card-panel pool-panel" }, el("h2", {}, t("cardPool")),
      el("div", { class: "row" }, search, typeSel, valueSel, kwSel), poolList),
    el("section", { class: "card-panel deck-panel" }, el("h2", {}, t("deck")),
      el("div", { class: "row" }, choice, nameInput, edition),
      el("div", { class: "row" },
        el("button", { type: "button", id: "deck-save", onclick: save }, t("save")), loadSel,
        el("button", { type: "button", id: "deck-export", onclick: exportDeck }, t("export")),
        el("button", { type: "button", id: "deck-import-button", onclick: () => file.click() }, t("import")), file),
      verdict, parts)))) return; // the player has gone on to another page
  await refreshLoad();
  drawPool();
  drawDeck();
}
