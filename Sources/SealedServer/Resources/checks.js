// Checks from the browser (the same check as sealed check: start, follow, cancel, open its
// report page), the past reports, and the report folders with their files.
import { api } from "/assets/api.js";
import { el, route, toast, count, every, stop } from "/assets/ui.js";

/** A report folder's address under /reports/. */
function reportPath(folder, file) {
  return `/reports/${folder.split("/").map(encodeURIComponent).join("/")}${file ? "/" + encodeURIComponent(file) : ""}`;
}

function progressCell(check) {
  if (check.state !== "running") return el("td.progress", { dataset: { label: "progress" } }, `${count(check.done_pools)} of ${count(check.pools)} pools`);
  const share = check.step_total ? Math.min(100, (check.step_done / check.step_total) * 100) : 100;
  const pools = check.step_total ? `: ${count(check.step_done)} of ${count(check.step_total)} pools` : "";
  return el("td.progress", { dataset: { label: "progress" } },
    el("span.meter", el("span", { style: `width: ${share}%` })),
    el("span.step", `${check.step}${pools} · ${Math.round(check.seconds)} s`));
}

function statusRow(check) {
  const cancel = check.state === "running"
    ? el("button.danger", { type: "button", dataset: { cancel: check.id }, onclick: async (event) => {
      event.currentTarget.disabled = true;
      try { await api(`/api/checks/${check.id}/cancel`, {}); } catch (error) { toast(error.message, true); }
    } }, "Cancel")
    : null;
  const range = check.booster_max ? ` · boosters 1–${check.booster_max}` : "";
  return el("tr", { dataset: { check: check.id, state: check.state, folder: check.folder } },
    el("td.what", `${check.set} · ${check.rules} · ${count(check.pools)} pools · seed ${check.seed}${range}`),
    progressCell(check),
    el("td.state", { dataset: { label: "state" } }, check.state),
    el("td.verdict", { dataset: { label: "verdict" } }, check.error || check.verdict || ""),
    el("td.controls", el("div.row-actions", check.report ? el("a.button", { href: check.report, target: "_blank", rel: "noopener" }, "Report page") : null, cancel)));
}

async function drawChecks(table) {
  const checks = await api("/api/checks");
  table.replaceChildren(...checks.map(statusRow));
  table.closest(".session-checks").hidden = checks.length === 0;
  return checks.some((check) => check.state === "running");
}

/** The check form: set, rules or product, pools, seed, and a booster range for a set whose
 * data has no basic lands (the field shows for such a set only, and not for a product). */
function form(table, catalog, past) {
  const set = el("input", { name: "set", list: "check-sets", value: "war", autocomplete: "off", "aria-label": "set" });
  const rules = el("input", { name: "rules", list: "check-rules", value: "sealed", autocomplete: "off", "aria-label": "rules or product" });
  const pools = el("input", { name: "pools", value: "100000", inputmode: "numeric", "aria-label": "pools" });
  const seed = el("input", { name: "seed", placeholder: "random", inputmode: "numeric", autocomplete: "off", "aria-label": "seed" });
  const boosterMax = el("input", { name: "booster_max", type: "number", min: 1, inputmode: "numeric", "aria-label": "booster range" });
  const rangeLabel = el("label.booster-range", { hidden: true }, "Booster range 1 to ", boosterMax);
  const unknownRange = () => catalog.sets.find((entry) => entry.code === set.value.trim().toLowerCase() && entry.booster_max === null);
  const products = catalog.products.kinds.flatMap((kind) => kind.products);
  // A product lists its cards one by one and draws from no range: the field is not its.
  const productCodes = new Set(products.map((product) => product.code));
  const showRange = () => {
    const entry = unknownRange();
    rangeLabel.hidden = !entry || productCodes.has(rules.value.trim().toLowerCase());
    if (!rangeLabel.hidden && !boosterMax.value) boosterMax.value = entry.highest_number || "";
  };
  set.addEventListener("input", showRange);
  rules.addEventListener("input", showRange);
  return el("form.check-form", { onsubmit: async (event) => {
    event.preventDefault();
    const body = { set: set.value.trim(), rules: rules.value.trim(), pools: pools.value.trim().replace(/[_,\s]/g, "") };
    if (/^\d+$/.test(body.pools)) body.pools = Number(body.pools);
    if (seed.value.trim()) body.seed = seed.value.trim();
    if (!rangeLabel.hidden && boosterMax.value) body.booster_max = parseInt(boosterMax.value, 10);
    try {
      await api("/api/checks", body);
      follow(table, past);
    } catch (error) { toast(error.message, true); }
  } },
  el("label", "Set ", set), el("label", "Rules or product ", rules), el("label", "Pools ", pools), el("label", "Seed ", seed), rangeLabel,
  el("button.primary", { type: "submit", id: "start-check" }, "Start the check"),
  el("datalist", { id: "check-sets" }, catalog.sets.map((entry) => el("option", { value: entry.code }, entry.name))),
  el("datalist", { id: "check-rules" }, [...catalog.rule_sets, ...products.map((product) => product.code)].map((name) => el("option", { value: name }))));
}

/** Redraws this run's checks twice a second while one runs; then the past reports once more.
 * While the server does not answer, a running check's state says so and its Cancel goes (it
 * showed "running" with a Cancel that could not work, for good, once the server had stopped: a
 * review); asked again until it answers, then drawn as it says. */
function follow(table, past) {
  let unanswered = false;
  const tick = async () => {
    try {
      const running = await drawChecks(table);
      unanswered = false;
      if (!running) {
        stop(timer);
        await drawPast(past);
      }
    } catch (error) {
      if (unanswered) return;
      unanswered = true;
      toast(error.message, true);
      for (const row of table.querySelectorAll('tr[data-state="running"]')) {
        row.dataset.state = "unknown";
        row.querySelector("td.state").textContent = "no answer from the server";
        row.querySelector("button[data-cancel]")?.remove();
      }
    }
  };
  const timer = every(500, tick, table);
  tick();
}

/** A past run's verdict line, as the server words it (the terminal's and the report page's). */
function verdictWords(run) {
  if (run.verdict) return run.verdict;
  if (run.status === "interrupted") return `interrupted after ${count(run.pools)} of ${count(run.pools_requested)} pools: no verdict`;
  return run.status || "";
}

/** The report folders of checks (and other runs) under the reports folder, newest first. */
async function drawPast(holder) {
  const listing = await api("/api/reports");
  const runs = listing.reports.filter((report) => report.run);
  holder.replaceChildren(runs.length === 0 ? el("p.hint", "No reports yet: start a check above.") : el("table.library.stack",
    el("thead", el("tr", ["run", "when", "verdict", ""].map((title) => el("th", title)))),
    el("tbody", runs.map((report) => el("tr", { dataset: { folder: report.path } },
      el("td.what", `${report.run.set || "?"} · ${report.run.rules || "?"} · ${count(report.run.pools_requested || report.run.pools || 0)} pools · seed ${report.run.seed || "?"}`),
      el("td", { dataset: { label: "when" } }, (report.run.started_at || report.modified).replace("T", " ").replace("Z", " UTC")),
      el("td.verdict", { dataset: { label: "verdict" } }, verdictWords(report.run)),
      el("td.controls", el("div.row-actions", report.has_page ? el("a.button", { href: reportPath(report.path, "report.html"), target: "_blank", rel: "noopener" }, "Report page") : null,
        el("span.meta", report.path))))))));
}

async function renderReports(main) {
  const listing = await api("/api/reports");
  main.replaceChildren(el("section.reports",
    el("h1", "Report folders"),
    el("p.meta", `In ${listing.folder}`),
    listing.reports.length === 0 ? el("p.hint", "No reports yet: run a check.") : el("table.library.stack",
      el("thead", el("tr", ["folder", "page", "files", "written"].map((title) => el("th", title)))),
      el("tbody", listing.reports.map((report) => el("tr", { dataset: { folder: report.path } },
        el("td.what", report.path),
        el("td", { dataset: { label: "page" } }, report.has_page ? el("a.button", { href: reportPath(report.path, "report.html"), target: "_blank", rel: "noopener" }, "report.html") : ""),
        el("td.files", { dataset: { label: "files" } }, report.files.filter((file) => file !== "report.html").map((file) => el("a", { href: reportPath(report.path, file), target: "_blank", rel: "noopener" }, file))),
        el("td", { dataset: { label: "written" } }, report.modified.replace("T", " ").replace("Z", " UTC"))))))));
}

export async function render(main) {
  if (route().path[0] === "reports") return renderReports(main);
  const catalog = await api("/api/catalog");
  const table = el("tbody", { id: "checks" });
  const past = el("div", { id: "past-reports" });
  main.replaceChildren(el("section.checks",
    el("h1", "Check a set or product"),
    el("p.hint", "The same check as sealed check SET --rules RULES --pools N --seed S: it simulates the pools, tests them against the rules and their spec, and writes a report folder of its own (CSV files and its page) into the reports folder."),
    form(table, catalog, past),
    el("div.session-checks", { hidden: true },
      el("h2", "Checks since the server started"),
      el("table.library.stack", el("thead", el("tr", ["check", "progress", "state", "verdict", ""].map((title) => el("th", title)))), table)),
    el("h2", "Past reports"),
    past));
  await drawPast(past);
  follow(table, past);
}
