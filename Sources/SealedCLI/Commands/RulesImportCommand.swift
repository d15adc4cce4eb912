import ArgumentParser
import Foundation
import SealedCore

/// `sealed rules import FILE --product CODE | --list`: mtg.wtf's compiled booster data as
/// Sealed rule files.
struct RulesImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Write mtg.wtf products (its compiled booster data, sealed_basic_data.json) as a Sealed rule file.",
    discussion: """
      --list shows every product of the file and whether the card data can open it. \
      --product CODE (repeatable, one product per set) writes the equivalent rule file to \
      --out or standard output; it is compiled against the card data first, so a card that \
      cannot be found is a one-line error naming the product, sheet and card. The file works \
      everywhere a rule file does (open, simulate, check, the deck commands).
      """)

  @Argument(help: ArgumentHelp("mtg.wtf's compiled booster data (sealed_basic_data.json).", valueName: "file"))
  var file: String

  @Option(name: .customLong("product"), help: ArgumentHelp("A product code, like war or dom-arena.", valueName: "code"))
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
    if let out {
      try ReportFolder.writeFile(text, to: out)
      FileHandle.standardError.write(Data("sealed: wrote \(out) (\(chosen.count) product\(chosen.count == 1 ? "" : "s"))\n".utf8))
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
    // Only a given path is read whole here; the default places are known by their file names.
    let given = if case .given = location.kind { try? location.load() } else { CardDatabase?.none }
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
}
