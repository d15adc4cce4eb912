import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedRelease

/// The release shipped with Sealed taken whole (mtg.wtf's compiled booster data of July 2025,
/// 538 products), as `sealed rules import --list` and `sealed check-products` take it, for the
/// benchmarks (`Benchmarks/`, docs/speed.md) and for programs embedding Sealed. Card data is
/// read from where the commands read it: `SEALED_CARDS`, else the user's card folder over the
/// data shipped with Sealed.
public enum ShippedRelease {
  /// What the listing found: the products, and how many of them simulate (with names or on
  /// card keys).
  public struct Listing: Sendable {
    public let products: Int
    public let simulating: Int
  }

  /// Every product compiled against the card data, as `sealed rules import --list` does:
  /// reading the data file and every set's cards, then one rule set and plan per product
  /// (`ProductListing.list`, on every core), or, with `cached`, the listing cache's entry when
  /// it holds this listing (`ProductListingCache`, stored when it does not). Cost: uncached, 1.3
  /// to 2 s on this project's 2-core Xeon (2 to 3 s on the AMD EPYC it had for a time); cached,
  /// a few tenths (docs/speed.md).
  public static func listProducts(cached: Bool = false) throws(DataError) -> Listing {
    let data = try CompiledBoosterData.shipped()
    let cards = try CardDataLocation.resolve(option: nil)
    let listed = try ProductListing.list(data, source: CompiledBoosterData.shippedFileName, cards: cards, cache: cached ? .standard() : nil)
    let simulating = listed.filter { if case .no = $0.simulates { false } else { true } }.count
    return Listing(products: listed.count, simulating: simulating)
  }

  /// `sealed check-products --pools POOLS --seed SEED --threads THREADS --out FOLDER --force`:
  /// every product simulated, checked and written as a report folder under `folder`, with the
  /// run's summary. Returns the products checked (not refused). Cost: 17 to 22 s at 100,000
  /// pools on 2 threads on this project's 2-core Xeon (24 s on the AMD EPYC it had for a time;
  /// docs/speed.md).
  public static func checkProducts(pools: Int, seed: UInt64, threads: Int, folder: String) throws(DataError) -> Int {
    var settings = ProductsJob.Settings(toolVersion: SealedVersion.current)
    settings.file = "shipped"  // the shipped release, whatever release `sealed rules fetch` installed
    settings.pools = WholeNumber(pools)
    settings.seed = seed
    settings.threads = WholeNumber(threads)
    settings.out = folder
    settings.force = true
    let job = try ProductsJob(settings)
    let outcome = try job.run()
    try job.write(outcome)
    return outcome.result.summary.rows.filter { $0.verdict != .refused }.count
  }
}
