import Foundation

/// Paths and scratch folders shared by the test suites. Not part of Sealed's API.
package enum Fixtures {
  /// The repository root, found from this file's location.
  package static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The Scryfall card data shipped with Sealed (`Sources/SealedData/Resources/cards`), which
  /// the tests read whatever the environment says.
  package static let shippedCards: String = repositoryRoot
    .appendingPathComponent("Sources/SealedData/Resources/cards").path

  /// mtg.wtf's compiled booster data of July 2025 shipped with Sealed
  /// (`Sources/SealedData/Resources/boosters`, gzipped).
  package static let shippedBoosters: String = repositoryRoot
    .appendingPathComponent("Sources/SealedData/Resources/boosters/sealed_basic_data_2025-07.json.gz").path

  /// mtg.wtf's compiled booster data of May 2023 (`Tests/Fixtures/mtgwtf`).
  package static let boosters2023: String = repositoryRoot
    .appendingPathComponent("Tests/Fixtures/mtgwtf/sealed_basic_data.json").path

  /// One shipped set file, e.g. `war.json`.
  package static func shippedCardFile(_ name: String) -> String {
    (shippedCards as NSString).appendingPathComponent(name)
  }

  /// The text of a built-in rule set's file (`Sources/SealedData/Resources/rules/NAME.yaml`),
  /// for tests that plant a change in it.
  package static func builtInRules(_ name: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent("Sources/SealedData/Resources/rules/\(name).yaml"), encoding: .utf8)
  }

  /// A new empty folder inside this test process's scratch folder (`scratchRoot`), which is
  /// removed when the process exits.
  package static func temporaryDirectory(_ label: String = "sealed-tests") throws -> URL {
    let url = scratchRoot
      .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `text` to `name` inside `directory` and returns its path.
  @discardableResult
  package static func write(_ text: String, to name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Writes the script `text` to `name` inside `directory`, executable, and runs it once with
  /// `probe` (arguments it answers at once, as `--version`), so that a start refused while a
  /// process another test forked still holds the file open for writing (ETXTBSY) is waited out
  /// here (`SealedExecutable.launch`) and not met by the code under test. Returns its path.
  package static func writeScript(_ text: String, to name: String, in directory: URL, probe: [String]) throws -> String {
    let path = try write(text, to: name, in: directory)
    chmod(path, 0o755)
    let (process, out, _, _) = try SealedExecutable.launch(
      URL(fileURLWithPath: path), arguments: probe, environment: [:], workingDirectory: nil)
    _ = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return path
  }

  /// A minimal valid Scryfall card object as one line of JSON.
  package static func cardJSON(
    set: String = "tst", number: String, name: String, rarity: String = "common",
    typeLine: String = "Creature — Test", manaCost: String = "{1}{W}", cmc: Double = 2
  ) -> String {
    """
    {"object":"card","id":"\(set)-\(number)","name":"\(name)","set":"\(set)","set_name":"Test Set","collector_number":"\(number)","rarity":"\(rarity)","type_line":"\(typeLine)","mana_cost":"\(manaCost)","cmc":\(cmc),"colors":["W"],"color_identity":["W"],"layout":"normal"}
    """
  }

  /// The one folder under the system's temporary directory that holds every scratch folder of
  /// this test process, removed when it exits (the suites once left some ten thousand folders
  /// in /tmp, and a missed Ctrl-C a 24 GB file, until the disk was full). A process that
  /// crashes leaves it behind.
  package static let scratchRoot: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("sealed-tests-\(getpid())-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    ScratchRemoval.path = url.path
    atexit { ScratchRemoval.remove() }
    return url
  }()
}

/// The scratch folder `atexit` removes (a C function pointer cannot capture it).
private enum ScratchRemoval {
  // Set once, before `atexit` can read it, by `Fixtures.scratchRoot`'s initializer (run once).
  nonisolated(unsafe) static var path: String?

  static func remove() {
    if let path { try? FileManager.default.removeItem(atPath: path) }
  }
}
