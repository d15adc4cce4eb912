import ArgumentParser
import Foundation
import SealedSupport
import SealedDecks

/// `sealed deck delete NAME`.
struct DeckDeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a saved deck (or, with --pool, a saved pool), after asking.",
    discussion: """
      Asks for confirmation on standard input unless --yes is given; anything but y or yes \
      keeps the file, and no answer at all (standard input closed) keeps it with exit status 2, \
      as does a file changed (by the app, another command) after it was shown. Deleting a deck \
      keeps its pool: decks hold their own copy of the pool.
      """)

  @Argument(help: "The deck's (or pool's) name.")
  var name: String

  @Flag(help: "Delete the saved pool NAME instead of the deck.")
  var pool = false

  @Flag(name: [.short, .long], help: "Delete without asking.")
  var yes = false

  /// The file as it is now, and its description (`deck alice (10 cards)`).
  func shown(in library: Library, _ kind: Library.Kind) throws(DataError) -> (what: String, bytes: Data?) {
    let bytes = FileManager.default.contents(atPath: library.file(kind, name))
    do {
      if pool {
        let saved = try library.pool(name)
        return ("pool \(name) (\(saved.set), \(saved.provenance))", bytes)
      }
      return ("deck \(name) (\(try library.deck(name).size) cards)", bytes)
    } catch {
      // An unreadable file can still be deleted; a missing one cannot.
      guard library.exists(kind, name) else { throw error }
      return ("\(kind.rawValue) \(name) (unreadable: \(error.message))", bytes)
    }
  }

  func run() throws {
    let library = Library.fromEnvironment()
    let kind: Library.Kind = pool ? .pool : .deck
    if yes {
      // Described under the lock, so that the line names what was deleted.
      let what = try library.withLock(creating: false) {
        let what = try shown(in: library, kind).what
        try library.delete(kind, name)
        return what
      }
      print("Deleted \(what).")
      return
    }
    let (what, bytes) = try shown(in: library, kind)
    FileHandle.standardError.write(Data("Delete \(what)? [y/N] ".utf8))
    guard let line = readLine() else {
      // No answer at all (a script, standard input closed): kept, and said so by the status.
      FileHandle.standardError.write(Data("\n".utf8))
      throw DataError("no answer on standard input: kept \(kind.rawValue) \(name); add --yes to delete without asking")
    }
    let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
    guard answer == "y" || answer == "yes" else {
      print("Kept \(kind.rawValue) \(name).")
      return
    }
    // What was confirmed is what goes: a file saved since (the app, another command) is kept.
    try library.withLock(creating: false) {
      let now = FileManager.default.contents(atPath: library.file(kind, name))
      guard now != nil else { throw DataError("\(kind.rawValue) \(name) was deleted after it was shown (by the app or another command)") }
      guard now == bytes else {
        throw DataError("\(kind.rawValue) \(name) changed after it was shown: kept; run the command again to delete it as it is now")
      }
      try library.delete(kind, name)
    }
    print("Deleted \(what).")
  }
}
