import Foundation
import SealedEngine
import SealedReports
import SealedTestSupport
import Testing

/// The format of documentation examples (docs/testing.md, "Documentation examples"), on pages
/// written for the test: what is an example, what its shown output is, how a drift is told.
@Suite struct DocExampleFormatTests {
  static let page = """
    # A page

    ```sh
    swift run -c release sealed check war --pools 1e6 --seed 1   # the main job
    sealed open SET [--seed S]
    ```

    ```text
    $ sealed open war --seed 1
    War of the Spark (war) · rules: sealed · seed 1
    ...
    $ sealed deck add alice kiora augur \\
        aven
    +1 Kiora

    ```

    ```text slow
    $ sealed simulate war --pools 1e7
    ```

    - In a list:

      ```text ignore
      $ scripts/sharded-check.sh war
      ```

    ```
    $ sealed sets
    ```

    ```text quick
    $ sealed sets
    ```
    """

  @Test func examplesAreTheDollarLinesOfTextBlocksInPageOrder() {
    let page = DocPage(path: "docs/a.md", text: Self.page)
    #expect(page.examples.map(\.command) == ["sealed open war --seed 1", "sealed deck add alice kiora augur aven", "sealed simulate war --pools 1e7", "sealed sets"])
    #expect(page.examples.map(\.line) == [9, 12, 19, 33])
    #expect(page.examples[0].expected == ["War of the Spark (war) · rules: sealed · seed 1", "..."])
    #expect(page.examples[0].expectedLines == [10, 11])
    #expect(page.examples[1].expected == ["+1 Kiora"])
    #expect(page.examples.map(\.slow) == [false, false, true, false])
    #expect(page.ignoredBlocks == [24])
    #expect(page.fixtureName == "a")
    #expect(page.shellCommands.map(\.arguments) == ["check war --pools 1e6 --seed 1"])
    // A `$ ` block without a language, and an unknown marker, are mistakes of the page.
    #expect(page.problems.map(\.description) == [
      "docs/a.md:28: a block of `$ ` lines has no language; fence it ```text (run and compared) or ```text ignore (shown only)",
      "docs/a.md:32: unknown word \"quick\" after ```text; expected ignore or slow",
    ])
  }

  /// A closing fence with text after it is no closing fence: the block would run on.
  @Test func aClosingFenceStandsAlone() {
    let page = DocPage(path: "docs/b.md", text: "```text\n$ sealed sets\n``` And then prose.\n\n```text\n$ sealed decks\n```\n")
    // The block runs on to the next lone fence, past the next block's opening.
    #expect(page.problems.map(\.location) == ["docs/b.md:3", "docs/b.md:5"])
    #expect(page.problems.first?.message == "a fence with text after it inside a block; a closing ``` stands on a line of its own")
  }

  @Test func timesSpeedsAndDatesAreMasked() {
    #expect(DocOutput.mask("36 boosters read and checked in 0.02 s; whole audit 0.10 s  ") == "36 boosters read and checked in <time>; whole audit <time>")
    #expect(DocOutput.mask("52.7 M boosters/s, started 2026-11-24T02:36:44Z") == "<speed>, started <date>")
    #expect(DocOutput.mask("fetched from https://api.scryfall.com on 2026-11-23") == "fetched from https://api.scryfall.com on <date>")
    #expect(DocOutput.mask("X2 91.69, df 100, n 360") == "X2 91.69, df 100, n 360")
    let lines = DocOutput.lines(of: "reports: /tmp/x/work/reports/a/\nsaved in /tmp/x/home/.local/share/sealed\n\n", replacing: [("/tmp/x/work", "/…"), ("/tmp/x/home", "~")])
    #expect(lines == ["reports: /…/reports/a/", "saved in ~/.local/share/sealed"])
  }

  @Test func anEllipsisLineElidesLinesAndAnEllipsisInALineElidesText() {
    let output = ["header", "a 1", "b 2", "c 3", "PASS"]
    #expect(DocOutput.mismatch(expected: output, actual: output) == nil)
    #expect(DocOutput.mismatch(expected: ["header", "...", "PASS"], actual: output) == nil)
    #expect(DocOutput.mismatch(expected: ["...", "b 2", "..."], actual: output) == nil)
    #expect(DocOutput.mismatch(expected: ["header", "...", "a 1", "...", "PASS"], actual: output) == nil)
    #expect(DocOutput.mismatch(expected: ["header", "a ...", "...", "P..."], actual: output) == nil)
    #expect(DocOutput.mismatch(expected: ["...", "...", "PASS"], actual: output) == nil)
    #expect(DocOutput.mismatch(expected: [], actual: []) == nil)
    // A wrong line is named with the output line reached there.
    #expect(DocOutput.mismatch(expected: ["header", "a 1", "b 9", "..."], actual: output) == .init(expected: 2, actual: 2))
    // Lines shown in another order than printed.
    #expect(DocOutput.mismatch(expected: ["header", "...", "c 3", "b 2", "..."], actual: output) == .init(expected: 3, actual: 4))
    // Output the page does not show, at the end or missing.
    #expect(DocOutput.mismatch(expected: ["header", "a 1"], actual: output) == .init(expected: nil, actual: 2))
    #expect(DocOutput.mismatch(expected: output + ["more"], actual: output) == .init(expected: 5, actual: nil))
    #expect(DocOutput.mismatch(expected: ["x"], actual: []) == .init(expected: 0, actual: nil))
    #expect(!DocOutput.matches("a ... b", "a b"))
    #expect(DocOutput.matches("a ... b", "a x b"))
    #expect(!DocOutput.matches("ab...b", "ab"))
  }

  @Test func aDriftingExampleNamesPageLineCommandAndTheDifference() {
    let page = DocPage(path: "docs/a.md", text: Self.page)
    let outcome = DocSession.Outcome(status: 0, lines: ["War of the Spark (war) · rules: retail · seed 1", "Booster 1"])
    #expect(DocSession.difference(page.examples[0], outcome) == """
      docs/a.md:9: $ sealed open war --seed 1
        docs/a.md:10: the page shows: War of the Spark (war) · rules: sealed · seed 1
        the output has: War of the Spark (war) · rules: retail · seed 1
        the whole output (masked):
        | War of the Spark (war) · rules: retail · seed 1
        | Booster 1
      """)
    let same = DocSession.Outcome(status: 0, lines: ["War of the Spark (war) · rules: sealed · seed 1"])
    #expect(DocSession.difference(page.examples[0], same) == nil)
    // The exit status follows what the page shows: an error line means 2, FAIL 1, else 0.
    #expect(DocSession.difference(page.examples[0], DocSession.Outcome(status: 2, lines: same.lines))?.contains("exit status 2, expected 0") == true)
    var failing = page.examples[0]
    failing.expected = ["sealed: error: x"]
    #expect(DocSession.expectedStatus(failing) == 2)
    failing.expected = ["...", "FAIL: 1 of 3 checks failed"]
    #expect(DocSession.expectedStatus(failing) == 1)
  }

  /// A fixture folder belongs to a page, and the page says where its files come from.
  @Test func everyFixtureFolderBelongsToAPageThatNamesIt() throws {
    let root = Fixtures.repositoryRoot
    let pages = try DocPage.paths(in: root)
    let names = Dictionary(uniqueKeysWithValues: pages.map { (DocPage(path: $0, text: "").fixtureName, $0) })
    let folder = root.appendingPathComponent("docs/examples")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
      let page = try #require(names[name], "docs/examples/\(name)/ belongs to no page")
      let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
      #expect(text.contains("examples/\(name)/"), "\(page) does not name its fixture folder docs/examples/\(name)/")
    }
  }

  /// The pools a seed gives depend on the generator version; the pages say which one their
  /// examples show ("the pools of generator version N"), and it is this build's.
  @Test func thePagesNameTheCurrentGeneratorVersion() throws {
    let root = Fixtures.repositoryRoot
    let pattern = try NSRegularExpression(pattern: #"pools of generator version (\d+)"#)
    var named: [String] = []
    for path in try DocPage.paths(in: root) {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        named.append(path)
        let version = Int(text[Range(match.range(at: 1), in: text)!])
        #expect(version == Simulation.generatorVersion, "\(path) names generator version \(version ?? -1); this build's is \(Simulation.generatorVersion)")
      }
    }
    #expect(named.contains("docs/open.md") && named.contains("docs/simulate.md"))
  }

  /// simulate.md's table of report files gives every CSV file's columns, in order: the code
  /// spans of a row's second cell before its first parenthesis (`a,b`, then `c`).
  @Test func simulateMdListsEveryReportFilesColumns() throws {
    let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/simulate.md"), encoding: .utf8)
    var listed: [String: [String]] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 2 else { continue }
      let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let before = cells[1].components(separatedBy: " (").first ?? ""
      let spans = before.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      listed[name] = spans.flatMap { $0.split(separator: ",").map(String.init) }
    }
    for file in ReportFile.simulationFolder + ReportFile.checkOnly where !file.columns.isEmpty {
      #expect(listed[file.name] == file.columns, "docs/simulate.md lists \(file.name) as \(listed[file.name] ?? [])")
    }
  }
}
