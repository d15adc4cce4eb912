import SealedSupport
import SealedRules

extension ProductLint {
  /// unused-sheet, missing-sheet, total-weight, bad-weight, impossible-draw, source-sets and set-code:
  /// the product's structure, which needs no card data. A warning about a variant's draw from a
  /// sheet names both (`variant 2 of 3 sheet rare`), so that no two warnings of a rule share a place.
  /// The weights of `cards` added up in key order: the same sum from run to run (a dictionary's
  /// order once gave 385.1257142857143 or 385.1257142857142 for the same non-whole weights).
  static func sum(_ cards: [String: Double]) -> Double {
    cards.sorted { $0.key < $1.key }.reduce(0) { $0 + $1.value }
  }

  static func sheetsAndDraws(_ product: CompiledBoosterData.Product, warn: (LintRule, String, String) -> Void) {
    var drawn: Set<String> = []
    for (index, booster) in product.boosters.enumerated() {
      let place = variantPlace(index, of: product)
      if let problem = weightProblem(booster.weight) { warn(.badWeight, place, problem) }
      for (name, count) in booster.sheets.sorted(by: { $0.key < $1.key }) {
        drawn.insert(name)
        guard let sheet = product.sheets[name] else {
          warn(.missingSheet, "\(place) sheet \(name)", "draws \(count) from sheet \(name), which the product does not define")
          continue
        }
        let copies = Self.sum(sheet.cards)
        if count < 0 {
          // (A count of 0 draws nothing, and the importer skips it.)
          warn(.impossibleDraw, "\(place) sheet \(name)", "draws \(count) cards from sheet \(name); expected a count of at least 0")
        } else if sheet.fixed == true, Double(count) != copies {
          warn(.impossibleDraw, "\(place) sheet \(name)", "draws \(count) from fixed sheet \(name), which holds \(number(copies)) copies")
        } else if sheet.fixed != true, sheet.allow_duplicates != true, count > sheet.cards.count {
          warn(.impossibleDraw, "\(place) sheet \(name)", "draws \(count) distinct cards from sheet \(name), which holds \(sheet.cards.count)")
        }
      }
    }
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) {
      if !drawn.contains(name) { warn(.unusedSheet, "sheet \(name)", "no variant draws from it") }
      if sheet.cards.isEmpty { warn(.badWeight, "sheet \(name)", "holds no cards") }
      for (key, weight) in sheet.cards.sorted(by: { $0.key < $1.key }) {
        if let problem = weightProblem(weight) { warn(.badWeight, "sheet \(name) card \(key)", problem) }
      }
      let sum = Self.sum(sheet.cards)
      if sum >= Fraction.weightLimit {
        // Beyond 2^53 the sum of doubles is not the sum of the weights written.
        warn(.totalWeight, "sheet \(name)", "its cards' weights add up to \(number(sum)); expected a total below 2^53 (9007199254740992)")
      } else if let total = sheet.total_weight, total != sum {
        warn(.totalWeight, "sheet \(name)", "total_weight \(number(total)), but its cards' weights add up to \(number(sum))")
      }
    }
    if let listed = product.source_set_codes {
      let named = Set(product.sheets.values.flatMap(\.sets))
      let given = Set(listed.map { $0.lowercased() })
      if named != given {
        let missing = named.subtracting(given).sorted()
        let extra = given.subtracting(named).sorted()
        let parts = (missing.isEmpty ? [] : ["sheets name \(missing.joined(separator: ", ")), not listed"])
          + (extra.isEmpty ? [] : ["lists \(extra.joined(separator: ", ")), which no sheet names"])
        warn(.sourceSets, "source_set_codes", parts.joined(separator: " and "))
      }
    }
    let (code, set) = (product.code.lowercased(), product.set_code.lowercased())
    if code != set && !code.hasPrefix(set + "-") {
      let named = code.prefix { $0 != "-" }
      warn(.setCode, "set_code", "set_code \(product.set_code), but the code \(product.code) names \(named); expected the set the code begins with")
    }
  }

  /// What is wrong with a weight of a variant or card, or nil: a weight must be a positive whole
  /// number below 2^53, which every JSON reader keeps exactly (`1e30` reads as a whole number in
  /// one reader and another in the next; 9007199254740993 reads as 9007199254740992).
  static func weightProblem(_ weight: Double) -> String? {
    guard weight > 0 && weight == weight.rounded() else { return "weight \(number(weight)); expected a positive whole number" }
    guard weight < Fraction.weightLimit else {
      return "weight \(number(weight)); expected a positive whole number below 2^53 (9007199254740992), which every JSON reader keeps exactly"
    }
    return nil
  }
}
