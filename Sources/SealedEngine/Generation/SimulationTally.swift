import SealedSupport
import SealedRules

/// Everything a simulation counts, as flat arrays of exact integer counts.
///
/// Tallies of separate chunks, threads or shards add up with `add(_:)`; because the counts are
/// integers, the total is the same whatever the order, which keeps runs reproducible across
/// thread counts and machines.
public struct SimulationTally: Sendable, Equatable, Codable {
  package let cardCount: Int
  package let kindCount: Int
  package let combinationCount: Int
  package let siteCount: Int
  package let laneCount: Int
  package let boostersPerPool: Int
  /// The largest booster size; per-booster counts run from 0 to this.
  package let maxBoosterSize: Int

  public var pools: Int = 0
  /// Boosters generated, per kind.
  package var boostersByKind: [Int]
  /// `[kind * combinationCount + combination]`: how often each variant combination was chosen.
  package var combinations: [Int]
  /// `[site * cardCount + ordinal]`: copies of each card drawn by each site.
  package var siteCards: [Int]
  /// `[(kind * laneCount + lane) * (maxBoosterSize + 1) + n]`: boosters of a kind holding exactly
  /// n cards of a lane (lane 0: mythics; lane i: event i - 1).
  package var laneHistograms: [Int]
  /// `[n]`: pools holding exactly n mythics.
  package var poolMythics: [Int]
  /// `[b]`: pools whose booster b holds at least one mythic.
  package var mythicPositions: [Int]
  /// `[d]`: pairs of consecutive pools (1st and 2nd, 3rd and 4th, ...) whose mythic counts
  /// differ by d, as two players opening side by side.
  package var pairMythicDifferences: [Int]
  /// `[n]`: boosters of n cards, by the programs that made them (every program fills the same
  /// positions); `cardsDrawn`, the cards actually tallied, checks it.
  package var boosterSizes: [Int]
  /// Boosters holding some card more than once.
  package var duplicateBoosters: Int = 0

  /// An empty tally of `plan`'s own lanes and pools.
  public init(plan: BoosterPlan) {
    self.init(plan: plan, laneCount: plan.laneCount, boostersPerPool: plan.boostersPerPool)
  }

  /// An empty tally of what `tables` count: their plan with the lanes and pool size they were
  /// built with.
  init(tables: EngineTables) {
    self.init(plan: tables.plan, laneCount: tables.laneCount, boostersPerPool: tables.boostersPerPool)
  }

  private init(plan: BoosterPlan, laneCount: Int, boostersPerPool: Int) {
    cardCount = plan.cards.count
    kindCount = plan.kinds.count
    combinationCount = plan.combinations.count
    siteCount = plan.sites.count
    self.laneCount = laneCount
    self.boostersPerPool = boostersPerPool
    maxBoosterSize = plan.maxBoosterSize
    boostersByKind = Array(repeating: 0, count: kindCount)
    combinations = Array(repeating: 0, count: kindCount * combinationCount)
    siteCards = Array(repeating: 0, count: siteCount * cardCount)
    laneHistograms = Array(repeating: 0, count: kindCount * laneCount * (maxBoosterSize + 1))
    poolMythics = Array(repeating: 0, count: boostersPerPool * maxBoosterSize + 1)
    mythicPositions = Array(repeating: 0, count: boostersPerPool)
    pairMythicDifferences = Array(repeating: 0, count: boostersPerPool * maxBoosterSize + 1)
    boosterSizes = Array(repeating: 0, count: maxBoosterSize + 1)
  }

  /// Adds another tally of the same plan. Cost: O(size of the tally).
  public mutating func add(_ other: SimulationTally) {
    precondition(isCompatible(with: other), "adding tallies of different plans")
    pools += other.pools
    duplicateBoosters += other.duplicateBoosters
    Self.add(other.boostersByKind, to: &boostersByKind)
    Self.add(other.combinations, to: &combinations)
    Self.add(other.siteCards, to: &siteCards)
    Self.add(other.laneHistograms, to: &laneHistograms)
    Self.add(other.poolMythics, to: &poolMythics)
    Self.add(other.mythicPositions, to: &mythicPositions)
    Self.add(other.pairMythicDifferences, to: &pairMythicDifferences)
    Self.add(other.boosterSizes, to: &boosterSizes)
  }

  /// Whether both tallies have the same shape (same plan) and consistent arrays.
  package func isCompatible(with other: SimulationTally) -> Bool {
    cardCount == other.cardCount && kindCount == other.kindCount
      && combinationCount == other.combinationCount && siteCount == other.siteCount
      && laneCount == other.laneCount && boostersPerPool == other.boostersPerPool
      && maxBoosterSize == other.maxBoosterSize && other.hasConsistentArrays
  }

  /// Whether every array has the length the shape implies (a tally read from a file might not).
  package var hasConsistentArrays: Bool {
    // Shape fields read from a file may be anything: bound them before multiplying.
    let shape = [cardCount, kindCount, combinationCount, siteCount, laneCount, boostersPerPool, maxBoosterSize]
    guard shape.allSatisfy({ $0 >= 0 && $0 <= 1 << 16 }) else { return false }
    let poolCounts = boostersPerPool * maxBoosterSize + 1
    return boostersByKind.count == kindCount && combinations.count == kindCount * combinationCount
      && siteCards.count == siteCount * cardCount
      && laneHistograms.count == kindCount * laneCount * (maxBoosterSize + 1)
      && poolMythics.count == poolCounts && mythicPositions.count == boostersPerPool
      && pairMythicDifferences.count == poolCounts && boosterSizes.count == maxBoosterSize + 1
      && pools >= 0 && duplicateBoosters >= 0
  }

  private static func add(_ source: [Int], to target: inout [Int]) {
    for index in source.indices { target[index] += source[index] }
  }

  // MARK: - Derived counts

  /// Boosters generated in all.
  public var boosters: Int { boostersByKind.reduce(0, +) }

  /// Cards tallied in all (over every draw).
  package var cardsDrawn: Int { siteCards.reduce(0, +) }

  /// Boosters not of `size` cards; at least 1 when the cards tallied differ from what
  /// `size`-card boosters would hold (a card too many or too few anywhere), so that the count
  /// never exceeds the boosters checked unless the tally itself is inconsistent.
  package func boostersNotOfSize(_ size: Int) -> Int {
    boostersNotOfSizes([size])
  }

  /// Boosters of none of `sizes`; at least 1 when the cards tallied differ from what boosters
  /// of the sizes counted would hold.
  package func boostersNotOfSizes(_ sizes: [Int]) -> Int {
    let ofSizes = Set(sizes).reduce(0) { $0 + ($1 < boosterSizes.count ? boosterSizes[$1] : 0) }
    let held = boosterSizes.indices.reduce(0) { $0 + $1 * boosterSizes[$1] }
    return max(boosters - ofSizes, cardsDrawn == held ? 0 : 1)
  }

  /// Copies of each card over all sites, by ordinal.
  package var cardCopies: [Int] {
    var copies = Array(repeating: 0, count: cardCount)
    for site in 0..<siteCount {
      for ordinal in 0..<cardCount { copies[ordinal] += siteCards[site * cardCount + ordinal] }
    }
    return copies
  }

  /// Boosters of `kind` holding exactly `n` cards of `lane`: none for an `n` no booster can hold
  /// (a spec's `exactly: 15` of a 14-card booster read past the histogram and crashed).
  package func laneCount(kind: Int, lane: Int, cards n: Int) -> Int {
    guard (0...maxBoosterSize).contains(n) else { return 0 }
    return laneHistograms[(kind * laneCount + lane) * (maxBoosterSize + 1) + n]
  }

  /// The histogram of per-booster counts for a lane and kind.
  package func laneHistogram(kind: Int, lane: Int) -> ArraySlice<Int> {
    let start = (kind * laneCount + lane) * (maxBoosterSize + 1)
    return laneHistograms[start..<(start + maxBoosterSize + 1)]
  }
}
