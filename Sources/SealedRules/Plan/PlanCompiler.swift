import SealedSupport
import SealedCards

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
    do {
      return try compileDefinition(rules, for: set, spec: spec)
    } catch {
      guard rules.positionsOmitted else { throw error }
      // Made without its text's positions: the text, read, gives the error with them.
      return try compileDefinition(try RuleSetParser.parse(rules.text, source: rules.source), for: set, spec: spec)
    }
  }

  private static func compileDefinition(
    _ rules: RuleSetDefinition, for set: CardSet, spec: SpecDefinition?
  ) throws(DataError) -> BoosterPlan {
    if let covered = rules.appliesTo, !covered.contains(set.code) {
      throw DataError(
        "rule set \"\(rules.name)\" does not cover set \(set.code); it covers \(covered.joined(separator: ", "))",
        at: rules.source)
    }
    let layer = ResolvedLayer(rules.base, rules.setLayers[set.code])
    let numbers = CardNumberIndex(set)
    let gathered = gatherCards(layer, in: set, numbers: numbers)
    var context = CompileContext(
      rules: rules, set: set, cards: gathered.cards, inRange: gathered.inRange, layer: layer, spec: spec,
      numbers: numbers)
    context.rangeError = gathered.rangeError
    return try context.compile()
  }

  /// The cards a plan may hold: the booster range, then any card a sheet lists by number outside
  /// it (collector and showcase cards), in collector-number order, with how many are in the
  /// range. Rules whose sheets all list their cards need no booster range; a filter does, so a
  /// set without one keeps the reason (`rangeError`) to throw when a filter asks.
  /// Cost: O(cards + cards listed), with `numbers` built once for the compilation.
  static func gatherCards(
    _ layer: ResolvedLayer, in set: CardSet, numbers: CardNumberIndex
  ) -> (cards: [Card], inRange: Int, rangeError: DataError?) {
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
        let card = numbers.resolve(explicit, in: set)
        if !inRangeKeys.contains(card.key) { extras[card.key] = card }
      }
    }
    // Sorted by (set, number), the set's own first; indices are sorted, not cards or keys (a
    // collector number holds strings: moving them costs a retain and a release each).
    let others = Array(extras.values)
    let sets = others.map { $0.setCode == set.code ? "" : $0.setCode }
    let order = others.indices.sorted { a, b in
      sets[a] != sets[b] ? sets[a] < sets[b] : others[a].collectorNumber < others[b].collectorNumber
    }
    let cards = inRange + order.map { others[$0] }
    return (cards, inRange.count, rangeError)
  }
}

/// The cards of a set and of the other sets its rules name, by collector number as spelled
/// (the first card of each number), so that a sheet's listed cards resolve in constant time.
///
/// A sheet names a card as `set:number`: it is the set's card of that collector number, or, for
/// a number with a letter that the set does not have (mtg.wtf writes `221a` for the first part
/// of a split or double-faced card), the card of the number without it. A card the card data
/// lacks (its set is not loaded, or the set's data has no such number) is a placeholder known
/// by its key alone (`Card.placeholder`): the plan draws and counts it, and says what lacks data.
struct CardNumberIndex {
  /// Set code → collector number text → index in that set's `cards`.
  private var bySet: [String: [String: Int]] = [:]

  /// The index of `set` and of its `otherSets`. Cost: O(their cards).
  init(_ set: CardSet) {
    bySet[set.code] = Self.numbers(set.cards)
    for (code, other) in set.otherSets where code != set.code {
      bySet[code] = Self.numbers(other.cards)
    }
  }

  private static func numbers(_ cards: [Card]) -> [String: Int] {
    var numbers: [String: Int] = [:]
    numbers.reserveCapacity(cards.count)
    for (index, card) in cards.enumerated() where numbers[card.collectorNumber.text] == nil {
      numbers[card.collectorNumber.text] = index
    }
    return numbers
  }

  /// The card `explicit` names, in constant time: `compiled` must be the set this index was made of.
  func resolve(_ explicit: ExplicitCard, in compiled: CardSet) -> Card {
    // Keyed by the set the card names: for the compiled set itself, its own cards.
    guard let set = explicit.set == compiled.code ? compiled : compiled.otherSets[explicit.set],
      let numbers = bySet[explicit.set]
    else {
      return .placeholder(set: explicit.set, number: explicit.number)
    }
    guard let index = numbers[explicit.number] ?? CollectorNumber.withoutLetter(explicit.number).flatMap({ numbers[$0] })
    else { return .placeholder(set: explicit.set, number: explicit.number) }
    return set.cards[index]
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

/// One compilation of rules against a set's cards: the state its phases share (the booster
/// kinds, and the sheets compiled so far). The phases live in `PlanCompiler+*.swift`: kinds and
/// slots, variants, programs (which compile the sheets they draw from), lanes.
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
  /// The set's cards by collector number, for the cards sheets list.
  let numbers: CardNumberIndex
  /// The ordinal of each card in `cards` by its key (the first of equal keys).
  let ordinals: [CardKey: Int]
  var kinds: [String] = []
  /// Compiled sheets by name, and the plan's sheet list (only sheets that are drawn from).
  var sheetCache: [String: [(ordinal: Int, weight: Double)]] = [:]
  /// Colour-balanced sheets' cards in group order, with their groups, by name.
  var balancedSheets: [String: (entries: [(ordinal: Int, weight: Double)], groups: [Int])] = [:]
  var planSheets: [PlanSheet] = []
  var planSheetIndex: [String: Int] = [:]

  let spec: SpecDefinition?

  init(
    rules: RuleSetDefinition, set: CardSet, cards: [Card], inRange: Int, layer: ResolvedLayer, spec: SpecDefinition?,
    numbers: CardNumberIndex
  ) {
    self.rules = rules
    self.set = set
    self.cards = cards
    self.filterable = 0..<inRange
    self.layer = layer
    self.spec = spec
    self.numbers = numbers
    var ordinals: [CardKey: Int] = [:]
    ordinals.reserveCapacity(cards.count)
    for (ordinal, card) in cards.enumerated() where ordinals[card.key] == nil { ordinals[card.key] = ordinal }
    self.ordinals = ordinals
  }

  /// The plan, in seven phases run in this order (which is also the order in which a rule
  /// file's errors are found, so the first one is the one reported): booster kinds, slots,
  /// variant combinations, programs (compiling the sheets they draw from), rule events as
  /// counting lanes, spec claims' lanes (at most 15 lanes in all), foil finishes renumbered.
  /// Cost: the sum of the phases', dominated by the programs' sheets (O(cards × sheets)).
  mutating func compile() throws(DataError) -> BoosterPlan {
    let positionProbabilities = resolveKinds()
    let slots = try planSlots()
    let variants = try variantCombinations()
    let (programs, sites) = try compilePrograms(variants)
    var events = try ruleEventLanes()
    let claims = try specClaimLanes(independentBoosters: positionProbabilities == nil, events: &events)
    try requireLaneRoom(events)
    let planCards = renumberFoilFinishes(events: &events)
    return BoosterPlan(
      rules: rules, set: set, cards: planCards, firstFoilOrdinal: cards.count, boosterRangeCount: filterable.count, kinds: kinds, boostersPerPool: layer.pool.boosters,
      mythicBoosterPositionProbabilities: positionProbabilities, slots: slots, sheets: planSheets,
      variantGroups: variants.groups.map { PlanVariantGroup(name: $0.name, options: $0.options.map(\.name)) },
      combinations: variants.combinations, combinationProbabilities: variants.probabilities,
      exactCombinationShares: variants.exactShares,
      programs: programs, sites: sites, events: events, specClaims: claims.claims, specClaimLanes: claims.lanes,
      specClaimProblems: claims.problems)
  }

  /// Throws when a filter needs the set's booster range and the set has none.
  func requireRange() throws(DataError) {
    if let rangeError { throw rangeError }
  }

  /// Throws when a per-kind value names a booster kind the rules do not have.
  func checkKinds<T>(_ value: PerKind<T>, what: String) throws(DataError) {
    for entry in value.byKind where !kinds.contains(entry.kind) {
      throw DataError(
        "\(what): unknown booster kind \"\(entry.kind)\"; expected \((kinds + ["otherwise"]).joined(separator: ", "))",
        at: value.location)
    }
  }
}
