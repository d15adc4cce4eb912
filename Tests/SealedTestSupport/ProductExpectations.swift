import SealedSupport
import SealedRules

/// Expected copies per booster of every card of a product of mtg.wtf's compiled data, computed
/// exactly from the product's JSON alone, independently of Sealed's rule files, plans and
/// floating-point analysis. Not part of Sealed's API.
///
/// The model is the one Sealed documents for imported products: a booster takes variant v with
/// probability w_v / W; it then draws, from each sheet, its count of cards: copies of every card
/// (a `fixed` sheet), independent picks in proportion to weight (`allow_duplicates`, or one
/// card), or distinct cards in proportion to weight, one after another (successive sampling;
/// 1 / N each on a uniform sheet, and so on a colour-balanced uniform sheet too, whose balancing
/// keeps every card's rate).
package enum ProductExpectations {
  /// Per card key (`set:number`, `set:number:foil`), its expected copies per booster.
  package static func perBooster(_ product: CompiledBoosterData.Product) -> [String: ExactFraction] {
    let total = product.boosters.reduce(ExactFraction.zero) { $0 + ExactFraction(weight: $1.weight) }
    var result: [String: ExactFraction] = [:]
    for booster in product.boosters {
      let share = ExactFraction(weight: booster.weight) / total
      for (name, count) in booster.sheets where count > 0 {
        let sheet = product.sheets[name]!
        for (key, copies) in copies(of: sheet, drawing: count) {
          result[key, default: .zero] = result[key, default: .zero] + share * copies
        }
      }
    }
    return result
  }

  /// Each card's expected copies from one draw of `count` cards from a sheet.
  package static func copies(of sheet: CompiledBoosterData.Sheet, drawing count: Int) -> [String: ExactFraction] {
    let weights = sheet.cards.mapValues { ExactFraction(weight: $0) }
    if sheet.fixed == true { return weights }
    let total = weights.values.reduce(ExactFraction.zero, +)
    if sheet.allow_duplicates == true || count == 1 {
      return weights.mapValues { ExactFraction(UInt64(count)) * $0 / total }
    }
    if Set(sheet.cards.values).count == 1 {
      precondition(count <= sheet.cards.count, "more distinct cards than the sheet holds")
      return weights.mapValues { _ in ExactFraction(UInt64(count), UInt64(sheet.cards.count)) }
    }
    precondition(sheet.balance_colors != true, "a weighted colour-balanced sheet needs the cards' colours")
    let inclusion = successiveSampling(sheet.cards, draws: count)
    return sheet.cards.mapValues { inclusion[$0]! }
  }

  /// For cards of the given weights drawn one after another in proportion to weight, without
  /// replacement, `draws` times: the probability that a card of each weight is drawn. A dynamic
  /// programme over how many cards of each weight were drawn, in exact fractions.
  package static func successiveSampling(_ cards: [String: Double], draws: Int) -> [Double: ExactFraction] {
    let classes = Dictionary(grouping: cards.values, by: { $0 }).map { (weight: $0.key, size: $0.value.count) }
      .sorted { $0.weight < $1.weight }
    var states: [[Int]: ExactFraction] = [Array(repeating: 0, count: classes.count): .one]
    for _ in 0..<draws {
      var next: [[Int]: ExactFraction] = [:]
      for (drawn, probability) in states {
        var remaining = ExactFraction.zero
        for (index, cls) in classes.enumerated() {
          remaining = remaining + ExactFraction(UInt64(cls.size - drawn[index])) * ExactFraction(weight: cls.weight)
        }
        for (index, cls) in classes.enumerated() where drawn[index] < cls.size {
          var successor = drawn
          successor[index] += 1
          let step = ExactFraction(UInt64(cls.size - drawn[index])) * ExactFraction(weight: cls.weight) / remaining
          next[successor, default: .zero] = next[successor, default: .zero] + probability * step
        }
      }
      states = next
    }
    var result: [Double: ExactFraction] = [:]
    for (index, cls) in classes.enumerated() {
      result[cls.weight] = states.reduce(ExactFraction.zero) { sum, state in
        sum + state.value * ExactFraction(UInt64(state.key[index]), UInt64(cls.size))
      }
    }
    return result
  }
}
