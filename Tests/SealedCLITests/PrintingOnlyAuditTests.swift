import Foundation
import SealedTestSupport
import Testing

/// A CSV without a `foil` column names printings only. Retail war's planeswalker events count the
/// planeswalkers of their slots, not the foil slot's, so the file cannot count them; they were
/// left out, and boosters drawn with the planeswalker uncommon in 60 of 89 non-foil-variant
/// boosters (not 92 of 121) passed every check. The events are now counted over their cards in
/// any finish, whose share the rules give exactly: the planted rules fail, retail's own pass.
@Suite struct PrintingOnlyAuditTests {
  /// `csv` (as `sealed open --format csv` writes it) cut to its first three columns, without
  /// its names (which may hold quoted commas) and its `foil` column.
  static func printingsOnly(_ csv: String) -> String {
    csv.split(separator: "\n").map { $0.split(separator: ",", maxSplits: 3).prefix(3).joined(separator: ",") }.joined(separator: "\n") + "\n"
  }

  @Test func aPlaneswalkerEventIsCountedInAnyFinish() throws {
    let dir = try Fixtures.temporaryDirectory()
    let retail = try Fixtures.builtInRules("retail")
    #expect(retail.contains("weight: 92\n"))
    let planted = try Fixtures.write(
      retail.replacingOccurrences(of: "weight: 92\n", with: "weight: 60\n").replacingOccurrences(of: "name: retail\n", with: "name: retail-planted\n"),
      to: "planted.yaml", in: dir)
    for (name, drawnBy, status) in [("right", "retail", Int32(0)), ("wrong", planted, Int32(1))] {
      let packs = dir.appendingPathComponent("\(name).csv")
      let opened = try SealedExecutable.run(
        ["open", "war", "--rules", drawnBy, "--pools", "300", "--seed", "3", "--format", "csv", "--out", packs.path])
      #expect(opened.status == 0, "\(opened.stderr)")
      #expect(try String(contentsOf: packs, encoding: .utf8).hasPrefix("booster,set,collector_number,name,foil\n"))
      let printings = try Fixtures.write(Self.printingsOnly(try String(contentsOf: packs, encoding: .utf8)), to: "\(name)-printings.csv", in: dir)
      let out = dir.appendingPathComponent("audit-\(name)").path
      let audited = try SealedExecutable.run(
        ["audit", "war", "--rules", "retail", "--packs", printings, "--resamples", "0", "--seed", "1", "--out", out])
      #expect(audited.status == status, "\(name): \(audited.stdout)\(audited.stderr)")
      #expect(audited.stdout.contains("cards named by printing;"))
      #expect(audited.stdout.contains("; planeswalker_uncommon in any finish is counted instead"), "\(audited.stdout)")
      let csv = try String(contentsOfFile: out + "/audit.csv", encoding: .utf8)
      let row = csv.split(separator: "\n").first { $0.hasPrefix("boosters holding planeswalker_uncommon in any finish,") }
      #expect(row?.contains(status == 0 ? ",pass,rules," : ",fail,rules,") == true, "\(name): \(row ?? "no row")")
    }
  }
}
