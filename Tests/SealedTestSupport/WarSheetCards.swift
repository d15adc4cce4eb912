/// The `cards:` lines of a hand-written rule file's sheet of War of the Spark: war's cards 1 to
/// `weights.count`, each of its weight, indented for a sheet under `sets: war: sheets: NAME:`.
/// `TwoKindRules` and `ExactShareTests`' hand rules write their sheets with it.
package func warSheetCards(weights: [Int]) -> String {
  weights.enumerated().map { "          \"war:\($0.offset + 1)\": \($0.element)" }.joined(separator: "\n")
}
