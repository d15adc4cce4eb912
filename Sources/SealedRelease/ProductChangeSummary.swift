import SealedSupport
import Foundation
import SealedRules

/// What changed in one product between two releases, in a maintainer's words: one line of
/// phrases, most consequential first (`rules diff` prints it per product; `products.csv` keeps
/// it in its `summary` column, beside its `consequence`). Made from the two products (the old
/// one with its renamed sheets under their new names, `SheetRenames`), their measures and the
/// changes between them. Cost: O(cards of both products).
package struct ProductChangeSummary: Sendable, Equatable {
  /// Kinds of change, most consequential first: what a booster holds (its size, a sheet's
  /// finish), what it draws from (variants, sheets added or removed), how a sheet draws (its
  /// flags), which cards it holds, then only how often (shares), then only names.
  package enum Consequence: String, Sendable, CaseIterable, Comparable {
    case size, finish, slots, flags, cards, odds, names

    package static func < (a: Consequence, b: Consequence) -> Bool {
      allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
  }

  /// The phrases and the kind of change of each, in the order of `Consequence`.
  package private(set) var phrases: [(consequence: Consequence, text: String)] = []

  /// The most consequential kind of change, nil when nothing changed.
  package var consequence: Consequence? { phrases.first?.consequence }

  /// The largest relative change (in absolute value) among the shares the odds phrase reads,
  /// nil when none changed: what orders products of one consequence.
  package private(set) var largestOdds: Double?

  /// The phrases joined: `booster size 19 → 20; sheets renamed: precon_1 → infantry_1, ...`.
  package var text: String { phrases.map(\.text).joined(separator: "; ") }

  package static func == (a: ProductChangeSummary, b: ProductChangeSummary) -> Bool { a.text == b.text }

  /// The summary of `old` (its sheets renamed as `renamings` says) becoming `new`, whose
  /// measures are `oldMeasures` and `newMeasures` and whose changes are `changes`.
  init(
    old: CompiledBoosterData.Product, new: CompiledBoosterData.Product, renamings: [String],
    oldMeasures: ProductMeasures, newMeasures: ProductMeasures, changes: [ReleaseDiff.Change]
  ) {
    // Sheets that hold what an old one held but draw otherwise (other flags) are its
    // replacements: named so, and not as a sheet gone and a sheet added.
    let (replacedOld, replaced) = SheetRenames.pairs(old, into: new, flags: false)
    add(.size, Self.sizes(oldMeasures, newMeasures))
    add(.finish, Self.finishes(replacedOld, new))
    add(.slots, Self.variants(old, new))
    add(.slots, Self.drawCounts(replacedOld, new))
    add(.slots, Self.sheetsAddedAndRemoved(replacedOld, new))
    add(.flags, Self.replacements(replaced, old: old, new: new))
    add(.flags, Self.flags(changes, old: old, new: new))
    add(.cards, CardMoves(old: replacedOld, new: new).text)
    let odds = Self.oddsChanges(changes)
    largestOdds = odds.first.map { abs($0.relative) }
    add(.odds, Self.largestOdds(odds))
    if !renamings.isEmpty { add(.names, "sheets renamed: " + Self.listed(renamings, shown: 2)) }
    phrases.sort { $0.consequence < $1.consequence }
  }

  /// A summary of one phrase, for a product that could not be compared exactly.
  init(notCompared reason: String) {
    add(.slots, "not compared exactly: \(reason)")
  }

  /// A change of what the product is: the set it opens (ranked with the slots', since every
  /// tool reads it) or its name (with the names'), in its place among the phrases.
  mutating func addIdentity(_ consequence: Consequence, _ text: String) {
    let place = phrases.firstIndex { $0.consequence > consequence } ?? phrases.count
    phrases.insert((consequence, text), at: place)
  }

  private mutating func add(_ consequence: Consequence, _ text: String?) {
    if let text, !text.isEmpty { phrases.append((consequence, text)) }
  }

  // MARK: - The phrases

  /// `booster size 19 → 20`, or `booster size 14 → 14 in 7/8, 15 in 1/8`.
  static func sizes(_ old: ProductMeasures, _ new: ProductMeasures) -> String? {
    func sizes(_ measures: ProductMeasures) -> [(size: Int, share: Fraction)] {
      measures.values.filter { $0.key.measure == .boosterSize }
        .compactMap { key, share in Int(key.subject).map { ($0, share) } }.sorted { $0.size < $1.size }
    }
    let (before, after) = (sizes(old), sizes(new))
    guard before.map(\.size) != after.map(\.size) || before.map(\.share) != after.map(\.share) else { return nil }
    func text(_ sizes: [(size: Int, share: Fraction)]) -> String {
      guard sizes.count > 1 else { return sizes.first.map { String($0.size) } ?? "none" }
      return sizes.map { "\($0.size) in \($0.share)" }.joined(separator: ", ")
    }
    return "booster size \(text(before)) → \(text(after))"
  }

  /// The finish of a sheet's cards: `foil`, `non-foil` or `mixed`.
  static func finish(_ sheet: CompiledBoosterData.Sheet) -> String {
    let foil = sheet.cards.keys.filter { CardKeyText($0).foil }.count
    return foil == 0 ? "non-foil" : foil == sheet.cards.count ? "foil" : "mixed"
  }

  /// `finish: foil_rare_mythic non-foil → foil`, for the sheets of both products whose cards'
  /// finish changed.
  static func finishes(_ old: CompiledBoosterData.Product, _ new: CompiledBoosterData.Product) -> String? {
    let changed = new.sheets.keys.sorted().compactMap { name -> String? in
      guard let before = old.sheets[name], let after = new.sheets[name], !before.cards.isEmpty, !after.cards.isEmpty else { return nil }
      let (from, to) = (finish(before), finish(after))
      return from == to ? nil : "\(name) \(from) → \(to)"
    }
    return changed.isEmpty ? nil : "finish: " + changed.joined(separator: ", ")
  }

  /// `variants 1 → 2` when the number of variants boosters are drawn from changed.
  static func variants(_ old: CompiledBoosterData.Product, _ new: CompiledBoosterData.Product) -> String? {
    let (before, after) = (old.boosters.filter { $0.weight > 0 }.count, new.boosters.filter { $0.weight > 0 }.count)
    return before == after ? nil : "variants \(before) → \(after)"
  }

  /// `cards drawn per booster: uncommon 3 → 5, common 7 → 5`: for each sheet boosters draw
  /// from in both releases, the numbers of its cards the variants draw (`0 or 1` for a sheet
  /// some variants leave out), where they changed; a slot of 5 uncommons in a booster still of
  /// 14 cards read as odds alone.
  static func drawCounts(_ old: CompiledBoosterData.Product, _ new: CompiledBoosterData.Product) -> String? {
    func counts(_ product: CompiledBoosterData.Product, _ sheet: String) -> [Int] {
      Set(product.boosters.filter { $0.weight > 0 }.map { $0.sheets[sheet] ?? 0 }).sorted()
    }
    let shared = drawnSheets(old).intersection(drawnSheets(new)).sorted()
    let changed = shared.compactMap { sheet -> String? in
      let (before, after) = (counts(old, sheet), counts(new, sheet))
      guard before != after else { return nil }
      let words = { (numbers: [Int]) in numbers.map(String.init).joined(separator: " or ") }
      return "\(sheet) \(words(before)) → \(words(after))"
    }
    return changed.isEmpty ? nil : "cards drawn per booster: " + listed(changed, shown: 3)
  }

  /// `new sheets: a, b` and `sheets gone: c`, among the sheets boosters draw from; a sheet drawn
  /// that the product does not define is named by the phrase on undefined sheets alone (it read
  /// `new sheets: convention-2021` beside "which the product does not define": a review).
  static func sheetsAddedAndRemoved(_ old: CompiledBoosterData.Product, _ new: CompiledBoosterData.Product) -> String? {
    let (before, after) = (drawnSheets(old), drawnSheets(new))
    let added = after.subtracting(before).filter { new.sheets[$0] != nil }.sorted()
    let gone = before.subtracting(after).sorted()
    let parts = (added.isEmpty ? [] : ["new sheets: " + listed(added, shown: 3)]) + (gone.isEmpty ? [] : ["sheets gone: " + listed(gone, shown: 3)])
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  static func drawnSheets(_ product: CompiledBoosterData.Product) -> Set<String> {
    Set(product.boosters.filter { $0.weight > 0 }.flatMap { $0.sheets.filter { $0.value > 0 }.keys })
  }

  /// `flags: common now allow_duplicates, foil no longer balance_colors`, for sheets drawn in
  /// both releases (a new sheet's flags are the new sheet's).
  static func flags(_ changes: [ReleaseDiff.Change], old: CompiledBoosterData.Product, new: CompiledBoosterData.Product) -> String? {
    let both = drawnSheets(old).intersection(drawnSheets(new))
    let parts = changes.filter { $0.key.measure == .sheetFlag }.sorted { $0.key.subject < $1.key.subject }.compactMap { change -> String? in
      let pieces = change.key.subject.components(separatedBy: ": ")
      guard pieces.count == 2, both.contains(pieces[0]) else { return nil }
      return "\(pieces[0]) \(change.new == nil ? "no longer" : "now") \(pieces[1])"
    }
    return parts.isEmpty ? nil : "flags: " + parts.joined(separator: ", ")
  }

  /// `sheets replaced: common → common_with_duplicates (now allow_duplicates, no longer
  /// balance_colors)`: the same cards in the same proportions under a new name and new flags.
  static func replacements(
    _ pairs: [(old: String, new: String)], old: CompiledBoosterData.Product, new: CompiledBoosterData.Product
  ) -> String? {
    guard !pairs.isEmpty else { return nil }
    func flags(_ sheet: CompiledBoosterData.Sheet?) -> Set<String> {
      guard let sheet else { return [] }
      let all = [("balance_colors", sheet.balance_colors), ("allow_duplicates", sheet.allow_duplicates), ("fixed", sheet.fixed)]
      return Set(all.filter { $0.1 == true }.map(\.0))
    }
    let parts = pairs.map { pair in
      let (before, after) = (flags(old.sheets[pair.old]), flags(new.sheets[pair.new]))
      let change = after.subtracting(before).sorted().map { "now \($0)" } + before.subtracting(after).sorted().map { "no longer \($0)" }
      return "\(pair.old) → \(pair.new)" + (change.isEmpty ? "" : " (\(change.joined(separator: ", ")))")
    }
    return "sheets replaced: " + listed(parts, shown: 3)
  }

  /// The measures whose odds are read from their largest changes.
  static let oddsMeasures: Set<ProductMeasures.Measure> = [.variant, .sheetShare, .card, .rarity]

  /// The changes of shares both releases have, largest relative change first; rarities of a
  /// sheet holding cards without data are left out (they move with the card data, not with
  /// the release).
  static func oddsChanges(_ changes: [ReleaseDiff.Change]) -> [ReleaseDiff.Change] {
    let unknown = Set(changes.filter { $0.key.measure == .rarity && $0.key.subject.hasSuffix(": unknown") }
      .map { String($0.key.subject.dropLast(": unknown".count)) })
    return changes.filter { change in
      guard oddsMeasures.contains(change.key.measure), change.old.map({ !$0.isZero }) == true, change.new.map({ !$0.isZero }) == true
      else { return false }
      return change.key.measure != .rarity || !unknown.contains(String(change.key.subject.prefix { $0 != ":" }))
    }.sorted(by: ReleaseDiff.order)
  }

  /// `largest odds changes: card war:97 per booster 2/121 → 1/121 (-50%), ...`: the largest of
  /// `odds`, and beside it the largest the other way when there is one, else the second (new and
  /// removed sheets and cards are named by the other phrases). Weights typed a tenth of what
  /// they were fall by 81% and lift the rest of their sheet by 86%: both are named (the two
  /// largest were both of the cards that rose, and sent a maintainer to the wrong ones).
  static func largestOdds(_ odds: [ReleaseDiff.Change]) -> String? {
    guard let first = odds.first else { return nil }
    let otherWay = odds.first { ($0.relative < 0) != (first.relative < 0) }
    let shown = [first] + (otherWay.map { [$0] } ?? Array(odds.dropFirst().prefix(1)))
    let parts = shown.map { change in
      "\(subject(change.key)) \(change.old!) → \(change.new!) (\(percent(change.relative)))"
    }
    return "largest odds changes: " + parts.joined(separator: ", ")
  }

  /// A measure named for people: `card war:97`, `sheet foil drawn`, `variant common 10, rare 1`,
  /// `rare from wildcard` (a rarity's share of a sheet).
  static func subject(_ key: ProductMeasures.Key) -> String {
    switch key.measure {
    case .card: "card \(key.subject) per booster"
    case .sheetShare: "sheet \(key.subject) drawn"
    case .variant: "variant \(key.subject)"
    case .rarity:
      key.subject.components(separatedBy: ": ").count == 2
        ? "\(key.subject.components(separatedBy: ": ")[1]) share of \(key.subject.components(separatedBy: ": ")[0])" : key.subject
    case .boosterSize: "size \(key.subject)"
    case .sheetFlag: key.subject
    }
  }

  /// `+25%`, `-50%`, `+0.3%`: a relative change as a signed percentage of 2 significant digits.
  static func percent(_ relative: Double) -> String {
    let value = relative * 100
    let text = abs(value) >= 10 ? String(format: "%.0f", value) : String(format: "%.2g", value)
    return (value > 0 ? "+" : "") + text + "%"
  }

  /// The first `shown` items, then how many there are: `a, b, c, ... (10)`.
  static func listed(_ items: [String], shown: Int) -> String {
    items.prefix(shown).joined(separator: ", ") + (items.count > shown ? ", ... (\(items.count))" : "")
  }
}
