import SealedRules

/// The alias tables of colour-balanced draws from weighted sheets (`EngineTables.Mode
/// .balancedWeighted`), in the layout of the alias arrays: per entry a threshold, the value kept
/// and its alias.
extension EngineTables {
  typealias AliasEntries = (thresholds: [UInt64], primary: [Int32], secondary: [Int32])

  /// An alias table per colour group over its cards by weight, back to back, so that group g's
  /// starts at the group's first card's index in the sheet; the values are card ordinals.
  static func groupAliasTables(_ sheet: PlanSheet) -> AliasEntries {
    let balance = sheet.balance!
    var result: AliasEntries = ([], [], [])
    for group in 0..<6 {
      let members = Array(sheet.cards[balance.groupStarts[group]..<balance.groupStarts[group + 1]])
      guard !members.isEmpty else { continue }
      let alias = AliasTable(weights: balance.cardWeights(ofGroup: group))
      result.thresholds += alias.thresholds
      result.primary += members.map { Int32($0) }
      result.secondary += alias.alias.map { Int32(members[$0]) }
    }
    return result
  }

  /// The table over the six groups with which a draw of `count` cards chooses the group of each
  /// card after the first of each colour (`ColorBalance.mixedWeights`); the values are group
  /// numbers.
  static func groupChoiceTable(_ balance: ColorBalance, count: Int) -> AliasEntries {
    let alias = AliasTable(weights: balance.mixedWeights(count: count).map { max($0, 0) })
    return (alias.thresholds, (0..<6).map { Int32($0) }, alias.alias.map { Int32($0) })
  }
}
