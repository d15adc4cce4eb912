/// What a check tests with: `kind` in `checks.csv`.
package enum CheckKind: String, Sendable, CaseIterable {
  case binomial
  case chiSquare = "chi_square"
  case invariant
  /// A share the rules decide exactly, as a fraction, held to a claim's range: no sampling, no
  /// p-value, no error rate (`ExactShare`).
  case exact
}

/// What a check holds against what: the `tests` column of `checks.csv`. A spec's claim about
/// a share the data decides exactly is two checks, one of each.
package enum CheckTarget: String, Sendable, CaseIterable {
  /// The engine's simulation against what the rules (the data) say: the rules' own checks, and
  /// a claim's simulated share against the data's exact share. A failure is Sealed's (or its
  /// compiler's) to fix, never the data's.
  case engineAgainstData = "engine-vs-data"
  /// The rules (the data) against a stated figure (the maker's published odds, a spec's
  /// claim): exactly where the data decides the share, else by simulation.
  case dataAgainstMaker = "data-vs-maker"
}

/// A check's outcome. `notTested` is neither a pass nor a failure: the run could not test it.
package enum CheckVerdict: String, Sendable, CaseIterable {
  case pass
  case fail
  case notTested = "not_tested"
}

/// Where a check's claim comes from: derived from the rule set, or stated by the spec.
package enum CheckSource: String, Sendable, CaseIterable {
  case rules
  case spec
  /// One test of a hypothesis that the rules and the spec both state (same counts, same
  /// expectation): counted once in the Holm adjustment.
  case both = "rules+spec"
}
