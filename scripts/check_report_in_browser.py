"""Checks a report.html in headless Chromium; run through scripts/check-report-in-browser.

Standard library only. Each check prints one line; the exit status is 1 if any failed.
"""
import argparse
import csv
import html.parser
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--mute-audio",
    # Nothing may reach a network: every host name resolves to nothing.
    "--host-resolver-rules=MAP * ~NOTFOUND",
]


def verdict_line(checks, run):
    """The verdict line Sealed prints (Sources/SealedReports/VerdictSummary.swift), from a
    checks table's verdicts and run.csv's status."""
    verdicts = [row["verdict"] for row in checks]
    total, failed, untested = len(verdicts), verdicts.count("fail"), verdicts.count("not_tested")
    noun = "check" if total == 1 else "checks"
    also = f", {untested} not tested" if untested else ""
    if run.get("status") == "interrupted":
        found = f"{failed} of {total} {noun} failed" if failed else f"none of {total} {noun} failed"
        done = run.get("pools", "0")
        return f"INTERRUPTED after {done} of {run.get('pools_requested', done)} pools: no verdict (on those pools {found}{also})"
    if failed:
        return f"FAIL: {failed} of {total} {noun} failed{also}"
    if untested and verdicts.count("pass") == 0:
        return f"NOT TESTED: none of the {total} {noun} could be made"
    return f"PASS: {total - untested} of {total} {noun} passed{also}" if untested else f"PASS: all {total} {noun} passed"


def check_release_diff(check, text, headings, run, table):
    """A `sealed rules diff` page: its title, verdict, the counts of run.csv, every product
    listed that is not unchanged, each product's summary of what changed, and the largest
    changes of changes.csv, as its CSVs give them."""
    name = lambda path: os.path.basename(path or "?")
    check(f"Sealed release diff: {name(run.get('old'))} → {name(run.get('new'))}" in headings, "the title names the two files")
    for key in ("old_products", "new_products", "changes", "command"):
        check(run.get(key, "?") in text, f"run.csv's {key} ({run.get(key)}) is in the text")
    verdict = "CHANGED:" if run.get("changed") == "yes" else "UNCHANGED: every product and every measure is the same"
    check(verdict in text, f"the verdict '{verdict}'")
    for heading in ("Run", "Products"):
        check(heading in headings, f"heading '{heading}'")
    products = [row for row in table("products.csv") or [] if row["status"] != "unchanged"]
    missing = [row["old_product"] or row["new_product"] for row in products if (row["old_product"] or row["new_product"]) not in text]
    check(not missing, f"all {len(products)} products not unchanged are listed" + "".join("\n      " + code for code in missing[:5]))
    summaries = [row for row in products if row.get("summary")]
    if summaries:
        check("What changed" in headings, "heading 'What changed'")
        absent = [row["new_product"] for row in summaries if row["summary"] not in text]
        check(not absent, f"all {len(summaries)} summaries of products.csv are in the text" + "".join("\n      " + code for code in absent[:5]))
    changes = table("changes.csv") or []
    if changes:
        check("Largest changes" in headings, "heading 'Largest changes'")
        top = changes[:50]
        absent = [row["subject"] for row in top if row["subject"] not in text or row["new"] not in text]
        check(not absent, f"the {len(top)} largest changes are in the text with their values" + "".join("\n      " + s for s in absent[:5]))


def chromium(args, timeout=120):
    return subprocess.run(["chromium", *CHROMIUM_FLAGS, *args], capture_output=True, text=True, timeout=timeout)


class TextOf(html.parser.HTMLParser):
    """The page's visible text, and its h1/h2/h3 headings."""

    def __init__(self):
        super().__init__()
        self.parts, self.headings, self._skip, self._heading = [], [], 0, None

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script", "title", "desc"):
            self._skip += 1
        if tag in ("h1", "h2", "h3"):
            self._heading = []

    def handle_endtag(self, tag):
        if tag in ("style", "script", "title", "desc"):
            self._skip -= 1
        if tag in ("h1", "h2", "h3") and self._heading is not None:
            self.headings.append("".join(self._heading).strip())
            self._heading = None

    def handle_data(self, data):
        if self._skip:
            return
        self.parts.append(data)
        if self._heading is not None:
            self._heading.append(data)

    @property
    def text(self):
        return " ".join(" ".join(self.parts).split())


class TableRows(html.parser.HTMLParser):
    """The body rows of the tables inside the section whose id is given: each row's cells as
    (text, the hrefs of its links)."""

    def __init__(self, section):
        super().__init__()
        self.section, self.rows, self._depth, self._row, self._cell = section, [], 0, None, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section":
            self._depth = self._depth + 1 if self._depth else (1 if attrs.get("id") == self.section else 0)
        elif self._depth and tag == "tr":
            self._row = []
        elif self._depth and tag == "td" and self._row is not None:
            self._cell = ([], [])
        elif self._cell is not None and tag == "a":
            self._cell[1].append(attrs.get("href", ""))

    def handle_endtag(self, tag):
        if tag == "section" and self._depth:
            self._depth -= 1
        elif tag == "td" and self._cell is not None:
            self._row.append((" ".join("".join(self._cell[0]).split()), self._cell[1]))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._row:
                self.rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[0].append(data)


def products_verdict(summary, run):
    """The banner of a check-products page, worked out again from summary.csv's verdicts and
    lint, and run.csv's strict and baseline counts, in the terminal's words (Sealed's
    BaselineVerdict and the --strict line)."""
    verdicts = [row["verdict"] for row in summary]
    finished, failing, refused = len(verdicts), verdicts.count("fail"), verdicts.count("refused")
    if run.get("status") == "interrupted":
        return f"INTERRUPTED after {finished} of {run.get('products_in_shard', run.get('products_matched'))} products"
    if "baseline" in run:
        def many(key, one, more):
            count = int(run.get(key, "0"))
            return count, f"{count} {one if count == 1 else more}"
        parts = [many("findings_new", "new finding", "new findings"), many("findings_changed", "changed finding", "changed findings"),
                 many("findings_unchecked", "finding not checked", "findings not checked"),
                 many("products_lost", "product of the baseline not in the release", "products of the baseline not in the release")]
        said = [text for count, text in parts if count]
        if not said:
            return "PASS: nothing new against the baseline (" + many("findings_known", "known finding", "known findings")[1] + ")"
        return "FAIL: " + " and ".join(said) + " against the baseline"
    noun = "product" if finished == 1 else "products"
    if failing + refused:
        return f"FAIL: {finished} {noun}: {finished - failing - refused} pass, {failing} fail, {refused} refused"
    warned = sum(1 for row in summary if row["lint"] == "warn")
    if run.get("strict") == "yes" and warned:
        return f"FAIL: --strict: the lint of {warned} product(s) warns"
    return f"PASS: {finished} {noun}, every one passes"


def check_products_run(check, folder, page, text, headings, run, table):
    """A `sealed check-products` run's page: its title, verdict, run.csv's facts, every
    finding of findings.csv, and every product of summary.csv with its cells as the CSV has
    them, linked to its report (and its confirmation's, when flagged), each link's file there."""
    check(f"Sealed check-products: {os.path.basename(run.get('data', '?'))}" in headings, "the title names the booster data")
    verdict = products_verdict(table("summary.csv") or [], run)
    check(verdict in text, f"the verdict '{verdict}'")
    for key in ("pools", "seed", "alpha", "screen_alpha", "confirm_pools", "confirm_alpha", "family", "products_confirmed"):
        check(run.get(key, "?") in text, f"run.csv's {key} ({run.get(key)}) is in the text")
    for heading in ("Run", "Products"):
        check(heading in headings, f"heading '{heading}'")
    findings = table("findings.csv") or []
    if findings:
        check("Findings" in headings, "heading 'Findings'")
        listed = TableRows("findings")
        listed.feed(page)
        shown = [[cell for cell, _ in row] for row in listed.rows]
        expected = [[" ".join(row[k].split()) for k in ("product", "source", "check", "found", "status")] for row in findings]
        check(shown == expected, f"all {len(findings)} findings of findings.csv, cell for cell")
    summary = table("summary.csv") or []
    listed = TableRows("products")
    listed.feed(page)
    check(len(listed.rows) == len(summary), f"a row for each of the {len(summary)} products of summary.csv ({len(listed.rows)} shown)")
    columns = ("product", "kind", "set", "verdict", None, "checks", "not_tested", "pools", "cards_lacking_data", "lint", "spec", "data_vs_maker", "engine_vs_data")
    wrong, broken = [], []
    for row, shown in zip(summary, listed.rows):
        cells = [cell for cell, _ in shown]
        expected = [row[k] if k else cells[4] for k in columns] + [" ".join((row["failing_checks"] + row["reason"]).split())]
        screen = row["screen"] if row["screen"] != "flagged" else f"flagged, confirmed at {row['confirm_pools']} pools · confirmation"
        if cells != expected or cells[4] != screen:
            wrong.append(row["product"])
        links = shown[0][1] + shown[4][1]
        wanted = ([] if row["verdict"] == "refused" else [f"{row['product']}/report.html"]) + (
            [f"confirm/{row['product']}/report.html"] if row["screen"] == "flagged" else [])
        if links != wanted or not all(os.path.isfile(os.path.join(folder, link)) for link in links):
            broken.append(row["product"])
    check(not wrong, "each product's cells are summary.csv's" + "".join("\n      " + code for code in wrong[:5]))
    check(not broken, "each product links its report and, when flagged, its confirmation's, and they are there" + "".join("\n      " + code for code in broken[:5]))


def png_pixels(path):
    """Decodes an 8-bit RGB or RGBA PNG (as Chromium writes them) into rows of (r, g, b)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"unsupported PNG (depth {depth}, colour type {colour})"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return rows


def image_summary(path):
    rows = png_pixels(path)
    background = rows[2][2]
    pixels = [p for row in rows[::4] for p in row[::4]]
    differing = sum(1 for p in pixels if max(abs(p[k] - background[k]) for k in range(3)) > 24)
    return background, differing / len(pixels), len(set(pixels))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", help="a report folder holding report.html and its CSV files")
    parser.add_argument("--shots", help="where to write report.png, report-dark.png and report.pdf (default: the folder)")
    parser.add_argument("--width", type=int, default=1100)
    parser.add_argument("--height", type=int, default=1400)
    options = parser.parse_args()
    folder = os.path.abspath(options.folder)
    page = os.path.join(folder, "report.html")
    shots = os.path.abspath(options.shots or folder)
    os.makedirs(shots, exist_ok=True)
    failures = []

    def check(ok, what):
        print(("ok    " if ok else "FAIL  ") + what)
        if not ok:
            failures.append(what)

    if not os.path.isfile(page):
        print(f"check-report-in-browser: {page}: no report.html; expected a folder written by sealed check, simulate, merge, audit, check-products or rules diff", file=sys.stderr)
        return 2
    url = "file://" + page

    def table(name):
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            return None
        with open(path, newline="", encoding="utf-8") as f:
            return list(csv.DictReader(f))

    with tempfile.TemporaryDirectory() as scratch:
        netlog = os.path.join(scratch, "net.json")
        loaded = chromium(["--enable-logging=stderr", "--v=0", f"--log-net-log={netlog}", "--dump-dom", url])
        check(loaded.returncode == 0 and "</html>" in loaded.stdout, "Chromium loads the page")
        console = [line for line in loaded.stderr.splitlines() if "CONSOLE" in line]
        check(not console, "no console messages" + ("".join("\n      " + line for line in console[:5])))
        requests = []
        if os.path.exists(netlog):
            with open(netlog, encoding="utf-8", errors="replace") as f:
                text = f.read().rstrip().rstrip(",")
            log = json.loads(text if text.endswith("}") else text + "]}")
            start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
            for event in log.get("events", []):
                params = event.get("params", {})
                # Requests made for the page (its network isolation key is the file:// site),
                # not Chromium's own background traffic.
                if event["type"] == start and "file://" in params.get("network_isolation_key", "") and not params.get("url", "").startswith(("file:", "data:")):
                    requests.append(params["url"])
        else:
            requests.append("(no network log written)")
        check(not requests, "no request leaves the page" + "".join("\n      " + url for url in sorted(set(requests))[:5]))

        reader = TextOf()
        reader.feed(loaded.stdout)
        text, headings = reader.text, reader.headings
        run = {row["key"]: row["value"] for row in table("run.csv") or []}
        audit = run.get("command_kind") == "audit"
        products_run = "products_matched" in run
        if products_run:
            check_products_run(check, folder, loaded.stdout, text, headings, run, table)
            keys, expected_headings = (), ()
        elif run.get("command_kind") == "rules-diff":
            check_release_diff(check, text, headings, run, table)
            keys, expected_headings = (), ()
        elif audit:
            check(f"Sealed audit: {run.get('set')} · {run.get('rules')} · {run.get('boosters')} boosters opened" in headings, "the title names set, rules and boosters")
            keys, expected_headings = ("rules_sha256", "boosters", "packs", "resamples"), ("Run",)
        else:
            check(f"Sealed report: {run.get('set')} · {run.get('rules')} · seed {run.get('seed')}" in headings, "the title names set, rules and seed")
            keys, expected_headings = ("rules_sha256", "pools", "boosters", "seed"), ("Run", "Mythics", "Every card against its expected frequency")
        for key in keys:
            check(run.get(key, "?") in text, f"run.csv's {key} ({run.get(key)}) is in the text")
        if run.get("command") and run.get("command_kind") != "rules-diff" and not products_run:
            check(run["command"] in text, "the command that reproduces the run is in the text")
        for heading in expected_headings:
            check(heading in headings, f"heading '{heading}'")
        checks = None if run.get("command_kind") == "rules-diff" or products_run else table("audit.csv" if audit else "checks.csv")
        if checks is not None:
            failed = [row["check"] for row in checks if row["verdict"] == "fail"]
            verdict = verdict_line(checks, run)
            check(verdict in text, f"the verdict '{verdict}'")
            check("Verdicts" in headings, "heading 'Verdicts'")
            missing = [row["check"] for row in checks if row["check"] not in text]
            check(not missing, f"all {len(checks)} checks named in the text" + "".join("\n      " + name for name in missing[:5]))
            if failed:
                body = loaded.stdout.split("<tbody>", 1)[-1]
                check(failed[0] in body.split("</tr>", 1)[0], f"the failing check '{failed[0]}' is the table's first row")
            proportions = [row for row in checks if row.get("ci_low")]
            if proportions:
                check("Proportions against their expected values" in headings, "heading 'Proportions against their expected values'")
                check(all(row["check"] in headings for row in proportions), f"a chart for each of the {len(proportions)} proportions")
        sheets = [] if run.get("command_kind") == "rules-diff" or products_run else table("sheet_frequency.csv") or []
        names = {row["sheet"] for row in sheets}
        value = "score" if sheets and "score" in sheets[0] else "residual"
        strips = [name for name in names if sum(1 for row in sheets if row["sheet"] == name and row[value]) > 1]
        check(all(f"sheet {name}" in headings for name in strips), f"a strip for each of the {len(strips)} sheets")
        flagged = [row["name"] for row in sheets if row.get("flagged") == "yes"]
        check(all(name in text for name in flagged), f"every card sheet_frequency.csv flags ({len(flagged)}) is named on the page")
        positions = table("mythic_position.csv") or []
        check(not positions or "Position of the mythic booster" in headings, "the mythic booster position chart")

        light = os.path.join(shots, "report.png")
        dark = os.path.join(shots, "report-dark.png")
        pdf = os.path.join(shots, "report.pdf")
        for path in (light, dark, pdf):
            if os.path.exists(path):
                os.remove(path)
        size = f"--window-size={options.width},{options.height}"
        chromium([size, f"--screenshot={light}", url])
        chromium([size, "--force-dark-mode", f"--screenshot={dark}", url])
        chromium(["--no-pdf-header-footer", f"--print-to-pdf={pdf}", url])
        for path, name, want_dark in ((light, "light", False), (dark, "dark", True)):
            if not os.path.exists(path):
                check(False, f"the {name} screenshot was written")
                continue
            background, inked, colours = image_summary(path)
            luminance = sum(background) / 3
            check(inked > 0.02 and colours > 16, f"the {name} screenshot is not blank ({inked:.1%} of pixels differ from the background, {colours} colours)")
            check((luminance < 80) if want_dark else (luminance > 200), f"the {name} screenshot has a {name} background {background}")
        if os.path.exists(pdf):
            with open(pdf, "rb") as f:
                document = f.read()
            pages = document.count(b"/Type /Page") - document.count(b"/Type /Pages")
            check(document.startswith(b"%PDF-") and pages >= 1, f"the PDF was written ({pages} pages, {len(document) // 1024} KiB)")
        else:
            check(False, "the PDF was written")
    print(f"screenshots and PDF: {shots}")
    print(f"{len(failures)} failed" if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
