import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedPackFiles

/// Pools opened and shown, saved or written as pack files (`sealed open`, the app's event of
/// several players): the first pools of a run from a seed, exactly as a simulation of that
/// seed draws them, so the same seed gives the same pools anywhere.
package struct OpenJob: Sendable {
  package let loaded: LoadedPlan
  package let seed: UInt64
  package let seedWasGiven: Bool
  /// The booster range given (`--booster-max`), which a saved pool records.
  package let boosterMax: Int?

  package var plan: BoosterPlan { loaded.plan }

  /// Loads the rules and the cards; `seed` nil draws a random one. Cost: compiling the plan.
  package init(source: PlanSource, seed: UInt64?) throws(DataError) {
    loaded = try source.load()
    self.seed = seed ?? RunSeed.random()
    seedWasGiven = seed != nil
    boosterMax = source.boosterMax
  }

  /// The opening of a plan already loaded from `seed` (the app keeps its plans, and opens
  /// many pools of each). Cost: none.
  package init(loaded: LoadedPlan, seed: UInt64, boosterMax: Int? = nil) {
    self.loaded = loaded
    self.seed = seed
    seedWasGiven = true
    self.boosterMax = boosterMax
  }

  /// Throws, naming `purpose` (what needs the names) and `alternative` (a way that reads keys),
  /// when the plan draws cards known by their keys alone.
  package func requireCardData(for purpose: String, alternative: String? = nil) throws(DataError) {
    if let gaps = CardDataGaps(plan: plan) { throw DataError(gaps.refusal(purpose, alternative: alternative)) }
  }

  /// The first `count` pools of the seed: one per player of an event. Cost: the chunks of
  /// pools they fall in.
  package func pools(_ count: Int) -> [OpenedPool] {
    Simulation.openPools(plan, seed: seed, count: count)
  }

  /// Writes the first `pools` pools (at most `RunLimits.maximumOpenedPools`) as a pack file
  /// of `format` to `path` (`-`: standard output; `.gz`: gzipped), whole or not at all; an
  /// existing file only with `force` (else `OutputFile`'s refusal, before any pool is drawn).
  /// False when `shouldStop` said yes before the last chunk of pools: nothing was put in place.
  @discardableResult
  package func writePackFile(
    pools: Int, format: PackFileFormat, to path: String, force: Bool = false, shouldStop: () -> Bool = { false }
  ) throws(DataError) -> Bool {
    try PackExport.write(plan: plan, seed: seed, pools: pools, format: format, to: path, force: force, shouldStop: shouldStop)
  }
}
