import Foundation
import SealedSupport
import SealedRules

/// The spec a product of the field's data is held to besides its rules' own checks: the spec
/// file named after its code in a folder of specs (`--specs DIR`: `DIR/mkm-play.yaml`), else
/// without a folder the built-in spec of that name if Sealed ships one. Products without one
/// are checked on their rules alone.
package struct ProductSpec: Sendable {
  /// What `sealed check --spec` takes to load it again: the file's path or the built-in name.
  package var argument: String
  package var definition: SpecDefinition

  /// The specs of `products` that have one, by lowercase code. Throws the spec's one-line
  /// `DataError` when a spec file does not parse (checked before any product runs). Cost: a
  /// `stat` per product and parsing the specs found.
  package static func load(for products: [CompiledBoosterData.Product], folder: String?) throws(DataError) -> [String: ProductSpec] {
    if let folder {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw DataError("--specs: expected a folder of spec files named after products (mkm-play.yaml)", at: folder)
      }
    }
    var specs: [String: ProductSpec] = [:]
    for product in products {
      let code = product.code.lowercased()
      if let folder {
        let path = (folder as NSString).appendingPathComponent("\(code).yaml")
        guard FileManager.default.fileExists(atPath: path) else { continue }
        specs[code] = ProductSpec(argument: path, definition: try SpecLoader.load(path))
      } else if SpecLoader.builtInNames.contains(code) {
        specs[code] = ProductSpec(argument: code, definition: try SpecLoader.builtIn(code))
      }
    }
    return specs
  }
}
