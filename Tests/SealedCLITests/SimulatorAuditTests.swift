import Foundation
import SealedRules
import SealedSupport
import SealedTestSupport
import Testing

/// A simulator's author's check: boosters of dsk-play from an independent generator
/// (`scripts/generate-boosters.py`: the compiled JSON and Python's own random numbers, no code
/// of Sealed's), piped into `sealed audit --packs -` from a separate process. dsk-play names
/// cards the shipped data lacks (its showcase and borderless printings, spg) and numbers like
/// `65a` that the data spells `65`: the audit works on card keys. Its `cards:` claim is tested
/// as a binomial count of boosters, at a share computed here from the JSON; a generator that
/// draws a treatment at ten times its weight fails it.
@Suite struct SimulatorAuditTests {
  static let python: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "--version"]
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  /// The share of dsk-play boosters holding a non-foil dsk 324-367 (showcase and borderless
  /// rares and mythics): they lie on the one-card sheets `rare_mythic_with_showcase` and
  /// `wildcard` only, so P = 1 − Σ_variants P(variant) × Π_sheets (1 − weight of the range /
  /// sheet's weight), summed here from the JSON's weights. Python's Fraction on the same sums
  /// (scripts/exact-odds.py) gives exactly 352799/2508800 = 0.140624...
  static func treatmentShare() throws -> Double {
    let product = try ShippedData.boosters().product("dsk-play")
    let total = product.boosters.map(\.weight).reduce(0, +)
    var none = 0.0
    for variant in product.boosters {
      var p = variant.weight / total
      for (sheet, count) in variant.sheets {
        let cards = product.sheets[sheet]!.cards
        let range = cards.filter { key, _ in
          let parts = key.split(separator: ":")
          return parts.count == 2 && parts[0] == "dsk" && (324...367).contains(Int(parts[1].prefix(while: \.isNumber)) ?? 0)
        }
        let share = range.values.reduce(0, +) / cards.values.reduce(0, +)
        if share > 0 { #expect(count == 1, "\(sheet) draws \(count)") }
        p *= 1 - share
      }
      none += p
    }
    return 1 - none
  }

  static let claim = "a non-foil showcase or borderless rare or mythic"

  /// A spec of three claims: the treatment's share (tested), a slot's and a sheet's (which a
  /// pack file cannot show).
  static func spec(in dir: URL) throws -> String {
    let share = try treatmentShare()
    #expect(abs(share - 352799.0 / 2508800) < 1e-12, "\(share)")
    return try Fixtures.write(
      """
      name: dsk-treatments
      claims:
        - name: \(claim)
          odds: { cards: { set: dsk, numbers: 324-367, foil: false }, in: \(share) }
        - name: the rare slot is a treatment
          odds: { slot: rare_mythic_with_showcase, gives: { numbers: 287-367 }, in: 10% }
        - name: a Special Guest's sheet
          odds: { sheet: special_guest, in: 1/64 }

      """, to: "dsk.yaml", in: dir)
  }

  /// The generator's planted mistakes are planted or refused: `--sheet-scale` scales the
  /// variants drawing from a sheet (it scaled a sheet's every card alike, which changes none of
  /// its draws, so an audit of the "mistake" passed); a `--scale` or `--sheet-scale` that
  /// changes nothing is an error, exit 2, not the correct output again.
  @Test(.enabled(if: python, "needs python3"))
  func theGeneratorsMistakesArePlantedOrRefused() throws {
    let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/generate-boosters.py").path
    func generate(_ extra: [String]) throws -> CommandResult {
      try SealedExecutable.run(["python3", script, "dsk-play", "--boosters", "300", "--seed", "2"] + extra, executable: URL(fileURLWithPath: "/usr/bin/env"))
    }
    let correct = try generate([])
    #expect(correct.status == 0, "\(correct.stderr)")
    let scaled = try generate(["--sheet-scale", "special_guest=10"])
    #expect(scaled.status == 0 && scaled.stdout != correct.stdout, "\(scaled.stderr)")
    for (extra, message) in [
      (["--scale", "dsk:99999=10"], "generate-boosters: --scale dsk:99999: no card of dsk-play matches it"),
      (["--sheet-scale", "nothing=2"], "generate-boosters: --sheet-scale nothing: no variant of dsk-play draws from a sheet of that name"),
      (["--sheet-scale", "common=2"], "generate-boosters: --sheet-scale common: every variant of dsk-play draws from it, so scaling them changes nothing"),
    ] {
      let refused = try generate(extra)
      #expect(refused.status == 2 && refused.stderr.hasPrefix(message), "\(extra): \(refused.stderr)")
    }
  }

  /// `python3 generate-boosters.py … | sealed audit … --packs -` in a shell: a real pipe
  /// between two processes.
  func pipedAudit(generator: String, dir: URL) throws -> CommandResult {
    let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/generate-boosters.py").path
    let out = dir.appendingPathComponent("report").path
    let command = "python3 '\(script)' dsk-play --boosters 2000 --seed 3 \(generator) | '\(SealedExecutable.url.path)' audit dsk --rules dsk-play --spec '\(try Self.spec(in: dir))' --packs - --resamples 200 --threads 2 --out '\(out)' --quiet"
    return try SealedExecutable.run(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
  }

  /// audit.csv's row of the check `name`, by column.
  func row(_ dir: URL, _ name: String) throws -> [String: String] {
    let lines = try String(contentsOfFile: dir.appendingPathComponent("report/audit.csv").path, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let header = CSVLine.fields(lines[0])
    let fields = try #require(lines.dropFirst().map(CSVLine.fields).first { $0[0] == name }, "no row \(name)")
    return Dictionary(uniqueKeysWithValues: zip(header, fields))
  }

  @Test(.heavy, .enabled(if: python, "needs python3"))
  func aCorrectGeneratorsPackedBoostersPass() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try pipedAudit(generator: "", dir: dir)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let claim = try row(dir, Self.claim)
    #expect(claim["verdict"] == "pass" && claim["n"] == "2000", "\(claim)")
    #expect(abs(Double(claim["expected"] ?? "")! - 352799.0 / 2508800) < 1e-12)
    #expect(claim["method"] == "exact binomial", "\(claim)")
    // The p-value is scipy's exact two-sided binomial test of the same count (when scipy is
    // there to ask): scipy.stats.binomtest(k, n, p).pvalue.
    if RoughEdgeTests.scipyAvailable {
      let n = Int(claim["n"] ?? "")!
      let k = Int((Double(claim["observed"] ?? "")! * Double(n)).rounded())
      let scipy = try SealedExecutable.run(
        ["python3", "-c", "from scipy.stats import binomtest; print(repr(float(binomtest(\(k), \(n), \(claim["expected"]!)).pvalue)))"],
        executable: URL(fileURLWithPath: "/usr/bin/env"))
      let reference = try #require(Double(scipy.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(scipy.stderr)")
      let p = Double(claim["p_value"] ?? "")!
      #expect(abs(p - reference) <= 1e-9 * max(reference, 1e-300), "\(p) against scipy's \(reference)")
    }
    let slot = try row(dir, "the rare slot is a treatment")
    #expect(slot["verdict"] == "not_tested" && slot["detail"]?.contains("which slot a card came from") == true)
    let sheet = try row(dir, "a Special Guest's sheet")
    #expect(sheet["verdict"] == "not_tested" && sheet["detail"]?.contains("which sheet a card came from") == true)
    let possible = try row(dir, "every booster is one the rules can make")
    #expect(possible["verdict"] == "pass" && possible["n"] == "2000")
    // dsk-play names cards the card data lacks (its Special Guests, its booster-fun printings):
    // the rarity rows say they count as none.
    #expect(result.stdout.contains("\nnote: boosters holding a mythic rare, a rare, an uncommon or a common count only cards whose card data gives their rarity; "), "\(result.stdout)")
    #expect(result.stdout.contains(" lack card data (sets dsk, spg) and count as none; sealed cards fetch --product dsk-play\n"), "\(result.stdout)")
  }

  /// The same generator with the showcase and borderless printings at ten times their weight
  /// (non-foil; about 0.6 of boosters hold one instead of 0.14): the claim fails, exit 1.
  @Test(.heavy, .enabled(if: python, "needs python3"))
  func aTreatmentAtTenTimesItsWeightFailsItsClaim() throws {
    let dir = try Fixtures.temporaryDirectory()
    let result = try pipedAudit(generator: "--scale dsk:324-367=10", dir: dir)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let claim = try row(dir, Self.claim)
    #expect(claim["verdict"] == "fail", "\(claim)")
    #expect(Double(claim["observed"] ?? "")! > 0.4, "\(claim)")
  }
}
