import SealedCharts
import Testing

@Suite struct ScaleTests {
  @Test func linearScaleMapsEndsAndMiddleEitherWayRound() {
    let x = LinearScale(domain: (0, 10), range: (100, 300))
    #expect(x(0) == 100)
    #expect(x(10) == 300)
    #expect(x(2.5) == 150)
    let y = LinearScale(domain: (0, 1), range: (200, 0))
    #expect(y(0) == 200)
    #expect(y(0.25) == 150)
    #expect(y.clamped(2) == 0)
    #expect(y.clamped(-1) == 200)
  }

  @Test func emptyDomainIsWidenedInsteadOfDividingByZero() {
    let zero = LinearScale(domain: (0, 0), range: (0, 100))
    #expect(zero.domainLow == -1 && zero.domainHigh == 1)
    #expect(zero(0) == 50)
    let point = LinearScale(domain: (0.5, 0.5), range: (0, 100))
    #expect(abs(point(0.5) - 50) < 1e-9)
    #expect(point.domainLow < 0.5 && point.domainHigh > 0.5)
  }

  @Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
    #expect(LinearScale.niceStep(span: 1, count: 5) == 0.2)
    #expect(LinearScale.niceStep(span: 10, count: 5) == 2)
    #expect(LinearScale.niceStep(span: 7, count: 5) == 1)  // 1.4 is nearer 1 than 2
    #expect(LinearScale.niceStep(span: 8, count: 5) == 2)
    #expect(LinearScale.niceStep(span: 30, count: 5) == 5)
    #expect(LinearScale.niceStep(span: 40, count: 5) == 10)
    #expect(LinearScale.niceStep(span: 0.013, count: 6) == 0.002)
    #expect(LinearScale.niceStep(span: 120, count: 4) == 20)
  }

  @Test func decimalsAreJustEnoughForTheStep() {
    #expect(LinearScale.decimals(forStep: 1) == 0)
    #expect(LinearScale.decimals(forStep: 20) == 0)
    #expect(LinearScale.decimals(forStep: 0.5) == 1)
    #expect(LinearScale.decimals(forStep: 0.1) == 1)
    #expect(LinearScale.decimals(forStep: 0.002) == 3)
  }

  @Test func ticksAreExactMultiplesInsideTheDomain() {
    let x = LinearScale(domain: (0.1, 0.95), range: (0, 1))
    #expect(x.ticks(count: 5) == [0.2, 0.4, 0.6, 0.8])
    // Decimal steps come out exact, not 0.30000000000000004.
    let y = LinearScale(domain: (0, 1), range: (0, 1))
    #expect(y.ticks(count: 10) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
    let symmetric = LinearScale(domain: (-4.5, 4.5), range: (0, 1))
    #expect(symmetric.ticks(count: 8) == [-4, -3, -2, -1, 0, 1, 2, 3, 4])
  }

  @Test func nicedDomainsEndOnTicks() {
    let x = LinearScale(domain: (0.7743, 0.7861), range: (0, 600)).niced(count: 6)
    #expect(x.domainLow == 0.774)
    #expect(x.domainHigh == 0.788)
    #expect(x.ticks(count: 6).first == 0.774)
    #expect(x.ticks(count: 6).last == 0.788)
    #expect(x.rangeStart == 0 && x.rangeEnd == 600)
    let bars = LinearScale(domain: (0, 0.18), range: (160, 14)).niced(count: 4)
    #expect(bars.domainLow == 0 && bars.domainHigh == 0.2)
  }

  @Test func bandScaleSplitsTheRangeEvenly() {
    let bands = BandScale(count: 4, range: (0, 400), padding: 0.2)
    #expect(bands.step == 100)
    #expect(bands.bandwidth == 80)
    #expect(bands.start(0) == 10)
    #expect(bands.center(3) == 350)
  }
}
