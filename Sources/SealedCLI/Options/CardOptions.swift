import ArgumentParser
import SealedCore

/// Where card data comes from; shared by every command that reads cards.
struct CardOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Scryfall card data: a JSON file or a folder of .json files.",
      discussion: "Without it: $SEALED_CARDS, else your fetched sets (sealed cards) over the data shipped with Sealed.",
      valueName: "path"))
  var cards: String?

  /// One set with the other sets whose cards `rules` list by number for it (a product that
  /// mixes sets). A set the card data lacks is empty, and the cards the rules list of it are
  /// known by their keys alone (`Card.placeholder`), unless the rules need the set's booster
  /// range (a filter): then a missing set is a one-line error that says how to get it.
  func loadSet(_ code: String, for rules: RuleSetDefinition, boosterMax: Int? = nil) throws(DataError) -> CardSet {
    let code = code.lowercased()
    let others = rules.namedSets(for: code)
    let location = try CardDataLocation.resolve(option: cards)
    guard !rules.needsBoosterRange(for: code) else {
      let database = try location.load(sets: [code] + others)
      var set = try CardSet(code: code, in: database, boosterMax: boosterMax)
      for other in others { set.otherSets[other] = try CardSet(code: other, in: database) }
      return set
    }
    let available = Set(location.availableSets().map(\.code))
    let wanted = ([code] + others).filter { available.contains($0) || available.contains("") }
    let database = wanted.isEmpty ? CardDatabase(cards: []) : try location.load(sets: wanted)
    if let boosterMax, boosterMax < 1 {
      throw DataError("--booster-max \(boosterMax): expected a collector number of at least 1")
    }
    return Self.cardSet(code, for: rules, in: database, boosterMax: boosterMax)
  }

  /// The set and the other sets `rules` name for it, from a database already loaded; a set the
  /// database lacks is empty (its cards are placeholders).
  static func cardSet(_ code: String, for rules: RuleSetDefinition, in database: CardDatabase, boosterMax: Int? = nil) -> CardSet {
    var set = CardSet(code: code, cards: database.cardsBySet[code] ?? [], boosterMax: boosterMax)
    for other in rules.namedSets(for: code) {
      set.otherSets[other] = CardSet(code: other, cards: database.cardsBySet[other] ?? [])
    }
    return set
  }

  /// Loads the card data; with `sets`, only those sets are read from the default places.
  func loadDatabase(sets: [String]? = nil) throws(DataError) -> CardDatabase {
    try CardDataLocation.load(option: cards, sets: sets)
  }
}

/// Card data plus a booster-range override, for commands that work on one set.
struct SetOptions: ParsableArguments {
  @OptionGroup var cardOptions: CardOptions

  @Option(
    name: .customLong("booster-max"), parsing: .unconditional,
    help: ArgumentHelp(
      "Boosters draw from collector numbers 1...N (default: the set's highest basic land).",
      valueName: "n"))
  var boosterMaxArgument: WholeNumber?

  /// `--booster-max`, checked: a collector number of at least 1.
  func boosterMax() throws(DataError) -> Int? {
    try boosterMaxArgument?.value("--booster-max", in: 1...Int.max, expected: "a collector number of at least 1")
  }

  func loadSet(_ code: String) throws(DataError) -> CardSet {
    try CardSet(code: code, in: cardOptions.loadDatabase(sets: [code]), boosterMax: boosterMax())
  }

  /// The set, with the other sets whose cards `rules` list by number for it.
  func loadSet(_ code: String, for rules: RuleSetDefinition) throws(DataError) -> CardSet {
    try cardOptions.loadSet(code, for: rules, boosterMax: boosterMax())
  }
}
