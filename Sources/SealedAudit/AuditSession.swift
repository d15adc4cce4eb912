import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedVerdicts
import SealedPackFiles

/// Reads a pack file booster by booster and runs the per-booster checks: every card resolved
/// against the card data, the booster's size and composition judged against the rules, and its
/// counts added for the aggregate checks. Memory does not grow with the file.
package struct AuditSession {
  package let plan: BoosterPlan
  package let catalog: AuditCatalog
  package let lanes: AuditLanes
  let feasibility: BoosterFeasibility
  package let grouping: PoolGrouping
  package private(set) var accumulator: ContentAccumulator
  package private(set) var findings: BoosterFindings
  private let source: String
  /// Where cards of other sets are read from: `--cards` (a file or folder), or nil for the default.
  private let cardData: String?
  /// Cards of sets the rules do not draw from, loaded when a file names one.
  private var otherSets: [String: [String: Card]] = [:]
  private let planSets: Set<String>
  /// Resolutions already made, by the card as the file wrote it (a file repeats its cards); a
  /// card that is no card of the data, by what is wrong with it.
  private var resolved: [String: Result<AuditCatalog.Resolution, DataError>] = [:]
  /// The cards of the file that are no card of the data, for one error naming them all.
  package private(set) var unknownCards = UnknownCards()
  /// The boosters whose size some program of the rules makes, and the error of the first that
  /// has none: a file without one is not of these rules.
  package private(set) var boostersOfPossibleSize = 0
  package private(set) var firstImpossibleSize: DataError?

  package init(plan: BoosterPlan, set: CardSet, identity: CardIdentity, grouping: PoolGrouping, source: String, cardData: String?) {
    self.plan = plan
    catalog = AuditCatalog(plan: plan, set: set, identity: identity)
    lanes = AuditLanes(catalog: catalog)
    feasibility = BoosterFeasibility(catalog: catalog)
    self.grouping = grouping
    accumulator = ContentAccumulator(catalog: catalog, lanes: lanes)
    findings = BoosterFindings(kinds: plan.kinds)
    self.source = source
    self.cardData = cardData
    planSets = Set(plan.cards.map(\.setCode)).union([set.code])
  }

  /// How precisely a file names its cards, from its format and its first boosters: a CSV with a
  /// `foil` column gives each card's finish, a CSV without it only the printing; a text list
  /// gives the finish when it marks foils (`*F*`) somewhere in its first boosters, else only the
  /// printing (an unmarked list may hold foils it does not mark); 17lands' data only names.
  package static func identity(format: PackFileFormat, first: [ListedBooster]) -> CardIdentity {
    let cards = first.lazy.flatMap(\.cards)
    switch format {
    case .text: return cards.contains { $0.foil == true } ? .printingAndFinish : .printing
    case .csv: return cards.contains { $0.foil != nil } ? .printingAndFinish : .printing
    case .seventeenLands: return .name
    }
  }

  /// How many boosters a file's card identity is judged from.
  package static let identityLookahead = 1000

  /// Checks and counts one booster. A card that is no card of the data (a misspelt name, a
  /// number the set lacks, a name that disagrees with its number) is recorded in `unknownCards`
  /// and its booster is not counted; the command reports them all once the file is read. A
  /// booster of a size no program makes is an impossible booster (`firstImpossibleSize`). Throws
  /// a one-line error naming the file, line and booster for a booster of another set.
  package mutating func add(_ booster: ListedBooster) throws(DataError) {
    let where_ = BoosterFindings.name(booster.label)
    var copies: [Int: Int] = [:]
    var order: [Int] = []
    var outside: [String] = []
    var ofAuditedSets = 0
    var otherSetCodes = Set<String>()
    var unknown = false
    for card in booster.cards {
      let key = "\(card.setCode ?? "")|\(card.collectorNumber ?? "")|\(card.name ?? "")|\(card.foil.map(String.init) ?? "")"
      let resolution: AuditCatalog.Resolution
      if let set = card.setCode?.lowercased(), !planSets.contains(set), card.collectorNumber == nil {
        // A card named in a file of another set (17lands' `expansion`): the booster is judged
        // by its set below, not by a name this set may not have.
        resolution = .outside("\(card.name ?? "a card") of set \(set)")
      } else {
        let result: Result<AuditCatalog.Resolution, DataError>
        if let known = resolved[key] {
          result = known
        } else {
          result = resolve(card)
          if resolved.count < 1_000_000 { resolved[key] = result }
        }
        switch result {
        case .success(.ambiguous(let message)):
          unknownCards.record(message, line: card.line, booster: where_, ambiguous: true)
          unknown = true
          continue
        case .success(let known):
          resolution = known
        case .failure(let error):
          unknownCards.record(error.message, line: card.line, booster: where_)
          unknown = true
          continue
        }
      }
      if let set = card.setCode?.lowercased(), !planSets.contains(set) { otherSetCodes.insert(set) } else { ofAuditedSets += card.count }
      switch resolution {
      case .card(let cls):
        if copies[cls] == nil { order.append(cls) }
        copies[cls, default: 0] += card.count
      case .outside(let why):
        outside.append(why)
      case .ambiguous:
        break  // recorded above
      }
    }
    if unknown { return }
    if ofAuditedSets == 0, let other = otherSetCodes.sorted().first {
      throw DataError(
        "\(where_) holds only cards of set \(other); this audit is of \(plan.setCode) (audit one set at a time)",
        at: DataError.location(source, line: booster.line))
    }
    let cards = order.map { (cls: $0, copies: copies[$0]!) }
    var verdict: BoosterFeasibility.Verdict?
    if feasibility.possibleSizes.contains(booster.size) {
      boostersOfPossibleSize += 1
      verdict = outside.isEmpty ? feasibility.judge(cards, labels: catalog.classLabels) : nil
    } else {
      // A booster no program can make (a simulator's slip): a finding of the per-booster check.
      // A file none of whose boosters has a possible size is of other rules (`read` says so).
      let sizes = feasibility.possibleSizes.sorted().map(String.init).joined(separator: " or ")
      let problem = "has \(booster.size) card\(booster.size == 1 ? "" : "s"); \(plan.rulesName) boosters of \(plan.setCode) hold \(sizes)"
      if firstImpossibleSize == nil { firstImpossibleSize = DataError("\(where_) \(problem)", at: DataError.location(source, line: booster.line)) }
      verdict = BoosterFeasibility.Verdict(kinds: [], problem: problem)
    }
    findings.record(
      booster: booster.label, line: booster.line, size: booster.size, outside: outside,
      repeats: copies.values.contains { $0 > 1 }, verdict: verdict)
    let kind = verdict.flatMap { $0.kinds.count == 1 ? $0.kinds[0] : nil }
    accumulator.add(cards, kind: kind, grouping: grouping)
  }

  /// What `card` is under the rules, or why it is no card of the data.
  private mutating func resolve(_ card: ListedCard) -> Result<AuditCatalog.Resolution, DataError> {
    do {
      return .success(
        try catalog.resolve(setCode: card.setCode, number: card.collectorNumber, name: card.name, foil: identityFoil(card.foil)) {
          (set: String, number: String) throws(DataError) -> Card? in try self.lookUp(set: set, number: number)
        })
    } catch {
      return .failure(error)
    }
  }

  /// A text list cannot say "not foil": a line without a foil marker is a non-foil card.
  private func identityFoil(_ foil: Bool?) -> Bool? {
    catalog.identity == .printingAndFinish ? (foil ?? false) : foil
  }

  /// A card of a set the rules do not draw from; its set's data is loaded once.
  private mutating func lookUp(set: String, number: String) throws(DataError) -> Card? {
    if otherSets[set] == nil {
      let database: CardDatabase
      do {
        database = try CardDataLocation.load(option: cardData, sets: [set])
      } catch {
        throw DataError("a card of set \(set), for which there is no card data (sealed cards fetch \(set) gets it)")
      }
      let cards = (try? database.cards(ofSet: set)) ?? []
      guard !cards.isEmpty else {
        throw DataError("a card of set \(set), for which there is no card data (sealed cards fetch \(set) gets it)")
      }
      otherSets[set] = Dictionary(cards.map { ($0.collectorNumber.text.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }
    return otherSets[set]?[number.lowercased()]
  }
}
