import Foundation
import SealedSupport
import SealedTestSupport
import Testing

@testable import SealedRules

/// `CompiledProductScanner` reads the products of compiled booster data as `JSONDecoder`
/// decodes them, and leaves to the decoder what it cannot read exactly so.
@Suite struct CompiledProductScannerTests {
  typealias Product = CompiledBoosterData.Product

  static func decoded(_ text: String) throws -> Product {
    try JSONDecoder().decode(Product.self, from: Data(text.utf8))
  }

  static func scanned(_ text: String) -> Product? {
    scanned(Array(text.utf8))
  }

  static func scanned(_ bytes: [UInt8]) -> Product? {
    bytes.withUnsafeBytes(CompiledProductScanner.product(in:))
  }

  /// The products of a data file, each decoded by `JSONDecoder` alone.
  static func decodedProducts(path: String) throws -> [(bytes: Data, product: Product)] {
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    if Gzip.isCompressed(data) { data = try Gzip.inflate(data, source: path) }
    let elements = try #require(JSONArrayElements.ranges(in: data))
    return try elements.map { range in
      let bytes = data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
      return (bytes, try JSONDecoder().decode(Product.self, from: bytes))
    }
  }

  /// Every product of the shipped data of July 2025 and of the data of May 2023: the scanner
  /// reads each, as the decoder does, and `CompiledBoosterData.read` gives the same products.
  @Test(arguments: [Fixtures.shippedBoosters, Fixtures.boosters2023])
  func readsEveryProductOfTheFieldsDataAsTheDecoderDoes(_ path: String) throws {
    let products = try Self.decodedProducts(path: path)
    #expect(products.count > 300)
    for (bytes, product) in products {
      let scanned = try #require(bytes.withUnsafeBytes(CompiledProductScanner.product(in:)), "\(product.code)")
      #expect(scanned == product, "\(product.code)")
    }
    #expect(try CompiledBoosterData.read(path: path).products == products.map(\.product))
  }

  static let sample = #"""
    {"name":"War \"of\" the Spark \u00e9\ud83d\ude00","code":"war-draft","set_code":"WAR","set_name":null,
     "boosters":[{"sheets":{"common":10,"rare":1},"weight":3,"note":[1,{"a":"]"}]},{"sheets":{},"weight":0.25e1}],
     "sheets":{"common":{"cards":{"war:1":1,"war:2":2.5,"war:3:foil":1E-2},"balance_colors":true,"total_weight":3.51},
               "rare":{"cards":{},"foil":false,"fixed":null,"allow_duplicates":true,"extra":{}}},
     "source_set_codes":["war"],"unknown":"x"}
    """#

  /// Escapes (a surrogate pair among them), nulls, keys it does not keep, numbers in their
  /// forms, optional fields absent and present.
  @Test func readsWhatTheDecoderReads() throws {
    let scanned = try #require(Self.scanned(Self.sample))
    #expect(scanned == (try Self.decoded(Self.sample)))
    #expect(scanned.name == "War \"of\" the Spark é😀")
    #expect(scanned.boosters.map(\.weight) == [3, 2.5])
    #expect(scanned.sheets["common"]?.cards["war:3:foil"] == 0.01)
    #expect(scanned.sheets["rare"]?.allow_duplicates == true && scanned.sheets["rare"]?.fixed == nil)
    let plain = #" {"name":"A","code":"a","set_code":"a","boosters":[],"sheets":{}} "#
    #expect(Self.scanned(plain) == (try Self.decoded(plain)))
  }

  /// Random one-byte changes to a product: wherever the scanner reads the text, the decoder
  /// reads it to the same product; wherever the decoder refuses it, the scanner leaves it.
  @Test func agreesWithTheDecoderOnRandomChanges() {
    let alphabet = Array("{}[]\",:0123456789.eE+-tfnul \\u\n".utf8) + [0x00, 0x1F, 0xC3]
    var read = 0
    for changed in OneByteChanges(of: Array(Self.sample.utf8), alphabet: alphabet, count: 4000, seed: 5) {
      // The data's syntax is checked before its products are read (`JSONSyntax.check`).
      guard (try? JSONSyntax.check(Data(changed), source: "product", expected: "a product")) != nil else { continue }
      let decoded = try? JSONDecoder().decode(Product.self, from: Data(changed))
      guard let scanned = Self.scanned(changed) else { continue }
      read += 1
      #expect(scanned == decoded, "\(String(decoding: changed, as: UTF8.self))")
    }
    #expect(read > 1000)
  }

  /// A booster's counts in the forms JSON allows: the scanner reads plain integers as the
  /// decoder does, and leaves every other form (`1.0`, `1e0`, `-0`, beyond 18 digits) to it.
  @Test(arguments: [
    ("1", true), ("0", true), ("-3", true), ("123456789012345678", true), ("1.0", false), ("1e0", false),
    ("-0", false), ("1234567890123456789", false), ("12345678901234567890", false), ("1.5", false), ("01", false),
  ])
  func readsCountsAsTheDecoderDoes(_ count: String, _ scannerReads: Bool) {
    let text = #"{"name":"A","code":"a","set_code":"a","boosters":[{"sheets":{"s":"# + count + #"},"weight":1}],"sheets":{}}"#
    let scanned = Self.scanned(text)
    #expect((scanned != nil) == scannerReads)
    if let scanned { #expect(scanned == (try? Self.decoded(text))) }
  }

  /// What the scanner leaves to the decoder, which decodes it or says what is wrong.
  @Test(arguments: [
    #"{"code":"a","set_code":"a","boosters":[],"sheets":{}}"#,  // a field missing
    #"{"name":null,"code":"a","set_code":"a","boosters":[],"sheets":{}}"#,  // a required field null
    #"{"name":"A","code":3,"set_code":"a","boosters":[],"sheets":{}}"#,  // a field of the wrong type
    #"{"name":"A","code":"a","set_code":"a","boosters":[{"sheets":{}}],"sheets":{}}"#,  // a weight missing
    #"{"name":"A","code":"a","set_code":"a","boosters":[],"sheets":{"s":{"cards":{"a:1":"1"}}}}"#,
    #"{"name":"A","code":"a","set_code":"a","boosters":[],"sheets":{"s":{"cards":{},"foil":1}}}"#,
    #"{"name":"A","code":"a","set_code":"a","boosters":[],"sheets":{"s":{"cards":{"a:1":1,"a:1":2}}}}"#,
    #"{"name":"A","name":"B","code":"a","set_code":"a","boosters":[],"sheets":{}}"#,  // a key written twice
    #"{"na\u006de":"A","code":"a","set_code":"a","boosters":[],"sheets":{}}"#,  // a key with an escape
    #"{"name":"\ud800","code":"a","set_code":"a","boosters":[],"sheets":{}}"#,  // a lone surrogate
    #"{"name":"A","code":"a","set_code":"a","boosters":[{"sheets":{},"weight":1e400}],"sheets":{}}"#,
    #"{"name":"A","code":"a","set_code":"a","boosters":[],"sheets":{}} x"#,
    #"[]"#,
  ])
  func leavesToTheDecoder(_ text: String) {
    #expect(Self.scanned(text) == nil)
  }

  /// A product the scanner leaves fails as before, with the decoder's error naming the product
  /// and field.
  @Test func aProductTheScannerLeavesGivesTheDecodersError() throws {
    let dir = try Fixtures.temporaryDirectory("product-scanner-fallback")
    let path = dir.appendingPathComponent("boosters.json").path
    let good = #"{"name":"A","code":"a","set_code":"a","boosters":[],"sheets":{}}"#
    let bad = #"{"name":"B","code":"b","set_code":"b","boosters":[],"sheets":{"s":{"cards":{"b:1":"x"}}}}"#
    try "[\(good),\(bad)]".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: DataError.self) { try CompiledBoosterData.read(path: path) }
    do {
      _ = try CompiledBoosterData.read(path: path)
    } catch {
      #expect(
        error.description
          == "\(path): field [1].sheets.s.cards.b:1: expected a number (product \"b\"); expected mtg.wtf's compiled booster data (a JSON array of products with boosters and sheets)"
      )
    }
  }
}
