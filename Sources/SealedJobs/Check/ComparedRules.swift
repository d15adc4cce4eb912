import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis

/// The other rule sets a `sealed check` compares its own with (the mythic fairness table and
/// `comparisons.csv`): each compiled for the same set, with the spec's proportion claims as
/// counting lanes.
package enum ComparedRules {
  /// The rule sets `--compare` names (`listed`: names or files; none for `none`), or by default
  /// (nil) every built-in rule set other than `rulesName` that applies to the set and fits its
  /// card data; a product's code is looked up in the release `data` names (nil: the one in
  /// use). Throws when a named rule set does not compile for the set.
  package static func plans(
    compare listed: [String]?, for cardSet: CardSet, rulesName: String, spec: SpecDefinition?, data: String? = nil
  ) throws(DataError) -> [(BoosterPlan, Expectations)] {
    let chosen = listed != nil
    let names = listed ?? RuleSetLoader.builtInNames.filter { $0 != rulesName }
    var plans: [(BoosterPlan, Expectations)] = []
    for name in names {
      let rules = try RuleSetLoader.load(name, release: RuleSetLoader.namesProduct(name) ? BoosterRelease.resolve(data) : nil)
      if !chosen, let covered = rules.appliesTo, !covered.contains(cardSet.code) { continue }
      var plan: BoosterPlan
      do {
        plan = try PlanCompiler.compile(rules, for: cardSet)
      } catch {
        // By default, only the built-ins that fit the set's card data (a set known by card
        // keys has no booster range for `sealed`'s filters).
        if !chosen { continue }
        throw error
      }
      if let spec {
        plan = try PlanCompiler.compile(rules, for: cardSet, spec: ClaimComparison.spec(spec, set: cardSet.code, kinds: plan.kinds))
      }
      plans.append((plan, try Expectations(plan: plan)))
    }
    return plans
  }

  /// The names `--compare` lists (`none`: none): a built-in's in any case, as `--rules` reads
  /// it; an empty name or one listed twice is refused (an empty list ran no comparison, a
  /// repeat ran the same one twice, its blocks alike).
  package static func listed(_ compare: String) throws(DataError) -> [String] {
    guard compare != "none" else { return [] }
    var names: [String] = []
    for item in compare.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = item.trimmingCharacters(in: .whitespaces)
      let name = RuleSetLoader.builtInInAnyCase(trimmed)
      guard !name.isEmpty else {
        throw DataError("--compare \(compare): expected rule sets separated by commas (like retail,mtgwtf), or none; got an empty name")
      }
      guard !names.contains(name) else { throw DataError("--compare \(compare): \(name) is listed twice; list each rule set once") }
      names.append(name)
    }
    return names
  }
}

extension ComparedRules {
  /// Simulates `pools` pools of each plan from `seed`, in order, until `shouldStop` says so: a
  /// comparison cut short is left out and none starts after it. `progress` hears which plan
  /// runs (its index in `plans`) and its pools done so far. Cost: one simulation per plan, as
  /// long as the run's own.
  package static func simulate(
    _ plans: [(BoosterPlan, Expectations)], pools: Int, seed: UInt64, threads: Int, shouldStop: @escaping @Sendable () -> Bool,
    progress: (@Sendable (_ index: Int, _ done: Int) -> Void)? = nil
  ) -> [CheckReport.Compared] {
    var compared: [CheckReport.Compared] = []
    for (index, (plan, expectations)) in plans.enumerated() {
      guard !shouldStop() else { break }
      progress?(index, 0)
      var planProgress: (@Sendable (Int) -> Void)? = nil
      if let progress { planProgress = { done in progress(index, done) } }
      let simulated = Simulation.run(
        .init(plan: plan, pools: pools, seed: seed, threads: threads), progress: planProgress, shouldStop: shouldStop)
      guard !simulated.interrupted else { break }
      compared.append(.init(plan: plan, expectations: expectations, tally: simulated.tally))
    }
    return compared
  }
}
