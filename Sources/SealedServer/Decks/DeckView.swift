import SealedDecks

/// A deck as the builder shows it, everything computed by the library: the deck list, the card
/// picker (every card of the pool with its copies opened and in the deck), the mana curve, the
/// type breakdown, colours and the count against 40 (`DeckSummary`).
struct DeckView: Encodable, Sendable {
  /// A card of the deck list.
  struct Entry: Encodable, Sendable {
    var card: CardView
    var copies: Int
  }

  /// A card of the picker: the copies in the deck, the copies opened (nil: a basic land,
  /// unlimited), and whether every opened copy is in the deck.
  struct Choice: Encodable, Sendable {
    var card: CardView
    var copies: Int
    var opened: Int?
    var used_up: Bool

    enum CodingKeys: CodingKey { case card, copies, opened, used_up }

    /// Every field, `opened` as null for a basic land (never left out).
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(card, forKey: .card)
      try container.encode(copies, forKey: .copies)
      try container.encode(opened, forKey: .opened)
      try container.encode(used_up, forKey: .used_up)
    }
  }

  struct Count: Encodable, Sendable {
    var name: String
    var cards: Int
  }

  struct PoolInfo: Encodable, Sendable {
    var name: String
    var set: String
    var set_name: String
    var rules: String
    var seed: SeedText
    var opened: Int
  }

  var name: String
  /// Whether the deck is saved in the library (its changes are saved as they are made).
  var saved: Bool
  /// The draft to send back with the next change, for a deck not saved.
  var draft: DraftReference?
  var pool: PoolInfo
  var size: Int
  var target_size: Int
  /// "38 of 40 cards, 2 to go".
  var size_note: String
  var lands: Int
  var colors: String
  var cards: [Entry]
  var picker: [Choice]
  /// The ids of the pool's rares and mythics, in opening order.
  var top_cards: [String]
  var curve: [Count]
  var types: [Count]
  var color_counts: [Count]
  var modified_at: String

  /// The view of `deck`; `draft` for a deck not saved.
  init(_ deck: Deck, draft: DraftReference?) {
    let summary = DeckSummary(deck)
    name = deck.name
    saved = draft == nil
    self.draft = draft
    pool = PoolInfo(
      name: deck.poolName, set: deck.pool.set, set_name: deck.pool.setName, rules: deck.pool.rules,
      seed: SeedText(deck.pool.seed), opened: deck.pool.openedCount)
    size = summary.size
    target_size = Deck.targetSize
    size_note = summary.sizeNote
    lands = summary.lands
    colors = summary.colorIdentity
    cards = deck.cards.map { Entry(card: CardView($0.card), copies: $0.copies) }
    picker = deck.choices.map { card in
      let copies = deck.copies(of: card)
      let opened = deck.opened(card)
      return Choice(card: CardView(card), copies: copies, opened: opened, used_up: opened.map { copies >= $0 } ?? false)
    }
    top_cards = deck.pool.topCards.map(\.label)
    curve = zip(DeckSummary.curveLabels, summary.curve).map { Count(name: $0, cards: $1) }
    types = summary.types.map { Count(name: $0.category.rawValue, cards: $0.cards) }
    color_counts = summary.colors.map { Count(name: $0.color, cards: $0.cards) } + [Count(name: "C", cards: summary.colorless)]
    modified_at = deck.modifiedAt
  }
}
