import Foundation
import SealedTestSupport
import Synchronization
import Testing

/// `sealed rules import --list` with its cache, as separate processes: several listing the same
/// data at once each print the listing made afresh and leave one whole entry; the next reads it;
/// `--no-cache` neither reads nor writes it.
@Suite struct RulesImportListingCacheTests {
  static let data = """
    [{"name": "Test Draft", "code": "tst-draft", "set_code": "TST", "boosters": [{"sheets": {"common": 2}, "weight": 1}],
      "sheets": {"common": {"cards": {"tst:1": 1, "tst:2": 1, "tst:3": 1}}}},
     {"name": "Test Keys", "code": "tst-keys", "set_code": "TST", "boosters": [{"sheets": {"common": 1}, "weight": 1}],
      "sheets": {"common": {"cards": {"tst:1": 1, "tst:9": 1}}}}]
    """

  @Test func processesListingAtOnceShareOneWholeEntry() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cards = (1...3).map { Fixtures.cardJSON(number: String($0), name: "Card \($0)") }
    try Fixtures.write("[" + cards.joined(separator: ",") + "]", to: "cards/tst.json", in: dir)
    let data = try Fixtures.write(Self.data, to: "data.json", in: dir)
    let home = dir.appendingPathComponent("home").path
    let arguments = ["rules", "import", data, "--list", "--cards", dir.appendingPathComponent("cards").path]
    let environment = ["SEALED_HOME": home]
    let fresh = try SealedExecutable.run(arguments + ["--no-cache"], environment: environment)
    #expect(fresh.status == 0 && fresh.stdout.hasSuffix("2 products; with this card data 1 simulate with names, 1 on card keys, 0 not at all\n"), "\(fresh.stdout)\(fresh.stderr)")
    let listings = home + "/cache/listings"
    #expect(!FileManager.default.fileExists(atPath: listings), "--no-cache wrote no entry")

    let results = Mutex([CommandResult?](repeating: nil, count: 4))
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      let result = try? SealedExecutable.run(arguments, environment: environment)
      results.withLock { $0[index] = result }
    }
    for result in results.withLock({ $0 }) {
      #expect(result?.status == 0 && result?.stdout == fresh.stdout, "\(result?.stderr ?? "did not run")")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: listings)
    #expect(names.count == 1 && names.allSatisfy { $0.hasSuffix(".json") && !$0.hasPrefix(".") }, "\(names)")

    // The next listing reads the entry: an entry marked by hand shows.
    let entry = listings + "/" + names[0]
    var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: entry))) as? [String: Any])
    json["products"] = [["code": "tst-draft", "simulates": "no", "reason": "marked by the test"], ["code": "tst-keys", "simulates": "names"]]
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: entry))
    let cached = try SealedExecutable.run(arguments, environment: environment)
    #expect(cached.status == 0 && cached.stdout.contains("marked by the test") && cached.stdout.contains("0 on card keys, 1 not at all"), "\(cached.stdout)")
    #expect(try SealedExecutable.run(arguments + ["--no-cache"], environment: environment).stdout == fresh.stdout)
  }

  @Test func noCacheGoesWithList() throws {
    let result = try SealedExecutable.run(["rules", "import", "--product", "war-draft", "--no-cache"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("sealed: error: --no-cache goes with --list"), "\(result.stderr)")
  }
}
