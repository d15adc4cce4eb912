import Foundation
import SealedTestSupport
import Testing

/// Rules without events of their own (mtg.wtf's products) still have their variants' mix
/// audited: war-draft's boosters drawn with its four variants' weights 899, 261, 2852 and 828
/// changed to 1900, 560, 2852 and 828 (a planeswalker uncommon in 3,680 of 6,140 boosters, not
/// 3,680 of 4,840) passed every check; the share of boosters holding a card of a sheet that only
/// some variants draw now fails, and the boosters of the product's own weights pass.
@Suite struct VariantMixAuditTests {
  let cards = ["--cards", Fixtures.shippedCards]

  @Test(.heavy) func aWrongMixOfVariantsFails() throws {
    let dir = try Fixtures.temporaryDirectory()
    let rules = dir.appendingPathComponent("war-draft.yaml").path
    let imported = try SealedExecutable.run(["rules", "import", "--product", "war-draft", "--out", rules] + cards)
    #expect(imported.status == 0, "\(imported.stderr)")
    let text = try String(contentsOfFile: rules, encoding: .utf8)
    #expect(text.contains("weight: 899\n") && text.contains("weight: 261\n"))
    let planted = try Fixtures.write(
      text.replacingOccurrences(of: "weight: 899\n", with: "weight: 1900\n").replacingOccurrences(of: "weight: 261\n", with: "weight: 560\n")
        .replacingOccurrences(of: "name: war-draft\n", with: "name: war-draft-planted\n"),
      to: "planted.yaml", in: dir)
    for (name, drawnBy, status) in [("right", rules, Int32(0)), ("wrong", planted, Int32(1))] {
      let packs = dir.appendingPathComponent("\(name).csv").path
      let opened = try SealedExecutable.run(
        ["open", "war", "--rules", drawnBy, "--pools", "2000", "--seed", "5", "--format", "csv", "--out", packs] + cards)
      #expect(opened.status == 0, "\(opened.stderr)")
      let audited = try SealedExecutable.run(
        ["audit", "war", "--rules", "war-draft", "--packs", packs, "--resamples", "0", "--seed", "1", "--quiet",
         "--out", dir.appendingPathComponent("audit-\(name)").path] + cards)
      #expect(audited.status == status, "\(name): \(audited.stdout)")
      let csv = try String(contentsOf: dir.appendingPathComponent("audit-\(name)/audit.csv"), encoding: .utf8)
      let row = csv.split(separator: "\n").first { $0.hasPrefix("boosters holding a card of sheet planeswalker_") }
      #expect(row?.contains(status == 0 ? ",pass,rules," : ",fail,rules,") == true, "\(name): \(row ?? "no row")")
    }
  }
}
