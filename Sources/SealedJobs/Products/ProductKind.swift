import SealedRules

/// What kind of booster a product of the field's data is, read from its code: `mkm-play` is a
/// play booster, `war-draft` a draft booster, `eld-theme-w` a theme booster, `lea` (a code
/// that is the set's code: the set's one booster, from before boosters had kinds) `booster`.
package enum ProductKind {
  /// Kinds whose names hold a hyphen, tried before the code's first word.
  static let compoundKinds = ["gift-bundle-promo", "bundle-promo", "collector-sample", "box-topper", "fat-pack", "treasure-chest"]

  /// The kind of the product `code` of set `set`: the words after `SET-` up to the first
  /// qualifier (`theme-w` → `theme`, `arena-1` → `arena`, `collector-jp` → `collector`,
  /// `box-topper-foil` → `box-topper`); `booster` when the code is the set's code.
  package static func of(code: String, set: String) -> String {
    let code = code.lowercased()
    let set = set.lowercased()
    guard code != set else { return "booster" }
    let rest = code.hasPrefix(set + "-") ? String(code.dropFirst(set.count + 1)) : code
    if let compound = compoundKinds.first(where: { rest == $0 || rest.hasPrefix($0 + "-") }) { return compound }
    return rest.split(separator: "-").first.map(String.init) ?? rest
  }

  /// The kind of `product`.
  package static func of(_ product: CompiledBoosterData.Product) -> String {
    of(code: product.code, set: product.set_code)
  }
}
