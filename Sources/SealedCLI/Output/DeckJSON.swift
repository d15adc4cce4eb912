import SealedSupport
import SealedReports
import SealedDecks

/// The JSON form of a deck (`sealed deck show --format json`), and its CSV form.
struct DeckJSON: Encodable {
  struct CardJSON: Encodable {
    let set: String
    let collector_number: String?
    let name: String
    let rarity: String
    let mana_cost: String
    let mana_value: Double
    let type_line: String
    let category: String
    let colors: [String]
    let image: String?
    let copies: Int
    /// Copies opened; nil for a basic land (unlimited).
    let opened: Int?
    let used_up: Bool

    init(_ card: PoolCard, copies: Int, deck: Deck) {
      set = card.set
      collector_number = card.collectorNumber
      name = card.name
      rarity = card.rarity.rawValue
      mana_cost = card.manaCost
      mana_value = card.manaValue
      type_line = card.typeLine
      category = card.category.rawValue
      colors = card.colors
      image = card.image
      self.copies = copies
      opened = deck.opened(card)
      used_up = opened.map { copies >= $0 } ?? false
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(set, forKey: .set)
      try container.encode(collector_number, forKey: .collector_number)
      try container.encode(name, forKey: .name)
      try container.encode(rarity, forKey: .rarity)
      try container.encode(mana_cost, forKey: .mana_cost)
      try container.encode(mana_value, forKey: .mana_value)
      try container.encode(type_line, forKey: .type_line)
      try container.encode(category, forKey: .category)
      try container.encode(colors, forKey: .colors)
      try container.encode(image, forKey: .image)
      try container.encode(copies, forKey: .copies)
      try container.encode(opened, forKey: .opened)
      try container.encode(used_up, forKey: .used_up)
    }

    enum CodingKeys: String, CodingKey {
      case set, collector_number, name, rarity, mana_cost, mana_value, type_line, category, colors, image
      case copies, opened, used_up
    }
  }

  struct PoolInfo: Encodable {
    let name: String
    let set: String
    let set_name: String
    let rules: String
    let seed: UInt64
    let opened: Int
  }

  struct Count: Encodable {
    let name: String
    let cards: Int
  }

  let name: String
  let pool: PoolInfo
  let size: Int
  let target_size: Int
  let lands: Int
  let colors: String
  let cards: [CardJSON]
  /// Every card the deck may hold, with the copies in the deck (`copies`) and opened.
  let picker: [CardJSON]
  let mana_curve: [Count]
  let types: [Count]
  let color_counts: [Count]

  init(_ deck: Deck) {
    let summary = DeckSummary(deck)
    name = deck.name
    pool = PoolInfo(
      name: deck.poolName, set: deck.pool.set, set_name: deck.pool.setName, rules: deck.pool.rules,
      seed: deck.pool.seed, opened: deck.pool.openedCount)
    size = summary.size
    target_size = Deck.targetSize
    lands = summary.lands
    colors = summary.colorIdentity
    cards = deck.cards.map { CardJSON($0.card, copies: $0.copies, deck: deck) }
    picker = deck.choices.map { CardJSON($0, copies: deck.copies(of: $0), deck: deck) }
    mana_curve = zip(DeckSummary.curveLabels, summary.curve).map { Count(name: $0, cards: $1) }
    types = summary.types.map { Count(name: $0.category.rawValue, cards: $0.cards) }
    color_counts = summary.colors.map { Count(name: $0.color, cards: $0.cards) } + [Count(name: "colorless", cards: summary.colorless)]
  }

  static let csvHeader = [
    "section", "name", "set", "collector_number", "rarity", "mana_cost", "mana_value", "type_line", "count", "opened",
  ]

  /// One table with a `section` column: `deck` (count = copies), `picker` (count = copies in
  /// the deck, opened empty for basic lands), `curve` (name = mana value), `type`, `color`, and
  /// `size` (name `cards` and `target`).
  static func csv(_ deck: Deck) -> String {
    let json = DeckJSON(deck)
    var table = CSVTable(header: csvHeader)
    func cardRow(_ section: String, _ card: CardJSON) -> [String] {
      [
        section, card.name, card.set, card.collector_number ?? "", card.rarity, card.mana_cost,
        CSVNumber.format(card.mana_value), card.type_line, String(card.copies), card.opened.map(String.init) ?? "",
      ]
    }
    func countRow(_ section: String, _ count: Count) -> [String] {
      [section, count.name, "", "", "", "", "", "", String(count.cards), ""]
    }
    for card in json.cards { table.append(cardRow("deck", card)) }
    for card in json.picker { table.append(cardRow("picker", card)) }
    for count in json.mana_curve { table.append(countRow("curve", count)) }
    for count in json.types { table.append(countRow("type", count)) }
    for count in json.color_counts { table.append(countRow("color", count)) }
    table.append(countRow("size", Count(name: "cards", cards: json.size)))
    table.append(countRow("size", Count(name: "target", cards: json.target_size)))
    return table.text
  }
}
