import Foundation
import SealedSupport

/// The sets a card data location offers, each summarised with where it comes from: what
/// `sealed sets` and `sealed cards list` print.
///
/// Shipped sets are summarised from their `ShippedSetIndex`, so listing every set reads none of
/// the nine shipped Scryfall files and inflates none of the 204 gzipped field files; every other
/// file (the user's) is read and summarised.
package enum SetCatalog {
  /// One set: its summary (with what is known to be missing in its warnings) and its origin.
  package struct Entry: Sendable, Equatable {
    package var summary: SetSummary
    /// `shipped`, `fetched`, `imported` or `local` (the user's card folder, by the source the
    /// file records), `given` (--cards or SEALED_CARDS), or `none` for a set the field names
    /// that no data holds.
    package var origin: CardDataOrigin
    /// Where the cards came from, in words.
    package var source: String
    /// The file read, or empty.
    package var file: String
  }

  /// The source of the nine full Scryfall sets shipped with Sealed.
  package static let shippedScryfallSource = "shipped with Sealed (Scryfall; 2019)"

  /// Every set of `location`, ordered by code, or only `sets`, in the order given (an unknown one
  /// is an error).
  ///
  /// - Parameter includeEmpty: also list the sets the field's booster data names for which no
  ///   data ships (zero cards; origin `none`), so that the gap shows.
  /// Cost: reading and parsing the user's files, plus the shipped indexes (about 80 KB).
  package static func entries(
    of location: CardDataLocation, sets: [String]? = nil, includeEmpty: Bool = false
  ) throws(DataError) -> [Entry] {
    let wanted = sets.map { Set($0.map { $0.lowercased() }) }
    switch location.kind {
    case .given(let path, let givenBy):
      let database = try location.load()
      if let wanted, let missing = wanted.sorted().first(where: { database.cardsBySet[$0] == nil }) {
        _ = try database.cards(ofSet: missing)
      }
      let entries = database.setCodes.filter { wanted?.contains($0) ?? true }.map { code in
        Entry(summary: summary(code, database), origin: .given, source: "by \(givenBy)", file: path)
      }
      return ordered(entries, as: sets)
    case .layered(let store, let shipped):
      return ordered(try layeredEntries(location, store: store, shipped: shipped, wanted: wanted, includeEmpty: includeEmpty), as: sets)
    }
  }

  private static func layeredEntries(
    _ location: CardDataLocation, store: CardStore, shipped: String?, wanted: Set<String>?, includeEmpty: Bool
  ) throws(DataError) -> [Entry] {
    let available = location.availableSets()
    var nine: [String: ShippedSetIndex.Record] = [:]
    var field: [String: ShippedSetIndex.Record] = [:]
    if let shipped {
      nine = try ShippedSetIndex(folder: shipped).records() ?? [:]
      field = try FieldCardData(shippedCards: shipped).index.records() ?? [:]
    }
    if let wanted {
      for code in wanted.sorted() where !available.contains(where: { $0.code == code }) {
        guard includeEmpty, field[code]?.summary.cards == 0 else {
          throw location.unknownSet(code, available: available)
        }
      }
    }
    var entries: [Entry] = []
    var toRead: [(set: CardDataLocation.Entry, record: ShippedSetIndex.Record?)] = []
    for set in available where wanted?.contains(set.code) ?? true {
      let record = set.origin == .shipped ? (set.isFieldData ? field : nine)[set.code] : nil
      if let record, record.summary.cards > 0 {
        entries.append(Entry(summary: record.summaryWithGaps, origin: set.origin, source: record.sourceDescription, file: set.file))
      } else {
        toRead.append((set, record))
      }
    }
    // Sets without a summary made in advance: the user's, or shipped ones the index lacks.
    let database = try CardDatabase.load(files: toRead.map(\.set.file))
    for (set, record) in toRead {
      var summary = summary(set.code, database)
      summary.warnings += record?.gaps ?? []
      if set.origin == .fetched {
        let recorded = store.source(ofSet: set.code)
        entries.append(
          Entry(summary: summary, origin: CardDataOrigin(cardFolderSource: recorded), source: recorded ?? "put there by hand", file: set.file))
        continue
      }
      let source = record?.sourceDescription ?? (set.isFieldData ? "shipped with Sealed" : shippedScryfallSource)
      entries.append(Entry(summary: summary, origin: set.origin, source: source, file: set.file))
    }
    if includeEmpty {
      let present = Set(available.map(\.code))
      for (code, record) in field where record.summary.cards == 0 && !present.contains(code) && (wanted?.contains(code) ?? true) {
        entries.append(Entry(summary: record.summaryWithGaps, origin: .noData, source: "", file: ""))
      }
    }
    return entries.sorted { $0.summary.code < $1.summary.code }
  }

  /// `entries` in the order `sets` names them (each once), or as they are without `sets`.
  static func ordered(_ entries: [Entry], as sets: [String]?) -> [Entry] {
    guard let sets else { return entries }
    var position: [String: Int] = [:]
    for code in sets.map({ $0.lowercased() }) where position[code] == nil { position[code] = position.count }
    return entries.sorted { (position[$0.summary.code] ?? .max, $0.summary.code) < (position[$1.summary.code] ?? .max, $1.summary.code) }
  }

  private static func summary(_ code: String, _ database: CardDatabase) -> SetSummary {
    SetSummary(CardSet(code: code, cards: database.cardsBySet[code] ?? []))
  }
}
