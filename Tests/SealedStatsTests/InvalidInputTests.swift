import SealedStats
import Testing

/// Every wrong input throws (GSL's aborting error handler is off, and Sealed checks first).
@Suite struct InvalidInputTests {
  @Test func binomialDistribution() {
    #expect(throws: GSLError.self) { try Distributions.binomialPMF(3, trials: 10, probability: -0.1) }
    #expect(throws: GSLError.self) { try Distributions.binomialPMF(3, trials: 10, probability: 1.5) }
    #expect(throws: GSLError.self) { try Distributions.binomialCDF(3, trials: 10, probability: .nan) }
    #expect(throws: GSLError.self) { try Distributions.binomialCDF(11, trials: 10, probability: 0.5) }
    #expect(throws: GSLError.self) { try Distributions.binomialSurvival(-1, trials: 10, probability: 0.5) }
    #expect(throws: GSLError.self) { try Distributions.binomialSurvival(0, trials: -1, probability: 0.5) }
    #expect(throws: GSLError.self) {
      try Distributions.binomialPMF(1, trials: Distributions.maximumBinomialTrials + 1, probability: 0.5)
    }
  }

  @Test func domainErrorsSayWhatIsWrong() {
    do {
      _ = try Distributions.binomialCDF(11, trials: 10, probability: 0.5)
      Issue.record("expected an error")
    } catch {
      #expect(error.status == GSLError.domainError)
      #expect(error.description == "binomialCDF(11, trials: 10, probability: 0.5) failed: input domain error (need 0 <= k <= trials)")
    }
  }

  @Test func betaNormalAndChiSquare() {
    #expect(throws: GSLError.self) { try Distributions.betaCDF(0.5, a: 0, b: 1) }
    #expect(throws: GSLError.self) { try Distributions.betaSurvival(0.5, a: 1, b: -2) }
    #expect(throws: GSLError.self) { try Distributions.betaCDF(.nan, a: 1, b: 2) }
    #expect(throws: GSLError.self) { try Distributions.betaQuantile(1.5, a: 1, b: 2) }
    #expect(throws: GSLError.self) { try Distributions.betaUpperQuantile(0.5, a: .infinity, b: 2) }
    #expect(throws: GSLError.self) { try Distributions.normalQuantile(-0.5) }
    #expect(throws: GSLError.self) { try Distributions.normalUpperQuantile(.nan) }
    #expect(throws: GSLError.self) { try Distributions.normalCDF(.nan) }
    #expect(throws: GSLError.self) { try Distributions.chiSquareUpperTail(1, degreesOfFreedom: 0) }
    #expect(throws: GSLError.self) { try Distributions.chiSquareUpperTail(.nan, degreesOfFreedom: 2) }
  }

  @Test func hypergeometricDistribution() {
    #expect(throws: GSLError.self) { try Distributions.hypergeometricPMF(-1, successes: 4, failures: 56, draws: 7) }
    #expect(throws: GSLError.self) { try Distributions.hypergeometricCDF(1, successes: -4, failures: 56, draws: 7) }
    #expect(throws: GSLError.self) { try Distributions.hypergeometricCDF(1, successes: 4, failures: 5, draws: 10) }
    #expect(throws: GSLError.self) { try Distributions.hypergeometricSurvival(8, successes: 4, failures: 56, draws: 7) }
    #expect(throws: GSLError.self) {
      try Distributions.hypergeometricPMF(1, successes: Int(UInt32.max), failures: 1, draws: 7)
    }
  }

  @Test func binomialTestAndInterval() {
    #expect(throws: StatisticsError.self) { try BinomialTest(successes: 0, trials: 0) }
    #expect(throws: StatisticsError.self) { try BinomialTest(successes: 11, trials: 10) }
    #expect(throws: StatisticsError.self) { try BinomialTest(successes: -1, trials: 10) }
    #expect(throws: StatisticsError.self) { try BinomialTest(successes: 3, trials: 10, probability: 1.01) }
    #expect(throws: StatisticsError.self) { try BinomialTest(successes: 3, trials: 10, probability: .nan) }
    #expect(throws: StatisticsError.self) {
      try BinomialTest(successes: 3, trials: Distributions.maximumBinomialTrials + 1)
    }
    #expect(throws: StatisticsError.self) { try ClopperPearsonInterval(successes: 3, trials: 10, level: 0) }
    #expect(throws: StatisticsError.self) { try ClopperPearsonInterval(successes: 3, trials: 10, level: 1) }
    #expect(throws: StatisticsError.self) { try ClopperPearsonInterval(successes: 3, trials: 10, level: .nan) }
    #expect(throws: StatisticsError.self) { try ClopperPearsonInterval(successes: 11, trials: 10) }
    #expect(throws: StatisticsError.self) {
      try BinomialTest(successes: 3, trials: 10).confidenceInterval(level: 1.5)
    }
  }

  @Test func chiSquareGoodnessOfFit() {
    typealias GoodnessOfFit = ChiSquareGoodnessOfFit
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], expected: [1, 2, 3]) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [Int](), expected: []) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [-1, 2], expected: [1, 2]) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], expected: [.nan, 2]) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], expected: [.infinity, 2]) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], expected: [-1, 2]) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], expected: [1, 2], minimumExpected: -1) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], expected: [1, 2], estimatedParameters: -1) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], expected: [1, 2], dispersion: 0) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], expected: [1, 2], dispersion: .nan) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], proportions: [0.5, 0.6]) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], proportions: [1.5, -0.5]) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], proportions: [0.5, 0.5], total: 0) }
    #expect(throws: StatisticsError.self) { try GoodnessOfFit(observed: [1, 2], proportions: [1]) }
  }

  @Test func holm() {
    #expect(throws: StatisticsError.self) { try MultipleTesting.holm([0.1, .nan]) }
    #expect(throws: StatisticsError.self) { try MultipleTesting.holm([-0.1, 0.5]) }
    #expect(throws: StatisticsError.self) { try MultipleTesting.holm([1.1]) }
  }

  @Test func sampleSize() {
    #expect(throws: StatisticsError.self) { try SampleSize.trials(null: 0.5, alternative: 0.5) }
    #expect(throws: StatisticsError.self) { try SampleSize.trials(null: 0, alternative: 0.5) }
    #expect(throws: StatisticsError.self) { try SampleSize.trials(null: 0.5, alternative: 1) }
    #expect(throws: StatisticsError.self) { try SampleSize.trials(null: 0.5, alternative: 0.6, significance: 0) }
    #expect(throws: StatisticsError.self) { try SampleSize.trials(null: 0.5, alternative: 0.6, significance: 1) }
    #expect(throws: StatisticsError.self) { try SampleSize.trials(null: 0.5, alternative: 0.6, power: 1) }
    #expect(throws: StatisticsError.self) { try SampleSize.trials(null: 0.5, alternative: 0.6, power: .nan) }
    #expect(throws: StatisticsError.self) { try SampleSize.trials(null: 0.5, alternative: 0.500_000_001) }
    #expect(throws: StatisticsError.self) { try SampleSize.power(trials: 0, null: 0.5, alternative: 0.6) }
    #expect(throws: StatisticsError.self) { try SampleSize.power(trials: 10, null: .nan, alternative: 0.6) }
  }
}
