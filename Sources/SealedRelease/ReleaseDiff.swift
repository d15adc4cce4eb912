import SealedSupport
import SealedRules

/// Two data releases compared product by product, exactly (`sealed rules diff OLD NEW`):
/// products added, removed and renamed, and for each product in both, every measure of
/// `ProductMeasures` whose exact value differs, largest relative change first.
package struct ReleaseDiff: Sendable {
  /// What happened to a product.
  package enum Status: String, Sendable, CaseIterable {
    case added, removed, renamed, changed, unchanged
  }

  /// One product of either release.
  package struct ProductEntry: Sendable {
    package var status: Status
    package var oldCode: String?
    package var newCode: String?
    package var name: String
    /// Measures that changed (a renamed product may have changed too).
    package var changes = 0
    /// The largest relative change of its measures, nil when none changed.
    package var largest: Double?
    /// Why the product could not be compared exactly, when it could not.
    package var note = ""
    /// What changed, in words; nil for a product in one release only or unchanged in both.
    package var summary: ProductChangeSummary?
  }

  /// One measure that differs.
  package struct Change: Sendable {
    /// The product's code in the new release.
    package var product: String
    /// Its code in the old release, when it was renamed.
    package var oldProduct: String?
    package var key: ProductMeasures.Key
    /// The values; nil where the release does not have the measure (a card added to a sheet).
    package var old: Fraction?
    package var new: Fraction?

    /// (new − old) / old; infinity when old is absent or zero, -1 when new is.
    package var relative: Double {
      guard let old, !old.isZero else { return .infinity }
      return ((new?.doubleValue ?? 0) - old.doubleValue) / old.doubleValue
    }
  }

  package var products: [ProductEntry] = []
  /// Every change, largest relative change (in absolute value) first; ties by product, measure
  /// and subject.
  package var changes: [Change] = []

  /// Whether anything changed: a product added, removed, renamed or changed.
  package var changed: Bool { products.contains { $0.status != .unchanged } }

  /// How many products have each status.
  package func count(_ status: Status) -> Int { products.filter { $0.status == status }.count }

  /// Compares the releases; rarities come from `cards` (nil: no rarity measures). Cost: the
  /// measures of every paired product, O(cards of its sheets) each.
  package init(old: [CompiledBoosterData.Product], new: [CompiledBoosterData.Product], cards: ReleaseCards?) {
    let pairing = ProductPairing(old: old, new: new)
    for pair in pairing.pairs {
      var entry = ProductEntry(
        status: pair.renamed ? .renamed : .unchanged, oldCode: pair.old.code, newCode: pair.new.code, name: pair.new.name)
      let (folded, renamings) = SheetRenames.fold(pair.old, into: pair.new)
      if !renamings.isEmpty {
        entry.note = "sheets renamed: " + renamings.joined(separator: ", ")
        // A tool or spec naming the old sheet no longer finds it (once "the same", exit 0).
        if !pair.renamed { entry.status = .changed }
      }
      // What the product is, besides its odds: the set it opens (which every tool reads), its
      // name, code and source sets, and totals its sheets' cards do not add up to (once not
      // compared: a set_code moved to dom, a total_weight a consumer divides by, were "the same").
      let identity = Self.identityChanges(pair) + Self.totalChanges(old: folded, new: pair.new) + Self.emptied(old: folded, new: pair.new)
      if !identity.isEmpty {
        entry.note = ([entry.note] + identity.map(\.1)).filter { !$0.isEmpty }.joined(separator: "; ")
        if !pair.renamed { entry.status = .changed }
      }
      do throws(DataError) {
        let paired = ProductPairing.Pair(old: folded, new: pair.new)
        var (found, summary) = try Self.compare(paired, renamings: renamings, cards: cards)
        changes += found
        entry.changes = found.count
        entry.largest = found.map { abs($0.relative) }.max()
        for (consequence, text) in identity { summary.addIdentity(consequence, text) }
        entry.summary = summary.consequence == nil ? nil : summary
        if !found.isEmpty && !pair.renamed { entry.status = .changed }
      } catch {
        entry.note = [entry.note, error.description].filter { !$0.isEmpty }.joined(separator: "; ")
        entry.summary = ProductChangeSummary(notCompared: error.description)
        if !pair.renamed { entry.status = .changed }
      }
      products.append(entry)
    }
    products += pairing.removed.map { ProductEntry(status: .removed, oldCode: $0.code, newCode: nil, name: $0.name) }
    products += pairing.added.map { ProductEntry(status: .added, oldCode: nil, newCode: $0.code, name: $0.name) }
    changes.sort(by: Self.order)
  }

  /// A pair's set code and name (of a product not renamed) where they differ, in words with
  /// their consequence (`set_code "war" → "dom"`); none when neither does.
  static func identityChanges(_ pair: ProductPairing.Pair) -> [(ProductChangeSummary.Consequence, String)] {
    var changes: [(ProductChangeSummary.Consequence, String)] = []
    if pair.old.set_code.lowercased() != pair.new.set_code.lowercased() {
      changes.append((.slots, "set_code \(quotedExcerpt(pair.old.set_code)) → \(quotedExcerpt(pair.new.set_code))"))
    }
    // (The 2023 file had no source_set_codes: a release that adds the field changes nothing.)
    if let oldCodes = pair.old.source_set_codes, let newCodes = pair.new.source_set_codes {
      let (oldSets, newSets) = (Set(oldCodes.map { $0.lowercased() }), Set(newCodes.map { $0.lowercased() }))
      if oldSets != newSets {
        let listed = { (sets: Set<String>) in sets.isEmpty ? "none" : sets.sorted().joined(separator: ", ") }
        changes.append((.slots, "source_set_codes \(listed(oldSets)) → \(listed(newSets))"))
      }
    }
    // A product renamed (its code changed) is expected to change its name too: not repeated.
    if !pair.renamed && pair.old.name != pair.new.name {
      changes.append((.names, "name \(quotedExcerpt(pair.old.name)) → \(quotedExcerpt(pair.new.name))"))
    }
    if !pair.renamed && pair.old.code != pair.new.code {
      changes.append((.names, "code \(quotedExcerpt(pair.old.code)) → \(quotedExcerpt(pair.new.code))"))
    }
    return changes
  }

  /// Each sheet a variant of `new` draws from that holds no card of positive weight where it
  /// did in `old`, or that `new` does not define where `old` did not lack it: no booster of
  /// that variant can be made (the diff said only that its cards were removed, and that it was
  /// no longer colour-balanced, which it still was; a sheet deleted that variants still draw, a
  /// reference to nothing, read as "cards: 16 removed").
  static func emptied(
    old: CompiledBoosterData.Product, new: CompiledBoosterData.Product
  ) -> [(ProductChangeSummary.Consequence, String)] {
    // Variants of weight 0 are never drawn: what they name makes no booster.
    let drawn = Set(new.boosters.filter { $0.weight > 0 }.flatMap { $0.sheets.filter { $0.value > 0 }.keys })
    let oldDrawn = Set(old.boosters.filter { $0.weight > 0 }.flatMap { $0.sheets.filter { $0.value > 0 }.keys })
    let empty: [(ProductChangeSummary.Consequence, String)] = new.sheets.sorted { $0.key < $1.key }.compactMap { name, sheet in
      guard drawn.contains(name), sum(sheet) <= 0, let before = old.sheets[name], sum(before) > 0 else { return nil }
      return (.size, "sheet \(name) holds no card, and variants draw from it")
    }
    let undefined: [(ProductChangeSummary.Consequence, String)] = drawn.sorted().compactMap { name in
      guard new.sheets[name] == nil, old.sheets[name] != nil || !oldDrawn.contains(name) else { return nil }
      return (.size, "variants draw from sheet \(name), which the product does not define")
    }
    return empty + undefined
  }

  /// The weights of a sheet's cards added up in key order (`ProductLint.sum`).
  private static func sum(_ sheet: CompiledBoosterData.Sheet) -> Double { ProductLint.sum(sheet.cards) }

  /// Each sheet of `new` (paired by name with `old`, its renamed sheets under their new names)
  /// whose `total_weight` changed to a number its cards' weights do not add up to: the odds of
  /// every tool that divides by it (MTGJSON's `totalWeight`) changed, where the cards did not.
  static func totalChanges(
    old: CompiledBoosterData.Product, new: CompiledBoosterData.Product
  ) -> [(ProductChangeSummary.Consequence, String)] {
    new.sheets.sorted { $0.key < $1.key }.compactMap { name, sheet in
      let before = old.sheets[name]?.total_weight
      guard let total = sheet.total_weight, total != before, sum(sheet) != total else { return nil }
      let was = before.map(ProductLint.number) ?? "none"
      return (.odds, "total_weight of sheet \(name) \(was) → \(ProductLint.number(total)), where its cards add up to \(ProductLint.number(sum(sheet)))")
    }
  }

  /// The measures of a pair that differ, and what changed in words.
  static func compare(
    _ pair: ProductPairing.Pair, renamings: [String], cards: ReleaseCards?
  ) throws(DataError) -> ([Change], ProductChangeSummary) {
    let old = try ProductMeasures(pair.old, cards: cards)
    let new = try ProductMeasures(pair.new, cards: cards)
    var found: [Change] = []
    for key in Set(old.values.keys).union(new.values.keys) where old.values[key] != new.values[key] {
      found.append(
        Change(product: pair.new.code, oldProduct: pair.renamed ? pair.old.code : nil, key: key, old: old.values[key], new: new.values[key]))
    }
    let summary = ProductChangeSummary(
      old: pair.old, new: pair.new, renamings: renamings, oldMeasures: old, newMeasures: new, changes: found)
    return (found, summary)
  }

  /// The positions in `products` of the products with a summary, most consequential first: by
  /// the kind of their most consequential change (`ProductChangeSummary.Consequence`), then the
  /// largest relative change of their odds (`ProductChangeSummary.largestOdds`), then code.
  package var summaryOrder: [Int] {
    products.indices.filter { products[$0].summary != nil }.sorted { i, j in
      let (a, b) = (products[i], products[j])
      let (x, y) = (a.summary!.consequence!, b.summary!.consequence!)
      if x != y { return x < y }
      let (p, q) = (a.summary!.largestOdds ?? -1, b.summary!.largestOdds ?? -1)
      if p != q { return p > q }
      return (a.newCode ?? "", i) < (b.newCode ?? "", j)
    }
  }

  static func order(_ a: Change, _ b: Change) -> Bool {
    let (x, y) = (abs(a.relative), abs(b.relative))
    if x != y { return x > y }
    if a.product != b.product { return a.product < b.product }
    let measures = ProductMeasures.Measure.allCases
    if a.key.measure != b.key.measure {
      return measures.firstIndex(of: a.key.measure)! < measures.firstIndex(of: b.key.measure)!
    }
    return a.key.subject < b.key.subject
  }
}
