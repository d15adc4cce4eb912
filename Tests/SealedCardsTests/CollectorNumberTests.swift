import SealedSupport
import SealedCards
import Testing

@Suite struct CollectorNumberTests {
  @Test func ordersByLeadingIntegerThenTheRest() {
    let texts = ["10", "2", "22b", "22a", "22", "100", "★1", "1"]
    let sorted = texts.map(CollectorNumber.init).sorted().map(\.text)
    #expect(sorted == ["1", "2", "10", "22", "22a", "22b", "100", "★1"])
  }

  @Test func splitsTheLeadingInteger() {
    #expect(CollectorNumber("264").leadingInteger == 264)
    #expect(CollectorNumber("22a").leadingInteger == 22)
    #expect(CollectorNumber("22a").suffix == "a")
    #expect(CollectorNumber("★5").leadingInteger == nil)
  }
}
