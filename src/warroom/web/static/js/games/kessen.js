// Paper Kessen in the browser: the board, the hands, the battle, the moves and the log.
//
// Everything here reads the seat's view (src/warroom/games/kessen/views.py), the legal
// actions the server lists, and the card entries of GET /api/games/kessen/rules (ctx.pieces).
// Nothing is inferred about hidden cards, and no rule is computed here: unit totals, unit
// status and negated cards come with the view. The page frame (table.js / replay.js) owns the
// connection, the log panel and the keyboard; see frame.js for the renderer interface.
// Seat 0 is Good and seat 1 Evil; their colours are the frame's seat colours (seatClass).

import { cap, focusKey, h, replace, restoreFocus } from "../dom.js";
import { seatClass } from "../frame.js";
import { explained, glossaryIndex } from "../glossary.js";

export const title = "Paper Kessen";
export const stylesheet = "css/games/kessen.css";
// card texts are built with their keywords explained (glossary.js): the frame need not mark them
export const marksKeywords = true;

/** How this page is used, added to the game's introduction in the rules panel. */
export const helpText = [
  "On the table, cards you can use now are highlighted: click one to see only the moves that use it, then click a move (or press its number). P passes, Esc clears the selection.",
];

// how a unit's status (views.unit_status) is shown: label, and the look of the unit
const STATUS = {
  attacking: ["attacking", "fight"],
  defending: ["defending", "fight"],
  no_troop: [null, "dim"],
  duty_elsewhere: ["duty elsewhere", "dim"],
  retreated: ["retreated", "dim"],
  engaged: ["in the battle", "engaged"],
  not_engaged: ["not in this battle", "dim"],
  fought: ["fought", "plain"],
};
const STEP_NAMES = {
  deploy: "Deploy phase",
  after_battle: "After the battle",
  pick: "Battle · strategy segment",
  strategy: "Battle · strategy segment",
  respond: "Battle · strategy segment",
  tactics: "Battle · tactics segment",
  battle_start: "Battle",
  engagement_start: "Battle · action segment",
  action_end: "Battle · action segment",
  resolution: "Battle · resolution",
  end_segment: "Battle · end of the engagement",
  engagement_end: "Battle · end of the engagement",
  end_phase: "End phase",
  round_end: "End of the round",
  over: "Game over",
};
// One sentence of orientation per decision kind, for players new to the game.
const STEP_HELP = {
  deploy: "Form units (a leader plus a troop), strengthen them with modifiers, or play a special. Pass when you are done for this round.",
  after_battle: "Units that fought may get After-Battle modifiers (the winner also Fame and Morale Boost). Pass when done.",
  pick: "Click one of your units and one of the enemy's to choose who fights. The higher Force wins; the loser retreats.",
  strategy: "Strategy cards change which units fight. Two passes in a row end the segment.",
  respond: "Your opponent played a strategy card: cancel it with Know Enemy, or pass to let it happen.",
  tactics: "Play cards on your fighting unit to raise its Force. Two passes in a row and the engagement is resolved.",
  discard: "Your hand is over its limit: choose the cards to discard.",
  losses: "Losses: your retreating unit must give up a modifier.",
  give: "Treachery: choose the unit your opponent takes over.",
  assassin: "Assassin: choose the leader you lose.",
  choose: "Your opponent's strategy card makes you choose a different unit.",
};
const PASS_TEXT = {
  deploy: "Pass: done deploying",
  after_battle: "Pass: done for now",
  respond: "Pass: let it happen",
  strategy: "Pass",
  tactics: "Pass",
};
const VERB_GROUPS = [
  ["deploy", "Form a unit"],
  ["attach", "Attach a modifier"],
  ["special", "Play a special"],
  ["pick", "Choose the fight"],
  ["intercept", "Intercept"],
  ["play", "Play a card"],
  ["choose", "Choose a unit"],
  ["give", "Hand over a unit"],
  ["discard", "Discard"],
];

/** "Troop · Infantry", "Leader · General & Sorcerer", "Formation": the entry's kind and detail. */
function cardType(card) {
  const detail = card.fields?.type || card.fields?.role;
  return detail ? `${card.kind} · ${detail}` : card.kind;
}

/** The printed Force as the reference shows it ("5", "+1"), or "" for cards without one. */
function forceLabel(card) {
  const force = card.fields?.force;
  return force === undefined || force === null ? "" : String(force);
}

/** A CSS class for a card's kind: "kind-troop", "kind-leader-deck-modifier". */
function kindClass(card) {
  return `kind-${String(card.kind || "").toLowerCase().replace(/[^a-z]+/g, "-")}`;
}

/** The card ids a legal move names (its arguments, which come with it from the server). */
function actionIds(move) {
  const ids = new Set();
  for (const [key, value] of Object.entries(move.args || {})) {
    if (key !== "as" && typeof value === "number") ids.add(value);
  }
  return ids;
}

export function createView(ctx) {
  return new KessenView(ctx);
}

class KessenView {
  constructor(ctx) {
    this.ctx = ctx;
    this.cards = ctx.pieces || new Map();
    this.keyNames = new Map([...this.cards.values()].map((c) => [c.key, c.name]));
    this.glossary = glossaryIndex(ctx.rules);
    this.selection = []; // [{key, ids: Set, label}]: the clicked cards and units
    this.snap = null;
    this.moves = []; // [{action, text, ids}]
    this.refocus = false; // focus the next decision's first move when it comes
  }

  /** A text with each glossary keyword marked: its explanation on hover (title) and on tap
   * (a click or Enter shows it inline); see glossary.js. */
  explained(text) {
    return explained(this.glossary, text);
  }

  // ----- small lookups ---------------------------------------------------------------------------
  card(id) {
    return this.cards.get(id) || { id, key: "", name: `card ${id}`, kind: "", fields: {}, text: "" };
  }

  name(id) {
    return id === null || id === undefined ? "?" : this.card(id).name;
  }

  keyName(key) {
    return this.keyNames.get(key) || key;
  }

  /** The seat that plays `side` ("good" -> 0), from the view's own list of sides. */
  sideIndex(side, view = this.snap?.view) {
    return (view?.sides || []).findIndex((s) => s.side === side);
  }

  findUnit(view, leader) {
    for (const side of view.sides || []) {
      for (const unit of side.units) if (unit.leader === leader) return { unit, side: side.side };
    }
    return null;
  }

  // ----- the frame calls these -------------------------------------------------------------------
  render(snap) {
    this.snap = snap;
    this.moves = (snap.legal || []).map((m) => ({ ...m, ids: actionIds(m) }));
    // keep a selection only while some legal move still uses every selected card
    if (this.selection.length && !this.moves.some((m) => this.matches(m, this.selection))) {
      this.selection = [];
    }
    this.redraw();
  }

  clearSelection() {
    if (!this.selection.length) return;
    this.selection = [];
    this.redraw();
  }

  redraw() {
    const snap = this.snap;
    if (!snap) return;
    const boardFocus = focusKey(this.ctx.board);
    replace(this.ctx.board, this.boardEl(snap));
    restoreFocus(this.ctx.board, boardFocus);
    if (this.ctx.controls) {
      const controlsFocus = focusKey(this.ctx.controls);
      replace(this.ctx.controls, ...this.controlsEls(snap));
      restoreFocus(this.ctx.controls, controlsFocus);
      // the button a keyboard player just used is gone (or disabled while the move is sent):
      // continue from the next decision's first move as soon as there is one
      const active = document.activeElement;
      const had = boardFocus || controlsFocus || (this.refocus && (!active || active === document.body));
      const kept = active && (this.ctx.board.contains(active) || this.ctx.controls.contains(active));
      this.refocus = false;
      if (had && !kept) {
        const next = this.ctx.controls.querySelector('[data-move-index="1"]:not([disabled]), [data-action="pass"]:not([disabled])');
        if (next) next.focus({ preventScroll: true });
        else this.refocus = true;
      }
    }
  }

  /** Whether move `m` uses every selected element (a unit counts through any of its cards). */
  matches(m, selection) {
    return selection.every((item) => [...item.ids].some((id) => m.ids.has(id)));
  }

  isSelected(key) {
    return this.selection.some((item) => item.key === key);
  }

  /** Click on a card or unit: narrow the listed moves to those using it (and what was picked before). */
  select(key, ids, label) {
    const sel = this.selection;
    const item = { key, ids: new Set(ids), label };
    if (this.isSelected(key)) {
      this.selection = sel.filter((x) => x.key !== key);
    } else if (sel.length && this.moves.some((m) => this.matches(m, [...sel, item]))) {
      this.selection = [...sel, item];
    } else {
      this.selection = [item];
    }
    this.redraw();
    // on a narrow screen the moves are below the board: bring them into view
    const panel = this.ctx.controls;
    if (panel && window.matchMedia("(max-width: 860px)").matches) {
      panel.scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
  }

  /** Whether an element standing for `ids` can be clicked, and whether it narrows the selection. */
  usable(key, ids) {
    if (this.ctx.readOnly || !this.moves.length) return { playable: false, combines: false };
    const item = { key, ids: new Set(ids) };
    const playable = this.moves.some((m) => this.matches(m, [item]));
    const combines = this.selection.length > 0 && !this.isSelected(key)
      && this.moves.some((m) => this.matches(m, [...this.selection, item]));
    return { playable, combines };
  }

  // ----- board -----------------------------------------------------------------------------------
  boardEl(snap) {
    const view = snap.view || {};
    const mine = Number.isInteger(snap.seat) && snap.seat >= 0 && snap.seat < 2 ? snap.seat : null;
    const bottom = mine === null ? 0 : mine;
    const top = 1 - bottom;
    return h(
      "div",
      { class: "kessen" },
      this.scoreEl(view, snap),
      // the engagement first: during a battle it is what every decision is about
      this.battleEl(view),
      this.sideEl(view, top, snap, mine),
      this.sideEl(view, bottom, snap, mine),
      this.handsEl(view, snap),
    );
  }

  scoreEl(view, snap) {
    const streak = view.streak || {};
    const sides = view.sides || [];
    const score = sides.map((side, index) => {
      const running = streak.side === side.side ? streak.battles : 0;
      const pips = [0, 1, 2].map((i) => h("span", { class: `pip ${i < running ? "on" : ""}`, "aria-hidden": "true" }));
      return h(
        "div",
        { class: `score ${seatClass(index)}`, title: `${cap(side.side)} has won ${side.battles_won} battles in all` },
        h("span", { class: "score-name" }, cap(side.side)),
        h("span", { class: "score-won" }, `${side.battles_won} won`),
        h("span", { class: "pips", title: `${running} of 3 battles in a row` }, pips),
      );
    });
    const running = streak.side
      ? `${cap(streak.side)} has won ${streak.battles} in a row${streak.battles === 2 ? ": one more wins the game" : ""}`
      : "No winning streak yet";
    const decks = h(
      "div",
      { class: "decks" },
      h("span", { title: "Cards left in the recruit deck (shared)" }, `Recruit deck ${view.recruit_deck ?? "?"}`),
      h("span", { title: "Cards left in the action deck (shared)" }, `Action deck ${view.action_deck ?? "?"}`),
      this.pileEl("Recruit discard", view.recruit_discard || []),
      this.pileEl("Action discard", view.action_discard || []),
    );
    return h(
      "section",
      { class: "scoreboard panel", "aria-label": "Score" },
      h(
        "div",
        { class: "score-line" },
        h("span", { class: "round" }, `Round ${view.round ?? "?"}`),
        h("span", { class: "phase" }, this.phaseText(view)),
        h("span", { class: "streak" }, running),
      ),
      h("div", { class: "score-line" }, score, decks),
    );
  }

  phaseText(view) {
    if (view.result) return "Game over";
    const battle = view.battle;
    const step = STEP_NAMES[view.step] || cap(view.step || "");
    if (battle && ["pick", "strategy", "respond", "tactics"].includes(view.step)) {
      return `${step} · engagement ${battle.engagement}`;
    }
    return step;
  }

  pileEl(label, cards) {
    if (!cards.length) return h("span", { class: "pile" }, `${label} 0`);
    const counts = new Map();
    for (const id of cards) counts.set(this.name(id), (counts.get(this.name(id)) || 0) + 1);
    const items = [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]))
      .map(([name, n]) => h("li", {}, n > 1 ? `${name} ×${n}` : name));
    return h("details", { class: "pile" }, h("summary", {}, `${label} ${cards.length}`), h("ul", {}, items));
  }

  sideEl(view, index, snap, mine) {
    const side = (view.sides || [])[index];
    if (!side) return null;
    const who = this.ctx.seatLabel ? this.ctx.seatLabel(index) : cap(side.side);
    const sizes = side.hand_sizes || {};
    const notes = [];
    if (side.troop_penalty) notes.push(h("span", { class: "badge negative", title: "Cut Supply Lines / Destroy Stores this round" }, `troops −${side.troop_penalty}`));
    if (side.unit_bonus) notes.push(h("span", { class: "badge positive", title: "Stirring Oratory this round" }, `units +${side.unit_bonus}`));
    const hands = index === mine ? null : h(
      "div",
      { class: "hand-sizes", title: "Cards in hand (their contents are secret)" },
      ["leaders", "recruits", "actions"].map((hand) =>
        h("span", { class: "back-count" }, h("span", { class: "card-back", "aria-hidden": "true" }), `${sizes[hand] ?? 0} ${hand}`)),
    );
    const discards = side.leader_discard || [];
    // the opponent's cards this seat has seen (Scouts, Summon, Propaganda), while still in hand
    const seen = index === mine ? [] : view.seen?.theirs || [];
    const units = side.units.length
      ? side.units.map((u) => this.unitEl(u, index))
      : [h("p", { class: "empty" }, "No units in play")];
    return h(
      "section",
      { class: `side panel ${seatClass(index)} ${index === mine ? "mine" : ""}`, "aria-label": `${cap(side.side)} side` },
      h(
        "header",
        { class: "side-head" },
        h("h2", {}, who),
        h("span", { class: "muted" }, `${side.battles_won} battles won`),
        notes,
        hands,
        h("span", { class: "muted", title: "Cards left in this side's leader deck" }, `leader deck ${side.leader_deck}`),
        discards.length ? this.pileEl("discarded leaders", discards) : null,
        seen.length ? this.pileEl("seen in hand", seen) : null,
      ),
      h("div", { class: "units" }, units),
    );
  }

  unitEl(unit, seat, { compact = false } = {}) {
    const leader = this.card(unit.leader);
    const ids = [unit.leader, ...unit.troops, ...unit.mods];
    const key = `unit-${unit.leader}`;
    const { playable, combines } = compact ? { playable: false, combines: false } : this.usable(key, ids);
    const selected = this.isSelected(key);
    const status = STATUS[unit.status] || null;
    const troops = unit.troops.map((t) => {
      const c = this.card(t);
      return h("li", { title: c.text }, h("b", {}, c.name), ` ${c.fields?.type || ""} ${forceLabel(c)}`);
    });
    // modifiers pile up over a game: one wrapping line, equal ones counted
    const byName = new Map();
    for (const m of unit.mods) {
      const c = this.card(m);
      const entry = byName.get(c.name) || { card: c, n: 0 };
      entry.n += 1;
      byName.set(c.name, entry);
    }
    const mods = byName.size ? h("li", { class: "mods" }, [...byName.values()].map(({ card: c, n: count }) =>
      h("span", { class: "mod", title: c.text }, `${count > 1 ? `${count}× ` : ""}${c.name} ${forceLabel(c)}`))) : null;
    // equal contributions (two Training cards) are shown once with a count
    const merged = new Map();
    for (const [label, amount] of unit.parts || []) {
      const entry = merged.get(label) || { amount: 0, n: 0 };
      entry.amount += amount;
      entry.n += 1;
      merged.set(label, entry);
    }
    const parts = [...merged.entries()].map(([label, { amount, n: count }]) =>
      h("span", { class: "part" }, h("b", {}, String(amount)), ` ${label}${count > 1 ? ` ×${count}` : ""}`));
    const body = [
      h(
        "div",
        { class: "unit-head" },
        h("span", { class: "unit-title" },
          h("span", { class: "unit-name" }, leader.name),
          h("span", { class: "unit-role" }, `${leader.fields?.role || leader.kind} · ${forceLabel(leader)}`)),
        unit.troops.length ? h("span", { class: "unit-force", title: "Force total" }, String(unit.force)) : null,
      ),
      compact ? null : h("p", { class: "unit-text", title: leader.text }, this.explained(leader.text)),
      h("ul", { class: "unit-cards" }, troops.length ? troops : h("li", { class: "dim" }, "no troop: not a unit yet"), mods),
      parts.length ? h("div", { class: "parts", title: "How the Force total is made" }, "= ", parts) : null,
      status && status[0] ? h("span", { class: `status status-${status[1]}` }, status[0]) : null,
    ];
    const classes = ["unit", seatClass(seat), status && status[1] === "fight" ? `fighting ${status[0]}` : "",
      status && status[1] === "dim" && !playable ? "faded" : "", playable ? "playable" : "", combines ? "combines" : "",
      selected ? "selected" : ""].filter(Boolean).join(" ");
    if (playable) {
      return h("button", {
        class: classes,
        type: "button",
        "aria-pressed": selected ? "true" : "false",
        "aria-label": `${leader.name}'s unit, Force ${unit.force}: show its moves`,
        dataset: { card: String(unit.leader), focusKey: key },
        onclick: () => this.select(key, ids, `${leader.name}'s unit`),
      }, body);
    }
    return h("div", { class: classes, dataset: { card: String(unit.leader) } }, body);
  }

  battleEl(view) {
    const battle = view.battle;
    if (!battle) return null;
    const attacker = battle.attacker;
    const defender = battle.defender;
    const step = view.step;
    if (view.result) return null;
    if (step === "after_battle" || !battle.engagement) {
      const streak = view.streak || {};
      const won = streak.side ? `${cap(streak.side)} won it.` : "Nobody won it.";
      return h("section", { class: "battle panel", "aria-label": "Battle" },
        h("h2", {}, `The battle of round ${view.round} is over`),
        h("p", {}, won, " Units that fought may now receive After-Battle modifiers."));
    }
    if (["end_segment", "engagement_end"].includes(step)) {
      const resolved = this.resolutionEl(view, this.snap || {});
      if (resolved) return resolved;
    }
    const heading = `Engagement ${battle.engagement}: ${cap(attacker)} attacks`;
    const slot = (leader, side, role) => {
      if (leader === null || leader === undefined) {
        const waiting = step === "pick" ? `${cap(attacker)} is choosing` : "—";
        return h("div", { class: `slot empty ${seatClass(this.sideIndex(side, view))}` }, h("span", { class: "slot-role" }, role), h("p", { class: "muted" }, waiting));
      }
      const found = this.findUnit(view, leader);
      const owner = found ? found.side : side;
      return h(
        "div",
        { class: `slot ${seatClass(this.sideIndex(owner, view))}` },
        h("span", { class: "slot-role" }, `${role} · ${cap(owner)}`),
        found ? this.unitEl(found.unit, this.sideIndex(owner, view), { compact: true }) : h("p", {}, this.name(leader)),
      );
    };
    const played = (battle.played || []).map((p) => {
      const card = this.card(p.card);
      const bits = [h("b", {}, card.name)];
      if (p.as) bits.push(` as ${this.keyName(p.as)}`);
      if (p.on !== null && p.on !== undefined) bits.push(` on ${this.name(p.on)}`);
      if (p.negates !== null && p.negates !== undefined) bits.push(`, negating ${this.name(p.negates)}`);
      return h(
        "li",
        { class: `played ${seatClass(this.sideIndex(p.side, view))} ${p.negated ? "negated" : ""}`, title: card.text },
        h("span", { class: "who" }, cap(p.side)),
        h("span", { class: "what" }, bits, p.negated ? " (negated)" : ""),
        h("span", { class: "effect" }, card.text),
      );
    });
    const chain = (battle.strategy_chain || []).map((c, i) =>
      h("li", { class: `played ${seatClass(this.sideIndex(c.side, view))}` }, h("span", { class: "who" }, cap(c.side)),
        h("span", { class: "what" }, h("b", {}, this.name(c.card)), i === 0 ? " waits to resolve" : " answers it"),
        h("span", { class: "effect" }, this.card(c.card).text)));
    return h(
      "section",
      { class: "battle panel", "aria-label": "Battle" },
      h("h2", {}, heading),
      h(
        "div",
        { class: "versus" },
        slot(battle.attacking_unit, attacker, "Attacking"),
        h("span", { class: "vs", "aria-hidden": "true" }, "vs"),
        slot(battle.defending_unit, defender, "Defending"),
      ),
      chain.length ? h("div", {}, h("h3", {}, "Strategy card in play"), h("ul", { class: "played-list" }, chain)) : null,
      played.length
        ? h("div", {}, h("h3", {}, "Cards played this engagement"), h("ul", { class: "played-list" }, played))
        : h("p", { class: "muted" }, "No cards played in this engagement yet."),
    );
  }

  handsEl(view, snap) {
    const hands = [];
    if (view.hand) hands.push([snap.seat, view.hand]);
    // an all-seeing replay carries each seat's own view: show every hand
    if (!view.hand && Array.isArray(snap.views)) snap.views.forEach((v, i) => v?.hand && hands.push([i, v.hand]));
    if (!hands.length) return null;
    return hands.map(([seat, hand]) => {
      const sideName = (view.sides || [])[seat]?.side || `seat ${seat}`;
      const title = seat === snap.seat && !this.ctx.readOnly ? "Your hand" : `${cap(sideName)}'s hand`;
      const rows = [["leaders", "Leaders"], ["recruits", "Recruits"], ["actions", "Actions"]].map(([key, label]) => {
        const cards = hand[key] || [];
        return h(
          "div",
          { class: "hand-row" },
          h("h3", {}, `${label} `, h("span", { class: "muted" }, `(${cards.length})`)),
          h("div", { class: "cards" }, cards.length ? cards.map((id) => this.cardEl(id)) : h("p", { class: "empty" }, "none")),
        );
      });
      return h("section", { class: `hand panel ${seatClass(seat)}`, "aria-label": title }, h("h2", {}, title), rows);
    });
  }

  cardEl(id) {
    const card = this.card(id);
    const key = `card-${id}`;
    const { playable, combines } = this.usable(key, [id]);
    const selected = this.isSelected(key);
    const force = forceLabel(card);
    const body = [
      h("span", { class: "card-head" }, h("span", { class: "card-name" }, card.name), force ? h("span", { class: "card-force" }, force) : null),
      h("span", { class: "card-type" }, this.explained(cardType(card))),
      h("span", { class: "card-text" }, this.explained(card.text)),
    ];
    const classes = ["card", kindClass(card), playable ? "playable" : "idle", combines ? "combines" : "",
      selected ? "selected" : ""].filter(Boolean).join(" ");
    if (playable) {
      return h("button", {
        class: classes,
        type: "button",
        "aria-pressed": selected ? "true" : "false",
        "aria-label": `${card.name}, ${cardType(card)}${force ? `, Force ${force}` : ""}: ${card.text}. Show its moves.`,
        dataset: { card: String(id), focusKey: key },
        onclick: () => this.select(key, [id], card.name),
      }, body);
    }
    return h("div", { class: classes, title: "Not usable right now", dataset: { card: String(id) } }, body);
  }

  // ----- decision and moves ----------------------------------------------------------------------
  controlsEls(snap) {
    const view = snap.view || {};
    if (snap.result || view.result) return [this.finishedEl(snap)];
    const mineDecision = (snap.decisions || []).find((d) => d.seat === snap.seat);
    const legal = this.moves;
    if (!mineDecision || !legal.length) return [this.waitingEl(snap)];
    const kind = mineDecision.kind || view.step;
    const pass = legal.find((m) => m.action === "pass");
    const others = legal.filter((m) => m.action !== "pass");
    const shown = this.selection.length ? others.filter((m) => this.matches(m, this.selection)) : others;
    const head = h(
      "div",
      { class: `decision mine ${seatClass(snap.seat)}` },
      h("h2", { class: "decision-title" }, "Your decision"),
      h("p", { class: "prompt" }, mineDecision.prompt || view.to_move?.prompt || ""),
      STEP_HELP[kind] ? h("p", { class: "help" }, STEP_HELP[kind]) : null,
      pass ? h("button", {
        class: "pass-button",
        type: "button",
        disabled: snap.busy,
        dataset: { action: "pass", focusKey: "pass" },
        onclick: () => this.ctx.act("pass"),
      }, PASS_TEXT[kind] || "Pass", h("kbd", {}, "P")) : null,
    );
    const selection = this.selection.length ? h(
      "div",
      { class: "selection" },
      "Moves with ",
      this.selection.map((item, i) => [i ? " + " : "", h("b", {}, item.label)]),
      h("button", { class: "link-button", type: "button", onclick: () => this.clearSelection(), dataset: { focusKey: "clear" } }, "show all (Esc)"),
    ) : others.length ? h("p", { class: "hint" }, "Click a highlighted card or unit to see only its moves.") : null;
    return [head, selection, this.movesEl(shown, snap)];
  }

  movesEl(moves, snap) {
    if (!moves.length) return h("p", { class: "muted" }, "No other moves.");
    const groups = [];
    let index = 0;
    for (const [verb, label] of VERB_GROUPS) {
      const inGroup = moves.filter((m) => m.verb === verb);
      if (inGroup.length) groups.push([label, inGroup]);
    }
    const known = new Set(VERB_GROUPS.map(([v]) => v));
    const rest = moves.filter((m) => !known.has(m.verb));
    if (rest.length) groups.push(["Other", rest]);
    return h(
      "div",
      { class: "moves", role: "group", "aria-label": "Legal moves" },
      groups.map(([label, list]) => h(
        "div",
        { class: "move-group" },
        groups.length > 1 || this.selection.length === 0 ? h("h3", {}, label) : null,
        list.map((m) => {
          index += 1;
          // the view's note for this move (views.py action_notes): its Force effect, or "no effect now"
          const note = (snap.view?.action_notes || {})[m.action];
          const [main, effect] = String(m.text || m.action).replace(/ \[[^\]]*\]$/, "").split(" — ");
          const act = () => {
            if (note?.no_effect && !window.confirm(`${main}: this card would have no effect now. Play it anyway?`)) return;
            this.ctx.act(m.action);
          };
          return h("button", {
            class: `move${note?.no_effect ? " no-effect" : ""}`,
            type: "button",
            disabled: snap.busy,
            title: m.action,
            dataset: { action: m.action, focusKey: `move-${m.action}`, ...(index <= 9 ? { moveIndex: String(index) } : {}) },
            onclick: act,
          }, index <= 9 ? h("kbd", {}, String(index)) : h("span", { class: "kbd-space" }), h("span", { class: "move-text" }, main,
            note?.effect ? h("span", { class: `move-note${note.no_effect ? " warn" : ""}` }, note.effect) : null,
            effect ? h("span", { class: "move-effect" }, this.explained(effect)) : null));
        }),
      )),
    );
  }

  waitingEl(snap) {
    const view = snap.view || {};
    const decision = (snap.decisions || [])[0];
    const seat = decision ? decision.seat : this.sideIndex(view.to_move?.side, view);
    const side = view.to_move?.side || (view.sides || [])[seat]?.side || null;
    const who = seat >= 0 && this.ctx.seatLabel ? this.ctx.seatLabel(seat) : cap(side || "");
    const what = STEP_NAMES[decision?.kind] || STEP_NAMES[view.step] || "";
    const spectating = !Number.isInteger(snap.seat);
    const seatInfo = (snap.seats || []).find((s) => s.seat === seat);
    const unclaimed = seatInfo && seatInfo.kind === "human" && !seatInfo.claimed;
    const title = unclaimed ? `Waiting for ${cap(side)} to join…` : side ? `${who} is deciding…` : "Waiting…";
    return h(
      "div",
      { class: `decision waiting ${seatClass(seat)}` },
      h("h2", { class: "decision-title" }, title),
      what ? h("p", { class: "prompt" }, what) : null,
      h("p", { class: "help" }, spectating ? "You are watching this table." : "Your moves appear here when it is your turn."),
    );
  }

  finishedEl(snap) {
    const { headline, detail } = this.resultText(snap.result, snap);
    return h("div", { class: "decision finished" }, h("h2", { class: "decision-title" }, headline), h("p", { class: "prompt" }, detail));
  }

  /** Headline and detail for the result screen. */
  resultText(result, snap) {
    const view = snap?.view || {};
    const winner = view.result ? view.result.winner : result?.scores?.winner_side;
    let headline;
    if (!winner || winner === "draw") headline = "The game is a draw";
    else if (Number.isInteger(snap?.seat) && (view.sides || [])[snap.seat]?.side === winner) headline = `You win! ${cap(winner)} is victorious`;
    else if (Number.isInteger(snap?.seat) && snap.seat >= 0 && snap.seat < 2) headline = `You lose: ${cap(winner)} is victorious`;
    else headline = `${cap(winner)} wins`;
    const reason = view.result?.reason || result?.reason || "";
    const won = (view.sides || []).map((s) => `${cap(s.side)} ${s.battles_won}`).join(", ");
    const detail = [reason ? `${cap(reason)}.` : "", view.round ? `Battles won in ${view.round} rounds: ${won}.` : ""]
      .filter(Boolean).join(" ");
    return { headline, detail };
  }

  // ----- outcomes (table.js shows them in a panel before the next decision) ----------------------
  /** "Liu Bei (Good) 14 = 5 Liu Bei + 6 Infantry + 3 Charge": one side of a resolution entry. */
  totalLine(side) {
    const parts = (side.parts || []).map(([label, amount]) => `${amount} ${label}`).join(" + ");
    return `${this.name(side.unit)} (${cap(side.side)}) ${side.force}${parts ? ` = ${parts}` : ""}`;
  }

  /** Why the winner won: the card that decided it, a coin flip, or the units' own Force. */
  whyText(e) {
    if (e.coin >= 0) return "Equal totals: a coin flip decided it.";
    if (e.decided_by !== null && e.decided_by !== undefined) return `Decided by ${this.name(e.decided_by)}: without it ${cap(e.winner)} would not have won.`;
    return `${cap(e.winner)} had the higher Force without any single card deciding it.`;
  }

  /** The panel for an outcome in the log (the same entry the log line is made from, so the
   * two never disagree): an engagement's resolution, a battle's end. */
  moment(e, snap) {
    const index = (side) => this.sideIndex(side, snap?.view);
    if (e.kind === "resolution") {
      const number = snap?.view?.battle?.engagement;
      return {
        headline: `${cap(e.winner)} wins ${number ? `engagement ${number}` : "the engagement"}`,
        lines: [this.totalLine(e.attacker || {}), this.totalLine(e.defender || {})],
        why: this.whyText(e),
        seat: index(e.winner),
      };
    }
    if (e.kind === "battle_end") {
      if (!e.winner) return { headline: "The battle has no winner", lines: [], why: "No winning streak carries on.", seat: null };
      const more = e.streak === 2 ? ": one more in a row wins the game" : "";
      return { headline: `${cap(e.winner)} wins the battle (${e.streak} in a row${more})`, lines: [], why: "", seat: index(e.winner) };
    }
    return null;
  }

  /** After an engagement's resolution, its result as the log has it (snapshot.log). */
  resolutionEl(view, snap) {
    const log = snap.log || [];
    let found = null;
    for (let i = log.length - 1; i >= 0 && !found; i -= 1) {
      if (log[i].kind === "resolution") found = log[i];
      else if (log[i].kind === "engagement") break; // a newer engagement began
    }
    if (!found) return null;
    return h("section", { class: "battle panel resolved", "aria-label": "Battle" },
      h("h2", {}, `Engagement ${view.battle?.engagement ?? ""}: ${cap(found.winner)} wins`),
      h("ul", { class: "played-list" }, [found.attacker, found.defender].map((side) =>
        h("li", { class: `played ${seatClass(this.sideIndex(side.side, view))}` }, this.totalLine(side)))),
      h("p", { class: "muted" }, this.whyText(found)));
  }

  // ----- log -------------------------------------------------------------------------------------
  logText(e) {
    const n = (id) => this.name(id);
    const names = (ids) => (ids || []).map(n).join(", ");
    const who = (key = "side") => (e[key] ? cap(e[key]) : "Nobody");
    switch (e.kind) {
      case "setup": {
        const text = `${who()} starts with ${n(e.main_leader)} in play (no troop yet), ${e.leaders} leaders and ${e.recruits} recruit cards in hand`;
        return e.leader_cards ? `${text}: ${names(e.leader_cards)}; ${names(e.recruit_cards)}` : text;
      }
      case "round": return `Round ${e.round} begins`;
      case "draw": {
        const hand = { leaders: "leader", recruits: "recruit", actions: "action" }[e.hand] || e.hand;
        const text = `${who()} draws ${e.count} ${hand} card${e.count === 1 ? "" : "s"}`;
        return e.cards ? `${text}: ${names(e.cards)}` : text;
      }
      case "pass": return `${who()} passes${e.auto ? " (nothing else to do)" : ""}`;
      case "deploy": return `${who()} deploys ${n(e.troop)} under ${n(e.leader)}`;
      case "summon": return `${who()}'s ${n(e.by)} summons ${n(e.card)} into the leader hand`;
      case "attach": return `${who()} attaches ${n(e.card)} to ${n(e.unit)}'s unit`;
      case "special": return `${who()} plays ${n(e.card)}${e.unit !== undefined ? ` on ${n(e.unit)}'s unit` : ""}`;
      case "no_effect": return `${n(e.card)} has no effect`;
      case "steal": return `${who()} steals ${e.count} recruit cards${e.cards ? `: ${names(e.cards)}` : ""}`;
      case "treachery": return `${who()} takes control of ${n(e.unit)}'s unit (Treachery)`;
      case "assassinated": return `${who()}'s ${n(e.leader)} is assassinated`;
      case "battle": return `The battle of round ${e.round} begins: ${(e.engaged || []).length} units fight, ${who("first_attacker")} attacks first`;
      case "engagement": return `Engagement ${e.number}: ${who("attacker")} attacks`;
      case "pick": return `${who()} attacks ${n(e.defender)} with ${n(e.attacker)}`;
      case "strategy": return `${who()} plays the strategy card ${n(e.card)}${e.unit !== undefined ? ` (naming ${n(e.unit)})` : ""}`;
      case "repick": return `${who()} sends ${n(e.unit)} in as the new ${e.slot}`;
      case "intercept": return `${who()}'s ${n(e.unit)} intercepts the attack on ${n(e.replaces)}`;
      case "negated": return `${n(e.card)} is negated`;
      case "play": {
        let text = `${who()} plays ${n(e.card)}`;
        if (e.as) text += ` as ${this.keyName(e.as)}`;
        if (e.on !== undefined) text += ` on ${n(e.on)}`;
        if (e.negates !== undefined) text += `, negating ${n(e.negates)}`;
        return text;
      }
      case "discard": {
        const why = e.why || "";
        if (["action hand", "recruit hand", "leader hand"].includes(why)) return `${who()} discards ${n(e.card)} (${why} limit)`;
        return `${who()} discards ${n(e.card)}${e.random ? " at random" : ""}${why ? ` (${why})` : ""}`;
      }
      case "look": {
        const text = `${who()} looks at ${who("at")}'s action hand (${e.why || "scout"})`;
        return e.cards ? `${text}: ${names(e.cards) || "empty"}` : text;
      }
      case "resolution": {
        const a = e.attacker || {};
        const d = e.defender || {};
        return `${n(a.unit)} (${cap(a.side)}) ${a.force} against ${n(d.unit)} (${cap(d.side)}) ${d.force}: ${cap(e.winner)} wins the engagement${e.coin >= 0 ? " on a coin flip" : ""}`;
      }
      case "retreat": return `${who()}'s ${n(e.unit)} retreats${e.why ? ` (${e.why})` : ""}`;
      case "slain": return `${who()}'s ${n(e.unit)} is slain: the unit is discarded`;
      case "battle_end": return e.winner ? `${who("winner")} wins the battle (${e.streak} in a row)` : "The battle has no winner";
      case "reshuffle": return `The ${e.deck} deck is reshuffled (${e.size} cards)`;
      case "game_over": return `Game over: ${cap(e.reason || "")}`;
      default: {
        if (typeof e.text === "string") return e.text; // server notes (autopilot) carry their sentence
        const words = Object.entries(e).filter(([k]) => k !== "kind").map(([k, v]) => `${k}=${JSON.stringify(v)}`);
        return `${e.kind}: ${words.join(" ")}`;
      }
    }
  }
}
