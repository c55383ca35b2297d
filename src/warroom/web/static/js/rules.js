// The rules panel: a dialog built from GET /api/games/{game}/rules (the same data as
// `warroom rules GAME --json`, shaped by src/warroom/engine/reference.py). Game-neutral:
// the game's introduction, then one tab per section listing its entries with the shared
// columns (name, count, kind, text) and the section's own `columns` (entry.fields); the
// renderer's `helpText` is added to the introduction.

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

function fieldText(value) {
  return value === undefined || value === null ? "" : String(value);
}

export function buildPanel(dialog, rules, renderer) {
  const sections = rules.sections || [];
  const tabs = [];
  const pages = [];
  const help = [...(rules.intro || []), ...(Array.isArray(renderer?.helpText) ? renderer.helpText : [])];
  if (help.length) {
    tabs.push("How to play");
    pages.push(h("div", { class: "rules-help" }, help.map((p) => h("p", {}, p))));
  }
  const glossary = rules.glossary || [];
  if (glossary.length) {
    tabs.push("Keywords");
    pages.push(h("dl", { class: "rules-glossary" }, glossary.map((g) => [
      h("dt", { dataset: { search: `${g.term} ${g.text}`.toLowerCase() } }, g.term), h("dd", {}, g.text)])));
  }
  for (const section of sections) {
    const entries = section.entries || [];
    const columns = section.columns || [];
    const counted = entries.some((e) => e.count !== null && e.count !== undefined);
    tabs.push(`${section.title || cap(section.key)}${section.size ? ` (${section.size})` : ""}`);
    const rows = entries.map((e) => h(
      "tr",
      { dataset: { search: `${e.name} ${e.kind} ${Object.values(e.fields || {}).join(" ")} ${e.text}`.toLowerCase() } },
      h("th", { scope: "row" }, e.name),
      counted ? h("td", { class: "num" }, fieldText(e.count)) : null,
      h("td", {}, e.kind || ""),
      columns.map((c) => {
        const value = (e.fields || {})[c.key];
        return h("td", { class: typeof value === "number" || /^[+-]?\d+$/.test(fieldText(value)) ? "num" : "" }, fieldText(value));
      }),
      h("td", { class: "rules-text" }, e.text || ""),
    ));
    const heads = ["Name", ...(counted ? ["#"] : []), "Kind", ...columns.map((c) => c.label), "Text"];
    pages.push(h(
      "table",
      { class: "rules-table", dataset: { section: section.key } },
      h("caption", {}, section.title || cap(section.key)),
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
    placeholder: "Find…",
    "aria-label": "Find in the rules",
    oninput: () => filter(search.value.trim().toLowerCase()),
  });
  const body = h("div", { class: "rules-body" }, pages);
  function show(index) {
    tabButtons.forEach((b, i) => b.setAttribute("aria-selected", i === index ? "true" : "false"));
    pages.forEach((p, i) => { p.hidden = i !== index; });
  }
  function filter(text) {
    // searching looks through every section at once
    if (text) {
      pages.forEach((p) => { p.hidden = p.tagName !== "TABLE"; });
      tabButtons.forEach((b) => b.setAttribute("aria-selected", "false"));
    } else {
      show(0);
    }
    for (const row of body.querySelectorAll("tbody tr")) row.hidden = Boolean(text) && !row.dataset.search.includes(text);
    // a section with no match disappears, so the results read as one list
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
