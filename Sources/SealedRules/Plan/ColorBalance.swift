import SealedSupport
import SealedCards

/// How a colour-balanced draw of n cards from a sheet works (mtg.wtf's `balance_colors`): one
/// card of each of W, U, B, R, G first (groups of colour identity, lands counting as
/// colourless), then n - 5 cards each from a group chosen with weight n·W_g − W for the five
/// colours and n·W_other for the rest (W_g the group's weight, W the sheet's), so that each group
/// keeps the share n·W_g/W of the draw it has unbalanced. A group that has run out is chosen
/// again (as mtg.wtf does). Within a group the cards are distinct: uniform on a uniform sheet (so
/// every card keeps its expected count n/N exactly), in proportion to weight on a weighted sheet
/// (successive sampling within the group).
package struct ColorBalance: Sendable, Equatable {
  /// The groups' names, in group order: the five colours, then every other card.
  package static let groupNames = ["W", "U", "B", "R", "G", "other"]
  /// Seven bounds: group g holds the sheet's cards `groupStarts[g]..<groupStarts[g + 1]`.
  package let groupStarts: [Int]
  /// For a sheet whose cards differ in weight: each card's weight, in the sheet's order (group
  /// by group); nil when every card weighs the same.
  package let weights: [Double]?

  /// The balance of a sheet with the given group bounds (seven) and, for a weighted sheet, card weights.
  package init(groupStarts: [Int], weights: [Double]? = nil) {
    self.groupStarts = groupStarts
    self.weights = weights
  }

  /// How many cards group `group` holds.
  package func size(ofGroup group: Int) -> Int { groupStarts[group + 1] - groupStarts[group] }

  /// A group's weight: its cards' weights added up (its size on a uniform sheet).
  package func weight(ofGroup group: Int) -> Double {
    guard let weights else { return Double(size(ofGroup: group)) }
    return weights[groupStarts[group]..<groupStarts[group + 1]].reduce(0, +)
  }

  /// The weights of a group's cards (all 1 on a uniform sheet).
  package func cardWeights(ofGroup group: Int) -> [Double] {
    guard let weights else { return [Double](repeating: 1, count: size(ofGroup: group)) }
    return Array(weights[groupStarts[group]..<groupStarts[group + 1]])
  }

  /// The integer weights with which the mixed picks of a draw of `count` cards choose a group,
  /// on a uniform sheet.
  package func pickWeights(count: Int) -> [Int] {
    let total = groupStarts[6]
    return (0..<6).map { group in group < 5 ? count * size(ofGroup: group) - total : count * size(ofGroup: group) }
  }

  /// The weights with which the mixed picks of a draw of `count` cards choose a group:
  /// `pickWeights` on a uniform sheet, n·W_g − W and n·W_other on a weighted one.
  package func mixedWeights(count: Int) -> [Double] {
    guard weights != nil else { return pickWeights(count: count).map(Double.init) }
    let total = (0..<6).reduce(0.0) { $0 + weight(ofGroup: $1) }
    return (0..<6).map { group in
      group < 5 ? Double(count) * weight(ofGroup: group) - total : Double(count) * weight(ofGroup: group)
    }
  }

  /// The balancing group of a card: its one colour of identity (W, U, B, R, G as 0-4), else 5;
  /// lands are colourless.
  package static func group(of card: Card) -> Int {
    let front = card.typeLine.components(separatedBy: " // ").first ?? card.typeLine
    if front.lowercased().split(separator: " ").contains("land") { return 5 }
    guard card.colorIdentity.count == 1, let index = groupNames.prefix(5).firstIndex(of: card.colorIdentity[0]) else { return 5 }
    return index
  }
}
