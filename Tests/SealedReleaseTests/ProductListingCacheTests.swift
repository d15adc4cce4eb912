import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedRelease
import SealedTestSupport
import Testing

/// The listing cache: an entry read back only for the same booster data, card data, label and
/// build; a changed input lists afresh; a damaged entry is ignored and replaced; the folder
/// keeps the entries used last; a folder that cannot be written only costs the cache.
@Suite struct ProductListingCacheTests {
  /// A folder with card data of set tst (cards 1 to 6), booster data of three products (one
  /// that simulates with names, one on card keys, one not at all) and an empty cache folder.
  struct Setup {
    let folder: URL
    let cardsFolder: String
    let dataPath: String
    let cache: ProductListingCache

    init() throws {
      folder = try Fixtures.temporaryDirectory("sealed-listing-cache")
      let cards = (1...6).map { Fixtures.cardJSON(number: String($0), name: "Card \($0)", rarity: $0 < 5 ? "common" : "rare") }
      cardsFolder = folder.appendingPathComponent("cards").path
      try Fixtures.write("[" + cards.joined(separator: ",") + "]", to: "cards/tst.json", in: folder)
      dataPath = try Fixtures.write(Self.data, to: "data.json", in: folder)
      cache = ProductListingCache(folder: folder.appendingPathComponent("cache").path)
    }

    static let data = """
      [{"name": "Test Draft", "code": "tst-draft", "set_code": "TST", "boosters": [{"sheets": {"common": 2, "rare": 1}, "weight": 1}],
        "sheets": {"common": {"cards": {"tst:1": 1, "tst:2": 1, "tst:3": 1, "tst:4": 1}}, "rare": {"cards": {"tst:5": 1, "tst:6": 1}}}},
       {"name": "Test Keys", "code": "tst-keys", "set_code": "TST", "boosters": [{"sheets": {"common": 1}, "weight": 1}],
        "sheets": {"common": {"cards": {"tst:1": 1, "tst:9": 1}}}},
       {"name": "Test No", "code": "tst-no", "set_code": "TST", "boosters": [{"sheets": {"common": 1}, "weight": 1}],
        "sheets": {"common": {"cards": {"tst:1": 1, "tst:9": 1}, "balance_colors": true}}}]
      """

    var location: CardDataLocation { CardDataLocation(kind: .given(path: cardsFolder, givenBy: "--cards")) }

    func read() throws -> CompiledBoosterData { try CompiledBoosterData.read(path: dataPath) }

    func entries() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: cache.folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }
  }

  func texts(_ listed: [ProductListing]) -> [String] { listed.map { "\($0.product.code): \($0.simulates.text)" } }

  @Test func aListingIsStoredAndReadBackAsItWasMade() throws {
    let setup = try Setup()
    let data = try setup.read()
    let fresh = ProductListing.list(data, source: "data.json", database: try setup.location.load())
    #expect(texts(fresh).map { $0.prefix(while: { $0 != " " }) } == ["tst-draft:", "tst-keys:", "tst-no:"])
    #expect(fresh.map { $0.simulates.text.prefix(3) } == ["yes", "on ", "no:"])

    let first = try ProductListing.list(data, source: "data.json", cards: setup.location, cache: setup.cache)
    #expect(texts(first) == texts(fresh))
    #expect(setup.entries().count == 1)
    let key = try #require(setup.cache.key(for: data, source: "data.json", cards: setup.location))
    #expect(setup.entries() == ["\(key).json"])
    let back = try #require(setup.cache.read(key: key, data: data))
    #expect(texts(back) == texts(fresh))
    #expect(back.map(\.product.name) == ["Test Draft", "Test Keys", "Test No"])
  }

  /// An entry's content is what a cached listing shows (so the test can tell a read from a
  /// compile), until anything the listing depends on changes.
  @Test func everyInputTheListingDependsOnIsInTheKey() throws {
    let setup = try Setup()
    let data = try setup.read()
    let key = try #require(setup.cache.key(for: data, source: "data.json", cards: setup.location))
    let marked = data.products.map { ProductListing.marked($0) }
    setup.cache.write(marked, key: key)
    let cached = try ProductListing.list(data, source: "data.json", cards: setup.location, cache: setup.cache)
    #expect(texts(cached) == texts(marked))

    var keys: Set = [key]
    keys.insert(try #require(setup.cache.key(for: data, source: "other label", cards: setup.location)))
    keys.insert(try #require(setup.cache.key(for: data, source: "data.json", cards: setup.location, build: "0123abcd")))
    #expect(setup.cache.key(for: data, source: "data.json", cards: setup.location, build: nil) == nil)
    var edited = data
    edited.products.removeLast()
    #expect(setup.cache.key(for: edited, source: "data.json", cards: setup.location) == nil, "products changed after reading")

    // The data file's bytes: the same products written with other spacing are another file.
    try Fixtures.write(Setup.data.replacingOccurrences(of: ", ", with: ","), to: "data.json", in: setup.folder)
    keys.insert(try #require(setup.cache.key(for: try setup.read(), source: "data.json", cards: setup.location)))
    try Fixtures.write(Setup.data, to: "data.json", in: setup.folder)
    #expect(setup.cache.key(for: try setup.read(), source: "data.json", cards: setup.location) == key)

    // The card files: one byte of a card file, a new set file, another folder with the same files.
    let cardFile = setup.folder.appendingPathComponent("cards/tst.json")
    let cardBytes = try Data(contentsOf: cardFile)
    try (cardBytes + Data(" ".utf8)).write(to: cardFile)
    keys.insert(try #require(setup.cache.key(for: data, source: "data.json", cards: setup.location)))
    let afresh = try ProductListing.list(data, source: "data.json", cards: setup.location, cache: setup.cache)
    #expect(texts(afresh) != texts(marked) && !texts(afresh).contains { $0.contains("marked") })
    try cardBytes.write(to: cardFile)
    try Fixtures.write("[" + Fixtures.cardJSON(set: "oth", number: "1", name: "Other") + "]", to: "cards/oth.json", in: setup.folder)
    keys.insert(try #require(setup.cache.key(for: data, source: "data.json", cards: setup.location)))
    try FileManager.default.removeItem(atPath: setup.cardsFolder + "/oth.json")
    #expect(setup.cache.key(for: data, source: "data.json", cards: setup.location) == key)
    try FileManager.default.copyItem(atPath: setup.cardsFolder, toPath: setup.cardsFolder + "-copy")
    keys.insert(try #require(setup.cache.key(for: data, source: "data.json", cards: CardDataLocation(kind: .given(path: setup.cardsFolder + "-copy", givenBy: "--cards")))))
    #expect(keys.count == 7)
  }

  @Test func aDamagedOrForeignEntryIsIgnoredAndReplaced() throws {
    let setup = try Setup()
    let data = try setup.read()
    let key = try #require(setup.cache.key(for: data, source: "data.json", cards: setup.location))
    let fresh = try ProductListing.list(data, source: "data.json", cards: setup.location, cache: nil)
    setup.cache.write(fresh, key: key)
    let entry = setup.cache.path(of: key)
    let good = try String(contentsOfFile: entry, encoding: .utf8)
    let damaged = [
      String(good.prefix(good.count / 2)),  // cut short
      good.replacingOccurrences(of: key, with: String(repeating: "0", count: 64)),  // another key's entry
      good.replacingOccurrences(of: "\"tst-keys\"", with: "\"tst-other\""),  // another product
      good.replacingOccurrences(of: "\"names\"", with: "\"maybe\""),  // a value no listing writes
      "",
    ]
    for text in damaged {
      try text.write(toFile: entry, atomically: false, encoding: .utf8)
      #expect(setup.cache.read(key: key, data: data) == nil, "\(text.prefix(80))")
      let listed = try ProductListing.list(data, source: "data.json", cards: setup.location, cache: setup.cache)
      #expect(texts(listed) == texts(fresh))
      #expect(try String(contentsOfFile: entry, encoding: .utf8) == good, "the entry is written again")
    }
  }

  @Test func theFolderKeepsTheEntriesUsedLast() throws {
    let setup = try Setup()
    let data = try setup.read()
    let listed = try ProductListing.list(data, source: "data.json", cards: setup.location, cache: nil)
    let keys = (0..<(ProductListingCache.keptEntries + 3)).map { SHA256.hex(of: [UInt8($0)]) }
    for (index, key) in keys.enumerated() {
      setup.cache.write(listed, key: key)
      // Each entry a minute older than the next, so that the order is the file system's to keep.
      let date = Date(timeIntervalSinceNow: Double(index - keys.count) * 60)
      try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: setup.cache.path(of: key))
    }
    #expect(setup.entries().count == ProductListingCache.keptEntries)
    // Reading the oldest kept entry marks it used: the next write removes another.
    let oldestKept = keys[3]
    #expect(setup.cache.read(key: oldestKept, data: data) != nil)
    let partial = setup.cache.folder + "/.left-by-a-crash.partial-1-2"
    try Data().write(to: URL(fileURLWithPath: partial))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: partial)
    setup.cache.write(listed, key: SHA256.hex(of: [200]))
    #expect(setup.entries().count == ProductListingCache.keptEntries)
    #expect(setup.entries().contains("\(oldestKept).json") && !setup.entries().contains("\(keys[4]).json"))
    #expect(!FileManager.default.fileExists(atPath: partial))
  }

  @Test func aFolderThatCannotBeWrittenOnlyCostsTheCache() throws {
    let setup = try Setup()
    let data = try setup.read()
    try Fixtures.write("a file where the folder would be", to: "cache", in: setup.folder)
    let listed = try ProductListing.list(data, source: "data.json", cards: setup.location, cache: setup.cache)
    let fresh = ProductListing.list(data, source: "data.json", database: try setup.location.load())
    #expect(texts(listed) == texts(fresh))
  }

  @Test func theFolderFollowsSealedHomeThenXDGThenHome() {
    let cases: [([String: String], String)] = [
      (["SEALED_HOME": "/data/sealed", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"], "/data/sealed/cache/listings"),
      (["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"], "/xdg/sealed/listings"),
      (["XDG_CACHE_HOME": "relative", "HOME": "/home/u"], "/home/u/.cache/sealed/listings"),
      (["SEALED_HOME": "", "HOME": "/home/u"], "/home/u/.cache/sealed/listings"),
    ]
    for (environment, folder) in cases {
      #expect(ProductListingCache.standard(environment: environment).folder == folder, "\(environment)")
    }
  }
}

extension ProductListing {
  /// A listing no compile makes, to tell an entry read back from a listing made.
  static func marked(_ product: CompiledBoosterData.Product) -> ProductListing {
    ProductListing(product: product, simulates: .no("marked in the test's entry"))
  }
}
