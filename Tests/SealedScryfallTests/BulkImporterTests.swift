import Foundation
import SealedSupport
import SealedCards
import SealedScryfall
import SealedTestSupport
import Testing

/// `BulkImporter` on bulk-data files made from the shipped sets.
@Suite struct BulkImporterTests {
  static let nineSets = ["dom", "eld", "grn", "m19", "m20", "rix", "rna", "war", "xln"]

  /// A bulk file of the nine shipped sets, their cards interleaved as in Scryfall's files
  /// (which are not grouped by set), plus a Japanese printing of every tenth card.
  static func bulkFile(in folder: URL) throws -> String {
    var perSet = try nineSets.map { try FakeScryfall.cardObjects(inFile: Fixtures.shippedCardFile("\($0).json")) }
    var lines: [Data] = []
    var position = 0
    while perSet.contains(where: { !$0.isEmpty }) {
      let index = position % perSet.count
      position += 1
      guard !perSet[index].isEmpty else { continue }
      let card = perSet[index].removeFirst()
      lines.append(card)
      if lines.count % 10 == 0, var object = try JSONSerialization.jsonObject(with: card) as? [String: Any] {
        object["lang"] = "ja"
        object["name"] = "Japanese printing"
        lines.append(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
      }
    }
    var text = Data("[\n".utf8)
    for (index, line) in lines.enumerated() {
      text.append(line)
      text.append(Data((index + 1 < lines.count ? ",\n" : "\n").utf8))
    }
    text.append(Data("]\n".utf8))
    let path = folder.appendingPathComponent("default-cards.json").path
    try text.write(to: URL(fileURLWithPath: path))
    return path
  }

  func store() throws -> CardStore {
    CardStore(path: try Fixtures.temporaryDirectory("sealed-import").appendingPathComponent("cards").path)
  }

  @Test(.heavy) func aBulkFileOfTheNineSetsStoresNineSetsEqualToTheShippedOnes() throws {
    let folder = try Fixtures.temporaryDirectory("sealed-bulk")
    let bulk = try Self.bulkFile(in: folder)
    let store = try store()
    let stored = try BulkImporter().importFile(bulk, into: store)
    #expect(stored.map(\.code) == Self.nineSets)
    #expect(store.storedSets() == Self.nineSets)
    let shipped = try ShippedData.database()
    for code in Self.nineSets {
      let cards = try CardDatabase.load(path: store.file(forSet: code)).cards(ofSet: code)
      #expect(cards == shipped.cardsBySet[code], "set \(code)")
    }
    #expect(store.source(ofSet: "war") == "imported from default-cards.json on \(Self.today())")
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.path).sorted() == Self.nineSets.map { "\($0).json" })
  }

  @Test func onlyTheChosenSets() throws {
    let bulk = try Self.bulkFile(in: try Fixtures.temporaryDirectory("sealed-bulk"))
    let store = try store()
    let stored = try BulkImporter(sets: ["WAR", "dom"]).importFile(bulk, into: store)
    #expect(stored.map(\.code) == ["dom", "war"])
    #expect(stored.map(\.cards) == [280, 275])
    #expect(store.storedSets() == ["dom", "war"])
  }

  /// A gzipped bulk file is read as it is inflated (it was refused: `gunzip it first`), and
  /// stores what the plain file does; its progress counts the file's compressed bytes, up to its
  /// size. A gzip stream cut short stores nothing, in one line.
  @Test func aGzippedBulkFileStoresWhatThePlainOneDoes() throws {
    let folder = try Fixtures.temporaryDirectory("sealed-bulk")
    let bulk = try Self.bulkFile(in: folder)
    let plain = try store()
    _ = try BulkImporter(sets: ["war", "dom"]).importFile(bulk, into: plain)
    let gzipped = bulk + ".gz"
    try ReleaseFixtures.gzipped(try Data(contentsOf: URL(fileURLWithPath: bulk))).write(to: URL(fileURLWithPath: gzipped))
    let store = try store()
    var importer = BulkImporter(sets: ["war", "dom"])
    var reported: [(Int, Int)] = []
    importer.progress = { reported.append(($0, $1)) }
    let stored = try importer.importFile(gzipped, into: store)
    #expect(stored.map(\.code) == ["dom", "war"] && stored.map(\.cards) == [280, 275])
    for code in ["dom", "war"] {
      #expect(try CardDatabase.load(path: store.file(forSet: code)).cards(ofSet: code) == CardDatabase.load(path: plain.file(forSet: code)).cards(ofSet: code))
    }
    let size = try FileManager.default.attributesOfItem(atPath: gzipped)[.size] as! Int
    #expect(reported.last.map { $0.0 == size && $0.1 == size } == true, "\(reported.suffix(2))")
    let cut = try Data(contentsOf: URL(fileURLWithPath: gzipped))
    let cutPath = folder.appendingPathComponent("cut.json.gz").path
    try cut.prefix(cut.count / 2).write(to: URL(fileURLWithPath: cutPath))
    let empty = try self.store()
    #expect {
      try BulkImporter().importFile(cutPath, into: empty)
    } throws: { error in
      let description = (error as? DataError)?.description ?? ""
      return description.contains(cutPath) && description.contains("truncated") && description.hasSuffix("nothing was stored")
    }
    #expect(empty.storedSets().isEmpty)
  }

  @Test func anotherLanguage() throws {
    let bulk = try Self.bulkFile(in: try Fixtures.temporaryDirectory("sealed-bulk"))
    var importer = BulkImporter(sets: ["war"])
    importer.language = "ja"
    let store = try store()
    let stored = try importer.importFile(bulk, into: store)
    #expect(stored.first?.cards ?? 0 > 0)
    #expect(try CardDatabase.load(path: store.file(forSet: "war")).cards(ofSet: "war").allSatisfy { $0.name == "Japanese printing" })
  }

  /// Each bad file: one line naming the file (and line and column where there is one), and
  /// nothing stored, not even the sets read before the problem.
  @Test(arguments: [
    ("cut", "the input ends in the middle of the JSON (truncated?)"),
    ("object", ":1:1: expected a JSON array of card objects ('['), found '{'"),
    ("number", "element 3 of the array is not a JSON object (found '7')"),
    ("rarity", "set war, card 1 at line 1: the cards of war do not make a valid card file"),
    ("missing", "the file holds no cards of set mh3 (language en); nothing was stored"),
    // A printing twice (found by a review: stored, and counted one card more than the set had).
    ("twice", "set war: collector number 1 twice (line 2 and line 4); expected each printing of war once; nothing was stored"),
  ])
  func badFilesStoreNothing(kind: String, message: String) throws {
    let folder = try Fixtures.temporaryDirectory("sealed-bulk")
    let war = Fixtures.cardJSON(set: "war", number: "1", name: "A")
    let dom = Fixtures.cardJSON(set: "dom", number: "1", name: "B")
    let text: String
    var sets: [String]? = nil
    switch kind {
    case "cut": text = "[\n\(war),\n\(dom),\n\(war.prefix(40))"
    case "object": text = "{\"object\":\"list\"}"
    case "number": text = "[\(war),\(dom),7]"
    case "rarity": text = "[\(dom),\(war.replacingOccurrences(of: "\"common\"", with: "\"epic\""))]"
    case "twice": text = "[\n\(war),\n\(dom),\n\(war)\n]"
    default:
      text = "[\(war)]"
      sets = ["mh3"]
    }
    let path = try Fixtures.write(text, to: "bulk.json", in: folder)
    let store = try store()
    #expect {
      try BulkImporter(sets: sets).importFile(path, into: store)
    } throws: { error in
      let description = (error as? DataError)?.description ?? ""
      // The card file made from it is temporary and gone: never named (".war.json.partial-...").
      return description.contains(message) && description.hasSuffix("nothing was stored") && description.contains(path)
        && !description.contains(".partial-")
        && !description.contains("\n")
    }
    #expect(store.storedSets().isEmpty)
    let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
  }

  static func today() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
  }
}
