import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// Issue 34 ("Done when"): in a copy of the shipped data, each planted error is flagged by
/// `sealed check-products`' lint or by `sealed rules diff` against the shipped file, naming the
/// product and the card, sheet or variant; the diff of a file with itself says nothing changed.
/// Every run is the real `sealed` binary on files written here.
@Suite(.serialized) struct ReleaseValidationTests {
  /// The shipped data as JSON objects, to plant errors in.
  static func shippedProducts() throws -> [[String: Any]] {
    let data = try Gzip.inflate(try Data(contentsOf: URL(fileURLWithPath: Fixtures.shippedBoosters)), source: "shipped")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  /// Applies `edit` to the product `code`.
  static func edit(_ products: inout [[String: Any]], _ code: String, _ edit: (inout [String: Any]) throws -> Void) throws {
    let index = try #require(products.firstIndex { $0["code"] as? String == code }, "no product \(code)")
    try edit(&products[index])
  }

  /// Edits sheet `sheet` of product `code` (its `cards`, its `total_weight`).
  static func editSheet(
    _ products: inout [[String: Any]], _ code: String, sheet name: String, _ edit: (inout [String: Any]) throws -> Void
  ) throws {
    try self.edit(&products, code) { product in
      var sheets = product["sheets"] as! [String: Any]
      var sheet = try #require(sheets[name] as? [String: Any], "no sheet \(name) in \(code)")
      try edit(&sheet)
      sheets[name] = sheet
      product["sheets"] = sheets
    }
  }

  /// Edits the cards of sheet `sheet` of product `code` (`total_weight` left as it is).
  static func editCards(
    _ products: inout [[String: Any]], _ code: String, sheet name: String, _ edit: (inout [String: Any]) throws -> Void
  ) throws {
    try editSheet(&products, code, sheet: name) { sheet in
      var cards = sheet["cards"] as! [String: Any]
      try edit(&cards)
      sheet["cards"] = cards
    }
  }

  /// Gives card `key` of sheet `sheet` of product `code` the weight `weight` (adding it when
  /// the sheet lacks it), and the sheet's `total_weight` the difference: a plant the total
  /// agrees with. Returns the card's weight before (nil when it was not there).
  @discardableResult
  static func setWeight(_ products: inout [[String: Any]], _ code: String, sheet name: String, card key: String, to weight: Int) throws -> Int? {
    var before: Int?
    try editSheet(&products, code, sheet: name) { sheet in
      var cards = sheet["cards"] as! [String: Any]
      before = cards[key] as? Int
      cards[key] = weight
      sheet["cards"] = cards
      sheet["total_weight"] = (sheet["total_weight"] as! Int) + weight - (before ?? 0)
    }
    return before
  }

  /// Five errors planted in one copy, each in its own product: fdn-play's rare fdn:106 at weight
  /// 140 instead of 14 (×10); war-draft's first variant at weight 900 instead of 899; mkm-play
  /// removed; otj-play's first variant drawing 8 commons instead of 7 (15 cards); war-draft's
  /// war:102 renamed war:999, a card war does not have.
  static func planted() throws -> [[String: Any]] {
    var products = try shippedProducts()
    #expect(try setWeight(&products, "fdn-play", sheet: "rare_mythic_with_showcase", card: "fdn:106", to: 140) == 14)
    try edit(&products, "war-draft") { product in
      var boosters = product["boosters"] as! [[String: Any]]
      #expect(boosters[0]["weight"] as? Int == 899)
      boosters[0]["weight"] = 900
      product["boosters"] = boosters
    }
    try editCards(&products, "war-draft", sheet: "nonplaneswalker_uncommon") { cards in
      let weight = cards.removeValue(forKey: "war:102")
      #expect(weight != nil)
      cards["war:999"] = weight
    }
    products.removeAll { $0["code"] as? String == "mkm-play" }
    try edit(&products, "otj-play") { product in
      var boosters = product["boosters"] as! [[String: Any]]
      var draws = boosters[0]["sheets"] as! [String: Int]
      let common = try #require(draws.keys.first { $0.hasPrefix("common") })
      draws[common]! += 1
      boosters[0]["sheets"] = draws
      product["boosters"] = boosters
    }
    return products
  }

  static func write(_ products: [[String: Any]], to url: URL) throws {
    try JSONSerialization.data(withJSONObject: products, options: [.sortedKeys]).write(to: url)
  }

  /// A CSV file as rows of fields (Sealed quotes fields with commas; these tests read simple ones).
  static func rows(_ url: URL) throws -> [[String: String]] {
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    let header = CSVLine.fields(lines[0])
    return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, CSVLine.fields($0))) }
  }

  @Test(.heavy) func theDiffAgainstTheShippedFileNamesEveryPlantedChange() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = dir.appendingPathComponent("planted.json")
    try Self.write(try Self.planted(), to: file)
    let result = try SealedExecutable.run(
      ["rules", "diff", Fixtures.shippedBoosters, file.path, "--out", dir.appendingPathComponent("diff").path, "--top", "40"])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains("products: 0 added, 1 removed, 0 renamed, 3 changed, 534 unchanged"), "\(result.stdout)")
    #expect(result.stdout.split(separator: "\n").last?.hasPrefix("FAIL: the releases differ: 1 removed, 3 changed (") == true)
    // A pipeline that expects changes but no lost product (mtgjson #1252): only the removal
    // fails it; the same changes without it pass, the report written either way.
    let lost = try SealedExecutable.run(
      ["rules", "diff", Fixtures.shippedBoosters, file.path, "--out", dir.appendingPathComponent("lost").path, "--fail-on", "removed"])
    #expect(lost.status == 1, "\(lost.stderr)")
    #expect(lost.stdout.hasSuffix("FAIL: the new release lacks 1 product of the old: mkm-play\n"), "\(lost.stdout)")
    var kept = try Self.planted()
    kept.append(try #require(try Self.shippedProducts().first { $0["code"] as? String == "mkm-play" }))
    let keptFile = dir.appendingPathComponent("kept.json")
    try Self.write(kept, to: keptFile)
    let changedOnly = try SealedExecutable.run(
      ["rules", "diff", Fixtures.shippedBoosters, keptFile.path, "--out", dir.appendingPathComponent("kept").path, "--fail-on", "removed"])
    #expect(changedOnly.status == 0, "\(changedOnly.stdout) \(changedOnly.stderr)")
    #expect(changedOnly.stdout.hasSuffix("PASS: no product of the old release is missing (products 3 changed: review the report)\n"), "\(changedOnly.stdout)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("kept/changes.csv").path))
    let products = try Self.rows(dir.appendingPathComponent("diff/products.csv"))
    #expect(products.contains { $0["status"] == "removed" && $0["old_product"] == "mkm-play" })
    #expect(Set(products.filter { $0["status"] == "changed" }.map { $0["new_product"]! }) == ["fdn-play", "war-draft", "otj-play"])
    let changes = try Self.rows(dir.appendingPathComponent("diff/changes.csv"))
    func change(_ product: String, _ measure: String, _ subject: String) -> [String: String]? {
      changes.first { $0["product"] == product && $0["measure"] == measure && $0["subject"] == subject }
    }
    // The ×10 card: its expected copies per booster, exactly. Every variant of fdn-play draws
    // one card of the rare sheet and one of the wildcard sheet, which holds fdn:106 too (weight
    // w of W): 14/T + w/W becomes 140/(T + 126) + w/W.
    let shipped = try Self.shippedProducts().first { $0["code"] as? String == "fdn-play" }!
    func cards(_ sheet: String) -> [String: Int] {
      ((shipped["sheets"] as! [String: Any])[sheet] as! [String: Any])["cards"] as! [String: Int]
    }
    let (rare, wildcard) = (cards("rare_mythic_with_showcase"), cards("wildcard"))
    let (total, wildTotal) = (Int128(rare.values.reduce(0, +)), Int128(wildcard.values.reduce(0, +)))
    let w = Int128(try #require(wildcard["fdn:106"]))
    let card = try #require(change("fdn-play", "card", "fdn:106"))
    #expect(card["old_exact"] == Self.reduced(14 * wildTotal + w * total, total * wildTotal))
    #expect(card["new_exact"] == Self.reduced(140 * wildTotal + w * (total + 126), (total + 126) * wildTotal))
    // The variant's weight: 899/5000 of boosters becomes 900/5001 (weights 899 + 261 + 2852 + 828 + ...).
    let weights = ((try Self.shippedProducts().first { $0["code"] as? String == "war-draft" }!)["boosters"] as! [[String: Any]])
      .map { $0["weight"] as! Int }
    let variantTotal = weights.reduce(0, +)
    let variant = try #require(
      change("war-draft", "variant", "basic 1, common 10, nonplaneswalker_uncommon 3, planeswalker_rare_mythic 1"))
    #expect(variant["old_exact"] == Self.reduced(899, Int128(variantTotal)))
    #expect(variant["new_exact"] == Self.reduced(900, Int128(variantTotal) + 1))
    // The unknown card appears, the card it replaced goes.
    #expect(change("war-draft", "card", "war:999")?["relative_change"] == "inf")
    #expect(change("war-draft", "card", "war:102")?["relative_change"] == "-1")
    // The larger booster: a share of boosters at 15 cards where all were 14.
    #expect(change("otj-play", "booster_size", "15")?["relative_change"] == "inf")
    #expect(change("otj-play", "booster_size", "14") != nil)
    // Largest relative change first.
    let relative = changes.map { Double($0["relative_change"]!.replacingOccurrences(of: "inf", with: "Infinity"))! }
    #expect(zip(relative, relative.dropFirst()).allSatisfy { abs($0) >= abs($1) })
    // In words, most consequential first: the larger booster, then the card key replaced, then
    // the ×10 weight, each with its exact values; products.csv holds the same lines.
    let summary = ["  otj-play: booster size 14 → 14 in ", "  war-draft: cards: 1 added (war), 1 removed (war); largest odds changes: ",
      "  fdn-play: largest odds changes: card fdn:106 per booster \(card["old_exact"]!) → \(card["new_exact"]!) ("]
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let found = summary.map { prefix in lines.firstIndex { $0.hasPrefix(prefix) } }
    #expect(found.allSatisfy { $0 != nil }, "\(result.stdout)")
    #expect(found.compactMap { $0 } == found.compactMap { $0 }.sorted() && found.first! == 4, "\(result.stdout)")
    #expect(lines[3] == "what changed, most consequential first (3 products):")
    for (line, code) in zip(summary, ["otj-play", "war-draft", "fdn-play"]) {
      let row = try #require(products.first { $0["new_product"] == code })
      #expect(line.hasPrefix("  \(code): \(row["summary"]!.prefix(line.count - code.count - 4))"), "\(row)")
    }
    #expect(products.first { $0["new_product"] == "otj-play" }?["consequence"] == "size")
    #expect(products.first { $0["new_product"] == "fdn-play" }?["consequence"] == "odds")
  }

  /// Issue 39 ("Done when"): the diff of mtg.wtf's 2023 file against the shipped data prints,
  /// among its first lines, the products whose boosters changed size or a sheet's finish, in words.
  @Test(.heavy) func theDiffOf2023Against2025SaysFirstWhatChangedSizeAndFinish() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(["rules", "diff", Fixtures.boosters2023, "--out", dir.appendingPathComponent("diff").path])
    #expect(result.status == 1, "\(result.stderr)")
    let first = result.stdout.split(separator: "\n").prefix(12).map(String.init)
    for code in ["bro", "dmu", "mom", "one"] {
      #expect(first.contains { $0.hasPrefix("  \(code)-jumpstart: booster size 19 → 20; ") }, "\(first)")
    }
    #expect(first.contains { $0.hasPrefix("  dmu-collector: finish: foil_alt_border_rare_mythic non-foil → foil; ") })
    #expect(first.contains { $0.hasPrefix("  snc-collector: finish: foil_rare_mythic_showcase non-foil → foil; ") })
  }

  /// `n/d` in lowest terms, as changes.csv writes an exact value.
  static func reduced(_ n: Int128, _ d: Int128) -> String {
    func gcd(_ a: Int128, _ b: Int128) -> Int128 { b == 0 ? a : gcd(b, a % b) }
    let g = gcd(n, d)
    return d / g == 1 ? "\(n / g)" : "\(n / g)/\(d / g)"
  }

  @Test(.heavy) func lintNamesTheProductAndTheCardSheetOrVariant() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = dir.appendingPathComponent("planted.json")
    try Self.write(try Self.planted(), to: file)
    let lint = try SealedExecutable.run(["rules", "lint", file.path, "--products", "fdn-play,war-draft,otj-play", "--out", dir.appendingPathComponent("lint").path])
    #expect(lint.status == 0, "\(lint.stderr)")
    let lines = lint.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("weight-magnitude fdn-play sheet rare_mythic_with_showcase card fdn:106: weight 140 is 10 times the 14 that") })
    #expect(lines.contains { $0.hasPrefix("unknown-card war-draft sheet nonplaneswalker_uncommon card war:999: the card data of war has no such card") })
    #expect(lines.contains { $0.hasPrefix("booster-size otj-play variant 1 of ") && $0.hasSuffix("draws 15 cards where a Play Booster is published at 14") })
    #expect(lines.contains("lint: 3 of 3 products warn (3 warnings)"))
    #expect(lines.last == "findings: 3 in \(dir.appendingPathComponent("lint/findings.csv").path) (3 lint)")
    let strict = try SealedExecutable.run(["rules", "lint", file.path, "--products", "fdn-play", "--strict", "--out", dir.appendingPathComponent("strict").path])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("\nlint: 1 of 1 products warn (1 warning)\n"))
    #expect(strict.stdout.hasSuffix("\nFAIL: --strict: the lint of 1 product(s) warns\n"), "\(strict.stdout)")
    // The same products of the shipped data raise nothing.
    let clean = try SealedExecutable.run(["rules", "lint", "--products", "fdn-play,war-draft,otj-play", "--strict", "--out", dir.appendingPathComponent("clean").path])
    #expect(clean.status == 0)
    #expect(clean.stdout.hasPrefix("lint: no warnings (3 products)\nfindings: 0 in "))
  }

  @Test(.heavy) func checkProductsReportsTheLintInItsOwnColumnsAndFailsOnlyWhenStrict() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = dir.appendingPathComponent("planted.json")
    try Self.write(try Self.planted(), to: file)
    let arguments = ["check-products", file.path, "--products", "fdn-play", "--pools", "200", "--seed", "1", "--quiet"]
    let run = try SealedExecutable.run(arguments + ["--out", dir.appendingPathComponent("run").path])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("lint: 1 of 1 products warn (1 warning)"))
    let summary = try Self.rows(dir.appendingPathComponent("run/summary.csv"))
    #expect(summary.count == 1)
    #expect(summary[0]["verdict"] == "pass")
    #expect(summary[0]["lint"] == "warn")
    #expect(summary[0]["warnings"]?.hasPrefix("weight-magnitude fdn-play sheet rare_mythic_with_showcase card fdn:106: ") == true)
    let header = try String(contentsOf: dir.appendingPathComponent("run/summary.csv"), encoding: .utf8).split(separator: "\n")[0]
    #expect(header.hasSuffix(",reason,lint,warnings,spec,claims_tested,claims_not_tested,screen,confirm_pools,confirm_seed,data_vs_maker,engine_vs_data,booster_data"))
    let strict = try SealedExecutable.run(arguments + ["--strict", "--out", dir.appendingPathComponent("strict").path])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("\nFAIL: --strict: the lint of 1 product(s) warns\n"))
  }

  /// eoe-play with its wildcard slot renamed: the six claims of the shipped spec about the
  /// wildcard fail as claims that cannot hold, and the rest is checked (the whole product was
  /// refused for the first of them, nothing of it checked).
  @Test(.heavy) func aClaimTheDataNoLongerFitsFailsAndTheRestIsChecked() throws {
    let dir = try Fixtures.temporaryDirectory()
    var products = try Self.shippedProducts().filter { $0["code"] as? String == "eoe-play" }
    try Self.edit(&products, "eoe-play") { product in
      var sheets = product["sheets"] as! [String: Any]
      sheets["wild_card"] = sheets.removeValue(forKey: "wildcard")
      product["sheets"] = sheets
      product["boosters"] = (product["boosters"] as! [[String: Any]]).map { booster in
        var booster = booster
        var drawn = booster["sheets"] as! [String: Any]
        drawn["wild_card"] = drawn.removeValue(forKey: "wildcard")
        booster["sheets"] = drawn
        return booster
      }
    }
    let file = dir.appendingPathComponent("renamed.json")
    try Self.write(products, to: file)
    let run = try SealedExecutable.run(
      ["check-products", file.path, "--pools", "2000", "--seed", "1", "--quiet", "--out", dir.appendingPathComponent("run").path])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    let summary = try Self.rows(dir.appendingPathComponent("run/summary.csv"))
    #expect(summary.map { $0["verdict"] } == ["fail"] && summary[0]["data_vs_maker"] == "fail", "\(summary)")
    #expect(summary[0]["engine_vs_data"] == "pass", "\(summary)")
    let claims = try Self.rows(dir.appendingPathComponent("run/findings.csv")).filter { $0["source"] == "claim" }
    let cannot = claims.filter { $0["found"]!.hasPrefix("cannot hold: unknown slot ") && $0["found"]!.hasSuffix(": common, uncommon, foil, non_foil_land, rare_mythic, wild_card") }
    #expect(cannot.count == 6 && cannot.allSatisfy { $0["check"]!.hasPrefix("the wildcard ") }, "\(claims)")
    #expect(claims.count == 6, "\(claims)")
  }

  @Test(.heavy) func aFileAgainstItselfChangedNothing() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try SealedExecutable.run(
      ["rules", "diff", Fixtures.shippedBoosters, Fixtures.shippedBoosters, "--out", dir.appendingPathComponent("same").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("products: 0 added, 0 removed, 0 renamed, 0 changed, 538 unchanged\nnothing changed\n"))
    #expect(result.stdout.hasSuffix("PASS: the releases are the same: 538 products, no measure changed\n"))
    let removedOnly = try SealedExecutable.run(
      ["rules", "diff", Fixtures.shippedBoosters, Fixtures.shippedBoosters, "--out", dir.appendingPathComponent("same2").path, "--fail-on", "removed"])
    #expect(removedOnly.status == 0 && removedOnly.stdout.hasSuffix("PASS: no product of the old release is missing; nothing changed\n"), "\(removedOnly.stdout)")
    let bad = try SealedExecutable.run(["rules", "diff", Fixtures.shippedBoosters, "--fail-on", "added"])
    #expect(bad.status == 2 && bad.stderr.contains("--fail-on"), "\(bad.stderr)")
    let changes = try String(contentsOf: dir.appendingPathComponent("same/changes.csv"), encoding: .utf8)
    #expect(changes == "product,old_product,measure,subject,old,new,old_exact,new_exact,relative_change\n")
  }
}
