import ArgumentParser
import Foundation
import SealedSupport
import SealedRules
import SealedReports
import SealedMTGJSON

/// `sealed rules import [FILE] --product CODE | --list`: mtg.wtf's compiled booster data, or the
/// `booster` objects of an MTGJSON file, as Sealed rule files.
struct RulesImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Write mtg.wtf products (its compiled booster data, or an MTGJSON file's boosters) as a Sealed rule file.",
    discussion: """
      Without FILE, the data shipped with Sealed (mtg.wtf's of July 2025, 538 products) is read. \
      A FILE is mtg.wtf's compiled booster data (sealed_basic_data.json, plain or gzipped) or an \
      MTGJSON file (a set file such as ZNR.json, or AllPrintings.json, plain or gzipped), told \
      apart from its content; an MTGJSON product is named SET-NAME (znr-default, neo-arena), or \
      by its bare name in a file of one set. --list shows every product of the file and whether \
      the card data can open it. --product CODE (repeatable, one product per set) writes the \
      equivalent rule file to --out or standard output; it is compiled against the card data \
      first (an MTGJSON file's own cards): a product of an MTGJSON file that does not compile is \
      a one-line error naming the product, sheet and card, and one of mtg.wtf's data that this \
      card data cannot run (a colour-balanced sheet whose cards lack colours) is written with a \
      note saying why. An old code (war) finds the product that took its \
      place (war-draft), with a note. The file works everywhere a rule file does (open, \
      simulate, check, the deck commands).
      """)

  @Argument(help: ArgumentHelp("mtg.wtf's compiled booster data (plain or gzipped), or an MTGJSON file (.json or .json.gz); default: the data shipped with Sealed.", valueName: "file"))
  var file: String?

  @Option(name: .customLong("product"), help: ArgumentHelp("A product code, like war-draft, mkm-play, dom-arena or (MTGJSON) znr-default.", valueName: "code"))
  var products: [String] = []

  @Flag(help: "List the products and whether the card data can open them.")
  var list = false

  @Option(help: ArgumentHelp("The rule file's name (default: the product's code; mtgwtf-CODE-CODE... for several).", valueName: "name"))
  var name: String?

  @Option(help: ArgumentHelp("Write the rule file here instead of standard output.", valueName: "file"))
  var out: String?

  @Flag(help: "With --out: replace an existing file.")
  var force = false

  @OptionGroup var cardOptions: CardOptions

  func validate() throws {
    guard list != !products.isEmpty else { throw ValidationError("give either --list or --product CODE") }
  }

  func run() throws {
    if let out { try OutputFile.checkWritable(out, option: "--out", force: force) }
    let path = try file ?? CompiledBoosterData.shippedPath()
    if file != nil {
      let (kind, _) = try JSONFileKind.detect(path: path)
      switch kind {
      case .mtgjson:
        return try runMTGJSON(path)
      case .array:
        break
      case .scryfallList:
        throw DataError("this is Scryfall card data, which holds no booster rules; expected mtg.wtf's compiled booster data or an MTGJSON file", at: path)
      case .other(let found, let line, let column):
        throw DataError(
          "expected mtg.wtf's compiled booster data (a JSON array of products) or an MTGJSON file, found \(found)",
          at: DataError.location(path, line: line, column: column))
      }
    }
    let data = try CompiledBoosterData.read(path: path)
    if list {
      print(try listing(data, source: path), terminator: "")
      return
    }
    var chosen: [CompiledBoosterData.Product] = []
    for code in products {
      let found = try data.find(code)
      if let note = found.note { Note.write("note: \(note)") }
      chosen.append(found.product)
    }
    let ruleName = name ?? (chosen.count == 1 ? chosen[0].code : "mtgwtf-" + chosen.map(\.code).joined(separator: "-"))
    let text = try CompiledBoosterRules.ruleFile(chosen, name: ruleName, source: (path as NSString).lastPathComponent)
    let source = out ?? "\(ruleName).yaml"
    let rules = try RuleSetLoader.parse(text, source: source)
    for product in chosen {
      // A product that this card data cannot compile (a colour-balanced sheet whose cards lack
      // colours) is still the data's product: its rule file is written, and the note says why it
      // does not run yet, so that an error naming `product:CODE` can be read in the file.
      let plan: BoosterPlan
      do {
        plan = try compile(rules, product)
      } catch {
        Note.write("note: \(error.message); the rule file is written as the data defines it, and runs once the card data has what it needs")
        continue
      }
      if let gaps = CardDataGaps(plan: plan) {
        Note.write("note: product \(product.code): \(gaps.summary); it simulates and checks on card keys; \(gaps.fetchCommand)")
      }
    }
    try write(text, products: chosen.count)
  }

  /// The rule file to --out, or to standard output.
  private func write(_ text: String, products count: Int) throws {
    if let out {
      try OutputFile.write(Data(text.utf8), to: out, option: "--out", force: force)
      FileHandle.standardError.write(Data("sealed: wrote \(out) (\(count) product\(count == 1 ? "" : "s"))\n".utf8))
    } else {
      print(text, terminator: "")
    }
  }

  /// Compiles the rules for the product's set, naming the product in any error.
  private func compile(_ rules: RuleSetDefinition, _ product: CompiledBoosterData.Product) throws(DataError) -> BoosterPlan {
    do {
      return try PlanCompiler.compile(rules, for: cardOptions.loadSet(product.set_code.lowercased(), for: rules))
    } catch {
      throw DataError("product \(product.code): \(error.description)")
    }
  }

  /// Each product and whether the card data simulates it with names, on card keys (some cards
  /// lack data), or not at all (one line saying why). The card data is read once.
  private func listing(_ data: CompiledBoosterData, source file: String) throws(DataError) -> String {
    let listed = ProductListing.list(data, source: file, database: try cardOptions.loadDatabase())
    var table = TextTable([("code", .left), ("set", .left), ("variants", .right), ("sheets", .right), ("simulates", .left), ("name", .left)])
    var counts = (names: 0, keys: 0, no: 0)
    for row in listed {
      switch row.simulates {
      case .withNames: counts.names += 1
      case .onCardKeys: counts.keys += 1
      case .no: counts.no += 1
      }
      let product = row.product
      // The why goes under the row: as a column it made every line hundreds of characters wide.
      let (word, why): (String, String?) =
        switch row.simulates {
        case .withNames: ("yes, with names", nil)
        case .onCardKeys(let summary, let fetchCommand): ("on card keys", "\(summary); \(fetchCommand)")
        case .no(let reason): ("no", reason)
        }
      table.append(
        [product.code, product.set_code.lowercased(), String(product.boosters.count), String(product.sheets.count), word, product.name],
        notes: why.map { [$0] } ?? [])
    }
    return table.text
      + "\(data.products.count) products; with this card data \(counts.names) simulate with names, \(counts.keys) on card keys, \(counts.no) not at all\n"
  }

  // MARK: - MTGJSON

  /// The products of an MTGJSON file: converted through its own cards, compiled against them.
  private func runMTGJSON(_ file: String) throws {
    let reader = MTGJSONBoosterImport(path: file)
    if list {
      var table = TextTable([("code", .left), ("set", .left), ("variants", .right), ("sheets", .right), ("opens", .left), ("name", .left)])
      let listed = try reader.list()
      for product in listed {
        let (word, why): (String, String?) =
          switch product.opens {
          case .yes: ("yes", nil)
          case .no(let reason): ("no", reason)
          case .unknown: ("", nil)
          }
        table.append([product.code, product.setCode, String(product.variants), String(product.sheets), word, product.name], notes: why.map { [$0] } ?? [])
      }
      let opens = listed.filter { $0.opens == .yes }.count
      print(table.text + "\(listed.count) products; the file's own cards open \(opens)", terminator: "\n")
      return
    }
    let loaded = try reader.load(products)
    let ruleName = name ?? "mtgjson-" + loaded.products.map(\.code).joined(separator: "-")
    let source = "\((file as NSString).lastPathComponent) (MTGJSON\(loaded.version.map { " \($0)" } ?? ""))"
    let text = try CompiledBoosterRules.ruleFile(loaded.products, name: ruleName, source: source)
    for product in loaded.products {
      try MTGJSONBoosterImport.check(product, cards: loaded.cardSets[product.set_code]!)
    }
    try write(text, products: loaded.products.count)
  }
}
