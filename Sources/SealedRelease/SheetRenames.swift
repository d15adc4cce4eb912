import SealedSupport
import SealedRules

/// Sheets a new release renamed without changing them (mtg.wtf's 2024 `common` became
/// `common_with_duplicates` on the old starter decks): an old sheet whose name the new product
/// lacks takes the name of the new product's one sheet, absent from the old product, that holds
/// the same cards in the same proportions with the same flags. The diff then compares what
/// boosters hold, not what sheets are called, and names the renaming in the product's note.
enum SheetRenames {
  /// `old` with its renamed sheets under their new names, and the renamings (`common → common_x`).
  /// With `flags` false, sheets whose flags differ are paired too (the summary's "sheets
  /// replaced": `common → common_with_duplicates`, now allowing duplicates).
  static func fold(
    _ old: CompiledBoosterData.Product, into new: CompiledBoosterData.Product, flags: Bool = true
  ) -> (CompiledBoosterData.Product, [String]) {
    let (folded, renamed) = pairs(old, into: new, flags: flags)
    return (folded, renamed.map { "\($0.old) → \($0.new)" })
  }

  /// `old` with its renamed sheets under their new names, and the pairs of names, in the old
  /// names' order. A renaming is one the new product's variants follow: the old name is drawn by
  /// none of them and the new one by some (a sheet renamed while the variants still draw the old
  /// name is a sheet gone and one added, beside a sheet drawn that is not defined; it read as
  /// renamed, its gone and new names swapped).
  static func pairs(
    _ old: CompiledBoosterData.Product, into new: CompiledBoosterData.Product, flags: Bool = true
  ) -> (CompiledBoosterData.Product, [(old: String, new: String)]) {
    let drawn = Set(new.boosters.flatMap(\.sheets.keys))
    let gone = old.sheets.keys.filter { new.sheets[$0] == nil && !drawn.contains($0) }.sorted()
    var fresh = Set(new.sheets.keys.filter { old.sheets[$0] == nil && drawn.contains($0) })
    guard !gone.isEmpty, !fresh.isEmpty else { return (old, []) }
    var renamed: [String: String] = [:]
    for name in gone {
      let matches = fresh.filter { same(old.sheets[name]!, new.sheets[$0]!, flags: flags) }
      guard matches.count == 1, let match = matches.first else { continue }
      renamed[name] = match
      fresh.remove(match)
    }
    guard !renamed.isEmpty else { return (old, []) }
    var folded = old
    folded.sheets = Dictionary(uniqueKeysWithValues: old.sheets.map { (renamed[$0.key] ?? $0.key, $0.value) })
    folded.boosters = old.boosters.map { booster in
      var copy = booster
      copy.sheets = Dictionary(booster.sheets.map { (renamed[$0.key] ?? $0.key, $0.value) }, uniquingKeysWith: +)
      return copy
    }
    return (folded, renamed.sorted { $0.key < $1.key }.map { (old: $0.key, new: $0.value) })
  }

  /// The same cards in the same proportions, and (unless `flags` is false) the same flags.
  static func same(_ a: CompiledBoosterData.Sheet, _ b: CompiledBoosterData.Sheet, flags: Bool = true) -> Bool {
    guard a.cards.count == b.cards.count else { return false }
    guard !flags || (a.balance_colors == b.balance_colors && a.allow_duplicates == b.allow_duplicates && a.fixed == b.fixed)
    else { return false }
    let (totalA, totalB) = (a.cards.values.reduce(0, +), b.cards.values.reduce(0, +))
    guard let ta = Fraction.whole(totalA), let tb = Fraction.whole(totalB), !ta.isZero, !tb.isZero else { return false }
    for (key, weight) in a.cards {
      guard let other = b.cards[key], let wa = Fraction.whole(weight), let wb = Fraction.whole(other) else { return false }
      guard let left = try? wa * tb, let right = try? wb * ta, left == right else { return false }
    }
    return true
  }
}
