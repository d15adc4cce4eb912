import ArgumentParser
import SealedCore

/// `--rules NAME|FILE` together with the card options; compiles the plan for one set.
struct PlanOptions: ParsableArguments {
  @OptionGroup var setOptions: SetOptions

  @Option(
    help: ArgumentHelp(
      "A built-in rule set (sealed, retail, retail-lethe) or the path of a YAML rule file.",
      valueName: "name|file"))
  var rules: String = "sealed"

  /// Loads the cards and the rules and compiles them for `set`.
  func plan(for set: String) throws(DataError) -> BoosterPlan {
    try planAndSet(for: set).plan
  }

  /// Like `plan(for:)`, also returning the set with all its cards (boosters see only the
  /// booster range; a saved pool also keeps the set's basic lands).
  func planAndSet(for set: String) throws(DataError) -> (plan: BoosterPlan, set: CardSet) {
    let definition = try RuleSetLoader.load(rules)
    let cardSet = try setOptions.loadSet(set)
    return (try PlanCompiler.compile(definition, for: cardSet), cardSet)
  }
}

/// `--seed S`: a 64-bit seed; without it a random one is drawn and reported.
struct SeedOption: ParsableArguments {
  @Option(help: ArgumentHelp("Seed for the random generator; the same seed gives the same packs.", valueName: "n"))
  var seed: UInt64?

  /// The given seed, or a fresh random one.
  var resolved: (seed: UInt64, wasGiven: Bool) {
    if let seed { return (seed, true) }
    var system = SystemRandomNumberGenerator()
    return (system.next() >> 11, false)
  }
}
