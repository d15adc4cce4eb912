// What every screen uses: building elements, messages, the overlay, hash links.

/** Creates an element: el("div#id.card.big", {title: "x"}, child, "text", ...). */
export function el(spec, attributes, ...children) {
  const [head, ...classes] = spec.split(".");
  const [tag, id] = head.split("#");
  const node = document.createElement(tag || "div");
  if (id) node.id = id;
  if (classes.length) node.className = classes.join(" ");
  if (attributes !== undefined && attributes !== null && (typeof attributes !== "object" || attributes instanceof Node || Array.isArray(attributes))) {
    children.unshift(attributes);
  } else if (attributes) {
    for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(node.dataset, value);
      // Through the CSSOM: the page's Content-Security-Policy refuses style attributes.
      else if (key === "style") node.style.cssText = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let toastTimer;
/** Shows a one-line message (an error in red) for a few seconds. */
export function toast(message, isError = false) {
  const node = document.getElementById("toast");
  node.textContent = message;
  node.classList.toggle("error", isError);
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, isError ? 8000 : 3000);
}

// What had the focus when the overlay opened, given it back when it closes.
let overlayOpener = null;

/** Shows `content` over the screen (again, when it is shown: drawn anew); Escape or a click
 * outside closes it. The focus goes into it: to its element marked autofocus, else its close
 * button (it stayed behind the overlay, dozens of Tabs away: a review). */
export function showOverlay(content, label) {
  const overlay = document.getElementById("overlay");
  if (overlay.hidden) overlayOpener = document.activeElement;
  const close = el("button.close", { type: "button", title: "Close (Esc)", onclick: closeOverlay }, "×");
  overlay.replaceChildren(el("div.panel", { role: "dialog", "aria-modal": "true", "aria-label": label }, close, content));
  overlay.hidden = false;
  overlay.dataset.label = label;
  const first = overlay.querySelector("[autofocus]:not([disabled])") || close;
  first.focus();
}

export function closeOverlay() {
  const overlay = document.getElementById("overlay");
  const wasShown = !overlay.hidden;
  overlay.hidden = true;
  overlay.replaceChildren();
  delete overlay.dataset.label;
  // The opener may have been drawn again meanwhile (a deck list after a change): the element
  // that took its place, by its data-focus-key, gets the focus.
  const key = overlayOpener?.dataset?.focusKey;
  const target = overlayOpener?.isConnected ? overlayOpener : key ? document.querySelector(`[data-focus-key="${CSS.escape(key)}"]`) : null;
  if (wasShown && target) target.focus();
  overlayOpener = null;
}

/** The hash route: "#/open?set=war" → {path: ["open"], params: {set: "war"}}. */
export function route() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query] = hash.split("?");
  return { path: path.split("/").filter(Boolean).map(decodeURIComponent), params: Object.fromEntries(new URLSearchParams(query || "")) };
}

/** A hash link: link("open", {set: "war"}) → "#/open?set=war". */
export function link(path, params) {
  const query = params ? new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "")).toString() : "";
  return `#/${path}${query ? "?" + query : ""}`;
}

/** Whether card images may be fetched from Scryfall (the header's switch, remembered). */
export function useImages() {
  return localStorage.getItem("sealed.images") !== "off";
}

// What a screen keeps running while it is shown: timers, and what to do when the tab comes back
// into view. The router ends them all when another screen is shown.
const timers = [];
const returns = [];

/** Ends the shown screen's timers and return handlers (the router calls it on each route). */
export function leaveScreen() {
  for (const timer of timers.splice(0)) clearInterval(timer);
  returns.length = 0;
}

/** Calls `action` every `ms` milliseconds while this screen is shown and the tab visible, and
 * while `anchor` (an element of the screen that started it) is on the page: a screen that
 * finished loading after another was shown started timers for a page no longer there. */
export function every(ms, action, anchor) {
  const timer = setInterval(() => {
    if (anchor && !anchor.isConnected) stop(timer);
    else if (!document.hidden) action();
  }, ms);
  timers.push(timer);
  return timer;
}

/** Stops one timer of `every`. */
export function stop(timer) {
  clearInterval(timer);
  const index = timers.indexOf(timer);
  if (index >= 0) timers.splice(index, 1);
}

/** Calls `action` whenever the tab comes back into view (focus, or visible again), while
 * `anchor` (as for `every`) is on the page. */
export function onReturn(action, anchor) {
  returns.push(() => { if (!anchor || anchor.isConnected) action(); });
}

function returned() {
  for (const action of [...returns]) action();
}
window.addEventListener("focus", returned);
document.addEventListener("visibilitychange", () => { if (!document.hidden) returned(); });

/** The name a copy of deck `name` is offered: NAME-2, within the library's 64 characters (a
 * name of 63 or 64 was offered a copy's name the library refuses). */
export function copyName(name) {
  return `${name.slice(0, 62)}-2`;
}

/** 12345 → "12,345". */
export function count(n) {
  return Number(n).toLocaleString("en-US");
}
