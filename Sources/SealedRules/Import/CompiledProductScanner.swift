import Foundation
import SealedSupport

/// Reads one product of mtg.wtf's compiled booster data straight from its bytes, where
/// `JSONDecoder` builds every value and looks each key up through its containers: reading the
/// shipped data's 538 products (3.5 MB of JSON, most of it sheets' card weights) took half the
/// samples it took with the decoder (`sealed check-products`, docs/speed.md).
///
/// It reads only what it can read exactly as `JSONDecoder` would, and gives nil for anything
/// else (see `JSONByteScanner`): a field missing or of the wrong type, a key written twice or
/// holding an escape or anything but printable ASCII, a string that is not valid UTF-8 or holds
/// a lone surrogate, a number beyond a `Double`, a count written other than as a plain integer
/// (`1.0`, `1e0`), anything after the object. The caller then decodes the product with
/// `JSONDecoder`, whose errors name the product and field, so what a file gives, products or an
/// error, does not depend on this reader. Cost: one pass over the product's bytes.
enum CompiledProductScanner {
  /// The product `bytes` hold (one JSON object, whitespace around it), as `JSONDecoder` decodes
  /// it; nil when they hold anything this reader leaves to `JSONDecoder`.
  static func product(in bytes: UnsafeRawBufferPointer) -> CompiledBoosterData.Product? {
    var scanner = JSONByteScanner(bytes: bytes.bindMemory(to: UInt8.self))
    guard let product = scanner.compiledProduct() else { return nil }
    scanner.skipWhitespace()
    return scanner.isAtEnd ? product : nil
  }
}

extension JSONByteScanner {
  /// One product object, or nil.
  mutating func compiledProduct() -> CompiledBoosterData.Product? {
    var name: String?
    var code: String?
    var setCode: String?
    var setName: String?
    var boosters: [CompiledBoosterData.Booster]?
    var sheets: [String: CompiledBoosterData.Sheet]?
    var sourceSetCodes: [String]?
    let complete = object { scanner, key in
      switch key {
      case "name": return scanner.required(&name) { $0.string() }
      case "code": return scanner.required(&code) { $0.string() }
      case "set_code": return scanner.required(&setCode) { $0.string() }
      case "set_name": return scanner.optionalString(&setName)
      case "boosters": return scanner.required(&boosters) { $0.elementsRead { $0.compiledBooster() } }
      case "sheets": return scanner.required(&sheets) { $0.dictionaryRead { $0.compiledSheet() } }
      case "source_set_codes": return scanner.optionalStringArray(&sourceSetCodes)
      default: return scanner.skipValue()
      }
    }
    guard complete, let name, let code, let setCode, let boosters, let sheets else { return nil }
    return CompiledBoosterData.Product(
      name: name, code: code, set_code: setCode, set_name: setName, boosters: boosters, sheets: sheets,
      source_set_codes: sourceSetCodes)
  }

  /// One booster variant, or nil.
  mutating func compiledBooster() -> CompiledBoosterData.Booster? {
    var sheets: [String: Int]?
    var weight: Double?
    let complete = object { scanner, key in
      switch key {
      case "sheets": return scanner.required(&sheets) { $0.dictionaryRead { $0.integer() } }
      case "weight": return scanner.required(&weight) { $0.number() }
      default: return scanner.skipValue()
      }
    }
    guard complete, let sheets, let weight else { return nil }
    return CompiledBoosterData.Booster(sheets: sheets, weight: weight)
  }

  /// One sheet, or nil.
  mutating func compiledSheet() -> CompiledBoosterData.Sheet? {
    var cards: [String: Double]?
    var sheet = CompiledBoosterData.Sheet(cards: [:])
    let complete = object { scanner, key in
      switch key {
      case "cards": return scanner.required(&cards) { $0.dictionaryRead { $0.number() } }
      case "total_weight": return scanner.optionalDouble(&sheet.total_weight)
      case "balance_colors": return scanner.optionalBool(&sheet.balance_colors)
      case "allow_duplicates": return scanner.optionalBool(&sheet.allow_duplicates)
      case "fixed": return scanner.optionalBool(&sheet.fixed)
      case "foil": return scanner.optionalBool(&sheet.foil)
      default: return scanner.skipValue()
      }
    }
    guard complete, let cards else { return nil }
    sheet.cards = cards
    return sheet
  }

  /// `JSONByteScanner.dictionary` made in this module, so that the compiler specializes it for
  /// each value type: SealedSupport's, called from here, ran unspecialized, looking its value
  /// type's metadata up on every call (with `elementsRead`, 3% of the listing's samples).
  private mutating func dictionaryRead<Value>(_ element: (inout JSONByteScanner) -> Value?) -> [String: Value]? {
    var dictionary: [String: Value] = [:]
    let complete = members { scanner, key in
      guard dictionary[key] == nil, let value = element(&scanner) else { return false }
      dictionary[key] = value
      return true
    }
    return complete ? dictionary : nil
  }

  /// `JSONByteScanner.elements` made in this module (see `dictionaryRead`).
  private mutating func elementsRead<Element>(_ element: (inout JSONByteScanner) -> Element?) -> [Element]? {
    var read: [Element] = []
    let complete = array { scanner in
      guard let value = element(&scanner) else { return false }
      read.append(value)
      return true
    }
    return complete ? read : nil
  }

  /// A value that may not be `null`, read by `read` into `value`; false when it fails.
  private mutating func required<Value>(_ value: inout Value?, _ read: (inout JSONByteScanner) -> Value?) -> Bool {
    value = read(&self)
    return value != nil
  }
}
