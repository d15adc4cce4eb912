import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// Issue 39's known findings, with the real `sealed` binary: a rerun of check-products given an
/// earlier run's findings.csv as its baseline exits 0, and a new error planted in a copy of the
/// data exits 1 naming only it; `rules lint --baseline shipped` knows every warning of the
/// shipped data.
@Suite(.heavy, .serialized) struct BaselineCommandTests {
  static let products = "otj-play,eoe-play,fdn-play,war-draft"

  func checkProducts(_ extra: [String], out: URL) throws -> CommandResult {
    try SealedExecutable.run(["check-products", "--products", Self.products, "--pools", "2000", "--out", out.path, "--quiet"] + extra)
  }

  @Test func aRerunAgainstItsOwnFindingsPassesAndAPlantedErrorIsTheOnlyNewOne() throws {
    let dir = try Fixtures.temporaryDirectory()
    // The shipped data as a file of its own, and a copy with one card's weight ×10 (fdn-play's
    // fdn:106 at 140 instead of 14, its sheet's total with it): a slipped digit.
    var products = try ReleaseValidationTests.shippedProducts()
    let shipped = dir.appendingPathComponent("shipped.json")
    try ReleaseValidationTests.write(products, to: shipped)
    #expect(try ReleaseValidationTests.setWeight(&products, "fdn-play", sheet: "rare_mythic_with_showcase", card: "fdn:106", to: 140) == 14)
    let planted = dir.appendingPathComponent("planted.json")
    try ReleaseValidationTests.write(products, to: planted)

    let first = try checkProducts([shipped.path, "--seed", "1"], out: dir.appendingPathComponent("first"))
    #expect(first.status == 1, "\(first.stdout)")  // otj-play fails its published odds; eoe-play warns
    let baseline = dir.appendingPathComponent("first/findings.csv").path
    let findings = try ReleaseValidationTests.rows(URL(fileURLWithPath: baseline))
    #expect(findings.contains { $0["product"] == "otj-play" && $0["source"] == "claim" })
    #expect(findings.contains { $0["product"] == "eoe-play" && $0["source"] == "lint" })

    let again = try checkProducts([shipped.path, "--seed", "2", "--baseline", baseline], out: dir.appendingPathComponent("again"))
    #expect(again.status == 0, "\(again.stdout)")
    #expect(again.stdout.contains("baseline \(baseline): 0 new, \(findings.count) known, 0 no longer found"), "\(again.stdout)")
    #expect(again.stdout.hasSuffix("PASS: nothing new against the baseline (\(findings.count) known findings)\n"))

    let wrong = try checkProducts([planted.path, "--seed", "3", "--baseline", baseline], out: dir.appendingPathComponent("wrong"))
    #expect(wrong.status == 1, "\(wrong.stdout)")
    let new = wrong.stdout.split(separator: "\n").filter { $0.hasPrefix("  NEW ") }
    #expect(new.count == 1 && new[0].hasPrefix("  NEW fdn-play lint weight-magnitude sheet rare_mythic_with_showcase card fdn:106:"), "\(wrong.stdout)")
    #expect(wrong.stdout.hasSuffix("FAIL: 1 new finding against the baseline\n"))
    let marked = try ReleaseValidationTests.rows(dir.appendingPathComponent("wrong/findings.csv"))
    #expect(marked.filter { $0["status"] == "new" }.map { $0["product"]! } == ["fdn-play"])
    #expect(marked.filter { $0["status"] == "known" }.count == findings.count)

    // otj-play's Special Guests five times as likely on The List: its known claim findings,
    // decided exactly by the data, now say other shares, and fail as changed.
    var worse = try ReleaseValidationTests.shippedProducts()
    try ReleaseValidationTests.edit(&worse, "otj-play") { product in
      var sheets = product["sheets"] as! [String: Any]
      var sheet = sheets["the_list"] as! [String: Any]
      var cards = sheet["cards"] as! [String: Any]
      for key in cards.keys where key.hasPrefix("spg:") { cards[key] = 5 }
      sheet["cards"] = cards
      sheet["total_weight"] = cards.values.reduce(0) { $0 + ($1 as! Int) }
      sheets["the_list"] = sheet
      product["sheets"] = sheets
    }
    let worseFile = dir.appendingPathComponent("worse.json")
    try ReleaseValidationTests.write(worse, to: worseFile)
    let changed = try checkProducts([worseFile.path, "--seed", "4", "--baseline", baseline], out: dir.appendingPathComponent("worse"))
    #expect(changed.status == 1, "\(changed.stdout)")
    #expect(changed.stdout.contains("\n  CHANGED otj-play claim a Special Guest in 1 of 64 boosters: the data's share is exactly 1/8 "), "\(changed.stdout)")
    #expect(changed.stdout.contains("\n    the baseline had: the data's share is exactly 1/20 "), "\(changed.stdout)")
    #expect(changed.stdout.hasSuffix("FAIL: 2 changed findings against the baseline\n"), "\(changed.stdout)")
    let statuses = try ReleaseValidationTests.rows(dir.appendingPathComponent("worse/findings.csv"))
    #expect(statuses.filter { $0["status"] == "changed" }.map { $0["product"]! } == ["otj-play", "otj-play"])
  }

  /// A release that lost a product the baseline has findings for fails (it once passed, its
  /// findings silently left out); a run whose patterns would not pick the product passes.
  @Test func aReleaseThatLostAProductOfTheBaselineFails() throws {
    let dir = try Fixtures.temporaryDirectory()
    let products = try ReleaseValidationTests.shippedProducts().filter { $0["code"] as? String != "eoe-play" }
    let lost = dir.appendingPathComponent("lost.json")
    try ReleaseValidationTests.write(products, to: lost)
    let lint = try SealedExecutable.run(["rules", "lint", lost.path, "--baseline", "shipped", "--out", dir.appendingPathComponent("lint").path])
    #expect(lint.status == 1, "\(lint.stdout)")
    #expect(lint.stdout.contains(", 1 for products the release lost\n  LOST the release holds no product eoe-play, which the baseline has findings for\n"), "\(lint.stdout)")
    #expect(lint.stdout.hasSuffix("FAIL: 1 product of the baseline not in the release against the baseline\n"), "\(lint.stdout)")
    let run = try String(contentsOf: dir.appendingPathComponent("lint/run.csv"), encoding: .utf8)
    #expect(run.contains("findings_lost,1\n"))
    let other = try SealedExecutable.run(
      ["rules", "lint", lost.path, "--products", "war-*", "--baseline", "shipped", "--out", dir.appendingPathComponent("war").path])
    #expect(other.status == 0, "\(other.stdout)")
  }

  /// A new common planted in 2ed's rare sheet, which the shipped baseline already warns about
  /// for two other commons, is a changed finding, not the known one (it passed as known when
  /// warnings were matched by their sheet alone).
  @Test func aNewWrongRarityInASheetWarnedAboutHasChanged() throws {
    let dir = try Fixtures.temporaryDirectory()
    var products = try ReleaseValidationTests.shippedProducts()
    #expect(try ReleaseValidationTests.setWeight(&products, "2ed", sheet: "rare", card: "2ed:288", to: 1) == nil)
    let planted = dir.appendingPathComponent("planted.json")
    try ReleaseValidationTests.write(products, to: planted)
    let lint = try SealedExecutable.run(
      ["rules", "lint", planted.path, "--baseline", "shipped", "--out", dir.appendingPathComponent("lint").path])
    #expect(lint.status == 1, "\(lint.stdout)")
    #expect(
      lint.stdout.contains(
        "\n  CHANGED 2ed lint sheet-rarity sheet rare: its name names rare, but 3 common of its 120 cards with card data (2ed:288, 2ed:292, 2ed:293)\n    the baseline had: its name names rare, but 2 common of its 119 cards with card data (2ed:292, 2ed:293)\n"),
      "\(lint.stdout)")
    #expect(lint.stdout.hasSuffix("FAIL: 1 changed finding against the baseline\n"), "\(lint.stdout)")
    let rows = try ReleaseValidationTests.rows(dir.appendingPathComponent("lint/findings.csv"))
    #expect(rows.filter { $0["status"] == "changed" }.map { $0["cards"]! } == ["2ed:288 2ed:292 2ed:293"])
  }

  /// A spec folder for one product keeps the other products' built-in specs (otj-play kept its
  /// published odds' two known failures), and a baseline's claim finding that a run without
  /// the folder does not check is NOT CHECKED and fails, not "no longer found" (it passed).
  @Test func aClaimLeftUncheckedFailsAgainstTheBaseline() throws {
    let dir = try Fixtures.temporaryDirectory()
    let specs = dir.appendingPathComponent("specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    _ = try Fixtures.write(
      "name: war-draft\ndescription: t\nclaims:\n  - name: a foil in 1 of 4 boosters\n    odds: { sheet: foil, in: 1/4 }\n",
      to: "war-draft.yaml", in: specs)
    let products = ["--products", "war-draft,otj-play", "--pools", "2000", "--seed", "1", "--quiet"]
    let first = try SealedExecutable.run(["check-products"] + products + ["--specs", specs.path, "--out", dir.appendingPathComponent("a").path])
    #expect(first.status == 1, "\(first.stdout)")
    let summary = try ReleaseValidationTests.rows(dir.appendingPathComponent("a/summary.csv"))
    #expect(summary.map { $0["spec"]! } == ["otj-play", specs.appendingPathComponent("war-draft.yaml").path], "\(summary)")
    let baseline = dir.appendingPathComponent("a/findings.csv").path
    let again = try SealedExecutable.run(["check-products"] + products + ["--baseline", baseline, "--out", dir.appendingPathComponent("b").path])
    #expect(again.status == 1, "\(again.stdout)")
    #expect(again.stdout.contains(", 0 no longer found, 1 not checked\n  NOT CHECKED (this run held the product to no such claim: --specs?): war-draft claim a foil in 1 of 4 boosters: "), "\(again.stdout)")
    #expect(again.stdout.hasSuffix("FAIL: 1 finding not checked against the baseline\n"), "\(again.stdout)")
    let run = try String(contentsOf: dir.appendingPathComponent("b/run.csv"), encoding: .utf8)
    #expect(run.contains("findings_unchecked,1\n"))
  }

  @Test func theShippedBaselineKnowsEveryLintWarningOfTheShippedData() throws {
    let dir = try Fixtures.temporaryDirectory()
    let lint = try SealedExecutable.run(["rules", "lint", "--baseline", "shipped", "--out", dir.appendingPathComponent("lint").path])
    #expect(lint.status == 0, "\(lint.stdout)")
    #expect(lint.stdout.contains("baseline shipped: 0 new, "), "\(lint.stdout)")
    // Without it, --strict fails on the same warnings.
    let strict = try SealedExecutable.run(["rules", "lint", "--strict", "--out", dir.appendingPathComponent("strict").path])
    #expect(strict.status == 1)
    // A baseline that is no findings.csv is one line and status 2.
    let bad = try Fixtures.write("a,b\n1,2\n", to: "bad.csv", in: dir)
    let refused = try SealedExecutable.run(["rules", "lint", "--baseline", bad, "--out", dir.appendingPathComponent("bad").path])
    #expect(refused.status == 2)
    #expect(refused.stderr.hasPrefix("sealed: error: \(bad): no column product; expected a findings.csv"), "\(refused.stderr)")
    #expect(refused.stderr.split(separator: "\n").count == 1)
    // A file whose rows differ from its header in length is still told by its columns (it said
    // "line 2: 4 fields, expected 1 like the header" of /etc/passwd).
    let ragged = try Fixtures.write("root:x:0:0\na,b,c,d\n", to: "ragged.csv", in: dir)
    let told = try SealedExecutable.run(["rules", "lint", "--baseline", ragged, "--out", dir.appendingPathComponent("ragged").path])
    #expect(told.status == 2)
    #expect(told.stderr.hasPrefix("sealed: error: \(ragged): no column product; expected a findings.csv"), "\(told.stderr)")
    // Booster data given as the baseline is named as such.
    let json = try Fixtures.write("[\n  {\"code\": \"war-draft\"},\n  {}\n]\n", to: "data.json", in: dir)
    let data = try SealedExecutable.run(["rules", "lint", "--baseline", json, "--out", dir.appendingPathComponent("json").path])
    #expect(data.status == 2)
    #expect(data.stderr == "sealed: error: \(json): this is JSON (booster data?), not a findings.csv; expected the findings.csv of an earlier check-products or rules lint run, or shipped\n")
  }
}
