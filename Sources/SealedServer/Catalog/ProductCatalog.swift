import Foundation
import Synchronization
import SealedSupport
import SealedCards
import SealedRules
import SealedJobs

/// The field's shipped booster products (mtg.wtf's data), grouped by kind, each with whether
/// the card data opens it with card names. Listing them compiles every product (538) against
/// all the card data, seconds in a release build, so it is done once, in the background, from
/// the first time the Choose screen asks; until then the listing says it is loading.
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

  /// The products of one kind (`draft`, `play`, `collector`, ...).
  struct Kind: Encodable, Sendable {
    var kind: String
    var products: [Product]
  }

  /// The listing as the API sends it: `loading`, `ready` with the kinds, or `failed` with why.
  struct Listing: Encodable, Sendable {
    var status: String
    var kinds: [Kind]
    var note: String?
  }

  private let state = Mutex(Listing(status: "loading", kinds: [], note: "listing the shipped products"))
  private let started = Atomic(false)

  /// The listing as it stands; the first call starts listing, in the background, from
  /// `location`'s card data (until it is done, the listing says it is loading).
  func listing(from location: CardDataLocation) -> Listing {
    if !started.exchange(true, ordering: .relaxed) {
      Task.detached(priority: .utility) { self.load(from: location) }
    }
    return state.withLock { $0 }
  }

  /// Lists the products against `location`'s card data. Cost: one read of all the card data
  /// and one plan compiled per product (seconds); call it off the request path.
  func load(from location: CardDataLocation) {
    let result: Listing
    do throws(DataError) {
      let release = try BoosterRelease.resolve(nil)
      let (path, data) = (release.path, try release.read())
      let listed = ProductListing.list(data, source: (path as NSString).lastPathComponent, database: try location.load())
      result = Listing(status: "ready", kinds: Self.grouped(listed), note: nil)
    } catch {
      result = Listing(status: "failed", kinds: [], note: error.description)
    }
    state.withLock { $0 = result }
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
      .map { Kind(kind: $0.key, products: $0.value.map(\.product).sorted { $0.code < $1.code }) }
      .sorted { $0.products.count != $1.products.count ? $0.products.count > $1.products.count : $0.kind < $1.kind }
  }
}
