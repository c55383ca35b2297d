// Tiny DOM helpers shared by every page. No framework: pages are small and re-render
// their panels from the latest server state, so building elements directly is enough.

/**
 * Create an element. `attrs` keys: `class`, `text`, `html` is deliberately not supported
 * (everything from the server is text, never markup), `on<event>` for listeners,
 * `dataset` for data attributes, anything else becomes an attribute (skipped when
 * null/undefined/false).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

/** Append children: strings become text nodes, arrays are flattened, null is skipped. */
export function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
  return el;
}

/** Replace an element's children. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** "north" -> "North". */
export function cap(word) {
  const s = String(word ?? "");
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Keep keyboard focus on an equivalent element after a panel re-render. */
export function focusKey(el) {
  const active = document.activeElement;
  if (!active || !el.contains(active)) return null;
  return active.dataset.focusKey || null;
}

export function restoreFocus(el, key) {
  if (!key) return;
  const target = el.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (target) target.focus({ preventScroll: true });
}

/** Copy text to the clipboard; falls back to a hidden textarea where the API is missing. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { style: "position:fixed;opacity:0" });
    area.value = text;
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
