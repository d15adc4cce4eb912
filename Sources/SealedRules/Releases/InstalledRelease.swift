import Foundation
import SealedSupport

/// A data release installed by `sealed rules fetch`: its folder in the release store and what
/// its `release.json` says of it (where it came from, when, its digest, what it holds).
package struct InstalledRelease: Sendable, Equatable {
  /// What `release.json` records.
  package struct About: Codable, Sendable, Equatable {
    /// The release's name, its folder's: `mtgwtf-` or `mtgjson-` and the first 8 hex digits of
    /// the download's SHA-256 (`mtgwtf-3f2a9c1b`).
    package var name: String
    /// What the download was: "mtg.wtf compiled booster data" or "MTGJSON".
    package var form: String
    /// Where it was fetched from: the address, or the absolute path of a local file.
    package var source: String
    /// The SHA-256 of the bytes downloaded (as served: gzipped or not).
    package var sha256: String
    /// How many bytes were downloaded.
    package var bytes: Int64
    /// How many products it holds.
    package var products: Int
    /// When it was first fetched (ISO 8601, UTC, seconds).
    package var fetched_at: String
    /// When it was last fetched, which orders the releases: the newest is the one in use.
    /// ISO 8601 with fractional seconds.
    package var chosen_at: String
    /// The Sealed version that fetched it.
    package var sealed_version: String

    package init(
      name: String, form: String, source: String, sha256: String, bytes: Int64, products: Int, fetched_at: String,
      chosen_at: String, sealed_version: String
    ) {
      (self.name, self.form, self.source, self.sha256, self.bytes) = (name, form, source, sha256, bytes)
      (self.products, self.fetched_at, self.chosen_at, self.sealed_version) = (products, fetched_at, chosen_at, sealed_version)
    }
  }

  /// The release's folder.
  package var folder: String
  package var about: About

  /// The release `about` describes in `folder` (which need not exist yet: a release about to
  /// be put in place).
  package init(folder: String, about: About) {
    self.folder = folder
    self.about = about
  }

  /// The file of its products: mtg.wtf's compiled booster data, gzipped (an MTGJSON file's
  /// products converted to that form).
  package var dataPath: String { (folder as NSString).appendingPathComponent(InstalledRelease.dataFileName) }
  /// The rules diff report against the release it replaced, if one was written.
  package var diffPath: String { (folder as NSString).appendingPathComponent("diff") }
  package var name: String { about.name }

  /// What names the release where its products are used: in the rule file a product becomes
  /// (`# Written by sealed rules import from LABEL: ...`), and so in run.csv's `booster_data`.
  /// "mtgwtf-3f2a9c1b: fetched 2026-05-14T10:22:31Z from URL, sha256 HEX".
  package var label: String {
    "\(about.name): fetched \(about.fetched_at) from \(about.source), sha256 \(about.sha256)"
  }

  /// `release.json`'s name.
  package static let aboutFileName = "release.json"
  /// The products' file name.
  package static let dataFileName = "products.json.gz"

  /// The name a download of `form` with digest `sha256` gets.
  package static func name(compiled: Bool, sha256: String) -> String {
    (compiled ? "mtgwtf-" : "mtgjson-") + sha256.prefix(8)
  }

  /// Reads the release in `folder`; nil when its `release.json` is missing or not Sealed's
  /// (a folder left half-made by hand is not a release).
  package static func read(folder: String) -> InstalledRelease? {
    let path = (folder as NSString).appendingPathComponent(aboutFileName)
    guard let data = FileManager.default.contents(atPath: path),
      let about = try? JSONDecoder().decode(About.self, from: data),
      about.name == (folder as NSString).lastPathComponent
    else { return nil }
    return InstalledRelease(folder: folder, about: about)
  }

  /// `release.json`'s bytes: sorted keys, one field a line, so that a person can read it.
  package static func encoded(_ about: About) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return ((try? encoder.encode(about)) ?? Data()) + Data("\n".utf8)
  }

  /// A moment as `chosen_at` writes it: ISO 8601, UTC, the millisecond it falls in.
  package static func preciseTimestamp(_ date: Date) -> String {
    UTCTimestamp.milliseconds(date)
  }

  /// A moment as `fetched_at` writes it: ISO 8601, UTC, the second it falls in.
  package static func timestamp(_ date: Date) -> String {
    UTCTimestamp.seconds(date)
  }
}
