import Foundation
import SealedSupport
import SealedPackFiles
import Testing

@Suite struct TextListFileTests {
  static let sample = """
    # Two boosters from my WAR box
    // pasted from Moxfield

    1 Ob Nixilis, the Hate-Twisted (WAR) 100
    WAR 254
    Karn's Bastion (WAR) 248 *F*
    2x Island (WAR) 254
    Ugin, the Ineffable
    Feather, the Redeemed (war)


    Pack 2:
    # a comment inside a block
    war 1 (foil)
    1 Lim-Dûl's Vault
    10 Plains

    """

  @Test func readsARealisticSample() throws {
    let path = try PackFileTesting.file("packs.txt", Self.sample)
    var reader = try PackFileReader(path: path)
    let format = reader.format
    #expect(format == .text)
    let first = try #require(try reader.next())
    #expect(first.label == "booster 1")
    #expect(first.line == 4)
    #expect(
      first.cards == [
        ListedCard(setCode: "war", collectorNumber: "100", name: "Ob Nixilis, the Hate-Twisted", line: 4),
        ListedCard(setCode: "war", collectorNumber: "254", line: 5),
        ListedCard(setCode: "war", collectorNumber: "248", name: "Karn's Bastion", foil: true, line: 6),
        ListedCard(setCode: "war", collectorNumber: "254", name: "Island", count: 2, line: 7),
        ListedCard(name: "Ugin, the Ineffable", line: 8),
        ListedCard(setCode: "war", name: "Feather, the Redeemed", line: 9),
      ])
    #expect(first.size == 7)
    let second = try #require(try reader.next())
    #expect(second.label == "Pack 2")
    #expect(second.line == 12)
    #expect(
      second.cards == [
        ListedCard(setCode: "war", collectorNumber: "1", foil: true, line: 14),
        ListedCard(name: "Lim-Dûl's Vault", line: 15),
        ListedCard(name: "Plains", count: 10, line: 16),
      ])
    let end = try reader.next()
    #expect(end == nil)
  }

  @Test func headersAndDefaultLabels() throws {
    let text = "Booster 7\nWAR 1\n\nWAR 2\n\nbooster #9\nWAR 3\n\nBox 1, pack 3:\n\nWAR 4\n"
    let boosters = try PackFileTesting.read(try PackFileTesting.file("list.txt", text))
    #expect(boosters.map(\.label) == ["Booster 7", "booster 2", "booster #9", "Box 1, pack 3"])
    #expect(boosters.map(\.line) == [1, 4, 6, 9])
  }

  /// A numbered header starts a booster wherever it is, so a list pasted without blank lines
  /// between its boosters reads as it was meant (before, `Booster 2:` was read as a card).
  @Test func aNumberedHeaderStartsABoosterWithoutABlankLine() throws {
    let text = "Booster 1:\nWAR 1\nWAR 2\nBooster 2:\nWAR 3\nPack #3\nWAR 4\nBooster Tutor\nbooster 4\nWAR 5\n"
    let boosters = try PackFileTesting.read(try PackFileTesting.file("list.txt", text))
    #expect(boosters.map(\.label) == ["Booster 1", "Booster 2", "Pack #3", "booster 4"])
    #expect(boosters.map(\.line) == [1, 4, 6, 9])
    #expect(boosters.map { $0.cards.map(\.line) } == [[2, 3], [5], [7, 8], [10]])
    #expect(boosters[2].cards[1].name == "Booster Tutor", "a card whose name starts with Booster stays a card")
    // A header right after another still lists no cards.
    let path = try PackFileTesting.file("list.txt", "WAR 1\nBooster 2:\nBooster 3:\nWAR 2\n")
    #expect(PackFileTesting.error(path) == "\(path):3: booster \"Booster 2\" (line 2) lists no cards before the header \"Booster 3\"")
  }

  @Test func aCapitalizedWordBeforeANumberIsAName() throws {
    let boosters = try PackFileTesting.read(try PackFileTesting.file("list.txt", "Swamp 12\nwar 12\nM21 7\n"))
    #expect(
      boosters[0].cards == [
        ListedCard(name: "Swamp 12", line: 1), ListedCard(setCode: "war", collectorNumber: "12", line: 2),
        ListedCard(setCode: "m21", collectorNumber: "7", line: 3),
      ])
  }

  @Test func aPackRatIsACardNotAHeader() throws {
    let boosters = try PackFileTesting.read(try PackFileTesting.file("list.txt", "Pack Rat\n+2 Mace\n"))
    #expect(boosters.count == 1)
    #expect(boosters[0].cards.map(\.name) == ["Pack Rat", "+2 Mace"])
  }

  @Test(arguments: [
    ("WAR 1\nOb Nixilis (WAR 100\n", "list.txt:2: \"Ob Nixilis (WAR 100\" is not a card line (expected e.g. \"1 Name (SET) 100\", \"SET 100\", \"Name (SET)\" or a name) (booster \"booster 1\")"),
    // A spreadsheet's tab-separated export says so (a review: it read as a text list, no word of tabs).
    ("booster\tset\tcollector_number\n1\twar\t100\n", "list.txt:1: \"booster\\tset\\tcollector_number\" is not a card line (expected e.g. \"1 Name (SET) 100\", \"SET 100\", \"Name (SET)\" or a name); its fields are separated by tabs: save the file as CSV (commas or semicolons), whose header names booster, set and collector_number (booster \"booster 1\")"),
    ("WAR 1\n\n1,war,100\n", "list.txt:3: \"1,war,100\" is not a card line (expected e.g. \"1 Name (SET) 100\", \"SET 100\", \"Name (SET)\" or a name) (booster \"booster 2\")"),
    ("WAR 1\n[[\(String(repeating: "x", count: 80))]]\n", "list.txt:2: \"[[\(String(repeating: "x", count: 58))…\" is not a card line (expected e.g. \"1 Name (SET) 100\", \"SET 100\", \"Name (SET)\" or a name) (booster \"booster 1\")"),
    ("Pack 3:\n0 Island (WAR) 254\n", "list.txt:2: a count of 0 in \"0 Island (WAR) 254\"; leave the line out instead (booster \"Pack 3\")"),
    ("-1 Island\n", "list.txt:1: the count \"-1\" is not a whole number from 1 to 100 (booster \"booster 1\")"),
    ("1.5x Island\n", "list.txt:1: the count \"1.5x\" is not a whole number from 1 to 100 (booster \"booster 1\")"),
    ("1000000000 Island\n", "list.txt:1: the count \"1000000000\" is not a whole number from 1 to 100 (booster \"booster 1\")"),
    // A list without blank lines is refused at its 1001st card, not read whole.
    ("Pack 1\n" + String(repeating: "WAR 108\n", count: 1200), "list.txt:1002: Pack 1 holds more than 1000 cards by this line; expected boosters separated by blank lines"),
    ("101 Island\n", "list.txt:1: a count of 101 is more than a booster holds (at most 100) (booster \"booster 1\")"),
    ("\n# only comments\n// and blank lines\n\n", "list.txt: no boosters: the file is empty or has only blank lines and comments"),
    ("", "list.txt: no boosters: the file is empty or has only blank lines and comments"),
    ("Booster 1\n\nBooster 2\nWAR 1\n", "list.txt:3: booster \"Booster 1\" (line 1) lists no cards before the header \"Booster 2\""),
    ("WAR 1\n\nBooster 2\n", "list.txt:3: booster \"Booster 2\" lists no cards"),
  ])
  func errorsAreOneLineNamingFileLineAndBooster(_ input: String, _ expected: String) throws {
    let path = try PackFileTesting.file("list.txt", input)
    let error = try #require(PackFileTesting.error(path))
    #expect(error == String(path.dropLast("list.txt".count)) + expected)
  }

  @Test func invalidUTF8NamesTheLine() throws {
    let path = try PackFileTesting.file("list.txt", Array("WAR 1\nIsland\n".utf8) + [0xFF, 0x41, 0x0A])
    #expect(PackFileTesting.error(path) == "\(path):3: line is not valid UTF-8 text")
  }

  @Test func missingFileAndFolderAreOneLine() throws {
    let folder = try PackFileTesting.file("x.txt", "WAR 1\n")
    let directory = (folder as NSString).deletingLastPathComponent
    #expect(PackFileTesting.error(directory) == "\(directory): is a folder, not a pack file")
    let missing = directory + "/nope.csv"
    #expect(PackFileTesting.error(missing) == "\(missing): cannot open the pack file (no such file or directory)")
  }
}
