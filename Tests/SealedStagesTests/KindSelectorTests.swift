import SealedRules
import Testing

/// A spec claim's `given:` is read once into a `KindSelector`; the plan, the checks, the audit
/// and the comparisons ask it which boosters it selects.
@Suite struct KindSelectorTests {
  @Test func aSpecsWordsAreReadIntoSelectors() throws {
    let spec = try SpecLoader.parse(
      """
      name: s
      claims:
        - name: walkers
          proportion: { cards: { rarity: rare }, given: mythic_booster, expected: 0.5 }
        - name: any booster
          proportion: { cards: { rarity: rare }, expected: 0.5 }
        - name: one rare
          invariant: { per_booster: { rarity: rare }, exactly: 1, given: non_mythic_booster }
      """, source: "spec.yaml")
    #expect(spec.claims.map { $0.countedCards?.given } == [.kind("mythic_booster"), .any, .kind("non_mythic_booster")])
    #expect(KindSelector(word: "mythic_pack") == nil)
    #expect(KindSelector.words.compactMap(KindSelector.init(word:)).map(\.description) == KindSelector.words)
  }

  @Test func aSelectorPicksItsKindsOrEveryKind() {
    let kinds = ["mythic_booster", "non_mythic_booster"]
    #expect(KindSelector.any.indices(in: kinds) == [0, 1])
    #expect(KindSelector.kind("non_mythic_booster").indices(in: kinds) == [1])
    #expect(KindSelector.kind("booster").indices(in: kinds) == [])
    #expect(KindSelector.any.isAvailable(in: ["booster"]))
    #expect(!KindSelector.kind("mythic_booster").isAvailable(in: ["booster"]))
    #expect(KindSelector.kind("booster").isAvailable(in: ["booster"]))
  }
}
