import SealedStats
import Testing

/// Pearson's goodness of fit against scipy.stats.chisquare and chi2.sf (scipy 1.17.1), called
/// on the bins that remain after pooling (given in each comment).
@Suite struct ChiSquareGoodnessOfFitTests {
  private typealias GoodnessOfFit = ChiSquareGoodnessOfFit

  @Test func withoutPoolingMatchesScipy() throws {
    let test = try GoodnessOfFit(observed: [16, 18, 16, 14, 12, 12], expected: [16, 16, 16, 16, 16, 8])
    // scipy.stats.chisquare([16, 18, 16, 14, 12, 12], f_exp=[16, 16, 16, 16, 16, 8])
    expectClose(test.statistic, 3.5)
    expectClose(test.pValue, 0.6233876277495822)
    #expect(test.degreesOfFreedom == 5)
    #expect(test.bins.map(\.indices) == [[0], [1], [2], [3], [4], [5]])
    #expect(test.droppedIndices.isEmpty)
  }

  @Test func estimatedParametersReduceTheDegreesOfFreedom() throws {
    let test = try GoodnessOfFit(
      observed: [16, 18, 16, 14, 12, 12], expected: [16, 16, 16, 16, 16, 8], estimatedParameters: 1)
    // scipy.stats.chisquare([16, 18, 16, 14, 12, 12], f_exp=[16, 16, 16, 16, 16, 8], ddof=1)
    expectClose(test.pValue, 0.477878344488724)
    #expect(test.degreesOfFreedom == 4)
  }

  /// Mythics per pool in 200 pools of 6 packs, each pack holding a mythic with probability
  /// 1/8: expected 200 · scipy.stats.binom.pmf(j, 6, 0.125) for j = 0...6.
  private let mythicsExpected = [
    89.75906372070312, 76.93634033203122, 27.477264404296882, 5.233764648437498,
    0.5607604980468748, 0.03204345703125001, 0.000762939453125,
  ]

  @Test func adjacentPoolingMergesTheUpperTail() throws {
    let test = try GoodnessOfFit(observed: [86, 80, 28, 4, 2, 0, 0], expected: mythicsExpected)
    #expect(test.bins.map(\.indices) == [[0], [1], [2], [3, 4, 5, 6]])
    #expect(test.bins.map(\.observed) == [86, 80, 28, 6])
    expectClose(test.bins[3].expected, 5.827331542968748)
    // scipy.stats.chisquare([86, 80, 28, 6],
    //   f_exp=[89.75906372070312, 76.93634033203122, 27.477264404296882, 5.827331542968748])
    expectClose(test.statistic, 0.29448574950883255)
    expectClose(test.pValue, 0.9610622039933923)
    #expect(test.degreesOfFreedom == 3)
  }

  /// Sampling without replacement: the caller divides Pearson's statistic by a dispersion.
  @Test func dispersionScalesTheStatisticBeforeThePValue() throws {
    let test = try GoodnessOfFit(observed: [86, 80, 28, 4, 2, 0, 0], expected: mythicsExpected, dispersion: 1.5)
    expectClose(test.pearsonStatistic, 0.29448574950883255)
    // 0.29448574950883255 / 1.5; scipy.stats.chi2.sf(0.19632383300588838, 3)
    expectClose(test.statistic, 0.19632383300588838)
    expectClose(test.pValue, 0.9781805638457649)
    #expect(test.dispersion == 1.5)
  }

  @Test func adjacentPoolingWorksInFromBothTails() throws {
    let test = try GoodnessOfFit(observed: [0, 4, 9, 18, 12, 2, 2], expected: [1, 2, 10, 20, 10, 3, 1])
    #expect(test.bins.map(\.indices) == [[0, 1, 2], [3], [4, 5, 6]])
    // scipy.stats.chisquare([13, 18, 16], f_exp=[13, 20, 14])
    expectClose(test.statistic, 0.4857142857142857)
    expectClose(test.pValue, 0.7843835605623897)
    #expect(test.degreesOfFreedom == 2)
  }

  @Test func adjacentPoolingMergesInnerSmallBinsIntoTheSmallerNeighbour() throws {
    // Bin 3 (2 expected) is the smallest: its neighbours expect 10 and 10, so it joins the left
    // one; then bin 1 (3) joins its left neighbour (10 against 12).
    let test = try GoodnessOfFit(observed: [12, 1, 9, 4, 9], expected: [10, 3, 10, 2, 10])
    #expect(test.bins.map(\.indices) == [[0, 1], [2, 3], [4]])
    // scipy.stats.chisquare([13, 13, 9], f_exp=[13, 12, 10])
    expectClose(test.statistic, 0.18333333333333335)
    expectClose(test.pValue, 0.9124092352730778)
  }

  @Test func noPoolingWhenTheMinimumIsZero() throws {
    let test = try GoodnessOfFit(observed: [0, 4, 9, 18, 12, 2, 2], expected: [1, 2, 10, 20, 10, 3, 1], minimumExpected: 0)
    #expect(test.bins.count == 7)
    // scipy.stats.chisquare([0, 4, 9, 18, 12, 2, 2], f_exp=[1, 2, 10, 20, 10, 3, 1])
    expectClose(test.statistic, 5.033333333333333)
    expectClose(test.pValue, 0.5395450360301866)
  }

  @Test func unorderedPoolingCollectsSmallBinsIntoOther() throws {
    let test = try GoodnessOfFit(
      observed: [22, 1, 28, 2, 14, 3], expected: [20, 3, 30, 1, 15, 1], pooling: .unordered)
    #expect(test.bins.map(\.indices) == [[0], [1, 3, 5], [2], [4]])
    // scipy.stats.chisquare([22, 6, 28, 14], f_exp=[20, 5, 30, 15])
    expectClose(test.statistic, 0.6)
    expectClose(test.pValue, 0.8964323733419115)
  }

  @Test func unorderedPoolingMergesASmallOtherWithTheSmallestBin() throws {
    let test = try GoodnessOfFit(observed: [18, 4, 31, 0, 15], expected: [20, 2, 30, 1, 15], pooling: .unordered)
    // "Other" (bins 1 and 3) expects 3 < 5, so it takes in bin 4, the smallest (15).
    #expect(test.bins.map(\.indices) == [[0], [1, 3, 4], [2]])
    // scipy.stats.chisquare([18, 19, 31], f_exp=[20, 18, 30])
    expectClose(test.statistic, 0.28888888888888886)
    expectClose(test.pValue, 0.865502994567177)

    // The same counts as ordered categories pool differently.
    let ordered = try GoodnessOfFit(observed: [18, 4, 31, 0, 15], expected: [20, 2, 30, 1, 15], pooling: .adjacent)
    #expect(ordered.bins.map(\.indices) == [[0, 1], [2], [3, 4]])
    // scipy.stats.chisquare([22, 31, 15], f_exp=[22, 30, 16])
    expectClose(ordered.statistic, 0.09583333333333333)
    expectClose(ordered.pValue, 0.9532132182026788)
  }

  @Test func expectedZeroObservedZeroIsDropped() throws {
    let test = try GoodnessOfFit(observed: [5, 0, 7], expected: [6, 0, 6])
    #expect(test.droppedIndices == [1])
    #expect(test.bins.map(\.indices) == [[0], [2]])
    // scipy.stats.chisquare([5, 7], f_exp=[6, 6])
    expectClose(test.statistic, 0.3333333333333333)
    expectClose(test.pValue, 0.5637028616507731)
    #expect(test.degreesOfFreedom == 1)
  }

  @Test func expectedZeroObservedSomethingIsImpossible() throws {
    let test = try GoodnessOfFit(observed: [5, 1, 6], expected: [6, 0, 6])
    #expect(test.statistic == .infinity)
    #expect(test.pValue == 0)
    #expect(test.degreesOfFreedom == 2)
    // The impossible category is never pooled away, even among small bins.
    #expect(test.bins.map(\.indices) == [[0], [1], [2]])
    let pooled = try GoodnessOfFit(observed: [1, 1, 2, 40], expected: [2, 0, 2, 40], pooling: .unordered)
    #expect(pooled.bins.map(\.indices) == [[0, 2, 3], [1]])
    #expect(pooled.statistic == .infinity)
    #expect(pooled.pValue == 0)
  }

  @Test func fewerThanTwoBinsMeansNothingToTest() throws {
    let test = try GoodnessOfFit(observed: [1, 2], expected: [2, 1])
    #expect(test.bins.map(\.indices) == [[0, 1]])
    #expect(test.statistic == 0)
    #expect(test.degreesOfFreedom == 0)
    #expect(test.pValue == 1)
  }

  @Test func noDegreesOfFreedomLeftMeansNothingToTest() throws {
    let test = try GoodnessOfFit(observed: [5, 7], expected: [6, 6], estimatedParameters: 1)
    expectClose(test.statistic, 0.3333333333333333)
    #expect(test.degreesOfFreedom == 0)
    #expect(test.pValue == 1)
  }

  @Test func proportionsOfTheObservedTotal() throws {
    let test = try GoodnessOfFit(observed: [30, 50, 20], proportions: [0.25, 0.5, 0.25])
    #expect(test.bins.map(\.expected) == [25, 50, 25])
    // scipy.stats.chisquare([30, 50, 20], f_exp=[25, 50, 25])
    expectClose(test.statistic, 2.0)
    expectClose(test.pValue, 0.36787944117144245)
    let scaled = try GoodnessOfFit(observed: [30.0, 50, 20], proportions: [0.25, 0.5, 0.25], total: 200)
    #expect(scaled.bins.map(\.expected) == [50, 100, 50])
  }
}
