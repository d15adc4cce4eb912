import SealedSupport

/// The counts form of an imported product: one slot per sheet, with the count the first variant
/// draws from it (0 when it draws none); every other variant an option of the group `booster`
/// that sets the counts where it differs. Each sheet is one draw per booster, so a variant draws
/// its distinct cards as mtg.wtf does, whatever the booster's size.
extension CompiledBoosterRules {
  static func countsForm(
    _ boosters: [CompiledBoosterData.Booster], _ compositions: [[String: Int]], _ expanded: ExpandedSheets
  ) -> WrittenVariants {
    let base = compositions[0]
    let drawn = Set(compositions.flatMap(\.keys))
    let slots = drawn.map { (key: $0, value: base[$0] ?? 0) }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    let variants = zip(boosters, compositions).map { booster, composition in
      WrittenVariant(
        composition: composition, weight: booster.weight,
        counts: slots.filter { (composition[$0.key] ?? 0) != $0.value }.map { (slot: $0.key, count: composition[$0.key] ?? 0) })
    }
    return (slots, variants)
  }
}
