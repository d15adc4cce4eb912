import Foundation
import SealedTestSupport
import Testing

/// Whether Debian's `chromium` and `chromium-driver` are on the PATH.
private let browserInstalled: Bool = {
  let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  return ["chromium", "chromedriver"].allSatisfy { name in
    folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
  }
}()

/// The app in a real browser: `scripts/check-app-in-browser` drives headless Chromium through
/// the whole flow (choose war, open a pool for two players, the rares and mythics first, a
/// 40-card deck built by clicks, 9 Islands as 9 filled diamonds, hands, every export downloaded
/// and held to `sealed export`, save, reload, `sealed deck show`, edits from both sides shown
/// without a reload, duplicate and delete, refusals in the page's words, two checks of one set
/// and rules leaving two reports, a cancel beside an earlier report, progress every second,
/// every rule set offered opening its set (eld with its booster range), the product listing
/// by kind, every screen measured at 390, 768 and 1440 px wide, a page of another site that
/// tries to delete the deck, what a player's review found (the keyboard, Back after saving,
/// seeds, long names, a slow screen, a server stopped under a check), and Ctrl-C). Skipped when Chromium or its driver is absent
/// (`.ci/run` installs them; the script installs them too when run by hand, and selenium into
/// a virtual environment).
@Suite(.heavy, .enabled(if: browserInstalled, "chromium or chromium-driver is not installed: apt-get install chromium chromium-driver, or run scripts/check-app-in-browser once, which installs them"))
struct BrowserAppTests {
  @Test func theWholeFlowWorksInABrowser() throws {
    let shots = try Fixtures.temporaryDirectory().appendingPathComponent("shots")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      Fixtures.repositoryRoot.appendingPathComponent("scripts/check-app-in-browser").path,
      "--sealed", SealedExecutable.url.path, "--serve", RunningServer.executable.path, "--shots", shots.path,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["SEALED_CARDS"] = nil
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let watchdog = SealedExecutable.killAfter(1800, process)
    defer { watchdog.cancel() }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.hasSuffix("all checks passed\n"), "\(text)")
    for line in [
      "ok    Open shows the rares and mythics first: six, one of them mythic", "ok    a 40-card deck built by clicks",
      "ok    sealed deck show finds the deck as the page shows it", "ok    the Tabletop Simulator file is sealed export tts's",
      "ok    the Arena list is sealed export arena's", "ok    the card sheet is the 10 x 7 sheet of 410 x 571 cards",
      "ok    a page of another site cannot delete a deck", "ok    no console errors",
      "ok    a deck is deleted", "ok    a pool is deleted, its deck kept whole",
      "ok    9 Islands show 9 filled diamonds", "ok    two checks of one set and rules leave two reports, the first intact",
      "ok    a cancel beside an earlier report ends cancelled, with the report of the pools done",
      "ok    eld offers nothing that fails: every rule set on Choose opens its set",
      "ok    a running check's progress moves at least once a second",
      "ok    a change by sealed deck add shows in the open tab without a reload, and the page says so",
      "ok    no screen is wider than the window at 390 x 844", "ok    no screen is wider than the window at 768 x 1024",
      "ok    no screen is wider than the window at 1440 x 900",
      "ok    a seed typed in deals that seed's hand again, the focus kept in the field",
      "ok    a hand answered after its overlay was closed does not open it again",
      "ok    a seed that is no number is refused in the field's words, the hand kept",
      "ok    a mulligan deals seven more of the same seed, named as sealed hand --draws 2's second hand, the focus on its first card",
      "ok    a card clicked goes to the bottom, one card for one mulligan, and the note says what is kept",
      "ok    a card on the bottom clicked again comes back", "ok    the page's mulligan is sealed hand --draws 2's second hand",
      // What a player's review found (scripts/check_app_as_a_player.py).
      "ok    a deck not saved yet shows no stray text in its panel (it showed null)",
      "ok    a double click on a card opened once adds it and takes it out again, refusing nothing",
      "ok    a screen still loading when another is asked for does not draw over it",
      "ok    Back from a deck just saved goes to the pool it was built from, not to the draft afresh",
      "ok    a draft opened as WAR and seed 007 keeps its cards over a reload",
      "ok    seeds written 1e3 and 1_000 open seed 1000's pool, as sealed open --seed reads them",
      "ok    Enter on + again and again adds one each time",
      "ok    a deck list entry opens its card with Enter, and has the focus back after Escape",
      "ok    a deck name of 64 characters keeps every screen within a phone's width",
      "ok    Decks asks for the list every 5 s however many copies and deletes were made there",
      "ok    a check whose server stopped says the server does not answer, and offers no Cancel",
      "ok    every control is at least 44 px each way at 390 x 844 (phone)",
    ] {
      #expect(text.contains(line + "\n"), "\(line)")
    }
    for screen in ["choose", "open", "build", "hand", "mulligan", "export", "decks", "checks", "reports"] {
      for device in ["", "-phone", "-tablet"] {
        #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent("app-\(screen)\(device).png").path), "\(screen)\(device)")
      }
    }
  }
}
