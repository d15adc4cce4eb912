/// How surprising one card's copies are within its group (a sheet, or a spec's "equally likely"
/// claim), by an exact tail probability rather than a normal approximation: what
/// `sheet_frequency.csv` and `claim_frequency.csv` give in their `p_tail`, `score`,
/// `flag_limit` and `flagged` columns, and what the report page's strips draw and flag.
///
/// Computed by `SealedStats.CardTails` (GSL's binomial distribution): conditional on the
/// group's total copies n, a card expected a share q of them has Binomial(n, q) copies under
/// the multinomial model (distinct draws vary less, so the tail is conservative).
package struct CardTail: Sendable, Equatable {
  /// The one-sided exact tail in the direction of the deviation: P(X >= x) above the
  /// expectation, P(X <= x) below it (at most 1).
  package let p: Double
  /// The tail as a signed normal score: ±z with P(Z > z) = p, 0 when p >= 1/2 (p below 1e-300
  /// counts as 1e-300, so a score is at most about 37).
  package let score: Double
  /// The bound on |score|: z with P(Z > z) = alpha / (2K) for K cards expected over all the
  /// groups of the report page, a two-sided Bonferroni bound at family-wise level alpha (the
  /// level of the group's check).
  package let limit: Double
  /// Whether p <= alpha / (2K): the card is flagged. Under the expectations the chance that any
  /// card of the page is flagged is at most alpha.
  package let flagged: Bool

  /// A tail with the given p-value, score, limit and flag, as `SealedStats.CardTails` computes them.
  package init(p: Double, score: Double, limit: Double, flagged: Bool) {
    self.p = p
    self.score = score
    self.limit = limit
    self.flagged = flagged
  }
}
