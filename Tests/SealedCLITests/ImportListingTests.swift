import Foundation
import SealedRules
import SealedRelease
import SealedTestSupport
import Testing

@testable import SealedCLI

/// `rules import --list` under a product that simulates on card keys says what the gaps call
/// for: a fetch for sets Scryfall has, and for an MTGJSON release's cards of other sets (named by
/// uuid) where their data is, not `sealed cards fetch --product`, which refused the pseudo-set
/// (found by a review, after `rules fetch --from BRO.json`).
@Suite struct ImportListingTests {
  @Test func aProductOnCardKeysNamesTheRemedyItsGapsCallFor() throws {
    let product = try ShippedData.boosters().product("war-draft")
    func listed(_ sets: [String]) -> String {
      let remedy = CardDataGaps.remedy(fetching: sets, product: "war-draft", deadKeys: [])
      let row = ProductListing(product: product, simulates: .onCardKeys(summary: "126 of 300 cards lack card data", fetchCommand: remedy))
      return ImportListing.render([row], of: CompiledBoosterData(products: [product]))
    }
    let otherSets = listed([CardDataGaps.otherSetUUIDSet])
    #expect(!otherSets.contains("sealed cards fetch"), "\(otherSets)")
    #expect(otherSets.contains("cards named by MTGJSON uuids the set file does not hold"), "\(otherSets)")
    #expect(listed(["war"]).contains("126 of 300 cards lack card data; sealed cards fetch --product war-draft"))
  }
}

/// `rules import --list --format csv|json`: the listing for a program, one row per product,
/// counting as the table's last line counts.
@Suite struct ImportListingFormatTests {
  @Test func csvAndJSONListEveryProductAsTheTableCountsThem() throws {
    let table = try SealedExecutable.run(["rules", "import", "--list"])
    #expect(table.status == 0, "\(table.stderr)")
    let counts = try #require(table.stdout.firstMatch(of: /(\d+) products; with this card data (\d+) simulate with names, (\d+) on card keys, (\d+) not at all/))
    let csv = try SealedExecutable.run(["rules", "import", "--list", "--format", "csv"])
    #expect(csv.status == 0, "\(csv.stderr)")
    let lines = csv.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "code,set,variants,sheets,simulates,name,detail")
    let rows = lines.dropFirst().map(CSVLine.fields)
    #expect(rows.count == Int(counts.1))
    #expect(rows.allSatisfy { $0.count == 7 })
    for (word, count) in [("with_names", counts.2), ("on_card_keys", counts.3), ("no", counts.4)] {
      #expect(rows.filter { $0[4] == word }.count == Int(count), "\(word)")
    }
    #expect(rows.filter { $0[4] != "with_names" }.allSatisfy { !$0[6].isEmpty }, "each product not simulating with names says why")
    let json = try SealedExecutable.run(["rules", "import", "--list", "--format", "json"])
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["code"] as? String } == rows.map { $0[0] })
    // An MTGJSON file's listing names its column `opens`, in CSV and JSON alike.
    let znr = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgjson/ZNR.json.gz").path
    let mtgjson = try SealedExecutable.run(["rules", "import", znr, "--list", "--format", "json"])
    let products = try #require(try JSONSerialization.jsonObject(with: Data(mtgjson.stdout.utf8)) as? [[String: Any]])
    #expect(!products.isEmpty && products.allSatisfy { $0["opens"] != nil && $0["simulates"] == nil }, "\(mtgjson.stdout)")
    let mtgjsonCSV = try SealedExecutable.run(["rules", "import", znr, "--list", "--format", "csv"])
    #expect(mtgjsonCSV.stdout.hasPrefix("code,set,variants,sheets,opens,name,detail\n"), "\(mtgjsonCSV.stdout)")
    let refused = try SealedExecutable.run(["rules", "import", "--product", "war-draft", "--format", "csv"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--format goes with --list"), "\(refused.stderr)")
  }
}
