import Foundation
import SealedSupport
import SealedPackFiles
import Testing

@Suite struct CSVPackFileTests {
  static let sample = """
    \u{FEFF}Booster,Set,Collector_Number,Name,Foil,Notes\r
    box1-1,WAR,100,"Ob Nixilis, the Hate-Twisted",,first\r
    box1-1,war,254,Island,yes,\r
    box1-1,WAR,1,Karn's Bastion,0,"a ""quoted"" note"\r
    box1-2,WAR,★12,,TRUE,"two\r
    lines"\r
    \r
    box1-2,WAR,221a,Name,false,\r

    """

  @Test func readsARealisticSample() throws {
    let path = try PackFileTesting.file("packs.csv", Self.sample)
    var reader = try PackFileReader(path: path)
    let (format, source, gzipped) = (reader.format, reader.source, reader.isGzipped)
    #expect(format == .csv)
    #expect(source == path)
    #expect(!gzipped)
    let first = try #require(try reader.next())
    #expect(first.label == "box1-1")
    #expect(first.line == 2)
    #expect(
      first.cards == [
        ListedCard(setCode: "war", collectorNumber: "100", name: "Ob Nixilis, the Hate-Twisted", foil: nil, line: 2),
        ListedCard(setCode: "war", collectorNumber: "254", name: "Island", foil: true, line: 3),
        ListedCard(setCode: "war", collectorNumber: "1", name: "Karn's Bastion", foil: false, line: 4),
      ])
    let second = try #require(try reader.next())
    #expect(second.label == "box1-2")
    #expect(second.line == 5)
    #expect(
      second.cards == [
        ListedCard(setCode: "war", collectorNumber: "★12", name: nil, foil: true, line: 5),
        ListedCard(setCode: "war", collectorNumber: "221a", name: "Name", foil: false, line: 8),
      ])
    let end = try reader.next()
    #expect(end == nil)
    let read = reader.boostersRead
    #expect(read == 2)
  }

  @Test func columnsInAnyOrderWithoutNameOrFoil() throws {
    let path = try PackFileTesting.file("packs.csv", "collector_number,booster,SET\n1,a,war\n2,a,war\n3,b,dom\n")
    let boosters = try PackFileTesting.read(path)
    #expect(boosters.map(\.label) == ["a", "b"])
    #expect(boosters.map(\.size) == [2, 1])
    #expect(boosters[1].cards[0] == ListedCard(setCode: "dom", collectorNumber: "3", line: 4))
  }

  @Test func formatCanBeForced() throws {
    let path = try PackFileTesting.file("packs.txt", "booster,set,collector_number\n1,war,1\n")
    #expect(try PackFileTesting.read(path, format: .csv).count == 1)
  }

  @Test(arguments: [
    ("booster,set,name\n1,war,x\n", "packs.csv:1: the CSV header lacks the column collector_number (it needs booster, set, collector_number; name, foil and count are optional)"),
    ("booster,name\n1,x\n", "packs.csv:1: the CSV header lacks the columns set, collector_number (it needs booster, set, collector_number; name, foil and count are optional)"),
    // The second collector_number was ignored, the first one read.
    ("booster,set,collector_number,name,Collector_Number\n1,war,1,x,2\n", "packs.csv:1: columns 3 and 5 are both collector_number; expected each of booster, set, collector_number, name, foil, count, quantity once"),
    ("booster,set,collector_number\n1,war,1\n1,war\n", "packs.csv:3: row has 2 fields, the header has 3"),
    ("booster,set,collector_number\n1,war,1\n1,war, \n", "packs.csv:3: empty collector number (booster \"1\")"),
    ("booster,set,collector_number\n,war,1\n", "packs.csv:2: empty booster id"),
    ("booster,set,collector_number,foil\n1,war,1,maybe\n", "packs.csv:2: foil is \"maybe\"; expected true, false, 1, 0, yes, no or nothing (booster \"1\")"),
    ("booster,set,collector_number,name\n1,war,1,\"Ob Nixilis\n", "packs.csv:2: unterminated quote: a quoted field opened on this line never closes"),
    // Left open mid-file, the quote runs to the next one (a review: "row has 6 fields" alone).
    ("booster,set,collector_number,name\n1,war,1,\"Ob Nixilis\n1,war,2,x\n1,war,3,\"Tibalt, the Fiend-Blooded\"\n",
     "packs.csv:2: row has 5 fields, the header has 4 (a quoted field opened on this line closes on line 4: a quote left open?)"),
    ("booster,set,collector_number\na,war,1\nb,war,2\na,war,3\n", "packs.csv:4: booster \"a\" comes back after other boosters (it was first listed on line 2); the rows of a booster must be together"),
    ("booster,set,collector_number\n", "packs.csv: no boosters: the file lists no cards"),
  ])
  func errorsAreOneLineNamingFileAndLine(_ input: String, _ expected: String) throws {
    let path = try PackFileTesting.file("packs.csv", input)
    let error = try #require(PackFileTesting.error(path))
    #expect(error == path.replacingOccurrences(of: "packs.csv", with: "") + expected)
    #expect(!error.contains("\n"))
  }

  @Test func invalidUTF8NamesTheLine() throws {
    let bytes = Array("booster,set,collector_number,name\n1,war,1,ok\n1,war,2,".utf8) + [0xC3, 0x28] + Array("\n".utf8)
    let path = try PackFileTesting.file("packs.csv", bytes)
    #expect(PackFileTesting.error(path) == "\(path):3: field 4 is not valid UTF-8 text")
  }
}

@Suite struct CSVLineBreakTests {
  @Test(arguments: [
    ("booster,set,collector_number,foil\n1,war,1,\"yes\n2\"\n", "packs.csv:2: foil is \"yes\\n2\"; expected true, false, 1, 0, yes, no or nothing (booster \"1\")"),
    ("booster,set,collector_number\n\"a\nb\",war,1\n", "packs.csv:2: the booster id \"a\\nb\" holds a line break"),
    ("booster,set,collector_number,name\n1,war,1,\"Ob\r\nNixilis\"\n", "packs.csv:2: the name \"Ob\\nNixilis\" holds a line break"),
  ])
  func quotedLineBreaksGiveOneLineErrors(_ input: String, _ expected: String) throws {
    let path = try PackFileTesting.file("packs.csv", input)
    let error = try #require(PackFileTesting.error(path))
    #expect(error == String(path.dropLast("packs.csv".count)) + expected)
  }
}
