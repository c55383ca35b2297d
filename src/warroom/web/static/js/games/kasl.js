// Kasl's renderer: the board as SVG (fiefdom colours, rivers, bridges, mountains, owners, units,
// strongholds, Lords, plague), the round track with the plague numbers, the kingdom scale, the
// latest battle's dice, the viewer's secret missions, and the moves. Click a territory to pick
// it, or click your territory then an enemy one to attack. Everything shown comes from the view
// and the rules reference (the board's shapes and borders); nothing is computed here.

import { h, replace } from "../dom.js";
import { seatClass } from "../frame.js";

export const title = "Kasl";
export const stylesheet = "css/games/kasl.css";
export const helpText = [
  "Click a territory to choose it when you are asked where to place something.",
  "To attack, click one of your territories, then the territory to attack (or use the buttons).",
  "A square is a stronghold (its number the level), a crown a Lord, a skull the black plague.",
];

const SVG = "http://www.w3.org/2000/svg";
const UNIT_LETTERS = ["I", "A", "C", "W"];

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** The board's static facts from the rules reference: shapes, fiefdoms, borders. */
function boardFrom(rules) {
  const sections = Object.fromEntries((rules?.sections || []).map((sec) => [sec.key, sec]));
  const fiefColour = {};
  for (const f of sections.fiefdoms?.entries || []) fiefColour[f.name] = f.fields.colour;
  const territories = (sections.territories?.entries || []).map((e) => ({
    id: e.fields.number,
    name: e.name,
    fiefdom: e.fields.fiefdom,
    colour: fiefColour[e.fields.fiefdom] || "#ccc",
    shape: String(e.fields.shape).split(" ").map((p) => p.split(",").map(Number)),
  }));
  const borders = (sections.borders?.entries || []).map((e) => e.fields);
  let maxX = 0;
  let maxY = 0;
  for (const t of territories) {
    for (const [x, y] of t.shape) {
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
    const n = t.shape.length;
    t.cx = t.shape.reduce((a, p) => a + p[0], 0) / n;
    t.cy = t.shape.reduce((a, p) => a + p[1], 0) / n;
  }
  const byId = new Map(territories.map((t) => [t.id, t]));
  // the edge two shapes share: where a river, bridge or mountain border is drawn
  const segments = [];
  for (const b of borders) {
    if (b.type === "open") continue;
    const a = byId.get(b.a);
    const c = byId.get(b.b);
    if (!a || !c) continue;
    const keys = new Set(c.shape.map((p) => p.join(",")));
    const common = a.shape.filter((p) => keys.has(p.join(",")));
    if (common.length >= 2) segments.push({ type: b.type, p: common[0], q: common[1] });
  }
  return { territories, byId, segments, width: maxX + 20, height: maxY + 20 };
}

const PIECES = ["infantry", "archers", "cavalry", "war machine", "Lord", "fortified city", "fortress", "castle"];
const LEVELS = ["", "fortified city", "fortress", "castle"];

/** "2 infantry, 1 Lord" for counts by piece (PIECES' order), "nothing" for none. */
function units(counts) {
  return (counts || []).map((n, k) => (n ? `${n} ${PIECES[k]}` : "")).filter(Boolean).join(", ") || "nothing";
}

/** `who` for the armies of `entries`: the one an entry marks as the neutral army (`neutral`, its
 * owner number: with two players it is the third colour's number) is "Neutral". */
function naming(who, ...entries) {
  const neutral = entries.find((x) => Number.isInteger(x?.neutral))?.neutral;
  return (p) => (!Number.isInteger(p) || p < 0 ? "nobody" : p === neutral ? "Neutral" : who(p));
}

/** A log line for the events the game reports (the same words as the terminal's). */
function sentence(e, board, who) {
  const t = (id) => `${id} ${board.byId.get(id)?.name || ""}`.trim();
  const seat = naming(who, e);
  const dice = (d) => (d || []).map((x) => x.join("→")).join(" ");
  switch (e.kind) {
    case "recruit_auto": return `${seat(e.seat)} recruits ${e.units.map(([t, k]) => `${PIECES[k]} on ${t}`).join(", ") || "nothing"}`;
    case "vacant": return `${t(e.territory)} is vacant`;
    case "lord_lost": return `${seat(e.owner)}'s Lord on ${e.territory} is alone and eliminated`;
    case "spread_roll": return `Plague spreading dice: ${e.rolls.map(([id, d]) => `${id}:${d}`).join(", ")}`;
    case "skip": return `${seat(e.seat)} has no territory left`;
    case "end": return `Game over: ${e.scores.map((sc, p) => `${seat(p)} ${sc.total} VP`).join(", ")}`;
    case "deal": return `${seat(e.seat)} holds ${e.territories.length} territories: ${e.territories.join(", ")}`;
    case "tie_roll": return `Tie (${e.why}): ${e.seats.map((p, i) => `${seat(p)} ${e.dice[i]}`).join(", ")}`;
    case "round": return `Round ${e.round}: order of play ${e.order.map(seat).join(", ")}`;
    case "turn": return `${seat(e.seat)}'s turn`;
    case "place": return `${seat(e.seat)} places ${PIECES[e.piece]} on ${t(e.territory)}`;
    case "recruit": return `${seat(e.seat)} recruits (kingdom ${e.kingdom}, level ${e.level}): ${units(e.units)}`;
    case "fortify": return `${seat(e.seat)} fortifies ${t(e.territory)} into a ${LEVELS[e.level]}`;
    case "build": return `${seat(e.seat)} builds a fortified city on ${t(e.territory)}`;
    case "attack":
      if (e.how === "dice") {
        return `${seat(e.attacker)} attacks ${t(e.to)} from ${e.from}: ${dice(e.attack_dice)} vs ${dice(e.defence_dice)}`
          + ` (hits ${e.hits[0]}-${e.hits[1]})`;
      }
      return `${seat(e.attacker)} takes ${t(e.to)} from ${e.from} without dice (${e.how})`;
    case "loss": return `${seat(e.owner)} loses ${PIECES[e.unit]} on ${e.territory}`;
    case "combat_end": return `${e.taken ? `${seat(e.attacker)} takes ${t(e.to)}` : `${t(e.to)} is not taken`}`
      + ` (attacker lost ${units(e.lost[0])}; defender lost ${units(e.lost[1])})`;
    case "capture": return `${seat(e.seat)} occupies ${t(e.territory)} with ${units(e.moved)}`;
    case "siege": return `${seat(e.by)} besieges ${t(e.territory)}: ${e.replaced ? "the stronghold changes colour" : "destroyed"}`;
    case "plague": return `The black plague ${e.how} on ${t(e.territory)}`;
    case "declare": return `${seat(e.seat)} declares the plague on ${t(e.card)}`;
    case "move": return `${seat(e.seat)} moves ${units(e.moved)} from ${e.from} to ${e.to}`;
    case "lord_move": return `${seat(e.seat)} moves a Lord from ${e.from} to ${e.to}`;
    case "plague_roll": return `Plague die: ${e.die} (plague on ${(e.numbers || []).join(", ") || "–"})`;
    case "missions": return e.territories ? `Your missions: ${e.territories.map(t).join(", ")}` : `${seat(e.seat)} draws 2 missions`;
    default: return null;
  }
}

// ----- outcomes: the panel after a combat or a plague strike, from the log's own entries ---------
const STRONGHOLD = ["", "fortified city", "fortress", "castle"];

/** The latest entry before index `at` of `kind` that `match`es, stopping at an entry of a kind in
 * `stop` (a newer turn or round): the entries an outcome's panel reads besides its own. */
function before(log, at, kind, match = () => true, stop = []) {
  for (let i = at - 1; i >= 0; i -= 1) {
    if (log[i].kind === kind && match(log[i])) return log[i];
    if (stop.includes(log[i].kind)) return null;
  }
  return null;
}

/** The panel for a finished combat (`combat_end`, with its `attack` and any siege before it). */
function combatMoment(e, log, board, who) {
  const t = (id) => `${id} ${board.byId.get(id)?.name || ""}`.trim();
  const at = log.indexOf(e) >= 0 ? log.indexOf(e) : log.length;
  const attack = before(log, at, "attack", (a) => a.from === e.from && a.to === e.to, ["combat_end", "turn"]);
  const seat = naming(who, e, attack);
  const lines = [];
  if (attack?.how === "dice") {
    const throws = (dice) => dice.map((d) => d.join("→")).join(" ");
    const level = attack.stronghold || 0;
    const fort = level ? `; ${STRONGHOLD[level]} ${attack.war_machine ? "cancelled by the war machine" : `+${level}`}` : "";
    const lords = attack.lords || [0, 0];
    const cv = attack.cv || [];
    const hits = (n) => `${n} hit${n === 1 ? "" : "s"}`;
    const lord = (has) => (has ? "; a Lord: 1s thrown again" : "");
    lines.push(`${seat(attack.attacker)} attacks from ${attack.from}: ${throws(attack.attack_dice)} = ${hits(attack.hits[0])}`
      + ` (${attack.attack_dice.length} dice: combat value ${cv[0] ?? "?"}${lord(lords[0])})`);
    lines.push(`${seat(attack.defender)} defends: ${throws(attack.defence_dice)} = ${hits(attack.hits[1])}`
      + ` (${attack.defence_dice.length} dice: combat value ${cv[1] ?? "?"}${fort}${lord(lords[1])})`);
  } else if (attack?.how === "cavalry") {
    lines.push("A cavalry charge: no dice, the defenders fall");
  } else if (attack?.how === "vacant") {
    lines.push("A vacant territory: no dice");
  }
  lines.push(`${seat(e.attacker)} lost ${units(e.lost[0])}`);
  if (attack?.how !== "vacant") lines.push(`${seat(e.defender)} lost ${units(e.lost[1])}`);
  const siege = before(log, at, "siege", (x) => x.territory === e.to, ["attack", "turn"]);
  if (siege) lines.push(sentence(siege, board, who));
  const headline = e.taken ? `${seat(e.attacker)} takes ${t(e.to)}`
    : e.defender >= 0 ? `${seat(e.defender)} holds ${t(e.to)}` : `${t(e.to)} is not taken`;
  const why = attack?.how === "dice" ? "Each 5 or 6 is a hit; each side's hits remove the other side's units worth that much combat value." : "";
  return { headline, lines, why, seat: e.taken ? e.attacker : e.defender >= 0 ? e.defender : e.attacker };
}

/** The panel for a black plague strike: every territory struck since the turn or round began. */
function plagueMoment(e, log, board, who) {
  const t = (id) => `${id} ${board.byId.get(id)?.name || ""}`.trim();
  const at = log.indexOf(e) >= 0 ? log.indexOf(e) : log.length - 1;
  const struck = [e];
  for (let i = at - 1; i >= 0 && !["turn", "round", "combat_end"].includes(log[i].kind); i -= 1) {
    if (log[i].kind === "plague") struck.unshift(log[i]);
  }
  const lines = struck.map((p) => {
    const lost = p.lost || [];
    const pieces = [units(lost.slice(0, 5)), lost[5] ? `a ${STRONGHOLD[lost[5]]}` : ""].filter((x) => x && x !== "nothing");
    const owner = Number.isInteger(p.owner) && p.owner >= 0 ? `${naming(who, p)(p.owner)} loses ${pieces.join(", ") || "nothing"}` : "nobody held it";
    return `${t(p.territory)} (${p.how}): ${owner}`;
  });
  const headline = struck.length === 1 ? `The black plague ${e.how} on ${t(e.territory)}` : `The black plague strikes ${struck.length} territories`;
  return { headline, lines, why: "Its units and strongholds go back to the supply; the territory is out of play for the rest of the game.", seat: null };
}

function ownerClass(owner, seats) {
  if (owner < 0) return "nobody";
  return owner < seats.length ? seatClass(owner) : "neutral";
}

const STEPS = new Set(["attack", "move", "lord"]); // moves from one territory to another

export function createView(ctx) {
  const board = boardFrom(ctx.rules);
  let selected = null; // the territory chosen as the source of an attack
  const who = (p) => (ctx.seatLabel ? ctx.seatLabel(p) : `seat ${p}`);

  // a move's verb and arguments come with it from the server (never read off its text)
  const picks = (m, id) => m.verb === "pick" && m.args.territory === id;
  const goes = (m, from) => STEPS.has(m.verb) && m.args.from === from;

  function actionFor(id, legal) {
    const found = legal.find((m) => picks(m, id))
      || (selected !== null ? legal.find((m) => goes(m, selected) && m.args.to === id) : undefined);
    return found ? found.action : null;
  }

  function clickTerritory(id, snap) {
    if (ctx.readOnly || snap.busy) return;
    const action = actionFor(id, snap.legal || []);
    if (action) {
      selected = null;
      ctx.act(action);
      return;
    }
    const starts = (snap.legal || []).some((m) => goes(m, id));
    selected = starts ? id : null;
    view.render(snap);
  }

  function drawBoard(snap) {
    const v = snap.view;
    const seats = v.seats || [];
    const legal = snap.legal || [];
    const pickable = new Set(legal.filter((m) => m.verb === "pick" && "territory" in m.args)
      .map((m) => m.args.territory));
    const targets = new Set(selected === null ? [] : legal.filter((m) => goes(m, selected)).map((m) => m.args.to));
    const shapes = [];
    const marks = [];
    for (const t of board.territories) {
      const info = v.territories[t.id - 1];
      const cls = ["territory", pickable.has(t.id) || targets.has(t.id) ? "choosable" : "",
        selected === t.id ? "selected" : "", info.plague ? "plagued" : ""].join(" ");
      shapes.push(s("polygon", {
        class: cls, points: t.shape.map((p) => p.join(",")).join(" "), fill: t.colour,
        "data-territory": t.id, onclick: () => clickTerritory(t.id, snap),
      }, s("title", {}, `${t.id} ${t.name} (${t.fiefdom})`)));
      const units = info.units.map((n, k) => (n ? `${n}${UNIT_LETTERS[k]}` : "")).filter(Boolean).join(" ");
      const group = s("g", { class: `piece ${ownerClass(info.owner, seats)}`, "pointer-events": "none" });
      group.appendChild(s("text", { x: t.cx, y: t.cy - 14, class: "tid" }, String(t.id)));
      if (info.owner >= 0) {
        group.appendChild(s("rect", { x: t.cx - 24, y: t.cy - 6, width: 48, height: 16, rx: 4, class: "badge" }));
        group.appendChild(s("text", { x: t.cx, y: t.cy + 6, class: "units" }, units || "vacant"));
      }
      if (info.level) {
        group.appendChild(s("rect", { x: t.cx - 30, y: t.cy + 12, width: 14, height: 14, class: "fort" }));
        group.appendChild(s("text", { x: t.cx - 23, y: t.cy + 23, class: "fort-level" }, String(info.level)));
      }
      if (info.lord) group.appendChild(s("text", { x: t.cx + 20, y: t.cy + 24, class: "lord" }, "♛"));
      if (info.plague) group.appendChild(s("text", { x: t.cx, y: t.cy + 10, class: "plague" }, "☠"));
      marks.push(group);
    }
    const lines = board.segments.map((seg) => s("line", {
      class: `border ${seg.type}`, x1: seg.p[0], y1: seg.p[1], x2: seg.q[0], y2: seg.q[1],
    }));
    const combat = v.last_combat || {};
    const arrows = [];
    if (combat.from && combat.to) {
      const a = board.byId.get(combat.from);
      const b = board.byId.get(combat.to);
      if (a && b) {
        arrows.push(s("line", { class: `attack-arrow ${ownerClass(combat.attacker, seats)}`,
          x1: a.cx, y1: a.cy, x2: b.cx, y2: b.cy }));
      }
    }
    return s("svg", { class: "kasl-board", viewBox: `0 0 ${board.width} ${board.height}`, role: "img",
      "aria-label": "The Kasl board" }, shapes, lines, arrows, marks);
  }

  function roundTrack(v) {
    return h("ol", { class: "kasl-track" }, (v.plague.track || []).map((nums, i) => h("li", {
      class: i + 1 === v.round ? "current" : i + 1 < v.round ? "past" : "",
    }, h("span", { class: "round-no" }, String(i + 1)), " ☠ ", nums.length ? nums.join(",") : "–")));
  }

  function scale(v) {
    return h("ul", { class: "kasl-scale" }, (v.seats || []).map((name, p) => h("li", {
      class: `${seatClass(p)} ${v.current === p ? "deciding" : ""}`,
    }, h("span", { class: `seat-swatch ${seatClass(p)}` }), ` ${ctx.seatLabel ? ctx.seatLabel(p) : name}: `,
    h("strong", {}, String(v.kingdoms[p])), " territories")));
  }

  function dice(v) {
    const c = v.last_combat || {};
    if (!c.from) return null;
    const row = (throws) => (throws || []).map((t) => h("span", {
      class: `die ${t[t.length - 1] >= 5 ? "hit" : ""}`,
    }, t.join("→")));
    let body;
    if (c.how === "dice") {
      body = [h("div", {}, "Attack ", row(c.attack_dice)), h("div", {}, "Defence ", row(c.defence_dice)),
        h("div", { class: "muted" }, `hits ${c.hits[0]} – ${c.hits[1]}${c.war_machine ? " · war machine" : ""}`)];
    } else {
      body = [h("div", { class: "muted" }, c.how === "vacant" ? "a vacant territory: no dice" : "cavalry charge: no dice")];
    }
    return h("section", { class: "kasl-dice" }, h("h3", {}, `Battle: ${c.from} → ${c.to}`), body);
  }

  function missions(v) {
    if (!v.missions || !v.missions.length) return null;
    return h("section", { class: "kasl-missions" }, h("h3", {}, "Your secret missions"),
      h("ul", {}, v.missions.map((id) => h("li", {}, `${id} ${board.byId.get(id)?.name || ""}`))));
  }

  const view = {
    render(snap) {
      const v = snap.view;
      replace(ctx.board, h("div", { class: "kasl" },
        h("div", { class: "kasl-top" }, roundTrack(v), scale(v)),
        h("div", { class: "kasl-main" }, drawBoard(snap),
          h("aside", { class: "kasl-side" }, dice(v), missions(v)))));
      if (!ctx.controls) return;
      const mine = (snap.decisions || []).find((d) => d.seat === snap.seat);
      const legal = snap.legal || [];
      const moves = legal.map((move, i) => h("button", {
        class: "move", type: "button", disabled: snap.busy,
        dataset: { action: move.action, ...(i < 9 ? { moveIndex: String(i + 1) } : {}) },
        onclick: () => { selected = null; ctx.act(move.action); },
      }, i < 9 ? h("kbd", {}, String(i + 1)) : null, move.text || move.action));
      replace(ctx.controls,
        h("h2", { class: "decision-title" }, mine && legal.length ? "Your decision" : "Waiting"),
        mine?.prompt ? h("p", { class: "prompt" }, mine.prompt) : null,
        selected !== null ? h("p", { class: "muted" }, `From ${selected}: click a highlighted territory`) : null,
        h("div", { class: "moves kasl-moves" }, moves));
    },
    logText(entry) {
      if (typeof entry.text === "string") return entry.text;
      const said = sentence(entry, board, who);
      if (said) return said;
      const words = Object.entries(entry).filter(([k]) => k !== "kind")
        .map(([k, val]) => `${k}=${JSON.stringify(val)}`);
      return `${entry.kind}: ${words.join(" ")}`;
    },
    // the table and the replay page both read { headline, detail } (see frame.js)
    resultText(result, snap) {
      const vp = result?.scores?.vp || {};
      const points = Object.entries(vp).map(([name, count]) => `${name} ${count} VP`).join(" · ");
      const winners = result?.winners || [];
      const names = winners.map((p) => (ctx.seatLabel ? ctx.seatLabel(p) : `seat ${p}`)).join(", ");
      let headline;
      if (!winners.length) headline = "Nobody wins";
      else if (Number.isInteger(snap?.seat)) headline = winners.includes(snap.seat) ? "You win!" : "You lose";
      else headline = `${names} win${winners.length === 1 ? "s" : ""}`;
      return { headline, detail: [result?.reason, points].filter(Boolean).join(" · ") };
    },
    clearSelection() {
      selected = null;
    },
    /** A panel for an outcome in the log (table.js): a finished combat, a plague strike. */
    moment(entry, snap) {
      const log = snap?.log || [];
      if (entry.kind === "combat_end") return combatMoment(entry, log, board, who);
      if (entry.kind === "plague") return plagueMoment(entry, log, board, who);
      return null;
    },
  };
  return view;
}
