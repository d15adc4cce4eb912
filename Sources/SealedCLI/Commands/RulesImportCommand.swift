import ArgumentParser
import Foundation
import SealedSupport
import SealedRules
import SealedCards
import SealedReports
import SealedMTGJSON
import SealedJobs
import SealedRelease

/// `sealed rules import [FILE] --product CODE | --list`: mtg.wtf's compiled booster data, or the
/// `booster` objects of an MTGJSON file, as Sealed rule files.
struct RulesImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Write mtg.wtf products (its compiled booster data, or an MTGJSON file's boosters) as a Sealed rule file.",
    discussion: """
      Without FILE, the release in use is read: the newest sealed rules fetch installed, else the \
      data shipped with Sealed (mtg.wtf's of July 2025, 538 products); FILE may also name a \
      release (shipped, previous, a name sealed rules releases lists). A FILE is mtg.wtf's \
      compiled booster data (sealed_basic_data.json, plain or gzipped) or an \
      MTGJSON file (a set file such as ZNR.json, or AllPrintings.json, plain or gzipped), told \
      apart from its content; an MTGJSON product is named SET-NAME (znr-default, neo-arena), or \
      by its bare name in a file of one set. --list shows every product of the file and whether \
      the card data can open it. --product CODE (repeatable, one product per set) writes the \
      equivalent rule file to --out or standard output; it is compiled against the card data \
      first (an MTGJSON file's own cards): a product of an MTGJSON file that does not compile is \
      a one-line error naming the product, sheet and card, and one of mtg.wtf's data that this \
      card data cannot run (a colour-balanced sheet whose cards lack colours) is written with a \
      note saying why. A listing is cached (in $SEALED_HOME/cache, else \
      $XDG_CACHE_HOME/sealed, else ~/.cache/sealed), keyed by the data's and card data's bytes \
      and this build of Sealed, so that it is read back only for the same data and program; \
      --no-cache lists afresh. An old code (war) finds the product that took its place \
      (war-draft), with a note. The file works everywhere a rule file does (open, \
      simulate, check, the deck commands).
      """)

  @Argument(help: ArgumentHelp("mtg.wtf's compiled booster data (plain or gzipped), an MTGJSON file (.json or .json.gz), or a release (shipped, previous, a release's name); default: the release in use.", valueName: "file"))
  var file: String?

  @Option(name: .customLong("product"), help: ArgumentHelp("A product code, like war-draft, mkm-play, dom-arena or (MTGJSON) znr-default.", valueName: "code"))
  var products: [String] = []

  @Flag(help: "List the products and whether the card data can open them.")
  var list = false

  @Flag(help: "With --list: compile every product afresh, neither reading nor writing the listing cache.")
  var noCache = false

  @Option(help: ArgumentHelp("With --list: an aligned table, or one row per product for a program (default: text).", valueName: "text|csv|json"))
  var format: ListingFormat?

  @Option(help: ArgumentHelp("The rule file's name (default: the product's code; mtgwtf-CODE-CODE... for several).", valueName: "name"))
  var name: String?

  @Option(name: .customLong("out"), help: ArgumentHelp("Write the rule file here instead of standard output (- is standard output).", valueName: "file"))
  var outOption: String?
  var out: String? { outputFile(outOption) }

  @Flag(help: "With --out: replace an existing file.")
  var force = false

  @OptionGroup var cardOptions: CardOptions

  func validate() throws {
    guard list != !products.isEmpty else { throw ValidationError("give either --list or --product CODE") }
    if (noCache || format != nil) && !list { throw ValidationError("\(noCache ? "--no-cache" : "--format") goes with --list") }
  }

  func run() throws {
    if let out { try OutputFile.checkWritable(out, option: "--out", force: force) }
    let release = try BoosterRelease.resolve(file)
    if release.kind == .file, try JSONFileKind.isMTGJSONBoosterData(path: release.path) { return try runMTGJSON(release.path) }
    let data = try release.read()
    if list {
      let cards = try CardDataLocation.resolve(option: cardOptions.cards)
      let listed = try ProductListing.list(data, source: release.label, cards: cards, cache: noCache ? nil : .standard())
      let text = (format ?? .text) == .text ? ImportListing.render(listed, of: data) : ImportListing.render(ImportListing.rows(listed), as: format!)
      return print(text, terminator: "")
    }
    var chosen: [CompiledBoosterData.Product] = []
    for code in products {
      let found = try data.find(code)
      if let note = found.note { Note.write("note: \(note)") }
      chosen.append(found.product)
    }
    let ruleName = name ?? (chosen.count == 1 ? chosen[0].code : "mtgwtf-" + chosen.map(\.code).joined(separator: "-"))
    let (text, rules) = try CompiledBoosterRules.convert(chosen, name: ruleName, source: release.label, input: release.display)
    for product in chosen {
      let note = ImportedProductNote.note(for: product, in: rules) { code, rules throws(DataError) in try cardOptions.loadSet(code, for: rules) }
      if let note { Note.write("note: \(note)") }
    }
    try write(text, products: chosen.count)
  }

  /// An MTGJSON file's products, converted and compiled through its own cards (one named after it).
  private func runMTGJSON(_ file: String) throws {
    let reader = MTGJSONBoosterImport(path: file)
    if list {
      let listed = try reader.list()
      guard !listed.isEmpty else { throw DataError(ReleaseFile.noProducts, at: file) }
      if let format, format != .text { return print(ImportListing.render(ImportListing.rows(listed), as: format, opens: true), terminator: "") }
      return print(ImportListing.render(listed), terminator: "\n")
    }
    let loaded = try reader.load(products)
    let ruleName = name ?? (loaded.products.count == 1 ? loaded.products[0].code : "mtgjson-" + loaded.products.map(\.code).joined(separator: "-"))
    let source = "\((file as NSString).lastPathComponent) (MTGJSON\(loaded.version.map { " \($0)" } ?? ""))"
    for product in loaded.products {
      try MTGJSONBoosterImport.check(product, cards: loaded.cardSets[product.set_code]!, input: file)
    }
    let text = try CompiledBoosterRules.ruleFile(loaded.products, name: ruleName, source: source)
    try write(text, products: loaded.products.count)
  }
}
