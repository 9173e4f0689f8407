// The server's API (docs/server.md): JSON over HTTP with a bearer token, and a WebSocket per game.
import { lang } from "./i18n.js";
export let token = localStorage.getItem("token");
export let username = localStorage.getItem("username");

export function setSession(tok, user) {
  token = tok;
  username = user;
  if (tok) {
    localStorage.setItem("token", tok);
    localStorage.setItem("username", user);
  } else {
    localStorage.removeItem("token");
    localStorage.removeItem("username");
  }
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.rule = body ? body.rule : null;
  }
}

export async function api(method, path, body) {
  const headers = { "Accept-Language": lang }; // the server's messages come in the table's language
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = r.status === 204 ? null : await r.json().catch(() => null);
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}

export function gameSocket(gameId, onEnvelope, onClose) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const board = `&board=${encodeURIComponent(lang)}`; // pushes carry the board, drawn in the table's language
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${gameId}/ws?token=${encodeURIComponent(token)}${board}`);
  ws.onmessage = (ev) => onEnvelope(JSON.parse(ev.data));
  ws.onclose = (ev) => onClose && onClose(ev);
  return ws;
}
