// Cards as the page draws them: a face drawn from the card's data (name, cost, type line,
// rarity, colours), covered by its Scryfall image only once that image has loaded, so an
// offline machine shows drawn faces and never a broken image.
import { el, useImages } from "/assets/ui.js";

const colourNames = { W: "white", U: "blue", B: "black", R: "red", G: "green" };

/** One mana symbol: {U} → a blue disc with U; {W/U} → half white, half blue; {2} → grey. */
export function manaSymbol(symbol) {
  if (symbol === "//") return el("span.ms-split", " // ");
  const parts = symbol.split("/").filter((part) => part !== "P");
  const colours = parts.filter((part) => colourNames[part]);
  const node = el("span.ms", { title: `{${symbol}}` }, symbol.replace("/P", ""));
  if (colours.length === 1) node.classList.add(`ms-${colours[0].toLowerCase()}`);
  else if (colours.length === 2) node.classList.add("ms-hybrid", `ms-${colours[0].toLowerCase()}${colours[1].toLowerCase()}`);
  else node.classList.add(symbol === "C" ? "ms-c" : "ms-generic");
  if (symbol.includes("/P")) node.classList.add("ms-phyrexian");
  return node;
}

export function manaCost(card) {
  return el("span.cost", { "aria-label": card.mana_cost }, card.mana_symbols.map(manaSymbol));
}

/** The colour class of a card's frame: one colour, gold for several, grey or land brown. */
export function frameClass(card) {
  if (card.colors.length === 1) return `c-${card.colors[0].toLowerCase()}`;
  if (card.colors.length > 1) return "c-multi";
  return card.land ? "c-land" : "c-colourless";
}

/** The CSS gradient of a card's colours (for borders): one colour, or one band per colour. */
export function colourGradient(card) {
  const tones = { W: "#d9cd93", U: "#4b8fd1", B: "#55504c", R: "#d8553a", G: "#3f8f55" };
  const colours = card.colors.map((colour) => tones[colour]).filter(Boolean);
  if (colours.length === 0) return card.land ? "linear-gradient(90deg, #a28b6b, #a28b6b)" : "linear-gradient(90deg, #a6a6a6, #a6a6a6)";
  if (colours.length === 1) return `linear-gradient(90deg, ${colours[0]}, ${colours[0]})`;
  return `linear-gradient(90deg, ${colours.join(", ")})`;
}

/** A card at `size` ("small", "normal" or "large"): the drawn face, then the image over it. */
export function cardFace(card, size = "normal", foil = false) {
  // The title and type line shrink to fit, as the app's did, rather than wrap.
  const fit = `--fit: ${card.name.length + 1.9 * card.mana_symbols.length + 1}; --fit-type: ${card.type_line.length + 4}`;
  const face = el(`div.card.${size}.${frameClass(card)}.r-${card.rarity}`, { dataset: { id: card.id }, "aria-label": card.name, style: fit },
    el("div.face",
      el("div.title", el("span.name", card.name), manaCost(card)),
      el("div.art", el("span.set-line", `${card.set.toUpperCase()} ${card.collector_number ? "#" + card.collector_number : ""}`)),
      el("div.type", el("span.type-line", card.type_line), el("span.rarity-mark", { title: card.rarity }, card.rarity[0].toUpperCase())),
      el("div.rules", `${rarityWord(card.rarity)}${card.collector_number ? "" : " · no printing in the data"}`)));
  if (foil) face.classList.add("foil");
  if (card.image && useImages()) {
    const image = new Image();
    image.alt = card.name;
    image.referrerPolicy = "no-referrer";
    image.decoding = "async";
    image.addEventListener("load", () => {
      face.append(image);
      face.classList.add("has-image");
    });
    image.src = card.image;
  }
  return face;
}

/** A deck list entry, as the article's app drew it: the top of the card (name and cost as
 * symbols) in a border of the card's colours, a gradient for several. */
export function cardHeader(card, copies) {
  return el("div.card-header", { dataset: { id: card.id }, style: `--frame: ${colourGradient(card)}` },
    el("span.copies", `${copies}×`), el("span.header-name", card.name), manaCost(card));
}

/** The rarity's word for people: "mythic rare" rather than "mythic". */
export function rarityWord(rarity) {
  return rarity === "mythic" ? "mythic rare" : rarity;
}
