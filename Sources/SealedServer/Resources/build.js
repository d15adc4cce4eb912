// Build: the pool as a grid of cards (a diamond per copy opened, filled when in the deck, the
// card at half opacity when every copy is used), the deck list as card headers, the curve,
// types and count against 40. Every change goes to the server, which applies the deck rules.
import { api } from "/assets/api.js";
import { el, link, toast, showOverlay, closeOverlay, every, stop, onReturn, copyName } from "/assets/ui.js";
import { cardFace, cardHeader } from "/assets/cards.js";
import { showHand, showExport } from "/assets/hand.js";

const state = { reference: null, view: null, tiles: new Map(), filters: { colours: new Set(), type: "", rarities: new Set(), values: new Set() } };

function draftKey(draft) {
  return `sealed.draft.${draft.set}.${draft.rules}.${draft.seed}.${draft.player}${draft.booster_max ? "." + draft.booster_max : ""}`;
}

let pending = Promise.resolve();

/** Sends a change of one copy of card `id` ("add" or "remove", or a function of the card's
 * entry that says which, or nothing) and redraws what it changed. Changes go one after another:
 * each starts from the deck the last one returned, and a function is asked then, so that a
 * second click decides from the first's result (a double click on a card opened once was
 * refused as "already in the deck": both clicks had read the deck before either). */
function change(id, how) {
  pending = pending.then(async () => {
    const what = typeof how === "function" ? how(choice(id)) : how;
    if (!what) return;
    try {
      const view = await api("/api/deck/edit", { deck: state.reference, card: id, change: what });
      setView(view);
    } catch (error) {
      toast(error.message, true);
    }
  });
  return pending;
}

function setView(view) {
  state.view = view;
  if (view.draft) {
    state.reference = view.draft;
    sessionStorage.setItem(draftKey(view.draft), JSON.stringify(view.draft.cards));
  }
  updateTiles();
  drawDeck();
  const zoomed = document.querySelector("#overlay .zoom[data-id]");
  if (zoomed) zoom(zoomed.dataset.id);
}

function choice(id) {
  return state.view.picker.find((entry) => entry.card.id === id);
}

/** A diamond per copy: filled when in the deck. A basic land (any number may go in) shows one
 * filled diamond per copy in the deck, none while it has none. */
function diamonds(entry) {
  if (entry.opened == null) return "◆".repeat(entry.copies);
  return "◆".repeat(Math.min(entry.copies, entry.opened)) + "◇".repeat(Math.max(entry.opened - entry.copies, 0));
}

function updateTiles() {
  for (const entry of state.view.picker) {
    const tile = state.tiles.get(entry.card.id);
    if (!tile) continue;
    tile.querySelector(".diamonds").textContent = diamonds(entry);
    tile.classList.toggle("used-up", entry.used_up);
    tile.classList.toggle("in-deck", entry.copies > 0);
    tile.dataset.copies = entry.copies;
  }
}

function tile(entry) {
  const id = entry.card.id;
  const title = entry.card.basic
    ? "A basic land: any number may go in. Click or Enter: add one. Right-click, Delete or -, or ⤢ then −: take one out."
    : "Click or Enter: add a copy (or, when every copy is in, take one out). Right-click, Delete or -, or ⤢ then −: take one out.";
  const node = el("div.pick", {
    dataset: { id, land: entry.card.land ? "yes" : "no", basic: entry.card.basic ? "yes" : "no" }, title,
    tabindex: 0, role: "button", "aria-label": entry.card.name,
  },
    el("div.diamonds"), cardFace(entry.card, "normal"),
    el("button.zoom-button", { type: "button", title: "Zoom", "aria-label": `Zoom ${entry.card.name}`, onclick: (event) => { event.stopPropagation(); zoom(id); } }, "⤢"));
  const toggle = () => change(id, (now) => now && (now.used_up ? "remove" : "add"));
  const takeOut = () => change(id, (now) => now && now.copies > 0 ? "remove" : null);
  node.addEventListener("click", toggle);
  node.addEventListener("contextmenu", (event) => { event.preventDefault(); takeOut(); });
  // From the keyboard: Enter or Space as a click, Delete, Backspace or - takes one out.
  node.addEventListener("keydown", (event) => {
    if (event.target !== node) return;
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
    else if (event.key === "Delete" || event.key === "Backspace" || event.key === "-") { event.preventDefault(); takeOut(); }
  });
  return node;
}

/** The card at full size, with its copies and buttons to add and take out one. */
function zoom(id) {
  const entry = choice(id);
  if (!entry) return;
  const opened = entry.opened == null ? "a basic land: any number may go in" : `${entry.opened} opened`;
  showOverlay(el("div.zoom", { dataset: { id } },
    cardFace(entry.card, "zoomed"),
    el("div.zoom-side",
      el("h2", entry.card.name),
      el("p", entry.card.type_line),
      el("p.meta", `${entry.card.set.toUpperCase()} ${entry.card.collector_number ? "#" + entry.card.collector_number : ""} · ${entry.card.rarity} · ${opened}`),
      el("p.copies-line", `${entry.copies} in the deck`),
      el("div.actions",
        // The focus goes to + (or − when every copy is in), and stays there as the card is drawn
        // again after each change, so that Enter adds one after another.
        el("button.minus", { type: "button", disabled: entry.copies === 0, autofocus: entry.used_up, onclick: () => change(id, "remove") }, "−"),
        el("button.plus", { type: "button", disabled: entry.used_up, autofocus: !entry.used_up, onclick: () => change(id, "add") }, "+")))), "Card");
}

function matches(card) {
  const { colours, type, rarities, values } = state.filters;
  if (colours.size) {
    const own = card.colors.length > 1 ? ["M", ...card.colors] : card.colors.length ? card.colors : ["C"];
    if (!own.some((colour) => colours.has(colour))) return false;
  }
  if (type && card.category !== type) return false;
  if (rarities.size && !rarities.has(card.rarity)) return false;
  if (values.size && !values.has(card.curve)) return false;
  return true;
}

function applyFilters() {
  let shown = 0;
  for (const entry of state.view.picker) {
    const visible = matches(entry.card);
    state.tiles.get(entry.card.id).hidden = !visible;
    if (visible) shown += 1;
  }
  document.getElementById("shown").textContent = `${shown} of ${state.view.picker.length} cards shown`;
}

function chips(name, values, labels, set) {
  return el("div.chips", { role: "group", "aria-label": name }, values.map((value, index) => el("button.chip", {
    type: "button", dataset: { filter: name, value }, "aria-pressed": "false",
    onclick: (event) => {
      if (set.has(value)) set.delete(value); else set.add(value);
      event.currentTarget.setAttribute("aria-pressed", set.has(value) ? "true" : "false");
      applyFilters();
    },
  }, labels[index])));
}

function filters() {
  const types = ["creatures", "instants", "sorceries", "enchantments", "artifacts", "planeswalkers", "lands", "other"];
  const select = el("select", { "aria-label": "type", onchange: (event) => { state.filters.type = event.target.value; applyFilters(); } },
    el("option", { value: "" }, "every type"), types.map((type) => el("option", { value: type }, type)));
  // Open on a wide screen; on a phone folded under one line, so that the pool comes first.
  return el("details.filter-box", { open: window.innerWidth > 600 },
    el("summary", "Filters ", el("span#shown.meta", { id: "shown" })),
    el("div.filters",
      chips("colour", ["W", "U", "B", "R", "G", "C", "M"], ["W", "U", "B", "R", "G", "colourless", "multicolour"], state.filters.colours),
      select,
      chips("rarity", ["common", "uncommon", "rare", "mythic"], ["common", "uncommon", "rare", "mythic"], state.filters.rarities),
      chips("mana value", ["0", "1", "2", "3", "4", "5", "6", "7+"], ["0", "1", "2", "3", "4", "5", "6", "7+"], state.filters.values)));
}

function curve(view) {
  const most = Math.max(1, ...view.curve.map((bucket) => bucket.cards));
  return el("div.curve", { "aria-label": "mana curve" }, view.curve.map((bucket) => el("div.bar", { dataset: { value: bucket.name } },
    el("span.n", bucket.cards || ""), el("span.fill", { style: `height: ${(bucket.cards / most) * 100}%` }), el("span.label", bucket.name))));
}

function saveBox(view) {
  if (!view.saved) {
    const name = el("input", { id: "save-name", value: view.name, size: 24, "aria-label": "deck name" });
    return el("form.save", { onsubmit: async (event) => {
      event.preventDefault();
      try {
        const saved = await api("/api/decks/save", { deck: state.reference, name: name.value.trim() });
        sessionStorage.removeItem(draftKey(state.reference));
        toast(`Saved deck ${saved.name}`);
        // In place of the draft's entry in the history: Back from the saved deck showed the
        // draft afresh, unsaved, and saving it again made a second deck (a review).
        location.replace(link(`deck/${encodeURIComponent(saved.name)}`));
      } catch (error) { toast(error.message, true); }
    } }, name, el("button#save.primary", { type: "submit", id: "save" }, "Save deck"));
  }
  const copy = el("input", { id: "copy-name", value: copyName(view.name), size: 20, "aria-label": "name of the copy" });
  return el("form.save", { onsubmit: async (event) => {
    event.preventDefault();
    try {
      const made = await api("/api/decks/duplicate", { name: view.name, new: copy.value.trim() });
      toast(`Copied to ${made.name}`);
      location.hash = link(`deck/${encodeURIComponent(made.name)}`);
    } catch (error) { toast(error.message, true); }
  } }, copy, el("button", { type: "submit", id: "duplicate" }, "Duplicate"));
}

/** On a narrow screen the deck panel is below the pool: a bar at the bottom keeps the count in
 * sight and goes down to the panel. */
function drawDeckBar() {
  const view = state.view;
  const bar = document.getElementById("deck-bar");
  if (!bar) return;
  bar.replaceChildren(
    el("span.bar-count", el("strong", view.size), ` of ${view.target_size} · ${view.lands} lands`),
    el("button", { type: "button", id: "to-deck", onclick: () => document.getElementById("deck-side").scrollIntoView({ behavior: "smooth" }) }, "The deck ↓"));
}

function drawDeck() {
  const view = state.view;
  const side = document.getElementById("deck-side");
  drawDeckBar();
  side.replaceChildren(
    el("div.deck-title", el("h2", view.name), el(`span.badge${view.saved ? ".saved" : ""}`, view.saved ? "saved: changes are kept as you make them" : "not saved")),
    // Not null: replaceChildren writes null as the text "null" (an unsaved deck showed it).
    view.saved ? el("p.meta.sync", { id: "sync-note" }, "Kept in step with the library: a change made with sealed deck or in another tab shows here within seconds.") : "",
    // 40 exactly is marked, as sealed deck marks it, and a deck over 40 is told apart by colour.
    el("div.count", { id: "count", dataset: { size: view.size === view.target_size ? "complete" : view.size < view.target_size ? "short" : "over" } },
      el("strong", view.size), ` of ${view.target_size}`, view.size === view.target_size ? el("span.done", { title: "a complete deck" }, " ✓") : "",
      el("span.note", view.size_note),
      el("span.meter", el("span", { style: `width: ${Math.min(100, (view.size / view.target_size) * 100)}%` }))),
    el("div.deck-actions",
      el("button#hand-button", { type: "button", id: "hand-button", onclick: () => showHand(state.reference) }, "Sample hand"),
      el("button#export-button", { type: "button", id: "export-button", onclick: () => showExport(state.reference, view) }, "Export"),
      saveBox(view)),
    el("div.stats", curve(view),
      el("ul.types", view.types.map((type) => el("li", { dataset: { type: type.name } }, el("span", type.name), el("strong", type.cards))))),
    el("p.meta", `${view.lands} lands · colours ${view.colors || "none"} · pool ${view.pool.name}, ${view.pool.set_name}, ${view.pool.rules}, seed ${view.pool.seed}`),
    el("ol.deck-list", { id: "deck-list" }, view.cards.map((entry) => el("li", {
      tabindex: 0, title: "Click or Enter: the card, with − and +", dataset: { focusKey: `deck ${entry.card.id}` }, onclick: () => zoom(entry.card.id),
      onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); zoom(entry.card.id); } },
    }, cardHeader(entry.card, entry.copies)))));
}

/** The deck or draft the route names, as the server views it (a draft: with the cards this tab
 * kept of it). A link whose seed is missing or written otherwise than the server writes it is
 * replaced, while it is still the page's, by one with the seed the pool was opened from. */
async function load(path, params) {
  if (path[0] === "deck") return api("/api/deck", { deck: path[1] });
  const asked = location.hash;
  const relink = (changed) => { if (location.hash === asked) history.replaceState(null, "", link("build", { ...params, ...changed })); };
  // A link without a seed builds from a random one, as Open draws one (it showed the server's
  // "field deck.seed: missing").
  if (!params.seed) relink({ seed: (params.seed = String(Math.floor(Math.random() * Number.MAX_SAFE_INTEGER))) });
  const draft = { set: params.set, rules: params.rules || "sealed", seed: params.seed, player: parseInt(params.player || "1", 10) };
  if (params.booster_max) draft.booster_max = parseInt(params.booster_max, 10);
  const kept = sessionStorage.getItem(draftKey(draft));
  if (kept) draft.cards = JSON.parse(kept);
  const view = await api("/api/deck", { deck: draft });
  if (!view.draft || draftKey(view.draft) === draftKey(draft)) return view;
  // The draft as the server reads it (seed 007 is 7, 1e3 and 1_000 are 1000; set WAR is war):
  // it is kept under that, and one kept under what was typed was never found again.
  relink({ set: view.draft.set, rules: view.draft.rules, seed: view.draft.seed });
  const canonical = kept ? null : sessionStorage.getItem(draftKey(view.draft));
  return canonical ? api("/api/deck", { deck: { ...view.draft, cards: JSON.parse(canonical) } }) : view;
}

export async function render(main, path, params) {
  closeOverlay();
  const view = await load(path, params);
  // Another screen was asked for while this one loaded: leave the state to it.
  if (!main.isConnected) return;
  state.view = view;
  state.reference = view.draft || path[1];
  state.tiles = new Map();
  state.filters = { colours: new Set(), type: "", rarities: new Set(), values: new Set() };
  const grid = el("div.grid", { id: "pool" }, view.picker.map((entry) => {
    const node = tile(entry);
    state.tiles.set(entry.card.id, node);
    return node;
  }));
  main.replaceChildren(el("section.builder",
    el("div.pool-side", el("h1", `${view.pool.set_name}: the pool`), filters(), grid),
    el("aside.deck-side", { id: "deck-side" }),
    el("div.deck-bar", { id: "deck-bar" })));
  updateTiles();
  drawDeck();
  applyFilters();
  if (view.saved) followLibrary(view.name, main);
}

/** What tells two saved copies of a deck apart: the time of the save and the cards. The time
 * alone is not enough, being to the second: a change here and one by `sealed deck` in the same
 * second would look the same. */
function savedForm(view) {
  return view.modified_at + " " + view.cards.map((entry) => `${entry.copies}x${entry.card.id}`).join(";");
}

/** A saved deck may change elsewhere (sealed deck, another tab): asked for every few seconds
 * and whenever the tab comes back, after any change of this page's own, and redrawn, saying
 * so, when the library's copy differs from the one shown. */
function followLibrary(name, main) {
  let gone = false;
  const check = () => {
    if (gone) return;
    pending = pending.then(async () => {
      if (state.reference !== name) return;
      try {
        const view = await api("/api/deck", { deck: name });
        if (state.reference !== name || savedForm(view) === savedForm(state.view)) return;
        setView(view);
        toast(`Deck ${name} was changed elsewhere (sealed deck or another tab): showing it as saved now`);
      } catch (error) {
        if (error.status !== 404) return;
        gone = true;
        stop(timer);
        // Its badge no longer says its changes are kept (a review).
        const badge = document.querySelector("#deck-side .badge");
        if (badge) { badge.classList.remove("saved"); badge.textContent = "deleted elsewhere: changes are not kept"; }
        toast(`Deck ${name} is no longer in the library (deleted elsewhere); open Decks to see what is saved`, true);
      }
    });
  };
  const timer = every(3000, check, main);
  onReturn(check, main);
}
