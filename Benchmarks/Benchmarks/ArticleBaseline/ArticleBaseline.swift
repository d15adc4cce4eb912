import Benchmark
import BenchmarkFixtures
import SealedCards
import SealedEngine

// The article's algorithm (`sealTheDeal`, see SealTheDeal.swift), ONE POOL PER ITERATION
// (scalingFactor `.one`), read like PoolGeneration's benchmarks:
//
// - "Boosters / s": boosters generated per second of wall-clock time (6 per pool), as is.
// - "Time (wall clock)": time per pool (per booster: divide by 6).
// - "Throughput": pools per second (boosters per second = 6 × throughput).
// - "Malloc (total)": allocations per pool.
//
// "article baseline war" and "article baseline grn" use the system random generator, exactly
// as the article does; "article baseline war, xoshiro" runs the same code with SealedEngine's
// seeded generator, so the difference is the cost of the system generator alone.

/// A set, checked once: one ported pool must hold 6 boosters of the expected size, with 6 rares
/// and mythics of which one mythic.
func articleSet(_ code: String, cardsPerBooster: Int) -> CardSet {
  let set = Fixtures.cardSet(code)
  var generator = SystemRandomNumberGenerator()
  let deck = sealTheDeal(set: set, using: &generator)
  let opened = deck.allCards.filter { !($0.card?.isBasicLand ?? false) }
    .reduce(0) { $0 + $1.quantityAvailable }
  precondition(opened == 6 * cardsPerBooster, "article port: \(opened) cards in a \(code) pool")
  precondition(deck.topCards.count == 6, "article port: \(deck.topCards.count) rares and mythics")
  precondition(deck.topCards.filter { $0.rarity == .mythic }.count == 1, "article port: not one mythic")
  return set
}

let benchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration.pools(scalingFactor: .one)

  for (code, size) in [("war", 14), ("grn", 15)] {
    Benchmark("article baseline \(code)", configuration: configuration) { benchmark, set in
      var generator = SystemRandomNumberGenerator()
      blackHole(benchmark.recordBoosterRate(boosters: 6) { sealTheDeal(set: set, using: &generator) })
    } setup: {
      articleSet(code, cardsPerBooster: size)
    }
  }

  Benchmark("article baseline war, xoshiro", configuration: configuration) { benchmark, fixture in
    blackHole(benchmark.recordBoosterRate(boosters: 6) { sealTheDeal(set: fixture.set, using: &fixture.rng) })
  } setup: {
    XoshiroFixture(set: articleSet("war", cardsPerBooster: 14))
  }
}

final class XoshiroFixture {
  let set: CardSet
  var rng = Xoshiro256StarStar(seed: 1)

  init(set: CardSet) {
    self.set = set
  }
}
