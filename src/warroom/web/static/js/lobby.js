// The lobby (/): create a table, list open / running / finished tables, join, watch,
// replay. Game-neutral: the create-table form is built from the game's description
// (GET /api/games, the same as `warroom games --json`): player counts, seat names per count,
// variants, options with their defaults and bounds, the bots and the default one. No game
// needs code here.

import { api, loadSeat, saveInvites, saveSeat } from "./api.js";
import { cap, h, replace } from "./dom.js";
import { ErrorLine, genericResult, seatClass } from "./frame.js";

const $ = (id) => document.getElementById(id);
const errors = new ErrorLine($("error"));
const REFRESH_MS = 5000;
const STATUSES = ["open", "running", "finished"];

// ``renamed`` counts the names saved here: a listing asked for before the latest one must not
// put the old name back
const LAST_GAME_KEY = "warroom.lastGame";
const state = { games: [], byName: new Map(), refreshing: false, mine: new Map(), name: null, renamed: 0 };

// ----- who you are -------------------------------------------------------------------------------
function drawMe() {
  const box = $("me");
  if (state.name && !state.editingName) {
    replace(box, h("p", {}, "You play as ", h("b", { id: "my-name" }, state.name), " ",
      h("button", { class: "link-button", type: "button", id: "change-name",
        onclick: () => { state.editingName = true; drawMe(); } }, "change")));
    return;
  }
  const input = h("input", { id: "name-input", name: "name", maxlength: "40", required: true,
    value: state.name || "", placeholder: "a name the other players see", "aria-label": "Your name" });
  const form = h("form", { class: "name-form" },
    h("label", {}, h("span", {}, "Your name "), input),
    h("button", { class: "button primary", type: "submit", id: "save-name" }, "Save"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      state.name = (await api.rename(input.value)).name;
      state.renamed += 1;
      state.editingName = false;
      drawMe();
    } catch (err) {
      errors.show(`The name was not saved: ${err.message}`);
    }
  });
  replace(box, form);
}

// ----- creating a table --------------------------------------------------------------------------
function buildForm() {
  const form = $("create-form");
  if (!state.games.length) {
    replace(form, h("p", { class: "muted" }, "No games are installed on this server."));
    return;
  }
  const gameSelect = h("select", { id: "game", name: "game" },
    state.games.map((g) => h("option", { value: g.name }, g.title || g.name)));
  const fields = h("div", { class: "game-fields" });
  const submit = h("button", { class: "button primary", type: "submit", id: "create" }, "Create table");
  replace(
    form,
    h("label", { class: "field" }, h("span", {}, "Game"), gameSelect),
    fields,
    h("div", { class: "form-actions" }, submit),
  );
  // The form opens on the game this browser last chose, or on the server's starter game, the
  // one a new player is taught first (the list itself stays in name order).
  const remembered = localStorage.getItem(LAST_GAME_KEY);
  const starter = state.games.find((g) => g.starter)?.name;
  const opening = [remembered, starter].find((name) => name && state.byName.has(name));
  if (opening) gameSelect.value = opening;
  const refreshFields = () => replace(fields, ...gameFields(state.byName.get(gameSelect.value)));
  gameSelect.addEventListener("change", () => {
    localStorage.setItem(LAST_GAME_KEY, gameSelect.value);
    refreshFields();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    createTable(form, submit);
  });
  refreshFields();
}

/** The seat names of `game` for `count` players, as the game names them. */
function seatNames(game, count) {
  const names = (game.seat_names || {})[String(count)];
  return Array.isArray(names) && names.length === count
    ? names
    : Array.from({ length: count }, (_, i) => `seat ${i + 1}`);
}

function optionInput(option) {
  const numeric = option.type === "int";
  return h("label", { class: "field" },
    h("span", {}, option.name.replace(/_/g, " ")),
    h("input", {
      name: `option:${option.name}`,
      type: numeric ? "number" : "text",
      value: String(option.default ?? ""),
      min: numeric && option.min !== null && option.min !== undefined ? String(option.min) : null,
      max: numeric && option.max !== null && option.max !== undefined ? String(option.max) : null,
      step: numeric ? "1" : null,
      dataset: { numeric: numeric ? "1" : "", default: String(option.default ?? "") },
    }),
    option.help ? h("small", { class: "muted" }, option.help) : null);
}

function gameFields(game) {
  const players = game.players && game.players.length ? game.players : [2];
  const bots = game.bots || [];
  const bot = bots.includes(game.default_bot) ? game.default_bot : bots[0] || null;
  const out = [];
  const pace = game.dynamics === "realtime" ? "real-time" : "turn-based";
  let playerSelect = null;
  if (players.length > 1) {
    playerSelect = h("select", { id: "players", name: "players" },
      players.map((n) => h("option", { value: String(n) }, `${n} players`)));
    out.push(h("label", { class: "field" }, h("span", {}, "Players"), playerSelect));
    out.push(h("p", { class: "muted game-facts" }, cap(pace)));
  } else {
    out.push(h("p", { class: "muted game-facts" }, `${players[0]} players · ${pace}`));
  }
  const seatsBox = h("fieldset", { class: "seats" });
  const drawSeats = () => {
    const count = playerSelect ? Number(playerSelect.value) : players[0];
    const names = seatNames(game, count);
    const rows = names.map((name, i) => {
      const label = cap(name);
      const select = h(
        "select",
        { name: `seat-${i}`, "aria-label": `${label} is played by` },
        h("option", { value: "human" }, i === 0 ? "Human (you)" : "Human (invite a friend)"),
        i === 0 ? null : h("option", { value: "human:open" }, "Human (anyone may join from the lobby)"),
        bots.map((b) => h("option", { value: `bot:${b}` }, `Bot: ${b}${b === game.default_bot ? " (default)" : ""}`)),
      );
      select.value = i === 0 || !bot ? "human" : `bot:${bot}`;
      return h("label", { class: "field seat-field", dataset: { seat: String(i) } },
        h("span", {}, h("span", { class: `seat-swatch ${seatClass(i)}`, "aria-hidden": "true" }), ` ${label}`), select);
    });
    replace(seatsBox, h("legend", {}, "Seats"), rows,
      h("p", { class: "hint" }, "You take the first human seat; the others get invite links to send (only the link takes an invited seat)."));
  };
  playerSelect?.addEventListener("change", drawSeats);
  drawSeats();
  out.push(seatsBox);

  const variants = game.variants || [];
  if (variants.length) {
    out.push(h("fieldset", { class: "variants" }, h("legend", {}, "Variants"),
      variants.map((v) => h("label", { class: "check" },
        h("input", { type: "checkbox", name: "variant", value: v.name }), ` ${v.name.replace(/_/g, " ")}`,
        v.help ? h("span", { class: "muted" }, ` — ${v.help}`) : null))));
  }
  const options = game.options || [];
  if (options.length) {
    out.push(h("fieldset", { class: "options" }, h("legend", {}, "Options"), options.map(optionInput)));
  }
  const advanced = [];
  advanced.push(h("label", { class: "field" }, h("span", {}, "decision time limit (seconds)"),
    h("input", { name: "decision_seconds", type: "number", min: "1", placeholder: "none" }),
    h("small", { class: "muted" }, `When a player takes longer, a bot${bot ? ` (${bot})` : ""} plays that decision for them.`)));
  advanced.push(h("label", { class: "field" }, h("span", {}, "seed"),
    h("input", { name: "seed", type: "number", min: "0", placeholder: "random" }),
    h("small", { class: "muted" }, "The same seed deals the same game (only at a table with one human seat).")));
  out.push(h("details", { class: "advanced" }, h("summary", {}, "More options"), advanced));
  return out;
}

function readForm(form) {
  const game = state.byName.get(form.elements.game.value);
  const data = new FormData(form);
  const seats = [];
  for (const [key, value] of data.entries()) {
    if (!key.startsWith("seat-")) continue;
    seats[Number(key.slice(5))] = value === "human" ? { kind: "human" }
      : value === "human:open" ? { kind: "human", open: true }
      : { kind: "bot", bot: String(value).slice(4) };
  }
  const config = { players: seats.length };
  const variants = data.getAll("variant").map(String);
  if (variants.length) config.variants = variants;
  const options = {};
  for (const input of form.querySelectorAll('input[name^="option:"]')) {
    // only what differs from the default is sent; the server fills in the rest and checks it all
    if (input.value === "" || input.value === input.dataset.default) continue;
    options[input.name.slice(7)] = input.dataset.numeric ? Number(input.value) : input.value;
  }
  if (Object.keys(options).length) config.options = options;
  const body = { game: game.name, config, seats };
  const seconds = data.get("decision_seconds");
  if (seconds) body.decision_seconds = Number(seconds);
  const seed = data.get("seed");
  if (seed !== null && seed !== "") body.seed = Number(seed);
  return body;
}

async function createTable(form, submit) {
  submit.disabled = true;
  try {
    const created = await api.create(readForm(form));
    const humans = created.seats.filter((s) => s.kind === "human" && s.token);
    const me = humans.find((s) => s.creator) || humans[0];
    if (me) {
      saveSeat(created.table, me.seat, me.token);
      saveInvites(created.table, humans.filter((s) => s !== me).map((s) => ({ seat: s.seat, name: s.name, url: s.url })));
    }
    location.href = `/table/${encodeURIComponent(created.table)}`;
  } catch (err) {
    errors.show(`The table was not created: ${err.message}`);
    submit.disabled = false;
  }
}

// ----- the table lists ---------------------------------------------------------------------------
function ago(created) {
  if (!created) return "";
  const when = typeof created === "number" ? created * (created < 1e12 ? 1000 : 1) : Date.parse(created);
  if (Number.isNaN(when)) return "";
  const seconds = Math.max(0, (Date.now() - when) / 1000);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(when).toLocaleDateString();
}

function seatText(seat) {
  const name = cap(seat.name);
  if (seat.kind === "bot") return `${name}: bot ${seat.bot}`;
  if (!seat.claimed) return `${name}: ${seat.open ? "open" : "invited"}`;
  return `${name}: player${seat.connected ? "" : " (away)"}`;
}

async function joinSeat(table, seat, button) {
  button.disabled = true;
  try {
    const ticket = await api.join(table, seat);
    saveSeat(table, ticket.seat, ticket.token);
    location.href = `/table/${encodeURIComponent(table)}`;
  } catch (err) {
    errors.show(`Could not join: ${err.message}`);
    button.disabled = false;
    refresh();
  }
}

function tableRow(t) {
  const game = state.byName.get(t.game);
  const title = game?.title || t.game;
  const mySeat = loadSeat(t.table) || state.mine.has(t.table);
  const actions = [];
  if (t.status === "open") {
    for (const seat of t.seats.filter((s) => s.kind === "human" && !s.claimed && s.open)) {
      actions.push(h("button", {
        class: "button primary",
        type: "button",
        onclick: (e) => joinSeat(t.table, seat.seat, e.currentTarget),
      }, `Join as ${cap(seat.name)}`));
    }
  }
  if (t.status !== "finished") {
    if (mySeat) actions.push(h("a", { class: "button", href: `/table/${encodeURIComponent(t.table)}` }, "Back to your seat"));
    actions.push(h("a", { class: "button subtle", href: `/table/${encodeURIComponent(t.table)}#spectate` }, "Watch"));
  } else {
    actions.push(h("a", { class: "button", href: `/replay/${encodeURIComponent(t.table)}` }, "Replay"));
    actions.push(h("a", { class: "button subtle", href: `/api/tables/${encodeURIComponent(t.table)}/record`, download: `${t.table}.json` }, "Record"));
  }
  const facts = [`table ${t.table}`];
  if (t.status !== "finished" && t.seats.some((s) => s.kind === "human")) {
    // what happens when every player is away too long (docs/protocol.md, Players)
    facts.push(t.when_abandoned === "autopilot" ? "if everyone is away: autopilot plays" : "if everyone is away: ends");
    if (t.away) facts.push("everyone away");
  }
  if (t.version !== undefined) facts.push(`${t.version} moves`);
  const when = ago(t.created);
  if (when) facts.push(when);
  return h(
    "li",
    { class: `table-row status-${t.status}`, dataset: { table: t.table } },
    h("div", { class: "table-main" },
      h("b", {}, title),
      h("span", { class: "muted" }, facts.join(" · ")),
      h("span", { class: "table-seats" }, t.seats.map(seatText).join(" · ")),
      t.result ? h("span", { class: "table-result" }, genericResult(t.result, t.seats)) : null),
    h("div", { class: "row-actions" }, actions),
  );
}

async function refresh() {
  if (state.refreshing) return;
  state.refreshing = true;
  try {
    const renamed = state.renamed;
    const [me, ...lists] = await Promise.all([api.me(), ...STATUSES.map((s) => api.tables(s))]);
    state.mine = new Map(me.tables.map((t) => [t.table, t]));
    if (state.name !== me.name && !state.editingName && renamed === state.renamed) {
      state.name = me.name;
      drawMe();
    }
    replace($("tables-mine"), me.tables.length ? me.tables.map(tableRow) : h("li", { class: "muted empty" }, "None yet."));
    STATUSES.forEach((status, i) => {
      const rows = lists[i] || [];
      replace($(`tables-${status}`), rows.length ? rows.map(tableRow) : h("li", { class: "muted empty" }, `No ${status} tables.`));
    });
    replace($("tables-updated"), `updated ${new Date().toLocaleTimeString()}`);
  } catch (err) {
    errors.show(`The tables could not be listed: ${err.message}`);
  } finally {
    state.refreshing = false;
  }
}

async function start() {
  $("refresh").addEventListener("click", refresh);
  drawMe();
  try {
    state.games = await api.games();
  } catch (err) {
    errors.show(`The games could not be loaded: ${err.message}`, { sticky: true });
  }
  state.byName = new Map(state.games.map((g) => [g.name, g]));
  // the lists name games by title, so they come once the games are known
  refresh();
  setInterval(() => {
    if (document.visibilityState === "visible") refresh();
  }, REFRESH_MS);
  buildForm();
}

start();
