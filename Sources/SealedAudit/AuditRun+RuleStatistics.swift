import Foundation
import SealedSupport
import SealedVerdicts
import SealedStats

/// The checks an audit derives from the rules alone: lane proportions, each sheet's card
/// frequencies, mythics per pool and the mythic booster's position.
extension AuditRun {
  /// The rule-derived checks planned so far, and the hypotheses they test (so a lane's
  /// complement, or a family met twice, is not tested again).
  struct RuleChecksPlanned {
    var planned: [Planned] = []
    var keys = Set<String>()
    var proportions: [(lane: Int, kinds: [Int], distributions: [[Double]])] = []
  }

  static func ruleStatistics(_ input: AuditInput, builder: CheckBuilder) throws(StatisticsError) -> [Planned] {
    var state = RuleChecksPlanned()
    try planLaneProportions(input, builder: builder, into: &state)
    planCardFrequencies(input, into: &state)
    planPoolChecks(input, into: &state)
    return state.planned
  }

  /// Each lane's proportion of boosters holding it: over any booster, and per kind of booster.
  static func planLaneProportions(_ input: AuditInput, builder: CheckBuilder, into state: inout RuleChecksPlanned) throws(StatisticsError) {
    let plan = input.catalog.plan
    for (index, lane) in input.lanes.lanes.enumerated() {
      // (A lane without an exact distribution is named in the audit's notes.)
      guard let distributions = laneDistributions(input, lane: index) else { continue }
      let event = lane.planLane.flatMap { $0 > 0 ? plan.events[$0 - 1] : nil }
      if let event, !event.isReported { continue }
      // With one kind of booster, "given a kind" is "any booster".
      if event == nil || event!.givenAny || plan.kinds.count == 1 {
        try planProportion(
          input, builder: builder, lane: index, kinds: Array(plan.kinds.indices) + [plan.kinds.count], name: lane.name, given: "",
          distributions: distributions, into: &state)
      }
      let perKind = plan.kinds.count == 1 ? [] : event?.givenKinds ?? Array(plan.kinds.indices)
      for kind in perKind {
        try planProportion(
          input, builder: builder, lane: index, kinds: [kind], name: lane.name, given: " (\(plan.kinds[kind]) boosters)",
          distributions: distributions, into: &state)
      }
    }
  }

  /// One lane's proportion over the boosters of `kinds`, unless it is certain, already planned,
  /// or the complement of a lane already planned for the same boosters.
  static func planProportion(
    _ input: AuditInput, builder: CheckBuilder, lane: Int, kinds: [Int], name: String, given: String,
    distributions: [[Double]], into state: inout RuleChecksPlanned
  ) throws(StatisticsError) {
    let shares = input.expectations.kindShares
    let real = kinds.filter { $0 < input.catalog.plan.kinds.count }
    let weight = real.reduce(0) { $0 + shares[$1] }
    guard weight > 0 else { return }
    let p = min(max(real.reduce(0) { $0 + shares[$1] * (1 - distributions[$1][0]) } / weight, 0), 1)
    guard p > 1e-12 && p < 1 - 1e-12 else { return }
    if isDecidedByMythicsPerPool(input, lane: lane, kinds: kinds, p: p, distributions: distributions) { return }
    let key = proportionKey(input, lane, kinds, p)
    if state.keys.contains(key) { return }
    let isComplementOfPlanned = state.proportions.contains {
      $0.kinds == kinds && isComplement($0.distributions, distributions, lane: $0.lane, other: lane, input: input, kinds: real)
    }
    if isComplementOfPlanned { return }
    state.keys.insert(key)
    state.proportions.append((lane, kinds, distributions))
    let (successes, trials) = AuditStatistic.proportionCounts(input.observed, lane: lane, kinds: kinds)
    let row = try builder.proportion(
      "boosters holding \(name)\(given)", source: .rules, successes: successes, trials: trials, expected: p,
      detail: "expected from the rules \(CSVNumber.format((p * 1e9).rounded() / 1e9))")
    state.planned.append(Planned(
      row: row, statistic: row.kind == .binomial ? .proportion(lane: lane, kinds: kinds, p: p) : nil,
      exactBinomial: isExactBinomial(input, lane: lane, kinds: kinds), key: key))
  }

  /// Each family of cards' frequencies: the cards of sheets that share cards are one family,
  /// tested as equally likely (when their expected shares are equal) or in the rules' proportions.
  static func planCardFrequencies(_ input: AuditInput, into state: inout RuleChecksPlanned) {
    let expected = input.expectations.cardsPerBooster
    for family in cardFamilies(input) {
      let classes = family.classes
      let classShares = classes.map { cls in input.catalog.classOrdinals[cls].reduce(0) { $0 + expected[$1] } }
      let uniform = classShares.allSatisfy { abs($0 - classShares[0]) <= 1e-12 * classShares[0] }
      let key = uniform ? "uniform " + classes.map(String.init).joined(separator: ",") : nil
      if let key, state.keys.contains(key) { continue }
      if let key { state.keys.insert(key) }
      let sheets = family.sheets
      // Sheets that share cards (a foil sheet, when the file does not tell finishes apart) are
      // one family; a long list is named by its first sheet.
      let names = sheets.count > 3 ? ["\(sheets[0]) and \(sheets.count - 1) more sheets sharing its cards"] : sheets
      let total = classes.reduce(0) { $0 + input.observed.copies[$1] }
      state.planned.append(Planned(
        row: CheckResult(
          name: "sheet \(names.joined(separator: " + ")): \(uniform ? "cards equally likely" : "cards in proportion to the rules")",
          kind: .chiSquare, source: .rules, n: total, alpha: input.alpha, detail: "\(classes.count) cards, copies over the boosters"),
        statistic: .frequencies(classes: classes, shares: classShares), key: key, group: names.joined(separator: " + ")))
    }
  }

  /// The families of card classes that some booster can hold, with more than one class each:
  /// the classes of sheets that share cards joined (union–find), in order of their first class's
  /// root, each with its classes in order and its sheets' names sorted.
  static func cardFamilies(_ input: AuditInput) -> [(classes: [Int], sheets: [String])] {
    let plan = input.catalog.plan
    let expected = input.expectations.cardsPerBooster
    var parent = Array(0..<input.catalog.classCount)
    func root(_ x: Int) -> Int {
      var x = x
      while parent[x] != x { x = parent[x] }
      return x
    }
    var sheetNames: [Int: [String]] = [:]
    for sheet in plan.sheets {
      let classes = sheet.cards.indices.filter { sheet.weights[$0] > 0 }.map { input.catalog.classOfOrdinal[sheet.cards[$0]] }
      guard let first = classes.first else { continue }
      for cls in classes.dropFirst() { parent[root(cls)] = root(first) }
      sheetNames[first, default: []].append(sheet.name)
    }
    var families: [Int: [Int]] = [:]
    for cls in 0..<input.catalog.classCount {
      let share = input.catalog.classOrdinals[cls].reduce(0) { $0 + expected[$1] }
      if share > 0 { families[root(cls), default: []].append(cls) }
    }
    var familySheets: [Int: [String]] = [:]
    for (first, names) in sheetNames { familySheets[root(first), default: []] += names }
    return families.keys.sorted().compactMap { rootClass in
      let classes = families[rootClass]!.sorted()
      guard classes.count > 1 else { return nil }
      return (classes, Array(Set(familySheets[rootClass] ?? [])).sorted())
    }
  }

  /// The rules' distribution of mythics per pool, over the counts the file's pools show, when
  /// the audit tests it: boosters grouped in whole pools of more than one, mythics counted.
  static func poolMythicsDistribution(_ input: AuditInput) -> [Double]? {
    let counts = input.observed
    guard input.grouping == .grouped && input.catalog.plan.boostersPerPool > 1 && counts.pools > 0
      && !input.lanes.lanes.isEmpty && input.lanes.lanes[0].planLane == 0
    else { return nil }
    return (0..<counts.poolMythics.count).map { $0 < input.expectations.poolMythics.count ? input.expectations.poolMythics[$0] : 0 }
  }

  /// Whether the proportion of all boosters holding lane `lane` (over every kind, expected `p`,
  /// the lane's `distributions` by kind) is decided by the invariant "exactly k mythics per
  /// pool". So it is when every booster of the file is in a whole pool and the lane is the
  /// mythic lane, whose k mythics the rules put in boosters of their own (k / boosters per pool
  /// = `p`), or its complement (a booster holds a card of it exactly when it holds no mythic:
  /// war `sealed`'s rares): the count is then k × pools, or the rest, exactly when the invariant
  /// holds (for k ≥ 2 with the per-booster check, which fails a booster holding two mythics the
  /// rules never put together), and a binomial test of it could never fail where the invariant
  /// passes (it was one more test in the Holm family, for nothing). A last pool cut short keeps
  /// the test. No boosters at all is `AuditPlan`'s file of whole pools.
  static func isDecidedByMythicsPerPool(_ input: AuditInput, lane: Int, kinds: [Int], p: Double, distributions: [[Double]]) -> Bool {
    let plan = input.catalog.plan
    let perPool = Double(plan.boostersPerPool)
    guard kinds.count == plan.kinds.count + 1, let distribution = poolMythicsDistribution(input),
      let fixed = distribution.firstIndex(where: { abs($0 - 1) < 1e-12 }).map(Double.init),
      [0, input.observed.pools * plan.boostersPerPool].contains(AuditStatistic.proportionCounts(input.observed, lane: lane, kinds: kinds).trials)
    else { return false }
    if input.lanes.lanes[lane].planLane == 0 { return abs(p * perPool - fixed) < 1e-9 }
    guard let mythic = laneDistributions(input, lane: 0),
      isComplement(mythic, distributions, lane: 0, other: lane, input: input, kinds: Array(plan.kinds.indices))
    else { return false }
    return abs((1 - p) * perPool - fixed) < 1e-9
  }

  /// Mythics per pool and the mythic booster's position, over whole pools (boosters grouped in
  /// pools of more than one, mythics counted).
  static func planPoolChecks(_ input: AuditInput, into state: inout RuleChecksPlanned) {
    let plan = input.catalog.plan
    let counts = input.observed
    guard let distribution = poolMythicsDistribution(input) else { return }
    if let fixed = distribution.firstIndex(where: { abs($0 - 1) < 1e-12 }) {
      var row = CheckResult.invariant(
        "exactly \(fixed) mythic\(fixed == 1 ? "" : "s") per pool", source: .rules, checked: counts.pools,
        violations: counts.pools - counts.poolMythics[fixed], alpha: input.alpha, detail: "whole pools with another count")
      row.method = .exactPerPool
      state.planned.append(Planned(row: row, key: "invariant mythics per pool \(fixed)"))
    } else {
      state.planned.append(Planned(
        row: CheckResult(name: "mythics per pool", kind: .chiSquare, source: .rules, n: counts.pools, alpha: input.alpha, detail: "whole pools by mythics"),
        statistic: .poolMythics(probabilities: distribution)))
    }
    let positions = input.expectations.mythicPositions
    guard plan.mythicKind != nil, abs(positions.reduce(0, +) - 1) < 1e-9 else { return }
    let key = "positions " + positions.map { String(format: "%.9g", $0) }.joined(separator: ",")
    guard !state.keys.contains(key) else { return }
    state.planned.append(Planned(
      row: CheckResult(
        name: "mythic booster position", kind: .chiSquare, source: .rules, n: counts.mythicPositions.reduce(0, +), alpha: input.alpha,
        detail: "which booster of a pool holds its mythic"),
      statistic: .positions(probabilities: positions), key: key))
  }

  /// Whether, for boosters of `kinds`, a booster holds a card of one lane exactly when it holds
  /// none of the other: each holds at most one, and the two together always exactly one.
  static func isComplement(_ a: [[Double]], _ b: [[Double]], lane: Int, other: Int, input: AuditInput, kinds: [Int]) -> Bool {
    let union = input.lanes.lanes[lane].members.union(input.lanes.lanes[other].members)
    guard input.lanes.lanes[lane].members.isDisjoint(with: input.lanes.lanes[other].members),
      let together = input.expectations.memberCountDistributions(members: union)
    else { return false }
    return kinds.allSatisfy { kind in
      abs(together[kind][1] - 1) < 1e-12 && a[kind].dropFirst(2).allSatisfy { $0 < 1e-15 } && b[kind].dropFirst(2).allSatisfy { $0 < 1e-15 }
    }
  }
}
