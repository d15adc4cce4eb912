import Foundation
import SealedSupport

/// Releases of mtg.wtf's compiled booster data for the tests of `sealed rules fetch`: small
/// ones cut from the shipped file (an older and a newer, the newer with a product added and
/// one changed as mtg.wtf changed otj-play's List), and the full newer release that
/// `scripts/make-newer-release.py` writes (Tests/Fixtures/mtgwtf/sealed_basic_data_newer.json.gz).
package enum ReleaseFixtures {
  /// The newer release: the shipped data with otj-play's `the_list` as mtg.wtf's otj/play.yaml
  /// (4f146ee) weighs it, and otj-play-arena added (539 products).
  package static let newer: String = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgwtf/sealed_basic_data_newer.json.gz").path

  /// The products of the gzipped compiled file `path` with these codes, as JSON objects, in the
  /// file's order.
  package static func products(_ codes: Set<String>, of path: String) throws -> [[String: Any]] {
    let data = try Gzip.inflate(Data(contentsOf: URL(fileURLWithPath: path)), source: path)
    let all = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
    return all.filter { codes.contains($0["code"] as! String) }
  }

  /// war-draft, dom-draft and otj-play as the shipped data has them.
  package static func older() throws -> Data {
    try JSONSerialization.data(withJSONObject: products(["war-draft", "dom-draft", "otj-play"], of: Fixtures.shippedBoosters), options: [.sortedKeys])
  }

  /// The same products of `newer`: otj-play changed (its List weighed Big Score 118 : Special
  /// Guests 10, 59 and 15 a card, as mtg.wtf's newer otj/play.yaml has it) and otj-play-arena added.
  package static func newerSmall() throws -> Data {
    try JSONSerialization.data(
      withJSONObject: products(["war-draft", "dom-draft", "otj-play", "otj-play-arena"], of: newer), options: [.sortedKeys])
  }

  /// `data` gzipped by the system's gzip.
  package static func gzipped(_ data: Data) throws -> Data {
    let folder = try Fixtures.temporaryDirectory("sealed-gzip")
    let path = folder.appendingPathComponent("file")
    try data.write(to: path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-n", path.path]
    try process.run()
    process.waitUntilExit()
    return try Data(contentsOf: folder.appendingPathComponent("file.gz"))
  }
}
