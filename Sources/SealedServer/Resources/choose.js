// Choose: a set with a built-in rule set, a shipped product by kind, or a saved deck.
import { api } from "/assets/api.js";
import { el, link, count, every, stop, onReturn } from "/assets/ui.js";

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
    if (!(number >= 1)) {
      input.setCustomValidity("a collector number of at least 1");
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
    ? `Listing the shipped products: ${count(products.listed)} of ${count(products.total)} checked against the card data (${seconds})`
    : `Reading the shipped products (${seconds})`;
  return el("div.listing", { id: "listing-progress" }, el("p.hint", words), el("span.meter", el("span", { style: `width: ${share}%` })));
}

function productKinds(products) {
  if (products.status === "loading") return listingProgress(products);
  if (products.status !== "ready") return el("p.error-line", `The products cannot be listed: ${products.note}`);
  return el("div.kinds", products.kinds.map((kind) => el("details.kind", { dataset: { kind: kind.kind } },
    el("summary", `${kind.label} `, el("span.count", `${kind.products.length}`)),
    el("table.products", el("tbody", kind.products.map((product) => el("tr", { dataset: { product: product.code } },
      el("td.code-cell", product.simulates === "names" ? opener(product.set, product.code, product.code, "product") : el("span.code", product.code)),
      el("td", product.name),
      product.simulates === "names" ? null : el("td.note", product.note))))))));
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
      if (catalog.products.status !== "loading") stop(timer);
    } catch (error) { stop(timer); holder.replaceChildren(el("p.error-line", error.message)); }
  });
}

export async function render(main) {
  const catalog = await api("/api/catalog");
  const products = el("div", { id: "products" }, productKinds(catalog.products));
  if (catalog.products.status === "loading") followProducts(products);
  const decks = el("div", { id: "saved-decks" }, savedDecks(catalog.decks));
  // Decks saved or deleted elsewhere (sealed deck, another tab) show when the tab is back.
  onReturn(async () => {
    try { decks.replaceChildren(savedDecks(await api("/api/decks"))); } catch (ignored) { /* the next return tries again */ }
  });
  main.replaceChildren(el("section.choose",
    el("h1", "Choose what to open"),
    eventSettings(),
    el("h2", "Sets and rule sets"),
    setTiles(catalog.sets),
    el("h2", "Saved decks"),
    decks,
    el("h2", "Shipped products, by kind"),
    el("p.hint", "mtg.wtf's booster products (July 2025). A product whose cards lack names cannot be opened here; it can still be checked."),
    products));
}
