// A face of the board (core/board.py Face) drawn as a card: a frame coloured by its type, its name, the
// number in its corner, an emblem where art would be (sigil.js), its keywords and states as chips, its text (clipped on
// the small card, whole on the large one), its numbers with their pictures, its tokens and the cards under it.
// A hidden card is drawn as a patterned back. Nothing here knows a game: the type is a stable id whose colour
// is drawn from a hash, the pictures are named by the board.
import { icon, iconName } from "./icons.js";
import { sigil } from "./sigil.js";
import { t } from "./i18n.js";

const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== "") e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
};

// eight hues far apart; a type's hue is picked by a hash of its id (the seed keeps the two games' types apart)
const HUES = [2, 28, 46, 130, 176, 214, 266, 318];
const SEED = 273;

/** The frame's hue of a card type (a stable id, else the first word of its kind): the same type, the same colour. */
export function hueOf(type) {
  let x = SEED >>> 0;
  for (const c of type || "") x = Math.imul(x ^ c.charCodeAt(0), 16777619) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0x5bd1e995) >>> 0;
  x ^= x >>> 15;
  return HUES[(x >>> 0) % HUES.length];
}

const typeOf = (f) => f.type || (f.kind || "").split(/[\s,(·—-]+/)[0] || "";
const shown = (v) => v !== undefined && v !== null && v !== "";

/** A number with its picture: the label is said to screen readers (and shown when there is no picture). */
export function numberNode(n, cls = "num") {
  const pic = iconName(n);
  const low = shown(n.base) && Number(n.value) < Number(n.base);
  const high = shown(n.base) && Number(n.value) > Number(n.base);
  const node = el("span", { class: `${cls}${low ? " low" : high ? " high" : ""}`, "data-label": n.label,
                            title: `${n.label} ${n.value}${shown(n.base) ? `/${n.base}` : ""}` });
  if (pic) node.append(icon(pic));
  node.append(el("span", { class: pic ? "lbl sr-only" : "lbl" }, pic ? n.label : `${n.label}\u00a0`),
    el("span", { class: "val" }, String(n.value)));
  if (shown(n.base)) node.append(el("span", { class: "base" }, `/${n.base}`));
  return node;
}

/** A face's numbers in one line, as words: "F2 R1/3 ♥1" (a one-letter label sticks to its number). */
export function numbersText(list) {
  return (list || []).map((n) => {
    const v = shown(n.base) ? `${n.value}/${n.base}` : `${n.value}`;
    return n.label.length === 1 ? `${n.label}${v}` : `${n.label} ${v}`;
  }).join(" ");
}

/** The states of a face that are not one of its keywords (the keywords are drawn apart, explained). */
export function statesOf(f) {
  const named = new Set((f.keywords || []).map((k) => k.name));
  return (f.tags || []).filter((tag) => !named.has(tag));
}

/** The chips of a small card: keywords and states, plain (inside a button: nothing in it may be focusable). */
function chips(f) {
  const out = [];
  for (const k of f.keywords || []) out.push(el("span", { class: "tag kw", title: k.text ? `${k.name}: ${k.text}${k.rule ? ` (${k.rule})` : ""}` : null }, k.name));
  for (const s of statesOf(f)) out.push(el("span", { class: "tag state" }, s));
  return out;
}

function paint(node, f) {
  node.style.setProperty("--hue", String(hueOf(typeOf(f)))); // through the CSSOM: the policy forbids style=""
  if (f.type) node.dataset.type = f.type;
  return node;
}

/** A card back: the same pattern for every hidden card. */
export function cardBack(extra = "") {
  return el("span", { class: `card back ${extra}`, "aria-hidden": "true" }, el("span", { class: "back-emblem" }));
}

/** A face drawn as a small card (inside a place or a button of the board). `copies` counts a pile's same cards. */
export function cardFace(f, { copies = 1 } = {}) {
  if (f.face_down) {
    return el("span", { class: "card back face-down" }, el("span", { class: "back-emblem", "aria-hidden": "true" }),
      el("span", { class: "sr-only" }, t("faceDown")));
  }
  const corner = shown(f.cost) ? f.cost : f.value;
  const name = f.owner ? `${f.name} (${f.owner})` : f.name;
  const node = el("span", { class: "card" },
    el("span", { class: "card-top" },
      shown(corner) ? el("span", { class: "gem", title: shown(f.cost) ? null : f.kind || null }, String(corner)) : "",
      el("span", { class: "name" }, copies > 1 ? `${name} ×${copies}` : name)),
    f.kind ? el("span", { class: "meta" }, f.kind) : "",
    el("span", { class: "card-art" }, sigil(f.card || f.name), el("span", { class: "chips" }, chips(f))),
    f.text ? el("span", { class: "card-text" }, f.text) : "",
    (f.tokens || []).length || (f.attachments || []).length
      ? el("span", { class: "extras" },
        (f.tokens || []).map((tok) => el("span", { class: "token" }, `${tok.name} ${tok.count ?? 1}`)),
        (f.attachments || []).map((a) => el("span", { class: "under", "data-card": a.card || null }, `↳ ${a.name || t("faceDown")}`)))
      : "",
    (f.numbers || []).length ? el("span", { class: `stats${dense(f.numbers) ? " dense" : ""}` }, f.numbers.map((n) => numberNode(n))) : "");
  return paint(node, f);
}

/** Whether a card's numbers are too long for the small card's line ("2700 2400/2600"): their width in ems,
 *  a digit about .6 and a picture about .9, beyond what its line holds. */
function dense(list) {
  const ems = list.reduce((k, n) => k + String(n.value).length * 0.6 + (shown(n.base) ? (String(n.base).length + 1) * 0.45 : 0)
    + (iconName(n) ? 0.9 : (n.label.length + 1) * 0.6), 0);
  return ems > 6.2;
}

/** A face drawn large, with everything it says: its whole text, each keyword with what it does and its rule,
 *  its states, tokens, the cards under it, and the pool's words (flavour) when the page has them. */
export function bigCard(f, info = null) {
  const text = (info && info.text) || f.text || "";
  const corner = shown(f.cost) ? f.cost : f.value;
  const node = el("div", { class: "card big" },
    el("div", { class: "card-top" }, shown(corner) ? el("span", { class: "gem" }, String(corner)) : "",
      el("span", { class: "name" }, f.owner ? `${f.name} (${f.owner})` : f.name)),
    f.kind ? el("div", { class: "meta" }, f.kind) : "",
    el("div", { class: "card-art" }, sigil(f.card || f.name),
      el("span", { class: "chips" }, statesOf(f).map((s) => el("span", { class: "tag state" }, s)))),
    (f.keywords || []).length ? el("ul", { class: "kw-list" }, f.keywords.map((k) => el("li", {},
      el("strong", {}, k.name), k.text ? `: ${k.text}` : "", k.rule ? el("span", { class: "rule" }, ` (${k.rule})`) : ""))) : "",
    text ? el("p", { class: "card-text" }, text) : "",
    info && info.flavor ? el("p", { class: "flavor" }, info.flavor) : "",
    (f.tokens || []).length ? el("p", { class: "extras" }, f.tokens.map((tok) => el("span", { class: "token" }, `${tok.name} ${tok.count ?? 1}`))) : "",
    (f.attachments || []).length ? el("ul", { class: "under-list" }, f.attachments.map((a) => el("li", {},
      `↳ ${a.name || t("faceDown")}`, a.kind ? ` · ${a.kind}` : "", a.text ? ` — ${a.text}` : ""))) : "",
    (f.numbers || []).length ? el("div", { class: "stats" }, f.numbers.map((n) => numberNode(n))) : "");
  return paint(node, f);
}

let tipSeq = 0;

/** A keyword as a chip a player can point at, focus or tap: its explanation (and rule id) shows in a
 *  tooltip, which also describes the chip to screen readers. */
export function keywordChip(k) {
  const id = `kw-tip-${++tipSeq}`;
  const says = `${k.text || ""}${k.rule ? ` (${k.rule})` : ""}`;
  const chip = el("button", { type: "button", class: "kw-chip", title: says || null, "aria-describedby": says ? id : null,
                              "aria-expanded": "false" }, k.name);
  const tip = el("span", { class: "kw-tip", role: "tooltip", id }, k.text || "", k.rule ? el("span", { class: "rule" }, ` (${k.rule})`) : "");
  chip.addEventListener("click", () => chip.setAttribute("aria-expanded", chip.getAttribute("aria-expanded") === "true" ? "false" : "true"));
  chip.addEventListener("keydown", (ev) => { if (ev.key === "Escape") chip.setAttribute("aria-expanded", "false"); });
  chip.addEventListener("blur", () => chip.setAttribute("aria-expanded", "false"));
  return el("span", { class: "kw-wrap" }, chip, tip);
}
