"""What the app's browser checks share (scripts/check_app_in_browser.py and the player's
checks of scripts/check_app_as_a_player.py): the checks' record, waiting, reading the page,
and the measure of what leaves the window."""
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

FAILURES = []
# API routes the flow asks something of on purpose that the server refuses (a bad name, a name
# taken, too many pools): the browser logs each refusal, which is no console error.
PROVOKED = []


def check(what, condition, why=""):
    print(f"{'ok   ' if condition else 'FAIL '} {what}{'' if condition else ': ' + str(why)}", flush=True)
    if not condition:
        FAILURES.append(what)
    return condition


def wait(driver, condition, seconds=60):
    """Waits for `condition`; an element redrawn while it was read is read again."""
    return WebDriverWait(driver, seconds, poll_frequency=0.1, ignored_exceptions=[StaleElementReferenceException]).until(condition)


def hold_back(driver, path, seconds, restore_after):
    """Makes the page's requests to `path` wait `seconds` before they go, for `restore_after`
    seconds: a slow answer on demand, to see what the page does while it waits."""
    driver.execute_script("""
        const [path, held, restore] = arguments;
        const fetched = window.fetch;
        const late = () => new Promise((done) => setTimeout(done, held));
        window.fetch = (url, ...rest) => String(url).includes(path) ? late().then(() => fetched(url, ...rest)) : fetched(url, ...rest);
        setTimeout(() => { window.fetch = fetched; }, restore);""", path, seconds * 1000, restore_after * 1000)


def css(driver, selector):
    return driver.find_elements(By.CSS_SELECTOR, selector)


def attributes(driver, selector, name):
    """The attribute `name` of every element `selector` finds, read in one script: rows the page
    redraws between finding and reading would otherwise be stale."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.getAttribute(arguments[1]));", selector, name)


def texts(driver, selector):
    """The text of every element `selector` finds, read in one script (see `attributes`)."""
    return driver.execute_script("return [...document.querySelectorAll(arguments[0])].map(e => e.innerText);", selector)


def deck_size(driver):
    """The deck's size as the page shows it (read by script: the deck side is redrawn on each change)."""
    text = driver.execute_script("const n = document.querySelector('#count strong'); return n ? n.textContent : '-1'")
    return int(text)


def click_until(driver, selector, size):
    """Clicks the first tile matching `selector` whose click adds, until the deck holds `size`."""
    while deck_size(driver) < size:
        before = deck_size(driver)
        tiles = [tile for tile in css(driver, selector) if "used-up" not in tile.get_attribute("class")]
        if not tiles:
            return False
        tiles[0].click()
        wait(driver, lambda d: deck_size(d) != before)
    return True


def copy_button(driver, deck, name):
    """On the Decks screen, types `name` as the copy of saved deck `deck` and returns the row's
    Duplicate button, for the caller to press."""
    row = css(driver, f'tr[data-kind="deck"][data-name="{deck}"]')[0]
    box = row.find_element(By.CSS_SELECTOR, "form.inline input")
    box.clear()
    box.send_keys(name)
    return row.find_element(By.CSS_SELECTOR, "form.inline button")


def clear_toast(driver):
    """Hides the page's message line and empties it, so that the next message can be told apart."""
    driver.execute_script("const t = document.getElementById('toast'); t.hidden = true; t.textContent = ''")


def toast_after(driver, action, seconds=20):
    """Clears the message line, does `action`, and returns the next message the page shows."""
    clear_toast(driver)
    action()
    wait(driver, lambda d: d.find_element(By.ID, "toast").is_displayed() and d.find_element(By.ID, "toast").text, seconds)
    return driver.find_element(By.ID, "toast").text


# The widths every screen is measured and photographed at: a phone, a tablet, a desktop. The
# photographs of the desktop are app-SCREEN.png, the others app-SCREEN-phone.png and -tablet.png.
WIDTHS = ((390, 844, "phone"), (768, 1024, "tablet"), (1440, 900, ""))


# What leaves the window, and the controls smaller than a finger, on the screen shown: the page
# wider than the window, an element past its right edge (but inside a wide table's own
# scrolling box, .scroll-x, or a card's drawn face), a panel that scrolls sideways; and, when
# asked, every control under 44 px either way (links in running text aside).
MEASURE = """
const width = document.documentElement.clientWidth, problems = [];
const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
const overlay = document.getElementById('overlay');
if (document.documentElement.scrollWidth > width) problems.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
for (const e of document.querySelectorAll('body *')) {
  if (!shown(e) || e.closest('.scroll-x, .card, [hidden]')) continue;
  const right = e.getBoundingClientRect().right;
  if (right > width + 0.5) problems.push(name(e) + ' reaches ' + Math.round(right) + ' px');
}
for (const box of document.querySelectorAll('.deck-side, .panel, .filter-box')) {
  if (shown(box) && box.scrollWidth > box.clientWidth + 1) problems.push(name(box) + ' scrolls sideways by ' + (box.scrollWidth - box.clientWidth) + ' px');
}
if (arguments[0]) {
  const controls = document.querySelectorAll('a, button, input:not([type=checkbox]):not([type=hidden]), select, summary, .pick, label.images-toggle');
  for (const e of controls) {
    if (!shown(e) || e.closest('p, .card, [hidden]') || (!overlay.hidden && !overlay.contains(e))) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) problems.push(name(e) + ' "' + (e.textContent || e.value || '').trim().slice(0, 20) + '" is ' + Math.round(r.width) + ' x ' + Math.round(r.height));
  }
}
return problems.slice(0, 8);
"""
