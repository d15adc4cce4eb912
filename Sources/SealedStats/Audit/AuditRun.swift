import Foundation
import SealedCore

/// Everything an audit's verdicts are made from: the counts of the file's boosters, what the
/// per-booster checks found, and how to draw the Monte Carlo null.
public struct AuditInput: Sendable {
  public var catalog: AuditCatalog
  public var lanes: AuditLanes
  public var expectations: Expectations
  public var observed: ContentCounts
  public var findings: BoosterFindings
  public var grouping: PoolGrouping
  public var alpha: Double
  /// Monte Carlo samples (R); 0 leaves the Monte Carlo p-values out.
  public var resamples: Int
  public var seed: UInt64
  public var threads: Int

  public init(
    catalog: AuditCatalog, lanes: AuditLanes, expectations: Expectations, observed: ContentCounts,
    findings: BoosterFindings, grouping: PoolGrouping, alpha: Double, resamples: Int, seed: UInt64, threads: Int
  ) {
    self.catalog = catalog
    self.lanes = lanes
    self.expectations = expectations
    self.observed = observed
    self.findings = findings
    self.grouping = grouping
    self.alpha = alpha
    self.resamples = resamples
    self.seed = seed
    self.threads = threads
  }
}

/// The verdicts of `sealed audit`: per-booster exact checks as invariants, and aggregate checks
/// (event and rarity proportions, card frequencies per sheet, mythics per pool, the spec's
/// claims) each with the p-value of the method valid for it, Holm-adjusted together.
///
/// Methods: the exact binomial test where boosters are independent and alike for the count;
/// the chi-square distribution where every cell expects at least 5 (its dispersion, for card
/// frequencies, the mean of the statistic over the Monte Carlo null divided by its degrees of
/// freedom); otherwise the Monte Carlo null itself: R samples of as many boosters drawn by the
/// engine, p = (1 + #{T* ≥ T}) / (1 + R), with standard error √(p(1 − p)/R). Every statistical
/// check also carries its Monte Carlo p-value when R > 0.
public struct AuditRun: Sendable {
  public let checks: [CheckResult]
  /// Remarks on what could not be tested, and on the Monte Carlo resolution.
  public let notes: [String]
  public let resamples: Int
  /// `sheet_frequency.csv`: each sheet's cards with observed and expected copies and residuals
  /// (√ of each card's share of the statistic, signed, after the dispersion).
  public let frequencyTable: CSVTable

  /// A planned test: its row and its statistic.
  struct Planned {
    var row: CheckResult
    var statistic: AuditStatistic?
    var exactBinomial = false
    var key: String?
    /// For a sheet's card frequencies: the sheet names, the group of its `sheet_frequency.csv` rows.
    var group: String?
  }

  public init(_ input: AuditInput) throws(StatisticsError) {
    let builder = CheckBuilder(alpha: input.alpha)
    var planned = Self.invariants(input)
    planned += try Self.specChecks(input, builder: builder)
    // A rule-derived check that tests what a spec claim tests (same counts, same expectation)
    // joins the claim's row, so each hypothesis is tested once.
    for rule in try Self.ruleStatistics(input, builder: builder, existing: []) {
      if let key = rule.key, let index = planned.firstIndex(where: { $0.key == key && $0.row.source == .spec }) {
        planned[index].row.source = .both
        planned[index].row.alpha = min(planned[index].row.alpha, rule.row.alpha)
        planned[index].row.detail = "also the rules' check \"\(rule.row.name)\"; " + planned[index].row.detail
        if planned[index].group == nil { planned[index].group = rule.group }
      } else {
        planned.append(rule)
      }
    }
    var notes = input.lanes.leftOut.map { "not counted: \($0)" }
    if input.findings.ambiguousKinds > 0 {
      notes.append("\(input.findings.ambiguousKinds) boosters could be of more than one kind; checks given a kind leave them out")
    }

    let tested = planned.indices.filter { planned[$0].statistic != nil }
    let statistics = tested.map { planned[$0].statistic! }
    let observedValues = statistics.map { $0.value(input.observed) }
    var samples: [[Double]] = []
    if input.resamples > 0 && !statistics.isEmpty && input.observed.boosters > 0 {
      samples = AuditNull.run(
        catalog: input.catalog, lanes: input.lanes, boosters: input.observed.boosters, grouping: input.grouping,
        seed: input.seed, samples: input.resamples, threads: input.threads
      ) { counts in statistics.map { $0.value(counts) } }
    }
    let r = Double(samples.count)
    var frequencies = CSVTable(header: SheetFrequency.csvHeader)
    for (position, index) in tested.enumerated() {
      let statistic = statistics[position]
      let observed = observedValues[position]
      var row = planned[index].row
      var monteCarlo: Double? = nil
      if !samples.isEmpty {
        let tolerance = observed.isFinite ? max(1e-7, abs(observed) * 1e-9) : 0
        let extreme = samples.reduce(0) { $0 + ($1[position] >= observed - tolerance ? 1 : 0) }
        let p = (1 + Double(extreme)) / (1 + r)
        monteCarlo = p
        row.monteCarloP = p
        row.monteCarloSE = (p * (1 - p) / r).squareRoot()
      }
      if case .proportion = statistic {
        if planned[index].exactBinomial {
          row.method = "exact binomial"
        } else if let monteCarlo {
          row.method = "monte carlo"
          row.pValue = monteCarlo
          row.detail += "; boosters of a pool are not independent for this count, so the binomial test does not apply"
        } else {
          row.method = "binomial (approximate: boosters of a pool are not independent for this count)"
        }
      } else {
        let df = statistic.degreesOfFreedom
        let cells = statistic.expectedCells(input.observed)
        let large = (cells.min() ?? 0) >= 5
        var dispersion = 1.0
        if case .frequencies = statistic {
          let finite = samples.map { $0[position] }.filter(\.isFinite)
          if finite.count >= 100 && df > 0 {
            dispersion = max(finite.reduce(0, +) / Double(finite.count) / Double(df), 1e-9)
          }
        }
        if df <= 0 {
          row.method = "none (one cell)"
          row.pValue = nil
        } else if large || monteCarlo == nil {
          row.method = large ? "asymptotic chi-square" : "asymptotic chi-square (approximate: a cell expects fewer than 5)"
          let scaled = observed / dispersion
          row.pValue = observed.isInfinite ? 0 : try withGSL { () throws(GSLError) -> Double in
            try Distributions.chiSquareUpperTail(scaled, degreesOfFreedom: Double(df))
          }
          if dispersion != 1 { row.detail += "; dispersion \(CSVNumber.format((dispersion * 1e6).rounded() / 1e6)) from the Monte Carlo null" }
        } else {
          row.method = "monte carlo"
          row.pValue = monteCarlo
          row.detail += "; a cell expects fewer than 5, so the chi-square distribution does not apply"
        }
        row.statistic = observed
        row.degreesOfFreedom = max(df, 0)
        if case .frequencies(let classes, let shares) = statistic, let group = planned[index].group {
          Self.appendFrequencies(&frequencies, group: group, classes: classes, shares: shares, dispersion: dispersion, input: input)
        }
      }
      planned[index].row = row
    }

    var checks = planned.map(\.row)
    let testedRows = checks.indices.filter { checks[$0].pValue != nil }
    let adjusted = try MultipleTesting.holm(testedRows.map { checks[$0].pValue! })
    for (position, index) in testedRows.enumerated() {
      checks[index].pAdjusted = adjusted[position]
      checks[index].passed = adjusted[position] >= checks[index].alpha
    }
    try CheckRun.holmIntervals(&checks, tested: testedRows)
    if !samples.isEmpty && !testedRows.isEmpty {
      let smallest = 1 / (1 + r)
      let level = input.alpha / Double(testedRows.count)
      if smallest > level {
        notes.append(
          "with \(samples.count) Monte Carlo samples no Monte Carlo p-value goes below \(CSVNumber.format(smallest)), above alpha / \(testedRows.count) tests = \(CSVNumber.format(level)): raise --resamples for those checks to be able to fail")
      }
    }
    self.checks = checks
    self.notes = notes
    resamples = samples.count
    frequencyTable = frequencies
  }

  static func appendFrequencies(
    _ table: inout CSVTable, group: String, classes: [Int], shares: [Double], dispersion: Double, input: AuditInput
  ) {
    let plan = input.catalog.plan
    let total = Double(classes.reduce(0) { $0 + input.observed.copies[$1] })
    let shareTotal = shares.reduce(0, +)
    for (position, cls) in classes.enumerated() {
      let card = plan.cards[input.catalog.classOrdinals[cls][0]]
      let expected = shares[position] / shareTotal * total
      let observed = input.observed.copies[cls]
      let residual = expected > 0 ? (Double(observed) - expected) / (expected * dispersion).squareRoot() : nil
      table.append([
        group, card.setCode, input.catalog.identity == .name ? "" : card.collectorNumber.text, input.catalog.classLabels[cls],
        card.rarity.rawValue, String(observed), CSVNumber.format((expected * 1e6).rounded() / 1e6),
        CSVNumber.format(residual.map { ($0 * 1e6).rounded() / 1e6 }),
      ])
    }
  }

  /// Whether every check passed.
  public var passed: Bool { checks.allSatisfy(\.passed) }

  /// `audit.csv`: the columns of `checks.csv`, then the method and the Monte Carlo p-value with
  /// its standard error.
  public var table: CSVTable {
    var table = CSVTable(header: CheckResult.csvHeader + ["method", "p_monte_carlo", "mc_standard_error"])
    for check in checks {
      table.append(check.csvRow + [check.method ?? "", CSVNumber.format(check.monteCarloP), CSVNumber.format(check.monteCarloSE)])
    }
    return table
  }

  // MARK: - Per-booster invariants

  static func invariants(_ input: AuditInput) -> [Planned] {
    let findings = input.findings
    let plan = input.catalog.plan
    var cards = CheckResult.invariant(
      "every card is one the rules put in \(plan.setCode) boosters", source: .rules, checked: findings.cards,
      violations: findings.outsideCards, alpha: input.alpha,
      detail: findings.outsideCards == 0 ? "cards outside the booster range or of another set" : findings.firstProblems())
    cards.method = "exact (per booster)"
    let kinds = plan.kinds.count > 1
      ? "kinds identified: " + plan.kinds.indices.map { "\(plan.kinds[$0]) \(findings.identifiedKinds[$0])" }.joined(separator: ", ")
        + (findings.ambiguousKinds > 0 ? ", either \(findings.ambiguousKinds)" : "")
      : ""
    var possible = CheckResult.invariant(
      "every booster is one the rules can make", source: .rules, checked: findings.boosters,
      violations: findings.impossibleBoosters, alpha: input.alpha,
      detail: ([findings.impossibleBoosters == 0 ? "boosters whose cards no program of the rules can draw together" : findings.firstProblems()] + (kinds.isEmpty ? [] : [kinds])).joined(separator: "; "))
    possible.method = "exact (per booster)"
    return [Planned(row: cards), Planned(row: possible)]
  }

  // MARK: - The spec's claims

  static func kinds(_ given: String, plan: BoosterPlan) -> [Int] {
    given == "any" ? Array(plan.kinds.indices) + [plan.kinds.count] : plan.kinds.indices.filter { plan.kinds[$0] == given }
  }

  static func auditLane(_ planLane: Int?, _ lanes: AuditLanes) -> Int? {
    guard let planLane else { return nil }
    return lanes.lanes.firstIndex { $0.planLane == planLane }
  }

  static func specChecks(_ input: AuditInput, builder: CheckBuilder) throws(StatisticsError) -> [Planned] {
    let plan = input.catalog.plan
    let counts = input.observed
    var planned: [Planned] = []
    for (index, claim) in plan.specClaims.enumerated() {
      let alpha = claim.alpha ?? input.alpha
      if let problem = plan.specClaimProblems[index] {
        planned.append(Planned(row: .unsatisfiable(claim.name, kind: SpecChecks.kind(of: claim), source: .spec, reason: problem, alpha: alpha)))
        continue
      }
      func untested(_ why: String) -> Planned {
        var row = CheckResult(name: claim.name, kind: SpecChecks.kind(of: claim), source: .spec, n: 0, alpha: alpha, detail: "not tested: \(why)")
        row.method = "none"
        return Planned(row: row)
      }
      let lane = auditLane(plan.specClaimLanes[index], input.lanes)
      switch claim.kind {
      case .proportion(_, let given, let expected):
        guard let lane else { planned.append(untested("the file does not tell its cards apart")); continue }
        let kinds = kinds(given, plan: plan)
        let (successes, trials) = AuditStatistic.proportionCounts(counts, lane: lane, kinds: kinds)
        var row = try builder.proportion(claim.name, source: .spec, successes: successes, trials: trials, expected: expected, alpha: alpha, detail: "\(given) boosters holding a matching card")
        row.method = row.kind == .invariant ? "exact (per booster)" : nil
        let exact = isExactBinomial(input, lane: lane, kinds: kinds)
        planned.append(Planned(
          row: row, statistic: row.kind == .binomial ? .proportion(lane: lane, kinds: kinds, p: expected) : nil,
          exactBinomial: exact, key: proportionKey(lane, kinds, expected)))
      case .perBooster(_, let given, let count):
        guard let lane else { planned.append(untested("the file does not tell its cards apart")); continue }
        let kinds = kinds(given, plan: plan)
        let boosters = kinds.reduce(0) { $0 + counts.boostersByKind[$1] }
        var row = CheckResult.invariant(
          claim.name, source: .spec, checked: boosters, violations: boosters - counts.boosters(kinds: kinds, lane: lane, exactly: count),
          alpha: alpha, detail: "\(given) boosters without exactly \(count) matching card\(count == 1 ? "" : "s")")
        row.method = "exact (per booster)"
        planned.append(Planned(row: row))
      case .noDuplicates:
        guard input.catalog.identity == .printingAndFinish else {
          planned.append(untested("the file does not give each card's finish, so a foil and a non-foil copy look alike"))
          continue
        }
        var row = CheckResult.invariant(claim.name, source: .spec, checked: input.findings.boosters, violations: input.findings.boostersWithRepeats, alpha: alpha, detail: "boosters holding a card twice")
        row.method = "exact (per booster)"
        planned.append(Planned(row: row))
      case .boosterSize(let size):
        var row = CheckResult.invariant(
          claim.name, source: .spec, checked: input.findings.boosters,
          violations: input.findings.boosters - (input.findings.sizes[size] ?? 0), alpha: alpha, detail: "boosters not of \(size) cards")
        row.method = "exact (per booster)"
        planned.append(Planned(row: row))
      case .mythicsPerPool(let count):
        guard input.grouping == .grouped, counts.pools > 0 else { planned.append(untested("no whole pools (the boosters are not grouped in pools)")); continue }
        var row = CheckResult.invariant(
          claim.name, source: .spec, checked: counts.pools, violations: counts.pools - (count < counts.poolMythics.count ? counts.poolMythics[count] : 0),
          alpha: alpha, detail: "pools without exactly \(count) mythic\(count == 1 ? "" : "s")")
        row.method = "exact (per pool)"
        planned.append(Planned(row: row, key: "invariant mythics per pool \(count)"))
      case .mythicsPerPoolDistribution(let probabilities):
        guard input.grouping == .grouped, counts.pools > 0 else { planned.append(untested("no whole pools (the boosters are not grouped in pools)")); continue }
        let cells = (0..<counts.poolMythics.count).map { $0 < probabilities.count ? probabilities[$0] : 0 }
        planned.append(Planned(
          row: CheckResult(name: claim.name, kind: .chiSquare, source: .spec, n: counts.pools, alpha: alpha, detail: "pools by mythics"),
          statistic: .poolMythics(probabilities: cells)))
      case .mythicPosition(let weights):
        guard input.grouping == .grouped, counts.pools > 0 else { planned.append(untested("no whole pools (the boosters are not grouped in pools)")); continue }
        let positions = weights ?? Array(repeating: 1, count: plan.boostersPerPool)
        let cells = (0..<plan.boostersPerPool).map { $0 < positions.count ? positions[$0] : 0 }
        planned.append(Planned(
          row: CheckResult(name: claim.name, kind: .chiSquare, source: .spec, n: counts.mythicPositions.reduce(0, +), alpha: alpha, detail: "pools' mythic boosters by position"),
          statistic: .positions(probabilities: cells), key: "positions " + cells.map { String(format: "%.9g", $0 / cells.reduce(0, +)) }.joined(separator: ",")))
      case .uniform(let filter):
        let ordinals = plan.boosterRangeOrdinals.filter { filter.matches(plan.cards[$0]) }
        let classes = Array(Set(ordinals.map { input.catalog.classOfOrdinal[$0] })).sorted()
        let whole = classes.allSatisfy { cls in input.catalog.classOrdinals[cls].allSatisfy { ordinals.contains($0) || plan.isFoil($0) } }
        guard classes.count > 1, whole else {
          planned.append(untested(classes.count <= 1 ? "fewer than two matching cards" : "the file does not tell the matching cards apart"))
          continue
        }
        let total = classes.reduce(0) { $0 + input.observed.copies[$1] }
        planned.append(Planned(
          row: CheckResult(name: claim.name, kind: .chiSquare, source: .spec, n: total, alpha: alpha, detail: "\(classes.count) cards, copies over the boosters"),
          statistic: .frequencies(classes: classes, shares: Array(repeating: 1, count: classes.count)),
          key: "uniform " + classes.map(String.init).joined(separator: ",")))
      }
    }
    return planned
  }

  static func proportionKey(_ lane: Int, _ kinds: [Int], _ p: Double) -> String {
    "proportion \(lane) \(kinds.sorted()) " + String(format: "%.9g", p)
  }

  /// Whether the count of boosters holding the lane is binomial: boosters of the kinds are
  /// independent and equally likely to hold it.
  static func isExactBinomial(_ input: AuditInput, lane: Int, kinds: [Int]) -> Bool {
    let plan = input.catalog.plan
    let real = kinds.filter { $0 < plan.kinds.count }
    if real.count <= 1 && !kinds.contains(plan.kinds.count) { return true }
    if input.grouping == .separate || plan.mythicKind == nil { return true }
    guard let distributions = laneDistributions(input, lane: lane) else { return false }
    let shares = input.expectations.kindShares
    let probabilities = plan.kinds.indices.filter { shares[$0] > 0 }.map { 1 - distributions[$0][0] }
    return probabilities.allSatisfy { abs($0 - probabilities[0]) < 1e-12 }
  }

  static func laneDistributions(_ input: AuditInput, lane: Int) -> [[Double]]? {
    let audit = input.lanes.lanes[lane]
    if let planLane = audit.planLane { return input.expectations.laneDistributions.map { $0[planLane] } }
    return input.expectations.memberCountDistributions(members: audit.members)
  }

  // MARK: - The rules' own statistics

  static func ruleStatistics(_ input: AuditInput, builder: CheckBuilder, existing: [Planned]) throws(StatisticsError) -> [Planned] {
    let plan = input.catalog.plan
    let counts = input.observed
    let shares = input.expectations.kindShares
    var planned: [Planned] = []
    var keys = Set(existing.compactMap(\.key))
    var tested: [(lane: Int, kinds: [Int], distributions: [[Double]])] = []

    func proportion(lane: Int, kinds: [Int], name: String, given: String, distributions: [[Double]]) throws(StatisticsError) {
      let real = kinds.filter { $0 < plan.kinds.count }
      let weight = real.reduce(0) { $0 + shares[$1] }
      guard weight > 0 else { return }
      let p = min(max(real.reduce(0) { $0 + shares[$1] * (1 - distributions[$1][0]) } / weight, 0), 1)
      guard p > 1e-12 && p < 1 - 1e-12 else { return }
      let key = proportionKey(lane, kinds, p)
      if keys.contains(key) { return }
      // A lane whose presence is the complement of one already tested for the same boosters.
      if tested.contains(where: { $0.kinds == kinds && isComplement($0.distributions, distributions, lane: $0.lane, other: lane, input: input, kinds: real) }) { return }
      keys.insert(key)
      tested.append((lane, kinds, distributions))
      let (successes, trials) = AuditStatistic.proportionCounts(counts, lane: lane, kinds: kinds)
      let row = try builder.proportion(
        "boosters holding \(name)\(given)", source: .rules, successes: successes, trials: trials, expected: p,
        detail: "expected from the rules \(CSVNumber.format((p * 1e9).rounded() / 1e9))")
      planned.append(Planned(
        row: row, statistic: row.kind == .binomial ? .proportion(lane: lane, kinds: kinds, p: p) : nil,
        exactBinomial: isExactBinomial(input, lane: lane, kinds: kinds), key: key))
    }

    for (index, lane) in input.lanes.lanes.enumerated() {
      guard let distributions = laneDistributions(input, lane: index) else { continue }
      let event = lane.planLane.flatMap { $0 > 0 ? plan.events[$0 - 1] : nil }
      if let event, !event.isReported { continue }
      // With one kind of booster, "given a kind" is "any booster".
      if event == nil || event!.givenAny || plan.kinds.count == 1 {
        try proportion(lane: index, kinds: Array(plan.kinds.indices) + [plan.kinds.count], name: lane.name, given: "", distributions: distributions)
      }
      let perKind = plan.kinds.count == 1 ? [] : event?.givenKinds ?? Array(plan.kinds.indices)
      for kind in perKind {
        try proportion(lane: index, kinds: [kind], name: lane.name, given: " (\(plan.kinds[kind]) boosters)", distributions: distributions)
      }
    }

    // Card frequencies: the classes of sheets that share cards form one family.
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
    for rootClass in families.keys.sorted() {
      let classes = families[rootClass]!.sorted()
      guard classes.count > 1 else { continue }
      let classShares = classes.map { cls in input.catalog.classOrdinals[cls].reduce(0) { $0 + expected[$1] } }
      let uniform = classShares.allSatisfy { abs($0 - classShares[0]) <= 1e-12 * classShares[0] }
      let key = uniform ? "uniform " + classes.map(String.init).joined(separator: ",") : nil
      if let key, keys.contains(key) { continue }
      if let key { keys.insert(key) }
      let sheets = Array(Set(familySheets[rootClass] ?? [])).sorted()
      // Sheets that share cards (a foil sheet, when the file does not tell finishes apart) are
      // one family; a long list is named by its first sheet.
      let names = sheets.count > 3 ? ["\(sheets[0]) and \(sheets.count - 1) more sheets sharing its cards"] : sheets
      let total = classes.reduce(0) { $0 + counts.copies[$1] }
      planned.append(Planned(
        row: CheckResult(
          name: "sheet \(names.joined(separator: " + ")): \(uniform ? "cards equally likely" : "cards in proportion to the rules")",
          kind: .chiSquare, source: .rules, n: total, alpha: input.alpha, detail: "\(classes.count) cards, copies over the boosters"),
        statistic: .frequencies(classes: classes, shares: classShares), key: key, group: names.joined(separator: " + ")))
    }

    // Mythics per pool and the mythic booster's position, over whole pools.
    if input.grouping == .grouped && plan.boostersPerPool > 1 && counts.pools > 0 && !input.lanes.lanes.isEmpty && input.lanes.lanes[0].planLane == 0 {
      let distribution = (0..<counts.poolMythics.count).map { $0 < input.expectations.poolMythics.count ? input.expectations.poolMythics[$0] : 0 }
      if let fixed = distribution.firstIndex(where: { abs($0 - 1) < 1e-12 }) {
        var row = CheckResult.invariant(
          "exactly \(fixed) mythic\(fixed == 1 ? "" : "s") per pool", source: .rules, checked: counts.pools,
          violations: counts.pools - counts.poolMythics[fixed], alpha: input.alpha, detail: "whole pools with another count")
        row.method = "exact (per pool)"
        planned.append(Planned(row: row, key: "invariant mythics per pool \(fixed)"))
      } else {
        planned.append(Planned(
          row: CheckResult(name: "mythics per pool", kind: .chiSquare, source: .rules, n: counts.pools, alpha: input.alpha, detail: "whole pools by mythics"),
          statistic: .poolMythics(probabilities: distribution)))
      }
      let positions = input.expectations.mythicPositions
      if plan.mythicKind != nil, abs(positions.reduce(0, +) - 1) < 1e-9 {
        let key = "positions " + positions.map { String(format: "%.9g", $0) }.joined(separator: ",")
        if !keys.contains(key) {
          planned.append(Planned(
            row: CheckResult(name: "mythic booster position", kind: .chiSquare, source: .rules, n: counts.mythicPositions.reduce(0, +), alpha: input.alpha, detail: "which booster of a pool holds its mythic"),
            statistic: .positions(probabilities: positions), key: key))
        }
      }
    }
    return planned
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
