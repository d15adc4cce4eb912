import SealedSupport
import SealedCards

/// A row of `slot_rarity.csv`: cards of a rarity drawn into a slot, their share of the slot's
/// cards (nil when the slot drew none) and the rules' expected share.
package struct SlotRarityRow: Sendable {
  package var slot: String
  package var rarity: Rarity
  package var count: Int
  package var proportion: Double?
  package var expected: Double

  /// A row with the given slot, rarity, count, proportion and expected proportion.
  package init(slot: String, rarity: Rarity, count: Int, proportion: Double?, expected: Double) {
    self.slot = slot
    self.rarity = rarity
    self.count = count
    self.proportion = proportion
    self.expected = expected
  }

  /// The row's CSV fields; proportions always with a decimal point, an empty field for a nil one.
  package var fields: [String] {
    [slot, rarity.rawValue, String(count), proportion.map(CSVNumber.decimal) ?? "", CSVNumber.decimal(expected)]
  }

  init(_ record: CSVRecord) throws(DataError) {
    self.init(
      slot: try record.text("slot"), rarity: try record.value("rarity"), count: try record.integer("count"),
      proportion: try record.number("proportion"), expected: try record.requiredNumber("expected_proportion"))
  }
}

/// A row of `card_frequency.csv`: a card's copies over the run, per pool (nil when no pools
/// ran) and as the rules expect.
package struct CardFrequencyRow: Sendable {
  package var set: String
  package var collectorNumber: String
  package var name: String
  package var rarity: Rarity
  package var foil: Bool
  package var count: Int
  package var perPool: Double?
  package var expected: Double

  /// A row with the given card, copies, copies per pool and expected copies per pool.
  package init(
    set: String, collectorNumber: String, name: String, rarity: Rarity, foil: Bool, count: Int, perPool: Double?,
    expected: Double
  ) {
    self.set = set
    self.collectorNumber = collectorNumber
    self.name = name
    self.rarity = rarity
    self.foil = foil
    self.count = count
    self.perPool = perPool
    self.expected = expected
  }

  /// The row's CSV fields (`foil` as `true` or `false`); per-pool values always with a decimal point.
  package var fields: [String] {
    [
      set, collectorNumber, name, rarity.rawValue, String(count), perPool.map(CSVNumber.decimal) ?? "",
      CSVNumber.decimal(expected), String(foil),
    ]
  }

  init(_ record: CSVRecord) throws(DataError) {
    guard let foil = Bool(try record.text("foil")) else { throw record.error("foil", expected: "true or false") }
    self.init(
      set: try record.text("set"), collectorNumber: try record.text("collector_number"), name: try record.text("name"),
      rarity: try record.value("rarity"), foil: foil, count: try record.integer("count"),
      perPool: try record.number("per_pool"), expected: try record.requiredNumber("expected_per_pool"))
  }
}

/// A row of `events.csv`: boosters of a kind (`given`, or `any`) holding an event, their share
/// (nil without such boosters) and the rules' probability.
package struct EventFrequencyRow: Sendable {
  package var event: String
  package var given: String
  package var count: Int
  package var trials: Int
  package var proportion: Double?
  package var expected: Double

  /// A row of `count` boosters with the event among `trials` of the kind, its proportion computed
  /// (nil when `trials` is zero), and the rules' probability `expected`.
  package init(event: String, given: String, count: Int, trials: Int, expected: Double) {
    self.event = event
    self.given = given
    self.count = count
    self.trials = trials
    proportion = trials == 0 ? nil : Double(count) / Double(trials)
    self.expected = expected
  }

  /// The row's CSV fields; proportions always with a decimal point, an empty field for a nil one.
  package var fields: [String] {
    [event, given, String(count), String(trials), proportion.map(CSVNumber.decimal) ?? "", CSVNumber.decimal(expected)]
  }

  init(_ record: CSVRecord) throws(DataError) {
    event = try record.text("event")
    given = try record.text("given")
    count = try record.integer("count")
    trials = try record.integer("trials")
    proportion = try record.number("proportion")
    expected = try record.requiredNumber("expected_proportion")
  }
}
