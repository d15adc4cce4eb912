import SealedSupport

extension ReleaseFile {
  /// Throws unless the file holds a product: mtg.wtf's data or an MTGJSON file without any (a
  /// set file that lost its `booster` object, mtgjson/mtgjson #1252) is refused in one line,
  /// not linted, listed or checked as "no warnings (0 products)". Cost: none.
  package func requireProducts() throws(DataError) {
    guard products.isEmpty else { return }
    throw DataError(Self.noProducts, at: path)
  }

  /// The words of `requireProducts`.
  package static let noProducts =
    "holds no products; expected mtg.wtf's compiled booster data or an MTGJSON file with boosters (a set file's `booster` object)"
}
