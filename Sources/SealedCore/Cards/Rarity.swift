/// A card's rarity as Scryfall names it.
public enum Rarity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  case common
  case uncommon
  case rare
  case mythic
  case special
  case bonus

  /// The four rarities that fill booster sheets, in ascending order.
  public static let boosterRarities: [Rarity] = [.common, .uncommon, .rare, .mythic]

  /// A one-letter mark for terminal output: C, U, R, M, S or B.
  public var letter: Character {
    switch self {
    case .common: "C"
    case .uncommon: "U"
    case .rare: "R"
    case .mythic: "M"
    case .special: "S"
    case .bonus: "B"
    }
  }

  private var order: Int { Rarity.allCases.firstIndex(of: self)! }

  public static func < (lhs: Rarity, rhs: Rarity) -> Bool { lhs.order < rhs.order }
}
