// Any game's board, drawn from the one board schema the server sends (`env.board`, core/board.py): sides
// with counters and regions (slots, rows, piles, stacks) of card faces, the shared regions, the table's
// status lines. The board comes in the player's words; this holds no word of any game. A player acts by
// choosing a place that starts an action (a card in hand, a zone) and then one of the places that light up;
// every legal action is also listed as a button, so the whole game can be played from the keyboard. Where an
// action starts and goes comes with its label (`source`, `targets`): only what legal_actions offers can be
// chosen.
import { describeGroup } from "./actions.js";
import { lang, t } from "./i18n.js";
import { el } from "./app.js";

const GROUP_MIN = 3; // a place that starts this many actions or more is listed once, as a group
let selected = null; // the chosen source ref, kept across redraws of one decision
let picked = []; // the targets chosen so far after it (an action with several targets takes them in order)
let lastSeq = -1;
let logEvents = []; // what happened since this page opened the game, from each envelope's events

let detail = null; // the card last pointed at or focused: its full text stays in the panel across redraws

export function resetLog() { logEvents = []; lastSeq = -1; detail = null; }

/** A face's numbers as one line: "F2 R1/3 ♥1", "ATK 3 Health 1/2" (a one-letter label sticks). */
function numbers(list) {
  return (list || []).map((n) => {
    const v = n.base !== undefined && n.base !== null ? `${n.value}/${n.base}` : `${n.value}`;
    return n.label.length === 1 ? `${n.label}${v}` : `${n.label} ${v}`;
  }).join(" ");
}

/** What is inside a place or a card: name, kind, numbers, tags, tokens and the cards under it. */
function faceBody(f) {
  if (f.face_down) return [el("span", { class: "name face-down" }, t("faceDown"))];
  const body = [el("span", { class: "name" }, f.owner ? `${f.name} (${f.owner})` : f.name)];
  if (f.kind) body.push(el("span", { class: "meta" }, f.cost !== undefined ? `${f.kind} · ${f.cost}` : f.kind));
  if (f.numbers) body.push(el("span", { class: "stats" }, numbers(f.numbers)));
  for (const tag of f.tags || []) body.push(el("span", { class: "tag" }, tag));
  for (const tok of f.tokens || []) body.push(el("span", { class: "token" }, `${tok.name} ${tok.count ?? 1}`));
  for (const a of f.attachments || []) {
    body.push(el("span", { class: "under", tabindex: "0", "data-card": a.card || null }, `↳ ${a.name || t("faceDown")}`));
  }
  return body;
}

/** One card that can be clicked (a hand card, a card in a pile its owner picks from). */
function faceButton(f, extra = "") {
  return el("button", { type: "button", class: `zone card ${f.exhausted ? "exhausted" : ""} ${extra}`,
                        "data-ref": f.ref || null, "data-card": f.card || null }, ...faceBody(f));
}

/** A fixed place: its label and its card, or empty. */
function slotCell(s) {
  const f = s.face;
  const body = f ? faceBody(f) : [];
  for (const tok of s.tokens || []) body.push(el("span", { class: "token" }, `${tok.name} ${tok.count ?? 1}`));
  const name = f && !f.face_down ? f.name : "";
  return el("button", { type: "button", class: `zone slot ${f ? "full" : "empty"} ${f && f.exhausted ? "exhausted" : ""}`,
                        "data-ref": s.ref || null, "data-card": f && f.card ? f.card : null,
                        "aria-label": `${s.ref || s.label || ""}${name ? ": " + name : ""}` },
    s.label ? el("span", { class: "zone-id" }, s.label) : "", ...body);
}

/** Each face once, with its copies: [[face, count], ...] in first-seen order (a pile of same cards). */
function countOf(faces) {
  const m = new Map();
  for (const f of faces) {
    const key = f.ref || f.card || f.name;
    const seen = m.get(key);
    m.set(key, seen ? [seen[0], seen[1] + 1] : [f, 1]);
  }
  return [...m.values()];
}

const countWords = (r) => `${r.label}: ${r.count ?? (r.faces || []).length}`;

/** A pile seen from the top: its count, and the cards the viewer may see in a list that opens (the ones an
 *  action starts from as buttons). */
function pile(r) {
  const faces = r.faces || [];
  const n = r.count ?? faces.length;
  if (r.hidden) return el("span", { class: "pile", "data-region": r.id }, countWords(r));
  const acting = faces.some((f) => f.ref);
  const list = acting
    ? el("div", {}, countOf(faces).map(([f, k]) => faceButton({ ...f, name: k > 1 ? `${f.name} ×${k}` : f.name }, "in-pile")))
    : el("ul", {}, faces.map((f) => el("li", { tabindex: "0", "data-card": f.card || null }, f.name || t("faceDown"))));
  return el("details", { class: "pile", "data-region": r.id }, el("summary", {}, `${r.label} (${n})`), list);
}

function region(r) {
  if (r.kind === "pile") return pile(r);
  if (r.kind === "stack") return stack(r);
  const label = el("span", { class: "region-label" }, r.label,
    r.counters ? ` (${r.counters.map((n) => numbers([n])).join(", ")})` : "");
  if (r.kind === "slots") {
    const cells = el("div", { class: "cells" }, r.slots.map(slotCell));
    cells.style.setProperty("--slots", String(r.slots.length)); // through the CSSOM: the policy forbids style=""
    return el("div", { class: "region slots", "data-region": r.id }, label, cells);
  }
  if (r.hidden) return el("span", { class: "pile", "data-region": r.id }, countWords(r));
  return el("div", { class: "region row", "data-region": r.id, "aria-label": r.label }, label,
    el("div", { class: "cells" }, (r.faces || []).map((f) => faceButton(f))));
}

/** Links in the order they were put on (the last resolves first). */
function stack(r) {
  return el("div", { class: "stack", id: `region-${r.id}`, role: "status" }, el("strong", {}, `${r.label}: `),
    el("ol", {}, (r.faces || []).map((f) => el("li", { "data-card": f.card || null },
      f.owner ? `${f.owner}: ${f.name}` : f.name))));
}

/** Whose side this is: "Tú · ana" below, "Rival · ai:greedy" above (a spectator sees the seats). */
function owner(side, who, watching) {
  const role = watching ? side.label : side.you ? t("you") : t("rival");
  return el("strong", { class: "owner", "data-seat": side.seat }, who ? `${role} · ${who}` : role);
}

function counter(n) {
  const text = `${n.label}: ${n.base !== undefined && n.base !== null ? `${n.value}/${n.base}` : n.value}`;
  return n.ref ? el("button", { type: "button", class: "zone counter", "data-ref": n.ref }, text)
    : el("span", { class: "counter" }, text);
}

function field(side, who, watching) {
  const piles = side.regions.filter((r) => r.kind === "pile" || r.hidden);
  const laid = side.regions.filter((r) => !(r.kind === "pile" || r.hidden));
  const info = el("div", { class: "info" }, owner(side, who, watching), side.subtitle ? el("span", {}, side.subtitle) : "",
    ...(side.counters || []).map(counter), ...piles.map(region));
  const notes = (side.notes || []).map((n) => el("p", { class: "note" }, n));
  return el("div", { class: `field ${side.you ? "mine" : "theirs"}`, "data-seat": side.seat },
    info, el("div", { class: "regions" }, laid.map(region)), ...notes);
}

/** The card's whole text: its face on the board (kind, numbers) and the pool's words (text, flavour). */
function fillDetail(panel, card, faces) {
  const f = detail ? faces.get(detail) : null;
  const c = detail ? card(detail) : null;
  if (!f && !c) {
    panel.replaceChildren(el("h3", {}, t("cardDetail")), el("p", { class: "hint" }, t("detailHint")));
    return;
  }
  const meta = f ? [f.kind, numbers(f.numbers), ...(f.tags || [])].filter(Boolean).join(" · ") : "";
  panel.replaceChildren(el("h3", { class: "name" }, (c && c.name) || (f && f.name) || detail),
    el("p", { class: "meta" }, meta), el("p", { class: "text" }, (c && c.text) || (f && f.text) || ""),
    c && c.flavor ? el("p", { class: "flavor" }, c.flavor) : "");
}

function allFaces(board) {
  const out = new Map();
  const walk = (f) => { if (f.card && !out.has(f.card)) out.set(f.card, f); (f.attachments || []).forEach(walk); };
  for (const r of [...board.sides.flatMap((s) => s.regions), ...(board.center || [])]) {
    (r.slots || []).forEach((s) => s.face && walk(s.face));
    (r.faces || []).forEach(walk);
  }
  return out;
}

function statusText(env, board, me, mine, replay) {
  const held = !replay && env.rules && env.rules.note && !env.pending; // stopped: see the note below
  if (env.winner) return env.winner === "draw" ? t("draw") : env.winner === me ? t("won") : t("lost");
  if (held) return t("heldStatus");
  if (replay) return `${t("replay")} · ${t("step")} ${env.seq} / ${env.steps}`;
  return mine ? t("yourMove") : (board.prompt && board.prompt.secret ? t("secretWait") : t("waiting"));
}

/** A game's own widgets (GamePlugin.widgets) draw what the schema cannot say, after the board; one that
 *  fails is logged and leaves the board as drawn. */
function drawWidgets(root, board, env, widgets) {
  for (const w of widgets) {
    try { w.draw(root, board, env); } catch (e) { console.error("a game widget failed:", e); }
  }
}

export function renderGame(root, env, { me, card = () => null, act, concede, replay = false, widgets = [] }) {
  if (replay) logEvents = env.events || [];
  else if (env.seq !== lastSeq) {
    selected = null;
    picked = [];
    if (env.seq > lastSeq) logEvents.push(...(env.events || []));
    lastSeq = env.seq;
    logEvents = logEvents.slice(-200);
  }
  const board = env.board;
  if (!board) {
    root.replaceChildren(el("p", { class: "status" }, t("waiting")));
    return;
  }
  const legal = env.legal_actions || [];
  const mine = legal.length > 0;
  // each action's words and places come with the envelope (the server words them as the terminal does)
  const labels = new Map(legal.map((a, i) => [a, (env.labels || [])[i] || {}]));
  const words = (a) => { const l = labels.get(a); return l[lang] || l.en || a.do; };
  const groupWords = (a) => { const l = labels.get(a); return l.group ? (l.group[lang] || l.group.en) : words(a); };
  const sourceOf = (a) => labels.get(a).source || null;
  const targetsOf = (a) => labels.get(a).targets || [];

  const bySource = new Map();
  for (const a of legal) {
    const s = sourceOf(a);
    if (s) (bySource.get(s) || bySource.set(s, []).get(s)).push(a);
  }
  const follows = (a) => picked.every((ref, i) => targetsOf(a)[i] === ref);
  const candidates = selected ? (bySource.get(selected) || []).filter(follows) : legal;
  const targets = new Set(selected ? candidates.map((a) => targetsOf(a)[picked.length]).filter(Boolean) : []);
  const redraw = () => renderGame(root, env, { me, card, act, concede, widgets });

  const faces = allFaces(board);
  const panel = el("aside", { class: "card-detail", id: "card-detail", "aria-live": "polite" });
  fillDetail(panel, card, faces);
  const players = env.players || {};
  const sides = board.sides.some((s) => s.you) ? [...board.sides.filter((s) => !s.you), ...board.sides.filter((s) => s.you)]
    : [...board.sides].reverse();
  const table = el("div", { class: "board" }, sides.map((s) => field(s, players[s.seat], !me)));
  // the list: each legal action a button, except that the many actions of one source (twelve ways to call
  // an amalgam) are one button that chooses that source, as clicking it on the board would
  const listed = [];
  const grouped = new Set();
  for (const a of candidates) {
    const s = selected ? null : sourceOf(a);
    const many = s ? bySource.get(s) : null;
    if (!many || many.length < GROUP_MIN) {
      listed.push(el("button", { type: "button", class: "action", onclick: () => act(a) }, words(a)));
    } else if (!grouped.has(s)) {
      grouped.add(s);
      listed.push(el("button", { type: "button", class: "action group", "data-source": s,
                                 onclick: () => { selected = s; picked = []; redraw(); } }, describeGroup(groupWords(a), many.length)));
    }
  }
  const list = el("div", { class: "actions", "aria-label": t("actions") },
    board.prompt && board.prompt.text && mine ? el("p", { class: "prompt" }, board.prompt.text) : "", listed,
    selected ? el("button", { type: "button", class: "cancel", onclick: () => { selected = null; picked = []; redraw(); } }, t("cancel")) : "");
  // a game played under older rules says so, and when its record stops replaying under the current ones,
  // why (the server's note, in English): the board is the position reached, the winner the one recorded
  const rules = env.rules || {};
  const older = rules.version && rules.current && rules.version !== rules.current;
  const note = rules.note ? el("p", { class: "rules-note", id: "rules-note", role: "note" }, `${t("rulesNote")} ${rules.note}`) : "";
  const bar = el("div", { class: `status ${mine ? "my-turn" : ""}`, id: "status", tabindex: "-1" },
    el("strong", {}, statusText(env, board, me, mine, replay)),
    ` · ${t("turn")} ${board.turn ?? "—"}${board.phase ? ` · ${board.phase}` : ""}`,
    older ? el("span", { id: "rules-version" }, ` · ${t("rulesVersion")} ${rules.version} (${t("rulesCurrent")} ${rules.current})`) : "",
    env.winner || replay || !env.concede ? "" : el("button", { type: "button", id: "surrender", onclick: () => concede(env.concede) }, t("surrender")),
    env.winner && !replay && root.dataset.game ? el("a", { id: "open-replay", href: `#/replay/${root.dataset.game}` }, t("replay")) : "");
  // what both sides share (a chain while it resolves) and what is under way (a battle), from the board
  const shared = (board.center || []).map(region);
  const lines = (board.status || []).length
    ? [el("div", { class: "table-status", id: "table-status", role: "status" }, board.status.map((s) => el("p", {}, s)))] : [];
  const log = el("details", { class: "log", open: true }, el("summary", {}, t("log")),
    el("ol", { id: "log" }, logEvents.slice(-40).map((e) => el("li", {}, (e.text && (e.text[lang] || e.text.en)) || e.event))));
  root.dataset.seq = String(env.seq);
  root.dataset.turn = String(board.turn ?? "");
  const focused = focusKey(root);
  root.replaceChildren(bar, note, ...shared, ...lines, table, panel, list, log);
  for (const ref of board.marked || []) root.querySelector(`[data-ref="${CSS.escape(ref)}"]`)?.classList.add("attacked");
  const ol = root.querySelector("#log");
  if (ol) ol.scrollTop = ol.scrollHeight;
  drawWidgets(root, board, env, widgets);
  wire(root, { targets, bySource, candidates, targetsOf, act, redraw });
  // pointing at or focusing any card shows it whole in the panel, without redrawing the board. Only a
  // mouse that really moves counts: a redraw puts new nodes under a resting pointer, and the browser's
  // synthetic events for them must not take the panel from the card a keyboard player just focused.
  for (const node of root.querySelectorAll("[data-card]")) {
    const show = () => { if (detail !== node.dataset.card) { detail = node.dataset.card; fillDetail(panel, card, faces); } };
    node.addEventListener("mousemove", (ev) => { if (ev.movementX || ev.movementY) show(); });
    node.addEventListener("focus", show);
  }
  if (focused) refocus(root, focused);
}

/** Highlight and wire the clickable places: a source chooses itself, a lit target chooses the action (or,
 *  when more places follow, narrows the actions to those through it). */
function wire(root, { targets, bySource, candidates, targetsOf, act, redraw }) {
  for (const node of root.querySelectorAll("[data-ref]")) {
    const ref = node.dataset.ref;
    if (selected && (ref === selected || picked.includes(ref))) node.classList.add("selected");
    if (targets.has(ref)) node.classList.add("target");
    else if (!selected && bySource.has(ref)) node.classList.add("source");
    // a pile holding a card to start from, or one to choose next (a card an effect takes from a deck or a
    // discard pile), is opened: a closed pile would hide the choice
    if (node.matches(".source, .selected, .target")) node.closest("details")?.setAttribute("open", "");
    node.addEventListener("click", () => {
      if (selected && targets.has(ref)) {
        const hits = candidates.filter((a) => targetsOf(a)[picked.length] === ref);
        if (hits.length === 1 && targetsOf(hits[0]).length === picked.length + 1) { act(hits[0]); return; }
        picked = [...picked, ref]; // more to choose: the next places light up, the list narrows to these
        redraw();
        return;
      }
      if (bySource.has(ref)) { selected = selected === ref ? null : ref; picked = []; redraw(); }
    });
  }
}

/** What has the keyboard focus inside the board, named so that the same control can be found after a
 *  redraw: a place by its reference, a listed action by its text, anything else by its id or class. Every
 *  redraw replaces the board's nodes, and a keyboard player would otherwise be thrown back to the page's
 *  top after each choice (or after a push that changed nothing on their side). */
function focusKey(root) {
  const node = document.activeElement;
  if (!node || node === document.body || !root.contains(node)) return null;
  if (node.dataset.ref) return { ref: node.dataset.ref };
  if (node.classList.contains("action")) return { action: node.textContent };
  if (node.id) return { id: node.id };
  if (node.classList.contains("cancel")) return { cls: "cancel" };
  return null;
}

function refocus(root, key) {
  const first = root.querySelector("button.action");
  let node = null;
  if (key.ref) node = root.querySelector(`[data-ref="${CSS.escape(key.ref)}"]`);
  else if (key.action) node = [...root.querySelectorAll("button.action")].find((b) => b.textContent === key.action);
  else if (key.id === "status") node = first; // waited on the status bar: the decision is back, to its first action
  else if (key.id) node = root.querySelector(`#${CSS.escape(key.id)}`);
  else if (key.cls) node = root.querySelector(`.${key.cls}`);
  // a control that is gone (the place chosen was the last one, the decision changed) leaves the list's
  // first action focused, or the status bar while the opponent decides: the keyboard stays on the board
  (node || first || root.querySelector("#status"))?.focus();
}
