import Foundation
import Synchronization
import SealedSupport
import SealedCards
import SealedRules
import SealedRelease
import SealedJobs

/// The field's booster products of the release in use (the shipped mtg.wtf data, or a newer
/// release `sealed rules fetch` or the app installed), grouped by kind, each with whether the
/// card data opens it with card names. Listing them compiles every product (538) against all
/// the card data, so it is done once (again after a fetch), off the request path: it starts
/// when the app's page is first served (or the catalog first asked for), runs in batches on
/// every core, and until it is done the listing says how far it is (`listed` of `total`),
/// which the page shows.
final class ProductCatalog: Sendable {
  /// One product: what it is, and whether the app can open it.
  struct Product: Encodable, Sendable {
    var code: String
    var set: String
    var name: String
    /// `names`: opens with card names; `keys`: its cards lack names (it can be checked, not
    /// opened); `no`: it does not compile against the card data.
    var simulates: String
    /// What is missing and how to get it, for `keys` and `no`.
    var note: String?
  }

  /// The products of one kind (`draft`, `play`, `collector`, ...), with the kind's name for
  /// people (`Draft Boosters`).
  struct Kind: Encodable, Sendable {
    var kind: String
    var label: String
    var products: [Product]
  }

  /// The listing as the API sends it: `loading` with how far it is, `ready` with the kinds, or
  /// `failed` with why.
  struct Listing: Encodable, Sendable {
    var status: String
    var kinds: [Kind]
    var note: String?
    /// Products listed so far, of `total` (0 until the data is read).
    var listed: Int
    var total: Int
    /// Seconds the listing took (or has taken so far).
    var seconds: Double
    /// The release of booster data listed, as output names it (`BoosterRelease.display`: the
    /// shipped file's name or an installed release's name), and its label (when and where it
    /// was fetched, its SHA-256); nil until read.
    var release: String? = nil
    var release_label: String? = nil
  }

  private let state = Mutex(Listing(status: "loading", kinds: [], note: "listing the products", listed: 0, total: 0, seconds: 0))
  private let started = Mutex<Date?>(nil)
  /// Which listing is current: `restart` moves it on, and a listing begun before is dropped.
  private let generation = Mutex(0)
  /// Products compiled per batch: small enough for progress to move often.
  static let batchSize = 16

  /// Starts listing the products from `location`'s card data, in the background, unless it
  /// has started already. Cost: nothing on the caller's thread.
  func start(from location: CardDataLocation) {
    let first = started.withLock { started -> Bool in
      guard started == nil else { return false }
      started = Date()
      return true
    }
    guard first else { return }
    let current = generation.withLock { $0 }
    let thread = Thread { self.load(from: location, generation: current) }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// The listing as it stands; the first call starts listing (`start`), and so does the first
  /// after `sealed rules fetch` on the command line put another release in use.
  func listing(from location: CardDataLocation) -> Listing {
    restartIfAnotherRelease()
    start(from: location)
    let since = started.withLock { $0 } ?? Date()
    var listing = state.withLock { $0 }
    if listing.status == "loading" { listing.seconds = Date().timeIntervalSince(since) }
    return listing
  }

  /// Lists the products against `location`'s card data, in batches on every core, counting
  /// them as they are listed, or reads the listing from `cache` when it holds it (as `sealed
  /// rules import --list` does; a listing made here is stored there). Cost: fingerprinting the
  /// card files, then, uncached, one read of all the card data and one plan compiled per
  /// product; call it off the request path.
  func load(from location: CardDataLocation, cache: ProductListingCache? = .standard(), generation current: Int = 0) {
    let begun = Date()
    let result: Listing
    var attempted: String?
    do throws(DataError) {
      let release = try BoosterRelease.resolve(nil)
      attempted = release.label
      let data = try release.read()
      let total = data.products.count
      let isCurrent = { @Sendable in self.generation.withLock { $0 == current } }
      if isCurrent() { state.withLock { $0.total = total; $0.release = release.display } }
      let listed = try ProductListing.list(data, source: release.label, cards: location, cache: cache) { database, everyPrinting in
        Self.list(data, source: release.label, database: database, everyPrinting: everyPrinting) { count in
          if isCurrent() { self.state.withLock { $0.listed += count } }
        }
      }
      result = Listing(
        status: "ready", kinds: Self.grouped(listed), note: nil, listed: total, total: total, seconds: Date().timeIntervalSince(begun),
        release: release.display, release_label: release.label)
    } catch {
      result = Listing(
        status: "failed", kinds: [], note: error.description, listed: 0, total: 0, seconds: Date().timeIntervalSince(begun),
        release_label: attempted)
    }
    generation.withLock { generation in
      if generation == current { state.withLock { $0 = result } }
    }
  }

  /// Restarts a finished listing (or a failed one) whose release is no longer the one in use:
  /// one installed by `sealed rules fetch` beside the app (the page offered the old release's
  /// products, which the app then refused as unknown, until it was restarted). Cost: listing
  /// the installed releases, a few small files.
  private func restartIfAnotherRelease() {
    guard let listed = state.withLock({ $0.status == "loading" ? nil : $0.release_label }),
      let inUse = try? BoosterRelease.resolve(nil).label, inUse != listed
    else { return }
    restart()
  }

  /// Lists the products again, from the card data and the release in use as they are now (after
  /// a fetch): the listing says it is loading until the new one is done.
  func restart() {
    generation.withLock { generation in
      generation += 1
      state.withLock { $0 = Listing(status: "loading", kinds: [], note: "listing the products", listed: 0, total: 0, seconds: 0) }
    }
    started.withLock { $0 = nil }
  }

  /// `ProductListing.list` of `data`, a batch of `batchSize` products at a time on every
  /// core, in the data's order; `listed` hears each batch's count as it is done.
  static func list(
    _ data: CompiledBoosterData, source: String, database: CardDatabase, everyPrinting: Set<String> = [],
    listed: @Sendable (Int) -> Void
  ) -> [ProductListing] {
    let products = data.products
    let batches = stride(from: 0, to: products.count, by: batchSize).map { $0..<min($0 + batchSize, products.count) }
    let results = Mutex([[ProductListing]](repeating: [], count: batches.count))
    DispatchQueue.concurrentPerform(iterations: batches.count) { index in
      let batch = CompiledBoosterData(products: Array(products[batches[index]]))
      let rows = ProductListing.list(batch, source: source, database: database, everyPrinting: everyPrinting)
      results.withLock { $0[index] = rows }
      listed(rows.count)
    }
    return results.withLock { $0 }.flatMap { $0 }
  }

  /// Products by kind, the kinds with the most products first, products by code.
  static func grouped(_ listed: [ProductListing]) -> [Kind] {
    let products = listed.map { row -> (kind: String, product: Product) in
      let product = row.product
      let (simulates, note): (String, String?) =
        switch row.simulates {
        case .withNames: ("names", nil)
        case .onCardKeys(let summary, let fetch):
          ("keys", "its cards lack names: \(summary); get them with: \(fetch) (it can still be checked, on card keys)")
        case .no(let reason): ("no", reason)
        }
      return (
        ProductKind.of(product),
        Product(code: product.code, set: product.set_code.lowercased(), name: product.name, simulates: simulates, note: note)
      )
    }
    return Dictionary(grouping: products, by: \.kind)
      .map { Kind(kind: $0.key, label: ProductKindLabel.of($0.key), products: $0.value.map(\.product).sorted { $0.code < $1.code }) }
      .sorted { $0.products.count != $1.products.count ? $0.products.count > $1.products.count : $0.kind < $1.kind }
  }
}
