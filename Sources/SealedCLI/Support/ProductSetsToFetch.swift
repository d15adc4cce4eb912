import SealedSupport
import SealedCards
import SealedRules

/// The sets `sealed cards fetch --product CODE` fetches: for each product, of the booster data
/// release in use, the sets its sheets name that the card data lacks or holds in part
/// (`ProductCardSets`), said on standard error before the fetch and counted again after it.
struct ProductSetsToFetch {
  let release: BoosterRelease?
  let products: [CompiledBoosterData.Product]
  /// Every set to fetch, in the products' order, without repeats.
  let sets: [String]

  /// Finds each product (an old code finds its new one, with a note) and what it lacks in the
  /// card data of the default places. Throws a one-line `DataError` for an unknown product.
  init(_ codes: [String], data: String?) throws(DataError) {
    guard !codes.isEmpty else {
      (release, products, sets) = (nil, [], [])
      return
    }
    let release = try BoosterRelease.resolve(data)
    let all = try release.read()
    let loader = CardSetLoader(location: try CardDataLocation.resolve(option: nil))
    var products: [CompiledBoosterData.Product] = []
    var sets: [String] = []
    for code in codes {
      let found = try all.find(code)
      if let note = found.note { Note.write("note: \(note)") }
      let needs = try ProductCardSets(found.product, source: release.label, loader: loader)
      Note.write("\(needs.product) (\(release.reference)): \(needs.summary)\(needs.sets.isEmpty ? "" : "; fetching \(needs.sets.joined(separator: ", "))")")
      products.append(found.product)
      sets += needs.sets.filter { !sets.contains($0) }
    }
    (self.release, self.products, self.sets) = (release, products, sets)
  }

  /// Each product's cards counted again, from the card data as it is now: a line per product.
  func reportAfterwards() {
    guard let release, !products.isEmpty, let location = try? CardDataLocation.resolve(option: nil) else { return }
    let loader = CardSetLoader(location: location)
    for product in products {
      guard let needs = try? ProductCardSets(product, source: release.label, loader: loader) else { continue }
      let still = needs.sets.isEmpty ? "" : " (Scryfall's sets lack those collector numbers, or the data names them differently)"
      print("\(needs.product): \(needs.summary)\(still)")
    }
  }
}
