import SealedSupport
import SealedCards
import SealedRules

/// What a product of the compiled data promises, computed exactly from its JSON (no
/// simulation): each booster variant's share, each booster size's share, each sheet's share of
/// boosters, each card's expected copies per booster, and each rarity's share of each sheet's
/// draws where the card data gives rarities.
///
/// A card's expected copies per booster are mtg.wtf's own expected value (its `Pack#expected_values`):
/// the sum over variants and sheets of the variant's share times the cards it draws from the
/// sheet times the card's weight over the sheet's. That is the exact expectation whenever a
/// draw takes one card, allows duplicates, or draws from a sheet of equal weights; a draw of
/// several distinct cards from a sheet of unequal weights (successive sampling) gives its
/// heavier cards slightly less than that (docs/validating-data.md). Either way it moves exactly
/// when the data does, which is what a diff compares.
package struct ProductMeasures: Sendable {
  /// What a value measures.
  package enum Measure: String, Sendable, CaseIterable {
    /// A booster variant's share of boosters; the subject names what it draws (`common 10, rare 1`).
    case variant
    /// The share of boosters of a size; the subject is the size.
    case boosterSize = "booster_size"
    /// The share of boosters that draw from a sheet; the subject is the sheet.
    case sheetShare = "sheet_share"
    /// A card's expected copies per booster; the subject is its key (`war:97:foil`).
    case card
    /// A rarity's share of a sheet's draws; the subject is `sheet: rarity`.
    case rarity
    /// A flag of a sheet that boosters draw from, 1 when set (`balance_colors`, `allow_duplicates`,
    /// `fixed`); the subject is `sheet: flag`.
    case sheetFlag = "sheet_flag"

    /// What the measure's values are, for people.
    package var meaning: String {
      switch self {
      case .variant: "share of boosters of this variant"
      case .boosterSize: "share of boosters of this many cards"
      case .sheetShare: "share of boosters drawing from this sheet"
      case .card: "expected copies per booster"
      case .rarity: "share of the sheet's draws of this rarity"
      case .sheetFlag: "1 when the sheet has this flag"
      }
    }
  }

  /// One value's identity.
  package struct Key: Sendable, Hashable {
    package var measure: Measure
    package var subject: String
  }

  package var values: [Key: Fraction] = [:]

  /// The measures of `product`; rarities from `cards` (nil: none). Throws a one-line
  /// `DataError` naming the product when a weight is not a whole number or an exact value
  /// would not fit in 128 bits.
  package init(_ product: CompiledBoosterData.Product, cards: ReleaseCards?) throws(DataError) {
    do {
      try measure(product, cards: cards)
    } catch let error as DataError {
      throw error
    } catch {
      throw DataError("product \(product.code): an exact share does not fit in 128 bits; it cannot be compared exactly")
    }
  }

  private mutating func measure(_ product: CompiledBoosterData.Product, cards: ReleaseCards?) throws {
    let weights = try product.boosters.enumerated().map { index, booster in
      try Self.whole(booster.weight, "variant \(index + 1)'s weight", product)
    }
    var total = Fraction.zero
    for weight in weights { total = try total + weight }
    guard !total.isZero else { return }
    // Each sheet's draws per booster, weighted by the variants: sum of weight × count over total.
    var draws: [String: Fraction] = [:]
    for (booster, weight) in zip(product.boosters, weights) where !weight.isZero {
      let share = try weight / total
      let drawn = booster.sheets.filter { $0.value > 0 }
      let size = drawn.values.reduce(0, +)
      try add(.variant, Self.variantName(drawn), share)
      try add(.boosterSize, String(size), share)
      for (sheet, count) in drawn {
        try add(.sheetShare, sheet, share)
        draws[sheet] = try (draws[sheet] ?? .zero) + (try share * Fraction(count))
      }
    }
    for (name, sheet) in product.sheets {
      var sheetTotal = Fraction.zero
      var cardWeights: [(key: String, weight: Fraction)] = []
      for (key, value) in sheet.cards {
        let weight = try Self.whole(value, "sheet \(name)'s weight of \(key)", product)
        cardWeights.append((key, weight))
        sheetTotal = try sheetTotal + weight
      }
      guard let perBooster = draws[name] else { continue }
      // (Before the emptiness test: a sheet emptied of its cards keeps its flags.)
      let flags = [("balance_colors", sheet.balance_colors), ("allow_duplicates", sheet.allow_duplicates), ("fixed", sheet.fixed)]
      for (flag, value) in flags where value == true { try add(.sheetFlag, "\(name): \(flag)", .one) }
      guard !sheetTotal.isZero else { continue }
      for (key, weight) in cardWeights {
        let share = try weight / sheetTotal
        try add(.card, key, try share * perBooster)
        if let cards {
          let rarity = try cards.card(CardKeyText(key))?.rarity.rawValue ?? "unknown"
          try add(.rarity, "\(name): \(rarity)", share)
        }
      }
    }
  }

  private mutating func add(_ measure: Measure, _ subject: String, _ value: Fraction) throws {
    let key = Key(measure: measure, subject: subject)
    values[key] = try (values[key] ?? .zero) + value
  }

  /// A variant named by what it draws: `common 10, rare_mythic 1, uncommon 3` (sheets by name).
  package static func variantName(_ draws: [String: Int]) -> String {
    draws.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }

  private static func whole(_ value: Double, _ what: String, _ product: CompiledBoosterData.Product) throws(DataError) -> Fraction {
    guard let fraction = Fraction.whole(value) else {
      throw DataError("product \(product.code): \(what) is \(value); expected a whole number of at least 0 and below 2^53 (9007199254740992)")
    }
    return fraction
  }
}
