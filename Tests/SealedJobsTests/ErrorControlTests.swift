import Foundation
import SealedSupport
import SealedReports
import SealedJobs
import SealedTestSupport
import Testing

/// `sealed check-products`' error control over the whole run (`ErrorControl`): a product the
/// screen flags is confirmed from an independent seed with more pools, and only the
/// confirmation can fail it; the run folder keeps the confirmations of this run only; and a
/// run given an earlier `findings.csv` as its baseline says what is new.
@Suite(.heavy) struct ErrorControlTests {
  func job(
    _ products: [String], pools: Int = 1_000, seed: UInt64, screenAlpha: Double = ErrorControl.defaultScreenAlpha,
    out: URL, baseline: String? = nil, force: Bool = false
  ) throws -> ProductsJob {
    var settings = ProductsJob.Settings(toolVersion: "test")
    settings.patterns = products
    settings.pools = WholeNumber(pools)
    settings.seed = seed
    settings.screenAlpha = screenAlpha
    settings.threads = WholeNumber(2)
    settings.out = out.path
    settings.baseline = baseline
    settings.force = force
    return try ProductsJob(settings)
  }

  /// With a screen at 0.5 a correct product is flagged about half the time; each flagged one
  /// is confirmed from its own second seed at 4000 pools, at 0.001 over the products, and
  /// passes: the screen's level never reaches the verdict.
  @Test func aProductFlaggedByChanceIsConfirmedAndPasses() throws {
    let dir = try Fixtures.temporaryDirectory()
    var flagged: (seed: UInt64, row: ProductSummary.Row)?
    for seed in UInt64(1)...UInt64(12) where flagged == nil {
      let job = try job(["war-draft"], seed: seed, screenAlpha: 0.5, out: dir.appendingPathComponent("s\(seed)"))
      let outcome = try job.run()
      let row = try #require(outcome.result.summary.rows.first)
      if row.flagged == true { flagged = (seed, row) }
      #expect(row.verdict == .pass, "seed \(seed): \(row.failing)")
    }
    let (seed, row) = try #require(flagged, "no seed of 12 flagged war-draft at a screen of 0.5")
    #expect(row.confirm?.pools == 4_000)
    #expect(row.confirm?.seed == ProductSeed.confirm(runSeed: seed, code: "war-draft"))
    #expect(row.confirm?.seed != row.seed)
    let confirmRun = try String(contentsOf: dir.appendingPathComponent("s\(seed)/confirm/war-draft/run.csv"), encoding: .utf8)
    #expect(confirmRun.contains("\npools_requested,4000\n"), "\(confirmRun)")
    #expect(confirmRun.contains("--alpha 0.001 --compare none"), "\(confirmRun)")
    #expect(row.csvRow.dropLast().suffix(5) == ["flagged", "4000", String(row.confirm!.seed), "", "pass"])  // before booster_data
  }

  /// A planted error the data cannot decide exactly (a chi-square claim: one rare of
  /// war-draft's sheet three times as likely) fails the screen and its confirmation.
  @Test func aPlantedErrorIsFlaggedAndConfirmed() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = try Fixtures.write(try Self.warDraftWithOneRareTripled(), to: "planted.json", in: dir)
    try Fixtures.write(
      "name: war-draft rares\nclaims:\n  - name: rares equally likely\n    distribution: { uniform: { rarity: rare, type_excludes: Planeswalker } }\n", to: "specs/war-draft.yaml", in: dir)
    var settings = ProductsJob.Settings(toolVersion: "test")
    settings.file = file
    settings.specs = dir.appendingPathComponent("specs").path
    settings.pools = WholeNumber(2_000)
    settings.seed = 3
    settings.out = dir.appendingPathComponent("run").path
    let job = try ProductsJob(settings)
    let outcome = try job.run()
    try job.write(outcome)
    let row = try #require(outcome.result.summary.rows.first)
    #expect(row.flagged == true && row.verdict == .fail, "\(row.failing)")
    #expect(row.failing.contains("rares equally likely"), "\(row.failing)")
    #expect(outcome.findings.contains { $0.source == .claim && $0.check == "rares equally likely" })
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("run/confirm/war-draft/checks.csv").path))
    let manifest = try String(contentsOf: dir.appendingPathComponent("run/manifest.csv"), encoding: .utf8)
    #expect(manifest.contains("\nconfirm,,\n") && manifest.contains("\nfindings.csv,"), "\(manifest)")
  }

  /// A rerun in the same folder that confirms nothing drops the earlier confirmation: a
  /// folder never mixes two runs.
  @Test func anEarlierConfirmationIsDroppedWhenNothingIsConfirmed() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("run")
    var confirmedSeed: UInt64?
    for seed in UInt64(1)...UInt64(12) where confirmedSeed == nil {
      let job = try job(["war-draft"], seed: seed, screenAlpha: 0.5, out: out)
      let outcome = try job.run()
      try job.write(outcome)
      if outcome.result.summary.rows.first?.flagged == true { confirmedSeed = seed }
    }
    #expect(confirmedSeed != nil)
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("confirm/war-draft").path))
    let quiet = try job(["war-draft"], seed: 1, screenAlpha: 1e-12, out: out)
    try quiet.write(try quiet.run())
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("confirm").path))
    let manifest = try String(contentsOf: out.appendingPathComponent("manifest.csv"), encoding: .utf8)
    #expect(!manifest.contains("confirm"), "\(manifest)")
  }

  /// Against a baseline, a finding is new, known or gone (for a product the run checked).
  @Test func aBaselineSaysWhatIsNewKnownAndGone() throws {
    let dir = try Fixtures.temporaryDirectory()
    let first = try job(["otj-play", "war-draft"], seed: 1, out: dir.appendingPathComponent("a"))
    let outcome = try first.run()
    try first.write(outcome)
    let findings = outcome.findings
    #expect(findings.contains { $0.product == "otj-play" && $0.check == "a Special Guest in 1 of 64 boosters" && $0.source == .claim })
    #expect(!findings.contains { $0.product == "war-draft" })
    // The baseline lacks one of otj's findings and holds one of war-draft's that is not found.
    var baseline = FindingsTable(findings: Array(findings.dropFirst()) + [
      Finding(product: "war-draft", source: .rules, check: "sheet common: cards equally likely", found: "old"),
      Finding(product: "mkm-play", source: .lint, check: "booster-size variant 1 of 4", found: "not checked this run"),
    ]).table.text
    baseline = baseline.replacingOccurrences(of: "\r", with: "")
    let file = try Fixtures.write(baseline, to: "baseline.csv", in: dir)
    let second = try job(["otj-play", "war-draft"], seed: 2, out: dir.appendingPathComponent("b"), baseline: file)
    let compared = try second.run()
    try second.write(compared)
    let comparison = try #require(compared.comparison)
    #expect(comparison.new.map(\.key) == [findings[0].key])
    #expect(comparison.known.count == findings.count - 1)
    #expect(comparison.gone.map(\.product) == ["war-draft"])
    #expect(second.failed(compared, strict: false))
    let written = try String(contentsOf: dir.appendingPathComponent("b/findings.csv"), encoding: .utf8)
    #expect(written.contains(",new,\n") && written.contains(",known,\n"))
    // Its own findings as the next baseline: nothing new.
    let third = try job(["otj-play", "war-draft"], seed: 3, out: dir.appendingPathComponent("c"), baseline: dir.appendingPathComponent("b/findings.csv").path)
    let again = try third.run()
    #expect(try #require(again.comparison).nothingNew)
    #expect(!third.failed(again, strict: false))
  }

  @Test func aBaselineThatIsNoFindingsFileIsOneLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    let bad = try Fixtures.write("product,verdict\nwar-draft,pass\n", to: "summary.csv", in: dir)
    #expect {
      _ = try job(["war-draft"], seed: 1, out: dir.appendingPathComponent("r"), baseline: bad)
    } throws: { error in
      "\(error)".contains("summary.csv: no column source; expected a findings.csv") && !"\(error)".contains("\n")
    }
    let unknown = try Fixtures.write("product,source,check,found\nwar-draft,guess,x,y\n", to: "findings.csv", in: dir)
    #expect {
      _ = try job(["war-draft"], seed: 1, out: dir.appendingPathComponent("r"), baseline: unknown)
    } throws: { error in
      "\(error)".contains("findings.csv:2: column source: expected rules, claim, lint or refused")
    }
  }

  /// The shipped war-draft alone, its first rare (weight 2 beside the mythics' 1) at weight 6.
  static func warDraftWithOneRareTripled() throws -> String {
    let data = try Gzip.inflate(try Data(contentsOf: URL(fileURLWithPath: Fixtures.shippedBoosters)), source: "shipped")
    let products = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    var product = try #require(products.first { $0["code"] as? String == "war-draft" })
    var sheets = product["sheets"] as! [String: Any]
    var sheet = sheets["nonplaneswalker_rare_mythic"] as! [String: Any]
    var cards = sheet["cards"] as! [String: Int]
    let rare = try #require(cards.filter { $0.value == 2 }.keys.sorted().first)
    cards[rare] = 6
    sheet["cards"] = cards
    sheet["total_weight"] = (sheet["total_weight"] as! Int) + 4
    sheets["nonplaneswalker_rare_mythic"] = sheet
    product["sheets"] = sheets
    return String(decoding: try JSONSerialization.data(withJSONObject: [product], options: [.sortedKeys]), as: UTF8.self)
  }
}
