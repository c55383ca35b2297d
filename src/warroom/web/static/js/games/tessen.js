// Tessen's browser renderer: both hunters' tables, the hand, the attack alert with its
// deadline, the round's "Tessen!" and score. Both players act at once: a move is sent the
// moment it is clicked; the server orders moves by arrival and refuses one the table has
// outgrown (the reason shows in the error line).
//
// Click a card in your hand to pick it, then a place: an animal goes to your place, a warrior
// attacks the opponent's place (or clears your own). Click your opponent's discard pile to
// draw from it, your deck to draw, a ✓ pile to keep it. Every legal move is also a button.

import { h, replace } from "../dom.js";
import { seatClass } from "../frame.js";

export const title = "Tessen";
export const stylesheet = "css/games/tessen.css";
export const helpText = [
  "Tessen is played in real time: your opponent does not wait for you.",
  "Pick a card in your hand, then click a place: an animal goes into your own place, a warrior " +
    "attacks the opponent's place or clears your own. Click your deck to draw, the opponent's " +
    "discard pile to draw its top card, a pile marked ✓ to keep it. The buttons list every move.",
  "When you are attacked a red alert shows the time left: defend with a warrior or yield.",
];

const NAMES = {
  pheasant: "Green Pheasant", deer: "Sika Deer", macaque: "Japanese Macaque", marten: "Japanese Marten",
  crane: "Japanese Crane", fox: "Red Fox", bear: "Japanese Black Bear", cat: "Leopard Cat",
  warrior: "Warrior", super: "Super-warrior",
};
const SHORT = {
  pheasant: "Pheasant", deer: "Deer", macaque: "Macaque", marten: "Marten", crane: "Crane", fox: "Fox",
  bear: "Bear", cat: "Cat", warrior: "Warrior", super: "Super",
};

function cardEl(key, more = "") {
  return h("span", { class: `tessen-card kind-${key} ${more}`.trim(), title: NAMES[key] || key }, SHORT[key] || key);
}

export function createView(ctx) {
  let picked = null; // a card key from the hand
  let timer = null;
  let last = null;
  let before = new Map(); // "side:place" -> what it showed, to flash the places that just changed
  let seen = new Map();
  let flashing = false; // only a new state flashes; re-drawing the same one (a pick) does not

  const legalSet = () => new Set((last?.legal || []).map((m) => m.action));
  const send = (action) => {
    if (ctx.readOnly || !legalSet().has(action)) return false;
    picked = null;
    ctx.act(action);
    return true;
  };

  function placeEl(view, sideIndex, place, mine) {
    const classes = ["tessen-place"];
    if (place.blocked_by) classes.push("blocked");
    if (place.attacked) classes.push("attacked");
    const legal = legalSet();
    const n = place.place;
    const onclick = () => {
      if (place.keepable && mine && !picked && send(`keep place=${n}`)) return;
      if (!picked) return;
      if (picked === "warrior" || picked === "super") {
        if (mine) send(`clear place=${n} with=${picked}`);
        else send(`attack place=${n} with=${picked}`);
      } else if (mine) {
        send(`play animal=${picked} place=${n}`);
      }
      render(last);
    };
    const target = picked && (mine
      ? legal.has(`play animal=${picked} place=${n}`) || legal.has(`clear place=${n} with=${picked}`)
      : legal.has(`attack place=${n} with=${picked}`));
    if (target) classes.push("target");
    const shows = `${place.animal}:${place.count}:${place.blocked_by}:${place.attacked}`;
    const key = `${sideIndex}:${n}`;
    seen.set(key, shows);
    if (flashing && before.has(key) && before.get(key) !== shows) classes.push(mine ? "changed" : "changed theirs");
    if (mine && place.keepable && legal.has(`keep place=${n}`)) classes.push("keepable");
    return h("button", { class: classes.join(" "), type: "button", disabled: ctx.readOnly, onclick,
                         dataset: { place: String(n), side: String(sideIndex) } },
      h("span", { class: "place-number" }, String(n)),
      place.blocked_by ? cardEl(place.blocked_by, "blocker") : null,
      place.animal ? h("span", { class: "pile" }, cardEl(place.animal), h("b", {}, ` ×${place.count}`)) : null,
      place.attacked ? h("span", { class: "swords", title: "under attack" }, "⚔") : null,
      mine && place.keepable ? h("span", { class: "keep-mark", title: "3 or more: keep it" }, "✓") : null);
  }

  function sidePanel(snap, index) {
    const view = snap.view;
    const side = view.sides[index];
    const mine = view.seat === side.seat;
    const legal = legalSet();
    const discardTop = side.discard.length ? side.discard[side.discard.length - 1] : null;
    const deck = h("button", {
      class: "tessen-deck", type: "button", disabled: ctx.readOnly || !mine || !legal.has("draw"),
      onclick: () => send("draw"), title: mine ? "draw from your deck" : "their deck",
    }, `deck ${side.deck}`);
    const discard = h("button", {
      class: "tessen-discard", type: "button",
      disabled: ctx.readOnly || mine || !legal.has("draw from=opponent"),
      onclick: () => send("draw from=opponent"), title: mine ? "your animal discard pile" : "draw its top card",
    }, "discard ", discardTop ? cardEl(discardTop) : h("span", { class: "muted" }, "empty"),
      side.discard.length > 1 ? h("span", { class: "muted" }, ` (${side.discard.length})`) : null);
    const facts = h("p", { class: "tessen-facts" },
      `hand ${side.hand_size} · kept ${side.kept} (${side.points} points) · rounds won ${side.wins}`,
      view.dragon ? ` · on the dragon ${side.dragon.strength}` : "",
      side.take ? h("b", { class: "take" }, ` · place ${side.take.count} yielded ${SHORT[side.take.animal]}`) : null);
    const hand = mine && side.hand ? h("div", { class: "tessen-hand" }, side.hand.map((key, i) =>
      h("button", {
        class: `tessen-hand-card ${picked === key ? "picked" : ""}`, type: "button", disabled: ctx.readOnly,
        dataset: { card: key, index: String(i) },
        onclick: () => { picked = picked === key ? null : key; render(last); },
      }, cardEl(key)))) : null;
    const seatIndex = snap.seats?.find((s) => s.name === side.seat)?.seat ?? index;
    return h("section", { class: `panel tessen-side ${seatClass(seatIndex)} ${mine ? "mine" : "theirs"}` },
      h("h2", {}, ctx.seatLabel ? ctx.seatLabel(seatIndex) : side.seat),
      facts,
      h("div", { class: "tessen-row" }, deck, discard),
      h("div", { class: "tessen-places" }, side.places.map((p) => placeEl(view, index, p, mine))),
      hand);
  }

  function middle(view) {
    const parts = [h("span", {}, `warrior discard: ${view.fallen.warrior} + ${view.fallen.super} super`)];
    if (view.sacred) {
      parts.push(h("span", { class: "sacred" }, " · sacred card: ",
        view.sacred.top ? cardEl(view.sacred.top) : h("span", { class: "muted" }, "empty"),
        view.sacred.count > 1 ? ` (on ${view.sacred.count - 1} more)` : ""));
    }
    if (view.dragon) parts.push(h("span", { class: "dragon" }, " · 🐉 the dragon"));
    return h("div", { class: "tessen-middle" }, parts);
  }

  function alert(view) {
    const a = view.attack;
    if (!a) return null;
    const left = h("span", { class: "countdown", dataset: { deadline: String(a.deadline), clock: String(view.clock) } });
    if (a.on === view.seat) {
      return h("div", { class: "tessen-alert", role: "alert" },
        h("strong", {}, "Attack!"), ` on your place ${a.place} with a ${NAMES[a.with]}: defend or yield · `, left);
    }
    return h("div", { class: "tessen-waiting" }, `Attack on place ${a.place}: waiting for the answer · `, left);
  }

  function banner(view) {
    if (!view.rounds.length || view.phase === "play") return null;
    const r = view.rounds[view.rounds.length - 1];
    return h("div", { class: "tessen-banner" }, h("strong", {}, "Tessen!"),
      ` Round ${r.round}: ${r.points[0]} to ${r.points[1]} points, p${r.winner + 1} wins the round`,
      r.tie ? " (a tie: the player who drew the last card wins)" : "",
      r.sacred ? ` · sacred: ${SHORT[r.sacred]}` : "");
  }

  function tick() {
    const started = performance.now();
    for (const el of document.querySelectorAll(".tessen-board .countdown")) {
      el.dataset.shownAt = el.dataset.shownAt || String(started);
    }
    if (timer) clearInterval(timer);
    timer = setInterval(() => {
      for (const el of document.querySelectorAll(".tessen-board .countdown")) {
        const elapsed = performance.now() - Number(el.dataset.shownAt || started);
        const ms = Number(el.dataset.deadline) - Number(el.dataset.clock) - elapsed;
        el.textContent = `${Math.max(0, ms / 1000).toFixed(1)} s left`;
      }
    }, 100);
  }

  function render(snap) {
    const again = last !== null && last.version === snap.version;
    last = snap;
    const view = snap.view;
    if (!view || !view.sides) return;
    flashing = !again;
    if (!again) before = seen;  // a new state: flash what differs from the one shown before
    seen = new Map();
    const me = view.seat === "p2" ? 1 : 0;
    replace(ctx.board, h("div", { class: "tessen-board" },
      h("p", { class: "tessen-head" }, `Round ${view.round} · first to ${view.wins_needed} rounds`),
      sidePanel(snap, 1 - me), middle(view), alert(view), banner(view), sidePanel(snap, me)));
    tick();
    if (!ctx.controls) return;
    const mine = (snap.decisions || []).find((d) => d.seat === snap.seat);
    const legal = snap.legal || [];
    replace(ctx.controls,
      h("h2", { class: "decision-title" }, mine ? "Your moves" : "Watch"),
      mine?.prompt ? h("p", { class: "prompt" }, mine.prompt) : null,
      picked ? h("p", { class: "muted" }, `picked: ${NAMES[picked]} (click a place)`) : null,
      h("div", { class: "moves" }, legal.map((move, i) => h("button", {
        class: "move", type: "button", disabled: snap.busy && false,
        dataset: { action: move.action, ...(i < 9 ? { moveIndex: String(i + 1) } : {}) },
        onclick: () => send(move.action),
      }, i < 9 ? h("kbd", {}, String(i + 1)) : null, move.text || move.action))));
  }

  // ----- notices: a short note over the page after a keep, an answered attack, a round's end ------
  // (table.js floats it and lets every click through: nothing here waits for anyone)
  const seatIndex = (name) => (/^p\d+$/.test(String(name)) ? Number(String(name).slice(1)) - 1 : null);
  const label = (name) => {
    const i = seatIndex(name);
    return i !== null && ctx.seatLabel ? ctx.seatLabel(i) : String(name || "");
  };
  const other = (name) => (name === "p1" ? "p2" : "p1");
  const animals = (key, count) => `${count} ${NAMES[key] || key}`;
  const NOTICE_MS = 2500;

  function notice(entry, log, at) {
    switch (entry.kind) {
      case "keep": return {
        headline: `${label(entry.seat)}: Kept! ${animals(entry.card, entry.count)}`,
        lines: [`from place ${entry.place} · ${entry.kept} animals kept this round`],
        seat: seatIndex(entry.seat), notice: true, ms: NOTICE_MS,
      };
      case "defend": return {
        headline: `${label(entry.seat)} defends place ${entry.place}`,
        lines: [`${NAMES[entry.with] || entry.with} against ${NAMES[entry.against] || entry.against}: both warriors are discarded, nothing moves`],
        seat: seatIndex(entry.seat), notice: true, ms: NOTICE_MS,
      };
      case "yield": {
        const attacker = other(entry.seat);
        // animals the attacker cannot place go to its discard pile at once (the next entry)
        const next = log[at + 1]?.kind === "take" && log[at + 1].seat === attacker ? log[at + 1] : null;
        const where = !next ? "they choose where they go"
          : next.place === "discard" ? "into their discard pile" : `into their place ${next.place}`;
        return {
          headline: `${label(entry.seat)} yields place ${entry.place}${entry.timeout ? " (too late)" : ""}`,
          lines: [entry.count ? `${animals(entry.card, entry.count)} ${entry.count === 1 ? "goes" : "go"} to ${label(attacker)}: ${where}`
            : "the place was empty", "the attacking warrior now blocks the place"],
          seat: seatIndex(attacker), notice: true, ms: NOTICE_MS,
        };
      }
      case "take": {
        // a take in the same state as its yield is told by the yield's notice
        if (log[at - 1]?.kind === "yield") return null;
        return {
          headline: `${label(entry.seat)} takes ${animals(entry.card, entry.count)}${entry.timeout ? " (too late)" : ""}`,
          lines: [entry.place === "discard" ? "into the discard pile" : `into place ${entry.place}`],
          seat: seatIndex(entry.seat), notice: true, ms: NOTICE_MS,
        };
      }
      case "tessen": {
        const lines = [`p1 ${entry.points[0]} points, p2 ${entry.points[1]} points` + (entry.tie ? " (a tie: the player who drew the last card wins)" : "")];
        if (entry.sacred) lines.push(`sacred animal (counts double): ${NAMES[entry.sacred] || entry.sacred}`);
        (entry.dragon_loss || []).forEach((n, i) => { if (n) lines.push(`the dragon takes ${n} kept animals from p${i + 1}`); });
        if (entry.wins) lines.push(`rounds won: p1 ${entry.wins[0]}, p2 ${entry.wins[1]}`);
        return { headline: `Tessen! ${label(`p${entry.winner + 1}`)} wins round ${entry.round}`, lines,
                 seat: entry.winner, notice: true, ms: 4000 };
      }
      default: return null;
    }
  }

  return {
    render,
    clearSelection() { picked = null; },
    moment(entry, snap) {
      const log = snap?.log || [];
      const at = log.indexOf(entry) >= 0 ? log.indexOf(entry) : log.length;
      return notice(entry, log, at);
    },
    logText(entry) {
      const who = entry.seat || "";
      const name = NAMES[entry.card] || entry.card;
      switch (entry.kind) {
        case "draw": return entry.from === "opponent" ? `${who} draws the ${name} from the opponent's discard`
          : `${who} draws (${entry.left} left)${entry.card ? `: ${name}` : ""}`;
        case "play": return `${who} plays a ${name} in place ${entry.place}`;
        case "keep": return `${who}: Kept! ${entry.count} ${name}`;
        case "discard": return `${who} discards a ${name}`;
        case "attack": return `${who}: Attack! on place ${entry.place} with a ${NAMES[entry.with]}`;
        case "defend": return `${who}: Defend!`;
        case "yield": return `${who} yields place ${entry.place}${entry.timeout ? " (too late)" : ""}`;
        case "take": return `${who} places ${entry.count} yielded ${name}`;
        case "clear": return `${who}: Clear! place ${entry.place}`;
        case "dragon": return `${who} attacks the dragon`;
        case "sacred": return `${who} puts a ${name} on the sacred card`;
        case "tessen": return `Tessen! round ${entry.round}: ${entry.points[0]}-${entry.points[1]}, p${entry.winner + 1} wins`;
        case "shogun": return `${who} serves the Shogun (a ${NAMES[entry.with]} leaves their deck)`;
        case "round": return `Round ${entry.round}: Tessen!`;
        case "match": return `${entry.winner} wins the match`;
        default: return entry.kind;
      }
    },
  };
}
