import ArgumentParser
import Foundation
import SealedCore
import SealedMTGJSON

/// `sealed rules import FILE --product CODE | --list`: mtg.wtf's compiled booster data, or the
/// `booster` objects of an MTGJSON file, as Sealed rule files.
struct RulesImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Write mtg.wtf products (its compiled booster data, or an MTGJSON file's boosters) as a Sealed rule file.",
    discussion: """
      The file is mtg.wtf's compiled booster data (sealed_basic_data.json) or an MTGJSON file \
      (a set file such as ZNR.json, or AllPrintings.json, plain or gzipped), told apart from \
      its content; an MTGJSON product is named SET-NAME (znr-default, neo-arena), or by its \
      bare name in a file of one set. --list shows every product of the file and whether the \
      card data can open it. --product CODE (repeatable, one product per set) writes the \
      equivalent rule file to --out or standard output; it is compiled against the card data \
      first (an MTGJSON file's own cards), so a card that cannot be found is a one-line error \
      naming the product, sheet and card. The file works everywhere a rule file does (open, \
      simulate, check, the deck commands).
      """)

  @Argument(help: ArgumentHelp("mtg.wtf's compiled booster data, or an MTGJSON file (.json or .json.gz).", valueName: "file"))
  var file: String

  @Option(name: .customLong("product"), help: ArgumentHelp("A product code, like war, dom-arena or (MTGJSON) znr-default.", valueName: "code"))
  var products: [String] = []

  @Flag(help: "List the products and whether the card data can open them.")
  var list = false

  @Option(help: ArgumentHelp("The rule file's name (default: mtgwtf-PRODUCT).", valueName: "name"))
  var name: String?

  @Option(help: ArgumentHelp("Write the rule file here instead of standard output.", valueName: "file"))
  var out: String?

  @OptionGroup var cardOptions: CardOptions

  func validate() throws {
    guard list != !products.isEmpty else { throw ValidationError("give either --list or --product CODE") }
  }

  func run() throws {
    let (kind, gzipped) = try JSONFileKind.detect(path: file)
    switch kind {
    case .mtgjson:
      return try runMTGJSON()
    case .array:
      if gzipped { throw DataError("gzipped compiled booster data; gunzip it first (MTGJSON files may stay gzipped)", at: file) }
    case .scryfallList:
      throw DataError("this is Scryfall card data, which holds no booster rules; expected mtg.wtf's compiled booster data or an MTGJSON file", at: file)
    case .other(let found, let line, let column):
      throw DataError(
        "expected mtg.wtf's compiled booster data (a JSON array of products) or an MTGJSON file, found \(found)",
        at: DataError.location(file, line: line, column: column))
    }
    let data = try CompiledBoosterData.read(path: file)
    if list {
      print(try listing(data), terminator: "")
      return
    }
    let chosen = try products.map { code throws(DataError) in try data.product(code) }
    let ruleName = name ?? "mtgwtf-" + products.joined(separator: "-")
    let text = try CompiledBoosterRules.ruleFile(chosen, name: ruleName, source: (file as NSString).lastPathComponent)
    let source = out ?? "\(ruleName).yaml"
    let rules = try RuleSetLoader.parse(text, source: source)
    for product in chosen {
      try compile(rules, product)
    }
    try write(text, products: chosen.count)
  }

  /// The rule file to --out, or to standard output.
  private func write(_ text: String, products count: Int) throws {
    if let out {
      try ReportFolder.writeFile(text, to: out)
      FileHandle.standardError.write(Data("sealed: wrote \(out) (\(count) product\(count == 1 ? "" : "s"))\n".utf8))
    } else {
      print(text, terminator: "")
    }
  }

  /// Compiles the rules for the product's set, naming the product in any error.
  @discardableResult
  private func compile(_ rules: RuleSetDefinition, _ product: CompiledBoosterData.Product) throws(DataError) -> BoosterPlan {
    do {
      return try PlanCompiler.compile(rules, for: cardOptions.loadSet(product.set_code.lowercased(), for: rules))
    } catch {
      throw DataError("product \(product.code): \(error.description)")
    }
  }

  private func listing(_ data: CompiledBoosterData) throws(DataError) -> String {
    let location = try CardDataLocation.resolve(option: cardOptions.cards)
    let available = Set(location.availableSets().map(\.code))
    let given = try? location.load()
    var table = TextTable([("code", .left), ("set", .left), ("variants", .right), ("sheets", .right), ("opens", .left), ("name", .left)])
    var opens = 0
    for product in data.products {
      let code = product.set_code.lowercased()
      var status: String
      let inData = given?.cardsBySet[code] != nil || available.contains(code)
      if !inData {
        status = "no: set \(code) is not in the card data (sealed cards fetch \(code))"
      } else {
        do throws(DataError) {
          let text = try CompiledBoosterRules.ruleFile([product], name: "check", source: file)
          try compile(try RuleSetLoader.parse(text, source: product.code), product)
          status = "yes"
          opens += 1
        } catch {
          status = "no: " + error.description.replacingOccurrences(of: "product \(product.code): ", with: "")
        }
      }
      table.append([product.code, code, String(product.boosters.count), String(product.sheets.count), status, product.name])
    }
    return table.text + "\(data.products.count) products; the card data opens \(opens)\n"
  }

  // MARK: - MTGJSON

  /// The products of an MTGJSON file: converted through its own cards, compiled against them.
  private func runMTGJSON() throws {
    let reader = MTGJSONBoosterImport(path: file)
    if list {
      var table = TextTable([("code", .left), ("set", .left), ("variants", .right), ("sheets", .right), ("opens", .left), ("name", .left)])
      let listed = try reader.list()
      for product in listed {
        table.append([product.code, product.setCode, String(product.variants), String(product.sheets), product.opens, product.name])
      }
      let opens = listed.filter { $0.opens == "yes" }.count
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
