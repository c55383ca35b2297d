// The REST half of the table protocol (docs/protocol.md). Game-agnostic.

/** A refused request: `message` is the server's one-line `detail`, `status` the HTTP code. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** Fetch JSON from the server; any non-2xx answer becomes an ApiError with its reason. */
export async function request(path, { method = "GET", body } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError("cannot reach the server", 0);
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    throw new ApiError(detailOf(data) || `${response.status} ${response.statusText}`, response.status);
  }
  return data;
}

// FastAPI answers validation errors (422) with a list of problems; keep it to one line.
function detailOf(data) {
  if (!data || data.detail === undefined) return "";
  const detail = data.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail) && detail.length) {
    const first = detail[0];
    const where = Array.isArray(first.loc) ? first.loc.filter((p) => p !== "body").join(".") : "";
    return where ? `${where}: ${first.msg}` : String(first.msg || "invalid request");
  }
  return JSON.stringify(detail);
}

const rulesCache = new Map();

export const api = {
  games: () => request("/api/games"),
  /** A game's rules reference, fetched once per page. */
  rules(game) {
    if (!rulesCache.has(game)) {
      const pending = request(`/api/games/${encodeURIComponent(game)}/rules`);
      pending.catch(() => rulesCache.delete(game));
      rulesCache.set(game, pending);
    }
    return rulesCache.get(game);
  },
  /** This browser's player: `{name, tables}` (the first call also sets its HttpOnly cookie). */
  me: () => request("/api/me"),
  rename: (name) => request("/api/me", { method: "POST", body: { name } }),
  tables: (status) => request(`/api/tables${status ? `?status=${encodeURIComponent(status)}` : ""}`),
  table: (id) => request(`/api/tables/${encodeURIComponent(id)}`),
  create: (body) => request("/api/tables", { method: "POST", body }),
  join: (id, seat) => request(`/api/tables/${encodeURIComponent(id)}/join`, {
    method: "POST",
    body: seat === undefined || seat === null ? {} : { seat },
  }),
  replay(id, seat) {
    const query = seat === null || seat === undefined ? "" : `?seat=${encodeURIComponent(seat)}`;
    return request(`/api/tables/${encodeURIComponent(id)}/replay${query}`);
  },
};

// ----- seat tokens -------------------------------------------------------------------------------
// A token is kept per table in sessionStorage (this tab only), never in the address bar.

const seatKey = (table) => `warroom:seat:${table}`;
const inviteKey = (table) => `warroom:invites:${table}`;

export function saveSeat(table, seat, token) {
  sessionStorage.setItem(seatKey(table), JSON.stringify({ seat, token }));
}

export function loadSeat(table) {
  try {
    const data = JSON.parse(sessionStorage.getItem(seatKey(table)) || "null");
    return data && typeof data.token === "string" ? data : null;
  } catch {
    return null;
  }
}

export function forgetSeat(table) {
  sessionStorage.removeItem(seatKey(table));
}

/** Invite links for the other human seats of a table this tab created. */
export function saveInvites(table, invites) {
  sessionStorage.setItem(inviteKey(table), JSON.stringify(invites));
}

export function loadInvites(table) {
  try {
    return JSON.parse(sessionStorage.getItem(inviteKey(table)) || "[]");
  } catch {
    return [];
  }
}

/** Read `#seat=N&token=T` (an invite link) into sessionStorage and drop it from the address bar. */
export function takeTokenFromFragment(table) {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  const spectate = fragment.has("spectate");
  const token = fragment.get("token");
  if (token) {
    const seat = Number.parseInt(fragment.get("seat") ?? "", 10);
    saveSeat(table, Number.isNaN(seat) ? null : seat, token);
  }
  if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
  return { spectate };
}
