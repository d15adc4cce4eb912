import SealedSupport

/// The replacement form of an imported product: slots from its first variant, largest first;
/// each variant an option of the group `booster` that replaces cards where it differs from the
/// first.
extension CompiledBoosterRules {
  /// Slots (sheet and count, in booster order) and the variants.
  typealias WrittenVariants = (slots: [(key: String, value: Int)], variants: [WrittenVariant])

  /// The product in the replacement form, or nil when that form would not draw exactly what
  /// mtg.wtf draws: variants of different sizes; a sheet of distinct cards drawn in two separate
  /// draws of one booster (the slot's own and a replacement's, which could repeat a card); or
  /// several cards replaced into a slot whose duplicates rule differs from their sheet's.
  static func replacementForm(
    _ boosters: [CompiledBoosterData.Booster], _ compositions: [[String: Int]], _ expanded: ExpandedSheets
  ) -> WrittenVariants? {
    guard Set(compositions.map { $0.values.reduce(0, +) }).count == 1 else { return nil }
    let base = compositions[0]
    let slots = base.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    var variants: [WrittenVariant] = []
    for (booster, composition) in zip(boosters, compositions) {
      let replacements = self.replacements(composition, base: base, slots: slots)
      // A sheet of distinct cards drawn in two draws of one booster could repeat a card.
      var draws: [String: Int] = [:]
      for slot in slots where slot.value - replacements.filter({ $0.slot == slot.key }).reduce(0, { $0 + $1.count }) > 0 {
        draws[slot.key, default: 0] += 1
      }
      for replacement in replacements { draws[replacement.sheet, default: 0] += 1 }
      if draws.contains(where: { $0.value > 1 && expanded.sheets[$0.key]!.distinct }) { return nil }
      for replacement in replacements where replacement.count > 1 {
        if expanded.sheets[replacement.slot]!.distinct != expanded.sheets[replacement.sheet]!.distinct { return nil }
      }
      variants.append(WrittenVariant(composition: composition, weight: booster.weight, replacements: replacements))
    }
    return (slots, variants)
  }

  /// The replacements that turn the first variant's booster into this one: each gained sheet
  /// replaces cards of the slot whose name it ends like most (planeswalker_uncommon into
  /// nonplaneswalker_uncommon), so slots keep their rarity.
  static func replacements(
    _ composition: [String: Int], base: [String: Int], slots: [(key: String, value: Int)]
  ) -> [(slot: String, count: Int, sheet: String)] {
    var losses = slots.compactMap { slot -> (slot: String, count: Int)? in
      let lost = slot.value - (composition[slot.key] ?? 0)
      return lost > 0 ? (slot.key, lost) : nil
    }
    let gains = composition.sorted { $0.key < $1.key }.compactMap { sheet -> (sheet: String, count: Int)? in
      let gained = sheet.value - (base[sheet.key] ?? 0)
      return gained > 0 ? (sheet.key, gained) : nil
    }
    var result: [(slot: String, count: Int, sheet: String)] = []
    for gain in gains {
      var needed = gain.count
      while needed > 0 {
        let best = losses.indices.max { commonSuffix(losses[$0].slot, gain.sheet) < commonSuffix(losses[$1].slot, gain.sheet) }!
        let take = min(needed, losses[best].count)
        result.append((losses[best].slot, take, gain.sheet))
        losses[best].count -= take
        if losses[best].count == 0 { losses.remove(at: best) }
        needed -= take
      }
    }
    return result
  }
}
