import Foundation
import SealedTestSupport
import Testing

/// `sealed rules lint` of an MTGJSON file looks its card keys up in the file's own cards, as
/// docs/validating-data.md says (found by a review: it read the card folder and the shipped
/// data, so a card the file adds was "unknown" and a rarity the file changed went unseen
/// until the file's cards were imported).
@Suite struct MTGJSONLintTests {
  /// ZNR's set file with `change` applied to its `data` object, written into `folder`.
  func znr(_ name: String, in folder: URL, change: (inout [String: Any]) -> Void) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgjson/ZNR.json.gz").path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var object = try JSONSerialization.jsonObject(with: bytes) as! [String: Any]
    var set = object["data"] as! [String: Any]
    change(&set)
    object["data"] = set
    let path = folder.appendingPathComponent(name).path
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func theFilesOwnCardsAreWhatItsKeysName() throws {
    let dir = try Fixtures.temporaryDirectory()
    let env = ["SEALED_HOME": dir.appendingPathComponent("home").path, "SEALED_CARDS": ""]
    // A mythic the file adds, at number 900, in the default booster's rare and mythic sheet.
    let added = try znr("added.json", in: dir) { set in
      var cards = set["cards"] as! [[String: Any]]
      var card = cards.first { $0["rarity"] as? String == "mythic" }!
      card["number"] = "900"
      card["uuid"] = "00000000-0000-4000-8000-000000000900"
      var identifiers = card["identifiers"] as? [String: Any] ?? [:]
      identifiers["scryfallId"] = "00000000-0000-4000-8000-000000000901"
      card["identifiers"] = identifiers
      cards.append(card)
      set["cards"] = cards
      var booster = set["booster"] as! [String: Any]
      var product = booster["default"] as! [String: Any]
      var sheets = product["sheets"] as! [String: Any]
      var sheet = sheets["sfcRareMythic"] as! [String: Any]
      var weights = sheet["cards"] as! [String: Any]
      weights[card["uuid"] as! String] = 1
      sheet["cards"] = weights
      sheet["totalWeight"] = (sheet["totalWeight"] as! Int) + 1
      sheets["sfcRareMythic"] = sheet
      product["sheets"] = sheets
      booster["default"] = product
      set["booster"] = booster
    }
    let clean = try SealedExecutable.run(["rules", "lint", added, "--out", dir.appendingPathComponent("a").path], environment: env)
    #expect(clean.status == 0 && clean.stdout.contains("lint: no warnings (2 products)"), "\(clean.stdout) \(clean.stderr)")
    // Allied Assault (znr:1) made a common in the file: its uncommon sheet warns, with no card
    // data of znr anywhere but the file.
    let changed = try znr("rarity.json", in: dir) { set in
      set["cards"] = (set["cards"] as! [[String: Any]]).map { card in
        var card = card
        if card["number"] as? String == "1" { card["rarity"] = "common" }
        return card
      }
    }
    let warned = try SealedExecutable.run(["rules", "lint", changed, "--out", dir.appendingPathComponent("r").path], environment: env)
    #expect(warned.stdout.contains("sheet-rarity znr-default sheet sfcUncommon: its name names uncommon, but 1 common of its 60 cards with card data (znr:1)"), "\(warned.stdout)")
  }
}
