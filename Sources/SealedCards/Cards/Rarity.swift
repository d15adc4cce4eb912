/// A card's rarity as Scryfall names it.
public enum Rarity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  case common
  case uncommon
  case rare
  case mythic
  case special
  case bonus
  /// The rarity of a card Sealed knows only by its key (`set:number`), without card data: never
  /// in card files or filters.
  case unknown

  /// The four rarities that fill booster sheets, in ascending order.
  package static let boosterRarities: [Rarity] = [.common, .uncommon, .rare, .mythic]

  /// The rarities card data and rule files may name (every one but `unknown`).
  package static let named: [Rarity] = allCases.filter { $0 != .unknown }

  /// A one-letter mark for terminal output: C, U, R, M, S, B, or ? for unknown.
  package var letter: Character {
    switch self {
    case .common: "C"
    case .uncommon: "U"
    case .rare: "R"
    case .mythic: "M"
    case .special: "S"
    case .bonus: "B"
    case .unknown: "?"
    }
  }

  private var order: Int { Rarity.allCases.firstIndex(of: self)! }

  /// Orders by declaration: common < uncommon < rare < mythic < special < bonus < unknown.
  public static func < (lhs: Rarity, rhs: Rarity) -> Bool { lhs.order < rhs.order }
}
