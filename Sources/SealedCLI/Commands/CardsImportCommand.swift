import ArgumentParser
import Foundation
import SealedCore
import SealedScryfall

/// `sealed cards import FILE`: store the sets of a Scryfall bulk-data file.
struct CardsImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Store the sets of a Scryfall bulk-data file (default_cards or all_cards) in your card folder.",
    discussion: """
      The file is read as a stream, so its size does not matter; every set it holds (or those \
      given with --sets) is stored as one file, and only when the whole file was read and \
      every set checked: all of them or none.
      """)

  @Argument(help: ArgumentHelp("A Scryfall bulk-data JSON file.", valueName: "file"))
  var file: String

  @Option(help: ArgumentHelp("Only these sets, comma-separated (default: every set in the file).", valueName: "codes"))
  var sets: String?

  @Option(help: ArgumentHelp("Keep cards printed in this language (Scryfall's lang).", valueName: "code"))
  var lang: String = "en"

  @Flag(help: "No progress line on standard error.")
  var quiet = false

  func run() throws {
    var importer = BulkImporter(
      sets: sets.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } })
    if importer.sets?.isEmpty == true { throw DataError("--sets: expected set codes separated by commas, like war,dom") }
    importer.language = lang
    let showProgress = !quiet && isatty(STDERR_FILENO) == 1
    if showProgress {
      importer.progress = { done, total in
        let percent = total > 0 ? 100 * done / total : 0
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(done >> 20) of \(total >> 20) MiB read (\(percent)%)".utf8))
      }
    }
    let store = CardStore.fromEnvironment()
    defer { if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) } }
    let stored = try importer.importFile(file, into: store)
    for set in stored {
      print("\(set.code): \(set.cards) cards stored in \(set.file)")
    }
    print("\(stored.count) set\(stored.count == 1 ? "" : "s") imported from \(file)")
  }
}
