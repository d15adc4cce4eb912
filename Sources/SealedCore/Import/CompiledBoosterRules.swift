import Foundation

/// Writes mtg.wtf products as a Sealed rule file: sheets that list their cards
/// (`set:number[:foil]` with weights), slots from the first booster variant, and one variant
/// group whose options are the product's booster variants, each replacing the cards where it
/// differs from the first.
///
/// Sheets may name cards of other sets than the product's: compiling then loads those sets'
/// card data too. Exact by construction: a product is refused (one line naming the product and
/// what) when its variants differ in size, or when a variant would draw distinct cards of one
/// sheet in two separate draws (which a replacement cannot keep distinct from the slot it
/// replaces into).
public enum CompiledBoosterRules {
  /// The text of a rule file named `name` covering `products` (at most one per set).
  /// Cost: O(cards listed).
  public static func ruleFile(
    _ products: [CompiledBoosterData.Product], name: String, source: String
  ) throws(DataError) -> String {
    guard !products.isEmpty else { throw DataError("expected at least one product") }
    var seen: [String: String] = [:]
    for product in products {
      if let other = seen[product.set_code.lowercased()] {
        throw DataError("products \(other) and \(product.code) are both of set \(product.set_code); a rule file holds one product per set")
      }
      seen[product.set_code.lowercased()] = product.code
    }
    var lines: [String] = []
    lines.append("# Written by sealed rules import from \(source): mtg.wtf's compiled booster data")
    lines.append("# (taw/magic-sealed-data, republished by MTGJSON). Products: \(products.map(\.code).joined(separator: ", ")).")
    lines.append("name: \(name)")
    let names = products.map { "\($0.name) (\($0.code))" }.joined(separator: "; ")
    lines.append("description: \(quoted("As mtg.wtf's compiled booster data defines them: \(names)."))")
    lines.append("applies_to: [\(products.map { $0.set_code.lowercased() }.joined(separator: ", "))]")
    lines.append("")
    lines.append("pool:")
    lines.append("  boosters: 6")
    lines.append("  mythic_booster: none           # independent packs")
    lines.append("")
    lines.append("sets:")
    for product in products {
      lines += try layer(product).map { "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One product's set layer, unindented.
  static func layer(_ product: CompiledBoosterData.Product) throws(DataError) -> [String] {
    let code = product.set_code.lowercased()
    let place = "product \(product.code)"
    guard !product.boosters.isEmpty else { throw DataError("\(place): no booster variants") }

    // Fixed sheets become one single-card sheet per card, drawn as many times as its weight.
    var expanded: [String: (cards: [(key: String, weight: Double)], distinct: Bool, balanced: Bool)] = [:]
    var fixedParts: [String: [(sheet: String, count: Int)]] = [:]
    for (sheetName, sheet) in product.sheets {
      let cards = sheet.cards.sorted { cardOrder($0.key, $1.key) }.map { (key: $0.key, weight: $0.value) }
      if sheet.fixed == true {
        var parts: [(String, Int)] = []
        for (index, card) in cards.enumerated() {
          guard card.weight >= 1, card.weight == card.weight.rounded() else {
            throw DataError("\(place): fixed sheet \(sheetName) gives \(card.key) weight \(card.weight); expected a whole number of copies")
          }
          let part = "\(sheetName)_\(index + 1)"
          expanded[part] = ([card], false, false)
          parts.append((part, Int(card.weight)))
        }
        fixedParts[sheetName] = parts
      } else {
        expanded[sheetName] = (cards, sheet.allow_duplicates != true, sheet.balance_colors == true)
      }
    }
    func composition(_ booster: CompiledBoosterData.Booster) throws(DataError) -> [String: Int] {
      var result: [String: Int] = [:]
      for (sheet, count) in booster.sheets where count > 0 {
        if let parts = fixedParts[sheet] {
          let total = parts.reduce(0) { $0 + $1.count }
          guard count == total else {
            throw DataError("\(place): draws \(count) cards from fixed sheet \(sheet), which holds \(total)")
          }
          for part in parts { result[part.sheet, default: 0] += part.count }
        } else {
          guard expanded[sheet] != nil else { throw DataError("\(place): a booster draws from sheet \(sheet), which the product does not define") }
          result[sheet, default: 0] += count
        }
      }
      return result
    }
    let compositions = try product.boosters.map(composition)
    let sizes = Set(compositions.map { $0.values.reduce(0, +) })
    guard sizes.count == 1 else {
      throw DataError("\(place): its booster variants hold \(sizes.sorted().map(String.init).joined(separator: " or ")) cards; variants of different sizes are not supported")
    }

    // Slots: the first variant, largest first.
    let base = compositions[0]
    let slots = base.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    var variantLines: [String] = []
    for (index, (booster, composition)) in zip(product.boosters, compositions).enumerated() {
      var losses = slots.compactMap { slot -> (slot: String, count: Int)? in
        let lost = slot.value - (composition[slot.key] ?? 0)
        return lost > 0 ? (slot.key, lost) : nil
      }
      let gains = composition.sorted { $0.key < $1.key }.compactMap { sheet -> (sheet: String, count: Int)? in
        let gained = sheet.value - (base[sheet.key] ?? 0)
        return gained > 0 ? (sheet.key, gained) : nil
      }
      // Each gained sheet replaces cards of the slot whose name it ends like most
      // (planeswalker_uncommon into nonplaneswalker_uncommon), so slots keep their rarity.
      var replacements: [(slot: String, count: Int, sheet: String)] = []
      for gain in gains {
        var needed = gain.count
        while needed > 0 {
          let best = losses.indices.max { commonSuffix(losses[$0].slot, gain.sheet) < commonSuffix(losses[$1].slot, gain.sheet) }!
          let take = min(needed, losses[best].count)
          replacements.append((losses[best].slot, take, gain.sheet))
          losses[best].count -= take
          if losses[best].count == 0 { losses.remove(at: best) }
          needed -= take
        }
      }
      // A sheet of distinct cards drawn in two draws of one booster could repeat a card.
      var draws: [String: Int] = [:]
      for slot in slots where slot.value - replacements.filter({ $0.slot == slot.key }).reduce(0, { $0 + $1.count }) > 0 {
        draws[slot.key, default: 0] += 1
      }
      for replacement in replacements { draws[replacement.sheet, default: 0] += 1 }
      if let repeated = draws.first(where: { $0.value > 1 && expanded[$0.key]!.distinct }) {
        throw DataError(
          "\(place): variant \(index + 1) draws distinct cards of sheet \(repeated.key) in \(repeated.value) separate draws, which Sealed cannot keep apart yet")
      }
      for replacement in replacements where replacement.count > 1 {
        let slotDistinct = expanded[replacement.slot]!.distinct
        if slotDistinct != expanded[replacement.sheet]!.distinct {
          throw DataError(
            "\(place): variant \(index + 1) draws \(replacement.count) cards of sheet \(replacement.sheet) into slot \(replacement.slot), whose duplicates rule differs")
        }
      }
      let contents = composition.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      variantLines.append("  # \(contents)")
      variantLines.append("  - name: variant_\(index + 1)")
      variantLines.append("    group: booster")
      variantLines.append("    weight: \(number(booster.weight))")
      if !replacements.isEmpty {
        variantLines.append("    replace:")
        for replacement in replacements {
          variantLines.append("      - { slot: \(replacement.slot), count: \(replacement.count), sheet: \(replacement.sheet) }")
        }
      }
    }

    var lines = ["\(code):", "  # \(product.name) (\(product.code))", "  sheets:"]
    for (sheetName, sheet) in expanded.sorted(by: { $0.key < $1.key }) {
      lines.append("    \(sheetName):")
      if sheet.balanced { lines.append("      balanced: true") }
      lines.append("      cards:")
      for card in sheet.cards { lines.append("        \(quoted(card.key)): \(number(card.weight))") }
    }
    lines.append("  slots:")
    for slot in slots {
      let distinct = expanded[slot.key]!.distinct
      lines.append("    - { name: \(slot.key), count: \(slot.value), sheet: \(slot.key)\(distinct ? "" : ", distinct: false") }")
    }
    lines.append("  variants:")
    lines += variantLines.map { "  " + $0 }
    if expanded.values.contains(where: { $0.cards.contains { $0.key.hasSuffix(":foil") } }) {
      lines.append("  events:")
      lines.append("    foil: { foil: true }")
    }
    return lines
  }

  /// How many characters two names share at their end.
  static func commonSuffix(_ a: String, _ b: String) -> Int {
    zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count
  }

  /// Card keys by collector number (numerically), then the rest of the key.
  static func cardOrder(_ a: String, _ b: String) -> Bool {
    let pa = a.split(separator: ":").map(String.init)
    let pb = b.split(separator: ":").map(String.init)
    let na = CollectorNumber(pa.count > 1 ? pa[1] : a)
    let nb = CollectorNumber(pb.count > 1 ? pb[1] : b)
    if na != nb { return na < nb }
    return a < b
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
