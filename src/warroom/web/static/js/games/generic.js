// The fallback renderer for a game without its own module: the seats in their colours, the
// view as text, the legal moves as buttons, log entries as "kind: field=value". A new game is
// playable in the browser with this before anyone writes games/<game>.js.

import { h, replace } from "../dom.js";
import { seatClass } from "../frame.js";

export function createView(ctx) {
  return {
    render(snap) {
      const deciding = new Set((snap.decisions || []).map((d) => d.seat));
      const seats = (snap.seats || []).map((s) => h(
        "li",
        { class: `generic-seat ${seatClass(s.seat)} ${deciding.has(s.seat) ? "deciding" : ""}` },
        h("span", { class: `seat-swatch ${seatClass(s.seat)}`, "aria-hidden": "true" }),
        " ",
        ctx.seatLabel ? ctx.seatLabel(s.seat) : s.name,
        deciding.has(s.seat) ? h("span", { class: "muted" }, " · to decide") : null,
      ));
      replace(ctx.board, h("section", { class: "panel generic" },
        seats.length ? h("ul", { class: "generic-seats" }, seats) : null,
        h("pre", { class: "generic-view" }, JSON.stringify(snap.view, null, 2))));
      if (!ctx.controls) return;
      const mine = (snap.decisions || []).find((d) => d.seat === snap.seat);
      const legal = snap.legal || [];
      const moves = legal.map((move, i) =>
        h("button", {
          class: "move",
          type: "button",
          disabled: snap.busy,
          dataset: { action: move.action, ...(i < 9 ? { moveIndex: String(i + 1) } : {}) },
          onclick: () => ctx.act(move.action),
        }, i < 9 ? h("kbd", {}, String(i + 1)) : null, move.text || move.action),
      );
      const open = (snap.seats || []).some((s) => s.kind === "human" && !s.claimed);
      const waiting = open ? "Waiting for players to join" : "Waiting";
      replace(
        ctx.controls,
        h("h2", { class: "decision-title" }, mine && legal.length ? "Your decision" : waiting),
        mine?.prompt ? h("p", { class: "prompt" }, mine.prompt) : null,
        h("div", { class: "moves" }, moves),
      );
    },
    logText(entry) {
      if (typeof entry.text === "string") return entry.text;
      const words = Object.entries(entry)
        .filter(([key]) => key !== "kind")
        .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
      return `${entry.kind}: ${words.join(" ")}`;
    },
  };
}
