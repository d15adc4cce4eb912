import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// `sealed cards import` and `sealed rules import` on MTGJSON files (the real set files in
/// Tests/Fixtures/mtgjson): one file gives both the cards and the rules.
@Suite struct MTGJSONCommandTests {
  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgjson")
  static func file(_ set: String) -> String { folder.appendingPathComponent("\(set).json.gz").path }

  /// The environment of a user with only their own card folder (no --cards, no SEALED_CARDS).
  func environment(_ home: URL) -> [String: String] {
    ["SEALED_HOME": home.path, "SEALED_CARDS": "", "XDG_DATA_HOME": ""]
  }

  @Test func oneFileGivesTheCardsAndTheRules() throws {
    let home = try Fixtures.temporaryDirectory()
    let env = environment(home)
    let imported = try SealedExecutable.run(["cards", "import", Self.file("ZNR"), "--quiet"], environment: env)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("znr: 392 cards stored in "))
    #expect(imported.stdout.hasSuffix("1 set imported from \(Self.file("ZNR")) (MTGJSON)\n"))
    let rules = home.appendingPathComponent("znr-default.yaml").path
    let written = try SealedExecutable.run(["rules", "import", Self.file("ZNR"), "--product", "default", "--out", rules], environment: env)
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stderr == "sealed: wrote \(rules) (1 product)\n")
    let text = try String(contentsOfFile: rules, encoding: .utf8)
    #expect(text.contains("from ZNR.json.gz (MTGJSON 5.1.0+20210718)"))
    // Named after the product, as an mtg.wtf product's file is (it was mtgjson-znr-default).
    #expect(text.contains("\nname: znr-default\n"))
    // Emeria's Call, a mythic (1) beside rares (2) on the double-faced sheet, by its number.
    #expect(text.contains("\"znr:12\": 1"))
    #expect(text.contains("\"znr:106\": 2"))
    let opened = try SealedExecutable.run(["open", "znr", "--rules", rules, "--seed", "4", "--format", "json"], environment: env)
    #expect(opened.status == 0, "\(opened.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(opened.stdout.utf8)) as? [String: Any]
    let boosters = json?["boosters"] as? [[String: Any]] ?? []
    #expect(boosters.count == 6)
    #expect(boosters.allSatisfy { ($0["cards"] as? [Any])?.count == 15 })
    let checked = try SealedExecutable.run(
      ["check", "znr", "--rules", rules, "--pools", "2000", "--seed", "1", "--compare", "none", "--quiet"],
      environment: env, workingDirectory: home)
    #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
    // Its report folder is the product's, as rules.md says.
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("reports/znr-default/checks.csv").path))
  }

  @Test func listShowsMTGJSONProducts() throws {
    let home = try Fixtures.temporaryDirectory()
    let znr = try SealedExecutable.run(["rules", "import", Self.file("ZNR"), "--list"], environment: environment(home))
    #expect(znr.status == 0, "\(znr.stderr)")
    let lines = znr.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("znr-arena ") && $0.contains(" yes ") && $0.hasSuffix("Zendikar Rising Arena Booster") })
    #expect(lines.contains { $0.hasPrefix("znr-default ") && $0.contains("  4 ") && $0.contains(" yes ") })
    #expect(lines.last == "2 products; the file's own cards open 2")
    let bro = try SealedExecutable.run(["rules", "import", Self.file("BRO"), "--list"], environment: environment(home))
    #expect(bro.status == 0)
    let broLines = bro.stdout.split(separator: "\n").map(String.init)
    let refused = try #require(broLines.firstIndex { $0.hasPrefix("bro-default ") })
    #expect(broLines[refused].contains("  no  "))
    #expect(broLines[refused + 1].trimmingCharacters(in: .whitespaces).hasPrefix("sheet brrRetroArtifact names 126 cards not in the file"))
    #expect(bro.stdout.hasSuffix("2 products; the file's own cards open 0\n"))
  }

  @Test func badInputIsOneLineWithStatusTwo() throws {
    let dir = try Fixtures.temporaryDirectory()
    let env = environment(dir)
    let notJSON = try Fixtures.write("hello", to: "hello.json", in: dir)
    let notMTGJSON = try Fixtures.write(#"{"meta": {"version": "5"}, "data": {"code": "X", "name": 3}}"#, to: "other.json", in: dir)
    let truncatedJSON = try Fixtures.write(#"{"meta": {}, "data": {"code": "TST", "cards": [{"name": "A", "number": "1""#, to: "cut.json", in: dir)
    let noNumber = try Fixtures.write(
      "{\"meta\": {}, \"data\": {\"code\": \"TST\", \"cards\": [\n{\"name\": \"A\", \"rarity\": \"common\", \"uuid\": \"u1\"}]}}", to: "nonumber.json", in: dir)
    let gzipped = try Data(contentsOf: URL(fileURLWithPath: Self.file("NEO")))
    let truncatedGzip = dir.appendingPathComponent("NEO-cut.json.gz").path
    try gzipped.prefix(gzipped.count / 2).write(to: URL(fileURLWithPath: truncatedGzip))
    let cases: [([String], String)] = [
      (["cards", "import", notJSON], "\(notJSON):1:1: expected Scryfall bulk data (a JSON array of cards) or an MTGJSON file, found 'h'"),
      (["rules", "import", notJSON, "--list"], "\(notJSON):1:1: expected mtg.wtf's compiled booster data (a JSON array of products) or an MTGJSON file, found 'h'"),
      (["cards", "import", notMTGJSON], "\(notMTGJSON): no set with a \"cards\" array; expected an MTGJSON set file or AllPrintings.json"),
      (["cards", "import", truncatedJSON], "\(truncatedJSON):1:"),
      (["cards", "import", truncatedJSON], "the file ends in the middle of the JSON (truncated?); nothing was stored"),
      (["cards", "import", noNumber], "\(noNumber):2: card 1 of \"cards\": no \"number\"; every MTGJSON card needs \"name\", \"number\", \"rarity\", \"uuid\""),
      (["cards", "import", truncatedGzip], "\(truncatedGzip): gzip data is truncated"),
      (["rules", "import", truncatedGzip, "--product", "default"], "\(truncatedGzip): gzip data is truncated"),
      (["rules", "import", Self.file("ZNR"), "--product", "collector"],
       "\(Self.file("ZNR")): no product \"collector\" in the file (2 products); products: znr-arena, znr-default"),
      (["rules", "import", Self.file("BRO"), "--product", "bro-default"],
       "\(Self.file("BRO")): product bro-default: sheet brrRetroArtifact names 126 cards not in the file (uuid 01a0ceb5-"),
      (["cards", "import", dir.appendingPathComponent("missing.json").path], "missing.json: cannot read the file (no such file or directory)"),
      (["cards", "import", Self.file("ZNR"), "--lang", "ja"], "--lang ja: an MTGJSON file holds English printings"),
      (["cards", "import", Self.file("ZNR"), "--sets", "war"], "\(Self.file("ZNR")): the file holds no cards of set war; nothing was stored"),
    ]
    for (arguments, message) in cases {
      let result = try SealedExecutable.run(arguments, environment: env)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("sealed: error: "), "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("cards/tst.json").path))
  }

  /// A set file that lost its `booster` object (mtgjson/mtgjson #1252) holds no products: lint,
  /// the listing and check-products each refuse it in one line (lint said "no warnings (0
  /// products)" and exited 0, so a CI step passed it).
  @Test func aSetFileWithoutBoostersIsRefusedByLintAndTheListing() throws {
    let dir = try Fixtures.temporaryDirectory()
    let data = try #require(FileManager.default.contents(atPath: Self.file("ZNR")))
    let text = try #require(String(data: try Gzip.inflate(data, source: "ZNR"), encoding: .utf8))
    var json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    var set = try #require(json["data"] as? [String: Any])
    set["booster"] = nil
    json["data"] = set
    let file = dir.appendingPathComponent("ZNR-no-booster.json")
    try JSONSerialization.data(withJSONObject: json).write(to: file)
    let expected = "sealed: error: \(file.path): holds no products; expected mtg.wtf's compiled booster data or an MTGJSON file with boosters (a set file's `booster` object)\n"
    for arguments in [
      ["rules", "lint", file.path, "--out", dir.appendingPathComponent("lint").path],
      ["rules", "import", file.path, "--list"],
      ["check-products", file.path, "--pools", "100", "--out", dir.appendingPathComponent("run").path],
    ] {
      let result = try SealedExecutable.run(arguments, environment: environment(dir))
      #expect(result.status == 2, "\(arguments): \(result.stdout)")
      #expect(result.stderr == expected, "\(arguments)")
    }
  }

  /// A file beginning with a UTF-8 byte-order mark (a Windows editor's) is named as such, for
  /// booster data and card data alike ("found byte 0xEF" said nothing to act on).
  @Test func aByteOrderMarkIsNamed() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = dir.appendingPathComponent("bom.json")
    try Data([0xEF, 0xBB, 0xBF] + Array("[]".utf8)).write(to: file)
    let expected = "\(file.path):1:1: expected mtg.wtf's compiled booster data (a JSON array of products) or an MTGJSON file, found a UTF-8 byte-order mark (EF BB BF), which JSON files do not begin with: save the file without it"
    let lint = try SealedExecutable.run(["rules", "lint", file.path, "--out", dir.appendingPathComponent("lint").path], environment: environment(dir))
    #expect(lint.status == 2)
    #expect(lint.stderr == "sealed: error: \(expected)\n", "\(lint.stderr)")
    let cards = try SealedExecutable.run(["cards", "import", file.path], environment: environment(dir))
    #expect(cards.status == 2)
    #expect(cards.stderr.contains("found a UTF-8 byte-order mark (EF BB BF)"), "\(cards.stderr)")
  }
}
