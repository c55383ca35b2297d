// The knockout page (/tournament/{id}): the bracket, live. Every round is a column of
// pairings; each pairing is a real-time table (watch it, play it when it is yours, replay it
// once over); the winner of each advances. The server pushes the tournament on
// /ws/tournaments/{id} whenever it changes (and the running matches' scores every second).

import { request } from "./api.js";
import { cap, h, replace } from "./dom.js";
import { ErrorLine } from "./frame.js";
import { loadEntrant, takeEntrantFromFragment } from "./tournament-seat.js";

const $ = (id) => document.getElementById(id);
const errors = new ErrorLine($("error"));
const id = decodeURIComponent((location.pathname.match(/\/tournament\/([^/]+)/) || [])[1] || "");
let retry = 500;

function entrantLine(t, match, side) {
  const index = match[side];
  const other = match[side === "a" ? "b" : "a"];
  if (index === null) {
    return h("div", { class: "bracket-entrant pending" }, h("span", { class: "seed" }, ""),
      h("span", { class: "name muted" }, match.bye && side === "b" ? "bye" : "to be decided"));
  }
  const e = t.entrants[index];
  const decided = match.winner !== null && other !== null;
  const classes = ["bracket-entrant", decided ? (match.winner === index ? "winner" : "loser") : ""];
  const wins = match.live && match.table_status === "running" ? match.live[side === "a" ? 0 : 1] : null;
  return h("div", { class: classes.join(" "), dataset: { entrant: String(index) } },
    h("span", { class: "seed" }, `#${index + 1}`),
    h("span", { class: "name" }, e.name, e.kind === "bot" ? h("span", { class: "muted" }, " (bot)") : null),
    wins !== null ? h("span", { class: "wins", title: "rounds won so far" }, String(wins)) : null);
}

function matchCard(t, match, mine) {
  const table = match.table ? encodeURIComponent(match.table) : null;
  const yours = mine && mine.entrant !== null && (match.a === mine.entrant || match.b === mine.entrant);
  const status = [];
  if (match.bye) status.push(h("span", {}, "bye: advances without a match"));
  else if (match.winner !== null) {
    status.push(h("span", { class: "score" },
      match.score === "abandoned" ? "abandoned: the upper entrant advances" : `won ${match.score}`));
  }
  else if (match.table_status === "running") status.push(h("span", { class: "live-dot" }, "● live"));
  else if (match.table_status === "open") status.push(h("span", {}, "waiting for players"));
  else if (!match.table) status.push(h("span", {}, "waiting for the earlier rounds"));
  if (table && match.winner === null && yours) {
    const seat = match.a === mine.entrant ? 0 : 1;
    status.push(h("a", { class: "button primary play-match", href: `/table/${table}#seat=${seat}&token=${encodeURIComponent(mine.token)}` },
      "Play your match"));
  }
  if (table && match.winner === null) status.push(h("a", { class: "button subtle", href: `/table/${table}#spectate` }, "Watch"));
  if (table && match.winner !== null) status.push(h("a", { class: "button subtle", href: `/replay/${table}` }, "Replay"));
  return h("article", { class: `panel bracket-match${yours ? " mine" : ""}`,
                        dataset: { round: String(match.round), index: String(match.index), table: match.table || "" } },
    entrantLine(t, match, "a"), entrantLine(t, match, "b"),
    h("div", { class: "bracket-status" }, status));
}

function render(t) {
  const { mine, invites } = loadEntrant(id);
  document.title = `${cap(t.game)} knockout · warroom`;
  replace($("title"), `${cap(t.game)} knockout · ${id}`);
  const options = t.config?.options || {};
  replace($("summary"),
    h("h2", {}, `${t.entrants.length} entrants · ${t.status === "finished" ? "finished" : "in play"}`),
    h("p", { class: "muted" }, `Each match: first to ${options.wins ?? "?"} rounds, the upper entrant at p1.`,
      (t.config?.variants || []).length ? ` Variants: ${t.config.variants.join(", ")}.` : ""),
    t.champion_name ? h("p", { class: "champion", id: "champion" }, `Champion: ${t.champion_name}`) : null,
    mine && mine.entrant !== null && t.entrants[mine.entrant]
      ? h("p", {}, "You play as ", h("b", {}, t.entrants[mine.entrant].name), ".") : null);
  replace($("bracket"), t.rounds.map((r) => h("section", { class: "bracket-round", dataset: { round: r.title } },
    h("h3", {}, r.title), h("div", { class: "bracket-matches" }, r.matches.map((m) => matchCard(t, m, mine))))));
  const box = $("invites");
  box.hidden = !(invites && invites.length);
  if (!box.hidden) {
    replace(box, h("h2", {}, "Links for the other people"),
      h("p", { class: "hint" }, "Send each person their link: it takes their seat at every match of theirs."),
      h("ul", {}, invites.map((inv) => h("li", {}, h("b", {}, inv.name), ": ",
        h("code", {}, new URL(inv.url, location.href).href)))));
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${encodeURIComponent(id)}`);
  ws.onopen = () => { retry = 500; replace($("live"), "● live"); };
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "tournament") render(msg);
    else if (msg.type === "error") errors.show(msg.reason, { sticky: true });
  };
  ws.onclose = (event) => {
    replace($("live"), "reconnecting…");
    if (event.code === 4004) return;
    setTimeout(connect, retry);
    retry = Math.min(10000, retry * 2);
  };
}

async function start() {
  takeEntrantFromFragment(id);
  try {
    render(await request(`/api/tournaments/${encodeURIComponent(id)}`));
  } catch (err) {
    errors.show(err.status === 404 ? `There is no tournament ${id}.` : err.message, { sticky: true });
    return;
  }
  connect();
}

start();
