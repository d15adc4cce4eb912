import Foundation
import SealedSupport
import SealedRules

/// The spec a product of the field's data is held to besides its rules' own checks: the spec
/// file named after its code in a folder of specs (`--specs DIR`: `DIR/mkm-play.yaml`), else
/// the built-in spec of that name if Sealed ships one (a folder of specs for other products
/// once took otj-play's published odds away without a word). Products without one are checked
/// on their rules alone.
package struct ProductSpec: Sendable {
  /// What `sealed check --spec` takes to load it again: the file's path or the built-in name.
  package var argument: String
  package var definition: SpecDefinition

  /// The specs of `products` that have one, by lowercase code. Throws the spec's one-line
  /// `DataError` when a spec file does not parse (checked before any product runs), and when a
  /// file of the folder (`.yaml` or `.yml`, its name in any case) names no product of the
  /// release (`releaseCodes`) or the same product as another file: a misnamed spec was once
  /// ignored without a word. Cost: listing the folder and parsing the specs found.
  package static func load(
    for products: [CompiledBoosterData.Product], folder: String?, releaseCodes: [String] = []
  ) throws(DataError) -> [String: ProductSpec] {
    var files: [String: String] = [:]
    if let folder { files = try specFiles(in: folder, releaseCodes: releaseCodes) }
    var specs: [String: ProductSpec] = [:]
    for product in products {
      let code = product.code.lowercased()
      if let path = files[code] {
        specs[code] = ProductSpec(argument: path, definition: try SpecLoader.load(path))
      } else if SpecLoader.builtInNames.contains(code) {
        specs[code] = ProductSpec(argument: code, definition: try SpecLoader.builtIn(code))
      }
    }
    return specs
  }

  /// Sealed's built-in specs of products (`mkm-play`; not the `sealed` rules' spec) that
  /// `patterns` pick and the release holds no product for: their claims go unchecked, which a
  /// run says (a release that lost mkm-play and blb-play passed without a word: a review).
  /// Sorted. Cost: a pass over the built-in names.
  package static func builtInsWithoutProduct(releaseCodes: [String], patterns: [String]) -> [String] {
    let codes = Set(releaseCodes.map { $0.lowercased() })
    return SpecLoader.builtInNames.filter { name in
      name.contains("-") && !codes.contains(name) && ProductPattern.picks(name, patterns: patterns)
    }.sorted()
  }

  /// The spec files of `folder` by the lowercase product code their names give.
  static func specFiles(in folder: String, releaseCodes: [String]) throws(DataError) -> [String: String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else {
      throw DataError("--specs: expected a folder of spec files named after products (mkm-play.yaml)", at: folder)
    }
    let codes = Set(releaseCodes.map { $0.lowercased() })
    var files: [String: String] = [:]
    for name in names.sorted() {
      let url = URL(fileURLWithPath: name)
      guard ["yaml", "yml"].contains(url.pathExtension.lowercased()) else { continue }
      let code = url.deletingPathExtension().lastPathComponent.lowercased()
      let path = (folder as NSString).appendingPathComponent(name)
      if let other = files[code] {
        throw DataError(
          "--specs: \(quotedExcerpt(name)) and \(quotedExcerpt((other as NSString).lastPathComponent)) both name product \(code); expected one spec file per product", at: folder)
      }
      guard codes.isEmpty || codes.contains(code) else {
        throw DataError(
          "--specs: \(quotedExcerpt(name)) names no product of the release; expected spec files named after products' codes (mkm-play.yaml; sealed rules import --list lists them)",
          at: folder)
      }
      files[code] = path
    }
    return files
  }
}
