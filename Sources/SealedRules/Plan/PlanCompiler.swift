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
    if let covered = rules.appliesTo, !covered.contains(set.code) {
      throw DataError(
        "rule set \"\(rules.name)\" does not cover set \(set.code); it covers \(covered.joined(separator: ", "))",
        at: rules.source)
    }
    let layer = ResolvedLayer(rules.base, rules.setLayers[set.code])
    let gathered = gatherCards(layer, in: set)
    var context = CompileContext(
      rules: rules, set: set, cards: gathered.cards, inRange: gathered.inRange, layer: layer, spec: spec)
    context.rangeError = gathered.rangeError
    return try context.compile()
  }

  /// The cards a plan may hold: the booster range, then any card a sheet lists by number outside
  /// it (collector and showcase cards), in collector-number order, with how many are in the
  /// range. Rules whose sheets all list their cards need no booster range; a filter does, so a
  /// set without one keeps the reason (`rangeError`) to throw when a filter asks.
  /// Cost: O(cards), plus a scan of the set's cards per card a sheet lists by number.
  static func gatherCards(
    _ layer: ResolvedLayer, in set: CardSet
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
        let card = resolve(explicit, in: set)
        if !inRangeKeys.contains(card.key) { extras[card.key] = card }
      }
    }
    let cards = inRange + extras.values.sorted { ($0.setCode == set.code ? "" : $0.setCode, $0.collectorNumber) < ($1.setCode == set.code ? "" : $1.setCode, $1.collectorNumber) }
    return (cards, inRange.count, rangeError)
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
