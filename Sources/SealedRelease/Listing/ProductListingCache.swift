import Foundation
import SealedSupport
import SealedCards
import SealedRules

/// Listings of the field's products (`ProductListing.list`) kept on disk, so that listing a
/// release a second time reads one small file instead of reading all the card data and
/// compiling every product's plan again.
///
/// An entry is keyed by a SHA-256 of everything the listing depends on: the booster data
/// file's bytes, the bytes and paths of every card file the listing would read, the label the
/// rule files are made with, and the running program's build ID (`ExecutableBuildID`), so a
/// changed file, a fetched set, another `--cards` or a rebuilt Sealed finds no entry and lists
/// afresh: an entry is never stale. Entries are written whole or not at all (`AtomicFile`), so
/// that processes listing at the same moment each read a complete entry or none; an entry
/// that does not read back as the listing of this data is ignored. Without a build ID, a
/// digest of the data, or a folder that can be written, nothing is cached and the listing is
/// made as before.
///
/// The folder is `$SEALED_HOME/cache/listings` when `SEALED_HOME` is set, else
/// `$XDG_CACHE_HOME/sealed/listings`, else `~/.cache/sealed/listings`; it keeps the
/// `keptEntries` entries used last. Removing it is always safe.
package struct ProductListingCache: Sendable {
  /// The format of an entry; part of every key.
  static let format = "sealed product listing 1"
  /// How many entries the folder keeps (each about 40 KB for the 538 products).
  package static let keptEntries = 8

  /// The folder of the entries (made when the first is written).
  package let folder: String

  /// A cache in `folder`.
  package init(folder: String) { self.folder = folder }

  /// The cache in `listings` of Sealed's cache folder (`SealedHome.cachePath`).
  package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProductListingCache {
    ProductListingCache(folder: (SealedHome.cachePath(environment: environment) as NSString).appendingPathComponent("listings"))
  }

  /// The key of the listing of `data` against `cards`' data with rule files labelled `source`,
  /// or nil when something it depends on cannot be fingerprinted (data not read from a file or
  /// changed since, an unreadable card file, a program without a build ID). Cost: reading the
  /// card files' bytes and hashing them (`CardDataLocation.fingerprint`).
  package func key(for data: CompiledBoosterData, source: String, cards: CardDataLocation, build: String? = ExecutableBuildID.current) -> String? {
    guard let build, let digest = data.fileDigest, let fingerprint = cards.fingerprint() else { return nil }
    let text = [Self.format, "build \(build)", "data \(digest)", "cards \(fingerprint)", "source \(source)"].joined(separator: "\n")
    return SHA256.hex(of: Array(text.utf8))
  }

  /// The file of an entry.
  package func path(of key: String) -> String { (folder as NSString).appendingPathComponent("\(key).json") }

  /// The listing stored under `key`, if it is there and reads back as a listing of `data`'s
  /// products in their order; nil otherwise. Marks the entry as used. Cost: one small file read
  /// and decoded.
  package func read(key: String, data: CompiledBoosterData) -> [ProductListing]? {
    let path = path(of: key)
    guard let bytes = FileManager.default.contents(atPath: path),
      let entry = try? JSONDecoder().decode(Entry.self, from: bytes),
      entry.key == key, entry.products.count == data.products.count
    else { return nil }
    var listed: [ProductListing] = []
    listed.reserveCapacity(entry.products.count)
    for (row, product) in zip(entry.products, data.products) {
      guard row.code == product.code, let simulates = row.value else { return nil }
      listed.append(ProductListing(product: product, simulates: simulates))
    }
    utime(path, nil)
    return listed
  }

  /// Stores `listed` under `key`, replacing an entry of the same key whole, then removes the
  /// entries beyond the `keptEntries` used last. A failure (a folder that cannot be written, a
  /// full disk) leaves the cache as it was and is not an error: the listing is still right.
  package func write(_ listed: [ProductListing], key: String) {
    let entry = Entry(key: key, products: listed.map(Entry.Row.init))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]  // the same entry, the same bytes
    guard let bytes = try? encoder.encode(entry),
      (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
    else { return }
    let file = AtomicFile(path: path(of: key))
    guard (try? file.write(bytes)) != nil, (try? file.commit()) != nil else { return }
    prune()
  }

  /// Removes all but the `keptEntries` entries used last (by modification time), and
  /// temporary files a writer left more than an hour ago.
  func prune() {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
    let dated = names.compactMap { name -> (path: String, date: Date, isEntry: Bool)? in
      let path = (folder as NSString).appendingPathComponent(name)
      guard let date = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return nil }
      return (path, date, !name.hasPrefix(".") && name.hasSuffix(".json"))
    }
    let entries = dated.filter(\.isEntry).sorted { $0.date > $1.date }
    for old in entries.dropFirst(Self.keptEntries) { try? manager.removeItem(atPath: old.path) }
    for partial in dated where !partial.isEntry && partial.date < Date(timeIntervalSinceNow: -3600) {
      try? manager.removeItem(atPath: partial.path)
    }
  }

  /// An entry as stored: its key, and each product's code with whether it simulates.
  struct Entry: Codable {
    var key: String
    var products: [Row]

    struct Row: Codable {
      var code: String
      /// `names`, `keys` or `no`.
      var simulates: String
      var summary: String?
      var fetch: String?
      var reason: String?

      init(_ listing: ProductListing) {
        code = listing.product.code
        switch listing.simulates {
        case .withNames: simulates = "names"
        case .onCardKeys(let summary, let fetch): (simulates, self.summary, self.fetch) = ("keys", summary, fetch)
        case .no(let reason): (simulates, self.reason) = ("no", reason)
        }
      }

      /// The value stored, or nil for a row that is not one `init` writes.
      var value: ProductListing.Simulates? {
        switch (simulates, summary, fetch, reason) {
        case ("names", nil, nil, nil): .withNames
        case ("keys", let summary?, let fetch?, nil): .onCardKeys(summary: summary, fetchCommand: fetch)
        case ("no", nil, nil, let reason?): .no(reason)
        default: nil
        }
      }
    }
  }
}

extension ProductListing {
  /// Every product of `data` compiled against `cards`' data, as `list(_:source:database:)`
  /// gives it (or `compile`, which must give the same), read from `cache` when it holds this
  /// listing and stored there when it does not. Cost: with the listing cached, fingerprinting
  /// the card files and reading one entry (tenths of a second for the shipped release); else
  /// reading all the card data and one plan compiled per product (seconds), plus writing the
  /// entry.
  package static func list(
    _ data: CompiledBoosterData, source: String, cards: CardDataLocation, cache: ProductListingCache?,
    compile: ((CardDatabase, Set<String>) -> [ProductListing])? = nil
  ) throws(DataError) -> [ProductListing] {
    let key = cache?.key(for: data, source: source, cards: cards)
    if let key, let cached = cache?.read(key: key, data: data) { return cached }
    let database = try cards.load()
    let everyPrinting = cards.setsListingEveryPrinting()
    let listed = compile?(database, everyPrinting) ?? list(data, source: source, database: database, everyPrinting: everyPrinting)
    if let key { cache?.write(listed, key: key) }
    return listed
  }
}
