import Foundation
import SealedSupport

/// The card data shipped with Sealed for the sets the field's booster products name, beyond the
/// nine full Scryfall sets: `cards/field/` in the resources, one gzipped Scryfall-shaped file
/// per set (`<set>.json.gz`), composed from public MTGJSON and Scryfall extracts (the README
/// there names them).
///
/// Beside the files, a `ShippedSetIndex` (`sets.jsonl`) holds one line per set the field names,
/// with the facts of the sources' `index.csv`: `sealed sets` reads it instead of inflating 204
/// sets; a set's own file is inflated only when a command asks for that set.
package struct FieldCardData: Sendable {
  /// The folder's name inside the shipped `cards` folder.
  package static let folderName = "field"
  /// The ending of each set's file.
  package static let fileSuffix = ".json.gz"

  /// The folder.
  package let folder: String

  /// The field data in `folder`. Reads nothing.
  package init(folder: String) { self.folder = folder }

  /// The field folder inside a shipped `cards` folder.
  package init(shippedCards: String) {
    folder = (shippedCards as NSString).appendingPathComponent(Self.folderName)
  }

  /// The set codes with a file here, from the file names, sorted. Cost: one folder listing.
  package func setCodes() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(Self.fileSuffix) && !$0.hasPrefix(".") }
      .map { String($0.dropLast(Self.fileSuffix.count)).lowercased() }.sorted()
  }

  /// The file of one set.
  package func file(forSet code: String) -> String {
    (folder as NSString).appendingPathComponent("\(code.lowercased())\(Self.fileSuffix)")
  }

  /// The index of the field's sets.
  package var index: ShippedSetIndex { ShippedSetIndex(folder: folder) }
}
