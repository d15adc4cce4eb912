// Choose: a set with a built-in rule set, a product of the release in use by kind (its cards
// fetched with a button when they lack names; a newer release fetched too), or a saved deck.
import { api } from "/assets/api.js";
import { el, link, count, every, stop, onReturn, toast } from "/assets/ui.js";

function eventSettings() {
  const players = el("select", { id: "players", name: "players" },
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => el("option", { value: n }, n === 1 ? "1 player" : `${n} players`)));
  players.value = sessionStorage.getItem("sealed.players") || "1";
  players.addEventListener("change", () => sessionStorage.setItem("sealed.players", players.value));
  const seed = el("input", { id: "seed", name: "seed", inputmode: "numeric", placeholder: "random", autocomplete: "off" });
  seed.value = sessionStorage.getItem("sealed.seed") || "";
  seed.addEventListener("input", () => sessionStorage.setItem("sealed.seed", seed.value.trim()));
  return el("div.event",
    el("label", "Players ", players),
    el("label", "Event seed ", seed),
    el("span.hint", "Every player's pool comes from the one seed; the same seed opens the same pools anywhere."));
}

/** The Open screen's link for `set` under `rules`, with the event's players and seed. */
function openLink(set, rules, boosterMax) {
  return link("open", {
    set, rules,
    booster_max: boosterMax,
    players: document.getElementById("players")?.value || "1",
    seed: document.getElementById("seed")?.value.trim() || undefined,
  });
}

function opener(set, rules, label, className = "rule", boosterMax = () => undefined) {
  return el(`a.${className}`, { href: "#", dataset: { set, rules }, onclick: (event) => {
    event.preventDefault();
    const range = boosterMax();
    if (range === null) return;
    location.hash = openLink(set, rules, range);
  } }, label);
}

/** For a set whose data has no basic lands: the booster range to open it with, and why. */
function boosterRange(set) {
  const input = el("input", { type: "number", min: 1, max: set.highest_number || undefined, value: set.highest_number || "",
    name: "booster_max", "aria-label": `booster range of ${set.code}`, inputmode: "numeric" });
  const field = el("div.booster-range",
    el("label", "Booster range: #1 to ", input),
    el("p.hint", `No basic lands in its data, so the collector numbers boosters draw from are not known: give the last (the data goes to #${set.highest_number}).`));
  const value = () => {
    const number = parseInt(input.value, 10);
    // Past the data's last number the field says so, where the pool's screen showed an error.
    const highest = set.highest_number;
    if (!(number >= 1) || (highest && number > highest)) {
      input.setCustomValidity(highest ? `a collector number from 1 to ${highest}, the last of the data` : "a collector number of at least 1");
      input.reportValidity();
      return null;
    }
    input.setCustomValidity("");
    return number;
  };
  return { field, value };
}

function setTiles(sets) {
  return el("div.sets", sets.map((set) => {
    const range = set.booster_max === null ? boosterRange(set) : null;
    return el("article.set-tile", { dataset: { set: set.code } },
      el("h3", set.name, " ", el("span.code", set.code)),
      el("p.meta", `${set.cards} cards · ${set.source}`),
      // The range field says why it is there; the other warnings stand.
      ...[set.warnings.filter((warning) => !(range && warning.startsWith("no basic lands")))].filter((shown) => shown.length)
        .map((shown) => el("p.warning", shown.join("; "))),
      range ? range.field : null,
      el("div.rules", set.rules.map((rules) => opener(set.code, rules, rules, "rule", range ? range.value : undefined))));
  }));
}

function listingProgress(products) {
  const share = products.total ? (products.listed / products.total) * 100 : 0;
  const seconds = `${Math.round(products.seconds)} s`;
  const words = products.total
    ? `Listing the products: ${count(products.listed)} of ${count(products.total)} checked against the card data (${seconds})`
    : `Reading the products (${seconds})`;
  return el("div.listing", { id: "listing-progress" }, el("p.hint", words), el("span.meter", el("span", { style: `width: ${share}%` })));
}

/** "12 of 175 cards", "1.2 of 4.8 MB": how far a fetch's step is. */
function fetchAmount(fetch) {
  if (fetch.unit === "bytes") {
    const mb = (n) => (n / 1e6).toFixed(1);
    return fetch.total ? `${mb(fetch.done)} of ${mb(fetch.total)} MB` : `${mb(fetch.done)} MB`;
  }
  return fetch.total ? `${count(fetch.done)} of ${count(fetch.total)} ${fetch.unit}` : (fetch.done ? `${count(fetch.done)} ${fetch.unit}` : "");
}

/** A fetch's live line: its step and progress with a Cancel button, then what it did or why not. */
function fetchPanel(fetch) {
  if (fetch.state === "running") {
    const share = fetch.total ? Math.min(100, (fetch.done / fetch.total) * 100) : 0;
    const cancel = el("button.cancel-fetch", { type: "button", onclick: async () => {
      cancel.disabled = true;
      try { await api(`/api/fetches/${fetch.id}/cancel`, {}); } catch (error) { toast(error.message, true); }
    } }, "Cancel");
    return el("div.fetch", { dataset: { fetch: fetch.id, state: fetch.state } },
      el("p.hint", [fetch.step, fetchAmount(fetch), `${Math.round(fetch.seconds)} s`].filter(Boolean).join(" · ")),
      el("span.meter", el("span", { style: `width: ${share}%` })), cancel);
  }
  if (fetch.state === "failed") return el("p.error-line.fetch", { dataset: { fetch: fetch.id, state: fetch.state } }, fetch.error);
  return el("p.hint.fetch", { dataset: { fetch: fetch.id, state: fetch.state } }, fetch.state === "cancelled" ? `Cancelled: ${fetch.result || ""}` : fetch.result);
}

/**
 * Starts a fetch (`body`: `{ kind: "cards", product }` or `{ kind: "release" }`), shows its
 * progress in `holder` twice a second, and calls `done` with its last status when it ends.
 */
async function startFetch(body, holder, done) {
  let fetch;
  try {
    fetch = await api("/api/fetches", body);
  } catch (error) {
    holder.replaceChildren(el("p.error-line", error.message));
    return;
  }
  holder.replaceChildren(fetchPanel(fetch));
  const timer = every(500, async () => {
    try {
      fetch = await api(`/api/fetches/${fetch.id}`);
      holder.replaceChildren(fetchPanel(fetch));
      if (fetch.state !== "running") { stop(timer); done(fetch); }
    } catch (error) { stop(timer); holder.replaceChildren(el("p.error-line", error.message)); }
  }, holder);
}

/** The button that fetches a product's cards, then opens it. */
function fetchCardsButton(product) {
  const holder = el("div.fetch-holder");
  const button = el("button.fetch-cards", { type: "button", dataset: { product: product.code }, onclick: () => {
    button.disabled = true;
    startFetch({ kind: "cards", product: product.code }, holder, (fetch) => {
      button.disabled = false;
      if (fetch.state === "done" && /every card of its sheets has card data/.test(fetch.result || "")) {
        location.hash = openLink(fetch.set, fetch.product);
      }
    });
  } }, "Fetch its cards and open");
  return el("div.fetch-cards-cell", button, holder);
}

/** Which release the products are of, and the button that fetches a newer one. */
function releaseLine(products, holder) {
  const name = products.release || "the booster data in use";
  const about = products.release_label && products.release_label !== products.release ? ` (${products.release_label})` : "";
  const status = el("div.fetch-holder", { id: "release-fetch" });
  const button = el("button.fetch-release", { type: "button", onclick: () => {
    button.disabled = true;
    startFetch({ kind: "release" }, status, () => {
      button.disabled = false;
      followProducts(holder);
    });
  } }, "Fetch a newer release");
  return el("div.release", { id: "release" },
    el("p.hint", "Booster data in use: ", el("strong.release-name", name), about,
      ". A product whose cards lack names has a button that fetches them and opens it; it can be checked on card keys without."),
    button, status);
}

function productKinds(products) {
  if (products.status === "loading") return listingProgress(products);
  if (products.status !== "ready") return el("p.error-line", `The products cannot be listed: ${products.note}`);
  return el("div.kinds", products.kinds.map((kind) => el("details.kind", { dataset: { kind: kind.kind } },
    el("summary", `${kind.label} `, el("span.count", `${kind.products.length}`)),
    el("table.products", el("tbody", kind.products.map((product) => el("tr", { dataset: { product: product.code } },
      el("td.code-cell", product.simulates === "names" ? opener(product.set, product.code, product.code, "product") : el("span.code", product.code)),
      el("td", product.name),
      product.simulates === "names" ? null : el("td.note", product.note, product.simulates === "keys" ? fetchCardsButton(product) : null))))))));
}

function savedDecks(decks) {
  const saved = decks.filter((entry) => entry.kind === "deck");
  if (saved.length === 0) return el("p.hint", "No saved decks yet: open a pool, build, and save.");
  return el("ul.saved", saved.map((deck) => el("li",
    el("a", { href: link(`deck/${encodeURIComponent(deck.name)}`) }, deck.name), " ",
    el("span.meta", [deck.set_name, deck.note].filter(Boolean).join(" · ")))));
}

/** Asks twice a second while the products are being listed, showing how far it is. */
function followProducts(holder) {
  const timer = every(500, async () => {
    try {
      const catalog = await api("/api/catalog");
      holder.replaceChildren(productKinds(catalog.products));
      const line = document.querySelector("#release .release-name");
      if (line && catalog.products.release) line.textContent = catalog.products.release;
      if (catalog.products.status !== "loading") stop(timer);
    } catch (error) { stop(timer); holder.replaceChildren(el("p.error-line", error.message)); }
  }, holder);
}

export async function render(main) {
  const catalog = await api("/api/catalog");
  const products = el("div", { id: "products" }, productKinds(catalog.products));
  const release = el("div", { id: "release-holder" }, releaseLine(catalog.products, products));
  if (catalog.products.status === "loading") followProducts(products);
  const decks = el("div", { id: "saved-decks" }, savedDecks(catalog.decks));
  // Decks saved or deleted elsewhere (sealed deck, another tab) show when the tab is back.
  onReturn(async () => {
    try { decks.replaceChildren(savedDecks(await api("/api/decks"))); } catch (ignored) { /* the next return tries again */ }
  }, decks);
  main.replaceChildren(el("section.choose",
    el("h1", "Choose what to open"),
    eventSettings(),
    el("h2", "Sets and rule sets"),
    setTiles(catalog.sets),
    el("h2", "Saved decks"),
    decks,
    el("h2", "Products of the field, by kind"),
    release,
    products));
}
