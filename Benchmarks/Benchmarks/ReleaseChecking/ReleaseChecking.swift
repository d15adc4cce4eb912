import Benchmark
import Foundation
import SealedJobs
import SealedSupport

// The shipped release taken whole (538 products), as the commands take it:
//
// - "release listing (538 products)": `sealed rules import --list --no-cache`: reading the data
//   file and every set's card data, then one rule set and plan per product
//   (`ShippedRelease.listProducts`): the first listing of a release, or after any change.
// - "release listing, cached (538 products)": `sealed rules import --list` when the listing
//   cache holds this listing (the warm-up iteration stores it): reading the data file, hashing
//   every card file and the data, and reading the entry back (`ProductListingCache`). The cache
//   is the one SEALED_HOME names.
// - "check-products 1e5 seed 1 (538 products, 2 threads)": `sealed check-products --pools 1e5
//   --seed 1 --threads 2`: every product simulated, checked and written as a report folder
//   (into a new temporary folder each iteration, all of them deleted after the last).
//
// Both read card data from where the commands read it (SEALED_CARDS, else the user's card folder
// over the shipped data): run them with SEALED_HOME pointing at an empty folder to time the
// shipped data alone. "Time (wall clock)" is the time of one listing or one whole run.

let benchmarks: @Sendable () -> Void = {
  // Where the check-products benchmark writes its iterations' reports; deleted after the last.
  let checkProductsRoot = FileManager.default.temporaryDirectory
    .appendingPathComponent("sealed-benchmark-check-products-\(getpid())")

  Benchmark(
    "release listing (538 products)",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal, .peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(20),
      maxIterations: 10)
  ) { benchmark in
    let listing = try ShippedRelease.listProducts()
    precondition(listing.products == 538, "expected the 538 products of the shipped data, found \(listing.products)")
    blackHole(listing.simulating)
  }

  Benchmark(
    "release listing, cached (538 products)",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal, .peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(20),
      maxIterations: 20)
  ) { benchmark in
    let listing = try ShippedRelease.listProducts(cached: true)
    precondition(listing.products == 538, "expected the 538 products of the shipped data, found \(listing.products)")
    blackHole(listing.simulating)
  }

  Benchmark(
    "check-products 1e5 seed 1 (538 products, 2 threads)",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(60),
      maxIterations: 3)
  ) { benchmark, root in
    // A new folder each iteration, as a first run writes: replacing the last iteration's
    // report would time the file system deleting it (docs/speed.md).
    let folder = root.appendingPathComponent("iteration-\(benchmark.currentIteration)").path
    let checked = try ShippedRelease.checkProducts(pools: 100_000, seed: 1, threads: 2, folder: folder)
    precondition(checked > 500, "expected most of the 538 products checked, found \(checked)")
    blackHole(checked)
  } setup: {
    checkProductsRoot
  } teardown: {
    try? FileManager.default.removeItem(at: checkProductsRoot)
  }
}
