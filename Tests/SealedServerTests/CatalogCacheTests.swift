import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedRelease
import SealedTestSupport
import Testing

/// The app's product catalog shares `sealed rules import --list`'s cache: a server whose
/// `SEALED_HOME` holds the listing of the release and card data it serves, made by its own
/// build, lists from it at once instead of compiling every product.
@Suite struct CatalogCacheTests {
  @Test func theCatalogReadsAListingTheCacheHolds() throws {
    let home = try Fixtures.temporaryDirectory("sealed-serve-catalog").appendingPathComponent("home")
    let environment = ["SEALED_HOME": home.path]
    let release = try BoosterRelease.shipped()
    let data = try release.read()
    let cards = try CardDataLocation.resolve(option: nil, environment: environment)
    let cache = ProductListingCache.standard(environment: environment)
    let build = try #require(ExecutableBuildID.read(path: RunningServer.executable.path))
    let key = try #require(cache.key(for: data, source: release.label, cards: cards, build: build))
    // An entry no compile would make: the first product marked, every other one with names.
    let marked = data.products.enumerated().map { index, product in
      ProductListing(product: product, simulates: index == 0 ? .no("marked by the test") : .withNames)
    }
    cache.write(marked, key: key)

    let server = try RunningServer(home: home)
    defer { server.stop() }
    // The listing came from the cache entry if it holds the entry's mark (a compile would not
    // make it); no deadline is needed to tell, and a loaded machine may take long to start.
    let products = try server.productListing()
    #expect(products["status"] as? String == "ready")
    let all = (products["kinds"] as? [[String: Any]] ?? []).flatMap { $0["products"] as! [[String: Any]] }
    #expect(all.count == data.products.count)
    let first = try #require(all.first { $0["code"] as? String == data.products[0].code })
    #expect(first["simulates"] as? String == "no" && first["note"] as? String == "marked by the test", "\(first)")
    #expect(all.filter { $0["simulates"] as? String == "names" }.count == data.products.count - 1)
  }

  /// A release put in use by `sealed rules fetch` beside the app is the catalog's next listing
  /// (it listed the old release's products until restarted, and refused them as unknown).
  @Test func aReleaseFetchedOnTheCommandLineIsListed() throws {
    let dir = try Fixtures.temporaryDirectory("sealed-serve-catalog")
    let home = dir.appendingPathComponent("home")
    let server = try RunningServer(home: home)
    defer { server.stop() }
    let shipped = try server.productListing()
    let shippedLabel = try BoosterRelease.shipped().label
    #expect(shipped["status"] as? String == "ready" && shipped["release_label"] as? String == shippedLabel)
    let fixture = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgwtf/sealed_basic_data.json")
    let products = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [[String: Any]])
    let two = dir.appendingPathComponent("two.json")
    try JSONSerialization.data(withJSONObject: Array(products.prefix(2))).write(to: two)
    let fetched = try server.sealed(["rules", "fetch", "--from", two.path, "--quiet"])
    #expect([0, 1].contains(fetched.status), "\(fetched.stderr)")
    let listed = try server.productListing()
    let all = (listed["kinds"] as? [[String: Any]] ?? []).flatMap { $0["products"] as! [[String: Any]] }
    #expect(listed["status"] as? String == "ready" && all.count == 2, "\(listed["status"] ?? "") \(all.count) products")
    #expect(listed["release_label"] as? String != shipped["release_label"] as? String)
  }
}
