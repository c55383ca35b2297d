// The rules panel: a dialog built from GET /api/games/{game}/rules (the same data as
// `warroom rules GAME --json`). Game-agnostic: it lists each deck's cards with their
// copies, type, force and text; the game's renderer may add an introduction
// (`helpText`) and nicer type labels (`cardType`).

import { cap, h, replace } from "./dom.js";

/** Wire a "Rules" button to a <dialog>; the content is built on first open. */
export function installRulesPanel(button, dialog, loadRules, renderer) {
  let built = false;
  button.addEventListener("click", async () => {
    if (!built) {
      try {
        const rules = await loadRules();
        buildPanel(dialog, rules, renderer);
        built = true;
      } catch (err) {
        replace(dialog, h("p", {}, `The rules could not be loaded: ${err.message}`), closeButton(dialog));
      }
    }
    dialog.showModal();
    dialog.querySelector("input")?.focus();
  });
  // a click on the backdrop (outside the dialog's box) closes it
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
}

function closeButton(dialog) {
  return h("button", { class: "button subtle close", type: "button", onclick: () => dialog.close(), "aria-label": "Close the rules" }, "Close ✕");
}

function typeOf(card, renderer) {
  if (renderer?.cardType) {
    try {
      return renderer.cardType(card);
    } catch {
      // fall through to the plain kind
    }
  }
  return cap(String(card.kind || "").replace(/_/g, " "));
}

function forceOf(card) {
  if (card.force === undefined || card.force === null || card.force === "") return "";
  if (["modifier", "leader_mod"].includes(card.kind)) return card.force ? `+${card.force}` : "";
  if (["troop", "leader"].includes(card.kind)) return String(card.force);
  return card.force ? String(card.force) : "";
}

export function buildPanel(dialog, rules, renderer) {
  const decks = rules.decks || [];
  const tabs = [];
  const pages = [];
  const help = renderer?.helpText;
  if (Array.isArray(help) && help.length) {
    tabs.push("How to play");
    pages.push(h("div", { class: "rules-help" }, help.map((p) => h("p", {}, p))));
  }
  for (const deck of decks) {
    tabs.push(`${deck.deck || cap(deck.key)}${deck.size ? ` (${deck.size})` : ""}`);
    // a Force column only where some card of the deck has one (action cards say it in their text)
    const withForce = (deck.cards || []).some((card) => forceOf(card) !== "");
    const rows = (deck.cards || []).map((card) => h(
      "tr",
      { dataset: { search: `${card.name} ${card.kind} ${card.text}`.toLowerCase() } },
      h("th", { scope: "row" }, card.name),
      h("td", { class: "num" }, card.copies === undefined ? "" : String(card.copies)),
      h("td", {}, typeOf(card, renderer)),
      withForce ? h("td", { class: "num" }, forceOf(card)) : null,
      h("td", {}, card.text || ""),
    ));
    const heads = ["Card", "#", "Type", ...(withForce ? ["Force"] : []), "Effect"];
    pages.push(h(
      "table",
      { class: "rules-table" },
      h("caption", {}, deck.deck || cap(deck.key)),
      h("thead", {}, h("tr", {}, heads.map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows),
    ));
  }
  const tabButtons = tabs.map((label, i) => h("button", {
    class: "tab",
    type: "button",
    role: "tab",
    "aria-selected": i === 0 ? "true" : "false",
    onclick: () => show(i),
  }, label));
  const search = h("input", {
    type: "search",
    placeholder: "Find a card…",
    "aria-label": "Find a card",
    oninput: () => filter(search.value.trim().toLowerCase()),
  });
  const body = h("div", { class: "rules-body" }, pages);
  function show(index) {
    tabButtons.forEach((b, i) => b.setAttribute("aria-selected", i === index ? "true" : "false"));
    pages.forEach((p, i) => { p.hidden = i !== index; });
  }
  function filter(text) {
    // searching looks through every deck at once
    if (text) {
      pages.forEach((p) => { p.hidden = p.tagName !== "TABLE"; });
      tabButtons.forEach((b) => b.setAttribute("aria-selected", "false"));
    } else {
      show(0);
    }
    for (const row of body.querySelectorAll("tbody tr")) row.hidden = Boolean(text) && !row.dataset.search.includes(text);
    // a deck with no match disappears, so the results read as one list
    if (text) {
      for (const table of body.querySelectorAll("table")) table.hidden = !table.querySelector("tbody tr:not([hidden])");
    }
    body.classList.toggle("searching", Boolean(text));
  }
  replace(
    dialog,
    h("div", { class: "rules-head" }, h("h2", {}, `${rules.title || cap(rules.game)} · rules`),
      rules.rules_version ? h("span", { class: "muted" }, `rules version ${rules.rules_version}`) : null,
      h("span", { class: "spacer" }), closeButton(dialog)),
    h("div", { class: "rules-tools" }, h("div", { class: "tabs", role: "tablist" }, tabButtons), search),
    body,
  );
  show(0);
}
