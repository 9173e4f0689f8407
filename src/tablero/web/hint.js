// The hint (issue 21): "What would the computer do?". A button asks the server for the move its search would
// make in the player's seat (POST /api/games/{id}/hint, docs/server.md), seeing only what the seat sees; the
// answer is shown in words with the search's estimate of the player's chance to win, and handed to the board
// (`onHint`) to light the places it starts from and goes to. The control is hidden where hints are off
// (between accounts unless both players agreed, for a spectator, once the game is over); the opponent's hints
// are shown as a count: the opponent learns that a hint was asked, never what it said.

/** Sorted-key JSON, to find an action among the legal ones whatever the order of its keys. */
function key(value) {
  if (Array.isArray(value)) return `[${value.map(key).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${key(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A hint's words: the action as the server words it, in ``lang`` (else English), and the estimate. */
export function hintWords(hint, lang, t) {
  const words = (hint.label && (hint.label[lang] || hint.label.en)) || "";
  const chance = Math.round(Math.max(0, Math.min(1, Number(hint.estimate) || 0)) * 100);
  return t("hintResult").replace("{action}", words).replace("{chance}", String(chance));
}

/** The caller's own hint at the envelope's decision (a page reloaded after asking), in the shape of the
 *  hint's reply: its words and places are those of the legal action it names. */
export function hintInEnvelope(env) {
  const mine = (env.hints || []).find((h) => h.seq === env.seq && h.action);
  if (!mine) return null;
  const i = (env.legal_actions || []).findIndex((a) => key(a) === key(mine.action));
  const label = i >= 0 ? (env.labels || [])[i] || {} : {};
  const out = { ...mine, label, left: env.hints_left };
  if (label.source) out.source = label.source;
  if (label.targets) out.targets = label.targets;
  return out;
}

/** The hint control for one envelope: a button (id "hint") and its result (id "hint-result"). ``api`` is
 *  api.js's ``api``; ``onHint(result)`` gets each answer ({action, estimate, label, source, targets, ...}). */
export function hintControl({ env, gameId, api, lang, t, onHint }) {
  const wrap = document.createElement("div");
  wrap.className = "hint-control";
  wrap.hidden = !env.hints_allowed;
  const button = document.createElement("button");
  button.id = "hint";
  button.type = "button";
  button.textContent = t("hint");
  const left = document.createElement("span");
  left.className = "hint-left";
  left.textContent = t("hintsLeft").replace("{n}", String(env.hints_left ?? 0));
  const result = document.createElement("p");
  result.id = "hint-result";
  result.setAttribute("aria-live", "polite");
  button.setAttribute("aria-describedby", "hint-result");
  const theirs = (env.hints || []).filter((h) => !h.action).length;
  const notice = document.createElement("p");
  notice.className = "hint-notice";
  notice.hidden = theirs === 0;
  notice.textContent = t("opponentHints").replace("{n}", String(theirs));

  const given = hintInEnvelope(env);
  const mine = (env.legal_actions || []).length > 0;
  button.disabled = !mine || (!given && !(env.hints_left > 0));
  if (given) { // asked at this decision: said and lit again on every redraw of it (the push that records the
    // hint, a reload), whichever comes first of that push and the answer to the click
    result.textContent = hintWords(given, lang, t);
    if (onHint) onHint(given);
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    result.textContent = t("hintThinking");
    try {
      const hint = await api("POST", `/api/games/${gameId}/hint`);
      result.textContent = hintWords(hint, lang, t);
      left.textContent = t("hintsLeft").replace("{n}", String(hint.left));
      if (onHint) onHint(hint);
    } catch (e) {
      result.textContent = e.message;
    } finally {
      button.disabled = false;
    }
  });
  wrap.append(button, " ", left, result, notice);
  return wrap;
}
