// The board: both fields (four character zones in two sectors, five support zones, sectors, arena),
// hearts, counts, the hand, and the legal actions. A player acts by choosing a card (in hand or on the
// field) and then one of the highlighted places; every legal action is also listed as a button, so the
// whole game can be played from the keyboard. Only what legal_actions offers can be chosen.
import { describeGroup, sourceOf, targetsOf } from "./actions.js";
import { lang, t } from "./i18n.js";
import { el } from "./app.js";

const GROUP_MIN = 3; // a card or zone that starts this many actions or more is listed once, as a group
let selected = null; // the chosen source ("hand:<card>" or "A.C1"), kept across redraws of one decision
let picked = []; // the targets chosen so far after it (an action with several targets takes them in order)
let lastSeq = -1;
let logEvents = []; // what happened since this page opened the game, from each envelope's events

let detail = null; // the card last pointed at or focused: its full text stays in the panel across redraws

export function resetLog() { logEvents = []; lastSeq = -1; detail = null; }

/** A card's kind and value, and a character's printed stats: what a player reads off a real card. */
function summary(c) {
  if (!c) return "";
  const parts = [t(`type_${c.type}`)];
  if (c.value !== undefined && c.value !== null) parts.push(`${t("valueShort")} ${c.value}`);
  if (c.strength !== undefined) {
    parts.push(`${t("strengthShort")} ${c.strength} · ${t("resistanceShort")} ${c.resistance} · ♥${c.hearts}`);
  }
  return parts.join(" · ");
}

/** The panel that shows one card whole: name, kind, value, stats, text (CH's wording in the player's
 *  language) and flavour. */
function fillDetail(panel, card) {
  const c = detail ? card(detail) : null;
  if (!c) {
    panel.replaceChildren(el("h3", {}, t("cardDetail")), el("p", { class: "hint" }, t("detailHint")));
    return;
  }
  panel.replaceChildren(el("h3", { class: "name" }, c.name), el("p", { class: "meta" }, summary(c)),
    el("p", { class: "text" }, c.text || ""), c.flavor ? el("p", { class: "flavor" }, c.flavor) : "");
}

function zoneCell(side, zone, name, extra = "") {
  const ref = `${side.__seat}.${zone}`;
  const z = side[zone];
  const body = [];
  if (z) {
    body.push(el("span", { class: "name" }, name(z.card) || z.card));
    if (zone.startsWith("C")) {
      body.push(el("span", { class: "stats", title: t("statsTitle") },
        `${t("strengthShort")} ${z.strength} · ${t("resistanceShort")} ${z.resistance} · ♥${z.hearts}`));
      if (z.resting) body.push(el("span", { class: "tag" }, "💤"));
    }
  }
  return el("button", { type: "button", class: `zone ${zone.startsWith("C") ? "char" : "support"} ${z ? "full" : "empty"} ${extra}`,
                        "data-ref": ref, "data-card": z ? z.card : null,
                        "aria-label": `${ref}${z ? ": " + (name(z.card) || z.card) : ""}` },
    el("span", { class: "zone-id" }, zone), ...body);
}

/** Each card once, with its copies: [[id, count], ...] in first-seen order. */
function countOf(ids) {
  const m = new Map();
  for (const c of ids) m.set(c, (m.get(c) || 0) + 1);
  return [...m];
}

/** Whose field this is: "Tú · ana" below, "Rival · ai:greedy" above (a spectator sees the seats). */
function owner(seat, who, mine, watching) {
  const role = watching ? seat : mine ? t("you") : t("rival");
  return el("strong", { class: "owner", "data-seat": seat }, who ? `${role} · ${who}` : role);
}

function field(side, seat, name, mine, label) {
  side.__seat = seat;
  const sector = (s, chars) => el("div", { class: "sector" },
    zoneCell(side, s, name, "sector-card"), ...chars.map((c) => zoneCell(side, c, name)));
  const info = el("div", { class: "info" }, label,
    el("button", { type: "button", class: "zone hearts", "data-ref": `${seat}.hearts` },
      `${t("hearts")}: ${side.hearts}`),
    el("span", {}, `${t("hand")}: ${side.hand_count}`),
    el("span", {}, `${t("deckCount")}: ${side.main_deck_count}`),
    el("span", {}, `${t("soulTotal")}: ${side.soul_total}`),
    // the support deck is its owner's alone (CH-11): its amalgams are called from here (CH-6.4)
    side.support_deck ? el("details", { class: "support-deck" },
      el("summary", {}, `${t("supportDeck")} (${side.support_deck.length})`),
      el("div", {}, countOf(side.support_deck).map(([c, n]) => el("button", { type: "button",
        class: "zone card-in-support", "data-ref": `support:${c}`, "data-card": c }, `${name(c) || c}${n > 1 ? ` ×${n}` : ""}`)))) : "",
    el("details", {}, el("summary", {}, `${t("mictlan")} (${side.mictlan.length})`),
      el("ul", {}, side.mictlan.map((c) => el("li", { tabindex: "0", "data-card": c }, name(c) || c)))),
    el("details", {}, el("summary", {}, `${t("confined")} (${side.confined.length})`),
      el("ul", {}, side.confined.map((c) => el("li", { tabindex: "0", "data-card": c }, name(c) || c)))));
  const supports = el("div", { class: "supports" }, ...["Z1", "Z2", "Z3", "Z4", "Z5"].map((z) => zoneCell(side, z, name)),
    zoneCell(side, "arena", name, "arena"));
  const chars = el("div", { class: "chars" }, sector("SA", ["C1", "C2"]), sector("SB", ["C3", "C4"]));
  return el("div", { class: `field ${mine ? "mine" : "theirs"}`, "data-seat": seat },
    info, ...(mine ? [chars, supports] : [supports, chars]));
}

export function renderGame(root, env, { me, name, card = () => null, act, surrender, replay = false }) {
  if (replay) logEvents = env.events || [];
  else if (env.seq !== lastSeq) {
    selected = null;
    picked = [];
    if (env.seq > lastSeq) logEvents.push(...(env.events || []));
    lastSeq = env.seq;
    logEvents = logEvents.slice(-200);
  }
  const view = env.view;
  if (!view) {
    root.replaceChildren(el("p", { class: "status" }, t("waiting")));
    return;
  }
  const seat = me || "A";
  const other = seat === "A" ? "B" : "A";
  const legal = env.legal_actions || [];
  const mine = legal.length > 0;
  // each action's words come with the envelope (the server words them as the terminal does)
  const labels = new Map(legal.map((a, i) => [a, (env.labels || [])[i]]));
  const words = (a) => { const l = labels.get(a); return l ? (l[lang] || l.en) : a.do; };
  const groupWords = (a) => { const l = labels.get(a); return l && l.group ? (l.group[lang] || l.group.en) : a.do; };
  let status;
  const held = !replay && env.rules && env.rules.note && !env.pending; // stopped: see the note below
  if (env.winner) status = env.winner === "draw" ? t("draw") : env.winner === me ? t("won") : t("lost");
  else if (held) status = t("heldStatus");
  else if (replay) status = `${t("replay")} · ${t("step")} ${env.seq} / ${env.steps}`;
  else status = mine ? t("yourMove") : t("waiting");

  const bySource = new Map();
  for (const a of legal) {
    const s = sourceOf(a);
    if (s) (bySource.get(s) || bySource.set(s, []).get(s)).push(a);
  }
  const follows = (a) => picked.every((ref, i) => targetsOf(a)[i] === ref);
  const candidates = selected ? (bySource.get(selected) || []).filter(follows) : legal;
  const targets = new Set(selected ? candidates.map((a) => targetsOf(a)[picked.length]).filter(Boolean) : []);
  const redraw = () => renderGame(root, env, { me, name, card, act, surrender });

  const hand = el("div", { class: "hand", "aria-label": t("hand") },
    (view[seat].hand || []).map((c) => el("button", { type: "button", class: "zone card-in-hand", "data-ref": `hand:${c}`,
                                                      "data-card": c },
      el("span", { class: "name" }, name(c) || c), el("span", { class: "meta" }, summary(card(c))))));
  const panel = el("aside", { class: "card-detail", id: "card-detail", "aria-live": "polite" });
  fillDetail(panel, card);
  const players = env.players || {};
  const board = el("div", { class: "board" },
    field(view[other], other, name, false, owner(other, players[other], false, !me)),
    field(view[seat], seat, name, true, owner(seat, players[seat], true, !me)));
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
  const list = el("div", { class: "actions", "aria-label": t("actions") }, listed,
    selected ? el("button", { type: "button", class: "cancel", onclick: () => { selected = null; picked = []; redraw(); } }, t("cancel")) : "");
  // a game played under older rules says so, and when its record stops replaying under the current ones,
  // why (the server's note, in English): the board is the position reached, the winner the one recorded
  const rules = env.rules || {};
  const older = rules.version && rules.current && rules.version !== rules.current;
  const note = rules.note ? el("p", { class: "rules-note", id: "rules-note", role: "note" }, `${t("rulesNote")} ${rules.note}`) : "";
  const bar = el("div", { class: `status ${mine ? "my-turn" : ""}`, id: "status", tabindex: "-1" },
    el("strong", {}, status), ` · ${t("turn")} ${view.turn} · ${t("phase")}: ${t("phase_" + view.phase)}`,
    older ? el("span", { id: "rules-version" }, ` · ${t("rulesVersion")} ${rules.version} (${t("rulesCurrent")} ${rules.current})`) : "",
    env.winner || replay ? "" : el("button", { type: "button", id: "surrender", onclick: surrender }, t("surrender")),
    env.winner && !replay && root.dataset.game ? el("a", { id: "open-replay", href: `#/replay/${root.dataset.game}` }, t("replay")) : "");
  // the chain (CH-7.4) and the battle (CH-9) while they resolve, straight from the view
  const inPlay = [];
  if (view.chain && view.chain.length) {
    inPlay.push(el("div", { class: "chain", id: "chain", role: "status" }, el("strong", {}, `${t("chain")}: `),
      el("ol", {}, view.chain.map((l) => el("li", {}, `${l.player}: ${name(l.link) || l.link}`)))));
  }
  if (view.battle) {
    const b = view.battle;
    inPlay.push(el("div", { class: "battle", id: "battle", role: "status" },
      el("strong", {}, `${t("battle")}: `),
      `${b.player} → ${b.hearts ? t("theHearts") : b.targets.join(", ")}`));
  }
  const log = el("details", { class: "log", open: true }, el("summary", {}, t("log")),
    el("ol", { id: "log" }, logEvents.slice(-40).map((e) => el("li", {}, (e.text && (e.text[lang] || e.text.en)) || e.event))));
  root.dataset.seq = String(env.seq);
  root.dataset.turn = String(view.turn);
  const focused = focusKey(root);
  root.replaceChildren(bar, note, ...inPlay, board, hand, panel, list, log);
  if (view.battle) {
    const b = view.battle;
    const hit = b.hearts ? [`${b.player === "A" ? "B" : "A"}.hearts`] : b.targets;
    for (const ref of hit) root.querySelector(`[data-ref="${ref}"]`)?.classList.add("attacked");
  }
  const ol = root.querySelector("#log");
  if (ol) ol.scrollTop = ol.scrollHeight;

  // highlight and wire the clickable places
  for (const node of root.querySelectorAll("[data-ref]")) {
    const ref = node.dataset.ref;
    if (selected && (ref === selected || picked.includes(ref))) node.classList.add("selected");
    if (targets.has(ref)) node.classList.add("target");
    else if (!selected && bySource.has(ref)) node.classList.add("source");
    if (node.matches(".source, .selected")) node.closest("details")?.setAttribute("open", ""); // amalgams to call
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
  // pointing at or focusing any card shows it whole in the panel, without redrawing the board. Only a
  // mouse that really moves counts: a redraw puts new nodes under a resting pointer, and the browser's
  // synthetic events for them must not take the panel from the card a keyboard player just focused.
  for (const node of root.querySelectorAll("[data-card]")) {
    const show = () => { if (detail !== node.dataset.card) { detail = node.dataset.card; fillDetail(panel, card); } };
    node.addEventListener("mousemove", (ev) => { if (ev.movementX || ev.movementY) show(); });
    node.addEventListener("focus", show);
  }
  if (focused) refocus(root, focused);
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
