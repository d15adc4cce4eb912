import Foundation
import SealedTestSupport
import Testing

/// A pasted pack list with typos: one run of `sealed audit` names every card that is not in the
/// card data (up to 20), each at its line with a did-you-mean from the matcher `deck add` uses,
/// and exits 2; a `Booster N:` header starts a booster even without a blank line before it.
@Suite struct AuditTypoTests {
  let cards = ["--cards", Fixtures.shippedCards]

  /// Two pools of war boosters as a text list of bare names (`1 Name`), boosters headed
  /// `Booster N:`, with or without blank lines between them.
  func list(in dir: URL, blankLines: Bool) throws -> [String] {
    let path = dir.appendingPathComponent("opened-\(blankLines).txt").path
    let opened = try SealedExecutable.run(["open", "war", "--pools", "2", "--seed", "3", "--format", "list", "--out", path] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    var lines: [String] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty {
        if blankLines { lines.append("") }
      } else if line.hasPrefix("Booster") {
        lines.append(String(line))
      } else {
        // `1 Name (WAR) 100` → `1 Name`.
        lines.append(String(line[..<line.range(of: " (WAR)")!.lowerBound]))
      }
    }
    return lines.last == "" ? Array(lines.dropLast()) : lines
  }

  func audit(_ lines: [String], name: String, in dir: URL) throws -> (CommandResult, String) {
    let path = try Fixtures.write(lines.joined(separator: "\n") + "\n", to: name, in: dir)
    let result = try SealedExecutable.run(
      ["audit", "war", "--packs", path, "--resamples", "99", "--out", dir.appendingPathComponent("report-\(name)").path, "--quiet"] + cards)
    return (result, path)
  }

  /// A name of 300,000 characters (a file gone wrong) is quoted in part, with its length: the
  /// error once echoed it whole (so did the unknown-card error, whose search for a suggestion
  /// now skips a query longer than any name).
  @Test func aHugeNameIsQuotedInPart() throws {
    let dir = try Fixtures.temporaryDirectory()
    let huge = String(repeating: "x", count: 300_000)
    let (wrongName, path) = try audit(["booster,set,collector_number,name", "1,war,1,\(huge)"], name: "huge.csv", in: dir)
    #expect(wrongName.status == 2)
    #expect(wrongName.stderr.hasPrefix("sealed: error: \(path):2: booster 1: WAR 1 is Karn, the Great Creator, not \"\(huge.prefix(60))…\" (300000 characters)\n"), "\(wrongName.stderr.prefix(300))")
    #expect(wrongName.stderr.utf8.count < 1000)
  }

  @Test(.heavy) func everyMisspeltNameIsNamedAtItsLineWithASuggestionInOneRun() throws {
    let dir = try Fixtures.temporaryDirectory()
    var lines = try list(in: dir, blankLines: true)
    let original = lines
    func misspelt(_ name: String) -> String {
      var wrong = name
      wrong.remove(at: wrong.index(wrong.startIndex, offsetBy: name.count / 2))
      return wrong
    }
    // One card opened more than once, misspelt everywhere: one entry naming each line.
    let names = lines.filter { $0.hasPrefix("1 ") }.map { String($0.dropFirst(2)) }
    let twice = try #require(names.first { name in name.count >= 8 && names.filter { $0 == name }.count >= 2 })
    let twiceLines = lines.indices.filter { lines[$0] == "1 " + twice }.map { $0 + 1 }
    for line in twiceLines { lines[line - 1] = "1 " + misspelt(twice) }
    var typos = [(line: twiceLines[0], wrong: misspelt(twice), right: twice)]
    // 24 more cards, each misspelt where it first appears.
    var seen: Set = [twice]
    for (index, line) in original.enumerated() where line.hasPrefix("1 ") && typos.count < 25 {
      let name = String(line.dropFirst(2))
      guard name.count >= 8, seen.insert(name).inserted else { continue }
      lines[index] = "1 " + misspelt(name)
      typos.append((index + 1, misspelt(name), name))
    }
    try #require(typos.count == 25)
    typos.sort { $0.line < $1.line }
    let (result, path) = try audit(lines, name: "typos.txt", in: dir)
    #expect(result.status == 2, "\(result.stdout)")
    #expect(result.stdout.isEmpty)
    let errors = result.stderr.split(separator: "\n").map(String.init)
    #expect(errors.count == 21, "\(result.stderr)")
    for (error, typo) in zip(errors, typos.prefix(20)) {
      #expect(error.hasPrefix("sealed: error: \(path):\(typo.line): Booster "), "\(error)")
      #expect(error.contains(": unknown card \"\(typo.wrong)\": no card of war has that name; did you mean "), "\(error)")
      #expect(error.contains("\"\(typo.right)\""), "the suggestion names the card: \(error)")
    }
    let others = twiceLines.dropFirst().map(String.init).joined(separator: ", ")
    let repeated = try #require(errors.first { $0.contains(": unknown card \"\(misspelt(twice))\"") })
    #expect(repeated.hasSuffix("(also line\(twiceLines.count > 2 ? "s" : "") \(others))"), "\(repeated)")
    #expect(errors[20] == "sealed: error: \(path): 25 cards of the file do not match the card data, the first 20 shown; fix them and run the audit again")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("report-typos.txt").path))

    // Fixed, the same file audits.
    let (fixed, _) = try audit(original, name: "fixed.txt", in: dir)
    #expect(fixed.status == 0 || fixed.status == 1, "\(fixed.stderr)")
    #expect(fixed.stdout.contains("12 boosters"), "\(fixed.stdout)")
  }

  @Test(.heavy) func aBoosterHeaderStartsABoosterWithoutABlankLineBeforeIt() throws {
    let dir = try Fixtures.temporaryDirectory()
    let spaced = try audit(try list(in: dir, blankLines: true), name: "spaced.txt", in: dir).0
    let packed = try audit(try list(in: dir, blankLines: false), name: "packed.txt", in: dir).0
    #expect(packed.status == 0, "\(packed.stderr)\(packed.stdout)")
    #expect(packed.stdout.contains("12 boosters of War of the Spark"), "\(packed.stdout)")
    let boosters = { (name: String) in
      try String(contentsOf: dir.appendingPathComponent("report-\(name)/boosters.csv"), encoding: .utf8)
    }
    // The same boosters, labelled by their headers; only the lines differ.
    #expect(try boosters("packed.txt").contains("\nBooster 12,"))
    #expect(spaced.status == packed.status)
    #expect(try boosters("packed.txt").split(separator: "\n").count == boosters("spaced.txt").split(separator: "\n").count)
  }

  /// A bare basic land name is a card of the data that names several printings: said so, and
  /// summed up as such (it was counted among the cards "not in the card data").
  @Test func aBareBasicLandNameNamesItsPrintings() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = dir.appendingPathComponent("retail.txt").path
    let opened = try SealedExecutable.run(["open", "war", "--rules", "retail", "--seed", "3", "--format", "list", "--out", path] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { line in
      // Every booster's basic land by its name alone: `1 Island (WAR) 254` → `1 Island`.
      ["Plains", "Island", "Swamp", "Mountain", "Forest"].first { line.hasPrefix("1 \($0) (WAR)") }.map { "1 \($0)" } ?? String(line)
    }
    let (result, written) = try audit(lines.last == "" ? Array(lines.dropLast()) : lines, name: "bare.txt", in: dir)
    #expect(result.status == 2)
    let errors = result.stderr.split(separator: "\n").map(String.init)
    #expect(errors.first?.contains(" names 3 printings of war (") == true, "\(result.stderr)")
    // Each distinct name once (at its first line), then the sum of them.
    let names = Set(lines.filter { ["1 Plains", "1 Island", "1 Swamp", "1 Mountain", "1 Forest"].contains($0) }).count
    #expect(errors.count == names + 1)
    #expect(errors.last == "sealed: error: \(written): \(names) names of the file name several printings; fix them and run the audit again", "\(result.stderr)")
    #expect(!result.stderr.contains("not match the card data"))
  }
}
