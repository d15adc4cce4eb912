import SealedSupport
import SealedRules

/// The totals a tally's counts must add up to, recorded beside them in `tallies.json`.
package struct TallyTotals: Codable, Equatable, Sendable {
  package var pools: Int
  package var boosters: Int
  /// Cards tallied over every draw.
  package var cards: Int
  /// Mythics over every pool.
  package var mythics: Int

  package init(pools: Int, boosters: Int, cards: Int, mythics: Int) {
    self.pools = pools
    self.boosters = boosters
    self.cards = cards
    self.mythics = mythics
  }
}

extension SimulationTally {
  /// The largest count a tally read from a file may hold (counts stay exact as Doubles).
  static let largestCount = 1 << 53

  /// The tally's totals, computed from its counts. Cost: O(size of the tally).
  package var totals: TallyTotals {
    var mythics = 0
    for (n, pools) in poolMythics.enumerated() { mythics &+= n &* pools }
    return TallyTotals(pools: pools, boosters: boosters, cards: cardsDrawn, mythics: mythics)
  }

  /// The first way the counts disagree with each other or with `totals`, as a phrase
  /// ("card counts of site 3 add up to 1001, expected 1000"); nil when every invariant holds.
  /// Every count must be between 0 and 2^53; then booster counts add up to pools x boosters per
  /// pool, every kind's variant combinations and lane histograms to its boosters, pool mythics
  /// to pools and to the mythics of the boosters, booster sizes to boosters and to the cards
  /// drawn. Cost: O(size of the tally).
  package func inconsistency(with totals: TallyTotals) -> String? {
    guard hasConsistentArrays else { return "the arrays' lengths do not fit the tally's shape" }
    let arrays: [(String, [Int])] = [
      ("boostersByKind", boostersByKind), ("combinations", combinations), ("siteCards", siteCards),
      ("laneHistograms", laneHistograms), ("poolMythics", poolMythics), ("mythicPositions", mythicPositions),
      ("pairMythicDifferences", pairMythicDifferences), ("boosterSizes", boosterSizes),
      ("pools", [pools]), ("duplicateBoosters", [duplicateBoosters]),
    ]
    for (name, values) in arrays {
      if let index = values.firstIndex(where: { $0 < 0 || $0 > Self.largestCount }) {
        return "\(name)[\(index)] is \(values[index]); expected a count between 0 and 2^53"
      }
    }
    // Counts of up to 2^53 can overflow when many are added: sums report overflow.
    func sum(_ values: some Sequence<Int>) -> Int? {
      var total = 0
      for value in values {
        let (next, overflow) = total.addingReportingOverflow(value)
        if overflow { return nil }
        total = next
      }
      return total
    }
    func weighted(_ values: some Sequence<Int>) -> Int? {
      var total = 0
      for (n, count) in values.enumerated() {
        let (product, overflow) = n.multipliedReportingOverflow(by: count)
        if overflow { return nil }
        let (next, overflowed) = total.addingReportingOverflow(product)
        if overflowed { return nil }
        total = next
      }
      return total
    }
    guard let boosters = sum(boostersByKind), let cards = sum(siteCards), let poolsMythics = sum(poolMythics),
      let mythics = weighted(poolMythics), let sized = sum(boosterSizes), let sizedCards = weighted(boosterSizes)
    else { return "the counts add up to more than 2^63" }
    let computed = TallyTotals(pools: pools, boosters: boosters, cards: cards, mythics: mythics)
    for (name, recorded, actual) in [
      ("pools", totals.pools, computed.pools), ("boosters", totals.boosters, computed.boosters),
      ("cards", totals.cards, computed.cards), ("mythics", totals.mythics, computed.mythics),
    ] where recorded != actual {
      return "totals.\(name) is \(recorded) but the counts add up to \(actual)"
    }
    let (expectedBoosters, overflow) = pools.multipliedReportingOverflow(by: boostersPerPool)
    if overflow || boosters != expectedBoosters {
      return "\(boosters) boosters for \(pools) pools; expected \(boostersPerPool) per pool"
    }
    for kind in 0..<kindCount {
      let combinationTotal = sum(combinations[(kind * combinationCount)..<((kind + 1) * combinationCount)])
      if combinationTotal != boostersByKind[kind] {
        return "the variant combinations of kind \(kind) add up to \(combinationTotal ?? -1), expected its \(boostersByKind[kind]) boosters"
      }
      for lane in 0..<laneCount {
        let histogram = laneHistogram(kind: kind, lane: lane)
        if sum(histogram) != boostersByKind[kind] {
          return "the lane \(lane) histogram of kind \(kind) adds up to \(sum(histogram) ?? -1), expected its \(boostersByKind[kind]) boosters"
        }
      }
    }
    var boosterMythics = 0
    for kind in 0..<kindCount { boosterMythics &+= weighted(laneHistogram(kind: kind, lane: 0)) ?? -1 }
    if boosterMythics != mythics {
      return "pool mythics add up to \(mythics) mythics, the boosters' mythic counts to \(boosterMythics)"
    }
    if poolsMythics != pools { return "poolMythics adds up to \(poolsMythics) pools, expected \(pools)" }
    if let index = mythicPositions.firstIndex(where: { $0 > pools }) {
      return "mythicPositions[\(index)] is \(mythicPositions[index]), more than the \(pools) pools"
    }
    if let pairs = sum(pairMythicDifferences), pairs > pools / 2 {
      return "pairMythicDifferences adds up to \(pairs) pairs, more than \(pools / 2)"
    }
    if sized != boosters { return "boosterSizes adds up to \(sized) boosters, expected \(boosters)" }
    if sizedCards != cards { return "boosterSizes hold \(sizedCards) cards, but \(cards) cards were tallied" }
    if duplicateBoosters > boosters { return "duplicateBoosters is \(duplicateBoosters), more than the \(boosters) boosters" }
    return nil
  }

  /// The first way the counts disagree with the plan they were counted under: every site (one
  /// draw of one booster program) tallies exactly its count of cards for each booster of its
  /// combination, all from its sheet. Cost: O(size of the tally).
  package func inconsistency(with plan: BoosterPlan) -> String? {
    for (index, site) in plan.sites.enumerated() {
      let boosters = combinations[site.kind * combinationCount + site.combination]
      let row = siteCards[(index * cardCount)..<((index + 1) * cardCount)]
      let cards = row.reduce(0, +)
      let slot = plan.slots[site.draw.slot].name
      if cards != boosters * site.draw.count {
        return "site \(index) (slot \(slot), \(plan.kinds[site.kind])) tallies \(cards) cards; its \(boosters) boosters draw \(site.draw.count) each, \(boosters * site.draw.count)"
      }
      let sheet = Set(plan.sheets[site.draw.sheet].cards)
      if let stray = row.indices.first(where: { row[$0] > 0 && !sheet.contains($0 - index * cardCount) }) {
        let card = plan.cards[stray - index * cardCount]
        return "site \(index) (slot \(slot)) tallies \(card.name) (#\(card.collectorNumber.text)), which its sheet \(plan.sheets[site.draw.sheet].name) does not hold"
      }
    }
    return nil
  }
}
