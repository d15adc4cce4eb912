import ArgumentParser
import SealedSupport
import SealedCards
import SealedRules

/// `--rules NAME|FILE` together with the card options; compiles the plan for one set.
struct PlanOptions: ParsableArguments {
  @OptionGroup var setOptions: SetOptions

  @Option(
    name: .customLong("rules"),
    help: ArgumentHelp(
      "A built-in rule set (sealed, retail, retail-lethe, mtgwtf), the code of a product of the field's data shipped with Sealed (mkm-play, war-draft; sealed rules import --list), or the path of a YAML rule file (default: sealed).",
      valueName: "name|product|file"))
  var rulesArgument: String?

  /// `--rules`, or `sealed`.
  var rules: String { rulesArgument ?? "sealed" }

  /// Loads the rules and the cards and compiles them for `set` (with a spec's counting lanes,
  /// when given). The set keeps all its cards: boosters see only the booster range, but a
  /// saved pool also keeps the set's basic lands.
  func load(for set: String, spec: SpecDefinition? = nil) throws(DataError) -> LoadedPlan {
    let definition = try RuleSetLoader.load(rules)
    let cardSet = try setOptions.loadSet(set, for: definition)
    return LoadedPlan(
      rules: definition, set: cardSet, plan: try PlanCompiler.compile(definition, for: cardSet, spec: spec))
  }
}

/// A rule set, a set's cards and the plan compiled from them.
struct LoadedPlan {
  let rules: RuleSetDefinition
  let set: CardSet
  let plan: BoosterPlan
}

/// `--seed S`: a 64-bit seed; without it a random one is drawn and reported.
struct SeedOption: ParsableArguments {
  @Option(
    name: .customLong("seed"), parsing: .unconditional,
    help: ArgumentHelp("Seed for the random generator (0 to 2^64 - 1); the same seed gives the same result with the same generator version (sealed --version); an older version's pools cannot be asked for.", valueName: "n"))
  var seedArgument: WholeNumber?

  /// The given seed, checked; nil without `--seed`.
  func given() throws(DataError) -> UInt64? {
    try seedArgument?.seedValue("--seed")
  }

  /// The given seed, or a fresh random one.
  func resolve() throws(DataError) -> (seed: UInt64, wasGiven: Bool) {
    if let seed = try given() { return (seed, true) }
    var system = SystemRandomNumberGenerator()
    return (system.next() >> 11, false)
  }

  /// Shows a random seed on standard error, so that the run can be repeated.
  func noteRandom(_ resolved: (seed: UInt64, wasGiven: Bool)) {
    if !resolved.wasGiven { Note.write("random seed \(resolved.seed) (repeat with --seed \(resolved.seed))") }
  }
}
