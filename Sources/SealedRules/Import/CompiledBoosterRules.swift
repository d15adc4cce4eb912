import Foundation
import SealedSupport
import SealedCards

/// Writes mtg.wtf products as a Sealed rule file: sheets that list their cards
/// (`set:number[:foil]` with weights), slots, and one variant group whose options are the
/// product's booster variants with mtg.wtf's weights.
///
/// A product whose variants are one booster with some of its cards swapped for cards of other
/// sheets is written with replacements: slots from the first variant, each other variant
/// replacing the cards where it differs (`CompiledBoosterRules+Replacements`). Any other product
/// (variants of different sizes, or a swap that would draw distinct cards of one sheet in two
/// separate draws, which could then repeat) is written with slot counts: one slot per sheet, each
/// variant setting the counts where it differs from the first (`CompiledBoosterRules+Counts`).
/// Either way each variant draws exactly mtg.wtf's cards from each sheet.
///
/// Sheets may name cards of other sets than the product's: compiling then loads those sets' card
/// data too.
public enum CompiledBoosterRules {
  /// The boosters of a pool of an imported product: six independent packs, as a sealed event
  /// opens them.
  package static let boostersPerPool = 6

  /// The text of a rule file named `name` covering `products` (at most one per set).
  /// Cost: O(cards listed).
  public static func ruleFile(
    _ products: [CompiledBoosterData.Product], name: String, source: String
  ) throws(DataError) -> String {
    guard !products.isEmpty else { throw DataError("expected at least one product") }
    var seen: [String: String] = [:]
    for product in products {
      if let other = seen[product.set_code.lowercased()] {
        throw DataError(
          "products \(other) and \(product.code) are both of set \(product.set_code); a rule file holds one product per set (write each to a file of its own, or use --rules \(product.code))")
      }
      seen[product.set_code.lowercased()] = product.code
    }
    var lines = header(products, name: name, source: source)
    for product in products {
      lines += try layer(product).map { "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The lines of a rule file before its set layers: comments, name, description, the sets it
  /// applies to, the pool, and the `sets:` key.
  static func header(_ products: [CompiledBoosterData.Product], name: String, source: String) -> [String] {
    var lines: [String] = []
    lines.append("# Written by sealed rules import from \(source): mtg.wtf's compiled booster data")
    lines.append("# (taw/magic-sealed-data, republished by MTGJSON). Products: \(products.map(\.code).joined(separator: ", ")).")
    lines.append("name: \(name)")
    lines.append("description: \(quoted(description(products)))")
    lines.append("applies_to: [\(products.map { $0.set_code.lowercased() }.joined(separator: ", "))]")
    lines.append("")
    lines.append("pool:")
    lines.append("  boosters: \(Self.boostersPerPool)")
    lines.append("  mythic_booster: none           # independent packs")
    lines.append("")
    lines.append("sets:")
    return lines
  }

  /// The rule file's description of `products`.
  static func description(_ products: [CompiledBoosterData.Product]) -> String {
    let names = products.map { "\($0.name) (\($0.code))" }.joined(separator: "; ")
    return "As mtg.wtf's compiled booster data defines them: \(names)."
  }

  /// A product's sheets as Sealed sheets: fixed sheets (every card as many times as its weight)
  /// become one single-card sheet per card, drawn that many times.
  struct ExpandedSheets {
    /// Sheet name → its cards in collector-number order, whether draws are distinct, whether
    /// they are colour-balanced.
    var sheets: [String: (cards: [(key: String, weight: Double)], distinct: Bool, balanced: Bool)] = [:]
    /// A fixed sheet's parts: single-card sheets and their copies.
    var fixedParts: [String: [(sheet: String, count: Int)]] = [:]
  }

  /// One product's set layer as the file writes it: its sheets (fixed sheets expanded), its
  /// slots and its variants, in the file's order.
  struct WrittenLayer {
    let product: CompiledBoosterData.Product
    /// The set's code, lowercased: the layer's key.
    let code: String
    let expanded: ExpandedSheets
    /// The slots: a sheet and its count each, in booster order.
    let slots: [(key: String, value: Int)]
    let variants: [WrittenVariant]
    /// Whether some sheet lists foil cards (the layer then counts them as the event `foil`).
    let hasFoil: Bool

    /// The sheets in the file's order (by name).
    var sortedSheets: [(key: String, value: (cards: [(key: String, weight: Double)], distinct: Bool, balanced: Bool))] {
      expanded.sheets.sorted { $0.key < $1.key }
    }
  }

  /// One option of the variant group `booster`: what it draws, its weight, and how it differs
  /// from the first variant (replacements, or slot counts).
  struct WrittenVariant {
    var composition: [String: Int]
    var weight: Double
    var replacements: [(slot: String, count: Int, sheet: String)] = []
    /// The slots whose count differs, in slot order (empty: no `counts:` line).
    var counts: [(slot: String, count: Int)] = []
  }

  /// One product's set layer, unindented.
  static func layer(_ product: CompiledBoosterData.Product) throws(DataError) -> [String] {
    lines(of: try written(product))
  }

  /// One product's set layer as data. Throws what the file cannot hold (a product without
  /// variants, a variant that draws nothing, a fixed sheet of fractional copies, a draw from a
  /// sheet the product lacks).
  static func written(_ product: CompiledBoosterData.Product) throws(DataError) -> WrittenLayer {
    let place = "product \(product.code)"
    guard !product.boosters.isEmpty else { throw DataError("\(place): no booster variants") }
    if let problem = fieldProblem(product) { throw DataError("\(place): \(problem)") }
    let expanded = try expand(product)
    let compositions = try product.boosters.map { booster throws(DataError) in try composition(booster, expanded, place: place) }
    if let empty = compositions.firstIndex(where: \.isEmpty) {
      throw DataError("\(place): booster variant \(empty + 1) draws no card; expected at least one")
    }
    let written =
      replacementForm(product.boosters, compositions, expanded)
      ?? countsForm(product.boosters, compositions, expanded)
    let hasFoil = expanded.sheets.values.contains(where: { $0.cards.contains { $0.key.hasSuffix(":foil") } })
    return WrittenLayer(
      product: product, code: product.set_code.lowercased(), expanded: expanded, slots: written.slots,
      variants: written.variants, hasFoil: hasFoil)
  }

  /// The first field of `product` that no compiled booster data can mean, named by its path in
  /// the JSON: a negative count of cards from a sheet (once dropped without a word), a weight
  /// of a variant or a card that is negative or not finite, variants whose weights are all
  /// zero (no booster could be opened, whatever the card data), or a sheet without cards that a
  /// booster draws from. Nil when there is none.
  static func fieldProblem(_ product: CompiledBoosterData.Product) -> String? {
    for (index, booster) in product.boosters.enumerated() {
      for (sheet, count) in booster.sheets.sorted(by: { $0.key < $1.key }) where count < 0 {
        return "boosters[\(index)].sheets.\(sheet) is \(count); expected a count of cards of at least 0"
      }
      if !(booster.weight >= 0 && booster.weight.isFinite) {
        return "boosters[\(index)].weight is \(number(booster.weight)); expected a weight of at least 0"
      }
    }
    if product.boosters.allSatisfy({ $0.weight == 0 }) {
      return "every booster variant has weight 0; expected at least one positive weight"
    }
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) {
      if let card = sheet.cards.sorted(by: { $0.key < $1.key }).first(where: { !($0.value >= 0 && $0.value.isFinite) }) {
        return "sheets.\(name).cards[\(quotedExcerpt(card.key))] is \(number(card.value)); expected a weight of at least 0"
      }
    }
    // A sheet without cards that a booster draws from (once installed by `rules fetch`, then
    // refused by every command as a rule file's "expected a mapping").
    for (index, booster) in product.boosters.enumerated() where booster.weight > 0 {
      for (name, count) in booster.sheets.sorted(by: { $0.key < $1.key }) where count > 0 {
        if let sheet = product.sheets[name], sheet.cards.isEmpty {
          return "sheets.\(name).cards is empty, and boosters[\(index)] draws \(count) from it; expected at least one card"
        }
      }
    }
    return nil
  }

  /// The lines of a set layer, unindented.
  static func lines(of layer: WrittenLayer) -> [String] {
    let product = layer.product
    var lines = ["\(layer.code):", "  # \(product.name) (\(product.code))", "  sheets:"]
    for (sheetName, sheet) in layer.sortedSheets {
      lines.append("    \(sheetName):")
      if sheet.balanced { lines.append("      balanced: true") }
      lines.append("      cards:")
      for card in sheet.cards { lines.append("        \(quoted(card.key)): \(number(card.weight))") }
    }
    lines.append("  slots:")
    for slot in layer.slots {
      let distinct = layer.expanded.sheets[slot.key]!.distinct
      lines.append("    - { name: \(slot.key), count: \(slot.value), sheet: \(slot.key)\(distinct ? "" : ", distinct: false") }")
    }
    lines.append("  variants:")
    for (index, variant) in layer.variants.enumerated() {
      lines.append("    " + contentsComment(variant.composition))
      lines.append("    - name: variant_\(index + 1)")
      lines.append("      group: booster")
      lines.append("      weight: \(number(variant.weight))")
      if !variant.replacements.isEmpty {
        lines.append("      replace:")
        for replacement in variant.replacements {
          lines.append("        - { slot: \(replacement.slot), count: \(replacement.count), sheet: \(replacement.sheet) }")
        }
      }
      if !variant.counts.isEmpty {
        lines.append("      counts: { " + variant.counts.map { "\($0.slot): \($0.count)" }.joined(separator: ", ") + " }")
      }
    }
    if layer.hasFoil {
      lines.append("  events:")
      lines.append("    foil: { foil: true }")
    }
    return lines
  }

  /// The product's sheets, fixed sheets expanded.
  static func expand(_ product: CompiledBoosterData.Product) throws(DataError) -> ExpandedSheets {
    var result = ExpandedSheets()
    for (sheetName, sheet) in product.sheets {
      let cards = inCardOrder(sheet.cards)
      guard sheet.fixed == true else {
        result.sheets[sheetName] = (cards, sheet.allow_duplicates != true, sheet.balance_colors == true)
        continue
      }
      var parts: [(String, Int)] = []
      for (index, card) in cards.enumerated() {
        guard card.weight >= 1, card.weight == card.weight.rounded() else {
          throw DataError(
            "product \(product.code): fixed sheet \(sheetName) gives \(card.key) weight \(card.weight); expected a whole number of copies")
        }
        let part = "\(sheetName)_\(index + 1)"
        result.sheets[part] = ([card], false, false)
        parts.append((part, Int(card.weight)))
      }
      result.fixedParts[sheetName] = parts
    }
    return result
  }

  /// The cards a booster variant draws from each (expanded) sheet.
  static func composition(
    _ booster: CompiledBoosterData.Booster, _ expanded: ExpandedSheets, place: String
  ) throws(DataError) -> [String: Int] {
    var result: [String: Int] = [:]
    for (sheet, count) in booster.sheets where count > 0 {
      if let parts = expanded.fixedParts[sheet] {
        let total = parts.reduce(0) { $0 + $1.count }
        guard count == total else {
          throw DataError("\(place): draws \(count) cards from fixed sheet \(sheet), which holds \(total)")
        }
        for part in parts { result[part.sheet, default: 0] += part.count }
      } else {
        guard expanded.sheets[sheet] != nil else {
          throw DataError("\(place): a booster draws from sheet \(sheet), which the product does not define")
        }
        result[sheet, default: 0] += count
      }
    }
    return result
  }

  /// A variant's comment line: what it draws from each sheet.
  static func contentsComment(_ composition: [String: Int]) -> String {
    "# " + composition.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }

  /// How many characters two names share at their end.
  static func commonSuffix(_ a: String, _ b: String) -> Int {
    zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count
  }

  /// A sheet's cards by collector number (numerically, `CollectorNumber`'s order), then by the
  /// whole key, each key's number read once. Cost: O(n log n) comparisons for n cards.
  static func inCardOrder(_ cards: [String: Double]) -> [(key: String, weight: Double)] {
    cards.map { (number: sortNumber($0.key), key: $0.key, weight: $0.value) }
      .sorted { $0.number != $1.number ? $0.number < $1.number : $0.key < $1.key }
      .map { (key: $0.key, weight: $0.weight) }
  }

  /// The collector number a key sorts by: its second `:`-separated part (empty parts skipped, as
  /// `split` skips them), or the whole key. An ASCII key is taken apart by its bytes; any other
  /// as `split` does it (a colon followed by a combining mark is no separator there).
  static func sortNumber(_ key: String) -> CollectorNumber {
    guard key.utf8.allSatisfy({ $0 < 0x80 }) else {
      let parts = key.split(separator: ":")
      return CollectorNumber(parts.count > 1 ? String(parts[1]) : key)
    }
    let bytes = key.utf8
    var part = 0
    var start = bytes.startIndex
    var index = bytes.startIndex
    while true {
      if index == bytes.endIndex || bytes[index] == UInt8(ascii: ":") {
        if index != start {
          if part == 1 { return CollectorNumber(String(key[start..<index])) }
          part += 1
        }
        if index == bytes.endIndex { return CollectorNumber(key) }
        start = bytes.index(after: index)
      }
      index = bytes.index(after: index)
    }
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  static func quoted(_ text: String) -> String {
    // Most texts (every card key) hold neither character to escape.
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) else { return "\"" + text + "\"" }
    return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
