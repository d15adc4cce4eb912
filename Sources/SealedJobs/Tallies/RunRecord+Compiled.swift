import SealedSupport
import SealedCards
import SealedRules

extension RunRecord {
  /// A record's rules and spec compiled again for the set's cards: what `sealed merge` and
  /// `sealed check --tallies` need to read its tallies.
  package struct Compiled {
    package let rules: RuleSetDefinition
    package let spec: SpecDefinition?
    package let cardSet: CardSet
    package let plan: BoosterPlan
  }

  /// Parses the record's rules and spec, lets `checkSpec` refuse them, loads the set's cards
  /// with `loadSet` (for the rules, as the run's `--booster-max` says), compiles the plan and
  /// checks that the cards are the ones the run used (their fingerprint), else throws
  /// `cardsDiffer`. Cost: one compile of the plan and a pass over the cards.
  package func compiled(
    checkSpec: (_ spec: SpecDefinition?, _ rules: RuleSetDefinition) throws(DataError) -> Void = { _, _ in },
    loadSet: (_ code: String, _ rules: RuleSetDefinition, _ boosterMax: Int?) throws(DataError) -> CardSet,
    cardsDiffer: DataError
  ) throws(DataError) -> Compiled {
    let rules = try RuleSetLoader.parse(rulesText, source: rulesSource)
    let spec = try spec()
    try checkSpec(spec, rules)
    // 0: the plan draws from no booster range (its rules list their cards, as a product's do).
    let cardSet = try loadSet(set, rules, boosterMax > 0 ? boosterMax : nil)
    let plan = try PlanCompiler.compile(rules, for: cardSet, spec: spec)
    guard Self.fingerprint(plan.cards, format: format) == cardsFingerprint else { throw cardsDiffer }
    return Compiled(rules: rules, spec: spec, cardSet: cardSet, plan: plan)
  }
}
