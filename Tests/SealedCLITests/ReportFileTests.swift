import Foundation
import SealedReports
import SealedTestSupport
import Testing

/// Every file the commands write into a report folder is one of `ReportFile`'s, and every CSV
/// among them has exactly the registry's columns, over real runs of simulate, check, audit and
/// check-products.
@Suite struct ReportFileTests {
  let cards = ["--cards", Fixtures.shippedCards]

  func run(_ arguments: [String], quiet: Bool = true, status: Int32 = 0) throws {
    let result = try SealedExecutable.run(arguments + (quiet ? ["--quiet"] : []))
    #expect(result.status == status, "\(arguments): \(result.stdout)\(result.stderr)")
  }

  /// The files of a folder (every regular file, not only those the manifest names).
  func files(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test(.heavy) func everyWrittenFileIsInTheRegistryWithItsColumns() throws {
    let dir = try Fixtures.temporaryDirectory()
    let simulated = dir.appendingPathComponent("sim")
    let checked = dir.appendingPathComponent("chk")
    let audited = dir.appendingPathComponent("aud")
    let products = dir.appendingPathComponent("products")
    let packs = dir.appendingPathComponent("packs.csv").path
    try run(["simulate", "war", "--pools", "300", "--samples", "2", "--seed", "1", "--out", simulated.path] + cards)
    try run(["check", "war", "--rules", "sealed", "--spec", "sealed", "--pools", "2000", "--seed", "1", "--out", checked.path] + cards)
    try run(["open", "war", "--format", "csv", "--pools", "20", "--seed", "6", "--out", packs] + cards, quiet: false)
    try run(["audit", "war", "--packs", packs, "--seed", "1", "--out", audited.path] + cards)
    try run(["check-products", "--products", "war-draft", "--pools", "2000", "--seed", "3", "--out", products.path])
    let diff = dir.appendingPathComponent("diff")
    try run(["rules", "diff", Fixtures.boosters2023, Fixtures.boosters2023, "--out", diff.path], quiet: false)
    var seen = Set<ReportFile>()
    for folder in [simulated, checked, audited, products, products.appendingPathComponent("war-draft"), diff] {
      for name in try files(folder) where name != "war-draft" {
        let file = try #require(ReportFile(rawValue: name), "\(folder.lastPathComponent)/\(name) is not in ReportFile")
        seen.insert(file)
        guard !file.columns.isEmpty else { continue }
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let header = String(text.prefix { $0 != "\n" })
        #expect(header == file.columns.joined(separator: ","), "\(folder.lastPathComponent)/\(name)")
      }
    }
    // Every file of the registry was written by one of these runs.
    #expect(Set(ReportFile.allCases).subtracting(seen).isEmpty, "not written: \(Set(ReportFile.allCases).subtracting(seen))")
  }

  /// `sealed report DIR` reads the values the command wrote: written again they give each CSV
  /// file's bytes, and the page it makes is the page the command made from the values it had.
  @Test(.heavy) func reportReadsBackTheValuesTheCommandsWrote() throws {
    let dir = try Fixtures.temporaryDirectory()
    let packs = dir.appendingPathComponent("packs.csv").path
    try run(["open", "war", "--format", "csv", "--pools", "12", "--seed", "6", "--out", packs] + cards, quiet: false)
    // Two boosters no rules make: booster 1 with a mythic twice, booster 2 with a card of
    // another set, each in place of one of its cards.
    var lines = try String(contentsOfFile: packs, encoding: .utf8).split(separator: "\n").map(String.init)
    let first = try #require(lines.firstIndex { $0.hasPrefix("1,") })
    let second = try #require(lines.firstIndex { $0.hasPrefix("2,") })
    lines[first] = "1,war,1,\"Karn, the Great Creator\",false"
    lines[first + 1] = lines[first]
    lines[second] = "2,dom,1,\"Karn, Scion of Urza\",false"
    try (lines.joined(separator: "\n") + "\n").write(toFile: packs, atomically: true, encoding: .utf8)
    let folders = [
      ("sim", ["simulate", "war", "--pools", "300", "--seed", "1"], Int32(0)),
      ("chk", ["check", "war", "--rules", "sealed", "--spec", "sealed", "--pools", "2000", "--seed", "1"], 0),
      ("aud", ["audit", "war", "--packs", packs, "--seed", "1"], 1),
    ]
    for (name, arguments, status) in folders {
      let folder = dir.appendingPathComponent(name)
      try run(arguments + ["--out", folder.path] + cards, status: status)
      let contents = try ReportContents.read(folder: folder.path)
      // Every CSV of the folder but the manifest is one of the model's.
      let csvs = try files(folder).filter { $0.hasSuffix(".csv") && $0 != ReportFile.manifest.name }
      #expect(contents.tables.map(\.name).sorted() == csvs, "\(name)")
      for (file, table) in contents.tables {
        let written = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        #expect(table.text == written, "\(name)/\(file) written again differs")
      }
      let page = folder.appendingPathComponent(ReportFile.page.name)
      let written = try Data(contentsOf: page)
      try FileManager.default.removeItem(at: page)
      try run(["report", folder.path], quiet: false)
      #expect(try Data(contentsOf: page) == written, "\(name): sealed report made another page")
    }
    let audit = try ReportContents.read(folder: dir.appendingPathComponent("aud").path)
    #expect(audit.boosters?.filter { $0.verdict == .fail }.count == 2)
    #expect(audit.checks?.file == .audit)
  }
}
