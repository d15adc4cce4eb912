import SealedRules

/// The cards a product gained, lost and moved between sheets from one release to the next, by
/// card key (`war:97` and `war:97:foil` are two cards): what `ProductChangeSummary` says of its
/// cards. Cost: O(cards of both products).
struct CardMoves: Sendable {
  var added: [String] = []
  var removed: [String] = []
  /// Cards in both releases whose sheets differ, grouped by where they were and where they are
  /// (`common → common_with_duplicates`), largest group first.
  var moved: [(from: String, to: String, count: Int)] = []
  /// Each moved card with where it was and where it is, by key.
  var movedCards: [(key: String, from: String, to: String)] = []

  init(old: CompiledBoosterData.Product, new: CompiledBoosterData.Product) {
    let (before, after) = (Self.sheetsByCard(old), Self.sheetsByCard(new))
    added = after.keys.filter { before[$0] == nil }.sorted()
    removed = before.keys.filter { after[$0] == nil }.sorted()
    var groups: [String: (from: String, to: String, count: Int)] = [:]
    for (key, sheets) in after {
      guard let was = before[key], was != sheets else { continue }
      let (from, to) = (was.sorted().joined(separator: "+"), sheets.sorted().joined(separator: "+"))
      groups["\(from) → \(to)", default: (from, to, 0)].count += 1
      movedCards.append((key, from, to))
    }
    movedCards.sort { $0.key < $1.key }
    moved = groups.values.sorted { ($0.count, $1.from, $1.to) > ($1.count, $0.from, $0.to) }
  }

  /// The sheets holding each card.
  static func sheetsByCard(_ product: CompiledBoosterData.Product) -> [String: Set<String>] {
    var sheets: [String: Set<String>] = [:]
    for (name, sheet) in product.sheets {
      for key in sheet.cards.keys { sheets[key, default: []].insert(name) }
    }
    return sheets
  }

  /// The sets of `keys`, most cards first: `plst`, or `plst 57, ala 1`.
  static func bySet(_ keys: [String]) -> String {
    var counts: [String: Int] = [:]
    for key in keys { counts[CardKeyText(key).set, default: 0] += 1 }
    guard counts.count > 1 else { return counts.keys.first ?? "" }
    let sorted = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
    return sorted.prefix(3).map { "\($0.key) \($0.value)" }.joined(separator: ", ") + (sorted.count > 3 ? ", ..." : "")
  }

  /// `cards: 3 added (war), 45 moved (45 common → common_with_duplicates)`,
  /// nil when no card was added, removed or moved.
  var text: String? {
    var parts: [String] = []
    if !added.isEmpty { parts.append("\(added.count) added (\(Self.bySet(added)))") }
    if !removed.isEmpty { parts.append("\(removed.count) removed (\(Self.bySet(removed)))") }
    if !moved.isEmpty {
      let count = moved.reduce(0) { $0 + $1.count }
      if count <= Self.namedMoves {
        // A card or two slipped into another sheet: each named, with where it went.
        parts.append("\(count) moved between sheets (\(movedCards.map { "\($0.key) \($0.from) → \($0.to)" }.joined(separator: ", ")))")
      } else {
        // Groups of one card each say little: only larger groups are named.
        let groups = moved.prefix(2).filter { $0.count > 1 }.map { "\($0.count) \($0.from) → \($0.to)" }
        let more = moved.count > groups.count ? (groups.isEmpty ? "" : ", ...") : ""
        parts.append("\(count) moved between sheets" + (groups.isEmpty ? "" : " (\(groups.joined(separator: ", "))\(more))"))
      }
    }
    return parts.isEmpty ? nil : "cards: " + parts.joined(separator: ", ")
  }

  /// The most moved cards named one by one (`war:10 common → uncommon`).
  static let namedMoves = 3
}
