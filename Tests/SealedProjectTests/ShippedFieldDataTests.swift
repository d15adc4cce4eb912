import Foundation
import SealedSupport
import SealedCards
import SealedTestSupport
import Testing

/// The field's card data shipped with Sealed (`Sources/SealedData/Resources/cards/field`): its
/// files hold what the sources' `index.csv` says, and the summaries `sealed sets` reads from
/// `sets.jsonl` are what the data gives.
@Suite struct ShippedFieldDataTests {
  /// One row of field/index.csv.
  struct Row: Sendable, CustomTestStringConvertible {
    var code: String, cards: Int, sources: String, withoutTypeLine: Int, withoutColors: Int
    var testDescription: String { code }
  }

  static let field = FieldCardData(shippedCards: Fixtures.shippedCards)

  /// index.csv as written by the sources' composer (CRLF lines, the sources column quoted when
  /// it holds a comma).
  static let rows: [Row] = {
    let path = (field.folder as NSString).appendingPathComponent("index.csv")
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(whereSeparator: \.isNewline).dropFirst().map { line in
      let fields = CSVLine.fields(String(line))
      return Row(
        code: fields[0], cards: Int(fields[1]) ?? -1, sources: fields[2], withoutTypeLine: Int(fields[3]) ?? -1,
        withoutColors: Int(fields[4]) ?? -1)
    }
  }()

  @Test func theIndexNamesEverySetTheReadmeCounts() throws {
    #expect(Self.rows.count == 264)
    #expect(Self.rows.filter { $0.cards > 0 }.count == 204)
    #expect(Self.rows.reduce(0) { $0 + $1.cards } == 52_812)
    #expect(Self.rows.filter { $0.cards == 0 }.count == 60)
    // Every set with cards has its file, and no file is left over.
    #expect(Self.field.setCodes() == Self.rows.filter { $0.cards > 0 }.map(\.code).sorted())
  }

  /// Each set's file holds the cards index.csv counts, and sets.jsonl holds the summary that
  /// `sealed sets` would make from them, with index.csv's facts.
  @Test(.heavy, arguments: rows)
  func eachSetAgreesWithTheIndexAndTheSummaries(_ row: Row) throws {
    let records = try #require(try Self.field.index.records())
    let record = try #require(records[row.code])
    #expect(record.summary.cards == row.cards)
    #expect(record.sources == row.sources)
    #expect(record.withoutTypeLine == row.withoutTypeLine)
    #expect(record.withoutColors == row.withoutColors)
    guard row.cards > 0 else {
      #expect(record.summary.warnings.isEmpty)
      #expect(record.gaps.first?.hasPrefix("no card data") == true)
      return
    }
    let cards = try CardFileReader.read(path: Self.field.file(forSet: row.code))
    #expect(cards.count == row.cards)
    #expect(cards.allSatisfy { $0.setCode == row.code })
    #expect(cards.filter(\.typeLine.isEmpty).count == row.withoutTypeLine)
    #expect(SetSummary(CardSet(code: row.code, cards: cards)) == record.summary, "run scripts/make-field-cards.py")
  }

  @Test func theNineSetsSummariesAreWhatTheirFilesGive() throws {
    let records = try #require(try ShippedSetIndex(folder: Fixtures.shippedCards).records())
    let database = try ShippedData.database()
    #expect(records.keys.sorted() == database.setCodes)
    for code in database.setCodes {
      let record = try #require(records[code])
      #expect(record.summary == SetSummary(try CardSet(code: code, in: database)), "run scripts/make-field-cards.py")
      #expect(record.sourceDescription == SetCatalog.shippedScryfallSource)
      #expect(record.gaps.isEmpty)
    }
  }

  @Test func whatIsMissingIsSaidPerSet() throws {
    let records = try #require(try Self.field.index.records())
    // how-rare alone: first printings only, and most cards without type line or colours.
    let mkm = try #require(records["mkm"]).summaryWithGaps
    #expect(mkm.name == "Murders at Karlov Manor")
    #expect(mkm.warnings.contains("264 cards without a type line (their types are unknown; a basic land among them is not counted)"))
    #expect(mkm.warnings.contains("264 cards without colours (the sources give none)"))
    #expect(mkm.warnings.contains { $0.hasPrefix("first printings only") })
    #expect(mkm.warnings.contains { $0.hasPrefix("collector numbers missing: 273, 276-278, 280-285") })
    // lci: two cards have a type line but no colours.
    #expect(try #require(records["lci"]).gaps.contains("277 cards without colours (the sources give none)"))
    // MTGJSON: every printing, nothing missing.
    let afr = try #require(records["afr"]).summaryWithGaps
    #expect(afr.warnings.isEmpty)
    #expect(afr.boosterMax == 281)
    #expect(try #require(records["spg"]).summaryWithGaps.warnings == [
      "no card data: no public extract shipped with Sealed holds this set (sealed cards fetch spg downloads it from Scryfall)"
    ])
  }

  /// `sources` is read once into the extracts it names; `firstPrintingsOnly` asks those.
  @Test func eachSetsSourcesAreReadIntoTheirExtracts() throws {
    let records = try #require(try Self.field.index.records())
    #expect(try #require(records["mkm"]).extracts == [.howRare])
    #expect(try #require(records["afr"]).extracts == [.mtgjson])
    #expect(try #require(records["10e"]).extracts == [.mtgjson, .howRare])
    #expect(try #require(records["spg"]).extracts == [])
    #expect(records.values.filter(\.firstPrintingsOnly).count == Self.rows.filter { $0.sources.hasPrefix("how-rare") }.count)
    let nine = try #require(try ShippedSetIndex(folder: Fixtures.shippedCards).records())
    #expect(nine.values.allSatisfy { $0.extracts == [.scryfall] })
  }

  @Test func aSourceOfNoKnownExtractIsAnErrorNamingTheLine() throws {
    let folder = try Fixtures.temporaryDirectory()
    let line = #"{"code":"abc","name":"A","cards":0,"booster_max":null,"commons":null,"uncommons":null,"rares":null,"#
      + #""mythics":null,"basic_lands":0,"warnings":[],"sources":"MTGJSON v5 (2021) + a scan","without_type_line":0,"without_colors":0}"#
    let path = try Fixtures.write(line + "\n", to: ShippedSetIndex.fileName, in: folder)
    #expect(
      throws: DataError(
        #"field sources: unknown source "a scan"; expected Scryfall; ..., MTGJSON ... or how-rare ..., joined by " + "; expected one set's summary and sources as a JSON object"#,
        at: DataError.location(path, line: 1))
    ) { try ShippedSetIndex(folder: folder.path).records() }
  }
}
