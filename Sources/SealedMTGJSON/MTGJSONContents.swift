import SealedSupport
import SealedCards
import SealedRules

/// Everything Sealed reads from an MTGJSON file held in memory: each set's cards and booster
/// products, the products converted through the set's own cards. For the fuzz target and
/// tests; the commands stream files with `MTGJSONCardImporter` and `MTGJSONBoosterImport`.
public struct MTGJSONContents: Sendable {
  public struct SetContents: Sendable {
    public var code: String
    public var cards: [Card]
    /// Products whose every card is of this set, converted; by code.
    public var products: [CompiledBoosterData.Product]
    /// Products naming cards the set does not hold, with the one-line reason.
    package var unresolved: [String: String]
  }

  public var sets: [SetContents]

  /// Reads `bytes` (gzipped or not) as an MTGJSON file named `source`. Throws a one-line
  /// `DataError` for anything that is not MTGJSON as Sealed reads it.
  /// Cost: one pass over the bytes; memory: the sets' cards and products.
  public static func read(bytes: [UInt8], source: String) throws(DataError) -> MTGJSONContents {
    var sets: [SetContents] = []
    var reader = MTGJSONReader(path: source)
    reader.bytes = bytes
    try reader.read { set throws(DataError) in
      let cards = try MTGJSONCardImporter.cards(of: set)
      var contents = SetContents(code: set.sealedCode, cards: cards, products: [], unresolved: [:])
      if let booster = set.booster {
        let keys = MTGJSONBoosterImport.keys(of: set)
        let products = try MTGJSONBoosterProduct.products(from: booster, location: set.boosterLocation)
        for name in products.keys.sorted() {
          let code = "\(set.sealedCode)-\(name)"
          do throws(DataError) {
            try set.requireUnrepeated(products[name]!.uuids)
          } catch {
            contents.unresolved[code] = error.description
            continue
          }
          do throws(MTGJSONBoosterProduct.ConversionError) {
            contents.products.append(
              try products[name]!.compiledProduct(code: code, setCode: set.sealedCode, setName: set.name) { keys[$0] })
          } catch {
            contents.unresolved[code] = error.error.description
          }
        }
      }
      sets.append(contents)
    }
    return MTGJSONContents(sets: sets)
  }
}
