import Foundation
import SealedTestSupport
import Testing

/// A product's rules fingerprint (`rules_sha256`) is the rules', not the release's: the same
/// product from the shipped data and from a copy of it under another name has one fingerprint,
/// so that shards made from either merge; `booster_data` still names where each came from.
@Suite struct RulesFingerprintTests {
  @Test func aProductFromTwoReleasesOfTheSameBytesHasOneFingerprint() throws {
    let dir = try Fixtures.temporaryDirectory("sealed-fingerprint")
    let copy = dir.appendingPathComponent("copy.json.gz")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Fixtures.shippedBoosters), to: copy)
    let env = ["SEALED_HOME": dir.appendingPathComponent("home").path, "SEALED_DATA": "", "SEALED_CARDS": ""]
    let shards = [(1, [String]()), (2, ["--data", copy.path])].map { shard, data in
      (dir.appendingPathComponent("shard\(shard)"), ["--shard", "\(shard)/2"] + data)
    }
    for (out, extra) in shards {
      let arguments = ["check", "war", "--rules", "war-draft", "--pools", "8192", "--seed", "1", "--quiet", "--out", out.path] + extra
      let run = try SealedExecutable.run(arguments, environment: env)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let records = try shards.map { try Self.record($0.0) }
    #expect(records[0]["booster_data"] == "sealed_basic_data_2025-07.json.gz")
    #expect(records[1]["booster_data"] == "copy.json.gz")
    #expect(records[0]["rules_sha256"]?.count == 64 && records[0]["rules_sha256"] == records[1]["rules_sha256"])
    // The shards merge (they were "other rules" when the fingerprint covered the release's name).
    let merged = dir.appendingPathComponent("merged")
    let merge = try SealedExecutable.run(["merge", shards[0].0.path, shards[1].0.path, "--out", merged.path], environment: env)
    #expect(merge.status == 0, "\(merge.stderr)")
    // And the merged tallies are checked under the rules named from either release.
    let check = try SealedExecutable.run(
      ["check", "war", "--tallies", merged.path, "--rules", "war-draft", "--data", copy.path, "--quiet", "--out", dir.appendingPathComponent("checked").path],
      environment: env)
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// run.csv's `key,value` rows.
  static func record(_ folder: URL) throws -> [String: String] {
    let text = try String(contentsOf: folder.appendingPathComponent("run.csv"), encoding: .utf8)
    var rows: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let fields = CSVLine.fields(String(line))
      if fields.count == 2 { rows[fields[0]] = fields[1] }
    }
    return rows
  }
}
