import Foundation
import SealedReports
import SealedTestSupport
import Testing

/// Every file the commands write into a report folder is one of `ReportFile`'s, and every CSV
/// among them has exactly the registry's columns, over real runs of simulate, check, audit and
/// check-products.
@Suite struct ReportFileTests {
  let cards = ["--cards", Fixtures.shippedCards]

  func run(_ arguments: [String], quiet: Bool = true) throws {
    let result = try SealedExecutable.run(arguments + (quiet ? ["--quiet"] : []))
    #expect(result.status == 0, "\(arguments): \(result.stdout)\(result.stderr)")
  }

  /// The files of a folder (every regular file, not only those the manifest names).
  func files(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func everyWrittenFileIsInTheRegistryWithItsColumns() throws {
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
    var seen = Set<ReportFile>()
    for folder in [simulated, checked, audited, products, products.appendingPathComponent("war-draft")] {
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
}
