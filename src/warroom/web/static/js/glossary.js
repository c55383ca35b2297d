// The rules' keywords, explained where they appear: each term of the game's glossary
// (rules_reference().glossary, engine/reference.py) becomes an <abbr class="keyword"> whose
// title holds its one-line meaning (hover), shown inline when tapped or on Enter. Game-neutral:
// the table and replay pages mark every renderer's board and moves after each render
// (markKeywords); a renderer may instead build its texts with explained() and say so by
// exporting `marksKeywords = true`.

import { h } from "./dom.js";

const CLICKABLE = "button, a, [role=button], [data-card], [data-action]";
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The glossary's terms as one pattern, longest first ("Leader Deck Modifier" before "Leader").
 * A term the glossary writes in lower case also matches with a capital ("Stronghold" starting a
 * sentence); a capitalised one matches only as written. */
export function glossaryIndex(rules) {
  const words = new Map(); // lower-cased term -> [term, meaning]
  for (const g of rules?.glossary || []) {
    for (const term of String(g.term).split(" / ")) words.set(term.toLowerCase(), [term, g.text]);
  }
  const terms = [...words.values()].map(([t]) => t).sort((a, b) => b.length - a.length)
    .map((t) => (t[0] !== t[0].toUpperCase() ? `[${t[0].toUpperCase()}${t[0]}]${escape(t.slice(1))}` : escape(t)));
  return { words, pattern: terms.length ? new RegExp(`\\b(${terms.join("|")})s?\\b`, "g") : null };
}

/** One keyword as shown: the word, its meaning on hover and, once tapped, inline. With `keep`
 * a tap outside a button goes no further (the renderer's own texts); marked afterwards on any
 * renderer's board, a tap also reaches whatever the text sits in (a clickable card). */
export function keywordEl(shown, base, meaning, keep = true) {
  return h("abbr", {
    class: "keyword",
    title: `${base}: ${meaning}`,
    tabindex: "0",
    dataset: { keyword: base },
    // inside a card or move button the tap still selects it (the button's own click)
    onclick: (ev) => {
      const el = ev.currentTarget;
      if (keep && !el.closest("button")) ev.stopPropagation();
      // on a clickable piece the tap is the piece's (its title still explains the word)
      if (keep || !el.parentElement?.closest(CLICKABLE)) el.classList.toggle("open");
    },
    onkeydown: (ev) => { if (ev.key === "Enter" && !ev.currentTarget.closest("button")) ev.currentTarget.classList.toggle("open"); },
  }, shown, h("span", { class: "keyword-text" }, ` (${meaning})`));
}

/** A text as a list of strings and keyword elements (the text itself when nothing matches). */
export function explained(index, text, keep = true) {
  const { pattern } = index;
  if (!pattern || !text) return text;
  const out = [];
  let last = 0;
  const source = String(text);
  for (const m of source.matchAll(pattern)) {
    const found = index.words.get(m[1].toLowerCase());
    if (!found) continue;
    out.push(source.slice(last, m.index));
    out.push(keywordEl(m[0], found[0], found[1], keep));
    last = m.index + m[0].length;
  }
  if (!last) return text;
  out.push(source.slice(last));
  return out;
}

// never inside these: a keyword already marked, form fields, code, the keyboard hints
const SKIP = "abbr, script, style, textarea, input, select, option, kbd, code, [data-no-keywords]";

/** Mark every glossary term in the text under `root` (idempotent: marked terms are skipped). */
export function markKeywords(root, index) {
  if (!root || !index?.pattern) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    index.pattern.lastIndex = 0;
    if (index.pattern.test(node.nodeValue)) found.push(node);
  }
  for (const node of found) {
    const parts = explained(index, node.nodeValue, false);
    if (!Array.isArray(parts)) continue;
    node.replaceWith(...parts.map((p) => (typeof p === "string" ? document.createTextNode(p) : p)));
  }
}
