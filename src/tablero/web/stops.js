// Stops (issue 21): which response windows the table stops at for the player, the way digital card games
// let players auto-pass: always, only when something is on the chain or the stack (the default), never. The
// server passes for the player every window their stops pass over (PUT /api/games/{id}/stops,
// docs/server.md). Shown only in a game that has response windows (the envelope's `windows`), to a player.

export const MODES = [["always", "stopsAlways"], ["chain", "stopsChain"], ["never", "stopsNever"]];

/** A labelled select (id "stops") of the three modes, set to the envelope's. ``api`` is api.js's ``api``;
 *  ``onChange(envelope)``, if given, gets the envelope the server answers with (a window pending on the
 *  player may have been passed at once), with the board in ``lang`` when it is given. */
export function stopsControl({ env, gameId, api, t, lang, onChange }) {
  const wrap = document.createElement("div");
  wrap.className = "stops-control";
  wrap.hidden = !env.windows || !env.stops || env.winner != null;
  const label = document.createElement("label");
  label.htmlFor = "stops";
  label.textContent = t("stops");
  const select = document.createElement("select");
  select.id = "stops";
  for (const [mode, words] of MODES) {
    const option = document.createElement("option");
    option.value = mode;
    option.textContent = t(words);
    select.append(option);
  }
  select.value = env.stops || "chain";
  const error = document.createElement("span");
  error.className = "stops-error";
  error.setAttribute("role", "alert");
  let current = select.value;

  select.addEventListener("change", async () => {
    const mode = select.value;
    error.textContent = "";
    select.disabled = true;
    try {
      const board = lang ? `?board=${encodeURIComponent(lang)}` : "";
      const reply = await api("PUT", `/api/games/${gameId}/stops${board}`, { mode });
      current = mode;
      if (onChange) onChange(reply);
    } catch (e) {
      select.value = current;
      error.textContent = e.message;
    } finally {
      select.disabled = false;
    }
  });
  wrap.append(label, " ", select, error);
  return wrap;
}
