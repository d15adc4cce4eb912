import Foundation
import SealedSupport
import SealedCards
import SealedPackFiles
import Testing

@Suite struct SeventeenLandsFileTests {
  static let header =
    "expansion,event_type,draft_id,draft_time,rank,pack_number,pick_number,pick,pick_maindeck_rate,pick_sideboard_in_rate,"
    + "\"pool_Ob Nixilis, the Hate-Twisted\",pool_Island,\"pack_card_Ob Nixilis, the Hate-Twisted\",pack_card_Island,pack_card_Plains"

  static let sample = """
    \(header)
    WAR,PremierDraft,abc123,2019-05-02 10:00:00,gold,0,0,"Ob Nixilis, the Hate-Twisted",0.9,0.05,0,0,1,2,0
    WAR,PremierDraft,abc123,2019-05-02 10:00:00,gold,0,1,Island,,,1,0,0,1,1
    WAR,PremierDraft,abc123,2019-05-02 10:00:00,gold,1,0,Plains,,,1,1,0,0,3

    """

  @Test func readsTheOpenedPacks() throws {
    let path = try PackFileTesting.file("draft_data_public.WAR.PremierDraft.csv", Self.sample)
    var reader = try PackFileReader(path: path)
    let format = reader.format
    #expect(format == .seventeenLands)
    let first = try #require(try reader.next())
    #expect(first.label == "draft abc123 pack 1")
    #expect(first.line == 2)
    #expect(
      first.cards == [
        ListedCard(setCode: "war", name: "Ob Nixilis, the Hate-Twisted", count: 1, line: 2),
        ListedCard(setCode: "war", name: "Island", count: 2, line: 2),
      ])
    let second = try #require(try reader.next())
    #expect(second.label == "draft abc123 pack 2")
    #expect(second.cards == [ListedCard(setCode: "war", name: "Plains", count: 3, line: 4)])
    let end = try reader.next()
    #expect(end == nil)
  }

  static let names = (1...40).map { "Card \($0)" } + ["Ob Nixilis, the Hate-Twisted", "Island"]

  /// 3 drafts × 3 packs of 14 cards, each pack picked down to its last card.
  static func draftBoosters() -> [ListedBooster] {
    var boosters: [ListedBooster] = []
    for draft in 0..<3 {
      for pack in 0..<3 {
        let cards = (0..<14).map { index in
          ListedCard(setCode: "war", name: names[(draft * 7 + pack * 5 + index * 3) % names.count], line: 0)
        }
        boosters.append(ListedBooster(label: "draft d\(draft) pack \(pack + 1)", line: 0, cards: cards))
      }
    }
    return boosters
  }

  @Test func threeDraftsOfThreePacksOfFourteenPicksAreNinePacks() throws {
    let folder = try PackFileTesting.file("unused", "")
    let path = (folder as NSString).deletingLastPathComponent + "/draft_data_public.WAR.PremierDraft.csv"
    let writer = try PackFileWriter(
      path: path, format: .seventeenLands, cardNames: Self.names, poolColumns: true, picksPerPack: 14)
    try writer.write(Self.draftBoosters())
    try writer.close()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 1 + 9 * 14)
    let boosters = try PackFileTesting.read(path)
    #expect(boosters.count == 9)
    #expect(boosters.map(\.label) == Self.draftBoosters().map(\.label))
    #expect(boosters.allSatisfy { $0.size == 14 })
    #expect(PackFileTesting.nameCounts(boosters) == PackFileTesting.nameCounts(Self.draftBoosters()))
    #expect(boosters.map(\.line) == (0..<9).map { 2 + 14 * $0 })
  }

  @Test(arguments: [
    ("expansion,draft_id,pick_number,pick\nWAR,a,0,x\n",
     "17l.csv:1: columns are not 17lands' draft layout: no pack_number, pack_card_<name> columns (expected draft_id, pack_number, pick_number and a pack_card_<name> column per card)"),
    ("draft_id,pack_number,pick_number,pack_card_A,pack_card_B\nd,0,0,1,x\n",
     "17l.csv:2: pack_card_B is \"x\", not a whole number (booster \"draft d pack 1\")"),
    ("draft_id,pack_number,pick_number,pack_card_A,pack_card_B\nd,0,0,1\n",
     "17l.csv:2: row has 4 fields, the header has 5"),
    ("draft_id,pack_number,pick_number,pack_card_A,pack_card_B\nd,0,1,1,0\nd,0,2,0,1\n",
     "17l.csv: no boosters: no row has pick_number 0"),
    ("draft_id,pack_number,pick_number,pack_card_A\nd,0,first,1\n",
     "17l.csv:2: pick_number is \"first\", not a whole number"),
    // A card's column twice (found by an independent review: its boosters failed the audit).
    ("draft_id,pack_number,pick_number,pack_card_A,pack_card_B,pack_card_A\nd,0,0,1,0,0\n",
     "17l.csv:1: columns 4 and 6 are both pack_card_A; expected one pack_card_ column per card"),
    // A pack's opening row again, as two joined exports give (it was counted twice: a review).
    ("draft_id,pack_number,pick_number,pack_card_A\nd,0,0,1\nd,0,1,1\nd,1,0,1\nd,0,0,1\n",
     "17l.csv:5: pick_number 0 of draft d pack 1 comes back (first on line 2); expected each draft's pack opened once"),
  ])
  func errorsAreOneLineNamingFileAndLine(_ input: String, _ expected: String) throws {
    let path = try PackFileTesting.file("17l.csv", input)
    let error = try #require(PackFileTesting.error(path))
    #expect(error == String(path.dropLast("17l.csv".count)) + expected)
  }

  @Test func aNameGivenTwiceIsOneColumn() throws {
    let folder = try PackFileTesting.file("unused", "")
    let path = (folder as NSString).deletingLastPathComponent + "/17l.csv.gz"
    let booster = ListedBooster(label: "draft x pack 2", line: 0, cards: [ListedCard(name: "Island", count: 2, line: 0)])
    try PackFileWriter.write([booster], to: path, format: .seventeenLands, gzip: true, cardNames: ["Island", "Plains", "Island"])
    let boosters = try PackFileTesting.read(path)
    #expect(boosters == [ListedBooster(label: "draft x pack 2", line: 2, cards: [ListedCard(name: "Island", count: 2, line: 2)])])
  }

  @Test func forcedFormatChecksTheColumns() throws {
    let path = try PackFileTesting.file("17l.csv", "booster,set,collector_number\n1,war,1\n")
    #expect(
      PackFileTesting.error(path, format: .seventeenLands)
        == "\(path):1: columns are not 17lands' draft layout: no pick_number, pack_number, draft_id, pack_card_<name> columns (expected draft_id, pack_number, pick_number and a pack_card_<name> column per card)")
  }
}
