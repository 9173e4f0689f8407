// Drag and drop: a card that starts actions (a card in hand, an attacker) is taken with the mouse or a finger
// and dropped on one of the places its actions go to, which light up (class "target") while it is carried.
// Dropping there chooses that place, as clicking the card and then the place would; dropping anywhere else
// puts it back. Pointer events, so a mouse, a pen and a touch screen drag alike; the click-then-place flow
// stays for the keyboard and screen readers.

const START_PX = 6; // how far the pointer moves before a press becomes a drag

/** Let the cards of `root` be dragged. `ctx()` is read at each press (the board is redrawn under it):
 *  { targetsOf(ref) -> Set of refs the card's first choice may go to (empty: not draggable),
 *    drop(source, ref) -> chooses that place, cancel() -> redraws the board as it was }. */
export function attachDrag(root, ctx) {
  root.__dragCtx = ctx;
  if (root.__drag) return;
  root.__drag = true;
  let drag = null;
  let swallow = false;

  const end = (ev, cancelled) => {
    removeEventListener("pointermove", move);
    removeEventListener("pointerup", up);
    removeEventListener("pointercancel", cancel);
    const d = drag;
    drag = null;
    if (!d || !d.started) return;
    document.body.classList.remove("dragging");
    d.ghost.remove();
    swallow = true;
    setTimeout(() => { swallow = false; }, 0);
    const under = cancelled ? null : document.elementFromPoint(ev.clientX, ev.clientY);
    const place = under && under.closest("[data-ref]");
    const ref = place && root.contains(place) ? place.dataset.ref : null;
    const c = root.__dragCtx;
    if (ref && ref !== d.source && d.targets.has(ref)) c.drop(d.source, ref);
    else c.cancel();
  };
  const move = (ev) => {
    if (!drag || ev.pointerId !== drag.pointer) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!drag.started) {
      if (Math.hypot(dx, dy) < START_PX) return;
      begin(drag);
    }
    ev.preventDefault();
    drag.ghost.style.setProperty("transform", `translate(${dx}px, ${dy}px) rotate(3deg)`);
    const under = document.elementFromPoint(ev.clientX, ev.clientY);
    const place = under && under.closest("[data-ref]");
    for (const n of root.querySelectorAll(".drop-over")) if (n !== place) n.classList.remove("drop-over");
    if (place && drag.targets.has(place.dataset.ref)) place.classList.add("drop-over");
  };
  const up = (ev) => { if (drag && ev.pointerId === drag.pointer) end(ev, false); };
  const cancel = (ev) => { if (drag && ev.pointerId === drag.pointer) end(ev, true); };

  function begin(d) {
    d.started = true;
    document.body.classList.add("dragging");
    const r = d.node.getBoundingClientRect();
    const g = d.node.cloneNode(true);
    for (const a of ["id", "data-ref", "data-key", "data-card"]) g.removeAttribute(a);
    for (const n of g.querySelectorAll("[data-key], [data-card], [data-ref]")) for (const a of ["data-ref", "data-key", "data-card"]) n.removeAttribute(a);
    g.classList.add("drag-ghost");
    for (const [k, v] of [["left", `${r.left}px`], ["top", `${r.top}px`], ["width", `${r.width}px`], ["height", `${r.height}px`]]) {
      g.style.setProperty(k, v);
    }
    g.setAttribute("aria-hidden", "true");
    document.body.append(g);
    d.ghost = g;
    d.node.classList.add("carried");
    d.node.closest("details[open]")?.removeAttribute("open"); // a card carried out of an open pile: the places under it show
    // the places this card's actions go to light up (the ones a click on it would light)
    for (const n of root.querySelectorAll("[data-ref]")) {
      if (d.targets.has(n.dataset.ref)) n.classList.add("target");
    }
  }

  root.addEventListener("pointerdown", (ev) => {
    if (drag || ev.button !== 0) return;
    const node = ev.target instanceof Element ? ev.target.closest("[data-ref]") : null;
    if (!node || !root.contains(node)) return;
    const targets = root.__dragCtx.targetsOf(node.dataset.ref);
    if (!targets || !targets.size) return;
    drag = { node, source: node.dataset.ref, targets, x: ev.clientX, y: ev.clientY, pointer: ev.pointerId, started: false };
    addEventListener("pointermove", move, { passive: false });
    addEventListener("pointerup", up);
    addEventListener("pointercancel", cancel);
  });
  // the click a drag ends with is not a click on the card
  root.addEventListener("click", (ev) => { if (swallow) { swallow = false; ev.stopPropagation(); ev.preventDefault(); } }, true);
}
