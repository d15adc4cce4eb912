"""The app as a player uses it beyond the main flow of scripts/check_app_in_browser.py, which
runs these on its server after its flow: what a review playing with the app found (a stray
"null", a double click refused, a slow screen drawn over the one asked for after it, Back after
saving, a draft lost on reload, the keyboard, long names on a phone, timers piling up, a check
shown running after the server had stopped). Each check prints its line as the flow's do."""
import re
import time

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from app_browser import MEASURE, PROVOKED, attributes, check, clear_toast, click_until, copy_button, css, deck_size, hold_back, wait


def draft_screen(driver, app, route):
    driver.get(app.url + route)
    wait(driver, lambda d: css(d, ".pick") and css(d, "#count strong"))


def error_shown(driver):
    toast = driver.find_element(By.ID, "toast")
    return toast.is_displayed() and "error" in (toast.get_attribute("class") or "") and toast.text


def settles(driver, condition, seconds=20):
    """Whether `condition` comes to hold within `seconds`."""
    try:
        wait(driver, condition, seconds)
        return True
    except TimeoutException:
        return False


def unsaved_draft_and_double_click(driver, app):
    draft_screen(driver, app, "#/build?set=war&rules=sealed&seed=4242&player=1")
    side = driver.find_element(By.ID, "deck-side").text
    check("a deck not saved yet shows no stray text in its panel (it showed null)", "null" not in side, side[:120])
    once = [tile for tile in css(driver, '.pick[data-land="no"]') if tile.find_element(By.CSS_SELECTOR, ".diamonds").text == "◇"]
    before = deck_size(driver)
    ActionChains(driver).double_click(once[0]).perform()
    # The two changes go one after the other (slowly on a loaded machine): the first is under
    # way after a moment, then the deck is waited for as it was, or an error.
    time.sleep(1.5)
    settled = settles(driver, lambda d: deck_size(d) == before and once[0].get_attribute("data-copies") == "0" or error_shown(d))
    check("a double click on a card opened once adds it and takes it out again, refusing nothing",
          settled and not error_shown(driver), (error_shown(driver), deck_size(driver), before))


def slow_screen_does_not_cover_the_next(driver, app):
    driver.get(app.url + "#/decks")
    wait(driver, lambda d: css(d, "section.decks"))
    # The pools held back 1.5 s, so that Open is still loading when Decks is asked for and drawn.
    hold_back(driver, "/api/pools", 1.5, 4)
    driver.execute_script("""
        location.hash = '#/open?set=war&rules=sealed&seed=5&players=8';
        setTimeout(() => { location.hash = '#/decks'; }, 30);""")
    time.sleep(6)
    check("a screen still loading when another is asked for does not draw over it",
          driver.current_url.endswith("#/decks") and css(driver, "section.decks") and not css(driver, "section.open"),
          (driver.current_url, bool(css(driver, "section.open"))))


def back_after_saving(driver, app):
    driver.get(app.url + "#/open?set=war&rules=sealed&seed=4343")
    wait(driver, lambda d: css(d, ".top-cards .card"))
    driver.find_element(By.ID, "continue").click()
    wait(driver, lambda d: css(d, "#save-name"))
    box = driver.find_element(By.ID, "save-name")
    box.clear()
    box.send_keys("back-test")
    driver.find_element(By.ID, "save").click()
    wait(driver, lambda d: d.current_url.endswith("#/deck/back-test") and css(d, ".badge.saved"))
    driver.back()
    wait(driver, lambda d: "#/deck/" not in d.current_url)
    time.sleep(0.5)
    check("Back from a deck just saved goes to the pool it was built from, not to the draft afresh",
          "#/open?" in driver.current_url and not css(driver, "#save-name"), driver.current_url)
    app.run("deck", "delete", "back-test", "--yes")


def seeds_as_the_commands_write_them(driver, app):
    draft_screen(driver, app, "#/build?set=WAR&rules=sealed&seed=007&player=1")
    check("a draft's link with set WAR and seed 007 is rewritten to war and seed 7",
          "set=war&" in driver.current_url and ("seed=7&" in driver.current_url or driver.current_url.endswith("seed=7")), driver.current_url)
    before = deck_size(driver)
    click_until(driver, '.pick[data-land="no"]', before + 3)
    driver.refresh()
    wait(driver, lambda d: css(d, ".pick") and css(d, "#count strong"))
    check("a draft opened as WAR and seed 007 keeps its cards over a reload", deck_size(driver) == before + 3, (deck_size(driver), before))
    driver.get(app.url + "#/build?set=war&rules=sealed&player=1")
    wait(driver, lambda d: (css(d, ".pick") and css(d, "#count strong")) or css(d, "section.problem"))
    check("a Build link without a seed opens a random one and puts it in the link",
          not css(driver, "section.problem") and re.search(r"seed=\d+", driver.current_url), driver.current_url)
    cards = {}
    for seed in ("1e3", "1_000", "1000"):
        driver.get(app.url + f"#/open?set=war&rules=sealed&seed={seed}")
        wait(driver, lambda d: css(d, ".top-cards .card") or css(d, "section.problem"))
        cards[seed] = (attributes(driver, ".top-cards .card", "data-id"), driver.current_url.endswith("seed=1000"))
    check("seeds written 1e3 and 1_000 open seed 1000's pool, as sealed open --seed reads them",
          cards["1e3"] == cards["1_000"] == cards["1000"] and cards["1000"][0] and cards["1e3"][1], cards)


def focused(driver):
    return driver.execute_script(
        "const e = document.activeElement; return e ? e.tagName.toLowerCase() + '.' + e.className + ' ' + (e.dataset.focusKey || e.dataset.id || '') : ''")


def keyboard(driver, app):
    draft_screen(driver, app, "#/build?set=war&rules=sealed&seed=4444&player=1")
    check("every card of the pool can be reached with Tab", all(value == "0" for value in attributes(driver, ".pick", "tabindex")))
    tile = [t for t in css(driver, '.pick[data-land="no"]') if "used-up" not in t.get_attribute("class")][0]
    before = deck_size(driver)
    driver.execute_script("arguments[0].focus()", tile)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    added = settles(driver, lambda d: deck_size(d) == before + 1, 15)
    driver.switch_to.active_element.send_keys("-")
    taken = settles(driver, lambda d: deck_size(d) == before, 15)
    check("Enter on a card of the pool adds it, - takes it out", added and taken, (added, taken, deck_size(driver)))
    island = [t for t in css(driver, '.pick[data-basic="yes"]')][0]
    driver.execute_script("arguments[0].focus()", island.find_element(By.CSS_SELECTOR, ".zoom-button"))
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait(driver, lambda d: css(d, "#overlay .zoom"))
    check("a card opened from the keyboard takes the focus to its + button", "button.plus" in focused(driver), focused(driver))
    for n in (1, 2):
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait(driver, lambda d: deck_size(d) == before + n, 15)
    check("Enter on + again and again adds one each time", "button.plus" in focused(driver) and deck_size(driver) == before + 2, focused(driver))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: not d.find_element(By.ID, "overlay").is_displayed())
    check("Escape gives the focus back to what opened the card", "zoom-button" in focused(driver), focused(driver))
    entry = css(driver, "#deck-list li")[0]
    key = entry.get_attribute("data-focus-key")
    driver.execute_script("arguments[0].focus()", entry)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait(driver, lambda d: css(d, "#overlay .zoom"))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: not d.find_element(By.ID, "overlay").is_displayed())
    check("a deck list entry opens its card with Enter, and has the focus back after Escape", key and key in focused(driver), (key, focused(driver)))


def long_names_on_a_phone(driver, app, deck):
    long = "Very_long_deck_name_for_the_prerelease_with_friends_xxxxxxxxxxxx"
    app.run("deck", "duplicate", deck, long)
    driver.set_window_size(390, 844)
    wide = []
    for route, ready in (("#/", "#saved-decks a"), ("#/decks", f'tr[data-name="{long}"]'), (f"#/deck/{long}", "#copy-name")):
        driver.get(app.url + route)
        wait(driver, lambda d: css(d, ready))
        time.sleep(0.3)
        wide += [f"{route}: {problem}" for problem in driver.execute_script(MEASURE, False)]
    copy = driver.find_element(By.ID, "copy-name").get_attribute("value")
    check("a deck name of 64 characters keeps every screen within a phone's width", not wide, wide[:4])
    check("the name offered for a copy of it is one the library takes (64 characters at most)", len(copy) <= 64, copy)
    driver.execute_script("arguments[0].click()", driver.find_element(By.ID, "duplicate"))
    wait(driver, lambda d: d.current_url.endswith(f"#/deck/{copy}") and css(d, ".badge.saved"))
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    time.sleep(0.3)
    driver.execute_script("document.querySelector('[data-nav=\"decks\"]').click()")
    wait(driver, lambda d: css(d, "section.decks"))
    check("a screen opens at its top (Decks kept the deck's scroll)", driver.execute_script("return window.scrollY") == 0,
          driver.execute_script("return window.scrollY"))
    driver.set_window_size(1440, 900)
    for name in (long, copy):
        app.run("deck", "delete", name, "--yes")


def decks_screen_asks_once(driver, app, deck):
    driver.get(app.url + "#/decks")
    wait(driver, lambda d: css(d, f'tr[data-kind="deck"][data-name="{deck}"]'))
    for number in (1, 2):
        copy_button(driver, deck, f"{deck}-poll{number}").click()
        wait(driver, lambda d: css(d, f'tr[data-name="{deck}-poll{number}"]'))
        for _ in range(2):
            driver.execute_script("arguments[0].click()", css(driver, f'button[data-deck="{deck}-poll{number}"]')[0])
        wait(driver, lambda d: not css(d, f'tr[data-name="{deck}-poll{number}"]'))
    driver.execute_script("performance.clearResourceTimings()")
    time.sleep(10.5)
    asked = driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname === '/api/decks').length")
    check("Decks asks for the list every 5 s however many copies and deletes were made there", asked <= 3, asked)


def deleted_elsewhere_and_a_range_past_the_data(driver, app, deck):
    app.run("deck", "duplicate", deck, "gone-soon")
    driver.get(app.url + "#/deck/gone-soon")
    wait(driver, lambda d: css(d, ".badge.saved"))
    app.run("deck", "delete", "gone-soon", "--yes")
    PROVOKED.append("/api/deck")  # the page asks for the deleted deck: 404, no console error
    wait(driver, lambda d: "no longer in the library" in d.find_element(By.ID, "toast").text, 15)
    badge = driver.find_element(By.CSS_SELECTOR, "#deck-side .badge")
    check("a deck deleted elsewhere no longer says its changes are kept",
          "saved" not in badge.get_attribute("class") and "deleted elsewhere" in badge.text, badge.text)
    clear_toast(driver)  # an error shows for 8 s, over what the next screens click
    driver.get(app.url + "#/")
    wait(driver, lambda d: css(d, '.set-tile[data-set="eld"] input[name="booster_max"]'))
    box = css(driver, '.set-tile[data-set="eld"] input[name="booster_max"]')[0]
    box.clear()
    box.send_keys("1000")
    css(driver, '.set-tile[data-set="eld"] a.rule')[0].click()
    time.sleep(0.5)
    check("a booster range past the data's last number is refused in its field, the screen kept",
          driver.execute_script("return arguments[0].validationMessage", box).endswith("the last of the data")
          and not css(driver, "section.problem") and "#/open" not in driver.current_url, driver.current_url)


def play(driver, app, deck):
    """The checks that run on the flow's server, with its saved deck `deck`."""
    unsaved_draft_and_double_click(driver, app)
    slow_screen_does_not_cover_the_next(driver, app)
    back_after_saving(driver, app)
    seeds_as_the_commands_write_them(driver, app)
    keyboard(driver, app)
    long_names_on_a_phone(driver, app, deck)
    decks_screen_asks_once(driver, app, deck)
    deleted_elsewhere_and_a_range_past_the_data(driver, app, deck)


def server_stops_during_a_check(driver, app):
    """A check running when its server stops (`app`: a server of its own, stopped here)."""
    driver.get(app.url + "#/checks")
    wait(driver, lambda d: css(d, "form.check-form"))
    box = driver.find_element(By.CSS_SELECTOR, 'form.check-form input[name="pools"]')
    box.clear()
    box.send_keys("1000000000")
    driver.find_element(By.ID, "start-check").click()
    wait(driver, lambda d: css(d, 'tr[data-state="running"] button[data-cancel]'))
    app.stop()
    wait(driver, lambda d: css(d, 'tr[data-state="unknown"]'), 20)
    row = css(driver, "tr[data-check]")[0]
    check("a check whose server stopped says the server does not answer, and offers no Cancel",
          "no answer" in row.find_element(By.CSS_SELECTOR, "td.state").text and not row.find_elements(By.CSS_SELECTOR, "button[data-cancel]"),
          row.text)
