import SealedRules
import SealedEngine
import SealedAnalysis

/// What every check of a run reads: the plan, its exact expectations, the run's tally, the
/// builder at the run's level, and the cards the sheets draw that have no card data. Built
/// once per run (`CheckRun`) and shared by the rules' checks and the spec's. Cost: one pass
/// over the sheets' cards (`CardsWithoutData`).
struct CheckContext {
  let plan: BoosterPlan
  let expectations: Expectations
  let tally: SimulationTally
  let builder: CheckBuilder
  /// Cards the sheets draw that have no card data: checks that need it are not tested.
  let missing: CardsWithoutData

  init(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally, builder: CheckBuilder) {
    self.plan = plan
    self.expectations = expectations
    self.tally = tally
    self.builder = builder
    missing = CardsWithoutData(plan: plan)
  }
}

/// A family of checks made from one run's `CheckContext` (the rules' checks, the spec's),
/// reading its parts by name.
protocol ContextualChecks {
  var context: CheckContext { get }
}

extension ContextualChecks {
  var plan: BoosterPlan { context.plan }
  var expectations: Expectations { context.expectations }
  var tally: SimulationTally { context.tally }
  var builder: CheckBuilder { context.builder }
  var missing: CardsWithoutData { context.missing }
}
