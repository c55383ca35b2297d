// The replay page (/replay/{id}): step through a finished table from any seat's point
// of view, or all-seeing, with the game's renderer in read-only mode. Game-agnostic.

import { api } from "./api.js";
import { cap, h, replace } from "./dom.js";
import { ErrorLine, loadRenderer, pieceIndex, seatClass, seatOfEntry } from "./frame.js";
import { glossaryIndex, markKeywords } from "./glossary.js";
import { installRulesPanel } from "./rules.js";
import { clockText, playedTo, SPEEDS, stepAt, stepTimes } from "./replay-clock.js";

const $ = (id) => document.getElementById(id);
const errors = new ErrorLine($("error"));
const PLAY_MS = 700;

const page = {
  table: decodeURIComponent((location.pathname.match(/\/replay\/([^/]+)/) || [])[1] || ""),
  info: null,
  renderer: null,
  view: null,
  steps: [],
  markers: [], // [{step, label}]: where each round, battle or turn begins
  summary: [], // a finished game's summary (Game.summary), shown at the last step
  logs: [], // logs[i]: the whole log after step i
  at: 0,
  pov: "", // "" spectator, "0", "1", ..., "all"
  timer: null,
  times: null, // a real-time record: the game time (ms) of every step, played back on that clock
  speed: 1,
  anchor: null, // while playing in real time: {game, wall} where playback (re)started
};

function readFragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  return { pov: params.get("pov") ?? "", step: Number.parseInt(params.get("step") ?? "", 10) };
}

function writeFragment() {
  const params = new URLSearchParams();
  if (page.pov) params.set("pov", page.pov);
  params.set("step", String(page.at));
  history.replaceState(history.state, "", `${location.pathname}#${params}`);
}

/** Make every step carry the whole log so far, whether the server sends it whole or per step. */
function cumulativeLogs(steps) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const whole = steps.every((s, i) => {
    if (i === 0) return true;
    const before = steps[i - 1].log || [];
    const now = s.log || [];
    return now.length >= before.length && (!before.length || same(now[0], before[0]));
  });
  if (whole) return steps.map((s) => s.log || []);
  const out = [];
  let acc = [];
  for (const s of steps) {
    acc = acc.concat(s.log || []);
    out.push(acc);
  }
  return out;
}

async function start() {
  if (!page.table) {
    errors.show("No table in the address.", { sticky: true });
    return;
  }
  try {
    page.info = await api.table(page.table);
  } catch (err) {
    errors.show(err.status === 404 ? `There is no table ${page.table}.` : err.message, { sticky: true });
    return;
  }
  const game = page.info.game;
  page.renderer = await loadRenderer(game);
  let rules = null;
  try {
    rules = await api.rules(game);
  } catch (err) {
    errors.show(`The rules of ${game} could not be loaded: ${err.message}`);
  }
  const title = page.renderer.title || rules?.title || game;
  document.title = `Replay · ${title} · warroom`;
  replace($("title"), `Replay · ${title} · table ${page.table}`);
  installRulesPanel($("rules-button"), $("rules-dialog"), () => api.rules(game), page.renderer);
  if (page.info.status !== "finished") {
    replace($("board"), h("div", { class: "panel fatal" },
      h("p", {}, "This game is still being played; its replay opens once it is over."),
      h("a", { class: "button", href: `/table/${encodeURIComponent(page.table)}#spectate` }, "Watch it live")));
    return;
  }
  const pov = $("pov");
  const seats = page.info.seats || [];
  replace(pov,
    h("option", { value: "" }, "Spectator (public cards only)"),
    seats.map((s) => h("option", { value: String(s.seat) }, `${cap(s.name)}'s seat`)),
    h("option", { value: "all" }, "All-seeing (every hand)"));
  const wanted = readFragment();
  // a viewer who held a seat at this table (this browser's player cookie) starts at that seat
  if (!new URLSearchParams(location.hash.replace(/^#/, "")).has("pov")) {
    const mine = await mySeat();
    if (mine !== null) wanted.pov = String(mine);
  }
  if ([...pov.options].some((o) => o.value === wanted.pov)) pov.value = wanted.pov;
  $("markers").addEventListener("change", (e) => {
    const step = Number.parseInt(e.target.value, 10);
    if (!Number.isNaN(step)) {
      stop();
      go(step);
    }
  });
  pov.addEventListener("change", () => load(pov.value, page.at));
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(page.at - 1));
  $("next").addEventListener("click", () => go(page.at + 1));
  $("last").addEventListener("click", () => go(page.steps.length - 1));
  $("play").addEventListener("click", togglePlay);
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  installSpeed();
  document.addEventListener("keydown", onKey);
  await load(pov.value, Number.isNaN(wanted.step) ? 0 : wanted.step);
}

/** The seat this browser's player held at this table, or null (GET /api/me lists its tables). */
async function mySeat() {
  try {
    const me = await api.me();
    const found = (me.tables || []).find((t) => t.table === page.table);
    return found && Number.isInteger(found.my_seat) ? found.my_seat : null;
  } catch {
    return null;
  }
}

/** The replay's markers (a round, battle or turn begins: Game.marker) as a jump list. */
function renderMarkers(markers) {
  const select = $("markers");
  select.closest("label").hidden = !markers.length;
  replace(select, h("option", { value: "" }, `${markers.length} markers…`),
    markers.map((m) => h("option", { value: String(m.step) }, `${m.label} (step ${m.step})`)));
}

/** The marker a step belongs to: the last one at or before it (the list shows where you are). */
function currentMarker(at) {
  let value = "";
  for (const m of page.markers) if (m.step <= at) value = String(m.step);
  return value;
}

async function load(pov, at) {
  stop();
  page.pov = pov;
  const seat = pov === "" ? null : pov;
  replace($("step-text"), "Loading…");
  let data;
  try {
    data = await api.replay(page.table, seat);
  } catch (err) {
    errors.show(`The replay could not be loaded: ${err.message}`, { sticky: true });
    return;
  }
  page.steps = data.steps || [];
  page.markers = data.markers || [];
  page.summary = data.summary || [];
  renderMarkers(page.markers);
  page.logs = cumulativeLogs(page.steps);
  const numeric = /^\d+$/.test(pov) ? Number(pov) : null;
  const rules = await api.rules(page.info.game).catch(() => null);
  page.glossary = glossaryIndex(rules);
  page.view = page.renderer.createView({
    board: $("board"),
    controls: null,
    rules,
    pieces: pieceIndex(rules),
    seat: numeric,
    readOnly: true,
    act: () => {},
    seatLabel: (index) => {
      const s = (page.info.seats || []).find((x) => x.seat === index);
      const name = s ? cap(s.name) : `Seat ${index + 1}`;
      if (!s) return name;
      return s.kind === "bot" ? `${name} (bot: ${s.bot})` : `${name} (player)`;
    },
  });
  $("slider").max = String(Math.max(0, page.steps.length - 1));
  page.times = stepTimes(data.record);
  $("speed-box").hidden = !page.times;
  go(Math.min(Math.max(0, at), page.steps.length - 1));
}

function go(index, fromClock = false) {
  if (!page.steps.length) {
    replace($("step-text"), "This record has no steps.");
    return;
  }
  const at = Math.min(Math.max(0, index), page.steps.length - 1);
  page.at = at;
  const step = page.steps[at];
  const last = at === page.steps.length - 1;
  const numeric = /^\d+$/.test(page.pov) ? Number(page.pov) : null;
  try {
    page.view.render({
      view: step.view,
      views: step.views || null, // all-seeing: every seat's own view
      legal: [],
      decisions: [],
      seats: page.info.seats || [],
      result: last ? page.info.result : null,
      seat: numeric,
      version: at,
      busy: false,
      log: page.logs[at] || [],
    });
    if (!page.renderer.marksKeywords) markKeywords($("board"), page.glossary);
  } catch (err) {
    console.error(err);
    errors.show(`Display error: ${err.message}`);
  }
  $("slider").value = String(at);
  $("markers").value = currentMarker(at);
  $("first").disabled = $("prev").disabled = at === 0;
  $("next").disabled = $("last").disabled = last;
  if (page.times) {
    replace($("game-clock"), `${clockText(page.times[at])} / ${clockText(page.times[page.times.length - 1])}`);
    // a seek while playing goes on from there, at the game time of the step sought
    if (page.timer && !fromClock) page.anchor = { game: page.times[at], wall: performance.now() };
  }
  const total = page.steps.length - 1;
  // seat -1: a real-time game's clock (a deadline took effect with nobody acting)
  const who = step.seat === null || step.seat === undefined ? "" : step.seat < 0 ? "Clock" : cap((page.info.seats || []).find((s) => s.seat === step.seat)?.name || `seat ${step.seat}`);
  const what = step.action
    ? `${who}${step.autopilot ? " (autopilot)" : ""}: ${step.text || step.action}`
    : "The game is set up";
  replace($("step-text"), h("b", {}, `Step ${at} of ${total}`), " · ", what,
    last && page.info.result ? h("span", { class: "result-note" }, ` · ${resultLine()}`) : null);
  renderLog(at);
  renderSummary(last);
  writeFragment();
  if (last) stop();
}

function resultLine() {
  const step = page.steps[page.steps.length - 1];
  try {
    const text = page.view.resultText?.(page.info.result, { view: step.view, seat: null });
    if (text) return text.headline;
  } catch {
    // fall back to the reason
  }
  return page.info.result?.reason || "game over";
}

function renderSummary(last) {
  let box = $("replay-summary");
  if (!box) {
    box = h("section", { id: "replay-summary", class: "log panel", "aria-label": "How the game went" });
    document.querySelector(".sidebar").prepend(box);
  }
  box.hidden = !(last && page.summary.length);
  if (box.hidden) return;
  replace(box, h("h2", {}, "How the game went"), h("ul", { class: "result-summary" }, page.summary.map((line) => h("li", {}, line))));
}

function renderLog(at) {
  const list = $("log");
  const log = page.logs[at] || [];
  const before = at > 0 ? (page.logs[at - 1] || []).length : 0;
  list.replaceChildren(...log.map((entry, i) => {
    let text;
    try {
      text = page.view.logText(entry, null);
    } catch {
      text = JSON.stringify(entry);
    }
    const classes = [`log-${entry.kind}`, seatClass(seatOfEntry(entry, page.info.seats))];
    if (i >= before) classes.push("fresh"); // what this step did
    const li = h("li", { class: classes.filter(Boolean).join(" ") }, text);
    markKeywords(li, page.glossary);
    return li;
  }));
  if (!log.length) list.appendChild(h("li", { class: "muted" }, "Nothing has happened yet."));
  list.scrollTop = list.scrollHeight;
}

function togglePlay() {
  if (page.timer) {
    stop();
    return;
  }
  if (page.at >= page.steps.length - 1) go(0);
  if (page.times) {
    page.anchor = { game: page.times[page.at], wall: performance.now() };
    page.timer = setInterval(clockTick, 25);
  } else {
    page.timer = setInterval(() => go(page.at + 1), PLAY_MS);
  }
  $("play").textContent = "❚❚ Pause";
  $("play").setAttribute("aria-label", "Pause");
}

/** Real-time playback: show the last step at or before the game time reached. */
function clockTick() {
  const reached = playedTo(page.anchor.game, page.anchor.wall, performance.now(), page.speed);
  const at = stepAt(page.times, reached);
  if (at !== page.at) go(at, true);
}

function installSpeed() {
  const select = $("speed");
  replace(select, SPEEDS.map((n) => h("option", { value: String(n) }, `${n}×`)));
  select.value = String(page.speed);
  select.addEventListener("change", () => {
    if (page.timer && page.anchor) {
      // from the game time reached so far, at the new speed
      const reached = playedTo(page.anchor.game, page.anchor.wall, performance.now(), page.speed);
      page.anchor = { game: reached, wall: performance.now() };
    }
    page.speed = Number(select.value) || 1;
  });
}

function stop() {
  clearInterval(page.timer);
  page.timer = null;
  $("play").textContent = "▶ Play";
  $("play").setAttribute("aria-label", "Play");
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  const tag = event.target?.tagName;
  if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && event.target.type !== "range")) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) {
    event.preventDefault();
    stop();
    go(page.at + moves[event.key]);
  } else if (event.key === "Home") {
    event.preventDefault();
    go(0);
  } else if (event.key === "End") {
    event.preventDefault();
    go(page.steps.length - 1);
  } else if (event.key === " " && tag !== "BUTTON") {
    event.preventDefault();
    togglePlay();
  }
}

start().catch((err) => {
  console.error(err);
  errors.show(`The page failed to start: ${err.message}`, { sticky: true });
});
