import Foundation
import SealedDecks
import SealedSupport
import Testing

/// A card named by its name when the pool holds several printings of it, or when a removal's
/// name also begins a card outside the deck; an opened basic land of another art by its number.
@Suite struct PrintingNameTests {
  /// A grn pool holding two printings of one name (its guildgates are printed twice), and the name.
  static func poolWithTwoPrintings() throws -> (SavedPool, String) {
    for seed in UInt64(1)...40 {
      let pool = try DeckTestPools.opened("grn", seed: seed)
      let names = pool.cards.map(\.card).filter { !$0.isUnlimited }.map(\.name)
      if let name = Dictionary(grouping: names, by: { $0 }).first(where: { $0.value.count > 1 })?.key { return (pool, name) }
    }
    throw DataError("no grn pool of seeds 1 to 40 holds two printings of one name")
  }

  /// "Golgari Guildgate" said it matched 2 cards and to type more of the name, which the full
  /// name already was: now the name adds its printings in turn, and removes those in the deck.
  @Test func aNamePrintedTwiceIsOneCardAcrossItsPrintings() throws {
    let (pool, name) = try Self.poolWithTwoPrintings()
    var deck = Deck(name: "g", pool: pool, poolName: "g")
    let printings = deck.choices.filter { $0.name == name }
    #expect(printings.count == 2)
    #expect(try deck.findCard(name.lowercased()).id == printings[0].id)
    let opened = printings.map { deck.opened($0) ?? 0 }
    let both = opened.reduce(0, +)
    let edits = try deck.copiesToEdit(name, count: both, adding: true)
    #expect(edits.map(\.card.id) == printings.map(\.id) && edits.map(\.count) == opened, "\(edits)")
    for edit in edits { try deck.add(edit.card, count: edit.count) }
    // One more than were opened: refused with the name's totals (it quoted one printing's).
    let numbers = printings.map { "#\($0.collectorNumber ?? "-")" }.joined(separator: ", ")
    #expect(throws: DataError("\(name): \(both) opened (\(numbers)), \(both) already in the deck")) {
      try deck.copiesToEdit(name, count: 1, adding: true)
    }
    #expect(throws: DataError("\(name): \(both) in the deck, cannot remove \(both + 1)")) {
      try deck.copiesToEdit(name, count: both + 1, adding: false)
    }
    // Removing takes the printings the deck holds.
    try deck.remove(printings[0], count: opened[0])
    let removal = try deck.copiesToEdit(name, count: 1, adding: false)
    #expect(removal.map(\.card.id) == [printings[1].id] && removal.map(\.count) == [1])
  }

  /// A removal's name is looked for among the deck's cards first: "teyo" removes the Teyo the
  /// deck holds, where it was refused as matching a Teyo card outside the deck.
  @Test func aRemovalFindsTheCardInTheDeckFirst() throws {
    let pool = try DeckTestPools.opened("war", seed: 1)
    var deck = Deck(name: "n", pool: pool, poolName: "n")
    for card in deck.cards.map(\.card) { try deck.remove(card, count: deck.copies(of: card)) }
    let names = Array(Set(deck.choices.filter { !$0.isUnlimited }.map(\.name))).sorted()
    // Two names of the pool that begin alike (war seed 1: Teyo, the Shieldmage and Teyo's Lightshield).
    let pairs = names.flatMap { first in names.filter { $0 > first }.map { (first, $0) } }
    let (held, other) = try #require(pairs.first { $0.0.prefix(4).lowercased() == $0.1.prefix(4).lowercased() })
    let prefix = String(held.prefix(4))
    #expect(throws: DataError.self) { try deck.copiesToEdit(prefix, count: 1, adding: true) }
    try deck.add(try deck.findCard(held))
    let removal = try deck.copiesToEdit(prefix, count: 1, adding: false)
    #expect(removal.map(\.card.name) == [held], "\(other)")
  }

  /// A name given whole is that card even when the deck holds another whose name it begins:
  /// "joust" removed the Jousting Dummy in the deck, where the pool's Joust was meant.
  @Test func aWholeNameIsThatCardBeforeAPrefixInTheDeck() throws {
    for seed in UInt64(1)...60 {
      let pool = try DeckTestPools.opened("eld", seed: seed, boosterMax: 249)
      var deck = Deck(name: "j", pool: pool, poolName: "j")
      let names = Set(deck.choices.filter { !$0.isUnlimited }.map(\.name))
      guard let (short, long) = names.flatMap({ a in names.map { (a, $0) } }).first(where: { $0.1.count > $0.0.count && $0.1.lowercased().hasPrefix($0.0.lowercased()) }) else { continue }
      for card in deck.cards.map(\.card) { try deck.remove(card, count: deck.copies(of: card)) }
      try deck.add(try deck.findCard(long))
      let removal = try deck.copiesToEdit(short.lowercased(), count: 1, adding: false)
      #expect(removal.map(\.card.name) == [short], "\(long)")
      #expect(throws: DataError.self) { try deck.remove(removal[0].card, count: 1) }
      return
    }
    Issue.record("no eld pool of seeds 1 to 60 holds a card whose name begins another's")
  }

  /// An opened basic land of another art (retail war's Mountain #260) is the basic land of its
  /// name: it said "no card with collector number 260 in the pool".
  @Test func anOpenedBasicOfAnotherArtIsItsBasicLand() throws {
    for seed in UInt64(1)...40 {
      let pool = try DeckTestPools.opened("war", seed: seed, rules: "retail")
      let deck = Deck(name: "r", pool: pool, poolName: "r")
      let basics = Set(deck.choices.filter(\.isUnlimited).compactMap(\.collectorNumber))
      guard let other = pool.cards.map(\.card).first(where: { $0.isUnlimited && !basics.contains($0.collectorNumber ?? "") }) else { continue }
      let found = try deck.findCard(other.collectorNumber ?? "")
      #expect(found.isUnlimited && found.name == other.name)
      return
    }
    Issue.record("no retail war pool of seeds 1 to 40 opened a basic land of another art")
  }
}
