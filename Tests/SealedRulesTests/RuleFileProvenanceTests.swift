import SealedRules
import Testing

/// The header line of a rule file written by `sealed rules import` names the booster data
/// release it came from: `boosterData` reads it, and the fingerprint leaves it out, whether the
/// file's lines end in LF, in CRLF (edited on Windows) or in CR.
@Suite struct RuleFileProvenanceTests {
  static func file(release: String, lineEnd: String) -> String {
    [
      "# Written by sealed rules import from \(release): mtg.wtf's compiled booster data",
      "# Product war-draft",
      "name: war-draft",
      "description: War of the Spark draft booster",
      "pool: { boosters: 6, mythic_booster: none }",
      "sheets:",
      "  common: { rarity: common }",
      "slots:",
      "  - { name: common, count: 14, sheet: common }",
      "",
    ].joined(separator: lineEnd)
  }

  @Test(arguments: ["\n", "\r\n", "\r"]) func theReleaseIsReadAndLeftOutOfTheFingerprint(lineEnd: String) throws {
    let first = Self.file(release: "sealed_basic_data_2025-07.json.gz", lineEnd: lineEnd)
    let second = Self.file(release: "mtgwtf-0123abcd", lineEnd: lineEnd)
    #expect(RuleSetDefinition.fingerprintText(of: first) == RuleSetDefinition.fingerprintText(of: second))
    #expect(RuleSetDefinition.fingerprintText(of: first) != first)
    #expect(try RuleSetLoader.parse(first, source: "war-draft.yaml").boosterData == "sealed_basic_data_2025-07.json.gz")
    #expect(try RuleSetLoader.parse(second, source: "war-draft.yaml").boosterData == "mtgwtf-0123abcd")
  }

  @Test func rulesWrittenByHandNameNoRelease() throws {
    let text = "# My rules\r\nname: mine\r\ndescription: by hand\r\npool: { boosters: 6, mythic_booster: none }\r\nsheets:\r\n  rare: { rarity: rare }\r\nslots:\r\n  - { name: rare, count: 1, sheet: rare }\r\n"
    #expect(RuleSetDefinition.fingerprintText(of: text) == text)
    #expect(try RuleSetLoader.parse(text, source: "mine.yaml").boosterData == nil)
  }
}
