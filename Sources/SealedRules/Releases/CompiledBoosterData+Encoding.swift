import Foundation

extension CompiledBoosterData {
  /// The products as mtg.wtf's compiled booster data writes them: a JSON array of products,
  /// keys sorted, whole weights as integers (they reach 177,008,370,000,000, exact in a
  /// Double), absent flags left out. `read` gives the same products back. Used to install an
  /// MTGJSON file's products as a release. Cost: O(cards listed).
  package func encodedJSON() -> Data {
    let array = products.map(Self.object(of:))
    return (try? JSONSerialization.data(withJSONObject: array, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
  }

  private static func object(of product: Product) -> [String: Any] {
    var object: [String: Any] = [
      "name": product.name, "code": product.code, "set_code": product.set_code,
      "boosters": product.boosters.map { booster in ["sheets": booster.sheets, "weight": number(booster.weight)] as [String: Any] },
      "sheets": product.sheets.mapValues(object(of:)),
    ]
    if let name = product.set_name { object["set_name"] = name }
    if let sets = product.source_set_codes { object["source_set_codes"] = sets }
    return object
  }

  private static func object(of sheet: Sheet) -> [String: Any] {
    var object: [String: Any] = ["cards": sheet.cards.mapValues(number)]
    if let total = sheet.total_weight { object["total_weight"] = number(total) }
    if let flag = sheet.balance_colors { object["balance_colors"] = flag }
    if let flag = sheet.allow_duplicates { object["allow_duplicates"] = flag }
    if let flag = sheet.fixed { object["fixed"] = flag }
    if let flag = sheet.foil { object["foil"] = flag }
    return object
  }

  /// A weight as an integer when it is whole (and fits), else as it is.
  private static func number(_ value: Double) -> Any {
    value == value.rounded() && abs(value) < 9.0e15 ? Int64(value) : value
  }
}
