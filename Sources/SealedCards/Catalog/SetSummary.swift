import SealedSupport

/// What `sealed sets` reports about one set: counts per rarity inside the booster range and
/// warnings about data that looks partial.
package struct SetSummary: Sendable, Equatable, Codable {
  package var code: String
  package var name: String
  /// All cards of the set in the data.
  package var cards: Int
  /// The booster range's upper end, or nil when it is unknown.
  package var boosterMax: Int?
  /// Non-basic cards per rarity inside the booster range; nil when the range is unknown.
  package var commons: Int?
  package var uncommons: Int?
  package var rares: Int?
  package var mythics: Int?
  /// Basic lands in the data.
  package var basicLands: Int
  /// Signs of a partial or unusual set, each a short sentence.
  package var warnings: [String]

  /// The JSON keys, as `sealed sets --format json` writes them (snake case).
  package enum CodingKeys: String, CodingKey {
    case code, name, cards, boosterMax = "booster_max", commons, uncommons, rares, mythics
    case basicLands = "basic_lands", warnings
  }

  /// The five basic land names a complete set of the era prints.
  static let basicLandNames = ["Plains", "Island", "Swamp", "Mountain", "Forest"]

  /// Summarises a set. Cost: O(cards log cards).
  package init(_ set: CardSet) {
    code = set.code
    name = set.name
    cards = set.cards.count
    boosterMax = set.boosterMax
    let basics = set.cards.filter(\.isBasicLand)
    basicLands = basics.count
    if let boosterCards = try? set.boosterCards() {
      let nonBasic = boosterCards.filter { !$0.isBasicLand }
      func count(_ rarity: Rarity) -> Int { nonBasic.lazy.filter { $0.rarity == rarity }.count }
      commons = count(.common)
      uncommons = count(.uncommon)
      rares = count(.rare)
      mythics = count(.mythic)
    }
    warnings = Self.warnings(for: set, basics: basics)
  }

  private static func warnings(for set: CardSet, basics: [Card]) -> [String] {
    var warnings: [String] = []
    if basics.isEmpty {
      warnings.append("no basic lands: the booster range is unknown (use --booster-max); the data looks partial unless the set prints none")
    } else {
      let missing = basicLandNames.filter { name in !basics.contains { $0.name == name } }
      if !missing.isEmpty {
        warnings.append("basic lands incomplete: no \(missing.joined(separator: ", ")): the data looks partial")
      }
    }
    let numbers = Set(set.cards.compactMap(\.collectorNumber.leadingInteger)).filter { $0 >= 1 }.sorted()
    var gaps: [ClosedRange<Int>] = []
    var expected = 1
    for number in numbers {
      if number > expected { gaps.append(expected...(number - 1)) }
      expected = number + 1
    }
    if !gaps.isEmpty {
      warnings.append("collector numbers missing: \(describeRanges(gaps)): the data looks partial")
    }
    let untyped = set.cards.lazy.filter(\.typeLine.isEmpty).count
    if untyped > 0 {
      warnings.append("\(untyped) cards without a type line (their types are unknown; a basic land among them is not counted)")
    }
    if set.boosterMax != nil, set.boosterMax != set.defaultBoosterMax {
      warnings.append("booster range overridden: 1-\(set.boosterMax!) instead of 1-\(set.defaultBoosterMax.map(String.init) ?? "unknown")")
    }
    return warnings
  }

  /// `[1...3, 7...7]` becomes `"1-3, 7"`; long lists are cut after eight ranges.
  static func describeRanges(_ ranges: [ClosedRange<Int>]) -> String {
    let texts = ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
    let missing = ranges.reduce(0) { $0 + $1.count }
    if texts.count > 8 { return texts.prefix(8).joined(separator: ", ") + ", ... (\(missing) in all)" }
    return texts.joined(separator: ", ")
  }
}
