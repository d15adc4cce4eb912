import Foundation
import SealedSupport
import SealedCards

/// The folder where saved pools and decks live: one readable JSON file per pool
/// (`pools/NAME.json`) and per deck (`decks/NAME.json`).
///
/// The folder is `$SEALED_HOME`, else `$XDG_DATA_HOME/sealed`, else `~/.local/share/sealed`.
/// Every write goes to a temporary file in the same folder that is then renamed over the
/// target (or, for a new name, linked to it, which fails if the name was taken meanwhile), so a
/// file is either the old one or the new one, never half written; a file that cannot be read or
/// does not make sense is reported (file and field) and left as it was. Commands that read,
/// change and write back hold an advisory lock on the library (`withLock`), so concurrent
/// edits from several processes each see the others' changes.
public struct Library: Sendable {
  /// The environment variable that names the library folder.
  package static let environmentVariable = SealedHome.environmentVariable

  /// The kinds of file the library keeps: pools (in `pools/`) and decks (in `decks/`).
  package enum Kind: String, Sendable, CaseIterable {
    case pool, deck

    var folder: String { self == .pool ? "pools" : "decks" }
  }

  /// The library folder.
  package let path: String

  /// The library in the folder at `path`, standardized as `NSString.standardizingPath` does. Reads nothing.
  package init(path: String) {
    self.path = (path as NSString).standardizingPath
  }

  /// The library named by the environment.
  package static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Library {
    Library(path: SealedHome.path(environment: environment))
  }

  /// The folder of one kind of file.
  package func folder(_ kind: Kind) -> String { (path as NSString).appendingPathComponent(kind.folder) }

  /// The file of a pool or deck.
  package func file(_ kind: Kind, _ name: String) -> String {
    (folder(kind) as NSString).appendingPathComponent("\(name).json")
  }

  // MARK: - Names

  /// Checks a name for a new pool or deck: 1 to 64 letters, digits, `-`, `_` or `.`, starting
  /// with a letter or digit (it becomes a file name).
  package static func validate(name: String, for kind: Kind) throws(DataError) {
    let allowed = name.unicodeScalars.allSatisfy {
      ($0.isASCII && (CharacterSet.alphanumerics.contains($0))) || "-_.".unicodeScalars.contains($0)
    }
    guard !name.isEmpty, name.count <= 64, allowed, name.first!.isLetter || name.first!.isNumber else {
      throw DataError(
        "\(quotedExcerpt(name, limit: 80)) is not a valid \(kind.rawValue) name; use 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit")
    }
  }

  /// The saved names of one kind, sorted.
  package func names(_ kind: Kind) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder(kind))) ?? []
    return entries.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
      .map { String($0.dropLast(5)) }.sorted()
  }

  /// Throws when a pool or deck of `kind` is saved under a name that differs from `name` only in
  /// case: on a case-insensitive disk (macOS's, Windows') the two are one file, so "Alice" beside
  /// "alice" would replace it there, or be two decks a list shows apart only by case (a review).
  /// Cost: a listing of the kind's folder.
  package func requireNoCaseVariant(_ kind: Kind, of name: String) throws(DataError) {
    let lowered = name.lowercased()
    guard let other = names(kind).first(where: { $0 != name && $0.lowercased() == lowered }) else { return }
    throw DataError(
      "a \(kind.rawValue) named \"\(other)\" is already saved (\(file(kind, other))), and \"\(name)\" differs from it only in case (one file on a case-insensitive disk, such as macOS's); choose another name")
  }

  /// Whether a pool or deck of that name is saved.
  package func exists(_ kind: Kind, _ name: String) -> Bool {
    FileManager.default.fileExists(atPath: file(kind, name))
  }

  /// Throws "no deck "X" in FOLDER; did you mean "Y"?" unless `name` is saved.
  func requireExisting(_ kind: Kind, _ name: String) throws(DataError) {
    try Self.validate(name: name, for: kind)
    if exists(kind, name) { return }
    let saved = names(kind)
    let noun = kind.rawValue
    guard !saved.isEmpty else {
      throw DataError(
        "no \(noun) \"\(name)\": no \(noun)s are saved in \(path) (save one with 'sealed open SET --save NAME')")
    }
    var closest = NameMatching.closest(to: name, among: saved)
    if closest.isEmpty, saved.count <= 8 {
      throw DataError("no \(noun) \"\(name)\" in \(path); saved \(noun)s: \(saved.joined(separator: ", "))")
    }
    closest = Array(closest.prefix(3))
    throw DataError("no \(noun) \"\(name)\" in \(path)\(NameMatching.suggestion(closest))")
  }

  // MARK: - Reading

  /// Reads a saved pool.
  package func pool(_ name: String) throws(DataError) -> SavedPool {
    try requireExisting(.pool, name)
    let path = file(.pool, name)
    return try Self.decodePool(Self.read(path), path: path)
  }

  /// Decodes the text of a pool file; `path` names it in errors. Cost: O(bytes).
  public static func decodePool(_ data: Data, path: String) throws(DataError) -> SavedPool {
    try Self.checkHeader(data, path: path, expected: SavedPool.formatName)
    let body = try Self.decode(PoolBody.self, from: data, path: path)
    do {
      try LibraryFields.checkPool(data)
      return try body.pool(field: "")
    } catch {
      throw DataError("field \(error.field): \(error.message)", at: path)
    }
  }

  /// Reads a saved deck, checking its cards against its pool.
  package func deck(_ name: String) throws(DataError) -> Deck {
    try requireExisting(.deck, name)
    let path = file(.deck, name)
    return try Self.decodeDeck(Self.read(path), name: name, path: path)
  }

  /// Decodes the text of a deck file, checking its cards against its pool; `path` names it in
  /// errors. Cost: O(bytes).
  public static func decodeDeck(_ data: Data, name: String, path: String) throws(DataError) -> Deck {
    try Self.checkHeader(data, path: path, expected: Deck.formatName)
    let body = try Self.decode(DeckBody.self, from: data, path: path)
    do {
      try LibraryFields.checkDeck(data)
      return try body.deck(name: name)
    } catch {
      throw DataError("field \(error.field): \(error.message)", at: path)
    }
  }

  private static func read(_ path: String) throws(DataError) -> Data {
    try FileBytes.read(path, limit: 64 << 20, kind: "saved pool or deck")
  }

  private struct Header: Decodable {
    var format: String?
    var version: Int?
  }

  /// Checks the `format` and `version` fields before anything else, so that a pool file given
  /// as a deck, or a file from a newer Sealed, gets a clear message.
  private static func checkHeader(_ data: Data, path: String, expected: String) throws(DataError) {
    let header = try decode(Header.self, from: data, path: path)
    guard let format = header.format else {
      throw DataError("field format: missing; expected \"\(expected)\"", at: path)
    }
    guard format == expected else {
      throw DataError("field format: expected \"\(expected)\", found \"\(format)\"", at: path)
    }
    guard let version = header.version else {
      throw DataError("field version: missing; expected 1", at: path)
    }
    guard version == 1 else {
      throw DataError(
        "field version: \(version); this Sealed reads version 1 (the file was written by \(version > 1 ? "a newer" : "another") Sealed)",
        at: path)
    }
  }

  /// Decodes JSON, turning any problem into a one-line error naming the file and the field; a
  /// key written twice in one object is refused at its line (a hand edit's second value was
  /// read as the first, and the next write dropped it).
  static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws(DataError) -> T {
    try JSONSyntax.check(data, source: path, expected: "fix the file or delete it", refusingRepeatedKeys: true)
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw describe(error, data: data, path: path)
    } catch {
      throw DataError("cannot read the file (\(error))", at: path)
    }
  }

  private static func describe(_ error: DecodingError, data: Data, path: String) -> DataError {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      // Every number of a library file is a whole number but a card's mana value (half-mana cards).
      return malformedJSONError(
        data, source: path, expected: "fix the file or delete it", detail: context.underlyingError.map { "\($0)" } ?? context.debugDescription,
        wholeNumbersOnly: true, fractionalKeys: ["mana_value"], unsignedKeys: ["seed"])
    case .dataCorrupted(let context) where context.debugDescription.contains("Rarity"):
      let field = DecodingErrorMessage.fieldPath(context.codingPath)
      return DataError("field \(field): expected one of \(Rarity.named.map(\.rawValue).joined(separator: ", "))", at: path)
    default:
      return DataError(DecodingErrorMessage.describe(error), at: path)
    }
  }

  /// Where the JSON stops being valid, as line and column.
  // MARK: - Locking

  /// The lock file of the library.
  package var lockFile: String { (path as NSString).appendingPathComponent(".lock") }

  /// Runs `body` holding an exclusive `flock` on the library's `.lock` file, so that a
  /// read-modify-write of other Sealed processes waits for this one. With `creating` false and
  /// no library folder, there is nothing to protect and `body` runs unlocked. Not re-entrant:
  /// `body` must not call `withLock` itself. Cost: one open and one flock (waits while another
  /// process holds the lock).
  package func withLock<T>(creating: Bool = true, _ body: () throws -> T) throws -> T {
    if !creating && !FileManager.default.fileExists(atPath: path) { return try body() }
    try Self.createFolder(path, library: path)
    let descriptor = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw DataError(
        "cannot open the library's lock file (\(systemErrorReason(errno))); set \(Self.environmentVariable) to a folder you can write",
        at: lockFile)
    }
    defer { close(descriptor) }  // closing releases the lock
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw DataError("cannot lock the library (\(systemErrorReason(errno)))", at: lockFile)
      }
    }
    return try body()
  }

  // MARK: - Writing

  /// One file to write.
  public struct Write: Sendable {
    package var kind: Kind
    package var name: String
    public var text: String
  }

  /// The file of a pool saved as `name`.
  public static func file(for pool: SavedPool, named name: String) -> Write {
    Write(kind: .pool, name: name, text: pool.fileText)
  }

  /// The file of a deck, under its name.
  public static func file(for deck: Deck) -> Write {
    Write(kind: .deck, name: deck.name, text: deck.fileText)
  }

  /// Writes files all or nothing. Each goes to a temporary file first (written and synced);
  /// only when every one is written are they renamed into place. If a rename fails, the files
  /// already renamed get their old contents back. Refuses to replace an existing file unless
  /// `replacing` is true; then each file is linked to its name (`link(2)` fails if the name
  /// exists), so that of two processes saving one new name, exactly one succeeds even without
  /// the library lock.
  package func save(_ writes: [Write], replacing: Bool = false) throws(DataError) {
    // A new name only: a library that already holds two such names keeps editing both.
    for write in writes where !exists(write.kind, write.name) { try requireNoCaseVariant(write.kind, of: write.name) }
    if !replacing {
      for write in writes where exists(write.kind, write.name) {
        throw DataError(
          "a \(write.kind.rawValue) named \"\(write.name)\" is already saved (\(file(write.kind, write.name))); choose another name or pass --force to replace it")
      }
    }
    var staged: [(file: AtomicFile, old: Data?)] = []
    func discard() {
      for staging in staged { staging.file.discard() }
    }
    for write in writes {
      let folder = self.folder(write.kind)
      try Self.createFolder(folder, library: path)
      let file = AtomicFile(path: self.file(write.kind, write.name), permissions: 0o644)
      do {
        try file.write(Data(write.text.utf8), sync: true)
      } catch {
        discard()
        throw DataError("cannot write into the library folder (\(error.reason)); set \(Self.environmentVariable) to a folder you can write", at: folder)
      }
      staged.append((file, try? Data(contentsOf: URL(fileURLWithPath: file.path))))
    }
    if !replacing {
      for (index, staging) in staged.enumerated() {
        do {
          try staging.file.commitNew()
        } catch {
          for done in staged[..<index] { unlink(done.file.path) }
          discard()
          let write = writes[index]
          throw error.code.rawValue == EEXIST
            ? DataError(
              "a \(write.kind.rawValue) named \"\(write.name)\" is already saved (\(staging.file.path)); choose another name or pass --force to replace it")
            : DataError("cannot put the file in place (\(error.reason)); nothing was changed", at: staging.file.path)
        }
      }
      return
    }
    for (index, staging) in staged.enumerated() {
      do {
        try staging.file.commit()
      } catch {
        for done in staged[..<index] {
          if let old = done.old { try? AtomicFile.write(old, to: done.file.path, sync: true, permissions: 0o644) } else { unlink(done.file.path) }
        }
        discard()
        throw DataError("cannot put the file in place (\(error.reason)); nothing was changed", at: staging.file.path)
      }
    }
  }

  /// Deletes a saved pool or deck.
  package func delete(_ kind: Kind, _ name: String) throws(DataError) {
    try requireExisting(kind, name)
    let target = file(kind, name)
    guard unlink(target) == 0 else {
      throw DataError("cannot delete the file (\(systemErrorReason(errno)))", at: target)
    }
  }

  private static func createFolder(_ folder: String, library: String) throws(DataError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw DataError("exists but is not a folder; the library needs a folder here", at: folder)
      }
      return
    }
    // mkdir -p with POSIX calls, so that the reason is the system's (not a directory,
    // permission denied, read-only file system).
    var path = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      path += "/\(component)"
      if mkdir(path, 0o755) != 0 && errno != EEXIST {
        throw DataError(
          "cannot create the library folder (\(systemErrorReason(errno))); set \(environmentVariable) to a folder you can write",
          at: folder)
      }
    }
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw DataError(
        "cannot create the library folder (a file is in the way); set \(environmentVariable) to a folder you can write",
        at: folder)
    }
  }
}
