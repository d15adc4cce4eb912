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
      keeps the file, and no answer at all (standard input closed) keeps it with exit status 2. Deleting a deck keeps its pool: decks hold their own copy of the pool.
      """)

  @Argument(help: "The deck's (or pool's) name.")
  var name: String

  @Flag(help: "Delete the saved pool NAME instead of the deck.")
  var pool = false

  @Flag(name: [.short, .long], help: "Delete without asking.")
  var yes = false

  func run() throws {
    let library = Library.fromEnvironment()
    let kind: Library.Kind = pool ? .pool : .deck
    let what: String
    do {
      if pool {
        let saved = try library.pool(name)
        what = "pool \(name) (\(saved.set), \(saved.provenance))"
      } else {
        what = "deck \(name) (\(try library.deck(name).size) cards)"
      }
    } catch {
      // An unreadable file can still be deleted; a missing one cannot.
      guard library.exists(kind, name) else { throw error }
      what = "\(kind.rawValue) \(name) (unreadable: \(error.message))"
    }
    if !yes {
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
    }
    try library.withLock(creating: false) { try library.delete(kind, name) }
    print("Deleted \(what).")
  }
}
