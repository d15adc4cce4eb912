import Foundation
import SealedSupport
import SealedCards

/// Claims about an imported product's sheets, slots and rarities, as a maker states its odds
/// ("slot 7 is a card of The List in 9.38% of boosters"): the spec key `odds:`.
package enum OddsClaim: Sendable, Equatable {
  /// Boosters that draw from the rules' sheet, as a share of all boosters (binomial).
  case sheet(String, expected: Double)
  /// The cards a slot gives that belong to `gives`, as a share of the slot's cards; with
  /// `cards`, only the slot's cards at those places (1-based: 7, or 1-6 for six of them).
  case slot(String, cards: ClosedRange<Int>?, gives: CardGroup, expected: Double)
  /// Boosters holding at least `atLeast` cards of the group (1: any), as a share of all boosters.
  case group(CardGroup, atLeast: Int, expected: Double)

  /// The same claim of another share (what a simulation is tested against when the data
  /// decides the share exactly).
  package func stating(_ share: Double) -> OddsClaim {
    switch self {
    case .sheet(let sheet, _): .sheet(sheet, expected: share)
    case .slot(let slot, let cards, let gives, _): .slot(slot, cards: cards, gives: gives, expected: share)
    case .group(let group, let atLeast, _): .group(group, atLeast: atLeast, expected: share)
    }
  }

  /// "boosters holding a card of", or "boosters holding at least 2 cards of": what a claim of
  /// the group counts, in its detail.
  package static func holding(_ atLeast: Int) -> String {
    atLeast == 1 ? "boosters holding a card of" : "boosters holding at least \(atLeast) cards of"
  }

  /// The share claimed.
  package var expected: Double {
    switch self {
    case .sheet(_, let expected), .slot(_, _, _, let expected), .group(_, _, let expected): expected
    }
  }
}

/// Cards chosen by what their keys say (the sheet that holds them, their set, their collector
/// number) and, where card data has it, their rarity: a card lacking data matches "maybe" when
/// only its rarity is asked and its keys pass.
package struct CardGroup: Sendable, Equatable, CustomStringConvertible {
  /// A sheet of the rules: only cards it holds (with weight above zero).
  package var sheet: String?
  /// Any of these set codes (lowercase); nil means any set.
  package var sets: [String]?
  /// Any of these rarities; nil means any rarity.
  package var rarities: [Rarity]?
  /// Collector numbers whose leading integer lies in one of these ranges (`442a` is 442), the
  /// way a maker's treatments (borderless, showcase, ...) are numbered; nil means any number.
  package var numbers: [ClosedRange<Int>]?
  /// Only foil copies (true) or only non-foil ones (false); nil means either finish.
  package var foil: Bool?

  /// A group of the given parts; no arguments: any card.
  package init(
    sheet: String? = nil, sets: [String]? = nil, rarities: [Rarity]? = nil, numbers: [ClosedRange<Int>]? = nil, foil: Bool? = nil
  ) {
    self.sheet = sheet
    self.sets = sets
    self.rarities = rarities
    self.numbers = numbers
    self.foil = foil
  }

  /// Whether the card belongs to the group, given whether a sheet of the group holds it and
  /// whether it is a foil copy: true, false, or nil when only the rarity decides and the card
  /// has no data.
  package func matches(_ card: Card, onSheet: Bool, isFoil: Bool) -> Bool? {
    if sheet != nil && !onSheet { return false }
    if let foil, foil != isFoil { return false }
    if let sets, !sets.contains(card.setCode.lowercased()) { return false }
    if let numbers {
      guard let number = card.collectorNumber.leadingInteger, numbers.contains(where: { $0.contains(number) }) else { return false }
    }
    guard let rarities else { return true }
    guard card.hasData else { return nil }
    return rarities.contains(card.rarity)
  }

  /// The group in words, as messages and reports name it: "sheet list, numbers 320-361|442-446,
  /// rarity rare|mythic", or "any card".
  package var description: String {
    var parts: [String] = []
    if let sheet { parts.append("sheet \(sheet)") }
    if let sets { parts.append("set \(sets.joined(separator: "|"))") }
    if let foil { parts.append(foil ? "foil" : "non-foil") }
    if let numbers { parts.append("numbers \(numbers.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: "|"))") }
    if let rarities { parts.append("rarity \(rarities.map(\.rawValue).joined(separator: "|"))") }
    return parts.isEmpty ? "any card" : parts.joined(separator: ", ")
  }

  /// Reads `{ sheet, set, numbers, rarity, foil }` (at least one).
  static func parse(_ value: YAMLValue) throws(DataError) -> CardGroup {
    let fields = try value.fields(allowed: ["sheet", "set", "numbers", "rarity", "foil"])
    guard !fields.entries.isEmpty else { throw value.error("expected sheet, set, numbers, rarity or foil") }
    var group = CardGroup()
    group.sheet = try fields["sheet"]?.string()
    group.sets = try fields["set"]?.strings().map { $0.lowercased() }
    if let value = fields["rarity"] { group.rarities = try CardFilter.rarities(value) }
    if let value = fields["numbers"] { group.numbers = try CardFilter.collectorNumberRanges(value) }
    group.foil = try fields["foil"]?.bool()
    return group
  }
}

extension OddsClaim {
  /// Reads an `odds:` mapping: exactly one of `sheet`, `slot` (with `gives`, and `card` for
  /// some of its cards) or `cards` (with `at_least`, a whole number of cards, default 1); `in`, the share (0.125, 1/8 or 12.5%); and, for a
  /// published figure, how it was written (`FigureReading`): `rounded: true`, `truncated: true`,
  /// `approximate: true` or `within: 0.01%`, at most one.
  static func parse(_ value: YAMLValue) throws(DataError) -> (OddsClaim, reading: FigureReading) {
    let fields = try value.fields(
      allowed: ["sheet", "slot", "card", "gives", "cards", "at_least", "in"] + FigureReading.keys, required: ["in"])
    let reading = try FigureReading.parse(fields, figure: fields["in"]!)
    return (try subject(fields, value: value), reading)
  }

  private static func subject(_ fields: YAMLValue.Fields, value: YAMLValue) throws(DataError) -> OddsClaim {
    let subjects = ["sheet", "slot", "cards"].filter { fields[$0] != nil }
    guard subjects.count == 1 else {
      throw value.error("odds need exactly one of sheet, slot or cards")
    }
    let expected = try share(fields["in"]!)
    if subjects[0] != "slot" {
      for key in ["card", "gives"] where fields[key] != nil {
        throw fields[key]!.error("\(key) goes with slot: NAME")
      }
    }
    if subjects[0] != "cards", let atLeast = fields["at_least"] {
      throw atLeast.error("at_least goes with cards: { ... }")
    }
    switch subjects[0] {
    case "sheet":
      return .sheet(try fields["sheet"]!.string(), expected: expected)
    case "cards":
      let atLeast = try fields["at_least"].map { value throws(DataError) in try value.int() } ?? 1
      guard (1...100).contains(atLeast) else {
        throw fields["at_least"]!.error("at_least \(atLeast): expected a number of cards from 1 to 100")
      }
      return .group(try CardGroup.parse(fields["cards"]!), atLeast: atLeast, expected: expected)
    default:
      guard let gives = fields["gives"] else { throw value.error("slot odds need gives: { sheet, set, numbers, rarity, foil }") }
      let cards = try fields["card"].map(places)
      return .slot(try fields["slot"]!.string(), cards: cards, gives: try CardGroup.parse(gives), expected: expected)
    }
  }

  /// A slot's cards by place: `7`, or `1-6`.
  static func places(_ value: YAMLValue) throws(DataError) -> ClosedRange<Int> {
    let text = try value.string()
    let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard (1...2).contains(bounds.count), let low = bounds.first!, let high = bounds.last!, 1 <= low, low <= high else {
      throw value.error("expected a card of the slot (from 1) or cards such as 1-6, found \"\(text)\"")
    }
    return low...high
  }

  /// A share: a number between 0 and 1, a fraction (1/8) or a percentage (12.5%).
  static func share(_ value: YAMLValue) throws(DataError) -> Double {
    let text = try value.string().trimmingCharacters(in: .whitespaces)
    let number: Double
    if text.hasSuffix("%"), let digits = Optional(text.dropLast().trimmingCharacters(in: .whitespaces)),
      Double(digits)?.isFinite == true, let percent = Double(digits + "e-2")
    {
      number = percent  // 1.56% is 0.0156 as written, not 1.56 / 100 = 0.015600000000000001
    } else if let fraction = try? value.double() {
      number = fraction
    } else {
      throw value.error("expected a share such as 0.125, 1/8 or 12.5%, found \"\(text)\"")
    }
    guard (0...1).contains(number) else {
      throw value.error("expected a share between 0 and 1 (0% and 100%), found \(text)")
    }
    return number
  }
}

extension BoosterPlan {
  /// The plan's sheet of this name, if boosters draw from it.
  package func sheetIndex(named name: String) -> Int? { sheets.firstIndex { $0.name == name } }

  /// The cards the plan's sheets can give (weight above zero) that belong to the group, and
  /// those that may (no card data to say their rarity). Cost: O(cards on sheets).
  package func ordinals(in group: CardGroup) -> (matching: Set<Int>, unknown: Set<Int>) {
    CardGroupSelection.select(group, sheets: sheets.map { ($0.name, $0.cards, $0.weights) }, isFoil: isFoil) { cards[$0] }
  }
}

/// Selects a group's cards from sheets given as (name, ordinals, weights); shared by the plan
/// compiler (before foil ordinals are renumbered) and the checks.
enum CardGroupSelection {
  static func select(
    _ group: CardGroup, sheets: [(name: String, cards: [Int], weights: [Double])], isFoil: (Int) -> Bool, card: (Int) -> Card
  ) -> (matching: Set<Int>, unknown: Set<Int>) {
    var onSheet = Set<Int>()
    var drawn = Set<Int>()
    for sheet in sheets {
      for (position, ordinal) in sheet.cards.enumerated() where sheet.weights[position] > 0 {
        drawn.insert(ordinal)
        if sheet.name == group.sheet { onSheet.insert(ordinal) }
      }
    }
    var matching = Set<Int>()
    var unknown = Set<Int>()
    for ordinal in drawn {
      switch group.matches(card(ordinal), onSheet: onSheet.contains(ordinal), isFoil: isFoil(ordinal)) {
      case true?: matching.insert(ordinal)
      case nil: unknown.insert(ordinal)
      case false?: break
      }
    }
    return (matching, unknown)
  }
}
