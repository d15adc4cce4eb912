import SealedSupport
import SealedCards
import SealedRules

/// How precisely a pack file names its cards, which decides what an audit can tell apart.
package enum CardIdentity: String, Sendable {
  /// Set, collector number and finish (a CSV with a `foil` column, a text list).
  case printingAndFinish = "printing and finish"
  /// Set and collector number, finish unknown: a foil and a non-foil copy count as one card.
  case printing
  /// Names only (17lands' data): every printing and finish of a name counts as one card.
  case name
}

/// The cards an audit counts, and how a card as a file names it resolves to them.
///
/// The audit counts *classes*: a card ordinal of the plan when the file states printing and
/// finish, a printing's ordinals (both finishes) when it states no finish, and every ordinal of
/// a name when it names cards only. Cost: built once, O(cards); a lookup is a hash.
package struct AuditCatalog: Sendable {
  package let plan: BoosterPlan
  package let identity: CardIdentity
  /// The class of each ordinal of the plan.
  package let classOfOrdinal: [Int]
  /// Each class's ordinals (ascending).
  package let classOrdinals: [[Int]]
  /// A name for each class in reports: `Name (war 100)`, `Name (war 100, foil)` or `Name`.
  package let classLabels: [String]
  /// Per class: whether a sheet some program of the rules draws (at a probability above 0) holds
  /// one of its cards at a weight above 0 (a card of the plan's range may be on none: a basic
  /// land under rules without a land slot).
  private let classIsDrawn: [Bool]
  /// Cards of the sets these rules draw from that no booster can hold (outside the booster
  /// range), by printing key.
  private let setCards: [String: Card]
  private let byPrinting: [String: (regular: Int?, foil: Int?)]
  private let byName: [String: [Int]]
  /// Every name of the set's cards and the plan's, as printed, for did-you-mean suggestions.
  private let knownNames: [String]
  private let rangeText: String
  /// The sets (the rules' set and the others they name) whose card data is not known to list
  /// every printing: a number it lacks may still be a card (a collector-only printing), which
  /// the error for an unknown card says.
  private let partialSets: Set<String>

  /// What a listed card is under the rules.
  package enum Resolution: Sendable, Equatable {
    /// A card the rules can put in a booster: its class.
    case card(Int)
    /// A real card that no booster of these rules can hold, and why.
    case outside(String)
    /// A name that several printings of the rules' cards share (a bare "Island"), and what to
    /// give instead: a card of the data, but not one the audit can place.
    case ambiguous(String)
  }

  package init(plan: BoosterPlan, set: CardSet, identity: CardIdentity) {
    self.plan = plan
    self.identity = identity
    var classOf = [Int](repeating: -1, count: plan.cards.count)
    var ordinals: [[Int]] = []
    var labels: [String] = []
    var keyClass: [String: Int] = [:]
    var printing: [String: (regular: Int?, foil: Int?)] = [:]
    var names: [String: [Int]] = [:]
    for (ordinal, card) in plan.cards.enumerated() {
      let foil = plan.isFoil(ordinal)
      let key = Self.printingKey(card.setCode, card.collectorNumber.text)
      var entry = printing[key] ?? (nil, nil)
      if foil { entry.foil = ordinal } else { entry.regular = ordinal }
      printing[key] = entry
      let classKey: String
      let label: String
      switch identity {
      case .printingAndFinish:
        classKey = key + (foil ? "|foil" : "")
        label = "\(card.name) (\(card.setCode) \(card.collectorNumber.text)\(foil ? ", foil" : ""))"
      case .printing:
        classKey = key
        label = "\(card.name) (\(card.setCode) \(card.collectorNumber.text))"
      case .name:
        classKey = NameMatching.normalized(card.name)
        label = card.name
      }
      if let existing = keyClass[classKey] {
        classOf[ordinal] = existing
        ordinals[existing].append(ordinal)
      } else {
        keyClass[classKey] = ordinals.count
        classOf[ordinal] = ordinals.count
        ordinals.append([ordinal])
        labels.append(label)
      }
      for name in Self.names(of: card) where !(names[name]?.contains(ordinal) ?? false) {
        names[name, default: []].append(ordinal)
      }
    }
    classOfOrdinal = classOf
    classOrdinals = ordinals
    var drawn = [Bool](repeating: false, count: ordinals.count)
    // The sheets of the programs the rules draw (a combination of probability 0 draws none).
    var drawnSheets = Set<Int>()
    for kind in plan.kinds.indices {
      for (combination, program) in plan.programs[kind].enumerated() where plan.combinationProbabilities[kind][combination] > 0 {
        for draw in program where draw.count > 0 { drawnSheets.insert(draw.sheet) }
      }
    }
    for sheet in drawnSheets.map({ plan.sheets[$0] }) {
      for (position, ordinal) in sheet.cards.enumerated() where sheet.weights[position] > 0 { drawn[classOf[ordinal]] = true }
    }
    classIsDrawn = drawn
    classLabels = labels
    byPrinting = printing
    byName = names
    var cards: [String: Card] = [:]
    for card in set.cards + set.otherSets.values.flatMap(\.cards) {
      cards[Self.printingKey(card.setCode, card.collectorNumber.text)] = card
    }
    setCards = cards
    var seen = Set<String>()
    knownNames = (plan.cards + set.cards).map(\.name).filter { seen.insert($0).inserted }
    rangeText = set.boosterMax.map { "1-\($0)" } ?? "unknown"
    partialSets = Set(([set.code] + Array(set.otherSets.keys)).map { $0.lowercased() }.filter { !set.listsEveryPrinting(ofSet: $0) })
  }

  package var classCount: Int { classOrdinals.count }

  /// Resolves a card as a file names it. `otherSet` looks up a card of a set the rules do not
  /// draw from (nil when that set's data has no such number; it throws when the set's data is
  /// missing). Throws a `DataError` without location (the caller adds file and line) for a card
  /// that does not exist, a name that disagrees with the number, or an ambiguous name.
  package func resolve(
    setCode: String?, number: String?, name: String?, foil: Bool?,
    otherSet: (String, String) throws(DataError) -> Card?
  ) throws(DataError) -> Resolution {
    if let number, let setCode {
      let set = setCode.lowercased()
      let key = Self.printingKey(set, number)
      if let entry = byPrinting[key] ?? byPrinting[Self.printingKey(set, Self.withoutLeadingZeros(number))]
        ?? CollectorNumber.withoutLetter(number).flatMap({ byPrinting[Self.printingKey(set, $0)] })
      {
        let ordinal = foil == true ? entry.foil : entry.regular ?? (identity == .printingAndFinish ? nil : entry.foil)
        let card = plan.cards[(entry.regular ?? entry.foil)!]
        try Self.checkName(name, of: card)
        guard let ordinal, classIsDrawn[classOfOrdinal[ordinal]] else {
          return .outside("no sheet of the rules holds \(foil == true ? "a foil" : "a non-foil") \(Self.describe(card))")
        }
        return .card(classOfOrdinal[ordinal])
      }
      if let card = setCards[key] ?? setCards[Self.printingKey(set, Self.withoutLeadingZeros(number))] {
        try Self.checkName(name, of: card)
        if card.setCode == plan.setCode {
          return .outside("\(Self.describe(card)) is outside the booster range (\(rangeText)) of these rules")
        }
        return .outside("\(Self.describe(card)) is not a card these rules put in \(plan.setCode) boosters")
      }
      if set == plan.setCode || setCards.values.contains(where: { $0.setCode == set }) {
        // Card data not known to list every printing (composed field data, an import, a
        // --cards folder) cannot say the number is no card: a typo, or a card it lacks (a
        // collector-only printing a simulator put in a Play Booster), which its data decides.
        if partialSets.contains(set) {
          throw DataError(
            "unknown card \(excerpt(set.uppercased())) \(excerpt(number)): the card data of \(set) has no collector number \(excerpt(number)), and may not list every printing of \(set) (a typo, or a card it lacks: sealed cards fetch \(set) gets every printing, and a card the rules never draw then fails its booster)")
        }
        throw DataError("unknown card \(excerpt(set.uppercased())) \(excerpt(number)): set \(set) has no collector number \(excerpt(number))")
      }
      guard let card = try otherSet(set, number) else {
        throw DataError("unknown card \(excerpt(set.uppercased())) \(excerpt(number)): set \(set) has no collector number \(excerpt(number))")
      }
      try Self.checkName(name, of: card)
      return .outside("\(Self.describe(card)) is of set \(card.setCode), not a card these rules put in \(plan.setCode) boosters")
    }
    guard let name, !name.isEmpty else { throw DataError("a card needs a set and collector number, or a name") }
    let wanted = NameMatching.normalized(name)
    if let ordinals = byName[wanted] {
      let finishes = ordinals.filter { foil == true ? plan.isFoil($0) : !plan.isFoil($0) }
      let classes = Set((finishes.isEmpty && foil != true ? ordinals : finishes).map { classOfOrdinal[$0] })
      if classes.count == 1 {
        return classIsDrawn[classes.first!] ? .card(classes.first!) : .outside("no sheet of the rules holds \(quotedExcerpt(name))")
      }
      if classes.isEmpty { return .outside("no sheet of the rules holds a foil \(excerpt(name))") }
      let numbers = Set(ordinals.map { plan.cards[$0].collectorNumber.text }).sorted()
      return .ambiguous("\(quotedExcerpt(name)) names \(numbers.count) printings of \(plan.setCode) (\(numbers.joined(separator: ", "))); give the set and collector number")
    }
    if let card = setCards.values.first(where: { Self.names(of: $0).contains(wanted) }) {
      return .outside("\(Self.describe(card)) is outside the booster range (\(rangeText)) of these rules")
    }
    let suggestion = NameMatching.suggestion(NameMatching.closest(to: name, among: knownNames))
    if let gaps = CardDataGaps(plan: plan) {
      throw DataError(
        "unknown card \(quotedExcerpt(name)): no card of \(plan.setCode) with card data has that name\(suggestion), and \(gaps.summary); name cards by set and collector number, or \(gaps.remedy)")
    }
    throw DataError("unknown card \(quotedExcerpt(name)): no card of \(plan.setCode) has that name\(suggestion)")
  }

  /// `name (SET 100)`.
  static func describe(_ card: Card) -> String {
    "\(card.name) (\(card.setCode.uppercased()) \(card.collectorNumber.text))"
  }

  static func printingKey(_ set: String, _ number: String) -> String { set.lowercased() + "|" + number.lowercased() }

  static func withoutLeadingZeros(_ number: String) -> String {
    let trimmed = number.drop { $0 == "0" }
    return trimmed.isEmpty ? number : String(trimmed)
  }

  /// The names a file may use for a card: its full name and each face's (normalized).
  static func names(of card: Card) -> [String] {
    var names = [NameMatching.normalized(card.name)]
    for face in card.faces where !names.contains(NameMatching.normalized(face.name)) {
      names.append(NameMatching.normalized(face.name))
    }
    return names
  }

  private static func checkName(_ name: String?, of card: Card) throws(DataError) {
    // A card known by its key alone has no name to compare.
    guard let name, !name.isEmpty, card.hasData else { return }
    guard names(of: card).contains(NameMatching.normalized(name)) else {
      throw DataError("\(card.setCode.uppercased()) \(card.collectorNumber.text) is \(card.name), not \(quotedExcerpt(name))")
    }
  }
}
