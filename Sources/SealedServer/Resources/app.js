// The app's router: each screen is a module that draws itself into <main> from the API.
import * as choose from "/assets/choose.js";
import * as open from "/assets/open.js";
import * as build from "/assets/build.js";
import * as decks from "/assets/decks.js";
import * as checks from "/assets/checks.js";
import { el, closeOverlay, leaveScreen, route, useImages } from "/assets/ui.js";

const screens = { "": choose, open, build, deck: build, decks, checks, reports: checks };

const titles = { choose: "Choose", open: "Open", build: "Build", deck: "Deck", decks: "Decks", checks: "Checks", reports: "Reports" };

async function show() {
  closeOverlay();
  leaveScreen();
  const { path, params } = route();
  const name = path[0] || "choose";
  const screen = screens[path[0] || ""] || choose;
  for (const link of document.querySelectorAll("[data-nav]")) {
    link.classList.toggle("current", link.dataset.nav === (name === "open" || name === "build" || name === "deck" ? "choose" : name));
  }
  document.title = `${titles[name] || "Choose"}${name === "deck" && path[1] ? " " + path[1] : ""} · Sealed`;
  // Each route draws into a view of its own: a screen still loading when another is asked for
  // finishes into its view, no longer shown (it drew over the screen asked for after it, and
  // its timers outlived it: a review). A new screen starts at the top of the page.
  const main = el("div.view", el("p.hint.loading", "Loading…"));
  document.getElementById("screen").replaceChildren(main);
  window.scrollTo(0, 0);
  try {
    await screen.render(main, path, params);
  } catch (error) {
    if (!main.isConnected) return;
    main.replaceChildren(el("section.problem", el("h1", "Something went wrong"), el("p.error-line", error.message),
      el("p", el("a", { href: "#/" }, "Back to choosing a set"))));
  }
}

window.addEventListener("hashchange", show);
window.addEventListener("keydown", (event) => { if (event.key === "Escape") closeOverlay(); });
document.getElementById("overlay").addEventListener("click", (event) => { if (event.target.id === "overlay") closeOverlay(); });
const switchBox = document.getElementById("use-images");
switchBox.checked = useImages();
switchBox.addEventListener("change", () => {
  localStorage.setItem("sealed.images", switchBox.checked ? "on" : "off");
  show();
});
show();
