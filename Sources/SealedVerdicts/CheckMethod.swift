/// How an audit's check got its p-value, or why it has none: the `method` column of `audit.csv`
/// and of the audit's verdict table.
package enum CheckMethod: Sendable, Equatable {
  /// An exact invariant counted booster by booster.
  case exactPerBooster
  /// An exact invariant counted over whole pools.
  case exactPerPool
  /// The exact binomial test: boosters independent and alike for the count.
  case exactBinomial
  /// The binomial test where it is only approximate: boosters of a pool are not independent
  /// for the count, and no Monte Carlo null was drawn.
  case approximateBinomial
  /// The Monte Carlo null drawn by the engine: p = (1 + #{T* ≥ T}) / (1 + R).
  case monteCarlo
  /// The chi-square distribution, with how its statistic was scaled and whether a cell expects
  /// fewer than 5 (then the p-value is approximate).
  case asymptoticChiSquare(ChiSquareScaling, smallCells: Bool)
  /// Not tested (the kinds of some boosters are unknown, or the claim cannot be tested here).
  case notTested
  /// Not tested: one cell, nothing to compare.
  case notTestedOneCell

  /// How an asymptotic chi-square statistic of card frequencies was scaled.
  package enum ChiSquareScaling: Sendable, Equatable {
    /// Not scaled: a statistic whose cells are multinomial.
    case multinomial
    /// Divided by the Monte Carlo null's dispersion.
    case nullDispersion
    /// Left unscaled for want of Monte Carlo samples to estimate the dispersion.
    case unscaledTooFewSamples
    /// A spec's own claim: divided by the exact dispersion of the rules' draws (the null drawn
    /// from the rules is not the claim's).
    case claimDispersion
    /// A spec's own claim whose cards the file does not name one for one: left unscaled.
    case unscaledClaim
  }

  /// The words `audit.csv` and the verdict table print.
  package var text: String {
    switch self {
    case .exactPerBooster: "exact (per booster)"
    case .exactPerPool: "exact (per pool)"
    case .exactBinomial: "exact binomial"
    case .approximateBinomial: "binomial (approximate: boosters of a pool are not independent for this count)"
    case .monteCarlo: "monte carlo"
    case .asymptoticChiSquare(let scaling, let smallCells):
      "asymptotic chi-square" + scaling.text + (smallCells ? " (approximate: a cell expects fewer than 5)" : "")
    case .notTested: "none"
    case .notTestedOneCell: "none (one cell)"
    }
  }

  /// Every method, each once (a chi-square with each scaling, with and without small cells).
  package static let allCases: [CheckMethod] =
    [.exactPerBooster, .exactPerPool, .exactBinomial, .approximateBinomial, .monteCarlo]
    + [ChiSquareScaling.multinomial, .nullDispersion, .unscaledTooFewSamples, .claimDispersion, .unscaledClaim].flatMap { scaling in
      [false, true].map { CheckMethod.asymptoticChiSquare(scaling, smallCells: $0) }
    }
    + [.notTested, .notTestedOneCell]

  /// The method whose words are `text` (as `audit.csv` writes them); nil for other words.
  /// Cost: a comparison with each method's words.
  package init?(text: String) {
    guard let method = Self.allCases.first(where: { $0.text == text }) else { return nil }
    self = method
  }

  /// Whether the method counts an exact invariant booster by booster (a failed one points at
  /// the boosters that break it).
  package var isPerBooster: Bool { self == .exactPerBooster }
}

extension CheckMethod.ChiSquareScaling {
  var text: String {
    switch self {
    case .multinomial: ""
    case .nullDispersion: ", scaled by the null's dispersion"
    case .unscaledTooFewSamples: ", unscaled (approximate: fewer than 100 Monte Carlo samples to estimate the dispersion)"
    case .claimDispersion: ", scaled by the rules' exact dispersion"
    case .unscaledClaim: ", unscaled (the file does not name the claim's cards one for one)"
    }
  }
}
