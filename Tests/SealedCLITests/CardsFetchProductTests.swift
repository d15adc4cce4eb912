import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// `sealed cards fetch --product CODE` against a real HTTP server on 127.0.0.1 playing
/// Scryfall: the sets a product's sheets name that the card data lacks or holds in part are
/// fetched, and the product then opens with names. No test touches the internet.
@Suite struct CardsFetchProductTests {
  /// A Scryfall card object for each card key the product lists, by set.
  static func cards(of product: [String: Any]) -> [String: [Data]] {
    let sheets = product["sheets"] as! [String: [String: Any]]
    let keys = Set(sheets.values.flatMap { ($0["cards"] as! [String: Any]).keys }.map { key in
      key.split(separator: ":").prefix(2).joined(separator: ":")
    })
    var bySet: [String: [Data]] = [:]
    for key in keys.sorted() {
      let parts = key.split(separator: ":").map(String.init)
      bySet[parts[0], default: []].append(Data(Fixtures.cardJSON(set: parts[0], number: parts[1], name: "Card \(key)").utf8))
    }
    return bySet
  }

  @Test(.heavy) func aProductsSetsAreFetchedAndItThenOpens() throws {
    let releases = try RulesFetchCommandTests.ReleaseServer()
    let (home, env) = try RulesFetchCommandTests.environment()
    #expect(try SealedExecutable.run(["rules", "fetch", "--from", releases.base + "/newest.json", "--quiet"], environment: env).status == 1)
    let product = try #require(try ReleaseFixtures.products(["otj-play-arena"], of: ReleaseFixtures.newer).first)
    let scryfall = try FakeScryfall(cards: Self.cards(of: product))

    let fetched = try SealedExecutable.run(["cards", "fetch", "--product", "otj-play-arena", "--api", scryfall.baseURL, "--quiet"], environment: env)
    #expect(fetched.status == 0, "\(fetched.stderr)")
    #expect(fetched.stderr.hasPrefix("sealed: otj-play-arena (mtgwtf-"), "\(fetched.stderr)")
    #expect(fetched.stderr.hasSuffix("lack card data (sets big, otj, otp, spg); fetching big, otj, otp, spg\n"), "\(fetched.stderr)")
    let lines = fetched.stdout.split(separator: "\n").map(String.init)
    #expect(lines.map { String($0.prefix(while: { $0 != ":" })) } == ["big", "otj", "otp", "spg", "otj-play-arena"], "\(fetched.stdout)")
    #expect(lines.last == "otj-play-arena: every card of its sheets has card data (391)")
    #expect(Set(scryfall.requests.compactMap { $0.query["q"] }) == ["e:big", "e:otj", "e:otp", "e:spg"])
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("cards/spg.json").path))

    let opened = try SealedExecutable.run(["open", "otj", "--rules", "otj-play-arena", "--seed", "1"], environment: env)
    #expect(opened.status == 0, "\(opened.stderr)")
    // The set's name is the served cards' ("Test Set").
    #expect(opened.stdout.hasPrefix("Test Set (otj) · rules: otj-play-arena · seed 1\n6 boosters of 14 cards\n"), "\(opened.stdout)")

    // Asked again, nothing is missing: nothing is fetched.
    let asked = scryfall.requests.count
    let again = try SealedExecutable.run(["cards", "fetch", "--product", "otj-play-arena", "--api", scryfall.baseURL], environment: env)
    #expect(again.status == 0)
    #expect(again.stderr.hasSuffix("): every card of its sheets has card data (391)\n"), "\(again.stderr)")
    #expect(scryfall.requests.count == asked)
  }

  @Test func anUnknownProductOrNoSetIsOneLine() throws {
    let (_, env) = try RulesFetchCommandTests.environment()
    let unknown = try SealedExecutable.run(["cards", "fetch", "--product", "zzz-play", "--api", "http://127.0.0.1:9"], environment: env)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("sealed: error: no product \"zzz-play\" in the data (538 products); "), "\(unknown.stderr)")
    let nothing = try SealedExecutable.run(["cards", "fetch"], environment: env)
    #expect(nothing.status == 2 && nothing.stderr.hasPrefix("sealed: error: give set codes, or --product CODE"), "\(nothing.stderr)")
    // The data shipped with Sealed is named like any release.
    let lacking = try SealedExecutable.run(["cards", "fetch", "--product", "fin-play", "--data", "shipped", "--api", "http://127.0.0.1:9", "--retries", "0"], environment: env)
    #expect(lacking.status == 2)
    #expect(lacking.stderr.hasPrefix("sealed: fin-play (shipped): 186 of 485 cards lack card data (sets fca, fin); fetching fca, fin\n"), "\(lacking.stderr)")
  }
}
