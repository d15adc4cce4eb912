/// Compiles a rule set against one set's cards into a `BoosterPlan`.
///
/// This is where rules meet cards, so this is where rules that do not fit the set are
/// rejected, each with the rule file's `file:line:column`: a sheet that matches no card, a slot
/// that asks for more distinct cards than its sheet has, a reference to an unknown sheet, slot
/// or booster kind, variant probabilities that do not add up to 1, weights that are all zero.
/// Cost: O(cards × sheets) plus the programs, once per run.
public enum PlanCompiler {
  /// - Parameter spec: a spec whose claims about counted cards become extra counting lanes
  ///   (reusing a rule event's lane when it counts the same cards); its booster kinds are checked
  ///   against the rules'.
  public static func compile(
    _ rules: RuleSetDefinition, for set: CardSet, spec: SpecDefinition? = nil
  ) throws(DataError) -> BoosterPlan {
    if let covered = rules.appliesTo, !covered.contains(set.code) {
      throw DataError(
        "rule set \"\(rules.name)\" does not cover set \(set.code); it covers \(covered.joined(separator: ", "))",
        at: rules.source)
    }
    let layer = ResolvedLayer(rules.base, rules.setLayers[set.code])
    // The booster range, then any card a sheet lists by number outside it (collector and
    // showcase cards), in collector-number order.
    // Rules whose sheets all list their cards need no booster range; a filter does.
    let rangeError: DataError?
    let inRange: [Card]
    do {
      inRange = try set.boosterCards()
      rangeError = nil
    } catch {
      inRange = []
      rangeError = error
    }
    let inRangeKeys = Set(inRange.map(\.key))
    var extras: [CardKey: Card] = [:]
    for name in layer.sheetOrder {
      for explicit in layer.sheets[name]!.explicitCards {
        let card = resolve(explicit, in: set)
        if !inRangeKeys.contains(card.key) { extras[card.key] = card }
      }
    }
    let cards = inRange + extras.values.sorted { ($0.setCode == set.code ? "" : $0.setCode, $0.collectorNumber) < ($1.setCode == set.code ? "" : $1.setCode, $1.collectorNumber) }
    var context = CompileContext(rules: rules, set: set, cards: cards, inRange: inRange.count, layer: layer, spec: spec)
    context.rangeError = rangeError
    return try context.compile()
  }

  /// The card a sheet names as `set:number`: the set's card of that collector number, or, for
  /// a number with a letter that the set does not have (mtg.wtf writes `221a` for the first part
  /// of a split or double-faced card), the card of the number without it. A card the card data
  /// lacks (its set is not loaded, or the set's data has no such number) is a placeholder known
  /// by its key alone (`Card.placeholder`): the plan draws and counts it, and says what lacks data.
  static func resolve(_ explicit: ExplicitCard, in compiled: CardSet) -> Card {
    guard let set = explicit.set == compiled.code ? compiled : compiled.otherSets[explicit.set] else {
      return .placeholder(set: explicit.set, number: explicit.number)
    }
    if let card = set.cards.first(where: { $0.collectorNumber.text == explicit.number }) { return card }
    if let last = explicit.number.last, last.isLetter, explicit.number.count > 1 {
      let base = String(explicit.number.dropLast())
      if let card = set.cards.first(where: { $0.collectorNumber.text == base }) { return card }
    }
    return .placeholder(set: explicit.set, number: explicit.number)
  }
}

/// A rule set's base merged with one set's changes.
struct ResolvedLayer {
  var pool: PoolDefinition
  var sheets: [String: SheetDefinition]
  var sheetOrder: [String]
  var slots: [SlotDefinition]
  var variants: [VariantDefinition]
  var events: [EventDefinition]

  init(_ base: RuleLayer, _ override: RuleLayer?) {
    pool = override?.pool ?? base.pool!
    sheets = [:]
    sheetOrder = []
    for sheet in base.sheets + (override?.sheets ?? []) {
      if sheets[sheet.name] == nil { sheetOrder.append(sheet.name) }
      sheets[sheet.name] = sheet
    }
    slots = (override?.slots ?? base.slots ?? []) + base.appendSlots + (override?.appendSlots ?? [])
    variants = override?.variants ?? base.variants ?? []
    events = base.events.filter { event in !(override?.events.contains { $0.name == event.name } ?? false) }
      + (override?.events ?? [])
  }
}

struct CompileContext {
  let rules: RuleSetDefinition
  let set: CardSet
  /// The booster range, then cards listed by number outside it.
  let cards: [Card]
  /// The ordinals filters look at: the booster range only.
  let filterable: Range<Int>
  /// Why the set has no booster range (no basic lands in its data), if it has none: an error as
  /// soon as a filter needs one.
  var rangeError: DataError?
  let layer: ResolvedLayer
  var kinds: [String] = []
  /// Compiled sheets by name, and the plan's sheet list (only sheets that are drawn from).
  var sheetCache: [String: [(ordinal: Int, weight: Double)]] = [:]
  var planSheets: [PlanSheet] = []
  var planSheetIndex: [String: Int] = [:]

  let spec: SpecDefinition?

  init(rules: RuleSetDefinition, set: CardSet, cards: [Card], inRange: Int, layer: ResolvedLayer, spec: SpecDefinition?) {
    self.rules = rules
    self.set = set
    self.cards = cards
    self.filterable = 0..<inRange
    self.layer = layer
    self.spec = spec
  }

  mutating func compile() throws(DataError) -> BoosterPlan {
    let pool = layer.pool
    let positionProbabilities: [Double]?
    switch pool.mythicBooster {
    case .one:
      kinds = ["mythic_booster", "non_mythic_booster"]
      let weights = pool.positionWeights ?? Array(repeating: 1, count: pool.boosters)
      let total = weights.reduce(0, +)
      positionProbabilities = weights.map { $0 / total }
    case .none:
      kinds = ["booster"]
      positionProbabilities = nil
    }

    // Slots and their positions.
    guard !layer.slots.isEmpty else {
      throw DataError("no slots for set \(set.code); a booster needs at least one slot", at: rules.source)
    }
    var slots: [PlanSlot] = []
    var position = 0
    for slot in layer.slots {
      if slots.contains(where: { $0.name == slot.name }) {
        throw DataError("slot \"\(slot.name)\" is defined twice; slot names must be unique", at: slot.location)
      }
      slots.append(PlanSlot(name: slot.name, count: slot.count, firstPosition: position))
      position += slot.count
    }

    // Variant groups, in order of first appearance.
    var groups: [(name: String, options: [VariantDefinition])] = []
    for variant in layer.variants {
      if let index = groups.firstIndex(where: { $0.name == variant.group }) {
        groups[index].options.append(variant)
      } else {
        groups.append((variant.group, [variant]))
      }
    }
    var optionProbabilities: [[[Double]]] = []  // [group][kind][option]
    for group in groups {
      optionProbabilities.append(try probabilities(of: group.name, group.options))
    }
    let combinationCount = groups.reduce(1) { $0.multipliedReportingOverflow(by: $1.options.count).partialValue }
    guard combinationCount <= 4096, groups.allSatisfy({ $0.options.count <= 4096 }) else {
      throw DataError(
        "the variant groups combine into more than 4096 kinds of booster; use fewer groups or options",
        at: rules.source)
    }
    var combinations: [[Int]] = [[]]
    for group in groups {
      combinations = combinations.flatMap { prefix in group.options.indices.map { prefix + [$0] } }
    }
    let combinationProbabilities = kinds.indices.map { kind in
      combinations.map { combination in
        combination.enumerated().reduce(1.0) { $0 * optionProbabilities[$1.offset][kind][$1.element] }
      }
    }

    // Programs: per kind and combination, the draws that fill every position.
    try checkVariantSlots()
    var programs: [[[PlanDraw]]] = []
    var sites: [PlanSite] = []
    for (kind, kindName) in kinds.enumerated() {
      var kindPrograms: [[PlanDraw]] = []
      for (combinationIndex, combination) in combinations.enumerated() {
        let chosen = combination.enumerated().map { groups[$0.offset].options[$0.element] }
        let draws = try program(kind: kind, kindName: kindName, combination: combinationIndex, chosen: chosen, sites: &sites)
        kindPrograms.append(draws)
      }
      programs.append(kindPrograms)
    }

    // Events become counting lanes.
    var events: [PlanEvent] = []
    for event in layer.events {
      let ordinals: Set<Int>
      switch event.cards {
      case .sheet(let name):
        ordinals = Set(try sheetCards(name, location: event.location).map(\.ordinal))
      case .filter(let filter):
        if filter == CardFilter() {
          // Any card (`foil: { foil: true }`): every card, inside the booster range or not.
          ordinals = Set(cards.indices.map { event.foil ? cards.count + $0 : $0 })
        } else {
          try requireRange()
          ordinals = Set(filterable.filter { filter.matches(cards[$0]) }.map { event.foil ? cards.count + $0 : $0 })
        }
      }
      var givenKinds: [Int] = []
      var givenAny = false
      for name in event.given ?? kinds {
        if name == "any" {
          givenAny = true
        } else if let kind = kinds.firstIndex(of: name) {
          givenKinds.append(kind)
        } else {
          throw DataError(
            "event \"\(event.name)\": unknown booster kind \"\(name)\"; expected \((kinds + ["any"]).joined(separator: ", "))",
            at: event.location)
        }
      }
      var planEvent = PlanEvent(name: event.name, cards: ordinals, givenKinds: givenKinds, givenAny: givenAny, isReported: true)
      if case .filter(let filter) = event.cards, filter != CardFilter() { planEvent.byCardData = true }
      events.append(planEvent)
    }

    // Spec claims that count cards per booster share a lane with a rule event counting the same
    // cards, or get a lane of their own that reports do not list.
    let claims = spec?.claims(for: set.code) ?? []
    var claimLanes: [Int?] = []
    var claimProblems: [String?] = []
    for claim in claims {
      switch claim.kind {
      case .mythicPosition where positionProbabilities == nil:
        claimLanes.append(nil)
        claimProblems.append("rules \"\(rules.name)\" have independent boosters: no mythic booster, so no position")
        continue
      case .odds(let odds, _):
        claimProblems.append(nil)
        claimLanes.append(try oddsLane(odds, claim: claim, events: &events))
        continue
      default:
        break
      }
      guard let (filter, given) = claim.countedCards else {
        claimLanes.append(nil)
        claimProblems.append(nil)
        continue
      }
      guard given == "any" || kinds.contains(given) else {
        claimLanes.append(nil)
        claimProblems.append(
          "rules \"\(rules.name)\" have no \(given) (their boosters: \(kinds.joined(separator: ", ")))")
        continue
      }
      claimProblems.append(nil)
      try requireRange()
      let ordinals = Set(filterable.filter { filter.matches(cards[$0]) })
      if let index = events.firstIndex(where: { $0.cards == ordinals }) {
        claimLanes.append(index + 1)
      } else {
        var lane = PlanEvent(name: "spec: \(claim.name)", cards: ordinals, givenKinds: [], givenAny: false, isReported: false)
        lane.byCardData = true
        events.append(lane)
        claimLanes.append(events.count)
      }
    }
    guard events.count <= 15 else {
      throw DataError(
        "at most 15 counted events (rule events and spec claims about counted cards), found \(events.count)",
        at: rules.source)
    }

    // Foil finishes were numbered cards.count + ordinal while compiling; only the ones some
    // sheet holds get a place, in collector-number order after the non-foil cards.
    let foilBases = Set(planSheets.flatMap(\.cards).filter { $0 >= cards.count }).sorted()
    var foilOrdinal: [Int: Int] = [:]
    for (rank, virtual) in foilBases.enumerated() { foilOrdinal[virtual] = cards.count + rank }
    func renumber(_ ordinal: Int) -> Int? { ordinal < cards.count ? ordinal : foilOrdinal[ordinal] }
    planSheets = planSheets.map { sheet in
      var renumbered = PlanSheet(name: sheet.name, cards: sheet.cards.map { renumber($0)! }, weights: sheet.weights)
      renumbered.balance = sheet.balance
      return renumbered
    }
    events = events.map { event in
      var renumbered = PlanEvent(
        name: event.name, cards: Set(event.cards.compactMap(renumber)), givenKinds: event.givenKinds,
        givenAny: event.givenAny, isReported: event.isReported)
      renumbered.byCardData = event.byCardData
      return renumbered
    }
    let planCards = cards + foilBases.map { cards[$0 - cards.count] }

    return BoosterPlan(
      rules: rules, set: set, cards: planCards, firstFoilOrdinal: cards.count, boosterRangeCount: filterable.count, kinds: kinds, boostersPerPool: pool.boosters,
      mythicBoosterPositionProbabilities: positionProbabilities, slots: slots, sheets: planSheets,
      variantGroups: groups.map { PlanVariantGroup(name: $0.name, options: $0.options.map(\.name)) },
      combinations: combinations, combinationProbabilities: combinationProbabilities,
      programs: programs, sites: sites, events: events, specClaims: claims, specClaimLanes: claimLanes,
      specClaimProblems: claimProblems)
  }

  /// Throws when a filter needs the set's booster range and the set has none.
  func requireRange() throws(DataError) {
    if let rangeError { throw rangeError }
  }

  /// Per kind, each option's probability within its group.
  private func probabilities(of group: String, _ options: [VariantDefinition]) throws(DataError) -> [[Double]] {
    let isProbability = options[0].isProbability
    if let mixed = options.first(where: { $0.isProbability != isProbability }) {
      throw DataError(
        "variant group \"\(group)\" mixes \"weight\" and \"probability\"; use one of them for every option",
        at: mixed.location)
    }
    var result: [[Double]] = []
    for kind in kinds {
      var values: [Double] = []
      for option in options {
        try checkKinds(option.weight, what: "variant \"\(option.name)\"")
        guard let value = option.weight.value(for: kind) else {
          throw DataError(
            "variant \"\(option.name)\" has no \(isProbability ? "probability" : "weight") for \(kind) boosters; add \(kind) or otherwise",
            at: option.weight.location)
        }
        values.append(value)
      }
      let total = values.reduce(0, +)
      if isProbability {
        guard abs(total - 1) <= 1e-9 else {
          throw DataError(
            "the probabilities of variant group \"\(group)\" add up to \(total) for \(kind) boosters; they must add up to 1",
            at: options[0].location)
        }
      } else {
        guard total > 0 else {
          throw DataError(
            "the weights of variant group \"\(group)\" are all zero for \(kind) boosters; at least one must be positive",
            at: options[0].location)
        }
        guard total.isFinite else {
          throw DataError(
            "the weights of variant group \"\(group)\" add up to more than the largest number for \(kind) boosters; use smaller weights",
            at: options[0].location)
        }
      }
      result.append(values.map { $0 / total })
    }
    return result
  }

  private func checkKinds<T>(_ value: PerKind<T>, what: String) throws(DataError) {
    for entry in value.byKind where !kinds.contains(entry.kind) {
      throw DataError(
        "\(what): unknown booster kind \"\(entry.kind)\"; expected \((kinds + ["otherwise"]).joined(separator: ", "))",
        at: value.location)
    }
  }

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
      entries = try balancedOrder(entries, sheet: name, location: definition.location)
      balance = try colorBalance(entries, sheet: name, count: count, distinct: distinct, location: location, slot: slot)
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

  /// A balanced sheet's cards ordered by colour group, then collector number.
  private func balancedOrder(
    _ entries: [(ordinal: Int, weight: Double)], sheet name: String, location: String
  ) throws(DataError) -> [(ordinal: Int, weight: Double)] {
    guard entries.allSatisfy({ $0.ordinal < cards.count }) else {
      throw DataError("sheet \"\(name)\": a foil sheet cannot be balanced", at: location)
    }
    let unknown = entries.filter { !cards[$0.ordinal].hasColourData }
    if !unknown.isEmpty {
      let sets = Set(unknown.map { cards[$0.ordinal].setCode }).sorted()
      throw DataError(
        "sheet \"\(name)\" is colour-balanced, and \(unknown.count) of its \(entries.count) cards lack card data (their colours, like \(cards[unknown[0].ordinal].key.setCode):\(cards[unknown[0].ordinal].collectorNumber.text)); sealed cards fetch \(sets.joined(separator: " "))",
        at: location)
    }
    return entries.sorted { (ColorBalance.group(of: cards[$0.ordinal]), $0.ordinal) < (ColorBalance.group(of: cards[$1.ordinal]), $1.ordinal) }
  }

  /// The colour groups of a balanced sheet, checked for a draw of `count` cards: distinct,
  /// more than five cards, every colour present, and no colour so small that balancing would
  /// need a negative weight.
  private func colorBalance(
    _ entries: [(ordinal: Int, weight: Double)], sheet name: String, count: Int, distinct: Bool, location: String,
    slot: String
  ) throws(DataError) -> ColorBalance {
    guard distinct, count > 5 else {
      throw DataError(
        "slot \"\(slot)\" draws \(count) \(distinct ? "" : "non-distinct ")card(s) from the balanced sheet \"\(name)\"; colour balancing needs more than 5 distinct cards",
        at: location)
    }
    var starts = [0]
    for group in 0..<6 {
      starts.append(starts[group] + entries.filter { ColorBalance.group(of: cards[$0.ordinal]) == group }.count)
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
  private mutating func sheetCards(_ name: String, location: String, visiting: [String] = []) throws(DataError)
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
    for explicit in sheet.explicitCards {
      let card = PlanCompiler.resolve(explicit, in: set)
      let ordinal = cards.firstIndex { $0.key == card.key }!
      weights[explicit.foil ? cards.count + ordinal : ordinal] += explicit.weight
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
