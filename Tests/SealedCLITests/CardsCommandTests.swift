import Foundation
import SealedSupport
import SealedCards
import SealedTestSupport
import Testing

/// `sealed cards fetch | import | list` as a user runs them, against a real HTTP server on
/// 127.0.0.1 playing Scryfall.
@Suite struct CardsCommandTests {
  /// An empty SEALED_HOME, and no SEALED_CARDS.
  func environment() throws -> (home: URL, env: [String: String]) {
    let home = try Fixtures.temporaryDirectory("sealed-home")
    return (home, ["SEALED_HOME": home.path, "SEALED_CARDS": "", "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"])
  }

  @Test func fetchStoresASetThatEveryCommandThenReads() throws {
    let server = try FakeScryfall(shippedSets: ["war"])
    let (home, env) = try environment()
    let fetched = try SealedExecutable.run(["cards", "fetch", "war", "--api", server.baseURL], environment: env)
    #expect(fetched.status == 0, "\(fetched.stderr)")
    #expect(fetched.stdout == "war: 275 cards stored in \(home.path)/cards/war.json\n")
    #expect(fetched.stderr.isEmpty)

    let shipped = try CardDatabase.load(path: Fixtures.shippedCardFile("war.json")).cards(ofSet: "war")
    #expect(try CardDatabase.load(path: home.appendingPathComponent("cards/war.json").path).cards(ofSet: "war") == shipped)

    let list = try SealedExecutable.run(["cards", "list", "--format", "csv"], environment: env)
    #expect(list.status == 0)
    let rows = list.stdout.split(separator: "\n").map(String.init)
    #expect(rows.first == "code,name,cards,origin,source,file,warnings")
    #expect(rows.count == 1 + 9 + 204)
    #expect(rows.contains { $0.hasPrefix("war,War of the Spark,275,fetched,fetched from \(server.baseURL) on ") })
    #expect(rows.contains { $0.hasPrefix("dom,Dominaria,280,shipped,shipped with Sealed (Scryfall; 2019),") })
    #expect(rows.contains { $0.hasPrefix("m20,Core Set 2020,249,shipped,") && $0.contains("no basic lands") })

    // The fetched set is what `open` reads: the same pool as from the shipped file.
    let opened = try SealedExecutable.run(["open", "war", "--seed", "4"], environment: env)
    let fromShipped = try SealedExecutable.run(["open", "war", "--seed", "4", "--cards", Fixtures.shippedCards], environment: env)
    #expect(opened.status == 0)
    #expect(opened.stdout == fromShipped.stdout)
  }

  @Test func fetchFailuresAreOneLineWithStatusTwoAndStoreNothing() throws {
    let (home, env) = try environment()
    let good = try FakeScryfall(shippedSets: ["war", "dom"])
    #expect(try SealedExecutable.run(["cards", "fetch", "war", "--api", good.baseURL], environment: env).status == 0)
    let before = try Data(contentsOf: home.appendingPathComponent("cards/war.json"))

    let truncated = try FakeScryfall(shippedSets: ["war", "dom"], fault: .truncatedPage(page: 2))
    let cases: [([String], String)] = [
      (["cards", "fetch", "war", "--api", truncated.baseURL], "set war, page 2 (\(truncated.baseURL)/cards/search?"),
      (["cards", "fetch", "dom", "zzz", "--api", good.baseURL], "set zzz, page 1: Scryfall knows no cards of set zzz: Your query didn’t match any cards."),
      (["cards", "fetch", "war", "--api", "ftp://x"], "--api ftp://x: expected an http or https address"),
      (["cards", "fetch", "../etc", "--api", good.baseURL], "\"../etc\" is not a set code"),
    ]
    for (arguments, message) in cases {
      let result = try SealedExecutable.run(arguments, environment: env)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.hasPrefix("sealed: error: "), "\(arguments)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
    // dom was fetched whole before zzz failed, and the error says so; war is as it was.
    let last = try SealedExecutable.run(["cards", "fetch", "dom", "zzz", "--api", good.baseURL], environment: env)
    #expect(last.stderr.hasSuffix("(stored before it: dom)\n"))
    #expect(try Data(contentsOf: home.appendingPathComponent("cards/war.json")) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("cards").path).sorted() == ["dom.json", "war.json"])

    let usage = try SealedExecutable.run(["cards", "fetch", "war", "--timeout", "0"], environment: env)
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("--timeout 0.0: expected a positive number of seconds"))
  }

  @Test(.heavy) func importStoresTheSetsOfABulkFile() throws {
    let (home, env) = try environment()
    let folder = try Fixtures.temporaryDirectory("sealed-bulk")
    let bulk = try BulkFile.nineSets(in: folder)
    let result = try SealedExecutable.run(["cards", "import", bulk, "--sets", "war,rix"], environment: env)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == """
      rix: 205 cards stored in \(home.path)/cards/rix.json
      war: 275 cards stored in \(home.path)/cards/war.json
      2 sets imported from \(bulk)

      """)
    let list = try SealedExecutable.run(["cards", "list", "--format", "csv"], environment: env)
    #expect(list.stdout.contains("rix,Rivals of Ixalan,205,imported,imported from bulk.json on "))

    let cut = try Fixtures.write("[\(Fixtures.cardJSON(set: "war", number: "1", name: "A")),", to: "cut.json", in: folder)
    let bad = try SealedExecutable.run(["cards", "import", cut], environment: env)
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("sealed: error: \(cut):1:"))
    #expect(bad.stderr.hasSuffix("nothing was stored\n"))
    // A card the set's check refuses is named by its line in the file (a review's finding: a
    // bulk file of hundreds of MB said only which set).
    let good = (1...3).map { Fixtures.cardJSON(set: "war", number: "\($0)", name: "Card \($0)") }
    let broken = good[2].replacingOccurrences(of: "\"rarity\"", with: "\"rarety\"")
    #expect(broken != good[2])
    let misspelt = try Fixtures.write("[\n" + [good[0], good[1], broken].joined(separator: ",\n") + "\n]\n", to: "rarity.json", in: folder)
    let refused = try SealedExecutable.run(["cards", "import", misspelt], environment: env)
    #expect(refused.status == 2)
    #expect(refused.stderr.hasPrefix("sealed: error: \(misspelt): set war, card 3 at line 4: the cards of war do not make a valid card file ("), "\(refused.stderr)")
  }

  /// One bad file of the card folder stops the commands that read every set; the line says
  /// what to do about it (found by an independent review: it named the file only).
  @Test func aBadFileOfTheCardFolderSaysHowToMendIt() throws {
    let (home, env) = try environment()
    let file = try Fixtures.write("{\"object\":\"list\",\"data\":[{\"name\":", to: "cards/war.json", in: home)
    let result = try SealedExecutable.run(["sets"], environment: env)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "sealed: error: \(file):1:34: malformed JSON (unexpected end of file: the file is cut short); expected a JSON array of Scryfall card objects (a set of your card folder: sealed cards fetch war fetches it again, or delete the file)\n")
  }

  @Test func listShowsAFieldSetAndWhereItComesFrom() throws {
    let (_, env) = try environment()
    let result = try SealedExecutable.run(["cards", "list", "afr", "mkm", "--format", "json"], environment: env)
    #expect(result.status == 0, "\(result.stderr)")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]])
    #expect(rows.map { $0["code"] } == ["afr", "mkm"])
    #expect(rows[0]["name"] == "Adventures in the Forgotten Realms")
    #expect(rows[0]["cards"] == "402")
    #expect(rows[0]["origin"] == "shipped")
    #expect(rows[0]["source"] == "shipped with Sealed (MTGJSON v5 (grimskin, 2021-2022))")
    #expect(rows[0]["file"]?.hasSuffix("sealed_SealedData.resources/cards/field/afr.json.gz") == true)
    #expect(rows[0]["warnings"] == "")
    #expect(rows[1]["source"] == "shipped with Sealed (how-rare (Scryfall, 2026-01))")
    #expect(rows[1]["warnings"]?.contains("first printings only") == true)
  }

  @Test func listNamesGivenData() throws {
    let (_, env) = try environment()
    let result = try SealedExecutable.run(["cards", "list", "--cards", Fixtures.shippedCardFile("war.json"), "--format", "csv"], environment: env)
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").last?.hasPrefix("war,War of the Spark,275,given,by --cards,") == true)
  }
}

/// A bulk-data file made of the nine shipped sets, one card object per line.
enum BulkFile {
  static func nineSets(in folder: URL) throws -> String {
    var lines: [Data] = []
    for code in ["dom", "eld", "grn", "m19", "m20", "rix", "rna", "war", "xln"] {
      lines += try FakeScryfall.cardObjects(inFile: Fixtures.shippedCardFile("\(code).json"))
    }
    var text = Data("[\n".utf8)
    for (index, line) in lines.enumerated() {
      if index > 0 { text.append(Data(",\n".utf8)) }
      text.append(line)
    }
    text.append(Data("\n]\n".utf8))
    let path = folder.appendingPathComponent("bulk.json").path
    try text.write(to: URL(fileURLWithPath: path))
    return path
  }
}
