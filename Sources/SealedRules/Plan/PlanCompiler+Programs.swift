import SealedSupport

/// The programs of a plan: for one booster kind and one combination of variant options, the
/// draws that fill the booster, slot after slot.
extension CompileContext {
  /// Phase 4: the program of every booster kind and variant combination
  /// (`programs[kind][combination]`), and a site per draw of every program, in that order.
  /// Compiles each sheet a draw uses on first use. Throws on a variant naming an unknown slot,
  /// or any program error (see `program`). Cost: O(kinds × combinations × draws), plus each
  /// sheet once (O(cards) per sheet).
  mutating func compilePrograms(
    _ variants: VariantCombinations
  ) throws(DataError) -> (programs: [[[PlanDraw]]], sites: [PlanSite]) {
    try checkVariantSlots()
    var programs: [[[PlanDraw]]] = []
    var sites: [PlanSite] = []
    for (kind, kindName) in kinds.enumerated() {
      var kindPrograms: [[PlanDraw]] = []
      for (combinationIndex, combination) in variants.combinations.enumerated() {
        let chosen = combination.enumerated().map { variants.groups[$0.offset].options[$0.element] }
        let draws = try program(kind: kind, kindName: kindName, combination: combinationIndex, chosen: chosen, sites: &sites)
        kindPrograms.append(draws)
      }
      programs.append(kindPrograms)
    }
    return (programs, sites)
  }

  /// The draws of boosters of `kind` that take the options `chosen` (one per variant group):
  /// each slot with its count (the slot's own, or the one an option sets), less the cards its
  /// replacements take, then the replacements, into consecutive positions. Appends a site per
  /// draw. Throws when a booster would hold no card or more than 255, or a replacement asks for
  /// more cards than its slot has left.
  mutating func program(
    kind: Int, kindName: String, combination: Int, chosen: [VariantDefinition], sites: inout [PlanSite]
  ) throws(DataError) -> [PlanDraw] {
    let counts = try slotCounts(chosen)
    var draws: [PlanDraw] = []
    var position = 0
    for (slotIndex, slot) in layer.slots.enumerated() {
      var remaining = counts[slotIndex]
      var replacementDraws: [(sheet: PerKind<String>, count: Int, location: String)] = []
      for variant in chosen {
        for replacement in variant.replacements where replacement.slot == slot.name {
          guard replacement.count <= remaining else {
            throw DataError(
              "variant \"\(variant.name)\" replaces \(replacement.count) card(s) of slot \"\(slot.name)\", which has only \(remaining) left to replace",
              at: replacement.location)
          }
          remaining -= replacement.count
          replacementDraws.append((replacement.sheet, replacement.count, replacement.location))
        }
      }
      var parts: [(sheet: PerKind<String>, count: Int, location: String)] = []
      if remaining > 0 { parts.append((slot.sheet, remaining, slot.location)) }
      parts += replacementDraws.reversed()
      // Variants that left the slot's own draw smaller than the slot's count: an error about
      // that draw names them, as the line it points at (the slot's) shows another count.
      let replacing = chosen.filter { $0.replacements.contains { $0.slot == slot.name } }.map { "\"\($0.name)\"" }
      for part in parts {
        let sheet: Int
        do {
          sheet = try drawSheet(
            part.sheet, kind: kindName, count: part.count, distinct: slot.distinct, location: part.location, slot: slot.name)
        } catch {
          var error = error
          if part.location == slot.location && !replacing.isEmpty && part.count != counts[slotIndex] {
            error.message += " (the slot's \(counts[slotIndex]) less the cards variant\(replacing.count == 1 ? "" : "s") \(replacing.joined(separator: ", ")) replace\(replacing.count == 1 ? "s" : ""))"
          }
          throw error
        }
        let draw = PlanDraw(
          sheet: sheet, count: part.count, distinct: slot.distinct, slot: slotIndex, firstPosition: position,
          site: sites.count)
        sites.append(PlanSite(kind: kind, combination: combination, draw: draw))
        draws.append(draw)
        position += part.count
      }
    }
    let names = chosen.map { "\"\($0.name)\"" }.joined(separator: ", ")
    guard position > 0 else {
      throw DataError(
        "boosters\(chosen.isEmpty ? "" : " of variants \(names)") hold no card; a booster needs at least one",
        at: chosen.first?.location ?? rules.source)
    }
    guard position <= 255 else {
      throw DataError(
        "boosters\(chosen.isEmpty ? "" : " of variants \(names)") of \(position) cards are too large; at most 255 cards",
        at: chosen.first?.location ?? rules.source)
    }
    return draws
  }

  /// Each slot's count in boosters that take the options `chosen`: the slot's own, unless an
  /// option sets it (`counts:`); two options setting one slot's count is an error.
  func slotCounts(_ chosen: [VariantDefinition]) throws(DataError) -> [Int] {
    var counts = layer.slots.map(\.count)
    var setBy: [Int: VariantDefinition] = [:]
    for variant in chosen {
      for entry in variant.counts {
        guard let slot = layer.slots.firstIndex(where: { $0.name == entry.slot }) else { continue }
        if let other = setBy[slot] {
          throw DataError(
            "variants \"\(other.name)\" (group \(other.group)) and \"\(variant.name)\" (group \(variant.group)) both set the count of slot \"\(entry.slot)\"; only one variant group may set a slot's count",
            at: entry.location)
        }
        setBy[slot] = variant
        counts[slot] = entry.count
      }
    }
    return counts
  }

  /// Every slot a variant's replacement or count names exists.
  func checkVariantSlots() throws(DataError) {
    let names = layer.slots.map(\.name)
    for variant in layer.variants {
      let named = variant.replacements.map { ($0.slot, $0.location) } + variant.counts.map { ($0.slot, $0.location) }
      for (slot, location) in named where !names.contains(slot) {
        throw DataError("unknown slot \"\(slot)\"; slots: \(names.joined(separator: ", "))", at: location)
      }
    }
  }
}
