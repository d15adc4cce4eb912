import Foundation
import SealedSupport
import SealedRules

/// A set's `booster` object in MTGJSON: products by name (`default`, `arena`, `collector`,
/// `play`, ...), each mtg.wtf's compiled product again with cards named by MTGJSON uuid.
struct MTGJSONBoosterProduct: Decodable, Sendable {
  struct Booster: Decodable, Sendable {
    var contents: [String: Int]
    var weight: Double
  }

  struct Sheet: Decodable, Sendable {
    var cards: [String: Double]
    var totalWeight: Double?
    var foil: Bool?
    var balanceColors: Bool?
    var allowDuplicates: Bool?
    var fixed: Bool?
  }

  var boosters: [Booster]
  var boostersTotalWeight: Double?
  var name: String?
  var sheets: [String: Sheet]

  /// Every uuid its sheets name.
  var uuids: Set<String> { Set(sheets.values.flatMap(\.cards.keys)) }

  /// Reads a set's booster object. Throws a one-line `DataError` at `location` naming the
  /// product and field that is not of MTGJSON's form.
  static func products(from bytes: [UInt8], location: String) throws(DataError) -> [String: MTGJSONBoosterProduct] {
    do {
      return try JSONDecoder().decode([String: MTGJSONBoosterProduct].self, from: Data(bytes))
    } catch {
      throw DataError(
        "booster: \(DecodingErrorMessage.describe(error, quoted: true)); expected MTGJSON's booster object (products with boosters and sheets of uuids)",
        at: location)
    }
  }

  /// The product as mtg.wtf's compiled data writes it (`set:number[:foil]` keys), with `key`
  /// naming each uuid's card; `code` and `setCode` name the product and its set.
  ///
  /// Goes through mtg.wtf's published JSON form, which `CompiledBoosterData.Product` decodes:
  /// the one place where the two forms meet, so that a change of that struct needs no change
  /// here. Throws when a uuid has no key (naming the sheet and the uuid, `namesMissingCards`).
  func compiledProduct(
    code: String, setCode: String, setName: String, key: (String) -> String?
  ) throws(ConversionError) -> CompiledBoosterData.Product {
    var sheetObjects: [String: Any] = [:]
    for (sheetName, sheet) in sheets.sorted(by: { $0.key < $1.key }) {
      var cards: [String: Double] = [:]
      var missing: [String] = []
      for (uuid, weight) in sheet.cards {
        guard let card = key(uuid) else {
          missing.append(uuid)
          continue
        }
        let finished = sheet.foil == true ? card + ":foil" : card
        cards[finished, default: 0] += weight
      }
      if let first = missing.min() {
        throw ConversionError(
          error: DataError(
            "product \(code): sheet \(sheetName) names \(missing.count) card\(missing.count == 1 ? "" : "s") not in the file (uuid \(first)\(missing.count > 1 ? " and others" : ""))"),
          namesMissingCards: true)
      }
      var object: [String: Any] = ["cards": cards, "total_weight": sheet.totalWeight ?? cards.values.reduce(0, +)]
      if let flag = sheet.foil { object["foil"] = flag }
      if let flag = sheet.balanceColors { object["balance_colors"] = flag }
      if let flag = sheet.allowDuplicates { object["allow_duplicates"] = flag }
      if let flag = sheet.fixed { object["fixed"] = flag }
      sheetObjects[sheetName] = object
    }
    let product: [String: Any] = [
      "name": name ?? "\(setName) \(code.drop { $0 != "-" }.dropFirst()) booster",
      "code": code,
      "set_code": setCode,
      "set_name": setName,
      "boosters": boosters.map { ["sheets": $0.contents, "weight": $0.weight] as [String: Any] },
      "sheets": sheetObjects,
    ]
    do {
      let data = try JSONSerialization.data(withJSONObject: product, options: [.sortedKeys])
      return try JSONDecoder().decode(CompiledBoosterData.Product.self, from: data)
    } catch {
      throw ConversionError(
        error: DataError("product \(code): \(DecodingErrorMessage.describe(error, quoted: true)); the product does not convert to mtg.wtf's form"),
        namesMissingCards: false)
    }
  }

  /// Why a product does not convert to mtg.wtf's form.
  struct ConversionError: Error {
    /// The one-line message, naming the product.
    var error: DataError
    /// Whether a sheet names cards the file does not hold (in a file of one set: another set's).
    var namesMissingCards: Bool
  }
}
