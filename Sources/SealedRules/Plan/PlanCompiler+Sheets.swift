import SealedCards
import SealedSupport

/// The sheets of a compilation: each named sheet's cards and weights (compiled once, cached),
/// and the plan sheets draws use, checked for the draw (size, colour balance, weight range).
extension CompileContext {
  /// The plan sheet a draw uses for `kind`, validated for the draw's size.
  mutating func drawSheet(
    _ sheet: PerKind<String>, kind: String, count: Int, distinct: Bool, location: String, slot: String
  ) throws(DataError) -> Int {
    try checkKinds(sheet, what: "slot \"\(slot)\"")
    guard let name = sheet.value(for: kind) else {
      throw DataError("slot \"\(slot)\" has no sheet for \(kind) boosters; add \(kind) or otherwise", at: sheet.location)
    }
    var entries = try sheetCards(name, location: sheet.location)
    if distinct && count > entries.count {
      throw DataError(
        "slot \"\(slot)\" draws \(count) distinct cards from sheet \"\(name)\", which has only \(entries.count) card(s) in \(set.code)",
        at: location)
    }
    var balance: ColorBalance?
    if let definition = layer.sheets[name], definition.balanced {
      let ordered: (entries: [(ordinal: Int, weight: Double)], groups: [Int])
      if let known = balancedSheets[name] {
        ordered = known
      } else {
        ordered = try balancedOrder(entries, sheet: name, location: definition.location)
        balancedSheets[name] = ordered
      }
      entries = ordered.entries
      balance = try colorBalance(
        entries, groups: ordered.groups, sheet: name, count: count, distinct: distinct, location: location, slot: slot)
    }
    if let index = planSheetIndex[name] { return index }
    // Walker's alias method keeps a card with probability n·w/W in 64-bit fixed point; far
    // smaller weights would round to "never drawn".
    let total = entries.reduce(0) { $0 + $1.weight }
    if let lightest = entries.min(by: { $0.weight < $1.weight }), lightest.weight / total < 0x1p-40 {
      throw DataError(
        "sheet \"\(name)\": \(cards[lightest.ordinal % cards.count].name) has weight \(lightest.weight) of \(total) in all; weights may differ by at most a factor of 2^40",
        at: sheet.location)
    }
    planSheetIndex[name] = planSheets.count
    var planSheet = PlanSheet(name: name, cards: entries.map(\.ordinal), weights: entries.map(\.weight))
    planSheet.balance = balance
    planSheets.append(planSheet)
    return planSheets.count - 1
  }

  /// A balanced sheet's cards ordered by colour group, then collector number, with each one's
  /// group. Cost: O(n log n) for n cards, each card's group found once.
  private func balancedOrder(
    _ entries: [(ordinal: Int, weight: Double)], sheet name: String, location: String
  ) throws(DataError) -> (entries: [(ordinal: Int, weight: Double)], groups: [Int]) {
    let foils = entries.filter { $0.ordinal >= cards.count }
    guard foils.isEmpty else {
      // Foil finishes are numbered `cards.count + ordinal` while compiling.
      let card = cards[foils[0].ordinal - cards.count]
      let which = foils.count == entries.count
        ? "a foil sheet cannot be balanced"
        : "\(foils.count) of its \(entries.count) cards \(foils.count == 1 ? "is" : "are") foil (like \(card.key.setCode):\(card.collectorNumber.text):foil), and a sheet holding foils cannot be balanced; expected its cards in one finish"
      throw DataError("sheet \"\(name)\": \(which)", at: location)
    }
    let unknown = entries.filter { !cards[$0.ordinal].hasColourData }.map { cards[$0.ordinal] }
    if !unknown.isEmpty {
      throw DataError(
        "sheet \"\(name)\" is colour-balanced, and \(unknown.count) of its \(entries.count) cards lack card data (their colours, like \(unknown[0].key.setCode):\(unknown[0].collectorNumber.text)); \(remedy(forLacking: unknown))",
        at: location)
    }
    let sorted = entries.map { (group: ColorBalance.group(of: cards[$0.ordinal]), entry: $0) }
      .sorted { ($0.group, $0.entry.ordinal) < ($1.group, $1.entry.ordinal) }
    return (sorted.map(\.entry), sorted.map(\.group))
  }

  /// What to do about cards without data (`CardDataGaps.remedy`): fetch the sets whose card
  /// data may lack them, and correct the keys of sets whose data lists every printing, which
  /// name no card (fetching them would change nothing).
  private func remedy(forLacking unknown: [Card]) -> String {
    let dead = unknown.filter { set.listsEveryPrinting(ofSet: $0.setCode) }
    let fetchable = unknown.filter { !set.listsEveryPrinting(ofSet: $0.setCode) }
    return CardDataGaps.remedy(
      fetching: Set(fetchable.map(\.setCode)).sorted(), deadKeys: dead.map { "\($0.setCode):\($0.collectorNumber.text)" })
  }

  /// The colour groups of a balanced sheet, checked for a draw of `count` cards: distinct,
  /// more than five cards, every colour present, and no colour so small that balancing would
  /// need a negative weight.
  private func colorBalance(
    _ entries: [(ordinal: Int, weight: Double)], groups: [Int], sheet name: String, count: Int, distinct: Bool,
    location: String, slot: String
  ) throws(DataError) -> ColorBalance {
    guard distinct, count > 5 else {
      throw DataError(
        "slot \"\(slot)\" draws \(count) \(distinct ? "" : "non-distinct ")card(s) from the balanced sheet \"\(name)\"; colour balancing needs more than 5 distinct cards",
        at: location)
    }
    var starts = [0]
    for group in 0..<6 {
      starts.append(starts[group] + groups.filter { $0 == group }.count)
    }
    let uniform = entries.allSatisfy { $0.weight == entries[0].weight }
    let balance = ColorBalance(groupStarts: starts, weights: uniform ? nil : entries.map(\.weight))
    let weights = balance.mixedWeights(count: count)
    let room = (0..<6).filter { weights[$0] > 0 }.reduce(0) { $0 + balance.size(ofGroup: $1) - ($1 < 5 ? 1 : 0) }
    guard room >= count - 5 else {
      throw DataError(
        "sheet \"\(name)\" cannot be balanced for \(count) cards: its colour groups have room for only \(room) cards after the first five",
        at: location)
    }
    for (group, weight) in weights.enumerated() where group < 5 {
      let colour = ColorBalance.groupNames[group]
      guard balance.size(ofGroup: group) > 0 else {
        throw DataError("sheet \"\(name)\" cannot be balanced: it has no \(colour) card in \(set.code)", at: location)
      }
      guard weight >= 0 else {
        let share = uniform
          ? "\(balance.size(ofGroup: group)) of \(entries.count) cards"
          : "weight \(CompiledBoosterRules.number(balance.weight(ofGroup: group))) of \(CompiledBoosterRules.number(entries.reduce(0) { $0 + $1.weight }))"
        throw DataError(
          "sheet \"\(name)\" cannot be balanced for \(count) cards: colour \(colour) has \(share), \(uniform ? "fewer" : "less") than 1/\(count) of the sheet, so keeping its cards' rates would need a negative weight",
          at: location)
      }
    }
    return balance
  }

  /// The cards of a named sheet with their weights (zero-weight cards dropped).
  mutating func sheetCards(_ name: String, location: String, visiting: [String] = []) throws(DataError)
    -> [(ordinal: Int, weight: Double)]
  {
    if let cached = sheetCache[name] { return cached }
    guard let sheet = layer.sheets[name] else {
      throw DataError(
        "unknown sheet \"\(name)\"; sheets for \(set.code): \(layer.sheetOrder.joined(separator: ", "))", at: location)
    }
    guard !visiting.contains(name) else {
      throw DataError("sheet \"\(name)\" includes itself (\((visiting + [name]).joined(separator: " -> ")))", at: sheet.location)
    }
    if sheet.filter != nil || !sheet.weights.isEmpty || sheet.parts.contains(where: { if case .filter = $0.source { true } else { false } }) {
      try requireRange()
    }
    // Indices from cards.count on are foil finishes (cards.count + ordinal).
    var weights = [Double](repeating: 0, count: 2 * cards.count)
    var listedAs: [Int: String] = [:]
    for explicit in sheet.explicitCards {
      let ordinal = ordinals[numbers.resolve(explicit, in: set).key]!
      let index = explicit.foil ? cards.count + ordinal : ordinal
      // Keys that differ in case name one card: the weights would silently add up, where a
      // reader that keeps keys apart (mtg.wtf's, Python's) reads two cards.
      if let first = listedAs.updateValue(explicit.key, forKey: index) {
        throw DataError(
          "sheet \"\(name)\" lists one card twice, as \(first) and \(explicit.key); expected each card once, its weight written once",
          at: explicit.location)
      }
      weights[index] += explicit.weight
    }
    if let filter = sheet.filter {
      for ordinal in filterable where filter.matches(cards[ordinal]) { weights[ordinal] = 1 }
    }
    for part in sheet.parts {
      let members: [(ordinal: Int, weight: Double)]
      switch part.source {
      case .sheet(let inner):
        members = try sheetCards(inner, location: part.location, visiting: visiting + [name])
      case .filter(let filter):
        members = filterable.filter { filter.matches(cards[$0]) }.map { ($0, 1.0) }
      }
      guard !members.isEmpty else {
        throw DataError("a part of sheet \"\(name)\" matches no card of \(set.code)", at: part.location)
      }
      let memberTotal = members.reduce(0) { $0 + $1.weight }
      for member in members {
        switch part.weight {
        case .rate(let rate): weights[member.ordinal] += rate * member.weight
        case .chance(let chance): weights[member.ordinal] += chance * member.weight / memberTotal
        }
      }
    }
    for (filter, factor) in sheet.weights {
      for ordinal in filterable where filter.matches(cards[ordinal]) {
        weights[ordinal] *= factor
        weights[cards.count + ordinal] *= factor
      }
    }
    if sheet.foil {
      for ordinal in cards.indices where weights[ordinal] > 0 {
        weights[cards.count + ordinal] += weights[ordinal]
        weights[ordinal] = 0
      }
    }
    let entries = weights.indices.filter { weights[$0] > 0 }.map { (ordinal: $0, weight: weights[$0]) }
    guard !entries.isEmpty else {
      let what = sheet.filter.map { " (\($0))" } ?? ""
      throw DataError(
        "sheet \"\(name)\"\(what) matches no card of \(set.code) in collector numbers 1-\(set.boosterMax ?? 0), or all its weights are zero",
        at: sheet.location)
    }
    sheetCache[name] = entries
    return entries
  }
}
