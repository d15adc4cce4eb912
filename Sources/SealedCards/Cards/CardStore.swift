import Foundation
import SealedSupport

/// The user's own card folder: one Scryfall JSON file per set (`<set>.json`), written by
/// `sealed cards fetch` and `sealed cards import`.
///
/// The folder is `cards` inside `SealedHome` (`$SEALED_HOME/cards`, else
/// `$XDG_DATA_HOME/sealed/cards`, else `~/.local/share/sealed/cards`). Each file is a Scryfall
/// `list` object whose first line also records where the cards came from:
///
///     {"object":"list","sealed_source":"fetched from https://api.scryfall.com on 2026-11-23","data":[
///     {card}, ...
///     ]}
///
/// A set is written to a temporary file in the folder, checked (it parses, every card is of
/// that set) and synced, then renamed over `<set>.json`: the set is there whole or not at all,
/// and a failed write leaves the earlier file as it was.
package struct CardStore: Sendable, Equatable {
  /// The folder.
  package let path: String
  /// Whether a set file that Sealed did not store (it records no source: one put there by hand)
  /// may be replaced (`--force`). A set Sealed fetched or imported is replaced anyway: storing it
  /// again is an update.
  package var replacesUnrecorded = false

  /// The card folder at `path`, standardized as `NSString.standardizingPath` does. Reads nothing.
  package init(path: String, replacesUnrecorded: Bool = false) {
    self.path = (path as NSString).standardizingPath
    self.replacesUnrecorded = replacesUnrecorded
  }

  /// The card folder inside the folder named by the environment (see `SealedHome`).
  package static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> CardStore {
    CardStore(path: (SealedHome.path(environment: environment) as NSString).appendingPathComponent("cards"))
  }

  /// `error`, raised reading or parsing `file`, with what to do when `file` is a set of the
  /// user's card folder: one bad file there stops every command that reads all the sets
  /// (`sealed sets` among them). Other files' errors are returned as they are.
  package static func withRemedy(_ error: DataError, reading file: String) -> DataError {
    let folder = fromEnvironment().path + "/"
    guard file.hasPrefix(folder), file.hasSuffix(".json") else { return error }
    let set = file.dropFirst(folder.count).dropLast(".json".count)
    guard !set.contains("/") else { return error }
    return DataError(
      "\(error.message) (a set of your card folder: sealed cards fetch \(set) fetches it again, or delete the file)",
      at: error.location)
  }

  /// The file that holds one set.
  package func file(forSet code: String) -> String {
    (path as NSString).appendingPathComponent("\(code.lowercased()).json")
  }

  /// The set codes stored here (from the file names), sorted.
  package func storedSets() -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return entries.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
      .map { String($0.dropLast(5)) }.sorted()
  }

  /// Throws unless `code` looks like a Scryfall set code: 2 to 8 ASCII letters or digits.
  package static func validate(setCode code: String) throws(DataError) {
    let valid = (2...8).contains(code.count)
      && code.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
    guard valid else {
      throw DataError("\"\(code)\" is not a set code; expected 2 to 8 letters or digits, like war or m19")
    }
  }

  // MARK: - Source line

  /// What a fetched set's source line adds when Scryfall's cards were released after the day of
  /// the fetch (`..., before the set's release on 2026-12-12`): the set was still being
  /// previewed, so its data may lack cards, and it is not counted as listing every printing.
  package static let beforeReleaseMarker = ", before the set's release on "

  /// Where a stored set came from, as recorded on the first line of its file, or nil for a file
  /// without that record (one the user put there). Reads only the first line.
  package func source(ofSet code: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: file(forSet: code)) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 4096),
      let newline = head.firstIndex(of: UInt8(ascii: "\n"))
    else { return nil }
    var line = Data(head[head.startIndex..<newline])
    guard line.last == UInt8(ascii: "[") else { return nil }
    line.append(contentsOf: Array("]}".utf8))
    struct Header: Decodable { var sealed_source: String? }
    return (try? JSONDecoder().decode(Header.self, from: line))?.sealed_source
  }

  // MARK: - Writing

  /// Starts writing one set; nothing is visible under `<set>.json` until `commit()`.
  ///
  /// Creates the folder when needed. Throws when the set code is malformed, the folder
  /// cannot be created or written, or the set's file is one Sealed did not store (without
  /// `replacesUnrecorded`).
  package func beginSet(_ code: String, source: String) throws(DataError) -> PendingSetFile {
    let code = code.lowercased()
    try Self.validate(setCode: code)
    try checkReplaceable(code)
    try createFolder()
    // What imports killed outright left behind (Ctrl-C removes its own).
    AbandonedPartials.remove(in: path)
    return try PendingSetFile(store: self, code: code, source: source)
  }

  /// Throws unless set `code` may be stored: its file is missing, or Sealed stored it (it records
  /// its source), or `replacesUnrecorded`. Cost: one `stat` and a read of the first line.
  package func checkReplaceable(_ code: String) throws(DataError) {
    let path = file(forSet: code)
    guard !replacesUnrecorded, FileManager.default.fileExists(atPath: path), source(ofSet: code) == nil else { return }
    throw DataError("the file exists and Sealed did not store it (it records no source: put there by hand?); pass --force to replace it", at: path)
  }

  private func createFolder() throws(DataError) {
    if let reason = Folder.reasonItCannotBeMade(path) {
      throw DataError(
        "cannot create the card folder (\(reason)); set \(SealedHome.environmentVariable) to a folder you can write", at: path)
    }
  }
}

/// One set being written into a `CardStore`: card objects are appended as raw JSON bytes to a
/// hidden temporary file, then `commit()` checks the file and renames it into place.
///
/// Memory: at most `bufferLimit` bytes of cards are held before they go to the file, so a
/// bulk import can keep a writer open for every set it meets. Not thread-safe.
package final class PendingSetFile {
  package let code: String
  package let finalPath: String
  private let file: AtomicFile
  var temporaryPath: String { file.temporaryPath }
  private var buffer = Data()
  private var cardsWritten = 0
  private var finished = false
  /// The line of the input each card came from, where the writer knows it (a bulk file's), so
  /// that a card the check refuses is named where the user can find it.
  private var inputLines: [Int?] = []
  private static let bufferLimit = 1 << 16

  fileprivate init(store: CardStore, code: String, source: String) throws(DataError) {
    self.code = code
    finalPath = store.file(forSet: code)
    file = AtomicFile(path: finalPath, permissions: 0o644)
    buffer.append(contentsOf: Array(Self.header(source: source).utf8))
    // Create the file now, so that an unwritable folder fails before any download.
    do {
      try file.create()
    } catch {
      throw DataError("cannot write into the card folder (\(error.reason))", at: store.path)
    }
  }

  deinit {
    if !finished { file.discard() }
  }

  /// The number of card objects appended so far.
  package var count: Int { cardsWritten }

  /// Replaces the source line given to `beginSet`, before any card is appended (the first page
  /// of a fetch says whether the set is out yet). Cost: the header rewritten in memory.
  package func restate(source: String) {
    precondition(cardsWritten == 0, "the source is restated before the first card")
    buffer = Data(Self.header(source: source).utf8)
  }

  private static func header(source: String) -> String {
    "{\"object\":\"list\",\"sealed_source\":\(jsonString(source)),\"data\":[\n"
  }

  /// Appends one card object, given as the bytes of a JSON object; `line`: where it starts in
  /// the input, for errors.
  package func append(cardObject bytes: some Collection<UInt8>, line: Int? = nil) throws(DataError) {
    if cardsWritten > 0 { buffer.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
    buffer.append(contentsOf: bytes)
    cardsWritten += 1
    inputLines.append(line)
    if buffer.count >= Self.bufferLimit { try flush() }
  }

  /// Checks the whole file, then renames it over `<set>.json` (`finish` then `install`).
  @discardableResult
  package func commit(origin: String) throws(DataError) -> [Card] {
    let cards = try finish(origin: origin)
    try install()
    return cards
  }

  /// Writes what is buffered and checks the whole file: it parses as Scryfall cards, holds at
  /// least one card, and every card is of this set; then syncs it to disk. Returns the cards.
  /// On an error the temporary file is removed. Memory: the set's cards.
  package func finish(origin: String) throws(DataError) -> [Card] {
    buffer.append(contentsOf: Array("\n]}\n".utf8))
    do throws(DataError) {
      try flush()
      let cards: [Card]
      do {
        cards = try CardFileReader.read(path: temporaryPath)
      } catch {
        // The error's location is the temporary file, removed with it: the message says what
        // is wrong without naming a file the user never had, and the card's line in the input.
        throw DataError("\(origin)\(inputPlace(of: error)): the cards of \(code) do not make a valid card file (\(error.message))")
      }
      guard !cards.isEmpty else { throw DataError("\(origin): no cards of set \(code)") }
      try checkNumbersOnce(cards, origin: origin)
      if let stray = cards.first(where: { $0.setCode != code }) {
        throw DataError(
          "\(origin): card \(stray.name) is of set \(stray.setCode), not \(code); expected only cards of \(code)")
      }
      try? file.sync()
      return cards
    } catch {
      discard()
      throw error
    }
  }

  /// Throws when two cards share a collector number: a set's file holds each printing once (a
  /// bulk file with a card twice stored both, and said one card more than the set then had).
  private func checkNumbersOnce(_ cards: [Card], origin: String) throws(DataError) {
    var first: [String: Int] = [:]
    for (index, card) in cards.enumerated() {
      let number = card.collectorNumber.text
      guard let earlier = first[number] else {
        first[number] = index
        continue
      }
      let lines = inputLines
      let place = { (index: Int) in lines.indices.contains(index) ? lines[index].map { "line \($0)" } ?? "card \(index + 1)" : "card \(index + 1)" }
      throw DataError(
        "\(origin): collector number \(number) twice (\(place(earlier)) and \(place(index))); expected each printing of \(code) once")
    }
  }

  /// `, card N at line L` for an error of the temporary file that names its card N
  /// (`file:line: card N`), when the input's line of that card is known; else empty.
  private func inputPlace(of error: DataError) -> String {
    guard let location = error.location, let match = location.firstMatch(of: /: card (\d+)$/),
      let index = Int(match.1), index >= 1, index <= inputLines.count, let line = inputLines[index - 1]
    else { return "" }
    return ", card \(index) at line \(line)"
  }

  /// Renames the finished file over `<set>.json` (atomic on one file system).
  package func install() throws(DataError) {
    finished = true
    do {
      try file.commit()
    } catch {
      throw DataError("cannot put the set in place (\(error.reason))", at: finalPath)
    }
  }

  /// Drops the set: the temporary file is removed, `<set>.json` is untouched.
  package func discard() {
    finished = true
    file.discard()
  }

  private func flush() throws(DataError) {
    guard !buffer.isEmpty else { return }
    do {
      try file.append(buffer)
    } catch {
      throw DataError("cannot write the set (\(error.reason))", at: temporaryPath)
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// `text` as a JSON string literal, quotes included.
  private static func jsonString(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
