import Foundation
import SealedTestSupport
import Testing

/// Issues 34 and 39: the real products raise only documented warnings. Every `sealed rules lint`
/// example of docs/validating-data.md (the shipped 538, and mtg.wtf's file of 2023) is run with
/// the real binary, and its output must be the one the page prints, line for line; the page
/// lists every warning of both files in full (no `...`), each with its verdict beside it, so a
/// rule that starts (or stops) warning on the real data fails here until the page says so.
@Suite struct LintWarningsTests {
  /// The page's text blocks whose first line is `$ sealed rules lint ...`: the command and the
  /// lines after it.
  static func examples() throws -> [(command: String, output: [String])] {
    let page = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/validating-data.md"), encoding: .utf8)
    var found: [(command: String, output: [String])] = []
    for block in page.components(separatedBy: "```text\n").dropFirst() {
      let lines = block.components(separatedBy: "\n```")[0].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      // A pipeline (`| tail -3`) is the shell's: DocExampleTests runs it.
      guard let first = lines.first, first.hasPrefix("$ sealed rules lint"), !first.contains("|") else { continue }
      found.append((String(first.dropFirst(2)), Array(lines.dropFirst())))
    }
    return found
  }

  @Test(.heavy) func theDocumentedWarningsAreExactlyTheOnesRaised() throws {
    let examples = try Self.examples()
    let shipped = try #require(examples.first { $0.command == "sealed rules lint" })
    let old = try #require(examples.first { $0.command == "sealed rules lint sealed_basic_data.json" })
    for full in [shipped, old] {
      #expect(!full.output.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("...") }, "\(full.command) is listed in full")
    }
    #expect(shipped.output.contains("lint: 33 of 538 products warn (81 warnings)"), "\(shipped.output.suffix(2))")
    let dir = try Fixtures.temporaryDirectory()
    try FileManager.default.copyItem(
      atPath: Fixtures.repositoryRoot.appendingPathComponent("docs/examples/validating-data/sealed_basic_data.json")
        .resolvingSymlinksInPath().path,
      toPath: dir.appendingPathComponent("sealed_basic_data.json").path)
    for example in examples {
      let arguments = Array(HelpExampleTests.words(example.command).dropFirst())
      let result = try SealedExecutable.run(arguments, environment: ["SEALED_CARDS": ""], workingDirectory: dir)
      #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == example.output,
        "\(example.command)")
      let failed = example.output.contains { $0.hasPrefix("FAIL") }
      #expect(result.status == (failed ? 1 : 0), "\(example.command): \(result.stderr)")
    }
  }
}
