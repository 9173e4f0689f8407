// Motion between two drawings of the board (FLIP: First, Last, Invert, Play). Before a redraw the board's
// cards are measured by their stable key (a card id and its copy's number, data-key); after it, a card that
// moved slides from where it was, one that left the board flies to the pile that grew (or fades), one that
// arrived comes from its side's deck or hand, a number that dropped or rose flashes with the difference
// floating up, and a new attack (the board's strikes) draws an arrow from the attacker to its targets. All of
// it is short (at most 400 ms), never in the way of a click (the layer is not hit by the pointer), and off
// when the player asks for reduced motion. Nothing here knows a game.
import { svgNode } from "./icons.js";

const MS = 320; // every movement's length (≤ 400 ms)
const EASE = "cubic-bezier(.2,.7,.2,1)";
let layer = null;

/** Whether the player asked for less motion (checked at each redraw: the setting may change). */
export function reduced() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function fx() {
  if (!layer || !layer.isConnected) {
    layer = document.createElement("div");
    layer.className = "fx-layer";
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
  }
  return layer;
}

const visible = (r) => r && r.width > 0 && r.height > 0;

/** Where a node is seen: its own box, or (hidden in a closed pile) the box of the pile that holds it. */
function seenAt(node) {
  const r = node.getBoundingClientRect();
  if (visible(r)) return { rect: r, inPile: false };
  const pile = node.closest("details, [data-region]");
  const holder = pile && (pile.querySelector("summary") || pile);
  const pr = holder ? holder.getBoundingClientRect() : null;
  return visible(pr) ? { rect: pr, inPile: true } : null;
}

const numbersOf = (f) => Object.fromEntries((f.numbers || []).map((n) => [n.label, Number(n.value)]));

/** The board as drawn now: each keyed card's box, node and numbers; each pile's box and count; each counter. */
export function capture(root) {
  const index = root.__index;
  if (!index || reduced()) return null;
  const faces = new Map();
  for (const node of root.querySelectorAll("[data-key]")) {
    const at = seenAt(node);
    const entry = index.faces.get(node.dataset.key);
    if (at && entry) faces.set(node.dataset.key, { ...at, node, seat: entry.seat, nums: numbersOf(entry.face) });
  }
  const piles = new Map();
  for (const node of root.querySelectorAll("[data-pile]")) {
    piles.set(node.dataset.pile, { rect: node.getBoundingClientRect(), count: Number(node.dataset.count || 0) });
  }
  const counters = new Map();
  for (const node of root.querySelectorAll("[data-counter]")) {
    counters.set(node.dataset.counter, { value: Number(node.dataset.value), rect: node.getBoundingClientRect() });
  }
  return { faces, piles, counters, strikes: new Set((index.board.strikes || []).map((s) => JSON.stringify(s))) };
}

function slide(node, from, to) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const sx = from.width / (to.width || 1);
  const sy = from.height / (to.height || 1);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(sx - 1) < 0.02) return;
  node.animate([{ transformOrigin: "top left", transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` },
    { transformOrigin: "top left", transform: "none" }], { duration: MS, easing: EASE });
}

/** A copy of a card, drawn over the board, flown from one box to another (or faded where it is). */
function ghost(node, from, to) {
  const g = node.cloneNode(true);
  for (const a of ["id", "data-ref", "data-key", "data-card"]) g.removeAttribute(a);
  for (const n of g.querySelectorAll("[data-key], [data-card], [data-ref]")) for (const a of ["data-ref", "data-key", "data-card"]) n.removeAttribute(a);
  g.classList.add("ghost");
  g.classList.remove("source", "target", "selected");
  for (const [k, v] of [["left", `${from.left}px`], ["top", `${from.top}px`], ["width", `${from.width}px`], ["height", `${from.height}px`]]) {
    g.style.setProperty(k, v);
  }
  fx().append(g);
  const frames = to
    ? [{ transform: "none", opacity: 1 }, { transform: `translate(${to.left + to.width / 2 - (from.left + from.width / 2)}px, ${to.top + to.height / 2 - (from.top + from.height / 2)}px) scale(${Math.max(0.2, to.height / (from.height || 1))})`, opacity: 0.35 }]
    : [{ transform: "none", opacity: 1 }, { transform: "scale(.6) rotate(-8deg)", opacity: 0 }];
  g.animate(frames, { duration: MS, easing: EASE }).finished.finally(() => g.remove());
}

/** A card come from a box (`from`: its deck, its hand) to where it is drawn (`to`). */
function arrive(node, to, from) {
  if (!visible(to)) return;
  if (from && visible(from)) slide(node, { left: from.left + from.width / 2 - to.width / 2, top: from.top + from.height / 2 - to.height / 2, width: to.width, height: to.height }, to);
  else node.animate([{ transform: "scale(.6)", opacity: 0 }, { transform: "none", opacity: 1 }], { duration: MS, easing: EASE });
}

/** A difference floating up from a box ("-3", "+1"), and the node flashed. */
function float(rect, diff, flashed) {
  const tag = document.createElement("span");
  tag.className = `float ${diff < 0 ? "down" : "up"}`;
  tag.textContent = diff < 0 ? `${diff}` : `+${diff}`;
  tag.style.setProperty("left", `${rect.left + rect.width / 2}px`);
  tag.style.setProperty("top", `${rect.top + rect.height / 3}px`);
  fx().append(tag);
  tag.animate([{ transform: "translate(-50%, 0)", opacity: 1 }, { transform: "translate(-50%, -28px)", opacity: 0 }],
    { duration: 400, easing: "ease-out" }).finished.finally(() => tag.remove());
  if (flashed) {
    flashed.animate([{ filter: diff < 0 ? "brightness(1.6) saturate(2)" : "brightness(1.3)" }, { filter: "none" }],
      { duration: 400, easing: "ease-out" });
  }
}

const center = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/** An arrow from one box to others, drawn and faded over the board. */
export function arrowPath(from, to) {
  const a = center(from);
  const b = center(to);
  const mx = (a.x + b.x) / 2 + (b.y - a.y) * 0.15;
  const my = (a.y + b.y) / 2 - (b.x - a.x) * 0.15;
  return { d: `M${a.x},${a.y} Q${mx},${my} ${b.x},${b.y}`, a, b, mx, my };
}

export function arrowHead(p) {
  const ang = Math.atan2(p.b.y - p.my, p.b.x - p.mx);
  const s = 11;
  const pt = (k, r) => `${p.b.x - s * Math.cos(ang + r) * k},${p.b.y - s * Math.sin(ang + r) * k}`;
  return `M${p.b.x},${p.b.y} L${pt(1.3, 0.45)} L${pt(1.3, -0.45)} Z`;
}

/** The arrow of a new attack, measured now and drawn by the job it returns (null: nothing to draw). */
function strike(root, s, box) {
  const src = root.querySelector(`[data-ref="${CSS.escape(s.source)}"]`);
  if (!src) return null;
  const from = box(src);
  const ends = (s.targets || []).map((ref) => root.querySelector(`[data-ref="${CSS.escape(ref)}"]`))
    .map((node) => node && box(node)).filter((to) => visible(from) && visible(to));
  if (!ends.length) return null;
  return () => {
    const svg = svgNode("svg", { class: "fx-arrows", width: innerWidth, height: innerHeight });
    for (const to of ends) {
      const p = arrowPath(from, to);
      const path = svgNode("path", { d: p.d, class: "fx-arrow", pathLength: 100 });
      svg.append(path, svgNode("path", { d: arrowHead(p), class: "fx-arrow-head" }));
      path.animate([{ strokeDashoffset: 100 }, { strokeDashoffset: 0 }], { duration: 200, easing: "ease-out", fill: "forwards" });
    }
    fx().append(svg);
    svg.animate([{ opacity: 1 }, { opacity: 1, offset: 0.5 }, { opacity: 0 }], { duration: 400 }).finished.finally(() => svg.remove());
  };
}

const still = () => {};

/** The animation from what `before` (capture) saw to what is drawn now: measured here, started by the
 *  function returned. Every box is measured before any animation starts (FLIP's order), and the caller
 *  measures what else it needs before it starts them too: a box measured after an animation (or any
 *  change) has started makes the browser lay the whole page out again — once per card, it was seconds of
 *  a core per move on a full board. */
export function plan(root, before) {
  const index = root.__index;
  if (!before || !index || reduced()) return still;
  const boxes = new Map();
  const box = (node) => { if (!boxes.has(node)) boxes.set(node, node.getBoundingClientRect()); return boxes.get(node); };
  const boxOf = (node) => (node ? box(node) : null);
  const jobs = []; // the animations, started once everything is measured
  const now = new Map();
  for (const node of root.querySelectorAll("[data-key]")) now.set(node.dataset.key, node);
  const piles = new Map();
  for (const node of root.querySelectorAll("[data-pile]")) piles.set(node.dataset.pile, node);
  const grew = (seat) => {
    const out = [];
    for (const [key, node] of piles) {
      const old = before.piles.get(key);
      if (old && Number(node.dataset.count || 0) > old.count) out.push([key, node]);
    }
    return out.sort(([a], [b]) => (a.startsWith(`${seat}:`) ? 0 : 1) - (b.startsWith(`${seat}:`) ? 0 : 1)).map(([, n]) => n);
  };
  const shrank = (seat) => [...piles].filter(([key, node]) => key.startsWith(`${seat}:`)
    && before.piles.has(key) && Number(node.dataset.count || 0) < before.piles.get(key).count).map(([, n]) => n);
  // cards that moved, arrived, or changed their numbers
  for (const [key, node] of now) {
    const entry = index.faces.get(key);
    const old = before.faces.get(key);
    const at = box(node);
    if (old) {
      if (visible(at)) jobs.push(old.inPile ? () => arrive(node, at, old.rect) : () => slide(node, old.rect, at));
      if (entry && visible(at)) {
        const nums = numbersOf(entry.face);
        for (const [label, v] of Object.entries(nums)) {
          const was = old.nums[label];
          if (Number.isFinite(v) && Number.isFinite(was) && v !== was) {
            const flashed = node.querySelector(`.num[data-label="${CSS.escape(label)}"]`);
            jobs.push(() => float(at, v - was, flashed));
            break; // one difference at a time: the first number that changed (strength before resistance)
          }
        }
      }
    } else if (entry && visible(at) && before.faces.size) {
      const seat = entry.seat;
      const from = entry.inHand ? root.querySelector(`[data-pile^="${CSS.escape(seat)}:"][data-hidden]`)
        : shrank(seat)[0] || root.querySelector(`.field[data-seat="${CSS.escape(seat)}"] .hand`);
      const fromBox = boxOf(from);
      jobs.push(() => arrive(node, at, fromBox));
    }
  }
  // cards that left the board as drawn: to the pile that grew, else faded where they were
  for (const [key, old] of before.faces) {
    if (now.has(key)) continue;
    if (old.inPile) continue; // a card hidden in a pile that left it: nothing was seen
    const to = boxOf(grew(old.seat)[0]);
    jobs.push(() => ghost(old.node, old.rect, to));
  }
  // a hidden hand that grew: its new backs come from its side's deck
  for (const node of root.querySelectorAll("[data-backs]")) {
    const key = node.dataset.pile;
    const old = before.piles.get(key);
    const n = Number(node.dataset.count || 0);
    if (!old || n <= old.count) continue;
    const seat = key.split(":")[0];
    const deck = boxOf(root.querySelector(`[data-pile^="${CSS.escape(seat)}:"][data-hidden]:not([data-backs])`));
    const backs = node.querySelectorAll(".card.back");
    for (let i = Math.max(0, backs.length - (n - old.count)); i < backs.length; i++) {
      const back = backs[i];
      const at = box(back);
      jobs.push(() => arrive(back, at, deck));
    }
  }
  // counters that changed (hearts, life points)
  for (const node of root.querySelectorAll("[data-counter]")) {
    const old = before.counters.get(node.dataset.counter);
    const v = Number(node.dataset.value);
    if (old && Number.isFinite(v) && Number.isFinite(old.value) && v !== old.value) {
      const at = box(node);
      jobs.push(() => float(at, v - old.value, node));
    }
  }
  for (const s of index.board.strikes || []) {
    if (before.strikes.has(JSON.stringify(s))) continue;
    const job = strike(root, s, box);
    if (job) jobs.push(job);
  }
  return () => { for (const job of jobs) job(); };
}
