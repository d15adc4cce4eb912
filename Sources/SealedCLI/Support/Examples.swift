import ArgumentParser

/// A command whose `--help` ends with examples: real command lines that work on the card data
/// shipped with Sealed, run from an empty folder in the order of the command list (each
/// command's after its parent's, the overview's last; the tests run them so:
/// `HelpExampleTests`), each with what it does. An example that needs more (the network, a file
/// downloaded elsewhere) says so, and the tests only parse it.
protocol Exemplified {
  static var examples: [Example] { get }
}

/// One example of `--help`: a command line and what it does.
struct Example: Sendable {
  let command: String
  let purpose: String
  /// What the example needs beyond the shipped card data and the examples before it ("the
  /// network"), shown after its purpose as `(needs …)`; nil when it runs as it is.
  let needs: String?

  init(_ command: String, _ purpose: String, needs: String? = nil) {
    self.command = command
    self.purpose = purpose
    self.needs = needs
  }

  /// What the network examples need.
  static let network = "the network"
  /// What the examples of a Scryfall bulk-data file need.
  static let bulkFile = "a bulk-data file downloaded from Scryfall"
  /// What the app's examples need: they start a server that runs until Ctrl-C.
  static let server = "sealed-serve built beside sealed; it serves until Ctrl-C"

  /// The `EXAMPLES:` section that ends the help of `command` (without a final line feed), or
  /// "" when it has none.
  static func section(for command: ParsableCommand.Type) -> String {
    guard let examples = (command as? any Exemplified.Type)?.examples, !examples.isEmpty else { return "" }
    let lines = examples.map { "  \($0.command)\n      \($0.purpose)\($0.needs.map { " (needs \($0))" } ?? "")" }
    return "EXAMPLES:\n" + lines.joined(separator: "\n")
  }
}

extension SealedCommand: Exemplified {
  static let examples = [
    Example("sealed open war --seed 1", "Open one War of the Spark pool under the original app's rules."),
    Example("sealed check war --pools 1e5 --seed 1", "Simulate 100,000 pools and test them against the rules and the article's claims."),
    Example("sealed audit war --rules retail --packs box.txt", "Check boosters people opened (box.txt, written by sealed open --format list)."),
  ]
}

extension SetsCommand: Exemplified {
  static let examples = [
    Example("sealed sets", "The sets of the card data, with their booster ranges and rarity counts."),
    Example("sealed sets --format csv", "The same as CSV, for a spreadsheet."),
  ]
}

extension CardsCommand: Exemplified {
  static let examples = [
    Example("sealed cards list", "The sets available and where each comes from."),
    Example("sealed cards fetch mh3", "Download Modern Horizons 3 from Scryfall into your card folder.", needs: Example.network),
    Example("sealed cards import default-cards.json --sets mh3,woe", "Store two sets of a Scryfall bulk-data file.", needs: Example.bulkFile),
  ]
}

extension CardsListCommand: Exemplified {
  static let examples = [
    Example("sealed cards list", "Every set available: shipped, fetched or given with --cards."),
    Example("sealed cards list --format json", "The same as JSON."),
  ]
}

extension CardsFetchCommand: Exemplified {
  static let examples = [
    Example("sealed cards fetch mh3", "Download Modern Horizons 3 from Scryfall.", needs: Example.network),
    Example("sealed cards fetch woe lci --quiet", "Two sets, without the progress line.", needs: Example.network),
  ]
}

extension CardsImportCommand: Exemplified {
  static let examples = [
    Example("sealed cards import default-cards.json", "Store every set of Scryfall's default_cards bulk file.", needs: Example.bulkFile),
    Example("sealed cards import all-cards.json --sets mh3,woe", "Only two sets of the all_cards file.", needs: Example.bulkFile),
  ]
}

extension RulesCommand: Exemplified {
  static let examples = RulesImportCommand.examples
}

extension RulesImportCommand: Exemplified {
  static let examples = [
    Example("sealed rules import --list", "Every product of mtg.wtf's booster data shipped with Sealed, and whether the card data can open it."),
    Example("sealed rules import --product war-draft --out war-draft.yaml", "War of the Spark's draft booster as a rule file."),
    Example("sealed open war --rules war-draft.yaml --seed 1", "Open a pool under that rule file."),
  ]
}

extension RulesDiffCommand: Exemplified {
  static let examples = [
    Example("sealed rules diff sealed_basic_data.json --out reports/2023-2025", "mtg.wtf's data of 2023 against the July 2025 data shipped with Sealed (exit 1: it changed; sealed_basic_data.json is in a clone's Tests/Fixtures/mtgwtf/)."),
    Example("sealed rules diff sealed_basic_data.json sealed_basic_data.json --out reports/same", "A release against itself: nothing changed, exit 0."),
  ]
}

extension RulesFetchCommand: Exemplified {
  static let examples = [
    Example("sealed rules fetch", "Download mtg.wtf's newest compiled booster data, install it and print what changed against the release in use.", needs: Example.network),
    Example("sealed rules fetch --from https://example.org/AllPrintings.json.gz", "A release of MTGJSON's booster data instead (any address or local file).", needs: Example.network),
  ]
}

extension RulesReleasesCommand: Exemplified {
  static let examples = [
    Example("sealed rules releases", "The releases of booster data installed, newest first, and the one in use."),
    Example("sealed rules releases --data shipped", "The same, with the shipped release in use for this command, whatever was fetched (SEALED_DATA=shipped for a session)."),
  ]
}

extension RulesLintCommand: Exemplified {
  static let examples = [
    Example("sealed rules lint", "Lint every product of the shipped data: one line per warning."),
    Example("sealed rules lint --products \"*-play\" --strict", "The Play Boosters only; exit 1 if any warns (eoe-play does: its Special Guests are tdm's)."),
    Example("sealed rules lint sealed_basic_data.json --products war,dom,m19", "Three products of another file, mtg.wtf's of 2023 (sealed_basic_data.json: in a clone's Tests/Fixtures/mtgwtf/)."),
  ]
}

extension OpenCommand: Exemplified {
  static let examples = [
    Example("sealed open war --seed 1", "One pool: each booster, the rares and mythics, the pool by card."),
    Example("sealed open war --seed 1 --save alice", "The same pool, saved with a deck named alice (see sealed deck)."),
    Example("sealed open war --rules retail --pools 6 --seed 4 --format list --out box.txt", "36 retail boosters as the text list sealed audit reads."),
  ]
}

extension SimulateCommand: Exemplified {
  static let examples = [
    Example("sealed simulate war --pools 1e5 --seed 1", "100,000 pools into reports/war-sealed/."),
    Example("sealed simulate war --rules retail --pools 1e5 --seed 1 --samples 100", "Retail boosters; the first 100 pools card by card in notebooks-data/."),
    Example("sealed simulate war --pools 1e5 --seed 1 --threads 1 --out reports/one-thread", "The same report byte for byte, on one thread."),
  ]
}

extension CheckCommand: Exemplified {
  static let examples = [
    Example("sealed check war --pools 1e5 --seed 1", "Test 100,000 pools against the rules and the article's claims."),
    Example("sealed check war --rules retail --plan", "How many pools each check needs to find a 2-point deviation."),
    Example("sealed check mkm --rules mkm-play --pools 1e4 --seed 1", "A product of the shipped booster data as the rules: Murders at Karlov Manor's Play Booster."),
  ]
}

extension CheckProductsCommand: Exemplified {
  static let examples = [
    Example("sealed check-products --products \"eoe-play,mkm-*\" --pools 1e4 --seed 1", "Check eoe's Play Booster and mkm's products, each Play Booster against its published odds too; a report folder each in reports/check-products/."),
    Example("sealed check-products --products war-draft,mkm-play --pools 1e4 --seed 1 --threads 1 --out reports/two-products", "The same results for these two, on one thread, in a folder of their own."),
    Example("sealed check-products sealed_basic_data.json --products war,dom --pools 1e4 --seed 1 --out reports/2023", "Products of another data file, mtg.wtf's of 2023 (sealed_basic_data.json: in a clone's Tests/Fixtures/mtgwtf/)."),
  ]
}

extension MergeCommand: Exemplified {
  static let examples = [
    Example("sealed check war --pools 1e5 --seed 1 --shard 1/2 --out shards/1", "The first half of a checked run (on one machine)."),
    Example("sealed check war --pools 1e5 --seed 1 --shard 2/2 --out shards/2", "The second half (on another)."),
    Example("sealed merge shards/1 shards/2 --out merged", "The whole run's report; then sealed check war --tallies merged."),
  ]
}

extension ReportCommand: Exemplified {
  static let examples = [
    Example("sealed report reports/war-sealed", "Rebuild report.html from the folder's CSV files."),
    Example("sealed report merged", "The same for a merged run."),
  ]
}

extension AuditCommand: Exemplified {
  static let examples = [
    Example("sealed audit war --rules retail --packs box.txt", "Check 36 opened boosters against the retail rules."),
    Example("sealed audit war --rules retail --plan", "How many opened boosters each check needs to find a deviation."),
  ]
}

extension DecksCommand: Exemplified {
  static let examples = [
    Example("sealed decks", "The saved pools and decks."),
    Example("sealed decks --format csv", "The same as CSV."),
  ]
}

extension DeckCommand: Exemplified {
  static let examples = [
    Example("sealed deck show alice", "The deck, its mana curve and the cards still in the pool."),
    Example("sealed deck add alice island --count 9", "Add nine Islands."),
    Example("sealed deck new alice-2 --pool alice", "Start another deck from the same pool."),
  ]
}

extension DeckShowCommand: Exemplified {
  static let examples = [
    Example("sealed deck show alice", "The deck list, mana curve, types, colours and the card picker."),
    Example("sealed deck show alice --format json", "The same as data."),
  ]
}

extension DeckAddCommand: Exemplified {
  static let examples = [
    Example("sealed deck add alice island --count 8", "Eight Islands (basic lands go in any number)."),
    Example("sealed deck add alice \"crush dissent\" augur 73", "Cards by name, by the start of a name and by collector number."),
  ]
}

extension DeckRemoveCommand: Exemplified {
  static let examples = [
    Example("sealed deck remove alice island --count 2", "Take two Islands out."),
    Example("sealed deck remove alice 73", "Card 73 goes back to the pool."),
  ]
}

extension DeckNewCommand: Exemplified {
  static let examples = [
    Example("sealed deck new alice-blue --pool alice", "Another deck from pool alice, starting with its rares and mythics."),
    Example("sealed deck new alice-blue --pool alice --force", "Start it over."),
  ]
}

extension DeckDuplicateCommand: Exemplified {
  static let examples = [
    Example("sealed deck duplicate alice alice-green", "Copy deck alice to try another build."),
    Example("sealed deck duplicate alice alice-green --force", "Copy it again over the earlier copy."),
  ]
}

extension DeckDeleteCommand: Exemplified {
  static let examples = [
    Example("sealed deck delete alice-green --yes", "Delete a deck without asking."),
    Example("sealed deck delete alice --pool --yes", "Delete pool alice; its decks keep their own copy of it."),
  ]
}

extension HandCommand: Exemplified {
  static let examples = [
    Example("sealed hand alice --seed 7", "A sample opening hand and the exact odds of drawing lands."),
    Example("sealed hand alice --draws 5 --format json", "Five hands and every probability, as data."),
  ]
}

extension ExportCommand: Exemplified {
  static let examples = [
    Example("sealed export arena alice", "The deck as the decklist MTG Arena and deck sites import."),
    Example("sealed export tts alice --out alice.json", "The deck as a Tabletop Simulator saved object."),
  ]
}

extension ExportArenaCommand: Exemplified {
  static let examples = [
    Example("sealed export arena alice", "The decklist on standard output, to paste into Arena's import."),
    Example("sealed export arena alice --out decks/alice.txt", "The same into a file."),
  ]
}

extension ExportTTSCommand: Exemplified {
  static let examples = [
    Example("sealed export tts alice --out alice.json", "The saved object; copy it into Tabletop Simulator's Saved Objects folder."),
    Example("sealed export tts alice --sheet alice.jpg --images card-images", "With the 10 x 7 card sheet made from local card images.", needs: "card images in card-images/, downloaded from Scryfall"),
  ]
}

extension ServeCommand: Exemplified {
  static let examples = [
    Example("sealed serve", "Start the app; open the address it prints (http://127.0.0.1:8040/) in a browser.", needs: Example.server),
    Example(
      "sealed serve --port 0 --images card-images", "On any free port, with local card images for the Tabletop Simulator card sheet.",
      needs: Example.server),
  ]
}
