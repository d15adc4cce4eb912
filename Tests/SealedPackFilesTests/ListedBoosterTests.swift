import SealedPackFiles
import Testing

@Suite struct ListedBoosterTests {
  @Test func sizeCountsCopies() {
    let booster = ListedBooster(
      label: "1", line: 2, cards: [ListedCard(setCode: "war", collectorNumber: "1", line: 2), ListedCard(name: "Island", count: 2, line: 3)])
    #expect(booster.size == 3)
  }
}
