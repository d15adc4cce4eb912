import SealedSupport
import SealedCards
import SealedRules

/// The shipped card data and compiled plans, loaded once per test process.
///
/// When the data cannot be read, every test that needs it fails with one line saying what is
/// missing (never a crash that takes the other tests down).
package enum ShippedData {
  private static let loaded: Result<CardDatabase, DataError> = Result { () throws(DataError) in
    try CardDatabase.load(path: Fixtures.shippedCards)
  }

  private static let products: Result<CompiledBoosterData, DataError> = Result { () throws(DataError) in
    try CompiledBoosterData.read(path: Fixtures.shippedBoosters)
  }

  /// The compiled booster data shipped with Sealed (538 products), read once.
  package static func boosters() throws(DataError) -> CompiledBoosterData {
    try products.get()
  }

  /// The shipped card data, or an error naming the file or folder that could not be read.
  package static func database() throws(MissingCardData) -> CardDatabase {
    switch loaded {
    case .success(let database): return database
    case .failure(let error): throw MissingCardData(underlying: error)
    }
  }

  package static func set(_ code: String, boosterMax: Int? = nil) throws -> CardSet {
    try CardSet(code: code, in: database(), boosterMax: boosterMax)
  }

  /// A built-in rule set compiled for a shared set.
  package static func plan(_ code: String, rules: String = "sealed") throws -> BoosterPlan {
    try PlanCompiler.compile(RuleSetLoader.builtIn(rules), for: set(code))
  }

  /// A product of the shipped compiled booster data as rules named after it, compiled on the
  /// shipped card data: the cards of sets it lacks are placeholders known by their keys.
  package static func productPlan(_ code: String) throws -> (product: CompiledBoosterData.Product, plan: BoosterPlan) {
    let product = try boosters().product(code)
    let text = try CompiledBoosterRules.ruleFile([product], name: product.code, source: "test")
    return (product, try plan(product.set_code.lowercased(), rulesText: text, source: "\(code).yaml"))
  }

  /// Rules given as text compiled for a set of the shipped card data, or for an empty set (and
  /// placeholders) when the data lacks it; the other sets the rules name likewise.
  package static func plan(_ code: String, rulesText: String, source: String) throws -> BoosterPlan {
    let rules = try RuleSetLoader.parse(rulesText, source: source)
    let database = try database()
    var set = CardSet(code: code, cards: database.cardsBySet[code] ?? [])
    for other in rules.namedSets(for: code) { set.otherSets[other] = CardSet(code: other, cards: database.cardsBySet[other] ?? []) }
    return try PlanCompiler.compile(rules, for: set)
  }

  /// A rule file given as text compiled for a shared set.
  package static func plan(_ code: String, yaml: String, source: String = "test.yaml") throws -> BoosterPlan {
    try PlanCompiler.compile(RuleSetLoader.parse(yaml, source: source), for: set(code))
  }
}

/// The shipped card data could not be read: a one-line test failure.
package struct MissingCardData: Error, CustomStringConvertible {
  package var underlying: DataError
  package var description: String {
    "the tests need the card data shipped with Sealed in Sources/SealedData/Resources/cards: \(underlying.description)"
  }
}
