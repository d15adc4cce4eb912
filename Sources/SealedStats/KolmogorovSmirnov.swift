import Foundation
import SealedSupport

/// The one-sample Kolmogorov–Smirnov test against the uniform distribution on [0, 1], used to
/// check that p-values are uniform under correct rules.
package struct KolmogorovSmirnov: Sendable {
  /// D = sup |F_n(x) − x|, the largest distance between the empirical and uniform CDFs.
  package let statistic: Double
  /// P(D ≥ statistic) for n values, exact (Marsaglia, Tsang and Wang 2003, "Evaluating
  /// Kolmogorov's distribution", the matrix-power algorithm; scipy's `kstwo.sf` for n ≤ 140 and
  /// its `kstest` agree). Cost: O(k³ log n) with k = ⌈n D⌉.
  package let pValue: Double

  package init(uniform values: [Double]) throws(StatisticsError) {
    guard !values.isEmpty else { throw .invalidArgument("the Kolmogorov–Smirnov test needs at least one value") }
    if let bad = values.first(where: { !($0 >= 0 && $0 <= 1) }) {
      throw .invalidArgument("value \(bad) is outside [0, 1]")
    }
    let sorted = values.sorted()
    let n = Double(sorted.count)
    var d = 0.0
    for (index, x) in sorted.enumerated() {
      d = max(d, Double(index + 1) / n - x, x - Double(index) / n)
    }
    statistic = d
    pValue = min(1, max(0, 1 - Self.cdf(d, n: sorted.count)))
  }

  /// P(D < d) for n values (Marsaglia, Tsang and Wang's algorithm, with its rescaling).
  static func cdf(_ d: Double, n: Int) -> Double {
    guard d > 0 else { return 0 }
    guard d < 1 else { return 1 }
    let nd = Double(n) * d
    let k = Int(nd) + 1
    let m = 2 * k - 1
    let h = Double(k) - nd
    var matrix = [Double](repeating: 0, count: m * m)
    for i in 0..<m {
      for j in 0..<m { matrix[i * m + j] = i - j + 1 < 0 ? 0 : 1 }
    }
    for i in 0..<m {
      matrix[i * m] -= pow(h, Double(i + 1))
      matrix[(m - 1) * m + i] -= pow(h, Double(m - i))
    }
    matrix[(m - 1) * m] += 2 * h - 1 > 0 ? pow(2 * h - 1, Double(m)) : 0
    for i in 0..<m {
      for j in 0..<m where i - j + 1 > 0 {
        for g in 1...(i - j + 1) { matrix[i * m + j] /= Double(g) }
      }
    }
    let (power, exponent) = Self.power(matrix, m: m, n: n)
    var s = power[(k - 1) * m + (k - 1)]
    var e = exponent
    for i in 1...n {
      s *= Double(i) / Double(n)
      if s < 1e-140 {
        s *= 1e140
        e -= 140
      }
    }
    return s * pow(10, Double(e))
  }

  /// matrix^n with a power-of-ten exponent kept apart to avoid underflow and overflow.
  private static func power(_ a: [Double], m: Int, n: Int) -> ([Double], Int) {
    if n == 1 { return (a, 0) }
    let (half, halfExponent) = power(a, m: m, n: n / 2)
    var result = multiply(half, half, m: m)
    var exponent = 2 * halfExponent
    if n % 2 == 1 { result = multiply(a, result, m: m) }
    if result[(m / 2) * m + m / 2] > 1e140 {
      for index in result.indices { result[index] *= 1e-140 }
      exponent += 140
    }
    return (result, exponent)
  }

  private static func multiply(_ a: [Double], _ b: [Double], m: Int) -> [Double] {
    var c = [Double](repeating: 0, count: m * m)
    for i in 0..<m {
      for l in 0..<m where a[i * m + l] != 0 {
        let x = a[i * m + l]
        for j in 0..<m { c[i * m + j] += x * b[l * m + j] }
      }
    }
    return c
  }
}
