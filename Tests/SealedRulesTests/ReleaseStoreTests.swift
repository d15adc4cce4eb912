import Foundation
import SealedSupport
import SealedRules
import SealedTestSupport
import Testing

/// The store of installed releases and the words that name a release: installed in place
/// whole, newest first, the one before kept; a staging folder of a dead process removed; every
/// unknown name one line.
@Suite struct ReleaseStoreTests {
  func store() throws -> ReleaseStore {
    ReleaseStore(path: try Fixtures.temporaryDirectory("sealed-releases").appendingPathComponent("releases").path)
  }

  /// Installs `data` (compiled JSON) as a release fetched at `moment`.
  @discardableResult
  func install(_ data: Data, in store: ReleaseStore, at moment: Date) throws -> ReleaseStore.Installed {
    let staging = try store.makeStaging()
    try Gzip.deflate(data).write(to: URL(fileURLWithPath: staging.file(InstalledRelease.dataFileName)))
    let sha = SHA256.hex(of: Array(data))
    let about = InstalledRelease.About(
      name: InstalledRelease.name(compiled: true, sha256: sha), form: "mtg.wtf compiled booster data", source: "http://example.test/x.json",
      sha256: sha, bytes: Int64(data.count), products: 3, fetched_at: InstalledRelease.timestamp(moment),
      chosen_at: InstalledRelease.preciseTimestamp(moment), sealed_version: "test")
    return try store.install(staging, about: about)
  }

  @Test func releasesAreListedNewestFirstAndNamedByWord() throws {
    let store = try store()
    #expect(store.releases().isEmpty)
    #expect(try BoosterRelease.resolve(nil, store: store, environment: [:]).isShipped)
    #expect {
      try BoosterRelease.resolve("previous", store: store, environment: [:])
    } throws: { error in
      "\(error)" == "previous: no release is installed, so there is none before the newest; sealed rules fetch installs one"
    }
    let older = try install(ReleaseFixtures.older(), in: store, at: Date(timeIntervalSince1970: 1_800_000_000))
    let newer = try install(ReleaseFixtures.newerSmall(), in: store, at: Date(timeIntervalSince1970: 1_800_000_100))
    guard case .new(let first) = older, case .new(let second) = newer else { Issue.record("expected new releases"); return }
    #expect(store.releases().map(\.name) == [second.name, first.name])
    #expect(first.name == "mtgwtf-" + SHA256.hex(of: Array(try ReleaseFixtures.older())).prefix(8))

    #expect(try BoosterRelease.resolve(nil, store: store, environment: [:]).reference == second.name)
    #expect(try BoosterRelease.resolve("newest", store: store, environment: [:]).reference == second.name)
    #expect(try BoosterRelease.resolve("previous", store: store, environment: [:]).reference == first.name)
    #expect(try BoosterRelease.resolve(first.name, store: store, environment: [:]).path == first.dataPath)
    #expect(try BoosterRelease.resolve("shipped", store: store, environment: [:]).isShipped)
    // SEALED_DATA names the release when the command is not told.
    #expect(try BoosterRelease.resolve(nil, store: store, environment: ["SEALED_DATA": "shipped"]).isShipped)
    #expect(try BoosterRelease.resolve(first.name, store: store, environment: ["SEALED_DATA": "shipped"]).reference == first.name)
    // Each reads back as the products it was given.
    #expect(try BoosterRelease.resolve("previous", store: store, environment: [:]).read().products.map(\.code) == ["dom-draft", "otj-play", "war-draft"])
    #expect(try BoosterRelease.resolve(nil, store: store, environment: [:]).read().products.count == 4)
    #expect {
      try BoosterRelease.resolve("mtgwtf-00000000", store: store, environment: [:])
    } throws: { error in
      "\(error)" == "mtgwtf-00000000: no such release or file; expected shipped, newest, previous, \(second.name), \(first.name) (sealed rules releases lists them) or the path of a file"
    }
    #expect {
      try BoosterRelease.resolve(nil, store: store, environment: ["SEALED_DATA": "nonesuch"])
    } throws: { error in "\(error)".hasPrefix("nonesuch (SEALED_DATA): no such release or file; expected shipped, ") }
  }

  /// A release is chosen when put in place, not when its fetch began: of two fetches at once,
  /// the one that installs last is the newest (the other, which began later and compared for
  /// longer, was newest while the one that finished last said its release was in use: a review).
  @Test func aReleaseIsChosenWhenPutInPlace() throws {
    let store = try store()
    let began = Date(timeIntervalSince1970: 1_900_000_000)
    let before = InstalledRelease.preciseTimestamp(Date())
    guard case .new(let release) = try install(ReleaseFixtures.older(), in: store, at: began) else {
      Issue.record("expected a new release")
      return
    }
    #expect(release.about.fetched_at == InstalledRelease.timestamp(began))
    #expect(release.about.chosen_at >= before && release.about.chosen_at <= InstalledRelease.preciseTimestamp(Date()), "\(release.about.chosen_at)")
    #expect(store.releases().first?.about.chosen_at == release.about.chosen_at)
  }

  @Test func aReleaseInstalledAgainIsChosenAgainNotCopied() throws {
    let store = try store()
    try install(ReleaseFixtures.older(), in: store, at: Date(timeIntervalSince1970: 1_800_000_000))
    try install(ReleaseFixtures.newerSmall(), in: store, at: Date(timeIntervalSince1970: 1_800_000_100))
    let again = try install(ReleaseFixtures.older(), in: store, at: Date(timeIntervalSince1970: 1_800_000_200))
    guard case .chosenAgain(let release) = again else { Issue.record("expected the release chosen again"); return }
    #expect(store.releases().map(\.name) == [release.name, store.releases()[1].name])
    #expect(store.releases().count == 2)
    // Its first fetch is kept, and so its label; only the order changed.
    #expect(release.about.fetched_at == InstalledRelease.timestamp(Date(timeIntervalSince1970: 1_800_000_000)))
    #expect(release.label.hasPrefix("\(release.name): fetched 2027-01-15T08:00:00Z from http://example.test/x.json, sha256 "))
    // No staging folder is left.
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.path).filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test func aStagingFolderOfAProcessThatIsGoneIsRemoved() throws {
    let store = try store()
    try Folder.create(store.path)
    // A process id that cannot be running (beyond the kernel's largest).
    let abandoned = (store.path as NSString).appendingPathComponent(".staging-4194999-7")
    let mine = try store.makeStaging()
    try Folder.create(abandoned)
    try Data("half".utf8).write(to: URL(fileURLWithPath: abandoned + "/download"))
    let next = try store.makeStaging()
    let left = try FileManager.default.contentsOfDirectory(atPath: store.path).sorted()
    #expect(left == [(mine.path as NSString).lastPathComponent, (next.path as NSString).lastPathComponent].sorted())
    mine.discard()
    next.discard()
    #expect(store.releases().isEmpty)
  }

  /// A product of each flag (balance_colors, fixed, allow_duplicates, foil), fin-play (whose
    /// weights reach 177,008,370,000,000) and every 25th product, written and read again.
  @Test func productsEncodedAsCompiledDataReadBackTheSame() throws {
    let all = try ShippedData.boosters().products
    let flagged: [(CompiledBoosterData.Sheet) -> Bool?] = [\.balance_colors, \.fixed, \.allow_duplicates, \.foil]
    var chosen = flagged.compactMap { flag in all.first { $0.sheets.values.contains { flag($0) != nil } } }
    chosen += all.filter { $0.code == "fin-play" } + all.enumerated().filter { $0.offset % 25 == 0 }.map(\.element)
    // Each once: a file of two products of one code is refused.
    var seen = Set<String>()
    chosen = chosen.filter { seen.insert($0.code).inserted }
    let shipped = CompiledBoosterData(products: chosen)
    let folder = try Fixtures.temporaryDirectory("sealed-encoded")
    let path = folder.appendingPathComponent("products.json").path
    try shipped.encodedJSON().write(to: URL(fileURLWithPath: path))
    let read = try CompiledBoosterData.read(path: path)
    #expect(read.products.count == shipped.products.count)
    var differing: [String] = []
    for (a, b) in zip(read.products, shipped.products) {
      let same = a.code == b.code && a.name == b.name && a.set_code == b.set_code && a.set_name == b.set_name
        && a.source_set_codes == b.source_set_codes && a.boosters.map(\.sheets) == b.boosters.map(\.sheets)
        && a.boosters.map(\.weight) == b.boosters.map(\.weight) && a.sheets.keys.sorted() == b.sheets.keys.sorted()
        && a.sheets.allSatisfy { name, sheet in
          let other = b.sheets[name]!
          return sheet.cards == other.cards && sheet.total_weight == other.total_weight && sheet.foil == other.foil
            && sheet.balance_colors == other.balance_colors && sheet.fixed == other.fixed && sheet.allow_duplicates == other.allow_duplicates
        }
      if !same { differing.append(b.code) }
    }
    #expect(differing.isEmpty, "products that read back otherwise: \(differing)")
  }
}
