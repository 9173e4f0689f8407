// Any game's board, drawn from the one board schema the server sends (`env.board`, core/board.py): sides
// with counters and regions (slots, rows, piles, stacks) of card faces, the shared regions, the table's
// status lines. The board comes in the player's words; this holds no word of any game. A player acts by
// choosing a place that starts an action (a card in hand, a zone) and then one of the places that light up —
// by clicking one then the other, or by dragging the card onto the place; every legal action is also listed
// as a button, so the whole game can be played from the keyboard. Where an action starts and goes comes with
// its label (`source`, `targets`): only what legal_actions offers can be chosen.
//
// The page is one screen: the board on the left (the opponent's field, what both share, your field and your
// hand), and on the right the decision (its question, the actions), the card looked at and the log. On a
// phone the opponent's field folds to a strip that opens on tap. Cards are drawn as cards (cards.js), move
// between redraws (motion.js), can be looked at closely (closer.js) and dragged (drag.js).
import { describeGroup } from "./actions.js";
import { lang, t } from "./i18n.js";
import { el } from "./app.js";
import { cardBack, cardFace, keywordChip, numberNode, numbersText, statesOf } from "./cards.js";
import { icon, iconName, svgNode } from "./icons.js";
import { arrowHead, arrowPath, capture, plan } from "./motion.js";
import { attachDrag } from "./drag.js";
import { attachCloser, hideCloser } from "./closer.js";

const GROUP_MIN = 3; // a place that starts this many actions or more is listed once, as a group
const HAND = "hand"; // the schema's id of a side's hand (core/board.py): drawn as a fan of cards, or backs
const MAX_BACKS = 12; // a hidden hand draws at most this many backs (its count is said in words)
let selected = null; // the chosen source ref, kept across redraws of one decision
let picked = []; // the targets chosen so far after it (an action with several targets takes them in order)
let lastSeq = -1;
let logEvents = []; // what happened since this page opened the game, from each envelope's events
let rivalOpen = false; // the opponent's field unfolded (a phone folds it to a strip)

let logFollows = true; // the log shows its end (the player has not scrolled up to read)
let detail = null; // the card last pointed at or focused: its full text stays in the panel across redraws

export function resetLog() { logEvents = []; lastSeq = -1; detail = null; rivalOpen = false; logFollows = true; }

/** What a redraw draws into: the faces by their stable keys (a card id and its copy's number), for the
 *  motion between redraws and the large view of a card. */
function newIndex(board) {
  return { board, faces: new Map(), seen: new Map() };
}

/** A face's stable key (its card id and which copy of it, in board order), the face remembered by it; null
 *  for a face without a card id (face down). */
function keyOf(f, ix, seat, more = {}) {
  if (!f.card) return null;
  const n = ix.seen.get(f.card) || 0;
  ix.seen.set(f.card, n + 1);
  const key = `${f.card}#${n}`;
  ix.faces.set(key, { face: f, seat, ...more });
  return key;
}

/** A face wrapped in its keyed holder (what moves between redraws). */
function holder(f, ix, seat, { inHand = false, copies = 1 } = {}) {
  return el("span", { class: `holder${f.exhausted ? " exhausted" : ""}`, "data-key": keyOf(f, ix, seat, { inHand }) },
    cardFace(f, { copies }));
}

/** One card that can be clicked (a hand card, a card in a pile its owner picks from). */
function faceButton(f, ix, seat, { extra = "", inHand = false, copies = 1 } = {}) {
  return el("button", { type: "button", class: `zone piece ${f.exhausted ? "exhausted" : ""} ${extra}`,
                        "data-ref": f.ref || null, "data-card": f.card || null,
                        "aria-label": f.face_down ? t("faceDown") : null },
    holder(f, ix, seat, { inHand, copies }));
}

/** A fixed place: its label and its card, or empty. */
function slotCell(s, ix, seat) {
  const f = s.face;
  const name = f && !f.face_down ? f.name : "";
  return el("button", { type: "button", class: `zone slot ${f ? "full" : "empty"} ${f && f.exhausted ? "exhausted" : ""}`,
                        "data-ref": s.ref || null, "data-card": f && f.card ? f.card : null,
                        "aria-label": `${s.ref || s.label || ""}${name ? ": " + name : ""}` },
    s.label ? el("span", { class: "zone-id" }, s.label) : "",
    f ? holder(f, ix, seat) : el("span", { class: "slot-space", "aria-hidden": "true" }),
    (s.tokens || []).length ? el("span", { class: "slot-tokens" }, s.tokens.map(token)) : "");
}

const token = (tok) => el("span", { class: "token" }, `${tok.name} ${tok.count ?? 1}`);

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

const countOfRegion = (r) => r.count ?? (r.faces || []).length;
const countWords = (r) => `${r.label}: ${countOfRegion(r)}`;

/** A pile seen from the top: a small card (its top one, or a back) and its count; the cards the viewer may
 *  see in a list that opens (the ones an action starts from as buttons). */
function pile(r, ix, seat) {
  const faces = r.faces || [];
  const n = countOfRegion(r);
  const key = `${seat}:${r.id}`;
  if (r.hidden || (!faces.length && n)) {
    return el("span", { class: "pile closed-pile", "data-region": r.id, "data-pile": key, "data-count": n, "data-hidden": r.hidden ? "" : null },
      el("span", { class: "pile-card" }, n ? cardBack("mini") : el("span", { class: "card mini empty-pile" })),
      el("span", { class: "pile-name" }, `${r.label}:`), ` ${n}`);
  }
  const acting = faces.some((f) => f.ref);
  const top = !r.unordered && faces.length ? faces[faces.length - 1] : null;
  const list = acting
    ? el("div", { class: "pile-list" }, countOf(faces).map(([f, k]) => faceButton(f, ix, seat, { extra: "in-pile", copies: k })))
    : el("ul", { class: "pile-list" }, faces.map((f) => el("li", { tabindex: "0", "data-card": f.card || null,
      "data-key": keyOf(f, ix, seat, { inPile: true }) }, f.name || t("faceDown")))); // keyed: a card going to the pile
  const mini = top && !top.face_down ? cardFace(top) : n ? cardBack() : el("span", { class: "card empty-pile" });
  mini.classList.add("mini");
  return el("details", { class: `pile${r.unordered ? " unordered" : ""}`, "data-region": r.id, "data-pile": key, "data-count": n },
    el("summary", {}, el("span", { class: "pile-card", "aria-hidden": "true" }, mini), el("span", { class: "pile-name" }, r.label),
      ` (${n})`), list);
}

/** A hidden row (an opponent's hand): its count in words and that many backs. */
function backs(r, seat) {
  const n = countOfRegion(r);
  const fan = el("span", { class: "backs", "aria-hidden": "true" });
  for (let i = 0; i < Math.min(n, MAX_BACKS); i++) fan.append(cardBack());
  fan.style.setProperty("--count", String(Math.min(n, MAX_BACKS)));
  return el("div", { class: `region row hidden-row${r.id === HAND ? " hand" : ""}`, "data-region": r.id,
                     "data-pile": `${seat}:${r.id}`, "data-count": n, "data-hidden": "", "data-backs": "" },
    el("span", { class: "region-label" }, el("span", { class: "pile-name" }, `${r.label}:`), ` ${n}`), fan);
}

function regionLabel(r) {
  return el("span", { class: "region-label" }, r.label,
    (r.counters || []).length ? ` (${r.counters.map((n) => numbersText([n])).join(", ")})` : "");
}

function region(r, ix, seat) {
  if (r.kind === "pile") return pile(r, ix, seat);
  if (r.kind === "stack") return stack(r);
  if (r.hidden) return backs(r, seat);
  const tokens = (r.tokens || []).length ? el("span", { class: "region-tokens" }, r.tokens.map(token)) : "";
  if (r.kind === "slots") {
    return el("div", { class: "region slots", "data-region": r.id }, regionLabel(r),
      el("div", { class: "cells" }, r.slots.map((s) => slotCell(s, ix, seat))), tokens);
  }
  const hand = r.id === HAND;
  const cells = el("div", { class: "cells" }, (r.faces || []).length ? r.faces.map((f) => faceButton(f, ix, seat, { inHand: hand }))
    : el("span", { class: "slot-space", "aria-hidden": "true" })); // an empty row keeps a card's room
  cells.style.setProperty("--count", String((r.faces || []).length)); // through the CSSOM: the policy forbids style=""
  return el("div", { class: `region row${hand ? " hand" : ""}`, "data-region": r.id, "aria-label": r.label,
                     "data-pile": hand ? `${seat}:${r.id}` : null, "data-count": hand ? countOfRegion(r) : null },
    regionLabel(r), cells, tokens);
}

/** Links in the order they were put on (the last resolves first). */
function stack(r) {
  return el("div", { class: "stack", id: `region-${r.id}`, role: "status" }, el("strong", {}, `${r.label}: `),
    el("ol", {}, (r.faces || []).map((f) => el("li", { "data-card": f.card || null },
      f.owner ? `${f.owner}: ${f.name}` : f.name))));
}

/** Whose side this is: "Tú · ana" below, "Rival · ai:greedy" above (a spectator sees the seats). */
function ownerWords(side, who, watching) {
  const role = watching ? side.label : side.you ? t("you") : t("rival");
  return who ? `${role} · ${who}` : role;
}

function counter(n, seat) {
  const text = `${n.label}: ${n.base !== undefined && n.base !== null ? `${n.value}/${n.base}` : n.value}`;
  const pic = iconName(n);
  const attrs = { "data-counter": `${seat}:${n.label}`, "data-value": String(n.value) };
  const body = [pic ? icon(pic) : "", el("span", { class: pic ? "c-label pictured" : "c-label" }, `${n.label}: `),
    el("span", { class: "c-value" }, text.slice(n.label.length + 2))];
  return n.ref ? el("button", { type: "button", class: "zone counter", "data-ref": n.ref, ...attrs }, ...body)
    : el("span", { class: "counter", ...attrs }, ...body);
}

const laidOut = (r) => !(r.kind === "pile" || r.hidden) && !(r.kind === "row" && r.id === HAND);
const slotsOf = (r) => (r.kind === "slots" ? r.slots.length : (r.faces || []).length || 1);

/** How many cards a side lays in a line, and in how many trays (the cards' size follows from them: the
 *  fields of both sides take the larger, so that their cards are drawn alike). */
function breadth(side) {
  const laid = side.regions.filter(laidOut);
  return { n: Math.max(1, laid.reduce((k, r) => k + slotsOf(r), 0)), groups: Math.max(1, laid.length) };
}

const PHONE_LINE = 6; // the cards a phone lays in a line (style.css sizes them so)

/** The order a phone lays a side's trays in, as few lines of PHONE_LINE cards as it can (the larger trays
 *  first, each put in the first line it fits: first fit decreasing); the order is used by style.css only on
 *  a narrow screen, where the trays wrap. */
function phoneLines(laid, nodes) {
  const lines = [];
  const order = laid.map((r, i) => [slotsOf(r), i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [size, i] of order) {
    let line = lines.findIndex((l) => l.room >= size);
    if (line < 0) { lines.push({ room: PHONE_LINE, items: [] }); line = lines.length - 1; }
    lines[line].room -= size;
    lines[line].items.push(i);
  }
  // within a line the trays keep the board's order
  lines.forEach((l, k) => l.items.sort((a, b) => a - b).forEach((i, j) => nodes[i].style.setProperty("--order", String(k * 100 + j))));
}

function field(side, who, watching, ix, size) {
  const piles = side.regions.filter((r) => r.kind === "pile");
  const hidden = side.regions.filter((r) => r.kind !== "pile" && r.hidden);
  const laid = side.regions.filter(laidOut);
  const hand = side.regions.find((r) => r.kind === "row" && r.id === HAND && !r.hidden);
  const regionsId = `regions-${side.seat}`;
  const onField = laid.reduce((k, r) => k + (r.slots || []).filter((s) => s.face).length
    + (r.kind === "slots" ? 0 : (r.faces || []).length), 0);
  const toggle = side.you ? "" : el("button", { type: "button", class: "rival-toggle", "aria-expanded": rivalOpen ? "true" : "false",
    "aria-controls": regionsId, "aria-label": ownerWords(side, who, watching) },
  icon("card"), el("span", { "aria-hidden": "true" }, String(onField)), icon("chevron", "chev"));
  const info = el("div", { class: "info" },
    el("strong", { class: "owner", "data-seat": side.seat }, ownerWords(side, who, watching)),
    side.subtitle ? el("span", { class: "subtitle" }, side.subtitle) : "",
    el("span", { class: "counters" }, (side.counters || []).map((n) => counter(n, side.seat))),
    hidden.length ? el("span", { class: "hands" }, hidden.map((r) => region(r, ix, side.seat))) : "",
    el("span", { class: "piles" }, piles.map((r) => region(r, ix, side.seat))),
    (side.notes || []).map((n) => el("span", { class: "note" }, n)), toggle);
  const regions = el("div", { class: "regions", id: regionsId }, laid.map((r) => region(r, ix, side.seat)));
  phoneLines(laid, [...regions.children]);
  const node = el("div", { class: `field ${side.you ? "mine" : "theirs"}${side.active ? " active" : ""}${!side.you && rivalOpen ? " open" : ""}`,
                           "data-seat": side.seat }, info, regions, hand ? region(hand, ix, side.seat) : "");
  node.style.setProperty("--n", String(size.n)); // through the CSSOM: the policy forbids style=""
  node.style.setProperty("--groups", String(size.groups));
  if (toggle) {
    toggle.addEventListener("click", () => {
      rivalOpen = !rivalOpen;
      node.classList.toggle("open", rivalOpen);
      toggle.setAttribute("aria-expanded", rivalOpen ? "true" : "false");
    });
  }
  return node;
}

/** The card's whole text in the panel: its face on the board (kind, numbers, states), each keyword as a chip
 *  that explains itself, and the pool's words (text, flavour). Only a card on the board now is shown: one
 *  that has left it (played from the hand, a replay's other step) clears the panel. */
function fillDetail(panel, card, faces) {
  const f = detail ? faces.get(detail) : null;
  if (!f) {
    detail = null;
    panel.replaceChildren(el("h3", {}, t("cardDetail")), el("p", { class: "hint" }, t("detailHint")));
    return;
  }
  const c = card(detail);
  const meta = [f.kind, numbersText(f.numbers), ...statesOf(f)].filter(Boolean).join(" · ");
  panel.replaceChildren(el("h3", { class: "name" }, (c && c.name) || f.name || detail),
    el("p", { class: "meta" }, meta),
    (f.numbers || []).length ? el("p", { class: "stats", "aria-hidden": "true" }, f.numbers.map((n) => numberNode(n))) : "",
    (f.keywords || []).length ? el("p", { class: "kw-chips" }, f.keywords.map(keywordChip)) : "",
    el("p", { class: "text" }, (c && c.text) || f.text || ""),
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
  const result = env.winner ? (env.winner === "draw" ? t("draw") : env.winner === me ? t("won") : t("lost")) : "";
  // a replay always says its step (the only place it is shown), and at the end the result too
  if (replay) return `${t("replay")} · ${t("step")} ${env.seq} / ${env.steps}${result ? ` · ${result}` : ""}`;
  if (result) return result;
  if (held) return t("heldStatus");
  return mine ? t("yourMove") : (board.prompt && board.prompt.secret ? t("secretWait") : t("waiting"));
}

/** A game's own widgets (GamePlugin.widgets) draw what the schema cannot say, after the board; one that
 *  fails is logged and leaves the board as drawn. */
function drawWidgets(root, board, env, widgets) {
  for (const w of widgets) {
    try { w.draw(root, board, env); } catch (e) { console.error("a game widget failed:", e); }
  }
}

/** The attacks under way (strikes whose targets are the board's marked places) as arrows over the board. */
function drawArrows(root, board) {
  const area = root.querySelector(".table");
  if (!area) return;
  area.querySelector(":scope > svg.arrows")?.remove();
  const marked = new Set(board.marked || []);
  const strikes = (board.strikes || []).filter((s) => (s.targets || []).length && s.targets.every((x) => marked.has(x)));
  if (!strikes.length) return;
  const base = area.getBoundingClientRect();
  const svg = svgNode("svg", { class: "arrows", "aria-hidden": "true", width: area.scrollWidth, height: area.scrollHeight });
  const at = (r) => ({ left: r.left - base.left + area.scrollLeft, top: r.top - base.top + area.scrollTop, width: r.width, height: r.height });
  for (const s of strikes) {
    const src = root.querySelector(`[data-ref="${CSS.escape(s.source)}"]`);
    const from = src && src.getBoundingClientRect();
    if (!from || !from.width) continue;
    for (const ref of s.targets) {
      const node = root.querySelector(`[data-ref="${CSS.escape(ref)}"]`);
      const to = node && node.getBoundingClientRect();
      if (!to || !to.width) continue;
      const p = arrowPath(at(from), at(to));
      svg.append(svgNode("path", { d: p.d, class: "arrow" }), svgNode("path", { d: arrowHead(p), class: "arrow-head" }));
    }
  }
  if (svg.childNodes.length) area.append(svg);
}

// an open pile lies over the board: a click anywhere else closes it
document.addEventListener("pointerdown", (ev) => {
  for (const open of document.querySelectorAll(".game-table details.pile[open]")) {
    if (!open.contains(ev.target) && !open.querySelector(".target")) open.removeAttribute("open");
  }
});

/** Shrink the cards until the board fits its area (the sizes style.css gives them are a good guess: a board
 *  with more lines of text than most is drawn a little smaller), and grow them back when it has room. On a
 *  phone the page scrolls instead. It starts from the last board's size, which the next board (much like
 *  it) nearly always keeps: then one look at the layout is all, where each try costs a layout of the page. */
let lastFit = 1;
function fit(root) {
  const area = root.querySelector(".table");
  const board = area && area.querySelector(".board");
  const field = board && board.querySelector(".field");
  if (!field) return;
  const rows = Number(board.style.getPropertyValue("--rows")) || 3.3;
  let f = lastFit;
  board.style.setProperty("--fit", String(f));
  for (let i = 0; i < 3; i++) {
    const over = area.scrollHeight - area.clientHeight;
    const room = area.clientHeight - board.offsetHeight; // what a smaller board leaves below it
    if (over <= 1 && (f >= 1 || room < rows * 1.4 * 2)) break; // fits, and could not grow by 2 px a card
    const w = parseFloat(getComputedStyle(field).getPropertyValue("--card-w"));
    if (!w) break;
    const next = Math.min(1, Math.max(0.5, f * (w - (over > 1 ? over : -room) / (rows * 1.4) - 1) / w));
    if (Math.abs(next - f) < 0.005) break;
    f = next;
    board.style.setProperty("--fit", String(f));
  }
  lastFit = f;
}

/** The log shows its last events, and keeps them in sight when its box changes size (the window resized or
 *  turned, the decision above it taking more or less room), unless the player has scrolled up to read:
 *  then it stays where they are. */
const logSizes = new ResizeObserver((entries) => {
  for (const { target } of entries) if (logFollows) target.scrollTop = target.scrollHeight;
});
function followLog(ol) {
  logSizes.disconnect();
  if (!ol) return;
  if (logFollows) ol.scrollTop = ol.scrollHeight;
  ol.addEventListener("scroll", () => { logFollows = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 2; });
  logSizes.observe(ol);
}

let arrowsFor = null; // the root and board whose arrows (and size) follow the window's size
addEventListener("resize", () => {
  if (arrowsFor && arrowsFor.root.isConnected) { fit(arrowsFor.root); drawArrows(arrowsFor.root, arrowsFor.board); }
});

export function renderGame(root, env, { me, card = () => null, act, concede, replay = false, widgets = [], tools = [] }) {
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
  const redraw = () => renderGame(root, env, { me, card, act, concede, widgets, tools });

  const before = capture(root); // where every card is, before the redraw (motion.js)
  const ix = newIndex(board);
  const faces = allFaces(board);
  const panel = el("aside", { class: "card-detail", id: "card-detail", "aria-live": "polite" });
  fillDetail(panel, card, faces);
  const players = env.players || {};
  const sides = board.sides.some((s) => s.you) ? [...board.sides.filter((s) => !s.you), ...board.sides.filter((s) => s.you)]
    : [...board.sides].reverse();
  // what both sides share (a chain while it resolves) and what is under way (a battle), between the fields
  const shared = (board.center || []).map((r) => region(r, ix, ""));
  const lines = (board.status || []).length
    ? [el("div", { class: "table-status", id: "table-status", role: "status" }, board.status.map((s) => el("p", {}, s)))] : [];
  const center = shared.length || lines.length ? el("div", { class: "center" }, ...shared, ...lines) : "";
  const sizes = sides.map(breadth);
  const size = { n: Math.max(...sizes.map((x) => x.n)), groups: Math.max(...sizes.map((x) => x.groups)) };
  const fields = sides.map((s) => field(s, players[s.seat], !me, ix, size));
  const table = el("div", { class: "board" }, fields.length > 1 ? [fields[0], center, ...fields.slice(1)] : [center, ...fields]);
  // how many lines of cards the board stacks (a hand's cards are larger): the cards' height follows from it
  const hands = board.sides.filter((s) => s.regions.some((r) => r.kind === "row" && r.id === HAND && !r.hidden)).length;
  const centerLine = (board.center || []).some((r) => r.kind === "slots" || r.kind === "row") ? 1 : 0;
  table.style.setProperty("--rows", String(sides.length + centerLine + 1.3 * hands));
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
  // the question when the decision is yours; else what the deciding player is doing ("B decides whether to
  // defend"), said from the decision's public fields only (Presenter.waiting)
  const asked = board.prompt && board.prompt.text && (mine || board.prompt.waiting);
  const prompt = asked ? el("p", { class: mine ? "prompt" : "prompt waiting", "aria-live": "polite" }, board.prompt.text) : "";
  const list = el("div", { class: `actions${listed.length || prompt ? "" : " idle"}`, role: "group", "aria-label": t("actions") }, prompt,
    el("div", { class: "action-list" }, listed,
      selected ? el("button", { type: "button", class: "cancel", onclick: () => { selected = null; picked = []; redraw(); } }, t("cancel")) : ""));
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
  const log = el("section", { class: "log", "aria-label": t("log") }, el("h2", {}, t("log")),
    el("ol", { id: "log", tabindex: "0", "aria-label": t("log") }, logEvents.slice(-40).map((e) => el("li", {}, (e.text && (e.text[lang] || e.text.en)) || e.event))));
  // the right-hand column: the decision, the tools other modules mount (hints, stops), the card, the log
  const toolbox = el("div", { class: "tools", id: "tools" });
  const side = el("div", { class: "side" }, list, toolbox, panel, log);
  root.dataset.seq = String(env.seq);
  root.dataset.turn = String(board.turn ?? "");
  root.classList.add("game-table");
  const focused = focusKey(root);
  hideCloser();
  root.__index = ix;
  root.replaceChildren(bar, note, el("div", { class: "table" }, table), side);
  for (const ref of board.marked || []) root.querySelector(`[data-ref="${CSS.escape(ref)}"]`)?.classList.add("attacked");
  for (const tool of tools) {
    try { tool(toolbox, env, board); } catch (e) { console.error("a table tool failed:", e); }
  }
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
  attachCloser(root, (node) => {
    const entry = ix.faces.get(node.dataset.key);
    return entry ? { face: entry.face, info: entry.face.card ? card(entry.face.card) : null } : null;
  });
  // what follows reads the page's layout: first every change, then every measure, then the animations,
  // arrows and focus that follow from them. A change between two measures lays the whole page out again
  // (once per card measured: seconds of a core per move before this order).
  fit(root);
  const move = plan(root, before);
  followLog(root.querySelector("#log")); // after the tools: they take their room from the log's
  drawArrows(root, board);
  arrowsFor = { root, board };
  if (focused) refocus(root, focused);
  move();
}

function unfold(rival) {
  if (!rival) return;
  rival.classList.add("open");
  rival.querySelector(".rival-toggle")?.setAttribute("aria-expanded", "true");
}

/** Highlight and wire the clickable places: a source chooses itself, a lit target chooses the action (or,
 *  when more places follow, narrows the actions to those through it). A source may also be dragged onto
 *  one of its first places (drag.js), which chooses it as the two clicks would. */
function wire(root, { targets, bySource, candidates, targetsOf, act, redraw }) {
  const choose = (ref, from, cands) => {
    const hits = cands.filter((a) => targetsOf(a)[from] === ref);
    if (hits.length === 1 && targetsOf(hits[0]).length === from + 1) { act(hits[0]); return; }
    picked = [...picked.slice(0, from), ref]; // more to choose: the next places light up, the list narrows to these
    redraw();
  };
  for (const node of root.querySelectorAll("[data-ref]")) {
    const ref = node.dataset.ref;
    if (selected && (ref === selected || picked.includes(ref))) node.classList.add("selected");
    if (targets.has(ref)) node.classList.add("target");
    else if (!selected && bySource.has(ref)) node.classList.add("source");
    if (bySource.has(ref) && (bySource.get(ref) || []).some((a) => targetsOf(a).length)) node.classList.add("draggable");
    // a pile holding a place to choose next (a card an effect takes from a deck or a discard pile) is opened:
    // a closed pile would hide the choice. One holding a card to start from says so, and opens on a click
    // (its actions are also in the list): left open, it would lie over the places the card goes to.
    // so is the opponent's field a phone folds to a strip, while a place in it is to be chosen
    if (node.matches(".target")) {
      node.closest("details")?.setAttribute("open", "");
      unfold(node.closest(".field.theirs:not(.open)"));
    }
    if (node.matches(".source, .selected")) node.closest("details")?.classList.add("holds-source");
    node.addEventListener("click", () => {
      if (selected && targets.has(ref)) { choose(ref, picked.length, candidates); return; }
      if (bySource.has(ref)) { selected = selected === ref ? null : ref; picked = []; redraw(); }
    });
  }
  attachDrag(root, {
    targetsOf: (ref) => new Set((bySource.get(ref) || []).map((a) => targetsOf(a)[0]).filter(Boolean)),
    drop: (source, ref) => { selected = source; picked = []; choose(ref, 0, bySource.get(source) || []); },
    cancel: redraw,
  });
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
  if (node.classList.contains("rival-toggle")) return { cls: "rival-toggle" };
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
  (node || first || root.querySelector("#status"))?.focus({ preventScroll: true });
}
