// The page frame shared by the lobby, table and replay pages: header, error line,
// connection status, and loading a game's renderer. Game-agnostic.
//
// A game renderer is the module static/js/games/<game>.js. It exports:
//   title            the game's display name
//   seatNames        optional, display names of the seats (lobby seat labels)
//   helpText         optional, a few paragraphs (array of strings) for the rules panel
//   cardType(card)   optional, a short type label for a rules-panel card entry
//   createView(ctx)  -> { render(snapshot), logText(entry, seat), resultText?(result, snapshot),
//                         clearSelection?() }
// ctx = { board, controls, rules, seat, readOnly, act(action), seatLabel(seat) }:
//   board     element for the game picture (sides, battle, hands)
//   controls  element for the decision and the legal moves (null when read-only)
//   act       sends an action's canonical text
// snapshot = { view, legal, decisions, seats, result, seat, version, busy, views? }
//   views     all-seeing replays only: every seat's own view, by seat
// Move buttons carry data-action (the action text) and, for the first nine listed,
// data-move-index 1..9; the frame's keyboard handler clicks them for the number
// keys, and `p` clicks [data-action="pass"].

import { h, replace } from "./dom.js";

/** Load games/<game>.js, or the generic renderer when the game has none. */
export async function loadRenderer(game) {
  if (/^[a-z0-9_-]+$/.test(game)) {
    try {
      return await import(`./games/${game}.js`);
    } catch (err) {
      console.warn(`no renderer for ${game}, using the generic one`, err);
    }
  }
  return import("./games/generic.js");
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
