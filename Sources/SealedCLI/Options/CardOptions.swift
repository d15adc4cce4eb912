import ArgumentParser
import SealedCore

/// Where card data comes from; shared by every command that reads cards.
struct CardOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Scryfall card data: a JSON file or a folder of .json files.",
      discussion: "Without it: $SEALED_CARDS, else ../shared/cards from the working directory.",
      valueName: "path"))
  var cards: String?

  func loadDatabase() throws(DataError) -> CardDatabase {
    try CardDataLocation.load(option: cards)
  }
}

/// Card data plus a booster-range override, for commands that work on one set.
struct SetOptions: ParsableArguments {
  @OptionGroup var cardOptions: CardOptions

  @Option(
    name: .customLong("booster-max"),
    help: ArgumentHelp(
      "Boosters draw from collector numbers 1...N (default: the set's highest basic land).",
      valueName: "n"))
  var boosterMax: Int?

  func loadSet(_ code: String) throws(DataError) -> CardSet {
    try CardSet(code: code, in: cardOptions.loadDatabase(), boosterMax: boosterMax)
  }
}
