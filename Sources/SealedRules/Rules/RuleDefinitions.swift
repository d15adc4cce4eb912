import SealedSupport

/// The parsed form of a rule-set file, before it meets any cards. See `docs/rules.md`.
public struct RuleSetDefinition: Sendable {
  /// The rule set's name (`sealed`, `retail`, or a user file's `name`).
  package var name: String
  package var description: String
  /// Where it came from: a file path, or `built-in:NAME`.
  package var source: String
  /// The file's text, hashed into reports so a run names exactly the rules it used.
  package var text: String
  /// The sets the rule set covers; nil means every set.
  package var appliesTo: [String]?
  /// The spec the rules claim to meet (`spec:` key: a built-in spec's name or a file path,
  /// relative to the rule file); `sealed check` applies it unless `--spec` says otherwise.
  package var spec: String?
  /// Sheets, slots, variants and events shared by every set.
  var base: RuleLayer
  /// Per-set changes layered on top of `base`.
  var setLayers: [String: RuleLayer]
  /// Whether the definition was made without reading its text (an imported product,
  /// `CompiledBoosterRules.ruleSet`), so that its positions are only its source's name:
  /// `PlanCompiler` then reads the text for the message of an error, with line and column.
  package var positionsOmitted = false

  /// The sets other than `code` whose cards the rules for `code` list by number.
  package func namedSets(for code: String) -> [String] {
    let layers = [base] + (setLayers[code].map { [$0] } ?? [])
    let sets = layers.flatMap(\.sheets).flatMap(\.explicitCards).map(\.set)
    return Set(sets).subtracting([code]).sorted()
  }

  /// Whether the rules for `code` look at the set's booster range: a sheet made by a filter,
  /// or an event with filter keys. Rules whose sheets all list their cards (imported products)
  /// do not, so they compile for a set without card data, on placeholders.
  package func needsBoosterRange(for code: String) -> Bool {
    let layers = [base] + (setLayers[code].map { [$0] } ?? [])
    let sheets = layers.flatMap(\.sheets)
    let filterSheet = sheets.contains { sheet in
      sheet.filter != nil || !sheet.weights.isEmpty
        || sheet.parts.contains { if case .filter = $0.source { true } else { false } }
    }
    let filterEvent = layers.flatMap(\.events).contains { event in
      if case .filter(let filter) = event.cards { filter != CardFilter() } else { false }
    }
    return filterSheet || filterEvent
  }

  /// The SHA-256 of the file's text, in lowercase hex.
  package var sha256: String { SHA256.hex(of: Array(text.utf8)) }
}

/// One layer of a rule set: the shared part, or one set's changes.
struct RuleLayer: Sendable {
  var pool: PoolDefinition?
  var sheets: [SheetDefinition] = []
  /// Replaces the slot list when present.
  var slots: [SlotDefinition]?
  var appendSlots: [SlotDefinition] = []
  /// Replaces the variant list when present.
  var variants: [VariantDefinition]?
  var events: [EventDefinition] = []
  /// Where the layer starts, for messages.
  var location: String
}

/// How boosters make up a pool.
struct PoolDefinition: Sendable {
  enum MythicBooster: String, Sendable {
    /// Exactly one booster of the pool is the mythic booster.
    case one
    /// Boosters are independent and of one kind.
    case none
  }

  var boosters: Int
  var mythicBooster: MythicBooster
  /// Relative weights of the mythic booster's position; nil means uniform.
  var positionWeights: [Double]?
  var location: String
}

/// A value that may differ by booster kind: one value, or a map from kind to value with an
/// optional `otherwise`.
struct PerKind<Value: Sendable>: Sendable {
  var byKind: [(kind: String, value: Value)]
  var otherwise: Value?
  var location: String

  init(_ value: Value, location: String) {
    byKind = []
    otherwise = value
    self.location = location
  }

  init(byKind: [(kind: String, value: Value)], otherwise: Value?, location: String) {
    self.byKind = byKind
    self.otherwise = otherwise
    self.location = location
  }

  func value(for kind: String) -> Value? {
    byKind.first { $0.kind == kind }?.value ?? otherwise
  }
}

/// A named sheet: the cards a slot or replacement draws from, with their weights.
struct SheetDefinition: Sendable {
  var name: String
  /// The cards, when the sheet is a plain filter.
  var filter: CardFilter?
  /// The parts, when the sheet mixes other sheets or filters.
  var parts: [SheetPart] = []
  /// Explicit cards with their weights, when the sheet lists them (`cards:`, as mtg.wtf's
  /// compiled data does): they may lie outside the booster range.
  var explicitCards: [ExplicitCard] = []
  /// Weight factors for cards matching a filter.
  var weights: [(filter: CardFilter, weight: Double)] = []
  /// Whether the sheet holds the foil finishes of its cards.
  var foil = false
  /// Whether draws from the sheet are colour-balanced (one card of each of W, U, B, R, G first).
  var balanced = false
  var location: String
}

/// One card named in a sheet's `cards:` list: `set:number` or `set:number:foil`, and its weight.
struct ExplicitCard: Sendable {
  var set: String
  var number: String
  var foil: Bool
  var weight: Double
  /// The key as written, for messages.
  var key: String
  var location: String

  /// Reads `set:number` or `set:number:foil`.
  static func parse(_ key: String, weight: Double, location: String) throws(DataError) -> ExplicitCard {
    // An ASCII key (every key in the data) is split by bytes, as its characters are bytes;
    // any other by characters (a colon that a combining mark follows is not a separator).
    let parts: [Substring] =
      key.utf8.allSatisfy({ $0 < 0x80 })
      ? key.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { Substring($0) }
      : key.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), !parts[0].isEmpty, !parts[1].isEmpty, parts.count == 2 || parts[2] == "foil" else {
      throw DataError("card \"\(key)\": expected set:number or set:number:foil, like war:97 or war:97:foil", at: location)
    }
    return ExplicitCard(
      set: parts[0].lowercased(), number: String(parts[1]), foil: parts.count == 3, weight: weight, key: key, location: location)
  }
}

/// One part of a mixed sheet.
struct SheetPart: Sendable {
  enum Source: Sendable {
    case sheet(String)
    case filter(CardFilter)
  }
  enum Weight: Sendable {
    /// Every card of the part gets this weight.
    case rate(Double)
    /// The part as a whole gets this weight, shared evenly among its cards.
    case chance(Double)
  }
  var source: Source
  var weight: Weight
  var location: String
}

/// A slot: `count` cards from a sheet, distinct within the booster or not. A count of 0 holds
/// nothing unless a variant gives the slot a count.
struct SlotDefinition: Sendable {
  var name: String
  var count: Int
  var sheet: PerKind<String>
  var distinct: Bool
  var location: String
}

/// One option of a variant group: its weight (or probability), the slot counts it sets and the
/// cards it replaces.
struct VariantDefinition: Sendable {
  var name: String
  var group: String
  var weight: PerKind<Double>
  /// Whether the weight was written as a probability (the group's must then add up to 1).
  var isProbability: Bool
  /// Slots whose count differs in boosters that take this option (`counts:`), so boosters may
  /// differ in size; replacements then take cards from the slot's new count.
  var counts: [SlotCount] = []
  var replacements: [ReplacementDefinition]
  var location: String
}

/// A variant's count for one slot.
struct SlotCount: Sendable {
  var slot: String
  var count: Int
  var location: String
}

/// Replaces the last `count` cards of a slot with cards from another sheet.
struct ReplacementDefinition: Sendable {
  var slot: String
  var count: Int
  var sheet: PerKind<String>
  var location: String
}

/// A named event to tally: a booster holding at least one card of a sheet or filter.
struct EventDefinition: Sendable {
  enum Cards: Sendable {
    case sheet(String)
    case filter(CardFilter)
  }
  var name: String
  var cards: Cards
  /// For a filter: whether it counts the foil finishes of the cards (else the non-foil ones).
  var foil = false
  /// Booster kinds (or `any`) to report the event for; nil means every kind.
  var given: [String]?
  var location: String
}
