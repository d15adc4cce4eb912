import Foundation
import SealedSupport

/// Every card loaded from one file or folder, grouped by set.
public struct CardDatabase: Sendable {
  /// The files that were read, in reading order.
  package let files: [String]
  /// Cards per lowercase set code, each list ordered by collector number.
  package let cardsBySet: [String: [Card]]
  /// Per set code, the highest collector number of a basic land (`CardSet.defaultBoosterMax`),
  /// for the sets that have one: found once here, not again for every product that draws from
  /// the set (the listing makes a `CardSet` per product).
  package let highestBasicBySet: [String: Int]

  /// Set codes in alphabetical order.
  package var setCodes: [String] { cardsBySet.keys.sorted() }

  /// A database of `cards` read from `files`, grouped by `setCode` as given (card readers lowercase it).
  /// Cost: O(n log n) for n cards (each set is sorted by collector number).
  public init(cards: [Card], files: [String] = []) {
    self.files = files
    self.cardsBySet = Dictionary(grouping: cards, by: \.setCode)
      .mapValues { $0.sorted { $0.collectorNumber < $1.collectorNumber } }
    self.highestBasicBySet = cardsBySet.compactMapValues(CardSet.highestBasic)
  }

  /// The cards of one set, ordered by collector number, or a `DataError` that lists the sets
  /// that are available.
  package func cards(ofSet code: String) throws(DataError) -> [Card] {
    if let cards = cardsBySet[code.lowercased()] { return cards }
    if cardsBySet.isEmpty, !files.isEmpty {
      throw DataError("unknown set \"\(code)\": \(CardDataLocation.describe(files)) holds no cards; expected card data (a JSON array of cards)")
    }
    throw DataError(
      "unknown set \"\(code)\"; available sets: \(setCodes.joined(separator: ", "))"
        + (files.isEmpty ? "" : " (from \(CardDataLocation.describe(files)))"))
  }

  /// Loads a JSON file, or every `.json` file directly inside a folder (in name order); a file
  /// may be gzipped (`.json.gz`), and is then inflated whole in memory.
  ///
  /// The same (set, collector number) may appear more than once only with the same name;
  /// later copies are dropped. Throws a `DataError` naming the file for a missing path, a
  /// folder without JSON files, or any problem `CardFileReader` reports.
  /// Cost: O(total bytes); the nine shared sets load in well under a second.
  public static func load(path: String) throws(DataError) -> CardDatabase {
    try load(files: files(path: path))
  }

  /// The files `load(path:)` reads: the file itself, or a folder's `.json` and `.json.gz`
  /// files in name order. Throws the same errors for a missing path or an empty folder.
  /// Cost: one `stat`, and one folder listing for a folder.
  package static func files(path: String) throws(DataError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw DataError("no such file or folder", at: path)
    }
    guard isDirectory.boolValue else { return [path] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw DataError("cannot list the folder (\(systemErrorReason(error)))", at: path)
    }
    let files = names.filter(CardFileReader.isCardFileName).sorted()
      .map { (path as NSString).appendingPathComponent($0) }
    guard !files.isEmpty else {
      throw DataError("the folder has no .json or .json.gz files; expected Scryfall card data", at: path)
    }
    return files
  }

  /// Loads the given JSON files in order, with the same rules as `load(path:)`. The files are
  /// read and decoded on every core, then taken in order: the cards, and the first error in
  /// file order, are those of reading them one by one.
  package static func load(files: [String]) throws(DataError) -> CardDatabase {
    let decoded = ParallelMap.map(files.count) { index -> Result<(data: Data, cards: [(index: Int, card: Card)]), DataError> in
      do throws(DataError) {
        let data = try CardFileReader.contents(ofFile: files[index])
        return .success((data, try CardFileReader.parseIndexed(data, source: files[index])))
      } catch {
        return .failure(CardStore.withRemedy(error, reading: files[index]))
      }
    }
    let total = decoded.reduce(0) { $0 + ((try? $1.get())?.cards.count ?? 0) }
    var cards: [Card] = []
    cards.reserveCapacity(total)
    // The first copy of each key: its name, and where it was read (the file's place in `files`
    // and the card's in the file), made into a message only for a conflict.
    var seen: [CardKey: (name: String, file: Int, index: Int)] = [:]
    seen.reserveCapacity(total)
    for (fileIndex, result) in decoded.enumerated() {
      let (data, indexed) = try result.get()
      for (index, card) in indexed {
        if let earlier = seen[card.key] {
          guard earlier.name == card.name else {
            let here = CardFileReader.cardLocation(index, data: data, source: files[fileIndex])
            throw DataError(
              "\(card.key) is \"\(card.name)\" here but \"\(earlier.name)\" at \(files[earlier.file]): card \(earlier.index + 1); expected one name per set and collector number",
              at: here)
          }
          continue
        }
        seen[card.key] = (card.name, fileIndex, index)
        cards.append(card)
      }
    }
    return CardDatabase(cards: cards, files: files)
  }
}
