"""Drives the Sealed app in headless Chromium; run through scripts/check-app-in-browser.

Every check prints one line, "ok    WHAT" or "FAIL  WHAT: WHY"; the exit status is 1 if any
failed. Nothing leaves the machine: Chromium resolves no host name, so card images from
Scryfall fail and the app draws its card faces, as it does offline. The flow runs at 1440 x 900;
then every screen is measured at a phone's 390 x 844, a tablet's 768 x 1024 and 1440 x 900 (no
screen wider than the window; on the phone and tablet every control at least 44 px each way),
and photographed at each width with --shots.
"""
import argparse
import http.server
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from app_browser import (FAILURES, MEASURE, PROVOKED, WIDTHS, attributes, check, clear_toast, click_until, copy_button, css, deck_size,
                         hold_back, texts, toast_after, wait)
import check_app_as_a_player


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class FetchSources:
    """What the app's fetch buttons download, served on 127.0.0.1 (never the internet): a newer
    release of booster data at /newest.json (four products of the tests' newer release: otj-play
    changed, otj-play-arena added), and Scryfall's search API at /cards/search playing a card for
    every key of otj-play-arena's sheets, each answer held back 0.4 s so that the page's progress
    shows."""

    def __init__(self):
        import gzip
        with gzip.open(os.path.join(ROOT, "Tests/Fixtures/mtgwtf/sealed_basic_data_newer.json.gz")) as file:
            newer = json.load(file)
        products = [product for product in newer if product["code"] in ("war-draft", "dom-draft", "otj-play", "otj-play-arena")]
        release = json.dumps(products, sort_keys=True).encode()
        arena = next(product for product in products if product["code"] == "otj-play-arena")
        keys = sorted({":".join(key.split(":")[:2]) for sheet in arena["sheets"].values() for key in sheet["cards"]})
        cards = {}
        for key in keys:
            code, number = key.split(":")
            cards.setdefault(code, []).append({
                "object": "card", "id": f"{code}-{number}", "name": f"Card {key}", "set": code, "set_name": "Test Set",
                "collector_number": number, "rarity": "common", "type_line": "Creature — Test", "mana_cost": "{1}{W}", "cmc": 2,
                "colors": ["W"], "color_identity": ["W"], "layout": "normal"})

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                from urllib.parse import urlparse, parse_qs
                url = urlparse(self.path)
                if url.path == "/newest.json":
                    return self.answer(200, release)
                query = parse_qs(url.query)
                code = (query.get("q") or [""])[0].removeprefix("e:").lower()
                if url.path != "/cards/search" or code not in cards:
                    return self.answer(404, json.dumps({"object": "error", "code": "not_found", "status": 404, "details": "No such set."}).encode())
                time.sleep(0.4)
                page = {"object": "list", "total_cards": len(cards[code]), "has_more": False, "data": cards[code]}
                self.answer(200, json.dumps(page).encode())

            def answer(self, status, body):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class App:
    """sealed-serve in a temporary folder, and the sealed command on the same library."""

    def __init__(self, sealed, serve, work, sources):
        self.sealed, self.work = sealed, work
        self.home, self.reports, self.images = (os.path.join(work, name) for name in ("home", "reports", "images"))
        os.makedirs(self.images)
        self.env = {key: value for key, value in os.environ.items() if key != "SEALED_CARDS"}
        self.env["SEALED_HOME"] = self.home
        self.env["SEALED_DATA"] = ""
        self.env["SEALED_RELEASE_FROM"] = sources.base + "/newest.json"
        self.env["SEALED_SCRYFALL_API"] = sources.base
        self.env["NO_PROXY"] = "127.0.0.1"
        self.process = subprocess.Popen(
            # A check of a billion pools (minutes) lets the cancel test click before it ends.
            [serve, "--port", "0", "--reports", self.reports, "--images", self.images, "--max-check-pools", "1000000000"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env, cwd=work)
        greeting = ""
        while "Ctrl-C stops it." not in greeting:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit(f"sealed-serve did not start: {greeting}{self.process.stderr.read()}")
            greeting += line
        self.url = re.search(r"http://127\.0\.0\.1:\d+/", greeting).group(0)

    def run(self, *arguments):
        result = subprocess.run([self.sealed, *arguments], capture_output=True, text=True, env=self.env, timeout=300)
        if result.returncode != 0:
            raise RuntimeError(f"sealed {' '.join(arguments)}: {result.stderr}")
        return result.stdout

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=120)
        return self.process.returncode, out, err


def browser(downloads):
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1440,900", "--hide-scrollbars",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return driver


def panel_holds_its_controls(driver, why=False):
    """Whether the deck panel shows all of its controls, none cut off or scrolled sideways."""
    found = driver.execute_script("""
        const side = document.getElementById('deck-side'), box = side.getBoundingClientRect();
        const cut = [...side.querySelectorAll('button, input, .card-header')].filter(e => e.getBoundingClientRect().right > box.right + 0.5)
          .map(e => (e.id || e.className) + ' ' + Math.round(e.getBoundingClientRect().right) + ' > ' + Math.round(box.right));
        return {entries: side.querySelectorAll('#deck-list li').length, sideways: side.scrollWidth - side.clientWidth, cut};""")
    return found if why else found["entries"] >= 10 and found["sideways"] <= 0 and not found["cut"]


def write_png(path, width=60, height=84, colour=(180, 40, 40)):
    rows = b"".join(b"\x00" + bytes(colour) * width for _ in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def jpeg_size(path):
    with open(path, "rb") as f:
        data = f.read()
    at = 2
    while at < len(data):
        marker, length = data[at + 1], struct.unpack(">H", data[at + 2:at + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    return None


def downloaded(folder, suffix, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        names = [name for name in os.listdir(folder) if name.endswith(suffix)]
        if names:
            path = os.path.join(folder, names[0])
            time.sleep(0.3)
            return path
        time.sleep(0.1)
    return None


def shot(driver, shots, name, device=""):
    if shots:
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        driver.save_screenshot(os.path.join(shots, f"app-{name}{'-' + device if device else ''}.png"))


def shot_of(driver, shots, name, selector):
    """A photograph of the window with the element `selector` in its middle."""
    if shots:
        driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", selector)
        time.sleep(0.3)
        driver.save_screenshot(os.path.join(shots, f"app-{name}.png"))


def command_words(text):
    """The command line's words that a message in the browser must not hold."""
    return [word for word in ("--force", "--booster-max", "sealed deck add", "--out") if word in text]


def choose_and_open(driver, app, shots):
    driver.get(app.url)
    wait(driver, lambda d: css(d, '.set-tile[data-set="war"] a.rule'))
    check("Choose shows how far the products' listing is, or the products, at once",
          css(driver, "#listing-progress") or css(driver, "details.kind"), driver.find_element(By.ID, "products").text)
    check("Choose lists War of the Spark with its rule sets",
          [a.text for a in css(driver, '.set-tile[data-set="war"] a.rule')] == ["sealed", "retail", "retail-lethe", "mtgwtf"])
    driver.find_element(By.ID, "players").send_keys("2")
    seed = driver.find_element(By.ID, "seed")
    seed.clear()
    seed.send_keys("42")
    css(driver, '.set-tile[data-set="war"] a.rule[data-rules="sealed"]')[0].click()
    wait(driver, lambda d: css(d, ".top-cards .card"))
    check("the pool's link holds the event's seed and players", "seed=42" in driver.current_url and "players=2" in driver.current_url, driver.current_url)
    top = css(driver, ".top-cards .card")
    rarities = [re.search(r"r-(\w+)", card.get_attribute("class")).group(1) for card in top]
    check("Open shows the rares and mythics first: six, one of them mythic", len(top) == 6 and rarities.count("mythic") == 1
          and all(r in ("rare", "mythic") for r in rarities), rarities)
    headings = [h.text for h in css(driver, "section.open h2")]
    check("the rares and mythics come before the boosters", headings and headings[0].startswith("Rares and mythics") and headings[-1] == "The boosters", headings)
    check("two players, each with a pool", len(css(driver, "nav.players a")) == 2)
    first = [card.get_attribute("data-id") for card in top]
    opened = driver.current_url
    # A shared link to player 2 that does not say how many players opens player 2's pool (it
    # showed player 1's under player 2's address).
    css(driver, "nav.players a")[1].click()
    wait(driver, lambda d: css(d, "nav.players a.current") and css(d, "nav.players a.current")[0].text == "Player 2")
    second = attributes(driver, ".top-cards .card", "data-id")
    driver.get(app.url + "#/open?set=war&rules=sealed&seed=42&player=2")
    wait(driver, lambda d: css(d, "nav.players a.current") and css(d, ".top-cards .card"))
    check("a link to player 2 that names no player count opens player 2's pool",
          css(driver, "nav.players a.current")[0].text == "Player 2" and attributes(driver, ".top-cards .card", "data-id") == second and second != first,
          (css(driver, "nav.players a.current")[0].text, second))
    driver.get(opened)
    wait(driver, lambda d: css(d, ".top-cards .card") and css(d, "nav.players a.current")[0].text == "Player 1")
    css(driver, "details.booster summary")[0].click()
    return first


def build_deck(driver, top_ids, shots):
    driver.find_element(By.ID, "continue").click()
    wait(driver, lambda d: css(d, ".pick") and css(d, "#count strong"))
    listed = attributes(driver, "#deck-list .card-header", "data-id")
    check("the deck starts with the pool's rares and mythics", sorted(listed) == sorted(top_ids), (listed, top_ids))
    check("no card image is broken", driver.execute_script(
        "return [...document.images].every(image => image.complete && image.naturalWidth > 0)"))
    used = css(driver, ".pick.used-up")
    opacity = driver.execute_script("return getComputedStyle(arguments[0].querySelector('.card')).opacity", used[0]) if used else None
    check("a card whose every copy is in the deck shows at half opacity, its diamonds filled",
          used and opacity == "0.5" and "◇" not in used[0].find_element(By.CSS_SELECTOR, ".diamonds").text, (opacity,))
    css(driver, '.chip[data-filter="colour"][data-value="U"]')[0].click()
    shown = [tile for tile in css(driver, ".pick") if tile.is_displayed()]
    blue = all(re.search(r"\bc-(u|multi)\b", tile.find_element(By.CSS_SELECTOR, ".card").get_attribute("class")) for tile in shown)
    check("the colour filter shows only blue and multicolour cards", shown and blue, len(shown))
    css(driver, '.chip[data-filter="colour"][data-value="U"]')[0].click()
    check("nonland cards added by clicks", click_until(driver, '.pick[data-land="no"]', 23))
    check("the deck panel of a deck not saved holds all of Save deck, with ten or more entries", panel_holds_its_controls(driver),
          panel_holds_its_controls(driver, why=True))
    basics = {tile.find_element(By.CSS_SELECTOR, ".card").get_attribute("aria-label"): tile for tile in css(driver, '.pick[data-basic="yes"]')}
    for name, count in (("Island", 9), ("Mountain", 8)):
        for _ in range(count):
            before = deck_size(driver)
            basics[name].click()
            wait(driver, lambda d: deck_size(d) == before + 1)
    island = basics["Island"].find_element(By.CSS_SELECTOR, ".diamonds").text
    check("9 Islands show 9 filled diamonds", island == "◆" * 9, island)
    driver.execute_script("arguments[0].querySelector('.zoom-button').click()", basics["Island"])
    wait(driver, lambda d: css(d, "#overlay .zoom .meta"))
    line = css(driver, "#overlay .zoom .meta")[0].text
    check("a basic land's zoom says any number may go in", line.endswith("a basic land: any number may go in") and "undefined" not in line, line)
    css(driver, "body")[0].send_keys(Keys.ESCAPE)
    wait(driver, lambda d: not d.find_element(By.ID, "overlay").is_displayed())
    check("a 40-card deck built by clicks", deck_size(driver) == 40 and "40 of 40 cards" in driver.find_element(By.ID, "count").text)
    single = [t for t in css(driver, '.pick.used-up[data-land="no"]') if t.find_element(By.CSS_SELECTOR, ".diamonds").text == "◆"]
    single[0].click()
    wait(driver, lambda d: deck_size(d) == 39)
    single[0].click()
    wait(driver, lambda d: deck_size(d) == 40)
    check("a click takes out a card whose only copy is in, another puts it back", True)
    curve = [int(bar.find_element(By.CSS_SELECTOR, ".n").text or 0) for bar in css(driver, ".curve .bar")]
    types = {li.get_attribute("data-type"): int(li.find_element(By.CSS_SELECTOR, "strong").text) for li in css(driver, "ul.types li")}
    check("the curve counts the nonland cards and the types add up to 40",
          sum(types.values()) == 40 and sum(curve) == 40 - types.get("lands", 0) and types.get("lands", 0) >= 17, (curve, types))
    driver.execute_script("arguments[0].querySelector('.zoom-button').click()", single[0])
    wait(driver, lambda d: css(d, "#overlay .card.zoomed"))
    check("a card zooms to full size", css(driver, "#overlay .card.zoomed")[0].size["width"] >= 300)
    css(driver, "body")[0].send_keys(Keys.ESCAPE)
    wait(driver, lambda d: not d.find_element(By.ID, "overlay").is_displayed())


def deal_seed(driver, seed):
    """Types `seed` into the sample hand's Seed field and deals."""
    field = driver.find_element(By.ID, "hand-seed")
    field.clear()
    field.send_keys(seed)
    driver.find_element(By.ID, "deal-button").click()


def hand_cards(driver):
    return [card.get_attribute("aria-label") for card in css(driver, "#hand .hand-cards .card")]


def mulligan_once(driver, seed):
    """Takes a London mulligan of the hand of `seed` shown: a new seven of the same seed, one of
    them put on the bottom by a click (a second card is not: one mulligan, one card) and taken
    back; returns the seven."""
    driver.find_element(By.ID, "mulligan").click()
    wait(driver, lambda d: d.find_element(By.ID, "hand").get_attribute("data-mulligans") == "1")
    heading = driver.find_element(By.CSS_SELECTOR, "#hand h2").text
    meta = driver.find_element(By.CSS_SELECTOR, "#hand p.meta").text
    focused = driver.switch_to.active_element.get_attribute("data-index")
    cards = hand_cards(driver)
    check("a mulligan deals seven more of the same seed, named as sealed hand --draws 2's second hand, the focus on its first card",
          len(cards) == 7 and heading.startswith("Mulligan 1: ") and heading.endswith("keep 6")
          and f"--seed {seed} --draws 2 deals this hand as its hand 2" in meta and focused == "0",
          (heading, meta, focused))
    buttons = css(driver, "#hand .hand-card")
    note = lambda: driver.find_element(By.ID, "bottom-note")
    before = note().text
    buttons[0].click()
    buttons[1].click()
    # The deck's lands are basics, drawn in the land frame (c-land): the six kept but the first.
    lands = sum(1 for button in buttons[1:] if "c-land" in button.find_element(By.CSS_SELECTOR, ".card").get_attribute("class").split())
    chosen = [button.get_attribute("aria-pressed") for button in buttons]
    unavailable = [button.get_attribute("aria-disabled") for button in buttons]
    check("a card clicked goes to the bottom, one card for one mulligan, and the note says what is kept",
          before.startswith("London mulligan: choose 1 more card") and chosen == ["true"] + ["false"] * 6
          and unavailable == ["false"] + ["true"] * 6
          and note().get_attribute("data-kept") == "6" and note().text.startswith(f"Keeping 6: {lands} land"),
          (before, chosen, unavailable, note().text, lands))
    buttons[0].click()
    check("a card on the bottom clicked again comes back",
          buttons[0].get_attribute("aria-pressed") == "false" and note().get_attribute("data-kept") == "", note().text)
    return cards


def hand_and_exports(driver, app, shots):
    driver.find_element(By.ID, "hand-button").click()
    wait(driver, lambda d: css(d, "#hand .hand-cards .card"))
    hand = {"seed": driver.find_element(By.ID, "hand").get_attribute("data-seed"),
            "cards": [card.get_attribute("aria-label") for card in css(driver, "#hand .hand-cards .card")],
            "odds": [row.find_element(By.CSS_SELECTOR, "td.percent").text for row in css(driver, "#opening-odds tbody tr")]}
    check("a sample hand of seven cards with the odds of 0 to 7 lands", len(hand["cards"]) == 7 and len(hand["odds"]) == 8, hand)
    driver.find_element(By.ID, "draw-again").click()
    wait(driver, lambda d: css(d, "#hand") and d.find_element(By.ID, "hand").get_attribute("data-seed") != hand["seed"])
    check("drawing again deals another hand", len(css(driver, "#hand .hand-cards .card")) == 7)
    deal_seed(driver, hand["seed"])
    wait(driver, lambda d: d.find_element(By.ID, "hand").get_attribute("data-seed") == hand["seed"])
    dealt = [card.get_attribute("aria-label") for card in css(driver, "#hand .hand-cards .card")]
    focused = driver.switch_to.active_element.get_attribute("id")
    check("a seed typed in deals that seed's hand again, the focus kept in the field",
          dealt == hand["cards"] and focused == "hand-seed", (dealt, focused))
    hand["mulligan"] = mulligan_once(driver, hand["seed"])
    PROVOKED.append("/api/deck/hand")
    message = toast_after(driver, lambda: deal_seed(driver, "12x"))
    check("a seed that is no number is refused in the field's words, the hand kept",
          message.startswith('Seed "12x": expected a whole number')
          and driver.find_element(By.ID, "hand").get_attribute("data-seed") == hand["seed"], message)
    # A hand held back 1.5 s, its overlay closed meanwhile: the late answer must not open it again.
    hold_back(driver, "/api/deck/hand", 1.5, 3)
    deal_seed(driver, "7")
    css(driver, "body")[0].send_keys(Keys.ESCAPE)
    time.sleep(3)
    check("a hand answered after its overlay was closed does not open it again",
          not driver.find_element(By.ID, "overlay").is_displayed())
    css(driver, "body")[0].send_keys(Keys.ESCAPE)
    ids = set(attributes(driver, "#deck-list .card-header", "data-id"))
    for card_id in ids:
        set_code, number = card_id.split(" #")
        write_png(os.path.join(app.images, f"{set_code}-{number}.png"))
    downloads = os.path.join(app.work, "downloads")
    driver.find_element(By.ID, "export-button").click()
    wait(driver, lambda d: css(d, "#exports"))
    files = {}
    for kind, suffix in (("tts", ".json"), ("arena", ".txt"), ("sheet", ".jpg")):
        driver.find_element(By.ID, f"export-{kind}").click()
        files[kind] = downloaded(downloads, suffix)
        check(f"the {kind} export downloads a {suffix} file", files[kind] is not None)
    saved = json.load(open(files["tts"])) if files["tts"] else {}
    objects = saved.get("ObjectStates", [{}])[0].get("ContainedObjects", [])
    check("the Tabletop Simulator file holds the 40 cards", len(objects) == 40, len(objects))
    arena = open(files["arena"]).read().split("\n\n")[0].splitlines() if files["arena"] else []
    check("the Arena list's deck holds 40 cards", arena[:1] == ["Deck"] and sum(int(line.split(" ")[0]) for line in arena[1:]) == 40, arena[:3])
    check("the card sheet is the 10 x 7 sheet of 410 x 571 cards", files["sheet"] and jpeg_size(files["sheet"]) == (4100, 3997),
          files["sheet"] and jpeg_size(files["sheet"]))
    css(driver, "body")[0].send_keys(Keys.ESCAPE)
    return hand, files


def save_and_compare(driver, app, hand, files, shots):
    name = driver.find_element(By.ID, "save-name").get_attribute("value")
    box = driver.find_element(By.ID, "save-name")
    box.clear()
    box.send_keys("my deck")
    PROVOKED.append("/api/decks/save")
    message = toast_after(driver, lambda: driver.find_element(By.ID, "save").click())
    check("a deck name that cannot be a file name is refused in the page's words",
          message.startswith('"my deck" is not a valid deck name') and not command_words(message) and "\n" not in message, message)
    box.clear()
    box.send_keys(name)
    driver.find_element(By.ID, "save").click()
    wait(driver, lambda d: d.current_url.endswith(f"#/deck/{name}") and css(d, ".badge.saved"))
    driver.refresh()
    wait(driver, lambda d: css(d, "#count strong") and css(d, ".badge.saved"))
    check("the saved deck reloads with its 40 cards", deck_size(driver) == 40)
    shown = json.loads(app.run("deck", "show", name, "--format", "json"))
    page = [(node.get_attribute("data-id"), node.find_element(By.CSS_SELECTOR, ".copies").text) for node in css(driver, "#deck-list .card-header")]
    cli = [(f"{card['set']} #{card['collector_number']}", f"{card['copies']}×") for card in shown["cards"]]
    check("sealed deck show finds the deck as the page shows it", shown["size"] == 40 and page == cli, (page[:3], cli[:3]))
    check("the Tabletop Simulator file is sealed export tts's", open(files["tts"]).read() == app.run("export", "tts", name))
    check("the Arena list is sealed export arena's", open(files["arena"]).read() == app.run("export", "arena", name))
    printed = json.loads(app.run("hand", name, "--seed", hand["seed"], "--format", "json"))
    names = [card["name"] for card in printed["hands"][0]["cards"]]
    check("the page's hand is sealed hand's for its seed", sorted(names) == sorted(hand["cards"]), (names, hand["cards"]))
    text = app.run("hand", name, "--seed", hand["seed"])
    printed_odds = all(re.search(rf"^  {k}  +{re.escape(p)}(  |$)", text, re.M) for k, p in enumerate(hand["odds"]))
    check("the page's odds are the ones sealed hand prints", printed_odds, hand["odds"])
    printed = json.loads(app.run("hand", name, "--seed", hand["seed"], "--draws", "2", "--format", "json"))
    names = [card["name"] for card in printed["hands"][1]["cards"]]
    check("the page's mulligan is sealed hand --draws 2's second hand", sorted(names) == sorted(hand["mulligan"]),
          (names, hand["mulligan"]))
    lands = [t for t in css(driver, '.pick[data-basic="yes"]') if int(t.get_attribute("data-copies")) > 0]
    clear_toast(driver)
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('contextmenu', {bubbles: true}))", lands[0])
    wait(driver, lambda d: deck_size(d) == 39)
    check("a change in the browser shows in sealed deck show", json.loads(app.run("deck", "show", name, "--format", "json"))["size"] == 39)
    time.sleep(3.5)  # the page asks the library every 3 seconds; a message shows for 3
    note = driver.find_element(By.ID, "toast").get_attribute("textContent")
    check("the page's own change is not taken for one made elsewhere", "elsewhere" not in note, note)
    # The open tab follows the library: a change by sealed deck shows without a reload, and says so.
    # The change comes in the second of the page's own save, as a quick `sealed deck` may: the
    # file keeps the page's save time, so only the cards tell the two copies apart.
    clear_toast(driver)
    deck_file = os.path.join(app.home, "decks", f"{name}.json")
    saved_at = json.load(open(deck_file))["modified_at"]
    app.run("deck", "add", name, "#" + lands[0].get_attribute("data-id").split(" #")[1])
    same_second = re.sub(r'"modified_at": "[^"]*"', f'"modified_at": "{saved_at}"', open(deck_file).read())
    with open(deck_file + ".new", "w") as out:
        out.write(same_second)
    os.replace(deck_file + ".new", deck_file)
    wait(driver, lambda d: deck_size(d) == 40, 15)
    note = driver.find_element(By.ID, "toast").text
    check("a change by sealed deck add shows in the open tab without a reload, and the page says so",
          deck_size(driver) == 40 and "was changed elsewhere" in note, note)
    return name


def decks_screen(driver, app, name, shots):
    driver.get(app.url + "#/decks")
    wait(driver, lambda d: css(d, f'tr[data-kind="deck"][data-name="{name}"]'))
    copy_button(driver, name, f"{name}-copy").click()
    wait(driver, lambda d: css(d, f'tr[data-name="{name}-copy"]'))
    check("a deck is duplicated", json.loads(app.run("deck", "show", f"{name}-copy", "--format", "json"))["size"] == 40)
    button = copy_button(driver, name, f"{name}-copy")
    PROVOKED.append("/api/decks/duplicate")
    message = toast_after(driver, button.click)
    check("a name already taken says to type another, not the command line's --force",
          message == f'a deck named "{name}-copy" is already saved; type another name', message)
    app.run("deck", "duplicate", name, f"{name}-elsewhere")
    wait(driver, lambda d: css(d, f'tr[data-name="{name}-elsewhere"]'), 15)
    check("the Decks screen follows the library: a deck saved by sealed deck shows without a reload", True)
    app.run("deck", "delete", f"{name}-elsewhere", "--yes")
    wait(driver, lambda d: not css(d, f'tr[data-name="{name}-elsewhere"]'), 15)
    for _ in range(2):
        css(driver, f'button[data-deck="{name}-copy"]')[0].click()
    wait(driver, lambda d: not css(d, f'tr[data-name="{name}-copy"]'))
    check("a deck is deleted", f"{name}-copy" not in app.run("decks"))


def delete_pool(driver, app, name):
    """The deck's saved pool, deleted on the Decks screen in two clicks (after the screens are
    measured and photographed with it), the deck keeping its own copy of it."""
    driver.get(app.url + "#/decks")
    wait(driver, lambda d: css(d, f'button[data-pool="{name}"]'))
    for _ in range(2):
        css(driver, f'button[data-pool="{name}"]')[0].click()
    wait(driver, lambda d: not css(d, f'tr[data-kind="pool"][data-name="{name}"]'))
    listed = json.loads(app.run("decks", "--format", "json"))
    check("a pool is deleted, its deck kept whole",
          [entry["kind"] for entry in listed if entry["name"] == name] == ["deck"]
          and json.loads(app.run("deck", "show", name, "--format", "json"))["size"] == 40, listed)


def another_site(driver, app, name):
    """A page served from another origin that posts to the app as a form and with fetch."""
    target = app.url + "api/decks/delete"
    page = f"""<!doctype html><title>elsewhere</title>
<form id=f method=post action="{target}" enctype="text/plain"><input name='{{"name":"{name}","x":"' value='"}}'></form>
<script>
fetch("{target}", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}}, body: JSON.stringify({{name: "{name}"}})}});
fetch("{target}", {{method: "POST", headers: {{"Content-Type": "application/json"}}, body: JSON.stringify({{name: "{name}"}})}}).catch(() => {{}});
setTimeout(() => document.getElementById("f").submit(), 500);
</script>"""
    folder = os.path.join(app.work, "elsewhere")
    os.makedirs(folder)
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(page)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass
    handler = lambda *a, **k: Quiet(*a, directory=folder, **k)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html")
    time.sleep(2.5)
    server.shutdown()
    check("a page of another site cannot delete a deck", name in app.run("decks") and json.loads(app.run("deck", "show", name, "--format", "json"))["size"] == 40)


def start_check(driver, rules, pools, seed, set_code="war"):
    """Fills the check form and starts a check; returns the new row's check number."""
    before = set(attributes(driver, "tr[data-check]", "data-check"))
    for field, value in (("set", set_code), ("rules", rules), ("pools", pools), ("seed", seed)):
        box = driver.find_element(By.CSS_SELECTOR, f'form.check-form input[name="{field}"]')
        box.clear()
        box.send_keys(value)
    driver.find_element(By.ID, "start-check").click()
    return wait(driver, lambda d: set(attributes(d, "tr[data-check]", "data-check")) - before).pop()


def row_of(driver, check_id):
    return driver.find_element(By.CSS_SELECTOR, f'tr[data-check="{check_id}"]')


class FinishedRow:
    """A finished check's row as the page showed it at one moment: its state, report folder and
    verdict, read in one script (the page redraws the rows as checks move, so a
    row found first and read after can be gone)."""

    def __init__(self, values):
        self.values = values

    def get_attribute(self, name):
        return self.values.get(name)

    @property
    def verdict(self):
        return self.values["verdict"]


def finished(driver, check_id, seconds=900):
    """Waits for the check's row to leave `running`, then reads it (`FinishedRow`)."""
    read = """
        const row = document.querySelector(`tr[data-check="${arguments[0]}"]`);
        if (!row || row.dataset.state === 'running') return null;
        const verdict = row.querySelector('td.verdict');
        return {'data-state': row.dataset.state, 'data-folder': row.dataset.folder || null,
                verdict: verdict ? verdict.innerText.trim() : ''};"""
    return FinishedRow(wait(driver, lambda d: d.execute_script(read, str(check_id)), seconds))


def click_in_row(driver, check_id, selector):
    """Clicks a control of a check's row, finding the row again when the page redrew it between
    finding and clicking."""
    wait(driver, lambda d: row_of(d, check_id).find_element(By.CSS_SELECTOR, selector).click() or True)


def folder_files(app, folder):
    path = os.path.join(app.reports, folder)
    return {name: open(os.path.join(path, name), "rb").read() for name in sorted(os.listdir(path))}


def checks_and_reports(driver, app, shots):
    driver.get(app.url + "#/checks")
    wait(driver, lambda d: css(d, "form.check-form") and css(d, "#past-reports p, #past-reports table"))
    def too_many():
        box = driver.find_element(By.CSS_SELECTOR, 'input[name="pools"]')
        box.clear()
        box.send_keys("1e30")
        driver.find_element(By.ID, "start-check").click()
    PROVOKED.append("/api/checks")
    message = toast_after(driver, too_many)
    check("pools of 1e30 are refused as out of range, not as malformed JSON",
          message.startswith("Pools: 1e30 is out of range; enter a whole number from 1 to 1,000,000,000"), message)
    first = start_check(driver, "sealed", "20000", "1")
    row = finished(driver, first)
    verdict = row.verdict
    folder = row.get_attribute("data-folder")
    printed = app.run("check", "war", "--pools", "20000", "--seed", "1", "--quiet", "--out", os.path.join(app.work, "cli-check"))
    expected = next((line for line in printed.splitlines() if line.startswith(("PASS", "FAIL"))), "?")
    check("a check from the browser ends with sealed check's verdict", verdict == expected, (verdict, expected))
    kept = folder_files(app, folder)
    second = start_check(driver, "sealed", "20000", "2")
    other = finished(driver, second).get_attribute("data-folder")
    check("two checks of one set and rules leave two reports, the first intact",
          other != folder and folder_files(app, folder) == kept and "report.html" in folder_files(app, other), (folder, other))
    link = wait(driver, lambda d: row_of(d, first).find_element(By.CSS_SELECTOR, 'a[href$="report.html"]').get_attribute("href"))
    cancel_beside_an_earlier_report(driver, app)
    wait(driver, lambda d: len(css(d, "#past-reports tr[data-folder]")) >= 4)
    past = attributes(driver, "#past-reports tr[data-folder]", "data-folder")
    check("the Checks screen lists past reports, newest first", folder in past and other in past and past.index(other) < past.index(folder), past)
    driver.get(link)
    wait(driver, lambda d: expected in d.find_element(By.TAG_NAME, "body").text)
    check("its report page opens", True)
    driver.get(app.url + "#/reports")
    wait(driver, lambda d: css(d, f'tr[data-folder="{folder}"]'))
    files = texts(driver, f'tr[data-folder="{folder}"] td.files a')
    check("the report folders are listed with their files", "checks.csv" in files and "run.csv" in files, files)


def progress_moves_every_second(driver, check_id, seconds=1.6):
    """Samples the running check's progress (its step and pools, not its clock) for `seconds`:
    within every second of it the progress must have moved. The page samples itself, every 50
    ms in one script, so that a slow round trip of the driver on a loaded machine is not read
    as a progress that stood still."""
    driver.set_script_timeout(seconds + 60)
    samples = driver.execute_async_script("""
        const [id, seconds, done] = arguments;
        const samples = [], start = performance.now();
        const read = () => {
          const cell = document.querySelector(`tr[data-check="${id}"] td.progress`);
          const at = (performance.now() - start) / 1000;
          samples.push([at, cell ? cell.innerText.trim() : null]);
          if (at < seconds) setTimeout(read, 50); else done(samples);
        };
        read();""", str(check_id), seconds)
    texts, previous = [], ""
    for at, text in samples:
        previous = previous if text is None else re.sub(r" · \d+ s$", "", text)
        texts.append((at, previous))
    changes = [at for (at, text), (_, before) in zip(texts[1:], texts) if text != before]
    windows = [k * 0.5 for k in range(int((texts[-1][0] - 1) / 0.5) + 1)]
    still = [round(w, 1) for w in windows if not any(w <= at <= w + 1 for at in changes)]
    return not still and len(changes) >= 2, (len(changes), still, texts[-1][1])


def cancel_beside_an_earlier_report(driver, app):
    """An earlier war/mtgwtf report, then a long war/mtgwtf check, cancelled: it ends cancelled
    with its own report of the pools done; the earlier one stays whole."""
    earlier = start_check(driver, "mtgwtf", "1000", "1")
    earlier_folder = finished(driver, earlier).get_attribute("data-folder")
    kept = folder_files(app, earlier_folder)
    # Minutes of work on any machine: the server allows it (--max-check-pools, App above).
    long = start_check(driver, "mtgwtf", "1000000000", "2")
    moved, why = progress_moves_every_second(driver, long)
    check("a running check's progress moves at least once a second", moved, why)
    click_in_row(driver, long, "button[data-cancel]")
    row = finished(driver, long)
    verdict = row.verdict
    folder = row.get_attribute("data-folder")
    written = folder_files(app, folder) if os.path.isdir(os.path.join(app.reports, folder)) else {}
    check("a cancel beside an earlier report ends cancelled, with the report of the pools done",
          row.get_attribute("data-state") == "cancelled" and verdict.startswith("INTERRUPTED after ") and "report.html" in written
          and b"status,interrupted" in written.get("run.csv", b""), (row.get_attribute("data-state"), verdict))
    check("the earlier report of the same set and rules is left whole", folder_files(app, earlier_folder) == kept)


def sets_offer_nothing_that_fails(driver, app):
    """Every rule set offered on Choose opens its set (eld and m20, whose data has no basic
    lands, with the booster range their tiles offer), and the Checks form asks for the range."""
    driver.get(app.url)
    wait(driver, lambda d: css(d, ".set-tile a.rule"))
    offers = driver.execute_script("""
        return [...document.querySelectorAll('.set-tile')].flatMap(tile => {
          const range = tile.querySelector('input[name=booster_max]');
          return [...tile.querySelectorAll('a.rule')].map(a => ({set: a.dataset.set, rules: a.dataset.rules, booster_max: range ? range.value : ''}));
        });""")
    failing = []
    for offer in offers:
        query = "&".join(f"{key}={value}" for key, value in offer.items() if value) + "&seed=1"
        status = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch('/api/pools?' + arguments[0]).then(r => done(r.status), () => done(0));", query)
        if status != 200:
            failing.append((offer, status))
    eld = [offer for offer in offers if offer["set"] == "eld"]
    check("eld offers nothing that fails: every rule set on Choose opens its set", eld and not failing, failing or offers)
    css(driver, '.set-tile[data-set="eld"] a.rule')[0].click()
    wait(driver, lambda d: css(d, ".top-cards .card") or css(d, "section.problem"))
    check("eld's sealed opens from Choose with its booster range", css(driver, ".top-cards .card") and "booster_max=249" in driver.current_url,
          driver.current_url)
    driver.get(app.url + "#/checks")
    wait(driver, lambda d: css(d, "form.check-form"))
    box = driver.find_element(By.CSS_SELECTOR, 'form.check-form input[name="set"]')
    box.clear()
    box.send_keys("eld")
    field = driver.find_element(By.CSS_SELECTOR, 'form.check-form input[name="booster_max"]')
    check("the check form asks eld for its booster range", field.is_displayed() and field.get_attribute("value") == "249")


def products(driver, app, shots):
    """The shipped products by kind, listed in the background since the page was first served."""
    driver.get(app.url)
    wait(driver, lambda d: css(d, "details.kind"), 900)
    kinds = attributes(driver, "details.kind", "data-kind")
    check("Choose lists the shipped products by kind", {"draft", "play", "collector"} <= set(kinds), kinds)
    labels = texts(driver, "details.kind > summary")
    check("each kind is named in the products' words (no \"booster boosters\", no \"jp boosters\")",
          any(label.startswith("Japanese Draft Boosters") for label in labels)
          and not any(re.search(r"\b(booster|jp) boosters", label, re.I) for label in labels), labels)
    play = css(driver, 'details.kind[data-kind="play"]')
    if play:
        play[0].find_element(By.TAG_NAME, "summary").click()
    notes = [node.text for node in css(driver, "td.note") if node.text]
    check("a product whose cards lack names says so and how to get them",
          any(note.startswith("its cards lack names: ") and "sealed cards fetch " in note for note in notes), notes[:2])
    driver.execute_script("window.scrollTo(0, 0)")


def fetch_buttons(driver, app, shots):
    """The Choose screen names the release in use; its button fetches a newer one (from the local
    server), which the listing then names and lists; a product whose cards lack names is fetched
    and opened with one click, its progress shown while the sets come in."""
    driver.get(app.url)
    wait(driver, lambda d: css(d, "#release .release-name") and css(d, "details.kind"), 900)
    named = css(driver, "#release .release-name")[0].text
    check("Choose names the release in use", named == "sealed_basic_data_2025-07.json.gz", named)
    css(driver, "button.fetch-release")[0].click()
    wait(driver, lambda d: css(d, '#release-fetch .fetch[data-state="done"], #release-fetch .fetch[data-state="failed"]'), 300)
    said = css(driver, "#release-fetch .fetch")[0].text
    check("the release button fetches the newer release and says what changed",
          re.fullmatch(r"mtgwtf-[0-9a-f]{8} is the release in use now: 1 added, 535 removed, 1 changed against shipped", said), said)
    name = said.split(" ")[0]
    wait(driver, lambda d: css(d, 'tr[data-product="otj-play-arena"]') and css(d, "#release .release-name")[0].text == name, 300)
    check("Choose lists the fetched release's products and names it", len(css(driver, "tr[data-product]")) == 4,
          attributes(driver, "tr[data-product]", "data-product"))
    app_release = app.run("rules", "releases")
    check("the command line uses the release the app fetched", re.search(re.escape(name) + r"\s+yes", app_release), app_release)
    play = css(driver, 'details.kind[data-kind="play"]')
    if play:
        play[0].find_element(By.TAG_NAME, "summary").click()
    button = css(driver, 'tr[data-product="otj-play-arena"] button.fetch-cards')
    check("a product whose cards lack names has a button that fetches them", button, "no button")
    if not button:
        return
    shot_of(driver, shots, "products", 'tr[data-product="otj-play-arena"]')
    button[0].click()
    seen = []
    deadline = time.time() + 300
    while time.time() < deadline and "#/open" not in driver.current_url:
        try:
            seen += [node.text for node in css(driver, '.fetch[data-state="running"]')]
        except StaleElementReferenceException:
            pass
        time.sleep(0.1)
    check("its progress shows while the sets come in", any(text.startswith("fetching ") and " set" in text for text in seen), seen[:3])
    # The served cards are all common: the pool shows its boosters, and no rares first.
    wait(driver, lambda d: css(d, ".booster") or css(d, "section.problem"), 300)
    check("one click fetched its cards and opened it", "rules=otj-play-arena" in driver.current_url and len(css(driver, ".booster")) == 6,
          (driver.current_url, len(css(driver, ".booster"))))


def screens(app, deck, draft):
    """Every screen: its name, and how to reach it from the one before (it returns once the
    screen is drawn)."""
    def at(route, ready):
        def go(driver):
            driver.get(app.url + route)
            wait(driver, lambda d: css(d, ready), 120)
        return go

    def press(selector, ready):
        def go(driver):
            driver.execute_script("arguments[0].click()", css(driver, selector)[0])
            wait(driver, lambda d: css(d, ready))
        return go

    def mulligan(driver):
        press("#hand-button", "#hand .hand-cards .card")(driver)
        press("#mulligan", '#hand[data-mulligans="1"] .hand-card')(driver)
        css(driver, "#hand .hand-card")[2].click()

    def open_booster(driver):
        at("#/open?set=war&rules=sealed&seed=42&players=2&player=1", ".top-cards .card")(driver)
        css(driver, "details.booster summary")[0].click()
    return [
        ("choose", at("#/", "details.kind")),
        ("open", open_booster),
        ("draft", at(draft, "#deck-list .card-header")),
        ("build", at(f"#/deck/{deck}", "#deck-list .card-header")),
        ("zoom", press(".pick .zoom-button", "#overlay .zoom")),
        ("hand", press("#hand-button", "#hand .hand-cards .card")),
        ("mulligan", mulligan),
        ("export", press("#export-button", "#exports")),
        ("decks", at("#/decks", "table.library")),
        ("checks", at("#/checks", "#past-reports table")),
        ("reports", at("#/reports", "table.library")),
    ]


def layout_at_every_width(driver, app, deck, shots):
    """Every screen at a phone's, a tablet's and a desktop's width: nothing wider than the
    window (but wide tables, inside their own box); on the phone and the tablet every control at
    least 44 px each way; a photograph of each (but the draft and the zoom, which the build
    screen's photograph stands for)."""
    draft = "#/build?set=war&rules=sealed&seed=42&player=2"
    driver.get(app.url + draft)
    wait(driver, lambda d: css(d, ".pick") and css(d, "#count strong"))
    click_until(driver, '.pick[data-land="no"]', 16)
    for width, height, device in WIDTHS:
        driver.set_window_size(width, height)
        wide, small = [], []
        for name, reach in screens(app, deck, draft):
            reach(driver)
            time.sleep(0.2)
            wide += [f"{name}: {problem}" for problem in driver.execute_script(MEASURE, False)]
            if device:
                small += [f"{name}: {problem}" for problem in driver.execute_script(MEASURE, True) if problem.startswith(("a", "button", "input", "select", "summary", "div.pick", "label")) and " is " in problem]
            if name not in ("draft", "zoom"):
                shot(driver, shots, name, device)
            if name in ("zoom", "hand", "mulligan", "export"):
                css(driver, "body")[0].send_keys(Keys.ESCAPE)
                wait(driver, lambda d: not d.find_element(By.ID, "overlay").is_displayed())
        label = f"{width} x {height}"
        check(f"no screen is wider than the window at {label}", not wide, wide[:6])
        if device:
            check(f"every control is at least 44 px each way at {label} ({device})", not small, small[:6])
    driver.set_window_size(1440, 900)


def console_problems(driver):
    problems = []
    for entry in driver.get_log("browser"):
        message = entry["message"]
        # Scryfall's images cannot load here (no host name resolves): the page draws the cards.
        if "scryfall" in message and "ERR_NAME_NOT_RESOLVED" in message:
            continue
        # The page of another site's refused requests.
        if "elsewhere" in message or "403" in message and "/api/decks/delete" in message:
            continue
        if "Failed to load resource: the server responded with a status of 4" in message and any(
                re.search(re.escape(path) + r" ", message) for path in PROVOKED):
            continue
        if entry["level"] in ("SEVERE", "WARNING"):
            problems.append(message)
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sealed", required=True)
    parser.add_argument("--serve", required=True)
    parser.add_argument("--shots", help="write a screenshot of each screen here")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="sealed-app-")
    shots = arguments.shots and os.path.abspath(arguments.shots)
    if shots:
        os.makedirs(shots, exist_ok=True)
    sources = FetchSources()
    app = App(os.path.abspath(arguments.sealed), os.path.abspath(arguments.serve), work, sources)
    os.makedirs(os.path.join(work, "downloads"))
    driver = browser(os.path.join(work, "downloads"))
    try:
        top = choose_and_open(driver, app, shots)
        build_deck(driver, top, shots)
        hand, files = hand_and_exports(driver, app, shots)
        name = save_and_compare(driver, app, hand, files, shots)
        decks_screen(driver, app, name, shots)
        checks_and_reports(driver, app, shots)
        sets_offer_nothing_that_fails(driver, app)
        products(driver, app, shots)
        check_app_as_a_player.play(driver, app, name)
        layout_at_every_width(driver, app, name, shots)
        delete_pool(driver, app, name)
        problems = console_problems(driver)
        check("no console errors", not problems, problems[:3])
        another_site(driver, app, name)
        fetch_buttons(driver, app, shots)
        second = App(app.sealed, os.path.abspath(arguments.serve), os.path.join(work, "second"), sources)
        try:
            check_app_as_a_player.server_stops_during_a_check(driver, second)
        finally:
            if second.process.poll() is None:
                second.stop()
    except TimeoutException as error:
        check("the flow finished", False, f"timed out at {driver.current_url}: {error.msg or ''}")
        shot(driver, work, "timeout")
    except WebDriverException as error:
        check("the flow finished", False, f"at {driver.current_url}: {(error.msg or '').splitlines()[0] if error.msg else error}")
        shot(driver, work, "problem")
    finally:
        driver.quit()
        status, out, err = app.stop()
        check("Ctrl-C stops the server cleanly", status == 0 and out.endswith("Sealed stopped.\n"), (status, err[-300:]))
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed; the work folder is {work}")
        sys.exit(1)
    shutil.rmtree(work, ignore_errors=True)
    print("all checks passed")


if __name__ == "__main__":
    main()
