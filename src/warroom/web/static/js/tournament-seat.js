// A knockout entrant's token, kept per tournament in sessionStorage (this tab only), like seat
// tokens (api.js): the tournament page turns it into the link to each of the entrant's matches.

const key = (tournament) => `warroom:tournament:${tournament}`;

export function saveEntrant(tournament, mine, invites = []) {
  sessionStorage.setItem(key(tournament), JSON.stringify({ mine, invites }));
}

export function loadEntrant(tournament) {
  try {
    const data = JSON.parse(sessionStorage.getItem(key(tournament)) || "null");
    return data && typeof data === "object" ? data : { mine: null, invites: [] };
  } catch {
    return { mine: null, invites: [] };
  }
}

/** Read `#entrant=N&token=T` (an entrant's link) into sessionStorage and drop it from the address bar. */
export function takeEntrantFromFragment(tournament) {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = fragment.get("token");
  if (token) {
    const entrant = Number.parseInt(fragment.get("entrant") ?? "", 10);
    const before = loadEntrant(tournament);
    saveEntrant(tournament, { entrant: Number.isNaN(entrant) ? null : entrant, token }, before.invites || []);
  }
  if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
}
