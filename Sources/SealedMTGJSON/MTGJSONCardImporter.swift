import Foundation
import SealedSupport
import SealedCards

/// Stores the sets of an MTGJSON file (a set file such as WAR.json, or AllPrintings.json; plain
/// or gzipped) in a `CardStore`, one Scryfall-shaped file per set, as `sealed cards import`
/// does with Scryfall's bulk data.
///
/// The file is read as a stream, one set at a time: a set's entries are parsed, the faces of
/// each multi-face printing joined into one card (one entry per face in MTGJSON), and the set
/// written to a temporary file and checked before the next set is read. Only when the whole
/// file was read are the sets renamed into place: an import stores every set it names or none.
/// Memory: one set's entries, whatever the size of the file.
package struct MTGJSONCardImporter {
  /// The sets to keep (codes, any case); nil keeps every set of the file.
  package var sets: [String]?
  /// Called after each set is read, with the number of sets read so far and the set's code.
  package var progress: ((Int, String) -> Void)?

  package init(sets: [String]? = nil) {
    self.sets = sets?.map { $0.lowercased() }
  }

  /// One set the import stored (shared with the other card importer).
  package typealias StoredSet = StoredCardSet

  /// Imports `path` into `store` and returns the sets stored, by code.
  ///
  /// Throws a one-line `DataError` (nothing stored) for an unreadable, truncated or corrupt
  /// file, a file that is not MTGJSON (with the line and column), a card without a name,
  /// number, rarity or uuid, an unknown rarity, or a set of `sets` the file does not hold.
  /// Cost: one pass over the file, one parse of each card kept, one check of each set stored.
  package func importFile(_ path: String, into store: CardStore) throws(DataError) -> [StoredSet] {
    if let sets { for code in sets { try CardStore.validate(setCode: code) } }
    let wanted = sets.map(Set.init)
    var reader = MTGJSONReader(path: path)
    if let wanted { reader.cardsOf = { wanted.contains($0.lowercased()) } }
    var finished: [(PendingSetFile, Int)] = []
    var seen = 0
    let source = "imported from \((path as NSString).lastPathComponent) (MTGJSON) on \(Self.today())"
    do throws(DataError) {
      let meta = try reader.read { set throws(DataError) in
        seen += 1
        defer { progress?(seen, set.code) }
        let code = set.sealedCode
        if let wanted, !wanted.contains(code) { return }
        guard !finished.contains(where: { $0.0.code == code }) else {
          throw DataError("set \(set.code) appears twice in the file", at: set.place)
        }
        finished.append(try Self.stage(set, in: store, source: source))
      }
      _ = meta
      if let sets, let missing = sets.first(where: { code in !finished.contains { $0.0.code == code } }) {
        throw DataError("the file holds no cards of set \(missing)", at: path)
      }
      guard !finished.isEmpty else { throw DataError("the file holds no set with English cards", at: path) }
    } catch {
      finished.forEach { $0.0.discard() }
      throw DataError("\(error.description); nothing was stored")
    }
    for (file, _) in finished { try file.install() }
    return finished.map { StoredSet(code: $0.0.code, cards: $0.1, file: $0.0.finalPath) }.sorted { $0.code < $1.code }
  }

  /// Writes one set to a temporary file of the store and checks it; returns the file (not yet
  /// in place) and its number of cards.
  static func stage(_ set: MTGJSONSet, in store: CardStore, source: String) throws(DataError) -> (PendingSetFile, Int) {
    let code = set.sealedCode
    do throws(DataError) {
      try CardStore.validate(setCode: code)
    } catch {
      throw DataError(error.message, at: set.place)
    }
    let printings = MTGJSONPrinting.group(set.entries)
    for printing in printings {
      let rarity = printing.faces[0].rarity ?? ""
      // `unknown` is Sealed's word for a card without data, never a card file's rarity.
      let rarities = Rarity.allCases.filter { $0 != .unknown }
      guard let known = Rarity(rawValue: rarity), known != .unknown else {
        throw DataError(
          "card \(printing.number) (\(printing.faces[0].name ?? "")): unknown rarity \"\(rarity)\"; expected one of \(rarities.map(\.rawValue).joined(separator: ", "))",
          at: set.place)
      }
    }
    let file: PendingSetFile
    do throws(DataError) {
      file = try store.beginSet(code, source: source)
    } catch {
      throw DataError(error.message, at: set.place)
    }
    do throws(DataError) {
      for printing in printings {
        try file.append(cardObject: printing.scryfallObject(setCode: code, setName: set.name).json())
      }
      let cards = try file.finish(origin: set.place)
      return (file, cards.count)
    } catch {
      file.discard()
      throw error
    }
  }

  /// The cards of a set as Sealed's `Card`s, in collector-number order (what a stored set
  /// gives when read back). Cost: one encode and parse of each card.
  static func cards(of set: MTGJSONSet) throws(DataError) -> [Card] {
    let printings = MTGJSONPrinting.group(set.entries)
    var json: [UInt8] = Array("[".utf8)
    for (index, printing) in printings.enumerated() {
      if index > 0 { json.append(UInt8(ascii: ",")) }
      json += printing.scryfallObject(setCode: set.sealedCode, setName: set.name).json()
    }
    json += Array("]".utf8)
    return try CardFileReader.parse(Data(json), source: set.place)
  }

  private static func today() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
  }
}
