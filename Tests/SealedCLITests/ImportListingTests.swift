import Foundation
import SealedRules
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
