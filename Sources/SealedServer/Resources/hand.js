// Sample hand and Export, over the builder: a hand of seven drawn by the server again and
// again (or from a seed typed in, as `sealed hand --seed` deals it), with the exact land odds
// `sealed hand` prints, and London mulligans (the seed's next hand of seven, some of it put on
// the bottom); the deck's files as downloads.
import { api, download } from "/assets/api.js";
import { el, toast, showOverlay } from "/assets/ui.js";
import { cardFace } from "/assets/cards.js";

function oddsTables(hand) {
  const opening = el("table.odds.opening", { id: "opening-odds" },
    el("caption", `Lands in the opening hand (exact: hypergeometric, ${hand.deck_size} cards of which ${hand.lands} lands, ${hand.hand_size} drawn)`),
    el("tbody", hand.opening_hand.map((row) => el("tr", { dataset: { lands: row.lands } },
      el("th", row.lands), el("td.percent", row.percent.trim()),
      el("td.bar", el("span", { style: `width: ${row.probability * 100}%` }))))));
  const turns = [...new Set(hand.at_least.map((cell) => cell.turn))];
  const ks = [...new Set(hand.at_least.map((cell) => cell.lands))];
  const atLeast = el("table.odds.at-least", { id: "at-least-odds" },
    el("caption", "At least k lands by turn T (cards seen: on the play 7 + T - 1, on the draw 7 + T)"),
    el("thead", el("tr", el("th", "k"), turns.map((turn) => el("th", { colspan: 2 }, `turn ${turn}`))),
      el("tr", el("th"), turns.map(() => [el("th", "play"), el("th", "draw")]))),
    el("tbody", ks.map((k) => el("tr", el("th", k), turns.map((turn) => {
      const cell = hand.at_least.find((entry) => entry.lands === k && entry.turn === turn);
      return [el("td.percent", cell.on_the_play_percent.trim()), el("td.percent", cell.on_the_draw_percent.trim())];
    })))));
  return el("div.odds-tables", el("div.scroll-x", opening), el("div.scroll-x", atLeast));
}

/** The hand's seed field: Deal draws the hand of the seed typed (read as `--seed` reads it;
 * blank, a random one, as Draw again does). */
function seedForm(reference, shown) {
  const input = el("input", { id: "hand-seed", name: "seed", inputmode: "numeric", autocomplete: "off", value: shown });
  const deal = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    showHand(reference, text === "" ? undefined : text, { focusSeed: true });
  };
  return el("form.deal-seed", { id: "deal-seed", onsubmit: deal },
    el("label", "Seed ", input), el("button", { type: "submit", id: "deal-button" }, "Deal"));
}

// The latest hand asked for: an earlier answer arriving after it is dropped.
let handsAsked = 0;

// Mulligans the server deals: after six, a hand keeps one card.
const maximumMulligans = 6;

/** The hand's cards; after a mulligan each is a toggle that puts it on the bottom (at most as
 * many as the mulligans taken: the others are marked unavailable meanwhile), and the note below
 * says what is chosen and what is kept (read out as it changes). */
function handCards(hand) {
  if (hand.mulligans === 0) return [el("div.hand-cards", hand.hand.map((card) => cardFace(card, "normal")))];
  const chosen = new Set();
  const note = el("p.bottom-note", { id: "bottom-note", "aria-live": "polite" });
  let cards = [];
  const say = () => {
    const full = chosen.size === hand.mulligans;
    cards.forEach((node, index) => node.setAttribute("aria-disabled", full && !chosen.has(index) ? "true" : "false"));
    const kept = hand.hand.filter((_, index) => !chosen.has(index));
    const keptLands = kept.filter((card) => card.land).length;
    note.textContent = chosen.size < hand.mulligans
      ? `London mulligan: choose ${hand.mulligans - chosen.size} more card${hand.mulligans - chosen.size === 1 ? "" : "s"} to put on the bottom (${chosen.size} of ${hand.mulligans} chosen)`
      : `Keeping ${kept.length}: ${keptLands} land${keptLands === 1 ? "" : "s"} (click a card on the bottom to take it back)`;
    note.dataset.kept = chosen.size === hand.mulligans ? kept.length : "";
  };
  const toggle = (index, node) => {
    if (chosen.has(index)) chosen.delete(index);
    else if (chosen.size < hand.mulligans) chosen.add(index);
    node.classList.toggle("bottom", chosen.has(index));
    node.setAttribute("aria-pressed", chosen.has(index) ? "true" : "false");
    say();
  };
  cards = hand.hand.map((card, index) => {
    const node = el("button.hand-card", {
      type: "button", "aria-pressed": "false", "aria-label": `${card.name}: put on the bottom`, dataset: { index },
    }, cardFace(card, "normal"));
    node.addEventListener("click", () => toggle(index, node));
    return node;
  });
  // Said once the note is on the page, so that a screen reader reads it out.
  setTimeout(say);
  return [el("div.hand-cards.choosing", cards), note];
}

/** Draws a hand of the deck (a new seed each time, or `seed`; after `mulligans` London
 * mulligans, the seed's hand `mulligans + 1`) and shows it with the odds; the focus goes to
 * Draw again (after a mulligan, the first card, to put on the bottom), or back to the Seed
 * field with `focusSeed`. An answer that
 * comes after the screen, the overlay or a later request has moved on is dropped, not drawn
 * over it. */
export async function showHand(reference, seed, { focusSeed = false, mulligans = 0 } = {}) {
  const asked = ++handsAsked;
  const overlay = document.getElementById("overlay");
  const shownPanel = () => (overlay.hidden ? null : overlay.firstElementChild);
  const [route, panel] = [location.hash, shownPanel()];
  let hand;
  try {
    const asking = seed === undefined ? { deck: reference } : { deck: reference, seed };
    hand = await api("/api/deck/hand", mulligans > 0 ? { ...asking, mulligans } : asking);
  } catch (error) {
    if (asked === handsAsked) toast(error.message, true);
    return;
  }
  if (asked !== handsAsked || location.hash !== route || shownPanel() !== panel) return;
  const again = el("button.primary", { type: "button", id: "draw-again", onclick: () => showHand(reference) }, "Draw again");
  const mulligan = el("button", {
    type: "button", id: "mulligan", disabled: hand.mulligans >= maximumMulligans,
    title: "A new hand of seven from the same seed; then put as many cards on the bottom as mulligans taken",
    onclick: () => showHand(reference, hand.seed, { mulligans: hand.mulligans + 1 }),
  }, hand.mulligans === 0 ? "Mulligan" : hand.mulligans >= maximumMulligans ? "No more mulligans" : `Mulligan to ${hand.keep - 1}`);
  const lands = `${hand.hand_lands} land${hand.hand_lands === 1 ? "" : "s"} of ${hand.hand_size}`;
  const command = `sealed hand ${hand.deck} --seed ${hand.seed}${hand.mulligans === 0 ? "" : ` --draws ${hand.mulligans + 1}`}`;
  const deals = hand.mulligans === 0 ? "deals this hand" : `deals this hand as its hand ${hand.mulligans + 1}`;
  showOverlay(el("div.hand", { id: "hand", dataset: { seed: hand.seed, mulligans: hand.mulligans } },
    el("h2", hand.mulligans === 0 ? `Sample hand: ${lands}` : `Mulligan ${hand.mulligans}: ${lands}, keep ${hand.keep}`),
    el("p.meta", `Deck ${hand.deck}: ${hand.deck_size} cards, ${hand.lands} lands · seed ${hand.seed} (${command} ${deals}${typeof reference === "string" ? "" : " once the deck is saved"})`),
    handCards(hand),
    el("div.actions", again, mulligan, seedForm(reference, hand.seed)),
    oddsTables(hand)), "Sample hand");
  // After a mulligan, the first card: the cards to put on the bottom are the next thing to do.
  const focused = focusSeed ? document.getElementById("hand-seed") : hand.mulligans > 0 ? document.querySelector("#hand .hand-card") : again;
  focused.focus();
}

/** The deck's files: Tabletop Simulator's saved object and card sheet, and the Arena list. */
export function showExport(reference, view) {
  const button = (format, label, detail) => el("div.export", { dataset: { format } },
    el("button.primary", { type: "button", id: `export-${format}`, onclick: async () => {
      try {
        const name = await download(`/api/deck/export/${format}`, { deck: reference });
        toast(`Downloaded ${name}`);
      } catch (error) { toast(error.message, true); }
    } }, label), el("p.meta", detail));
  showOverlay(el("div.exports", { id: "exports" },
    el("h2", `Export ${view.name} (${view.size} cards)`),
    button("tts", "Tabletop Simulator deck (.json)", "The saved object sealed export tts writes: put it in Tabletop Simulator's Saved Objects folder; each card shows its Scryfall image."),
    button("sheet", "Card sheet, 10 × 7 (.jpg)", "The 4100 × 3997 sheet of sealed export tts --sheet, for Tabletop Simulator's Custom Deck import; made from the card images in sealed serve's --images folder."),
    button("arena", "Arena decklist (.txt)", "The list sealed export arena writes: the deck, then the rest of the pool as the sideboard; paste it into Arena's Decks › Import or a deck site.")), "Export");
}
