/// What a check tests with: `kind` in `checks.csv`.
package enum CheckKind: String, Sendable, CaseIterable {
  case binomial
  case chiSquare = "chi_square"
  case invariant
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
