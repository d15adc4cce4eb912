import ArgumentParser
import SealedSupport
import SealedCards
import SealedRules

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
    try CardSetLoader(location: CardDataLocation.resolve(option: cards)).cardSet(code, for: rules, boosterMax: boosterMax)
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

  /// `--booster-max`, checked: a collector number of at least 1 (and below 2^31, so that a
  /// number too large is named as typed, not as the largest Int; the set's highest is checked
  /// with its card data).
  func boosterMax() throws(DataError) -> Int? {
    try boosterMaxArgument?.value("--booster-max", in: 1...Int(Int32.max), expected: "a collector number of at least 1, at most the set's highest")
  }

  func loadSet(_ code: String) throws(DataError) -> CardSet {
    try CardSet(code: code, in: cardOptions.loadDatabase(sets: [code]), boosterMax: boosterMax())
  }

  /// The set, with the other sets whose cards `rules` list by number for it.
  func loadSet(_ code: String, for rules: RuleSetDefinition) throws(DataError) -> CardSet {
    try cardOptions.loadSet(code, for: rules, boosterMax: boosterMax())
  }
}
