import Foundation

/// mtg.wtf's compiled booster data (`sealed_basic_data.json` of taw/magic-sealed-data, which
/// MTGJSON republishes): a list of products, each with weighted booster variants that draw a
/// number of cards from named sheets, and sheets of `set:number[:foil]` weights.
public struct CompiledBoosterData: Sendable {
  public struct Product: Sendable, Decodable {
    public var name: String
    public var code: String
    public var set_code: String
    public var set_name: String?
    public var boosters: [Booster]
    public var sheets: [String: Sheet]
  }

  public struct Booster: Sendable, Decodable {
    /// Cards drawn from each sheet.
    public var sheets: [String: Int]
    public var weight: Double
  }

  public struct Sheet: Sendable, Decodable {
    /// Weight of each card, keyed `set:number` or `set:number:foil`.
    public var cards: [String: Double]
    public var total_weight: Double?
    public var balance_colors: Bool?
    public var allow_duplicates: Bool?
    public var fixed: Bool?
    public var foil: Bool?

    /// The sets its cards belong to.
    public var sets: Set<String> { Set(cards.keys.compactMap { $0.split(separator: ":").first.map { String($0).lowercased() } }) }
  }

  public var products: [Product]

  /// Reads the file. Throws a one-line `DataError` naming the file (and the product or field
  /// where the JSON does not have the compiled form). Cost: O(file size); the 4 MB file of 329
  /// products parses in well under a second.
  public static func read(path: String) throws(DataError) -> CompiledBoosterData {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DataError("cannot read the file (\(systemErrorReason(error)))", at: path)
    }
    do {
      return CompiledBoosterData(products: try JSONDecoder().decode([Product].self, from: data))
    } catch let error as DecodingError {
      throw DataError(describe(error, data: data), at: path)
    } catch {
      throw DataError("cannot read the file (\(error))", at: path)
    }
  }

  private static func describe(_ error: DecodingError, data: Data) -> String {
    let expected = "expected mtg.wtf's compiled booster data (a JSON array of products with boosters and sheets)"
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "malformed JSON; \(expected)"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      let place = path.isEmpty ? "the top" : String(path.drop(while: { $0 == "." }))
      return "at \(place): \(context.debugDescription); \(expected)"
    @unknown default:
      return expected
    }
  }

  /// The product with this code.
  public func product(_ code: String) throws(DataError) -> Product {
    if let product = products.first(where: { $0.code == code }) { return product }
    let near = products.map(\.code).filter { $0.hasPrefix(code.prefix(3)) }.prefix(8)
    throw DataError(
      "no product \"\(code)\" in the data (\(products.count) products)\(near.isEmpty ? "" : "; products of that set: \(near.joined(separator: ", "))"); sealed rules import FILE --list lists them")
  }
}
