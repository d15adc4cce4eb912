// Saved decks: the library sealed deck uses, with its pools; open, duplicate, delete (a pool too).
import { api } from "/assets/api.js";
import { el, link, toast, onReturn, every, copyName } from "/assets/ui.js";

// A delete button; the first click arms it, the second deletes.
function deleteButton(entry, redraw) {
  return el("button.danger", { type: "button", dataset: { [entry.kind]: entry.name }, onclick: async (event) => {
    const button = event.currentTarget;
    if (button.dataset.armed !== "yes") {
      button.dataset.armed = "yes";
      button.textContent = "Really delete?";
      return;
    }
    try {
      await api("/api/decks/delete", { name: entry.name, kind: entry.kind });
      toast(`Deleted ${entry.kind} ${entry.name}`);
      redraw();
    } catch (error) { toast(error.message, true); }
  } }, "Delete");
}

function actions(entry, redraw) {
  // A saved pool can only be deleted: its decks keep their own copy of it.
  if (entry.kind !== "deck") return el("td.controls", el("div.row-actions", deleteButton(entry, redraw)));
  const copy = el("input", { value: copyName(entry.name), size: 16, "aria-label": `name of the copy of ${entry.name}` });
  return el("td.controls", el("div.row-actions",
    el("form.inline", { onsubmit: async (event) => {
      event.preventDefault();
      try {
        const made = await api("/api/decks/duplicate", { name: entry.name, new: copy.value.trim() });
        toast(`Copied ${entry.name} to ${made.name}`);
        redraw();
      } catch (error) { toast(error.message, true); }
    } }, copy, el("button", { type: "submit" }, "Duplicate")),
    deleteButton(entry, redraw)));
}

function table(entries, redraw) {
  if (entries.length === 0) return el("p.hint", "Nothing saved yet.");
  const rows = entries.map((entry) => el("tr", { dataset: { kind: entry.kind, name: entry.name } },
    el("td.kind", entry.kind),
    el("td.name", entry.kind === "deck" ? el("a", { href: link(`deck/${encodeURIComponent(entry.name)}`) }, entry.name) : entry.name),
    el("td", { dataset: { label: "set" } }, entry.set_name ? `${entry.set_name} (${entry.set})` : ""),
    el("td", { dataset: { label: "rules" } }, entry.rules || ""),
    el("td.num", { dataset: { label: "cards" } }, entry.cards ?? ""),
    el("td", { dataset: { label: "note" } }, entry.note),
    actions(entry, redraw)));
  return el("table.library.stack",
    el("thead", el("tr", ["kind", "name", "set", "rules", "cards", "note", ""].map((title) => el("th", title)))),
    el("tbody", rows));
}

export async function render(main) {
  const entries = await api("/api/decks");
  let shown = JSON.stringify(entries);
  const holder = el("div", { id: "library" });
  // After a duplicate or a delete here, the table is drawn again (the screen was, each time
  // starting one more timer: four of each asked for the list 19 times in 10 s, a review).
  const redraw = async () => {
    try {
      const entries = await api("/api/decks");
      shown = JSON.stringify(entries);
      holder.replaceChildren(table(entries, redraw));
    } catch (error) { toast(error.message, true); }
  };
  holder.append(table(entries, redraw));
  main.replaceChildren(el("section.decks",
    el("h1", "Saved pools and decks"),
    el("p.hint", "The library sealed decks lists and sealed deck edits: a change made here shows in sealed deck show, and the other way round. This list follows the library as it changes."),
    holder));
  // Pools and decks saved, edited or deleted elsewhere show without a reload, unless a name is
  // being typed here.
  const refresh = async () => {
    if (holder.contains(document.activeElement) && document.activeElement.tagName === "INPUT") return;
    try {
      const entries = await api("/api/decks");
      const text = JSON.stringify(entries);
      if (text === shown) return;
      shown = text;
      holder.replaceChildren(table(entries, redraw));
    } catch (ignored) { /* asked again at the next tick */ }
  };
  every(5000, refresh, holder);
  onReturn(refresh, holder);
}
