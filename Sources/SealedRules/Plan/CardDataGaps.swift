import SealedSupport

/// The cards of a plan that the card data lacks: cards known by their keys alone
/// (`Card.placeholder`), which the engine draws and the checks count like any other, but which
/// have no name, rarity, type or colours.
package struct CardDataGaps: Sendable, Equatable {
  /// The cards the plan's sheets hold (a card and its foil finish counted once) that lack card
  /// data, and all of them.
  package let missing: Int
  package let total: Int
  /// The sets of the cards that lack data, in order.
  package let sets: [String]
  /// The product whose rules the plan compiled (`--rules CODE`), when it was one.
  package let product: String?
  /// The keys among the missing of sets whose card data lists every printing: they name no
  /// card (a wrong key), so fetching would change nothing. `set:number`, in order.
  package let deadKeys: [String]
  /// The sets of the other missing cards, which the card data may lack: fetching gets them.
  package let fetchableSets: [String]

  /// The gaps of a plan, or nil when every card has its data. Cost: O(cards).
  package init?(plan: BoosterPlan) {
    let held = Set(plan.sheets.flatMap(\.cards).map { plan.cards[$0].key })
    let lacking = plan.cards[0..<plan.firstFoilOrdinal].filter { !$0.hasData && held.contains($0.key) }
    guard !lacking.isEmpty else { return nil }
    missing = lacking.count
    total = held.count
    sets = Set(lacking.map(\.setCode)).sorted()
    product = plan.rulesSource.hasPrefix("product:") ? String(plan.rulesSource.dropFirst("product:".count)) : nil
    let dead = lacking.filter { plan.setsListingEveryPrinting.contains($0.setCode) }
    deadKeys = dead.map { "\($0.setCode):\($0.collectorNumber.text)" }
    fetchableSets = Set(lacking.filter { !plan.setsListingEveryPrinting.contains($0.setCode) }.map(\.setCode)).sorted()
  }

  /// What to do about the missing cards: the command that gets them (`sealed cards fetch
  /// --product CODE` for a product's rules, else `sealed cards fetch SET ...`) for sets the card
  /// data may lack them of, and, for keys of sets whose data lists every printing, that they
  /// name no card (to be corrected).
  package var remedy: String { Self.remedy(fetching: fetchableSets, product: product, deadKeys: deadKeys) }

  /// The remedy for cards without data: fetch `sets` (or `--product` its code, which fetches
  /// every set its sheets name), and say that `deadKeys` name no card (`deadKeysNote`); the
  /// two parts joined by "; ". What the plan compiler's refusals say too.
  package static func remedy(fetching sets: [String], product: String? = nil, deadKeys: [String]) -> String {
    var parts: [String] = []
    let fetchable = sets.filter { !uuidSets.contains($0) }
    if !fetchable.isEmpty {
      parts.append(product.map { "sealed cards fetch --product \($0)" } ?? "sealed cards fetch \(fetchable.joined(separator: " "))")
    }
    if sets.contains(otherSetUUIDSet) {
      parts.append("cards named by MTGJSON uuids the set file does not hold are cards of other sets (or uuids that no longer exist): the set files that hold them, or AllPrintings, give their data")
    }
    if sets.contains(unknownUUIDSet) { parts.append("cards named by MTGJSON uuids the file does not hold name no card") }
    if !deadKeys.isEmpty { parts.append(deadKeysNote(deadKeys)) }
    return parts.joined(separator: "; ")
  }

  /// The pseudo-set of an MTGJSON uuid that a file of several sets does not hold
  /// (`MTGJSONBoosterImport.allProducts`: AllPrintings has no card of that uuid).
  package static let unknownUUIDSet = "uuid"

  /// The pseudo-set of an MTGJSON uuid that a file of one set does not hold (another set's
  /// card, or a uuid that no longer exists).
  package static let otherSetUUIDSet = "uuid-other-set"

  /// The pseudo-sets of MTGJSON uuids a file does not hold: no `sealed cards fetch` gets them.
  package static let uuidSets: Set<String> = [unknownUUIDSet, otherSetUUIDSet]

  /// What keys (`set:number`) of sets whose card data lists every printing, without data, mean:
  /// "war:999 names no card: the card data of war lists every printing (a wrong key? data
  /// fetched before the set was complete is fetched again with sealed cards fetch war)", the
  /// first three named.
  package static func deadKeysNote(_ keys: [String]) -> String {
    let named = keys.count <= 3 ? keys.joined(separator: ", ") : "\(keys.prefix(3).joined(separator: ", ")) and \(keys.count - 3) more"
    let sets = Set(keys.map { String($0.prefix { $0 != ":" }) }).sorted()
    return "\(named) name\(keys.count == 1 ? "s" : "") no card: the card data of \(sets.joined(separator: ", ")) lists every printing (a wrong key? data fetched before the set was complete is fetched again with sealed cards fetch \(sets.joined(separator: " ")))"
  }

  /// "312 of 1143 cards lack card data (sets plst, spg)".
  package var summary: String {
    "\(missing) of \(total) cards lack card data (set\(sets.count == 1 ? "" : "s") \(sets.joined(separator: ", ")))"
  }

  /// The one line `simulate` and `check` print: what lacks data, what that means, how to get it.
  package var note: String {
    "\(summary): they show as set:number with rarity unknown, and checks that need rarities are not tested; \(remedy)"
  }

  /// The one-line refusal of something that needs the cards' names (`what`, like "sealed open
  /// shows cards by name"), with `alternative` (another way that reads keys) when there is one.
  package func refusal(_ what: String, alternative: String? = nil) -> String {
    "\(what), and \(summary); \(remedy), \(alternative.map { $0 + ", " } ?? "")or check the product on its card keys with sealed check"
  }
}

extension BoosterPlan {
  /// The ordinals (either finish) of cards known by their keys alone, without card data.
  package var ordinalsLackingData: Set<Int> { Set(cards.indices.filter { !cards[$0].hasData }) }
}
