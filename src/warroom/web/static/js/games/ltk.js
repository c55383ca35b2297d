// LTK's browser renderer: the seats around the table (general, health, equipment, judgement
// area, hand count, role when shown), your hand and role, what you are asked, the log, and at
// the end every role. Everything shown comes from the view, the decisions and the legal moves:
// the renderer names cards from view.card_names and generals from the rules reference.
//
// Click a card in your hand to pick it: if it has one move, it is made; else the seats it may
// target light up: click one. A seat that a move targets can be clicked without a card too
// (Tuxi, Rende...). Every legal move is also a button.

import { h, replace } from "../dom.js";
import { seatClass } from "../frame.js";

export const title = "Legends of the Three Kingdoms";
export const stylesheet = "css/games/ltk.css";
export const helpText = [
  "Click a card in your hand to pick it; when it can go to several players, the players it may " +
    "target light up: click one. A lit seat can also be clicked without a card for a skill's target.",
  "Hover (or tap) a general for its skills, a card for its rules text. The buttons list every legal move.",
];

const ROLE = { monarch: "Monarch", minister: "Minister", rebel: "Rebel", defector: "Defector" };
const SLOT = { weapon: "Weapon", armor: "Armor", defense_horse: "+1 horse", offense_horse: "-1 horse" };
const PHASE = { start: "start", judge: "judgement", judgement: "judgement", draw: "draw", play: "action",
                action: "action", discard: "discard", end: "end", finish: "end" };
const CARD_WORDS = { slash: "Kill", jink: "Dodge", peach: "Peach", nullification: "Negate",
  dismantlement: "Dismantle", snatch: "Steal", duel: "Duel", collateral: "Borrowed Sword",
  ex_nihilo: "Something for Nothing", savage_assault: "Barbarian Invasion", archery_attack: "Arrow Barrage",
  god_salvation: "Peach Garden", amazing_grace: "Harvest", lightning: "Lightning", indulgence: "Indulgence" };

// what a judgement decided (the judge_effect entry): the same words as the terminal's log
const JUDGE_EFFECTS = {
  skip: (w) => `${w} does not escape Indulgence (not a heart)`,
  escaped: (w) => `${w} escapes Indulgence (a heart)`,
  struck: (w) => `Lightning strikes ${w} (a spade 2-9): 3 damage`,
  passes: (w, to) => `Lightning misses ${w}: it moves on to ${to}`,
  stays: (w) => `Lightning misses ${w}: it stays (nobody can take it)`,
  dodge: (w) => `Eight Trigrams gives ${w} a Dodge (a red card)`,
  no_dodge: (w) => `Eight Trigrams fails ${w} (a black card)`,
};
const JUDGE_RULE = {
  indulgence: "Indulgence: unless the judgement is a heart, the action phase is skipped.",
  lightning: "Lightning: a spade 2-9 strikes for 3 damage; otherwise it moves on to the next player.",
  eight_diagram: "Eight Trigrams: a red judgement counts as a Dodge.",
};

const EQUIPMENT_WORDS = { eight_diagram: "Eight Trigrams", ice_sword: "Ice Sword", double_swords: "Double Swords",
  blade: "Green Dragon Blade", axe: "Rock Cleaving Axe", kylin_bow: "Kylin Bow", spear: "Serpent Spear",
  nioh_shield: "Renwang Shield", qinggang_sword: "Qinggang Sword", crossbow: "Zhuge Crossbow",
  halberd: "Heaven Scorcher Halberd" };
/** A skill's or equipment's name from its key: a skill's name is its key capitalised ("fanjian": Fanjian). */
const abilityName = (key) => EQUIPMENT_WORDS[key] || CARD_WORDS[key] ||
  String(key).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** The seats an action names: target=N, targets=N,M, to=N, seat=N (a choice of players: Tuxi). */
// the seats and the card a legal move names, from its arguments (they come with it from the server)
function targetsOf(move) {
  const out = [];
  for (const key of ["target", "targets", "to", "seat"]) {
    const value = move.args?.[key];
    for (const t of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (typeof t === "number") out.push(t);
    }
  }
  return out;
}

function cardOf(move) {
  const card = move.args?.card;
  return typeof card === "number" ? card : null;
}

export function createView(ctx) {
  let picked = null; // a hand card id
  let last = null;
  const generals = new Map();
  for (const section of ctx.rules?.sections || []) {
    if (section.key !== "generals") continue;
    for (const e of section.entries || []) generals.set(e.key, e);
  }

  const cardName = (id) => last?.view?.card_names?.[id] ?? `card ${id}`;
  const who = (seat) => (ctx.seatLabel ? ctx.seatLabel(seat) : `p${seat + 1}`);
  const generalName = (key) => generals.get(key)?.name || key || "?";
  const generalTitle = (key) => {
    const g = generals.get(key);
    if (!g) return key || "";
    const f = g.fields || {};
    return `${g.name} · ${f.kingdom || ""} · ${f.gender || ""} · ${f.health ?? "?"} health\nSkills:\n${g.text}`;
  };

  function cardEl(id, more = "") {
    const name = cardName(id);
    const red = /[♥♦]/.test(name) ? "red" : "black";
    const entry = ctx.pieces?.get(id);
    return h("span", { class: `ltk-card ${red} ${more}`.trim(), title: entry ? `${entry.name}: ${entry.text}` : name,
                       dataset: { card: String(id) } }, name);
  }

  const legalList = () => last?.legal || [];
  const send = (action) => {
    if (ctx.readOnly || !legalList().some((m) => m.action === action)) return false;
    picked = null;
    ctx.act(action);
    return true;
  };
  /** The legal moves that go with the picked card (or every move when none is picked). */
  const candidates = () => legalList().filter((m) => picked === null || cardOf(m) === picked);

  function clickSeat(seat) {
    const moves = candidates().filter((m) => targetsOf(m).includes(seat));
    if (moves.length === 1) send(moves[0].action);
    else if (moves.length > 1) {
      // several moves name this seat (Halberd's extra targets...): the one naming it alone first
      const alone = moves.find((m) => targetsOf(m).length === 1);
      send((alone || moves[0]).action);
    }
  }

  function clickCard(id) {
    if (picked === id) { picked = null; render(last); return; }
    const moves = legalList().filter((m) => cardOf(m) === id);
    if (moves.length === 1 && targetsOf(moves[0]).length === 0) { send(moves[0].action); return; }
    picked = moves.length ? id : null;
    render(last);
  }

  /** The seat that decides now (the top frame's; the viewer while generals are chosen), or null. */
  function decider(snap) {
    const view = snap.view;
    if (view.stage === "pick") return (snap.decisions || []).some((d) => d.seat === view.seat) ? view.seat : null;
    const top = (view.frames || [])[view.frames.length - 1];
    return top && Number.isInteger(top.seat) && top.seat >= 0 ? top.seat : null;
  }

  /** The decision's header: who decides, and whose turn and phase when it is another's. */
  function statusText(snap) {
    const view = snap.view;
    const d = decider(snap);
    if (view.stage === "over") return "Game over";
    if (view.stage === "pick") return d === null ? "Generals are being chosen" : `${who(d)} · choosing a general`;
    if (view.stage === "lord") return `${who(view.current)} · the Monarch chooses a general`;
    const phase = `${PHASE[view.phase] || view.phase || view.stage} phase`;
    if (d === null || d === view.current) return `${who(view.current)} · ${phase}`;
    return `${who(d)} decides · ${who(view.current)}'s ${phase}`;
  }

  function seatEl(snap, row) {
    const view = snap.view;
    const mine = row.seat === view.seat;
    const deciding = view.stage === "play" && decider(snap) === row.seat;
    const targetable = !ctx.readOnly && candidates().some((m) => targetsOf(m).includes(row.seat));
    const classes = ["ltk-seat", "panel", seatClass(row.seat)];
    if (!row.alive) classes.push("dead");
    if (row.seat === view.current && view.stage !== "over") classes.push("current");
    if (mine) classes.push("mine");
    if (deciding) classes.push("deciding");
    if (targetable && (picked !== null || legalList().length)) classes.push("target");
    const role = row.role ? ROLE[row.role] || row.role : null;
    const hearts = [];
    for (let i = 0; i < Math.max(row.max_hp, 0); i++) hearts.push(i < row.hp ? "●" : "○");
    const equipment = Object.entries(row.equipment || {});
    const winner = view.winners?.includes(row.seat);
    return h("div", {
      class: classes.join(" "), dataset: { seat: String(row.seat) },
      onclick: targetable ? () => clickSeat(row.seat) : null,
      role: targetable ? "button" : null, tabindex: targetable ? "0" : null,
    },
    h("div", { class: "ltk-seat-head" },
      h("b", {}, who(row.seat)),
      row.seat === view.current && view.stage === "play"
        ? h("span", { class: "ltk-phase" }, ` ▶ ${PHASE[view.phase] || view.phase || ""}`) : null,
      deciding && row.seat !== view.current ? h("span", { class: "ltk-deciding" }, "• deciding") : null),
    h("div", { class: "ltk-general", title: generalTitle(row.general), tabindex: "0" },
      row.general ? generalName(row.general) : row.chosen ? "(chosen)" : "(choosing)"),
    h("div", { class: "ltk-health", title: `health ${row.hp} of ${row.max_hp}` },
      row.alive ? [h("span", { class: "ltk-hearts" }, hearts.join("")), ` ${row.hp}/${row.max_hp}`]
        : h("span", { class: "ltk-dead" }, "dead")),
    h("div", { class: "ltk-facts" },
      h("span", { class: "ltk-hand-count", title: "cards in hand" }, `🂠 ${row.hand_count}`),
      role ? h("span", { class: `ltk-role role-${row.role}` }, role) : h("span", { class: "ltk-role muted" }, "role ?"),
      row.flipped ? h("span", { class: "ltk-flipped" }, "face down") : null,
      winner ? h("span", { class: "ltk-winner" }, "wins") : null),
    equipment.length ? h("div", { class: "ltk-equipment" },
      equipment.map(([slot, c]) => h("span", { class: "ltk-slot", title: SLOT[slot] || slot }, cardEl(c)))) : null,
    row.judgement?.length ? h("div", { class: "ltk-judgement", title: "judgement area" },
      "judge: ", row.judgement.map((c) => cardEl(c))) : null,
    row.known_hand?.length ? h("div", { class: "ltk-known", title: "hand cards you know of (everyone saw them go in, or you did)" },
      "seen: ", row.known_hand.map((c) => cardEl(c))) : null,
    row.buqu?.length ? h("div", { class: "ltk-known", title: "Buqu cards" },
      "buqu: ", row.buqu.map((c) => cardEl(c))) : null);
  }

  function handEl(view) {
    if (!Array.isArray(view.hand)) return null;
    const usable = new Set(legalList().map((m) => cardOf(m)).filter((c) => c !== null));
    return h("section", { class: "panel ltk-hand" },
      h("h2", {}, `Your hand (${view.hand.length})`),
      view.hand.length ? h("div", { class: "ltk-cards" }, view.hand.map((c) => h("button", {
        type: "button", class: `ltk-hand-card ${picked === c ? "picked" : ""} ${usable.has(c) ? "usable" : ""}`,
        disabled: ctx.readOnly || !usable.has(c), dataset: { card: String(c) }, onclick: () => clickCard(c),
      }, cardEl(c)))) : h("p", { class: "muted" }, "no cards"));
  }

  function offersEl(view) {
    if (!["lord", "pick"].includes(view.stage) || !view.offers?.length) return null;
    return h("section", { class: "panel ltk-offers" }, h("h2", {}, "Generals offered to you"),
      h("div", { class: "ltk-cards" }, view.offers.map((g) => h("button", {
        type: "button", class: "ltk-offer", title: generalTitle(g), disabled: ctx.readOnly,
        dataset: { general: g }, onclick: () => send(`choose general=${g}`),
      }, generalName(g), view.pick === g ? " ✓" : ""))));
  }

  /** The roles dealt and not yet shown to you ("2 Rebels, 1 Defector"): the count players keep. */
  function hiddenRoles(view) {
    const left = { ...(view.roles || {}) };
    for (const row of view.seats) if (row.role && left[row.role]) left[row.role] -= 1;
    return ["minister", "rebel", "defector"].filter((r) => left[r] > 0)
      .map((r) => `${left[r]} ${ROLE[r]}${left[r] > 1 ? "s" : ""}`).join(", ");
  }

  function tableEl(view) {
    // one piece per fact, spaced by the stylesheet: a wrapped line starts clean
    return h("div", { class: "ltk-middle" },
      h("span", {}, `draw pile ${view.draw_pile}`),
      h("span", {}, `discard ${view.discard.length}`),
      view.stage === "play" ? h("span", {}, `turn ${view.turns + 1}`) : null,
      view.stage === "play" && hiddenRoles(view) ? h("span", { class: "ltk-hidden-roles" }, `roles not shown: ${hiddenRoles(view)}`) : null,
      view.table?.length ? h("span", { class: "ltk-on-table" }, "on the table: ", view.table.map((c) => cardEl(c))) : null,
      view.discard.length ? h("span", { class: "ltk-top-discard" }, "last discarded: ",
        cardEl(view.discard[view.discard.length - 1])) : null);
  }

  function endEl(view) {
    if (view.stage !== "over") return null;
    return h("section", { class: "panel ltk-end" },
      h("h2", {}, "Game over"),
      view.reason ? h("p", {}, view.reason) : null,
      h("ul", { class: "ltk-reveal" }, view.seats.map((row) => h("li", { class: seatClass(row.seat) },
        h("b", {}, who(row.seat)), ` ${generalName(row.general)}: ${ROLE[row.role] || row.role}`,
        view.winners?.includes(row.seat) ? " — wins" : ""))));
  }

  function render(snap) {
    last = snap;
    const view = snap.view;
    if (!view || !view.seats) return;
    if (picked !== null && !(view.hand || []).includes(picked)) picked = null;
    const me = Number.isInteger(view.seat) ? view.seats[view.seat] : null;
    // your seat last, the others around the table from the one after you
    const n = view.seats.length;
    const start = me ? (view.seat + 1) % n : 0;
    const order = view.seats.map((_, i) => view.seats[(start + i) % n]);
    const myRole = me?.role ? ROLE[me.role] || me.role : null;
    replace(ctx.board, h("div", { class: "ltk-board" },
      h("div", { class: "ltk-seats" }, order.map((row) => seatEl(snap, row))),
      tableEl(view),
      me ? h("p", { class: `ltk-me ${seatClass(view.seat)}` }, "You are ", h("b", {}, who(view.seat)),
        myRole ? [", the ", h("b", { class: `ltk-role role-${me.role}` }, myRole)] : null,
        me.general ? [", playing ", h("b", { title: generalTitle(me.general) }, generalName(me.general))] : null) : null,
      offersEl(view), handEl(view), endEl(view)));
    if (!ctx.controls) return;
    const mine = (snap.decisions || []).find((d) => d.seat === snap.seat);
    const waiting = (snap.decisions || []).filter((d) => d.seat !== snap.seat).map((d) => who(d.seat));
    const legal = legalList();
    const related = new Set(candidates().map((m) => m.action));
    replace(ctx.controls,
      h("h2", { class: "decision-title" }, mine ? "Your decision" : "Watch"),
      h("p", { class: "muted ltk-status" }, statusText(snap)),
      mine?.prompt ? h("p", { class: "prompt ltk-prompt" }, mine.prompt) : null,
      !mine && waiting.length && !snap.result ? h("p", { class: "muted" }, `waiting for ${waiting.join(", ")}`) : null,
      picked !== null ? h("p", { class: "muted ltk-picked" }, "picked ", cardEl(picked),
        ": click a lit seat or a move (click the card again to put it back)") : null,
      h("div", { class: "moves" }, legal.map((move, i) => h("button", {
        class: `move ${picked !== null && related.has(move.action) ? "related" : ""}`.trim(), type: "button",
        disabled: ctx.readOnly,
        dataset: { action: move.action, ...(i < 9 ? { moveIndex: String(i + 1) } : {}) },
        onclick: () => send(move.action),
      }, i < 9 ? h("kbd", {}, String(i + 1)) : null, move.text || move.action))));
  }

  function cards(list) { return (list || []).map((c) => (Number.isInteger(c) ? cardName(c) : String(c))).join(", "); }

  function sentence(e) {
    const by = Number.isInteger(e.seat) ? who(e.seat) : "";
    const word = (k) => CARD_WORDS[k] || k;
    switch (e.kind) {
      case "use": {
        const targets = (e.targets || []).map(who).join(", ");
        const names = (e.cards || []).map((c) => cards([c]));
        // the card itself ("Kill ♠7") reads as one; a card used as another says what it was
        const same = names.length === 1 && names[0].startsWith(`${word(e.card)} `);
        const used = same ? names[0] : names.length ? `${word(e.card)} (${names.join(", ")})` : word(e.card);
        const victim = Number.isInteger(e.victim) ? ` to Kill ${who(e.victim)}` : "";
        return `${by} uses ${used}${targets ? ` on ${targets}` : ""}${victim}`;
      }
      case "give": return `${by} gives ${cards([e.card])} to ${who(e.to)}${e.why ? ` (${abilityName(e.why)})` : ""}`;
      case "play": return `${by} plays a ${word(e.card)}`;
      case "damage": return `${who(e.target)} takes ${e.amount} damage from ${e.source >= 0 ? who(e.source) : "nobody"} (health ${e.hp})`;
      case "draw": return `${by} draws ${e.count}${e.cards?.length ? `: ${cards(e.cards)}` : ""}`;
      case "dying": return `${by} is dying`;
      case "death": return `${by} dies: a ${ROLE[e.role] || e.role}`;
      case "recover": return `${by} recovers ${e.amount} (health ${e.hp})`;
      case "judgement": return `judgement for ${by}: ${cards([e.card])}`;
      case "general": return `${by} is ${generalName(e.general)}`;
      case "turn": return `— ${who(e.seat)}'s turn —`;
      case "game_over": return `game over: ${e.reason}`;
      case "ability": return `${by} uses ${abilityName(e.ability)}`;
      case "negated": return `${word(e.card)} is negated`;
      case "discard": return `${by} discards ${cards(e.cards)}`;
      case "equip": return `${by} equips ${cards([e.card])}`;
      case "judged": return `${by}'s judgement (${abilityName(e.reason)}) is ${cards([e.card])}`;
      case "no_effect": return `it has no effect on ${by} (${e.by})`;
      case "counts_as": return `${by}: ${e.by} counts as a ${word(e.card)}`;
      case "dodged": return `${by} dodges ${who(e.by)}'s Kill`;
      case "gain": return `${by} gains ${Number.isInteger(e.card) ? cards([e.card]) : "a card"}${e.why ? ` (${abilityName(e.why)})` : ""}`;
      case "flip": return `${by} turns ${e.face_up ? "face up" : "face down"}`;
      case "indulged": return `${by} skips the action phase (Indulgence)`;
      case "judge_effect": return (JUDGE_EFFECTS[e.effect] || ((w) => `${w}: ${e.effect}`))(by, e.to >= 0 ? who(e.to) : "");
      case "lightning_moves": return `Lightning moves from ${who(e.from)} to ${who(e.to)}`;
      case "look": return `${by} looks at ${e.count} cards`;
      case "lose_health": return `${by} loses ${e.amount} health (health ${e.hp})`;
      case "named": return `${by} names ${e.suit}`;
      case "point_duel": return `${by} and ${who(e.target)} compare points: ${e.won ? `${by}` : who(e.target)} wins`;
      case "redirect": return `${by} passes it on to ${who(e.to)}`;
      case "reshuffle": return `the discard pile is shuffled into a new draw pile (${e.draw_pile} cards)`;
      case "retrial": return `${by} replaces the judgement ${cards([e.old])} with ${cards([e.new])}`;
      case "reveal": return `revealed: ${cards(e.cards)}`;
      case "skip": return `${by} skips the ${PHASE[e.phase] || e.phase} phase`;
      case "stacked": return `${by} puts ${e.top} cards on top of the draw pile, ${e.bottom} at the bottom`;
      case "offers": return `${by} is offered ${e.count} generals`;
      case "chosen": return `${by} has chosen a general`;
      case "buqu": return `${by}'s Buqu cards: ${cards(e.cards)}`;
      default: return null;
    }
  }

  // ----- outcomes: the panel after a death, a judgement, a point duel (table.js), from the log -----
  /** The panel for a death: who died, the role shown, the killer, what the killer got or lost
   * (the draw or discard that follows the death in the same step's entries). */
  function deathMoment(e, log, at) {
    const general = last?.view?.seats?.[e.seat]?.general;
    const lines = [`Role revealed: ${ROLE[e.role] || e.role}${general ? ` (${generalName(general)})` : ""}`];
    lines.push(e.killer >= 0 ? `Killed by ${who(e.killer)}` : "No killer (no one dealt the damage)");
    // a death's step goes on, in this order: the end of the game, or the dead player's discard and
    // then the killer's reward or penalty (core.die): the entry after the discard says which
    let i = at + 1;
    if (log[i]?.kind === "game_over") lines.push(sentence(log[i]));
    if (log[i]?.kind === "discard" && log[i].seat === e.seat && log[i].why === "death") i += 1;
    const next = log[i];
    if (e.killer >= 0 && e.role === "rebel" && next?.kind === "draw" && next.seat === e.killer) {
      lines.push(`Reward for killing a Rebel: ${sentence(next)}`);
    } else if (e.killer >= 0 && next?.kind === "discard" && next.seat === e.killer && next.why === "penalty") {
      lines.push(`Penalty for the Monarch killing a Minister: ${sentence(next)}`);
    }
    return { headline: `${who(e.seat)} dies: a ${ROLE[e.role] || e.role}`, lines, why: "", seat: e.seat };
  }

  /** The panel for a judgement's effect: the card drawn, any replacement (Guicai), what it decided. */
  function judgementMoment(e, log, at) {
    const lines = [];
    let first = null;
    const retrials = [];
    for (let i = at - 1; i >= 0 && !first; i -= 1) {
      const x = log[i];
      if (x.kind === "judgement" && x.seat === e.seat && x.reason === e.reason) first = x;
      else if (x.kind === "retrial" && x.seat !== undefined) retrials.unshift(x);
      else if (x.kind === "turn" || x.kind === "judge_effect") break;
    }
    if (first) lines.push(`Judgement card: ${cards([first.card])}`);
    for (const r of first ? retrials : []) lines.push(`${abilityName(r.by)}: ${who(r.seat)} replaces it with ${cards([r.new])}`);
    if (retrials.length && first) lines.push(`Final card: ${cards([e.card])}`);
    if (!first) lines.push(`Judgement card: ${cards([e.card])}`);
    const headline = sentence(e);
    return { headline, lines, why: JUDGE_RULE[e.reason] || "", seat: e.seat };
  }

  function duelMoment(e) {
    const [mine, theirs] = e.cards || [];
    return {
      headline: sentence(e),
      lines: [`${who(e.seat)} shows ${cards([mine])}`, `${who(e.target)} shows ${cards([theirs])}`],
      why: "The higher rank wins; a tie is lost by the one who began the duel.",
      seat: e.won ? e.seat : e.target,
    };
  }

  return {
    render,
    clearSelection() { picked = null; },
    moment(entry, snap) {
      if (!last && snap?.view) last = snap; // card names for a panel shown before the first render
      const log = snap?.log || [];
      const at = log.indexOf(entry) >= 0 ? log.indexOf(entry) : log.length;
      if (entry.kind === "death") return deathMoment(entry, log, at);
      if (entry.kind === "judge_effect") return judgementMoment(entry, log, at);
      if (entry.kind === "point_duel") return duelMoment(entry);
      return null;
    },
    logText(entry) {
      if (typeof entry.text === "string") return entry.text;
      const said = sentence(entry);
      if (said) return said;
      const words = Object.entries(entry).filter(([k]) => k !== "kind").map(([k, v]) => `${k}=${JSON.stringify(v)}`);
      return `${entry.kind}: ${words.join(" ")}`;
    },
    /** Headline and detail for the result (the table's end screen, the replay's step line). */
    resultText(result, snap) {
      const view = snap?.view;
      const winners = view?.winners || result?.winners || [];
      const reason = view?.reason || result?.reason || "";
      const names = winners.map(who).join(", ");
      let headline;
      if (!winners.length) headline = "Nobody wins";
      else if (Number.isInteger(snap?.seat)) headline = winners.includes(snap.seat) ? "You win!" : "You lose";
      else headline = `${names} win${winners.length === 1 ? "s" : ""}`;
      return { headline, detail: [reason, names ? `winners: ${names}` : ""].filter(Boolean).join(" · ") };
    },
  };
}
