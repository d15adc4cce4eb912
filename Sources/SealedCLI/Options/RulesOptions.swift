import ArgumentParser
import SealedSupport
import SealedCards
import SealedRules
import SealedJobs

/// `--rules NAME|FILE` together with the card options; compiles the plan for one set.
struct PlanOptions: ParsableArguments {
  @OptionGroup var setOptions: SetOptions
  @OptionGroup var dataOption: DataOption

  @Option(
    name: .customLong("rules"),
    help: ArgumentHelp(
      "A built-in rule set (sealed, retail, retail-lethe, mtgwtf), the code of a product of the field's booster data in use (mkm-play, war-draft; sealed rules import --list), or the path of a YAML rule file (default: sealed).",
      valueName: "name|product|file"))
  var rulesArgument: String?

  /// `--rules`, or `sealed`; a built-in's name in any case (`RETAIL`), as set and product codes
  /// are read.
  var rules: String {
    guard let given = rulesArgument else { return "sealed" }
    return RuleSetLoader.builtInInAnyCase(given)
  }

  /// Where the run's plan comes from: `set`, these rules, the card data and booster range.
  func source(for set: String) throws(DataError) -> PlanSource {
    PlanSource(set: set, rules: rules, cards: setOptions.cardOptions.cards, boosterMax: try setOptions.boosterMax(), data: dataOption.data)
  }
}

/// `--seed S`: a 64-bit seed; without it a random one is drawn and reported.
struct SeedOption: ParsableArguments {
  @Option(
    name: .customLong("seed"), parsing: .unconditional,
    help: ArgumentHelp("Seed for the random generator (0 to 2^64 - 1); the same seed gives the same result with the same generator version (sealed --version); an older version's pools cannot be asked for. Without it a random seed is drawn and shown on standard error, in every command.", valueName: "n"))
  var seedArgument: WholeNumber?

  /// The given seed, checked; nil without `--seed`.
  func given() throws(DataError) -> UInt64? {
    try seedArgument?.seedValue("--seed")
  }

  /// The given seed, or a fresh random one.
  func resolve() throws(DataError) -> (seed: UInt64, wasGiven: Bool) {
    if let seed = try given() { return (seed, true) }
    return (RunSeed.random(), false)
  }

  /// Shows a random seed on standard error, so that the run can be repeated.
  func noteRandom(_ resolved: (seed: UInt64, wasGiven: Bool)) {
    if !resolved.wasGiven { Note.write("random seed \(resolved.seed) (repeat with --seed \(resolved.seed))") }
  }
}
