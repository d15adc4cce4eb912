import Foundation
import SealedTestSupport
import Testing

/// `sealed check-products --shard K/N`: the shards' summaries together are the whole run's, row
/// for row but the seconds, and each shard's run.csv says both how many products the patterns
/// matched and how many its shard ran (`products_matched` once said only the shard's share).
@Suite struct ShardedCheckProductsTests {
  @Test func theShardsTogetherAreTheWholeRun() throws {
    let dir = try Fixtures.temporaryDirectory()
    let common = ["check-products", "--products", "war*", "--pools", "2000", "--seed", "1", "--quiet"]
    func run(_ name: String, _ extra: [String] = []) throws -> (rows: [[String]], record: [String: String]) {
      let out = dir.appendingPathComponent(name)
      let result = try SealedExecutable.run(common + extra + ["--out", out.path])
      #expect(result.status == 0, "\(name): \(result.stdout)\(result.stderr)")
      // Every column but `seconds` (the ninth).
      let rows = try CheckProductsCommandTests.rows(out).map { row in row.enumerated().filter { $0.offset != 8 }.map(\.element) }
      return (rows, try RulesFingerprintTests.record(out))
    }
    let whole = try run("whole")
    let shards = try (1...2).map { try run("shard\($0)", ["--shard", "\($0)/2"]) }
    #expect(whole.rows.count == 9)
    #expect(shards.flatMap(\.rows) == whole.rows)
    #expect(whole.record["products_matched"] == "9" && whole.record["products_in_shard"] == nil)
    for (k, shard) in shards.enumerated() {
      #expect(shard.record["shard"] == "\(k + 1)/2")
      #expect(shard.record["products_matched"] == "9")
      #expect(shard.record["products_in_shard"] == String(shard.rows.count))
    }
  }
}
