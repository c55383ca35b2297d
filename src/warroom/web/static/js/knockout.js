// The lobby's knockout panel (/): create a knockout tournament (4 or more entrants, any mix of
// people and bots at chosen levels) and list the tournaments. A separate module beside lobby.js:
// it builds its form from GET /api/knockout (which games) and GET /api/games (bots, variants,
// options), like the table form.

import { request } from "./api.js";
import { cap, h, replace } from "./dom.js";
import { ErrorLine } from "./frame.js";
import { saveEntrant } from "./tournament-seat.js";

const $ = (id) => document.getElementById(id);
const errors = new ErrorLine($("error"));
const REFRESH_MS = 5000;

function entrantSelect(i, bots, fallback) {
  const select = h("select", { name: `entrant-${i}`, "aria-label": `Entrant ${i + 1}` },
    h("option", { value: "human" }, i === 0 ? "Human (you)" : "Human (invite a friend)"),
    bots.map((b) => h("option", { value: `bot:${b}` }, `Bot: ${b}`)));
  select.value = i === 0 ? "human" : `bot:${bots.includes(fallback[i % fallback.length]) ? fallback[i % fallback.length] : bots[0]}`;
  return h("label", { class: "field knockout-entrant" }, h("span", {}, `Seed ${i + 1}`), select);
}

function buildForm(form, info, games) {
  const usable = games.filter((g) => info.games.includes(g.name));
  if (!usable.length) {
    replace(form, h("p", { class: "muted" }, "No game on this server holds knockouts."));
    return;
  }
  const game = usable[0];
  const bots = game.bots || [];
  const levels = ["novice", "casual", "expert", "heuristic", "random"];
  const count = h("select", { id: "knockout-count", name: "count" },
    [4, 5, 6, 7, 8].map((n) => h("option", { value: String(n) }, `${n} entrants`)));
  const entrants = h("fieldset", { class: "knockout-entrants" });
  const drawEntrants = () => replace(entrants, h("legend", {}, "Entrants, in seed order"),
    Array.from({ length: Number(count.value) }, (_, i) => entrantSelect(i, bots, levels)),
    h("p", { class: "hint" }, "Top seeds get byes when the entrants do not fill the bracket. People get a link each."));
  count.addEventListener("change", drawEntrants);
  drawEntrants();
  const options = (game.options || []).filter((o) => o.name === "wins" || o.name === "min_interval_ms");
  const submit = h("button", { class: "button primary", type: "submit", id: "create-knockout" }, "Create knockout");
  replace(form,
    h("p", { class: "muted game-facts" }, `${game.title || game.name} · every match a real-time table`),
    h("label", { class: "field" }, h("span", {}, "Size"), count),
    entrants,
    options.map((o) => h("label", { class: "field" }, h("span", {}, o.name.replace(/_/g, " ")),
      h("input", { type: "number", name: `option:${o.name}`, value: String(o.default), min: o.min ?? null,
                   max: o.max ?? null, dataset: { default: String(o.default) } }))),
    (game.variants || []).length ? h("fieldset", { class: "variants" }, h("legend", {}, "Variants"),
      game.variants.map((v) => h("label", { class: "check" },
        h("input", { type: "checkbox", name: "variant", value: v.name }), ` ${v.name}`))) : null,
    h("div", { class: "form-actions" }, submit));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    const data = new FormData(form);
    const body = { game: game.name, entrants: [], config: {} };
    for (let i = 0; i < Number(count.value); i += 1) {
      const value = String(data.get(`entrant-${i}`));
      body.entrants.push(value === "human" ? { kind: "human" } : { kind: "bot", bot: value.slice(4) });
    }
    const variants = data.getAll("variant").map(String);
    if (variants.length) body.config.variants = variants;
    for (const input of form.querySelectorAll('input[name^="option:"]')) {
      if (input.value === "" || input.value === input.dataset.default) continue;
      (body.config.options ||= {})[input.name.slice(7)] = Number(input.value);
    }
    try {
      const made = await request("/api/tournaments", { method: "POST", body });
      const people = made.entrants.filter((e) => e.kind === "human");
      const me = people.find((e) => e.creator);
      saveEntrant(made.tournament, me ? { entrant: me.entrant, token: me.token } : null,
        people.filter((e) => e !== me).map((e) => ({ entrant: e.entrant, name: e.name, url: e.url })));
      location.href = made.url;
    } catch (err) {
      errors.show(`The knockout was not created: ${err.message}`);
      submit.disabled = false;
    }
  });
}

async function refresh() {
  try {
    const list = await request("/api/tournaments?limit=20");
    replace($("tournaments"), list.length ? list.map((t) => h("li", { class: `table-row status-${t.status}` },
      h("div", { class: "table-main" },
        h("b", {}, `${cap(t.game)} knockout`),
        h("span", { class: "muted" }, `${t.entrants.length} entrants · ${t.status}`),
        h("span", { class: "table-seats" }, t.entrants.join(" · ")),
        t.champion_name ? h("span", { class: "table-result" }, `champion: ${t.champion_name}`) : null),
      h("div", { class: "row-actions" },
        h("a", { class: "button", href: `/tournament/${encodeURIComponent(t.tournament)}` }, "Bracket"))))
      : h("li", { class: "muted empty" }, "No tournaments yet."));
  } catch (err) {
    errors.show(`The tournaments could not be listed: ${err.message}`);
  }
}

async function start() {
  const form = $("knockout-form");
  if (!form) return;
  try {
    const [info, games] = await Promise.all([request("/api/knockout"), request("/api/games")]);
    buildForm(form, info, games);
  } catch (err) {
    replace(form, h("p", { class: "muted" }, `Knockouts are not available: ${err.message}`));
  }
  refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, REFRESH_MS);
}

start();
