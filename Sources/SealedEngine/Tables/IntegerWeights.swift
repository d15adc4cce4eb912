import SealedSupport

/// Probabilities as integer weights over one denominator, so that a choice among them is a
/// uniform digit in `0..<denominator` compared with cumulative weights: exact, and cheap to
/// take several at a time from one 64-bit random number (see `EngineTables.PoolBatch`).
///
/// Probabilities that are fractions with denominators up to 2²⁰ (0.78 = 39/50, or weights such
/// as 4356 : 828 : 12240) get their exact fractions (a probability within 10⁻¹⁴ of its value of
/// such a fraction is taken as that fraction); any others are rounded to multiples of 2⁻⁴⁸, far
/// below what any run can detect.
struct IntegerWeights: Equatable {
  var weights: [UInt64]
  var denominator: UInt64

  /// The denominator used when probabilities are not small fractions.
  static let fallbackDenominator: UInt64 = 1 << 48

  /// Weights for `probabilities` (which need not sum to 1: they are normalised).
  init(_ probabilities: [Double]) {
    let normalised = Self.normalised(probabilities)
    if let exact = Self.fractions(normalised) {
      self = exact
    } else {
      self = Self.rounded(normalised, to: Self.fallbackDenominator)
    }
  }

  init(weights: [UInt64], denominator: UInt64) {
    self.weights = weights
    self.denominator = denominator
  }

  /// The same probabilities over `denominator`, a multiple of this one.
  func scaled(to denominator: UInt64) -> IntegerWeights {
    let factor = denominator / self.denominator
    return IntegerWeights(weights: weights.map { $0 * factor }, denominator: denominator)
  }

  /// Whether a digit in `0..<denominator` is itself the choice (every weight is 1).
  var digitIsChoice: Bool { weights.allSatisfy { $0 == 1 } }

  /// Thresholds for choosing with a digit d in `0..<denominator`: the choice is the number of
  /// thresholds at or below d. One fewer than the weights.
  var thresholds: [UInt64] {
    var sum: UInt64 = 0
    return weights.dropLast().map { weight in
      sum += weight
      return sum
    }
  }

  /// Weights sharing one denominator for several probability vectors: exact fractions when they
  /// all have them and their denominators' least common multiple stays below 2⁴⁸.
  static func common(_ vectors: [[Double]]) -> [IntegerWeights] {
    let each = vectors.map(IntegerWeights.init)
    var denominator: UInt64 = 1
    for weights in each {
      guard weights.denominator != fallbackDenominator,
        let next = lcm(denominator, weights.denominator), next <= fallbackDenominator
      else {
        return vectors.map { rounded(normalised($0), to: fallbackDenominator) }
      }
      denominator = next
    }
    return each.map { $0.scaled(to: denominator) }
  }

  /// `values` divided by their sum.
  private static func normalised(_ values: [Double]) -> [Double] {
    let total = values.reduce(0, +)
    return values.map { $0 / total }
  }

  /// The exact fractions of `probabilities` (summing to 1), if each is within 10⁻¹⁴ of its value
  /// of a fraction with a denominator up to 2²⁰.
  private static func fractions(_ probabilities: [Double]) -> IntegerWeights? {
    var denominator: UInt64 = 1
    for probability in probabilities {
      guard let fraction = fraction(near: probability), let next = lcm(denominator, fraction.denominator),
        next <= 1 << 48
      else { return nil }
      denominator = next
    }
    let weights = probabilities.map { UInt64(($0 * Double(denominator)).rounded()) }
    guard weights.reduce(0, +) == denominator else { return nil }
    return IntegerWeights(weights: weights, denominator: denominator)
  }

  /// The simplest fraction within 10⁻¹⁴ of `value` (in [0, 1]), relatively, by continued
  /// fractions.
  private static func fraction(near value: Double) -> (numerator: UInt64, denominator: UInt64)? {
    var (h0, h1): (UInt64, UInt64) = (0, 1)
    var (k0, k1): (UInt64, UInt64) = (1, 0)
    var x = value
    for _ in 0..<64 {
      let a = x.rounded(.down)
      guard a < 0x1p20 else { return nil }
      let whole = UInt64(a)
      let (h, k) = (whole * h1 + h0, whole * k1 + k0)
      guard k <= 1 << 20 else { return nil }
      (h0, h1, k0, k1) = (h1, h, k1, k)
      if abs(Double(h) / Double(k) - value) <= 1e-14 * value { return (h, k) }
      let rest = x - a
      guard rest > 0 else { return nil }
      x = 1 / rest
    }
    return nil
  }

  /// `probabilities` rounded to multiples of 1 / denominator, with the largest absorbing the
  /// rounding so that the weights sum to the denominator.
  private static func rounded(_ probabilities: [Double], to denominator: UInt64) -> IntegerWeights {
    var weights = probabilities.map { UInt64(($0 * Double(denominator)).rounded()) }
    let sum = weights.reduce(0, +)
    let largest = weights.indices.max { weights[$0] < weights[$1] } ?? 0
    weights[largest] = weights[largest] + denominator - sum
    return IntegerWeights(weights: weights, denominator: denominator)
  }

  private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    b == 0 ? a : gcd(b, a % b)
  }

  /// The least common multiple, or nil past 2⁶⁴.
  private static func lcm(_ a: UInt64, _ b: UInt64) -> UInt64? {
    let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
    return overflow ? nil : product
  }
}
