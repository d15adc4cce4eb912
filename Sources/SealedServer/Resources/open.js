// Open: every player's pool of one event seed, the rares and mythics first (as the app showed
// them), then the boosters; each pool's link opens the same pool anywhere.
import { api } from "/assets/api.js";
import { el, link } from "/assets/ui.js";
import { cardFace, rarityWord } from "/assets/cards.js";

function playerTabs(view, current, params) {
  if (view.pools.length < 2) return null;
  return el("nav.players", view.pools.map((pool) => el(`a${pool.player === current ? ".current" : ""}`,
    { href: link("open", { ...params, player: pool.player }) }, `Player ${pool.player}`)));
}

function booster(cards, index, mythicBooster) {
  const mythic = mythicBooster === index + 1 ? " · the mythic booster" : "";
  return el("details.booster", { dataset: { booster: index + 1 } },
    el("summary", `Booster ${index + 1} (${cards.length} cards${mythic})`),
    el("div.row", cards.map((opened) => {
      const face = cardFace(opened.card, "small", opened.foil);
      face.title = `${opened.card.name} · ${rarityWord(opened.card.rarity)} · slot ${opened.slot}${opened.foil ? " · foil" : ""}`;
      return face;
    })));
}

export async function render(main, path, params) {
  // A link to player N opens at least N players' pools (a link without players showed player 1's
  // pool under player 2's address); the server refuses more players than an event seats.
  const asked = parseInt(params.player || "1", 10);
  const players = params.players || "1";
  const seated = Number.isInteger(asked) && asked > parseInt(players, 10) ? String(asked) : players;
  const query = { set: params.set || "", rules: params.rules || "sealed", seed: params.seed || "", players: seated };
  if (params.booster_max) query.booster_max = params.booster_max;
  const shownLink = location.hash;
  const view = await api(`/api/pools?${new URLSearchParams(query)}`);
  if (params.seed !== String(view.seed)) {
    // A random seed was drawn, or the seed was written otherwise (007, 1e3): put the seed the
    // pools were opened from in the link (while it is still the page's), so that this pool can
    // be opened again and its Build link keeps one draft under one seed.
    if (location.hash === shownLink) history.replaceState(null, "", link("open", { ...params, seed: view.seed }));
    params.seed = String(view.seed);
  }
  const player = Math.min(Math.max(parseInt(params.player || "1", 10) || 1, 1), view.pools.length);
  const pool = view.pools[player - 1];
  const range = view.booster_max ? ` · boosters from #1 to #${view.booster_max}` : "";
  const title = `${view.set_name} (${view.set}) · ${view.rules} · seed ${view.seed}`;
  const buildLink = link("build", { set: view.set, rules: view.rules, seed: view.seed, player, booster_max: view.booster_max });
  const shareLink = `${location.origin}/${link("open", { ...params, player })}`;
  main.replaceChildren(el("section.open",
    el("h1", title),
    el("p.meta", `${view.pools.length === 1 ? "One player" : `${view.pools.length} players`}, ${view.boosters_per_pool} boosters each · player ${player}: ${pool.opened} cards${range}`),
    playerTabs(view, player, params),
    el("h2", `Rares and mythics (${pool.top_cards.length})`),
    el("div.top-cards", pool.top_cards.map((opened) => cardFace(opened.card, "large", opened.foil))),
    el("div.actions",
      el("a.button.primary", { href: buildLink, id: "continue" }, "Continue to the deck builder"),
      el("label.share-label", "This pool's link ",
        el("input.share", { readonly: true, value: shareLink, onfocus: (event) => event.target.select() }))),
    el("h2", "The boosters"),
    el("div.boosters", pool.boosters.map((cards, index) => booster(cards, index, pool.mythic_booster)))));
}
