import SealedCards
@testable import SealedRules
import SealedSupport
import SealedTestSupport
import Testing

/// An imported product's rule set is made from the product directly (issue 42), not by writing
/// its rule file and reading it back. It must be the rule set the file reads as, field for field
/// but for the positions it leaves out, with the same text; its plan the same; and an error in
/// compiling it the file's error, with line and column.
@Suite struct ImportedRuleSetTests {
  /// Every field of a value, positions (`location`) and the flag that says they were left out
  /// excepted; dictionaries and sets in sorted order.
  static func fields(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { fields($0.value) } ?? "nil"
    case .collection:
      return "[" + mirror.children.map { fields($0.value) }.joined(separator: ", ") + "]"
    case .set, .dictionary:
      return "{" + mirror.children.map { fields($0.value) }.sorted().joined(separator: ", ") + "}"
    case .enum where !mirror.children.isEmpty:
      return mirror.children.map { "\($0.label ?? "")(\(fields($0.value)))" }.joined()
    case .struct, .class, .tuple:
      return "(" + mirror.children.filter { !["location", "positionsOmitted"].contains($0.label ?? "") }
        .map { "\($0.label ?? "_"): \(fields($0.value))" }.joined(separator: ", ") + ")"
    default:
      return String(reflecting: value)
    }
  }

  /// The rule set as the file reads it.
  static func parsed(_ product: CompiledBoosterData.Product) throws -> RuleSetDefinition {
    try RuleSetParser.parse(
      CompiledBoosterRules.ruleFile([product], name: product.code, source: "data.json"), source: "product:\(product.code)")
  }

  static func direct(_ product: CompiledBoosterData.Product) throws -> RuleSetDefinition? {
    try CompiledBoosterRules.ruleSet(product, name: product.code, source: "data.json", ruleSource: "product:\(product.code)")
  }

  /// The product's plan on the shipped card data (placeholders for sets it lacks), or the error.
  static func plan(_ rules: RuleSetDefinition, set code: String) throws -> String {
    let database = try ShippedData.database()
    var set = CardSet(code: code, cards: database.cardsBySet[code] ?? [])
    for other in rules.namedSets(for: code) { set.otherSets[other] = CardSet(code: other, cards: database.cardsBySet[other] ?? []) }
    do {
      var plan = fields(try PlanCompiler.compile(rules, for: set))
      // The plan holds its rules, already compared.
      plan = plan.replacingOccurrences(of: fields(rules), with: "RULES")
      return plan
    } catch {
      return "error: \(error.description)"
    }
  }

  /// Every product of a data file made directly: the same rule set and text as read from its
  /// file, and (with `compiling`) the same plan, or the same error.
  static func check(_ data: CompiledBoosterData, every step: Int = 1, compiling: Bool) throws {
    var made = 0
    for (index, product) in data.products.enumerated() where index % step == 0 {
      let fromFile = try parsed(product)
      let made1 = try #require(try direct(product), "\(product.code) was not made directly")
      made += 1
      #expect(made1.positionsOmitted && !fromFile.positionsOmitted)
      #expect(made1.text == fromFile.text, "\(product.code): text")
      #expect(fields(made1) == fields(fromFile), "\(product.code): rule set")
      if compiling {
        let code = product.set_code.lowercased()
        #expect(try plan(made1, set: code) == (try plan(fromFile, set: code)), "\(product.code): plan")
      }
    }
    #expect(made == (data.products.count + step - 1) / step)
  }

  @Test func aSampleOfShippedProductsIsMadeAsTheFileReads() throws {
    try Self.check(try ShippedData.boosters(), every: 25, compiling: true)
  }

  @Test(.heavy) func everyProductOfBothDataFilesIsMadeAsTheFileReads() throws {
    try Self.check(try ShippedData.boosters(), compiling: true)
    try Self.check(try CompiledBoosterData.read(path: Fixtures.boosters2023), compiling: true)
  }

  @Test func anErrorNamesTheLineAndColumnOfTheFile() throws {
    let data = try ShippedData.boosters()
    // A colour-balanced sheet without colour data, and a balance that cannot be kept.
    for code in ["one-draft", "ogw-draft"] {
      let product = try data.product(code)
      let direct = try #require(try Self.direct(product))
      let fromFile = try Self.parsed(product)
      let message = try Self.plan(direct, set: product.set_code.lowercased())
      #expect(message.hasPrefix("error: product:\(code):"), "\(message)")
      #expect(message == (try Self.plan(fromFile, set: product.set_code.lowercased())))
      // Through the loader, as check-products and --rules CODE read a product.
      let loaded = try RuleSetLoader.product(product, source: "data.json")
      #expect(loaded.positionsOmitted)
      #expect(try Self.plan(loaded, set: product.set_code.lowercased()) == message)
    }
  }

  @Test func aProductWithNamesTheFileWouldChangeIsReadFromItsFile() throws {
    var product = try ShippedData.boosters().product("war-draft")
    let sheet = try #require(product.sheets["common"])
    product.sheets["common"] = nil
    product.sheets["common sheet"] = sheet
    for index in product.boosters.indices {
      if let count = product.boosters[index].sheets.removeValue(forKey: "common") { product.boosters[index].sheets["common sheet"] = count }
    }
    #expect(try Self.direct(product) == nil)
    let loaded = try RuleSetLoader.product(product, source: "data.json")
    #expect(loaded.positionsOmitted == false)
    #expect(Self.fields(loaded) == Self.fields(try Self.parsed(product)))
    var renamed = try ShippedData.boosters().product("war-draft")
    renamed.name = "Two\nlines"
    #expect(try Self.direct(renamed) == nil)
  }
}
