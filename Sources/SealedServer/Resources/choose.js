// Choose: a set with a built-in rule set, a shipped product by kind, or a saved deck.
import { api } from "/assets/api.js";
import { el, link } from "/assets/ui.js";

function eventSettings() {
  const players = el("select", { id: "players", name: "players" },
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => el("option", { value: n }, n === 1 ? "1 player" : `${n} players`)));
  players.value = sessionStorage.getItem("sealed.players") || "1";
  players.addEventListener("change", () => sessionStorage.setItem("sealed.players", players.value));
  const seed = el("input", { id: "seed", name: "seed", inputmode: "numeric", placeholder: "random", size: 22, autocomplete: "off" });
  seed.value = sessionStorage.getItem("sealed.seed") || "";
  seed.addEventListener("input", () => sessionStorage.setItem("sealed.seed", seed.value.trim()));
  return el("div.event",
    el("label", "Players ", players),
    el("label", "Event seed ", seed),
    el("span.hint", "Every player's pool comes from the one seed; the same seed opens the same pools anywhere."));
}

/** The Open screen's link for `set` under `rules`, with the event's players and seed. */
function openLink(set, rules) {
  return link("open", {
    set, rules,
    players: document.getElementById("players")?.value || "1",
    seed: document.getElementById("seed")?.value.trim() || undefined,
  });
}

function opener(set, rules, label, className = "rule") {
  return el(`a.${className}`, { href: "#", dataset: { set, rules }, onclick: (event) => { event.preventDefault(); location.hash = openLink(set, rules); } }, label);
}

function setTiles(sets) {
  return el("div.sets", sets.map((set) => el("article.set-tile", { dataset: { set: set.code } },
    el("h3", set.name, " ", el("span.code", set.code)),
    el("p.meta", `${set.cards} cards · ${set.source}`),
    set.warnings.length ? el("p.warning", set.warnings.join("; ")) : null,
    el("div.rules", set.rules.map((rules) => opener(set.code, rules, rules))))));
}

function productKinds(products) {
  if (products.status !== "ready") {
    return el("p.hint", products.status === "loading" ? "Listing the shipped products…" : `The products cannot be listed: ${products.note}`);
  }
  return el("div.kinds", products.kinds.map((kind) => el("details.kind", { dataset: { kind: kind.kind } },
    el("summary", `${kind.kind} boosters `, el("span.count", `${kind.products.length}`)),
    el("table.products", el("tbody", kind.products.map((product) => el("tr", { dataset: { product: product.code } },
      el("td", product.simulates === "names" ? opener(product.set, product.code, product.code, "product") : el("span.code", product.code)),
      el("td", product.name),
      el("td.note", product.simulates === "names" ? "" : product.note))))))));
}

function savedDecks(decks) {
  const saved = decks.filter((entry) => entry.kind === "deck");
  if (saved.length === 0) return el("p.hint", "No saved decks yet: open a pool, build, and save.");
  return el("ul.saved", saved.map((deck) => el("li",
    el("a", { href: link(`deck/${encodeURIComponent(deck.name)}`) }, deck.name), " ",
    el("span.meta", [deck.set_name, deck.note].filter(Boolean).join(" · ")))));
}

/** Asks again every two seconds while the products are being listed, then draws them. */
function followProducts(holder) {
  const timer = setInterval(async () => {
    if (!document.body.contains(holder)) { clearInterval(timer); return; }
    try {
      const catalog = await api("/api/catalog");
      if (catalog.products.status === "loading") return;
      clearInterval(timer);
      holder.replaceChildren(productKinds(catalog.products));
    } catch (error) { clearInterval(timer); }
  }, 2000);
}

export async function render(main) {
  const catalog = await api("/api/catalog");
  const products = el("div", { id: "products" }, productKinds(catalog.products));
  if (catalog.products.status === "loading") followProducts(products);
  main.replaceChildren(el("section.choose",
    el("h1", "Choose what to open"),
    eventSettings(),
    el("h2", "Sets and rule sets"),
    setTiles(catalog.sets),
    el("h2", "Saved decks"),
    savedDecks(catalog.decks),
    el("h2", "Shipped products, by kind"),
    el("p.hint", "mtg.wtf's booster products (July 2025). A product whose cards lack names cannot be opened here; it can still be checked."),
    products));
}
