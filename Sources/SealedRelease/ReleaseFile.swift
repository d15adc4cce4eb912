import SealedSupport
import SealedCards
import SealedRules
import SealedMTGJSON

/// A data release as a list of products: mtg.wtf's compiled booster data (a JSON array) or an
/// MTGJSON file's `booster` objects (a set file or AllPrintings.json), plain or gzipped, told
/// apart from its content.
package struct ReleaseFile: Sendable {
  /// What the file is.
  package enum Form: String, Sendable {
    case compiled = "mtg.wtf compiled booster data"
    case mtgjson = "MTGJSON"
  }

  package var path: String
  package var form: Form
  package var products: [CompiledBoosterData.Product]
  /// An MTGJSON file's own cards of the sets its products name, by set code (empty for
  /// compiled data, whose cards come from the card data): what its keys name.
  package var cards: [String: [Card]] = [:]

  /// Reads `path`. Throws a one-line `DataError` naming the file when it is neither form. An
  /// MTGJSON product's cards are named `set:number` through the file's own cards; a uuid the
  /// file does not hold stays `uuid:<uuid>` (`uuid-other-set:<uuid>` in a file of one set). Cost: one pass over the file (two for an
  /// AllPrintings whose products name other sets' cards).
  package static func read(path: String) throws(DataError) -> ReleaseFile {
    let (kind, _) = try JSONFileKind.detect(path: path)
    switch kind {
    case .array:
      return ReleaseFile(path: path, form: .compiled, products: try CompiledBoosterData.read(path: path).products)
    case .mtgjson:
      let (products, cards) = try MTGJSONBoosterImport(path: path).allProductsAndCards()
      return ReleaseFile(path: path, form: .mtgjson, products: products, cards: cards)
    case .scryfallList:
      throw DataError("this is Scryfall card data, which holds no booster products; expected mtg.wtf's compiled booster data or an MTGJSON file", at: path)
    case .other(let found, let line, let column):
      throw DataError(
        "expected mtg.wtf's compiled booster data (a JSON array of products) or an MTGJSON file, found \(found)",
        at: DataError.location(path, line: line, column: column))
    }
  }
}
