import Foundation
import SealedSupport
import SealedCards
import SealedDecks

// A faithful port of `sealTheDeal(set:)` from Ben Dodson's article "Side Project: Sealed"
// (on his blog, bendodson.com): the algorithm Sealed started from, kept here (and only
// here, never in the product) as the baseline the engine has to beat.
//
// What changes, and why:
// - Realm is gone. Every Realm query becomes an `Array.filter` over `[Card]`, run at the same
//   place and as often as the article runs its query: the set's cards up to the booster range,
//   the rarity lists and their per-set exclusions once per pool, and the dom/grn/rna/war
//   replacement queries afresh inside the booster loop. `CONTAINS[c]` becomes an ASCII
//   case-insensitive byte search (see `containsCaseInsensitive`).
// - The booster range (`expansion.locations`' first key, the app's own table) is the set's
//   `boosterMax` (its last basic land), the range SealedCards uses too.
// - `Card` is SealedCards' value type, so copying the sheets copies structs, where Realm copied
//   object references; `==` compares fields, where Realm compared row identity. Rarities are
//   the `Rarity` enum rather than strings, and `number` is the collector number's leading
//   integer.
// - `Deck`/`DeckCard` are plain classes standing in for the Realm objects (built, not stored).
//   `expansion.lands()` is not shown in the article; it is ported as one `DeckCard` per basic
//   land of the set (a fresh query per pool), with `basicLandCopies` copies each.
// - Randomness: the article calls `Int.random(in:)` and `randomElement()`, i.e. the system
//   generator (`SystemRandomNumberGenerator`, the kernel's getrandom on Linux). The port is
//   generic over the generator and passes it explicitly: with `SystemRandomNumberGenerator` it
//   is exactly the article (the "article baseline" benchmarks); with `Xoshiro256StarStar` it
//   isolates the algorithm from the cost of the system generator.

/// Stands in for the Realm `Deck` object.
final class Deck {
  var id = ""
  var expansion = ""
  var topCards: [Card] = []
  var allCards: [DeckCard] = []
  /// The deck being built (`deck.add(card)`).
  var cards: [DeckCard] = []

  func add(_ card: DeckCard) {
    cards.append(card)
  }
}

/// Stands in for the Realm `DeckCard` object.
final class DeckCard {
  var card: Card?
  var quantityAvailable = 0
}

/// Copies of each basic land offered by `expansion.lands()` (not shown in the article).
let basicLandCopies = 30

extension String {
  /// Realm's `CONTAINS[c]` for an ASCII needle: a byte search with ASCII case folding over the
  /// UTF-8 text, as Realm's core does natively. (Foundation's `range(of:options: .caseInsensitive)`
  /// costs microseconds and allocates on Linux; with the ~1,000 evaluations a pool makes, it
  /// would dominate and turn the baseline into a benchmark of Foundation.)
  fileprivate func containsCaseInsensitive(_ needle: String) -> Bool {
    let found = utf8.withContiguousStorageIfAvailable { haystack in
      needle.utf8.withContiguousStorageIfAvailable { needle in
        asciiCaseInsensitiveSearch(haystack, needle)
      }
    }
    if let found = found ?? nil { return found }
    return Array(utf8).withUnsafeBufferPointer { haystack in
      Array(needle.utf8).withUnsafeBufferPointer { needle in
        asciiCaseInsensitiveSearch(haystack, needle)
      }
    }
  }
}

private func asciiCaseInsensitiveSearch(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
  @inline(__always) func folded(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }
  guard needle.count <= haystack.count else { return false }
  if needle.isEmpty { return true }
  for start in 0...(haystack.count - needle.count) {
    var offset = 0
    while offset < needle.count && folded(haystack[start + offset]) == folded(needle[offset]) {
      offset += 1
    }
    if offset == needle.count { return true }
  }
  return false
}

func sealTheDeal<G: RandomNumberGenerator>(set: CardSet, using generator: inout G) -> Deck {
  let code = set.code
  guard let max = set.boosterMax else { abort() }
  let cardsInSet = set.cards.filter { ($0.collectorNumber.leadingInteger ?? 0) <= max }

  var mythics = cardsInSet.filter { $0.rarity == .mythic }
  var rares = cardsInSet.filter { $0.rarity == .rare }
  var uncommons = cardsInSet.filter { $0.rarity == .uncommon }
  var commons = cardsInSet.filter { $0.rarity == .common && !$0.typeLine.containsCaseInsensitive("basic land") }

  switch code {
  case "dom":
    uncommons = uncommons.filter { !$0.typeLine.containsCaseInsensitive("legendary") }
  case "grn", "rna":
    commons = commons.filter { !$0.name.containsCaseInsensitive("guildgate") }
  case "war":
    mythics = mythics.filter { !$0.typeLine.containsCaseInsensitive("planeswalker") }
    rares = rares.filter { !$0.typeLine.containsCaseInsensitive("planeswalker") }
    uncommons = uncommons.filter { !$0.typeLine.containsCaseInsensitive("planeswalker") }
  default:
    break
  }

  let mythicIndex = Int.random(in: 0..<6, using: &generator)

  var boosters = [[Card]]()
  for boosterIndex in 0..<6 {
    var cards = [Card]()
    var commonPool = Array(commons)
    for _ in 0..<10 {
      guard let card = commonPool.randomElement(using: &generator), let index = commonPool.firstIndex(of: card)
      else { continue }
      cards.append(card)
      commonPool.remove(at: index)
    }

    var uncommonPool = Array(uncommons)
    for _ in 0..<3 {
      guard let card = uncommonPool.randomElement(using: &generator), let index = uncommonPool.firstIndex(of: card)
      else { continue }
      cards.append(card)
      uncommonPool.remove(at: index)
    }

    let rareAndMythicRarePool = boosterIndex == mythicIndex ? mythics : rares
    if let card = rareAndMythicRarePool.randomElement(using: &generator) {
      cards.append(card)
    }

    switch code {
    case "dom":
      if let card = cardsInSet.filter({ $0.rarity == .uncommon && $0.typeLine.containsCaseInsensitive("legendary") })
        .randomElement(using: &generator)
      {
        cards[cards.count - 2] = card
      }
    case "grn", "rna":
      if let card = cardsInSet.filter({ $0.name.containsCaseInsensitive("guildgate") }).randomElement(using: &generator) {
        cards.append(card)
      }
    case "war":
      let uncommonChance = boosterIndex == mythicIndex ? 92 : 78
      if Int.random(in: 1...100, using: &generator) <= uncommonChance {
        if let card = cardsInSet.filter({ $0.rarity == .uncommon && $0.typeLine.containsCaseInsensitive("planeswalker") })
          .randomElement(using: &generator)
        {
          cards[cards.count - 2] = card
        }
      } else {
        let rarity: Rarity = boosterIndex == mythicIndex ? .mythic : .rare
        if let card = cardsInSet.filter({ $0.rarity == rarity && $0.typeLine.containsCaseInsensitive("planeswalker") })
          .randomElement(using: &generator)
        {
          cards[cards.count - 1] = card
        }
      }
    default:
      break
    }

    boosters.append(cards)
  }

  let boosterCards = boosters.flatMap({ $0 })
  let topCards = boosterCards.filter { return $0.rarity == .rare || $0.rarity == .mythic }

  let deck = Deck()
  deck.id = NSUUID().uuidString
  deck.expansion = code
  deck.topCards.append(contentsOf: topCards)

  let cards = boosterCards.sorted(by: { number($0) < number($1) })
  var currentCard: Card?
  var quantity = 0
  for card in cards {
    if card != currentCard && currentCard != nil {
      let deckCard = DeckCard()
      deckCard.card = currentCard
      deckCard.quantityAvailable = quantity
      deck.allCards.append(deckCard)
      quantity = 0
    }

    currentCard = card
    quantity += 1
  }

  let deckCard = DeckCard()
  deckCard.card = currentCard
  deckCard.quantityAvailable = quantity
  deck.allCards.append(deckCard)

  deck.allCards.append(contentsOf: lands(of: set))

  let topIdentifiers = Array(deck.topCards.map({ $0.id }))
  for index in 0..<deck.allCards.count {
    let card = deck.allCards[index]
    if topIdentifiers.contains(card.card?.id ?? "") {
      for _ in 0..<card.quantityAvailable {
        deck.add(card)
      }
    }
  }

  return deck
}

/// The Realm `Card.number` (an integer column).
private func number(_ card: Card) -> Int {
  card.collectorNumber.leadingInteger ?? 0
}

/// `expansion.lands()`: one `DeckCard` per basic land of the set, found by a query like the
/// article's others.
private func lands(of set: CardSet) -> [DeckCard] {
  set.cards.filter { $0.typeLine.containsCaseInsensitive("basic land") }.map { land in
    let deckCard = DeckCard()
    deckCard.card = land
    deckCard.quantityAvailable = basicLandCopies
    return deckCard
  }
}
