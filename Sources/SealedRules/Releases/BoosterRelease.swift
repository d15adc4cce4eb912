import Foundation
import SealedSupport

/// The release of the field's booster data a command reads: the one shipped with Sealed, one
/// `sealed rules fetch` installed, or a file given by path.
///
/// Commands name it with `--data` (or their FILE argument), else `$SEALED_DATA`, else the
/// newest installed release, else the shipped one. The words: `shipped`, `newest` (the default),
/// `previous` (the release before the newest), an installed release's name (`sealed rules
/// releases` lists them), or the path of a file (mtg.wtf's compiled booster data or, where
/// the command reads MTGJSON, an MTGJSON file; `./shipped` for a file of that name).
package struct BoosterRelease: Sendable, Equatable {
  /// Which release.
  package enum Kind: Sendable, Equatable {
    case shipped
    case installed(InstalledRelease)
    case file
  }

  package var kind: Kind
  /// The file that holds its products.
  package var path: String
  /// How a command line names it again: `shipped`, the release's name, or the file's absolute path.
  package var reference: String
  /// How output names it: the shipped file's name (`sealed_basic_data_2025-07.json.gz`), the
  /// release's name, or the path as given.
  package var display: String
  /// How a rule file made from one of its products names it (`sealed rules import`'s header
  /// line), and so `run.csv`'s `booster_data`: the shipped file's name, an installed release's
  /// `label`, or a file's name.
  package var label: String

  /// The environment variable that names the release when a command is not told.
  package static let environmentVariable = "SEALED_DATA"
  /// The words that name a release rather than a file.
  package static let words = ["shipped", "newest", "previous"]

  /// The data shipped with Sealed (mtg.wtf's of July 2025).
  package static func shipped() throws(DataError) -> BoosterRelease {
    let name = CompiledBoosterData.shippedFileName
    return BoosterRelease(kind: .shipped, path: try CompiledBoosterData.shippedPath(), reference: "shipped", display: name, label: name)
  }

  /// An installed release.
  package static func installed(_ release: InstalledRelease) -> BoosterRelease {
    BoosterRelease(kind: .installed(release), path: release.dataPath, reference: release.name, display: release.name, label: release.label)
  }

  /// The release `reference` names (nil: `$SEALED_DATA`, else `newest`), from `store`.
  /// Throws a one-line `DataError` for a name that is neither a release nor an existing file.
  /// Cost: reading the store's `release.json` files; no product is read.
  package static func resolve(
    _ reference: String?, store: ReleaseStore = .fromEnvironment(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(DataError) -> BoosterRelease {
    let fromEnvironment = environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    let given = reference ?? fromEnvironment ?? "newest"
    let origin = reference != nil ? "" : fromEnvironment != nil ? " (\(environmentVariable))" : ""
    switch given {
    case "shipped":
      return try shipped()
    case "newest":
      if let newest = store.releases().first { return installed(newest) }
      return try shipped()
    case "previous":
      let releases = store.releases()
      guard !releases.isEmpty else {
        throw DataError("previous\(origin): no release is installed, so there is none before the newest; sealed rules fetch installs one")
      }
      if releases.count > 1 { return installed(releases[1]) }
      return try shipped()
    default:
      if let release = store.release(named: given) { return installed(release) }
      let looksLikePath = given.contains("/") || given.contains(".")
      guard FileManager.default.fileExists(atPath: given) else {
        if looksLikePath { throw DataError("no such file\(origin)", at: given) }
        let names = store.releases().map(\.name)
        let known = (words + names).joined(separator: ", ")
        throw DataError("\(given)\(origin): no such release or file; expected \(known) (sealed rules releases lists them) or the path of a file")
      }
      let absolute = URL(fileURLWithPath: given).standardizedFileURL.path
      return BoosterRelease(kind: .file, path: given, reference: absolute, display: given, label: (given as NSString).lastPathComponent)
    }
  }

  /// Its products, read as mtg.wtf's compiled booster data. Cost: reading and decoding the file
  /// (about 0.2 s for 538 products).
  package func read() throws(DataError) -> CompiledBoosterData {
    try CompiledBoosterData.read(path: path)
  }

  /// Whether it is the shipped data.
  package var isShipped: Bool { kind == .shipped }
}
