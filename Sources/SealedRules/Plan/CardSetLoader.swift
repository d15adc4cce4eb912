import Synchronization
import SealedSupport
import SealedCards

/// Loads a set's cards for a rule set, with the other sets whose cards the rules list by
/// number for it (a product that mixes sets), reading each set's card file at most once: a
/// run over many products (`sealed check-products`) shares one loader, and a set many products
/// name is read and decoded once. Safe to use from several threads.
///
/// A set the card data lacks is empty, and the cards the rules list of it are known by their
/// keys alone (`Card.placeholder`), unless the rules need the set's booster range (a filter):
/// then a missing set is a one-line error that says how to get it.
package final class CardSetLoader: Sendable {
  package let location: CardDataLocation
  private struct State {
    var available: Set<String>?
    var everyPrinting: Set<String>?
    var cardsBySet: [String: [Card]] = [:]
    /// A given path (`--cards`) is read whole, once.
    var whole: CardDatabase?
  }
  private let state = Mutex(State())

  /// A loader reading card data from `location`; nothing is read until a set is asked for.
  package init(location: CardDataLocation) {
    self.location = location
  }

  /// The set `code` for `rules`. Cost: the first time a set is asked for, reading its file;
  /// afterwards, O(its cards).
  package func cardSet(_ code: String, for rules: RuleSetDefinition, boosterMax: Int? = nil) throws(DataError) -> CardSet {
    let code = code.lowercased()
    let others = rules.namedSets(for: code)
    let available = availableSets()
    let holds = { (set: String) in available.contains(set) || available.contains("") }
    guard !rules.needsBoosterRange(for: code) else {
      // The set's own data is needed (its filters look at its booster range); another set the
      // rules list cards of by key may be missing, its cards then known by their keys alone.
      let database = try self.database(sets: [code] + others.filter(holds))
      var set = try CardSet(code: code, in: database, boosterMax: boosterMax)
      for other in others {
        set.otherSets[other] = holds(other) ? try CardSet(code: other, in: database) : CardSet(code: other, cards: [], highestBasic: nil)
      }
      return markingEveryPrinting(set)
    }
    let wanted = ([code] + others).filter(holds)
    let database = wanted.isEmpty ? CardDatabase(cards: []) : try self.database(sets: wanted)
    if let boosterMax, boosterMax < 1 {
      throw DataError("--booster-max \(boosterMax): expected a collector number of at least 1")
    }
    return markingEveryPrinting(Self.cardSet(code, for: rules, in: database, boosterMax: boosterMax))
  }

  /// `set` and its other sets marked with whether their card data lists every printing.
  private func markingEveryPrinting(_ set: CardSet) -> CardSet {
    var set = set
    set.listsEveryPrinting = listsEveryPrinting(ofSet: set.code)
    for code in set.otherSets.keys { set.otherSets[code]?.listsEveryPrinting = listsEveryPrinting(ofSet: code) }
    return set
  }

  /// The set and the other sets `rules` name for it, from a database already loaded; a set the
  /// database lacks is empty (its cards are placeholders). Cost: O(their cards).
  package static func cardSet(_ code: String, for rules: RuleSetDefinition, in database: CardDatabase, boosterMax: Int? = nil) -> CardSet {
    var set = CardSet(
      code: code, cards: database.cardsBySet[code] ?? [], highestBasic: database.highestBasicBySet[code], boosterMax: boosterMax)
    for other in rules.namedSets(for: code) {
      set.otherSets[other] = CardSet(
        code: other, cards: database.cardsBySet[other] ?? [], highestBasic: database.highestBasicBySet[other])
    }
    return set
  }

  /// Every card of set `code` in the card data, or none when the data lacks the set. Cost: the
  /// first time a set is asked for (here or by `cardSet`), reading its file; afterwards, none.
  package func cards(ofSet code: String) throws(DataError) -> [Card] {
    let code = code.lowercased()
    let available = availableSets()
    guard available.contains(code) || available.contains("") else { return [] }
    return try database(sets: [code]).cardsBySet[code] ?? []
  }

  /// Whether the card data of set `code` lists every printing of its cards
  /// (`CardDataLocation.setsListingEveryPrinting`): then a number it lacks is no card of the set.
  /// Cost: the first time, the location's listings; afterwards, none.
  package func listsEveryPrinting(ofSet code: String) -> Bool {
    if let known = state.withLock({ $0.everyPrinting }) { return known.contains(code.lowercased()) }
    let sets = location.setsListingEveryPrinting()
    state.withLock { $0.everyPrinting = sets }
    return sets.contains(code.lowercased())
  }

  /// The codes of the sets the location holds (`""` for a given path, which may hold any).
  private func availableSets() -> Set<String> {
    if let known = state.withLock({ $0.available }) { return known }
    let codes = Set(location.availableSets().map(\.code))
    state.withLock { $0.available = codes }
    return codes
  }

  /// A database of `sets`, each read once (a given path read whole, once).
  private func database(sets: [String]) throws(DataError) -> CardDatabase {
    if case .given = location.kind {
      if let whole = state.withLock({ $0.whole }) { return whole }
      let whole = try location.load(sets: sets)
      state.withLock { $0.whole = whole }
      return whole
    }
    var cards: [Card] = []
    for code in sets {
      if let known = state.withLock({ $0.cardsBySet[code] }) {
        cards += known
        continue
      }
      // Read outside the lock: two threads may read one set at once, never a wrong one.
      let read = try location.load(sets: [code]).cardsBySet[code] ?? []
      state.withLock { $0.cardsBySet[code] = read }
      cards += read
    }
    return CardDatabase(cards: cards)
  }
}
