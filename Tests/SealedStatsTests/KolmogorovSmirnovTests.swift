import Foundation
import SealedStats
import Testing

@Suite struct KolmogorovSmirnovTests {
  /// P(D >= d) for n values. References: for n <= 140, scipy's `scipy.stats.kstwo.sf(d, n)`
  /// (exact there); for n = 200, the same matrix-power algorithm in mpmath at 40 digits
  /// (`mpmath.matrix` power, `1 - cdf`), because scipy's `kstwo.sf` switches to an
  /// approximation above n = 140 that is off by about 2e-7 (0.1463961356372503 for d = 0.08,
  /// 0.03411035080315383 for d = 0.1, 0.6802625495871704 for d = 0.05); n = 1000 against scipy
  /// (0.3226902143914636) to 1e-6.
  @Test(arguments: [
    (200, 0.05, 0.68026272543955761), (200, 0.08, 0.14639631657428627), (200, 0.1, 0.034110070781484985),
    (10, 0.3, 0.27053557479999946), (50, 0.2, 0.03143877776953241),
  ])
  func survivalMatchesScipy(_ n: Int, _ d: Double, _ expected: Double) throws {
    // Values whose largest distance from the uniform CDF is exactly d: the first at d past
    // its place, the others at the middle of their steps... simplest is the statistic itself.
    let values = (0..<n).map { (Double($0) + 0.5) / Double(n) }
    let shifted = values.map { min(1, $0 + d - 0.5 / Double(n)) }
    let test = try KolmogorovSmirnov(uniform: shifted)
    #expect(abs(test.statistic - d) < 1e-12, "D \(test.statistic)")
    #expect(abs(test.pValue - expected) <= 1e-9 * expected, "p \(test.pValue) vs \(expected)")
  }

  @Test func aThousandValuesAgreeWithScipysApproximation() throws {
    let n = 1000
    let values = (0..<n).map { min(1, (Double($0) + 0.5) / Double(n) + 0.03 - 0.5 / Double(n)) }
    let test = try KolmogorovSmirnov(uniform: values)
    #expect(abs(test.pValue - 0.3226902143914636) < 1e-6)
  }

  /// scipy: `kstest([(i * 0.61803398875) % 1 for i in range(1, 201)], 'uniform')` gives
  /// statistic 0.009200278750012059, p-value 1.0.
  @Test func anEvenlySpreadSampleFitsPerfectly() throws {
    let values = (1...200).map { (Double($0) * 0.61803398875).truncatingRemainder(dividingBy: 1) }
    let test = try KolmogorovSmirnov(uniform: values)
    #expect(abs(test.statistic - 0.009200278750012059) < 1e-12)
    #expect(test.pValue > 0.999999)
  }

  @Test func valuesPiledNearOneFail() throws {
    let values = (0..<200).map { 0.5 + 0.5 * Double($0) / 200 }
    let piled = try KolmogorovSmirnov(uniform: values)
    // 1 - CDF: p-values below about 1e-15 are not resolved, which is plenty for p > 0.01.
    #expect(piled.statistic == 0.5)
    #expect(piled.pValue < 1e-12, "\(piled.statistic) \(piled.pValue)")
    #expect(throws: StatisticsError.self) { try KolmogorovSmirnov(uniform: [0.5, 1.5]) }
  }
}
