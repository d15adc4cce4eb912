import SealedCore

/// The shared card data and compiled plans, loaded once per test process.
public enum SharedData {
  public static let database: CardDatabase = {
    do { return try CardDatabase.load(path: Fixtures.sharedCards) } catch {
      fatalError("cannot load the shared card data at \(Fixtures.sharedCards): \(error)")
    }
  }()

  public static func set(_ code: String, boosterMax: Int? = nil) throws -> CardSet {
    try CardSet(code: code, in: database, boosterMax: boosterMax)
  }

  /// A built-in rule set compiled for a shared set.
  public static func plan(_ code: String, rules: String = "sealed") throws -> BoosterPlan {
    try PlanCompiler.compile(RuleSetLoader.builtIn(rules), for: set(code))
  }

  /// A rule file given as text compiled for a shared set.
  public static func plan(_ code: String, yaml: String, source: String = "test.yaml") throws -> BoosterPlan {
    try PlanCompiler.compile(RuleSetLoader.parse(yaml, source: source), for: set(code))
  }
}
