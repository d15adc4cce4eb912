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

/** Shows `content` over the screen; Escape or a click outside closes it. */
export function showOverlay(content, label) {
  const overlay = document.getElementById("overlay");
  overlay.replaceChildren(el("div.panel", { role: "dialog", "aria-label": label },
    el("button.close", { type: "button", title: "Close (Esc)", onclick: closeOverlay }, "×"), content));
  overlay.hidden = false;
  overlay.dataset.label = label;
}

export function closeOverlay() {
  const overlay = document.getElementById("overlay");
  overlay.hidden = true;
  overlay.replaceChildren();
  delete overlay.dataset.label;
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

/** Calls `action` every `ms` milliseconds while this screen is shown and the tab visible. */
export function every(ms, action) {
  const timer = setInterval(() => { if (!document.hidden) action(); }, ms);
  timers.push(timer);
  return timer;
}

/** Stops one timer of `every`. */
export function stop(timer) {
  clearInterval(timer);
  const index = timers.indexOf(timer);
  if (index >= 0) timers.splice(index, 1);
}

/** Calls `action` whenever the tab comes back into view (focus, or visible again). */
export function onReturn(action) {
  returns.push(action);
}

function returned() {
  for (const action of [...returns]) action();
}
window.addEventListener("focus", returned);
document.addEventListener("visibilitychange", () => { if (!document.hidden) returned(); });

/** 12345 → "12,345". */
export function count(n) {
  return Number(n).toLocaleString("en-US");
}
