/// What the Choose screen calls each kind of product (`ProductKind`): the words of the
/// products' own names ("Draft Boosters", "Prerelease Promo Packs"), never a code with
/// "boosters" glued on ("booster boosters").
enum ProductKindLabel {
  static let labels: [String: String] = [
    "draft": "Draft Boosters", "play": "Play Boosters", "set": "Set Boosters", "collector": "Collector Boosters",
    "jumpstart": "Jumpstart Boosters", "theme": "Theme Boosters", "arena": "Arena Boosters",
    "booster": "Boosters of the early sets (one kind per set)", "prerelease": "Prerelease Promo Packs",
    "fat-pack": "Fat Pack promotional cards", "six": "Six-card Booster Packs", "collector-sample": "Collector Sample Boosters",
    "tournament": "Tournament Packs and Decks", "box-topper": "Box Topper Packs", "starter": "Starter Decks",
    "stainedglass": "Secret Lair Stained Glass", "mtgo": "Magic Online Boosters", "jp": "Japanese Draft Boosters",
    "duelspromo": "Duels of the Planeswalkers Boosters", "convention": "Mystery Booster Convention Editions",
    "blueprint": "Secret Lair Blueprint Cards", "vip": "VIP Editions", "premium": "Premium Foil Boosters",
    "beginner": "Beginner Box Boosters", "bundle-promo": "Bundle Promo Cards", "gift-bundle-promo": "Gift Bundle Promo Cards",
    "compleat": "Compleat Editions", "treasure-chest": "Treasure Chest Promo Boosters",
  ]

  /// The label of `kind`; a kind not known here reads as its words capitalised, with
  /// "products" after them (`new-kind` → "New kind products").
  static func of(_ kind: String) -> String {
    if let label = labels[kind] { return label }
    let words = kind.replacingOccurrences(of: "-", with: " ")
    return words.prefix(1).uppercased() + words.dropFirst() + " products"
  }
}
