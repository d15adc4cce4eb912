import Foundation
import SealedSupport
import SealedData

/// mtg.wtf's compiled booster data (`sealed_basic_data.json` of taw/magic-sealed-data, which
/// MTGJSON republishes): a list of products, each with weighted booster variants that draw a
/// number of cards from named sheets, and sheets of `set:number[:foil]` weights.
public struct CompiledBoosterData: Sendable {
  /// One product, named as the file names its fields: its name and code, the code and name of
  /// its set, its weighted booster variants and its sheets by name.
  public struct Product: Sendable, Decodable, Equatable {
    package var name: String
    package var code: String
    package var set_code: String
    package var set_name: String?
    package var boosters: [Booster]
    package var sheets: [String: Sheet]
    /// The sets whose cards the sheets name (the 2025 data has it; the 2023 file does not).
    package var source_set_codes: [String]?

    /// A product with the given fields.
    package init(
      name: String, code: String, set_code: String, set_name: String? = nil, boosters: [Booster],
      sheets: [String: Sheet], source_set_codes: [String]? = nil
    ) {
      self.name = name
      self.code = code
      self.set_code = set_code
      self.set_name = set_name
      self.boosters = boosters
      self.sheets = sheets
      self.source_set_codes = source_set_codes
    }
  }

  /// A booster variant: the cards it draws from each sheet, and its relative weight among the
  /// product's variants.
  package struct Booster: Sendable, Decodable, Equatable {
    /// Cards drawn from each sheet.
    package var sheets: [String: Int]
    package var weight: Double

    /// A variant drawing `sheets` with relative weight `weight`.
    package init(sheets: [String: Int], weight: Double) {
      self.sheets = sheets
      self.weight = weight
    }
  }

  /// A sheet, named as the file names its fields: card weights, and the flags `balance_colors`
  /// (a colour-balanced draw), `allow_duplicates` (draws may repeat a card) and `fixed` (every
  /// card in every booster, each weight a number of copies), with `total_weight` and `foil` as given.
  package struct Sheet: Sendable, Decodable, Equatable {
    /// Weight of each card, keyed `set:number` or `set:number:foil`.
    package var cards: [String: Double]
    package var total_weight: Double?
    package var balance_colors: Bool?
    package var allow_duplicates: Bool?
    package var fixed: Bool?
    package var foil: Bool?

    /// A sheet with the given card weights and flags (absent flags nil).
    package init(
      cards: [String: Double], total_weight: Double? = nil, balance_colors: Bool? = nil, allow_duplicates: Bool? = nil,
      fixed: Bool? = nil, foil: Bool? = nil
    ) {
      self.cards = cards
      self.total_weight = total_weight
      self.balance_colors = balance_colors
      self.allow_duplicates = allow_duplicates
      self.fixed = fixed
      self.foil = foil
    }

    /// The sets its cards belong to.
    package var sets: Set<String> { Set(cards.keys.compactMap { $0.split(separator: ":").first.map { String($0).lowercased() } }) }
  }

  /// The products, in the file's order. Changing them forgets `fileDigest`.
  public package(set) var products: [Product] { didSet { fileDigest = nil } }

  /// The SHA-256 of the file's bytes as read (before inflating), for data read from a file and
  /// not changed since; nil otherwise. What is cached from the data is keyed by it.
  package private(set) var fileDigest: String?

  /// Data holding `products`, in that order, read from a file with that digest, if any.
  package init(products: [Product], fileDigest: String? = nil) {
    self.products = products
    self.fileDigest = fileDigest
  }

  /// Reads the file, plain or gzipped. Throws a one-line `DataError` naming the file (and the
  /// product or field where the JSON does not have the compiled form). Cost: O(file size); the
  /// 4 MB file of 329 products parses in well under a second.
  package static func read(path: String) throws(DataError) -> CompiledBoosterData {
    try read(contents: try FileBytes.read(path), source: path)
  }

  /// The data in a file's bytes, plain or gzipped, `source` naming the file in errors; as
  /// `read(path:)`. Cost: O(bytes).
  public static func read(contents: Data, source: String) throws(DataError) -> CompiledBoosterData {
    let digest = SHA256.hex(of: contents)
    let data = Gzip.isCompressed(contents) ? try Gzip.inflate(contents, source: source) : contents
    let expected = "expected mtg.wtf's compiled booster data (a JSON array of products with boosters and sheets)"
    // A cut or garbled file is named by line and column, which the decoder does not give.
    try JSONSyntax.check(data, source: source, expected: expected)
    do {
      let products = try decodeProducts(data, source: source)
      guard !products.isEmpty else { throw DataError("no products (an empty array); \(expected)", at: source) }
      // A product is its code everywhere (patterns, report folders, findings): an empty one
      // named the run's own folder as the product's.
      if let index = products.firstIndex(where: { $0.code.trimmingCharacters(in: .whitespaces).isEmpty }) {
        throw DataError("product [\(index)] has an empty code; expected each product's code (\"war-draft\")", at: source)
      }
      if let repeated = firstRepeatedCode(products) {
        let codes = products[repeated.first].code == repeated.code
          ? "code \(quotedExcerpt(repeated.code))"
          : "codes \(quotedExcerpt(products[repeated.first].code)) and \(quotedExcerpt(repeated.code)), which differ only in case"
        throw DataError(
          "products [\(repeated.first)] and [\(repeated.second)] both have \(codes); expected each product's code once (patterns and report folders read codes in any case)",
          at: source)
      }
      return CompiledBoosterData(products: products, fileDigest: digest)
    } catch let error as DataError {
      throw DataError(error.message, at: error.location ?? source)
    } catch let error as DecodingError {
      let product = DecodingErrorMessage.elementField("code", at: error, in: data).map { " (product \(quotedExcerpt($0)))" } ?? ""
      let described = DecodingErrorMessage.describe(error)
      throw DataError("\(described)\(product); \(expected)\(mtgjsonHint(described, data))", at: source)
    } catch {
      throw DataError("cannot read the file (\(error))", at: source)
    }
  }

  /// Where an object stands at the top level, as in MTGJSON's files, which only some commands
  /// read (`--data` named one and heard only that an array was expected: a review), the way to
  /// use it. Cost: a look at the first bytes, on this error path only.
  private static func mtgjsonHint(_ message: String, _ data: Data) -> String {
    guard message.hasPrefix("expected a JSON array at the top level"),
      data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{")
    else { return "" }
    return "; an object at the top level, as MTGJSON's files have: sealed rules fetch --from FILE puts an MTGJSON file's products in place, or sealed rules import FILE --product CODE --out FILE.yaml writes one as rules"
  }

  /// The first code two products share, in any case, with their indexes in the file: `find`
  /// could not tell them apart, a run of every product would check one twice, and two codes
  /// that differ only in case would share a report folder (`WAR-draft` beside `war-draft`).
  static func firstRepeatedCode(_ products: [Product]) -> (code: String, first: Int, second: Int)? {
    var seen: [String: Int] = [:]
    for (index, product) in products.enumerated() {
      if let first = seen.updateValue(index, forKey: product.code.lowercased()) { return (product.code, first, index) }
    }
    return nil
  }

  /// The products of well-formed JSON, read product by product on every core when the top
  /// level is an array (the 538 products of the shipped data took half a second on one core,
  /// before anything else could start), as one array otherwise. Each product is read by
  /// `CompiledProductScanner`, or by `JSONDecoder` where the scanner leaves it. Throws the first
  /// product's error in the data's order, with the coding path the array's decoding would give
  /// it (`[3].sheets`), so the message is the same either way.
  private static func decodeProducts(_ data: Data, source: String) throws -> [Product] {
    let ranges = JSONArrayElements.ranges(in: data)
    guard let elements = ranges, elements.count > 1 else {
      let what = ranges?.count == 1 ? "product [0]" : nil
      if let found = RepeatedJSONKey.error(in: data, at: 0, of: data, what: what, source: source, expected: repeatedKeyExpectation) { throw found }
      return try JSONDecoder().decode([Product].self, from: data)
    }
    let start = data.startIndex
    let decoded = ParallelMap.map(elements.count) { index -> Result<Product, any Error> in
      let element = data[(start + elements[index].lowerBound)..<(start + elements[index].upperBound)]
      if let product = element.withUnsafeBytes(CompiledProductScanner.product(in:)) { return .success(product) }
      // (The scanner leaves a key written twice to the decoder, which keeps the first value.)
      let offset = elements[index].lowerBound
      let what = "product [\(index)]"
      if let found = RepeatedJSONKey.error(in: element, at: offset, of: data, what: what, source: source, expected: repeatedKeyExpectation) {
        return .failure(found)
      }
      return Result { try JSONDecoder().decode(Product.self, from: element) }
    }
    return try decoded.enumerated().map { index, result in
      do {
        return try result.get()
      } catch let error as DecodingError {
        throw DecodingErrorMessage.prefixing(error, index: index)
      }
    }
  }

  /// What a key written twice breaks.
  static let repeatedKeyExpectation = " (JSON readers differ on which of the two values they keep)"

  /// The product with this code. Cost: O(products).
  package func product(_ code: String) throws(DataError) -> Product {
    try find(code).product
  }

  /// The product with this code, or the one that took its place when mtg.wtf renamed its
  /// products in 2024 (`war` became `war-draft`, `me1` became `me1-mtgo`), with a note that
  /// says so. Throws a one-line `DataError` that names the set's products when there is none.
  package func find(_ code: String) throws(DataError) -> (product: Product, note: String?) {
    let code = code.lowercased()
    if let product = products.first(where: { $0.code == code }) { return (product, nil) }
    for (suffix, what) in Self.renamedSuffixes {
      if let product = products.first(where: { $0.code == code + suffix && $0.set_code.lowercased() == code }) {
        return (product, "product \(code) is \(product.code) in this data (mtg.wtf renamed its \(what) SET\(suffix) in 2024)")
      }
    }
    let set = code.split(separator: "-").first.map(String.init) ?? code
    let near = products.filter { $0.set_code.lowercased() == set }.map(\.code).prefix(12)
    throw DataError(
      "no product \"\(code)\" in the data (\(products.count) products)\(near.isEmpty ? "" : "; products of set \(set): \(near.joined(separator: ", "))"); sealed rules import --list lists them")
  }

  /// The suffixes an old product code may have gained, in the order they are tried, and what
  /// they name.
  package static let renamedSuffixes = [("-draft", "draft boosters"), ("-mtgo", "Magic Online products")]

  /// The name of the data file shipped with Sealed (mtg.wtf's data of July 2025).
  package static let shippedFileName = "sealed_basic_data_2025-07.json.gz"

  /// The path of the shipped data, or a one-line error when the resource is missing.
  package static func shippedPath() throws(DataError) -> String {
    try BundledResources.path(folder: "boosters", file: shippedFileName)
  }

  /// The findings of `sealed check-products` and `sealed rules lint` over the shipped data
  /// with the shipped card data (what `--baseline shipped` names): the July 2025 release's
  /// known findings, so that a run over it fails only on what is new.
  package static let shippedBaselineFileName = "sealed_basic_data_2025-07.findings.csv"

  /// Where the shipped baseline is.
  package static func shippedBaselinePath() throws(DataError) -> String {
    try BundledResources.path(folder: "boosters", file: shippedBaselineFileName)
  }

  /// The shipped data (538 products). Cost: about 0.2 s (inflating and decoding 3.5 MB).
  package static func shipped() throws(DataError) -> CompiledBoosterData {
    try read(path: shippedPath())
  }
}
