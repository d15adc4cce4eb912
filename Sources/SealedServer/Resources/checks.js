// Checks from the browser (the same check as sealed check: start, follow, cancel, open its
// report page) and the report folders.
import { api } from "/assets/api.js";
import { el, route, toast } from "/assets/ui.js";

let poller;

function statusRow(check) {
  const progress = Math.min(100, (check.done_pools / check.pools) * 100);
  const cancel = check.state === "running"
    ? el("button.danger", { type: "button", dataset: { cancel: check.id }, onclick: async () => {
      try { await api(`/api/checks/${check.id}/cancel`, {}); } catch (error) { toast(error.message, true); }
    } }, "Cancel")
    : null;
  return el("tr", { dataset: { check: check.id, state: check.state } },
    el("td", `#${check.id}`),
    el("td", `${check.set} · ${check.rules} · ${check.pools} pools · seed ${check.seed}`),
    el("td", el("span.meter", el("span", { style: `width: ${progress}%` })), ` ${check.done_pools} pools`),
    el("td.state", check.state),
    el("td.verdict", check.error || check.verdict || ""),
    el("td", check.report ? el("a", { href: check.report, target: "_blank", rel: "noopener" }, "report page") : null, cancel));
}

async function drawChecks(table) {
  const checks = await api("/api/checks");
  table.replaceChildren(...checks.map(statusRow));
  return checks.some((check) => check.state === "running");
}

function form(table, catalog) {
  const set = el("input", { name: "set", list: "check-sets", value: "war", size: 8, "aria-label": "set" });
  const rules = el("input", { name: "rules", list: "check-rules", value: "sealed", size: 14, "aria-label": "rules or product" });
  const pools = el("input", { name: "pools", value: "100000", size: 10, inputmode: "numeric", "aria-label": "pools" });
  const seed = el("input", { name: "seed", placeholder: "random", size: 12, inputmode: "numeric", "aria-label": "seed" });
  const products = catalog.products.kinds.flatMap((kind) => kind.products);
  return el("form.check-form", { onsubmit: async (event) => {
    event.preventDefault();
    const body = { set: set.value.trim(), rules: rules.value.trim(), pools: parseInt(pools.value.replace(/[_,]/g, ""), 10) };
    if (seed.value.trim()) body.seed = seed.value.trim();
    try {
      await api("/api/checks", body);
      follow(table);
    } catch (error) { toast(error.message, true); }
  } },
  el("label", "Set ", set), el("label", "Rules or product ", rules), el("label", "Pools ", pools), el("label", "Seed ", seed),
  el("button.primary", { type: "submit", id: "start-check" }, "Start the check"),
  el("datalist", { id: "check-sets" }, catalog.sets.map((entry) => el("option", { value: entry.code }, entry.name))),
  el("datalist", { id: "check-rules" }, [...catalog.rule_sets, ...products.map((product) => product.code)].map((name) => el("option", { value: name }))));
}

function follow(table) {
  clearInterval(poller);
  const tick = async () => {
    if (!document.body.contains(table)) { clearInterval(poller); return; }
    try {
      if (!(await drawChecks(table))) clearInterval(poller);
    } catch (error) { clearInterval(poller); toast(error.message, true); }
  };
  poller = setInterval(tick, 400);
  tick();
}

async function renderReports(main) {
  const listing = await api("/api/reports");
  main.replaceChildren(el("section.reports",
    el("h1", "Report folders"),
    el("p.meta", `In ${listing.folder}`),
    listing.reports.length === 0 ? el("p.hint", "No reports yet: run a check.") : el("table.library",
      el("thead", el("tr", ["folder", "page", "files", "written"].map((title) => el("th", title)))),
      el("tbody", listing.reports.map((report) => el("tr", { dataset: { folder: report.path } },
        el("td", report.path),
        el("td", report.has_page ? el("a", { href: `/reports/${report.path.split("/").map(encodeURIComponent).join("/")}/report.html`, target: "_blank", rel: "noopener" }, "report.html") : ""),
        el("td.files", report.files.filter((file) => file !== "report.html").map((file) => [el("a", { href: `/reports/${report.path.split("/").map(encodeURIComponent).join("/")}/${encodeURIComponent(file)}`, target: "_blank", rel: "noopener" }, file), " "])),
        el("td", report.modified.replace("T", " ").replace("Z", " UTC"))))))));
}

export async function render(main) {
  if (route().path[0] === "reports") return renderReports(main);
  const catalog = await api("/api/catalog");
  const table = el("tbody", { id: "checks" });
  main.replaceChildren(el("section.checks",
    el("h1", "Check a set or product"),
    el("p.hint", "The same check as sealed check SET --rules RULES --pools N --seed S: it simulates the pools, tests them against the rules and their spec, and writes the report folder (CSV files and its page) into the reports folder."),
    form(table, catalog),
    el("table.library", el("thead", el("tr", ["", "check", "progress", "state", "verdict", ""].map((title) => el("th", title)))), table)));
  follow(table);
}
