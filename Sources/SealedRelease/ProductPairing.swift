import SealedRules

/// The products of two releases paired by code: the same code, or the code an old one was
/// renamed to as `sealed rules import` finds it (`war` became `war-draft`, `me1` became
/// `me1-mtgo` in 2024; both ways, so an older file may be given second), or an MTGJSON
/// `SET-default` (the draft booster) for mtg.wtf's `SET-draft` or bare `SET`. Cost: O(products).
package struct ProductPairing: Sendable {
  package struct Pair: Sendable {
    package var old: CompiledBoosterData.Product
    package var new: CompiledBoosterData.Product
    /// The codes differ (the new code is `new.code`).
    package var renamed: Bool { old.code.lowercased() != new.code.lowercased() }
  }

  /// Pairs, in the new release's order.
  package var pairs: [Pair] = []
  /// Products of the old release with no product in the new one, in the old release's order.
  package var removed: [CompiledBoosterData.Product] = []
  /// Products of the new release with none in the old one, in the new release's order.
  package var added: [CompiledBoosterData.Product] = []

  package init(old: [CompiledBoosterData.Product], new: [CompiledBoosterData.Product]) {
    var newIndex: [String: Int] = [:]
    for (index, product) in new.enumerated() where newIndex[product.code.lowercased()] == nil {
      newIndex[product.code.lowercased()] = index
    }
    var pairedNew: [Int: Int] = [:]
    var unpaired: [Int] = []
    for (index, product) in old.enumerated() {
      if let found = newIndex[product.code.lowercased()], pairedNew[found] == nil {
        pairedNew[found] = index
      } else {
        unpaired.append(index)
      }
    }
    // Renamed products, among those still unpaired on both sides.
    for index in unpaired {
      let candidates = Self.renamings(of: old[index])
      if let found = candidates.lazy.compactMap({ newIndex[$0] }).first(where: { pairedNew[$0] == nil && Self.sameSet(old[index], new[$0]) }) {
        pairedNew[found] = index
      } else {
        removed.append(old[index])
      }
    }
    for (index, product) in new.enumerated() {
      if let oldIndex = pairedNew[index] {
        pairs.append(Pair(old: old[oldIndex], new: product))
      } else {
        added.append(product)
      }
    }
  }

  /// The codes a product may have in another release, in the order they are tried.
  static func renamings(of product: CompiledBoosterData.Product) -> [String] {
    let code = product.code.lowercased()
    let set = product.set_code.lowercased()
    var codes: [String] = []
    if code == set { codes += CompiledBoosterData.renamedSuffixes.map { code + $0.0 } + [set + "-default"] }
    for (suffix, _) in CompiledBoosterData.renamedSuffixes where code == set + suffix { codes.append(set) }
    if code == set + "-draft" { codes.append(set + "-default") }
    if code == set + "-default" { codes += [set + "-draft", set] }
    return codes
  }

  static func sameSet(_ a: CompiledBoosterData.Product, _ b: CompiledBoosterData.Product) -> Bool {
    a.set_code.lowercased() == b.set_code.lowercased()
  }
}
