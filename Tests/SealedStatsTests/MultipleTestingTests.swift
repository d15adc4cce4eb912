import SealedStats
import Testing

/// Holm–Bonferroni against statsmodels 0.15.0,
/// `statsmodels.stats.multitest.multipletests(p, method='holm')[1]`. The arithmetic is the
/// same (p·(m - rank), running maximum, cap at 1), so the results must be identical.
@Suite struct MultipleTestingTests {
  @Test func matchesStatsmodelsWithTies() throws {
    // multipletests([0.01, 0.04, 0.03, 0.005, 0.5, 0.04], method='holm')[1]
    // Sorted: 0.005·6 = 0.03, 0.01·5 = 0.05, 0.03·4 = 0.12, 0.04·3 = 0.12, 0.04·2 → 0.12, 0.5·1 = 0.5.
    #expect(try MultipleTesting.holm([0.01, 0.04, 0.03, 0.005, 0.5, 0.04]) == [0.05, 0.12, 0.12, 0.03, 0.5, 0.12])
  }

  @Test func matchesStatsmodelsWithRunningMaximum() throws {
    // multipletests([0.2, 0.1, 0.9, 0.02], method='holm')[1]
    #expect(try MultipleTesting.holm([0.2, 0.1, 0.9, 0.02]) == [0.4, 0.30000000000000004, 0.9, 0.08])
    // multipletests([0.0, 1.0, 0.25, 0.25], method='holm')[1]
    #expect(try MultipleTesting.holm([0, 1, 0.25, 0.25]) == [0, 1, 0.75, 0.75])
  }

  @Test func capsAtOne() throws {
    // multipletests([0.6, 0.7, 0.8], method='holm')[1]
    #expect(try MultipleTesting.holm([0.6, 0.7, 0.8]) == [1, 1, 1])
  }

  @Test func keepsTinyPValues() throws {
    // multipletests([1e-300, 0.5, 1e-10], method='holm')[1]
    #expect(try MultipleTesting.holm([1e-300, 0.5, 1e-10]) == [3e-300, 0.5, 2e-10])
  }

  @Test func oneOrNoPValues() throws {
    // multipletests([0.03], method='holm')[1]
    #expect(try MultipleTesting.holm([0.03]) == [0.03])
    #expect(try MultipleTesting.holm([]) == [])
  }
}
