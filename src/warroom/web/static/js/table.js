// The table page (/table/{id}): connect, render the game with its renderer, send moves.
// Game-agnostic: everything about the game itself is in static/js/games/<game>.js.

import { api, forgetSeat, loadInvites, loadSeat, saveSeat, takeTokenFromFragment } from "./api.js";
import { cap, copyText, h, replace } from "./dom.js";
import {
  ErrorLine, genericResult, installMoveKeys, loadRenderer, pieceIndex, seatClass, seatLabel, seatOfEntry, showStatus,
} from "./frame.js";
import { glossaryIndex, markKeywords } from "./glossary.js";
import { installRulesPanel } from "./rules.js";
import { TableSocket } from "./socket.js";

const $ = (id) => document.getElementById(id);
const errors = new ErrorLine($("error"));
const BUSY_TIMEOUT_MS = 8000;

const page = {
  table: decodeURIComponent((location.pathname.match(/\/table\/([^/]+)/) || [])[1] || ""),
  seat: null,
  info: null,
  renderer: null,
  view: null,
  socket: null,
  last: null, // the latest state message
  busy: false,
  busyTimer: null,
  logShown: 0,
  resultShown: false,
  gotState: false,
  refusedHello: null,
  realtime: false, // the table's states carry a game clock: no waiting for answers, a live clock
  clockTimer: null,
  glossary: null, // the game's keywords (glossary.js), marked on the board and the moves
  momentSeen: null, // log entries already considered for the outcome panel (null: none yet)
  moment: null, // the outcome shown now: { el, holdUntil }
  momentTimer: null,
};
const MOMENT_MS = 12000; // an outcome's panel stays this long unless dismissed
const CLOCK_MS = 100; // real time: how often the clock line is redrawn

async function start() {
  if (!page.table) {
    fatal("No table in the address.");
    return;
  }
  const { spectate } = takeTokenFromFragment(page.table);
  const stored = spectate ? null : loadSeat(page.table);
  try {
    await api.me(); // the player cookie, so the socket's handshake carries it (any tab finds its seat)
  } catch {
    // without it this tab can still watch, or play with a seat link
  }
  try {
    page.info = await api.table(page.table);
  } catch (err) {
    fatal(err.status === 404 ? `There is no table ${page.table}.` : `The table could not be loaded: ${err.message}`);
    return;
  }
  const game = page.info.game;
  let rules = null;
  try {
    rules = await api.rules(game);
  } catch (err) {
    errors.show(`The rules of ${game} could not be loaded: ${err.message}`);
  }
  page.renderer = await loadRenderer(game);
  const title = page.renderer.title || rules?.title || game;
  page.title = title;
  document.title = `${title} · warroom`;
  replace($("title"), `${title} · table ${page.table}`);
  page.seat = stored ? stored.seat : null;
  page.glossary = glossaryIndex(rules);
  showWhoami();
  // one ctx object for the page's life: the renderer keeps it, and the frame updates ctx.seat
  page.ctx = {
    board: $("board"),
    controls: $("controls"),
    rules,
    pieces: pieceIndex(rules),
    seat: page.seat,
    readOnly: false,
    act,
    // real-time tables: the game time now (ms), following the server's clock between states; null otherwise
    gameTime: () => page.socket?.gameTime() ?? null,
    seatLabel: (index) => seatLabel(page.last?.seats || page.info.seats, index, page.seat),
  };
  page.view = page.renderer.createView(page.ctx);
  installRulesPanel($("rules-button"), $("rules-dialog"), () => api.rules(game), page.renderer);
  // on a phone the moves panel is pinned over the board; it can be folded down to its first lines
  $("controls-toggle").addEventListener("click", () => {
    const folded = $("controls-panel").classList.toggle("folded");
    $("controls-toggle").setAttribute("aria-expanded", folded ? "false" : "true");
    $("controls-toggle").textContent = folded ? "show moves ▴" : "hide moves ▾";
  });
  installMoveKeys(() => page.view);
  replace($("board"), h("p", { class: "muted loading" }, "Connecting to the table…"));
  page.socket = new TableSocket(page.table, stored ? stored.token : null, {
    onState,
    onError,
    onStatus,
    // the invite link this tab came with is spent: this tab keeps the seat's own token instead
    onSeat: (message) => saveSeat(page.table, message.seat, message.token),
  });
  page.socket.spectate = spectate;
  page.socket.connect();
  $("resign").addEventListener("click", () => {
    if (window.confirm("Resign? The game ends now and the other side wins.")) page.socket.send({ type: "resign" });
  });
  $("leave").addEventListener("click", () => {
    if (window.confirm("Leave this table? Your seat is freed for someone else.")) {
      forgetSeat(page.table);
      page.socket.token = null;
      page.socket.send({ type: "leave" });
    }
  });
  window.addEventListener("pagehide", () => page.socket?.close());
  // a handle for the browser console and the end-to-end tests (nothing secret: it is this tab's own seat)
  window.warroom = { page, socket: page.socket };
}

function fatal(text) {
  errors.show(text, { sticky: true });
  replace($("board"), h("div", { class: "panel fatal" }, h("p", {}, text), h("a", { class: "button", href: "/" }, "Back to the lobby")));
  replace($("controls"));
  showStatus($("conn"), "closed");
}

function showWhoami() {
  const el = $("whoami");
  if (page.seat === null || page.seat === undefined) {
    replace(el, h("span", { class: "badge" }, "watching"));
    return;
  }
  const seats = page.last?.seats || page.info?.seats || [];
  const seat = seats.find((s) => s.seat === page.seat);
  const name = seat ? seat.name : `seat ${page.seat}`;
  replace(el, "You play ", h("b", { class: `seat-name ${seatClass(page.seat)}` }, name[0].toUpperCase() + name.slice(1)));
}

// ----- socket events -----------------------------------------------------------------------------
function onState(message, log) {
  page.gotState = true;
  page.last = message;
  const realtime = Number.isInteger(message.clock_ms);
  if (realtime !== page.realtime) {
    page.realtime = realtime;
    clearInterval(page.clockTimer);
    if (realtime) page.clockTimer = setInterval(renderClock, CLOCK_MS);
  }
  if (message.seat !== page.seat) {
    // the server decides who we are: a token it does not accept means we are watching
    if (page.seat !== null && message.seat === null) {
      errors.show("Your seat link was not accepted: you are watching this table.", { sticky: true });
      forgetSeat(page.table);
    }
    page.seat = message.seat;
    page.ctx.seat = message.seat;
    showWhoami();
  }
  const seated = message.seat !== null && message.seat !== undefined && !message.result;
  const status = message.result ? "finished" : message.seats.every((s) => s.claimed) ? "running" : "open";
  $("resign").hidden = !(seated && status === "running");
  $("leave").hidden = !(seated && status === "open");
  if (message.reply_to || page.socket.pending === null) setBusy(false);
  noticeMoments(log, message);
  renderAll(log);
}

function onError(message) {
  if (!page.gotState && page.socket.token) page.refusedHello = message.reason;
  setBusy(false);
  errors.show(message.reason);
  if (page.last) renderAll(page.socket.log);
}

function onStatus(status) {
  showStatus($("conn"), status, () => page.socket.retryNow());
  if (page.last) renderGame();
  if (status === "reconnecting") {
    if (!page.gotState && page.refusedHello && page.socket.token) {
      // the server refused our hello and hung up: watch instead of knocking forever
      errors.show(`Your seat link was not accepted (${page.refusedHello}): you are watching.`, { sticky: true });
      forgetSeat(page.table);
      page.socket.token = null;
      page.seat = null;
      showWhoami();
    }
    page.gotState = false;
    setBusy(false);
  }
}

function act(action) {
  if (page.busy) return;
  const id = page.socket.act(action);
  if (id === null) {
    errors.show("Not connected: the move was not sent. Reconnecting…");
    return;
  }
  // real time: no waiting for the answer, the next move may follow at once (the game checks each
  // one when it arrives); turn-based: one move at a time
  if (page.realtime) renderClock();
  else setBusy(true);
}

function setBusy(busy) {
  clearTimeout(page.busyTimer);
  const changed = page.busy !== busy;
  page.busy = busy;
  if (busy) {
    page.busyTimer = setTimeout(() => {
      setBusy(false);
      errors.show("No answer from the server yet; you can try again.");
    }, BUSY_TIMEOUT_MS);
  }
  if (changed && page.last) renderGame();
  document.body.classList.toggle("busy", busy);
}

// ----- rendering ---------------------------------------------------------------------------------
/** Real-time tables: the game time, the moves on their way, and every player's round trip. */
function renderClock() {
  const el = $("clock");
  if (!el) return;
  el.hidden = !page.realtime;
  if (!page.realtime || !page.last) return;
  const ms = page.socket.gameTime() ?? 0;
  const parts = [h("span", { class: "clock-time", title: "Game time" }, `${(ms / 1000).toFixed(1)} s`)];
  const flying = page.socket.inFlight.size;
  if (flying) parts.push(h("span", { class: "clock-flight" }, `${flying} move${flying > 1 ? "s" : ""} on the way`));
  for (const seat of page.last.seats || []) {
    if (seat.latency_ms === null || seat.latency_ms === undefined) continue;
    const name = seat.seat === page.seat ? "you" : seat.name;
    parts.push(h("span", { class: `clock-latency ${seatClass(seat.seat)}`, title: "Round trip to the server" },
      `${name} ${seat.latency_ms} ms`));
  }
  replace(el, ...parts);
}

function snapshot() {
  const m = page.last;
  return {
    view: m.view,
    legal: m.legal || [],
    decisions: m.decisions || [],
    seats: m.seats || [],
    result: m.result,
    seat: m.seat,
    version: m.version,
    // no moves while a move is on its way (turn-based), while the connection is down, or while
    // an outcome is held up to be read (the server's pause_ms)
    busy: page.busy || page.socket.status !== "connected" || momentHolds(),
    gameTime: page.socket.gameTime(),
    log: page.socket.log || [], // this seat's log so far (a renderer may show an outcome from it)
  };
}

// ----- the decision clock: the deadline the server sent, counted down here ------------------------
function startCountdown(message) {
  const timed = (message.decisions || []).filter((d) => d.time_left_ms !== null && d.time_left_ms !== undefined);
  page.deadline = timed.length ? { at: Date.now() + timed[0].time_left_ms, seats: timed.map((d) => d.seat) } : null;
  clearInterval(page.countdownTimer);
  drawCountdown();
  if (page.deadline) page.countdownTimer = setInterval(drawCountdown, 250);
}

function drawCountdown() {
  const el = $("countdown");
  if (!page.deadline) {
    el.hidden = true;
    return;
  }
  const left = Math.max(0, Math.ceil((page.deadline.at - Date.now()) / 1000));
  const mine = page.deadline.seats.includes(page.seat);
  const who = mine ? "Your time" : page.deadline.seats.map((s) => page.ctx.seatLabel(s)).join(", ");
  el.hidden = false;
  el.classList.toggle("urgent", left <= 10);
  el.textContent = `${who}: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  el.title = "When the time runs out, the autopilot decides for this seat.";
}

function renderAll(log) {
  document.body.dataset.version = String(page.last.version);
  startCountdown(page.last);
  renderGame();
  renderLog(log);
  renderInvites();
  renderResult();
  renderClock();
  const mine = (page.last.legal || []).length > 0;
  const title = page.title || page.info.game;
  document.title = `${mine ? "● Your move · " : ""}${title} · warroom`;
}

function renderGame() {
  try {
    page.view.render(snapshot());
    if (!page.renderer.marksKeywords) {
      markKeywords($("board"), page.glossary);
      markKeywords($("controls"), page.glossary);
    }
  } catch (err) {
    // a renderer bug must not take the page down: show it and keep the connection
    console.error(err);
    errors.show(`Display error: ${err.message}`);
  }
  renderWaitingForSeats();
}

/** Seats nobody has taken yet: name them, instead of the renderer's "deciding" line. */
function renderWaitingForSeats() {
  const m = page.last;
  if (!m || m.result) return;
  const open = (m.seats || []).filter((s) => s.kind === "human" && !s.claimed);
  if (!open.length) return;
  const names = open.map((s) => `seat ${s.seat + 1} (${cap(s.name)})`);
  const text = names.length === 1 ? `Waiting for a player to take ${names[0]}`
    : `Waiting for players to take ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  replace($("controls"), h("div", { class: "decision waiting waiting-seats" },
    h("h2", { class: "decision-title" }, `${text}…`),
    h("p", { class: "help" }, "The game starts once every seat is taken: send an invite link, or wait for someone to join from the lobby.")));
}

// ----- outcomes: the result of an engagement or battle, held up to be read ---------------------
/** New log entries the renderer has an outcome panel for (view.moment): show the latest. */
function noticeMoments(log, message) {
  if (page.momentSeen === null || log.length < page.momentSeen) {
    page.momentSeen = log.length; // what was there when we connected is history, not news
    return;
  }
  const fresh = log.slice(page.momentSeen);
  page.momentSeen = log.length;
  if (message.result) {
    hideMoment(); // the result's own panel says how it ended
    return;
  }
  if (!page.view.moment) return;
  let shown = null;
  for (const entry of fresh) {
    try {
      shown = page.view.moment(entry, snapshot()) || shown;
    } catch (err) {
      console.error(err);
    }
  }
  if (shown) showMoment(shown, message.pause_ms || 0);
}

function momentHolds() {
  return Boolean(page.moment && Date.now() < page.moment.holdUntil);
}

function showMoment(moment, pauseMs) {
  clearTimeout(page.momentTimer);
  const box = $("moment");
  // a notice (moment.notice) floats over the page and lets every click through: a real-time
  // table's moves must neither move nor wait under it
  const notice = Boolean(moment.notice);
  const dismiss = notice ? null : h("button", { class: "button", type: "button", onclick: () => hideMoment() }, "Continue");
  replace(box, h("section", { class: `moment panel ${seatClass(moment.seat)}`, role: "status", "aria-label": "Outcome" },
    h("h2", {}, moment.headline),
    moment.lines?.length ? h("ul", {}, moment.lines.map((line) => h("li", {}, line))) : null,
    moment.why ? h("p", { class: "moment-why" }, moment.why) : null,
    pauseMs > 0 ? h("p", { class: "muted moment-wait" }, "Read it: the next moves come in a moment.") : null,
    dismiss));
  box.classList.toggle("notice", notice);
  box.hidden = false;
  markKeywords(box, page.glossary);
  page.moment = { holdUntil: Date.now() + pauseMs };
  // the moves come back when the hold ends; the panel itself stays a while longer, or until dismissed
  if (pauseMs > 0) setTimeout(() => page.last && renderGame(), pauseMs + 20);
  page.momentTimer = setTimeout(hideMoment, Math.max(moment.ms || MOMENT_MS, pauseMs));
}

function hideMoment() {
  clearTimeout(page.momentTimer);
  const held = momentHolds();
  page.moment = null;
  $("moment").hidden = true;
  if (held && page.last) renderGame();
}

function logLine(entry) {
  let text;
  try {
    text = page.view.logText(entry, page.seat);
  } catch {
    text = JSON.stringify(entry);
  }
  const classes = [`log-${entry.kind}`, seatClass(seatOfEntry(entry, page.last?.seats))];
  const li = h("li", { class: classes.filter(Boolean).join(" ") }, text);
  markKeywords(li, page.glossary);
  return li;
}

function renderLog(log) {
  const list = $("log");
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  if (log.length < page.logShown) {
    list.replaceChildren();
    page.logShown = 0;
  }
  if (!log.length && !list.children.length) {
    list.appendChild(h("li", { class: "muted empty-log" }, "Nothing has happened yet."));
  }
  if (log.length > page.logShown) {
    list.querySelector(".empty-log")?.remove();
    for (const entry of log.slice(page.logShown)) list.appendChild(logLine(entry));
    page.logShown = log.length;
  }
  if (nearBottom || page.logShown === log.length) list.scrollTop = list.scrollHeight;
}

function renderInvites() {
  const seats = page.last.seats || [];
  const open = loadInvites(page.table).filter((inv) => {
    const seat = seats.find((s) => s.seat === inv.seat);
    return seat && seat.kind === "human" && !seat.claimed;
  });
  const box = $("invites");
  box.hidden = !open.length;
  if (!open.length) return;
  replace(
    box,
    h("h2", {}, "Invite players"),
    h("p", { class: "muted" }, "Send each link to one player. The game starts once every seat is taken. Anyone with a link plays that seat, so share it privately."),
    open.map((inv) => {
      const url = new URL(inv.url, location.origin).href;
      const field = h("input", { type: "text", readonly: true, value: url, "aria-label": `Invite link for ${inv.name}`, onfocus: (e) => e.target.select() });
      const button = h("button", {
        class: "button",
        type: "button",
        onclick: async () => {
          const ok = await copyText(url);
          button.textContent = ok ? "Copied" : "Copy failed: select and copy";
          setTimeout(() => { button.textContent = "Copy link"; }, 2000);
        },
      }, "Copy link");
      return h("div", { class: "invite" }, h("b", {}, `${inv.name[0].toUpperCase()}${inv.name.slice(1)}`), field, button);
    }),
  );
}

function renderResult() {
  const result = page.last.result;
  const overlay = $("result");
  if (!result) {
    overlay.hidden = true;
    page.resultShown = false;
    return;
  }
  if (page.resultShown) return;
  page.resultShown = true;
  if (!document.getElementById("replay-link")) {
    $("rules-button").before(h("a", { id: "replay-link", class: "button subtle", href: `/replay/${encodeURIComponent(page.table)}` }, "Replay"));
  }
  let text;
  try {
    text = page.view.resultText ? page.view.resultText(result, snapshot()) : null;
  } catch {
    text = null;
  }
  const headline = text?.headline || "Game over";
  const detail = text?.detail || genericResult(result, page.last.seats);
  const summary = page.last.summary || [];
  const close = h("button", { class: "button subtle", type: "button", onclick: () => { overlay.hidden = true; } }, "Look at the board");
  replace(
    overlay,
    h(
      "div",
      { class: "result-card panel", role: "dialog", "aria-modal": "false", "aria-labelledby": "result-title" },
      h("h2", { id: "result-title" }, headline),
      h("p", {}, detail),
      summary.length ? h("ul", { class: "result-summary", "aria-label": "How the game went" },
        summary.map((line) => h("li", {}, line))) : null,
      h(
        "div",
        { class: "result-actions" },
        h("a", { class: "button", href: `/replay/${encodeURIComponent(page.table)}` }, "Watch the replay"),
        h("a", { class: "button subtle", href: "/" }, "Back to the lobby"),
        close,
      ),
    ),
  );
  overlay.hidden = false;
  close.focus();
}

start().catch((err) => {
  console.error(err);
  errors.show(`The page failed to start: ${err.message}`, { sticky: true });
});
