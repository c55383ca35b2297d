// The fallback renderer for a game without its own module: the view as text, the
// legal moves as buttons, log entries as "kind: field=value". A new game is playable
// in the browser with this before anyone writes games/<game>.js.

import { h, replace } from "../dom.js";

export const title = "";

export function createView(ctx) {
  return {
    render(snap) {
      replace(ctx.board, h("pre", { class: "generic-view" }, JSON.stringify(snap.view, null, 2)));
      if (!ctx.controls) return;
      const mine = (snap.decisions || []).find((d) => d.seat === snap.seat);
      const moves = (snap.legal || []).map((move, i) =>
        h("button", {
          class: "move",
          type: "button",
          disabled: snap.busy,
          dataset: { action: move.action, ...(i < 9 ? { moveIndex: String(i + 1) } : {}) },
          onclick: () => ctx.act(move.action),
        }, i < 9 ? h("kbd", {}, String(i + 1)) : null, move.text || move.action),
      );
      replace(
        ctx.controls,
        h("h2", { class: "decision-title" }, mine ? "Your decision" : "Waiting"),
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
