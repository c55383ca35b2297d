// The page frame shared by the lobby, table and replay pages: header, error line,
// connection status, seat colours, and loading a game's renderer. Game-neutral.
//
// THE RENDERER INTERFACE. A game's browser renderer is one module, static/js/games/<game>.js
// (games/generic.js serves every game without one). It exports:
//   title            optional, the game's display name (default: the title in GET /api/games)
//   stylesheet       optional, its own CSS, a path under /static/ ("css/games/<game>.css"),
//                    linked once when the renderer loads; the shared warroom.css has no game's styles
//   helpText         optional, paragraphs (strings) on using this renderer, shown in the rules
//                    panel after the game's own introduction (rules_reference().intro)
//   marksKeywords    optional, true when the renderer explains the glossary's keywords itself
//                    (glossary.js explained()); otherwise the page marks them on the board,
//                    the moves and the log after each render (glossary.js markKeywords)
//   createView(ctx)  -> { render(snapshot), logText(entry, seat), resultText?(result, snapshot),
//                         clearSelection?(), moment?(entry, snapshot) }
//   moment           optional: for a new log entry that is an outcome to read (an engagement's
//                    result), { headline, lines: [text], why, seat, ms?, notice? } for the table's
//                    panel, or null; the moves wait under it for the state's pause_ms. ms: how
//                    long it stays (default 12 s); notice: a floating note that clicks go through
//                    and that moves nothing (real-time tables, where no outcome may hold play)
// ctx = { board, controls, rules, pieces, seat, readOnly, act(action), seatLabel(seat), gameTime() }:
//   board     element for the game picture (sides, battle, hands)
//   controls  element for the decision and the legal moves (null when read-only)
//   rules     the game's rules reference (GET /api/games/{game}/rules, engine/reference.py)
//   pieces    Map: piece id (as views and actions name cards) -> its reference entry
//   act       sends an action's canonical text (real-time tables: any number may be on their way)
//   gameTime  real-time tables: the table's game time now in ms (for countdowns to a deadline the
//             view names), following the server's clock between states; null for turn-based tables
// snapshot = { view, legal, decisions, seats, result, seat, version, busy, views?, gameTime, log }
//   log       this seat's log so far (the entries logText reads)
//   gameTime  the game time when the snapshot was taken (real time), else null
//   views     all-seeing replays only: every seat's own view, by seat
// The view (Game.view) carries every derived fact a renderer shows (totals, negated cards...):
// a renderer displays, it never re-implements a rule.
// Colour a seat's elements with seatClass(index) ("seated seat-N"): CSS custom properties
// --seat, --seat-soft and --seat-light then hold that seat's colours (warroom.css).
// Move buttons carry data-action (the action text) and, for the first nine listed,
// data-move-index 1..9; the frame's keyboard handler clicks them for the number
// keys, and `p` clicks [data-action="pass"].

import { h, replace } from "./dom.js";

/** Load games/<game>.js (and its stylesheet), or the generic renderer when the game has none. */
export async function loadRenderer(game) {
  let renderer = null;
  if (/^[a-z0-9_-]+$/.test(game)) {
    try {
      renderer = await import(`./games/${game}.js`);
    } catch (err) {
      console.warn(`no renderer for ${game}, using the generic one`, err);
    }
  }
  renderer = renderer || (await import("./games/generic.js"));
  if (typeof renderer.stylesheet === "string") linkStylesheet(renderer.stylesheet);
  return renderer;
}

function linkStylesheet(path) {
  const href = `/static/${path.replace(/^\/+/, "")}`;
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  document.head.appendChild(h("link", { rel: "stylesheet", href }));
}

/** Every piece id of a rules reference -> its entry (with the section's key as `section`). */
export function pieceIndex(rules) {
  const out = new Map();
  for (const section of rules?.sections || []) {
    for (const entry of section.entries || []) {
      for (const id of entry.ids || []) out.set(id, { ...entry, section: section.key });
    }
  }
  return out;
}

/** The classes that colour an element as seat `index`'s: "seated seat-N" (10 colours, then again). */
export function seatClass(index) {
  return Number.isInteger(index) && index >= 0 ? `seated seat-${index % 10}` : "";
}

/** The seat a log entry is about: its `seat` number, or the seat whose name is its `side`/`seat_name`. */
export function seatOfEntry(entry, seats) {
  if (Number.isInteger(entry?.seat)) return entry.seat;
  const name = entry?.side ?? entry?.seat_name;
  if (typeof name !== "string") return null;
  const found = (seats || []).find((s) => s.name === name);
  return found ? found.seat : null;
}

/** The one-line error bar at the top of the page. */
export class ErrorLine {
  constructor(el) {
    this.el = el;
    this.timer = null;
  }

  show(reason, { sticky = false } = {}) {
    clearTimeout(this.timer);
    const text = String(reason || "something went wrong").split("\n")[0];
    replace(
      this.el,
      h("span", { class: "error-text", text }),
      h("button", { class: "link-button", type: "button", "aria-label": "Dismiss", onclick: () => this.hide() }, "✕"),
    );
    this.el.hidden = false;
    if (!sticky) this.timer = setTimeout(() => this.hide(), 9000);
  }

  hide() {
    clearTimeout(this.timer);
    this.el.hidden = true;
  }
}

const STATUS_TEXT = {
  connecting: "connecting…",
  connected: "connected",
  reconnecting: "reconnecting…",
  closed: "offline",
};

/** Show the connection state in the header pill. */
export function showStatus(el, status, onRetry) {
  el.className = `conn conn-${status}`;
  const parts = [h("span", { class: "conn-dot", "aria-hidden": "true" }), STATUS_TEXT[status] || status];
  if (status === "reconnecting" && onRetry) {
    parts.push(h("button", { class: "link-button", type: "button", onclick: onRetry }, "retry now"));
  }
  replace(el, ...parts);
  el.title = status === "connected" ? "Live connection to the server" : "Trying to reach the server";
}

/** Install the move shortcuts: 1-9 choose listed moves, p passes, Escape clears a selection. */
export function installMoveKeys(getView) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    if (document.querySelector("dialog[open]")) return;
    let button = null;
    if (/^[1-9]$/.test(event.key)) {
      button = document.querySelector(`[data-move-index="${event.key}"]`);
    } else if (event.key === "p" || event.key === "P") {
      button = document.querySelector('[data-action="pass"]');
    } else if (event.key === "Escape") {
      getView()?.clearSelection?.();
      return;
    }
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });
}

/** A seat's display label: "Good (you)", "Evil (bot: random)", "Evil (open seat)". */
export function seatLabel(seats, index, mySeat) {
  const seat = (seats || []).find((s) => s.seat === index);
  const name = seat ? seat.name : `seat ${index}`;
  const label = name ? name[0].toUpperCase() + name.slice(1) : `Seat ${index + 1}`;
  if (index === mySeat) return `${label} (you)`;
  if (!seat) return label;
  if (seat.kind === "bot") return `${label} (bot: ${seat.bot})`;
  if (!seat.claimed) return `${label} (open seat)`;
  return `${label} (${seat.connected ? "player" : "player, away"})`;
}

/** "finished" -> a readable result line from a generic result {winners, reason}. */
export function genericResult(result, seats) {
  if (!result) return "";
  const names = (result.winners || []).map((w) => {
    const seat = (seats || []).find((s) => s.seat === w);
    return seat ? seat.name : `seat ${w}`;
  });
  const who = names.length ? `${names.join(" and ")} won` : "Draw";
  return result.reason ? `${who}: ${result.reason}` : who;
}
