import Foundation
import SealedTestSupport
import Testing

@Suite struct SetsCommandTests {
  @Test func csvListsEverySharedSetWithTheReadmeCounts() throws {
    let result = try SealedExecutable.run(["sets", "--cards", Fixtures.shippedCards, "--format", "csv"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "code,name,cards,booster_max,commons,uncommons,rares,mythics,basic_lands,warnings")
    #expect(lines.contains("war,War of the Spark,275,264,101,80,53,15,15,"))
    #expect(lines.contains("grn,Guilds of Ravnica,273,264,111,80,53,15,5,"))
    #expect(lines.contains("rix,Rivals of Ixalan,205,196,70,60,48,13,5,"))
    #expect(lines.contains { $0.hasPrefix("m20,Core Set 2020,249,,,,,,0,no basic lands") })
    #expect(lines.contains { $0.hasPrefix("eld,Throne of Eldraine,249,,,,,,0,no basic lands") })
    #expect(lines.count == 10)
  }

  @Test func jsonHasEveryKeyForEverySet() throws {
    let result = try SealedExecutable.run(["sets", "--cards", Fixtures.shippedCards, "--format", "json"])
    #expect(result.status == 0)
    let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
    #expect(rows.count == 9)
    let m20 = try #require(rows.first { $0["code"] as? String == "m20" })
    #expect(m20["booster_max"] is NSNull)
    #expect(Set(m20.keys).count == 10)
  }

  @Test func usesTheEnvironmentVariableWhenNoOptionIsGiven() throws {
    let result = try SealedExecutable.run(
      ["sets", "--format", "csv"], environment: ["SEALED_CARDS": Fixtures.shippedCardFile("war.json")])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 2)
  }

  @Test func withoutOptionsTheShippedDataIsReadFromAnyFolder() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(
      ["sets", "--format", "csv"], environment: ["SEALED_CARDS": "", "SEALED_HOME": dir.appendingPathComponent("home").path],
      workingDirectory: dir)
    #expect(result.status == 0)
    // The nine Scryfall sets, the 204 of the field data, and the 60 sets the field names
    // without data.
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 1 + 9 + 204 + 60)
    #expect(lines.contains("war,War of the Spark,275,264,101,80,53,15,15,"))
    #expect(lines.contains("afr,Adventures in the Forgotten Realms,402,281,101,80,60,20,20,"))
    #expect(lines.contains("spg,SPG,0,,,,,,0,no card data: no public extract shipped with Sealed holds this set (sealed cards fetch spg downloads it from Scryfall)"))
    let mkm = try #require(lines.first { $0.hasPrefix("mkm,Murders at Karlov Manor,276,") })
    #expect(mkm.contains("264 cards without a type line"))
    #expect(mkm.contains("264 cards without colours"))
    #expect(mkm.contains("first printings only"))
  }

  @Test func someSetsAndTheUsersOwnCopyOfOne() throws {
    let dir = try Fixtures.temporaryDirectory()
    let home = dir.appendingPathComponent("home")
    let env = ["SEALED_CARDS": "", "SEALED_HOME": home.path]
    let some = try SealedExecutable.run(["sets", "dgm", "spg", "--format", "csv"], environment: env)
    #expect(some.status == 0, "\(some.stderr)")
    let lines = some.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("dgm,Dragon's Maze,156,,,,,,0,\"no basic lands"))
    #expect(lines[2].hasPrefix("spg,SPG,0,"))

    // A set of the user's own replaces the shipped one in every listing.
    try Fixtures.write("[\(Fixtures.cardJSON(set: "dgm", number: "7", name: "Mine"))]", to: "cards/dgm.json", in: home)
    let mine = try SealedExecutable.run(["sets", "dgm", "--format", "csv"], environment: env)
    #expect(mine.stdout.split(separator: "\n").last?.hasPrefix("dgm,Test Set,1,") == true)
    let listed = try SealedExecutable.run(["cards", "list", "dgm", "--format", "csv"], environment: env)
    #expect(listed.stdout.split(separator: "\n").last?.hasPrefix("dgm,Test Set,1,local,put there by hand,\(home.path)/cards/dgm.json,") == true)

    let unknown = try SealedExecutable.run(["sets", "zzz"], environment: env)
    #expect(unknown.status == 2)
    #expect(unknown.stderr == "sealed: error: unknown set \"zzz\"; 213 sets have card data here (sealed sets lists them); sealed cards fetch zzz downloads a set from Scryfall\n")
  }

  @Test func noDataAnywhereSaysWhereItLooked() throws {
    // A copy of the executable without the resource bundle beside it, and nothing fetched.
    let dir = try Fixtures.temporaryDirectory()
    let binary = dir.appendingPathComponent("sealed")
    try SealedExecutable.copy(to: binary)
    let home = dir.appendingPathComponent("home").path
    let result = try SealedExecutable.run(
      ["sets"], environment: ["SEALED_CARDS": "", "SEALED_HOME": home, "SEALED_RESOURCES": ""], workingDirectory: dir,
      executable: binary)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("sealed: error: no card data found: --cards not given, SEALED_CARDS not set, no sets in \(home)/cards"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func badDataExitsWithStatusTwoAndOneLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cases: [(String, String)] = [
      ("", "the file is empty"),
      ("[{\"name\": \"x\",]", "malformed JSON"),
      ("[\(Fixtures.cardJSON(number: "1", name: "A", rarity: "epic"))]", "unknown rarity \"epic\""),
    ]
    for (index, (text, message)) in cases.enumerated() {
      let path = try Fixtures.write(text, to: "case\(index).json", in: dir)
      let result = try SealedExecutable.run(["sets", "--cards", path])
      #expect(result.status == 2)
      #expect(result.stderr.hasPrefix("sealed: error: \(path)"))
      #expect(result.stderr.contains(message))
      #expect(result.stderr.split(separator: "\n").count == 1)
      #expect(result.stdout.isEmpty)
    }
    let missing = try SealedExecutable.run(["sets", "--cards", dir.appendingPathComponent("nope").path])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no such file or folder"))
  }

  @Test func usageErrorsExitWithStatusTwo() throws {
    let result = try SealedExecutable.run(["sets", "--format", "yaml"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("sealed: error: "))
    #expect(result.stderr.contains("see 'sealed sets --help'"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    let unknown = try SealedExecutable.run(["frobnicate"])
    #expect(unknown.status == 2)
  }
}
