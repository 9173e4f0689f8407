// Look closer: pointing at a card (the mouse resting on it) or pressing it long (touch, half a second) shows it
// large, with its whole text and every keyword explained with its rule. Leaving the card, tapping elsewhere or
// Escape puts it away. The large card is drawn over the board where it does not hide the card looked at, and
// the pointer goes through it: it is never in the way of a click.
import { bigCard } from "./cards.js";

const HOVER_MS = 350;
const PRESS_MS = 500;
const MOVE_PX = 8;
let overlay = null;
let shownFor = null; // the node whose card is shown
let pinned = false; // opened by a long press: stays until a tap elsewhere or Escape
let swallowClick = false;

function box() {
  if (!overlay || !overlay.isConnected) {
    overlay = document.createElement("div");
    overlay.className = "closer";
    overlay.id = "closer";
    // for the eyes: the card panel says the same to screen readers (and to the keyboard, on focus)
    overlay.setAttribute("aria-hidden", "true");
    overlay.hidden = true;
    document.body.append(overlay);
  }
  return overlay;
}

/** Put the large card away. */
export function hideCloser() {
  if (overlay) { overlay.hidden = true; overlay.replaceChildren(); overlay.classList.remove("pinned"); }
  shownFor = null;
  pinned = false;
}

function place(node) {
  const o = box();
  const r = node.getBoundingClientRect();
  const w = o.offsetWidth;
  const h = o.offsetHeight;
  const gap = 10;
  let left = r.right + gap;
  if (left + w > innerWidth - 4) left = r.left - gap - w; // no room on its right: on its left
  if (left < 4) left = Math.max(4, Math.min(innerWidth - w - 4, r.left + r.width / 2 - w / 2)); // nor there: over
  let top = r.top + r.height / 2 - h / 2;
  if (left === 4 || left + w > r.left && left < r.right) top = r.bottom + gap > innerHeight - h ? r.top - gap - h : r.bottom + gap;
  top = Math.max(4, Math.min(innerHeight - h - 4, top));
  o.style.setProperty("left", `${Math.round(left)}px`);
  o.style.setProperty("top", `${Math.round(top)}px`);
}

function show(node, lookup, sticky) {
  const what = lookup(node);
  if (!what || !what.face || what.face.face_down) return;
  const o = box();
  o.replaceChildren(bigCard(what.face, what.info));
  o.classList.toggle("pinned", sticky);
  o.hidden = false;
  shownFor = node;
  pinned = sticky;
  place(node);
}

/** Let `root`'s cards (nodes with data-key) be looked at closely; `lookup(node)` gives {face, info}. Wired
 *  once per root; the lookup is read anew at each event (the board is redrawn under it). */
export function attachCloser(root, lookup) {
  root.__closerLookup = lookup;
  if (root.__closer) return;
  root.__closer = true;
  const cardOf = (target) => (target instanceof Element ? target.closest("[data-key]") : null);
  let hover = null;
  let press = null;
  root.addEventListener("pointerover", (ev) => {
    if (ev.pointerType !== "mouse" || document.body.classList.contains("dragging")) return;
    const node = cardOf(ev.target);
    if (!node || node === shownFor || node.contains(ev.relatedTarget)) return;
    clearTimeout(hover);
    hover = setTimeout(() => { if (node.isConnected && node.matches(":hover")) show(node, root.__closerLookup, false); }, HOVER_MS);
  });
  root.addEventListener("pointerout", (ev) => {
    if (ev.pointerType !== "mouse") return;
    const node = cardOf(ev.target);
    if (!node || (ev.relatedTarget instanceof Node && node.contains(ev.relatedTarget))) return;
    clearTimeout(hover);
    if (!pinned && shownFor === node) hideCloser();
  });
  root.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse") { clearTimeout(hover); return; }
    const node = cardOf(ev.target);
    if (!node) return;
    const start = { x: ev.clientX, y: ev.clientY };
    clearTimeout(press);
    press = setTimeout(() => { press = null; if (!document.body.classList.contains("dragging")) { show(node, root.__closerLookup, true); swallowClick = true; } }, PRESS_MS);
    const moved = (e) => { if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > MOVE_PX) stop(); };
    const stop = () => { clearTimeout(press); removeEventListener("pointermove", moved); removeEventListener("pointerup", stop); removeEventListener("pointercancel", stop); };
    addEventListener("pointermove", moved);
    addEventListener("pointerup", stop);
    addEventListener("pointercancel", stop);
  });
  // the tap that ends a long press does not also choose the card
  root.addEventListener("click", (ev) => { if (swallowClick) { swallowClick = false; ev.stopPropagation(); ev.preventDefault(); } }, true);
  root.addEventListener("contextmenu", (ev) => { if (pinned || press) ev.preventDefault(); });
}

// a tap elsewhere or Escape puts a pinned card away (once for the page)
document.addEventListener("pointerdown", (ev) => {
  if (pinned && overlay && !overlay.contains(ev.target) && ev.target !== shownFor && !(shownFor && shownFor.contains(ev.target))) hideCloser();
}, true);
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && overlay && !overlay.hidden) hideCloser(); });
