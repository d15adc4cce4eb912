import SealedSupport

/// The first phases of a compilation: the booster kinds, the slots, and the combinations of
/// variant options with their probabilities per kind.
extension CompileContext {
  /// Phase 1: sets `kinds` (a mythic booster and the others, or one kind of independent
  /// booster) and returns, for a pool with a mythic booster, each position's chance of holding
  /// it (nil for independent boosters). Cost: O(boosters per pool).
  mutating func resolveKinds() -> [Double]? {
    let pool = layer.pool
    switch pool.mythicBooster {
    case .one:
      kinds = ["mythic_booster", "non_mythic_booster"]
      let weights = pool.positionWeights ?? Array(repeating: 1, count: pool.boosters)
      let total = weights.reduce(0, +)
      return weights.map { $0 / total }
    case .none:
      kinds = ["booster"]
      return nil
    }
  }

  /// Phase 2: the slots with their first positions, in order. Throws when there is none or a
  /// name is used twice. Cost: O(slots²).
  func planSlots() throws(DataError) -> [PlanSlot] {
    guard !layer.slots.isEmpty else {
      throw DataError("no slots for set \(set.code); a booster needs at least one slot", at: rules.source)
    }
    var slots: [PlanSlot] = []
    var position = 0
    for slot in layer.slots {
      if slots.contains(where: { $0.name == slot.name }) {
        throw DataError("slot \"\(slot.name)\" is defined twice; slot names must be unique", at: slot.location)
      }
      slots.append(PlanSlot(name: slot.name, count: slot.count, firstPosition: position))
      position += slot.count
    }
    return slots
  }

  /// Phase 3: the variant groups (in order of first appearance), every combination of one
  /// option per group, and each combination's probability per kind. Throws on an option's bad
  /// weights or probabilities, or more than 4096 combinations.
  /// Cost: O(kinds × combinations × groups), combinations at most 4096.
  func variantCombinations() throws(DataError) -> VariantCombinations {
    var groups: [(name: String, options: [VariantDefinition])] = []
    for variant in layer.variants {
      if let index = groups.firstIndex(where: { $0.name == variant.group }) {
        groups[index].options.append(variant)
      } else {
        groups.append((variant.group, [variant]))
      }
    }
    var optionProbabilities: [[[Double]]] = []  // [group][kind][option]
    for group in groups {
      optionProbabilities.append(try probabilities(of: group.name, group.options))
    }
    let combinationCount = groups.reduce(1) { $0.multipliedReportingOverflow(by: $1.options.count).partialValue }
    guard combinationCount <= 4096, groups.allSatisfy({ $0.options.count <= 4096 }) else {
      throw DataError(
        "the variant groups combine into more than 4096 kinds of booster; use fewer groups or options",
        at: rules.source)
    }
    var combinations: [[Int]] = [[]]
    for group in groups {
      combinations = combinations.flatMap { prefix in group.options.indices.map { prefix + [$0] } }
    }
    let combinationProbabilities = kinds.indices.map { kind in
      combinations.map { combination in
        combination.enumerated().reduce(1.0) { $0 * optionProbabilities[$1.offset][kind][$1.element] }
      }
    }
    return VariantCombinations(
      groups: groups, combinations: combinations, probabilities: combinationProbabilities,
      exactShares: exactShares(groups, combinations: combinations))
  }

  /// Each combination's share per kind as an exact fraction, when every group's options are
  /// weights that are whole numbers (mtg.wtf's products are) or probabilities written as
  /// decimals that add up to exactly 1 (the `sealed` rules' 0.78 and 0.22 are 39/50 and 11/50);
  /// nil otherwise (fractional weights, probabilities in exponent form or adding up to 1 only
  /// within rounding) or when a share would not fit in 128 bits. Cost: O(kinds × combinations
  /// × groups).
  private func exactShares(_ groups: [(name: String, options: [VariantDefinition])], combinations: [[Int]]) -> [[Fraction]]? {
    var options: [[[Fraction]]] = []  // [group][kind][option]
    for group in groups {
      let isProbability = group.options.contains(where: \.isProbability)
      var perKind: [[Fraction]] = []
      for kind in kinds {
        let exact = group.options.compactMap {
          $0.weight.value(for: kind).flatMap(isProbability ? Fraction.written : Fraction.whole)
        }
        guard exact.count == group.options.count, let total = try? exact.reduce(Fraction.zero, { try $0 + $1 }), !total.isZero,
          !isProbability || total == .one, let shares = try? exact.map({ try $0 / total })
        else { return nil }
        perKind.append(shares)
      }
      options.append(perKind)
    }
    var result: [[Fraction]] = []
    for kind in kinds.indices {
      var shares: [Fraction] = []
      for combination in combinations {
        var share = Fraction.one
        for (group, option) in combination.enumerated() {
          guard let product = try? share * options[group][kind][option] else { return nil }
          share = product
        }
        shares.append(share)
      }
      result.append(shares)
    }
    return result
  }

  /// Per kind, each option's probability within its group.
  private func probabilities(of group: String, _ options: [VariantDefinition]) throws(DataError) -> [[Double]] {
    let isProbability = options[0].isProbability
    if let mixed = options.first(where: { $0.isProbability != isProbability }) {
      throw DataError(
        "variant group \"\(group)\" mixes \"weight\" and \"probability\"; use one of them for every option",
        at: mixed.location)
    }
    var result: [[Double]] = []
    for kind in kinds {
      var values: [Double] = []
      for option in options {
        try checkKinds(option.weight, what: "variant \"\(option.name)\"")
        guard let value = option.weight.value(for: kind) else {
          throw DataError(
            "variant \"\(option.name)\" has no \(isProbability ? "probability" : "weight") for \(kind) boosters; add \(kind) or otherwise",
            at: option.weight.location)
        }
        values.append(value)
      }
      let total = values.reduce(0, +)
      if isProbability {
        guard abs(total - 1) <= 1e-9 else {
          throw DataError(
            "the probabilities of variant group \"\(group)\" add up to \(total) for \(kind == "booster" ? "the" : kind) boosters; they must add up to 1",
            at: options[0].location)
        }
      } else {
        guard total > 0 else {
          throw DataError(
            "the weights of variant group \"\(group)\" are all zero for \(kind) boosters; at least one must be positive",
            at: options[0].location)
        }
        guard total.isFinite else {
          throw DataError(
            "the weights of variant group \"\(group)\" add up to more than the largest number for \(kind == "booster" ? "the" : kind) boosters; use smaller weights",
            at: options[0].location)
        }
      }
      result.append(values.map { $0 / total })
    }
    return result
  }
}

/// The variant groups of a compilation and the kinds of booster they combine into.
struct VariantCombinations {
  /// The groups, in order of first appearance, each with its options.
  var groups: [(name: String, options: [VariantDefinition])]
  /// Every choice of one option per group (option indices in group order; the last group's
  /// option changes fastest).
  var combinations: [[Int]]
  /// `probabilities[kind][combination]`.
  var probabilities: [[Double]]
  /// The same as exact fractions, when the weights are whole numbers (`exactShares`).
  var exactShares: [[Fraction]]?
}
