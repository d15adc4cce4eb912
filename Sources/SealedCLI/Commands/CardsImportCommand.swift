import ArgumentParser
import Foundation
import SealedSupport
import SealedCards
import SealedMTGJSON
import SealedScryfall

/// `sealed cards import FILE`: store the sets of a Scryfall bulk-data file or an MTGJSON file.
struct CardsImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Store the sets of a Scryfall bulk-data file or an MTGJSON file in your card folder.",
    discussion: """
      The file is Scryfall's bulk data (default_cards or all_cards) or MTGJSON's (a set file \
      such as WAR.json, or AllPrintings.json), plain or gzipped, told apart from its content. \
      It is read as a stream, so its size does not matter; every set it holds (or those given \
      with --sets) is stored as one file, and only when the whole file was read and every set \
      checked: all of them or none.
      """)

  @Argument(help: ArgumentHelp("A Scryfall bulk-data file or an MTGJSON file, plain or gzipped.", valueName: "file"))
  var file: String

  @Option(help: ArgumentHelp("Only these sets, comma-separated (default: every set in the file).", valueName: "codes"))
  var sets: String?

  @Option(help: ArgumentHelp("Keep cards printed in this language (Scryfall's lang).", valueName: "code"))
  var lang: String = "en"

  @Flag(help: "No progress line on standard error.")
  var quiet = false

  @Flag(help: "Replace set files of your card folder that Sealed did not store (put there by hand); sets fetched or imported before are replaced anyway.")
  var force = false

  func run() throws {
    // A stream read once: its kind is told from its first bytes, which the import then lacks.
    if file == "-" { throw DataError("cards import reads a file, not standard input; save the data to a file and give its path") }
    let (kind, _) = try JSONFileKind.detect(path: file)
    switch kind {
    case .mtgjson:
      return try importMTGJSON()
    case .other(let found, let line, let column):
      throw DataError(
        "expected Scryfall bulk data (a JSON array of cards) or an MTGJSON file, found \(found)",
        at: DataError.location(file, line: line, column: column))
    case .array, .scryfallList:
      break
    }
    var importer = BulkImporter(sets: try setList())
    importer.language = lang
    let showProgress = !quiet && isatty(STDERR_FILENO) == 1
    if showProgress {
      importer.progress = { done, total in
        let percent = total > 0 ? 100 * done / total : 0
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(done >> 20) of \(total >> 20) MiB read (\(percent)%)".utf8))
      }
    }
    var store = CardStore.fromEnvironment()
    store.replacesUnrecorded = force
    defer { if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) } }
    let stored = try importer.importFile(file, into: store)
    for set in stored {
      print("\(set.code): \(set.cards) cards stored in \(set.file)")
    }
    print("\(stored.count) set\(stored.count == 1 ? "" : "s") imported from \(file)")
  }

  private func importMTGJSON() throws {
    guard lang == "en" else {
      throw DataError("--lang \(lang): an MTGJSON file holds English printings (other languages are in its foreignData); only --lang en applies")
    }
    var importer = MTGJSONCardImporter(sets: try setList())
    let showProgress = !quiet && isatty(STDERR_FILENO) == 1
    if showProgress {
      importer.progress = { count, code in
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(count) set\(count == 1 ? "" : "s") read (\(code))".utf8))
      }
    }
    defer { if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) } }
    var store = CardStore.fromEnvironment()
    store.replacesUnrecorded = force
    let stored = try importer.importFile(file, into: store)
    for set in stored {
      print("\(set.code): \(set.cards) cards stored in \(set.file)")
    }
    print("\(stored.count) set\(stored.count == 1 ? "" : "s") imported from \(file) (MTGJSON)")
  }

  private func setList() throws(DataError) -> [String]? {
    guard let sets else { return nil }
    let codes = sets.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if codes.isEmpty { throw DataError("--sets: expected set codes separated by commas, like war,dom") }
    return codes
  }
}
