import Foundation
import SealedSupport
import SealedCards
import SealedDecks
import SealedJobs

/// What `sealed serve` serves and where: the address it listens on, the deck library it edits,
/// the folder of reports it browses and writes checks into, and where card data and card images
/// come from.
package struct ServerConfiguration: Sendable {
  /// The address to listen on: 127.0.0.1 unless the user names another.
  package var host: String
  /// The port; 0 lets the system choose a free one (the address printed names it).
  package var port: Int
  /// The deck library (`$SEALED_HOME`), shared with `sealed deck`.
  package var library: Library
  /// The folder whose report folders the app lists and serves, and where its checks write.
  package var reportsFolder: String
  /// A folder of card images named SET-NUMBER.jpg for the Tabletop Simulator sheet, as
  /// `sealed export tts --images` takes; nil: the sheet cannot be made.
  package var imagesFolder: String?
  /// Card data given by `--cards` (nil: `$SEALED_CARDS`, the user's sets and the shipped data).
  package var cards: String?
  /// The most pools a check started from the page runs (`--max-check-pools`).
  package var maximumCheckPools: Int

  /// Scryfall's API, where the app fetches a product's cards: `SEALED_SCRYFALL_API` (a
  /// mirror, or the tests' server on 127.0.0.1), else Scryfall's.
  package var scryfallAPI: URL
  /// `SEALED_SCRYFALL_API` as written, when set: `validated()` refuses one that is not an
  /// http or https address (one `URL` could not read fell back to Scryfall's unsaid).
  package var scryfallAPISetting: String?
  /// Where the app fetches a newer release of booster data from: `SEALED_RELEASE_FROM` (an
  /// address or a file, as `sealed rules fetch --from` takes), else mtg.wtf's published file.
  package var releaseFrom: String?

  /// The default address.
  package static let defaultHost = "127.0.0.1"
  /// The default port.
  package static let defaultPort = 8040
  /// The default most pools of a check from the page (`RunLimits.maximumAppCheckPools`).
  package static let defaultMaximumCheckPools = RunLimits.maximumAppCheckPools

  /// `--max-check-pools` as given (`1e6`, `1_000_000`), else a one-line `DataError`
  /// (`RunLimits.appCheckPoolLimit`).
  package static func checkPools(_ text: String) throws(DataError) -> Int {
    try RunLimits.appCheckPoolLimit(WholeNumber(argument: text))
  }

  /// A configuration; paths are made absolute against the current folder.
  package init(
    host: String = defaultHost, port: Int = defaultPort, library: Library = .fromEnvironment(),
    reportsFolder: String = "reports", imagesFolder: String? = nil, cards: String? = nil,
    maximumCheckPools: Int = defaultMaximumCheckPools
  ) {
    self.maximumCheckPools = maximumCheckPools
    self.host = host
    self.port = port
    self.library = library
    self.reportsFolder = Self.absolute(reportsFolder)
    self.imagesFolder = imagesFolder.map(Self.absolute)
    self.cards = cards.map(Self.absolute)
    let environment = ProcessInfo.processInfo.environment
    scryfallAPISetting = environment["SEALED_SCRYFALL_API"].flatMap { $0.isEmpty ? nil : $0 }
    scryfallAPI = scryfallAPISetting.flatMap { URL(string: $0) } ?? URL(string: "https://api.scryfall.com")!
    releaseFrom = environment["SEALED_RELEASE_FROM"].flatMap { $0.isEmpty ? nil : $0 }
  }

  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return (path as NSString).standardizingPath }
    let current = FileManager.default.currentDirectoryPath
    return ((current as NSString).appendingPathComponent(path) as NSString).standardizingPath
  }

  /// Checks the values before the server starts: a port from 0 to 65535, a host that is a name
  /// or an address, an images folder that exists, a check's most pools from 1 to 2^38, card data
  /// given by `--cards` that reads (the server started on a broken file and failed every
  /// request), a reports folder that is one or can be made. Each problem is one line. Cost:
  /// reading the `--cards` data when given.
  package func validated() throws(DataError) -> ServerConfiguration {
    guard (0...65_535).contains(port) else { throw DataError("--port \(port): expected a port from 0 to 65535 (0: any free port)") }
    _ = try RunLimits.appCheckPoolLimit(WholeNumber(maximumCheckPools))
    let hostCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-:"))
    guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.isASCII && hostCharacters.contains($0) }) else {
      throw DataError("--host \(host): expected an address such as 127.0.0.1, 0.0.0.0 or ::1, or a host name")
    }
    let readAPI = scryfallAPISetting.map { URL(string: $0) } ?? scryfallAPI
    guard let readAPI, let scheme = readAPI.scheme, ["http", "https"].contains(scheme), readAPI.host != nil else {
      let written = scryfallAPISetting ?? scryfallAPI.absoluteString
      throw DataError("SEALED_SCRYFALL_API \(written): expected an http or https address like https://api.scryfall.com")
    }
    if let imagesFolder {
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: imagesFolder, isDirectory: &isFolder)
      guard exists, isFolder.boolValue else {
        let what = exists ? "is a file" : "no such folder"
        throw DataError("\(what); expected a folder of card images named SET-NUMBER.jpg", at: imagesFolder)
      }
    }
    if let cards { _ = try SetCatalog.entries(of: try CardDataLocation.resolve(option: cards)) }
    try Self.checkReportsFolder(reportsFolder)
    return self
  }

  /// The folder of reports is a folder, or can be made: its nearest existing parent is a folder
  /// this process may write into.
  static func checkReportsFolder(_ path: String) throws(DataError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      guard isFolder.boolValue else { throw DataError("not a folder; expected the folder of report folders (given by --reports)", at: path) }
      return
    }
    var parent = (path as NSString).deletingLastPathComponent
    while !parent.isEmpty && parent != "/" && !FileManager.default.fileExists(atPath: parent) {
      parent = (parent as NSString).deletingLastPathComponent
    }
    guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue,
      FileManager.default.isWritableFile(atPath: parent)
    else {
      throw DataError("cannot create the folder (\(parent) is not a folder this process may write into; given by --reports)", at: path)
    }
  }
}
