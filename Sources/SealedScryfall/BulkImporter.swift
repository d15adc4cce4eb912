import Foundation
import SealedSupport
import SealedCards
import SealedPackFiles

/// Stores the sets of a Scryfall bulk-data file (`default_cards`, `all_cards`: one JSON array of
/// card objects, hundreds of MB), plain or gzipped, in a `CardStore`, one file per set.
///
/// The file is read as a stream in 1 MiB chunks (inflated as read when gzipped): each card object goes, as the bytes it has in
/// the file, to a temporary file of its set; nothing is parsed whole. When the file has been
/// read to its end without a problem, each set is checked one at a time (so one set's cards
/// are in memory at most) and only then are all of them renamed into place: an import stores
/// every set it names or none. Memory: a 1 MiB chunk, the object being read, and at most
/// 32 KiB of buffered cards per set met.
package struct BulkImporter {
  /// The sets to keep (lowercase codes); nil keeps every set of the file.
  package var sets: [String]?
  /// Keep only card objects printed in this language (Scryfall's `lang`); objects without
  /// `lang` are kept. `all_cards` holds every language, `default_cards` English where it exists.
  package var language: String = "en"
  /// Called as the file is read, with the file's bytes read so far (compressed ones when it is
  /// gzipped) and the file's size.
  package var progress: ((Int, Int) -> Void)?

  package init(sets: [String]? = nil) {
    self.sets = sets?.map { $0.lowercased() }
  }

  /// One set the import stored (shared with the other card importer).
  package typealias StoredSet = StoredCardSet

  /// Imports `path` into `store` and returns the sets stored, by code.
  ///
  /// Throws a one-line `DataError` (nothing stored) for an unreadable file, JSON that is not
  /// an array of objects (with the line and column), a truncated file or gzip stream, a set of
  /// `sets` the file does not hold, or a set whose cards are not valid Scryfall cards.
  /// Cost: one pass over the file plus one parse of each kept set.
  package func importFile(_ path: String, into store: CardStore) throws(DataError) -> [StoredSet] {
    if let sets { for code in sets { try CardStore.validate(setCode: code) } }
    let input = try InputFile(path: path, noun: "file")
    let split = try splitBySet(input, path: path, store: store)
    try split.checkEverySetWasMet(sets, language: language, path: path)
    let stored = try split.finish(path: path)
    for code in split.order.sorted() { try split.pending[code]!.install() }
    return stored
  }

  /// The sets met in the file, in the order met, each with its cards in a temporary file.
  private struct SplitSets {
    var pending: [String: PendingSetFile] = [:]
    var order: [String] = []

    /// Deletes every temporary file.
    func discard() { pending.values.forEach { $0.discard() } }

    /// Throws (discarding every set) when a set asked for is missing, or no set was met.
    func checkEverySetWasMet(_ sets: [String]?, language: String, path: String) throws(DataError) {
      if let sets {
        if let missing = sets.first(where: { pending[$0] == nil }) {
          discard()
          throw DataError("the file holds no cards of set \(missing) (language \(language)); nothing was stored", at: path)
        }
      }
      guard !order.isEmpty else {
        throw DataError("the file holds no cards in language \(language); nothing was stored", at: path)
      }
    }

    /// Checks each set's cards, one set at a time, by code; throws (discarding every set) at
    /// the first that is not valid.
    func finish(path: String) throws(DataError) -> [StoredSet] {
      var stored: [StoredSet] = []
      for code in order.sorted() {
        do {
          let cards = try pending[code]!.finish(origin: "\(path): set \(code)")
          stored.append(StoredSet(code: code, cards: cards.count, file: pending[code]!.finalPath))
        } catch {
          discard()
          throw DataError("\(error.description); nothing was stored")
        }
      }
      return stored
    }
  }

  /// Reads the file in 1 MiB chunks, handing each card object of a set it keeps to that set's
  /// temporary file. On any problem every temporary file is discarded.
  private func splitBySet(_ input: InputFile, path: String, store: CardStore) throws(DataError) -> SplitSets {
    var info = stat()
    let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
    let source = "imported from \((path as NSString).lastPathComponent) on \(utcDate(Date()))"
    let wanted = sets.map(Set.init)
    var split = SplitSets()
    var scanner = JSONArrayScanner(target: .topLevelArray)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    do {
      while true {
        let count = try chunk.withUnsafeMutableBytes { (buffer) throws(DataError) in try input.read(into: buffer) }
        if count == 0 { break }
        try scanner.feed(chunk[0..<count]) { element in
          try keep(element, wanted: wanted, in: &split, store: store, source: source, path: path)
        }
        progress?(input.fileBytesRead, size)
      }
      try scanner.finish()
    } catch let error as DataError {
      split.discard()
      throw DataError("\(error.description); nothing was stored")
    } catch let problem as JSONArrayScanner.Problem {
      split.discard()
      throw DataError(
        "\(problem.message); expected a Scryfall bulk-data file (a JSON array of card objects); nothing was stored",
        at: DataError.location(path, line: problem.line, column: problem.column))
    } catch {
      split.discard()
      throw DataError("\(error); nothing was stored", at: path)
    }
    return split
  }

  /// Appends a card object to its set's temporary file (begun at the set's first card) when its
  /// set is `wanted` (nil: every set) and its language the importer's.
  private func keep(
    _ element: JSONArrayScanner.Element, wanted: Set<String>?, in split: inout SplitSets, store: CardStore, source: String,
    path: String
  ) throws(DataError) {
    guard let code = element.set?.lowercased() else {
      throw DataError("card \(element.number) has no \"set\" field", at: DataError.location(path, line: element.line))
    }
    if let wanted, !wanted.contains(code) { return }
    if let lang = element.lang, lang != language { return }
    if split.pending[code] == nil {
      do throws(DataError) {
        split.pending[code] = try store.beginSet(code, source: source)
      } catch {
        // A card folder file in the way is named itself (it was named as the input's line).
        throw DataError(error.message, at: error.location ?? DataError.location(path, line: element.line))
      }
      split.order.append(code)
    }
    try split.pending[code]!.append(cardObject: element.bytes, line: element.line)
  }
}
